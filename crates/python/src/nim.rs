//! Fibonacci Nim and its factor-`k` family: positions, sums and the census tables.

use pyo3::prelude::*;
use zecklab_answers::{nim, tables};
use zecklab_games::fibnim::Theory;

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// A Fibonacci Nim position from Python values, with the theory of its rules.
pub(crate) fn nim_question(
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
pub(crate) fn nim_solve<'py>(
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
pub(crate) fn nim_explore<'py>(
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

/// The rules of Fibonacci Nim from Python's arguments.
pub(crate) fn nim_rules(k: u64, misere: bool) -> PyResult<zecklab_games::fibnim::NimRules> {
    nim::rules(k, misere).map_err(answer_error)
}

/// One of Fibonacci Nim's tables under the rules of `k` and `misere`, computed off the GIL.
pub(crate) fn nim_table<'py, T: serde::Serialize + Send + 'static>(
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
pub(crate) fn nim_sum_own<'py>(
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
pub(crate) fn nim_sum_shared<'py>(
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
pub(crate) fn nim_census<'py>(
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
pub(crate) fn nim_reach<'py>(
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
pub(crate) fn nim_sequence<'py>(
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
pub(crate) fn nim_grundy<'py>(py: Python<'py>, to: Whole<u32>, k: Whole<u64>) -> PyResult<Bound<'py, PyAny>> {
    let to = to.0;
    let k = k.0;
    let rules = nim_rules(k, false)?;
    let answer =
        work::run(py, "Grundy values", move |_| tables::nim_grundy(rules, to).map_err(answer_error))?;
    to_python(py, &answer)
}
