//! Solving one Zeckendorf game, and the one place where the engine is chosen ([`choose_engine`]):
//! the command line, the server and the Python package all ask it. Outcomes alone go layer by
//! layer while the layered engine's window fits; remoteness, misère play beyond the flat table
//! and a shared (MPI) solve go tier by tier; misère play and a solve whose table is
//! kept go flat while the flat table fits. [`solve_game`] solves by that choice (without the
//! command line's checkpoints, store or MPI).

use zecklab_games::zgame::{
    layered_bytes, solve_layered, solve_with, tiered_bytes, LayeredOptions, Solution, SolveError,
    SolveOptions, SolvePlan, TierIndex, TieredSolver,
};
use zecklab_games::Cancel;

pub use crate::zgame::Engine;
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

/// What a caller asks that bears on the choice of engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineAsk {
    /// The engine asked for by name, if any.
    pub named: Option<Engine>,
    /// Remoteness wanted (where it fits).
    pub remoteness: bool,
    /// Misère play.
    pub misere: bool,
    /// Every position's values kept (saved in the store, or kept to answer positions).
    pub keep: bool,
    /// The solve's state saved in checkpoints.
    pub checkpoint: bool,
    /// Shared among the processes of an MPI job.
    pub distributed: bool,
    /// The tier sweep position by position (its scalar machinery) asked for.
    pub scalar: bool,
}

/// The engine that solves the game on `n` as asked. Without a name: the flat tables for misère
/// play and kept tables while they fit in [`SOLVE_MEMORY`] (not with checkpoints, which the flat
/// solve does not save); the tier sweep for remoteness, MPI and the scalar machinery; otherwise (outcomes only) the layered engine while
/// its window fits in [`SOLVE_MEMORY`] (to n = [`LAYERED_OUTCOMES_TO`]), else the tier sweep.
///
/// # Errors
/// [`AnswerError::Invalid`] when the layered engine is named for what it does not do, and
/// [`AnswerError::TooLarge`] when it is named for a game whose window does not fit.
pub fn choose_engine(n: u32, ask: &EngineAsk) -> Result<Engine, AnswerError> {
    let flat_fits = || SolvePlan::new(n).is_ok_and(|plan| plan.bytes(false) <= SOLVE_MEMORY);
    match ask.named {
        Some(Engine::Layered) => {
            let refuse = |why: &str| Err(AnswerError::Invalid(format!("the layered engine {why}")));
            if ask.remoteness {
                return refuse("finds outcomes only, without remoteness");
            }
            if ask.misere {
                return refuse("solves normal play only, not misère play");
            }
            if ask.keep {
                return refuse("keeps a window of layers, not every position's values");
            }
            if ask.distributed {
                return refuse("runs on one machine; the tier sweep is the one shared over MPI");
            }
            if ask.scalar {
                return refuse("has no scalar machinery: that is the tier sweep's");
            }
            layered_that_fit(n)?;
            Ok(Engine::Layered)
        }
        Some(named) => Ok(named),
        None if (ask.misere || ask.keep) && !ask.checkpoint && flat_fits() => Ok(Engine::Flat),
        None if ask.remoteness || ask.misere || ask.keep || ask.distributed || ask.scalar => {
            Ok(Engine::Tiers)
        }
        None if layered_that_fit(n).is_ok() => Ok(Engine::Layered),
        None => Ok(Engine::Tiers),
    }
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

/// The largest n whose layered solve fits in [`SOLVE_MEMORY`] (a test holds it to
/// [`layered_that_fit`]).
pub const LAYERED_OUTCOMES_TO: u32 = 1130;

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

/// The figures of the game, by the engine [`choose_engine`] chooses; `progress(done, total)` as
/// positions are solved.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, a game past the memory allowed, or cancelled.
pub fn solve_game(
    request: SolveRequest,
    cancel: &Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<ZgameSolve, SolveFailure> {
    let ask = EngineAsk { remoteness: request.remoteness, misere: request.misere, ..EngineAsk::default() };
    solve_game_by(request, choose_engine(request.n, &ask)?, cancel, progress)
}

/// The figures of the game by `engine` (the layered engine for outcomes only);
/// `progress(done, total)` as positions are solved.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, a game past the memory allowed, or cancelled.
pub fn solve_game_by(
    request: SolveRequest,
    engine: Engine,
    cancel: &Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<ZgameSolve, SolveFailure> {
    let n = request.n;
    if n == 0 {
        return Err(SolveError::ZeroN.into());
    }
    let start = std::time::Instant::now();
    match engine {
        Engine::Flat => {
            let solution = solve_flat(request, cancel, progress)?;
            return Ok(ZgameSolve::of(&solution, start.elapsed().as_secs_f64(), request.tiers));
        }
        Engine::Layered => {
            if request.misere {
                return Err(AnswerError::invalid("the layered engine solves normal play only").into());
            }
            layered_that_fit(n)?;
            let total = tiers_that_fit(n)?;
            let total: u64 = (total.fewest_parts()..=n).map(|p| total.count(p)).sum();
            let options = LayeredOptions {
                by_parts: request.tiers,
                cancel: cancel.clone(),
                ..LayeredOptions::default()
            };
            let solved = solve_layered(n, &options, |done| progress(done, total))?;
            return Ok(ZgameSolve::of_layered(solved, start.elapsed().as_secs_f64()));
        }
        Engine::Tiers => {}
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
                for remoteness in [false, true] {
                    let request = SolveRequest { n, remoteness, misere, tiers: true };
                    let by_choice = solve_game(request, &Cancel::new(), |_, _| {}).unwrap();
                    let flat =
                        ZgameSolve::of(&solve_flat(request, &Cancel::new(), |_, _| {}).unwrap(), 0.0, true);
                    let engine = if misere {
                        Engine::Flat
                    } else if remoteness {
                        Engine::Tiers
                    } else {
                        Engine::Layered
                    };
                    assert_eq!(by_choice.engine, engine, "n = {n}, misère {misere}, remoteness {remoteness}");
                    let remoteness = flat.remoteness.filter(|_| by_choice.engine != Engine::Layered);
                    let flat = ZgameSolve { engine, remoteness, ..flat };
                    assert_eq!(ZgameSolve { seconds: 0.0, ..by_choice }, flat, "n = {n}, misère {misere}");
                }
            }
        }
        let zero = SolveRequest { n: 0, remoteness: false, misere: false, tiers: false };
        assert!(matches!(
            solve_game(zero, &Cancel::new(), |_, _| {}),
            Err(SolveFailure::Refused(AnswerError::Invalid(_)))
        ));
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

    /// Each rule of the choice, and the layered engine's refusals when it is named.
    #[test]
    fn the_engine_is_chosen_by_what_is_asked() {
        let choose = |n, ask: EngineAsk| choose_engine(n, &ask);
        let outcomes = EngineAsk::default();
        assert_eq!(choose(500, outcomes), Ok(Engine::Layered));
        assert_eq!(choose(LAYERED_OUTCOMES_TO + 1, outcomes), Ok(Engine::Tiers));
        assert_eq!(choose(500, EngineAsk { remoteness: true, ..outcomes }), Ok(Engine::Tiers));
        assert_eq!(choose(500, EngineAsk { checkpoint: true, ..outcomes }), Ok(Engine::Layered));
        let with_remoteness = EngineAsk { checkpoint: true, remoteness: true, ..outcomes };
        assert_eq!(choose(500, with_remoteness), Ok(Engine::Tiers));
        assert_eq!(choose(500, EngineAsk { distributed: true, ..outcomes }), Ok(Engine::Tiers));
        assert_eq!(choose(500, EngineAsk { misere: true, ..outcomes }), Ok(Engine::Flat));
        assert_eq!(choose(900, EngineAsk { misere: true, ..outcomes }), Ok(Engine::Tiers));
        assert_eq!(choose(500, EngineAsk { keep: true, ..outcomes }), Ok(Engine::Flat));
        assert_eq!(choose(500, EngineAsk { named: Some(Engine::Flat), ..outcomes }), Ok(Engine::Flat));
        assert_eq!(choose(500, EngineAsk { named: Some(Engine::Tiers), ..outcomes }), Ok(Engine::Tiers));
        let layers = EngineAsk { named: Some(Engine::Layered), ..outcomes };
        assert_eq!(choose(500, layers), Ok(Engine::Layered));
        for refused in [
            EngineAsk { remoteness: true, ..layers },
            EngineAsk { misere: true, ..layers },
            EngineAsk { keep: true, ..layers },
            EngineAsk { distributed: true, ..layers },
            EngineAsk { scalar: true, ..layers },
        ] {
            assert!(matches!(choose(500, refused), Err(AnswerError::Invalid(_))), "{refused:?}");
        }
        assert!(matches!(choose(LAYERED_OUTCOMES_TO + 1, layers), Err(AnswerError::TooLarge(_))));
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
