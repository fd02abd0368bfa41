//! `zgame random-laws`: the law of the game's length under random play, per n and measure,
//! against the Gaussian conjecture. Both measures of an n share one pass over the positions,
//! on every core.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use zecklab_answers::random_laws::{self as answers, RandomLawJson, RANDOM_LAWS_LIMIT};
use zecklab_answers::AnswerError;
use zecklab_games::zgame::random::{Measure, MomentsCheckpoint, MomentsCheckpointView};
use zecklab_games::Cancel;
use zecklab_store::checkpoint::prepare_checkpoint_dir;
use zecklab_store::moments_checkpoint::{
    load_moments_checkpoint, moments_checkpoint_path, remove_moments_checkpoint, save_moments_checkpoint,
};

use super::common::{check_range, MEMORY_LIMIT};
use crate::input::{self, InputError};
use crate::interrupt;
use crate::output::Out;
use crate::progress;

/// Where and how often a run saves its recursion.
#[derive(Clone, Copy)]
pub struct Checkpoint<'a> {
    pub dir: &'a Path,
    pub every: Duration,
}

/// Prints a line per n from `first` to `last` (every `step`-th) and per measure.
pub fn random_laws(
    out: &mut Out,
    first: u32,
    last: u32,
    step: u32,
    measures: &[Measure],
    checkpoint: Option<Checkpoint<'_>>,
    json: bool,
) -> anyhow::Result<()> {
    check_range(first, last)?;
    if last > RANDOM_LAWS_LIMIT {
        return Err(InputError::from_display(format!(
            "invalid n = {last}: random laws are computed for 1 <= n <= {RANDOM_LAWS_LIMIT}"
        )));
    }
    if step == 0 {
        return Err(InputError::from_display("invalid --step 0: the step is at least 1"));
    }
    if let Some(c) = checkpoint {
        prepare_checkpoint_dir(c.dir).map_err(InputError::from_display)?;
        // Ctrl-C and SIGTERM stop the run with its last finished tier saved.
        interrupt::watch()?;
    }
    let cancel = Cancel::new();
    for n in (first..=last).step_by(step as usize) {
        let bar = progress::bar(0, "positions", &format!("random laws of n = {n}"));
        let saves = Saves::new(checkpoint, &bar);
        let mut load = |pass: &[Measure]| -> Result<Option<MomentsCheckpoint>, AnswerError> {
            let Some(c) = checkpoint else { return Ok(None) };
            let saved =
                load_moments_checkpoint(c.dir, n, pass).map_err(|e| AnswerError::Invalid(e.to_string()))?;
            if let Some(s) = &saved {
                bar.suspend(|| {
                    eprintln!(
                        "resuming the random laws of n = {n} from '{}': the tiers to {} parts already done",
                        input::shown(&moments_checkpoint_path(c.dir, n, pass).to_string_lossy()),
                        s.parts
                    )
                });
            }
            Ok(saved)
        };
        let lines = answers::random_laws_resumable(
            n,
            measures,
            MEMORY_LIMIT,
            &cancel,
            |done, total| {
                bar.set_length(total);
                bar.set_position(done);
                if checkpoint.is_some() && interrupt::requested().is_some() {
                    cancel.cancel();
                }
            },
            &mut load,
            &|view, stopping| saves.offer(view, stopping),
        );
        bar.finish_and_clear();
        let lines = match (lines, checkpoint, interrupt::requested()) {
            (Err(_), Some(c), Some(signal)) if cancel.is_cancelled() => {
                return Err(saves.stopped(c, n, signal));
            }
            (lines, _, _) => lines.map_err(InputError::from_display)?,
        };
        if let Some(c) = checkpoint {
            for pass in [&[Measure::Path][..], &[Measure::Games], &[Measure::Path, Measure::Games]] {
                remove_moments_checkpoint(c.dir, n, pass).map_err(InputError::from_display)?;
            }
        }
        for line in lines {
            if json {
                out.json(&line)?;
            } else {
                out.line(describe(&line))?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

/// The saves of one n's run: at most one every `every`, always when stopping, never an older
/// tier over a newer one; a failed save is reported once and the run goes on.
struct Saves<'a> {
    checkpoint: Option<Checkpoint<'a>>,
    bar: &'a indicatif::ProgressBar,
    state: Mutex<SaveState>,
}

struct SaveState {
    at: Instant,
    /// The tier last saved, its positions done and the run's total.
    saved: Option<(u32, u64, u64)>,
    warned: Option<String>,
    failed_stop: Option<String>,
}

impl<'a> Saves<'a> {
    fn new(checkpoint: Option<Checkpoint<'a>>, bar: &'a indicatif::ProgressBar) -> Saves<'a> {
        let state = SaveState { at: Instant::now(), saved: None, warned: None, failed_stop: None };
        Saves { checkpoint, bar, state: Mutex::new(state) }
    }

    fn offer(&self, view: MomentsCheckpointView<'_>, stopping: bool) {
        let Some(c) = self.checkpoint else { return };
        let mut state = self.state.lock().expect("no save panics");
        let newer = state.saved.is_none_or(|(parts, _, _)| view.parts > parts);
        if !newer || !(stopping || state.at.elapsed() >= c.every) {
            return;
        }
        match save_moments_checkpoint(c.dir, &view) {
            Ok(_) => {
                state.saved = Some((view.parts, view.done, view.total));
                state.at = Instant::now();
            }
            Err(e) if stopping => state.failed_stop = Some(e.to_string()),
            Err(e) => {
                // The run is worth more than its insurance: it goes on, and the last checkpoint
                // saved is kept as it was.
                let warning = format!("warning: the checkpoint could not be saved ({e}); the run goes on, and the last one saved is kept");
                if state.warned.as_ref() != Some(&warning) {
                    self.bar.suspend(|| eprintln!("{warning}"));
                    state.warned = Some(warning);
                }
                state.at = Instant::now();
            }
        }
    }

    /// The error that ends a run stopped by `signal`.
    fn stopped(&self, c: Checkpoint<'_>, n: u32, signal: i32) -> anyhow::Error {
        let state = self.state.lock().expect("no save panics");
        if let Some(e) = &state.failed_stop {
            return InputError(format!(
                "stopped, but the checkpoint could not be saved ({e}); the last one saved is kept"
            ))
            .into();
        }
        let message = match state.saved {
            Some((parts, done, total)) => format!(
                "stopped: the random laws of n = {n} are saved in '{}' to the tier of {parts} parts ({done} of {total} positions); the same command resumes from there",
                input::shown(&c.dir.to_string_lossy())
            ),
            None => format!("stopped: no tier of n = {n} was finished, so nothing was saved"),
        };
        interrupt::Interrupted { signal, message }.into()
    }
}

fn describe(l: &RandomLawJson) -> String {
    let shape = |v: Option<f64>| v.map_or("undefined".to_string(), |x| format!("{x:.6}"));
    let bound = l
        .bounds
        .as_ref()
        .map(|b| {
            let radius = |[lo, hi]: [f64; 2]| (hi - lo) / 2.0;
            format!(
                " (bounded: mean ±{:.1e}, variance ±{:.1e}, skewness ±{:.1e}, excess kurtosis ±{:.1e})",
                radius(b.mean),
                radius(b.variance),
                radius(b.skewness),
                radius(b.excess_kurtosis)
            )
        })
        .unwrap_or_else(|| " (exact law)".to_string());
    format!(
        "n = {} {} measure: mean {:.6} ({:.6} n), variance {:.6} ({:.6} n), splits {:.6} n, skewness {}, excess kurtosis {}, \
         Kolmogorov distance {}, P(Player 1 moves last) {:.6}{bound}",
        l.n,
        l.measure,
        l.mean,
        l.mean_over_n,
        l.variance,
        l.variance_over_n,
        l.splits_mean_over_n,
        shape(l.skewness),
        shape(l.excess_kurtosis),
        shape(l.kolmogorov),
        l.p1_last_move
    )
}
