//! The Zeckendorf game's family on the command line: the JSON contract of `--recurrence`,
//! `--rules` and `--misere`, `zgame grundy` and `zgame sum`, and refusals of bad input.

use crate::common;

use common::{assert_usage_error, json_lines, stderr, zecklab};
use serde_json::Value;

fn one(args: &[&str]) -> Value {
    let out = zecklab(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", common::stderr(&out));
    let mut lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{args:?}");
    lines.remove(0)
}

fn without(mut v: Value, keys: &[&str]) -> Value {
    for k in keys {
        v.as_object_mut().unwrap().remove(*k);
    }
    v
}

#[test]
fn the_fibonacci_recurrence_is_the_game_itself_with_its_variant_named() {
    for n in ["1", "2", "30", "77"] {
        let plain = one(&["zgame", "solve", "--n", n, "--json"]);
        assert!(
            plain.get("recurrence").is_none()
                && plain.get("rules").is_none()
                && plain.get("misere").is_none()
        );
        let named = one(&["zgame", "solve", "--n", n, "--recurrence", "1,2", "--json"]);
        assert_eq!(named["recurrence"], serde_json::json!([1, 2]));
        assert_eq!(named["rules"], "all");
        assert_eq!(
            without(named, &["seconds", "recurrence", "rules"]),
            without(plain, &["seconds"]),
            "n = {n}"
        );
    }
    let misere = one(&["zgame", "solve", "--n", "12", "--misere", "--json"]);
    assert_eq!(misere["misere"], true);
    assert!(misere.get("recurrence").is_none());
    let tri = one(&[
        "zgame",
        "solve",
        "--n",
        "20",
        "--recurrence",
        "1,3",
        "--rules",
        "no-initial-combine",
        "--json",
    ]);
    assert_eq!(
        (tri["recurrence"].clone(), tri["rules"].clone()),
        (serde_json::json!([1, 3]), "no-initial-combine".into())
    );
    let position = one(&["zgame", "position", "4 2^2 1^3", "--recurrence", "1,3", "--json"]);
    assert_eq!(position["n"], 11);
    assert_eq!(position["position"], "4 2^2 1^3");
    assert!(position["moves"].as_array().unwrap().iter().any(|m| m["move"] == "1^2 2 -> 4"), "{position}");
    let with_grundy = one(&["zgame", "position", "1^3 2^2 5^7", "--grundy", "--json"]);
    let plain = one(&["zgame", "position", "1^3 2^2 5^7", "--json"]);
    assert!(with_grundy["grundy"].is_u64());
    assert_eq!(with_grundy["outcome"], plain["outcome"]);
    assert_eq!(with_grundy["remoteness"], plain["remoteness"]);
}

#[test]
fn grundy_and_sums_answer_in_their_shapes() {
    let out = zecklab(&["zgame", "grundy", "--n", "1", "--to", "12", "--json"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 12);
    for line in &lines {
        let by_value = line["by_value"].as_array().unwrap();
        let total: u64 = by_value.iter().map(|g| g["positions"].as_u64().unwrap()).sum();
        assert_eq!(total, line["positions"].as_u64().unwrap());
        assert_eq!(by_value.last().unwrap()["value"], line["max_grundy"]);
        // A P-position has Grundy value 0, and the start of every n >= 3 is one.
        if line["n"].as_u64().unwrap() >= 3 {
            assert_eq!(line["grundy_of_start"], 0, "{line}");
        }
    }
    let sum = one(&["zgame", "sum", "1^5", "1^4", "2 3", "--json"]);
    assert_eq!(sum["components"].as_array().unwrap().len(), 3);
    let xor = sum["components"].as_array().unwrap().iter().fold(0, |x, c| x ^ c["grundy"].as_u64().unwrap());
    assert_eq!(sum["grundy"].as_u64().unwrap(), xor);
    assert_eq!(sum["outcome"], if xor == 0 { "loss" } else { "win" });
    assert!(sum["winning_moves"].as_array().unwrap().iter().all(|m| m["component"].as_u64().unwrap() >= 1));
}

#[test]
fn bad_variants_and_positions_are_refused_naming_them() {
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5", "--recurrence", "0,2"]), "0,2");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5", "--recurrence", "1;2"]), "1;2");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5", "--rules", "some"]), "some");
    assert_usage_error(&zecklab(&["zgame", "position", "3 1", "--recurrence", "1,3"]), "3");
    assert_usage_error(&zecklab(&["zgame", "sum", "1^300"]), "250");
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--n", "5", "--misere", "--checkpoint", "/tmp"]),
        "--misere",
    );
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--n", "5", "--misere", "--engine", "scalar"]),
        "--engine",
    );
}

#[test]
fn members_of_the_family_are_saved_listed_checked_and_answered_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let saved = one(&["zgame", "solve", "--n", "30", "--misere", "--save", "--store", store, "--json"]);
    assert!(saved["saved"].as_str().unwrap().ends_with("zgame-misere-n30.zkt"), "{saved}");
    assert_eq!(saved["misere"], true);
    let generalized = [
        "zgame",
        "solve",
        "--n",
        "40",
        "--recurrence",
        "2,3",
        "--rules",
        "no-initial-combine",
        "--misere",
        "--save",
        "--store",
        store,
        "--json",
    ];
    let saved_family = one(&generalized);
    assert!(saved_family["saved"].as_str().unwrap().ends_with("zgame-c2k3-noinit-misere-n40.zkt"));
    one(&["zgame", "solve", "--n", "30", "--save", "--store", store, "--json"]);
    // Listed apart, each with its own fields.
    let list = json_lines(&zecklab(&["store", "list", "--store", store, "--json"]));
    assert_eq!(list.len(), 3, "{list:?}");
    assert!(list[0].get("misere").is_none() && list[0]["path"].as_str().unwrap().ends_with("zgame-n30.zkt"));
    assert_eq!(list[1]["recurrence"], serde_json::json!([2, 3]));
    assert_eq!(
        (list[1]["rules"].as_str(), list[1]["misere"].as_bool()),
        (Some("no-initial-combine"), Some(true))
    );
    assert_eq!(list[2]["misere"], true);
    // Checked by the rules, read from the store.
    for args in [
        vec!["zgame", "check", "--n", "30", "--misere"],
        vec![
            "zgame",
            "check",
            "--n",
            "40",
            "--recurrence",
            "2,3",
            "--rules",
            "no-initial-combine",
            "--misere",
        ],
    ] {
        let report = one(&[args.as_slice(), &["--store", store, "--json"]].concat());
        assert_eq!(
            (report["source"].as_str(), report["inconsistent"].as_u64()),
            (Some("store"), Some(0)),
            "{report}"
        );
        assert_eq!(report["checked"], report["positions"]);
    }
    // Answered from the store, the same as solved.
    let stored = one(&["zgame", "position", "1^30", "--misere", "--store", store, "--json"]);
    let solved = one(&[
        "zgame",
        "position",
        "1^30",
        "--misere",
        "--store",
        dir.path().join("none").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!((stored["source"].as_str(), solved["source"].as_str()), (Some("store"), Some("solved")));
    assert_eq!(without(stored.clone(), &["source"]), without(solved, &["source"]));
    assert_eq!(stored["remoteness"], saved["remoteness"]);
    assert_eq!(stored["outcome"], if saved["winner"] == "P1" { "win" } else { "loss" });
    // A misère table renamed to the normal game's name is refused, not read as normal play.
    std::fs::copy(dir.path().join("zgame-misere-n30.zkt"), dir.path().join("zgame-n30.zkt")).unwrap();
    let out = zecklab(&["zgame", "position", "1^30", "--store", store, "--json"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(common::stderr(&out).contains("misère"), "{}", common::stderr(&out));
    // And removed by name.
    let removed = one(&["store", "remove", "--n", "30", "--misere", "--store", store, "--json"]);
    assert_eq!(removed["removed"], true);
    assert!(!dir.path().join("zgame-misere-n30.zkt").exists());
}

#[test]
fn play_runs_every_member_of_the_family_to_its_end() {
    // Always the first listed move: the game ends, and the end is announced in the play's terms.
    let moves = "1\n".repeat(200);
    let misere = common::zecklab_with_stdin(&["zgame", "play", "--n", "6", "--misere"], &moves);
    let text = common::stdout(&misere);
    assert_eq!(misere.status.code(), Some(0), "{text}");
    assert!(text.contains("misère") && text.contains("5 1 is the legal decomposition of 6"), "{text}");
    // The misère game on 6 is a loss for the player who moves first (its solve says P2 wins), so
    // against perfect play the person moving first loses, whatever they play: they make the last move.
    assert_eq!(one(&["zgame", "solve", "--n", "6", "--misere", "--json"])["winner"], "P2");
    assert!(text.contains("You made the last move, so you lose"), "{text}");
    let tri = common::zecklab_with_stdin(
        &["zgame", "play", "--n", "10", "--recurrence", "2,3"],
        &format!("hint\nnonsense\n{moves}"),
    );
    let text = common::stdout(&tri);
    assert_eq!(tri.status.code(), Some(0), "{text}");
    assert!(
        text.contains("is not a legal move") && text.contains("9 1 is the legal decomposition of 10"),
        "{text}"
    );
    let by_name = common::zecklab_with_stdin(
        &["zgame", "play", "--n", "10", "--recurrence", "2,3"],
        "1^3 -> 3\nquit\n",
    );
    assert!(common::stdout(&by_name).contains("you play 1^3 -> 3"), "{}", common::stdout(&by_name));
}

#[test]
fn the_misere_game_by_tiers_prints_the_flat_sweeps_lines() {
    let strip = |v: Value| without(v, &["seconds", "engine"]);
    let flat = json_lines(&zecklab(&["zgame", "solve", "--n", "1", "--to", "30", "--misere", "--json"]));
    let tiers =
        json_lines(&zecklab(&["zgame", "solve", "--n", "1", "--to", "30", "--misere", "--tiers", "--json"]));
    assert_eq!(flat.len(), 30);
    assert_eq!(
        flat.into_iter().map(strip).collect::<Vec<_>>(),
        tiers.into_iter().map(strip).collect::<Vec<_>>()
    );
}

/// The generalized game's lengths under a named measure: the recurrence (1, 2) gives the
/// Zeckendorf game's figures, another its own (its exact mean the float one); the path law past
/// n = 50 is refused with the reason.
#[test]
fn a_generalized_games_lengths_under_a_named_measure() {
    for measure in ["path", "games"] {
        let game = &json_lines(&zecklab(&["zgame", "lengths", "22", "--measure", measure, "--json"]))[0];
        let family = &json_lines(&zecklab(&[
            "zgame",
            "lengths",
            "22",
            "--recurrence",
            "1,2",
            "--measure",
            measure,
            "--json",
        ]))[0];
        for k in ["measure", "games", "mean_exact", "variance_exact"] {
            assert_eq!(family[k], game[k], "{measure}: {k}");
        }
        // (The game's path-measure floats come from its own float recursion, the family's from
        // the exact law: the same to the last digits.)
        for k in ["random_mean", "random_variance", "random_p1_wins"] {
            let (a, b) = (family[k].as_f64().unwrap(), game[k].as_f64().unwrap());
            assert!((a - b).abs() <= 1e-13 * b, "{measure}: {k} {a} against {b}");
        }
        let other = &json_lines(&zecklab(&[
            "zgame",
            "lengths",
            "30",
            "--recurrence",
            "2,3",
            "--measure",
            measure,
            "--json",
        ]))[0];
        let (p, q) = other["mean_exact"].as_str().unwrap().split_once('/').unwrap();
        let exact = p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap();
        let float = other["random_mean"].as_f64().unwrap();
        assert!((exact - float).abs() <= 1e-12 * float, "{measure}: {exact} against {float}");
        let (shortest, longest) = (other["shortest"].as_f64().unwrap(), other["longest"].as_f64().unwrap());
        assert!(shortest <= float && float <= longest);
    }
    let plain = &json_lines(&zecklab(&["zgame", "lengths", "22", "--recurrence", "1,3", "--json"]))[0];
    assert!(
        plain.get("measure").is_none() && plain.get("random_mean").is_none(),
        "no measure, no random fields"
    );
    let refused = zecklab(&["zgame", "lengths", "60", "--recurrence", "1,3", "--measure", "path"]);
    assert!(!refused.status.success() && stderr(&refused).contains("50"), "{}", stderr(&refused));
}
