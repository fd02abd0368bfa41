//! The Zeckendorf game's family on the command line: the JSON contract of `--recurrence`,
//! `--rules` and `--misere`, `zgame grundy` and `zgame sum`, and refusals of bad input.

mod common;

use common::{assert_usage_error, json_lines, zecklab};
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
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5", "--misere", "--tiers"]), "--misere");
}
