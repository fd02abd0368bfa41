//! `zecklab data`: the published files in `docs/data` match their checksums and an independent
//! count, a fresh solve reproduces their first rows, and damaged input is refused.

use crate::common;

use std::path::{Path, PathBuf};

use common::{assert_usage_error, stderr, stdout, zecklab};
use zecklab_store::data::{Record, B_POSITIONS, B_P_POSITIONS, B_REMOTENESS};

fn published() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data")
}

#[test]
fn published_data_matches_its_checksums_and_the_independent_counts() {
    let dir = published();
    let o = zecklab(&["data", "check", "--dir", dir.to_str().unwrap(), "--flat-to", "60", "--json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(report["disagreements"], serde_json::json!([]), "{report}");
    assert_eq!(report["ok"], true);
    assert!(report["n_recorded"].as_u64().unwrap() >= 60, "{report}");
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The values of a row that a fresh solve must reproduce (not its timing, version or machine).
fn values(record: &Record, n: u32) -> (serde_json::Value, Vec<(u32, u64, u64)>) {
    let row = record.get(n).unwrap_or_else(|| panic!("n = {n} is recorded"));
    let tiers = record.tiers(n).unwrap().iter().map(|t| (t.parts, t.positions, t.p_positions)).collect();
    (
        serde_json::json!([row.n, row.positions, row.p_positions, row.winner, row.remoteness, row.solver]),
        tiers,
    )
}

fn b_file_lines(dir: &Path, name: &str, to: u32) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    text.lines().filter(|l| !l.starts_with('#')).take(to as usize).map(str::to_string).collect()
}

#[test]
fn a_fresh_solve_reproduces_the_published_rows_to_60() {
    let fresh = tempfile::tempdir().unwrap();
    let dir = fresh.path().to_str().unwrap();
    let o = zecklab(&["data", "solve", "--dir", dir, "--to", "60", "--remoteness-to", "60", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 60);
    let (ours, theirs) = (Record::load(fresh.path()).unwrap(), Record::load(&published()).unwrap());
    for n in 1..=60 {
        assert_eq!(values(&ours, n), values(&theirs, n), "n = {n}");
    }
    for name in [B_POSITIONS, B_P_POSITIONS, B_REMOTENESS] {
        assert_eq!(b_file_lines(fresh.path(), name, 60), b_file_lines(&published(), name, 60), "{name}");
    }
    // Run again, it solves nothing: every n is recorded.
    let again = zecklab(&["data", "solve", "--dir", dir, "--to", "60", "--remoteness-to", "60", "--json"]);
    assert!(again.status.success() && again.stdout.is_empty(), "{}", stderr(&again));
    let check = zecklab(&["data", "check", "--dir", dir]);
    assert!(check.status.success(), "{}", stdout(&check));
}

#[test]
fn damaged_or_edited_data_is_caught() {
    let fresh = tempfile::tempdir().unwrap();
    let dir = fresh.path().to_str().unwrap();
    assert!(zecklab(&["data", "solve", "--dir", dir, "--to", "12"]).status.success());
    // A b-file edited by hand: its checksum and its values disagree.
    let b = fresh.path().join(B_POSITIONS);
    let edited = std::fs::read_to_string(&b).unwrap().replace("\n12 ", "\n12 1");
    std::fs::write(&b, edited).unwrap();
    let o = zecklab(&["data", "check", "--dir", dir, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["checksums_ok"], false);
    assert_eq!(report["disagreements"].as_array().unwrap().len(), 2, "{report}");
    // `write` puts back what the record gives.
    assert!(zecklab(&["data", "write", "--dir", dir]).status.success());
    assert!(zecklab(&["data", "check", "--dir", dir]).status.success());

    // A damaged table is an error naming the line, and nothing is written over it.
    let csv = fresh.path().join("zgame-by-n.csv");
    let damaged = std::fs::read_to_string(&csv).unwrap().replacen(",P2,", ",P3,", 1);
    std::fs::write(&csv, &damaged).unwrap();
    let o = zecklab(&["data", "solve", "--dir", dir, "--to", "14"]);
    assert_usage_error(&o, "P3");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), damaged);
}

#[test]
fn bad_arguments_are_refused() {
    assert_usage_error(
        &zecklab(&["data", "solve", "--dir", "/nonexistent/zecklab", "--to", "5"]),
        "not a directory",
    );
    let fresh = tempfile::tempdir().unwrap();
    let dir = fresh.path().to_str().unwrap();
    assert_usage_error(&zecklab(&["data", "solve", "--dir", dir, "--to", "-5"]), "-5");
    // Remoteness past where the solve keeps it would be dropped, and the n solved again by every
    // later run: refused before anything is solved.
    let past = zecklab(&[
        "data",
        "solve",
        "--dir",
        dir,
        "--from",
        "1008",
        "--to",
        "1008",
        "--remoteness-to",
        "1008",
    ]);
    assert_usage_error(&past, "--remoteness-to 1008 is too large");
    assert!(std::fs::read_dir(fresh.path()).unwrap().next().is_none(), "nothing written");
    let lines = fresh.path().join("lines.jsonl");
    std::fs::write(
        &lines,
        "{\"n\":3,\"positions\":3,\"p_positions\":1,\"winner\":\"P2\",\"remoteness\":null,\"seconds\":0.1}\n",
    )
    .unwrap();
    assert_usage_error(&zecklab(&["data", "import", "--dir", dir, lines.to_str().unwrap()]), "line 1");
}

#[test]
fn lines_a_count_or_the_start_contradicts_are_refused_and_nothing_is_recorded() {
    let fresh = tempfile::tempdir().unwrap();
    let dir = fresh.path().to_str().unwrap();
    let solved = zecklab(&["zgame", "solve", "--n", "12", "--tiers-json"]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let line: serde_json::Value = serde_json::from_str(stdout(&solved).trim()).unwrap();
    let import = |name: &str, line: &serde_json::Value| {
        let file = fresh.path().join(name);
        std::fs::write(&file, format!("{line}\n")).unwrap();
        zecklab(&["data", "import", "--dir", dir, file.to_str().unwrap()])
    };
    // One position more in a tier and in the total: the sums agree, the count does not.
    let mut miscounted = line.clone();
    let tier = &mut miscounted["tiers"][3];
    let (parts, positions) = (tier["parts"].as_u64().unwrap(), tier["positions"].as_u64().unwrap());
    tier["positions"] = (positions + 1).into();
    miscounted["positions"] = (line["positions"].as_u64().unwrap() + 1).into();
    let o = import("miscounted.jsonl", &miscounted);
    assert_usage_error(
        &o,
        &format!(
            "n = 12, parts = {parts}: positions recorded {}, partitions counted {positions}",
            positions + 1
        ),
    );
    assert!(stderr(&o).contains("nothing recorded"), "{}", stderr(&o));
    // The winner flipped: the start's tier (12 ones, a P-position) says otherwise.
    let mut flipped = line.clone();
    assert_eq!(line["winner"], "P2");
    flipped["winner"] = "P1".into();
    assert_usage_error(
        &import("flipped.jsonl", &flipped),
        "the start (the only position with 12 parts) is a P-position",
    );
    let written: Vec<_> = std::fs::read_dir(fresh.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.ends_with(".jsonl"))
        .collect();
    assert!(written.is_empty(), "nothing written: {written:?}");
    // The line as solved is recorded, and checks.
    let o = import("solved.jsonl", &line);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(zecklab(&["data", "check", "--dir", dir]).status.success());
}

#[test]
fn the_number_of_positions_is_oeis_a003107_from_n_1() {
    // A003107, the partitions of n into Fibonacci parts, as the OEIS lists it from n = 0
    // (its data line); the published b-file starts at n = 1.
    const A003107: [u64; 54] = [
        1, 1, 2, 3, 4, 6, 8, 10, 14, 17, 22, 27, 33, 41, 49, 59, 71, 83, 99, 115, 134, 157, 180, 208, 239,
        272, 312, 353, 400, 453, 509, 573, 642, 717, 803, 892, 993, 1102, 1219, 1350, 1489, 1640, 1808, 1983,
        2178, 2386, 2609, 2854, 3113, 3393, 3697, 4017, 4367, 4737,
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data");
    let b_file = std::fs::read_to_string(root.join("b-zgame-positions.txt")).unwrap();
    let terms: Vec<(u64, u64)> = b_file
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, a) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), a.parse().unwrap())
        })
        .collect();
    assert_eq!(terms[0].0, 1, "the b-file starts at n = 1");
    for &(n, a) in terms.iter().take_while(|(n, _)| (*n as usize) < A003107.len()) {
        assert_eq!(a, A003107[n as usize], "n = {n}");
    }
    assert!(terms.len() >= A003107.len() - 1, "the whole published data line overlaps");
    // The OEIS-ready entries hold the record's own sequences, named by content, with b-files.
    for stem in ["zgame-p-positions", "zgame-remoteness"] {
        let entry = std::fs::read_to_string(root.join(format!("oeis/{stem}.txt"))).unwrap();
        assert!(entry.starts_with("%I A??????\n%S A?????? "), "{entry}");
        let b = std::fs::read_to_string(root.join(format!("oeis/b-{stem}.txt"))).unwrap();
        assert!(b.starts_with("1 "), "{stem}");
    }
}
