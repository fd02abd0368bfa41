//! Outcome and remoteness of every position of a Wythoff board, from the definition.
//!
//! Positions `(a, b)` with `a, b < size` are solved row by row:
//! every move lowers `a`, `b` or both, so when `(a, b)` is reached in row-major order all its
//! children are known. `O(size^3)` time; boards are small (the explorer's).

use crate::{Outcome, Value};

/// The values of every position `(a, b)` with `a, b < size`.
#[derive(Clone, Debug)]
pub struct RemotenessBoard {
    size: usize,
    values: Vec<Value>,
}

impl RemotenessBoard {
    /// Solves the `size x size` board.
    pub fn new(size: usize) -> RemotenessBoard {
        let mut values: Vec<Value> = Vec::with_capacity(size * size);
        let mut children = Vec::with_capacity(3 * size);
        for a in 0..size {
            for b in 0..size {
                children.clear();
                children.extend((0..a).map(|x| values[x * size + b]));
                children.extend((0..b).map(|y| values[a * size + y]));
                children.extend((1..=a.min(b)).map(|t| values[(a - t) * size + (b - t)]));
                values.push(Value::from_children(&children));
            }
        }
        RemotenessBoard { size, values }
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value of `(a, b)`, or `None` off the board.
    pub fn value(&self, a: u64, b: u64) -> Option<Value> {
        let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
        (a < self.size && b < self.size).then(|| self.values[a * self.size + b])
    }

    /// Whether `(a, b)` is a loss for the player to move (a P-position), or `None` off the board.
    pub fn is_p_position(&self, a: u64, b: u64) -> Option<bool> {
        self.value(a, b).map(|v| v.outcome == Outcome::Loss)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wythoff::{analyse, WythoffPosition};

    #[test]
    fn outcomes_agree_with_the_digit_rule_everywhere_on_the_board() {
        let board = RemotenessBoard::new(80);
        for a in 0..80u64 {
            for b in 0..80u64 {
                let p = WythoffPosition { a: a.into(), b: b.into() };
                assert_eq!(board.value(a, b).unwrap().outcome, analyse(&p).outcome, "({a}, {b})");
                assert_eq!(board.value(a, b), board.value(b, a));
            }
        }
        assert_eq!(board.value(0, 0), Some(Value { outcome: Outcome::Loss, remoteness: 0 }));
        // (1, 2) is lost in 2 moves: to (0, 2), (1, 1), (0, 1) or (1, 0), then the opponent ends it.
        assert_eq!(board.value(1, 2), Some(Value { outcome: Outcome::Loss, remoteness: 2 }));
        assert_eq!(board.value(80, 0), None);
    }
}
