//! Numbers as users type them: the one integer grammar with the limits every front end shares.

use num_bigint::BigUint;
use zecklab_numeration::parse_natural;

use crate::AnswerError;

/// The most decimal digits an integer input may have: the representation takes time
/// quadratic in the length (about a minute and a half at a million digits on two cores).
pub const DIGITS_LIMIT: usize = 1_000_000;

/// Memory the terms of a factor-`k` ladder may take (`k = 2` uses the Fibonacci paths and
/// stores no terms, so it has no such limit).
pub const LADDER_MEMORY: u128 = 1 << 30;

/// Parses a natural number of up to [`DIGITS_LIMIT`] digits.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the text when it is not a natural number or is too long.
pub fn natural(text: &str) -> Result<BigUint, AnswerError> {
    let digits = text.trim().trim_start_matches('+').trim_start_matches('0').len();
    if digits > DIGITS_LIMIT {
        return Err(too_many_digits(&zecklab_numeration::grouped(digits as u64)));
    }
    parse_natural(text).map_err(AnswerError::invalid)
}

/// The refusal of a number longer than [`DIGITS_LIMIT`] digits, `digits` saying how long it is
/// ("1,000,001", or "about 3,000,000" when only estimated): the same words for text and for a
/// number handed over whole (Python's `int`).
pub fn too_many_digits(digits: &str) -> AnswerError {
    AnswerError::Invalid(format!(
        "a number of {digits} digits is too long: at most {} digits",
        zecklab_numeration::grouped(DIGITS_LIMIT as u64)
    ))
}

/// A whole number that fits in a `u64`, by the one integer grammar.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the text.
pub fn whole_u64(text: &str) -> Result<u64, AnswerError> {
    let n = parse_natural(text).map_err(AnswerError::invalid)?;
    u64::try_from(&n).map_err(|_| {
        AnswerError::Invalid(format!("{} is too large: at most {}", shown(text.trim()), u64::MAX))
    })
}

/// A whole number that fits in a `u32`.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the text.
pub fn whole_u32(text: &str) -> Result<u32, AnswerError> {
    let n = whole_u64(text)?;
    u32::try_from(n).map_err(|_| AnswerError::Invalid(format!("{n} is too large: at most {}", u32::MAX)))
}

/// A factor `k >= 1`.
///
/// # Errors
/// [`AnswerError::Invalid`] for 0 or what is not a number.
pub fn factor(text: &str) -> Result<u64, AnswerError> {
    match whole_u64(text)? {
        0 => Err(AnswerError::Invalid("k must be at least 1".to_string())),
        k => Ok(k),
    }
}

/// A value as an error message shows it: on one line, control characters escaped, and long
/// values shortened in the middle, so a message can never span lines or move the cursor.
pub fn shown(text: &str) -> String {
    const MOST: usize = 60;
    let escaped: String = text.chars().flat_map(char::escape_debug).collect();
    let chars: Vec<char> = escaped.chars().collect();
    if chars.len() <= MOST {
        return escaped;
    }
    let head: String = chars[..MOST / 2].iter().collect();
    let tail: String = chars[chars.len() - MOST / 4..].iter().collect();
    format!("{head}…{tail} ({} characters)", text.chars().count())
}

/// Refuses, before any work, a number whose factor-`k` ladder would not fit in
/// [`LADDER_MEMORY`] (the ladder for large `k` grows by a factor of only about `1 + 1/k` a term).
///
/// # Errors
/// [`AnswerError::TooLarge`] saying how much memory the ladder would need.
pub fn ladder_fits(k: u64, n: &BigUint) -> Result<(), AnswerError> {
    ladder_fits_within(k, n, LADDER_MEMORY)
}

/// [`ladder_fits`] with another limit (a server sets a smaller one: it answers many at once).
///
/// # Errors
/// As [`ladder_fits`].
pub fn ladder_fits_within(k: u64, n: &BigUint, limit: u128) -> Result<(), AnswerError> {
    if k == 2 {
        return Ok(());
    }
    let bytes = zecklab_numeration::Ladder::estimated_bytes(k, n);
    if bytes > limit {
        let digits = n.to_string().len();
        let size = if bytes == u128::MAX {
            "more than 2^128 bytes".to_string()
        } else {
            format!("about {} MiB", bytes >> 20)
        };
        return Err(AnswerError::TooLarge(format!(
            "a number of {digits} digits in the factor-{k} ladder needs {size} of ladder terms, more than the {} MiB allowed: use a smaller number or factor (k = 2 has no such limit)",
            limit >> 20
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_numbers_are_named_in_the_error() {
        for bad in ["-3", "12x", "", "1.5"] {
            let e = natural(bad).unwrap_err();
            assert!(matches!(e, AnswerError::Invalid(_)), "{bad}: {e}");
        }
        assert!(natural("-3").unwrap_err().message().contains("-3"));
        assert_eq!(natural(" +0042 ").unwrap(), BigUint::from(42u32));
        assert!(whole_u32("4294967296").unwrap_err().message().contains("too large"));
        assert_eq!(factor("0").unwrap_err().message(), "k must be at least 1");
    }

    #[test]
    fn long_values_are_shortened_on_one_line() {
        let long = "7".repeat(500) + "\n";
        let s = shown(&long);
        assert!(!s.contains('\n') && s.contains("501 characters"), "{s}");
    }
}
