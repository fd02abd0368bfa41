//! Testing a rule in rank order, for games too large to hold the explored positions.
//!
//! Every move goes to a higher rank ([`PositionIndex`]), so one pass over the ranks from 0 up
//! visits each reachable position after every position that reaches it: two visited bits a rank
//! (reached with Player 1 to move, reached with Player 2 to move) are all the state, where the
//! breadth-first test keeps 8 bytes for every position of every level. It finds the same
//! reachable positions, so the same `wins`, `decisions` and `agreement`; its first bad decision is
//! the bad decision of smallest rank (not necessarily a shallowest one), and its line is found
//! by walking back from it to the start, through reached positions only.

use std::collections::VecDeque;

use super::test::{decide, play_on, BadDecision, RuleTest, Seen};
use super::Chooser;
use zecklab_games::zgame::{apply_to_counts, for_each_legal_move, for_each_undoable_move, undo_on_counts};
use zecklab_games::zgame::{PositionIndex, SolvedTable, ZMove};
use zecklab_games::Outcome;

/// Bytes a rank-order test holds besides the table: two bits a position.
pub fn rank_test_bytes(index: &PositionIndex) -> u64 {
    2 * index.count().div_ceil(64) * 8
}

/// Tests `rule` on the game `table` solves by one pass in rank order (see the module header),
/// calling `progress(done, total)` with ranks passed.
pub fn test_rule_by_rank(
    rule: &(impl Chooser + ?Sized),
    table: &(impl SolvedTable + ?Sized),
    progress: impl Fn(u64, u64),
) -> RuleTest {
    let index = table.index();
    let (n, top, count) = (index.n(), index.top(), index.count());
    let loss = |r: u64| table.outcome(r) == Outcome::Loss;
    // Reached with Player 1 to move, with Player 2 to move.
    let (mut one, mut two) = (Seen::new(count), Seen::new(count));
    one.insert(0);
    let (mut decisions, mut with_winning, mut agreeing) = (0u64, 0u64, 0u64);
    let mut first_bad: Option<(u64, Option<ZMove>, Option<ZMove>)> = None;
    let mut counts = vec![0u32; top + 2];
    let words = count.div_ceil(64) as usize;
    for w in 0..words {
        if w % (1 << 16) == 0 {
            progress(w as u64 * 64, count);
        }
        // A position's children have higher ranks, some in this word: read it again after each.
        let mut done = 0u64;
        loop {
            let pending = (one.word(w) | two.word(w)) & !done;
            if pending == 0 {
                break;
            }
            let b = pending.trailing_zeros();
            done |= 1 << b;
            let r = w as u64 * 64 + u64::from(b);
            counts.iter_mut().for_each(|c| *c = 0);
            index.unrank_into(r, &mut counts[..top]);
            if one.contains(r) {
                let mut moves = Vec::new();
                for_each_legal_move(&counts[..top], |m| moves.push(m));
                for m in moves {
                    apply_to_counts(&mut counts, m);
                    two.insert(index.rank_counts(&counts[..top]));
                    undo_on_counts(&mut counts, m);
                }
            }
            if two.contains(r) {
                decisions += 1;
                let (winning, chosen, child) = decide(rule, index, &mut counts, loss);
                let good = child.is_some_and(loss);
                if winning.is_some() {
                    with_winning += 1;
                    agreeing += u64::from(good);
                }
                if !good && first_bad.is_none() {
                    first_bad = Some((r, chosen, winning));
                }
                if let Some(c) = child {
                    one.insert(c);
                }
            }
        }
    }
    progress(count, count);
    let agreement = (with_winning > 0).then(|| agreeing as f64 / with_winning as f64);
    let (first_bad, losing_line) = match first_bad {
        None => (None, None),
        Some((r, rule_move, winning_move)) => {
            let mut path = back_to_start(rule, index, &one, &two, r);
            let depth = path.len() as u32 - 1;
            play_on(rule, table, &mut path);
            let bad = BadDecision { position: index.unrank(r), depth, rule_move, winning_move };
            (Some(bad), Some(path.into_iter().map(|r| index.unrank(r)).collect()))
        }
    };
    RuleTest { n, wins: first_bad.is_none(), decisions, agreement, first_bad, losing_line }
}

/// A line from the start to `bad` (reached with Player 2 to move) through reached positions: each
/// step back takes a parent reached with the other player to move (for a Player 2 parent, one
/// whose rule move leads on). Ranks fall at every step, so the walk ends at the start.
fn back_to_start(
    rule: &(impl Chooser + ?Sized),
    index: &PositionIndex,
    one: &Seen,
    two: &Seen,
    bad: u64,
) -> VecDeque<u64> {
    let top = index.top();
    let mut path = VecDeque::from([bad]);
    let (mut at, mut player_two) = (bad, true);
    let mut counts = vec![0u32; top + 2];
    while at != 0 || player_two {
        counts.iter_mut().for_each(|c| *c = 0);
        index.unrank_into(at, &mut counts[..top]);
        let mut undoable = Vec::new();
        for_each_undoable_move(&counts[..top], |m| undoable.push(m));
        let parent = undoable
            .into_iter()
            .find_map(|m| {
                undo_on_counts(&mut counts, m);
                let parent = index.rank_counts(&counts[..top]);
                let found = if player_two {
                    one.contains(parent)
                } else {
                    two.contains(parent) && rule.choose(&counts[..top]) == Some(m)
                };
                apply_to_counts(&mut counts, m);
                found.then_some(parent)
            })
            .expect("every reached position but the start has a reached parent");
        path.push_front(parent);
        at = parent;
        player_two = !player_two;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{replay_losing_line, test_rule, Exploration, StrategyRule};
    use zecklab_games::zgame::solve;

    #[test]
    fn rank_order_finds_what_breadth_first_finds() {
        let rules = [
            "split:largest,combine:smallest,ones",
            "combine:largest,ones,split:largest",
            "last",
            "first",
            "c1:odd?ones,combine:largest,split:smallest",
            "next.combines<=0?last,first",
        ]
        .map(|t| StrategyRule::parse(t).unwrap());
        let (mut wins, mut losses) = (0, 0);
        for n in 1..=45 {
            let table = solve(n, false, 1 << 30, |_, _| {}).unwrap();
            for rule in &rules {
                let wide = test_rule(rule, &table, Exploration::Full);
                let ranked = test_rule_by_rank(rule, &table, |_, _| {});
                assert_eq!(
                    (ranked.wins, ranked.decisions, ranked.agreement),
                    (wide.wins, wide.decisions, wide.agreement),
                    "{rule}, n = {n}"
                );
                if ranked.wins {
                    wins += 1;
                    assert!(ranked.first_bad.is_none() && ranked.losing_line.is_none());
                    continue;
                }
                losses += 1;
                let bad = ranked.first_bad.as_ref().unwrap();
                let line = ranked.losing_line.as_ref().unwrap();
                assert_eq!(line[bad.depth as usize], bad.position, "{rule}, n = {n}");
                replay_losing_line(rule, n, line).unwrap_or_else(|e| panic!("{rule}, n = {n}: {e}"));
                // The bad decision is bad by the table: the rule's move leads to a win for Player 1.
                let after = bad.rule_move.and_then(|m| bad.position.apply(m).ok());
                assert!(after.is_none_or(|p| table.outcome(table.index().rank(&p).unwrap()) == Outcome::Win));
            }
        }
        assert!(wins > 10 && losses > 10, "{wins} wins, {losses} losses");
    }
}
