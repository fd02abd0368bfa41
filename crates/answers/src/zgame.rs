//! The Zeckendorf game: the line `zgame solve` prints for a game ([`ZgameSolve`]) and the value
//! of one position with every move and the optimal line ([`PositionJson`]), from a stored
//! table or a solution in memory ([`Values`]); the same two shapes for the reversed game
//! ([`ZgameSolve::of_reversed`], [`reversed_position`]); and which coalitions of several players
//! win ([`CoalitionsJson`]).

use serde::Serialize;
use zecklab_engines::{LayeredSolution, TieredSolution};
use zecklab_games::zgame::{
    members, proper_coalitions, CoalitionSolution, PositionIndex, ReversedMove, ReversedSolution, Solution,
    TierCount, ZPosition,
};
use zecklab_games::Outcome;
use zecklab_games::Winner;
use zecklab_store::StoredTable;

use crate::moves::{sort_best_first, MoveJson};
use crate::AnswerError;

/// The engines that solve the Zeckendorf game; every solve line names the one that ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Every position in memory (what the store keeps, and what questions about single
    /// positions read).
    Flat,
    /// Tier by tier (the positions of equal part count), two tiers in memory.
    Tiers,
    /// Layer by layer (equal index weight), in whole cells: outcomes only.
    Layered,
}

impl Engine {
    /// The engine's name, as the JSON gives it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Flat => "flat",
            Engine::Tiers => "tiers",
            Engine::Layered => "layered",
        }
    }

    /// The engine of a name as [`Engine::name`] gives it.
    ///
    /// # Errors
    /// [`crate::AnswerError::Invalid`] naming any other text.
    pub fn from_name(name: &str) -> Result<Engine, crate::AnswerError> {
        [Engine::Flat, Engine::Tiers, Engine::Layered]
            .into_iter()
            .find(|e| e.name() == name.trim())
            .ok_or_else(|| {
                crate::AnswerError::Invalid(format!(
                    "invalid engine '{}': flat, tiers or layered",
                    crate::number::shown(name)
                ))
            })
    }
}

/// One solved game, as `zgame solve --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZgameSolve {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// Its P-positions (losses for the player to move).
    pub p_positions: u64,
    /// `"P1"` or `"P2"`: who wins from the start.
    pub winner: Winner,
    /// Remoteness of the start, when computed.
    pub remoteness: Option<u32>,
    /// Seconds the solve took.
    pub seconds: f64,
    /// The engine that solved it (for a stored table, the one that made it).
    pub engine: Engine,
    /// The stored table's path, when saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved: Option<String>,
    /// Positions and P-positions by number of parts, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiers: Option<Vec<TierCount>>,
}

impl ZgameSolve {
    /// The figures of a game whose positions `index` ranks, from its start's value.
    fn new(
        index: &PositionIndex,
        p_positions: u64,
        start: Outcome,
        remoteness: Option<u32>,
        seconds: f64,
    ) -> ZgameSolve {
        ZgameSolve {
            n: index.n(),
            positions: index.count(),
            p_positions,
            winner: Winner::of_start(start),
            remoteness,
            seconds,
            engine: Engine::Flat,
            saved: None,
            tiers: None,
        }
    }

    fn with_tiers(self, tiers: Option<Vec<TierCount>>) -> ZgameSolve {
        ZgameSolve { tiers, ..self }
    }

    /// The figures of a solution that took `seconds`.
    pub fn of(solution: &Solution, seconds: f64, tiers: bool) -> ZgameSolve {
        let r = solution.start_rank();
        ZgameSolve::new(
            solution.index(),
            solution.p_positions(),
            solution.outcome(r),
            solution.remoteness(r),
            seconds,
        )
        .with_tiers(tiers.then(|| solution.tiers()))
    }

    /// The figures of a game solved tier by tier that took `seconds`.
    pub fn of_tiered(solved: TieredSolution, seconds: f64, tiers: bool) -> ZgameSolve {
        ZgameSolve {
            n: solved.n,
            positions: solved.positions,
            p_positions: solved.p_positions,
            winner: Winner::of_start(solved.start),
            remoteness: solved.start_remoteness,
            seconds,
            engine: Engine::Tiers,
            saved: None,
            tiers: tiers.then_some(solved.tiers),
        }
    }

    /// The figures of a game solved layer by layer that took `seconds` (no remoteness).
    pub fn of_layered(solved: LayeredSolution, seconds: f64) -> ZgameSolve {
        ZgameSolve {
            n: solved.n,
            positions: solved.positions,
            p_positions: solved.p_positions,
            winner: Winner::of_start(solved.start),
            remoteness: None,
            seconds,
            engine: Engine::Layered,
            saved: None,
            tiers: solved.tiers,
        }
    }

    /// The figures of a solved reversed game that took `seconds` (`winner`: who makes the last
    /// move under perfect play).
    pub fn of_reversed(solution: &ReversedSolution, seconds: f64, tiers: bool) -> ZgameSolve {
        let r = solution.start_rank();
        let (index, p_positions) = (solution.index(), solution.p_positions());
        ZgameSolve::new(index, p_positions, solution.outcome(r), Some(solution.remoteness(r)), seconds)
            .with_tiers(tiers.then(|| solution.tiers()))
    }
}

/// Which coalitions win the game of several players, as `zgame coalitions --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoalitionsJson {
    /// The game on n.
    pub n: u32,
    /// The number of players.
    pub players: u32,
    /// Every non-empty proper subset of the players, by size, then by members.
    pub coalitions: Vec<CoalitionJson>,
}

/// One coalition and whether it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoalitionJson {
    /// Its players, 1-based, in turn order.
    pub members: Vec<u32>,
    /// Whether its members together can force that one of them makes the last move.
    pub wins: bool,
}

impl CoalitionsJson {
    /// Every proper coalition of a solved game.
    pub fn of(solution: &CoalitionSolution) -> CoalitionsJson {
        CoalitionsJson {
            n: solution.index().n(),
            players: solution.players(),
            coalitions: proper_coalitions(solution.players())
                .into_iter()
                .map(|s| CoalitionJson { members: members(s), wins: solution.wins(s) })
                .collect(),
        }
    }
}

/// Where values come from: a stored table or a solution in memory.
#[derive(Clone, Copy)]
pub enum Values<'a> {
    /// A table in the store.
    Stored(&'a StoredTable),
    /// A solution in memory.
    Solved(&'a Solution),
}

impl Values<'_> {
    /// `"store"` or `"solved"`, the JSON `source` field.
    pub fn source(&self) -> &'static str {
        match self {
            Values::Stored(_) => "store",
            Values::Solved(_) => "solved",
        }
    }

    /// The game's n.
    pub fn n(&self) -> u32 {
        match self {
            Values::Stored(t) => t.n(),
            Values::Solved(s) => s.index().n(),
        }
    }

    /// Outcome and remoteness (when known) of a position of this game.
    ///
    /// # Errors
    /// [`AnswerError::Damaged`] when the stored file cannot be read where the value lies.
    pub fn value(&self, p: &ZPosition) -> Result<(Outcome, Option<u32>), AnswerError> {
        match self {
            Values::Stored(table) => {
                let index = table.index().ok_or_else(|| {
                    AnswerError::Invalid(format!(
                        "{} holds a generalized game's table",
                        table.path().display()
                    ))
                })?;
                let r = index.rank(p).expect("a position of the stored game");
                let parts = p.counts().iter().sum();
                let damaged = |e| AnswerError::damaged_table(self.n(), &e);
                let outcome = table.outcome(r).map_err(damaged)?;
                Ok((outcome, table.remoteness(r, parts).map_err(damaged)?))
            }
            Values::Solved(solution) => {
                let r = solution.index().rank(p).expect("a position of the solved game");
                Ok((solution.outcome(r), solution.remoteness(r)))
            }
        }
    }
}

/// One step of the optimal line, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineStepJson {
    /// The move.
    pub r#move: String,
    /// The position it leads to.
    pub to: String,
    /// That position's outcome for the player to move there.
    pub outcome: &'static str,
    /// That position's remoteness.
    pub remoteness: Option<u32>,
}

/// A position's answer, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionJson {
    /// The position's text form.
    pub position: String,
    /// The game it belongs to.
    pub n: u32,
    /// For the player to move.
    pub outcome: &'static str,
    /// When known.
    pub remoteness: Option<u32>,
    /// Whether no move is left (the Zeckendorf representation).
    pub terminal: bool,
    /// `"store"` or `"solved"`.
    pub source: &'static str,
    /// Every move, best first.
    pub moves: Vec<MoveJson>,
    /// With a line asked for: the optimal continuation, or `null` when remoteness is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Option<Vec<LineStepJson>>>,
}

/// Parses a position and gives the game it belongs to.
///
/// # Errors
/// [`AnswerError::Invalid`] naming a malformed position or one past every solvable game.
pub fn parse_position(text: &str) -> Result<(ZPosition, u32), AnswerError> {
    let p = ZPosition::parse(text).map_err(AnswerError::invalid)?;
    let n = u32::try_from(p.n()).map_err(|_| {
        AnswerError::Invalid(format!("the position sums to n = {}, past any game zecklab can solve", p.n()))
    })?;
    Ok((p, n))
}

/// Every move from `p` with the value it leads to, best first for the mover: winning moves
/// fastest first, then losing moves slowest first (ties in the rules' order).
///
/// # Errors
/// As [`Values::value`].
pub fn moves_best_first(values: Values<'_>, p: &ZPosition) -> Result<Vec<MoveJson>, AnswerError> {
    let mut moves = Vec::new();
    for m in p.moves() {
        let child = p.apply(m).expect("listed moves are legal");
        let (o, remoteness) = values.value(&child)?;
        moves.push(MoveJson::new(m.to_string(), child.to_string(), o, remoteness));
    }
    sort_best_first(&mut moves);
    Ok(moves)
}

/// The optimal continuation from `p` to the end (the first move of [`moves_best_first`] at
/// each step), or `None` when remoteness is unknown (then "optimal" is not defined).
///
/// # Errors
/// As [`Values::value`].
pub fn optimal_line(values: Values<'_>, p: &ZPosition) -> Result<Option<Vec<LineStepJson>>, AnswerError> {
    let mut line = Vec::new();
    let mut at = p.clone();
    loop {
        let moves = moves_best_first(values, &at)?;
        let Some(best) = moves.into_iter().next() else { break };
        if best.remoteness.is_none() {
            return Ok(None);
        }
        let next = ZPosition::parse(&best.to).expect("positions print in the grammar");
        line.push(LineStepJson {
            r#move: best.r#move,
            to: best.to,
            outcome: best.outcome,
            remoteness: best.remoteness,
        });
        at = next;
    }
    Ok(Some(line))
}

/// The answer for position `p` of the game whose values are `values`.
///
/// # Errors
/// As [`Values::value`].
pub fn position(values: Values<'_>, p: &ZPosition, with_line: bool) -> Result<PositionJson, AnswerError> {
    let (outcome, remoteness) = values.value(p)?;
    let moves = moves_best_first(values, p)?;
    let line = if with_line { Some(optimal_line(values, p)?) } else { None };
    Ok(PositionJson {
        position: p.to_string(),
        n: values.n(),
        outcome: outcome.as_str(),
        remoteness,
        terminal: moves.is_empty(),
        source: values.source(),
        moves,
        line,
    })
}

/// Every move of the reversed game from `p` with the value it leads to, best first for the
/// mover (as [`moves_best_first`]).
fn reversed_moves_best_first(solution: &ReversedSolution, p: &ZPosition) -> Vec<MoveJson> {
    let mut moves: Vec<MoveJson> = ReversedMove::all(p)
        .into_iter()
        .map(|m| {
            let child = m.apply(p).expect("listed moves are legal");
            let r = solution.index().rank(&child).expect("a position of the solved game");
            MoveJson::new(m.to_string(), child.to_string(), solution.outcome(r), Some(solution.remoteness(r)))
        })
        .collect();
    sort_best_first(&mut moves);
    moves
}

/// The answer for position `p` of the reversed game `solution` solves (the game on `p`'s n):
/// the same shape as [`position`], with the reversed game's moves; `terminal` means all ones.
///
/// # Errors
/// [`AnswerError::Invalid`] when `p` is not a position of that game.
pub fn reversed_position(
    solution: &ReversedSolution,
    p: &ZPosition,
    with_line: bool,
) -> Result<PositionJson, AnswerError> {
    let n = solution.index().n();
    let r =
        solution.index().rank(p).filter(|_| p.n() == u64::from(n)).ok_or_else(|| {
            AnswerError::Invalid(format!("{p} is not a position of the reversed game on {n}"))
        })?;
    let moves = reversed_moves_best_first(solution, p);
    let line = with_line.then(|| {
        let mut steps = Vec::new();
        let mut at = p.clone();
        while let Some(best) = reversed_moves_best_first(solution, &at).into_iter().next() {
            at = ZPosition::parse(&best.to).expect("positions print in the grammar");
            steps.push(LineStepJson {
                r#move: best.r#move,
                to: best.to,
                outcome: best.outcome,
                remoteness: best.remoteness,
            });
        }
        Some(steps)
    });
    Ok(PositionJson {
        position: p.to_string(),
        n,
        outcome: solution.outcome(r).as_str(),
        remoteness: Some(solution.remoteness(r)),
        terminal: moves.is_empty(),
        source: "solved",
        moves,
        line,
    })
}

#[cfg(test)]
mod tests {
    use zecklab_games::zgame::solve;

    use super::*;

    #[test]
    fn the_start_of_ten_and_its_line() {
        let solution = solve(10, true, 1 << 30, |_, _| {}).unwrap();
        let (p, n) = parse_position("1^10").unwrap();
        assert_eq!(n, 10);
        let answer = position(Values::Solved(&solution), &p, true).unwrap();
        let line = answer.line.clone().unwrap().unwrap();
        assert_eq!(line.len() as u32, answer.remoteness.unwrap());
        assert_eq!(line.last().unwrap().to, "2^1 8^1");
        let figures = ZgameSolve::of(&solution, 0.0, true);
        assert_eq!(figures.winner.code(), if answer.outcome == "win" { "P1" } else { "P2" });
        assert!(parse_position("1^3 4").is_err());
    }

    #[test]
    fn the_reversed_game_on_ten_and_its_line() {
        use zecklab_games::zgame::{solve_reversed, zeckendorf_position};
        let solution = solve_reversed(10, |_, _| {}).unwrap();
        let start = zeckendorf_position(10);
        assert_eq!(start.to_string(), "2^1 8^1");
        let answer = reversed_position(&solution, &start, true).unwrap();
        let line = answer.line.clone().unwrap().unwrap();
        assert_eq!(line.len() as u32, answer.remoteness.unwrap());
        assert_eq!(line.last().unwrap().to, "1^10");
        let figures = ZgameSolve::of_reversed(&solution, 0.0, false);
        assert_eq!(figures.winner.code(), if answer.outcome == "win" { "P1" } else { "P2" });
        let end = reversed_position(&solution, &ZPosition::start(10).unwrap(), false).unwrap();
        assert!(end.terminal && end.outcome == "loss" && end.remoteness == Some(0));
        assert!(reversed_position(&solution, &ZPosition::parse("1^3").unwrap(), false).is_err());
    }
}

/// `zgame check --json`'s line: a table checked position by position against its children.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckJson {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// Positions checked.
    pub checked: u64,
    /// Whether remoteness was checked too.
    pub remoteness_checked: bool,
    /// Positions whose value does not follow from their children's.
    pub inconsistent: u64,
    /// The first of them, when any.
    pub first_inconsistent: Option<String>,
    /// Seconds the check took.
    pub seconds: f64,
    /// `"store"` or `"solved"`.
    pub source: &'static str,
    /// The variant's fields.
    #[serde(flatten)]
    pub tags: crate::variant::Tags,
}

impl CheckJson {
    /// The line of a check of the Zeckendorf game (either play) that took `seconds`.
    pub fn of(
        report: &zecklab_games::zgame::TableCheck,
        seconds: f64,
        source: &'static str,
        tags: crate::variant::Tags,
    ) -> CheckJson {
        CheckJson {
            n: report.n,
            positions: report.positions,
            checked: report.checked,
            remoteness_checked: report.remoteness_checked,
            inconsistent: report.inconsistent,
            first_inconsistent: report.first_inconsistent.as_ref().map(ToString::to_string),
            seconds,
            source,
            tags,
        }
    }
}
