//! `zgame solve` as an MPI job (the `mpi` feature): 1 to 4 processes under `mpirun` print the
//! single process's lines, and a job that loses a process fails and resumes from its checkpoint.
//!
//! These tests need Open MPI's `mpirun`. Without it they pass with a note, unless
//! `ZECKLAB_MPI_TESTS=require` (as CI sets it) makes its absence a failure.
#![cfg(feature = "mpi")]

mod common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

/// `mpirun` with what running here needs: as root when the tests are, and more processes
/// than cores.
fn mpirun(processes: usize, args: &[&str]) -> Option<Command> {
    let found = Command::new("mpirun").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("ZECKLAB_MPI_TESTS").as_deref() != Ok("require"),
            "mpirun is required (ZECKLAB_MPI_TESTS=require) but not found"
        );
        eprintln!("note: mpirun not found; skipping the MPI tests");
        return None;
    }
    let mut command = Command::new("mpirun");
    command
        .args(["--allow-run-as-root", "--oversubscribe", "-np", &processes.to_string()])
        .arg(env!("CARGO_BIN_EXE_zecklab"))
        .args(args);
    Some(command)
}

/// The JSON lines printed, without the timing and the engine (one process alone solves outcomes
/// by layers, a job by tiers).
fn lines(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line).expect("a JSON line");
            value.as_object_mut().unwrap().remove("seconds");
            value.as_object_mut().unwrap().remove("engine");
            value
        })
        .collect()
}

/// Whether every line printed says the tier sweep ran.
fn by_tiers(output: &Output) -> bool {
    stdout(output).lines().all(|line| {
        let value: Value = serde_json::from_str(line).expect("a JSON line");
        value["engine"] == "tiers"
    })
}

#[test]
fn every_job_size_prints_the_single_process_lines() {
    for range in [["--n", "1", "--to", "200"], ["--n", "300", "--to", "300"]] {
        let args: Vec<&str> =
            ["zgame", "solve"].into_iter().chain(range).chain(["--no-remoteness", "--tiers-json"]).collect();
        let single = zecklab(&args);
        assert_eq!(single.status.code(), Some(0), "{}", stderr(&single));
        let expected = lines(&single);
        assert!(expected.iter().all(|l| l["tiers"].as_array().is_some_and(|t| !t.is_empty())));
        for processes in 1..=4 {
            let Some(mut job) = mpirun(processes, &args) else { return };
            let got = job.output().unwrap();
            assert_eq!(got.status.code(), Some(0), "{processes} processes: {}", stderr(&got));
            // Only the first process prints: one line per n, as from one process.
            assert_eq!(lines(&got), expected, "{processes} processes, {range:?}");
            assert!(by_tiers(&got), "a job shares the tier sweep");
        }
    }
}

#[test]
fn a_job_refuses_what_it_cannot_share_once() {
    for extra in
        [&["--n", "30"][..], &["--n", "30", "--flat", "--no-remoteness"], &["--n", "30", "--reversed"]]
    {
        let args: Vec<&str> = ["zgame", "solve"].into_iter().chain(extra.iter().copied()).collect();
        let Some(mut job) = mpirun(2, &args) else { return };
        let got = job.output().unwrap();
        assert_ne!(got.status.code(), Some(0), "{extra:?}");
        assert!(got.stdout.is_empty());
        let err = stderr(&got);
        // The first process reports it, once; the others stay quiet.
        assert_eq!(err.matches("error: over MPI").count(), 1, "{extra:?}: {err}");
        assert!(err.contains("--no-remoteness"), "{err}");
    }
}

/// The processes `mpirun` started, with their MPI ranks.
fn ranks_of(mpirun: u32) -> Vec<(u32, String)> {
    let children =
        std::fs::read_to_string(format!("/proc/{mpirun}/task/{mpirun}/children")).unwrap_or_default();
    children
        .split_whitespace()
        .filter_map(|pid| pid.parse::<u32>().ok())
        .filter_map(|pid| {
            let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
            let rank = environ
                .split(|&b| b == 0)
                .filter_map(|v| std::str::from_utf8(v).ok())
                .find_map(|v| v.strip_prefix("OMPI_COMM_WORLD_RANK="))?
                .to_string();
            Some((pid, rank))
        })
        .collect()
}

#[test]
fn a_job_that_loses_a_process_fails_and_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n360.tiers");
    let dir_arg = checkpoint.to_str().unwrap();
    let args = ["zgame", "solve", "--n", "360", "--no-remoteness", "--tiers-json"];
    let with_checkpoint: Vec<&str> =
        args.into_iter().chain(["--checkpoint", dir_arg, "--checkpoint-every", "0"]).collect();
    let Some(mut job) = mpirun(2, &with_checkpoint) else { return };
    let mut job = job.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Wait for the first tiers to be saved, then kill the second process without warning.
    let deadline = Instant::now() + Duration::from_secs(120);
    while !file.exists() {
        assert!(Instant::now() < deadline, "no checkpoint appeared");
        assert!(job.try_wait().unwrap().is_none(), "the job ended before its first checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    let (victim, _) =
        ranks_of(job.id()).into_iter().find(|(_, rank)| rank == "1").expect("process 1 running");
    Command::new("kill").args(["-KILL", &victim.to_string()]).status().unwrap();
    let failed = job.wait_with_output().unwrap();
    assert!(!failed.status.success(), "the job fails when a process dies");
    assert!(failed.stdout.is_empty(), "no answer from the failed job");
    let err = stderr(&failed);
    assert!(err.contains("signal 9") || err.contains("Killed"), "mpirun names the lost process: {err}");
    assert!(file.exists(), "the checkpoint survives the failure");

    // The resubmitted job resumes and prints what one uninterrupted process prints.
    let Some(mut again) = mpirun(2, &with_checkpoint) else { return };
    let resumed = again.output().unwrap();
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resuming the game on n = 360"), "{}", stderr(&resumed));
    assert_eq!(lines(&resumed), lines(&zecklab(&args)));
    assert!(!file.exists(), "the finished job removes its checkpoint");
}
