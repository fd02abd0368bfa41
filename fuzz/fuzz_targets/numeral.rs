//! Numerals: any text either parses, and then its value's canonical numeral reads back to the
//! same value, or is refused; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use zecklab_numeration::{zeckendorf_big, Digits};

fuzz_target!(|text: &str| {
    if text.len() > 4096 {
        return;
    }
    if let Ok(digits) = Digits::parse(text) {
        let value = digits.fibonacci_value();
        let canonical = zeckendorf_big(&value).numeral();
        let again = Digits::parse(&canonical).expect("a canonical numeral parses");
        assert_eq!(again.fibonacci_value(), value);
    }
});
