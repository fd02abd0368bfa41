//! The house rules on every crate of the workspace (each crate's own `tests/house.rs` checks it
//! alone; the Python extension, tested from Python, is checked here only), and the crate graph
//! `ARCHITECTURE.md` states against `cargo metadata`'s.

use std::path::Path;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("crates/house")
}

#[test]
fn every_crate_keeps_the_house_rules() {
    let crates = std::fs::read_dir(workspace().join("crates")).expect("crates/");
    let mut checked = 0;
    for entry in crates.flatten() {
        if entry.path().join("Cargo.toml").exists() {
            zecklab_house::check_crate(entry.path());
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} crates found");
}

#[test]
fn the_crate_graph_is_the_one_architecture_states() {
    let text = std::fs::read_to_string(workspace().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let stated = zecklab_house::crate_graph(&text);
    assert!(!stated.is_empty(), "ARCHITECTURE.md states no crate graph");
    assert_eq!(stated, zecklab_house::metadata_graph(workspace()));
}

#[test]
fn architecture_is_short() {
    let text = std::fs::read_to_string(workspace().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    assert!(text.lines().count() <= 250, "ARCHITECTURE.md has {} lines", text.lines().count());
}
