//! `zgame solve` and `zgame position`: the strong solver's figures for whole games, and the value
//! of one position with every move.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use zecklab_answers::family::Variant;
use zecklab_answers::solve::limits::{
    FLAT_OUTCOMES_TO, FLAT_REMOTENESS_ONE_BYTE_TO, FLAT_REMOTENESS_TO, LAYERED_OUTCOMES_TO, REVERSED_TO,
    SOLVE_MEMORY, TIERED_REMOTENESS_TO,
};
use zecklab_answers::solve::{
    plan_game, solve_any, Checkpointing, Control, Engine, GameSolved, KeptTable, SolveAnswer, SolveEvent,
    SolveGame, SolveRequest,
};
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

/// `zgame solve`: the game the options name (a black hole, the ordered game, a member of the
/// family, the reversed game or the Zeckendorf game in either play) on every n of the range,
/// each printed as it is solved. The dispatcher chooses the solver and says every refusal.
pub fn run(out: &mut Out, args: SolveArgs, store: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
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
        black_hole,
        start,
        json,
    } = args;
    let first = at.or(n).unwrap_or(1);
    let variant = variant.variant(misere)?;
    let game = SolveGame::from_options(variant, reversed, ordered, black_hole.map(|m| (m, start.clone())))
        .map_err(InputError::from_display)?;
    let engine_named = match (tiers || engine == super::EngineArg::Scalar, flat, layers) {
        (true, _, _) => Some(Engine::Tiers),
        (_, true, _) => Some(Engine::Flat),
        (_, _, true) => Some(Engine::Layered),
        _ => None,
    };
    let request = SolveRequest {
        n: to.unwrap_or(first),
        remoteness: !no_remoteness,
        misere: variant.misere,
        tiers: tiers_json,
        engine: engine_named,
        kernel: engine.into(),
        keep: save,
        checkpoint: checkpoint
            .map(|dir| Checkpointing { dir, every: checkpoint_every.map(Duration::from_secs) }),
    };
    let mut world = distributed::world();
    plan_game(&game, &request, first, world.is_some()).map_err(InputError::from_display)?;
    let store = if save { Some(super::stored::store(store)?) } else { None };
    // A store that cannot take the tables fails now, not after the solves.
    if let Some(store) = &store {
        store.prepare().map_err(InputError::from_display)?;
    }
    // A black hole's given start is one game, whatever the range.
    let last = if matches!(game, SolveGame::BlackHole { start: Some(_), .. }) { first } else { request.n };
    for n in first..=last {
        let exchange = world.as_mut().map(|w| w as &mut dyn Exchange);
        let mut solved = solve_with_bar(&game, &request.at(n), exchange)?;
        if distributed::is_secondary() {
            continue;
        }
        if let (Some(store), Some(table)) = (&store, &solved.table) {
            let saved = match table {
                KeptTable::Game(solution) => save_with_progress(store, solution, n)?,
                KeptTable::Family(solution) => save_with_progress(store, solution, n)?,
            };
            solved.answer.line_mut().saved = Some(saved);
        }
        print_answer(out, &game, &solved.answer, json || tiers_json)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints one solve's answer: its JSON, or its line of text in its game's words.
fn print_answer(out: &mut Out, game: &SolveGame, answer: &SolveAnswer, json: bool) -> anyhow::Result<()> {
    if json {
        out.json(answer)?;
        return Ok(out.flush()?);
    }
    match (answer, game) {
        (SolveAnswer::Game(line), _) => print_solve_line(out, line, None, false),
        (SolveAnswer::Family(family), SolveGame::Family(variant))
            if variant.recurrence != zecklab_games::zgame::family::Recurrence::FIBONACCI =>
        {
            super::family::print_solve(out, variant, family)
        }
        (SolveAnswer::Family(family), _) => print_solve_line(out, &family.solve, Some(&family.tags), false),
        (SolveAnswer::Ordered(line), _) => super::ordered::print_solve(out, line),
        (SolveAnswer::BlackHole(line), _) => super::black_hole::print_solve(out, line),
    }
}

/// Solves one game through the dispatcher with a progress bar on a terminal (hidden when stderr
/// is not one, and in every process of an MPI job but the first; a spinner for the solvers that
/// report no progress), its messages said above the bar; with checkpoints and one process, Ctrl-C
/// or SIGTERM stops the run after the tier or layer being solved, with the checkpoint saved.
pub fn solve_with_bar(
    game: &SolveGame,
    request: &SolveRequest,
    exchange: Option<&mut dyn Exchange>,
) -> anyhow::Result<GameSolved> {
    let n = request.n;
    let distributed = exchange.is_some();
    // The Zeckendorf game's bar is named once its engine is chosen (said by the solve).
    let label = match game {
        SolveGame::Family(variant)
            if variant.recurrence == zecklab_games::zgame::family::Recurrence::FIBONACCI =>
        {
            Some(format!("solving n = {n}"))
        }
        SolveGame::Reversed => Some(format!("solving the reversed game on n = {n}")),
        // Only the ordered game's outcomes alone report their progress.
        SolveGame::Ordered if !request.remoteness => Some(format!("solving the ordered game on n = {n}")),
        SolveGame::Family(_) | SolveGame::Ordered => None,
        SolveGame::BlackHole { .. } => None,
    };
    let stoppable = request.checkpoint.is_some() && !distributed;
    if stoppable {
        interrupt::watch()?;
    }
    let bar = match &label {
        _ if distributed::is_secondary() => indicatif::ProgressBar::hidden(),
        Some(label) => progress::bar(0, "positions", label),
        None => progress::spinner(&match game {
            SolveGame::Ordered => format!("solving the ordered game on n = {n}"),
            SolveGame::BlackHole { .. } => "solving the black-hole game".to_string(),
            _ => format!("solving n = {n}"),
        }),
    };
    let moved = |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let said = |event: &SolveEvent| match event {
        SolveEvent::Engine(Engine::Tiers) => bar.set_message(format!("solving n = {n} by tiers")),
        SolveEvent::Engine(Engine::Layered) => bar.set_message(format!("solving n = {n} by layers")),
        SolveEvent::Engine(Engine::Flat) => {}
        _ => bar.suspend(|| eprintln!("{event}")),
    };
    let stop = interrupt::requested;
    let mut control = Control::new().with_progress(&moved).with_events(&said);
    if stoppable {
        control = control.with_stop(&stop);
    }
    if let Some(exchange) = exchange {
        control = control.with_exchange(exchange);
    }
    let solved = solve_any(game, request, &mut control);
    bar.finish_and_clear();
    solved.map_err(solve_failed)
}
