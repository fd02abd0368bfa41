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
    assert!(p.get("line").is_none(), "no line unless asked");
}

#[test]
fn the_optimal_line_follows_the_best_moves_to_the_end() {
    let out = zecklab(&["zgame", "position", "--ordered", "1 1 1 1 1 1 1 1", "--line", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let p = &json_lines(&out)[0];
    let line = p["line"].as_array().unwrap();
    assert_eq!(line.len() as u64, p["remoteness"].as_u64().unwrap());
    assert_eq!(line[0]["move"], p["moves"][0]["move"], "the line starts with the best move");
    let last = line.last().unwrap()["to"].as_str().unwrap();
    let end = &json_lines(&zecklab(&["zgame", "position", "--ordered", last, "--json"]))[0];
    assert_eq!(end["terminal"], true);
    let text = zecklab(&["zgame", "position", "--ordered", "1 1 1 1 1 1 1 1", "--line"]);
    assert!(
        common::stdout(&text).contains(&format!("optimal line ({} moves)", line.len())),
        "{}",
        common::stdout(&text)
    );
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
    // With remoteness the table of every position is kept (to n = 41); outcomes alone are counted
    // as the sweep goes, to n = 50 where memory allows (n = 43 needs 28 GiB).
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "42"]), "--no-remoteness");
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "51", "--no-remoteness"]), "50");
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "43", "--no-remoteness"]), "GiB");
    // With remoteness, n = 41 takes more than the 20 GiB a solve may: refused before any work.
    assert_usage_error(&zecklab(&["zgame", "solve", "--ordered", "--n", "41"]), "GiB");
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

#[test]
fn black_hole_lines_carry_the_variant_and_agree_with_the_table_and_positions() {
    let out = zecklab(&["zgame", "solve", "--black-hole", "4", "--start", "4 0 3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let line = &json_lines(&out)[0];
    for key in ["n", "positions", "p_positions", "winner", "remoteness", "seconds", "variant", "m", "start"] {
        assert!(line.get(key).is_some(), "{key} missing: {line}");
    }
    assert_eq!(line["variant"], "black-hole");
    assert_eq!((line["m"].as_u64(), line["n"].as_u64()), (Some(4), Some(13)));
    // The authors' own example: Player 1 wins.
    assert_eq!(line["winner"], "P1");
    // The table's entry for the same start, and the position's own answer, agree.
    let table = json_lines(&zecklab(&[
        "zgame",
        "black-hole-table",
        "--m",
        "4",
        "--ones",
        "4",
        "--outer",
        "3",
        "--json",
    ]));
    assert_eq!(table.len(), 1);
    assert_eq!(table[0]["winner"], "P1");
    assert_eq!(table[0]["start"], "4 0 3");
    let position = &json_lines(&zecklab(&["zgame", "position", "--black-hole", "4", "4 0 3", "--json"]))[0];
    assert_eq!(position["outcome"], "win");
    assert_eq!(position["remoteness"], line["remoteness"]);
    assert!(position["moves"].as_array().unwrap().iter().any(|m| m["winning"] == true));
    // From n ones: one line per n, each the table's (n, 0) entry.
    let ones =
        json_lines(&zecklab(&["zgame", "solve", "--black-hole", "4", "--n", "1", "--to", "12", "--json"]));
    let column = json_lines(&zecklab(&[
        "zgame",
        "black-hole-table",
        "--m",
        "4",
        "--ones",
        "1..12",
        "--outer",
        "0",
        "--json",
    ]));
    assert_eq!(ones.len(), 12);
    for (a, b) in ones.iter().zip(&column) {
        assert_eq!(a["winner"], b["winner"], "{a} {b}");
    }
    let table = json_lines(&zecklab(&["zgame", "black-hole-table", "--m", "3", "--json"]));
    assert_eq!(table.len(), 13 * 13, "the default ranges 0..12 by 0..12");
}

#[test]
fn the_pregame_reading_is_named_and_the_lengths_bound_each_other() {
    let out = zecklab(&[
        "zgame",
        "black-hole-table",
        "--m",
        "4",
        "--pregame",
        "one-at-a-time",
        "--pieces",
        "0..8",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 9);
    for line in &lines {
        assert!(line["reading"].as_str().unwrap().contains("one piece a turn"), "{line}");
        assert!(line["player_one_ends"].as_u64() <= Some(line["n"].as_u64().unwrap() + 1));
        // With no way to end in Player 1's favour, Player 1 cannot win; with every way, must.
        let (ends, n) = (line["player_one_ends"].as_u64().unwrap(), line["n"].as_u64().unwrap());
        if ends == 0 {
            assert_eq!(line["winner"], "P2");
        }
        if ends == n + 1 {
            assert_eq!(line["winner"], "P1");
        }
    }
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--black-hole", "5", "--n", "30", "--json"]))[0];
    assert!(l["shortest"].as_u64() <= l["longest"].as_u64(), "{l}");
    assert_eq!(l["variant"], "black-hole");
}

#[test]
fn bad_black_hole_input_is_refused_in_one_line() {
    assert_usage_error(&zecklab(&["zgame", "solve", "--black-hole", "1", "--n", "5"]), "M = 1");
    assert_usage_error(&zecklab(&["zgame", "solve", "--black-hole", "4", "--start", "4 0"]), "exactly 3");
    assert_usage_error(&zecklab(&["zgame", "solve", "--black-hole", "4", "--start", "4 -1 3"]), "'-1'");
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--black-hole", "4", "--n", "5", "--ordered"]),
        "--ordered",
    );
    assert_usage_error(&zecklab(&["zgame", "solve", "--start", "1 2 3", "--n", "5"]), "--start");
    assert_usage_error(&zecklab(&["zgame", "position", "--black-hole", "4", "1 x 2"]), "'x'");
    assert_usage_error(&zecklab(&["zgame", "black-hole-table", "--m", "4", "--ones", "5..2"]), "5..2");
    assert_usage_error(
        &zecklab(&["zgame", "black-hole-table", "--m", "4", "--pregame", "all-at-once"]),
        "all-at-once",
    );
}

#[test]
fn the_ordered_game_plays_from_a_pipe_to_the_end() {
    // Always the first move listed: the game ends, and someone has made the last move.
    let moves = "1\n".repeat(200);
    let out = common::zecklab_with_stdin(&["zgame", "play", "--ordered", "8", "--first", "me"], &moves);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = common::stdout(&out);
    assert!(text.contains("position: 1 1 1 1 1 1 1 1"), "{text}");
    assert!(text.contains("8 is the Zeckendorf representation of 8 in increasing order"), "{text}");
    assert!(text.contains("wins") || text.contains("win!"), "{text}");
    let bad = common::zecklab_with_stdin(&["zgame", "play", "--ordered", "6"], "merge at 9\nquit\n");
    assert!(common::stdout(&bad).contains("is not a legal move"), "{}", common::stdout(&bad));
    assert_usage_error(&zecklab(&["zgame", "play", "--ordered", "31"]), "30");
}
