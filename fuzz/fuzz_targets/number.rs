//! Integers: any text either parses (and then prints back as its digits without leading zeros)
//! or is refused with an error; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(n) = zecklab_numeration::parse_natural(text) {
        let digits = text.trim().trim_start_matches('+').trim_start_matches('0');
        let printed = n.to_string();
        assert_eq!(if digits.is_empty() { "0" } else { digits }, printed);
    }
});
