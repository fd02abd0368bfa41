//! [`Outcome`] and [`Value`]: what a position is worth to the player to move.

use std::fmt;

use serde::Serialize;

/// Who wins with perfect play, seen by the player to move.
///
/// | value | meaning |
/// | --- | --- |
/// | `Win` | the player to move has a move to a `Loss` position |
/// | `Loss` | every move (possibly none) leads to a `Win` position |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
}

impl Outcome {
    /// `Win` when `b` holds.
    pub fn win_if(b: bool) -> Outcome {
        if b {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }

    /// Whether this is `Win`.
    pub fn is_win(self) -> bool {
        self == Outcome::Win
    }

    /// The lowercase name used in JSON and human output.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Outcome and remoteness of one position.
///
/// | field | meaning |
/// | --- | --- |
/// | `outcome` | win or loss for the player to move |
/// | `remoteness` | 0 at the end; a win is 1 + the least remoteness of a losing child; a loss is 1 + the greatest remoteness of a child |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win or loss for the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play (winner hurries, loser delays).
    pub remoteness: u32,
}

impl Value {
    /// The value of a position from its children's values (none: a terminal loss).
    pub fn from_children(children: &[Value]) -> Value {
        let fastest_win = children.iter().filter(|c| c.outcome == Outcome::Loss).map(|c| c.remoteness).min();
        match fastest_win {
            Some(r) => Value { outcome: Outcome::Win, remoteness: r + 1 },
            None => Value {
                outcome: Outcome::Loss,
                remoteness: children.iter().map(|c| c.remoteness + 1).max().unwrap_or(0),
            },
        }
    }
}
