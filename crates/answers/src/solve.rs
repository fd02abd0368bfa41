//! Solving one Zeckendorf game with the automatic choice of solver that `zgame solve` makes
//! (without its checkpoints, store or MPI): tier by tier (faster, and in far less memory), except
//! misère play, which takes the flat sweep on both threads while its outcome table fits, and a
//! solve whose table is kept, which is flat by nature. Front ends other than the command line
//! (the Python package) call this so that they choose as it does.

use zecklab_games::zgame::{
    solve_with, tiered_bytes, Solution, SolveError, SolveOptions, SolvePlan, TierIndex, TieredSolver,
};
use zecklab_games::Cancel;

use crate::zgame::ZgameSolve;
use crate::AnswerError;

/// Memory the solvers' tables may use (what the command line allows).
pub const SOLVE_MEMORY: u128 = 20 << 30;

/// What to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The game on n.
    pub n: u32,
    /// Compute remoteness (where it fits: see `zgame solve --help`).
    pub remoteness: bool,
    /// Misère play.
    pub misere: bool,
    /// Add the positions and P-positions by number of parts.
    pub tiers: bool,
}

/// Why a solve gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveFailure {
    /// The question cannot be answered here.
    Refused(AnswerError),
    /// The cancel token was set.
    Cancelled,
}

impl From<SolveError> for SolveFailure {
    fn from(e: SolveError) -> SolveFailure {
        match e {
            SolveError::Cancelled => SolveFailure::Cancelled,
            SolveError::ZeroN => SolveFailure::Refused(AnswerError::invalid(e)),
            e => SolveFailure::Refused(AnswerError::TooLarge(e.to_string())),
        }
    }
}

impl From<AnswerError> for SolveFailure {
    fn from(e: AnswerError) -> SolveFailure {
        SolveFailure::Refused(e)
    }
}

/// The flat solve of every position, kept in memory (outcomes, and remoteness when asked for
/// and its table fits in [`SOLVE_MEMORY`]); `progress(done, total)` as positions are solved.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, tables past [`SOLVE_MEMORY`], or cancelled.
pub fn solve_flat(
    request: SolveRequest,
    cancel: &Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<Solution, SolveFailure> {
    let plan = SolvePlan::new(request.n)?;
    let remoteness = request.remoteness && plan.bytes(true) <= SOLVE_MEMORY;
    let options = SolveOptions {
        misere: request.misere,
        cancel: cancel.clone(),
        ..SolveOptions::new(remoteness, SOLVE_MEMORY)
    };
    Ok(solve_with(request.n, &options, progress)?)
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

/// The largest n whose tiered solve of outcomes fits in [`SOLVE_MEMORY`]: the outcome bits of
/// its two largest adjacent tiers and the tiers' count table (a test holds it to
/// [`tiers_that_fit`]).
pub const TIERED_OUTCOMES_TO: u32 = 1413;

/// The figures of the game, by the solver `zgame solve` would choose; `progress(done, total)` as
/// positions are solved.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, a game past the memory allowed, or cancelled.
pub fn solve_game(
    request: SolveRequest,
    cancel: &Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<ZgameSolve, SolveFailure> {
    let n = request.n;
    let start = std::time::Instant::now();
    let flat_fits = SolvePlan::new(n)?.bytes(false) <= SOLVE_MEMORY;
    if request.misere && flat_fits {
        let solution = solve_flat(request, cancel, progress)?;
        return Ok(ZgameSolve::of(&solution, start.elapsed().as_secs_f64(), request.tiers));
    }
    let index = tiers_that_fit(n)?;
    let remoteness = request.remoteness && tiered_bytes(&index, true) <= SOLVE_MEMORY;
    let total: u64 = (1..=n).map(|p| index.count(p)).sum();
    let mut solver = TieredSolver::from_index(index, remoteness, SOLVE_MEMORY)?
        .with_misere(request.misere)
        .with_cancel(cancel.clone());
    let mut before = 0;
    while solver.next_tier().is_some() {
        before += solver.solve_next(|done, _| progress(before + done, total))?.positions;
    }
    Ok(ZgameSolve::of_tiered(solver.finish(), start.elapsed().as_secs_f64(), request.tiers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_tiered_n_is_the_last_that_fits() {
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
    fn the_choice_agrees_with_the_flat_solve() {
        for misere in [false, true] {
            for n in [1, 2, 10, 40] {
                let request = SolveRequest { n, remoteness: true, misere, tiers: true };
                let by_choice = solve_game(request, &Cancel::new(), |_, _| {}).unwrap();
                let flat =
                    ZgameSolve::of(&solve_flat(request, &Cancel::new(), |_, _| {}).unwrap(), 0.0, true);
                assert_eq!(ZgameSolve { seconds: 0.0, ..by_choice }, flat, "n = {n}, misère {misere}");
            }
        }
        let zero = SolveRequest { n: 0, remoteness: false, misere: false, tiers: false };
        assert!(matches!(
            solve_game(zero, &Cancel::new(), |_, _| {}),
            Err(SolveFailure::Refused(AnswerError::Invalid(_)))
        ));
    }

    #[test]
    fn a_cancelled_solve_says_so() {
        let cancel = Cancel::new();
        cancel.cancel();
        let request = SolveRequest { n: 120, remoteness: true, misere: false, tiers: false };
        assert_eq!(solve_game(request, &cancel, |_, _| {}), Err(SolveFailure::Cancelled));
        assert!(matches!(solve_flat(request, &cancel, |_, _| {}), Err(SolveFailure::Cancelled)));
    }
}
