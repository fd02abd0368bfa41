//! Finite automata over tuples of digits read most significant first, in Zeckendorf (`msd_fib`)
//! and binary (`msd_2`) numeration, and a decision procedure for first-order statements about
//! the natural numbers with addition and the relations such automata accept (Büchi arithmetic;
//! Bruyère and Hansel 1997), reading the statements in Walnut's syntax.
//!
//! ```
//! use zecklab_automata::logic::Prover;
//!
//! let mut prover = Prover::new();
//! // Every number is even or one more than an even number.
//! let result = prover.eval("A n E m (n = 2*m | n = 2*m + 1)").unwrap();
//! assert_eq!(result.truth, Some(true));
//! ```
//!
//! The crate knows nothing of games: the games' theorems are statements given to it by the
//! crates above. Automata keep three invariants (complete, valid words only, zero-closed; see
//! [`dfa`]); every operation keeps them.

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

pub mod base;
pub mod base_system;
pub mod dfa;
mod error;
pub mod learn;
pub mod logic;
pub mod project;
pub mod walnut_file;

pub use base_system::Base;
pub use dfa::Dfa;
pub use error::AutomataError;
