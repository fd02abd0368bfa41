//! The errors of building automata and of reading and proving statements.

use thiserror::Error;

/// What went wrong.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum AutomataError {
    /// An automaton's parts do not fit together (a caller's mistake, or a damaged file).
    #[error("malformed automaton: {0}")]
    Malformed(String),
    /// A subset construction made more states than allowed.
    #[error(
        "the automaton grew past {limit} states ({states} made): raise --max-states, or split the statement"
    )]
    TooManyStates {
        /// States made when it stopped.
        states: usize,
        /// The limit.
        limit: usize,
    },
    /// More tracks than an automaton's alphabet can hold.
    #[error("{0} free variables at once: at most {max} tracks", max = crate::base_system::MAX_TRACKS)]
    TooManyTracks(usize),
    /// A statement that does not parse, at a line and column (both from 1).
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// What was expected.
        message: String,
    },
    /// A statement that parses but means nothing (an undefined predicate, mixed systems).
    #[error("{0}")]
    Meaning(String),
    /// An automaton file that cannot be read.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What is wrong with it.
        message: String,
    },
}
