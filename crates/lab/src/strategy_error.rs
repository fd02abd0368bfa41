//! [`StrategyError`]: why a strategy of Player 2 cannot be built, read or accepted; shared by the
//! greedy constructions (`p2_strategy`) and the exact search (`minimal`), which depend on it and
//! not on each other.

use std::fmt;

/// Why a strategy cannot be built, read or accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StrategyError {
    /// Player 1 wins the game on n, so Player 2 has no winning strategy.
    PlayerOneWins(u32),
    /// The text is not a strategy file (line number from 1, and why).
    Malformed { line: usize, reason: String },
    /// A Player 1 line reaches a position the strategy does not answer.
    Unanswered { position: String },
    /// The strategy's move is not legal in its position.
    IllegalMove { position: String, r#move: String },
    /// Player 1 makes the last move: after these moves Player 2 has no move left.
    PlayerOneMovesLast { line: Vec<String> },
    /// The smallest strategy is searched for only up to `limit` (see `minimal`).
    BeyondReach { n: u32, limit: u32 },
    /// The solver of the smallest strategy failed.
    Solver(String),
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyError::BeyondReach { n, limit } => write!(
                f,
                "the smallest strategy is searched for only up to n = {limit} (the exact search's time grows fast past it), not n = {n}"
            ),
            StrategyError::Solver(why) => write!(f, "the search for the smallest strategy failed: {why}"),
            StrategyError::PlayerOneWins(n) => {
                write!(f, "Player 1 wins the game on n = {n}: Player 2 has no winning strategy")
            }
            StrategyError::Malformed { line, reason } => write!(f, "line {line}: {reason}"),
            StrategyError::Unanswered { position } => {
                write!(f, "the strategy does not answer {position}, which Player 1 can reach")
            }
            StrategyError::IllegalMove { position, r#move } => {
                write!(f, "the strategy plays {move} in {position}, where it is not legal")
            }
            StrategyError::PlayerOneMovesLast { line } => {
                write!(f, "Player 1 makes the last move in the line {}", line.join(", "))
            }
        }
    }
}

impl std::error::Error for StrategyError {}
