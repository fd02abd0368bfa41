//! Moves: any text either parses, and then the move's text form reads back to the same move, or
//! is refused; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use zecklab_games::zgame::ZMove;

fuzz_target!(|text: &str| {
    if let Ok(m) = ZMove::parse(text) {
        assert_eq!(ZMove::parse(&m.to_string()), Ok(m));
        assert!(m.result_indices().iter().all(|&i| i >= 1));
    }
});
