//! End-to-end test of `zecklab verify`'s output: each check is described, the JSON summary has
//! its fields, and a selection that matches nothing is an error. (The whole quick suite runs
//! once, in the `zecklab-verify` crate's own tests.)

use crate::common;
use common::*;

#[test]
fn quick_verify_passes_and_describes_each_check() {
    let o = zecklab(&["verify", "--quick", "--json", "--only", "zgame-position-count"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = &json_lines(&o)[0];
    assert_eq!(summary["failed"], 0);
    let checks = summary["checks"].as_array().unwrap();
    assert_eq!(checks.len(), 1);
    for c in checks {
        for field in ["id", "statement", "source", "range", "method", "detail"] {
            assert!(!c[field].as_str().unwrap().is_empty(), "{field} of {c}");
        }
        assert_eq!(c["passed"], true, "{c}");
    }
    let human = zecklab(&["verify", "--quick", "--only", "numeral"]);
    assert!(stdout(&human).contains("PASS  numeral-rule"));
    assert!(stdout(&human).contains("1 passed, 0 failed"));
}

#[test]
fn a_selection_of_no_check_is_an_error() {
    let o = zecklab(&["verify", "--quick", "--only", "nonexistent"]);
    assert_usage_error(&o, "no check id contains 'nonexistent'");
    assert!(stderr(&o).contains("zgame-solver-naive"), "the message lists the checks");
}
