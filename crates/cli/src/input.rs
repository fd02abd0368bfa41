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

/// What [`read_line_bounded`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A line (without its newline) is in the buffer.
    Line,
    /// The line is longer than the limit: the reader stops inside it (see [`skip_line`]).
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one line into `buf` (cleared first), holding at most `limit` bytes of it, so that no
/// input line can exhaust memory: at the first byte past the limit it stops, inside the line.
pub fn read_line_bounded(
    reader: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<LineRead> {
    buf.clear();
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(if buf.is_empty() { LineRead::End } else { LineRead::Line });
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        if buf.len() + chunk.len() > limit {
            return Ok(LineRead::TooLong);
        }
        buf.extend_from_slice(chunk);
        let used = newline.map_or(chunk.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(LineRead::Line);
        }
    }
}

/// Reads and drops the rest of the current line.
pub fn skip_line(reader: &mut impl std::io::BufRead) -> std::io::Result<()> {
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(());
            }
            None => {
                let all = available.len();
                reader.consume(all);
            }
        }
    }
}
