//! The games of zecklab and their solvers: Fibonacci Nim and its factor-`k` family, Wythoff's
//! game and the Zeckendorf game. Positions are validated types; outcomes and values are types.
//! Games and solvers do no I/O, so a CLI, a server or a file format can wrap them.
//!
//! ```
//! use zecklab_games::fibnim::{NimRules, NimPosition, Theory};
//! use zecklab_games::Outcome;
//!
//! // Seed 003: from a heap of 90 the only winning opening is to take 1 (90 = 89 + 1).
//! let rules = NimRules::new(2, false).unwrap();
//! let position = NimPosition::opening(90u32.into()).unwrap();
//! let analysis = Theory::new(rules).analyse(&position);
//! assert_eq!(analysis.outcome, Outcome::Win);
//! assert_eq!(analysis.winning_moves, vec![1u32.into()]);
//! ```

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

// Ranks, table offsets and window arithmetic are `u64` values used as `usize` indices: a
// narrower `usize` would truncate them.
#[cfg(not(target_pointer_width = "64"))]
compile_error!("zecklab needs a 64-bit target: its solvers index tables of more than 2^32 positions");

mod cancel;
pub mod fibnim;
mod outcome;
pub mod wythoff;
pub mod zgame;

pub use cancel::{Cancel, CancelOnDrop};
pub use outcome::{Outcome, Value, Winner};
