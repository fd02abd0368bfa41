//! [`FamilyIndex`]: a perfect ranking of the positions of a generalized game on `n`, the
//! partitions of `n` into parts `G_1 .. G_L`, in the order the Zeckendorf game's own ranking
//! uses: count vectors compared from the top index down (`c_L` most significant), rank 0 all
//! ones and the last rank the legal decomposition. For the Fibonacci recurrence the ranks are
//! exactly [`crate::zgame::PositionIndex`]'s (a test holds them equal).
//!
//! With `P(j, m)` the number of ways to write `m` with parts `G_1 .. G_j` and `m_j` the part of
//! `n` left for indices `<= j`: `rank = Σ_{j >= 2} P(j, m_j) - P(j, m_j - c_j G_j)`.

/// The ranking of one game's positions.
#[derive(Clone, Debug)]
pub struct FamilyIndex {
    n: u32,
    terms: Vec<u64>,
    /// `P(j, m)` at `j * (n + 1) + m`, for `j` in `0..=L` (`P(0, m)` is 1 at `m = 0` only).
    table: Vec<u64>,
    count: u64,
}

impl FamilyIndex {
    /// The index of the partitions of `n` into `terms` (`terms[0] = 1`); `None` when their number
    /// does not fit in 64 bits.
    pub fn new(terms: &[u64], n: u32) -> Option<FamilyIndex> {
        let side = n as usize + 1;
        let top = terms.len();
        let mut table = vec![0u64; (top + 1) * side];
        table[0] = 1;
        for j in 1..=top {
            let g = terms[j - 1] as usize;
            for m in 0..side {
                let mut v = table[(j - 1) * side + m];
                if m >= g {
                    v = v.checked_add(table[j * side + m - g])?;
                }
                table[j * side + m] = v;
            }
        }
        let count = table[top * side + n as usize];
        Some(FamilyIndex { n, terms: terms.to_vec(), table, count })
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Positions of the game.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// `L`.
    pub fn top(&self) -> usize {
        self.terms.len()
    }

    /// `P(j, m)`, 0 for negative `m`.
    #[inline]
    pub fn p(&self, j: usize, m: i64) -> u64 {
        if m < 0 {
            return 0;
        }
        self.table[j * (self.n as usize + 1) + m as usize]
    }

    /// The rank of `counts` (`counts[i - 1]` copies of `G_i`, summing to `n`).
    pub fn rank(&self, counts: &[u32]) -> u64 {
        self.rank_from(counts, self.top(), i64::from(self.n), 0)
    }

    /// Finishes a rank from index `j` down, `partial` being its sum over the indices above `j`
    /// and `m` the part of `n` left for indices `<= j`.
    #[inline]
    pub fn rank_from(&self, counts: &[u32], j: usize, mut m: i64, mut partial: u64) -> u64 {
        for i in (2..=j).rev() {
            let taken = i64::from(counts[i - 1]) * self.terms[i - 1] as i64;
            partial += self.p(i, m) - self.p(i, m - taken);
            m -= taken;
        }
        partial
    }

    /// The counts of rank `r`.
    pub fn unrank(&self, mut r: u64) -> Vec<u32> {
        let top = self.top();
        let mut counts = vec![0u32; top];
        let mut m = i64::from(self.n);
        for j in (2..=top).rev() {
            let g = self.terms[j - 1] as i64;
            let mut t = 0;
            while r >= self.p(j - 1, m - t * g) {
                r -= self.p(j - 1, m - t * g);
                t += 1;
            }
            counts[j - 1] = t as u32;
            m -= t * g;
        }
        if top >= 1 {
            counts[0] = m as u32;
        }
        counts
    }

    /// A fingerprint of the ranking: the 64-bit FNV-1a hash of a description of the order, `n`,
    /// `L`, the terms and every `P(j, m)`. A stored table records it, and a reader that cannot
    /// reproduce it refuses the table (its ranks would mean other positions).
    pub fn fingerprint(&self) -> u64 {
        const ORDER: &[u8] =
            b"zecklab family ranking v1: partitions into G_1..G_L, counts compared from the top index down";
        let mut hash = crate::zgame::index::Fnv1a::new();
        hash.eat(ORDER);
        hash.eat(&self.n.to_le_bytes());
        hash.eat(&(self.top() as u64).to_le_bytes());
        for t in &self.terms {
            hash.eat(&t.to_le_bytes());
        }
        for v in &self.table {
            hash.eat(&v.to_le_bytes());
        }
        hash.finish()
    }

    /// Steps `counts` to the position one rank lower; `false` at rank 0.
    pub fn prev_counts(&self, counts: &mut [u32]) -> bool {
        let top = self.top();
        let Some(j) = (2..=top).find(|&j| counts[j - 1] > 0) else { return false };
        counts[j - 1] -= 1;
        // Everything below index j is refilled greedily: the last position of its block.
        let mut m: u64 =
            (1..j).map(|i| u64::from(counts[i - 1]) * self.terms[i - 1]).sum::<u64>() + self.terms[j - 1];
        for i in (2..j).rev() {
            let c = m / self.terms[i - 1];
            counts[i - 1] = c as u32;
            m -= c * self.terms[i - 1];
        }
        counts[0] = m as u32;
        true
    }
}
