//! Turning command-line text into validated values, with [`InputError`] (exit status 2) for
//! anything a user typed wrong.

use std::fmt;

use num_bigint::BigUint;
use zecklab_answers::number;

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

/// Parses a natural number of up to `DIGITS_LIMIT` digits (see `zecklab_answers::number`).
pub fn natural(text: &str) -> anyhow::Result<BigUint> {
    Ok(number::natural(text)?)
}

/// Checks the size of a game: `1 <= n <= limit`, else an input error naming what the limit is for.
pub fn game_size(n: u32, limit: u32, what: &str) -> anyhow::Result<()> {
    if n == 0 || n > limit {
        return Err(InputError::from_display(format!("invalid n = {n}: {what} takes 1 <= n <= {limit}")));
    }
    Ok(())
}

/// A clap value parser for `u32` options, with the integer grammar and a message for each
/// failure (never a raw Rust parse error).
pub fn whole_u32(text: &str) -> Result<u32, String> {
    number::whole_u32(text).map_err(|e| e.to_string())
}

/// A clap value parser for `u64` options (see [`whole_u32`]).
pub fn whole_u64_arg(text: &str) -> Result<u64, String> {
    number::whole_u64(text).map_err(|e| e.to_string())
}

/// A clap value parser for `usize` options (see [`whole_u32`]).
pub fn whole_usize(text: &str) -> Result<usize, String> {
    let n = number::whole_u64(text).map_err(|e| e.to_string())?;
    usize::try_from(n).map_err(|_| format!("{n} is too large: at most {}", usize::MAX))
}

/// A clap value parser for factors `k >= 1`.
pub fn factor(text: &str) -> Result<u64, String> {
    number::factor(text).map_err(|e| e.to_string())
}

pub use number::shown;

/// Refuses, before any work, a number whose factor-`k` ladder would not fit in memory.
pub fn ladder_fits(k: u64, n: &BigUint) -> anyhow::Result<()> {
    Ok(number::ladder_fits(k, n)?)
}
