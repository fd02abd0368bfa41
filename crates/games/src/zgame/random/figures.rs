//! A position's length figures as values with proven error bounds (midpoint and radius), and
//! the bounds of their mixture over the children (computed by `mixer.rs`, the moment
//! recursion's hot step).
//!
//! Each figure is an `f64` value computed in the default round-to-nearest mode and a radius that
//! bounds its distance from the exact figure. Intervals with outward rounding
//! ([`Interval`](super::Interval)) give the same guarantee, but every product of two intervals
//! takes four products and branches on signs; here the values take plain arithmetic and the
//! radii a few more products of absolute values, with no branch, some four times faster.
//!
//! **The bound.** With `u = 2^-53` and `γ_h = h·u / (1 - h·u)`, a sum of products of computed
//! inputs evaluated with `h` roundings is within `γ_h` times the same sum of absolute values of
//! the exact result on those inputs (Higham, *Accuracy and Stability of Numerical Algorithms*,
//! §3.1). For a child with deviation `d = m_j - M` from the mixture's mean, computed as `d̂` with
//! `|d - d̂| <= r_d`, and `D = |d̂| + r_d >= |d|, |d̂|`:
//! `|d² - d̂²| <= 2 D r_d`, `|d³ - d̂³| <= 3 D² r_d`, `|d⁴ - d̂⁴| <= 4 D³ r_d`, and
//! `|d a - d̂ â| <= D r_a + |â| r_d`; these carry the children's radii into each term, and
//! `Σ |W_j T_j - ŵ_j t̂_j| <= Σ ŵ_j r_t + r_w (|t̂_j| + r_t)` carries the weights' (`r_w`); for
//! the mean, the weights' errors are taken against the deviations from the mean (they sum to
//! 0 but for a known rounding: see `mixture`).
//! The radii are computed in round-to-nearest too, as sums of non-negative products of at most
//! a hundred roundings, so each is within `γ_100 < 2^-45` of its exact expression: every radius
//! is enlarged by `2^-40` of itself when stored, and by `2^-1000` for any rounding in the
//! subnormal range, where the relative bound does not hold. Stored radii are `f32`, rounded up.

use super::interval::Interval;

/// Half a unit in the last place of 1.
pub(super) const U: f64 = f64::EPSILON / 2.0;

/// An upper bound on `γ_h` for the `h` below a million.
#[inline(always)]
pub(super) fn gamma(h: f64) -> f64 {
    h * U * 1.000_001
}

/// A radius computed in round-to-nearest made an upper bound of its exact expression (module
/// header).
#[inline(always)]
pub(super) fn enlarge(r: f64) -> f64 {
    r * ENLARGE_FACTOR + ENLARGE_FLOOR
}

/// `1 + 2^-40` and `2^-1000`: [`enlarge`]'s factor and floor (the module header says why).
pub(super) const ENLARGE_FACTOR: f64 = 1.0 + 1.0 / (1u64 << 40) as f64;
pub(super) const ENLARGE_FLOOR: f64 = f64::from_bits((1023 - 1000) << 52);

/// `r` as an `f32` not below it.
#[inline(always)]
pub(super) fn up32(r: f64) -> f32 {
    let f = r as f32;
    if f64::from(f) < r {
        f.next_up()
    } else {
        f
    }
}

/// The figures of one position: the mean length, its second, third and fourth central moments,
/// and the chance that the player to move makes the last move, in that order; the exact value
/// of figure `i` lies within `radius[i]` of `value[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    pub value: [f64; 5],
    pub radius: [f32; 5],
}

// SAFETY: every field is a float, whose all-zero bits are 0.0.
unsafe impl bytemuck::Zeroable for Figures {}

impl Figures {
    /// Figure `i` as an interval that holds its exact value.
    pub(super) fn interval(&self, i: usize) -> Interval {
        Interval::around(self.value[i], f64::from(self.radius[i]))
    }
}

/// A count of complete games too large for `f64` (past 10^308 near n = 210): `mantissa ·
/// 2^exponent`, the mantissa below 2^64, within `relative` of itself from the exact count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Count {
    pub mantissa: f64,
    pub exponent: i32,
    pub relative: f32,
}

// SAFETY: every field is a float or an integer, whose all-zero bits are 0.
unsafe impl bytemuck::Zeroable for Count {}

/// `2^k` for `-1022 <= k <= 1023`, exactly (built from its bits: `powi` is a library call).
#[inline(always)]
fn power_of_two(k: i32) -> f64 {
    debug_assert!((-1022..=1023).contains(&k));
    f64::from_bits(((1023 + k) as u64) << 52)
}

impl Count {
    /// One game: the end position's.
    pub(super) const ONE: Count = Count { mantissa: 1.0, exponent: 0, relative: 0.0 };

    /// The sum of several counts. The exact sum of counts each within `ε_j` of its value is
    /// within `max ε_j` of the exact sum of the values, and adding `k` positive values rounds
    /// within `γ_k`; scaling by powers of two is exact.
    #[inline]
    pub(super) fn sum(terms: impl Iterator<Item = Count> + Clone) -> Count {
        let exponent = terms.clone().map(|t| t.exponent).max().unwrap_or(0);
        let (mut mantissa, mut relative, mut k) = (0.0, 0.0f32, 0.0);
        for t in terms {
            // A term more than 2^900 below the largest (of mantissa >= 1) is dropped into the
            // error: it is below 2^-835 of the sum.
            let shift = t.exponent - exponent;
            if shift >= -900 {
                mantissa += t.mantissa * power_of_two(shift);
            } else {
                relative += f32::MIN_POSITIVE;
            }
            relative = relative.max(t.relative);
            k += 1.0;
        }
        let mut count = Count { mantissa, exponent, relative: up32(enlarge(f64::from(relative) + gamma(k))) };
        while count.mantissa >= power_of_two(64) {
            count.mantissa *= power_of_two(-64);
            count.exponent += 64;
        }
        count
    }

    /// The share `part / self` of a part of this sum, as a weight and its radius (given
    /// `inverse = 1 / self.mantissa`, rounded). The quotient of the values rounds twice, and the
    /// exact share `(p(1 + θ_p)) / (s(1 + θ_s))` is within `(ε_p + ε_s) / (1 - ε_s)` of
    /// `p / s` relatively.
    #[inline(always)]
    pub(super) fn share(self, part: Count, inverse: f64) -> (f64, f64) {
        let shift = part.exponent - self.exponent;
        if shift < -900 {
            // Below 2^-836: a weight of 0 with that radius.
            return (0.0, power_of_two(-800));
        }
        let w = part.mantissa * inverse * power_of_two(shift);
        let relative = (f64::from(part.relative) + f64::from(self.relative)) * (1.0 + 1e-6) + 3.0 * U;
        (w, enlarge(w * relative))
    }

    /// The count as a scaled interval.
    pub(super) fn scaled(self) -> super::interval::Scaled {
        super::interval::Scaled {
            mantissa: Interval::around(
                self.mantissa,
                self.mantissa * f64::from(self.relative) * (1.0 + 1e-6),
            ),
            exponent: self.exponent,
        }
    }
}

/// A position's figures under the games measure together with its count of games, in 72 bytes
/// where the two apart take 80: what lets the recursion on n = 600 run on two cores within
/// 20 GiB. The count's exponent is a multiple of 64 ([`Count::sum`] keeps it so) and is kept as
/// its 64ths in the high 8 bits of `packed`; the count's relative error bound, rounded up to 15
/// significant bits, fills the low 24 (the top 24 of its `f32` bits: the sign bit is 0). Rounding
/// a bound up keeps it a bound; the figures and the mantissa are kept whole.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct Counted {
    value: [f64; 5],
    mantissa: f64,
    radius: [f32; 5],
    packed: u32,
}

// SAFETY: every field is a float or an integer, whose all-zero bits are 0.
unsafe impl bytemuck::Zeroable for Counted {}

/// The largest count exponent a [`Counted`] holds: counts up to about 10^4912.
pub const MAX_COUNT_EXPONENT: i32 = 255 * 64;

impl Counted {
    /// `figures` and `count` packed; `None` when the count's exponent is not a multiple of 64
    /// in `0..=MAX_COUNT_EXPONENT` or its relative error is not below 1.
    pub fn new(figures: Figures, count: Count) -> Option<Counted> {
        let in_range = (0..=MAX_COUNT_EXPONENT).contains(&count.exponent) && count.exponent % 64 == 0;
        if !in_range || !(0.0..1.0).contains(&count.relative) {
            return None;
        }
        // Non-negative floats order as their bits: adding 255 before dropping the low 8 bits
        // rounds up.
        let relative = (count.relative.to_bits() + 0xFF) >> 8;
        let packed = ((count.exponent / 64) as u32) << 24 | relative;
        Some(Counted { value: figures.value, mantissa: count.mantissa, radius: figures.radius, packed })
    }

    /// The position's length figures.
    #[inline(always)]
    pub fn figures(&self) -> Figures {
        Figures { value: self.value, radius: self.radius }
    }

    /// The position's count of complete games, its relative error bound as packed (not below
    /// the one given to [`Counted::new`]).
    #[inline(always)]
    pub fn count(&self) -> Count {
        Count {
            mantissa: self.mantissa,
            exponent: (self.packed >> 24) as i32 * 64,
            relative: f32::from_bits((self.packed & 0x00FF_FFFF) << 8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::{FromPrimitive, Signed};
    use proptest::prelude::*;

    fn exact(x: f64) -> BigRational {
        BigRational::from_f64(x).unwrap()
    }

    #[test]
    fn counts_hold_large_integers_and_their_shares() {
        use num_bigint::BigInt;
        // Sums of 3 and 5 copies, nested a thousand times, far past f64: 3^a 5^b.
        let (mut threes, mut fives) = (Count::ONE, Count::ONE);
        let (mut t, mut f) = (BigInt::from(1), BigInt::from(1));
        for k in 1..=1000 {
            threes = Count::sum([threes; 3].into_iter());
            fives = Count::sum([fives; 5].into_iter());
            t *= 3;
            f *= 5;
            for (c, exact_count) in [(threes, &t), (fives, &f)] {
                let value =
                    exact(c.mantissa) * BigRational::from_integer(BigInt::from(2).pow(c.exponent as u32));
                let exact_count = BigRational::from_integer(exact_count.clone());
                let off = ((value - &exact_count) / &exact_count).abs();
                assert_within(&off, f64::from(c.relative), k);
            }
        }
        // The share of 3^1000 in 3^1000 + 5^1000 (about 2^-737).
        let whole = Count::sum([threes, fives].into_iter());
        let (w, rw) = whole.share(threes, 1.0 / whole.mantissa);
        let exact_share = BigRational::new(t.clone(), &t + &f);
        assert!((exact(w) - &exact_share).abs() <= exact(rw), "the share's radius holds it");
        assert!(rw < w * 1e-9, "and is tight");
        let interval = whole.scaled();
        let exact_whole = BigRational::new(&t + &f, BigInt::from(2).pow(whole.exponent as u32));
        assert!(exact(interval.mantissa.lo) <= exact_whole && exact_whole <= exact(interval.mantissa.hi));
    }

    fn assert_within(off: &BigRational, bound: f64, k: usize) {
        assert!(
            *off <= exact(bound),
            "step {k}: off by {} > {bound:e}",
            num_traits::ToPrimitive::to_f64(off).unwrap()
        );
    }

    proptest! {
        /// Packing keeps the figures and the mantissa whole, the exponent exactly, and the
        /// relative error bound a bound, within 2^-15 of itself; packing again changes nothing.
        #[test]
        fn a_counted_position_keeps_its_figures_and_bounds_its_count(
            value in prop::array::uniform5(-1e6f64..1e6),
            radius in prop::array::uniform5(0.0f32..1.0),
            mantissa in 1.0f64..1.8e19,
            sixty_fourths in 0i32..=255,
            relative in prop_oneof![Just(0.0f32), 1e-30f32..0.99],
        ) {
            let figures = Figures { value, radius };
            let count = Count { mantissa, exponent: 64 * sixty_fourths, relative };
            let packed = Counted::new(figures, count).expect("in range");
            prop_assert_eq!(packed.figures(), figures);
            let back = packed.count();
            prop_assert_eq!((back.mantissa, back.exponent), (mantissa, count.exponent));
            prop_assert!(back.relative >= relative);
            prop_assert!(f64::from(back.relative) <= f64::from(relative) * (1.0 + f64::powi(2.0, -15)) + 4e-43);
            prop_assert_eq!(Counted::new(figures, back).unwrap(), packed);
        }
    }

    #[test]
    fn a_counted_position_is_small_and_refuses_what_it_cannot_hold() {
        assert_eq!(std::mem::size_of::<Counted>(), 72);
        let f = Figures::default();
        let at = |exponent, relative| Counted::new(f, Count { mantissa: 1.0, exponent, relative });
        assert!(at(MAX_COUNT_EXPONENT, 1e-12).is_some());
        assert!(at(MAX_COUNT_EXPONENT + 64, 1e-12).is_none());
        assert!(at(-64, 1e-12).is_none());
        assert!(at(32, 1e-12).is_none());
        assert!(at(0, 1.0).is_none());
        assert!(at(0, f32::NAN).is_none());
    }

    #[test]
    fn radii_round_up_to_f32() {
        for r in [0.0, 1e-300, 1e-40, 3.3e-12, 1.0 / 3.0, 1e30] {
            assert!(f64::from(up32(r)) >= r, "{r:e}");
        }
        assert!(enlarge(0.0) > 0.0);
        assert_eq!(ENLARGE_FACTOR, 1.0 + f64::powi(2.0, -40));
        assert_eq!(ENLARGE_FLOOR, f64::powi(2.0, -1000));
    }
}
