//! The ordered game on the command line: the JSON of `zgame solve`, `position` and `lengths`
//! with `--ordered`, their agreement, and refusals.

use crate::common;

use common::{assert_usage_error, json_lines, zecklab};

#[test]
fn solve_lines_carry_the_solve_contract_and_the_variant() {
    let out = zecklab(&["zgame", "solve", "--ordered", "--n", "1", "--to", "20", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 20);
    for (k, line) in lines.iter().enumerate() {
        for key in ["n", "positions", "p_positions", "winner", "remoteness", "seconds", "variant"] {
            assert!(line.get(key).is_some(), "{key} missing: {line}");
        }
        assert_eq!(line["variant"], "ordered");
        assert_eq!(line["n"], k as u64 + 1);
        assert_eq!(line.get("degenerate").is_some(), k == 0, "only n = 1 is degenerate: {line}");
    }
    assert_eq!(lines[0]["winner"], "P2", "n = 1: no move, so Player 1 loses");
    assert_eq!(lines[0]["degenerate"], true);
    // The published winners: Player 1 from 2 on, but Player 2 at 18.
    let player_two: Vec<u64> =
        lines.iter().filter(|l| l["winner"] == "P2").map(|l| l["n"].as_u64().unwrap()).collect();
    assert_eq!(player_two, [1, 18]);
    // The positions are the compositions of n into Fibonacci numbers, counted here one by one.
    fn compositions(m: u64) -> u64 {
        if m == 0 {
            return 1;
        }
        [1, 2, 3, 5, 8, 13].iter().filter(|&&f| f <= m).map(|&f| compositions(m - f)).sum()
    }
    for line in &lines {
        assert_eq!(line["positions"], compositions(line["n"].as_u64().unwrap()), "{line}");
    }
    let quick = json_lines(&zecklab(&["zgame", "solve", "--ordered", "20", "--no-remoteness", "--json"]));
    assert!(quick[0]["remoteness"].is_null());
    assert_eq!(quick[0]["p_positions"], lines[19]["p_positions"]);
}

#[test]
fn a_position_lists_every_move_with_its_value() {
    let out = zecklab(&["zgame", "position", "--ordered", "1 2 1 3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let p = &json_lines(&out)[0];
    assert_eq!(p["position"], "1 2 1 3");
    assert_eq!(p["n"], 7);
    assert_eq!(p["variant"], "ordered");
    let moves = p["moves"].as_array().unwrap();
    // (1, 2) merges; (2, 1) switches; (1, 3) gives nothing.
    let tos: Vec<&str> = moves.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(tos.len(), 2);
    assert!(tos.contains(&"3 1 3") && tos.contains(&"1 1 2 3"), "{tos:?}");
    // A loss has no winning move, and a position's value agrees with its moves'.
    let winning = moves.iter().any(|m| m["winning"] == true);
    assert_eq!(p["outcome"] == "win", winning);
    // Each child's own answer matches the value listed.
    for m in moves {
        let child =
            &json_lines(&zecklab(&["zgame", "position", "--ordered", m["to"].as_str().unwrap(), "--json"]))
                [0];
        assert_eq!(child["outcome"], m["outcome"]);
        assert_eq!(child["remoteness"], m["remoteness"]);
    }
    let end = &json_lines(&zecklab(&["zgame", "position", "--ordered", "2 5", "--json"]))[0];
    assert_eq!(end["terminal"], true);
    assert_eq!(end["outcome"], "loss");
}

#[test]
fn lengths_give_the_shortest_the_longest_and_the_long_game() {
    let out = zecklab(&["zgame", "lengths", "--ordered", "--n", "14", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let l = &json_lines(&out)[0];
    // 14 = 13 + 1: Z(14) = 2, so the shortest game has 12 moves.
    assert_eq!(l["shortest"], 12);
    assert!(l["longest"].as_u64() >= l["long_game"].as_u64());
    assert_eq!(l["long_game_is_longest"], l["longest"] == l["long_game"]);
}

#[test]
fn bad_ordered_input_is_refused_in_one_line() {
    assert_usage_error(&zecklab(&["zgame", "position", "--ordered", "1 4 1"]), "'4'");
    assert_usage_error(&zecklab(&["zgame", "position", "--ordered", ""]), "empty");
    assert_usage_error(&zecklab(&["zgame", "position", "--ordered", "1 -2"]), "'-2'");
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "41"]), "40");
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "0"]), "0");
    for other in ["--misere", "--reversed", "--save", "--tiers"] {
        assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "5", other]), other);
    }
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--ordered", "--n", "5", "--recurrence", "1,3"]),
        "--recurrence",
    );
    assert_usage_error(&zecklab(&["zgame", "lengths", "--ordered", "--n", "33"]), "32");
}
