//! End-to-end tests of `zecklab zgame`.

mod common;
use common::*;

#[test]
fn solve_range_json() {
    let lines = json_lines(&zecklab(&["zgame", "solve", "--to", "60", "--json"]));
    assert_eq!(lines.len(), 60);
    for line in &lines {
        let n = line["n"].as_u64().unwrap();
        for field in ["positions", "p_positions", "remoteness", "seconds"] {
            assert!(line[field].is_number(), "{field} in {line}");
        }
        let expected = if n == 2 { "P1" } else { "P2" };
        assert_eq!(line["winner"], expected, "n = {n}");
    }

    let hundred = &json_lines(&zecklab(&["zgame", "solve", "--n", "100", "--json"]))[0];
    assert_eq!(hundred["positions"], 97_075);
}

#[test]
fn position_lists_every_move() {
    let p = &json_lines(&zecklab(&["zgame", "position", "1^3 2^2 5^7", "--json"]))[0];
    assert_eq!(p["position"], "1^3 2^2 5^7");
    let moves = p["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().any(|m| m["move"] == "{F2 ∧ F2 -> F1 ∧ F3}"));
    // A win has a winning move and its remoteness is one more than the fastest losing child.
    let fastest =
        moves.iter().filter(|m| m["outcome"] == "loss").map(|m| m["remoteness"].as_u64().unwrap()).min();
    assert_eq!(p["outcome"] == "win", fastest.is_some());
    if let Some(f) = fastest {
        assert_eq!(p["remoteness"].as_u64().unwrap(), f + 1);
    }
    let same = &json_lines(&zecklab(&["zgame", "position", "{1^3 ∧ 2^2 ∧ 5^7}", "--json"]))[0];
    assert_eq!(same, p);
}

#[test]
fn errors() {
    assert_usage_error(&zecklab(&["zgame", "position", "4^2"]), "4");
    assert_usage_error(&zecklab(&["zgame", "position", "1^x"]), "malformed");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "0"]), "n = 0");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5000"]), "MiB");
}

#[test]
fn lengths_and_play_out() {
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", "30", "--json"]))[0];
    assert_eq!(l["shortest"], 27);
    assert_eq!(l["combine_largest"], l["shortest"]);
    assert_eq!(l["split_smallest"], l["longest"]);
    // The number of games passes 64 bits by n = 30.
    assert!(l["games"].as_str().unwrap().parse::<u128>().unwrap() > u128::from(u64::MAX));
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", "20", "--json"]))[0];
    assert_eq!(l["bound_sharp"], true, "20 = F7 - 1");
    let p = &json_lines(&zecklab(&[
        "zgame",
        "play-out",
        "--n",
        "100000",
        "--p1",
        "split-smallest",
        "--p2",
        "combine-largest",
        "--json",
    ]))[0];
    assert!(p["length"].as_u64().unwrap() > 0);
    assert_usage_error(
        &zecklab(&["zgame", "play-out", "--n", "10", "--p1", "foo", "--p2", "split-largest"]),
        "'foo'",
    );
}
