//! End-to-end test of `zecklab verify --quick`: every check passes, is described, and exits 0.

mod common;
use common::*;

#[test]
fn quick_verify_passes_and_describes_each_check() {
    let o = zecklab(&["verify", "--quick", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = &json_lines(&o)[0];
    assert_eq!(summary["failed"], 0);
    let checks = summary["checks"].as_array().unwrap();
    assert!(checks.len() >= 3);
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
