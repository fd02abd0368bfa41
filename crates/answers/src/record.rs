//! The record of the Zeckendorf game's solves as `zecklab data record --json` prints it and
//! `/api/data/record` serves it: one line per solved n, the fields of `zgame-by-n.csv`, with the
//! n's tiers when asked for.

use serde::Serialize;
use zecklab_store::data::{Record, Solved, Tier};

use crate::AnswerError;

/// One solved n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordLine<'a> {
    /// The row of `zgame-by-n.csv`.
    #[serde(flatten)]
    pub row: &'a Solved,
    /// Positions and P-positions by number of parts, most parts first, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiers: Option<&'a [Tier]>,
}

/// The lines of `record`: every n, or only `n`; with each n's tiers when `tiers`.
///
/// # Errors
/// [`AnswerError::Invalid`] when `n` is not recorded, naming the range that is.
pub fn record_lines(
    record: &Record,
    n: Option<u32>,
    tiers: bool,
) -> Result<Vec<RecordLine<'_>>, AnswerError> {
    let lines: Vec<RecordLine<'_>> = record
        .rows()
        .filter(|row| n.is_none_or(|n| row.n == n))
        .map(|row| RecordLine { row, tiers: if tiers { record.tiers(row.n) } else { None } })
        .collect();
    if let (Some(n), true) = (n, lines.is_empty()) {
        return Err(AnswerError::Invalid(format!(
            "n = {n} is not in the record, which holds {}",
            record.held()
        )));
    }
    Ok(lines)
}
