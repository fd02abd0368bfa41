//! End-to-end tests of `zecklab repr`: the contract fields, seed examples, huge inputs, errors.

use crate::common;
use common::*;

#[test]
fn json_contract_for_32_and_46() {
    let o = zecklab(&["repr", "32", "46", "--json"]);
    assert!(o.status.success());
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    let expected32 = serde_json::json!({"n":"32","terms":["21","8","3"],"indices":[7,5,3],"numeral":"1010100","z":3,"iz":15});
    for (key, value) in expected32.as_object().unwrap() {
        assert_eq!(&lines[0][key], value, "field {key}");
    }
    assert_eq!(lines[1]["numeral"], "10010101");
    assert_eq!(lines[1]["terms"], serde_json::json!(["34", "8", "3", "1"]));
}

#[test]
fn zero_has_no_terms() {
    let lines = json_lines(&zecklab(&["repr", "0", "--json"]));
    assert_eq!(lines[0]["terms"], serde_json::json!([]));
    assert_eq!(lines[0]["numeral"], "0");
    assert_eq!(lines[0]["z"], 0);
}

#[test]
fn seed_golden_cases() {
    // (n, numeral) from seeds 002, 003 and 004.
    let cases = [("50", "10100100"), ("53", "10101001"), ("90", "1000000001"), ("100", "1000010100")];
    for (n, numeral) in cases {
        let lines = json_lines(&zecklab(&["repr", n, "--json"]));
        assert_eq!(lines[0]["numeral"], numeral, "n = {n}");
    }
}

#[test]
fn from_numeral_reads_non_canonical() {
    let lines = json_lines(&zecklab(&["repr", "--from-numeral", "1010011", "--json"]));
    assert_eq!(lines[0]["n"], "32");
    assert_eq!(lines[0]["numeral"], "1010100");
    assert_eq!(lines[0]["canonical"], false);
}

#[test]
fn ladder_factor_three() {
    // k = 3 ladder: 1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55, 76; 100 = 76 + 21 + 3.
    let lines = json_lines(&zecklab(&["repr", "100", "--k", "3", "--json"]));
    assert_eq!(lines[0]["terms"], serde_json::json!(["76", "21", "3"]));
    let lines = json_lines(&zecklab(&["repr", "100", "--k", "1", "--json"]));
    assert_eq!(lines[0]["terms"], serde_json::json!(["64", "32", "4"]));
}

#[test]
fn hundred_thousand_digit_input() {
    let digits: String = (0..100_000).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect();
    let o = zecklab(&["repr", &digits, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = &json_lines(&o)[0];
    assert_eq!(line["n"].as_str().unwrap(), digits);
    assert!(line["terms"].is_null(), "terms left out above the digit limit");
    let numeral = line["numeral"].as_str().unwrap();
    assert!(!numeral.contains("11"));
    // Read the numeral back through the CLI and get the same integer.
    // The numeral is longer than one argument may be, so it goes through stdin.
    let back = zecklab_with_stdin(&["repr", "--from-numeral", "-", "--json"], numeral);
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(json_lines(&back)[0]["n"].as_str().unwrap(), digits);
}

#[test]
fn bad_inputs_are_one_line_errors_with_status_2() {
    assert_usage_error(&zecklab(&["repr", "abc"]), "'abc'");
    assert_usage_error(&zecklab(&["repr", "-5"]), "'-5'");
    assert_usage_error(&zecklab(&["repr", "1.5"]), "'1.5'");
    assert_usage_error(&zecklab(&["repr", ""]), "empty");
    assert_usage_error(&zecklab(&["repr", "5", "--k", "0"]), "'0'");
    assert_usage_error(&zecklab(&["repr", "--from-numeral", "1021"]), "'1021'");
    // One bad input among good ones prints nothing at all.
    assert_usage_error(&zecklab(&["repr", "5", "x7", "8"]), "'x7'");
}

#[test]
fn closed_pipe_is_not_a_panic() {
    use std::process::{Command, Stdio};
    // Many lines into a reader that closes at once.
    let many: Vec<String> = (0..20_000).map(|i| i.to_string()).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_zecklab"))
        .arg("repr")
        .args(&many)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0));
}
