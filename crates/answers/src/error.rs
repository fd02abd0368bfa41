//! [`AnswerError`]: why a question cannot be answered, in words a user can act on.

use std::fmt;

/// Why a question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// The question itself is wrong: a malformed number, an illegal position or move. The
    /// message names the bad value.
    Invalid(String),
    /// The question is fine but answering it here would take more time or memory than allowed;
    /// the message says what to do instead.
    TooLarge(String),
}

impl AnswerError {
    /// An [`AnswerError::Invalid`] from any displayable error.
    pub fn invalid(e: impl fmt::Display) -> AnswerError {
        AnswerError::Invalid(e.to_string())
    }

    /// The message, whatever the kind.
    pub fn message(&self) -> &str {
        match self {
            AnswerError::Invalid(m) | AnswerError::TooLarge(m) => m,
        }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for AnswerError {}
