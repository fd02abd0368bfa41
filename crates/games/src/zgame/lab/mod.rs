//! Player 2's strategy lab: explicit rules for Player 2 ([`rule`]), tested against every Player 1
//! line ([`test`]), searched over ([`search`]), and the structure of the P-positions they must
//! reach ([`structure`]). The solved tables decide; nothing here does I/O.

mod rule;
mod search;
mod structure;
mod test;

pub use rule::{Comparison, Extreme, Guard, Measure, MoveKind, Pick, Preference, Quantity, RuleError, StrategyRule};
pub use search::{
    enumerate_rules, search_preferences, search_rules, SearchResult, SEARCH_GUARDS, SEARCH_PICKS,
};
pub use structure::{p_counts, p_structure, Cell, PStructure};
pub use test::{replay_losing_line, test_rule, BadDecision, Exploration, RuleTest};

/// The legal moves of a count vector, in the rules' order.
pub(crate) fn legal_moves(counts: &[u32]) -> Vec<crate::zgame::ZMove> {
    let mut moves = Vec::new();
    crate::zgame::position::for_each_legal_move(counts, |m| moves.push(m));
    moves
}
