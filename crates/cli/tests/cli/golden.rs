//! Golden output: each file in `tests/golden/` holds a command (its first line, `# ` and a JSON
//! array of arguments) and the exact JSON lines it must print. Fields named `seconds` are
//! compared by type only, since timings vary. These files are the JSON contract of the CLI: a
//! change to any of them is a change to the interface.
//!
//! `ZECKLAB_BLESS=1 cargo test -p zecklab --test golden` rewrites the files from the current
//! program (review the diff before committing it).

use crate::common;
use common::*;

use serde_json::Value;

/// Replaces every `seconds` number by 0 so that timings do not count.
fn without_timings(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "seconds" {
                    assert!(v.is_number(), "seconds is a number: {v}");
                    *v = Value::from(0);
                } else {
                    without_timings(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(without_timings),
        _ => {}
    }
}

#[test]
fn every_golden_file_matches() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 10, "the golden files are there");
    let bless = std::env::var_os("ZECKLAB_BLESS").is_some();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (command, expected) = text.split_once('\n').unwrap();
        let args: Vec<String> = serde_json::from_str(command.strip_prefix("# ").unwrap()).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = zecklab(&args);
        assert_eq!(o.status.code(), Some(0), "{}: {}", path.display(), stderr(&o));
        let mut got = json_lines(&o);
        got.iter_mut().for_each(without_timings);
        if bless {
            std::fs::write(&path, format!("{command}\n{}", stdout(&o))).unwrap();
            continue;
        }
        let mut want: Vec<Value> = expected.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        want.iter_mut().for_each(without_timings);
        assert_eq!(got, want, "{}: output differs from the golden file", path.display());
    }
}
