//! Player 2's strategy files, fed arbitrary text after a plausible header in every `cargo test`
//! (the fuzz target `strategy` does the same at length): no input panics, and whatever parses
//! reads back from its own text form and can be checked.

use proptest::prelude::*;
use zecklab_lab::PlayerTwoStrategy;

/// Uniform noise, or lines built from a strategy file's own alphabet (parts, carets, moves).
fn any_line() -> impl Strategy<Value = String> {
    let tokens =
        prop::sample::select(vec!["1", "2", "3", "5", "8", "^", " ", "\t", "->", "F2", "∧", "F3", "x", "-1"]);
    prop_oneof![any::<String>(), prop::collection::vec(tokens, 0..12).prop_map(|t| t.concat())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn strategy_files(lines in prop::collection::vec(any_line(), 0..8), n in 0u32..12) {
        // A plausible header followed by noise, so the parser gets past its first checks.
        let mut text = vec!["zecklab zgame strategy v1".to_string(), format!("n {n}"), format!("positions {}", lines.len())];
        text.extend(lines);
        text.push("end".to_string());
        if let Ok(s) = PlayerTwoStrategy::parse(text.iter().map(String::as_str)) {
            let written: Vec<String> = s.lines().collect();
            let again = PlayerTwoStrategy::parse(written.iter().map(String::as_str)).unwrap();
            prop_assert_eq!(again.moves().len(), s.moves().len());
            let _ = s.check();
        }
    }
}

/// A strategy written by the lab parses back to the same moves.
#[test]
fn a_written_strategy_reads_back() {
    let solution = zecklab_games::zgame::solve(12, true, 1 << 30, |_, _| {}).unwrap();
    let built =
        PlayerTwoStrategy::choosing(&solution, zecklab_lab::ReplyChoice::Smallest, |_, _| {}).unwrap();
    let lines: Vec<String> = built.lines().collect();
    let read = PlayerTwoStrategy::parse(lines.iter().map(String::as_str)).unwrap();
    assert_eq!(read.moves(), built.moves());
    assert!(read.check().is_ok());
}
