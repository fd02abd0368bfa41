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
            if leaves_a_loss(table[(h - x) as usize], k, x) {
                found = x;
                break;
            }
        }
        table.push(found);
    }
    table
}

/// An estimate, from above, of the steps [`thresholds`] takes up to `max_heap`. The scan for
/// heap `h` stops at its threshold: `h` itself for the heaps up to `k + 1` (every take there
/// lets the opponent take the rest); beyond, thresholds are ladder terms, and their average is
/// below half the number of ladder terms up to `max_heap`, about `(k + 1)(1 + ln(N / (k + 1)))`
/// (measured for k = 1..100 in the tests, where the estimate is checked against the real scan).
/// Callers use it to refuse work that would take hours before starting it.
pub fn estimated_threshold_steps(k: u64, max_heap: u32) -> u128 {
    let n = f64::from(max_heap);
    let k1 = k as f64 + 1.0;
    let linear = n.min(k1);
    let terms = if n <= k1 { n } else { k1 * (1.0 + (n / k1).ln()) };
    let steps = linear * (linear + 3.0) / 2.0 + (n - linear) * (terms / 2.0 + 1.0);
    steps.ceil() as u128
}

/// Every winning move from `(heap, cap)` read off a threshold table, smallest first.
pub fn winning_moves_from_table(table: &[u32], rules: NimRules, heap: u32, cap: u32) -> Vec<u32> {
    let k = rules.k();
    let most = cap.min(heap);
    let most = if rules.misere() { most.min(heap.saturating_sub(1)) } else { most };
    (1..=most).filter(|&x| leaves_a_loss(table[(heap - x) as usize], k, x)).collect()
}

/// Whether taking `x` leaves a loss for the opponent: the heap left has no winning cap at all
/// ([`NO_THRESHOLD`], an infinite threshold), or its threshold exceeds the cap `k x` the take
/// allows. `k x` may pass 2^64; it then exceeds every threshold.
fn leaves_a_loss(threshold_left: u32, k: u64, x: u32) -> bool {
    threshold_left == NO_THRESHOLD || u64::from(threshold_left) > k.saturating_mul(u64::from(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fibnim::{NimPosition, Theory};
    use num_bigint::BigUint;

    #[test]
    fn the_step_estimate_bounds_the_real_scan() {
        for k in [1, 2, 3, 10, 100, 1 << 40] {
            for misere in [false, true] {
                let rules = NimRules::new(k, misere).unwrap();
                let to = 30_000;
                let table = thresholds(rules, to);
                let steps: u128 =
                    table.iter().map(|&t| u128::from(if t == NO_THRESHOLD { to } else { t })).sum();
                assert!(steps <= estimated_threshold_steps(k, to), "k = {k}: {steps}");
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
                let theory = Theory::new(rules);
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
