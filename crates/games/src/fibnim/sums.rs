//! Several heaps. Two rule sets, both normal play:
//!
//! - **Own caps**: each heap keeps its own cap (set by the last move made in that heap). The
//!   heaps are independent components, so Sprague–Grundy applies: the position is a win iff the
//!   nim-sum of the heaps' Grundy values is non-zero ([`GrundyTable`]).
//! - **Shared cap**: one cap for the whole board, set by the last move wherever it was made
//!   ([`SharedCapSolver`], exhaustive search for small heaps). No component structure.
//!
//! An exhaustive own-caps search in `zecklab-reference` checks the nim-sum rule.

use std::collections::HashMap;

use super::grundy::GrundyTable;
use super::rules::NimRules;
use crate::Outcome;

/// A move in a sum: take `take` counters from heap number `heap` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Which heap (0-based, in the order given).
    pub heap: usize,
    /// How many counters to take.
    pub take: u32,
}

/// Outcome and winning moves of a sum with own caps, by nim-sum. `heaps[i] = (heap, cap)`.
/// Returns `None` when a heap is past the table.
pub fn own_caps_analysis(table: &GrundyTable, heaps: &[(u32, u32)]) -> Option<(u32, Outcome, Vec<SumMove>)> {
    let k = table.k();
    let values: Vec<u32> = heaps.iter().map(|&(h, c)| table.value(h, c)).collect::<Option<_>>()?;
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let mut moves = Vec::new();
    for (i, &(h, c)) in heaps.iter().enumerate() {
        let rest = total ^ values[i];
        for x in 1..=c.min(h) {
            let left = h - x;
            let cap = (k.saturating_mul(u64::from(x))).min(u64::from(left)) as u32;
            if table.value(left, cap)? == rest {
                moves.push(SumMove { heap: i, take: x });
            }
        }
    }
    Some((total, Outcome::win_if(total != 0), moves))
}

/// Exhaustive solver for several heaps sharing one cap: the cap applies to whichever heap is
/// moved in next, and the next cap is `k` times the take.
#[derive(Clone, Debug)]
pub struct SharedCapSolver {
    rules: NimRules,
    memo: HashMap<(Vec<u32>, u32), bool>,
}

/// Outcome and winning moves of a shared-cap position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedCapAnalysis {
    /// Win or loss for the player to move.
    pub outcome: Outcome,
    /// Every winning move.
    pub winning_moves: Vec<SumMove>,
    /// Distinct positions the search solved.
    pub positions_solved: usize,
}

impl SharedCapSolver {
    /// A solver for normal play under `rules` (misère is not supported for sums).
    pub fn new(rules: NimRules) -> SharedCapSolver {
        SharedCapSolver { rules, memo: HashMap::new() }
    }

    fn key(heaps: &[u32], cap: u32) -> (Vec<u32>, u32) {
        let mut h: Vec<u32> = heaps.iter().copied().filter(|&x| x > 0).collect();
        h.sort_unstable();
        let largest = h.last().copied().unwrap_or(0);
        (h, cap.min(largest))
    }

    /// Whether the player to move wins.
    pub fn wins(&mut self, heaps: &[u32], cap: u32) -> bool {
        let key = Self::key(heaps, cap);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let (h, c) = key.clone();
        let mut win = false;
        'search: for i in 0..h.len() {
            if i > 0 && h[i] == h[i - 1] {
                continue;
            }
            for x in 1..=c.min(h[i]) {
                let mut next = h.clone();
                next[i] -= x;
                let next_cap = self.rules.k().saturating_mul(u64::from(x)).min(u64::from(u32::MAX)) as u32;
                if !self.wins(&next, next_cap) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, win);
        win
    }

    /// Outcome and every winning move, heaps in the order given.
    pub fn analyse(&mut self, heaps: &[u32], cap: u32) -> SharedCapAnalysis {
        let mut winning_moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for x in 1..=cap.min(h) {
                let mut next = heaps.to_vec();
                next[i] -= x;
                let next_cap = self.rules.k().saturating_mul(u64::from(x)).min(u64::from(u32::MAX)) as u32;
                if !self.wins(&next, next_cap) {
                    winning_moves.push(SumMove { heap: i, take: x });
                }
            }
        }
        SharedCapAnalysis {
            outcome: Outcome::win_if(!winning_moves.is_empty()),
            winning_moves,
            positions_solved: self.memo.len(),
        }
    }
}

/// Convenience wrapper: analyse a shared-cap position with a fresh solver.
pub fn shared_cap_analysis(rules: NimRules, heaps: &[u32], cap: u32) -> SharedCapAnalysis {
    SharedCapSolver::new(rules).analyse(heaps, cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_cap_single_heap_is_fibonacci_nim() {
        let rules = NimRules::new(2, false).unwrap();
        let table = crate::fibnim::thresholds(rules, 40);
        let mut solver = SharedCapSolver::new(rules);
        for h in 1..=40u32 {
            for c in 1..=h {
                assert_eq!(solver.wins(&[h], c), table[h as usize] <= c);
            }
        }
        // Two and three heaps against plain recursion (no memo, no sorting of heaps): the listed
        // winning moves are exactly the moves to a position the recursion calls lost.
        fn plain_wins(heaps: &[u32], cap: u32) -> bool {
            (0..heaps.len()).any(|i| {
                (1..=cap.min(heaps[i])).any(|x| {
                    let mut next = heaps.to_vec();
                    next[i] -= x;
                    !plain_wins(&next, 2 * x)
                })
            })
        }
        for heaps in [[3u32, 3, 0], [4, 6, 0], [5, 2, 3], [1, 6, 7]] {
            for cap in 1..=7 {
                let a = solver.analyse(&heaps, cap);
                let mut expected = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    for x in 1..=cap.min(h) {
                        let mut next = heaps.to_vec();
                        next[i] -= x;
                        if !plain_wins(&next, 2 * x) {
                            expected.push(SumMove { heap: i, take: x });
                        }
                    }
                }
                assert_eq!(a.winning_moves, expected, "{heaps:?}, cap {cap}");
                assert_eq!(a.outcome.is_win(), plain_wins(&heaps, cap), "{heaps:?}, cap {cap}");
            }
        }
    }
}
