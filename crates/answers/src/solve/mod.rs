//! Solving one Zeckendorf game: the one path every front end takes. A caller builds a
//! [`SolveRequest`] from its input (the command line's options, the server's query, Python's
//! arguments), and [`solve_game`] checks it ([`plan`]: every refusal's words are here), chooses
//! the engine, applies the process tuning that engine wants, drives it with the caller's
//! [`Control`] (cancel, progress, events, a stop, an MPI exchange) and the request's checkpoints,
//! and returns the one answer shape, [`ZgameSolve`] (with the table when it was asked to be kept).
//!
//! The choice: misère play and kept tables go flat while the flat table fits (not with
//! checkpoints, which the flat solve does not save); remoteness, MPI and the tier sweep's scalar
//! machinery go tier by tier; outcomes alone go layer by layer while the layered engine's window
//! fits, else tier by tier. How large each engine goes is in [`limits`].
//!
//! The other games (the family's other members, the reversed game, the ordered game, the black
//! holes) go to their own solvers through [`solve_any`], which routes every game, the Zeckendorf
//! game's solves included.

mod control;
mod game;
pub mod limits;
mod run;
mod tuning;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use zecklab_engines::TierEngine;
use zecklab_games::zgame::{Solution, SolvePlan};

pub use self::control::{Control, Progress, SolveEvent};
pub use self::game::{plan_game, solve_any, GameSolved, KeptTable, SolveAnswer, SolveGame};
pub use self::limits::{
    layered_that_fit, tiers_that_fit, LAYERED_OUTCOMES_TO, SOLVE_MEMORY, TIERED_OUTCOMES_TO,
};
pub use crate::zgame::Engine;
use crate::zgame::ZgameSolve;
use crate::AnswerError;

/// The machinery of the tier sweep and the layered engine (the same values from each).
pub type Kernel = TierEngine;

/// Where and how often a tiered or layered solve saves its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpointing {
    /// The directory of checkpoint files (made, and tried, before any work).
    pub dir: PathBuf,
    /// Save after a finished tier or layer once this long has passed since the last save (zero:
    /// every one; `None`: the engine's own default).
    pub every: Option<Duration>,
}

/// What to solve, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The game on n.
    pub n: u32,
    /// Compute remoteness (where it fits; see [`limits`]).
    pub remoteness: bool,
    /// Misère play.
    pub misere: bool,
    /// Add the positions and P-positions by number of parts.
    pub tiers: bool,
    /// The engine asked for by name; `None`: chosen by what is asked.
    pub engine: Option<Engine>,
    /// The machinery of the tier sweep and the layered engine.
    pub kernel: Kernel,
    /// Keep every position's values (to save in the store, or to answer positions): the flat
    /// tables, returned in [`Solved::table`].
    pub keep: bool,
    /// Save the solve's state as it goes, and resume from it.
    pub checkpoint: Option<Checkpointing>,
}

impl SolveRequest {
    /// The game on `n`: outcomes and remoteness, normal play, the engine chosen by itself.
    pub fn new(n: u32) -> SolveRequest {
        SolveRequest {
            n,
            remoteness: true,
            misere: false,
            tiers: false,
            engine: None,
            kernel: Kernel::Fast,
            keep: false,
            checkpoint: None,
        }
    }

    /// Outcomes only.
    pub fn outcomes(n: u32) -> SolveRequest {
        SolveRequest { remoteness: false, ..SolveRequest::new(n) }
    }

    /// This request for the game on `n`.
    pub fn at(&self, n: u32) -> SolveRequest {
        SolveRequest { n, ..self.clone() }
    }
}

/// A solved game: its figures, and its tables when they were asked to be kept.
#[derive(Debug)]
pub struct Solved {
    /// The figures, as every front end shows them.
    pub line: ZgameSolve,
    /// Every position's values, when the request asked to keep them.
    pub table: Option<Solution>,
}

/// Why a solve gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveFailure {
    /// The question cannot be answered here.
    #[error(transparent)]
    Refused(#[from] AnswerError),
    /// The cancel token was set.
    #[error("cancelled")]
    Cancelled,
    /// The control asked the solve to stop, and it stopped after a finished tier or layer with
    /// its checkpoint saved; `reason` is what the control's stop gave.
    #[error("{message}")]
    Stopped {
        /// What the control's stop gave (a signal's number, say).
        reason: i32,
        /// Where the solve stopped and how to resume it.
        message: String,
    },
    /// A checkpoint the solve had to save could not be.
    #[error("{0}")]
    Storage(String),
    /// The processes of a shared solve found different answers.
    #[error("{0}")]
    Disagreement(String),
}

/// Why a solve over MPI was refused.
pub const SHARED_ONLY: &str = "over MPI, zgame solve runs the tiered solve of outcomes only: add --no-remoteness, and drop --flat, --save and --reversed";

/// Checks the request for the games on `first..=last` and returns the engine that solves the
/// last (the largest) of them; `distributed`: the solve is shared among the processes of a job.
/// Every refusal of a solve is said here, before any work.
///
/// # Errors
/// [`AnswerError::Invalid`] for options that do not go together and `n = 0`,
/// [`AnswerError::TooLarge`] for a game past what the chosen engine solves here.
pub fn plan(request: &SolveRequest, first: u32, distributed: bool) -> Result<Engine, AnswerError> {
    let last = request.n;
    if first == 0 {
        return Err(AnswerError::Invalid(
            "n = 0 has no game: the game on n starts from n ones, so n is at least 1".into(),
        ));
    }
    if last < first {
        return Err(AnswerError::Invalid(format!(
            "the range ends before it starts: --to {last} is below n = {first}"
        )));
    }
    // A game too large to number at all: the tiered solve's refusal names the largest n accepted.
    if SolvePlan::new(last).is_err() {
        tiers_that_fit(last)?;
    }
    if request.misere && (request.checkpoint.is_some() || request.kernel != Kernel::Fast || distributed) {
        return Err(AnswerError::Invalid(
            "misère play tier by tier runs the reference sweep on one thread, without checkpoints: drop --checkpoint and --engine (and mpirun)".into(),
        ));
    }
    if distributed
        && (request.remoteness
            || request.keep
            || matches!(request.engine, Some(Engine::Flat | Engine::Layered)))
    {
        return Err(AnswerError::Invalid(SHARED_ONLY.into()));
    }
    let engine = choose_engine(request, distributed)?;
    match engine {
        Engine::Flat => limits::flat_that_fit(last)?,
        Engine::Tiers => {
            tiers_that_fit(last)?;
        }
        Engine::Layered => {}
    }
    if request.keep && (first..=last).any(|n| choose_engine(&request.at(n), distributed) != Ok(Engine::Flat))
    {
        return Err(AnswerError::Invalid(format!(
            "--save stores the flat tables of every position, and a tiered solve keeps only two tiers: drop --tiers and --checkpoint, or --save (the store holds games up to n = {})",
            limits::FLAT_OUTCOMES_TO
        )));
    }
    Ok(engine)
}

/// The engine that solves the request's game (see the module's header for the choice).
///
/// # Errors
/// [`AnswerError::Invalid`] when the layered engine is named for what it does not do, and
/// [`AnswerError::TooLarge`] when it is named for a game whose window does not fit.
fn choose_engine(request: &SolveRequest, distributed: bool) -> Result<Engine, AnswerError> {
    let n = request.n;
    let scalar = request.kernel == Kernel::Scalar;
    match request.engine {
        Some(Engine::Layered) => {
            let refuse = |why: &str| Err(AnswerError::Invalid(format!("the layered engine {why}")));
            if request.remoteness {
                return refuse("finds outcomes only, without remoteness");
            }
            if request.misere {
                return refuse("solves normal play only, not misère play");
            }
            if request.keep {
                return refuse("keeps a window of layers, not every position's values");
            }
            if distributed {
                return refuse("runs on one machine; the tier sweep is the one shared over MPI");
            }
            if scalar {
                return refuse("has no scalar machinery: that is the tier sweep's");
            }
            layered_that_fit(n)?;
            Ok(Engine::Layered)
        }
        Some(named) => Ok(named),
        None if (request.misere || request.keep)
            && request.checkpoint.is_none()
            && limits::flat_fits(n, false) =>
        {
            Ok(Engine::Flat)
        }
        None if request.remoteness || request.misere || request.keep || distributed || scalar => {
            Ok(Engine::Tiers)
        }
        None if layered_that_fit(n).is_ok() => Ok(Engine::Layered),
        None => Ok(Engine::Tiers),
    }
}

/// Solves the game the request names, by the engine [`plan`] chooses, steered by `control`.
///
/// # Errors
/// [`SolveFailure`]: refused (see [`plan`]), cancelled, stopped with its checkpoint saved, a
/// checkpoint that could not be saved at a stop, or a shared solve whose processes disagree.
pub fn solve_game(request: &SolveRequest, control: &mut Control<'_>) -> Result<Solved, SolveFailure> {
    let engine = plan(request, request.n, control.is_distributed())?;
    // Said before the work, so that a caller can name the engine while it runs.
    control.voice().say(&SolveEvent::Engine(engine));
    let start = Instant::now();
    let seconds = || start.elapsed().as_secs_f64();
    Ok(match engine {
        Engine::Flat => {
            let solution = run::flat(request, control)?;
            let line = ZgameSolve::of(&solution, seconds(), request.tiers);
            Solved { line, table: request.keep.then_some(solution) }
        }
        Engine::Tiers => {
            let solved = run::tiers(request, control)?;
            Solved { line: ZgameSolve::of_tiered(solved, seconds(), request.tiers), table: None }
        }
        Engine::Layered => {
            let solved = run::layered(request, control)?;
            Solved { line: ZgameSolve::of_layered(solved, seconds()), table: None }
        }
    })
}

/// The flat solve of every position, kept in memory (outcomes, and remoteness when asked for and
/// its table fits in [`SOLVE_MEMORY`]), whatever the request's engine, kept tables and
/// checkpoints: for the questions about single positions that read every value.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, tables past [`SOLVE_MEMORY`], or cancelled.
pub fn solve_kept(request: &SolveRequest, control: &mut Control<'_>) -> Result<Solution, SolveFailure> {
    if request.n == 0 {
        return Err(zecklab_games::zgame::SolveError::ZeroN.into());
    }
    run::flat(request, control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::Cancel;

    fn solve(request: &SolveRequest) -> Result<Solved, SolveFailure> {
        solve_game(request, &mut Control::new())
    }

    #[test]
    fn every_engine_agrees_with_the_flat_solve() {
        for misere in [false, true] {
            for n in [1, 2, 10, 40] {
                for remoteness in [false, true] {
                    let request = SolveRequest { remoteness, misere, tiers: true, ..SolveRequest::new(n) };
                    let chosen = solve(&request).unwrap();
                    let flat =
                        solve(&SolveRequest { engine: Some(Engine::Flat), ..request.clone() }).unwrap();
                    let engine = if misere {
                        Engine::Flat
                    } else if remoteness {
                        Engine::Tiers
                    } else {
                        Engine::Layered
                    };
                    let what = format!("n = {n}, misère {misere}, remoteness {remoteness}");
                    assert_eq!(chosen.line.engine, engine, "{what}");
                    let remoteness = flat.line.remoteness.filter(|_| engine != Engine::Layered);
                    let flat = ZgameSolve { engine, remoteness, seconds: 0.0, ..flat.line };
                    assert_eq!(ZgameSolve { seconds: 0.0, ..chosen.line }, flat, "{what}");
                    if !misere {
                        let tiers = SolveRequest { engine: Some(Engine::Tiers), ..request.clone() };
                        let tiers = solve(&tiers).unwrap().line;
                        assert_eq!(ZgameSolve { seconds: 0.0, engine, ..tiers }, flat, "{what}");
                    }
                }
            }
        }
        assert!(matches!(solve(&SolveRequest::new(0)), Err(SolveFailure::Refused(AnswerError::Invalid(_)))));
    }

    /// Each rule of the choice, and the layered engine's refusals when it is named.
    #[test]
    fn the_engine_is_chosen_by_what_is_asked() {
        let choose = |request: SolveRequest| choose_engine(&request, false);
        let outcomes = SolveRequest::outcomes(500);
        let checkpoint = Some(Checkpointing { dir: "c".into(), every: None });
        assert_eq!(choose(outcomes.clone()), Ok(Engine::Layered));
        assert_eq!(choose(outcomes.at(LAYERED_OUTCOMES_TO + 1)), Ok(Engine::Tiers));
        assert_eq!(choose(SolveRequest::new(500)), Ok(Engine::Tiers));
        assert_eq!(
            choose(SolveRequest { checkpoint: checkpoint.clone(), ..outcomes.clone() }),
            Ok(Engine::Layered)
        );
        assert_eq!(choose(SolveRequest { checkpoint, ..SolveRequest::new(500) }), Ok(Engine::Tiers));
        assert_eq!(choose_engine(&outcomes, true), Ok(Engine::Tiers));
        let misere = SolveRequest { misere: true, ..outcomes.clone() };
        assert_eq!(choose(misere.clone()), Ok(Engine::Flat));
        assert_eq!(choose(misere.at(900)), Ok(Engine::Tiers));
        assert_eq!(choose(SolveRequest { keep: true, ..outcomes.clone() }), Ok(Engine::Flat));
        for named in [Engine::Flat, Engine::Tiers] {
            assert_eq!(choose(SolveRequest { engine: Some(named), ..outcomes.clone() }), Ok(named));
        }
        let layers = SolveRequest { engine: Some(Engine::Layered), ..outcomes.clone() };
        assert_eq!(choose(layers.clone()), Ok(Engine::Layered));
        for refused in [
            SolveRequest { remoteness: true, ..layers.clone() },
            SolveRequest { misere: true, ..layers.clone() },
            SolveRequest { keep: true, ..layers.clone() },
            SolveRequest { kernel: Kernel::Scalar, ..layers.clone() },
        ] {
            assert!(matches!(choose(refused.clone()), Err(AnswerError::Invalid(_))), "{refused:?}");
        }
        assert!(matches!(choose_engine(&layers, true), Err(AnswerError::Invalid(_))));
        assert!(matches!(choose(layers.at(LAYERED_OUTCOMES_TO + 1)), Err(AnswerError::TooLarge(_))));
    }

    /// Each refusal of [`plan`] for options that do not go together.
    #[test]
    fn the_plan_refuses_what_does_not_go_together() {
        let invalid = |request: &SolveRequest, first, distributed| {
            matches!(plan(request, first, distributed), Err(AnswerError::Invalid(_)))
        };
        let outcomes = SolveRequest::outcomes(30);
        assert!(invalid(&outcomes, 0, false));
        assert!(invalid(&outcomes, 31, false));
        let misere = SolveRequest { misere: true, ..outcomes.clone() };
        assert!(invalid(&SolveRequest { kernel: Kernel::Portable, ..misere.clone() }, 1, false));
        assert!(invalid(&misere, 1, true));
        assert!(invalid(&SolveRequest::new(30), 1, true));
        assert!(invalid(&SolveRequest { keep: true, ..outcomes.clone() }, 1, true));
        assert_eq!(plan(&outcomes, 1, true), Ok(Engine::Tiers));
        let keep_tiers = SolveRequest { keep: true, engine: Some(Engine::Tiers), ..outcomes.clone() };
        assert!(invalid(&keep_tiers, 1, false));
        assert!(matches!(
            plan(&SolveRequest { engine: Some(Engine::Flat), ..outcomes.at(900) }, 1, false),
            Err(AnswerError::TooLarge(_))
        ));
        assert!(matches!(plan(&outcomes.at(100_000), 1, false), Err(AnswerError::TooLarge(_))));
    }

    #[test]
    fn a_cancelled_solve_says_so() {
        let cancel = Cancel::new();
        cancel.cancel();
        for engine in [Engine::Flat, Engine::Tiers] {
            let request = SolveRequest { engine: Some(engine), ..SolveRequest::new(120) };
            let mut control = Control::new().with_cancel(cancel.clone());
            assert_eq!(solve_game(&request, &mut control).err(), Some(SolveFailure::Cancelled), "{engine:?}");
        }
        let mut control = Control::new().with_cancel(cancel);
        assert_eq!(
            solve_game(&SolveRequest::outcomes(120), &mut control).err(),
            Some(SolveFailure::Cancelled)
        );
    }

    /// A stop asked after the first finished unit saves the checkpoint and says so; the same
    /// request then resumes from it and finds the answer of a solve without stops.
    #[test]
    fn a_stopped_solve_resumes_from_its_checkpoint() {
        for engine in [Engine::Tiers, Engine::Layered] {
            let dir = std::env::temp_dir().join(format!("zecklab-stop-{}-{engine:?}", std::process::id()));
            let checkpoint = Some(Checkpointing { dir: dir.clone(), every: Some(Duration::ZERO) });
            let request = SolveRequest { engine: Some(engine), checkpoint, ..SolveRequest::outcomes(40) };
            let stop = || Some(15);
            let stopped = solve_game(&request, &mut Control::new().with_stop(&stop));
            assert!(
                matches!(&stopped, Err(SolveFailure::Stopped { reason: 15, message }) if message.contains("resumes")),
                "{engine:?}: {stopped:?}"
            );
            let events = std::sync::Mutex::new(Vec::new());
            let heard = |e: &SolveEvent| events.lock().unwrap().push(e.clone());
            let resumed = solve_game(&request, &mut Control::new().with_events(&heard)).unwrap();
            let heard = events.into_inner().unwrap();
            assert!(
                matches!(heard.as_slice(), [SolveEvent::Engine(e), SolveEvent::Resumed(_)] if *e == engine),
                "{engine:?}: {heard:?}"
            );
            let fresh = solve(&SolveRequest { checkpoint: None, ..request.clone() }).unwrap();
            assert_eq!(
                ZgameSolve { seconds: 0.0, ..resumed.line },
                ZgameSolve { seconds: 0.0, ..fresh.line }
            );
            assert!(
                std::fs::read_dir(&dir).unwrap().next().is_none(),
                "the finished run's checkpoint is removed"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}
