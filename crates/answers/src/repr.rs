//! Representations of integers in the Fibonacci numbers or a factor-`k` ladder: the JSON shape
//! [`ReprJson`] and the general answer [`Representer::answer`]. The command line's 64-bit fast
//! path fills the same shape from a digit mask.

use num_bigint::BigUint;
use serde::ser::{Serialize, SerializeSeq, Serializer};
use zecklab_numeration::{fibonacci_terms, zeckendorf_big, Digits, Ladder, Representation};

use crate::decimal::{decimals, Marked};
use crate::number::{self, ladder_fits};
use crate::AnswerError;

/// Above this many decimal digits, `terms` is left out (`null` in JSON) unless all terms are
/// asked for: the terms of a 100,000-digit number would run to gigabytes of text.
pub const TERMS_DIGIT_LIMIT: usize = 2_000;

/// The JSON shape of one representation. `T` is how the terms are held: decimal strings of big
/// integers, or `u64` terms written as strings without allocating ([`U64Strings`]).
#[derive(serde::Serialize)]
pub struct ReprJson<'a, T: Serialize> {
    /// The number, in decimal.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub n: &'a str,
    /// Its terms, largest first, as decimal strings; `None` when too many to print.
    pub terms: Option<T>,
    /// The indices of the terms, largest first.
    pub indices: &'a [u32],
    /// The numeral, highest digit first.
    pub numeral: &'a str,
    /// The number of terms.
    pub z: usize,
    /// The sum of the indices.
    pub iz: u64,
    /// The ladder's factor (2 for the Fibonacci numbers).
    pub k: u64,
    /// The numeral as given, when the question was a numeral.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<&'a str>,
    /// Whether the given numeral was the canonical one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<bool>,
}

/// `u64` terms serialized as decimal strings, as the general path writes big integers.
pub struct U64Strings<'a>(pub &'a [u64]);

impl Serialize for U64Strings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        let mut buffer = itoa::Buffer::new();
        for &t in self.0 {
            seq.serialize_element(&Marked(buffer.format(t)))?;
        }
        seq.end()
    }
}

/// Decimal strings serialized as a list of marked integers.
pub struct Decimals<'a>(pub &'a [String]);

impl Serialize for Decimals<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        decimals(self.0, serializer)
    }
}

/// One representation, owned; it serializes as [`ReprJson`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repr {
    /// The number, in decimal.
    pub n: String,
    /// The terms, largest first (`None` above [`TERMS_DIGIT_LIMIT`] digits unless asked for).
    pub terms: Option<Vec<String>>,
    /// The representation.
    pub representation: Representation,
    /// The numeral.
    pub numeral: String,
    /// The factor.
    pub k: u64,
    /// The numeral as given, for numeral questions.
    pub input: Option<String>,
    /// Whether the given numeral was canonical.
    pub canonical: Option<bool>,
}

impl Serialize for Repr {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ReprJson {
            n: &self.n,
            terms: self.terms.as_deref().map(Decimals),
            indices: self.representation.indices(),
            numeral: &self.numeral,
            z: self.representation.z(),
            iz: self.representation.iz(),
            k: self.k,
            input: self.input.as_deref(),
            canonical: self.canonical,
        }
        .serialize(serializer)
    }
}

/// The ladder to represent in: the Fibonacci numbers take the fast downward walk.
enum Sequence {
    Fibonacci,
    Ladder(Ladder),
}

/// Answers representation questions in one ladder, keeping the ladder's terms between answers.
pub struct Representer {
    k: u64,
    sequence: Sequence,
}

impl Representer {
    /// A representer for factor `k` (2: the Fibonacci numbers).
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] for `k = 0`.
    pub fn new(k: u64) -> Result<Representer, AnswerError> {
        let sequence = if k == 2 {
            Sequence::Fibonacci
        } else {
            Sequence::Ladder(Ladder::new(k).map_err(AnswerError::invalid)?)
        };
        Ok(Representer { k, sequence })
    }

    /// The factor.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Checks that `n` may be represented (its ladder fits in memory).
    ///
    /// # Errors
    /// [`AnswerError::TooLarge`] when the ladder would not fit.
    pub fn check(&self, n: &BigUint) -> Result<(), AnswerError> {
        ladder_fits(self.k, n)
    }

    /// Parses decimal text and represents it.
    ///
    /// # Errors
    /// [`AnswerError`] for text that is not a natural number or a number too large for its ladder.
    pub fn answer_text(&mut self, text: &str, all_terms: bool) -> Result<Repr, AnswerError> {
        let n = number::natural(text)?;
        self.check(&n)?;
        Ok(self.answer(&n, all_terms))
    }

    /// Parses a numeral and gives its value with the canonical representation.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] for text that is not a numeral of 0s and 1s.
    pub fn answer_numeral(&mut self, text: &str, all_terms: bool) -> Result<Repr, AnswerError> {
        let given = text.trim();
        let digits = Digits::parse(given).map_err(AnswerError::invalid)?;
        let n = match &mut self.sequence {
            Sequence::Fibonacci => digits.fibonacci_value(),
            Sequence::Ladder(ladder) => ladder.value_of_digits(digits.as_slice()),
        };
        let mut repr = self.answer(&n, all_terms);
        repr.canonical = Some(given.trim_start_matches('0') == repr.numeral.trim_start_matches('0'));
        repr.input = Some(given.to_string());
        Ok(repr)
    }

    /// Represents `n` (checked with [`Representer::check`] first by the caller).
    pub fn answer(&mut self, n: &BigUint, all_terms: bool) -> Repr {
        let representation = match &mut self.sequence {
            Sequence::Fibonacci => zeckendorf_big(n),
            Sequence::Ladder(ladder) => ladder.represent(n),
        };
        let decimal = n.to_string();
        let terms = (all_terms || decimal.len() <= TERMS_DIGIT_LIMIT).then(|| {
            let terms = match &mut self.sequence {
                Sequence::Fibonacci => fibonacci_terms(&representation),
                Sequence::Ladder(ladder) => ladder.terms_of(&representation),
            };
            terms.iter().map(ToString::to_string).collect()
        });
        let numeral = representation.numeral();
        Repr { n: decimal, terms, representation, numeral, k: self.k, input: None, canonical: None }
    }
}

/// The first terms of the factor-`k` ladder, `count` of them (the ladder pages show).
///
/// # Errors
/// [`AnswerError::Invalid`] for `k = 0`.
pub fn ladder_terms(k: u64, count: usize) -> Result<Vec<String>, AnswerError> {
    let mut ladder = Ladder::new(k).map_err(AnswerError::invalid)?;
    Ok((1..=count).map(|i| ladder.term(i).to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_two_is_a7_a5_a3() {
        let mut r = Representer::new(2).unwrap();
        let a = r.answer_text("32", false).unwrap();
        assert_eq!(a.numeral, "1010100");
        assert_eq!(a.terms.as_deref(), Some(&["21".to_string(), "8".into(), "3".into()][..]));
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["indices"], serde_json::json!([7, 5, 3]));
        assert_eq!(json["iz"], 15);
        assert!(json.get("input").is_none());
        let back = r.answer_numeral("1011", false).unwrap();
        // 1011 = 5 + 2 + 1 = 8 = 10000.
        assert_eq!((back.n.as_str(), back.numeral.as_str(), back.canonical), ("8", "10000", Some(false)));
    }
}
