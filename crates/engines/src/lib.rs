//! The engines that solve the Zeckendorf game past what fits in memory whole: the tier sweep
//! ([`TieredSolver`]: the positions of equal part count a tier, two tiers in memory, outcomes a
//! word of 64 positions at a time, remoteness where it fits, a tier shareable among the processes
//! of a job through [`Exchange`]) and the layered engine ([`LayeredSolver`]: outcomes only, by
//! layers of equal index weight, a window of layers in memory). Both give the same values as the
//! flat solver of `zecklab-games`, and the tests hold them to it on every position.
//!
//! Like the games, the engines do no I/O: progress goes through callbacks, cancellation through
//! `zecklab_games::Cancel`, and checkpoints are states the store saves.
//!
//! ```
//! use zecklab_engines::{solve_layered, LayeredOptions, TieredSolver};
//!
//! // The game on 30: Player 2 wins, by either engine.
//! let layered = solve_layered(30, &LayeredOptions::default(), |_| {}).unwrap();
//! let tiered = TieredSolver::new(30, false, 1 << 30).unwrap().run(|_, _, _| {}).unwrap();
//! assert_eq!(layered.start, tiered.start);
//! assert!(!layered.start.is_win());
//! assert_eq!(layered.p_positions, tiered.p_positions);
//! ```

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

// Ranks, table offsets and window arithmetic are `u64` values used as `usize` indices: a
// narrower `usize` would truncate them.
#[cfg(not(target_pointer_width = "64"))]
compile_error!("zecklab needs a 64-bit target: its engines index tables of more than 2^32 positions");

pub mod layered;
pub mod tiers;

pub use layered::{
    layered_bytes, layered_table_bytes, solve_layered, LayeredOptions, LayeredSolution, LayeredSolver,
    LayeredState, LayeredStateView, LayeredTable, ResumeError,
};
pub use tiers::{
    tiered_bytes, Exchange, ShareFigures, TierEngine, TierState, TierStateView, TierSweep, TierValues,
    TieredSolution, TieredSolver,
};
