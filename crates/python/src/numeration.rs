//! Zeckendorf representations and numerals of any size.

use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use zecklab_answers::{number, repr as representation};

use crate::errors::answer_error;
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// A whole number from Python: an `int` (never negative) or decimal text in the command line's
/// grammar; `what` names it in errors.
pub(crate) fn natural(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BigUint> {
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
pub(crate) fn represent<'py>(
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
pub(crate) fn numeral<'py>(
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
