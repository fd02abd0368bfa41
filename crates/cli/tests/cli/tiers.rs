//! `zgame solve --tiers`: the tiered solve prints what the flat solve prints, and a run killed
//! part-way, or stopped by a signal, resumes from its checkpoint and prints the same answer.

use crate::common;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

/// A solve line's figures, without what belongs to the run (its time and engine).
fn figures(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line).expect("a JSON line");
    v.as_object_mut().unwrap().remove("seconds");
    v.as_object_mut().unwrap().remove("engine");
    v
}

/// The engine a solve line names.
fn engine(line: &str) -> String {
    let v: Value = serde_json::from_str(line).expect("a JSON line");
    v["engine"].as_str().expect("every solve line names its engine").to_string()
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
        assert_eq!(figures(f), figures(t));
        assert_eq!((engine(f), engine(t)), ("flat".into(), "tiers".into()));
    }
    for n in ["150", "200"] {
        let f = zecklab(&["zgame", "solve", "--n", n, "--no-remoteness", "--tiers-json", "--flat"]);
        let t = zecklab(&["zgame", "solve", "--n", n, "--no-remoteness", "--tiers-json", "--tiers"]);
        assert_eq!(figures(&stdout(&f)), figures(&stdout(&t)), "n = {n}");
    }
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "10", "--tiers", "--save"]), "--save");
    assert_usage_error(
        &zecklab(&["zgame", "solve", "--n", "10", "--flat", "--checkpoint", "x"]),
        "--checkpoint",
    );
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "900", "--flat"]), "--flat");
}

#[test]
fn the_layered_solve_prints_the_flat_solves_lines() {
    let flat =
        zecklab(&["zgame", "solve", "--n", "1", "--to", "70", "--no-remoteness", "--tiers-json", "--flat"]);
    // Outcomes only: the layered engine by itself, and by name with the portable kernel.
    let chosen = zecklab(&["zgame", "solve", "--n", "1", "--to", "70", "--no-remoteness", "--tiers-json"]);
    let named = zecklab(&[
        "zgame",
        "solve",
        "--n",
        "1",
        "--to",
        "70",
        "--no-remoteness",
        "--tiers-json",
        "--layers",
        "--engine",
        "portable",
    ]);
    let (flat, chosen, named) = (stdout(&flat), stdout(&chosen), stdout(&named));
    assert_eq!(flat.lines().count(), 70);
    for ((f, c), l) in flat.lines().zip(chosen.lines()).zip(named.lines()) {
        assert_eq!(figures(f), figures(c));
        assert_eq!(figures(f), figures(l));
        assert_eq!((engine(c), engine(l)), ("layered".into(), "layered".into()));
    }
    let f = zecklab(&["zgame", "solve", "--n", "200", "--no-remoteness", "--tiers-json", "--flat"]);
    let l = zecklab(&["zgame", "solve", "--n", "200", "--no-remoteness", "--tiers-json", "--layers"]);
    assert_eq!(figures(&stdout(&f)), figures(&stdout(&l)));
    // With remoteness the tier sweep runs.
    assert_eq!(engine(&stdout(&zecklab(&["zgame", "solve", "--n", "50", "--json"]))), "tiers");
    // What the layered engine does not do is refused before any work, saying why.
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "10", "--layers"]), "--no-remoteness");
    for other in ["--save", "--misere", "--tiers", "--flat"] {
        assert_usage_error(
            &zecklab(&["zgame", "solve", "--n", "10", "--layers", "--no-remoteness", other]),
            other,
        );
    }
    let too_large = zecklab(&["zgame", "solve", "--n", "1200", "--layers", "--no-remoteness"]);
    assert_eq!(too_large.status.code(), Some(2));
    assert!(stderr(&too_large).contains("the largest n it solves here is 1130"), "{}", stderr(&too_large));
}

/// `zgame solve --n 330 --tiers-json` with its checkpoint in `checkpoint`, saved after a tier
/// once `every` seconds have passed since the last.
fn solve_330_with_checkpoint(checkpoint: &Path, every: &str) -> Vec<String> {
    let dir = checkpoint.to_str().unwrap();
    ["zgame", "solve", "--n", "330", "--tiers-json", "--checkpoint", dir, "--checkpoint-every", every]
        .map(String::from)
        .to_vec()
}

/// The same command, run again, resumes from the checkpoint `file`, removes it at the end and
/// prints the flat solve's line, tier by tier.
fn assert_resumes_to_the_flat_answer(args: &[&str], file: &Path) {
    let resumed = zecklab(args);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resuming the game on n = 330"), "{}", stderr(&resumed));
    assert!(!file.exists(), "the checkpoint is removed once the run is complete");
    assert_eq!(&figures(&stdout(&resumed)), flat_330());
}

/// The flat solve's figures of the game on 330, the independent answer every interrupted run of
/// these tests must give: solved once for them all (it is the longest step of each).
fn flat_330() -> &'static Value {
    static FLAT: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    FLAT.get_or_init(|| {
        figures(&stdout(&zecklab(&["zgame", "solve", "--n", "330", "--tiers-json", "--flat"])))
    })
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint_with_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n330.tiers");
    let args = solve_330_with_checkpoint(&checkpoint, "0");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = command().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
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
    assert_resumes_to_the_flat_answer(&args, &file);

    // A damaged checkpoint is refused with its name, not resumed from.
    std::fs::create_dir_all(&checkpoint).unwrap();
    std::fs::write(&file, b"ZECKLAB TIERS\0\0\x01 and then garbage").unwrap();
    assert_usage_error(&zecklab(&args), "zgame-n330.tiers");
}

#[test]
fn a_checkpoint_that_cannot_be_saved_costs_a_warning_not_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    // A directory that cannot be made is refused before any work.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, b"a file").unwrap();
    let args = solve_330_with_checkpoint(&blocked.join("ckpt"), "0");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_usage_error(&zecklab(&args), "creating");

    // The checkpoint directory is a link, so that the test can swap it for a file in one step
    // while the run writes through it.
    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    std::os::unix::fs::symlink(&real, &checkpoint).unwrap();
    let args = solve_330_with_checkpoint(&checkpoint, "0");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let child = command().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !real.join("zgame-n330.tiers").exists() {
        assert!(Instant::now() < deadline, "no checkpoint was written");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The directory turns into a file under the run: no save can succeed from now on.
    let swap = dir.path().join("swap");
    std::os::unix::fs::symlink(&blocked, &swap).unwrap();
    std::fs::rename(&swap, &checkpoint).unwrap();
    let finished = child.wait_with_output().unwrap();
    assert_eq!(finished.status.code(), Some(0), "{}", stderr(&finished));
    let said = stderr(&finished);
    assert!(said.contains("warning: the checkpoint could not be saved"), "{said}");
    assert!(said.contains("warning: the finished run's checkpoint could not be removed"), "{said}");
    assert_eq!(&figures(&stdout(&finished)), flat_330());
}

#[test]
fn a_run_stopped_by_a_signal_saves_its_checkpoint_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n330.tiers");
    // No checkpoint falls due by the clock: only the signal can have it written.
    let args = solve_330_with_checkpoint(&checkpoint, "100000");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The run takes seconds; its first tiers are solved well within this.
    let stopped = stopped_by_signal(&args, Duration::from_millis(700), libc::SIGTERM);
    assert_eq!(stopped.status.code(), Some(128 + libc::SIGTERM), "{}", stderr(&stopped));
    assert!(stopped.stdout.is_empty(), "no answer from the stopped run");
    let said = stderr(&stopped);
    assert!(said.contains("stopped: the") && said.contains("the same command resumes"), "{said}");
    assert!(!said.contains("error"), "a requested stop is not an error: {said}");
    assert!(file.exists(), "the stopped run saved its checkpoint");
    assert_resumes_to_the_flat_answer(&args, &file);
}

#[test]
fn a_layered_run_stopped_by_a_signal_saves_its_window_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n520.layers");
    let ckpt = checkpoint.to_str().unwrap();
    // Outcomes only, so the layered engine runs; no checkpoint falls due by the clock.
    let args = ["zgame", "solve", "--n", "520", "--no-remoteness", "--tiers-json", "--checkpoint", ckpt];
    let args = [&args[..], &["--checkpoint-every", "100000"]].concat();
    let stopped = stopped_by_signal(&args, Duration::from_millis(700), libc::SIGTERM);
    assert_eq!(stopped.status.code(), Some(128 + libc::SIGTERM), "{}", stderr(&stopped));
    assert!(stopped.stdout.is_empty(), "no answer from the stopped run");
    let said = stderr(&stopped);
    assert!(said.contains("layers of n = 520") && said.contains("the same command resumes"), "{said}");
    assert!(file.exists(), "the stopped run saved its window of layers");
    let resumed = zecklab(&args);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resuming the game on n = 520"), "{}", stderr(&resumed));
    assert!(!file.exists(), "the checkpoint is removed once the run is complete");
    assert_eq!(engine(&stdout(&resumed)), "layered");
    let tiered = zecklab(&["zgame", "solve", "--n", "520", "--no-remoteness", "--tiers-json", "--tiers"]);
    assert_eq!(figures(&stdout(&resumed)), figures(&stdout(&tiered)));
    // A checkpoint counted otherwise is refused, naming the file, not resumed from.
    let _ = stopped_by_signal(&args, Duration::from_millis(700), libc::SIGTERM);
    let plain = zecklab(&["zgame", "solve", "--n", "520", "--no-remoteness", "--json", "--checkpoint", ckpt]);
    assert_eq!(plain.status.code(), Some(2), "{}", stderr(&plain));
    assert!(stderr(&plain).contains("cannot resume from") && stderr(&plain).contains("zgame-n520.layers"));
}

#[test]
fn the_scaling_model_adds_up_the_plans() {
    let args = ["zgame", "scaling", "--n", "300", "--processes", "1,2,4", "--throughput", "1000000"];
    let out = zecklab(&[&args[..], &["--bandwidth", "1000", "--latency", "2", "--json"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    let solved = json_lines(&zecklab(&["zgame", "solve", "--n", "300", "--no-remoteness", "--json"]));
    let positions = solved[0]["positions"].as_u64().unwrap();
    assert_eq!(lines.len(), 3);
    for (line, processes) in lines.iter().zip([1u64, 2, 4]) {
        assert_eq!(line["processes"].as_u64(), Some(processes));
        assert_eq!(line["positions"].as_u64(), Some(positions));
        let critical = line["critical_positions"].as_u64().unwrap();
        // The busiest process solves at least its even share, and never more than everything.
        assert!(critical * processes >= positions && critical <= positions, "{line}");
        let compute = line["compute_seconds"].as_f64().unwrap();
        assert!((compute - critical as f64 / 1e6).abs() < 1e-6, "{line}");
        let predicted = line["predicted_seconds"].as_f64().unwrap();
        let parts =
            ["planning_seconds", "compute_seconds", "exchange_seconds"].map(|k| line[k].as_f64().unwrap());
        assert!((predicted - parts.iter().sum::<f64>()).abs() < 1e-9, "{line}");
        let waves = line["waves"].as_u64().unwrap();
        // One process alone has no plan; more exchange something after every wave.
        assert_eq!(waves == 0, processes == 1, "{line}");
        assert_eq!(line["received_bytes"].as_u64() == Some(0), processes == 1, "{line}");
    }
    // Per tier: every tier planned once (without --every), their positions and waves the totals.
    let out = zecklab(&[&args[..], &["--bandwidth", "1000", "--latency", "2", "--tiers-json"]].concat());
    for line in json_lines(&out) {
        let tiers = line["tiers"].as_array().unwrap();
        let sum = |key: &str| tiers.iter().map(|t| t[key].as_u64().unwrap()).sum::<u64>();
        assert_eq!(sum("positions"), positions);
        assert_eq!(sum("waves"), line["waves"].as_u64().unwrap());
        assert_eq!(sum("critical_positions"), line["critical_positions"].as_u64().unwrap());
        let most = tiers.iter().map(|t| t["held_bytes"].as_u64().unwrap()).max();
        assert_eq!(most, line["held_bytes"].as_u64());
    }
    // A process keeps part of what one process alone holds, and the same count table.
    let held = |line: &serde_json::Value| line["held_bytes"].as_u64().unwrap();
    let table = |line: &serde_json::Value| line["memory_bytes"].as_u64().unwrap() - held(line);
    assert!(lines.iter().all(|line| held(line) <= held(&lines[0]) && table(line) == table(&lines[0])));
    assert!(held(&lines[2]) < held(&lines[0]), "{}", lines[2]);
    for bad in [
        &["--processes", "0", "--throughput", "1", "--bandwidth", "1", "--latency", "1"][..],
        &["--processes", "2", "--throughput", "0", "--bandwidth", "1", "--latency", "1"],
        &["--processes", "2", "--throughput", "1", "--bandwidth", "-3", "--latency", "1"],
        &["--processes", "2", "--throughput", "1", "--bandwidth", "1", "--latency", "1", "--every", "0"],
    ] {
        let out = zecklab(&[&["zgame", "scaling", "--n", "50"][..], bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&out).starts_with("error:") && stderr(&out).lines().count() == 1, "{bad:?}");
    }
}
