//! P-positions of Wythoff's game and the winning moves from any position.
//!
//! - Formula: the `m`-th P-position is `(floor(m phi), floor(m phi^2))`. Exactly with integers:
//!   `floor(m phi) = floor((m + sqrt(5 m^2)) / 2) = (m + isqrt(5 m^2)) div 2`, because
//!   `sqrt(5 m^2)` is irrational for `m > 0`, so adding its fractional part never crosses the
//!   next multiple of 2 (if `m + isqrt` is odd, the half lands in `[k + 1/2, k + 1)`).
//!   `floor(m phi^2) = floor(m phi) + m`.
//! - Digit rule (seed 002): `(a, b)` with `a <= b` is a P-position iff the Zeckendorf numeral of
//!   `a` ends in an even number of zeros and the numeral of `b` is that of `a` with one more zero.
//! - Search (in `zecklab-reference`): a board where `(a, b)` is a P-position iff no P-position
//!   lies earlier in its row, its column or its diagonal.

use std::fmt;

use num_bigint::BigUint;
use num_traits::Zero;
use zecklab_numeration::{fibonacci_value, zeckendorf_big};

use crate::Outcome;

/// The `m`-th P-position `(a_m, b_m)` by the golden-ratio formula, exactly, for any `m`.
pub fn formula_pair(m: &BigUint) -> (BigUint, BigUint) {
    let root = (m * m * 5u32).sqrt();
    let a = (m + root) >> 1u32;
    let b = &a + m;
    (a, b)
}

/// [`formula_pair`] for machine integers (`m < 2^61`, so `5 m^2` fits a `u128`).
pub fn formula_pair_u64(m: u64) -> (u64, u64) {
    assert!(m < 1 << 61, "formula_pair_u64 needs m < 2^61");
    let five_m2 = 5 * u128::from(m) * u128::from(m);
    let root = five_m2.isqrt();
    let a = ((u128::from(m) + root) >> 1) as u64;
    (a, a + m)
}

/// Whether `x >= 1` is a lower Wythoff number `a_m` (its numeral ends in an even number of
/// zeros) rather than an upper one `b_m`.
pub fn is_lower(x: &BigUint) -> bool {
    zeckendorf_big(x).trailing_zeros().is_multiple_of(2)
}

/// The partner of `x` in its P-position by the digit rule: a lower number gains a trailing 0,
/// an upper one loses one. `0` pairs with `0`.
pub fn digit_rule_partner(x: &BigUint) -> BigUint {
    if x.is_zero() {
        return BigUint::zero();
    }
    let rep = zeckendorf_big(x);
    if rep.trailing_zeros().is_multiple_of(2) {
        fibonacci_value(&rep.shifted_up())
    } else {
        fibonacci_value(&rep.shifted_down().expect("an odd number of trailing zeros is at least one"))
    }
}

/// Why a Wythoff position or move is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WythoffError {
    /// A move must take at least one counter.
    TakeNothing,
    /// A move took more than a heap holds.
    TooMany {
        /// Which heap ("a", "b" or "both").
        heap: &'static str,
        /// How many it tried to take.
        take: BigUint,
    },
}

impl fmt::Display for WythoffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffError::TakeNothing => f.write_str("illegal move: a move takes at least one counter"),
            WythoffError::TooMany { heap, take } => {
                write!(f, "illegal move: cannot take {take} from {heap}: not enough counters")
            }
        }
    }
}

impl std::error::Error for WythoffError {}

/// Which heaps a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heaps {
    /// The first heap only.
    A,
    /// The second heap only.
    B,
    /// The same number from both heaps.
    Both,
}

impl Heaps {
    /// How a message names the heaps.
    pub fn name(self) -> &'static str {
        match self {
            Heaps::A => "heap a",
            Heaps::B => "heap b",
            Heaps::Both => "both heaps",
        }
    }
}

/// A position: two heaps of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WythoffPosition {
    /// The first heap.
    pub a: BigUint,
    /// The second heap.
    pub b: BigUint,
}

impl WythoffPosition {
    /// Takes `take` from heap `a`, heap `b` or both.
    ///
    /// # Errors
    /// [`WythoffError`] when the move takes nothing or more than a heap holds.
    pub fn play(&self, heaps: Heaps, take: &BigUint) -> Result<WythoffPosition, WythoffError> {
        if take.is_zero() {
            return Err(WythoffError::TakeNothing);
        }
        let ok = match heaps {
            Heaps::A => take <= &self.a,
            Heaps::B => take <= &self.b,
            Heaps::Both => take <= &self.a && take <= &self.b,
        };
        if !ok {
            return Err(WythoffError::TooMany { heap: heaps.name(), take: take.clone() });
        }
        Ok(match heaps {
            Heaps::A => WythoffPosition { a: &self.a - take, b: self.b.clone() },
            Heaps::B => WythoffPosition { a: self.a.clone(), b: &self.b - take },
            Heaps::Both => WythoffPosition { a: &self.a - take, b: &self.b - take },
        })
    }

    /// Whether both heaps are empty (the player to move has lost).
    pub fn is_terminal(&self) -> bool {
        self.a.is_zero() && self.b.is_zero()
    }
}

/// Outcome and every winning move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WythoffAnalysis {
    /// Win or loss for the player to move.
    pub outcome: Outcome,
    /// Every position a winning move leads to, as `(a', b')`, sorted.
    pub winning_moves: Vec<(BigUint, BigUint)>,
}

/// Outcome and every winning move of `(a, b)`, for heaps of any size. A winning move leads to
/// a P-position; from `(a, b)` the candidates are the partner of `a` (changing `b`), the partner
/// of `b` (changing `a`) and the P-position with difference `|b - a|` (moving diagonally).
pub fn analyse(position: &WythoffPosition) -> WythoffAnalysis {
    let (a, b) = (&position.a, &position.b);
    let mut moves = Vec::new();
    let partner_a = digit_rule_partner(a);
    if &partner_a < b {
        moves.push((a.clone(), partner_a.clone()));
    }
    let partner_b = digit_rule_partner(b);
    if &partner_b < a {
        moves.push((partner_b, b.clone()));
    }
    let (low, high, swapped) = if a <= b { (a, b, false) } else { (b, a, true) };
    let (pa, pb) = formula_pair(&(high - low));
    if &pa < low {
        moves.push(if swapped { (pb, pa) } else { (pa, pb) });
    }
    moves.sort();
    moves.dedup();
    let is_p = &partner_a == b;
    debug_assert_eq!(is_p, moves.is_empty());
    WythoffAnalysis { outcome: Outcome::win_if(!is_p), winning_moves: moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_example() {
        // 11 = 10100 (two zeros), 18 = 101000: (11, 18) is a P-position.
        assert_eq!(digit_rule_partner(&11u32.into()), BigUint::from(18u32));
        assert_eq!(digit_rule_partner(&18u32.into()), BigUint::from(11u32));
        assert_eq!(analyse(&WythoffPosition { a: 11u32.into(), b: 18u32.into() }).outcome, Outcome::Loss);
    }

    #[test]
    fn formula_equals_digit_rule() {
        for m in 0..20_000u64 {
            let (a, b) = formula_pair_u64(m);
            assert_eq!(formula_pair(&m.into()), (a.into(), b.into()));
            if m > 0 {
                assert!(is_lower(&a.into()), "m = {m}");
                assert_eq!(digit_rule_partner(&a.into()), BigUint::from(b));
                assert_eq!(digit_rule_partner(&b.into()), BigUint::from(a));
            }
        }
    }
}
