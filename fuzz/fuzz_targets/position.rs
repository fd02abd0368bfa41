//! Zeckendorf-game positions: any text either parses, and then its text form reads back to the
//! same position (in both notations), or is refused; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use zecklab_games::zgame::ZPosition;

fuzz_target!(|text: &str| {
    if let Ok(p) = ZPosition::parse(text) {
        let plain = p.to_string();
        assert_eq!(ZPosition::parse(&plain).as_ref(), Ok(&p), "{plain}");
        let braced = format!("{{{}}}", plain.replace(' ', " ∧ "));
        assert_eq!(ZPosition::parse(&braced).as_ref(), Ok(&p), "{braced}");
        for m in p.moves() {
            assert_eq!(p.apply(m).expect("listed moves are legal").n(), p.n());
        }
    }
});
