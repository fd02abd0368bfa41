//! The ordered game and the black-hole games.

use pyo3::prelude::*;

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// The ordered game on `n`, solved (`zgame solve --ordered`).
#[pyfunction]
#[pyo3(signature = (n, remoteness=true))]
pub(crate) fn zgame_ordered_solve<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    remoteness: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    let answer = work::run(py, "solving the ordered game", move |_| {
        zecklab_answers::ordered::ordered_solve(n, remoteness).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// A position of the ordered game and every move's value (`zgame position --ordered`).
#[pyfunction]
pub(crate) fn zgame_ordered_position<'py>(py: Python<'py>, position: String) -> PyResult<Bound<'py, PyAny>> {
    let answer = work::run(py, "solving the ordered game", move |_| {
        zecklab_answers::ordered::ordered_position(&position).map_err(answer_error)
    })?;
    to_python(py, &answer)
}

/// The ordered game's shortest and longest games and the long-game strategy's
/// (`zgame lengths --ordered`).
#[pyfunction]
pub(crate) fn zgame_ordered_lengths<'py>(py: Python<'py>, n: Whole<u32>) -> PyResult<Bound<'py, PyAny>> {
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
pub(crate) fn zgame_black_hole_solve<'py>(
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
pub(crate) fn zgame_black_hole_position<'py>(
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
pub(crate) fn zgame_black_hole_lengths<'py>(
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
pub(crate) fn zgame_black_hole_table<'py>(
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
