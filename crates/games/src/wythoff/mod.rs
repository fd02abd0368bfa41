//! Wythoff's game: two heaps `(a, b)`; a move takes any positive number from one heap, or the
//! same positive number from both; whoever takes the last counter wins.
//!
//! P-positions three ways that must agree: the golden-ratio pairs computed exactly with
//! integers ([`formula_pair`]), the Zeckendorf digit rule ([`digit_rule_partner`]) and board
//! search (in `zecklab-reference`). [`analyse`] gives the outcome and every winning move for heaps of
//! any size; [`GrundyBoard`] the Grundy values of an `N x N` board.

mod grundy;
mod ppos;
mod remoteness;

pub use grundy::{GrundyBoard, GrundyError};
pub use ppos::{
    analyse, digit_rule_partner, formula_pair, formula_pair_u64, is_lower, Heaps, WythoffAnalysis,
    WythoffError, WythoffPosition,
};
pub use remoteness::RemotenessBoard;
