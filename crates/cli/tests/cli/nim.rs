//! End-to-end tests of `zecklab nim`: the essay's figures as contract JSON, errors, and play
//! through a pipe.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn census_to_120_matches_the_essay() {
    let o = zecklab(&["nim", "census", "--to", "120", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let c = &json_lines(&o)[0];
    assert_eq!(c["losing_heaps"], json!([2, 3, 5, 8, 13, 21, 34, 55, 89]));
    assert_eq!(c["winnable"], 110);
    assert_eq!(c["several_winning_openings"], 66);
    assert!((c["mean_winning_openings"].as_f64().unwrap() - 1.7).abs() < 1e-4);
    assert_eq!(c["smallest_term_wins"], 110);
}

#[test]
fn census_to_2000_performs_the_numeral_check() {
    let c = &json_lines(&zecklab(&["nim", "census", "--to", "2000", "--json"]))[0];
    assert_eq!(c["numeral_cases"], 1984);
    assert_eq!(c["smallest_term_wins"], 1984);
    assert_eq!(c["numeral_check"], true);
}

#[test]
fn reach_20_matches_the_essay() {
    // The essay's figures for a heap of 20.
    let r = &json_lines(&zecklab(&["nim", "reach", "20", "--json"]))[0];
    for (field, value) in [
        ("positions", json!(66)),
        ("most_caps_heap", json!(11)),
        ("most_caps", json!(6)),
        ("opposite_answer_heaps", json!([3, 5, 8, 11, 13, 16])),
    ] {
        assert_eq!(r[field], value, "{field}");
    }
    // The per-heap counts add up to the positions and peak at the most-caps heap.
    let caps = r["caps_by_heap"].as_array().unwrap();
    assert_eq!(caps.iter().map(|h| h["caps"].as_u64().unwrap()).sum::<u64>(), 66);
    assert_eq!(caps.iter().map(|h| h["caps"].as_u64().unwrap()).max(), Some(6));
}

#[test]
fn sequence_k3_matches_ladder() {
    let s = &json_lines(&zecklab(&["nim", "sequence", "--k", "3", "--to", "200", "--json"]))[0];
    assert_eq!(s["ladder_matches"], true);
    assert_eq!(
        s["losing_heaps"].as_array().unwrap()[..8],
        json!([2, 3, 4, 6, 8, 11, 15, 21]).as_array().unwrap()[..]
    );
}

#[test]
fn solve_90() {
    let s = &json_lines(&zecklab(&["nim", "solve", "90", "--json"]))[0];
    for (key, value) in json!({"heap":"90","cap":"89","k":2,"misere":false,"outcome":"win","winning_moves":["1"],"threshold":"1"}).as_object().unwrap() {
        assert_eq!(&s[key], value, "{key}");
    }
    let s = &json_lines(&zecklab(&["nim", "solve", "89", "--cap", "88", "--json"]))[0];
    assert_eq!(s["outcome"], "loss");
    assert_eq!(s["winning_moves"], json!([]));
}

#[test]
fn solve_ten_thousand_digit_heap() {
    let heap: String = (0..10_000).map(|i| char::from(b'1' + (i * 5 % 9) as u8)).collect();
    let o = zecklab(&["nim", "solve", &heap, "--json"]);
    assert!(o.status.success());
    let s = &json_lines(&o)[0];
    assert_eq!(s["outcome"], "win");
    assert_eq!(s["winning_moves"][0], s["threshold"]);
}

#[test]
fn sums_own_and_shared_caps() {
    let s = &json_lines(&zecklab(&["nim", "sum", "5/3", "8/2", "--json"]))[0];
    assert_eq!(s["nim_sum"], 0);
    assert_eq!(s["outcome"], "loss");
    // Shared cap: every (heap, take) the program lists, and only those, must leave a position
    // the plain search below calls lost.
    for cap in 1..=8 {
        let s =
            &json_lines(&zecklab(&["nim", "sum", "5", "8", "--shared-cap", &cap.to_string(), "--json"]))[0];
        let mut expected = Vec::new();
        for (i, heaps) in [[5u32, 8], [8, 5]].iter().enumerate() {
            for take in 1..=cap.min(heaps[0]) {
                if !shared_cap_wins([heaps[0] - take, heaps[1]], 2 * take) {
                    expected.push(json!({"heap": i + 1, "take": take}));
                }
            }
        }
        assert_eq!(s["winning_moves"], json!(expected), "cap {cap}");
        assert_eq!(s["outcome"], if expected.is_empty() { "loss" } else { "win" }, "cap {cap}");
    }
}

/// Two heaps, one shared cap, factor 2, by plain recursion (no memo, no symmetry): whether the
/// player to move wins. Independent of the program's solver.
fn shared_cap_wins(heaps: [u32; 2], cap: u32) -> bool {
    (0..2).any(|i| {
        (1..=cap.min(heaps[i])).any(|take| {
            let mut next = heaps;
            next[i] -= take;
            !shared_cap_wins(next, 2 * take)
        })
    })
}

#[test]
fn huge_factors_do_not_wrap() {
    // k x take past 2^64 must count as "more than any heap", not wrap to a small cap.
    for k in ["9223372036854775808", "18446744073709551615"] {
        let s = &json_lines(&zecklab(&["nim", "sequence", "--k", k, "--to", "30", "--json"]))[0];
        assert_eq!(s["ladder_matches"], true, "k = {k}");
        let c = &json_lines(&zecklab(&["nim", "census", "--k", k, "--to", "60", "--json"]))[0];
        assert_eq!(c["numeral_check"], true, "k = {k}");
    }
}

#[test]
fn grundy_rows() {
    let rows = json_lines(&zecklab(&["nim", "grundy", "--to", "5", "--json"]));
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[1], json!({"heap": 2, "grundy": [0, 2]}));
}

#[test]
fn errors() {
    assert_usage_error(&zecklab(&["nim", "solve", "0"]), "heap 0");
    assert_usage_error(&zecklab(&["nim", "solve", "1"]), "heap 1");
    assert_usage_error(&zecklab(&["nim", "solve", "-4"]), "'-4'");
    assert_usage_error(&zecklab(&["nim", "solve", "ten"]), "'ten'");
    assert_usage_error(&zecklab(&["nim", "solve", "10", "--k", "0"]), "'0'");
    assert_usage_error(&zecklab(&["nim", "sum", "5:3"]), "'5:3'");
    assert_usage_error(&zecklab(&["nim", "sum", "5/x"]), "'x'");
    assert_usage_error(&zecklab(&["nim", "census", "--to", "999999999"]), "999999999");
}

#[test]
fn play_through_a_pipe() {
    // Heap 20 = 13 + 5 + 2: take 2 (the smallest term); then keep taking 1 and see the end.
    let o = zecklab_with_stdin(&["nim", "play", "20"], "hint\n99\nabc\n2\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n");
    let text = stdout(&o);
    assert!(text.contains("20 = 13 + 5 + 2"), "{text}");
    assert!(text.contains("winning moves: take 2"), "{text}");
    assert!(text.contains("illegal move: take 99"), "{text}");
    assert!(text.contains("invalid number 'abc'"), "{text}");
    assert!(text.contains("The computer wins") || text.contains("you win"), "{text}");
    assert!(!stderr(&o).contains("panicked"));
    // The computer opening a Fibonacci heap as first player loses against perfect replies.
    let o = zecklab_with_stdin(&["nim", "play", "7", "--first", "computer"], "1\n1\n1\n1\n1\n1\n1\n");
    assert!(stdout(&o).contains("computer takes 2"), "{}", stdout(&o));
}
