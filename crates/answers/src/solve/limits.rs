//! How large a game each engine solves here: the one memory allowance every front end shares,
//! and the largest n each engine's tables fit in it. The engines declare their memory models
//! beside their code (`SolvePlan::bytes`, `tiered_bytes`, `layered_bytes`, `reversed_bytes`);
//! the constants here are those models read at [`SOLVE_MEMORY`], and the tests below hold each
//! one to its model, so a change of either is caught.

use zecklab_engines::{layered_bytes, tiered_bytes};
use zecklab_games::zgame::{SolvePlan, TierIndex};

use crate::AnswerError;

/// Memory one solve's tables may take, whichever front end asks.
pub const SOLVE_MEMORY: u128 = 20 << 30;

/// Remoteness takes one byte a position in the flat tables up to this n, two above.
pub const FLAT_REMOTENESS_ONE_BYTE_TO: u32 = 337;
/// The largest n whose flat remoteness table fits in [`SOLVE_MEMORY`] (remoteness is null above).
pub const FLAT_REMOTENESS_TO: u32 = 579;
/// The largest n whose flat outcome table fits in [`SOLVE_MEMORY`].
pub const FLAT_OUTCOMES_TO: u32 = 815;
/// The largest n whose tiered solve keeps remoteness (two tiers of it fit in [`SOLVE_MEMORY`]).
pub const TIERED_REMOTENESS_TO: u32 = 1007;
/// The largest n whose tiered solve of outcomes fits in [`SOLVE_MEMORY`]: the outcome bits of
/// its two largest adjacent tiers and the tiers' count table.
pub const TIERED_OUTCOMES_TO: u32 = 1413;
/// The largest n whose layered solve fits in [`SOLVE_MEMORY`].
pub const LAYERED_OUTCOMES_TO: u32 = 1130;
/// The largest n whose reversed game fits in [`SOLVE_MEMORY`] (4 bytes and a bit a position).
pub const REVERSED_TO: u32 = 532;

/// Whether the flat tables of the game on `n` fit, with remoteness or without.
pub(crate) fn flat_fits(n: u32, remoteness: bool) -> bool {
    SolvePlan::new(n).is_ok_and(|plan| plan.bytes(remoteness) <= SOLVE_MEMORY)
}

/// Checks that the layered engine's window of the game on `n` fits in [`SOLVE_MEMORY`].
///
/// # Errors
/// [`AnswerError::TooLarge`], with the memory it would need.
pub fn layered_that_fit(n: u32) -> Result<(), AnswerError> {
    let bytes = layered_bytes(n);
    if bytes.is_some_and(|b| b <= SOLVE_MEMORY) {
        return Ok(());
    }
    let needs = bytes.map_or_else(
        || "more memory than can be counted".to_string(),
        |b| format!("{} MiB", b.div_ceil(1 << 20)),
    );
    Err(AnswerError::TooLarge(format!(
        "n = {n} is too large for the layered engine: its window of layers needs {needs}, more than the {} MiB allowed; the largest n it solves here is {LAYERED_OUTCOMES_TO} (the tier sweep solves outcomes to n = {TIERED_OUTCOMES_TO})",
        SOLVE_MEMORY >> 20
    )))
}

/// The tier index of the game on `n`, once two adjacent tiers of its outcomes are known to fit
/// in [`SOLVE_MEMORY`] (the tiered solve's own refusal, checked before any work).
///
/// # Errors
/// [`AnswerError::TooLarge`] when the positions cannot be counted or the tiers do not fit.
pub fn tiers_that_fit(n: u32) -> Result<TierIndex, AnswerError> {
    let index = TierIndex::new(n).ok_or_else(|| {
        AnswerError::TooLarge(format!(
            "n = {n} is too large: its positions cannot be counted in 64 bits, or their count tables would exceed 1 GiB; the largest n solved here is {TIERED_OUTCOMES_TO}"
        ))
    })?;
    let bytes = tiered_bytes(&index, false);
    if bytes > SOLVE_MEMORY {
        return Err(AnswerError::TooLarge(format!(
            "n = {n} is too large: two adjacent tiers of its positions and their count table need {} MiB, more than the {} MiB allowed; the largest n solved here is {TIERED_OUTCOMES_TO}",
            bytes.div_ceil(1 << 20),
            SOLVE_MEMORY >> 20
        )));
    }
    Ok(index)
}

/// Checks that the flat outcome table of the game on `n` fits in [`SOLVE_MEMORY`].
///
/// # Errors
/// [`AnswerError::TooLarge`], naming the positions, the memory and the way around.
pub(crate) fn flat_that_fit(n: u32) -> Result<(), AnswerError> {
    let plan = SolvePlan::new(n).map_err(|e| AnswerError::TooLarge(e.to_string()))?;
    if plan.bytes(false) <= SOLVE_MEMORY {
        return Ok(());
    }
    Err(AnswerError::TooLarge(format!(
        "n = {n} is too large for the flat tables: the game on {n} has {} positions, whose outcome table alone needs {} MiB, more than the {} MiB allowed (the largest n solved flat is {FLAT_OUTCOMES_TO}; drop --flat to solve it tier by tier)",
        plan.positions,
        plan.bytes(false).div_ceil(1 << 20),
        SOLVE_MEMORY >> 20,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::zgame::reversed_bytes;

    #[test]
    fn the_flat_limits_are_the_flat_tables_sizes() {
        let bytes_per_position = |n: u32| {
            let plan = SolvePlan::new(n).unwrap();
            plan.remoteness_bytes / u128::from(plan.positions)
        };
        for n in 1..=900 {
            let one_byte = n <= FLAT_REMOTENESS_ONE_BYTE_TO;
            assert_eq!(bytes_per_position(n), if one_byte { 1 } else { 2 }, "n = {n}");
            assert_eq!(flat_fits(n, true), n <= FLAT_REMOTENESS_TO, "n = {n}");
            assert_eq!(flat_fits(n, false), n <= FLAT_OUTCOMES_TO, "n = {n}");
            assert_eq!(flat_that_fit(n).is_ok(), n <= FLAT_OUTCOMES_TO, "n = {n}");
        }
    }

    #[test]
    fn the_tiered_limits_are_the_tiers_sizes() {
        let remoteness_fits = |n: u32| tiered_bytes(&TierIndex::new(n).unwrap(), true) <= SOLVE_MEMORY;
        assert!(remoteness_fits(TIERED_REMOTENESS_TO) && !remoteness_fits(TIERED_REMOTENESS_TO + 1));
        assert!(tiers_that_fit(TIERED_OUTCOMES_TO).is_ok());
        let refused = tiers_that_fit(TIERED_OUTCOMES_TO + 1).unwrap_err().to_string();
        assert!(refused.contains(&format!("the largest n solved here is {TIERED_OUTCOMES_TO}")), "{refused}");
        let uncountable = tiers_that_fit(100_000).unwrap_err().to_string();
        assert!(
            uncountable.contains(&format!("the largest n solved here is {TIERED_OUTCOMES_TO}")),
            "{uncountable}"
        );
    }

    #[test]
    fn the_largest_layered_n_is_the_last_that_fits() {
        assert!(layered_that_fit(LAYERED_OUTCOMES_TO).is_ok());
        let refused = layered_that_fit(LAYERED_OUTCOMES_TO + 1).unwrap_err().to_string();
        assert!(
            refused.contains(&format!("the largest n it solves here is {LAYERED_OUTCOMES_TO}")),
            "{refused}"
        );
        assert!(layered_that_fit(100_000).is_err());
    }

    #[test]
    fn the_largest_reversed_n_is_the_last_that_fits() {
        let fits = |n| reversed_bytes(n).unwrap() <= SOLVE_MEMORY;
        assert!(fits(REVERSED_TO) && !fits(REVERSED_TO + 1));
    }
}
