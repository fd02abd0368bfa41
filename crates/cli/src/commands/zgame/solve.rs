//! `zgame solve` and `zgame position`: the strong solver's figures for whole games, and the value
//! of one position with every move.

use std::time::{Duration, Instant};

use std::process::ExitCode;

use std::path::Path;
use zecklab_answers::family::Variant;
use zecklab_answers::solve::{choose_engine, Engine, EngineAsk};
use zecklab_answers::zgame::ZgameSolve;

use zecklab_games::zgame::{
    check_table, tiered_bytes, Exchange, LayeredOptions, LayeredSolution, LayeredSolver, SolvePlan,
    TierEngine, TierIndex, TieredSolution, TieredSolver,
};
use zecklab_store::checkpoint::{
    checkpoint_path, load_checkpoint, prepare_checkpoint_dir, remove_checkpoint, save_checkpoint,
};
use zecklab_store::layered_checkpoint::{
    layered_checkpoint_path, load_layered_checkpoint, remove_layered_checkpoint, save_layered_checkpoint,
};
use zecklab_store::Store;

use super::common::{
    check_range, print_check, print_solve_line, save_with_progress, solve_play_with_progress, CheckJson,
    MEMORY_LIMIT,
};
use crate::distributed::{self, World};
use crate::input::{self, InputError};
use crate::interrupt;
use crate::output::Out;
use crate::progress;

/// Remoteness is stored in one byte a position up to this n, two bytes above.
pub const REMOTENESS_ONE_BYTE_TO: u32 = 337;
/// The first n whose remoteness table does not fit in [`MEMORY_LIMIT`]: remoteness is null from here.
pub const REMOTENESS_NULL_FROM: u32 = 580;
/// The first n whose flat outcome table does not fit in [`MEMORY_LIMIT`]: `--flat` refuses it.
pub const REFUSED_FROM: u32 = 816;
/// The last n whose tiered solve keeps remoteness (two tiers of it fit in [`MEMORY_LIMIT`]).
pub const TIERED_REMOTENESS_TO: u32 = 1007;

/// How often the tiered solve saves its checkpoint by default (a tier of n = 1000 is at most
/// 0.6 GB).
const TIERS_SAVED_EVERY: Duration = Duration::from_secs(60);
/// How often the layered solve saves its checkpoint by default (its window of layers is some
/// 7 GB at n = 1000).
const LAYERS_SAVED_EVERY: Duration = Duration::from_secs(600);

/// Why a solve over MPI was refused.
pub const SHARED_ONLY: &str = "over MPI, zgame solve runs the tiered solve of outcomes only: add --no-remoteness, and drop --flat, --save and --reversed";

/// The `--help` text after the options of `zgame solve`.
pub fn solve_help() -> String {
    format!(
        "JSON, one line per n: {{\"n\",\"positions\",\"p_positions\",\"winner\":\"P1\"|\"P2\",\"remoteness\",\"seconds\",\"engine\":\"layered\"|\"tiers\"|\"flat\"}}, \
with --save also \"saved\": the table's path in the store, and with --tiers-json (which implies JSON) \
\"tiers\": [{{\"parts\",\"positions\",\"p_positions\"}}, ...], the positions and P-positions by number of parts, most \
parts first (combines remove a part, splits keep the count). \"seconds\" is this run's wall-clock time (after a resume \
from a checkpoint, the time since the resume).\n\
Three engines give the same answers, and \"engine\" says which ran. The flat solve keeps every position in memory: outcomes take 1 bit a position; \
remoteness 1 more byte a position up to n = {REMOTENESS_ONE_BYTE_TO} and 2 bytes above (a proven bound on remoteness \
decides the width, and every value is checked against it as it is stored), computed while the tables fit in {} GiB \
(to n = {}); its outcome table fits up to n = {}. The tiered solve keeps two tiers in memory (the positions with the \
same number of parts): outcome bits, found 64 positions at a time, and 2 bytes of remoteness a position while two tiers \
of it fit in {} GiB (to n = {TIERED_REMOTENESS_TO}; null beyond); without remoteness, on several threads, it also begins \
the next tier ahead (the outcome bits of a third tier). The layered solve (outcomes only) goes by layers of equal \
index weight (the sum of (F_i - i) over the parts), each a set of cells of equal counts from index 4 up, every move a \
shift of whole rows of a cell; it keeps only the window of layers in which the next layer's children lie, which fits in {} GiB to n = {}. \
Unless --flat, --tiers or --layers says otherwise: with --no-remoteness the layered solve while its window fits in {} GiB, \
else the tiered one; with remoteness or under MPI the tiered solve (n = 1000 takes 9 to 12 minutes in \
1.4 GB on two cores); misère play and --save the flat solve while its table fits (the store holds flat tables). --checkpoint DIR saves \
the tiered or layered solve's state after finished tiers or layers (at most once every \
--checkpoint-every seconds) and resumes from it; the checkpoint is removed when the run completes. DIR is made, and tried, \
before any work; a save that fails later (a full disk) is reported and the run goes on. With --checkpoint and one process, \
Ctrl-C (or SIGTERM) stops the run after the tier or layer being solved, with the checkpoint saved (exit status 130, or 143 for \
SIGTERM); a second Ctrl-C stops it at once. --reversed solves the \
reversed game (same positions, every move taken back) with remoteness, 4 bytes a position, up to n = {}. A progress bar \
shows on a terminal.\n\
Built with the `mpi` feature and started by an MPI launcher (mpirun, mpiexec, srun), the tiered solve of outcomes only \
(--no-remoteness) is shared among the job's processes: each solves its share of every tier and receives what it needs of the others', and \
the first prints the line one process would print and saves the checkpoints. `zgame scaling` models such a job.",
        MEMORY_LIMIT >> 30,
        REMOTENESS_NULL_FROM - 1,
        REFUSED_FROM - 1,
        MEMORY_LIMIT >> 30,
        MEMORY_LIMIT >> 30,
        zecklab_answers::solve::LAYERED_OUTCOMES_TO,
        MEMORY_LIMIT >> 30,
        super::common::REVERSED_TO
    )
}

/// How `solve_range` prints.
#[derive(Clone, Copy, Debug)]
pub struct SolveOutput {
    /// One JSON object per n.
    pub json: bool,
    /// Add the tiers (positions and P-positions by number of parts).
    pub tiers: bool,
}

/// Where and how often a tiered solve saves its state.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint<'a> {
    /// The directory of checkpoint files.
    pub dir: &'a Path,
    /// Save after a finished tier or layer once this long has passed since the last save (zero:
    /// every one; `None`: the engine's own default).
    pub every: Option<Duration>,
}

/// Which solver `solve_range` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The choice of [`choose_engine`], by what is asked.
    Auto,
    /// Every position in memory.
    Flat,
    /// Two tiers of positions in memory at once.
    Tiered,
    /// A window of layers in memory, outcomes only.
    Layered,
}

impl Method {
    /// The engine named, if any.
    fn named(self) -> Option<Engine> {
        match self {
            Method::Auto => None,
            Method::Flat => Some(Engine::Flat),
            Method::Tiered => Some(Engine::Tiers),
            Method::Layered => Some(Engine::Layered),
        }
    }
}

/// Solves the games on `first..=last`, one line each. `variant` is the Zeckendorf game in
/// either play (its lines gain the variant's fields when it was named or misère).
#[allow(clippy::too_many_arguments)]
pub fn solve_range(
    out: &mut Out,
    first: u32,
    last: u32,
    no_remoteness: bool,
    save: Option<&Store>,
    output: SolveOutput,
    method: Method,
    checkpoint: Option<Checkpoint<'_>>,
    engine: TierEngine,
    variant: &Variant,
) -> anyhow::Result<()> {
    let json = output.json;
    check_range(first, last)?;
    // A game too large to number at all: the tiered solve's refusal names the largest n accepted.
    if SolvePlan::new(last).is_err() {
        zecklab_answers::solve::tiers_that_fit(last)?;
    }
    let tags = (variant.named || variant.misere).then(|| variant.tags());
    let mut world = distributed::world();
    if variant.misere && (checkpoint.is_some() || engine != TierEngine::Fast || world.is_some()) {
        return Err(InputError::from_display(
            "misère play tier by tier runs the reference sweep on one thread, without checkpoints: drop --checkpoint and --engine (and mpirun)",
        ));
    }
    if world.is_some()
        && (!no_remoteness || save.is_some() || matches!(method, Method::Flat | Method::Layered))
    {
        return Err(InputError::from_display(SHARED_ONLY));
    }
    let ask = EngineAsk {
        named: method.named(),
        remoteness: !no_remoteness,
        misere: variant.misere,
        keep: save.is_some(),
        checkpoint: checkpoint.is_some(),
        distributed: world.is_some(),
        scalar: engine == TierEngine::Scalar,
    };
    let engine_for = |n: u32| choose_engine(n, &ask).map_err(InputError::from_display);
    // Refuse the whole range before solving any of it: positions grow with n, so the last n
    // is the largest game asked for.
    let plan = SolvePlan::new(last).map_err(InputError::from_display)?;
    let engine_last = engine_for(last)?;
    if engine_last == Engine::Flat && plan.bytes(false) > MEMORY_LIMIT {
        return Err(InputError::from_display(format!(
            "n = {last} is too large for the flat tables: the game on {last} has {} positions, whose outcome table alone needs {} MiB, more than the {} MiB allowed (the largest n solved flat is {}; drop --flat to solve it tier by tier)",
            plan.positions,
            plan.bytes(false).div_ceil(1 << 20),
            MEMORY_LIMIT >> 20,
            REFUSED_FROM - 1
        )));
    }
    if engine_last == Engine::Tiers {
        zecklab_answers::solve::tiers_that_fit(last)?;
    }
    if save.is_some() && (first..=last).any(|n| engine_for(n).map_or(true, |e| e != Engine::Flat)) {
        return Err(InputError::from_display(
            "--save stores the flat tables of every position, and a tiered solve keeps only two tiers: drop --tiers and --checkpoint, or --save (the store holds games up to n = 815)",
        ));
    }
    // A store that cannot take the tables fails now, not after the solves.
    if let Some(store) = save {
        store.prepare().map_err(InputError::from_display)?;
    }
    for n in first..=last {
        let start = Instant::now();
        match engine_for(n)? {
            Engine::Tiers => {
                let solved =
                    solve_tiered(n, !no_remoteness, checkpoint, world.as_mut(), engine, variant.misere)?;
                let line = ZgameSolve::of_tiered(solved, start.elapsed().as_secs_f64(), output.tiers);
                if !distributed::is_secondary() {
                    print_solve_line(out, &line, tags.as_ref(), json)?;
                }
                continue;
            }
            Engine::Layered => {
                let portable = engine == TierEngine::Portable;
                let solved = solve_layered_with_progress(n, output.tiers, portable, checkpoint)?;
                let line = ZgameSolve::of_layered(solved, start.elapsed().as_secs_f64());
                print_solve_line(out, &line, tags.as_ref(), json)?;
                continue;
            }
            Engine::Flat => {}
        }
        let solution = solve_play_with_progress(n, !no_remoteness, variant.misere)?;
        let seconds = start.elapsed().as_secs_f64();
        let saved = match save {
            Some(store) => Some(save_with_progress(store, &solution, n)?),
            None => None,
        };
        let line = ZgameSolve { saved, ..ZgameSolve::of(&solution, seconds, output.tiers) };
        print_solve_line(out, &line, tags.as_ref(), json)?;
    }
    Ok(())
}

/// Solves the game on `n` layer by layer (outcomes only), with a progress bar; `tiers`: count the
/// P-positions by parts too; `portable`: the baseline kernel. With `checkpoint`, resumes from the
/// checkpoint there when one exists, saves one after finished layers as often as it asks, and
/// removes it at the end; Ctrl-C or SIGTERM then stops the run after a layer, saved.
fn solve_layered_with_progress(
    n: u32,
    tiers: bool,
    portable: bool,
    checkpoint: Option<Checkpoint<'_>>,
) -> anyhow::Result<LayeredSolution> {
    keep_large_blocks_mapped();
    let total = SolvePlan::new(n).map_err(InputError::from_display)?.positions;
    let options = LayeredOptions { by_parts: tiers, portable, ..LayeredOptions::default() };
    let fresh = LayeredSolver::new(n, &options).map_err(InputError::from_display)?;
    let saved = match checkpoint {
        Some(c) => {
            prepare_checkpoint_dir(c.dir).map_err(InputError::from_display)?;
            load_layered_checkpoint(c.dir, n).map_err(InputError::from_display)?
        }
        None => None,
    };
    let layers = fresh.layer_count();
    let mut solver = match saved {
        Some(state) => {
            eprintln!(
                "resuming the game on n = {n} from its checkpoint: {} of its {layers} layers and {} of {total} positions already solved",
                layers - state.last,
                state.positions
            );
            let path = layered_checkpoint_path(checkpoint.expect("loaded from it").dir, n);
            fresh.resumed(state).map_err(|e| cannot_resume(&path, &e))?
        }
        None => fresh,
    };
    let bar = progress::bar(total, "positions", &format!("solving n = {n} by layers"));
    bar.set_position(solver.positions_solved());
    let mut saving = match checkpoint {
        Some(c) => Some(Saving::new(c, LAYERS_SAVED_EVERY, true)?),
        None => None,
    };
    // The loop runs on one of the solve's threads: each layer's work starts there at once.
    solver.run_in_pool(|solver| -> anyhow::Result<()> {
        while solver.next_layer().is_some() {
            solver.solve_next().map_err(InputError::from_display)?;
            bar.set_position(solver.positions_solved());
            if let Some(saving) = saving.as_mut() {
                let dir = saving.checkpoint.dir;
                let path = layered_checkpoint_path(dir, n);
                let view = solver.state_view().expect("a layer was just solved");
                let done = layers - view.last;
                saving.after(
                    &bar,
                    || save_layered_checkpoint(dir, &view),
                    || {
                        format!(
                            "stopped: {done} of the {layers} layers of n = {n} ({} of {total} positions) are saved in '{}'; the same command resumes from there",
                            view.positions,
                            input::shown(&path.to_string_lossy())
                        )
                    },
                )?;
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let solved = solver.finish().map_err(InputError::from_display)?;
    if let Some(c) = checkpoint {
        // The answer is complete: a checkpoint left behind must not cost it.
        if let Err(e) = remove_layered_checkpoint(c.dir, n) {
            eprintln!("warning: the finished run's checkpoint could not be removed ({e})");
        }
    }
    Ok(solved)
}

/// Keeps glibc from raising the size from which it maps allocations straight from the system (it
/// raises it to each large block freed, up to 32 MiB, and the choice of engine has just built and
/// freed the layered solve's count tables): the layers then stay mapped blocks that grow without
/// a copy, where from the heap they were copied as they grew and the solve of n = 500 took 8%
/// longer. Only for the layered solve: the tier sweep, which frees and takes blocks of a few MiB
/// tier after tier, is 12% slower at n = 500 when each is mapped afresh.
fn keep_large_blocks_mapped() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a threshold of glibc's allocator (its own lock guards it).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

/// Why the checkpoint at `path` cannot be resumed from.
fn cannot_resume(path: &Path, why: &dyn std::fmt::Display) -> InputError {
    InputError(format!(
        "cannot resume from '{}': {why} (remove it to start afresh)",
        input::shown(&path.to_string_lossy())
    ))
}

/// The checkpoints of a solve, saved after finished tiers or layers: how often, the warning said
/// once while saves fail, and the stop that Ctrl-C or SIGTERM asks for.
struct Saving<'a> {
    checkpoint: Checkpoint<'a>,
    every: Duration,
    saved_at: Instant,
    last_warning: Option<String>,
    /// Whether a signal stops the run after its next save (a single process only).
    stoppable: bool,
}

impl<'a> Saving<'a> {
    /// Saves for `checkpoint`, by default every `every`.
    fn new(checkpoint: Checkpoint<'a>, every: Duration, stoppable: bool) -> anyhow::Result<Saving<'a>> {
        if stoppable {
            interrupt::watch()?;
        }
        let every = checkpoint.every.unwrap_or(every);
        Ok(Saving { checkpoint, every, saved_at: Instant::now(), last_warning: None, stoppable })
    }

    /// After a finished tier or layer: saves by `save` when one is due or a signal asks to stop,
    /// warns (once for the same reason) when it fails, and on a signal stops the run with the
    /// message `stopped` gives.
    fn after<T, E: std::fmt::Display>(
        &mut self,
        bar: &indicatif::ProgressBar,
        save: impl FnOnce() -> Result<T, E>,
        stopped: impl FnOnce() -> String,
    ) -> anyhow::Result<()> {
        let stop = self.stoppable.then(interrupt::requested).flatten();
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
                let warning = format!(
                    "warning: the checkpoint could not be saved ({e}); the run goes on, and the last one saved is kept"
                );
                // Said once, not after every tier, while the reason stays the same.
                if self.last_warning.as_ref() != Some(&warning) {
                    bar.suspend(|| eprintln!("{warning}"));
                    self.last_warning = Some(warning);
                }
            }
            (Err(e), Some(_)) => {
                bar.finish_and_clear();
                return Err(InputError(format!(
                    "stopped, but the checkpoint could not be saved ({e}); the last one saved is kept"
                ))
                .into());
            }
        }
        if let Some(signal) = stop {
            bar.finish_and_clear();
            return Err(interrupt::Interrupted { signal, message: stopped() }.into());
        }
        Ok(())
    }
}

/// Solves the game on `n` tier by tier, with a progress bar; with `checkpoint`, resumes from the
/// checkpoint there when one exists and saves one after finished tiers, as often as it asks
/// (removed at the end).
/// Remoteness is computed when asked for and two tiers of it fit in [`MEMORY_LIMIT`].
///
/// With `world` (an MPI job), every process solves its share of each tier and receives what it
/// needs of the others' (outcomes only); the first process alone saves checkpoints, shows progress
/// and reports, and the processes check at the end that they agree.
pub fn solve_tiered(
    n: u32,
    remoteness: bool,
    checkpoint: Option<Checkpoint<'_>>,
    mut world: Option<&mut World>,
    engine: TierEngine,
    misere: bool,
) -> anyhow::Result<TieredSolution> {
    let leader = world.as_ref().is_none_or(|w| w.me() == 0);
    let index = TierIndex::new(n).ok_or_else(|| InputError(format!("n = {n} is too large to count")))?;
    let remoteness = remoteness && world.is_none() && tiered_bytes(&index, true) <= MEMORY_LIMIT;
    let total: u64 = (1..=n).map(|p| index.count(p)).sum();
    let fresh = TieredSolver::from_index(index, remoteness, MEMORY_LIMIT)
        .map_err(InputError::from_display)?
        .with_engine(engine)
        .with_misere(misere);
    let saved = match checkpoint {
        Some(c) => {
            if leader {
                prepare_checkpoint_dir(c.dir).map_err(InputError::from_display)?;
            }
            load_checkpoint(c.dir, n).map_err(InputError::from_display)?
        }
        None => None,
    };
    let mut solver = match saved {
        Some(state) => {
            let done: u64 = state.finished.iter().map(|t| t.positions).sum();
            if leader {
                eprintln!(
                    "resuming the game on n = {n} from its checkpoint: {} tiers and {done} of {total} positions already solved",
                    state.finished.len()
                );
            }
            let path = checkpoint_path(checkpoint.expect("loaded from it").dir, n);
            fresh.resumed(state).map_err(|e| cannot_resume(&path, &e))?
        }
        None => fresh,
    };
    let bar = if leader {
        progress::bar(total, "positions", &format!("solving n = {n} by tiers"))
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut before: u64 = solver.state().map_or(0, |s| s.finished.iter().map(|t| t.positions).sum());
    bar.set_position(before);
    // A single process with a checkpoint stops cleanly on Ctrl-C: after the tier, saved.
    let mut saving = match checkpoint.filter(|_| leader) {
        Some(c) => Some(Saving::new(c, TIERS_SAVED_EVERY, world.is_none())?),
        None => None,
    };
    while solver.next_tier().is_some() {
        let progress = |done, _| bar.set_position(before + done);
        let figures = match world.as_deref_mut() {
            // With checkpoints, the first process keeps whole tiers, to save them.
            Some(world) => solver.solve_next_shared(world, checkpoint.map(|_| 0), progress),
            None => solver.solve_next(progress).map_err(InputError::from_display)?,
        };
        before += figures.positions;
        bar.set_position(before);
        if let Some(saving) = saving.as_mut() {
            let dir = saving.checkpoint.dir;
            let path = checkpoint_path(dir, n);
            saving.after(
                &bar,
                || save_checkpoint(dir, &solver.state_view().expect("a tier was just solved")),
                || {
                    let tiers = solver.state_view().map_or(0, |s| s.finished.len());
                    format!(
                        "stopped: the {tiers} tiers of n = {n} solved so far ({before} of {total} positions) are saved in '{}'; the same command resumes from there",
                        input::shown(&path.to_string_lossy())
                    )
                },
            )?;
        }
    }
    bar.finish_and_clear();
    let solved = solver.finish();
    if let Some(world) = world {
        // Every process solved the last tier whole and counted every tier together: they must agree.
        let mine = [solved.p_positions, u64::from(solved.start.is_win())];
        let all = world.all_gather(&mine, &vec![mine.len(); world.processes()]);
        if all.chunks(mine.len()).any(|theirs| theirs != mine) {
            anyhow::bail!("the processes of the MPI job disagree on the game on n = {n}: a process or the network is faulty");
        }
    }
    if let Some(c) = checkpoint.filter(|_| leader) {
        // The answer is complete: a checkpoint left behind must not cost it.
        if let Err(e) = remove_checkpoint(c.dir, n) {
            eprintln!("warning: the finished run's checkpoint could not be removed ({e})");
        }
    }
    Ok(solved)
}

/// The `--help` text after the options of `zgame check`.
pub fn check_help() -> String {
    "JSON: {\"n\",\"positions\",\"checked\",\"remoteness_checked\",\"inconsistent\",\"first_inconsistent\":\"<position>\"|null,\"seconds\",\"source\":\"store\"|\"solved\"}.\n\
A stored game is read from the store (every chunk checked against its checksum first); otherwise it is solved.\n\
Every position is checked: it must be a win exactly when some child is a loss, its remoteness must follow from its \
children's (a win: 1 + the least remoteness of a losing child; a loss: 1 + the greatest of any child), and a position \
with no move must be a loss with remoteness 0. The game graph has no cycles, so a table that passes is the only correct \
one. Children are found by the rules and ranked from scratch, independently of the solver. Remoteness is checked \
where it is computed (see `zgame solve --help`). Exit status 1 when any position is inconsistent."
        .to_string()
}

/// Solves the game on `n` and checks the tables position by position; exit status 1 on any
/// inconsistency.
pub fn check(
    out: &mut Out,
    n: u32,
    remoteness: bool,
    store: Option<&Store>,
    variant: &Variant,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let game = variant.table_game();
    let stored = match store {
        Some(store) => store.open_game(game, n).map_err(InputError::from_display)?,
        None => None,
    };
    let solution = match &stored {
        Some(_) => None,
        None => Some(solve_play_with_progress(n, remoteness, variant.misere)?),
    };
    let start = Instant::now();
    let bar = progress::bar(
        SolvePlan::new(n).map_err(InputError::from_display)?.positions,
        "positions",
        &format!("checking n = {n}"),
    );
    let report = match (&stored, &solution) {
        (Some(table), _) => {
            // Every chunk is checked against its digest first; then the rules check the values.
            let verified = table.load(MEMORY_LIMIT as u64, |_, _| {}).map_err(InputError::from_display)?;
            check_table(&verified, |done, _| bar.set_position(done))
        }
        (None, Some(solution)) => check_table(solution, |done, _| bar.set_position(done)),
        (None, None) => unreachable!("solved when not stored"),
    };
    bar.finish_and_clear();
    let source = if stored.is_some() { "store" } else { "solved" };
    let seconds = start.elapsed().as_secs_f64();
    let line = CheckJson::of(&report, seconds, source, variant.tags());
    print_check(out, &line, json)?;
    Ok(if report.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_remoteness_sizes_are_the_computed_ones() {
        let bytes_per_position = |n: u32| {
            let plan = SolvePlan::new(n).unwrap();
            plan.remoteness_bytes / u128::from(plan.positions)
        };
        let fits = |n: u32, remoteness: bool| SolvePlan::new(n).unwrap().bytes(remoteness) <= MEMORY_LIMIT;
        for n in 1..=900 {
            assert_eq!(bytes_per_position(n), if n <= REMOTENESS_ONE_BYTE_TO { 1 } else { 2 }, "n = {n}");
            assert_eq!(fits(n, true), n < REMOTENESS_NULL_FROM, "n = {n}");
            assert_eq!(fits(n, false), n < REFUSED_FROM, "n = {n}");
        }
        let tiered_fits = |n: u32| tiered_bytes(&TierIndex::new(n).unwrap(), true) <= MEMORY_LIMIT;
        assert!(tiered_fits(TIERED_REMOTENESS_TO) && !tiered_fits(TIERED_REMOTENESS_TO + 1));
    }
}
