//! [`TierIndex`]: the positions of the game on `n` with exactly `p` parts (tier `p`), ranked
//! densely `0..count(p)` in the same order as [`crate::zgame::PositionIndex`] (count vectors
//! compared from the top index down), restricted to the tier.
//!
//! `Q(j, m, q)` is the number of ways to write `m` as exactly `q` parts from `F1..Fj`:
//! `Q(1, m, q) = [m = q]`, `Q(j, m, q) = Q(j-1, m, q) + Q(j, m - F_j, q - 1)`. Among the
//! positions with the same counts above `j`, those with a smaller `c_j` number
//! `sum_(c' < c_j) Q(j-1, m - c' F_j, q - c') = Q(j, m, q) - Q(j, m - c_j F_j, q - c_j)` (the
//! telescoping of the recurrence), so
//! `rank = sum_j [Q(j, m_j, q_j) - Q(j, m_j - c_j F_j, q_j - c_j)]`, where `m_j` and `q_j` are
//! the sum and the number of parts left at indices `<= j`.

use zecklab_numeration::fib::FIB_U64;

use crate::zgame::position::{count_changes, lowest_changed_index};
use crate::zgame::ZMove;

/// The largest count table built (n = 2,500 needs 0.9 GiB; the positions of larger games would
/// take far longer to solve than any machine runs).
pub const TABLE_LIMIT: u128 = 1 << 30;

/// The ranking of every tier of the game on `n`.
#[derive(Clone, Debug)]
pub struct TierIndex {
    n: u32,
    top: usize,
    /// `Q(j, m, q)` at `(j * (n + 1) + m) * (n + 1) + q`.
    table: Vec<u64>,
    side: usize,
}

impl TierIndex {
    /// The tiers of the game on `n`, or `None` for `n = 0`, when the table would exceed
    /// [`TABLE_LIMIT`] or when a count overflows `u64`. The table takes `8 (top + 1) (n + 1)^2`
    /// bytes (128 MB at n = 1000).
    pub fn new(n: u32) -> Option<TierIndex> {
        if n == 0 || TierIndex::table_bytes(n) > TABLE_LIMIT {
            return None;
        }
        let side = n as usize + 1;
        let top = FIB_U64[1..].partition_point(|&f| f <= u64::from(n));
        let mut table = vec![0u64; (top + 1) * side * side];
        for m in 0..side {
            table[(side + m) * side + m] = 1;
        }
        for j in 2..=top {
            let f = FIB_U64[j] as usize;
            for m in 0..side {
                for q in 0..side {
                    let mut v = table[((j - 1) * side + m) * side + q];
                    if m >= f && q >= 1 {
                        v = v.checked_add(table[(j * side + m - f) * side + q - 1])?;
                    }
                    table[(j * side + m) * side + q] = v;
                }
            }
        }
        Some(TierIndex { n, top, table, side })
    }

    /// The bytes of the count table of the game on `n`.
    pub fn table_bytes(n: u32) -> u128 {
        let top = FIB_U64[1..].partition_point(|&f| f <= u64::from(n)) as u128;
        (top + 1) * (u128::from(n) + 1).pow(2) * 8
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The largest Fibonacci index a position can use.
    pub fn top(&self) -> usize {
        self.top
    }

    /// `Q(j, m, q)`, 0 when `m` or `q` is negative.
    #[inline]
    pub fn q(&self, j: usize, m: i64, q: i64) -> u64 {
        if m < 0 || q < 0 {
            return 0;
        }
        // Past `side` an index would land on another entry's value, not out of the table.
        debug_assert!(
            (m as usize) < self.side && (q as usize) < self.side,
            "Q({j}, {m}, {q}) past the table's side {}",
            self.side
        );
        self.table[(j * self.side + m as usize) * self.side + q as usize]
    }

    /// Positions with exactly `p` parts.
    pub fn count(&self, p: u32) -> u64 {
        if p > self.n {
            return 0;
        }
        self.q(self.top, i64::from(self.n), i64::from(p))
    }

    /// The fewest parts any position has (the Zeckendorf representation's).
    pub fn fewest_parts(&self) -> u32 {
        (1..=self.n).find(|&p| self.count(p) > 0).expect("n ones is a position")
    }

    /// The rank within its tier of a position given by counts (`counts[i - 1]` copies of `F_i`).
    pub fn rank(&self, counts: &[u32]) -> u64 {
        let parts: u32 = counts.iter().sum();
        self.rank_below(counts, self.top, i64::from(self.n), i64::from(parts), 0)
    }

    /// Finishes a rank from index `j` down, given the sum `m` and the parts `q` left at indices
    /// `<= j` and `partial`, the rank's terms above `j`.
    ///
    /// `counts` must be a position with those `m` and `q` (every index reached stays in the table).
    #[inline]
    pub fn rank_below(&self, counts: &[u32], j: usize, m: i64, q: i64, partial: u64) -> u64 {
        partial + self.rank_between(counts, j, 2, m, q)
    }

    /// The rank terms of indices `low..=j` (at least 2) only, given the sum `m` and parts `q` left
    /// at indices `<= j`: with the terms above `j` and below `low` known, a child's rank needs only
    /// the indices its move changed.
    #[inline]
    pub fn rank_between(&self, counts: &[u32], j: usize, low: usize, m: i64, q: i64) -> u64 {
        self.rank_terms(|index| counts[index - 1], j, low, m, q)
    }

    /// [`TierIndex::rank_between`] with the count at each index from `count`.
    #[inline(always)]
    fn rank_terms(&self, count: impl Fn(usize) -> u32, j: usize, low: usize, m: i64, q: i64) -> u64 {
        let (mut m, mut q) = (m as usize, q as usize);
        let side = self.side;
        let (low, mut j) = (low.max(2), j.min(self.top));
        let mut rank = 0;
        // A plain loop on one flat index: a reversed inclusive range and a slice of each row
        // cost more instructions than the two lookups.
        while j >= low {
            let c = count(j) as usize;
            let used = c * FIB_U64[j] as usize;
            let row = j * side * side;
            // Q(j, m, q) - Q(j, m - used, q - c): both inside row j, since the counts are a position.
            rank += self.table[row + m * side + q] - self.table[row + (m - used) * side + q - c];
            m -= used;
            q -= c;
            j -= 1;
        }
        rank
    }

    /// The rank terms of `c_j = c` with `m` and `q` left at indices `<= j`: in the position's own
    /// tier, and in the tier below (one part fewer at every index `<= j`, as after a combine below
    /// `j`; wrapping where that tier has no such position, and then never used).
    #[inline]
    pub fn terms(&self, j: usize, m: i64, q: i64, c: i64) -> (u64, u64) {
        let (m2, q2) = (m - c * FIB_U64[j] as i64, q - c);
        (self.q(j, m, q) - self.q(j, m2, q2), self.q(j, m, q - 1).wrapping_sub(self.q(j, m2, q2 - 1)))
    }

    /// The rank of the child that move `m` leads to from the position `prefix` describes, given
    /// the child's counts (`m` applied), and whether the child lies in the tier below (a
    /// combine) rather than the position's own tier (a split, at a higher rank).
    #[inline(always)]
    pub fn child_rank(&self, child: &[u32], prefix: &Prefix, m: ZMove) -> (u64, bool) {
        self.child_rank_by(|index| child[index - 1], prefix, m)
    }

    /// [`TierIndex::child_rank`] from the parent's counts (`m` not applied): the few counts the
    /// move changes are changed as they are read, with no copy of the position.
    #[inline(always)]
    pub fn child_rank_of_parent(&self, parent: &[u32], prefix: &Prefix, m: ZMove) -> (u64, bool) {
        let changes = count_changes(m);
        self.child_rank_by(
            |index| {
                let changed = changes.iter().filter(|(i, _)| *i == index).map(|(_, change)| change).sum();
                parent[index - 1].wrapping_add_signed(changed)
            },
            prefix,
            m,
        )
    }

    /// [`TierIndex::child_rank`] with the child's count at each index from `count`.
    #[inline(always)]
    fn child_rank_by(&self, count: impl Fn(usize) -> u32, prefix: &Prefix, m: ZMove) -> (u64, bool) {
        let rank = prefix.same[1];
        let h = m.highest_index().min(self.top);
        // The child's rank: the parent's terms above `h` (in the child's tier), the terms of the
        // indices the move changed, and the parent's own terms below them (the counts, sums and
        // part counts there are the parent's, in either tier).
        let low = lowest_changed_index(m);
        let unchanged_below = if low >= 2 { rank - prefix.same[low - 1] } else { 0 };
        let (partial, parts, down) = if m.removes_part() {
            (prefix.minus[h], prefix.q[h] - 1, true)
        } else {
            (prefix.same[h], prefix.q[h], false)
        };
        let r = partial + self.rank_terms(&count, h, low, prefix.m[h], parts) + unchanged_below;
        debug_assert_eq!(r, partial + self.rank_terms(&count, h, 2, prefix.m[h], parts));
        (r, down)
    }

    /// Visits every position of tier `p` in decreasing rank order with its counts and the
    /// prefix data its children's ranks resume from ([`Prefix`]).
    pub fn for_each_descending(&self, p: u32, mut visit: impl FnMut(&[u32], &Prefix)) {
        let mut counts = vec![0u32; self.top];
        let mut prefix = Prefix::new(self.top);
        if self.count(p) == 0 {
            return;
        }
        self.descend(self.top, i64::from(self.n), i64::from(p), 0, 0, &mut counts, &mut prefix, &mut visit);
    }

    /// Visits, in decreasing rank order, every position from level `j` down, given the sum `m`,
    /// the parts `q` and the rank terms (`same`, `minus`) of the counts above `j` already in
    /// `counts`/`prefix`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn descend(
        &self,
        j: usize,
        m: i64,
        q: i64,
        same: u64,
        minus: u64,
        counts: &mut [u32],
        prefix: &mut Prefix,
        visit: &mut impl FnMut(&[u32], &Prefix),
    ) {
        prefix.m[j] = m;
        prefix.q[j] = q;
        prefix.same[j] = same;
        prefix.minus[j] = minus;
        if j == 1 {
            counts[0] = m as u32;
            visit(counts, prefix);
            return;
        }
        let f = FIB_U64[j] as i64;
        // The parts left below `j` must number `q - c` and sum to `m - c f`, each between 1 and
        // `F(j-1)`: so `q - c <= m - c f <= (q - c) F(j-1)`, which bounds `c` on both sides (at
        // j = 2 it fixes c = m - q). Values inside the bounds that no parts reach are skipped
        // by the count below.
        let below = FIB_U64[j - 1] as i64;
        let most = (m / f).min(q).min((m - q) / (f - 1));
        let least = ((m - q * below).max(0) as u64).div_ceil((f - below) as u64) as i64;
        for c in (least..=most).rev() {
            let (m2, q2) = (m - c * f, q - c);
            if self.q(j - 1, m2, q2) == 0 {
                continue;
            }
            counts[j - 1] = c as u32;
            let (term_same, term_minus) = self.terms(j, m, q, c);
            self.descend(
                j - 1,
                m2,
                q2,
                same + term_same,
                minus.wrapping_add(term_minus),
                counts,
                prefix,
                visit,
            );
        }
        counts[j - 1] = 0;
    }
}

/// What the ranks of a position's children resume from, for every index `h`: the sum and the
/// parts left at indices `<= h`, and the rank's terms above `h` in the position's own tier
/// (`same`, for splits) and in the tier below (`minus`, for combines, which leave one part fewer
/// at every index from the one they touch up).
#[derive(Clone, Debug)]
pub struct Prefix {
    /// Sum left at indices `<= h`.
    pub m: Vec<i64>,
    /// Parts left at indices `<= h`.
    pub q: Vec<i64>,
    /// Terms above `h`, ranked in the position's tier.
    pub same: Vec<u64>,
    /// Terms above `h`, ranked in the tier below (meaningful where a combine can touch `h`).
    pub minus: Vec<u64>,
}

impl Prefix {
    pub(super) fn new(top: usize) -> Prefix {
        Prefix { m: vec![0; top + 1], q: vec![0; top + 1], same: vec![0; top + 1], minus: vec![0; top + 1] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::PositionIndex;

    #[test]
    fn tiers_partition_the_positions_in_the_flat_order() {
        for n in 1..=45u32 {
            let flat = PositionIndex::new(n).unwrap();
            let tiers = TierIndex::new(n).unwrap();
            let total: u64 = (1..=n).map(|p| tiers.count(p)).sum();
            assert_eq!(total, flat.count(), "n = {n}");
            // Walking the flat order, each tier's positions come in rank order 0, 1, 2, ...
            let mut next = vec![0u64; n as usize + 1];
            let mut counts = vec![0u32; flat.top()];
            flat.unrank_into(0, &mut counts);
            loop {
                let p = counts.iter().sum::<u32>() as usize;
                assert_eq!(tiers.rank(&counts), next[p], "n = {n} {counts:?}");
                next[p] += 1;
                if !flat.next_counts(&mut counts) {
                    break;
                }
            }
            for p in 1..=n {
                // Descending enumeration: every rank once, from the top down, with the prefix
                // data reproducing each rank.
                let mut expected = tiers.count(p);
                tiers.for_each_descending(p, |c, prefix| {
                    expected -= 1;
                    assert_eq!(tiers.rank(c), expected);
                    let top = tiers.top();
                    for h in 1..=top {
                        assert_eq!(
                            tiers.rank_below(c, h, prefix.m[h], prefix.q[h], prefix.same[h]),
                            expected
                        );
                    }
                });
                assert_eq!(expected, 0, "n = {n}, p = {p}");
            }
        }
    }
}
