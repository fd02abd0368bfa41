//! One lengths question, whichever game: the one path of `zgame lengths` on the command line and
//! `zgame.lengths` in Python. The game is named as a solve names it ([`SolveGame`]); the options
//! a game's lengths do not take are refused here, in one set of words, and the answer comes in one
//! shape ([`LengthsAnswer`]).

use serde::Serialize;
use zecklab_games::zgame::random::Measure;

use crate::black_hole::{black_hole_lengths, rules as black_hole_rules, BlackHoleLengthsJson};
use crate::family::{lengths_by as family_lengths_by, FamilyLengthsJson};
use crate::lengths::{lengths_by, LengthsJson};
use crate::ordered::{ordered_lengths_of, OrderedLengthsJson};
use crate::solve::SolveGame;
use crate::AnswerError;

/// What a lengths question asks beyond the game and its n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LengthsRequest {
    /// Every length's probability under random play (the game and the reversed game only).
    pub distribution: bool,
    /// The random play the random fields describe, with their exact values (not for the ordered
    /// and black-hole games).
    pub measure: Option<Measure>,
}

/// A lengths answer, whichever game: what `zgame lengths --json` prints.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum LengthsAnswer {
    /// The Zeckendorf game or the reversed game.
    Game(LengthsJson),
    /// Another member of the family.
    Family(FamilyLengthsJson),
    /// The ordered game.
    Ordered(OrderedLengthsJson),
    /// A black-hole game from n ones.
    BlackHole(BlackHoleLengthsJson),
}

/// The lengths of `game` on `n`; `progress(done, total)` as the game's positions are counted.
///
/// # Errors
/// [`AnswerError::Invalid`] for options the game's lengths do not take (a distribution of a
/// member of the family, misère play, a measure of the ordered or a black-hole game, a black
/// hole's own start); the games' own refusals past their limits.
pub fn lengths_of(
    game: &SolveGame,
    n: u32,
    request: LengthsRequest,
    progress: impl FnMut(u64, u64),
) -> Result<LengthsAnswer, AnswerError> {
    let refuse = |why: &str| Err(AnswerError::Invalid(why.into()));
    let LengthsRequest { distribution, measure } = request;
    match game {
        SolveGame::Family(variant) if variant.misere => {
            refuse("lengths count every line of play, the same in either play: drop misère play")
        }
        SolveGame::Family(variant) if variant.named => {
            if distribution {
                return refuse("a generalized game gives its shortest and longest games and, with a measure, its law's figures: no distribution, no reversed game");
            }
            Ok(LengthsAnswer::Family(family_lengths_by(variant, n, measure)?))
        }
        SolveGame::Family(_) => Ok(LengthsAnswer::Game(lengths_by(n, distribution, false, measure, progress)?)),
        SolveGame::Reversed => Ok(LengthsAnswer::Game(lengths_by(n, distribution, true, measure, progress)?)),
        SolveGame::Ordered | SolveGame::BlackHole { .. } if distribution || measure.is_some() => {
            refuse("the ordered and black-hole games give their shortest and longest games alone: drop the distribution and the measure")
        }
        SolveGame::Ordered => Ok(LengthsAnswer::Ordered(ordered_lengths_of(n)?)),
        SolveGame::BlackHole { start: Some(_), .. } => {
            refuse("a black-hole game's lengths are of the game from n ones: drop the start")
        }
        SolveGame::BlackHole { m, start: None } => {
            Ok(LengthsAnswer::BlackHole(black_hole_lengths(black_hole_rules(*m)?, n)?))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Variant;

    #[test]
    fn each_game_goes_to_its_lengths() {
        let none = |_, _| {};
        let plain = SolveGame::Family(Variant::ZECKENDORF);
        let LengthsAnswer::Game(game) = lengths_of(&plain, 10, LengthsRequest::default(), none).unwrap()
        else {
            panic!("the game's lengths")
        };
        let LengthsAnswer::Game(reversed) =
            lengths_of(&SolveGame::Reversed, 10, LengthsRequest::default(), none).unwrap()
        else {
            panic!("the reversed game's lengths")
        };
        // The reversed game plays the same moves backwards: the same shortest and longest games.
        assert_eq!((game.shortest, game.longest), (reversed.shortest, reversed.longest));
        let tribonacci = SolveGame::Family(Variant::parse(Some("1,3"), None, false).unwrap());
        assert!(matches!(
            lengths_of(&tribonacci, 10, LengthsRequest::default(), none),
            Ok(LengthsAnswer::Family(_))
        ));
        assert!(matches!(
            lengths_of(&SolveGame::Ordered, 8, LengthsRequest::default(), none),
            Ok(LengthsAnswer::Ordered(_))
        ));
        let hole = SolveGame::BlackHole { m: 4, start: None };
        assert!(matches!(
            lengths_of(&hole, 8, LengthsRequest::default(), none),
            Ok(LengthsAnswer::BlackHole(_))
        ));
    }

    #[test]
    fn options_a_game_does_not_take_are_refused() {
        let none = |_, _| {};
        let with_distribution = LengthsRequest { distribution: true, measure: None };
        let with_measure = LengthsRequest { distribution: false, measure: Some(Measure::Path) };
        let tribonacci = SolveGame::Family(Variant::parse(Some("1,3"), None, false).unwrap());
        assert!(lengths_of(&tribonacci, 10, with_distribution, none).is_err());
        assert!(lengths_of(&SolveGame::Ordered, 8, with_measure, none).is_err());
        let misere = SolveGame::Family(Variant { misere: true, ..Variant::ZECKENDORF });
        assert!(lengths_of(&misere, 8, LengthsRequest::default(), none).is_err());
        let started = SolveGame::BlackHole { m: 4, start: Some("4 0 3".into()) };
        assert!(lengths_of(&started, 8, LengthsRequest::default(), none).is_err());
    }
}
