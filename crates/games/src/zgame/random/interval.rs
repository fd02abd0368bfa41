//! Closed intervals of `f64` with outward rounding: every operation computes its result in the
//! default round-to-nearest mode and widens it past the neighbouring `f64` on each side (by one
//! or two units in the last place, without branches: see [`above`]). A correctly rounded result lies
//! within half a unit of the exact one, so the widened interval contains every exact result of
//! the operands' values: whatever a chain of these operations returns holds the exact value.
//! The moment recursion reports its figures as intervals, and the shape of a law (skewness,
//! excess kurtosis) is computed from them in this arithmetic.
//!
//! Hand-written rather than taken from a crate: the interval crates that implement IEEE 1788
//! (inari) need a nightly compiler or a fixed target CPU, and only the four operations on
//! finite values are needed.

use std::ops::{Add, Div, Mul, Sub};

/// The real numbers from `lo` to `hi`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    pub const ZERO: Interval = Interval { lo: 0.0, hi: 0.0 };
    pub const ONE: Interval = Interval { lo: 1.0, hi: 1.0 };

    /// The single value `x`, exactly.
    pub const fn point(x: f64) -> Interval {
        Interval { lo: x, hi: x }
    }

    /// `lo..=hi` widened past the next `f64` on each side, without branches (`next_down` and
    /// `next_up` branch on the sign and on zero, and took most of the recursion's time).
    #[inline(always)]
    fn outward(lo: f64, hi: f64) -> Interval {
        Interval { lo: below(lo), hi: above(hi) }
    }

    /// The values within `radius` of `value` (rounded outward).
    pub fn around(value: f64, radius: f64) -> Interval {
        debug_assert!(radius >= 0.0);
        Interval::outward(value - radius, value + radius)
    }

    /// The middle of the interval (the value reported; the true value is within `radius`).
    pub fn mid(self) -> f64 {
        self.lo + (self.hi - self.lo) / 2.0
    }

    /// The largest distance from `mid` to a value of the interval (rounded up).
    pub fn radius(self) -> f64 {
        let mid = self.mid();
        (mid - self.lo).max(self.hi - mid).next_up()
    }

    /// Whether `x` lies in the interval.
    pub fn contains(self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// `self · o` for a quantity `self` known to be non-negative (two products, not four). Its
    /// low end may lie a rounding below 0 (outward rounding of 0 gives -5e-324); the product
    /// reads it as 0, which still bounds the true value.
    #[inline(always)]
    pub fn mul_nonneg(self, o: Interval) -> Interval {
        debug_assert!(self.lo >= -f64::MIN_POSITIVE, "a non-negative quantity: {self:?}");
        let low = self.lo.max(0.0);
        let lo = if o.lo >= 0.0 { low * o.lo } else { self.hi * o.lo };
        let hi = if o.hi >= 0.0 { self.hi * o.hi } else { low * o.hi };
        Interval::outward(lo, hi)
    }

    /// The squares of the interval's values.
    #[inline(always)]
    pub fn square(self) -> Interval {
        let (a, b) = (self.lo * self.lo, self.hi * self.hi);
        if self.lo >= 0.0 {
            Interval::outward(a, b)
        } else if self.hi <= 0.0 {
            Interval::outward(b, a)
        } else {
            Interval { lo: 0.0, hi: above(a.max(b)) }
        }
    }
}

/// The step by which [`above`] and [`below`] widen `x`: `|x|·2^-52` (exact, a power of two's
/// multiple) plus the least normal number. For a normal `x` the distance to the neighbouring
/// `f64` is at most `|x|·2^-52`, and for a smaller one at most 2^-1074, so the step is at least
/// that distance.
#[inline(always)]
fn step(x: f64) -> f64 {
    x.abs() * f64::from_bits(0x3CB0_0000_0000_0000) + f64::MIN_POSITIVE
}

/// A value at least `next_up(x)`: the exact sum `x + step(x)` is at least `next_up(x)`, an
/// `f64`, and rounding to nearest never goes below an `f64` that the exact value reaches.
#[inline(always)]
fn above(x: f64) -> f64 {
    x + step(x)
}

/// A value at most `next_down(x)`, by the same argument.
#[inline(always)]
fn below(x: f64) -> f64 {
    x - step(x)
}

impl Add for Interval {
    type Output = Interval;
    #[inline(always)]
    fn add(self, o: Interval) -> Interval {
        Interval::outward(self.lo + o.lo, self.hi + o.hi)
    }
}

impl Sub for Interval {
    type Output = Interval;
    #[inline(always)]
    fn sub(self, o: Interval) -> Interval {
        Interval::outward(self.lo - o.hi, self.hi - o.lo)
    }
}

impl Mul for Interval {
    type Output = Interval;
    #[inline(always)]
    fn mul(self, o: Interval) -> Interval {
        // (`mul_nonneg` only where an end is truly non-negative: a general product knows nothing
        // of the quantity's sign.)
        if self.lo >= 0.0 {
            return self.mul_nonneg(o);
        }
        if o.lo >= 0.0 {
            return o.mul_nonneg(self);
        }
        if self.hi <= 0.0 && o.hi <= 0.0 {
            return Interval::outward(self.hi * o.hi, self.lo * o.lo);
        }
        let p = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi];
        let lo = p.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Interval::outward(lo, hi)
    }
}

impl Div for Interval {
    type Output = Interval;
    /// Division by an interval of positive values (the only kind the recursion divides by).
    #[inline(always)]
    fn div(self, o: Interval) -> Interval {
        debug_assert!(o.lo > 0.0, "division by an interval of positive values");
        if self.lo >= 0.0 {
            Interval::outward(self.lo / o.hi, self.hi / o.lo)
        } else {
            let q = [self.lo / o.lo, self.lo / o.hi, self.hi / o.lo, self.hi / o.hi];
            let lo = q.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = q.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            Interval::outward(lo, hi)
        }
    }
}

/// A positive number too large for `f64` (the count of games from a position passes 10^308
/// near n = 210): `mantissa · 2^exponent`, the mantissa an interval below 2^64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scaled {
    pub mantissa: Interval,
    pub exponent: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::FromPrimitive;
    use proptest::prelude::*;

    fn exact(x: f64) -> BigRational {
        BigRational::from_f64(x).unwrap()
    }

    fn holds(i: Interval, v: &BigRational) -> bool {
        exact(i.lo) <= *v && *v <= exact(i.hi)
    }

    proptest! {
        /// Every operation's interval holds the exact result of every pair of its operands' ends.
        #[test]
        fn operations_hold_the_exact_result(a in -1e6f64..1e6, b in -1e6f64..1e6, c in 1e-3f64..1e6, w in 0f64..10.0) {
            let (x, y, z) = (Interval { lo: a, hi: a + w }, Interval::point(b), Interval { lo: c, hi: c * 1.5 });
            for xv in [x.lo, x.hi] {
                for zv in [z.lo, z.hi] {
                    let (xe, ye, ze) = (exact(xv), exact(b), exact(zv));
                    prop_assert!(holds(x + y, &(&xe + &ye)));
                    prop_assert!(holds(x - y, &(&xe - &ye)));
                    prop_assert!(holds(x * y, &(&xe * &ye)));
                    prop_assert!(holds(x * z, &(&xe * &ze)));
                    prop_assert!(holds(x / z, &(&xe / &ze)));
                    prop_assert!(holds(x.square(), &(&xe * &xe)));
                    prop_assert!(holds(z.mul_nonneg(x), &(&ze * &xe)));
                    prop_assert!(holds((Interval::ZERO - z) * (Interval::ZERO - z), &(&ze * &ze)));
                }
            }
        }
    }

    /// The branch-free widening goes at least as far as `next_up` and `next_down`, at zero, in
    /// the subnormal range, at both sides of every binade's boundary and at random values.
    #[test]
    fn widening_passes_the_neighbouring_f64() {
        let mut xs = vec![0.0, -0.0, f64::from_bits(1), f64::MIN_POSITIVE, 1e-310, 0.1, 1e300];
        for e in -1022..1023 {
            let p = f64::powi(2.0, e);
            xs.extend([p, p.next_down(), p.next_up()]);
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state);
            if x.is_finite() && x.abs() < 1e300 {
                xs.push(x);
            }
        }
        for x in xs.iter().flat_map(|&x| [x, -x]) {
            assert!(above(x) >= x.next_up(), "{x:e}: {:e} < {:e}", above(x), x.next_up());
            assert!(below(x) <= x.next_down(), "{x:e}: {:e} > {:e}", below(x), x.next_down());
        }
    }
}
