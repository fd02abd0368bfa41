//! [`Outcome`] and [`Value`]: what a position is worth to the player to move; [`Winner`]: who wins
//! a whole game from its start.

use std::fmt;

use serde::{Deserialize, Serialize};

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

/// Who wins a whole game from its start with perfect play: Player 1 moves first.
///
/// | value | JSON | meaning |
/// | --- | --- | --- |
/// | `PlayerOne` | `"P1"` | the start is a win for the player to move |
/// | `PlayerTwo` | `"P2"` | the start is a loss for the player to move |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    /// Player 1, who moves first.
    #[serde(rename = "P1")]
    PlayerOne,
    /// Player 2.
    #[serde(rename = "P2")]
    PlayerTwo,
}

impl Winner {
    /// The winner of a game whose start has `outcome` for the player to move (Player 1).
    pub fn of_start(outcome: Outcome) -> Winner {
        match outcome {
            Outcome::Win => Winner::PlayerOne,
            Outcome::Loss => Winner::PlayerTwo,
        }
    }

    /// The winner of a game whose last move is move number `length` (from 1): whoever makes
    /// it, in a game where the last move wins.
    pub fn of_last_move(length: u64) -> Winner {
        if length % 2 == 1 {
            Winner::PlayerOne
        } else {
            Winner::PlayerTwo
        }
    }

    /// The short name JSON and tables use: `P1` or `P2`.
    pub fn code(self) -> &'static str {
        match self {
            Winner::PlayerOne => "P1",
            Winner::PlayerTwo => "P2",
        }
    }

    /// The name text output uses: `Player 1` or `Player 2`.
    pub fn name(self) -> &'static str {
        match self {
            Winner::PlayerOne => "Player 1",
            Winner::PlayerTwo => "Player 2",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
