//! Numerals (strings of 0s and 1s) read back to integers, canonical or not: seed 002's
//! `1010011` is `a7 + a5 + a2 + a1 = 32`, whose canonical numeral is `1010100`.

use std::fmt;

use num_bigint::BigUint;

/// A numeral's digits, least significant first: `digits[i - 1]` is the digit at index `i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digits(Vec<bool>);

impl Digits {
    /// Parses a numeral of 0s and 1s, most significant digit first. Leading zeros are allowed.
    ///
    /// # Errors
    /// [`NumeralError::Empty`] for an empty string, [`NumeralError::BadDigit`] for any character
    /// other than `0` or `1`.
    pub fn parse(text: &str) -> Result<Digits, NumeralError> {
        if text.is_empty() {
            return Err(NumeralError::Empty);
        }
        let mut digits = Vec::with_capacity(text.len());
        for (position, ch) in text.chars().enumerate() {
            match ch {
                '0' => digits.push(false),
                '1' => digits.push(true),
                other => {
                    return Err(NumeralError::BadDigit {
                        numeral: text.to_string(),
                        digit: other,
                        position: position + 1,
                    })
                }
            }
        }
        digits.reverse();
        Ok(Digits(digits))
    }

    /// The digits, least significant first.
    pub fn as_slice(&self) -> &[bool] {
        &self.0
    }

    /// Whether two adjacent digits are both 1 (then the numeral is not a Zeckendorf numeral).
    pub fn has_adjacent_ones(&self) -> bool {
        self.0.windows(2).any(|w| w[0] && w[1])
    }

    /// The value in base Fibonacci (`F1 = 1, F2 = 2, ...`), by a Horner-like scan from the top:
    /// with `A F_i + B F_(i-1)` standing for the digits above, one step down is
    /// `(A, B) -> (A + B + d, A)`, and at the bottom the value is `A F_1 + B F_0 = A + B`.
    pub fn fibonacci_value(&self) -> BigUint {
        let mut high = BigUint::default();
        let mut low = BigUint::default();
        // Small numerals stay in machine integers.
        if self.0.len() <= 180 {
            let (mut a, mut b) = (0u128, 0u128);
            for &d in self.0.iter().rev() {
                let next = a + b + u128::from(d);
                b = a;
                a = next;
            }
            return BigUint::from(a) + BigUint::from(b);
        }
        for &d in self.0.iter().rev() {
            // (high, low) <- (high + low + d, high), in place.
            low += &high;
            if d {
                low += 1u32;
            }
            std::mem::swap(&mut high, &mut low);
        }
        high + low
    }
}

/// Why a numeral could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumeralError {
    /// The numeral was empty.
    Empty,
    /// A character other than `0` or `1`.
    BadDigit {
        /// The whole numeral as given.
        numeral: String,
        /// The offending character.
        digit: char,
        /// Its position, counting from 1 at the left.
        position: usize,
    },
}

impl fmt::Display for NumeralError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumeralError::Empty => f.write_str("empty numeral: expected digits 0 and 1"),
            NumeralError::BadDigit { numeral, digit, position } => write!(
                f,
                "invalid numeral '{}': digit '{digit}' at position {position} (only 0 and 1 are allowed)",
                crate::abbreviate(numeral)
            ),
        }
    }
}

impl std::error::Error for NumeralError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_non_canonical() {
        let d = Digits::parse("1010011").unwrap();
        assert!(d.has_adjacent_ones());
        assert_eq!(d.fibonacci_value(), BigUint::from(32u32));
        assert_eq!(Digits::parse("1010100").unwrap().fibonacci_value(), BigUint::from(32u32));
        assert_eq!(Digits::parse("0").unwrap().fibonacci_value(), BigUint::from(0u32));
        assert_eq!(Digits::parse("00011").unwrap().fibonacci_value(), BigUint::from(3u32));
    }

    #[test]
    fn errors() {
        assert_eq!(Digits::parse(""), Err(NumeralError::Empty));
        let e = Digits::parse("1021").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid numeral '1021': digit '2' at position 3 (only 0 and 1 are allowed)"
        );
    }

    #[test]
    fn long_numeral_matches_machine_path() {
        // A 200-digit numeral of alternating digits on the big path, against term-by-term sums.
        let text: String = (0..200).map(|i| if i % 3 == 0 { '1' } else { '0' }).collect();
        let d = Digits::parse(&text).unwrap();
        let expected: BigUint = d
            .as_slice()
            .iter()
            .enumerate()
            .filter(|(_, &b)| b)
            .map(|(i, _)| crate::fib::fib_big(i + 1))
            .sum();
        assert_eq!(d.fibonacci_value(), expected);
    }
}
