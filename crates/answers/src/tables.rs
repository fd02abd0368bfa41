//! The table-like answers of Fibonacci Nim and Wythoff's game, with the limits that bound their
//! cost: the essay's census (`nim census`), the positions reachable from an opening
//! (`nim reach`), the losing openings against the ladder (`nim sequence`), Grundy rows of single
//! heaps (`nim grundy`), the first P-positions of Wythoff's game (`wythoff ppos`) and its board of
//! Grundy values (`wythoff grundy`).

use serde::Serialize;
use zecklab_games::fibnim::{
    census as nim_census, estimated_threshold_steps, reach as nim_reach, sequence as nim_sequence,
};
use zecklab_games::fibnim::{Census, GrundyTable, NimRules, Reach, SequenceReport};
use zecklab_games::wythoff::{formula_pair_u64, GrundyBoard};
use zecklab_numeration::zeckendorf_u64;

use crate::AnswerError;

/// Largest `--to` for the census.
pub const CENSUS_LIMIT: u32 = 50_000;
/// Largest heap for the reach.
pub const REACH_LIMIT: u32 = 5_000;
/// Largest `--to` for the sequence (4 bytes a heap).
pub const SEQUENCE_LIMIT: u32 = 1_000_000_000;
/// Most scan steps (by the estimate) an exhaustive threshold table may take: about a minute
/// on one core (k = 2 to 10^9 is estimated at 3 x 10^10 steps and takes about 20 s).
pub const THRESHOLD_STEPS_LIMIT: u128 = 100_000_000_000;
/// Largest heap for Grundy tables (`heap^2 / 2` values).
pub const NIM_GRUNDY_LIMIT: u32 = 5_000;
/// Memory a board of Wythoff Grundy values may take.
pub const WYTHOFF_GRUNDY_MEMORY: u128 = 16 << 30;
/// The most P-positions listed at once.
pub const PPOS_LIMIT: u64 = 1 << 40;

/// `value` of the option `name` if it lies in `low..=high`.
///
/// # Errors
/// [`AnswerError::Invalid`] below `low`, [`AnswerError::TooLarge`] above `high`, each naming
/// both bounds.
pub fn bounded(name: &str, value: u32, low: u32, high: u32) -> Result<u32, AnswerError> {
    let message = || format!("invalid {name} {value}: must be between {low} and {high}");
    match value {
        v if v < low => Err(AnswerError::Invalid(message())),
        v if v > high => Err(AnswerError::TooLarge(message())),
        v => Ok(v),
    }
}

/// The census of opening heaps `2..=to`.
///
/// # Errors
/// As [`bounded`], for `2 <= to <=` [`CENSUS_LIMIT`].
pub fn census(rules: NimRules, to: u32) -> Result<Census, AnswerError> {
    Ok(nim_census(rules, bounded("--to", to, 2, CENSUS_LIMIT)?))
}

/// The positions reachable from the opening of `heap`.
///
/// # Errors
/// As [`bounded`], for `2 <= heap <=` [`REACH_LIMIT`].
pub fn reach(rules: NimRules, heap: u32) -> Result<Reach, AnswerError> {
    Ok(nim_reach(rules, bounded("heap", heap, 2, REACH_LIMIT)?))
}

/// Checks that the exhaustive search of losing openings up to `to` fits the step limit; returns
/// its estimated steps.
///
/// # Errors
/// As [`bounded`], and [`AnswerError::TooLarge`] past [`THRESHOLD_STEPS_LIMIT`].
pub fn sequence_steps(rules: NimRules, to: u32) -> Result<u128, AnswerError> {
    let to = bounded("--to", to, 2, SEQUENCE_LIMIT)?;
    let steps = estimated_threshold_steps(rules.k(), to);
    if steps > THRESHOLD_STEPS_LIMIT {
        return Err(AnswerError::TooLarge(format!(
            "invalid --to {to} with k = {}: the exhaustive search would take about {steps} steps (the scan for each heap is longer the larger k is), more than the {THRESHOLD_STEPS_LIMIT} allowed; lower --to or k",
            rules.k()
        )));
    }
    Ok(steps)
}

/// The losing opening heaps up to `to`, against the ladder.
///
/// # Errors
/// As [`sequence_steps`].
pub fn sequence(rules: NimRules, to: u32) -> Result<SequenceReport, AnswerError> {
    sequence_steps(rules, to)?;
    Ok(nim_sequence(rules, to))
}

/// One heap's Grundy values by cap, as `nim grundy --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimGrundyRow {
    /// The heap.
    pub heap: u32,
    /// `g(heap, cap)` for caps `1..=heap`.
    pub grundy: Vec<u32>,
}

/// Grundy values of single heaps `1..=to` (normal play).
///
/// # Errors
/// [`AnswerError::Invalid`] in misère play; as [`bounded`] for `1 <= to <=` [`NIM_GRUNDY_LIMIT`].
pub fn nim_grundy(rules: NimRules, to: u32) -> Result<Vec<NimGrundyRow>, AnswerError> {
    if rules.misere() {
        return Err(AnswerError::Invalid("Grundy values are for normal play; drop --misere".into()));
    }
    let to = bounded("--to", to, 1, NIM_GRUNDY_LIMIT)?;
    let table = GrundyTable::new(rules, to);
    Ok((1..=to)
        .map(|heap| NimGrundyRow { heap, grundy: table.row(heap).expect("heap within the table").to_vec() })
        .collect())
}

/// One P-position of Wythoff's game, as `wythoff ppos --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PposJson {
    /// Its index.
    pub m: u64,
    /// The smaller heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub a: String,
    /// The larger heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub b: String,
    /// The Zeckendorf numeral of `a`.
    pub numeral_a: String,
    /// The Zeckendorf numeral of `b`.
    pub numeral_b: String,
}

/// The `m`-th P-position (`m = 0, 1, ...`) with its numerals.
pub fn ppos(m: u64) -> PposJson {
    let (a, b) = formula_pair_u64(m);
    let (numeral_a, numeral_b) = (zeckendorf_u64(a).numeral(), zeckendorf_u64(b).numeral());
    PposJson { m, a: a.to_string(), b: b.to_string(), numeral_a, numeral_b }
}

/// Checks a count of P-positions to list.
///
/// # Errors
/// [`AnswerError::TooLarge`] past `limit`.
pub fn check_ppos_count(count: u64, limit: u64) -> Result<(), AnswerError> {
    if count > limit {
        return Err(AnswerError::TooLarge(format!("invalid --count {count}: at most {limit}")));
    }
    Ok(())
}

/// The `size` x `size` board of Wythoff Grundy values; `progress(rows)` as rows are done.
///
/// # Errors
/// [`AnswerError::Invalid`] for size 0, [`AnswerError::TooLarge`] past [`WYTHOFF_GRUNDY_MEMORY`].
pub fn wythoff_grundy(size: usize, progress: impl FnMut(usize)) -> Result<GrundyBoard, AnswerError> {
    check_board_size(size)?;
    Ok(GrundyBoard::compute(size, progress))
}

/// Checks the size of a board of Wythoff Grundy values before any work.
///
/// # Errors
/// As [`wythoff_grundy`].
pub fn check_board_size(size: usize) -> Result<(), AnswerError> {
    if size == 0 {
        return Err(AnswerError::Invalid("invalid --size 0: the board needs at least one cell".into()));
    }
    let bytes = GrundyBoard::bytes_needed(size);
    if bytes > WYTHOFF_GRUNDY_MEMORY {
        return Err(AnswerError::TooLarge(format!(
            "invalid --size {size}: the board needs about {} MiB, more than the {} MiB allowed",
            bytes >> 20,
            WYTHOFF_GRUNDY_MEMORY >> 20
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_named_and_kinds_are_right() {
        let rules = NimRules::new(2, false).unwrap();
        assert!(matches!(census(rules, 1), Err(AnswerError::Invalid(_))));
        assert!(
            matches!(census(rules, CENSUS_LIMIT + 1), Err(AnswerError::TooLarge(m)) if m.contains("50000"))
        );
        assert_eq!(census(rules, 30).unwrap().losing_heaps, vec![2, 3, 5, 8, 13, 21]);
        assert!(matches!(nim_grundy(NimRules::new(2, true).unwrap(), 5), Err(AnswerError::Invalid(_))));
        let rows = nim_grundy(rules, 4).unwrap();
        assert_eq!(rows.iter().map(|r| r.grundy.len()).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        assert_eq!(
            ppos(1),
            PposJson { m: 1, a: "1".into(), b: "2".into(), numeral_a: "1".into(), numeral_b: "10".into() }
        );
        assert!(wythoff_grundy(0, |_| {}).is_err());
        assert!(matches!(wythoff_grundy(1 << 20, |_| {}), Err(AnswerError::TooLarge(_))));
    }
}
