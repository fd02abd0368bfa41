//! The open data published with this version of zecklab, built into the program: the record of
//! the Zeckendorf game's solves (`zgame-by-n.csv` with its tiers) and the checksums of every
//! published file, as the repository's `docs/data` held them when the program was built. The
//! explorer's `/data` page and `zecklab data record` read these, never the working directory.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use crate::data::{checksums_in_readme, Record};

/// Where the published data lives in the repository (named in the pages that cite it).
pub const DIR: &str = "docs/data";

const BY_N: &[u8] = include_bytes!("../../../docs/data/zgame-by-n.csv");
const TIERS: &[u8] = include_bytes!("../../../docs/data/zgame-tiers.parquet");
const README: &str = include_str!("../../../docs/data/README.md");

/// The published record: every solved n with its tiers.
///
/// # Panics
/// Never in a built program: a test reads it, and `zecklab data check` checks the files.
pub fn record() -> &'static Record {
    static RECORD: OnceLock<Record> = OnceLock::new();
    RECORD
        .get_or_init(|| Record::from_bytes(BY_N, TIERS, Path::new(DIR)).expect("the published record reads"))
}

/// The SHA-256 of every published file, by name, as the data README lists them.
///
/// # Panics
/// As [`record`].
pub fn checksums() -> &'static BTreeMap<String, String> {
    static SUMS: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    SUMS.get_or_init(|| {
        checksums_in_readme(README, &Path::new(DIR).join("README.md")).expect("the checksums read")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs_data() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data")
    }

    #[test]
    fn the_built_in_data_is_the_published_data() {
        let dir = docs_data();
        assert_eq!(*record(), Record::load(&dir).unwrap());
        assert_eq!(*checksums(), crate::data::recorded_checksums(&dir).unwrap());
        // Every file listed, each with a full SHA-256, and the two tables among them.
        assert!(checksums().values().all(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())));
        assert!(
            checksums().contains_key("zgame-by-n.csv") && checksums().contains_key("zgame-tiers.parquet")
        );
        assert!(record().get(1000).is_some() && record().tiers(1413).is_some());
    }
}
