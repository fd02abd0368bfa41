//! The strategy lab's learned rules and the P-positions' structure.

use std::path::PathBuf;

use pyo3::prelude::*;

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// A rule for Player 2 learned to win every n from 3 to `to` (`zgame rule-learn`); with
/// `curve=True`, a list: one learned rule for each end from 3 to `to`.
#[pyfunction]
#[pyo3(signature = (to, max_nodes=Whole(zecklab_answers::learn::RULE_LEARN_MAX_NODES), curve=false))]
pub(crate) fn zgame_rule_learn<'py>(
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
pub(crate) fn zgame_p_structure<'py>(
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
