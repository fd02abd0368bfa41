//! Turning command-line text into validated values, with [`InputError`] (exit status 2) for
//! anything a user typed wrong.

use std::fmt;

use num_bigint::BigUint;
use zecklab_numeration::parse_natural;

/// A mistake in what the user typed: printed as one line, exit status 2.
#[derive(Debug)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

impl InputError {
    /// Wraps any displayable library error as an input error.
    pub fn from_display(e: impl fmt::Display) -> anyhow::Error {
        anyhow::Error::new(InputError(e.to_string()))
    }
}

/// The most decimal digits an integer input may have: the representation takes time
/// quadratic in the length (about a minute and a half at a million digits on two cores).
pub const DIGITS_LIMIT: usize = 1_000_000;

/// Parses a natural number of up to [`DIGITS_LIMIT`] digits.
pub fn natural(text: &str) -> anyhow::Result<BigUint> {
    let digits = text.trim().trim_start_matches('+').trim_start_matches('0').len();
    if digits > DIGITS_LIMIT {
        return Err(InputError::from_display(format!(
            "a number of {digits} digits is too long: at most {DIGITS_LIMIT} digits"
        )));
    }
    parse_natural(text).map_err(InputError::from_display)
}

/// Checks the size of a game: `1 <= n <= limit`, else an input error naming what the limit is for.
pub fn game_size(n: u32, limit: u32, what: &str) -> anyhow::Result<()> {
    if n == 0 || n > limit {
        return Err(InputError::from_display(format!("invalid n = {n}: {what} takes 1 <= n <= {limit}")));
    }
    Ok(())
}

/// A whole number that fits in a `u64`, by the one integer grammar ([`parse_natural`]).
fn whole_u64(text: &str) -> Result<u64, String> {
    let n = parse_natural(text).map_err(|e| e.to_string())?;
    u64::try_from(&n).map_err(|_| format!("{} is too large: at most {}", shown(text.trim()), u64::MAX))
}

/// A clap value parser for `u32` options, with the integer grammar and a message for each
/// failure (never a raw Rust parse error).
pub fn whole_u32(text: &str) -> Result<u32, String> {
    let n = whole_u64(text)?;
    u32::try_from(n).map_err(|_| format!("{n} is too large: at most {}", u32::MAX))
}

/// A clap value parser for `u64` options (see [`whole_u32`]).
pub fn whole_u64_arg(text: &str) -> Result<u64, String> {
    whole_u64(text)
}

/// A clap value parser for `usize` options (see [`whole_u32`]).
pub fn whole_usize(text: &str) -> Result<usize, String> {
    let n = whole_u64(text)?;
    usize::try_from(n).map_err(|_| format!("{n} is too large: at most {}", usize::MAX))
}

/// A clap value parser for factors `k >= 1`.
pub fn factor(text: &str) -> Result<u64, String> {
    match whole_u64(text)? {
        0 => Err("k must be at least 1".to_string()),
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

/// Memory the terms of a factor-`k` ladder may take (`k = 2` uses the Fibonacci paths and
/// stores no terms, so it has no such limit).
pub const LADDER_MEMORY: u128 = 1 << 30;

/// Refuses, before any work, a number whose factor-`k` ladder would not fit in
/// [`LADDER_MEMORY`] (the ladder for large `k` grows by a factor of only about `1 + 1/k` a term).
pub fn ladder_fits(k: u64, n: &BigUint) -> anyhow::Result<()> {
    if k == 2 {
        return Ok(());
    }
    let bytes = zecklab_numeration::Ladder::estimated_bytes(k, n);
    if bytes > LADDER_MEMORY {
        let digits = n.to_string().len();
        let size = if bytes == u128::MAX {
            "more than 2^128 bytes".to_string()
        } else {
            format!("about {} MiB", bytes >> 20)
        };
        return Err(InputError::from_display(format!(
            "a number of {digits} digits in the factor-{k} ladder needs {size} of ladder terms, more than the {} MiB allowed: use a smaller number or factor (k = 2 has no such limit)",
            LADDER_MEMORY >> 20
        )));
    }
    Ok(())
}
