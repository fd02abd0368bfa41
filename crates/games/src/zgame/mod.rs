//! The Zeckendorf game of Baird-Smith, Epstein, Flint and Miller (seed 000, Definition 1.1).
//!
//! A position of the game on `n` is a multiset of Fibonacci numbers (`F1 = 1, F2 = 2, ...`)
//! summing to `n`; play starts from `n` copies of `F1`. Moves: `F(i-1) ∧ F(i) -> F(i+1)`,
//! `F1 ∧ F1 -> F2`, `F2 ∧ F2 -> F1 ∧ F3`, `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` for `i >= 3`. Whoever
//! makes the last move wins; the game always ends at the Zeckendorf representation of `n`.
//!
//! Every move adds to an index higher than any it removes from, so count vectors compared from
//! the top index down strictly increase along every move. [`PositionIndex`] ranks positions in
//! exactly that order, so [`solve`] can sweep ranks from the top down and find every child
//! already solved. The `zecklab-reference` crate's naive solver (hashed positions, no ranking)
//! and [`check_table`] (the rules alone, on a finished table) exist to check it.
//!
//! Two relatives of the game share its positions and ranking: the reversed game
//! ([`solve_reversed`]: every move taken back, from the Zeckendorf representation to `n` ones)
//! and the game of several players and alliances ([`solve_coalitions`]).

pub mod black_hole;
mod check;
mod coalitions;
pub mod family;
mod index;
mod lengths;
mod position;
pub mod random;
mod ranks;
mod reversed;
mod solver;
pub mod stats;
mod strategies;
mod tier_index;

pub use check::{check_table, SolvedTable, TableCheck};
pub use coalitions::{
    coalition_bytes, coalition_of, members, proper_coalitions, solve_coalitions, solve_coalitions_until,
    Coalition, CoalitionSolution, MAX_PLAYERS,
};
pub use index::PositionIndex;
pub use lengths::{
    length_distribution, lengths, path_probability_error, theorem_bound, LengthDistribution, Lengths,
};
pub use position::{
    apply_to_counts, for_each_legal_move, for_each_undoable_move, is_legal_on_counts, is_undoable_on_counts,
    lowest_changed_index, undo_on_counts, MoveIndex, ZMove, ZPosition, ZgameError,
};
pub use ranks::MAX_TOP;
pub use ranks::{walk, walk_while, ChildRank};
pub use reversed::{
    reversed_bytes, reversed_lengths, solve_reversed, solve_reversed_until, zeckendorf_position,
    ReversedError, ReversedMove, ReversedSolution,
};
pub use solver::{
    remoteness_from_half_excess, solve, solve_with, Solution, SolveError, SolveOptions, SolvePlan, TierCount,
    Value,
};
pub use strategies::{play_out, Rule};
pub use tier_index::{Prefix, TierIndex, TABLE_LIMIT};
