//! Hostile and careless input: every case here once crashed, ran the machine out of memory,
//! was accepted when it should not have been, or gave an unclear message.

use crate::common;
use common::*;

use std::process::{Command, Output, Stdio};

/// Runs zecklab with its address space capped (in KiB), so a test fails instead of the machine
/// when a command would use far more memory than it should.
fn zecklab_capped(kib: u64, args: &[&str], stdin: Option<&std::path::Path>) -> Output {
    let mut script = format!("ulimit -v {kib}; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    let mut command = Command::new("sh");
    command.arg("-c").arg(script).arg(env!("CARGO_BIN_EXE_zecklab")).args(args);
    command.stdin(match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    });
    command.output().unwrap()
}

fn scratch_file(name: &str, contents: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("zecklab-hardening-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn huge_ladders_are_refused_before_any_work() {
    let nines = "9".repeat(1000);
    assert_usage_error(&zecklab(&["repr", &nines, "--k", "1000000"]), "ladder");
    let big = scratch_file("big.txt", &"7".repeat(100_000));
    let o = zecklab_capped(1 << 20, &["repr", "--k", "3", "-"], Some(&big));
    assert_usage_error(&o, "MiB allowed");
    let heap = "9".repeat(100);
    assert_usage_error(&zecklab(&["nim", "solve", &heap, "--k", "1000000"]), "ladder");
    // The same numbers with k = 2 are answered (no stored ladder).
    let o = zecklab(&["nim", "solve", &heap, "--json"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_huge_wythoff_heap_is_answered_in_little_memory() {
    // 100,000 nines once took 2.7 GB (every Fibonacci term of the heap held at once).
    let nines = "9".repeat(100_000);
    let o = zecklab_capped(400_000, &["wythoff", "solve", &nines, "5", "--json"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json_lines(&o)[0]["outcome"], "win");
}

#[test]
fn unbounded_ranges_are_refused_at_once() {
    assert_usage_error(&zecklab(&["zgame", "solve", "--flat", "--to", "816"]), "n = 816 is too large");
    for bad in ["-5", "abc", "99999999999999999999999"] {
        let args = ["zgame", "solve", "--n", "10", "--checkpoint", "x", "--checkpoint-every", bad];
        assert_usage_error(&zecklab(&args), bad);
    }
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "100000"]), "n = 100000 is too large");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "100", "--to", "100000"]), "100000");
    assert_usage_error(
        &zecklab(&["nim", "sequence", "--to", "1000000000", "--k", "18446744073709551615"]),
        "steps",
    );
    assert_usage_error(&zecklab(&["zgame", "position", "1^501"]), "up to n = 500");
    // A large on-demand solve says what it is doing.
    let o = zecklab(&["zgame", "position", "1^250", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    // ... before it starts, with how long it takes and how to make the next answer instant.
    let said = stderr(&o);
    assert!(said.contains("solves all") && said.contains("about") && said.contains("--save"), "{said}");
}

#[test]
fn sizes_near_2_to_the_64_are_reported_truly() {
    assert_usage_error(&zecklab(&["wythoff", "grundy", "--size", "18446744073709551615"]), "more than");
    let heaps = vec!["10000"; 7];
    let mut args = vec!["nim", "sum"];
    args.extend(heaps);
    args.extend(["--shared-cap", "1"]);
    let o = zecklab(&args);
    assert_usage_error(&o, "more than 2^64");
    assert!(!stderr(&o).contains("18446744073709551615"), "{}", stderr(&o));
}

#[test]
fn one_grammar_for_integers() {
    for n in ["5", " 5", "+5", "5 "] {
        let o = zecklab(&["zgame", "solve", "--n", n, "--json"]);
        assert_eq!(o.status.code(), Some(0), "{n:?}: {}", stderr(&o));
        let o = zecklab(&["repr", n, "--json"]);
        assert_eq!(json_lines(&o)[0]["n"], "5");
    }
    for bad in ["5_000", "1e3", "0x10", "5.0", "five"] {
        assert_usage_error(&zecklab(&["zgame", "solve", "--n", bad]), bad);
        assert_usage_error(&zecklab(&["repr", bad]), bad);
    }
}

#[test]
fn positions_and_moves_outside_the_grammar_are_refused() {
    for bad in ["{1^3 ∧", "2^4 3,2", "1∧∧ 2^2 5^7", "1^+3", "1^2 1^3"] {
        assert_usage_error(&zecklab(&["zgame", "position", bad]), "malformed position");
    }
    for too_large in ["1^99999999999999999999", "1^4294967296"] {
        assert_usage_error(&zecklab(&["zgame", "position", too_large]), "too large");
    }
    // A move without its closing brace is refused and asked again.
    let o = zecklab_with_stdin(&["zgame", "play", "--n", "3"], "{F1 ∧ F1 -> F2\nquit\n");
    assert!(stdout(&o).contains("malformed move"), "{}", stdout(&o));
    // Wythoff moves with trailing words are refused and asked again.
    let o = zecklab_with_stdin(&["wythoff", "play", "3", "6"], "a 3 garbage\nquit\n");
    assert!(stdout(&o).contains("unexpected 'garbage'"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("you move to"), "{}", stdout(&o));
}

#[test]
fn messages_are_whole_one_line_and_safe() {
    // Which argument is missing, and which values are allowed.
    assert_usage_error(&zecklab(&["zgame", "lengths"]), "--n <N>");
    assert_usage_error(
        &zecklab(&["zgame", "play", "--n", "5", "--first", "x"]),
        "possible values: me, computer",
    );
    // A negative value after a space reaches the value's own check.
    assert_usage_error(&zecklab(&["nim", "solve", "5", "--k", "-1"]), "negative numbers are not allowed");
    // "--" and "->" are not negative numbers.
    for not_a_number in ["--", "->"] {
        let o = zecklab(&["repr", "--", not_a_number]);
        assert_usage_error(&o, "expected decimal digits");
        assert!(!stderr(&o).contains("negative"), "{}", stderr(&o));
    }
    // No raw Rust parse errors.
    for args in [
        vec!["zgame", "solve", "--n", "-1"],
        vec!["zgame", "solve", "--n", "abc"],
        vec!["zgame", "solve", "--n", "99999999999"],
        vec!["wythoff", "ppos", "--count", "x"],
    ] {
        let o = zecklab(&args);
        assert_eq!(o.status.code(), Some(2));
        let e = stderr(&o);
        for raw in ["invalid digit found", "number too large to fit", "is not in 0..=", "os error"] {
            assert!(!e.contains(raw), "{args:?}: {e}");
        }
    }
    // Control characters are escaped and long values shortened, on one line.
    let o = zecklab(&["repr", "5\u{1b}[31m\nX"]);
    assert_usage_error(&o, "\\u{1b}");
    assert!(!stderr(&o).contains('\u{1b}'));
    let long = "x".repeat(10_000);
    let o = zecklab(&["zgame", "solve", "--n", &long]);
    assert_usage_error(&o, "characters");
    assert!(stderr(&o).len() < 400, "{}", stderr(&o).len());
}

#[test]
fn non_utf8_input_to_play_is_an_input_error() {
    let path = std::env::temp_dir().join(format!("zecklab-hardening-{}-bytes", std::process::id()));
    std::fs::write(&path, [0xff, 0xfe, b'\n']).unwrap();
    for args in [&["nim", "play", "20"][..], &["wythoff", "play", "3", "6"], &["zgame", "play", "--n", "5"]] {
        let mut command = common::command();
        let o = command.args(args).stdin(std::fs::File::open(&path).unwrap()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("UTF-8"), "{}", stderr(&o));
    }
}

#[test]
fn bulk_repr_streams_in_constant_memory_and_equals_the_general_path() {
    // A million numbers under a 100 MiB address-space cap: the input is never held whole.
    let numbers: String = (1..=1_000_000u64).map(|n| format!("{n}\n")).collect();
    let path = scratch_file("million.txt", &numbers);
    let o = zecklab_capped(100 << 10, &["repr", "-", "--json"], Some(&path));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1_000_000);
    // The 64-bit fast path against the general one: zero-padded to 24 digits, a number takes the
    // big-integer path and must print exactly the same answer.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut samples: Vec<u64> =
        vec![0, 1, 2, 3, 4, 5, 32, 46, u64::MAX, u64::MAX - 1, 1 << 63, 12_200_160_415_121_876_738];
    for _ in 0..300 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        samples.push(x >> (x % 64));
    }
    for json in [true, false] {
        let plain: String = samples.iter().map(|n| format!("{n} ")).collect();
        let padded: String = samples.iter().map(|n| format!("{n:024} ")).collect();
        let mut args = vec!["repr", "-"];
        if json {
            args.push("--json");
        }
        let fast = zecklab_with_stdin(&args, &plain);
        let general = zecklab_with_stdin(&args, &padded);
        assert_eq!(fast.status.code(), Some(0));
        assert_eq!(stdout(&fast), stdout(&general), "json = {json}");
    }
    // A bad word stops the stream with its name, after the answers before it.
    let o = zecklab_with_stdin(&["repr", "-"], "5 x7 8");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).starts_with("5 = 5"), "{}", stdout(&o));
    assert!(stderr(&o).contains("'x7'"), "{}", stderr(&o));
}
