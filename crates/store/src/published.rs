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

/// Every published file, by its name in the checksum table, as it was when the program was built:
/// what the explorer serves under `/data/`.
pub const FILES: &[(&str, &[u8])] = &[
    ("b-zgame-p-positions.txt", include_bytes!("../../../docs/data/b-zgame-p-positions.txt")),
    ("b-zgame-positions.txt", include_bytes!("../../../docs/data/b-zgame-positions.txt")),
    ("b-zgame-remoteness.txt", include_bytes!("../../../docs/data/b-zgame-remoteness.txt")),
    ("black-hole-table-m3.jsonl", include_bytes!("../../../docs/data/black-hole-table-m3.jsonl")),
    ("black-hole-table-m4.jsonl", include_bytes!("../../../docs/data/black-hole-table-m4.jsonl")),
    ("family-largest.jsonl", include_bytes!("../../../docs/data/family-largest.jsonl")),
    ("family-winners-all.jsonl", include_bytes!("../../../docs/data/family-winners-all.jsonl")),
    (
        "family-winners-no-initial-combine.jsonl",
        include_bytes!("../../../docs/data/family-winners-no-initial-combine.jsonl"),
    ),
    ("oeis/b-zgame-p-positions.txt", include_bytes!("../../../docs/data/oeis/b-zgame-p-positions.txt")),
    ("oeis/b-zgame-remoteness.txt", include_bytes!("../../../docs/data/oeis/b-zgame-remoteness.txt")),
    ("oeis/zgame-p-positions.txt", include_bytes!("../../../docs/data/oeis/zgame-p-positions.txt")),
    ("oeis/zgame-remoteness.txt", include_bytes!("../../../docs/data/oeis/zgame-remoteness.txt")),
    ("ordered-by-n.jsonl", include_bytes!("../../../docs/data/ordered-by-n.jsonl")),
    ("ordered-lengths.jsonl", include_bytes!("../../../docs/data/ordered-lengths.jsonl")),
    ("ordered-n41.json", include_bytes!("../../../docs/data/ordered-n41.json")),
    ("ordered-n42.json", include_bytes!("../../../docs/data/ordered-n42.json")),
    ("random-laws-n500.jsonl", include_bytes!("../../../docs/data/random-laws-n500.jsonl")),
    ("random-laws-n600.jsonl", include_bytes!("../../../docs/data/random-laws-n600.jsonl")),
    ("random-laws.jsonl", include_bytes!("../../../docs/data/random-laws.jsonl")),
    ("zgame-by-n.csv", BY_N),
    ("zgame-coalitions-p2.jsonl", include_bytes!("../../../docs/data/zgame-coalitions-p2.jsonl")),
    ("zgame-coalitions-p3.jsonl", include_bytes!("../../../docs/data/zgame-coalitions-p3.jsonl")),
    ("zgame-coalitions-p4.jsonl", include_bytes!("../../../docs/data/zgame-coalitions-p4.jsonl")),
    ("zgame-coalitions-p5.jsonl", include_bytes!("../../../docs/data/zgame-coalitions-p5.jsonl")),
    ("zgame-grundy-n500.json", include_bytes!("../../../docs/data/zgame-grundy-n500.json")),
    ("zgame-grundy.jsonl", include_bytes!("../../../docs/data/zgame-grundy.jsonl")),
    ("zgame-misere-201-420.jsonl", include_bytes!("../../../docs/data/zgame-misere-201-420.jsonl")),
    ("zgame-misere.jsonl", include_bytes!("../../../docs/data/zgame-misere.jsonl")),
    ("zgame-n1000-layered.json", include_bytes!("../../../docs/data/zgame-n1000-layered.json")),
    ("zgame-n1000-portable.json", include_bytes!("../../../docs/data/zgame-n1000-portable.json")),
    ("zgame-n1000-remoteness.json", include_bytes!("../../../docs/data/zgame-n1000-remoteness.json")),
    ("zgame-n1000.json", include_bytes!("../../../docs/data/zgame-n1000.json")),
    ("zgame-n1130-layered.json", include_bytes!("../../../docs/data/zgame-n1130-layered.json")),
    ("zgame-n1200.json", include_bytes!("../../../docs/data/zgame-n1200.json")),
    ("zgame-n1413.json", include_bytes!("../../../docs/data/zgame-n1413.json")),
    ("zgame-n815-scalar.json", include_bytes!("../../../docs/data/zgame-n815-scalar.json")),
    ("zgame-opening-book.jsonl", include_bytes!("../../../docs/data/zgame-opening-book.jsonl")),
    ("zgame-opening.jsonl", include_bytes!("../../../docs/data/zgame-opening.jsonl")),
    ("zgame-parity.jsonl", include_bytes!("../../../docs/data/zgame-parity.jsonl")),
    ("zgame-reversed.jsonl", include_bytes!("../../../docs/data/zgame-reversed.jsonl")),
    ("zgame-tiers.parquet", TIERS),
];

/// The published file `name` (as the checksum table names it), if there is one.
pub fn file(name: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, bytes)| *bytes)
}

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

    #[test]
    fn every_file_in_the_checksum_table_is_built_in_with_its_checksum() {
        use sha2::Digest as _;
        let names: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
        let listed: Vec<&str> = checksums().keys().map(String::as_str).collect();
        assert_eq!(names, listed);
        for (name, bytes) in FILES {
            let sum: String = sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(&sum, &checksums()[*name], "{name}");
        }
        assert!(file("oeis/zgame-remoteness.txt").is_some() && file("../README.md").is_none());
    }
}
