//! End-to-end tests of `zecklab wythoff`.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn solve_contract() {
    let s = &json_lines(&zecklab(&["wythoff", "solve", "11", "18", "--json"]))[0];
    assert_eq!(s, &json!({"a":"11","b":"18","outcome":"loss","winning_moves":[]}));
    let s = &json_lines(&zecklab(&["wythoff", "solve", "10", "20", "--json"]))[0];
    assert_eq!(s["outcome"], "win");
    assert_eq!(s["winning_moves"], json!([["10", "6"]]));
    let human = stdout(&zecklab(&["wythoff", "solve", "10", "20"]));
    assert!(human.contains("numerals 10010 / 1001"), "{human}");
}

#[test]
fn solve_huge_heaps() {
    let a: String = (0..3000).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
    let o = zecklab(&["wythoff", "solve", &a, &a, "--json"]);
    assert!(o.status.success());
    // Equal heaps: taking everything from both is a winning move.
    let moves = json_lines(&o)[0]["winning_moves"].clone();
    assert!(moves.as_array().unwrap().contains(&json!(["0", "0"])));
}

#[test]
fn ppos_with_numerals() {
    let lines = json_lines(&zecklab(&["wythoff", "ppos", "--count", "5", "--json"]));
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[4], json!({"m":4,"a":"6","b":"10","numeral_a":"1001","numeral_b":"10010"}));
}

#[test]
fn grundy_csv_is_written_whole() {
    let dir = std::env::temp_dir().join(format!("zecklab-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.csv");
    let o = zecklab(&["wythoff", "grundy", "--size", "64", "--csv", path.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 64);
    assert!(text.starts_with("0,1,2,3"));
    // (0, 0) and both orientations of the 24 pairs (a_m, b_m) with b_m < 64.
    assert_eq!(json_lines(&o)[0]["p_positions"], 49);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors() {
    assert_usage_error(&zecklab(&["wythoff", "solve", "-1", "3"]), "'-1'");
    assert_usage_error(&zecklab(&["wythoff", "solve", "a", "3"]), "'a'");
    assert_usage_error(&zecklab(&["wythoff", "grundy", "--size", "1000000"]), "1000000");
}

#[test]
fn play_through_a_pipe() {
    let o = zecklab_with_stdin(&["wythoff", "play", "3", "6"], "hint\nx 3\nb 99\nb 1\nd 3\n");
    let text = stdout(&o);
    assert!(text.contains("winning move: take 1 from b"), "{text}");
    assert!(text.contains("unknown move 'x'"), "{text}");
    assert!(text.contains("not enough counters"), "{text}");
    assert!(!stderr(&o).contains("panicked"));
}
