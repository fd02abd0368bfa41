//! [`Outcome`]: the value of a position for the player to move.

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
