//! The two numeration systems a track can read, as Walnut names them: `msd_fib` (Zeckendorf
//! representations, digits on 1, 2, 3, 5, 8, ... with no two adjacent 1s) and `msd_2` (binary),
//! both most significant digit first. Both use the digits 0 and 1, so a symbol of an automaton
//! over k tracks is a k-bit word, bit i the digit of track i.

use std::fmt;

/// The most tracks an automaton reads (its alphabet has `2^tracks` symbols).
pub const MAX_TRACKS: usize = 16;

/// A numeration system of one track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Zeckendorf representations: place values 1, 2, 3, 5, 8, ... (F1 = 1, F2 = 2), no two
    /// adjacent 1s.
    Fib,
    /// Binary: place values 1, 2, 4, 8, ...
    Binary,
}

impl Base {
    /// Walnut's name: `msd_fib` or `msd_2`.
    pub fn name(self) -> &'static str {
        match self {
            Base::Fib => "msd_fib",
            Base::Binary => "msd_2",
        }
    }

    /// The system Walnut's name names.
    pub fn from_name(name: &str) -> Option<Base> {
        match name {
            "msd_fib" => Some(Base::Fib),
            "msd_2" => Some(Base::Binary),
            _ => None,
        }
    }

    /// The representation of `n`, most significant digit first (empty for 0).
    pub fn digits(self, mut n: u128) -> Vec<u8> {
        match self {
            Base::Binary => {
                let mut digits = Vec::new();
                while n > 0 {
                    digits.push((n & 1) as u8);
                    n >>= 1;
                }
                digits.reverse();
                digits
            }
            Base::Fib => {
                // Greedy from the largest place value that fits: Zeckendorf's theorem makes the
                // greedy representation the one without adjacent 1s.
                let places = fib_places_up_to(n);
                let mut digits = Vec::with_capacity(places.len());
                for &place in places.iter().rev() {
                    if place <= n {
                        n -= place;
                        digits.push(1);
                    } else {
                        digits.push(0);
                    }
                }
                digits
            }
        }
    }

    /// The representation of `n` as bits, the least significant digit at bit 0 of word 0, and
    /// its length: [`Base::digits`] without allocating, for reading many numbers.
    pub fn digit_bits(self, mut n: u128) -> ([u64; 3], usize) {
        let mut bits = [0u64; 3];
        match self {
            Base::Binary => {
                bits[0] = n as u64;
                bits[1] = (n >> 64) as u64;
                (bits, (128 - n.leading_zeros()) as usize)
            }
            Base::Fib => {
                let places = fib_places();
                let len = places.partition_point(|&p| p <= n);
                for i in (0..len).rev() {
                    if places[i] <= n {
                        n -= places[i];
                        bits[i / 64] |= 1 << (i % 64);
                    }
                }
                (bits, len)
            }
        }
    }

    /// The value of a digit string, most significant first; `None` past `u128`.
    pub fn value(self, digits: &[u8]) -> Option<u128> {
        match self {
            Base::Binary => {
                digits.iter().try_fold(0u128, |v, &d| v.checked_mul(2)?.checked_add(u128::from(d)))
            }
            Base::Fib => {
                // Reading msd first, the pair (value, value with every place shifted down one)
                // is updated as (a, b) -> (a + b + d, a + d), since F(i+1) = F(i) + F(i-1) with
                // F0 = 1 and F(-1) = 0.
                let mut a: u128 = 0;
                let mut b: u128 = 0;
                for &d in digits {
                    let d = u128::from(d);
                    (a, b) = (a.checked_add(b)?.checked_add(d)?, a.checked_add(d)?);
                }
                Some(a)
            }
        }
    }

    /// Whether a digit string is a representation of this system (no two adjacent 1s in
    /// `msd_fib`; any string of 0s and 1s in `msd_2`).
    pub fn is_valid(self, digits: &[u8]) -> bool {
        digits.iter().all(|&d| d <= 1) && (self == Base::Binary || digits.windows(2).all(|w| w != [1, 1]))
    }
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The place values 1, 2, 3, 5, ... up to and including the largest not above `n`.
/// Every Fibonacci place value 1, 2, 3, 5, ... that fits in `u128`, computed once.
fn fib_places() -> &'static [u128] {
    static PLACES: std::sync::OnceLock<Vec<u128>> = std::sync::OnceLock::new();
    PLACES.get_or_init(|| fib_places_up_to(u128::MAX))
}

fn fib_places_up_to(n: u128) -> Vec<u128> {
    let mut places = Vec::new();
    let (mut a, mut b) = (1u128, 2u128);
    while a <= n {
        places.push(a);
        match a.checked_add(b) {
            Some(c) => (a, b) = (b, c),
            None => {
                if b <= n {
                    places.push(b);
                }
                break;
            }
        }
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn representations_follow_the_seeds_convention() {
        // 32 = 1010100 (21 + 8 + 3).
        assert_eq!(Base::Fib.digits(32), vec![1, 0, 1, 0, 1, 0, 0]);
        assert_eq!(Base::Fib.digits(0), Vec::<u8>::new());
        assert_eq!(Base::Binary.digits(6), vec![1, 1, 0]);
        for n in 0..2000u128 {
            for base in [Base::Fib, Base::Binary] {
                let digits = base.digits(n);
                assert!(base.is_valid(&digits));
                assert_eq!(base.value(&digits), Some(n));
            }
        }
        assert!(!Base::Fib.is_valid(&[1, 1]));
        assert_eq!(Base::Fib.value(&Base::Fib.digits(u128::MAX)), Some(u128::MAX));
    }

    #[test]
    fn digit_bits_are_the_digits_read_from_the_right() {
        let samples = (0..3000u128)
            .chain((0..128).map(|s| (u128::MAX >> s).saturating_sub(s as u128)))
            .chain([u128::MAX]);
        for n in samples {
            for base in [Base::Fib, Base::Binary] {
                let digits = base.digits(n);
                let (bits, len) = base.digit_bits(n);
                assert_eq!(len, digits.len(), "{base:?} {n}");
                for (i, &d) in digits.iter().rev().enumerate() {
                    assert_eq!((bits[i / 64] >> (i % 64)) & 1, u64::from(d), "{base:?} {n} place {i}");
                }
            }
        }
    }
}
