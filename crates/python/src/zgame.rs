//! The Zeckendorf game: solves (through the one dispatcher), positions, lengths, random play, strategies, coalitions, the family's Grundy values and sums, the rule test and search.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use zecklab_answers::family::Variant;
use zecklab_answers::lengths;
use zecklab_answers::solve::{self as solving, SolveRequest, SOLVE_MEMORY};
use zecklab_games::zgame::Solution;
use zecklab_store::Store;

use crate::errors::{answer_error, solve_failure, store_error, LimitError, StoreError};
use crate::table::{Source, Table};
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// The last game solved flat with remoteness for `zgame_position`, kept for the next question
/// about the same game (a notebook asks about many positions of one game).
pub(crate) static LAST_SOLVED: Mutex<Option<Arc<Solution>>> = Mutex::new(None);

/// The Zeckendorf game on `n` or a member of its family: its figures (`zgame solve`), or with
/// `keep` the solved table.
#[pyfunction]
#[pyo3(signature = (n, remoteness=true, misere=false, tiers=false, keep=false, recurrence=None, rules=None, reversed=false, engine=None, ordered=false, black_hole=None, start=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn zgame_solve<'py>(
    py: Python<'py>,
    n: Option<Whole<u32>>,
    remoteness: bool,
    misere: bool,
    tiers: bool,
    keep: bool,
    recurrence: Option<String>,
    rules: Option<String>,
    reversed: bool,
    engine: Option<String>,
    ordered: bool,
    black_hole: Option<Whole<usize>>,
    start: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    if start.is_some() == n.is_some() {
        return Err(PyValueError::new_err("give one of n and start (a black-hole game's counts)"));
    }
    if start.is_some() && black_hole.is_none() {
        return Err(PyValueError::new_err("start is a black-hole game's start: give black_hole too"));
    }
    let n = n.map_or(1, |n| n.0);
    let named = engine.as_deref().map(solving::Engine::from_name).transpose().map_err(answer_error)?;
    let variant = Variant::parse(recurrence.as_deref(), rules.as_deref(), misere).map_err(answer_error)?;
    let game = solving::SolveGame::from_options(variant, reversed, ordered, black_hole.map(|m| (m.0, start)))
        .map_err(answer_error)?;
    let request = SolveRequest { remoteness, misere, tiers, engine: named, keep, ..SolveRequest::new(n) };
    // Every refusal is the dispatcher's, before any work.
    solving::plan_game(&game, &request, n, false).map_err(answer_error)?;
    if keep {
        // A table to read positions from: the Zeckendorf game's, in either play.
        if !matches!(game, solving::SolveGame::Family(v) if v.recurrence == zecklab_games::zgame::family::Recurrence::FIBONACCI)
        {
            return Err(PyValueError::new_err(
                "keep=True keeps the Zeckendorf game's table (either play): drop recurrence and reversed",
            ));
        }
        let solution = work::run(py, "solving", move |context| {
            solving::solve_kept(&request, &mut context.control()).map_err(solve_failure)
        })?;
        let table = Table::new(Source::Solved(Arc::new(solution)), None);
        return Ok(Bound::new(py, table)?.into_any());
    }
    let answer = work::run(py, "solving", move |context| {
        Ok(solving::solve_any(&game, &request, &mut context.control()).map_err(solve_failure)?.answer)
    })?;
    to_python(py, &answer)
}

/// Player 2's strategy sizes in the game on `n` (`zgame certificates`), or `None` when Player 1
/// wins.
#[pyfunction]
#[pyo3(signature = (n, minimal=false))]
pub(crate) fn zgame_certificates<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    minimal: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let limit = zecklab_answers::lab::STRATEGY_LIMIT;
    if n == 0 || n > limit {
        return Err(LimitError::new_err(format!(
            "invalid n = {n}: zgame certificates takes 1 <= n <= {limit}"
        )));
    }
    let answer = work::run(py, "certificates", move |context| {
        let solution =
            solving::solve_kept(&SolveRequest::new(n), &mut context.control()).map_err(solve_failure)?;
        zecklab_answers::lab::certificates(&solution, minimal).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Player 2's strategy for the game on `n`: the lines of its file (`zgame strategy`).
#[pyfunction]
#[pyo3(signature = (n, choose="fastest"))]
pub(crate) fn zgame_strategy(py: Python<'_>, n: Whole<u32>, choose: &str) -> PyResult<Vec<String>> {
    let n = n.0;
    let choice = zecklab_lab::ReplyChoice::from_name(choose).ok_or_else(|| {
        PyValueError::new_err(format!("invalid choice '{choose}': fastest, slowest or smallest"))
    })?;
    work::run(py, "building the strategy", move |context| {
        let strategy =
            zecklab_answers::lab::strategy(n, choice, &context.cancel, |d, t| context.progress.set(d, t))
                .map_err(solve_failure)?;
        Ok(strategy.lines().collect())
    })
}

/// Plays every Player 1 line against the strategy of these lines (`zgame check-strategy`).
#[pyfunction]
pub(crate) fn zgame_check_strategy<'py>(py: Python<'py>, lines: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    let answer = work::run(py, "checking the strategy", move |_| {
        let strategy = zecklab_lab::PlayerTwoStrategy::parse(lines.iter().map(String::as_str))
            .map_err(|e| PyValueError::new_err(format!("not a valid strategy file: {e}")))?;
        let (line, malformed) = zecklab_answers::lab::check_strategy(&strategy);
        if malformed {
            return Err(PyValueError::new_err(format!(
                "not a valid strategy file: {}",
                line.failure.unwrap_or_default()
            )));
        }
        Ok(line)
    })?;
    to_python(py, &answer)
}

/// Which coalitions of `players` players win the game on `n` (`zgame coalitions`), or a member
/// of its family.
#[pyfunction]
#[pyo3(signature = (n, players, recurrence=None, rules=None))]
pub(crate) fn zgame_coalitions<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    players: Whole<u32>,
    recurrence: Option<String>,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let players = players.0;
    if recurrence.is_some() || rules.is_some() {
        let variant = variant(recurrence.as_deref(), rules.as_deref())?;
        let answer = work::run(py, "coalitions", move |context| {
            zecklab_answers::family::coalitions(&variant, n, players, SOLVE_MEMORY, &context.cancel)
                .map_err(solve_failure)
        })?;
        return to_python(py, &answer);
    }
    let answer = work::run(py, "coalitions", move |context| {
        zecklab_answers::relatives::coalitions(n, players, &context.cancel, |d, t| context.progress.set(d, t))
            .map_err(solve_failure)
    })?;
    to_python(py, &answer)
}

/// What a solve over MPI would take on each number of processes (`zgame scaling`).
#[pyfunction]
#[pyo3(signature = (n, processes, throughput, bandwidth, latency, every=Whole(1), tiers=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn zgame_scaling<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    processes: Vec<usize>,
    throughput: Whole<u64>,
    bandwidth: Whole<u64>,
    latency: Whole<u64>,
    every: Whole<u32>,
    tiers: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (n, throughput, bandwidth, latency, every) = (n.0, throughput.0, bandwidth.0, latency.0, every.0);
    use zecklab_answers::scaling::{check_processes, Cluster, ScalingModel};
    check_processes(&processes).map_err(answer_error)?;
    let cluster = Cluster { throughput, bandwidth, latency };
    let lines = work::run(py, "planning", move |context| {
        let model = ScalingModel::new(n, cluster, every).map_err(answer_error)?;
        processes
            .iter()
            .map(|&r| {
                model
                    .model(r, tiers, &context.cancel, |d, t| context.progress.set(d, t))
                    .map_err(solve_failure)
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    to_python(py, &lines)
}

/// The store at `path`, else `$ZECKLAB_STORE`, else the user's data directory.
pub(crate) fn locate(path: Option<PathBuf>) -> PyResult<Store> {
    Store::locate(path).ok_or_else(|| {
        StoreError::new_err(
            "no store directory: pass path= or set ZECKLAB_STORE (no data directory is known)",
        )
    })
}

/// The value of one position of any game of the family and of every move (`zgame position`):
/// from the store when its game is stored, else solved now (the game up to n = 500; the last
/// game solved is kept for the next question).
#[pyfunction]
#[pyo3(signature = (position, line=false, store=None, reversed=false, ordered=false, black_hole=None, misere=false, recurrence=None, rules=None, grundy=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn zgame_position<'py>(
    py: Python<'py>,
    position: String,
    line: bool,
    store: Option<PathBuf>,
    reversed: bool,
    ordered: bool,
    black_hole: Option<Whole<usize>>,
    misere: bool,
    recurrence: Option<String>,
    rules: Option<String>,
    grundy: bool,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::position::{
        open_table, solve_table, OwnedTable, PositionGame, PositionQuestion, TableNeed,
    };
    let variant = Variant::parse(recurrence.as_deref(), rules.as_deref(), misere).map_err(answer_error)?;
    let game = PositionGame::from_options(variant, grundy, reversed, ordered, black_hole.map(|m| m.0))
        .map_err(answer_error)?;
    let question = PositionQuestion::parse(game, &position, line).map_err(answer_error)?;
    let need = question.needs();
    let store = match need {
        TableNeed::Game { .. } | TableNeed::Family { .. } => locate(store).ok(),
        _ => None,
    };
    let answer = work::run(py, "answering", move |context| {
        if let Some(table) =
            store.as_ref().map(|s| open_table(&need, s)).transpose().map_err(answer_error)?.flatten()
        {
            return question.answer(table.table()).map_err(answer_error);
        }
        let TableNeed::Game { n } = need else {
            let table = solve_table(&need, &mut context.control()).map_err(solve_failure)?;
            return question.answer(table.table()).map_err(answer_error);
        };
        // A notebook asks about many positions of one game: the last one solved is kept.
        let cached = LAST_SOLVED.lock().expect("not poisoned").clone().filter(|s| s.index().n() == n);
        let solution = match cached {
            Some(solution) => solution,
            None => {
                let OwnedTable::Game(solution) =
                    solve_table(&need, &mut context.control()).map_err(solve_failure)?
                else {
                    unreachable!("the game's table is the game solved")
                };
                let solution = Arc::new(solution);
                *LAST_SOLVED.lock().expect("not poisoned") = Some(solution.clone());
                solution
            }
        };
        question.answer(zecklab_answers::position::Table::Game(&solution)).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Exact game lengths (`zgame lengths`) of any game: of a member of the family, the ordered game
/// and a black-hole game, the shortest and longest.
#[pyfunction]
#[pyo3(signature = (n, distribution=false, reversed=false, recurrence=None, rules=None, measure=None, ordered=false, black_hole=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn zgame_lengths<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    distribution: bool,
    reversed: bool,
    recurrence: Option<String>,
    rules: Option<String>,
    measure: Option<String>,
    ordered: bool,
    black_hole: Option<Whole<usize>>,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::game_lengths::{lengths_of, LengthsRequest};
    use zecklab_games::zgame::random::Measure;
    let n = n.0;
    let measure = match measure.as_deref() {
        None => None,
        Some("path") => Some(Measure::Path),
        Some("games") => Some(Measure::Games),
        Some(other) => {
            return Err(PyValueError::new_err(format!("invalid measure '{other}': give 'path' or 'games'")))
        }
    };
    let game = solving::SolveGame::from_options(
        variant(recurrence.as_deref(), rules.as_deref())?,
        reversed,
        ordered,
        black_hole.map(|m| (m.0, None)),
    )
    .map_err(answer_error)?;
    let answer = work::run(py, "lengths", move |context| {
        lengths_of(&game, n, LengthsRequest { distribution, measure }, |d, t| context.progress.set(d, t))
            .map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The law of the game's length under random play for one n and measure (`zgame random-laws`).
#[pyfunction]
#[pyo3(signature = (n, measure="path".to_string()))]
pub(crate) fn zgame_random_law<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    measure: String,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_games::zgame::random::Measure;
    let n = n.0;
    let measure = match measure.as_str() {
        "path" => Measure::Path,
        "games" => Measure::Games,
        other => {
            return Err(PyValueError::new_err(format!("invalid measure '{other}': give 'path' or 'games'")))
        }
    };
    let answer = work::run(py, "random laws", move |context| {
        zecklab_answers::random_laws::random_law(
            n,
            measure,
            zecklab_answers::solve::SOLVE_MEMORY,
            &context.cancel,
            |d, t| context.progress.set(d, t),
        )
        .map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Games where each player follows a priority rule (`zgame play-out`): one pairing, or all 16
/// when `p1` and `p2` are not given.
#[pyfunction]
#[pyo3(signature = (n, p1=None, p2=None))]
pub(crate) fn zgame_play_out<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    p1: Option<String>,
    p2: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    use std::str::FromStr;
    use zecklab_games::zgame::Rule;
    let rule = |name: &str| Rule::from_str(name).map_err(|e| PyValueError::new_err(e.to_string()));
    let pairings = match (p1.as_deref(), p2.as_deref()) {
        (Some(a), Some(b)) => vec![(rule(a)?, rule(b)?)],
        (None, None) => Rule::ALL.iter().flat_map(|&a| Rule::ALL.map(|b| (a, b))).collect(),
        _ => {
            return Err(PyValueError::new_err("give both rules (p1 and p2), or neither for all 16 pairings"))
        }
    };
    let games = work::run(py, "playing out", move |_| {
        pairings
            .iter()
            .map(|&(a, b)| lengths::play_out_rules(n, a, b))
            .collect::<Result<Vec<_>, _>>()
            .map_err(answer_error)
    })?;
    to_python(py, &games)
}

/// The family member named by `recurrence` (`"c,k"`) and `rules`, in normal play.
pub(crate) fn variant(recurrence: Option<&str>, rules: Option<&str>) -> PyResult<Variant> {
    Variant::parse(recurrence, rules, false).map_err(answer_error)
}

/// Grundy values of every position of a game (`zgame grundy`).
#[pyfunction]
#[pyo3(signature = (n, recurrence=None, rules=None))]
pub(crate) fn zgame_grundy<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    recurrence: Option<String>,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let variant = variant(recurrence.as_deref(), rules.as_deref())?;
    let answer = work::run(py, "Grundy values", move |_| {
        zecklab_answers::family::grundy(&variant, n, SOLVE_MEMORY).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// A sum of positions, a move in one of them per turn (`zgame sum`).
#[pyfunction]
#[pyo3(signature = (positions, recurrence=None, rules=None))]
pub(crate) fn zgame_sum<'py>(
    py: Python<'py>,
    positions: Vec<String>,
    recurrence: Option<String>,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let variant = variant(recurrence.as_deref(), rules.as_deref())?;
    let answer = work::run(py, "the sum", move |_| {
        zecklab_answers::family::sum(&variant, &positions, SOLVE_MEMORY).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Runs `work` on the game on `n`'s table: the stored one (every chunk checked first), else a
/// fresh solve of outcomes (as the command line's strategy lab does).
pub(crate) fn with_table<T>(
    store: Option<&Store>,
    n: u32,
    cancel: &zecklab_games::Cancel,
    work: impl Fn(&dyn zecklab_games::zgame::SolvedTable) -> T,
) -> PyResult<T> {
    if let Some(table) = store.map(|s| s.open(n)).transpose().map_err(store_error)?.flatten() {
        let verified = table.load_outcomes(SOLVE_MEMORY as u64, |_, _| {}).map_err(store_error)?;
        return Ok(work(&verified));
    }
    let mut control = solving::Control::new().with_cancel(cancel.clone());
    let solution = solving::solve_kept(&SolveRequest::outcomes(n), &mut control).map_err(solve_failure)?;
    Ok(work(&solution))
}

/// Whether Player 2 wins the game on `n` by following an explicit rule (`zgame rule-test`).
#[pyfunction]
#[pyo3(signature = (rule, n, store=None))]
pub(crate) fn zgame_rule_test<'py>(
    py: Python<'py>,
    rule: String,
    n: Whole<u32>,
    store: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let rule = zecklab_answers::lab::parse_rule(&rule).map_err(answer_error)?;
    zecklab_answers::lab::check_rule_test_size(n).map_err(answer_error)?;
    let store = locate(store).ok();
    let answer = work::run(py, "testing the rule", move |context| {
        with_table(store.as_ref(), n, &context.cancel, |t| {
            zecklab_answers::lab::rule_test(&rule, t, |d, total| context.progress.set(d, total))
        })
    })?;
    to_python(py, &answer)
}

/// Every rule of the strategy language up to `size` preferences, tested on n = 3 to `to`
/// (`zgame rule-search`).
#[pyfunction]
#[pyo3(signature = (size, to, agreement_n=None, top=Whole(10)))]
pub(crate) fn zgame_rule_search<'py>(
    py: Python<'py>,
    size: Whole<usize>,
    to: Whole<u32>,
    agreement_n: Option<u32>,
    top: Whole<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let size = size.0;
    let to = to.0;
    let top = top.0;
    let answer = work::run(py, "searching rules", move |context| {
        zecklab_answers::lab::rule_search(size, to, agreement_n, top, |d, t| context.progress.set(d, t))
            .map_err(answer_error)
    })?;
    to_python(py, &answer)
}
