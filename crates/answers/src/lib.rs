//! zecklab's answers as data. Each question the command line and the web explorer both answer
//! (a representation, a Fibonacci Nim or Wythoff position, a Zeckendorf game or position) has
//! one function here that computes the answer from the library crates and one `Serialize` type
//! that is its JSON shape. `zecklab --json` and `zecklab serve`'s API print these same types,
//! so the two cannot drift apart; a test in the server holds them to that.
//!
//! Nothing here prints, reads files or knows about HTTP: input text is parsed into values with
//! [`AnswerError`]s that name the bad value, and the callers decide how to show them.

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

pub mod black_hole;
pub mod decimal;
mod error;
pub mod family;
pub mod fits;
pub mod game_lengths;
pub mod game_link;
pub mod lab;
pub mod learn;
pub mod lengths;
pub mod moves;
pub mod nim;
pub mod number;
pub mod opening;
pub mod ordered;
pub mod parity;
pub mod position;
pub mod prove;
pub mod random_laws;
pub mod record;
pub mod relatives;
pub mod repr;
pub mod research;
pub mod scaling;
pub mod solve;
pub mod stats;
pub mod stored;
pub mod sums;
pub mod tables;
pub mod variant;
pub mod wythoff;
pub mod zgame;

pub use error::AnswerError;
