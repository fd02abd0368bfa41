//! `zecklab prove` from Python: statements decided in Walnut's language; and the statements
//! `zecklab verify` checks, with the proofs of those proved for every n.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use zecklab_answers::prove::ProveJson;
use zecklab_automata::logic::{Prover, DEFAULT_MAX_STATES};
use zecklab_automata::AutomataError;

use crate::errors::LimitError;
use crate::topy::to_python;
use crate::work;

/// Decides a formula (the command `eval statement "FORMULA";`) or runs a script of `def` and `eval` commands: one
/// dict a command (`zecklab prove --json`).
#[pyfunction]
#[pyo3(signature = (formula=None, script=None, max_states=DEFAULT_MAX_STATES))]
pub(crate) fn prove<'py>(
    py: Python<'py>,
    formula: Option<String>,
    script: Option<String>,
    max_states: usize,
) -> PyResult<Bound<'py, PyAny>> {
    if formula.is_some() == script.is_some() {
        return Err(PyValueError::new_err("give one of formula and script"));
    }
    let answers = work::run(py, "proving", move |_| {
        let mut prover = Prover::new();
        prover.max_states = max_states;
        let outcomes = match (formula, script) {
            (Some(formula), _) => prover.eval(&formula).map(|o| vec![o]),
            (_, Some(script)) => prover.run_script(&script, |_| {}),
            _ => unreachable!("one of them, checked above"),
        }
        .map_err(|e| match e {
            AutomataError::TooManyStates { .. } => LimitError::new_err(e.to_string()),
            e => PyValueError::new_err(e.to_string()),
        })?;
        Ok(outcomes.iter().map(ProveJson::of).collect::<Vec<_>>())
    })?;
    to_python(py, &answers)
}

/// Every statement `zecklab verify` checks, each saying whether it is proved for every n (with
/// its proof, a script in Walnut's language `prove(script=...)` runs) or checked over a range
/// (`zecklab verify --list --json`).
#[pyfunction]
pub(crate) fn theorems(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &zecklab_verify::catalogue())
}
