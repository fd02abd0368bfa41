//! End-to-end tests of the Zeckendorf game's relatives: `zgame solve --reversed`, `zgame
//! coalitions`, and `--reversed` for `zgame position` and `zgame lengths`.

use crate::common;
use common::*;

#[test]
fn reversed_solve_has_the_solve_fields() {
    let lines = json_lines(&zecklab(&["zgame", "solve", "--to", "45", "--reversed", "--json"]));
    assert_eq!(lines.len(), 45);
    let forward = json_lines(&zecklab(&["zgame", "solve", "--to", "45", "--json"]));
    for (line, flat) in lines.iter().zip(&forward) {
        let keys: Vec<&String> = line.as_object().unwrap().keys().collect();
        assert_eq!(keys, flat.as_object().unwrap().keys().collect::<Vec<_>>(), "the same fields");
        // The same positions; the winner is whoever moves last, and remoteness says who.
        assert_eq!(line["positions"], flat["positions"]);
        let odd = line["remoteness"].as_u64().unwrap() % 2 == 1;
        assert_eq!(line["winner"], if odd { "P1" } else { "P2" }, "{line}");
    }
    // The paper's family n = F(i+1) + F(i-2): Player 1 wins.
    for n in [6, 10, 16, 26, 42] {
        assert_eq!(lines[n - 1]["winner"], "P1", "n = {n}");
    }
    let tiers = &json_lines(&zecklab(&["zgame", "solve", "--n", "30", "--reversed", "--tiers-json"]))[0];
    let by_parts = tiers["tiers"].as_array().unwrap();
    let sum = |field: &str| by_parts.iter().map(|t| t[field].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("positions"), lines[29]["positions"].as_u64().unwrap());
    assert_eq!(sum("p_positions"), lines[29]["p_positions"].as_u64().unwrap());
    let text = stdout(&zecklab(&["zgame", "solve", "--n", "10", "--reversed"]));
    assert!(text.contains("n = 10: 22 positions") && text.contains("Player 1 wins"), "{text}");
}

#[test]
fn coalitions_list_every_proper_subset() {
    let lines =
        json_lines(&zecklab(&["zgame", "coalitions", "--n", "3", "--to", "12", "--players", "3", "--json"]));
    assert_eq!(lines.len(), 10);
    for line in &lines {
        let n = line["n"].as_u64().unwrap();
        assert_eq!(line["players"], 3);
        let coalitions = line["coalitions"].as_array().unwrap();
        let members: Vec<String> = coalitions.iter().map(|c| c["members"].to_string()).collect();
        assert_eq!(members, ["[1]", "[2]", "[3]", "[1,2]", "[1,3]", "[2,3]"]);
        // Two-sided games are determined: a coalition wins exactly when its complement does not.
        for (single, pair) in [(0, 5), (1, 4), (2, 3)] {
            assert_ne!(coalitions[single]["wins"], coalitions[pair]["wins"], "n = {n}");
        }
        // No single player can force a win from n = 5 on.
        let singles_win = coalitions[..3].iter().any(|c| c["wins"] == true);
        assert_eq!(singles_win, n < 5, "n = {n}");
    }
    // Two players: the coalition {2} wins exactly when `zgame solve` says Player 2 wins.
    let two = json_lines(&zecklab(&["zgame", "coalitions", "--to", "30", "--players", "2", "--json"]));
    let solved = json_lines(&zecklab(&["zgame", "solve", "--to", "30", "--no-remoteness", "--json"]));
    for (c, s) in two.iter().zip(&solved) {
        assert_eq!(c["coalitions"][1]["wins"] == true, s["winner"] == "P2", "{c}");
    }
    let text = stdout(&zecklab(&["zgame", "coalitions", "--n", "8", "--players", "3"]));
    assert!(text.contains("no single player can force a win"), "{text}");
}

#[test]
fn reversed_position_and_lengths() {
    let p = &json_lines(&zecklab(&["zgame", "position", "2 8", "--reversed", "--line", "--json"]))[0];
    assert_eq!(p["n"], 10);
    assert!(p["moves"].as_array().unwrap().iter().any(|m| m["move"] == "{F5 -> F3 ∧ F4}"));
    let line = p["line"].as_array().unwrap();
    assert_eq!(line.len() as u64, p["remoteness"].as_u64().unwrap());
    assert_eq!(line.last().unwrap()["to"], "1^10");
    let end = &json_lines(&zecklab(&["zgame", "position", "1^10", "--reversed", "--json"]))[0];
    assert_eq!((end["terminal"].as_bool(), end["outcome"].as_str()), (Some(true), Some("loss")));

    let forward = &json_lines(&zecklab(&["zgame", "lengths", "--n", "30", "--json"]))[0];
    let reversed = &json_lines(&zecklab(&["zgame", "lengths", "--n", "30", "--reversed", "--json"]))[0];
    for field in ["shortest", "longest", "games", "bound"] {
        assert_eq!(forward[field], reversed[field], "{field}");
    }
    assert_eq!(reversed["reversed"], true);
    assert!(reversed.get("combine_largest").is_none() && forward.get("reversed").is_none());
}

#[test]
fn relatives_refuse_bad_input() {
    let coalitions = |args: &[&str]| {
        let mut all = vec!["zgame", "coalitions"];
        all.extend(args);
        zecklab(&all)
    };
    assert_usage_error(&coalitions(&["--n", "10", "--players", "7"]), "2 <= players <= 6");
    assert_usage_error(&coalitions(&["--n", "10", "--players", "1"]), "2 <= players <= 6");
    assert_usage_error(&coalitions(&["--n", "10", "--players", "-2"]), "-2");
    assert_usage_error(&coalitions(&["--n", "0", "--players", "3"]), "n = 0");
    assert_usage_error(&coalitions(&["--n", "9", "--to", "3", "--players", "3"]), "--to 3 is below n = 9");
    assert_usage_error(&coalitions(&["--n", "900", "--players", "6"]), "MiB");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "900", "--reversed"]), "MiB");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "0", "--reversed"]), "n = 0");
    assert_usage_error(&zecklab(&["zgame", "position", "1^900", "--reversed"]), "532");
    assert_usage_error(
        &zecklab(&["zgame", "lengths", "--n", "30", "--reversed", "--distribution"]),
        "--distribution",
    );
    // The documented limits are the ones enforced (unit tests pin them to the memory bound).
    let collapsed = |args: &[&str]| stdout(&zecklab(args)).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(collapsed(&["zgame", "solve", "--help"]).contains("up to n = 532"));
    assert!(collapsed(&["zgame", "coalitions", "--help"]).contains("up to n = 385 with 6 players"));
    let both = zecklab(&["zgame", "solve", "--n", "10", "--reversed", "--tiers"]);
    assert_eq!(both.status.code(), Some(2), "{}", stderr(&both));
}
