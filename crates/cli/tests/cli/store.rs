//! The store from the command line: saving, answering from it, listing, verifying (a flipped
//! byte is caught), removing, exporting, and a save killed part-way.

use crate::common;
use common::*;

use std::path::{Path, PathBuf};
use std::process::Command;

fn store_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zecklab-cli-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn with_store(dir: &Path, args: &[&str]) -> std::process::Output {
    command().env("ZECKLAB_STORE", dir).args(args).output().unwrap()
}

#[test]
fn saved_games_answer_positions_without_solving() {
    let dir = store_dir("answer");
    let o = with_store(&dir, &["zgame", "solve", "--n", "60", "--save", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let saved = json_lines(&o)[0]["saved"].as_str().unwrap().to_string();
    assert!(Path::new(&saved).starts_with(&dir), "{saved}");
    // The same answer from the store as from a fresh solve (the test environment's store is empty).
    let p = "1^20 2^5 3^4 5^2 8^1";
    let from_store = &json_lines(&with_store(&dir, &["zgame", "position", p, "--json", "--line"]))[0];
    let solved = &json_lines(&zecklab(&["zgame", "position", p, "--json", "--line"]))[0];
    assert_eq!(from_store["source"], "store");
    assert_eq!(solved["source"], "solved");
    for field in ["position", "outcome", "remoteness", "moves", "line"] {
        assert_eq!(from_store[field], solved[field], "{field}");
    }
    // The line: the remoteness tells its length, the values alternate, and it ends at the end.
    let line = from_store["line"].as_array().unwrap();
    assert_eq!(line.len() as u64, from_store["remoteness"].as_u64().unwrap());
    for (i, step) in line.iter().enumerate() {
        let left = from_store["remoteness"].as_u64().unwrap() - 1 - i as u64;
        assert_eq!(step["remoteness"], left, "step {i}");
    }
    let last = line.last().unwrap()["to"].as_str().unwrap();
    assert_eq!(json_lines(&zecklab(&["zgame", "position", last, "--json"]))[0]["terminal"], true);
    // Moves are listed best first: winning moves fastest first, then losing moves slowest first.
    let moves = from_store["moves"].as_array().unwrap();
    let keys: Vec<(bool, i64)> = moves
        .iter()
        .map(|m| {
            let r = m["remoteness"].as_i64().unwrap();
            let winning = m["winning"].as_bool().unwrap();
            (!winning, if winning { r } else { -r })
        })
        .collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    // Stored games past the on-demand limit are answered too: the limit is for solving only.
    let o = with_store(&dir, &["zgame", "check", "--n", "60", "--json"]);
    assert_eq!(json_lines(&o)[0]["source"], "store");
    assert_eq!(json_lines(&o)[0]["inconsistent"], 0);
}

#[test]
fn list_verify_remove_and_a_flipped_byte() {
    let dir = store_dir("verify");
    for n in ["30", "31"] {
        assert_eq!(with_store(&dir, &["zgame", "solve", "--n", n, "--save"]).status.code(), Some(0));
    }
    let listed = json_lines(&with_store(&dir, &["store", "list", "--json"]));
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["game"], "zgame");
    assert_eq!(listed[0]["n"], 30);
    assert_eq!(listed[0]["remoteness"], true);
    let solved = &json_lines(&zecklab(&["zgame", "solve", "--n", "30", "--json"]))[0];
    assert_eq!(listed[0]["positions"], solved["positions"]);
    assert!(listed[0]["bytes"].as_u64().unwrap() > 4096);
    let o = with_store(&dir, &["store", "verify", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(json_lines(&o).iter().all(|l| l["ok"] == true));
    // Flip one byte of the outcome table of n = 31.
    let path = dir.join("zgame-n31.zkt");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[4096] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let o = with_store(&dir, &["store", "verify", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&o);
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[1]["ok"], false);
    assert!(lines[1]["error"].as_str().unwrap().contains("zgame-n31.zkt"), "{}", lines[1]);
    // No answer comes from the damaged file: an error naming it, exit 2.
    let o = with_store(&dir, &["zgame", "position", "1^31", "--json"]);
    assert_usage_error(&o, "zgame-n31.zkt");
    let o = with_store(&dir, &["store", "remove", "--n", "31", "--json"]);
    assert_eq!(json_lines(&o)[0]["removed"], true);
    assert_eq!(json_lines(&with_store(&dir, &["store", "list", "--json"])).len(), 1);
}

#[test]
fn exports_in_both_formats() {
    let dir = store_dir("export");
    assert_eq!(with_store(&dir, &["zgame", "solve", "--n", "40", "--save"]).status.code(), Some(0));
    let csv = dir.join("all.csv");
    let o = with_store(
        &dir,
        &["zgame", "export", "--n", "40", "--format", "csv", "--out", csv.to_str().unwrap(), "--json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = &json_lines(&o)[0];
    assert_eq!(summary["source"], "store");
    let positions =
        json_lines(&zecklab(&["zgame", "solve", "--n", "40", "--json"]))[0]["positions"].as_u64().unwrap();
    assert_eq!(summary["rows"], positions);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count() as u64, 1 + positions);
    assert!(
        text.starts_with("rank,c1,c2,c3,c4,c5,c6,c7,c8,outcome,remoteness\n0,40,0,0,0,0,0,0,0,loss,"),
        "{}",
        &text[..80]
    );
    // P-positions only, solved on demand (not stored), as Parquet: rows are the P-position count.
    let parquet = dir.join("p.parquet");
    let o = zecklab(&[
        "zgame",
        "export",
        "--n",
        "40",
        "--format",
        "parquet",
        "--p-positions",
        "--out",
        parquet.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let p_positions =
        json_lines(&zecklab(&["zgame", "solve", "--n", "40", "--json"]))[0]["p_positions"].clone();
    assert_eq!(json_lines(&o)[0]["rows"], p_positions);
    assert_eq!(json_lines(&o)[0]["source"], "solved");
    assert_eq!(&std::fs::read(&parquet).unwrap()[..4], b"PAR1");
    assert_usage_error(
        &zecklab(&["zgame", "export", "--n", "40", "--format", "xml", "--out", "x"]),
        "possible values",
    );
}

#[test]
fn a_store_that_cannot_be_written_is_refused_before_the_solve() {
    let dir = store_dir("blocked");
    std::fs::create_dir_all(&dir).unwrap();
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, b"kept").unwrap();
    let store = blocked.join("store");
    // n = 420 takes a minute to solve: refused at once, not after it.
    for args in [
        &["zgame", "solve", "--n", "420", "--save"][..],
        &["zgame", "solve", "--n", "300", "--recurrence", "1,3", "--save"],
    ] {
        let started = std::time::Instant::now();
        assert_usage_error(&with_store(&store, args), "creating the store directory");
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "{args:?} solved first");
    }
    assert_eq!(std::fs::read(&blocked).unwrap(), b"kept");
}

#[test]
fn a_save_killed_at_any_moment_leaves_no_half_table() {
    let dir = store_dir("kill");
    // Start from a complete table of n = 200 so that a killed save must leave it whole.
    assert_eq!(with_store(&dir, &["zgame", "solve", "--n", "200", "--save"]).status.code(), Some(0));
    for delay_ms in [50, 150, 300, 500, 800, 1200] {
        let mut child = command()
            .env("ZECKLAB_STORE", &dir)
            .args(["zgame", "solve", "--n", "200", "--save"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let o = with_store(&dir, &["store", "verify", "--json"]);
        assert_eq!(o.status.code(), Some(0), "after a kill at {delay_ms} ms: {}", stdout(&o));
        let lines = json_lines(&o);
        assert_eq!(lines.len(), 1, "exactly the one table: {lines:?}");
        assert_eq!(lines[0]["n"], 200);
    }
    // The next save removes the dead writers' temporary files.
    assert_eq!(with_store(&dir, &["zgame", "solve", "--n", "5", "--save"]).status.code(), Some(0));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| n.ends_with(".zkt")), "{names:?}");
    let _ = Command::new("true").status();
}
