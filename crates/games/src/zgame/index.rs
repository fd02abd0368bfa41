//! Perfect ranking of the positions of the game on `n` (partitions of `n` into Fibonacci parts)
//! to dense indices `0..count`, the way tablebases rank placements.
//!
//! Order: count vectors compared from the top index down (`c_L` most significant). Every move
//! raises a count above every count it lowers, so every move goes to a higher rank.
//!
//! `P(j, m)` is the number of ways to write `m` with parts `F1..Fj` (`c_1` is then forced):
//! `P(1, m) = 1`, `P(j, m) = P(j-1, m) + P(j, m - F_j)`. The positions with the same counts above
//! `j` and a smaller `c_j` number `sum_(c' < c_j) P(j-1, m - c' F_j) = P(j, m) - P(j, m - c_j F_j)`,
//! so `rank = sum_j [P(j, m_j) - P(j, m_j - c_j F_j)]` with `m_j` the sum left below index `j + 1`.

use zecklab_numeration::fib::FIB_U64;

use super::position::ZPosition;

/// The ranking of every position of the game on `n`.
#[derive(Clone, Debug)]
pub struct PositionIndex {
    n: u32,
    /// The largest index with `F_L <= n`.
    top: usize,
    /// `table[j][m] = P(j, m)` for `1 <= j <= top`, `0 <= m <= n`; `table[0]` is unused.
    table: Vec<Vec<u64>>,
}

impl PositionIndex {
    /// The index of the game on `n >= 1`. Returns `None` if the count overflows `u64`.
    pub fn new(n: u32) -> Option<PositionIndex> {
        // From n = 2^20 on, choosing each of c_2..c_12 freely in 0..=n/(11 F_j) already gives more
        // than (n / (11 * 233))^11 > 409^11 > 2^64 positions: refuse before allocating the table.
        if n >= 1 << 20 {
            return None;
        }
        let size = n as usize + 1;
        let top = FIB_U64[1..].partition_point(|&f| f <= u64::from(n));
        let mut table = vec![Vec::new(), vec![1u64; size]];
        for j in 2..=top {
            let f = FIB_U64[j] as usize;
            let mut row = table[j - 1].clone();
            for m in f..size {
                row[m] = row[m].checked_add(row[m - f])?;
            }
            table.push(row);
        }
        Some(PositionIndex { n, top, table })
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The number of positions (partitions of `n` into Fibonacci parts).
    pub fn count(&self) -> u64 {
        self.table[self.top][self.n as usize]
    }

    /// The largest Fibonacci index a position can use.
    pub fn top(&self) -> usize {
        self.top
    }

    /// `P(j, m)`: the number of ways to write `m <= n` with parts `F1..Fj` (`1 <= j <= top`).
    pub fn partitions(&self, j: usize, m: usize) -> u64 {
        self.table[j][m]
    }

    /// The rank of a position given by counts (`counts[i - 1]` copies of `F_i`) summing to `n`.
    pub fn rank_counts(&self, counts: &[u32]) -> u64 {
        let mut m = self.n as usize;
        let mut rank = 0;
        for j in (2..=self.top).rev() {
            let c = counts.get(j - 1).copied().unwrap_or(0) as usize;
            let used = c * FIB_U64[j] as usize;
            rank += self.table[j][m] - self.table[j][m - used];
            m -= used;
        }
        rank
    }

    /// The rank of a position of the game on `n`, or `None` when it belongs to another `n`.
    pub fn rank(&self, position: &ZPosition) -> Option<u64> {
        (position.n() == u64::from(self.n) && position.counts().len() <= self.top)
            .then(|| self.rank_counts(position.counts()))
    }

    /// The counts of the position with the given rank (`rank < count()`), into `counts`
    /// (`top` entries).
    pub fn unrank_into(&self, mut rank: u64, counts: &mut [u32]) {
        let mut m = self.n as usize;
        for j in (2..=self.top).rev() {
            let f = FIB_U64[j] as usize;
            let row = &self.table[j];
            let mut c = 0usize;
            // Positions with c_j = c start at row[m] - row[m - c f]; find the block holding rank.
            while (c + 1) * f <= m && row[m] - row[m - (c + 1) * f] <= rank {
                c += 1;
            }
            rank -= row[m] - row[m - c * f];
            counts[j - 1] = c as u32;
            m -= c * f;
        }
        counts[0] = m as u32;
    }

    /// The position with the given rank.
    pub fn unrank(&self, rank: u64) -> ZPosition {
        let mut counts = vec![0; self.top];
        self.unrank_into(rank, &mut counts);
        ZPosition::from_counts(counts).expect("n >= 1")
    }
}

/// The number of partitions of `n` into Fibonacci parts by the one-dimensional coin-change
/// recurrence over parts in increasing order: an independent count to check the index against.
pub fn partition_count_independent(n: u32) -> u128 {
    let mut ways = vec![0u128; n as usize + 1];
    ways[0] = 1;
    for &part in FIB_U64[1..].iter().take_while(|&&f| f <= u64::from(n)) {
        for m in part as usize..=n as usize {
            ways[m] += ways[m - part as usize];
        }
    }
    ways[n as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_and_moves_go_up() {
        for n in 1..=30 {
            let index = PositionIndex::new(n).unwrap();
            assert_eq!(u128::from(index.count()), partition_count_independent(n));
            for r in 0..index.count() {
                let p = index.unrank(r);
                assert_eq!(index.rank(&p), Some(r));
                for m in p.moves() {
                    assert!(index.rank(&p.apply(m).unwrap()).unwrap() > r, "n = {n}, {p} {m}");
                }
            }
        }
    }

    #[test]
    fn issue_counts() {
        // The issue quotes 97,075 positions at n = 100.
        assert_eq!(PositionIndex::new(100).unwrap().count(), 97_075);
    }
}
