//! Which game a solve is about ([`SolveGame`]: the Zeckendorf game in either play or another
//! member of its family, the reversed game, the ordered game, a black-hole game), the refusals of
//! options a game's solver does not take ([`plan_game`]), and the one function that routes a
//! solve to its solver ([`solve_any`]) and returns its one JSON shape ([`SolveAnswer`]). The
//! command line, the server and Python choose among the games here and nowhere else.

use serde::Serialize;
use zecklab_games::zgame::family::{FamilySolution, Recurrence};
use zecklab_games::zgame::Solution;

use super::{plan, solve_game, Control, Kernel, SolveFailure, SolveRequest, SHARED_ONLY, SOLVE_MEMORY};
use crate::black_hole::{black_hole_solve, rules as black_hole_rules, BlackHoleSolveJson};
use crate::family::{FamilySolve, Variant};
use crate::ordered::{ordered_solve_until, OrderedSolveJson};
use crate::relatives::reversed_line;
use crate::zgame::ZgameSolve;
use crate::AnswerError;

/// The game a solve is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveGame {
    /// A member of the Zeckendorf game's family: the game itself (the Fibonacci recurrence,
    /// where both rule sets are its moves) in either play, solved by the game's own engines, or
    /// another recurrence, solved by the family's solver.
    Family(Variant),
    /// The reversed game: from the Zeckendorf representation, every move taken back.
    Reversed,
    /// The ordered game: positions are ordered lists.
    Ordered,
    /// A black-hole game with the hole on `F_m`: from n ones, or from the counts `start`.
    BlackHole {
        /// The hole's index.
        m: usize,
        /// The counts to start from, as written, instead of n ones.
        start: Option<String>,
    },
}

impl SolveGame {
    /// The game the options name, with the refusals of options that name two games at once.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] for the reversed game with a recurrence, a rule set or misère
    /// play, and for the ordered game or a black hole with any other option of a game.
    pub fn from_options(
        variant: Variant,
        reversed: bool,
        ordered: bool,
        black_hole: Option<(usize, Option<String>)>,
    ) -> Result<SolveGame, AnswerError> {
        let alone = |game: &str| {
            Err(AnswerError::Invalid(format!(
                "{game} is played alone: drop --recurrence, --rules, --misere and --reversed"
            )))
        };
        let other_options = variant.named || variant.misere || reversed;
        if let Some((m, start)) = black_hole {
            if other_options || ordered {
                return alone("a black-hole game");
            }
            return Ok(SolveGame::BlackHole { m, start });
        }
        if ordered {
            if other_options {
                return alone("the ordered game");
            }
            return Ok(SolveGame::Ordered);
        }
        if reversed {
            if variant.named || variant.misere {
                return Err(AnswerError::Invalid(
                    "--reversed plays the reversed Zeckendorf game in normal play: drop --recurrence, --rules and --misere"
                        .into(),
                ));
            }
            return Ok(SolveGame::Reversed);
        }
        Ok(SolveGame::Family(variant))
    }

    /// Whether the Zeckendorf game's own engines solve it (the game in either play).
    fn by_the_games_engines(&self) -> bool {
        matches!(self, SolveGame::Family(v) if v.recurrence == Recurrence::FIBONACCI)
    }
}

/// Checks the request for the games on `first..=request.n` of `game`, before any work: the
/// options its solver does not take, and for the Zeckendorf game every refusal of [`plan`].
///
/// # Errors
/// [`AnswerError::Invalid`] for options that do not go together, [`AnswerError::TooLarge`] for a
/// game past what its solver solves here.
pub fn plan_game(
    game: &SolveGame,
    request: &SolveRequest,
    first: u32,
    distributed: bool,
) -> Result<(), AnswerError> {
    let engine_named = request.engine.is_some() || request.kernel != Kernel::Fast;
    let refuse = |why: &str| Err(AnswerError::Invalid(why.into()));
    match game {
        SolveGame::Family(_) if game.by_the_games_engines() => plan(request, first, distributed).map(|_| ()),
        _ if distributed => refuse(SHARED_ONLY),
        SolveGame::BlackHole { .. } | SolveGame::Ordered if request.tiers || request.keep => {
            refuse("this game has its own solver, which neither counts by parts nor keeps its table: drop --tiers-json and --save")
        }
        SolveGame::BlackHole { .. } if engine_named => {
            refuse("the black-hole games have their own solver: drop --engine and --layers")
        }
        SolveGame::Ordered if engine_named => refuse("the ordered game has its own solver: drop --engine and --layers"),
        SolveGame::Family(_) if engine_named || request.checkpoint.is_some() => refuse(
            "a recurrence other than 1,2 is solved by the family's own solver: drop --tiers, --flat, --layers, --checkpoint, --engine and --reversed",
        ),
        SolveGame::BlackHole { start: Some(_), .. } => Ok(()),
        _ if first == 0 => refuse("n = 0 has no game: the game on n starts from n ones, so n is at least 1"),
        _ if request.n < first => Err(AnswerError::Invalid(format!(
            "the range ends before it starts: --to {} is below n = {first}",
            request.n
        ))),
        SolveGame::Ordered => crate::ordered::check_solve_n(request.n, request.remoteness),
        SolveGame::Reversed => crate::relatives::fits(
            zecklab_games::zgame::reversed_bytes(request.n),
            request.n,
            &format!("the reversed game on {}", request.n),
        ),
        _ => Ok(()),
    }
}

/// One solve's answer, whichever game: what `zgame solve --json` prints and the API sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SolveAnswer {
    /// The Zeckendorf game in normal play, or the reversed game.
    Game(ZgameSolve),
    /// A member of the family named as such, or the game in misère play: the game's line with
    /// the variant's fields.
    Family(FamilySolve),
    /// The ordered game.
    Ordered(OrderedSolveJson),
    /// A black-hole game.
    BlackHole(BlackHoleSolveJson),
}

impl SolveAnswer {
    /// The game's own figures, whichever game.
    pub fn line(&self) -> &ZgameSolve {
        match self {
            SolveAnswer::Game(line) => line,
            SolveAnswer::Family(family) => &family.solve,
            SolveAnswer::Ordered(ordered) => &ordered.solve,
            SolveAnswer::BlackHole(hole) => &hole.solve,
        }
    }

    /// The game's own figures, to fill in (the path a saved table went to).
    pub fn line_mut(&mut self) -> &mut ZgameSolve {
        match self {
            SolveAnswer::Game(line) => line,
            SolveAnswer::Family(family) => &mut family.solve,
            SolveAnswer::Ordered(ordered) => &mut ordered.solve,
            SolveAnswer::BlackHole(hole) => &mut hole.solve,
        }
    }
}

/// Every position's values of a solve that kept them, for the store.
#[derive(Debug)]
pub enum KeptTable {
    /// The Zeckendorf game's, in either play.
    Game(Solution),
    /// Another member of the family's.
    Family(FamilySolution),
}

/// A solve's answer, and its table when the request kept it.
#[derive(Debug)]
pub struct GameSolved {
    /// The answer.
    pub answer: SolveAnswer,
    /// Every position's values, when kept.
    pub table: Option<KeptTable>,
}

/// Solves `game` as `request` asks (its n; for a black hole from `start`, n ones otherwise),
/// steered by `control`: the Zeckendorf game in either play by [`solve_game`], every other game
/// by its own solver. Call [`plan_game`] first for a range.
///
/// # Errors
/// [`SolveFailure`]: refused, cancelled, or as [`solve_game`].
pub fn solve_any(
    game: &SolveGame,
    request: &SolveRequest,
    control: &mut Control<'_>,
) -> Result<GameSolved, SolveFailure> {
    plan_game(game, request, request.n, control.is_distributed())?;
    let n = request.n;
    let answered = |answer| GameSolved { answer, table: None };
    Ok(match game {
        SolveGame::Family(variant) if game.by_the_games_engines() => {
            let request = SolveRequest { misere: variant.misere, ..request.clone() };
            let solved = solve_game(&request, control)?;
            let answer = if variant.named || variant.misere {
                SolveAnswer::Family(FamilySolve { solve: solved.line, tags: variant.tags() })
            } else {
                SolveAnswer::Game(solved.line)
            };
            GameSolved { answer, table: solved.table.map(KeptTable::Game) }
        }
        SolveGame::Family(variant) => {
            let start = std::time::Instant::now();
            let solution = crate::family::solve_until(variant, n, false, SOLVE_MEMORY, &control.cancel)?;
            let answer =
                SolveAnswer::Family(FamilySolve::of(&solution, variant, start.elapsed().as_secs_f64()));
            GameSolved { answer, table: request.keep.then_some(KeptTable::Family(solution)) }
        }
        SolveGame::Reversed => {
            let voice = control.voice();
            let line = reversed_line(n, request.remoteness, request.tiers, &control.cancel, |d, t| {
                voice.progress(d, t)
            })?;
            answered(SolveAnswer::Game(line))
        }
        SolveGame::Ordered => {
            let voice = control.voice();
            let progress = |d, t| voice.progress(d, t);
            answered(SolveAnswer::Ordered(ordered_solve_until(
                n,
                request.remoteness,
                &control.cancel,
                progress,
            )?))
        }
        SolveGame::BlackHole { m, start } => {
            let rules = black_hole_rules(*m)?;
            let counts = match start {
                Some(text) => rules.parse(text).map_err(AnswerError::invalid)?,
                None => rules.start(n),
            };
            let mut line = black_hole_solve(rules, &counts)?;
            if !request.remoteness {
                line.solve.remoteness = None;
            }
            answered(SolveAnswer::BlackHole(line))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(game: &SolveGame, request: &SolveRequest) -> Result<SolveAnswer, SolveFailure> {
        solve_any(game, request, &mut Control::new()).map(|s| s.answer)
    }

    #[test]
    fn each_game_goes_to_its_solver() {
        let plain = SolveGame::Family(Variant::ZECKENDORF);
        assert!(matches!(solve(&plain, &SolveRequest::new(20)), Ok(SolveAnswer::Game(_))));
        let misere = SolveGame::Family(Variant { misere: true, ..Variant::ZECKENDORF });
        assert!(matches!(solve(&misere, &SolveRequest::new(20)), Ok(SolveAnswer::Family(_))));
        // Both rule sets are the game's own moves on the Fibonacci numbers: the game's engines.
        let rules = Variant::parse(None, Some("no-initial-combine"), false).unwrap();
        let by_rules = solve(&SolveGame::Family(rules), &SolveRequest::new(20)).unwrap();
        let plain_line = solve(&plain, &SolveRequest::new(20)).unwrap();
        assert_eq!(
            ZgameSolve { seconds: 0.0, ..by_rules.line().clone() },
            ZgameSolve { seconds: 0.0, ..plain_line.line().clone() }
        );
        let tribonacci = Variant::parse(Some("1,3"), None, false).unwrap();
        assert!(matches!(
            solve(&SolveGame::Family(tribonacci), &SolveRequest::new(20)),
            Ok(SolveAnswer::Family(_))
        ));
        assert!(matches!(solve(&SolveGame::Reversed, &SolveRequest::new(20)), Ok(SolveAnswer::Game(_))));
        assert!(matches!(solve(&SolveGame::Ordered, &SolveRequest::new(8)), Ok(SolveAnswer::Ordered(_))));
        let hole = SolveGame::BlackHole { m: 4, start: Some("4 0 3".into()) };
        assert!(matches!(solve(&hole, &SolveRequest::new(1)), Ok(SolveAnswer::BlackHole(_))));
    }

    #[test]
    fn each_game_refuses_what_its_solver_does_not_take() {
        let named = SolveRequest { engine: Some(super::super::Engine::Tiers), ..SolveRequest::new(20) };
        for game in [
            SolveGame::Ordered,
            SolveGame::BlackHole { m: 4, start: None },
            SolveGame::Family(Variant::parse(Some("1,3"), None, false).unwrap()),
        ] {
            assert!(matches!(plan_game(&game, &named, 20, false), Err(AnswerError::Invalid(_))), "{game:?}");
            assert!(matches!(
                plan_game(&game, &SolveRequest::new(20), 20, true),
                Err(AnswerError::Invalid(_))
            ));
        }
        let misere = Variant { misere: true, ..Variant::ZECKENDORF };
        assert!(SolveGame::from_options(misere, true, false, None).is_err());
        assert!(matches!(
            plan_game(&SolveGame::Ordered, &SolveRequest::new(99), 1, false),
            Err(AnswerError::TooLarge(_))
        ));
        assert!(matches!(
            plan_game(&SolveGame::Reversed, &SolveRequest::new(3), 5, false),
            Err(AnswerError::Invalid(_))
        ));
    }
}
