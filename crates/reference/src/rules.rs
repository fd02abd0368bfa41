//! Player 2 rules checked by game-tree search alone (no solved table): whether Player 2 following
//! a rule wins against every Player 1 line, by the plain recursion on (position, player to move).

use std::collections::HashMap;

use zecklab_games::zgame::ZPosition;
use zecklab_lab::StrategyRule;

/// Whether Player 2 following `rule` wins the game on `n` against every Player 1 line: Player 1
/// to move at the start; Player 1 tries every move, Player 2 makes the rule's move, and whoever
/// cannot move (or, for Player 2, has no move from the rule) loses.
pub fn rule_wins_by_search(rule: &StrategyRule, n: u32) -> bool {
    let start = ZPosition::start(n).expect("n >= 1");
    let mut memo = HashMap::new();
    !player_one_wins(rule, &start, &mut memo)
}

/// Whether Player 1, to move at `p`, can beat the rule.
fn player_one_wins(rule: &StrategyRule, p: &ZPosition, memo: &mut HashMap<ZPosition, bool>) -> bool {
    if let Some(&known) = memo.get(p) {
        return known;
    }
    let wins = p.moves().into_iter().any(|m| {
        let after = p.apply(m).expect("listed moves are legal");
        // Player 2 to move at `after`: stuck (no move, or none from the rule) means Player 1 won.
        match rule.choose(after.counts()) {
            None => true,
            Some(reply) => player_one_wins(rule, &after.apply(reply).expect("rules pick legal moves"), memo),
        }
    });
    memo.insert(p.clone(), wins);
    wins
}
