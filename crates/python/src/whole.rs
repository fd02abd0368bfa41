//! Numbers from Python read as the command line reads them: a whole-number argument that is
//! negative or too large is a `ValueError` with the command line's message (never Python's
//! `OverflowError`), and an `int` of any size is refused in constant time, from its bit length,
//! when it has more digits than the command line takes.

use num_bigint::BigUint;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use zecklab_answers::number;

/// A whole-number argument of type `T` (`u32`, `u64` or `usize`).
pub struct Whole<T>(pub T);

/// The largest value of each argument type, for the message.
pub trait Limit: Sized {
    fn from_u64(v: u64) -> Option<Self>;
    const MAX: u64;
}

impl Limit for u32 {
    fn from_u64(v: u64) -> Option<u32> {
        u32::try_from(v).ok()
    }
    const MAX: u64 = u32::MAX as u64;
}

impl Limit for u64 {
    fn from_u64(v: u64) -> Option<u64> {
        Some(v)
    }
    const MAX: u64 = u64::MAX;
}

impl Limit for usize {
    fn from_u64(v: u64) -> Option<usize> {
        usize::try_from(v).ok()
    }
    const MAX: u64 = usize::MAX as u64;
}

/// The bit length of a Python `int` (its magnitude's), read without converting it.
fn bit_length(int: &Bound<'_, PyAny>) -> PyResult<u64> {
    int.call_method0("bit_length")?.extract()
}

impl<'a, 'py, T: Limit> FromPyObject<'a, 'py> for Whole<T> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "expected a whole number (an int), got {}",
                obj.get_type().name()?
            )));
        }
        let bits = bit_length(&obj)?;
        // Small enough to print: the command line's own words for the same number as text.
        if bits <= 120 {
            let value: i128 = obj.extract()?;
            let text = value.to_string();
            let whole = number::whole_u64(&text).map_err(|e| PyValueError::new_err(e.to_string()))?;
            return T::from_u64(whole)
                .map(Whole)
                .ok_or_else(|| PyValueError::new_err(format!("{whole} is too large: at most {}", T::MAX)));
        }
        let negative = obj.lt(0)?;
        Err(PyValueError::new_err(if negative {
            format!("invalid number: a negative number of {bits} bits; negative numbers are not allowed")
        } else {
            format!("a number of {bits} bits is too large: at most {}", T::MAX)
        }))
    }
}

/// `log2(10)`: the bits of each decimal digit.
const BITS_PER_DIGIT: f64 = std::f64::consts::LOG2_10;

/// A Python `int` of any size as a natural number, refused before any conversion when its bit
/// length says it has more digits than the command line takes.
pub fn natural_int(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BigUint> {
    let bits = bit_length(value)?;
    let limit = number::DIGITS_LIMIT as f64 * BITS_PER_DIGIT;
    // n < 2^bits <= 10^LIMIT: short enough. n >= 2^(bits - 1) >= 10^LIMIT: too long. Between
    // (one bit length), the digits are counted.
    let too_long = |digits: String| {
        PyValueError::new_err(format!("invalid {what}: {}", number::too_many_digits(&digits)))
    };
    if (bits.saturating_sub(1)) as f64 >= limit + 1.0 {
        let digits = ((bits - 1) as f64 / BITS_PER_DIGIT).floor() as u64 + 1;
        return Err(too_long(format!("about {}", zecklab_numeration::grouped(digits))));
    }
    let n: BigUint = value
        .extract()
        .map_err(|_| PyValueError::new_err(format!("invalid {what}: give a whole number (an int)")))?;
    if bits as f64 > limit - 1.0 && n >= BigUint::from(10u8).pow(number::DIGITS_LIMIT as u32) {
        return Err(too_long(format!(
            "more than {}",
            zecklab_numeration::grouped(number::DIGITS_LIMIT as u64)
        )));
    }
    Ok(n)
}
