//! The house rules of the zecklab workspace, as checks each crate's `tests/house.rs` runs on its
//! own sources (and this crate's tests on every crate's):
//!
//! - [`assert_no_import_circle`]: no source file depends, directly or through others, on a file
//!   that depends on it, at any depth of the module tree;
//! - [`assert_files_short`]: no source file is longer than [`MOST_LINES`];
//! - [`assert_crate_small`]: no crate's sources are longer than [`MOST_CRATE_LINES`];
//! - [`assert_unsafe_documented`]: a crate with `unsafe` code denies the lints that make each
//!   block carry its own `SAFETY` note.
//!
//! [`crate_graph`] reads the crate graph that `ARCHITECTURE.md` states, for the test that holds
//! it to `cargo metadata`'s.
//!
//! ```
//! zecklab_house::assert_no_import_circle(env!("CARGO_MANIFEST_DIR"));
//! ```

mod imports;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use imports::{import_graph, strip_comments, Module};

/// The most lines a source file may have.
pub const MOST_LINES: usize = 1200;

/// The most lines a crate's sources (`src/`) may have together.
pub const MOST_CRATE_LINES: usize = 12_000;

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Panics, naming the files, when a source file of the crate at `crate_dir` (its `src/`) depends
/// on a file that depends on it. A module's own submodules and ancestors do not count: a parent
/// may use its children, and a child its parent's items (a name a parent re-exports counts as the
/// file it comes from). Test modules (from a file's first `#[cfg(test)]` on) do not count.
pub fn assert_no_import_circle(crate_dir: impl AsRef<Path>) {
    let graph = import_graph(&crate_dir.as_ref().join("src"));
    let circles = imports::circles(&graph);
    assert!(
        circles.is_empty(),
        "import circles between the source files of {}:\n{}",
        crate_dir.as_ref().display(),
        circles.iter().map(|c| format!("  {}", c.join(" <-> "))).collect::<Vec<_>>().join("\n")
    );
}

/// Panics, naming them, when a source file of the crate at `crate_dir` (under `src/`, `tests/`,
/// `benches/`) is longer than [`MOST_LINES`].
pub fn assert_files_short(crate_dir: impl AsRef<Path>) {
    let dir = crate_dir.as_ref();
    let long: Vec<String> = ["src", "tests", "benches"]
        .iter()
        .flat_map(|sub| rust_files(&dir.join(sub)))
        .filter_map(|file| {
            let lines = std::fs::read_to_string(&file).ok()?.lines().count();
            (lines > MOST_LINES).then(|| format!("  {} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "source files longer than {MOST_LINES} lines:\n{}", long.join("\n"));
}

/// Panics when the sources of the crate at `crate_dir` (under `src/`) are longer than
/// [`MOST_CRATE_LINES`] together: a crate that large has more than one job.
pub fn assert_crate_small(crate_dir: impl AsRef<Path>) {
    let dir = crate_dir.as_ref();
    let lines: usize = rust_files(&dir.join("src"))
        .iter()
        .filter_map(|file| std::fs::read_to_string(file).ok())
        .map(|text| text.lines().count())
        .sum();
    assert!(
        lines <= MOST_CRATE_LINES,
        "the sources of {} have {lines} lines, more than {MOST_CRATE_LINES}: split the crate along its seams",
        dir.display()
    );
}

/// Panics when a source file of the crate at `crate_dir` holds `unsafe` code and the crate does
/// not deny `clippy::undocumented_unsafe_blocks` and `unsafe_op_in_unsafe_fn` (in its `lib.rs` or
/// `main.rs`, or its `Cargo.toml`'s lints).
pub fn assert_unsafe_documented(crate_dir: impl AsRef<Path>) {
    let dir = crate_dir.as_ref();
    let unsafe_files: Vec<PathBuf> = rust_files(&dir.join("src"))
        .into_iter()
        .filter(|file| std::fs::read_to_string(file).is_ok_and(|text| has_unsafe_code(&text)))
        .collect();
    if unsafe_files.is_empty() {
        return;
    }
    let declared: String = ["src/lib.rs", "src/main.rs", "Cargo.toml"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(dir.join(f)).ok())
        .collect();
    for lint in ["undocumented_unsafe_blocks", "unsafe_op_in_unsafe_fn"] {
        let denied = declared.lines().any(|line| {
            let line = line.trim();
            (line.starts_with("#![deny(") || line.starts_with("#![forbid(")) && line.contains(lint)
                || line.starts_with(lint) && line.contains("deny")
        });
        assert!(
            denied,
            "{} has unsafe code ({}) but does not deny {lint}",
            dir.display(),
            unsafe_files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    }
}

/// Whether `text` has an `unsafe` block, function or impl outside comments.
fn has_unsafe_code(text: &str) -> bool {
    imports::without_comments(text).split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == "unsafe")
}

/// Every house rule on the crate at `crate_dir`.
pub fn check_crate(crate_dir: impl AsRef<Path>) {
    let dir = crate_dir.as_ref();
    assert_no_import_circle(dir);
    assert_files_short(dir);
    assert_crate_small(dir);
    assert_unsafe_documented(dir);
}

/// The crate graph stated in the first ```` ```text ```` block of `ARCHITECTURE.md` whose lines
/// read `crate -> dependency dependency ...`.
pub fn crate_graph(architecture: &str) -> BTreeMap<String, Vec<String>> {
    let mut graph = BTreeMap::new();
    let mut inside = false;
    for line in architecture.lines() {
        if line.starts_with("```") {
            if inside && !graph.is_empty() {
                break;
            }
            inside = line.trim() == "```text";
            continue;
        }
        let Some((name, deps)) = line.split_once("->").filter(|_| inside) else { continue };
        let mut deps: Vec<String> = deps.split_whitespace().map(str::to_string).collect();
        deps.sort();
        graph.insert(name.trim().to_string(), deps);
    }
    graph
}

/// The graph of the workspace's crates as `cargo metadata` gives it: each member and the members
/// it depends on (normal and build dependencies, not development ones).
pub fn metadata_graph(workspace: &Path) -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(workspace)
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    packages
        .iter()
        .map(|p| {
            let mut deps: Vec<String> = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .filter_map(|d| d["name"].as_str())
                .filter(|name| members.contains(name))
                .map(str::to_string)
                .collect();
            deps.sort();
            deps.dedup();
            (p["name"].as_str().expect("a name").to_string(), deps)
        })
        .collect()
}
