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

/// Parses a natural number of any length.
pub fn natural(text: &str) -> anyhow::Result<BigUint> {
    parse_natural(text).map_err(InputError::from_display)
}

/// Checks the size of a game: `1 <= n <= limit`, else an input error naming what the limit is for.
pub fn game_size(n: u32, limit: u32, what: &str) -> anyhow::Result<()> {
    if n == 0 || n > limit {
        return Err(InputError::from_display(format!("invalid n = {n}: {what} takes 1 <= n <= {limit}")));
    }
    Ok(())
}

/// A clap value parser for factors `k >= 1` that names the bad value.
pub fn factor(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("k must be at least 1".to_string()),
        Ok(k) => Ok(k),
        Err(_) => Err("expected a whole number k >= 1".to_string()),
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
