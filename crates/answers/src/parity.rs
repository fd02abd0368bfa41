//! `zgame parity`: the parity law of complete games for one n (the JSON line and its reading of
//! the lab's counts and pairing).

use std::time::Instant;

use num_traits::Zero;
use serde::Serialize;
use zecklab_games::zgame::PositionIndex;
use zecklab_lab::parity::{parity_counts, unpaired_game_exists};

use crate::AnswerError;

/// The largest n whose counts are computed exactly (big integers for every position: about
/// 1.5 million positions at n = 160).
pub const PARITY_COUNTS_TO: u32 = 160;

/// The largest n the pairing is decided for (two bits for each of 41 billion positions at
/// n = 700: 10 GiB).
pub const PARITY_PAIRING_TO: u32 = 700;

/// One n of `zgame parity`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParityJson {
    /// The game's n.
    pub n: u32,
    /// Whether the law holds at n: as many complete games of odd as of even length (null past the
    /// exact counts where some game is unpaired: the pairing alone does not decide it).
    pub law: Option<bool>,
    /// Whether some complete game from the start has no occurrence of the pairing (then the
    /// pairing does not decide the law alone).
    pub unpaired_exists: bool,
    /// Complete games from the start (decimal; null past the exact counts' range).
    pub games: Option<String>,
    /// Games of even length less games of odd length (decimal; null past the exact counts).
    pub signed: Option<String>,
    /// The unpaired games (decimal; null past the exact counts).
    pub unpaired: Option<String>,
    /// The game's positions.
    pub positions: u64,
    /// How many positions have signed count zero (null past the exact counts).
    pub zero_positions: Option<u64>,
    /// Those positions, when asked for (`--zeros`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zeros: Option<Vec<String>>,
    /// `counts` (exact counts, with the pairing) or `pairing` (the pairing alone).
    pub method: &'static str,
    /// Seconds this n took.
    pub seconds: f64,
}

/// The parity law at `n`: exact counts up to [`PARITY_COUNTS_TO`], above it the pairing alone,
/// which decides the law where no game is unpaired.
///
/// # Errors
/// [`AnswerError::Invalid`] for n = 0; [`AnswerError::TooLarge`] past [`PARITY_PAIRING_TO`] or
/// `zeros` past the counts' range.
pub fn parity_line(n: u32, zeros: bool) -> Result<ParityJson, AnswerError> {
    let started = Instant::now();
    if n == 0 {
        return Err(AnswerError::Invalid("n = 0 has no game: n is at least 1".into()));
    }
    if n > PARITY_PAIRING_TO {
        return Err(AnswerError::TooLarge(format!(
            "n = {n}: the parity law is decided up to n = {PARITY_PAIRING_TO} here"
        )));
    }
    let too_large = || AnswerError::TooLarge(format!("the game on {n} has too many positions to hold"));
    let index = PositionIndex::new(n).ok_or_else(too_large)?;
    if n > PARITY_COUNTS_TO {
        if zeros {
            return Err(AnswerError::TooLarge(format!(
                "--zeros lists positions up to n = {PARITY_COUNTS_TO}, where every count is exact"
            )));
        }
        let unpaired_exists = unpaired_game_exists(n).ok_or_else(too_large)?;
        return Ok(ParityJson {
            n,
            law: (!unpaired_exists).then_some(true),
            unpaired_exists,
            games: None,
            signed: None,
            unpaired: None,
            positions: index.count(),
            zero_positions: None,
            zeros: None,
            method: "pairing",
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    let counts = parity_counts(n).ok_or_else(too_large)?;
    let zeros = zeros.then(|| counts.zero_ranks.iter().map(|&r| index.unrank(r).to_string()).collect());
    Ok(ParityJson {
        n,
        law: Some(counts.signed.is_zero()),
        unpaired_exists: !counts.unpaired.is_zero(),
        games: Some(counts.games.to_string()),
        signed: Some(counts.signed.to_string()),
        unpaired: Some(counts.unpaired.to_string()),
        positions: counts.positions,
        zero_positions: Some(counts.zero_ranks.len() as u64),
        zeros,
        method: "counts",
        seconds: started.elapsed().as_secs_f64(),
    })
}
