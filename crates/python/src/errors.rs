//! Errors as Python exceptions: bad input is a `ValueError` with the command line's message,
//! a size past a limit a `zecklab.LimitError` (a `ValueError` too), a damaged or changed stored
//! table a `zecklab.StoreError` (an `OSError`).

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::PyErr;
use zecklab_answers::solve::SolveFailure;
use zecklab_answers::AnswerError;
use zecklab_store::StoreError as StoreFailure;

create_exception!(
    zecklab,
    LimitError,
    PyValueError,
    "A size past what zecklab answers here (the message says the limit)."
);
create_exception!(
    zecklab,
    StoreError,
    PyOSError,
    "A stored table that is missing, damaged, foreign or changed since it was opened."
);

/// An answer's error as the matching exception.
pub fn answer_error(e: AnswerError) -> PyErr {
    match e {
        AnswerError::Invalid(m) => PyValueError::new_err(m),
        AnswerError::TooLarge(m) => LimitError::new_err(m),
        AnswerError::Damaged(m) => StoreError::new_err(m),
    }
}

/// A store's error as [`StoreError`].
pub fn store_error(e: StoreFailure) -> PyErr {
    StoreError::new_err(e.to_string())
}

/// A solve's failure: refused, or cancelled (by an interrupt, which Python raises itself).
pub fn solve_failure(e: SolveFailure) -> PyErr {
    match e {
        SolveFailure::Refused(e) => answer_error(e),
        SolveFailure::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        e @ (SolveFailure::Stopped { .. } | SolveFailure::Storage(_) | SolveFailure::Disagreement(_)) => {
            pyo3::exceptions::PyRuntimeError::new_err(e.to_string())
        }
    }
}
