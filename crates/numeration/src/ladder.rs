//! Generalised ladders for an integer factor `k >= 1`: `H1 = 1`, `H(j+1) = H(j) + H(m)` with `m`
//! the least index such that `k * H(m) >= H(j)`.
//!
//! `k = 1` gives the powers of two, `k = 2` the Fibonacci numbers `1, 2, 3, 5, 8, ...` and
//! `k = 3` gives `1, 2, 3, 4, 6, 8, 11, 15, ...`. The greedy representation in a ladder has
//! consecutive terms with `bigger > k * smaller`; this is the numeration behind the factor-`k`
//! take-away games, which is why it lives here rather than with the games.

use std::fmt;

use num_bigint::BigUint;
use num_traits::One;

use crate::Representation;

/// Why a ladder could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LadderError {
    /// The factor must be at least 1.
    ZeroFactor,
}

impl fmt::Display for LadderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LadderError::ZeroFactor => f.write_str("invalid factor k = 0: k must be at least 1"),
        }
    }
}

impl std::error::Error for LadderError {}

/// The terms of a `u64` ladder up to a limit: enough to represent every number up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderU64 {
    k: u64,
    limit: u64,
    terms: Vec<u64>,
}

impl LadderU64 {
    /// The factor.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The terms not above the limit, `H1` first.
    pub fn terms(&self) -> &[u64] {
        &self.terms
    }

    /// The largest number this ladder represents: every term up to it is present.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The greedy representation of `n`, or `None` when `n` is past [`LadderU64::limit`] (the
    /// ladder may lack the terms it needs).
    pub fn represent(&self, mut n: u64) -> Option<Representation> {
        if n > self.limit {
            return None;
        }
        let mut indices = Vec::new();
        let mut end = self.terms.partition_point(|&t| t <= n);
        while n != 0 {
            // Largest term <= remainder; the remainder only shrinks, so the search range does too.
            // The ladder starts at H1 = 1, so some term always fits.
            end = self.terms[..end].partition_point(|&t| t <= n);
            n -= self.terms[end - 1];
            indices.push(end as u32);
        }
        Some(Representation::from_descending(indices))
    }
}

/// The ladder for factor `k` with every term that fits in a `u64` and does not exceed `limit`.
///
/// # Errors
/// [`LadderError::ZeroFactor`] when `k == 0`.
pub fn ladder_u64(k: u64, limit: u64) -> Result<LadderU64, LadderError> {
    if k == 0 {
        return Err(LadderError::ZeroFactor);
    }
    let mut terms: Vec<u64> = vec![1];
    let mut m = 0usize;
    loop {
        let last = *terms.last().expect("ladder is never empty");
        // The pointer only moves forward because the terms increase.
        while u128::from(k) * u128::from(terms[m]) < u128::from(last) {
            m += 1;
        }
        match last.checked_add(terms[m]) {
            Some(next) if next <= limit => terms.push(next),
            _ => return Ok(LadderU64 { k, limit, terms }),
        }
    }
}

/// A ladder of arbitrary-precision terms, grown on demand.
#[derive(Clone, Debug)]
pub struct Ladder {
    k: u64,
    terms: Vec<BigUint>,
    /// Index (0-based) of the least term with `k * H(m) >= last term`.
    pointer: usize,
}

impl Ladder {
    /// The ladder for factor `k`, holding `H1 = 1` until asked for more.
    ///
    /// # Errors
    /// [`LadderError::ZeroFactor`] when `k == 0`.
    pub fn new(k: u64) -> Result<Ladder, LadderError> {
        if k == 0 {
            return Err(LadderError::ZeroFactor);
        }
        Ok(Ladder { k, terms: vec![BigUint::one()], pointer: 0 })
    }

    /// The factor `k`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// An estimate, from above, of the bytes of the terms the ladder for `k` needs to represent
    /// `n` (every term up to `n` is held). `k = 2` needs none of them in practice (the Fibonacci
    /// paths compute terms on the fly), but the estimate is the same formula for every `k`.
    ///
    /// The first `k + 1` terms are `1, 2, ..., k + 1`; beyond them the ratio of consecutive terms
    /// tends to `1 + 1/k` from above, so the terms up to `n` number at most about
    /// `(k + 1) (1 + ln(n / (k + 1)))` (within 25% from above for `k = 3`, 1% for `k >= 1000`,
    /// checked against the `u64` ladder in the tests). Term sizes are spread evenly on a log
    /// scale, so they average about half the size of `n`, plus a 32-byte header each.
    pub fn estimated_bytes(k: u64, n: &BigUint) -> u128 {
        let bits = n.bits() as f64;
        let k1 = k as f64 + 1.0;
        let ln_n = bits * std::f64::consts::LN_2;
        let terms = if ln_n <= k1.ln() { (2f64).powf(bits) } else { k1 * (1.0 + ln_n - k1.ln()) };
        let bytes = terms * (bits / 16.0 + 32.0);
        if bytes.is_finite() && bytes < u128::MAX as f64 {
            bytes as u128
        } else {
            u128::MAX
        }
    }

    /// The terms built so far, `H1` first.
    pub fn terms(&self) -> &[BigUint] {
        &self.terms
    }

    fn push_next(&mut self) {
        let last = self.terms.last().expect("ladder is never empty");
        while &self.terms[self.pointer] * self.k < *last {
            self.pointer += 1;
        }
        let next = last + &self.terms[self.pointer];
        self.terms.push(next);
    }

    /// Grows the ladder until it holds at least `count` terms.
    pub fn extend_to_len(&mut self, count: usize) {
        while self.terms.len() < count {
            self.push_next();
        }
    }

    /// Grows the ladder until its last term exceeds `n`.
    pub fn extend_past(&mut self, n: &BigUint) {
        while self.terms.last().expect("ladder is never empty") <= n {
            self.push_next();
        }
    }

    /// `H_index` (1-based), growing the ladder as needed.
    pub fn term(&mut self, index: usize) -> &BigUint {
        assert!(index >= 1, "ladder indices start at 1");
        self.extend_to_len(index);
        &self.terms[index - 1]
    }

    /// Whether `n` is a term of the ladder.
    pub fn contains(&mut self, n: &BigUint) -> bool {
        self.extend_past(n);
        self.terms.binary_search(n).is_ok()
    }

    /// The greedy representation of `n`: repeatedly take the largest term that fits.
    pub fn represent(&mut self, n: &BigUint) -> Representation {
        self.extend_past(n);
        let mut remainder = n.clone();
        let mut end = self.terms.len();
        let mut indices = Vec::new();
        while remainder != BigUint::default() {
            end = self.terms[..end].partition_point(|t| *t <= remainder);
            remainder -= &self.terms[end - 1];
            indices.push(end as u32);
        }
        Representation::from_descending(indices)
    }

    /// The value of a numeral's digits (least significant first) read in this ladder.
    pub fn value_of_digits(&mut self, digits: &[bool]) -> BigUint {
        self.extend_to_len(digits.len());
        digits.iter().zip(&self.terms).filter(|(&d, _)| d).map(|(_, t)| t).sum()
    }

    /// The terms of a representation, largest first.
    pub fn terms_of(&mut self, rep: &Representation) -> Vec<BigUint> {
        if let Some(top) = rep.largest_index() {
            self.extend_to_len(top as usize);
        }
        rep.indices().iter().map(|&i| self.terms[i as usize - 1].clone()).collect()
    }

    /// Whether consecutive terms of `rep` satisfy `bigger > k * smaller`, the ladder's
    /// analogue of the Zeckendorf non-adjacency condition.
    pub fn is_k_sparse(&mut self, rep: &Representation) -> bool {
        let terms = self.terms_of(rep);
        terms.windows(2).all(|w| w[0] > &w[1] * self.k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_examples() {
        assert_eq!(ladder_u64(1, 100).unwrap().terms(), [1, 2, 4, 8, 16, 32, 64]);
        assert_eq!(ladder_u64(2, 60).unwrap().terms(), [1, 2, 3, 5, 8, 13, 21, 34, 55]);
        assert_eq!(ladder_u64(3, 40).unwrap().terms(), [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]);
        assert_eq!(ladder_u64(0, 10), Err(LadderError::ZeroFactor));
        assert!(Ladder::new(0).is_err());
    }

    #[test]
    fn the_size_estimate_bounds_the_real_ladder_from_above() {
        for k in [1, 3, 5, 10, 100, 1000, 10_000] {
            let n = BigUint::from(u64::MAX >> 1);
            let terms = ladder_u64(k, u64::MAX >> 1).unwrap().terms().len() as u128;
            let estimate = Ladder::estimated_bytes(k, &n);
            let per_term = 63 / 16 + 32;
            assert!(estimate >= terms * per_term, "k = {k}: {estimate} < {terms} terms");
            assert!(estimate <= 2 * terms * (per_term + 4), "k = {k}: {estimate} far above {terms} terms");
        }
        // A thousand-digit number in the factor-10^6 ladder would need gigabytes.
        let big = BigUint::from(10u32).pow(1000);
        assert!(Ladder::estimated_bytes(1_000_000, &big) > 1 << 32);
    }

    #[test]
    fn numbers_past_the_ladder_are_refused() {
        let ladder = ladder_u64(2, 20).unwrap();
        assert_eq!(ladder.represent(21), None);
        assert_eq!(ladder.represent(20).unwrap().indices(), [6, 4, 2]);
        assert!(ladder_u64(3, u64::MAX).unwrap().represent(u64::MAX).is_some());
    }

    #[test]
    fn big_ladder_matches_u64() {
        for k in 1..=10 {
            let small = ladder_u64(k, u64::MAX).unwrap();
            let mut big = Ladder::new(k).unwrap();
            big.extend_to_len(small.terms().len());
            for (a, b) in small.terms().iter().zip(big.terms()) {
                assert_eq!(BigUint::from(*a), *b);
            }
            for n in 0..500u64 {
                let r = small.represent(n).unwrap();
                assert_eq!(big.represent(&BigUint::from(n)), r);
                assert_eq!(big.value_of_digits(&mask_digits(&r)), BigUint::from(n));
            }
        }
    }

    fn mask_digits(r: &Representation) -> Vec<bool> {
        let top = r.largest_index().unwrap_or(0) as usize;
        let mut d = vec![false; top];
        for &i in r.indices() {
            d[i as usize - 1] = true;
        }
        d
    }
}
