//! Wythoff's game: positions, P-positions and the Grundy board.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use zecklab_answers::{tables, wythoff};

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

pub(crate) fn wythoff_question(
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<zecklab_games::wythoff::WythoffPosition> {
    let (a, b) = (natural(a, "a")?.to_string(), natural(b, "b")?.to_string());
    wythoff::position(&a, &b).map_err(answer_error)
}

/// Wythoff's game: the outcome and every winning move (`wythoff solve`).
#[pyfunction]
pub(crate) fn wythoff_solve<'py>(
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
pub(crate) fn wythoff_explore<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let position = wythoff_question(a, b)?;
    let answer = work::run(py, "exploring", move |_| Ok(wythoff::explore(&position)))?;
    to_python(py, &answer)
}

/// Wythoff's game: P-positions `0..count` with their numerals (`wythoff ppos`).
#[pyfunction]
pub(crate) fn wythoff_ppos<'py>(py: Python<'py>, count: Whole<u64>) -> PyResult<Bound<'py, PyAny>> {
    let count = count.0;
    // A list in memory, not a stream: a million rows is a few hundred megabytes of Python objects.
    tables::check_ppos_count(count, 1_000_000).map_err(answer_error)?;
    let rows = work::run(py, "P-positions", move |_| Ok((0..count).map(tables::ppos).collect::<Vec<_>>()))?;
    to_python(py, &rows)
}

/// Wythoff's game: the `size` x `size` board of Grundy values as a 2-D `uint32` array
/// (row `a`, column `b`).
#[pyfunction]
pub(crate) fn wythoff_grundy<'py>(
    py: Python<'py>,
    size: Whole<usize>,
) -> PyResult<Bound<'py, numpy::PyArray2<u32>>> {
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
