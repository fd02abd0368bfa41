//! The parsers the fuzz targets exercise (`fuzz/`), fed arbitrary text in every `cargo test`:
//! no input panics, and whatever parses reads back from its own text form (Player 2's strategy
//! files are the strategy lab's, tested there). The strategies mix
//! uniform noise with text built from each grammar's own alphabet, where the bugs live.

use proptest::prelude::*;
use zecklab_games::zgame::{ZMove, ZPosition};
use zecklab_numeration::{parse_natural, zeckendorf_big, Digits};

/// Text from an alphabet close to the grammars': digits, signs, carets, braces, the wedge,
/// arrows, F, commas, white space, and a few others.
fn grammar_noise() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "3",
            "5",
            "8",
            "13",
            "9",
            "^",
            "{",
            "}",
            "∧",
            "->",
            "-",
            "+",
            "F",
            ",",
            " ",
            "\t",
            "\n",
            "x",
            "_",
            ".",
            "e",
            "99999999999999999999",
            "4294967296",
            "∧∧",
        ]),
        0..24,
    )
    .prop_map(|pieces| pieces.concat())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), grammar_noise()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn numbers(text in any_text()) {
        if let Ok(n) = parse_natural(&text) {
            let digits = text.trim().trim_start_matches('+').trim_start_matches('0');
            prop_assert_eq!(if digits.is_empty() { "0".to_string() } else { digits.to_string() }, n.to_string());
        }
    }

    #[test]
    fn numerals(text in any_text()) {
        if let Ok(digits) = Digits::parse(&text) {
            let value = digits.fibonacci_value();
            let canonical = zeckendorf_big(&value).numeral();
            prop_assert_eq!(Digits::parse(&canonical).unwrap().fibonacci_value(), value);
        }
    }

    #[test]
    fn positions(text in any_text()) {
        if let Ok(p) = ZPosition::parse(&text) {
            let plain = p.to_string();
            prop_assert_eq!(ZPosition::parse(&plain), Ok(p.clone()));
            let braced = format!("{{{}}}", plain.replace(' ', " ∧ "));
            prop_assert_eq!(ZPosition::parse(&braced), Ok(p));
        }
    }

    #[test]
    fn moves(text in any_text()) {
        if let Ok(m) = ZMove::parse(&text) {
            prop_assert_eq!(ZMove::parse(&m.to_string()), Ok(m));
        }
    }
}
