//! Property tests for the numeration theorems: every path sums back to `n`, never uses adjacent
//! indices, and the machine, arbitrary-precision and ladder paths agree.

use num_bigint::BigUint;
use proptest::prelude::*;
use zecklab_numeration::{
    fibonacci_value, fibonacci_value_u128, parse_natural, zeckendorf_big, zeckendorf_u128, zeckendorf_u64,
    Digits, Ladder,
};

fn decimal_digits(len: usize) -> impl Strategy<Value = String> {
    (1u8..=9, proptest::collection::vec(0u8..=9, len - 1))
        .prop_map(|(first, rest)| std::iter::once(first).chain(rest).map(|d| char::from(b'0' + d)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn u64_paths_agree(n in any::<u64>()) {
        let rep = zeckendorf_u64(n);
        prop_assert!(rep.is_non_adjacent());
        prop_assert_eq!(fibonacci_value_u128(&rep), Some(u128::from(n)));
        prop_assert_eq!(&zeckendorf_u128(u128::from(n)), &rep);
        prop_assert_eq!(&zeckendorf_big(&BigUint::from(n)), &rep);
    }

    #[test]
    fn u128_sums_back(n in any::<u128>()) {
        let rep = zeckendorf_u128(n);
        prop_assert!(rep.is_non_adjacent());
        prop_assert_eq!(fibonacci_value_u128(&rep), Some(n));
        prop_assert_eq!(&zeckendorf_big(&BigUint::from(n)), &rep);
        // The numeral reads back to n.
        prop_assert_eq!(Digits::parse(&rep.numeral()).unwrap().fibonacci_value(), BigUint::from(n));
    }

    #[test]
    fn any_binary_numeral_has_one_canonical_form(bits in proptest::collection::vec(any::<bool>(), 1..150)) {
        let text: String = bits.iter().map(|&b| if b { '1' } else { '0' }).collect();
        let digits = Digits::parse(&text).unwrap();
        let value = digits.fibonacci_value();
        let canonical = zeckendorf_big(&value);
        prop_assert!(canonical.is_non_adjacent());
        prop_assert_eq!(fibonacci_value(&canonical), value.clone());
        // A numeral without adjacent ones is already canonical (up to leading zeros).
        if !digits.has_adjacent_ones() {
            let stripped = text.trim_start_matches('0');
            let expected = if stripped.is_empty() { "0" } else { stripped };
            prop_assert_eq!(canonical.numeral(), expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn thousand_digit_integers(text in decimal_digits(1000)) {
        let n = parse_natural(&text).unwrap();
        let rep = zeckendorf_big(&n);
        prop_assert!(rep.is_non_adjacent());
        prop_assert_eq!(fibonacci_value(&rep), n.clone());
        prop_assert_eq!(Digits::parse(&rep.numeral()).unwrap().fibonacci_value(), n.clone());
        // The factor-2 ladder is the Fibonacci sequence; its plain greedy search must agree
        // with the downward walk.
        let mut ladder = Ladder::new(2).unwrap();
        prop_assert_eq!(ladder.represent(&n), rep);
    }
}
