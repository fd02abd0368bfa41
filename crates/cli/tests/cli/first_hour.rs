//! What a new user meets in the first hour: the game's n written as a plain number, refusals that
//! name the way out, and text output that reads as the README does.

use crate::common;

use common::{assert_usage_error, json_lines, stdout, zecklab};

#[test]
fn the_games_n_is_taken_as_a_plain_number_or_as_n() {
    for command in [
        vec!["zgame", "solve"],
        vec!["zgame", "grundy"],
        vec!["zgame", "lengths"],
        vec!["zgame", "check"],
        vec!["zgame", "p-structure"],
        vec!["zgame", "coalitions", "--players", "3"],
    ] {
        let plain = zecklab(&[command.clone(), vec!["12", "--json"]].concat());
        let named = zecklab(&[command.clone(), vec!["--n", "12", "--json"]].concat());
        assert_eq!(plain.status.code(), Some(0), "{command:?}: {}", common::stderr(&plain));
        let strip = |o: &std::process::Output| {
            json_lines(o)
                .into_iter()
                .map(|mut l| {
                    l.as_object_mut().unwrap().remove("seconds");
                    l
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&plain), strip(&named), "{command:?}");
        assert_eq!(json_lines(&plain)[0]["n"], 12, "{command:?}");
    }
    // Both forms at once, or neither, is refused.
    assert_usage_error(&zecklab(&["zgame", "solve", "12", "--n", "13"]), "cannot be used with");
    assert_usage_error(&zecklab(&["zgame", "lengths"]), "--n");
    assert_usage_error(&zecklab(&["zgame", "solve", "-5"]), "negative");
    // A plain n starts a range as --n does.
    let range = zecklab(&["zgame", "solve", "3", "--to", "5", "--json"]);
    let ns: Vec<u64> = json_lines(&range).iter().map(|l| l["n"].as_u64().unwrap()).collect();
    assert_eq!(ns, [3, 4, 5]);
}

#[test]
fn refusals_name_the_way_out() {
    // n = 0 speaks of n, not of a --to never given.
    let zero = zecklab(&["zgame", "solve", "--n", "0"]);
    assert_usage_error(&zero, "n is at least 1");
    assert!(!common::stderr(&zero).contains("--to"), "{}", common::stderr(&zero));
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "9", "--to", "3"]), "--to 3 is below n = 9");
    // Too large: the largest n accepted is named.
    for n in ["100000", "1414"] {
        assert_usage_error(&zecklab(&["zgame", "solve", "--n", n]), "the largest n solved here is 1413");
    }
    // A misspelt pick lists the words accepted.
    let rule = zecklab(&["zgame", "rule-test", "--rule", "split:biggest", "--to", "5"]);
    assert_usage_error(&rule, "split:largest");
    // A store directory the user named must exist.
    for command in [["store", "list"], ["store", "verify"]] {
        let missing = zecklab(&[&command[..], &["--store", "/no/such/zecklab-store"]].concat());
        assert_usage_error(&missing, "/no/such/zecklab-store does not exist");
    }
}

#[test]
fn rule_test_reads_n_2_as_player_ones_win_and_counts_with_grouped_thousands() {
    let out = zecklab(&["zgame", "rule-test", "--rule", "split:largest,combine:smallest,ones", "--to", "4"]);
    let text = stdout(&out);
    assert!(text.contains("n = 2: Player 1 wins whatever Player 2 plays"), "{text}");
    assert!(!text.contains("LOSES"), "n = 2 is not the rule's fault: {text}");
    assert!(text.contains("(1 decision,"), "{text}");
    assert!(!text.contains("1 decisions") && !text.contains("1 moves"), "{text}");
    let json =
        json_lines(&zecklab(&["zgame", "rule-test", "--rule", "ones", "--from", "2", "--to", "2", "--json"]));
    assert_eq!(json[0]["first_bad"]["end"], true);
    let solve = stdout(&zecklab(&["zgame", "solve", "60"]));
    assert!(solve.contains("positions, ") && solve.contains(','), "{solve}");
    let positions =
        json_lines(&zecklab(&["zgame", "solve", "60", "--json"]))[0]["positions"].as_u64().unwrap();
    assert!(positions >= 1000, "the check needs a count of four digits or more");
    let grouped = zecklab_numeration::grouped(positions);
    assert!(solve.contains(&format!("{grouped} positions")), "{solve}");
}
