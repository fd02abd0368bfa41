//! Wythoff positions: the solve answer ([`WythoffSolve`], `zecklab wythoff solve --json`), the
//! explorer's view with every move and the digit rule ([`WythoffExplore`]), and a board of
//! Grundy values ([`WythoffBoard`]).

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::wythoff::{analyse, digit_rule_partner, GrundyBoard, RemotenessBoard, WythoffPosition};
use zecklab_numeration::zeckendorf_big;

use crate::moves::{sort_best_first, MoveJson};
use crate::number;
use crate::AnswerError;

/// Every move is listed, with its remoteness, while both heaps are at most this; above it only
/// the winning moves (from the digit rule, for heaps of any size).
pub const ALL_MOVES_UP_TO: u64 = 200;
/// The largest board of Grundy values served.
pub const BOARD_LIMIT: usize = 100;

/// The answer to `wythoff solve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WythoffSolve {
    /// The first heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub a: String,
    /// The second heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub b: String,
    /// For the player to move.
    pub outcome: &'static str,
    /// Every position a winning move leads to, `[a', b']`, sorted.
    #[serde(serialize_with = "crate::decimal::decimal_pairs")]
    pub winning_moves: Vec<[String; 2]>,
}

/// The position from the two heaps' text.
///
/// # Errors
/// [`AnswerError::Invalid`] naming a malformed number.
pub fn position(a: &str, b: &str) -> Result<WythoffPosition, AnswerError> {
    Ok(WythoffPosition { a: number::natural(a)?, b: number::natural(b)? })
}

/// The solve answer.
pub fn solve(position: &WythoffPosition) -> WythoffSolve {
    let analysis = analyse(position);
    WythoffSolve {
        a: position.a.to_string(),
        b: position.b.to_string(),
        outcome: analysis.outcome.as_str(),
        winning_moves: analysis.winning_moves.iter().map(|(x, y)| [x.to_string(), y.to_string()]).collect(),
    }
}

/// A position's text form: `a,b`.
pub fn position_text(a: &BigUint, b: &BigUint) -> String {
    format!("{a},{b}")
}

/// The explorer's view of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WythoffExplore {
    /// The text form, `a,b`.
    pub position: String,
    /// Outcome and winning moves.
    #[serde(flatten)]
    pub solve: WythoffSolve,
    /// Remoteness, while both heaps are at most [`ALL_MOVES_UP_TO`].
    pub remoteness: Option<u32>,
    /// The Zeckendorf numeral of `a`.
    pub numeral_a: String,
    /// The Zeckendorf numeral of `b`.
    pub numeral_b: String,
    /// The partner of `a` by the digit rule: `(a, partner_a)` is a P-position.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub partner_a: String,
    /// The partner of `b` by the digit rule.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub partner_b: String,
    /// Whether every move is listed (else only the winning ones).
    pub all_moves: bool,
    /// Moves best first: `a T` takes T from heap a, `b T` from heap b, `d T` from both.
    pub moves: Vec<MoveJson>,
}

/// The explorer's view of `position`.
pub fn explore(position: &WythoffPosition) -> WythoffExplore {
    let (a, b) = (&position.a, &position.b);
    let small = match (a.to_u64(), b.to_u64()) {
        (Some(x), Some(y)) if x <= ALL_MOVES_UP_TO && y <= ALL_MOVES_UP_TO => Some((x, y)),
        _ => None,
    };
    let solve = solve(position);
    let (remoteness, moves, all_moves) = match small {
        Some((x, y)) => {
            let board = RemotenessBoard::new(x.max(y) as usize + 1);
            let value = |p: u64, q: u64| board.value(p, q).expect("on the board");
            let mut moves = Vec::new();
            let mut add = |name: char, t: u64, p: u64, q: u64| {
                moves.push(MoveJson::valued(format!("{name} {t}"), format!("{p},{q}"), value(p, q)));
            };
            (1..=x).for_each(|t| add('a', t, x - t, y));
            (1..=y).for_each(|t| add('b', t, x, y - t));
            (1..=x.min(y)).for_each(|t| add('d', t, x - t, y - t));
            (Some(value(x, y).remoteness), moves, true)
        }
        None => {
            let moves = analyse(position)
                .winning_moves
                .iter()
                .map(|(p, q)| {
                    let name = if p == a {
                        format!("b {}", b - q)
                    } else if q == b {
                        format!("a {}", a - p)
                    } else {
                        format!("d {}", a - p)
                    };
                    MoveJson::new(name, position_text(p, q), zecklab_games::Outcome::Loss, None)
                })
                .collect();
            (None, moves, false)
        }
    };
    let mut moves = moves;
    sort_best_first(&mut moves);
    WythoffExplore {
        position: position_text(a, b),
        remoteness,
        numeral_a: zeckendorf_big(a).numeral(),
        numeral_b: zeckendorf_big(b).numeral(),
        partner_a: digit_rule_partner(a).to_string(),
        partner_b: digit_rule_partner(b).to_string(),
        all_moves,
        moves,
        solve,
    }
}

/// The Grundy values of a board, rows `a`, columns `b`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WythoffBoard {
    /// The side.
    pub size: usize,
    /// `grundy[a][b]`; 0 marks the P-positions.
    pub grundy: Vec<Vec<u32>>,
}

/// The Grundy board of side `size` (at most [`BOARD_LIMIT`]).
///
/// # Errors
/// [`AnswerError::TooLarge`] past [`BOARD_LIMIT`].
pub fn board(size: usize) -> Result<WythoffBoard, AnswerError> {
    if size == 0 || size > BOARD_LIMIT {
        return Err(AnswerError::Invalid(format!(
            "invalid board size {size}: must be between 1 and {BOARD_LIMIT}"
        )));
    }
    let g = GrundyBoard::compute(size, |_| {});
    Ok(WythoffBoard { size, grundy: (0..size).map(|a| g.row(a).to_vec()).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_a_small_position_and_the_winning_ones_of_a_large_one() {
        let e = explore(&position("10", "20").unwrap());
        assert_eq!(e.moves.len(), 10 + 20 + 10);
        let winning: Vec<&str> = e.moves.iter().filter(|m| m.winning).map(|m| m.to.as_str()).collect();
        let expected: Vec<String> = e.solve.winning_moves.iter().map(|[p, q]| format!("{p},{q}")).collect();
        let mut sorted = winning.clone();
        sorted.sort_unstable();
        let mut expected_sorted: Vec<&str> = expected.iter().map(String::as_str).collect();
        expected_sorted.sort_unstable();
        assert_eq!(sorted, expected_sorted);
        let big = explore(&position("1000000000000", "3").unwrap());
        assert!(!big.all_moves && big.moves.iter().all(|m| m.winning));
        assert_eq!(big.moves.len(), big.solve.winning_moves.len());
        // (11, 18): 11 = 10100, 18 = 101000, a P-position by the digit rule.
        let p = explore(&position("11", "18").unwrap());
        assert_eq!((p.partner_a.as_str(), p.solve.outcome), ("18", "loss"));
        assert!(board(0).is_err() && board(BOARD_LIMIT + 1).is_err());
        assert_eq!(board(3).unwrap().grundy, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
    }
}
