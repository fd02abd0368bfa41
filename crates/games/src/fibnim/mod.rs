//! Fibonacci Nim and its factor-`k` family. One heap; the opening move takes any positive number
//! short of the whole heap; afterwards a player may take at most `k` times what the opponent
//! just took. Normal play: whoever takes the last counter wins; misère: whoever takes it loses.
//! A position is `(heap, cap)`; a cap above the heap means the same as `cap = heap`.
//!
//! Two engines that must agree: [`Theory`] reads outcomes and every winning move off the
//! ladder representation for heaps of any size; [`thresholds`] solves every heap up to a bound
//! by search, storing one number per heap. Misère play is solved in [`Theory`] by a reduction
//! that [`thresholds`] checks independently (see `theory.rs`).

mod exhaustive;
mod figures;
mod grundy;
mod remoteness;
mod rules;
mod sums;
mod theory;

pub use exhaustive::{estimated_threshold_steps, thresholds, winning_moves_from_table, NO_THRESHOLD};
pub use figures::{census, reach, sequence, winning_openings, Census, HeapCaps, Reach, SequenceReport};
pub use grundy::GrundyTable;
pub use remoteness::{end_value, RemotenessTable};
pub use rules::{NimError, NimPosition, NimRules};
pub use sums::{own_caps_analysis, shared_cap_analysis, SharedCapAnalysis, SharedCapSolver, SumMove};
pub use theory::{Analysis, Theory};
