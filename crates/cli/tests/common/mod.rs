//! Helpers for running the built `zecklab` binary in integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// An empty store directory for this test process, so that no test sees tables the user (or
/// another test) stored: every run of the binary gets it as `ZECKLAB_STORE`.
pub fn empty_store() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zecklab-tests-empty-store-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// The built binary with the test environment set.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_zecklab"));
    command.env("ZECKLAB_STORE", empty_store());
    command
}

pub fn zecklab(args: &[&str]) -> Output {
    command().args(args).output().expect("zecklab runs")
}

/// Runs zecklab with `args`, sends it `signal` once `after` has passed, and returns what it
/// printed.
pub fn stopped_by_signal(args: &[&str], after: std::time::Duration, signal: i32) -> Output {
    let child =
        command().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("zecklab runs");
    std::thread::sleep(after);
    let pid = i32::try_from(child.id()).expect("a process id");
    // SAFETY: `kill` only sends a signal, to the child started here and not yet reaped.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    child.wait_with_output().expect("zecklab finishes")
}

pub fn zecklab_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("zecklab runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("zecklab finishes")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

/// Asserts a usage error: exit status 2, one line on stderr naming `needle`, nothing on stdout,
/// and no panic.
pub fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "stderr {err:?} should mention {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one-line message: {err:?}");
    assert!(o.stdout.is_empty(), "no output on error");
}

/// A `zecklab serve` process on a free loopback port, stopped when dropped.
pub struct Server {
    pub child: std::process::Child,
    pub base: String,
}

impl Server {
    /// Starts the server with `extra` arguments and waits for its "listening on" line.
    pub fn start(extra: &[&str]) -> Server {
        let mut command = command();
        command.args(["serve", "--port", "0"]).args(extra);
        Server::spawn(command)
    }

    /// [`Server::start`] with the process's address space limited to `kib` KiB (`ulimit -v`).
    pub fn start_with_address_space(kib: u64, extra: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -v {kib} && exec \"$0\" serve --port 0 \"$@\""))
            .arg(env!("CARGO_BIN_EXE_zecklab"))
            .args(extra)
            .env("ZECKLAB_STORE", empty_store());
        Server::spawn(command)
    }

    fn spawn(mut command: Command) -> Server {
        use std::io::BufRead;
        let mut child =
            command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("zecklab serve starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, base }
    }

    /// The server's peak resident memory so far, in bytes (Linux).
    pub fn peak_rss(&self) -> u64 {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("proc status");
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
