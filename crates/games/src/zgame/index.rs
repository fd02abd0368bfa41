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
    /// `P(j, m)` at `table[j * stride + m]` for `1 <= j <= top`, `0 <= m <= n` (row 0 unused):
    /// one flat array, since ranking reads a row per index for every position.
    table: Vec<u64>,
    stride: usize,
    /// The rows again, each after `n` zeros (`P(j, m) = 0` for `m < 0`): `P(j, m)` at
    /// `padded[j * (2n + 1) + n + m]` for `-n <= m <= n`. Unranking's bisection then looks up
    /// `P(j, m - c F_j)` for any `c <= n / F_j` with no test whether `c F_j` fits in `m`.
    padded: Vec<u64>,
}

impl PositionIndex {
    /// The index of the game on `n`. Returns `None` for `n = 0` (no game) and when the count
    /// overflows `u64`.
    pub fn new(n: u32) -> Option<PositionIndex> {
        if n == 0 {
            return None;
        }
        // From n = 2^20 on, choosing each of c_2..c_12 freely in 0..=n/(11 F_j) already gives more
        // than (n / (11 * 233))^11 > 409^11 > 2^64 positions: refuse before allocating the table.
        if n >= 1 << 20 {
            return None;
        }
        let size = n as usize + 1;
        let top = FIB_U64[1..].partition_point(|&f| f <= u64::from(n));
        let mut table = vec![0u64; (top + 1) * size];
        table[size..2 * size].fill(1);
        for j in 2..=top {
            let f = FIB_U64[j] as usize;
            let (below, row) = table.split_at_mut(j * size);
            let row = &mut row[..size];
            row.copy_from_slice(&below[(j - 1) * size..]);
            for m in f..size {
                row[m] = row[m].checked_add(row[m - f])?;
            }
        }
        let padded_stride = 2 * size - 1;
        let mut padded = vec![0u64; (top + 1) * padded_stride];
        for (row, padded) in table.chunks_exact(size).zip(padded.chunks_exact_mut(padded_stride)) {
            padded[size - 1..].copy_from_slice(row);
        }
        Some(PositionIndex { n, top, table, stride: size, padded })
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The number of positions (partitions of `n` into Fibonacci parts).
    pub fn count(&self) -> u64 {
        self.table[self.top * self.stride + self.n as usize]
    }

    /// The largest Fibonacci index a position can use.
    pub fn top(&self) -> usize {
        self.top
    }

    /// `P(j, m)`: the number of ways to write `m <= n` with parts `F1..Fj` (`1 <= j <= top`).
    pub fn partitions(&self, j: usize, m: usize) -> u64 {
        self.table[j * self.stride + m]
    }

    /// The rank of a position given by counts (`counts[i - 1]` copies of `F_i`) summing to `n`.
    pub fn rank_counts(&self, counts: &[u32]) -> u64 {
        self.rank_below(counts, self.top, self.n as usize, 0)
    }

    /// Finishes a rank from index `j` down: `partial` is the rank's sum over the indices above
    /// `j`, and `m` the part of `n` left for indices `<= j` (`rank_counts` is
    /// `rank_below(counts, top, n, 0)`). Positions that share their counts above `j` share
    /// `partial` and `m`, so a caller ranking many such positions need not repeat that work.
    #[inline]
    pub fn rank_below(&self, counts: &[u32], j: usize, mut m: usize, partial: u64) -> u64 {
        let mut rank = partial;
        for j in (2..=j.min(self.top)).rev() {
            let c = counts.get(j - 1).copied().unwrap_or(0) as usize;
            let used = c * FIB_U64[j] as usize;
            let row = &self.table[j * self.stride..][..self.stride];
            rank += row[m] - row[m - used];
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
    pub fn unrank_into(&self, rank: u64, counts: &mut [u32]) {
        self.unrank_lanes::<1>(&[rank], counts);
    }

    /// The counts of many ranks at once (each `< count()`), into `counts`: `top` entries a rank,
    /// one row after another (`counts.len() == ranks.len() * top`). Several ranks are unranked in
    /// lockstep, so their independent table lookups overlap; this is several times faster a rank
    /// than [`PositionIndex::unrank_into`] one by one.
    ///
    /// # Panics
    /// When `counts` does not hold `top` entries for every rank.
    pub fn unrank_many(&self, ranks: &[u64], counts: &mut [u32]) {
        const LANES: usize = 8;
        let top = self.top;
        assert_eq!(counts.len(), ranks.len() * top, "unrank_many: counts holds top entries a rank");
        let mut rows = counts.chunks_exact_mut(top * LANES);
        let mut groups = ranks.chunks_exact(LANES);
        for (group, rows) in (&mut groups).zip(&mut rows) {
            self.unrank_lanes::<LANES>(group.try_into().expect("chunks of LANES"), rows);
        }
        let rest = rows.into_remainder();
        for (&r, row) in groups.remainder().iter().zip(rest.chunks_exact_mut(top)) {
            self.unrank_lanes::<1>(&[r], row);
        }
    }

    /// Unranks `K` ranks in lockstep into `K` rows of `top` counts.
    ///
    /// Positions with the same counts above `j`, `m` left for the indices `<= j` and `c_j = c`
    /// start at rank offset `P(j, m) - P(j, m - c F_j)`, growing with `c`: `c_j` is the last `c`
    /// whose block starts at or below the rank, found by bisection. The bisection runs over
    /// the counts that fit the largest `m` of the group (a `c` with `c F_j > m` simply fails the
    /// test), so all lanes take the same steps: no branch depends on one lane's data, each step
    /// is arithmetic, and the lanes' lookups overlap. `c_2` needs no search (its blocks have
    /// one position each: the offset is `c` itself), and `c_1` is what is left.
    #[inline(always)]
    fn unrank_lanes<const K: usize>(&self, ranks: &[u64; K], counts: &mut [u32]) {
        let top = self.top;
        let mut rank = *ranks;
        let n = self.n as usize;
        let mut m = [n; K];
        for j in (3..=top).rev() {
            let f = FIB_U64[j] as usize;
            let row = &self.padded[j * (2 * n + 1)..][..2 * n + 1];
            // P(j, m) for each lane: the rank is below it.
            let all: [u64; K] = std::array::from_fn(|lane| row[n + m[lane]]);
            // The lanes search the counts that fit the largest of what they have left (at most
            // n / F_j + 1 of them), so that every lookup stays within the padded row.
            let most = m.iter().copied().max().unwrap_or(0);
            let mut candidates = most / f + 1;
            // Each lane keeps where its current count `c` reads in the row (`n + m - c F_j`)
            // rather than `c` itself, so a step's chain of dependent work is a subtraction, the
            // lookup, a comparison and a masked subtraction; `c` follows alongside.
            let mut c = [0usize; K];
            let mut at: [usize; K] = std::array::from_fn(|lane| n + m[lane]);
            while candidates > 1 {
                let half = candidates / 2;
                let stride = half * f;
                for lane in 0..K {
                    let probe = at[lane] - stride;
                    debug_assert!(probe < row.len());
                    // SAFETY: `m <= n` and the counts probed satisfy `c F_j <= most <= n`, so
                    // `m <= probe <= 2n < row.len()`. Bounds checks here slowed the step.
                    let start = all[lane] - unsafe { *row.get_unchecked(probe) };
                    // A conditional move, not a branch: the test is a coin toss, and a
                    // mispredicted branch costs more than the whole step (the compiler turns
                    // plain masks back into branches). A count that does not fit reads a
                    // padding zero, and its block "starts" at P(j, m) > rank.
                    let take = start <= rank[lane];
                    at[lane] = std::hint::select_unpredictable(take, probe, at[lane]);
                    c[lane] = std::hint::select_unpredictable(take, c[lane] + half, c[lane]);
                }
                candidates -= half;
            }
            for lane in 0..K {
                rank[lane] -= all[lane] - row[at[lane]];
                m[lane] -= c[lane] * f;
                counts[lane * top + j - 1] = c[lane] as u32;
            }
        }
        for lane in 0..K {
            let row = &mut counts[lane * top..][..top];
            if top >= 2 {
                row[1] = rank[lane] as u32;
                m[lane] -= 2 * rank[lane] as usize;
            }
            row[0] = m[lane] as u32;
        }
    }

    /// Steps `counts` (`top` entries, a position of this game) to the position of the next rank;
    /// returns `false`, leaving `counts` unchanged, at the last rank.
    ///
    /// Ranks grow with `c_2` fastest (each step trades two `F1` for one `F2`); when no `F1` pair is
    /// left, the lowest index `j >= 3` whose count can still grow (the parts below it sum to at
    /// least `F_j`) takes one more `F_j`, and everything below it falls back to `F1`s. This walks
    /// the order directly from its definition, independently of the solver's rank arithmetic.
    pub fn next_counts(&self, counts: &mut [u32]) -> bool {
        let mut below = u64::from(counts[0]);
        for j in 2..=self.top {
            let f = FIB_U64[j];
            if below >= f {
                counts[j - 1] += 1;
                let left = below - f;
                counts[1..j - 1].iter_mut().for_each(|c| *c = 0);
                counts[0] = left as u32;
                return true;
            }
            below += u64::from(counts[j - 1]) * f;
        }
        false
    }

    /// A fingerprint of this ranking: a 64-bit FNV-1a hash of the ordering's name, `n`, the top
    /// index and every `P(j, m)`. Stored tables carry it, so a table made under another ranking
    /// (or for another game) is refused rather than misread.
    pub fn fingerprint(&self) -> u64 {
        const ORDER: &[u8] =
            b"zecklab zgame ranking v1: counts compared from the top index down, c_L most significant";
        let mut hash = Fnv1a::new();
        hash.eat(ORDER);
        hash.eat(&self.n.to_le_bytes());
        hash.eat(&(self.top as u64).to_le_bytes());
        for j in 1..=self.top {
            for m in 0..=self.n as usize {
                hash.eat(&self.partitions(j, m).to_le_bytes());
            }
        }
        hash.finish()
    }

    /// Calls `visit(rank, counts)` for every rank in `lo..hi` (`hi <= count()`), in order, with
    /// the position's counts (`top` entries): one unranking, then [`PositionIndex::next_counts`].
    pub fn for_each_counts(&self, lo: u64, hi: u64, mut visit: impl FnMut(u64, &[u32])) {
        let _: Result<(), std::convert::Infallible> = self.try_for_each_counts(lo, hi, |r, c| {
            visit(r, c);
            Ok(())
        });
    }

    /// [`PositionIndex::for_each_counts`], stopping at the first error `visit` returns.
    ///
    /// # Errors
    /// The first error of `visit`.
    pub fn try_for_each_counts<E>(
        &self,
        lo: u64,
        hi: u64,
        mut visit: impl FnMut(u64, &[u32]) -> Result<(), E>,
    ) -> Result<(), E> {
        if lo >= hi {
            return Ok(());
        }
        let mut counts = vec![0u32; self.top];
        self.unrank_into(lo, &mut counts);
        for r in lo..hi {
            if r > lo {
                self.next_counts(&mut counts);
            }
            visit(r, &counts)?;
        }
        Ok(())
    }

    /// The position with the given rank.
    pub fn unrank(&self, rank: u64) -> ZPosition {
        let mut counts = vec![0; self.top];
        self.unrank_into(rank, &mut counts);
        ZPosition::from_counts(counts).expect("n >= 1")
    }
}

/// The 64-bit FNV-1a hash (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`) that the
/// rankings' fingerprints use (the store's `FORMAT.md` specifies both).
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_and_moves_go_up() {
        for n in 1..=30 {
            let index = PositionIndex::new(n).unwrap();
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
    fn unranking_inverts_ranking_in_large_games() {
        for n in [200, 500, 1000] {
            let index = PositionIndex::new(n).unwrap();
            let mut counts = vec![0; index.top()];
            // Ranks spread over the whole range, with both ends.
            let step = index.count() / 997;
            for r in (0..index.count()).step_by(step as usize).chain([index.count() - 1]) {
                index.unrank_into(r, &mut counts);
                let sum: u64 = counts.iter().enumerate().map(|(i, &c)| u64::from(c) * FIB_U64[i + 1]).sum();
                assert_eq!(sum, u64::from(n));
                assert_eq!(index.rank_counts(&counts), r, "n = {n}");
            }
        }
    }

    #[test]
    fn unranking_many_at_once_equals_one_by_one() {
        // Batches of every length around the lane count, so the lockstep groups and the
        // remainder are both exercised, at small n (every rank) and large n (spread ranks).
        for n in (1..=40).chain([233, 500, 1000]) {
            let index = PositionIndex::new(n).unwrap();
            let top = index.top();
            let count = index.count();
            let ranks: Vec<u64> = (0..count.min(70))
                .chain((0..50u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % count))
                .collect();
            for len in [0, 1, 7, 8, 9, 17, ranks.len()] {
                let mut many = vec![0; len * top];
                index.unrank_many(&ranks[..len], &mut many);
                for (i, &r) in ranks[..len].iter().enumerate() {
                    let row = &many[i * top..][..top];
                    let sum: u64 = row.iter().enumerate().map(|(i, &c)| u64::from(c) * FIB_U64[i + 1]).sum();
                    assert_eq!(sum, u64::from(n), "n = {n}, rank {r}");
                    assert_eq!(index.rank_counts(row), r, "n = {n}, rank {r}");
                }
            }
        }
    }

    #[test]
    fn next_counts_walks_the_ranks_in_order() {
        for n in 1..=40 {
            let index = PositionIndex::new(n).unwrap();
            let mut counts = vec![0; index.top()];
            index.unrank_into(0, &mut counts);
            for r in 1..index.count() {
                assert!(index.next_counts(&mut counts), "n = {n}, rank {r}");
                let mut want = vec![0; index.top()];
                index.unrank_into(r, &mut want);
                assert_eq!(counts, want, "n = {n}, rank {r}");
            }
            assert!(!index.next_counts(&mut counts), "n = {n}: the end is the last rank");
        }
    }

    #[test]
    fn no_game_on_zero() {
        assert!(PositionIndex::new(0).is_none());
        // Callers that return Option answer None rather than panic.
        assert!(crate::zgame::lengths(0, |_, _| {}).is_none());
        assert!(crate::zgame::length_distribution(0, |_, _| {}).is_none());
    }

    #[test]
    fn published_count() {
        // 97,075 partitions of 100 into Fibonacci parts.
        assert_eq!(PositionIndex::new(100).unwrap().count(), 97_075);
    }
}
