//! The ordered Zeckendorf game (Bortnovskyi, Lucas, Miller, Vranesko, Watson and White, 2025):
//! positions are ordered lists of Fibonacci numbers summing to n, and every move acts on two
//! neighbouring entries `x` (left) and `y` (right), by the first case that applies:
//!
//! | pair | move | in its place |
//! |---|---|---|
//! | `x = F(i)`, `y = F(i+1)` | merge | `F(i+2)` |
//! | `x = y = 1` | merge ones | `2` |
//! | `x = y = 2` | split twos | `1, 3` |
//! | `x = y = F(i)`, `i >= 3` | split | `F(i-2), F(i+1)` |
//! | `x > y` | switch | `y, x` |
//!
//! (an ascending pair that is not consecutive gives no move). The start is n ones; the only end is
//! the Zeckendorf representation of n in increasing order. Normal play: whoever cannot move loses,
//! so at n = 1, where the start is the end, Player 1 loses (the authors' program, which does not
//! handle n = 1, prints otherwise): n = 1 is reported as degenerate.
//!
//! Positions are ranked by [`OrderedIndex`] (each list read from its right end, so that every
//! move goes to a higher rank) and solved in one sweep from the top rank down: position by
//! position with remoteness ([`solve_ordered`]), or by whole blocks of ranks on every core for
//! outcomes, the table kept or only counted ([`ordered_counts_until`]). Like the games crate it
//! does no I/O.

#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

mod blocks;
mod index;
mod lean;
mod lengths;
mod plan;
mod shift;
mod solve;

pub use index::OrderedIndex;
pub use lengths::{long_game_length, long_game_move, ordered_lengths, OrderedLengths};
pub use solve::{
    ordered_counts_bytes, ordered_counts_until, ordered_solve_bytes, solve_ordered, solve_ordered_until,
    OrderedCounts, OrderedSolution, OrderedSolveError, ORDERED_COUNTS_TO, ORDERED_FLAT_TO,
};

use std::fmt;

use zecklab_numeration::fib::FIB_U64;

/// The largest index an entry may have (`F_90` fits a `u64`).
const MAX_INDEX: u8 = 90;

/// A position of the ordered game: the entries' Fibonacci indices (`F1 = 1`, `F2 = 2`, ...), left
/// to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderedPosition {
    indices: Vec<u8>,
}

/// What a move does to its pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderedMoveKind {
    /// `F(i) F(i+1) -> F(i+2)`.
    Merge,
    /// `1 1 -> 2`.
    MergeOnes,
    /// `2 2 -> 1 3`.
    SplitTwos,
    /// `F(i) F(i) -> F(i-2) F(i+1)`, `i >= 3`.
    Split,
    /// `x y -> y x` for `x > y`.
    Switch,
}

/// A move: the pair at places `at` and `at + 1` (from the left, from 0), and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrderedMove {
    pub at: usize,
    pub kind: OrderedMoveKind,
}

/// A list that is not a position of the ordered game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderedError(pub String);

impl fmt::Display for OrderedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OrderedError {}

/// The index of a Fibonacci number of the game's indexing (`1 -> 1`, `2 -> 2`, `3 -> 3`, `5 -> 4`).
fn index_of(value: u64) -> Option<u8> {
    (1..=MAX_INDEX).find(|&i| FIB_U64[usize::from(i)] == value)
}

/// What the pair `(x, y)` of indices allows, in the rules' order.
pub(crate) fn pair_move(x: u8, y: u8) -> Option<OrderedMoveKind> {
    Some(if y == x + 1 {
        OrderedMoveKind::Merge
    } else if x == 1 && y == 1 {
        OrderedMoveKind::MergeOnes
    } else if x == 2 && y == 2 {
        OrderedMoveKind::SplitTwos
    } else if x == y {
        OrderedMoveKind::Split
    } else if x > y {
        OrderedMoveKind::Switch
    } else {
        return None;
    })
}

/// The entries that replace the pair `(x, y)` under `kind`, left to right.
pub(crate) fn replacement(x: u8, y: u8, kind: OrderedMoveKind) -> ([u8; 2], usize) {
    match kind {
        OrderedMoveKind::Merge => ([x + 2, 0], 1),
        OrderedMoveKind::MergeOnes => ([2, 0], 1),
        OrderedMoveKind::SplitTwos => ([1, 3], 2),
        OrderedMoveKind::Split => ([x - 2, x + 1], 2),
        OrderedMoveKind::Switch => ([y, x], 2),
    }
}

impl OrderedPosition {
    /// `n` ones.
    pub fn start(n: u32) -> OrderedPosition {
        OrderedPosition { indices: vec![1; n as usize] }
    }

    /// A position from its entries' indices, left to right.
    ///
    /// # Errors
    /// An empty list, or an index outside 1 to 90.
    pub fn from_indices(indices: Vec<u8>) -> Result<OrderedPosition, OrderedError> {
        if indices.is_empty() {
            return Err(OrderedError(
                "an empty list is not a position: give values such as \"1 2 1 3\"".into(),
            ));
        }
        if let Some(&bad) = indices.iter().find(|&&i| i == 0 || i > MAX_INDEX) {
            return Err(OrderedError(format!("index {bad} is outside 1 to {MAX_INDEX}")));
        }
        Ok(OrderedPosition { indices })
    }

    /// Reads a position written as its values in order, separated by spaces (or underscores, as
    /// in the explorer's links): `"1 2 1 3"`.
    ///
    /// # Errors
    /// [`OrderedError`] naming a value that is not a Fibonacci number (1, 2, 3, 5, 8, ...), or an
    /// empty list.
    pub fn parse(text: &str) -> Result<OrderedPosition, OrderedError> {
        let indices = text
            .split(|c: char| c.is_whitespace() || c == '_' || c == ',')
            .filter(|t| !t.is_empty())
            .map(|token| {
                token.parse::<u64>().ok().and_then(index_of).ok_or_else(|| {
                    OrderedError(format!(
                        "invalid value '{token}': each value must be a Fibonacci number (1, 2, 3, 5, 8, ...)"
                    ))
                })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        OrderedPosition::from_indices(indices)
    }

    /// The entries' indices, left to right.
    pub fn indices(&self) -> &[u8] {
        &self.indices
    }

    /// The entries' values, left to right.
    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        self.indices.iter().map(|&i| FIB_U64[usize::from(i)])
    }

    /// The sum of the entries.
    pub fn n(&self) -> u64 {
        self.values().sum()
    }

    /// The legal moves, by the pair's place from the left.
    pub fn moves(&self) -> Vec<OrderedMove> {
        self.indices
            .windows(2)
            .enumerate()
            .filter_map(|(at, w)| pair_move(w[0], w[1]).map(|kind| OrderedMove { at, kind }))
            .collect()
    }

    /// The position after `m` (which must be one of [`OrderedPosition::moves`]).
    ///
    /// # Errors
    /// When `m` is not a legal move here.
    pub fn apply(&self, m: OrderedMove) -> Result<OrderedPosition, OrderedError> {
        let pair = self.indices.get(m.at..m.at + 2).filter(|w| w.len() == 2);
        let Some(&[x, y]) = pair else {
            return Err(OrderedError(format!("no pair at place {}", m.at + 1)));
        };
        if pair_move(x, y) != Some(m.kind) {
            return Err(OrderedError(format!("that move is not legal on the pair at place {}", m.at + 1)));
        }
        let (new, len) = replacement(x, y, m.kind);
        let mut indices = Vec::with_capacity(self.indices.len());
        indices.extend_from_slice(&self.indices[..m.at]);
        indices.extend_from_slice(&new[..len]);
        indices.extend_from_slice(&self.indices[m.at + 2..]);
        Ok(OrderedPosition { indices })
    }

    /// Whether no move is left (the increasing Zeckendorf representation).
    pub fn is_end(&self) -> bool {
        self.moves().is_empty()
    }
}

impl fmt::Display for OrderedPosition {
    /// The values in order, separated by spaces: `1 2 1 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in self.values().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl fmt::Display for OrderedMove {
    /// `merge 1 2 at 3` style: the kind and the pair's place (from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            OrderedMoveKind::Merge => "merge",
            OrderedMoveKind::MergeOnes => "merge ones",
            OrderedMoveKind::SplitTwos => "split twos",
            OrderedMoveKind::Split => "split",
            OrderedMoveKind::Switch => "switch",
        };
        write!(f, "{kind} at {}", self.at + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_table_moves_each_pair_as_written() {
        let after = |text: &str, at: usize| {
            let p = OrderedPosition::parse(text).unwrap();
            let m = p.moves().into_iter().find(|m| m.at == at).expect("a move at that pair");
            p.apply(m).unwrap().to_string()
        };
        assert_eq!(after("1 2", 0), "3");
        assert_eq!(after("1 1", 0), "2");
        assert_eq!(after("2 2", 0), "1 3");
        assert_eq!(after("3 3", 0), "1 5");
        assert_eq!(after("5 5", 0), "2 8");
        assert_eq!(after("8 8", 0), "3 13");
        assert_eq!(after("2 1", 0), "1 2");
        assert_eq!(after("5 3", 0), "3 5");
        assert_eq!(after("1 3 5 8", 1), "1 8 8");
        // No move on an ascending pair that is not consecutive; a descending pair only switches.
        assert!(OrderedPosition::parse("1 3").unwrap().moves().is_empty());
        assert!(OrderedPosition::parse("1 3 8").unwrap().is_end());
        assert_eq!(OrderedPosition::parse("2 1").unwrap().moves()[0].kind, OrderedMoveKind::Switch);
        // Each pair gives at most one move.
        assert_eq!(OrderedPosition::parse("1 1 2 2 1").unwrap().moves().len(), 4);
    }

    #[test]
    fn bad_lists_are_refused_naming_the_value() {
        assert!(OrderedPosition::parse("1 4 1").unwrap_err().0.contains("'4'"));
        assert!(OrderedPosition::parse("").unwrap_err().0.contains("empty"));
        assert!(OrderedPosition::parse("-1").unwrap_err().0.contains("'-1'"));
        assert_eq!(OrderedPosition::parse("1_2_1_3").unwrap().to_string(), "1 2 1 3");
    }
}
