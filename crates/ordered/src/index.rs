//! A perfect ranking of the ordered game's positions (the compositions of n into Fibonacci
//! numbers) in which every move goes to a higher rank.
//!
//! Read a list from its right end: `t = (t_0, t_1, ...)`, the last entry first. Every move makes
//! `t` lexicographically larger (at the first place in `t` that the move touches, the entry grows:
//! a merge or split raises it, a switch puts the larger entry there), so ranking `t`
//! lexicographically orders every child after its parent. With `C[m]` the number of compositions
//! of `m` into Fibonacci numbers and `P[R][k] = sum over v < k, F_v <= R of C[R - F_v]`, the rank
//! is `sum_j P[R_j][t_j]`, `R_j` the sum of `t_j, t_(j+1), ...`. A move changes the terms of its
//! pair only (the entries after it keep their remaining sums), so a child's rank is its parent's
//! with those terms replaced.

use zecklab_numeration::fib::FIB_U64;

use super::OrderedPosition;

/// The ranking of the ordered game on `n`.
#[derive(Clone, Debug)]
pub struct OrderedIndex {
    n: u32,
    /// The largest index with `F_top <= n`.
    top: usize,
    /// `C[m]`, `0 <= m <= n`.
    compositions: Vec<u64>,
    /// `P[R][k]` at `prefix[R * stride + k]`, `1 <= k <= top + 1`.
    prefix: Vec<u64>,
    stride: usize,
}

impl OrderedIndex {
    /// The index of the game on `n`; `None` for `n = 0` or when the count overflows `u64`
    /// (n > 68).
    pub fn new(n: u32) -> Option<OrderedIndex> {
        if n == 0 || n > 1 << 16 {
            return None;
        }
        let size = n as usize + 1;
        let top = FIB_U64[1..].partition_point(|&f| f <= u64::from(n));
        let mut compositions = vec![0u64; size];
        compositions[0] = 1;
        for m in 1..size {
            let mut sum = 0u64;
            for &f in FIB_U64[1..=top].iter().take_while(|&&f| f as usize <= m) {
                sum = sum.checked_add(compositions[m - f as usize])?;
            }
            compositions[m] = sum;
        }
        let stride = top + 2;
        let mut prefix = vec![0u64; size * stride];
        for r in 0..size {
            let mut sum = 0u64;
            for k in 1..=top + 1 {
                prefix[r * stride + k] = sum;
                if k <= top && FIB_U64[k] as usize <= r {
                    sum = sum.checked_add(compositions[r - FIB_U64[k] as usize])?;
                }
            }
        }
        Some(OrderedIndex { n, top, compositions, prefix, stride })
    }

    /// The game's n.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The largest entry index a position can hold.
    pub fn top(&self) -> usize {
        self.top
    }

    /// The number of positions: the compositions of n into Fibonacci numbers.
    pub fn count(&self) -> u64 {
        self.compositions[self.n as usize]
    }

    /// `P[R][k]`: the positions with remaining sum `R` whose next entry (from the right) is
    /// below index `k`.
    #[inline]
    pub(crate) fn term(&self, remaining: u32, k: u8) -> u64 {
        self.prefix[remaining as usize * self.stride + usize::from(k)]
    }

    /// The rank of `p` (a position of this game).
    pub fn rank(&self, p: &OrderedPosition) -> Option<u64> {
        if p.n() != u64::from(self.n) {
            return None;
        }
        let mut remaining = self.n;
        let mut rank = 0u64;
        for &k in p.indices().iter().rev() {
            rank += self.term(remaining, k);
            remaining -= FIB_U64[usize::from(k)] as u32;
        }
        Some(rank)
    }

    /// The position of rank `r < count()`.
    pub fn unrank(&self, mut r: u64) -> OrderedPosition {
        let mut remaining = self.n;
        let mut reversed = Vec::new();
        while remaining > 0 {
            // The largest k whose block starts at or below r.
            let k = (1..=self.top as u8)
                .rev()
                .find(|&k| FIB_U64[usize::from(k)] <= u64::from(remaining) && self.term(remaining, k) <= r)
                .expect("a rank below the count");
            r -= self.term(remaining, k);
            remaining -= FIB_U64[usize::from(k)] as u32;
            reversed.push(k);
        }
        reversed.reverse();
        OrderedPosition::from_indices(reversed).expect("indices of parts of n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_and_every_move_goes_up() {
        for n in 1..=16 {
            let index = OrderedIndex::new(n).unwrap();
            for r in 0..index.count() {
                let p = index.unrank(r);
                assert_eq!(p.n(), u64::from(n));
                assert_eq!(index.rank(&p), Some(r), "{p}");
                for m in p.moves() {
                    let child = p.apply(m).unwrap();
                    assert!(index.rank(&child).unwrap() > r, "{p} -> {child}");
                }
            }
            assert_eq!(index.rank(&OrderedPosition::start(n)), Some(0), "the start ranks first");
        }
    }

    #[test]
    fn the_counts_are_the_compositions() {
        // Counted one by one: every composition of n into Fibonacci numbers.
        fn compositions(m: u64) -> u64 {
            if m == 0 {
                return 1;
            }
            FIB_U64[1..].iter().take_while(|&&f| f <= m).map(|&f| compositions(m - f)).sum()
        }
        for n in 1..=20 {
            assert_eq!(OrderedIndex::new(n).unwrap().count(), compositions(u64::from(n)), "n = {n}");
        }
        assert_eq!(OrderedIndex::new(25).unwrap().count(), 4_915_135);
        assert_eq!(OrderedIndex::new(30).unwrap().count(), 120_215_370);
        assert_eq!(OrderedIndex::new(40).unwrap().count(), 71_913_195_697);
    }
}
