//! Integers of any size in answers. JSON carries them as decimal strings (no JSON reader loses
//! digits that way); other front ends (the Python package) want them back as integers. Fields
//! that hold one are serialized through the functions here, which wrap each decimal string in a
//! newtype named [`DECIMAL`]: JSON serializers write newtypes as their content, so the JSON is
//! unchanged, while a serializer that looks for the name can turn the text into an integer.

use serde::ser::{SerializeSeq, Serializer};

/// The newtype name that marks a decimal string as an integer of any size.
pub const DECIMAL: &str = "$zecklab::decimal";

/// One decimal integer, for `#[serde(serialize_with = "decimal")]` on a `String` field.
///
/// # Errors
/// Whatever the serializer returns.
pub fn decimal<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(DECIMAL, text)
}

/// An optional decimal integer (`null` when absent).
///
/// # Errors
/// Whatever the serializer returns.
pub fn optional_decimal<S: Serializer>(text: &Option<String>, serializer: S) -> Result<S::Ok, S::Error> {
    match text {
        Some(text) => serializer.serialize_some(&Marked(text)),
        None => serializer.serialize_none(),
    }
}

/// A list of decimal integers.
///
/// # Errors
/// Whatever the serializer returns.
pub fn decimals<S: Serializer, T: AsRef<str>>(texts: &[T], serializer: S) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(Some(texts.len()))?;
    for text in texts {
        seq.serialize_element(&Marked(text.as_ref()))?;
    }
    seq.end()
}

/// A list of pairs of decimal integers.
///
/// # Errors
/// Whatever the serializer returns.
pub fn decimal_pairs<S: Serializer>(pairs: &[[String; 2]], serializer: S) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(Some(pairs.len()))?;
    for [a, b] in pairs {
        seq.serialize_element(&[Marked(a), Marked(b)])?;
    }
    seq.end()
}

/// A decimal string that serializes as a marked integer.
#[derive(Clone, Copy, Debug)]
pub struct Marked<'a>(pub &'a str);

impl serde::Serialize for Marked<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        decimal(self.0, serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize)]
    struct Sample {
        #[serde(serialize_with = "decimal")]
        n: String,
        #[serde(serialize_with = "optional_decimal")]
        cap: Option<String>,
        #[serde(serialize_with = "decimals")]
        terms: Vec<String>,
        #[serde(serialize_with = "decimal_pairs")]
        pairs: Vec<[String; 2]>,
    }

    #[test]
    fn json_keeps_decimal_strings() {
        let sample = Sample {
            n: "123456789012345678901234567890".into(),
            cap: None,
            terms: vec!["21".into(), "8".into()],
            pairs: vec![["3".into(), "5".into()]],
        };
        let json = serde_json::to_string(&sample).unwrap();
        assert_eq!(
            json,
            r#"{"n":"123456789012345678901234567890","cap":null,"terms":["21","8"],"pairs":[["3","5"]]}"#
        );
        let some = Sample { cap: Some("7".into()), ..sample };
        assert!(serde_json::to_string(&some).unwrap().contains(r#""cap":"7""#));
    }
}
