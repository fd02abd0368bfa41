//! Strategy files: any bytes either read as a strategy, which then writes back to text that
//! reads as the same strategy, or are refused with an error; never a panic. A readable
//! strategy is also checked (small ones only, to keep each run fast).
#![no_main]
use libfuzzer_sys::fuzz_target;
use zecklab_lab::PlayerTwoStrategy;

fuzz_target!(|text: &str| {
    if let Ok(strategy) = PlayerTwoStrategy::parse(text.lines()) {
        let lines: Vec<String> = strategy.lines().collect();
        let again = PlayerTwoStrategy::parse(lines.iter().map(String::as_str)).expect("written strategies read back");
        assert_eq!(again.moves().len(), strategy.moves().len());
        if strategy.n() <= 30 {
            let _ = strategy.check();
        }
    }
});
