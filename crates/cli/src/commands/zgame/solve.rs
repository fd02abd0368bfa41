//! `zgame solve` and `zgame position`: the strong solver's figures for whole games, and the value
//! of one position with every move.

use std::process::ExitCode;
use std::time::Instant;

use zecklab_answers::family::Variant;
use zecklab_answers::solve::limits::{
    FLAT_OUTCOMES_TO, FLAT_REMOTENESS_ONE_BYTE_TO, FLAT_REMOTENESS_TO, LAYERED_OUTCOMES_TO, REVERSED_TO,
    SOLVE_MEMORY, TIERED_REMOTENESS_TO,
};
use zecklab_answers::solve::{plan, solve_game, Control, Engine, SolveEvent, SolveRequest, Solved};
use zecklab_answers::zgame::ZgameSolve;
use zecklab_engines::Exchange;
use zecklab_games::zgame::{check_table, SolvePlan};
use zecklab_store::Store;

use super::args::SolveArgs;
use super::common::{
    print_check, print_solve_line, save_with_progress, solve_failed, solve_play_with_progress, CheckJson,
};
use crate::distributed;
use crate::input::InputError;
use crate::interrupt;
use crate::output::Out;
use crate::progress;

/// The `--help` text after the options of `zgame solve`.
pub fn solve_help() -> String {
    format!(
        "JSON, one line per n: {{\"n\",\"positions\",\"p_positions\",\"winner\":\"P1\"|\"P2\",\"remoteness\",\"seconds\",\"engine\":\"layered\"|\"tiers\"|\"flat\"}}, \
with --save also \"saved\": the table's path in the store, and with --tiers-json (which implies JSON) \
\"tiers\": [{{\"parts\",\"positions\",\"p_positions\"}}, ...], the positions and P-positions by number of parts, most \
parts first (combines remove a part, splits keep the count). \"seconds\" is this run's wall-clock time (after a resume \
from a checkpoint, the time since the resume).\n\
Three engines give the same answers, and \"engine\" says which ran. The flat solve keeps every position in memory: outcomes take 1 bit a position; \
remoteness 1 more byte a position up to n = {FLAT_REMOTENESS_ONE_BYTE_TO} and 2 bytes above (a proven bound on remoteness \
decides the width, and every value is checked against it as it is stored), computed while the tables fit in {} GiB \
(to n = {FLAT_REMOTENESS_TO}); its outcome table fits up to n = {FLAT_OUTCOMES_TO}. The tiered solve keeps two tiers in memory (the positions with the \
same number of parts): outcome bits, found 64 positions at a time, and 2 bytes of remoteness a position while two tiers \
of it fit in {} GiB (to n = {TIERED_REMOTENESS_TO}; null beyond); without remoteness, on several threads, it also begins \
the next tier ahead (the outcome bits of a third tier). The layered solve (outcomes only) goes by layers of equal \
index weight (the sum of (F_i - i) over the parts), each a set of cells of equal counts from index 4 up, every move a \
shift of whole rows of a cell; it keeps only the window of layers in which the next layer's children lie, which fits in {} GiB to n = {LAYERED_OUTCOMES_TO}. \
Unless --flat, --tiers or --layers says otherwise: with --no-remoteness the layered solve while its window fits in {} GiB, \
else the tiered one; with remoteness or under MPI the tiered solve (n = 1000 takes 9 to 12 minutes in \
1.4 GB on two cores); misère play and --save the flat solve while its table fits (the store holds flat tables). --checkpoint DIR saves \
the tiered or layered solve's state after finished tiers or layers (at most once every \
--checkpoint-every seconds) and resumes from it; the checkpoint is removed when the run completes. DIR is made, and tried, \
before any work; a save that fails later (a full disk) is reported and the run goes on. With --checkpoint and one process, \
Ctrl-C (or SIGTERM) stops the run after the tier or layer being solved, with the checkpoint saved (exit status 130, or 143 for \
SIGTERM); a second Ctrl-C stops it at once. --reversed solves the \
reversed game (same positions, every move taken back) with remoteness, 4 bytes a position, up to n = {REVERSED_TO}. A progress bar \
shows on a terminal.\n\
Built with the `mpi` feature and started by an MPI launcher (mpirun, mpiexec, srun), the tiered solve of outcomes only \
(--no-remoteness) is shared among the job's processes: each solves its share of every tier and receives what it needs of the others', and \
the first prints the line one process would print and saves the checkpoints. `zgame scaling` models such a job.",
        SOLVE_MEMORY >> 30,
        SOLVE_MEMORY >> 30,
        SOLVE_MEMORY >> 30,
        SOLVE_MEMORY >> 30,
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

/// Solves the games on `first..=request.n`, one line each, with `save` the store their tables
/// go to. `variant` is the Zeckendorf game in either play (its lines gain the variant's fields
/// when it was named or misère). Every refusal comes from the dispatcher, before any work.
pub fn solve_range(
    out: &mut Out,
    first: u32,
    request: &SolveRequest,
    save: Option<&Store>,
    output: SolveOutput,
    variant: &Variant,
) -> anyhow::Result<()> {
    let tags = (variant.named || variant.misere).then(|| variant.tags());
    let mut world = distributed::world();
    plan(request, first, world.is_some()).map_err(InputError::from_display)?;
    // A store that cannot take the tables fails now, not after the solves.
    if let Some(store) = save {
        store.prepare().map_err(InputError::from_display)?;
    }
    for n in first..=request.n {
        let request = SolveRequest { tiers: output.tiers, ..request.at(n) };
        let exchange = world.as_mut().map(|w| w as &mut dyn Exchange);
        let solved = solve_with_bar(&request, exchange)?;
        if distributed::is_secondary() {
            continue;
        }
        let saved = match (save, &solved.table) {
            (Some(store), Some(table)) => Some(save_with_progress(store, table, n)?),
            _ => None,
        };
        let line = ZgameSolve { saved, ..solved.line };
        print_solve_line(out, &line, tags.as_ref(), output.json)?;
    }
    Ok(())
}

/// Solves one game through the dispatcher with a progress bar on a terminal (hidden when stderr
/// is not one, and in every process of an MPI job but the first), its messages said above the
/// bar; with checkpoints and one process, Ctrl-C or SIGTERM stops the run after the tier or layer
/// being solved, with the checkpoint saved.
pub fn solve_with_bar(request: &SolveRequest, exchange: Option<&mut dyn Exchange>) -> anyhow::Result<Solved> {
    let n = request.n;
    let distributed = exchange.is_some();
    let engine = plan(request, n, distributed).map_err(InputError::from_display)?;
    let stoppable = request.checkpoint.is_some() && !distributed;
    if stoppable {
        interrupt::watch()?;
    }
    let how = match engine {
        Engine::Flat => "",
        Engine::Tiers => " by tiers",
        Engine::Layered => " by layers",
    };
    let bar = if distributed::is_secondary() {
        indicatif::ProgressBar::hidden()
    } else {
        progress::bar(0, "positions", &format!("solving n = {n}{how}"))
    };
    let moved = |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let said = |event: &SolveEvent| bar.suspend(|| eprintln!("{event}"));
    let stop = interrupt::requested;
    let mut control = Control::new().with_progress(&moved).with_events(&said);
    if stoppable {
        control = control.with_stop(&stop);
    }
    if let Some(exchange) = exchange {
        control = control.with_exchange(exchange);
    }
    let solved = solve_game(request, &mut control);
    bar.finish_and_clear();
    solved.map_err(solve_failed)
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
            let verified = table.load(SOLVE_MEMORY as u64, |_, _| {}).map_err(InputError::from_display)?;
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

/// `zgame solve`: the game asked for (a black hole, the ordered game, a member of the family, the
/// reversed game or the Zeckendorf game in either play) on every n of the range, printed as it is
/// solved.
pub fn run(out: &mut Out, args: SolveArgs, store: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
    let out = &mut *out;
    let SolveArgs {
        at,
        n,
        to,
        no_remoteness,
        save,
        tiers_json,
        tiers,
        flat,
        layers,
        checkpoint,
        checkpoint_every,
        engine,
        reversed,
        variant,
        misere,
        ordered,
        black_hole: hole,
        start,
        json,
    } = args;
    let first = at.or(n).unwrap_or(1);
    if let Some(m) = hole {
        if engine != super::EngineArg::Fast || layers {
            return Err(InputError::from_display(
                "the black-hole games have their own solver: drop --engine and --layers",
            ));
        }
        super::black_hole::solve(out, m, start.as_deref(), first, to.unwrap_or(first), no_remoteness, json)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if ordered {
        if engine != super::EngineArg::Fast || layers {
            return Err(InputError::from_display(
                "the ordered game has its own solver: drop --engine and --layers",
            ));
        }
        super::ordered::solve(out, first, to.unwrap_or(first), no_remoteness, json)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let variant = variant.variant(misere)?;
    if variant.recurrence != zecklab_games::zgame::family::Recurrence::FIBONACCI {
        if tiers || flat || layers || checkpoint.is_some() || reversed || engine != super::EngineArg::Fast {
            return Err(InputError::from_display(
                    "a recurrence other than 1,2 is solved by the family's own solver: drop --tiers, --flat, --layers, --checkpoint, --engine and --reversed",
                ));
        }
        let store = if save { Some(super::stored::store(store)?) } else { None };
        super::family::solve_range(
            out,
            first,
            to.unwrap_or(first),
            &variant,
            json || tiers_json,
            store.as_ref(),
        )?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if reversed && (variant.named || variant.misere) {
        return Err(InputError::from_display(
                "--reversed plays the reversed Zeckendorf game in normal play: drop --recurrence, --rules and --misere",
            ));
    }
    if reversed {
        if distributed::world().is_some() {
            return Err(InputError::from_display(zecklab_answers::solve::SHARED_ONLY));
        }
        super::relatives::solve_reversed_range(
            out,
            first,
            to.unwrap_or(first),
            !no_remoteness,
            json || tiers_json,
            tiers_json,
        )?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let store = if save { Some(super::stored::store(store)?) } else { None };
    let output = SolveOutput { json: json || tiers_json, tiers: tiers_json };
    let engine_named = match (tiers || engine == super::EngineArg::Scalar, flat, layers) {
        (true, _, _) => Some(zecklab_answers::solve::Engine::Tiers),
        (_, true, _) => Some(zecklab_answers::solve::Engine::Flat),
        (_, _, true) => Some(zecklab_answers::solve::Engine::Layered),
        _ => None,
    };
    let request = zecklab_answers::solve::SolveRequest {
        n: to.unwrap_or(first),
        remoteness: !no_remoteness,
        misere: variant.misere,
        tiers: tiers_json,
        engine: engine_named,
        kernel: engine.into(),
        keep: store.is_some(),
        checkpoint: checkpoint.map(|dir| zecklab_answers::solve::Checkpointing {
            dir,
            every: checkpoint_every.map(std::time::Duration::from_secs),
        }),
    };
    solve_range(out, first, &request, store.as_ref(), output, &variant)?;
    Ok(ExitCode::SUCCESS)
}
