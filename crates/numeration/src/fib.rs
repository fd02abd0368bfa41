//! Fibonacci numbers in the Zeckendorf-game convention `F1 = 1, F2 = 2, F3 = 3, F4 = 5, ...`,
//! as `u64`, `u128` and arbitrary-precision integers.
//!
//! Index 0 is allowed where a formula needs it: `F0 = 1`, so that `F2 = F1 + F0` still holds.
//! Indices are `usize`; a 100,000-digit integer only needs indices near 478,000.

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Largest index `i` with `F_i` representable in a `u64` (`F92 = 12200160415121876738`).
pub const MAX_INDEX_U64: usize = 92;
/// Largest index `i` with `F_i` representable in a `u128`.
pub const MAX_INDEX_U128: usize = 185;

const fn build_table_u64() -> [u64; MAX_INDEX_U64 + 1] {
    let mut t = [0u64; MAX_INDEX_U64 + 1];
    // t[i] = F_i for i >= 1 with F1 = 1, F2 = 2; t[0] is F0 = 1.
    t[0] = 1;
    t[1] = 1;
    let mut i = 2;
    while i <= MAX_INDEX_U64 {
        t[i] = t[i - 1] + t[i - 2];
        i += 1;
    }
    t
}

const fn build_table_u128() -> [u128; MAX_INDEX_U128 + 1] {
    let mut t = [0u128; MAX_INDEX_U128 + 1];
    t[0] = 1;
    t[1] = 1;
    let mut i = 2;
    while i <= MAX_INDEX_U128 {
        t[i] = t[i - 1] + t[i - 2];
        i += 1;
    }
    t
}

/// `FIB_U64[i] = F_i` for `0 <= i <= 92` (`FIB_U64[0] = F0 = 1`).
pub static FIB_U64: [u64; MAX_INDEX_U64 + 1] = build_table_u64();
/// `FIB_U128[i] = F_i` for `0 <= i <= 185`.
pub static FIB_U128: [u128; MAX_INDEX_U128 + 1] = build_table_u128();

/// `F_i` as a `u64`, or `None` when it does not fit.
pub fn fib_u64(i: usize) -> Option<u64> {
    FIB_U64.get(i).copied()
}

/// `F_i` as a `u128`, or `None` when it does not fit.
pub fn fib_u128(i: usize) -> Option<u128> {
    FIB_U128.get(i).copied()
}

/// The pair `(G_m, G_{m+1})` of standard Fibonacci numbers (`G_0 = 0, G_1 = 1`) by fast doubling,
/// which costs a few big multiplications instead of `m` additions.
fn standard_pair(m: usize) -> (BigUint, BigUint) {
    if m == 0 {
        return (BigUint::zero(), BigUint::one());
    }
    let (a, b) = standard_pair(m / 2);
    // G_{2k} = G_k (2 G_{k+1} - G_k),  G_{2k+1} = G_k^2 + G_{k+1}^2.
    let two_b_minus_a = (&b << 1u32) - &a;
    let c = &a * &two_b_minus_a;
    let d = &a * &a + &b * &b;
    if m.is_multiple_of(2) {
        (c, d)
    } else {
        let e = &c + &d;
        (d, e)
    }
}

/// `F_i` as an arbitrary-precision integer (`F_i = G_{i+1}` in the standard indexing).
pub fn fib_big(i: usize) -> BigUint {
    if let Some(v) = fib_u128(i) {
        return BigUint::from(v);
    }
    standard_pair(i + 1).0
}

/// The pair `(F_i, F_{i-1})` for `i >= 1`, as arbitrary-precision integers.
pub fn fib_pair_big(i: usize) -> (BigUint, BigUint) {
    assert!(i >= 1, "fib_pair_big needs i >= 1");
    // (F_i, F_{i-1}) = (G_{i+1}, G_i).
    let (gi, gi1) = standard_pair(i);
    (gi1, gi)
}

/// The largest index `i >= 1` with `F_i <= n`, for `n >= 1`, found without building a table:
/// an estimate from the bit length, then corrected by stepping.
pub fn largest_index_at_most_big(n: &BigUint) -> usize {
    assert!(!n.is_zero(), "largest_index_at_most_big needs n >= 1");
    if let Ok(small) = u128::try_from(n) {
        return largest_index_at_most_u128(small);
    }
    // log2(F_i) ~ (i + 1) log2(phi) - log2(sqrt 5).
    let log2_phi = 0.694_241_913_630_617_3_f64;
    let log2_sqrt5 = 1.160_964_047_443_681_f64;
    let bits = n.bits() as f64;
    let estimate = ((bits + log2_sqrt5) / log2_phi) as usize;
    let mut i = estimate.saturating_sub(2).max(1);
    let (mut fi, mut fprev) = fib_pair_big(i);
    // Step down while F_i > n, then up while F_{i+1} <= n; each step is one addition.
    while &fi > n {
        let lower = &fi - &fprev;
        fi = fprev;
        fprev = lower;
        i -= 1;
    }
    loop {
        let next = &fi + &fprev;
        if &next > n {
            return i;
        }
        fprev = fi;
        fi = next;
        i += 1;
    }
}

/// The largest index `i >= 1` with `F_i <= n`, for `n >= 1`.
pub fn largest_index_at_most_u128(n: u128) -> usize {
    debug_assert!(n >= 1);
    // partition_point gives the count of entries <= n among F_1.. (the table is increasing).
    FIB_U128[1..].partition_point(|&f| f <= n)
}

/// The largest index `i >= 1` with `F_i <= n`, for `n >= 1`.
pub fn largest_index_at_most_u64(n: u64) -> usize {
    debug_assert!(n >= 1);
    FIB_U64[1..].partition_point(|&f| f <= n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_convention() {
        let first: Vec<u64> = (1..=10).map(|i| fib_u64(i).unwrap()).collect();
        assert_eq!(first, vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(fib_u64(0), Some(1));
        assert_eq!(fib_u64(MAX_INDEX_U64), Some(12_200_160_415_121_876_738));
        assert_eq!(fib_u64(MAX_INDEX_U64 + 1), None);
        assert!(FIB_U128[MAX_INDEX_U128].checked_add(FIB_U128[MAX_INDEX_U128 - 1]).is_none());
    }

    #[test]
    fn big_agrees_with_tables_and_recurrence() {
        for (i, &f) in FIB_U128.iter().enumerate() {
            assert_eq!(fib_big(i), BigUint::from(f));
        }
        // Past u128, check the recurrence and fast doubling against repeated addition.
        let (mut a, mut b) =
            (BigUint::from(FIB_U128[MAX_INDEX_U128 - 1]), BigUint::from(FIB_U128[MAX_INDEX_U128]));
        for i in MAX_INDEX_U128 + 1..MAX_INDEX_U128 + 400 {
            let c = &a + &b;
            assert_eq!(fib_big(i), c, "index {i}");
            let (fi, fprev) = fib_pair_big(i);
            assert_eq!((&fi, &fprev), (&c, &b));
            a = b;
            b = c;
        }
    }

    #[test]
    fn largest_index() {
        for n in 1u64..2000 {
            let i = largest_index_at_most_u64(n);
            assert!(FIB_U64[i] <= n && n < FIB_U64[i + 1], "n = {n}");
            assert_eq!(i, largest_index_at_most_u128(n as u128));
            assert_eq!(i, largest_index_at_most_big(&BigUint::from(n)));
        }
        for i in 190..600 {
            let f = fib_big(i);
            assert_eq!(largest_index_at_most_big(&f), i);
            assert_eq!(largest_index_at_most_big(&(&f - 1u32)), i - 1);
            assert_eq!(largest_index_at_most_big(&(&f + 1u32)), i);
        }
    }
}
