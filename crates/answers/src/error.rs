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
    /// A stored table the answer needs is damaged, foreign or unreadable: not the question's
    /// fault, but the store's; the message names the table and says how to check the store.
    Damaged(String),
}

impl AnswerError {
    /// An [`AnswerError::Invalid`] from any displayable error.
    pub fn invalid(e: impl fmt::Display) -> AnswerError {
        AnswerError::Invalid(e.to_string())
    }

    /// An [`AnswerError::Damaged`] for the stored table of the game on `n` that failed with
    /// `e`: what is wrong and where, and how to check the whole store.
    pub fn damaged_table(n: u32, e: &zecklab_store::StoreError) -> AnswerError {
        use zecklab_store::StoreError as E;
        let state = match e {
            E::WrongSize { .. } | E::Corrupted { .. } | E::NotATable { .. } | E::Changed { .. } => {
                "is damaged"
            }
            _ => "cannot be used",
        };
        AnswerError::Damaged(format!(
            "the stored table for n = {n} {state}: {e}; run zecklab store verify (and solve the game again with --save)"
        ))
    }

    /// The message, whatever the kind.
    pub fn message(&self) -> &str {
        match self {
            AnswerError::Invalid(m) | AnswerError::TooLarge(m) | AnswerError::Damaged(m) => m,
        }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for AnswerError {}
