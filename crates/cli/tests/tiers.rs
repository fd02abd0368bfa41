//! `zgame solve --tiers`: the tiered solve prints what the flat solve prints, and a run killed
//! part-way resumes from its checkpoint and prints the same answer.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

fn without_seconds(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line).expect("a JSON line");
    v.as_object_mut().unwrap().remove("seconds");
    v
}

#[test]
fn the_tiered_solve_prints_the_flat_solves_lines() {
    let flat = zecklab(&["zgame", "solve", "--n", "1", "--to", "70", "--tiers-json", "--flat"]);
    let tiered = zecklab(&["zgame", "solve", "--n", "1", "--to", "70", "--tiers-json", "--tiers"]);
    assert_eq!(flat.status.code(), Some(0));
    assert_eq!(tiered.status.code(), Some(0), "{}", stderr(&tiered));
    let (flat, tiered) = (stdout(&flat), stdout(&tiered));
    assert_eq!(flat.lines().count(), 70);
    for (f, t) in flat.lines().zip(tiered.lines()) {
        assert_eq!(without_seconds(f), without_seconds(t));
    }
    for n in ["150", "200"] {
        let f = zecklab(&["zgame", "solve", "--n", n, "--no-remoteness", "--tiers-json", "--flat"]);
        let t = zecklab(&["zgame", "solve", "--n", n, "--no-remoteness", "--tiers-json", "--tiers"]);
        assert_eq!(without_seconds(&stdout(&f)), without_seconds(&stdout(&t)), "n = {n}");
    }
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "10", "--tiers", "--save"]), "--save");
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--n", "10", "--flat", "--checkpoint", "x"]),
        "--checkpoint",
    );
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "900", "--flat"]), "--flat");
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint_with_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n360.tiers");
    let args = [
        "zgame",
        "solve",
        "--n",
        "360",
        "--tiers-json",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0",
    ];
    let mut child = command().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Wait for the first tiers to be saved (the run takes seconds), then kill it without warning.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !file.exists() {
        assert!(Instant::now() < deadline, "no checkpoint was written");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(child.try_wait().unwrap().is_none(), "the run was still going when killed");
    child.kill().unwrap();
    let killed = child.wait_with_output().unwrap();
    assert!(!killed.status.success());
    assert!(killed.stdout.is_empty(), "no answer from the killed run");
    assert!(file.exists(), "the checkpoint survives the kill");

    let resumed = zecklab(&args);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resuming the game on n = 360"), "{}", stderr(&resumed));
    assert!(!file.exists(), "the checkpoint is removed once the run is complete");
    let uninterrupted = zecklab(&["zgame", "solve", "--n", "360", "--tiers-json", "--flat"]);
    assert_eq!(without_seconds(&stdout(&resumed)), without_seconds(&stdout(&uninterrupted)));

    // A damaged checkpoint is refused with its name, not resumed from.
    std::fs::create_dir_all(&checkpoint).unwrap();
    std::fs::write(&file, b"ZECKLAB TIERS\0\0\x01 and then garbage").unwrap();
    assert_usage_error(&zecklab(&args), "zgame-n360.tiers");
}
