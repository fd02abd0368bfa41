//! The black-hole games' table of winners and its pre-game (their solves, positions and lengths go
//! through the one paths, with the other games').

use pyo3::prelude::*;

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

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
