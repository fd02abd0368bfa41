//! The exhaustive engine: solves every heap up to a bound by search, without the ladder.
//!
//! For a fixed heap the winning caps are upward closed (a larger cap only adds moves), so one
//! number per heap, its threshold (least winning cap), holds the whole table: `(h, c)` is a win
//! iff `threshold[h] <= c`. The threshold of `h` is the least `x` whose move leaves a loss, i.e.
//! `threshold[h - x] > k x`. Scanning `x` upward stops at the threshold, so the total work is
//! the sum of the thresholds: `O(N log N)` in practice, 4 bytes a heap.

use super::rules::NimRules;

/// The threshold of a heap from which no cap wins (heap 0 in normal play; heap 1 in misère).
pub const NO_THRESHOLD: u32 = u32::MAX;

/// `thresholds(rules, n)[h]` is the least winning cap of heap `h` for `0 <= h <= n`, or
/// [`NO_THRESHOLD`].
///
/// Misère play is searched directly, not through the reduction the theory uses: a move that
/// takes the last counter is a losing move, so it never makes a position a win.
pub fn thresholds(rules: NimRules, max_heap: u32) -> Vec<u32> {
    let k = rules.k();
    let size = max_heap as usize + 1;
    let mut table = Vec::with_capacity(size);
    table.push(NO_THRESHOLD);
    for h in 1..=max_heap {
        // In misère play taking everything is never a winning move, so x stops short of h.
        let last = if rules.misere() { h - 1 } else { h };
        let mut found = NO_THRESHOLD;
        for x in 1..=last {
            if u64::from(table[(h - x) as usize]) > k * u64::from(x) {
                found = x;
                break;
            }
        }
        table.push(found);
    }
    table
}

/// Every winning move from `(heap, cap)` read off a threshold table, smallest first.
pub fn winning_moves_from_table(table: &[u32], rules: NimRules, heap: u32, cap: u32) -> Vec<u32> {
    let k = rules.k();
    let most = cap.min(heap);
    let most = if rules.misere() { most.min(heap.saturating_sub(1)) } else { most };
    (1..=most).filter(|&x| u64::from(table[(heap - x) as usize]) > k * u64::from(x)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fibnim::{NimPosition, Theory};
    use num_bigint::BigUint;

    /// Plain memoised search over (heap, cap) pairs, with no threshold shortcut.
    fn naive_win(
        rules: NimRules,
        heap: u32,
        cap: u32,
        memo: &mut std::collections::HashMap<(u32, u32), bool>,
    ) -> bool {
        let cap = cap.min(heap);
        if let Some(&w) = memo.get(&(heap, cap)) {
            return w;
        }
        let mut win = false;
        for x in 1..=cap {
            let left = heap - x;
            let wins_now = if left == 0 {
                !rules.misere()
            } else {
                !naive_win(rules, left, (rules.k() as u32).saturating_mul(x), memo)
            };
            if wins_now {
                win = true;
                break;
            }
        }
        memo.insert((heap, cap), win);
        win
    }

    #[test]
    fn thresholds_match_naive_search() {
        for k in 1..=4 {
            for misere in [false, true] {
                let rules = NimRules::new(k, misere).unwrap();
                let table = thresholds(rules, 120);
                let mut memo = Default::default();
                for h in 1..=120 {
                    for c in 1..=h {
                        let naive = naive_win(rules, h, c, &mut memo);
                        assert_eq!(table[h as usize] <= c, naive, "k={k} misere={misere} ({h},{c})");
                    }
                }
            }
        }
    }

    #[test]
    fn theory_agrees_with_exhaustive_on_every_position() {
        // Every (heap, cap) with heap <= 3,000, k = 1..6, normal and misère: outcome, threshold
        // and the full set of winning moves (a move's winning-ness does not depend on the cap,
        // so comparing the moves at cap = heap and the thresholds covers every cap).
        for k in 1..=6 {
            for misere in [false, true] {
                let rules = NimRules::new(k, misere).unwrap();
                let table = thresholds(rules, 3_000);
                let mut theory = Theory::new(rules);
                for h in 1..=3_000u32 {
                    let position = NimPosition::new(h.into(), h.into()).unwrap();
                    let analysis = theory.analyse(&position);
                    let expected_threshold =
                        (table[h as usize] != NO_THRESHOLD).then(|| BigUint::from(table[h as usize]));
                    assert_eq!(analysis.threshold, expected_threshold, "k={k} misere={misere} heap {h}");
                    let moves: Vec<BigUint> = winning_moves_from_table(&table, rules, h, h)
                        .into_iter()
                        .map(BigUint::from)
                        .collect();
                    assert_eq!(analysis.winning_moves, moves, "k={k} misere={misere} heap {h}");
                    // Each cap: the theory's outcome for (h, c) against the table.
                    for c in [1, 2, 3, h / 2, h.saturating_sub(1)] {
                        if c == 0 {
                            continue;
                        }
                        let p = NimPosition::new(h.into(), c.into()).unwrap();
                        assert_eq!(
                            theory.analyse(&p).outcome.is_win(),
                            table[h as usize] <= c,
                            "k={k} ({h},{c})"
                        );
                    }
                }
            }
        }
    }
}
