//! The naive solver: memoised search over hashed positions, no ranking. It exists only to check
//! the fast solver, position by position.

use std::collections::HashMap;

use super::position::ZPosition;
use super::solver::Value;
use crate::Outcome;

/// Memoised depth-first search; values are cached per position.
#[derive(Clone, Debug, Default)]
pub struct NaiveSolver {
    memo: HashMap<ZPosition, Value>,
}

impl NaiveSolver {
    /// An empty solver.
    pub fn new() -> NaiveSolver {
        NaiveSolver::default()
    }

    /// Outcome and remoteness of a position.
    pub fn value(&mut self, position: &ZPosition) -> Value {
        if let Some(&v) = self.memo.get(position) {
            return v;
        }
        let children: Vec<Value> = position
            .moves()
            .into_iter()
            .map(|m| {
                let child = position.apply(m).expect("listed moves are legal");
                self.value(&child)
            })
            .collect();
        let value = Value::from_children(&children);
        self.memo.insert(position.clone(), value);
        value
    }

    /// Positions solved so far (all reachable from the positions asked about).
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Whether a position is a loss for the player to move.
    pub fn is_loss(&mut self, position: &ZPosition) -> bool {
        self.value(position).outcome == Outcome::Loss
    }
}
