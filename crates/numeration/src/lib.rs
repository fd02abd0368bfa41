//! Zeckendorf numeration: Fibonacci numbers, Zeckendorf representations, base-Fibonacci
//! numerals and the generalised ladders of the factor-`k` take-away games, for integers of any
//! size. This crate knows nothing of games and does no I/O.
//!
//! Fibonacci indices follow the Zeckendorf-game paper: `F1 = 1, F2 = 2, F3 = 3, F4 = 5, ...`;
//! numerals follow seed 002, so `32 = 1010100` (`F7 + F5 + F3`).
//!
//! ```
//! use zecklab_numeration::{zeckendorf_u64, zeckendorf_big, parse_natural, Digits};
//!
//! let rep = zeckendorf_u64(32);
//! assert_eq!(rep.numeral(), "1010100");
//! assert_eq!(rep.indices(), &[7, 5, 3]);
//! assert_eq!((rep.z(), rep.iz()), (3, 15));
//!
//! // Any size: the same answer on the arbitrary-precision path.
//! let n = parse_natural("46").unwrap();
//! assert_eq!(zeckendorf_big(&n).numeral(), "10010101");
//!
//! // Non-canonical numerals read back to the same integer.
//! assert_eq!(Digits::parse("1010011").unwrap().fibonacci_value(), n - 14u32);
//! ```
//!
//! API themes: `*_u64` and `*_u128` functions are machine-integer fast paths, `*_big` functions
//! take [`num_bigint::BigUint`]; all of them return the same [`Representation`] type.

pub mod fib;
mod ladder;
mod natural;
mod numeral;
mod representation;
mod zeckendorf;

pub use ladder::{ladder_u64, Ladder, LadderError, LadderU64};
pub use natural::{grouped, grouped_digits, parse_natural, NaturalError};
pub use num_bigint::BigUint;
pub use numeral::{Digits, NumeralError};
pub use representation::Representation;
pub use zeckendorf::{
    fibonacci_terms, fibonacci_value, fibonacci_value_u128, zeckendorf_big, zeckendorf_mask_u64,
    zeckendorf_u128, zeckendorf_u64,
};

/// Shortens a long user input for an error message: the first and last 20 characters.
pub fn abbreviate(text: &str) -> String {
    let count = text.chars().count();
    if count <= 60 {
        return text.to_string();
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(count - 20).collect();
    format!("{head}...{tail} ({count} characters)")
}
