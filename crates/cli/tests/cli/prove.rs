//! End-to-end tests of `zecklab prove`: Walnut's language as a user types it, the JSON contract,
//! automata files out and back in, bad input, and the learner.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn statements_are_decided_with_counterexamples_and_witnesses() {
    let o = zecklab(&["prove", "~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]", "--json"]);
    let line = &json_lines(&o)[0];
    assert_eq!(line["result"], "TRUE");
    for field in [
        "command",
        "name",
        "formula",
        "free",
        "states",
        "peak_states",
        "counterexample",
        "witness",
        "seconds",
    ] {
        assert!(line.get(field).is_some(), "{field} in {line}");
    }
    let false_one = &json_lines(&zecklab(&["prove", "A n F[n] = 0", "--json"]))[0];
    assert_eq!((&false_one["result"], &false_one["counterexample"]), (&json!("FALSE"), &json!({"n": 1})));
    let witness = &json_lines(&zecklab(&["prove", "E x,y x + y = 7 & x = 2*y + 1", "--json"]))[0];
    assert_eq!(witness["witness"], json!({"x": 5, "y": 2}));
    let binary = stdout(&zecklab(&["prove", "?msd_2 A n E m (n = 2*m | n = 2*m + 1)"]));
    assert!(binary.starts_with("eval statement: TRUE"), "{binary}");
}

#[test]
fn a_script_defines_exports_and_reads_back_automata() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("s.txt");
    std::fs::write(&script, "def sum \"x + y = z\";\n# comments are skipped\neval commutes \"A a,b,c $sum(a,b,c) <=> $sum(b,a,c)\";\n").unwrap();
    let out = dir.path().join("automata");
    let o = zecklab(&[
        "prove",
        "--script",
        script.to_str().unwrap(),
        "--export",
        out.to_str().unwrap(),
        "--json",
    ]);
    let lines = json_lines(&o);
    assert_eq!(lines[0]["free"], json!(["x", "y", "z"]));
    // x + y = z over valid inputs: 16 states without the dead one.
    assert_eq!(lines[0]["states"], 16);
    assert_eq!(lines[1]["result"], "TRUE");
    assert!(out.join("sum.txt").exists());
    // The exported file is read back as a library automaton.
    let o = zecklab(&["prove", "A a,b $sum(a,b,a+b)", "--library", out.to_str().unwrap(), "--json"]);
    assert_eq!(json_lines(&o)[0]["result"], "TRUE");
}

#[test]
fn bad_input_names_where_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.txt");
    std::fs::write(&script, "eval a \"x < 1\";\neval b \"x <\";\n").unwrap();
    for json in [false, true] {
        let mut args = vec!["prove", "--script", script.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let o = zecklab(&args);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(err.contains("bad.txt:2:12: expected a term"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let o = zecklab(&["prove", "$nothing(x)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("undefined predicate $nothing"));
    let o = zecklab(&["prove", "~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]", "--max-states", "10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("grew past 10 states"), "{}", stderr(&o));
}

#[test]
fn the_learner_finds_and_proves_wythoffs_rule() {
    let dir = tempfile::tempdir().unwrap();
    let o =
        zecklab(&["prove", "learn", "--game", "wythoff", "--out", dir.path().to_str().unwrap(), "--json"]);
    let line = &json_lines(&o)[0];
    assert_eq!((&line["proved"], &line["tracks"]), (&json!(true), &json!(["x", "y"])));
    let automaton = line["automaton"].as_str().unwrap();
    // The learned automaton, read back, is the digit rule.
    let library = std::path::Path::new(automaton).parent().unwrap().to_str().unwrap().to_string();
    let check = "A x,y $wythoff(x,y) <=> ((x <= y & $evenzeros(x) & $shift(x,y)) | (y <= x & $evenzeros(y) & $shift(y,x)))";
    let o = zecklab(&["prove", check, "--library", &library, "--json"]);
    assert_eq!(json_lines(&o)[0]["result"], "TRUE");
}

#[test]
fn the_learner_proves_the_f3_hole_and_bounds_the_f4_hole() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = zecklab(&["prove", "learn", "--game", "black-hole-3", "--out", out, "--json"]);
    let line = &json_lines(&o)[0];
    assert_eq!((&line["proved"], &line["tracks"]), (&json!(true), &json!(["a", "b"])));
    assert_eq!(line["states"], line["lower_bound"]);
    // The learned automaton, read back, is the residues' rule.
    let library = std::path::Path::new(line["automaton"].as_str().unwrap())
        .parent()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let check =
        "A a,b $black_hole_3(a,b) <=> ((E i a = 3*i & ~E j b = 3*j + 2) | (E i a = 3*i + 1 & E j b = 3*j))";
    let o = zecklab(&["prove", check, "--library", &library, "--json"]);
    assert_eq!(json_lines(&o)[0]["result"], "TRUE");
    // With the hole on F4 no automaton of 50 states holds, and the answers say why.
    let o =
        zecklab(&["prove", "learn", "--game", "black-hole-4", "--out", out, "--max-states", "50", "--json"]);
    let line = &json_lines(&o)[0];
    assert_eq!((&line["proved"], &line["lower_bound"]), (&json!(false), &json!(50)));
    assert!(line["stopped"].as_str().unwrap().contains("51 representations apart"), "{line}");
    let text =
        stdout(&zecklab(&["prove", "learn", "--game", "black-hole-4", "--out", out, "--max-states", "50"]));
    assert!(text.contains("not proved, no hypothesis made") && text.contains("at least 50 states"), "{text}");
    assert!(text.contains("no automaton written") && line["automaton"].is_null(), "{text}");
}
