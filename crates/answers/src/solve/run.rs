//! The engines driven for [`super::solve_game`]: the flat tables, the tier sweep and the layered
//! engine, each with the request's checkpoints and the caller's [`Control`]. Nothing here chooses
//! an engine or refuses a request: [`super::plan`] did both.

use std::path::Path;
use std::time::{Duration, Instant};

use zecklab_engines::{
    tiered_bytes, LayeredOptions, LayeredSolution, LayeredSolver, TierEngine, TieredSolution, TieredSolver,
};
use zecklab_games::zgame::{solve_with, Solution, SolveError, SolveOptions, SolvePlan};
use zecklab_store::checkpoint::{
    checkpoint_path, load_checkpoint, prepare_checkpoint_dir, remove_checkpoint, save_checkpoint,
};
use zecklab_store::layered_checkpoint::{
    layered_checkpoint_path, load_layered_checkpoint, remove_layered_checkpoint, save_layered_checkpoint,
};

use super::control::{Control, SolveEvent, Voice};
use super::limits::{tiers_that_fit, SOLVE_MEMORY};
use super::tuning::{self, Allocations};
use super::{Checkpointing, SolveFailure, SolveRequest};
use crate::number::shown;
use crate::AnswerError;

/// How often the tier sweep saves its checkpoint unless asked otherwise (a tier of n = 1000 is at
/// most 0.6 GB).
const TIERS_SAVED_EVERY: Duration = Duration::from_secs(60);
/// How often the layered engine saves its checkpoint unless asked otherwise (its window of layers
/// is some 7 GB at n = 1000).
const LAYERS_SAVED_EVERY: Duration = Duration::from_secs(600);

/// The flat solve of every position, kept in memory (remoteness when asked for and its table
/// fits in [`SOLVE_MEMORY`]).
pub(super) fn flat(request: &SolveRequest, control: &Control<'_>) -> Result<Solution, SolveFailure> {
    let plan = SolvePlan::new(request.n)?;
    let remoteness = request.remoteness && plan.bytes(true) <= SOLVE_MEMORY;
    let options = SolveOptions {
        misere: request.misere,
        cancel: control.cancel.clone(),
        ..SolveOptions::new(remoteness, SOLVE_MEMORY)
    };
    let voice = control.voice();
    Ok(solve_with(request.n, &options, |done, total| voice.progress(done, total))?)
}

/// The tier sweep, tier by tier: remoteness when asked for and two tiers of it fit, shared among
/// the processes of a job when the control connects one (outcomes only), checkpoints as asked.
pub(super) fn tiers(
    request: &SolveRequest,
    control: &mut Control<'_>,
) -> Result<TieredSolution, SolveFailure> {
    let n = request.n;
    let leader = control.is_leader();
    let voice = control.voice();
    if control.is_distributed() {
        tuning::prepare(Allocations::SharedTiers);
    }
    let index = tiers_that_fit(n)?;
    let remoteness =
        request.remoteness && !control.is_distributed() && tiered_bytes(&index, true) <= SOLVE_MEMORY;
    let total: u64 = (1..=n).map(|p| index.count(p)).sum();
    let fresh = TieredSolver::from_index(index, remoteness, SOLVE_MEMORY)?
        .with_engine(request.kernel)
        .with_misere(request.misere)
        .with_cancel(control.cancel.clone());
    let checkpoint = request.checkpoint.as_ref();
    let saved = match checkpoint {
        Some(c) => {
            if leader {
                prepare_checkpoint_dir(&c.dir).map_err(AnswerError::invalid)?;
            }
            load_checkpoint(&c.dir, n).map_err(AnswerError::invalid)?
        }
        None => None,
    };
    let mut solver = match (saved, checkpoint) {
        (Some(state), Some(c)) => {
            let done: u64 = state.finished.iter().map(|t| t.positions).sum();
            voice.say(&SolveEvent::Resumed(format!(
                "resuming the game on n = {n} from its checkpoint: {} tiers and {done} of {total} positions already solved",
                state.finished.len()
            )));
            fresh.resumed(state).map_err(|e| cannot_resume(&checkpoint_path(&c.dir, n), &e))?
        }
        _ => fresh,
    };
    let mut before: u64 = solver.state().map_or(0, |s| s.finished.iter().map(|t| t.positions).sum());
    voice.progress(before, total);
    // Only the process that speaks for the job saves, and a signal stops a single process only.
    let mut saving = checkpoint.filter(|_| leader).map(|c| Saving::new(c, TIERS_SAVED_EVERY));
    let stoppable = !control.is_distributed();
    while solver.next_tier().is_some() {
        let progress = |done, _| voice.progress(before + done, total);
        let figures = match control.exchange() {
            // With checkpoints, the first process keeps whole tiers, to save them.
            Some(exchange) => solver.solve_next_shared(exchange, checkpoint.map(|_| 0), progress),
            None => solver.solve_next(progress)?,
        };
        before += figures.positions;
        voice.progress(before, total);
        if let Some(saving) = saving.as_mut() {
            let dir = saving.checkpoint.dir.clone();
            let path = checkpoint_path(&dir, n);
            saving.after(
                &voice,
                stoppable,
                || save_checkpoint(&dir, &solver.state_view().expect("a tier was just solved")),
                || {
                    let tiers = solver.state_view().map_or(0, |s| s.finished.len());
                    format!(
                        "stopped: the {tiers} tiers of n = {n} solved so far ({before} of {total} positions) are saved in '{}'; the same command resumes from there",
                        shown(&path.to_string_lossy())
                    )
                },
            )?;
        }
    }
    let solved = solver.finish();
    if let Some(exchange) = control.exchange() {
        // Every process solved the last tier whole and counted every tier together: they must agree.
        let mine = [solved.p_positions, u64::from(solved.start.is_win())];
        let all = exchange.all_gather(&mine, &vec![mine.len(); exchange.processes()]);
        if all.chunks(mine.len()).any(|theirs| theirs != mine) {
            return Err(SolveFailure::Disagreement(format!(
                "the processes of the MPI job disagree on the game on n = {n}: a process or the network is faulty"
            )));
        }
    }
    if let Some(c) = checkpoint.filter(|_| leader) {
        // The answer is complete: a checkpoint left behind must not cost it.
        if let Err(e) = remove_checkpoint(&c.dir, n) {
            voice.say(&SolveEvent::NotRemoved(e.to_string()));
        }
    }
    Ok(solved)
}

/// The layered engine (outcomes only), layer by layer, with checkpoints as asked.
pub(super) fn layered(
    request: &SolveRequest,
    control: &Control<'_>,
) -> Result<LayeredSolution, SolveFailure> {
    let n = request.n;
    let voice = control.voice();
    tuning::prepare(Allocations::GrowingLayers);
    let total = SolvePlan::new(n)?.positions;
    let options = LayeredOptions {
        by_parts: request.tiers,
        portable: request.kernel == TierEngine::Portable,
        cancel: control.cancel.clone(),
        ..LayeredOptions::default()
    };
    let fresh = LayeredSolver::new(n, &options)?;
    let checkpoint = request.checkpoint.as_ref();
    let saved = match checkpoint {
        Some(c) => {
            prepare_checkpoint_dir(&c.dir).map_err(AnswerError::invalid)?;
            load_layered_checkpoint(&c.dir, n).map_err(AnswerError::invalid)?
        }
        None => None,
    };
    let layers = fresh.layer_count();
    let mut solver = match (saved, checkpoint) {
        (Some(state), Some(c)) => {
            voice.say(&SolveEvent::Resumed(format!(
                "resuming the game on n = {n} from its checkpoint: {} of its {layers} layers and {} of {total} positions already solved",
                layers - state.last,
                state.positions
            )));
            fresh.resumed(state).map_err(|e| cannot_resume(&layered_checkpoint_path(&c.dir, n), &e))?
        }
        _ => fresh,
    };
    voice.progress(solver.positions_solved(), total);
    let mut saving = checkpoint.map(|c| Saving::new(c, LAYERS_SAVED_EVERY));
    // The loop runs on one of the solve's threads: each layer's work starts there at once.
    solver.run_in_pool(|solver| -> Result<(), SolveFailure> {
        while solver.next_layer().is_some() {
            solver.solve_next()?;
            voice.progress(solver.positions_solved(), total);
            if let Some(saving) = saving.as_mut() {
                let dir = saving.checkpoint.dir.clone();
                let path = layered_checkpoint_path(&dir, n);
                let view = solver.state_view().expect("a layer was just solved");
                let done = layers - view.last;
                saving.after(
                    &voice,
                    true,
                    || save_layered_checkpoint(&dir, &view),
                    || {
                        format!(
                            "stopped: {done} of the {layers} layers of n = {n} ({} of {total} positions) are saved in '{}'; the same command resumes from there",
                            view.positions,
                            shown(&path.to_string_lossy())
                        )
                    },
                )?;
            }
        }
        Ok(())
    })?;
    let solved = solver.finish()?;
    if let Some(c) = checkpoint {
        // The answer is complete: a checkpoint left behind must not cost it.
        if let Err(e) = remove_layered_checkpoint(&c.dir, n) {
            voice.say(&SolveEvent::NotRemoved(e.to_string()));
        }
    }
    Ok(solved)
}

/// Why the checkpoint at `path` cannot be resumed from.
fn cannot_resume(path: &Path, why: &dyn std::fmt::Display) -> AnswerError {
    AnswerError::Invalid(format!(
        "cannot resume from '{}': {why} (remove it to start afresh)",
        shown(&path.to_string_lossy())
    ))
}

/// The checkpoints of a solve, saved after finished tiers or layers: how often, and the warning
/// said once while saves fail for the same reason.
struct Saving<'a> {
    checkpoint: &'a Checkpointing,
    every: Duration,
    saved_at: Instant,
    last_warning: Option<String>,
}

impl<'a> Saving<'a> {
    /// Saves for `checkpoint`, by default every `every`.
    fn new(checkpoint: &'a Checkpointing, every: Duration) -> Saving<'a> {
        let every = checkpoint.every.unwrap_or(every);
        Saving { checkpoint, every, saved_at: Instant::now(), last_warning: None }
    }

    /// After a finished tier or layer: saves by `save` when one is due or the control asks to
    /// stop (when `stoppable`), warns (once for the same reason) when it fails, and on a stop
    /// ends the solve with the message `stopped` gives.
    fn after<T, E: std::fmt::Display>(
        &mut self,
        voice: &Voice<'_>,
        stoppable: bool,
        save: impl FnOnce() -> Result<T, E>,
        stopped: impl FnOnce() -> String,
    ) -> Result<(), SolveFailure> {
        let stop = if stoppable { voice.stop_asked() } else { None };
        if stop.is_none() && self.saved_at.elapsed() < self.every {
            return Ok(());
        }
        let saved = save();
        self.saved_at = Instant::now();
        match (saved, stop) {
            (Ok(_), _) => {}
            // The run is worth more than its insurance: it goes on, and the next save may
            // succeed (the failed one left the last checkpoint saved as it was).
            (Err(e), None) => {
                let reason = e.to_string();
                if self.last_warning.as_ref() != Some(&reason) {
                    voice.say(&SolveEvent::SaveFailed(reason.clone()));
                    self.last_warning = Some(reason);
                }
            }
            (Err(e), Some(_)) => {
                return Err(SolveFailure::Storage(format!(
                    "stopped, but the checkpoint could not be saved ({e}); the last one saved is kept"
                )));
            }
        }
        match stop {
            Some(reason) => Err(SolveFailure::Stopped { reason, message: stopped() }),
            None => Ok(()),
        }
    }
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
