//! The workspace's house rules on this crate's sources (see `ARCHITECTURE.md`).

#[test]
fn this_crate_keeps_the_house_rules() {
    zecklab_house::check_crate(env!("CARGO_MANIFEST_DIR"));
}
