//! The Zeckendorf representation (greedy): a fast path for machine integers that returns a
//! digit mask, and a path for integers of any length that walks the Fibonacci numbers downward
//! keeping only two of them in memory.
//!
//! All paths produce the same [`Representation`]; `tests/properties.rs` checks that they agree.

use num_bigint::BigUint;
use num_traits::Zero;

#[cfg(test)]
use crate::fib::MAX_INDEX_U64;
use crate::fib::{fib_pair_big, largest_index_at_most_big, FIB_U128, FIB_U64, MAX_INDEX_U128};
use crate::Representation;

/// One row per bit length `b`: `top` is the largest index with `F_top < 2^b`, and the row holds
/// `F_top`, `F_(top-1)`, `F_(top-2)`. A number of bit length `b` has its leading Zeckendorf
/// index among those three, because `F_(top-2) < 0.39 F_top < 2^(b-1)` and `phi^2 > 2` allows
/// at most two Fibonacci numbers in `[2^(b-1), 2^b)`.
#[cfg(test)]
#[derive(Clone, Copy)]
struct BitLengthRow {
    top: u64,
    f_top: u64,
    f_below: u64,
    f_two_below: u64,
}

#[cfg(test)]
static ROWS_BY_BIT_LENGTH: [BitLengthRow; 65] = bit_length_rows();

#[cfg(test)]
const fn bit_length_rows() -> [BitLengthRow; 65] {
    let empty = BitLengthRow { top: 1, f_top: 1, f_below: 1, f_two_below: 1 };
    let mut rows = [empty; 65];
    let mut b = 1;
    while b <= 64 {
        let limit: u128 = (1u128 << b) - 1;
        let mut i = 1;
        while i < MAX_INDEX_U64 && (FIB_U64[i + 1] as u128) <= limit {
            i += 1;
        }
        // Below index 1 the row repeats F_1; those entries are never selected because a number
        // of bit length b is at least 2^(b-1).
        let below = if i >= 2 { FIB_U64[i - 1] } else { FIB_U64[1] };
        let two_below = if i >= 3 { FIB_U64[i - 2] } else { FIB_U64[1] };
        rows[b] = BitLengthRow { top: i as u64, f_top: FIB_U64[i], f_below: below, f_two_below: two_below };
        b += 1;
    }
    rows
}

/// Numbers below `2^SMALL_BITS` are answered from a table of masks (4 MiB; their masks fit 29
/// bits, since `F_30 > 2^20`).
const SMALL_BITS: u32 = 20;

/// Digits moved by one Fibonacci shift: the low `SHIFT` digits of any number are worth less than
/// `F_(SHIFT+1) = F_29 = 832,040 < 2^20`, so they always come from the table.
const SHIFT: u32 = 28;

/// The tables behind [`zeckendorf_mask_u64`], built once (in a few milliseconds).
struct MaskTables {
    /// The Zeckendorf masks of `0..2^20`, by the recurrence `mask(n) = bit(i) | mask(n - F_i)`
    /// with `F_i` the largest Fibonacci number `<= n`: the greedy algorithm's first step, then
    /// its answer for the remainder.
    small: Box<[u32]>,
    /// `1 / φ^SHIFT` as a float, for a first guess of a shift (corrected exactly).
    inverse_phi_shift: f64,
}

fn mask_tables() -> &'static MaskTables {
    static TABLES: std::sync::OnceLock<MaskTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let size = 1usize << SMALL_BITS;
        let mut small = vec![0u32; size];
        let mut i = 1;
        for n in 1..size {
            while FIB_U64[i + 1] as usize <= n {
                i += 1;
            }
            small[n] = (1 << (i - 1)) | small[n - FIB_U64[i] as usize];
        }
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        MaskTables { small: small.into_boxed_slice(), inverse_phi_shift: phi.powi(-(SHIFT as i32)) }
    })
}

/// `floor(m / φ)` for `m < 2^63`, exactly: a 64-bit fixed-point guess (below the true value by less than one)
/// and one exact test, `x < m/φ` exactly when `x (x + m) < m^2` (`m/φ` is the positive root of
/// `x^2 + m x - m^2`). `m/φ` is irrational for `m > 0`, so there is no tie to break.
#[inline(always)]
fn floor_over_phi(m: u64) -> u64 {
    // floor(2^64 / φ), the golden-ratio constant.
    const INVERSE_PHI: u128 = 0x9E37_79B9_7F4A_7C15;
    let m = u128::from(m);
    let guess = (m * INVERSE_PHI) >> 64;
    let next = guess + 1;
    // Neither product overflows while m < 2^63 (next <= m/φ + 1); callers pass at most 2^45.
    debug_assert!(m < 1 << 63);
    (guess + u128::from(next * (next + m) < m * m)) as u64
}

/// `up(q)`: the number whose Zeckendorf digits are `q`'s moved up by `SHIFT` places. From
/// `F(i+K) = F_K F_i + F_(K-1) F_(i-1)` (with `F_0 = 1`) summed over `q`'s digits, and
/// `sum of F_(i-1) over q's digits = floor((q + 1) / φ)`.
#[inline(always)]
fn shifted_up(q: u64) -> u128 {
    let k = SHIFT as usize;
    u128::from(FIB_U64[k]) * u128::from(q) + u128::from(FIB_U64[k - 1]) * u128::from(floor_over_phi(q + 1))
}

/// Zeckendorf digits of a `u64` as a mask: bit `i - 1` is set when `F_i` is a term.
///
/// This is the hot path, and it takes no greedy steps above 2^20. A Fibonacci shift splits `n`
/// into its digits from index `SHIFT + 1` up, which are those of the largest `q` with
/// `up(q) <= n` (moving digits up keeps their order), and its low `SHIFT` digits, worth
/// `n - up(q) < F_(SHIFT+1) < 2^20`, which a table answers. `q` is guessed as `n / φ^SHIFT`
/// in floating point and corrected exactly with [`shifted_up`]; then `q` is split the same way.
/// A 64-bit number takes at most three shifts.
#[inline]
pub fn zeckendorf_mask_u64(n: u64) -> u128 {
    let tables = mask_tables();
    let mut mask = 0u128;
    let mut n = n;
    let mut shift = 0;
    while n >> SMALL_BITS != 0 {
        let mut q = (n as f64 * tables.inverse_phi_shift) as u64;
        while shifted_up(q + 1) <= u128::from(n) {
            q += 1;
        }
        while shifted_up(q) > u128::from(n) {
            q -= 1;
        }
        let low = (u128::from(n) - shifted_up(q)) as usize;
        mask |= u128::from(tables.small[low]) << shift;
        shift += SHIFT;
        n = q;
    }
    mask | u128::from(tables.small[n as usize]) << shift
}

/// One greedy step for `n > 0` (the reference the shift path is tested against): the largest Fibonacci number `<= n` and its index, from the
/// row of `n`'s bit length (two comparisons, no data-dependent branch).
#[cfg(test)]
fn greedy_step(n: u64) -> (u64, u64) {
    let row = ROWS_BY_BIT_LENGTH[64 - n.leading_zeros() as usize];
    let below_top = n < row.f_top;
    let below_next = n < row.f_below;
    let term = if below_next {
        row.f_two_below
    } else if below_top {
        row.f_below
    } else {
        row.f_top
    };
    (row.top - u64::from(below_top) - u64::from(below_next), term)
}

/// The greedy loop down to zero, from a mask already holding the larger terms (the reference
/// the table path is tested against).
#[cfg(test)]
fn greedy_mask(mut n: u64, mut mask: u128) -> u128 {
    while n != 0 {
        let (index, term) = greedy_step(n);
        mask |= 1u128 << (index - 1);
        n -= term;
    }
    mask
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    #[test]
    fn the_table_path_equals_the_plain_greedy_loop() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let samples = (0..200_000u64).chain((0..200_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }));
        // Around every Fibonacci number and every sum of two, where a shift's guess is closest
        // to a boundary.
        let near_fibonacci = (1..=MAX_INDEX_U64).flat_map(|i| {
            (1..i).flat_map(move |j| {
                let base = FIB_U64[i].checked_add(if j + 1 < i { FIB_U64[j] } else { 0 });
                base.into_iter().flat_map(|b| [b.wrapping_sub(1), b, b.wrapping_add(1)])
            })
        });
        for n in samples.chain(near_fibonacci).chain([u64::MAX, 1 << 20, (1 << 20) - 1, 832_040, 1_346_269]) {
            assert_eq!(zeckendorf_mask_u64(n), greedy_mask(n, 0), "n = {n}");
        }
    }

    #[test]
    fn floor_over_phi_is_exact() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for m in 0..100_000u64 {
            assert_eq!(floor_over_phi(m), (m as f64 / phi).floor() as u64, "m = {m}");
        }
        // Against the exact test for large m: x = floor(m/φ) iff x(x+m) < m² <= (x+1)(x+1+m).
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = u128::from(x >> 2);
            let f = u128::from(floor_over_phi(x >> 2));
            assert!(f * (f + m) < m * m || m == 0, "{m}");
            assert!((f + 1) * (f + 1 + m) > m * m, "{m}");
        }
    }
}

/// The Zeckendorf representation of a `u64`.
pub fn zeckendorf_u64(n: u64) -> Representation {
    Representation::from_mask(zeckendorf_mask_u64(n))
}

/// The Zeckendorf representation of a `u128`.
pub fn zeckendorf_u128(mut n: u128) -> Representation {
    if let Ok(small) = u64::try_from(n) {
        return zeckendorf_u64(small);
    }
    let mut indices = Vec::new();
    let mut i = MAX_INDEX_U128;
    while n != 0 {
        // The remainder after taking F_i is below F_{i-1}, so the search only moves down.
        while FIB_U128[i] > n {
            i -= 1;
        }
        indices.push(i as u32);
        n -= FIB_U128[i];
    }
    Representation::from_descending(indices)
}

/// The Zeckendorf representation of an integer of any size.
///
/// Finds the leading index by fast doubling, then walks down the Fibonacci numbers with
/// in-place subtractions (`F_{i-2} = F_i - F_{i-1}`), so memory stays at three integers the size
/// of `n` however many terms there are.
pub fn zeckendorf_big(n: &BigUint) -> Representation {
    if let Ok(small) = u128::try_from(n) {
        return zeckendorf_u128(small);
    }
    let top = largest_index_at_most_big(n);
    let mut remainder = n.clone();
    // Invariant: (current, previous) = (F_i, F_{i-1}).
    let (mut current, mut previous) = fib_pair_big(top);
    let mut i = top;
    let mut indices = Vec::new();
    loop {
        if remainder >= current {
            remainder -= &current;
            indices.push(i as u32);
            if remainder.is_zero() {
                break;
            }
        }
        if i <= MAX_INDEX_U128 {
            // The remainder is below F_i, so it fits in a u128; finish on the fast path.
            break;
        }
        // Step down one index: (F_{i-1}, F_{i-2}) = (F_{i-1}, F_i - F_{i-1}).
        current -= &previous;
        std::mem::swap(&mut current, &mut previous);
        i -= 1;
    }
    if !remainder.is_zero() {
        let rest = u128::try_from(&remainder).expect("remainder below F_(i) fits in u128");
        indices.extend_from_slice(zeckendorf_u128(rest).indices());
    }
    Representation::from_descending(indices)
}

/// The sum of `F_i` over the indices of `rep`, for any representation (Zeckendorf or not).
///
/// Walks up the Fibonacci numbers adding the wanted ones as they pass, so it holds three
/// integers the size of the value, never the terms (which for a 100,000-digit value would be
/// gigabytes).
pub fn fibonacci_value(rep: &Representation) -> BigUint {
    let Some(top) = rep.largest_index() else {
        return BigUint::zero();
    };
    if (top as usize) <= MAX_INDEX_U128 {
        if let Some(small) = fibonacci_value_u128(rep) {
            return BigUint::from(small);
        }
    }
    let mut wanted = rep.indices().iter().rev().peekable();
    let mut sum = BigUint::zero();
    let (mut current, mut previous) = (BigUint::from(1u32), BigUint::from(1u32));
    for i in 1..=top {
        if wanted.peek() == Some(&&i) {
            sum += &current;
            wanted.next();
        }
        if i < top {
            let next = &current + &previous;
            previous = std::mem::replace(&mut current, next);
        }
    }
    sum
}

/// The terms `F_i` of a representation, largest first, as arbitrary-precision integers.
///
/// Cost grows with the largest index times the size of the largest term; callers that only
/// need indices should not ask for terms of huge numbers.
pub fn fibonacci_terms(rep: &Representation) -> Vec<BigUint> {
    let Some(top) = rep.largest_index() else {
        return Vec::new();
    };
    if (top as usize) <= MAX_INDEX_U128 {
        return rep.indices().iter().map(|&i| BigUint::from(FIB_U128[i as usize])).collect();
    }
    // Walk upward from (F_1, F_0) and pick terms as they pass.
    let mut wanted = rep.indices().iter().rev().peekable();
    let mut terms = Vec::with_capacity(rep.z());
    let (mut current, mut previous) = (BigUint::from(1u32), BigUint::from(1u32));
    for i in 1..=top {
        if wanted.peek() == Some(&&i) {
            terms.push(current.clone());
            wanted.next();
        }
        let next = &current + &previous;
        previous = std::mem::replace(&mut current, next);
    }
    terms.reverse();
    terms
}

/// `F_i` for indices in a `u64` representation: the value as a `u128` when all terms fit.
pub fn fibonacci_value_u128(rep: &Representation) -> Option<u128> {
    rep.indices().iter().try_fold(0u128, |acc, &i| acc.checked_add(*FIB_U128.get(i as usize)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        // Seed 002: 32 = 1010100, 46 = 10010101; seed 003: 50 = 34 + 13 + 3, 100 = 89 + 8 + 3;
        // seed 004: 53 = 34 + 13 + 5 + 1.
        assert_eq!(zeckendorf_u64(32).numeral(), "1010100");
        assert_eq!(zeckendorf_u64(46).numeral(), "10010101");
        assert_eq!(zeckendorf_u64(50).indices(), &[8, 6, 3]);
        assert_eq!(zeckendorf_u64(100).indices(), &[10, 5, 3]);
        assert_eq!(zeckendorf_u64(53).indices(), &[8, 6, 4, 1]);
        assert_eq!(zeckendorf_u64(0).numeral(), "0");
    }

    #[test]
    fn extremes() {
        let r = zeckendorf_u64(u64::MAX);
        assert_eq!(fibonacci_value_u128(&r), Some(u64::MAX as u128));
        assert!(r.is_non_adjacent());
        let r = zeckendorf_u128(u128::MAX);
        assert_eq!(fibonacci_value_u128(&r), Some(u128::MAX));
        assert!(r.is_non_adjacent());
        assert_eq!(zeckendorf_big(&BigUint::from(u128::MAX)), r);
    }
}
