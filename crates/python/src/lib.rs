//! The `zecklab` Python package's native module (`zecklab._zecklab`): each function answers one
//! question through the `zecklab-answers` crate, the definition the command line and the web
//! explorer share, and returns what `json.loads` of the command line's `--json` line would give,
//! with integers of any size as Python `int`s. The Python modules around it
//! (`crates/python/python/zecklab`) arrange these into `zecklab.nim`, `zecklab.zgame`, ... and
//! add the notebook displays.
//!
//! Long calls run through [`work::run`]: off the GIL, interruptible, with a progress bar.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use zecklab_answers::family::Variant;
use zecklab_answers::solve::{self as solving, SolveRequest, SOLVE_MEMORY};
use zecklab_answers::{lengths, nim, number, repr as representation, tables, wythoff, zgame as answers};
use zecklab_games::fibnim::Theory;
use zecklab_games::zgame::Solution;
use zecklab_store::Store;

mod errors;
mod table;
mod topy;
mod whole;
mod work;

use errors::{answer_error, solve_failure, store_error, LimitError, StoreError};
use table::{OutcomeBytes, RemotenessValues, Source, Table};
use topy::to_python;
use whole::Whole;

/// The largest game `zgame.position` solves on demand for one answer (as the command line).
const POSITION_LIMIT: u32 = 500;

/// A whole number from Python: an `int` (never negative) or decimal text in the command line's
/// grammar; `what` names it in errors.
fn natural(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BigUint> {
    if let Ok(text) = value.extract::<String>() {
        return number::natural(&text).map_err(|e| PyValueError::new_err(format!("invalid {what}: {e}")));
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyValueError::new_err(format!("invalid {what}: give a whole number, not a bool")));
    }
    if !value.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyValueError::new_err(format!(
            "invalid {what}: give a whole number (an int or decimal text)"
        )));
    }
    // The sign without printing the number (Python prints at most 4,300 digits).
    if value.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "invalid {what}: a whole number is never negative (invalid number: negative numbers are not allowed)"
        )));
    }
    whole::natural_int(value, what)
}

/// The representation of `n` in the Fibonacci numbers (`k = 2`) or the factor-`k` ladder.
#[pyfunction]
#[pyo3(name = "repr", signature = (n, k=Whole(2), all_terms=false))]
fn represent<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    k: Whole<u64>,
    all_terms: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let k = k.0;
    let n = natural(n, "n")?;
    let answer = work::run(py, "representing", move |_| {
        let mut r = representation::Representer::new(k).map_err(answer_error)?;
        r.check(&n).map_err(answer_error)?;
        Ok(r.answer(&n, all_terms))
    })?;
    to_python(py, &answer)
}

/// The value and canonical form of a numeral of 0s and 1s (highest digit first).
#[pyfunction]
#[pyo3(signature = (text, k=Whole(2), all_terms=false))]
fn numeral<'py>(
    py: Python<'py>,
    text: String,
    k: Whole<u64>,
    all_terms: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let k = k.0;
    let answer = work::run(py, "reading the numeral", move |_| {
        representation::Representer::new(k)
            .and_then(|mut r| r.answer_numeral(&text, all_terms))
            .map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// A Fibonacci Nim position from Python values, with the theory of its rules.
fn nim_question(
    heap: &Bound<'_, PyAny>,
    cap: Option<&Bound<'_, PyAny>>,
    k: u64,
    misere: bool,
) -> PyResult<(Theory, zecklab_games::fibnim::NimPosition)> {
    let heap = natural(heap, "heap")?.to_string();
    let cap = cap.map(|c| natural(c, "cap")).transpose()?.map(|c| c.to_string());
    let rules = nim::rules(k, misere).map_err(answer_error)?;
    nim::check_heap_digits(&heap, nim::SOLVE_DIGITS).map_err(answer_error)?;
    let position = nim::position(&heap, cap.as_deref(), rules).map_err(answer_error)?;
    Ok((Theory::new(rules), position))
}

/// Fibonacci Nim: the outcome and every winning take (`nim solve`).
#[pyfunction]
#[pyo3(signature = (heap, cap=None, k=Whole(2), misere=false))]
fn nim_solve<'py>(
    py: Python<'py>,
    heap: &Bound<'py, PyAny>,
    cap: Option<&Bound<'py, PyAny>>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let k = k.0;
    let (theory, position) = nim_question(heap, cap, k, misere)?;
    let answer = work::run(py, "solving", move |_| Ok(nim::solve(&theory, &position)))?;
    to_python(py, &answer)
}

/// Fibonacci Nim: the explorer's view of a position (every take with its value for small heaps).
#[pyfunction]
#[pyo3(signature = (heap, cap=None, k=Whole(2), misere=false))]
fn nim_explore<'py>(
    py: Python<'py>,
    heap: &Bound<'py, PyAny>,
    cap: Option<&Bound<'py, PyAny>>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let k = k.0;
    let (theory, position) = nim_question(heap, cap, k, misere)?;
    let answer = work::run(py, "exploring", move |_| Ok(nim::explore(&theory, &position)))?;
    to_python(py, &answer)
}

fn wythoff_question(
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<zecklab_games::wythoff::WythoffPosition> {
    let (a, b) = (natural(a, "a")?.to_string(), natural(b, "b")?.to_string());
    wythoff::position(&a, &b).map_err(answer_error)
}

/// Wythoff's game: the outcome and every winning move (`wythoff solve`).
#[pyfunction]
fn wythoff_solve<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let position = wythoff_question(a, b)?;
    let answer = work::run(py, "solving", move |_| Ok(wythoff::solve(&position)))?;
    to_python(py, &answer)
}

/// Wythoff's game: the explorer's view of a position.
#[pyfunction]
fn wythoff_explore<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let position = wythoff_question(a, b)?;
    let answer = work::run(py, "exploring", move |_| Ok(wythoff::explore(&position)))?;
    to_python(py, &answer)
}

/// The rules of Fibonacci Nim from Python's arguments.
fn nim_rules(k: u64, misere: bool) -> PyResult<zecklab_games::fibnim::NimRules> {
    nim::rules(k, misere).map_err(answer_error)
}

/// One of Fibonacci Nim's tables under the rules of `k` and `misere`, computed off the GIL.
fn nim_table<'py, T: serde::Serialize + Send + 'static>(
    py: Python<'py>,
    label: &'static str,
    k: u64,
    misere: bool,
    table: impl FnOnce(zecklab_games::fibnim::NimRules) -> Result<T, zecklab_answers::AnswerError>
        + Send
        + 'static,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = nim_rules(k, misere)?;
    let answer = work::run(py, label, move |_| table(rules).map_err(answer_error))?;
    to_python(py, &answer)
}

/// Fibonacci Nim: a sum of heaps, each `(heap, cap)` with its own cap (`nim sum`).
#[pyfunction]
#[pyo3(signature = (pairs, k=Whole(2), misere=false))]
fn nim_sum_own<'py>(
    py: Python<'py>,
    pairs: Vec<(u32, u32)>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let k = k.0;
    let rules = nim_rules(k, misere)?;
    let answer =
        work::run(py, "sum", move |_| zecklab_answers::sums::own_caps(&pairs, rules).map_err(answer_error))?;
    to_python(py, &answer)
}

/// Fibonacci Nim: a sum of heaps sharing one cap, by exhaustive search (`nim sum --shared-cap`).
#[pyfunction]
#[pyo3(signature = (heaps, cap, k=Whole(2), misere=false))]
fn nim_sum_shared<'py>(
    py: Python<'py>,
    heaps: Vec<u32>,
    cap: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let cap = cap.0;
    let k = k.0;
    let rules = nim_rules(k, misere)?;
    let answer = work::run(py, "sum", move |_| {
        zecklab_answers::sums::shared_cap(&heaps, cap, rules).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Fibonacci Nim: the essay's census of opening heaps `2..=to` (`nim census`).
#[pyfunction]
#[pyo3(signature = (to, k=Whole(2), misere=false))]
fn nim_census<'py>(
    py: Python<'py>,
    to: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    nim_table(py, "census", k.0, misere, move |rules| tables::census(rules, to.0))
}

/// Fibonacci Nim: the positions reachable from the opening of `heap` (`nim reach`).
#[pyfunction]
#[pyo3(signature = (heap, k=Whole(2), misere=false))]
fn nim_reach<'py>(
    py: Python<'py>,
    heap: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    nim_table(py, "reach", k.0, misere, move |rules| tables::reach(rules, heap.0))
}

/// Fibonacci Nim: the losing opening heaps up to `to`, against the ladder (`nim sequence`).
#[pyfunction]
#[pyo3(signature = (to, k=Whole(2), misere=false))]
fn nim_sequence<'py>(
    py: Python<'py>,
    to: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    nim_table(py, "sequence", k.0, misere, move |rules| tables::sequence(rules, to.0))
}

/// Fibonacci Nim: Grundy values of single heaps `1..=to` (`nim grundy`, one dict per heap).
#[pyfunction]
#[pyo3(signature = (to, k=Whole(2)))]
fn nim_grundy<'py>(py: Python<'py>, to: Whole<u32>, k: Whole<u64>) -> PyResult<Bound<'py, PyAny>> {
    let to = to.0;
    let k = k.0;
    let rules = nim_rules(k, false)?;
    let answer =
        work::run(py, "Grundy values", move |_| tables::nim_grundy(rules, to).map_err(answer_error))?;
    to_python(py, &answer)
}

/// Wythoff's game: P-positions `0..count` with their numerals (`wythoff ppos`).
#[pyfunction]
fn wythoff_ppos<'py>(py: Python<'py>, count: Whole<u64>) -> PyResult<Bound<'py, PyAny>> {
    let count = count.0;
    // A list in memory, not a stream: a million rows is a few hundred megabytes of Python objects.
    tables::check_ppos_count(count, 1_000_000).map_err(answer_error)?;
    let rows = work::run(py, "P-positions", move |_| Ok((0..count).map(tables::ppos).collect::<Vec<_>>()))?;
    to_python(py, &rows)
}

/// Wythoff's game: the `size` x `size` board of Grundy values as a 2-D `uint32` array
/// (row `a`, column `b`).
#[pyfunction]
fn wythoff_grundy<'py>(py: Python<'py>, size: Whole<usize>) -> PyResult<Bound<'py, numpy::PyArray2<u32>>> {
    let size = size.0;
    tables::check_board_size(size).map_err(answer_error)?;
    let flat = work::run(py, "Grundy values", move |context| {
        let board = tables::wythoff_grundy(size, |rows| context.progress.set(rows as u64, size as u64))
            .map_err(answer_error)?;
        Ok((0..size).flat_map(|a| board.row(a).to_vec()).collect::<Vec<u32>>())
    })?;
    let array = numpy::ndarray::Array2::from_shape_vec((size, size), flat)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(numpy::IntoPyArray::into_pyarray(array, py))
}

/// The last game solved flat with remoteness for `zgame_position`, kept for the next question
/// about the same game (a notebook asks about many positions of one game).
static LAST_SOLVED: Mutex<Option<Arc<Solution>>> = Mutex::new(None);

/// The Zeckendorf game on `n` or a member of its family: its figures (`zgame solve`), or with
/// `keep` the solved table.
#[pyfunction]
#[pyo3(signature = (n, remoteness=true, misere=false, tiers=false, keep=false, recurrence=None, rules=None, reversed=false, engine=None))]
#[allow(clippy::too_many_arguments)]
fn zgame_solve<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    remoteness: bool,
    misere: bool,
    tiers: bool,
    keep: bool,
    recurrence: Option<String>,
    rules: Option<String>,
    reversed: bool,
    engine: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let named = match engine.as_deref() {
        None => None,
        Some("flat") => Some(solving::Engine::Flat),
        Some("tiers") => Some(solving::Engine::Tiers),
        Some("layered") => Some(solving::Engine::Layered),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
            "invalid engine {other:?}: give \"flat\", \"tiers\" or \"layered\" (or None to choose by itself)"
        )))
        }
    };
    if named.is_some() && (keep || reversed || recurrence.is_some() || rules.is_some()) {
        return Err(PyValueError::new_err(
            "engine names a solver of the Zeckendorf game's line (either play): drop keep, reversed, recurrence and rules",
        ));
    }
    let variant = Variant::parse(recurrence.as_deref(), rules.as_deref(), misere).map_err(answer_error)?;
    let fibonacci = variant.recurrence == zecklab_games::zgame::family::Recurrence::FIBONACCI;
    if keep && (!fibonacci || reversed) {
        return Err(PyValueError::new_err(
            "keep=True keeps the Zeckendorf game's table (either play): drop recurrence and reversed",
        ));
    }
    if reversed && (variant.named || variant.misere) {
        return Err(PyValueError::new_err(
            "reversed=True plays the reversed Zeckendorf game in normal play: drop recurrence, rules and misere",
        ));
    }
    if !fibonacci {
        // The family's own solver (remoteness always), as `zgame solve --recurrence C,K` prints it.
        let answer = work::run(py, "solving", move |context| {
            let start = std::time::Instant::now();
            let solution =
                zecklab_answers::family::solve_until(&variant, n, false, SOLVE_MEMORY, &context.cancel)
                    .map_err(answer_error)?;
            Ok(zecklab_answers::family::FamilySolve::of(&solution, &variant, start.elapsed().as_secs_f64()))
        })?;
        return to_python(py, &answer);
    }
    if reversed {
        let answer = work::run(py, "solving the reversed game", move |context| {
            zecklab_answers::relatives::reversed_line(n, remoteness, tiers, &context.cancel, |d, t| {
                context.progress.set(d, t)
            })
            .map_err(solve_failure)
        })?;
        return to_python(py, &answer);
    }
    let request = SolveRequest { remoteness, misere, tiers, engine: named, keep, ..SolveRequest::new(n) };
    if keep {
        let solution = work::run(py, "solving", move |context| {
            solving::solve_kept(&request, &mut context.control()).map_err(solve_failure)
        })?;
        let table = Table::new(Source::Solved(Arc::new(solution)), None);
        return Ok(Bound::new(py, table)?.into_any());
    }
    solving::plan(&request, n, false).map_err(answer_error)?;
    let answer = work::run(py, "solving", move |context| {
        Ok(solving::solve_game(&request, &mut context.control()).map_err(solve_failure)?.line)
    })?;
    if variant.named || variant.misere {
        // As `zgame solve` prints a named or misère game: the line with the variant's fields.
        let tags = variant.tags();
        return to_python(py, &zecklab_answers::family::FamilySolve { solve: answer, tags });
    }
    to_python(py, &answer)
}

/// Player 2's strategy sizes in the game on `n` (`zgame certificates`), or `None` when Player 1
/// wins.
#[pyfunction]
#[pyo3(signature = (n, minimal=false))]
fn zgame_certificates<'py>(py: Python<'py>, n: Whole<u32>, minimal: bool) -> PyResult<Bound<'py, PyAny>> {
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
fn zgame_strategy(py: Python<'_>, n: Whole<u32>, choose: &str) -> PyResult<Vec<String>> {
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
fn zgame_check_strategy<'py>(py: Python<'py>, lines: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
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
fn zgame_coalitions<'py>(
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
fn zgame_scaling<'py>(
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
fn locate(path: Option<PathBuf>) -> PyResult<Store> {
    Store::locate(path).ok_or_else(|| {
        StoreError::new_err(
            "no store directory: pass path= or set ZECKLAB_STORE (no data directory is known)",
        )
    })
}

/// The value of one position of the Zeckendorf game and of every move (`zgame position`): from
/// the store when its game is stored, else solved now (up to n = 500).
#[pyfunction]
#[pyo3(signature = (position, line=false, store=None, reversed=false))]
fn zgame_position<'py>(
    py: Python<'py>,
    position: String,
    line: bool,
    store: Option<PathBuf>,
    reversed: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (p, n) = answers::parse_position(&position).map_err(answer_error)?;
    if reversed {
        let answer = work::run(py, "solving the reversed game", move |context| {
            zecklab_answers::relatives::reversed_position_solved(&p, line, &context.cancel, |d, t| {
                context.progress.set(d, t)
            })
            .map_err(solve_failure)
        })?;
        return to_python(py, &answer);
    }
    let store = locate(store).ok();
    let answer = work::run(py, "answering", move |context| {
        if let Some(table) = store.as_ref().map(|s| s.open(n)).transpose().map_err(store_error)?.flatten() {
            return answers::position(answers::Values::Stored(&table), &p, line).map_err(answer_error);
        }
        if n > POSITION_LIMIT {
            return Err(LimitError::new_err(format!(
                "the game on n = {n} is not stored, and answering means solving all of it, which is done on demand only up to n = {POSITION_LIMIT}: store it first with `zecklab zgame solve --n {n} --save`"
            )));
        }
        let cached = LAST_SOLVED.lock().expect("not poisoned").clone().filter(|s| s.index().n() == n);
        let solution = match cached {
            Some(solution) => solution,
            None => {
                let solution = solving::solve_kept(&SolveRequest::new(n), &mut context.control())
                    .map_err(solve_failure)?;
                let solution = Arc::new(solution);
                *LAST_SOLVED.lock().expect("not poisoned") = Some(solution.clone());
                solution
            }
        };
        answers::position(answers::Values::Solved(&solution), &p, line).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// Exact game lengths (`zgame lengths`); of a member of the family, the shortest and longest.
#[pyfunction]
#[pyo3(signature = (n, distribution=false, reversed=false, recurrence=None, rules=None, measure=None))]
fn zgame_lengths<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    distribution: bool,
    reversed: bool,
    recurrence: Option<String>,
    rules: Option<String>,
    measure: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
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
    if recurrence.is_some() || rules.is_some() {
        if distribution || reversed {
            return Err(PyValueError::new_err(
                "a generalized game gives its shortest and longest games and, with a measure, its law's figures: no distribution, no reversed game",
            ));
        }
        let variant = variant(recurrence.as_deref(), rules.as_deref())?;
        let answer = work::run(py, "lengths", move |_| {
            zecklab_answers::family::lengths_by(&variant, n, measure).map_err(answer_error)
        })?;
        return to_python(py, &answer);
    }
    let answer = work::run(py, "lengths", move |context| {
        lengths::lengths_by(n, distribution, reversed, measure, |d, t| context.progress.set(d, t))
            .map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The law of the game's length under random play for one n and measure (`zgame random-laws`).
#[pyfunction]
#[pyo3(signature = (n, measure="path".to_string()))]
fn zgame_random_law<'py>(py: Python<'py>, n: Whole<u32>, measure: String) -> PyResult<Bound<'py, PyAny>> {
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
fn zgame_play_out<'py>(
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
fn variant(recurrence: Option<&str>, rules: Option<&str>) -> PyResult<Variant> {
    Variant::parse(recurrence, rules, false).map_err(answer_error)
}

/// Grundy values of every position of a game (`zgame grundy`).
#[pyfunction]
#[pyo3(signature = (n, recurrence=None, rules=None))]
fn zgame_grundy<'py>(
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
fn zgame_sum<'py>(
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
fn with_table<T>(
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
fn zgame_rule_test<'py>(
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
fn zgame_rule_search<'py>(
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

/// The ordered game on `n`, solved (`zgame solve --ordered`).
#[pyfunction]
#[pyo3(signature = (n, remoteness=true))]
fn zgame_ordered_solve<'py>(py: Python<'py>, n: Whole<u32>, remoteness: bool) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let answer = work::run(py, "solving the ordered game", move |_| {
        zecklab_answers::ordered::ordered_solve(n, remoteness).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// A position of the ordered game and every move's value (`zgame position --ordered`).
#[pyfunction]
fn zgame_ordered_position<'py>(py: Python<'py>, position: String) -> PyResult<Bound<'py, PyAny>> {
    let answer = work::run(py, "solving the ordered game", move |_| {
        zecklab_answers::ordered::ordered_position(&position).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The ordered game's shortest and longest games and the long-game strategy's
/// (`zgame lengths --ordered`).
#[pyfunction]
fn zgame_ordered_lengths<'py>(py: Python<'py>, n: Whole<u32>) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let answer = work::run(py, "every game of the ordered game", move |_| {
        zecklab_answers::ordered::ordered_lengths_of(n).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The black-hole game with the hole on F_m, from `n` ones or from the counts `start`
/// (`zgame solve --black-hole`).
#[pyfunction]
#[pyo3(signature = (m, n=None, start=None))]
fn zgame_black_hole_solve<'py>(
    py: Python<'py>,
    m: Whole<usize>,
    n: Option<Whole<u32>>,
    start: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::black_hole as bh;
    let rules = bh::rules(m.0).map_err(answer_error)?;
    let counts = match (n, start) {
        (Some(n), None) => rules.start(n.0),
        (None, Some(text)) => {
            rules.parse(&text).map_err(|e| answer_error(zecklab_answers::AnswerError::invalid(e)))?
        }
        _ => return Err(pyo3::exceptions::PyValueError::new_err("give one of n and start")),
    };
    let answer = work::run(py, "solving the black-hole game", move |_| {
        bh::black_hole_solve(rules, &counts).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// A position (counts) of the black-hole game with the hole on F_m, with every move's value.
#[pyfunction]
fn zgame_black_hole_position<'py>(
    py: Python<'py>,
    m: Whole<usize>,
    position: String,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::black_hole as bh;
    let rules = bh::rules(m.0).map_err(answer_error)?;
    let answer = work::run(py, "solving the black-hole game", move |_| {
        bh::black_hole_position(rules, &position).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The shortest and longest black-hole games from `n` ones.
#[pyfunction]
fn zgame_black_hole_lengths<'py>(
    py: Python<'py>,
    m: Whole<usize>,
    n: Whole<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::black_hole as bh;
    let rules = bh::rules(m.0).map_err(answer_error)?;
    let n = n.0;
    let answer = work::run(py, "every black-hole game", move |_| {
        bh::black_hole_lengths(rules, n).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The winners from `ones` pieces on F_1 and `outer` on F_(m-1), each range inclusive
/// (`zgame black-hole-table`); or with `pregame`, the pre-game's for each number of `pieces`.
#[pyfunction]
#[pyo3(signature = (m, ones, outer, pregame=false, pieces=(Whole(0), Whole(12))))]
fn zgame_black_hole_table<'py>(
    py: Python<'py>,
    m: Whole<usize>,
    ones: (Whole<u32>, Whole<u32>),
    outer: (Whole<u32>, Whole<u32>),
    pregame: bool,
    pieces: (Whole<u32>, Whole<u32>),
) -> PyResult<Bound<'py, PyAny>> {
    use zecklab_answers::black_hole as bh;
    let rules = bh::rules(m.0).map_err(answer_error)?;
    if pregame {
        let lines = work::run(py, "the pre-game", move |_| {
            (pieces.0 .0..=pieces.1 .0)
                .map(|n| bh::pregame(rules, n).map_err(answer_error))
                .collect::<PyResult<Vec<_>>>()
        })?;
        return to_python(py, &lines);
    }
    let lines = work::run(py, "the black-hole table", move |_| {
        let mut lines = Vec::new();
        for a in ones.0 .0..=ones.1 .0 {
            for b in outer.0 .0..=outer.1 .0 {
                lines.push(bh::black_hole_table_entry(rules, a, b).map_err(answer_error)?);
            }
        }
        Ok(lines)
    })?;
    to_python(py, &lines)
}

/// A rule for Player 2 learned to win every n from 3 to `to` (`zgame rule-learn`); with
/// `curve=True`, a list: one learned rule for each end from 3 to `to`.
#[pyfunction]
#[pyo3(signature = (to, max_nodes=Whole(zecklab_answers::learn::RULE_LEARN_MAX_NODES), curve=false))]
fn zgame_rule_learn<'py>(
    py: Python<'py>,
    to: Whole<u32>,
    max_nodes: Whole<usize>,
    curve: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (to, max_nodes) = (to.0, max_nodes.0);
    zecklab_answers::learn::check_rule_learn(to).map_err(answer_error)?;
    if curve {
        let lines = work::run(py, "learning rules", move |context| {
            let mut lines = Vec::new();
            zecklab_answers::learn::rule_curve(
                to,
                max_nodes,
                |line| {
                    lines.push(line);
                    Ok(())
                },
                |m, _| context.progress.set(u64::from(m), u64::from(to)),
            )
            .map_err(answer_error)?;
            Ok(lines)
        })?;
        return to_python(py, &lines);
    }
    let answer = work::run(py, "learning a rule", move |_| {
        zecklab_answers::learn::rule_learn(to, max_nodes, |_| {}).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The structure of the game on `n`'s P-positions (`zgame p-structure`).
#[pyfunction]
#[pyo3(signature = (n, store=None))]
fn zgame_p_structure<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    store: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    zecklab_answers::lab::check_lab_size(n, "zgame p-structure").map_err(answer_error)?;
    let store = locate(store).ok();
    let answer = work::run(py, "counting", move |context| {
        with_table(store.as_ref(), n, &context.cancel, |t| zecklab_answers::lab::p_structure_of(t))
    })?;
    to_python(py, &answer)
}

/// The game on `n` cut by remoteness and by number of parts (`zgame stats`): from the stored
/// table when it holds remoteness, else solved with remoteness.
#[pyfunction]
#[pyo3(signature = (n, store=None))]
fn zgame_stats<'py>(py: Python<'py>, n: Whole<u32>, store: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    zecklab_answers::stats::check_stats_size(n).map_err(answer_error)?;
    let store = locate(store).ok();
    let answer = work::run(py, "counting", move |context| {
        if let Some(table) = store.as_ref().map(|s| s.open(n)).transpose().map_err(store_error)?.flatten() {
            if table.header().remoteness_width > 0 {
                let loaded = table.load(SOLVE_MEMORY as u64, |_, _| {}).map_err(store_error)?;
                return Ok(zecklab_answers::stats::stats_of(&loaded, "store"));
            }
        }
        let mut control = solving::Control::new().with_cancel(context.cancel.clone());
        let solution = solving::solve_kept(&SolveRequest::new(n), &mut control).map_err(solve_failure)?;
        Ok(zecklab_answers::stats::stats_of(&solution, "solved"))
    })?;
    to_python(py, &answer)
}

/// The published record built into zecklab (`data record`): one dict per n, or only `n`'s; with
/// each n's tiers when `tiers`.
#[pyfunction]
#[pyo3(signature = (n=None, tiers=false))]
fn data_record<'py>(py: Python<'py>, n: Option<Whole<u32>>, tiers: bool) -> PyResult<Bound<'py, PyAny>> {
    let record = zecklab_store::published::record();
    let lines = zecklab_answers::record::record_lines(record, n.map(|n| n.0), tiers).map_err(answer_error)?;
    to_python(py, &lines)
}

/// The tables of a store: one dict per file (`store list --json`).
#[pyfunction]
#[pyo3(signature = (path=None))]
fn store_list<'py>(py: Python<'py>, path: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let store = locate(path)?;
    let lines = work::run(py, "listing the store", move |_| {
        Ok(store
            .list()
            .map_err(store_error)?
            .iter()
            .map(zecklab_answers::stored::list_line)
            .collect::<Vec<_>>())
    })?;
    to_python(py, &lines)
}

/// Every stored table's checksums checked: one dict per file (`store verify --json`).
#[pyfunction]
#[pyo3(signature = (path=None))]
fn store_verify<'py>(py: Python<'py>, path: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let store = locate(path)?;
    let lines = work::run(py, "checking the store", move |context| {
        let entries = store.list().map_err(store_error)?;
        let total: u64 =
            entries.iter().map(|e| e.table.as_ref().map_or(0, |t| t.header().digest_count)).sum();
        let mut before = 0;
        let mut lines = Vec::new();
        for e in &entries {
            if context.cancel.is_cancelled() {
                break; // the interrupt is raised by the waiting thread
            }
            lines.push(zecklab_answers::stored::verify_line(e, |done, _| {
                context.progress.set(before + done, total)
            }));
            before += e.table.as_ref().map_or(0, |t| t.header().digest_count);
        }
        Ok(lines)
    })?;
    to_python(py, &lines)
}

/// Memory a Python table keeps of the chunks it has read and checked (reads past it check
/// chunks again).
const TABLE_CHUNK_BUDGET: u64 = 4 << 30;

/// The stored table of the Zeckendorf game on `n` (misère with `misere`).
#[pyfunction]
#[pyo3(signature = (n, path=None, misere=false))]
fn store_table(py: Python<'_>, n: Whole<u32>, path: Option<PathBuf>, misere: bool) -> PyResult<Table> {
    let n = n.0;
    let store = locate(path)?;
    let game = zecklab_store::TableGame::new(
        zecklab_games::zgame::family::Recurrence::FIBONACCI,
        zecklab_games::zgame::family::RuleSet::All,
        misere,
    );
    let file = store.path_for_game(game, n);
    let table = py.detach(|| zecklab_store::StoredTable::open_with_budget(&file, TABLE_CHUNK_BUDGET));
    let table = table.map_err(store_error)?;
    if table.n() != n || table.game() != game {
        return Err(StoreError::new_err(format!(
            "{} holds {} on n = {}, not what its name says",
            file.display(),
            table.game().describe(),
            table.n()
        )));
    }
    Ok(Table::new(Source::Stored(Arc::new(table)), Some(file)))
}

/// One figure of `zecklab plot`: `{"name","title","caption","svg","columns","rows"}`.
#[pyfunction]
#[pyo3(signature = (name, size, k=Whole(2), misere=false, rules=None))]
fn figure<'py>(
    py: Python<'py>,
    name: String,
    size: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let size = size.0;
    let k = k.0;
    let f = work::run(py, "drawing", move |_| {
        let nim = || {
            zecklab_games::fibnim::NimRules::new(k, misere).map_err(|e| PyValueError::new_err(e.to_string()))
        };
        let figure = match name.as_str() {
            "nim-reach" => zecklab_plot::nim_reach(nim()?, size),
            "nim-census" => zecklab_plot::nim_census(nim()?, size),
            "nim-thresholds" => zecklab_plot::nim_thresholds(nim()?, size),
            "nim-grundy" => zecklab_plot::nim_grundy(nim()?, size),
            "wythoff-grundy" => zecklab_plot::wythoff_grundy(size),
            "zgame-growth" => zecklab_plot::zgame_growth(size),
            "zgame-lengths" => zecklab_plot::zgame_lengths(size),
            "zgame-random" => zecklab_plot::zgame_random(size),
            "zgame-grundy" => zecklab_plot::zgame_grundy(size),
            "zgame-certificates" => zecklab_plot::zgame_certificates(size),
            "zgame-rule-curve" => zecklab_plot::zgame_rule_curve(size),
            "zgame-minimal" => zecklab_plot::zgame_minimal(size),
            "zgame-p-structure" => zecklab_plot::zgame_p_structure(size),
            "zgame-p-largest" => zecklab_plot::zgame_p_largest(size),
            "family-winners" => zecklab_plot::family_winners(
                zecklab_games::zgame::family::RuleSet::from_name(rules.as_deref().unwrap_or("all"))
                    .map_err(|e| PyValueError::new_err(e.to_string()))?,
                size,
            ),
            other => return Err(PyValueError::new_err(format!("unknown figure '{other}'"))),
        };
        figure.map_err(|e| LimitError::new_err(e.to_string()))
    })?;
    let d = PyDict::new(py);
    d.set_item("name", f.name)?;
    d.set_item("title", &f.title)?;
    d.set_item("caption", &f.caption)?;
    d.set_item("svg", &f.svg)?;
    d.set_item("columns", &f.table.columns)?;
    d.set_item("rows", &f.table.rows)?;
    Ok(d.into_any())
}

/// PNG bytes of an SVG figure (drawn with the figures' embedded font).
#[pyfunction]
fn render_png<'py>(py: Python<'py>, svg: String) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let png =
        py.detach(|| zecklab_plot::render_png(&svg)).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(pyo3::types::PyBytes::new(py, &png))
}

#[pymodule]
fn _zecklab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add("StoreError", m.py().get_type::<StoreError>())?;
    m.add_class::<Table>()?;
    m.add_class::<OutcomeBytes>()?;
    m.add_class::<RemotenessValues>()?;
    m.add_function(wrap_pyfunction!(represent, m)?)?;
    m.add_function(wrap_pyfunction!(numeral, m)?)?;
    m.add_function(wrap_pyfunction!(nim_solve, m)?)?;
    m.add_function(wrap_pyfunction!(nim_explore, m)?)?;
    m.add_function(wrap_pyfunction!(nim_census, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sum_own, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sum_shared, m)?)?;
    m.add_function(wrap_pyfunction!(nim_reach, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(nim_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_ppos, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_solve, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_explore, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_solve, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_position, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_coalitions, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_scaling, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_certificates, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_check_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_lengths, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_random_law, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_play_out, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_sum, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_rule_test, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_rule_search, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_rule_learn, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_ordered_solve, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_black_hole_solve, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_black_hole_position, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_black_hole_lengths, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_black_hole_table, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_ordered_position, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_ordered_lengths, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_p_structure, m)?)?;
    m.add_function(wrap_pyfunction!(zgame_stats, m)?)?;
    m.add_function(wrap_pyfunction!(data_record, m)?)?;
    m.add_function(wrap_pyfunction!(store_list, m)?)?;
    m.add_function(wrap_pyfunction!(store_verify, m)?)?;
    m.add_function(wrap_pyfunction!(store_table, m)?)?;
    m.add_function(wrap_pyfunction!(figure, m)?)?;
    m.add_function(wrap_pyfunction!(render_png, m)?)?;
    Ok(())
}
