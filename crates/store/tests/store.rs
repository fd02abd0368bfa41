//! Stored tables against freshly solved ones, damaged files, and exports read back.

use std::path::{Path, PathBuf};

use zecklab_games::zgame::{check_table, solve, Solution};
use zecklab_store::export::{write_csv, write_parquet, Rows};
use zecklab_store::{Store, StoredTable};

fn scratch(name: &str) -> Store {
    let dir = std::env::temp_dir().join(format!("zecklab-store-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Store::locate(Some(dir)).unwrap()
}

/// Every rank of `table` reads back as in `solution`.
fn assert_same(table: &StoredTable, solution: &Solution) {
    let index = solution.index();
    let mut counts = vec![0u32; index.top()];
    index.unrank_into(0, &mut counts);
    for r in 0..index.count() {
        if r > 0 {
            index.next_counts(&mut counts);
        }
        assert_eq!(table.outcome(r).unwrap(), solution.outcome(r), "n = {}, rank {r}", index.n());
        let parts = counts.iter().sum();
        assert_eq!(
            table.remoteness(r, parts).unwrap(),
            solution.remoteness(r),
            "n = {}, rank {r}",
            index.n()
        );
    }
}

#[test]
fn stored_tables_equal_solved_ones() {
    let store = scratch("roundtrip");
    for n in (1..=60).chain([200]) {
        for with_remoteness in [true, false] {
            let solution = solve(n, with_remoteness, 1 << 32, |_, _| {}).unwrap();
            let path = store.save(&solution, |_, _| {}).unwrap();
            assert_eq!(path, store.path_for(n));
            let table = store.open(n).unwrap().expect("saved");
            assert_eq!(table.has_remoteness(), with_remoteness);
            assert_same(&table, &solution);
            assert_eq!(table.p_positions().unwrap(), solution.p_positions(), "n = {n}");
            // And the stored table passes the independent checker on its own.
            let verified = table.verify(|_, _| {}).unwrap();
            assert!(check_table(&verified, |_, _| {}).passed(), "n = {n}");
        }
    }
    let listed: Vec<u32> = store.list().unwrap().iter().map(|e| e.table.as_ref().unwrap().n()).collect();
    assert_eq!(listed, (1..=60).chain([200]).collect::<Vec<_>>());
    assert!(store.remove(200).unwrap());
    assert!(!store.remove(200).unwrap());
    assert!(store.open(200).unwrap().is_none());
}

/// Opens a damaged copy and reads every rank: no read may return a wrong value, some read (or
/// the open, or the full verify) must fail, and every error must name the file.
fn assert_damage_is_caught(path: &Path, solution: &Solution) {
    let name = path.display().to_string();
    let table = match StoredTable::open(path) {
        Err(e) => {
            assert!(e.to_string().contains(&name), "{e}");
            return;
        }
        Ok(t) => t,
    };
    let index = solution.index();
    let mut failures = 0;
    let mut counts = vec![0u32; index.top()];
    index.unrank_into(0, &mut counts);
    for r in 0..index.count() {
        if r > 0 {
            index.next_counts(&mut counts);
        }
        match table.outcome(r) {
            Ok(o) => assert_eq!(o, solution.outcome(r), "a wrong outcome was returned at rank {r}"),
            Err(e) => {
                assert!(e.to_string().contains(&name), "{e}");
                failures += 1;
            }
        }
        match table.remoteness(r, counts.iter().sum()) {
            Ok(v) => assert_eq!(v, solution.remoteness(r), "a wrong remoteness was returned at rank {r}"),
            Err(e) => {
                assert!(e.to_string().contains(&name), "{e}");
                failures += 1;
            }
        }
    }
    let verify = table.verify(|_, _| {});
    assert!(failures > 0 || verify.is_err(), "damage went unnoticed");
    if let Err(e) = verify {
        assert!(e.to_string().contains(&name), "{e}");
    }
}

#[test]
fn flipped_bytes_and_truncation_never_give_a_value() {
    let store = scratch("damage");
    // 2.3 million positions: one outcome chunk and several remoteness chunks.
    let solution = solve(180, true, 1 << 32, |_, _| {}).unwrap();
    let good = store.save(&solution, |_, _| {}).unwrap();
    let bytes = std::fs::read(&good).unwrap();
    let table = StoredTable::open(&good).unwrap();
    let h = table.header().clone();
    drop(table);
    let damaged: PathBuf = store.dir().join("damaged.zkt");
    let mut offsets = vec![0, 15, 16, 20, 40, 100, 150, 199, 200, 4095];
    for region in [
        (h.outcome_offset, h.outcome_bytes),
        (h.remoteness_offset, h.remoteness_bytes),
        (h.digests_offset, 8 * h.digest_count),
        (h.outcome_offset + h.outcome_bytes, h.remoteness_offset - h.outcome_offset - h.outcome_bytes),
    ] {
        if region.1 > 0 {
            offsets.extend([region.0, region.0 + region.1 / 2, region.0 + region.1 - 1]);
        }
    }
    for at in offsets {
        let mut copy = bytes.clone();
        copy[at as usize] ^= 0x5a;
        std::fs::write(&damaged, &copy).unwrap();
        assert_damage_is_caught(&damaged, &solution);
    }
    for length in [0, 100, 4096, 5000, h.digests_offset as usize, bytes.len() - 1] {
        std::fs::write(&damaged, &bytes[..length]).unwrap();
        let e = StoredTable::open(&damaged).unwrap_err();
        assert!(e.to_string().contains(&damaged.display().to_string()), "{e}");
    }
    // A table stored under another n's name is refused.
    std::fs::copy(&good, store.path_for(181)).unwrap();
    let e = store.open(181).unwrap_err().to_string();
    assert!(e.contains("not 181"), "{e}");
}

#[test]
fn parquet_reads_back_as_the_csv() {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let solution = solve(40, true, 1 << 32, |_, _| {}).unwrap();
    for rows in [Rows::All, Rows::PPositions] {
        let mut csv = Vec::new();
        let csv_rows = write_csv(&solution, rows, &mut csv, |_, _| {}).unwrap();
        let mut parquet_bytes = Vec::new();
        let parquet_rows = write_parquet(&solution, rows, &mut parquet_bytes, |_, _| {}).unwrap();
        assert_eq!(csv_rows, parquet_rows, "{rows:?}");
        let reader = SerializedFileReader::new(bytes::Bytes::from(parquet_bytes)).unwrap();
        let mut from_parquet = Vec::new();
        for row in reader.get_row_iter(None).unwrap() {
            let row = row.unwrap();
            let fields: Vec<String> = row
                .get_column_iter()
                .map(|(_, field)| match field {
                    parquet::record::Field::Null => String::new(),
                    parquet::record::Field::Str(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect();
            from_parquet.push(fields.join(","));
        }
        let csv = String::from_utf8(csv).unwrap();
        let mut lines = csv.lines();
        let header = lines.next().unwrap();
        assert!(header.starts_with("rank,c1,") && header.ends_with(",outcome,remoteness"));
        assert_eq!(lines.collect::<Vec<_>>(), from_parquet, "{rows:?}");
        assert_eq!(reader.metadata().file_metadata().num_rows() as usize, from_parquet.len());
        assert_eq!(csv_rows as usize, from_parquet.len(), "the row count the writers return");
    }
}

#[test]
fn a_crafted_header_with_a_valid_checksum_is_refused_not_trusted() {
    use zecklab_store::format::Header;
    let store = scratch("crafted");
    let solution = solve(20, true, 1 << 32, |_, _| {}).unwrap();
    let path = store.save(&solution, |_, _| {}).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let good = Header::decode(&bytes[..4096]).unwrap();
    // Huge counts, re-checksummed: no overflow, no panic, a clear refusal naming the file.
    for (positions, width, n) in
        [(u64::MAX, 2, 20), (1 << 62, 1, 20), (good.positions, 7, 20), (good.positions, 2, u32::MAX)]
    {
        let mut header = good.clone();
        header.positions = positions;
        header.remoteness_width = width;
        header.n = n;
        bytes[..4096].copy_from_slice(&header.encode());
        std::fs::write(&path, &bytes).unwrap();
        let e = StoredTable::open(&path).unwrap_err().to_string();
        assert!(e.contains(&path.display().to_string()), "{e}");
    }
}
