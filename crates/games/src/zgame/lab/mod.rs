//! Player 2's strategy lab: explicit rules for Player 2 ([`rule`]), tested against every Player 1
//! line ([`test`]), searched over ([`search`]), and the structure of the P-positions they must
//! reach ([`structure`]). The solved tables decide; nothing here does I/O.

mod by_rank;
mod learn;
mod rule;
mod search;
mod structure;
mod test;

pub use by_rank::{rank_test_bytes, test_rule_by_rank};
pub use learn::{
    wins_through, Labelling, LearnError, LearnProgress, LearnedRule, Learner, Method, MoveOrder,
};
pub use rule::{
    Comparison, Extreme, Guard, Measure, MoveKind, Pick, Preference, Quantity, RuleError, StrategyRule,
};
pub use search::{
    enumerate_rules, search_preferences, search_rules, SearchResult, SEARCH_GUARDS, SEARCH_PICKS,
};
pub use structure::{p_counts, p_structure, Cell, PStructure};
pub use test::{replay_losing_line, test_rule, BadDecision, Exploration, RuleTest};

/// A Player 2 strategy that looks at the position only: a rule of the language, or a rule being
/// learned.
pub trait Chooser: Sync {
    /// The move at `counts` (`counts[i - 1]` copies of `F_i`); `None`: no move.
    fn choose(&self, counts: &[u32]) -> Option<crate::zgame::ZMove>;
}

impl Chooser for StrategyRule {
    fn choose(&self, counts: &[u32]) -> Option<crate::zgame::ZMove> {
        StrategyRule::choose(self, counts)
    }
}

/// The legal moves of a count vector, in the rules' order.
pub(crate) fn legal_moves(counts: &[u32]) -> Vec<crate::zgame::ZMove> {
    let mut moves = Vec::new();
    crate::zgame::position::for_each_legal_move(counts, |m| moves.push(m));
    moves
}
