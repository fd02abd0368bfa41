//! Natural numbers in decimal text: parsed at any length, with errors that name the bad value
//! (negative numbers, fractions, signs, empty strings and stray characters), and written with
//! their thousands grouped.

use std::fmt;

use num_bigint::BigUint;
use num_traits::Num;

/// Why a text is not a natural number.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NaturalError {
    /// The text was empty (or only white space).
    Empty,
    /// The text starts with a minus sign.
    Negative(String),
    /// The text has a decimal point or exponent.
    NotInteger(String),
    /// Any other character that is not a decimal digit.
    NotDecimal(String),
}

impl fmt::Display for NaturalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::abbreviate as ab;
        match self {
            NaturalError::Empty => f.write_str("empty number: expected decimal digits 0-9"),
            NaturalError::Negative(t) => {
                write!(f, "invalid number '{}': negative numbers are not allowed", ab(t))
            }
            NaturalError::NotInteger(t) => write!(f, "invalid number '{}': expected a whole number", ab(t)),
            NaturalError::NotDecimal(t) => {
                write!(f, "invalid number '{}': expected decimal digits 0-9", ab(t))
            }
        }
    }
}

impl std::error::Error for NaturalError {}

/// Parses a natural number (`0, 1, 2, ...`) of any length written in decimal. This is the one
/// grammar for integers everywhere in zecklab: decimal digits, optionally preceded by `+`, with
/// white space around them ignored; nothing else (no `_`, no inner spaces, no exponent).
///
/// # Errors
/// A [`NaturalError`] naming the text when it is empty, negative, fractional or not decimal.
pub fn parse_natural(text: &str) -> Result<BigUint, NaturalError> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    if digits.is_empty() {
        return Err(if trimmed.is_empty() {
            NaturalError::Empty
        } else {
            NaturalError::NotDecimal(text.to_string())
        });
    }
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(BigUint::from_str_radix(digits, 10).expect("all ASCII digits"));
    }
    // "-5" is a negative number; "--" and "->" are not numbers at all.
    if trimmed
        .strip_prefix('-')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(NaturalError::Negative(text.to_string()));
    }
    let looks_fractional =
        digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
            && digits.bytes().any(|b| b.is_ascii_digit());
    if looks_fractional {
        return Err(NaturalError::NotInteger(text.to_string()));
    }
    Err(NaturalError::NotDecimal(text.to_string()))
}

/// `value` in decimal with its thousands separated by commas: `1234567` is `1,234,567`.
pub fn grouped(value: u64) -> String {
    grouped_digits(&value.to_string())
}

/// A decimal integer's digits (of any length) with its thousands separated by commas.
pub fn grouped_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped_digits("12345678901234567890123"), "12,345,678,901,234,567,890,123");
        assert_eq!(grouped_digits("123"), "123");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn accepts_and_rejects() {
        assert_eq!(parse_natural("007").unwrap(), BigUint::from(7u32));
        assert_eq!(parse_natural("+5").unwrap(), BigUint::from(5u32));
        assert_eq!(parse_natural(""), Err(NaturalError::Empty));
        assert_eq!(parse_natural("-5"), Err(NaturalError::Negative("-5".into())));
        assert_eq!(parse_natural("1.5"), Err(NaturalError::NotInteger("1.5".into())));
        assert_eq!(parse_natural("1e9"), Err(NaturalError::NotInteger("1e9".into())));
        assert_eq!(parse_natural("abc"), Err(NaturalError::NotDecimal("abc".into())));
        assert_eq!(parse_natural("+"), Err(NaturalError::NotDecimal("+".into())));
        assert_eq!(parse_natural(" 5 ").unwrap(), BigUint::from(5u32));
        for not_a_number in ["--", "->", "-x", "1_000", "1 000"] {
            assert!(
                matches!(parse_natural(not_a_number), Err(NaturalError::NotDecimal(_))),
                "{not_a_number}"
            );
        }
        for not_a_number in ["++5", "+-5"] {
            assert!(parse_natural(not_a_number).is_err(), "{not_a_number}");
        }
        assert_eq!(
            parse_natural("-").unwrap_err().to_string(),
            "invalid number '-': expected decimal digits 0-9"
        );
        assert_eq!(
            parse_natural("-5").unwrap_err().to_string(),
            "invalid number '-5': negative numbers are not allowed"
        );
    }
}
