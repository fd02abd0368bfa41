//! The sweep over one tier: every position from its children, in rank order ([`run_in_rank_order`],
//! the reference) or in parallel waves ([`run_in_waves`]).
//!
//! **Waves.** Fix the counts above an index `J`; the positions with those counts form a block of
//! consecutive ranks, and split by `(b, a) = (c_J, c_(J-1))` into sub-blocks. A split whose highest
//! index is above `J` leaves the block for a higher-ranked one (solved earlier: blocks run in
//! decreasing rank order). A split at `J - 1` (`F(J-1) ∧ F(J-1) -> F(J-3) ∧ F(J)`) goes from
//! `(b, a)` to `(b + 1, a - 2)`, and one at `J - 2` goes to `(b, a + 1)`: both raise `a + 3b` by
//! exactly one. Any other split stays in its sub-block, and every combine leaves the tier. So the
//! sub-blocks with the same `a + 3b` never depend on each other, and waves taken in decreasing
//! `a + 3b` find every dependency solved; inside a sub-block positions run in decreasing rank
//! order, as in the reference.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;
use zecklab_numeration::fib::FIB_U64;

use super::{Prefix, TierIndex, TierValues};
use crate::zgame::position::{apply_to_counts, for_each_legal_move, lowest_changed_index, undo_on_counts};
use crate::zgame::ranks::MAX_TOP;

/// The tier being solved, written by several threads (each rank by exactly one).
pub(super) struct Current {
    wins: Vec<AtomicU64>,
    remoteness: Option<Vec<AtomicU16>>,
}

impl Current {
    pub(super) fn new(size: u64, with_remoteness: bool) -> Current {
        Current {
            wins: (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            remoteness: with_remoteness.then(|| (0..size).map(|_| AtomicU16::new(0)).collect()),
        }
    }

    fn is_win(&self, r: u64) -> bool {
        self.wins[(r / 64) as usize].load(Relaxed) >> (r % 64) & 1 == 1
    }

    fn remoteness_of(&self, r: u64) -> Option<u32> {
        self.remoteness.as_ref().map(|t| u32::from(t[r as usize].load(Relaxed)))
    }

    pub(super) fn into_values(self, parts: u32) -> TierValues {
        TierValues {
            parts,
            wins: self.wins.into_iter().map(AtomicU64::into_inner).collect(),
            remoteness: self.remoteness.map(|t| t.into_iter().map(AtomicU16::into_inner).collect()),
        }
    }
}

/// Everything one position's solve reads and writes.
pub(super) struct Sweep<'a> {
    pub(super) index: &'a TierIndex,
    pub(super) below: Option<&'a TierValues>,
    pub(super) current: &'a Current,
    pub(super) overflow: AtomicBool,
    pub(super) done: AtomicU64,
    /// Blocks with fewer positions run in rank order on one thread.
    pub(super) split_from: u64,
}

impl Sweep<'_> {
    /// Solves the position `parent` of rank `prefix.same[1]` from its children.
    fn visit(&self, parent: &[u32], prefix: &Prefix) {
        let index = self.index;
        let top = index.top();
        let rank = prefix.same[1];
        let mut counts = [0u32; MAX_TOP];
        counts[..top].copy_from_slice(parent);
        let (mut win, mut any) = (false, false);
        let (mut fastest, mut slowest) = (u32::MAX, 0u32);
        for_each_legal_move(parent, |m| {
            any = true;
            apply_to_counts(&mut counts, m);
            let h = m.highest_index().min(top);
            // The child's rank: the parent's terms above `h` (in the child's tier), the terms of
            // the indices the move changed, and the parent's own terms below them (the counts,
            // sums and part counts there are the parent's, in either tier).
            let low = lowest_changed_index(m);
            let unchanged_below = if low >= 2 { rank - prefix.same[low - 1] } else { 0 };
            let (loss, remoteness) = if m.removes_part() {
                let r = prefix.minus[h]
                    + index.rank_between(&counts[..top], h, low, prefix.m[h], prefix.q[h] - 1)
                    + unchanged_below;
                debug_assert_eq!(
                    r,
                    index.rank_below(&counts[..top], h, prefix.m[h], prefix.q[h] - 1, prefix.minus[h])
                );
                let t = self.below.expect("a combine leads to the tier below");
                (!t.is_win(r), t.remoteness_of(r))
            } else {
                let r = prefix.same[h]
                    + index.rank_between(&counts[..top], h, low, prefix.m[h], prefix.q[h])
                    + unchanged_below;
                debug_assert_eq!(
                    r,
                    index.rank_below(&counts[..top], h, prefix.m[h], prefix.q[h], prefix.same[h])
                );
                debug_assert!(r > rank, "a split goes to a higher rank");
                (!self.current.is_win(r), self.current.remoteness_of(r))
            };
            undo_on_counts(&mut counts, m);
            if let Some(rem) = remoteness {
                if loss {
                    fastest = fastest.min(rem);
                }
                slowest = slowest.max(rem);
            }
            win |= loss;
        });
        if win {
            self.current.wins[(rank / 64) as usize].fetch_or(1 << (rank % 64), Relaxed);
        }
        if let Some(table) = &self.current.remoteness {
            let value = if !any {
                0
            } else if win {
                fastest + 1
            } else {
                slowest + 1
            };
            match u16::try_from(value) {
                Ok(v) => table[rank as usize].store(v, Relaxed),
                Err(_) => self.overflow.store(true, Relaxed),
            }
        }
    }

    /// The reference: every position of tier `p` in decreasing rank order, on this thread.
    pub(super) fn run_in_rank_order(&self, p: u32) {
        self.index.for_each_descending(p, |parent, prefix| {
            self.visit(parent, prefix);
            self.done.fetch_add(1, Relaxed);
        });
    }

    /// Every position of tier `p`, in parallel waves (see the module header); `progress(done)`
    /// is called between waves of the largest blocks.
    pub(super) fn run_in_waves(&self, p: u32, progress: &(dyn Fn(u64) + Sync)) {
        let index = self.index;
        let top = index.top();
        if index.count(p) == 0 {
            return;
        }
        let mut counts = vec![0u32; top];
        let mut prefix = Prefix::new(top);
        prefix.m[top] = i64::from(index.n());
        prefix.q[top] = i64::from(p);
        self.block(top, &mut counts, &mut prefix, progress);
    }

    /// The block of positions sharing `counts` above `j` (with `prefix` filled at `j`): small
    /// blocks in rank order, large ones in waves of sub-blocks, each again a block two levels down.
    fn block(&self, j: usize, counts: &mut [u32], prefix: &mut Prefix, progress: &(dyn Fn(u64) + Sync)) {
        let index = self.index;
        let (m, q, same, minus) = (prefix.m[j], prefix.q[j], prefix.same[j], prefix.minus[j]);
        if j < 4 || index.q(j, m, q) < self.split_from {
            let mut visited = 0u64;
            index.descend(j, m, q, same, minus, counts, prefix, &mut |parent, pre| {
                self.visit(parent, pre);
                visited += 1;
            });
            self.done.fetch_add(visited, Relaxed);
            return;
        }
        let (fj, fj1) = (FIB_U64[j] as i64, FIB_U64[j - 1] as i64);
        // Every feasible (b, a) = (c_j, c_(j-1)) with its wave key a + 3b.
        let mut subs: Vec<(i64, i64, i64)> = Vec::new();
        for b in 0..=(m / fj).min(q) {
            let (m1, q1) = (m - b * fj, q - b);
            for a in 0..=(m1 / fj1).min(q1) {
                if index.q(j - 2, m1 - a * fj1, q1 - a) > 0 {
                    subs.push((a + 3 * b, b, a));
                }
            }
        }
        subs.sort_unstable_by(|x, y| y.cmp(x));
        let mut start = 0;
        while start < subs.len() {
            let key = subs[start].0;
            let end = start + subs[start..].iter().take_while(|s| s.0 == key).count();
            subs[start..end].par_iter().for_each(|&(_, b, a)| {
                let mut counts = counts.to_vec();
                let mut prefix = prefix.clone();
                counts[j - 1] = b as u32;
                counts[j - 2] = a as u32;
                let (m1, q1) = (m - b * fj, q - b);
                let (m2, q2) = (m1 - a * fj1, q1 - a);
                let (same_b, minus_b) = index.terms(j, m, q, b);
                let (same_a, minus_a) = index.terms(j - 1, m1, q1, a);
                prefix.m[j - 1] = m1;
                prefix.q[j - 1] = q1;
                prefix.same[j - 1] = same + same_b;
                prefix.minus[j - 1] = minus.wrapping_add(minus_b);
                prefix.m[j - 2] = m2;
                prefix.q[j - 2] = q2;
                prefix.same[j - 2] = prefix.same[j - 1] + same_a;
                prefix.minus[j - 2] = prefix.minus[j - 1].wrapping_add(minus_a);
                self.block(j - 2, &mut counts, &mut prefix, progress);
            });
            progress(self.done.load(Relaxed));
            start = end;
        }
    }
}

/// Blocks with fewer positions run in rank order on one thread (a wave costs a few
/// microseconds of scheduling; 4,096 positions take about a millisecond).
pub(super) const SPLIT_FROM: u64 = 1 << 12;
