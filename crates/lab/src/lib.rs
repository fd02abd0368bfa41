//! Player 2's strategy lab for the Zeckendorf game: explicit rules for Player 2 ([`StrategyRule`],
//! a small language), tested against every Player 1 line ([`test_rule`]), searched over
//! ([`search_rules`]) and learned ([`Learner`]); the structure of the P-positions they must reach
//! ([`p_structure`]); Player 2's whole strategies, built greedily from a solved table
//! ([`PlayerTwoStrategy`]) or the smallest of all by an exact 0-1 program ([`minimal`]), written,
//! read and checked. The solved tables decide; nothing here does I/O.
//!
//! ```
//! use zecklab_games::zgame::solve;
//! use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};
//!
//! // Player 2 wins the game on 10; the fastest strategy wins against every Player 1 line.
//! let solution = solve(10, true, 1 << 30, |_, _| {}).unwrap();
//! let strategy = PlayerTwoStrategy::choosing(&solution, ReplyChoice::Fastest, |_, _| {}).unwrap();
//! assert!(strategy.check().is_ok());
//! ```

mod by_rank;
mod learn;
pub mod minimal;
mod p2_strategy;
pub mod parity;
mod rule;
mod search;
mod strategy_error;
mod structure;
mod test;

pub use by_rank::{rank_test_bytes, test_rule_by_rank};
pub use learn::{
    wins_through, Labelling, LearnError, LearnProgress, LearnedRule, Learner, Method, MoveOrder,
};
pub use p2_strategy::{PlayerTwoStrategy, ReplyChoice, StrategyCheck, StrategyError, STRATEGY_MAGIC};
pub use rule::{
    Comparison, Extreme, Guard, Measure, MoveKind, Pick, Preference, Quantity, RuleError, StrategyRule,
};
pub use search::{
    enumerate_rules, search_preferences, search_rules, SearchResult, SEARCH_GUARDS, SEARCH_PICKS,
};
pub use structure::{p_counts, p_structure, Cell, PStructure};
pub use test::{replay_losing_line, test_rule, BadDecision, Exploration, ReplayError, RuleTest};

/// A Player 2 strategy that looks at the position only: a rule of the language, or a rule being
/// learned.
pub trait Chooser: Sync {
    /// The move at `counts` (`counts[i - 1]` copies of `F_i`); `None`: no move.
    fn choose(&self, counts: &[u32]) -> Option<zecklab_games::zgame::ZMove>;
}

impl Chooser for StrategyRule {
    fn choose(&self, counts: &[u32]) -> Option<zecklab_games::zgame::ZMove> {
        StrategyRule::choose(self, counts)
    }
}

/// The legal moves of a count vector, in the rules' order.
pub(crate) fn legal_moves(counts: &[u32]) -> Vec<zecklab_games::zgame::ZMove> {
    let mut moves = Vec::new();
    zecklab_games::zgame::for_each_legal_move(counts, |m| moves.push(m));
    moves
}
