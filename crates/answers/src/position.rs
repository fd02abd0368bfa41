//! One position question, whichever game: the one path of `zgame position` on the command line,
//! `/api/zgame/position` and the game pages on the server, and `zgame.position` in Python.
//!
//! A question is answered in three steps, so that each front end keeps its own way of holding
//! tables: [`PositionQuestion::parse`] names the game ([`PositionGame`]) and reads the position,
//! [`PositionQuestion::needs`] says which table answers it ([`TableNeed`]), and
//! [`PositionQuestion::answer`] answers from that table ([`Table`]). The command line and Python
//! get the table from [`open_table`] (a stored table) or [`solve_table`]; the server keeps the
//! tables it solved in its cache and calls [`solve_table`] on a miss. Which game a question is
//! about, which table it needs, how that table is solved and the on-demand limits are decided
//! here and nowhere else.

use serde::Serialize;
use zecklab_games::zgame::family::{FamilySolution, Recurrence};
use zecklab_games::zgame::{ReversedSolution, Solution, ZPosition};
use zecklab_ordered::{OrderedPosition, OrderedSolution};
use zecklab_store::{Store, StoredTable};

use crate::black_hole::{black_hole_position, rules as black_hole_rules, BlackHolePositionJson};
use crate::family::{self, FamilyPositionJson, GameValues, StoredFamily, Variant};
use crate::ordered::{check_n, parse_ordered, position_in, OrderedPositionJson, ORDERED_POSITION_TO};
use crate::relatives::solve_reversed;
use crate::solve::limits::REVERSED_TO;
use crate::solve::{solve_kept, Control, SolveFailure, SolveRequest, SOLVE_MEMORY};
use crate::zgame::{self, PositionJson, Values};
use crate::AnswerError;

/// The largest game whose positions are answered by solving the whole game on demand (about a
/// minute and 6 GiB at n = 500); a stored table answers past it.
pub const POSITION_SOLVE_TO: u32 = 500;

/// The game a position belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionGame {
    /// The Zeckendorf game in normal play.
    Game,
    /// Another member of the family, the game in misère play, or the game with Grundy values.
    Family {
        /// The member.
        variant: Variant,
        /// Whether the answer carries the position's Grundy value.
        grundy: bool,
    },
    /// The reversed game.
    Reversed,
    /// The ordered game: positions are ordered lists.
    Ordered,
    /// The black-hole game with the hole on `F_m`: positions are counts.
    BlackHole {
        /// The hole's index.
        m: usize,
    },
}

impl PositionGame {
    /// The game the options name, refusing options that name two games at once.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] for the reversed game with a variant, misère play or Grundy
    /// values, for Grundy values in misère play, and for the ordered game or a black hole with
    /// any other option of a game.
    pub fn from_options(
        variant: Variant,
        grundy: bool,
        reversed: bool,
        ordered: bool,
        black_hole: Option<usize>,
    ) -> Result<PositionGame, AnswerError> {
        let refuse = |why: &str| Err(AnswerError::Invalid(why.into()));
        let other_options = variant.named || variant.misere || grundy || reversed;
        if let Some(m) = black_hole {
            if other_options || ordered {
                return refuse("a black-hole position is of that game alone: drop the ordered game, the recurrence, the rules, misère play, Grundy values and the reversed game");
            }
            return Ok(PositionGame::BlackHole { m });
        }
        if ordered {
            if other_options {
                return refuse("an ordered position is of the ordered game alone: drop the recurrence, the rules, misère play, Grundy values and the reversed game");
            }
            return Ok(PositionGame::Ordered);
        }
        if reversed {
            if variant.named || variant.misere || grundy {
                return refuse("a position of the reversed game is in normal play and has no Grundy value here: drop the recurrence, the rules, misère play and Grundy values");
            }
            return Ok(PositionGame::Reversed);
        }
        if grundy && variant.misere {
            return refuse("Grundy values are of normal play: drop misère play or Grundy values");
        }
        if variant.named || variant.misere || grundy {
            return Ok(PositionGame::Family { variant, grundy });
        }
        Ok(PositionGame::Game)
    }
}

/// The table a position question is answered from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TableNeed {
    /// The Zeckendorf game on `n` in normal play: a stored table, or the game solved.
    Game {
        /// The game's n.
        n: u32,
    },
    /// A member of the family on `n` (a stored table of it, or solved; in misère play the
    /// Zeckendorf game is solved by its own engines).
    Family {
        /// The member.
        variant: Variant,
        /// The game's n.
        n: u32,
        /// Whether Grundy values are needed.
        grundy: bool,
    },
    /// The reversed game on `n`, solved.
    Reversed {
        /// The game's n.
        n: u32,
    },
    /// The ordered game on `n`, solved with remoteness.
    Ordered {
        /// The game's n.
        n: u32,
    },
    /// No table: the game from the position is solved with the answer (a black hole's games are
    /// small).
    Itself,
}

impl TableNeed {
    /// The largest n this table is solved for on demand (stored tables answer past it).
    pub fn solved_to(&self) -> u32 {
        match self {
            TableNeed::Game { .. } | TableNeed::Family { .. } => POSITION_SOLVE_TO,
            TableNeed::Reversed { .. } => REVERSED_TO,
            TableNeed::Ordered { .. } => ORDERED_POSITION_TO,
            TableNeed::Itself => u32::MAX,
        }
    }

    /// The game's n (0 for [`TableNeed::Itself`]).
    pub fn n(&self) -> u32 {
        match self {
            TableNeed::Game { n }
            | TableNeed::Family { n, .. }
            | TableNeed::Reversed { n }
            | TableNeed::Ordered { n } => *n,
            TableNeed::Itself => 0,
        }
    }

    /// The bytes the solved table takes in memory (`None` when its positions cannot be ranked;
    /// 0 for [`TableNeed::Itself`]): the solvers' own memory models.
    pub fn bytes(&self) -> Option<u128> {
        use zecklab_games::zgame::family::{family_bytes, FamilyIndex, FamilyRules};
        match self {
            TableNeed::Game { n } => zecklab_games::zgame::SolvePlan::new(*n).ok().map(|p| p.bytes(true)),
            TableNeed::Family { n, .. } if self.by_the_games_engines() => {
                zecklab_games::zgame::SolvePlan::new(*n).ok().map(|p| p.bytes(true))
            }
            TableNeed::Family { variant, n, grundy } => {
                let rules = FamilyRules::new(variant.recurrence, variant.rules, *n);
                FamilyIndex::new(rules.terms(), *n).map(|i| family_bytes(i.count(), *grundy))
            }
            TableNeed::Reversed { n } => zecklab_games::zgame::reversed_bytes(*n),
            TableNeed::Ordered { n } => crate::ordered::ordered_solve_memory(*n, true),
            TableNeed::Itself => Some(0),
        }
    }

    /// Whether the Zeckendorf game's own engines solve this member of the family (misère play
    /// of the game itself, without Grundy values).
    fn by_the_games_engines(&self) -> bool {
        matches!(self, TableNeed::Family { variant, grundy: false, .. }
            if variant.misere && variant.recurrence == Recurrence::FIBONACCI)
    }
}

/// A table a position is answered from, borrowed from whoever holds it.
#[derive(Clone, Copy)]
pub enum Table<'a> {
    /// A stored table of the game or of a member of the family.
    Stored(&'a StoredTable),
    /// The Zeckendorf game solved by its own engines (either play).
    Game(&'a Solution),
    /// A member of the family, solved by the family's solver.
    Family(&'a FamilySolution),
    /// The reversed game.
    Reversed(&'a ReversedSolution),
    /// The ordered game.
    Ordered(&'a OrderedSolution),
    /// No table ([`TableNeed::Itself`]).
    Itself,
}

/// A table owned by its caller: what [`open_table`] and [`solve_table`] give.
pub enum OwnedTable {
    /// A stored table.
    Stored(Box<StoredTable>),
    /// The Zeckendorf game solved by its own engines.
    Game(Solution),
    /// A member of the family.
    Family(FamilySolution),
    /// The reversed game.
    Reversed(ReversedSolution),
    /// The ordered game.
    Ordered(OrderedSolution),
    /// No table.
    Itself,
}

impl OwnedTable {
    /// The table, borrowed.
    pub fn table(&self) -> Table<'_> {
        match self {
            OwnedTable::Stored(t) => Table::Stored(t),
            OwnedTable::Game(s) => Table::Game(s),
            OwnedTable::Family(s) => Table::Family(s),
            OwnedTable::Reversed(s) => Table::Reversed(s),
            OwnedTable::Ordered(s) => Table::Ordered(s),
            OwnedTable::Itself => Table::Itself,
        }
    }
}

/// The position as read for its game.
#[derive(Clone, Debug)]
enum Parsed {
    /// A position of the Zeckendorf game or the reversed game.
    Game(ZPosition),
    /// The counts of a member of the family.
    Counts(Vec<u32>),
    /// An ordered position.
    Ordered(OrderedPosition),
    /// A black hole's counts, read with the answer.
    Text(String),
}

/// One position question: the game, the position read, and whether the optimal line is asked.
#[derive(Clone, Debug)]
pub struct PositionQuestion {
    game: PositionGame,
    position: Parsed,
    n: u32,
    with_line: bool,
}

/// A position's answer, whichever game: what `zgame position --json` prints and the API sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PositionAnswer {
    /// The Zeckendorf game in normal play, or the reversed game.
    Game(PositionJson),
    /// A member of the family, misère play or Grundy values: the game's shape with the variant's
    /// fields.
    Family(FamilyPositionJson),
    /// The ordered game.
    Ordered(OrderedPositionJson),
    /// A black-hole game.
    BlackHole(BlackHolePositionJson),
}

impl PositionAnswer {
    /// The position's moves, best first.
    pub fn moves(&self) -> &[crate::moves::MoveJson] {
        match self {
            PositionAnswer::Game(p) => &p.moves,
            PositionAnswer::Family(p) => &p.position.moves,
            PositionAnswer::Ordered(p) => &p.moves,
            PositionAnswer::BlackHole(p) => &p.moves,
        }
    }

    /// The position as its game writes it.
    pub fn position(&self) -> &str {
        match self {
            PositionAnswer::Game(p) => &p.position,
            PositionAnswer::Family(p) => &p.position.position,
            PositionAnswer::Ordered(p) => &p.position,
            PositionAnswer::BlackHole(p) => &p.position,
        }
    }

    /// `win` or `loss` for the player to move, and the remoteness when known.
    pub fn value(&self) -> (&'static str, Option<u32>) {
        match self {
            PositionAnswer::Game(p) => (p.outcome, p.remoteness),
            PositionAnswer::Family(p) => (p.position.outcome, p.position.remoteness),
            PositionAnswer::Ordered(p) => (p.outcome, p.remoteness),
            PositionAnswer::BlackHole(p) => (p.outcome, Some(p.remoteness)),
        }
    }

    /// Whether the values came from a stored table.
    pub fn from_store(&self) -> bool {
        match self {
            PositionAnswer::Game(p) => p.source == "store",
            PositionAnswer::Family(p) => p.position.source == "store",
            PositionAnswer::Ordered(_) | PositionAnswer::BlackHole(_) => false,
        }
    }
}

impl PositionQuestion {
    /// Reads `text` as a position of `game`.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] naming the bad part or for a line asked of a game whose answer has
    /// none, [`AnswerError::TooLarge`] for a position past what its game's solver takes.
    pub fn parse(game: PositionGame, text: &str, with_line: bool) -> Result<PositionQuestion, AnswerError> {
        if with_line && matches!(game, PositionGame::BlackHole { .. }) {
            return Err(AnswerError::Invalid(
                "a black-hole game's answer lists every move's value but no optimal line: drop the line"
                    .into(),
            ));
        }
        let (position, n) = match &game {
            PositionGame::Game | PositionGame::Reversed => {
                let (p, n) = zgame::parse_position(text)?;
                (Parsed::Game(p), n)
            }
            PositionGame::Family { variant, .. } => {
                let (counts, n) = family::parse(variant, text)?;
                (Parsed::Counts(counts), n)
            }
            PositionGame::Ordered => {
                let (p, n) = parse_ordered(text)?;
                (Parsed::Ordered(p), n)
            }
            PositionGame::BlackHole { m } => {
                black_hole_rules(*m)?;
                (Parsed::Text(text.to_string()), 0)
            }
        };
        Ok(PositionQuestion { game, position, n, with_line })
    }

    /// The game the question is about.
    pub fn game(&self) -> &PositionGame {
        &self.game
    }

    /// The table that answers the question.
    pub fn needs(&self) -> TableNeed {
        let n = self.n;
        match &self.game {
            PositionGame::Game => TableNeed::Game { n },
            PositionGame::Family { variant, grundy } => {
                TableNeed::Family { variant: *variant, n, grundy: *grundy }
            }
            PositionGame::Reversed => TableNeed::Reversed { n },
            PositionGame::Ordered => TableNeed::Ordered { n },
            PositionGame::BlackHole { .. } => TableNeed::Itself,
        }
    }

    /// The answer from `table`, which must be the table [`PositionQuestion::needs`] names.
    ///
    /// # Errors
    /// [`AnswerError::Damaged`] when a stored table cannot be read where a value lies,
    /// [`AnswerError::Invalid`] for a table of another game.
    pub fn answer(&self, table: Table<'_>) -> Result<PositionAnswer, AnswerError> {
        let line = self.with_line;
        let wrong = || {
            AnswerError::Invalid(format!("the table given is not the one that answers {:?}", self.needs()))
        };
        Ok(match (&self.game, &self.position, table) {
            (PositionGame::Game, Parsed::Game(p), Table::Stored(t)) => {
                PositionAnswer::Game(zgame::position(Values::Stored(t), p, line)?)
            }
            (PositionGame::Game, Parsed::Game(p), Table::Game(s)) => {
                PositionAnswer::Game(zgame::position(Values::Solved(s), p, line)?)
            }
            (PositionGame::Family { variant, .. }, Parsed::Counts(counts), table) => {
                PositionAnswer::Family(match table {
                    Table::Family(s) => family::position(s, variant, counts, line)?,
                    Table::Stored(t) => match StoredFamily::new(t) {
                        Some(values) => family::position(&values, variant, counts, line)?,
                        None => {
                            family::position(&GameValues::new(Values::Stored(t))?, variant, counts, line)?
                        }
                    },
                    Table::Game(s) => {
                        family::position(&GameValues::new(Values::Solved(s))?, variant, counts, line)?
                    }
                    _ => return Err(wrong()),
                })
            }
            (PositionGame::Reversed, Parsed::Game(p), Table::Reversed(s)) => {
                PositionAnswer::Game(zgame::reversed_position(s, p, line)?)
            }
            (PositionGame::Ordered, Parsed::Ordered(p), Table::Ordered(s)) => {
                PositionAnswer::Ordered(position_in(s, p, line))
            }
            (PositionGame::BlackHole { m }, Parsed::Text(text), _) => {
                PositionAnswer::BlackHole(black_hole_position(black_hole_rules(*m)?, text)?)
            }
            _ => return Err(wrong()),
        })
    }
}

/// The stored table that answers `need`, if `store` holds one.
///
/// # Errors
/// [`AnswerError::Damaged`] when the file is there but cannot be used: never a silent fallback
/// to a solve.
pub fn open_table(need: &TableNeed, store: &Store) -> Result<Option<OwnedTable>, AnswerError> {
    let opened = match need {
        TableNeed::Game { n } => store.open(*n),
        TableNeed::Family { variant, n, grundy: false } => store.open_game(variant.table_game(), *n),
        _ => return Ok(None),
    };
    let table = opened.map_err(|e| AnswerError::damaged_table(need.n(), &e))?;
    Ok(table.map(|t| OwnedTable::Stored(Box::new(t))))
}

/// Solves the table `need` names, steered by `control` (progress where the solver reports it,
/// cancel where it takes one).
///
/// # Errors
/// [`AnswerError::TooLarge`] past [`TableNeed::solved_to`] (saying how to store the game
/// instead) or the memory allowed; cancelled solves.
pub fn solve_table(need: &TableNeed, control: &mut Control<'_>) -> Result<OwnedTable, SolveFailure> {
    let n = need.n();
    let to = need.solved_to();
    match need {
        TableNeed::Itself => return Ok(OwnedTable::Itself),
        TableNeed::Game { .. } | TableNeed::Family { .. } if n > to => {
            let store_it = match need {
                TableNeed::Game { .. } => {
                    format!(": store it first with `zecklab zgame solve --n {n} --save`")
                }
                _ => String::new(),
            };
            return Err(AnswerError::TooLarge(format!(
                "the game on n = {n} is not stored, and answering means solving all of it, which is done on demand only up to n = {to}{store_it}"
            ))
            .into());
        }
        _ => {}
    }
    Ok(match need {
        TableNeed::Game { n } => OwnedTable::Game(solve_kept(&SolveRequest::new(*n), control)?),
        TableNeed::Family { n, .. } if need.by_the_games_engines() => {
            OwnedTable::Game(solve_kept(&SolveRequest { misere: true, ..SolveRequest::new(*n) }, control)?)
        }
        TableNeed::Family { variant, n, grundy } => {
            OwnedTable::Family(family::solve_until(variant, *n, *grundy, SOLVE_MEMORY, &control.cancel)?)
        }
        TableNeed::Reversed { n } => {
            if *n > to {
                return Err(AnswerError::TooLarge(format!(
                    "invalid n = {n}: zgame position --reversed takes positions of n <= {to}"
                ))
                .into());
            }
            let voice = control.voice();
            OwnedTable::Reversed(solve_reversed(*n, &control.cancel, |d, t| voice.progress(d, t))?)
        }
        TableNeed::Ordered { n } => {
            check_n(*n, to, "zgame position --ordered")?;
            OwnedTable::Ordered(crate::ordered::solved(*n, true, &control.cancel)?)
        }
        TableNeed::Itself => OwnedTable::Itself,
    })
}

/// Answers `question` from the store when it holds the table, else by solving it: the command
/// line's and Python's whole path.
///
/// # Errors
/// As [`open_table`] and [`solve_table`].
pub fn answer_position(
    question: &PositionQuestion,
    store: Option<&Store>,
    control: &mut Control<'_>,
) -> Result<PositionAnswer, SolveFailure> {
    let need = question.needs();
    let table = match store.map(|s| open_table(&need, s)).transpose()?.flatten() {
        Some(table) => table,
        None => solve_table(&need, control)?,
    };
    Ok(question.answer(table.table())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(game: PositionGame, text: &str) -> Result<PositionAnswer, SolveFailure> {
        let line = !matches!(game, PositionGame::Ordered | PositionGame::BlackHole { .. });
        let question = PositionQuestion::parse(game, text, line)?;
        answer_position(&question, None, &mut Control::new())
    }

    #[test]
    fn each_game_is_answered_from_its_table() {
        let plain = ask(PositionGame::Game, "1^3 2^2 5^1").unwrap();
        assert!(matches!(&plain, PositionAnswer::Game(p) if p.n == 12 && p.source == "solved"));
        let misere = Variant { misere: true, ..Variant::ZECKENDORF };
        let by_engines = ask(PositionGame::Family { variant: misere, grundy: false }, "1^3 2^2 5^1").unwrap();
        // The misère game solved by the game's engines and by the family's solver agree.
        let family = PositionQuestion::parse(
            PositionGame::Family { variant: misere, grundy: false },
            "1^3 2^2 5^1",
            true,
        )
        .unwrap();
        let solved = family::solve(&misere, 12, false, SOLVE_MEMORY).unwrap();
        assert_eq!(by_engines, family.answer(Table::Family(&solved)).unwrap());
        let grundy = ask(PositionGame::Family { variant: Variant::ZECKENDORF, grundy: true }, "1^4").unwrap();
        assert!(matches!(&grundy, PositionAnswer::Family(f) if f.grundy.is_some()));
        assert!(
            matches!(ask(PositionGame::Reversed, "2 5 8").unwrap(), PositionAnswer::Game(p) if p.n == 15)
        );
        assert!(matches!(ask(PositionGame::Ordered, "1 2 1 3").unwrap(), PositionAnswer::Ordered(_)));
        assert!(matches!(
            ask(PositionGame::BlackHole { m: 4 }, "4 0 3").unwrap(),
            PositionAnswer::BlackHole(_)
        ));
    }

    #[test]
    fn the_plain_answer_is_the_same_from_either_table_kind() {
        let question = PositionQuestion::parse(PositionGame::Game, "1^6 3^2", false).unwrap();
        let solved = solve_kept(&SolveRequest::new(12), &mut Control::new()).unwrap();
        let plain = question.answer(Table::Game(&solved)).unwrap();
        let family_question = PositionQuestion::parse(
            PositionGame::Family { variant: Variant::ZECKENDORF, grundy: true },
            "1^6 3^2",
            false,
        )
        .unwrap();
        let PositionAnswer::Family(family) =
            answer_position(&family_question, None, &mut Control::new()).unwrap()
        else {
            panic!("a family answer")
        };
        let PositionAnswer::Game(plain) = plain else { panic!("a game answer") };
        assert_eq!((family.position.outcome, family.position.remoteness), (plain.outcome, plain.remoteness));
    }

    #[test]
    fn a_wrong_table_or_a_game_too_large_is_refused() {
        let question = PositionQuestion::parse(PositionGame::Reversed, "2 5 8", false).unwrap();
        let solved = solve_kept(&SolveRequest::new(15), &mut Control::new()).unwrap();
        assert!(matches!(question.answer(Table::Game(&solved)), Err(AnswerError::Invalid(_))));
        let large = PositionQuestion::parse(PositionGame::Game, "1^501", false).unwrap();
        assert!(matches!(
            answer_position(&large, None, &mut Control::new()),
            Err(SolveFailure::Refused(AnswerError::TooLarge(m))) if m.contains("--save")
        ));
        let misere = Variant { misere: true, ..Variant::ZECKENDORF };
        assert!(PositionGame::from_options(misere, false, true, false, None).is_err());
        assert!(PositionGame::from_options(misere, true, false, false, None).is_err());
        assert!(PositionGame::from_options(misere, false, false, true, None).is_err());
        assert!(PositionGame::from_options(Variant::ZECKENDORF, false, false, true, Some(4)).is_err());
        // The ordered game has an optimal line; a black-hole game has none.
        assert!(PositionQuestion::parse(PositionGame::Ordered, "1 2", true).is_ok());
        assert!(PositionQuestion::parse(PositionGame::BlackHole { m: 3 }, "1 1", true).is_err());
        assert_eq!(
            PositionGame::from_options(Variant::ZECKENDORF, false, false, false, None).unwrap(),
            PositionGame::Game
        );
    }
}
