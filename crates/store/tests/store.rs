//! Stored tables against freshly solved ones, damaged files, and exports read back.

use std::path::{Path, PathBuf};

use zecklab_games::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence, RuleSet};
use zecklab_games::zgame::{check_table, solve, Solution, SolvedTable as _};
use zecklab_games::zgame::{solve_with, SolveOptions};
use zecklab_store::export::{write_csv, write_parquet, Rows};
use zecklab_store::{Store, StoredTable, TableGame};

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
            let verified = table.load(u64::MAX, |_, _| {}).unwrap();
            assert!(check_table(&verified, |_, _| {}).passed(), "n = {n}");
            // The outcomes alone: the same outcomes, no remoteness, and only the outcome bits'
            // memory asked for.
            let outcomes = table.load_outcomes(table.header().outcome_bytes, |_, _| {}).unwrap();
            for r in 0..solution.index().count() {
                assert_eq!(outcomes.outcome(r), solution.outcome(r), "n = {n}, rank {r}");
                assert_eq!(outcomes.remoteness_with_parts(r, 1), None);
            }
        }
    }
    let listed: Vec<u32> = store.list().unwrap().iter().map(|e| e.table.as_ref().unwrap().n()).collect();
    assert_eq!(listed, (1..=60).chain([200]).collect::<Vec<_>>());
    assert!(store.remove(TableGame::ZECKENDORF, 200).unwrap());
    assert!(!store.remove(TableGame::ZECKENDORF, 200).unwrap());
    assert!(store.open(200).unwrap().is_none());
}

#[test]
fn range_and_scattered_reads_agree_with_single_lookups() {
    let store = scratch("scattered");
    // The game on 300: 75 million positions, an outcome table of nine 1 MiB chunks.
    let solution = solve(300, false, 1 << 32, |_, _| {}).unwrap();
    store.save(&solution, |_, _| {}).unwrap();
    let positions = solution.index().count();
    // Scattered ranks, repeated and unsorted, both ends included.
    let mut ranks: Vec<u64> = (0..5000u64).map(|i| (i * 2_654_435_761) % positions).collect();
    ranks.extend([0, positions - 1, 7, 7]);
    for budget in [0, u64::MAX] {
        let table = StoredTable::open_with_budget(&store.path_for(300), budget).unwrap();
        for threads in [1, 2, 3] {
            let wins = table.outcomes_of(&ranks, threads).unwrap();
            for (&r, &w) in ranks.iter().zip(&wins) {
                assert_eq!(w, solution.outcome(r).is_win(), "rank {r}, {threads} threads");
            }
        }
        assert!(table.outcomes_of(&[positions], 2).is_err());
        // A range of bytes crossing chunk boundaries equals the bits looked up one by one.
        let first = (1 << 20) - 5;
        let mut bytes = vec![0u8; 3 << 20];
        table.outcome_bytes(first, &mut bytes).unwrap();
        for (i, &byte) in bytes.iter().enumerate().step_by(997) {
            for bit in 0..8 {
                let r = 8 * (first + i as u64) + bit;
                assert_eq!(byte >> bit & 1 == 1, solution.outcome(r).is_win(), "rank {r}");
            }
        }
    }
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

/// Overwrites `path` in place (same inode, as `cp` over it does) with `bytes`.
fn overwrite_in_place(path: &Path, bytes: &[u8]) {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().write(true).truncate(true).open(path).unwrap();
    file.write_all(bytes).unwrap();
    file.sync_all().unwrap();
}

#[test]
fn a_table_replaced_or_truncated_in_place_is_reported_never_a_crash() {
    use std::os::unix::fs::MetadataExt;
    let store = scratch("in-place");
    // Several outcome and remoteness chunks, so most are unread when the file changes.
    let solution = solve(200, true, 1 << 32, |_, _| {}).unwrap();
    let other = solve(200, false, 1 << 32, |_, _| {}).unwrap();
    let path = store.save(&solution, |_, _| {}).unwrap();
    let good = std::fs::read(&path).unwrap();
    let spare = store.dir().join("spare.zkt");
    std::fs::copy(&path, &spare).unwrap();
    let other_bytes = {
        let p = store.save(&other, |_, _| {}).unwrap();
        std::fs::read(p).unwrap()
    };
    std::fs::copy(&spare, &path).unwrap();
    let last = solution.index().count() - 1;
    let garbage: Vec<u8> = good.iter().map(|b| b ^ 0x33).collect();
    let mut half = good.clone();
    half.truncate(good.len() / 2);
    for (what, bytes) in [
        ("truncated to a header", &good[..4096]),
        ("truncated to half", &half[..]),
        ("emptied", &[][..]),
        ("another table", &other_bytes[..]),
        ("garbage of the same length", &garbage[..]),
    ] {
        overwrite_in_place(&path, &good);
        let table = store.open(200).unwrap().expect("stored");
        let inode = std::fs::metadata(&path).unwrap().ino();
        assert_eq!(table.outcome(0).unwrap(), solution.outcome(0));
        assert!(table.is_current());
        overwrite_in_place(&path, bytes);
        assert_eq!(std::fs::metadata(&path).unwrap().ino(), inode, "{what}: replaced in place");
        assert!(!table.is_current(), "{what}: the change is seen");
        let name = path.display().to_string();
        let mut failures = 0;
        for r in (0..=last).step_by(9973).chain([last]) {
            match (table.outcome(r), table.remoteness(r, 200)) {
                (Ok(o), Ok(_)) => assert_eq!(o, solution.outcome(r), "{what}: rank {r}"),
                (Err(e), _) | (_, Err(e)) => {
                    assert!(e.to_string().contains(&name), "{what}: {e}");
                    failures += 1;
                }
            }
        }
        assert!(failures > 0, "{what}: reads of changed chunks must fail");
        assert!(table.verify(|_, _| {}).is_err(), "{what}");
        assert!(table.load(u64::MAX, |_, _| {}).is_err(), "{what}");
        assert!(table.load_outcomes(u64::MAX, |_, _| {}).is_err(), "{what}");
    }
}

#[test]
fn only_regular_files_are_read_and_names_must_match() {
    let store = scratch("fifo");
    std::fs::create_dir_all(store.dir()).unwrap();
    let fifo = store.path_for(200);
    let checkpoint_fifo = zecklab_store::checkpoint::checkpoint_path(store.dir(), 7);
    for path in [&fifo, &checkpoint_fifo] {
        assert!(std::process::Command::new("mkfifo").arg(path).status().unwrap().success());
    }
    // On a reader that waits for a writer, these would never return: run them on a thread.
    let dir = store.dir().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let store = Store::locate(Some(dir)).unwrap();
        let listed = store
            .list()
            .map(|l| l.into_iter().map(|e| e.table.err().map(|e| e.to_string())).collect::<Vec<_>>());
        let opened = store.open(200).map(|_| ()).map_err(|e| e.to_string());
        let checkpoint =
            zecklab_store::checkpoint::load_checkpoint(store.dir(), 7).map(|_| ()).map_err(|e| e.to_string());
        tx.send((listed, opened, checkpoint)).unwrap();
    });
    let (listed, opened, checkpoint) =
        rx.recv_timeout(std::time::Duration::from_secs(20)).expect("a named pipe made a reader wait");
    let listed = listed.unwrap();
    assert!(opened.unwrap_err().contains("named pipe"));
    assert!(listed.iter().all(|e| e.as_deref().is_some_and(|e| e.contains("named pipe"))), "{listed:?}");
    assert!(checkpoint.is_err_and(|e| e.contains("named pipe")));
    // A table of another n under this name is listed as unusable, not as the game on 200.
    std::fs::remove_file(&fifo).unwrap();
    let solution = solve(100, false, 1 << 32, |_, _| {}).unwrap();
    let saved = store.save(&solution, |_, _| {}).unwrap();
    std::fs::copy(&saved, &fifo).unwrap();
    let entries = store.list().unwrap();
    let misnamed = entries.iter().find(|e| e.path == fifo).unwrap();
    let e = misnamed.table.as_ref().unwrap_err().to_string();
    assert!(e.contains("not 200"), "{e}");
    std::fs::remove_file(&fifo).unwrap();
    std::os::unix::fs::symlink(&saved, &fifo).unwrap();
    assert!(store.open(200).is_err());
}

#[test]
fn misere_tables_are_stored_apart_and_read_back_in_their_own_play() {
    let store = scratch("misere");
    for n in [1, 2, 3, 30, 60, 200] {
        for with_remoteness in [true, false] {
            let options = SolveOptions { misere: true, ..SolveOptions::new(with_remoteness, 1 << 32) };
            let misere = solve_with(n, &options, |_, _| {}).unwrap();
            let normal = solve(n, with_remoteness, 1 << 32, |_, _| {}).unwrap();
            let misere_path = store.save(&misere, |_, _| {}).unwrap();
            let normal_path = store.save(&normal, |_, _| {}).unwrap();
            let game = TableGame::new(Recurrence::FIBONACCI, RuleSet::All, true);
            assert_eq!(misere_path, store.path_for_game(game, n));
            assert_ne!(misere_path, normal_path, "the two plays never share a file");
            let table = store.open_game(game, n).unwrap().expect("saved");
            assert_eq!(table.game(), game);
            assert_same(&table, &misere);
            assert!(check_table(&table.load(u64::MAX, |_, _| {}).unwrap(), |_, _| {}).passed(), "n = {n}");
            assert_same(&store.open(n).unwrap().expect("saved"), &normal);
            // The normal game's file keeps format version 1; the misère one is version 2.
            let version =
                |path: &Path| u32::from_le_bytes(std::fs::read(path).unwrap()[16..20].try_into().unwrap());
            assert_eq!((version(&normal_path), version(&misere_path)), (1, 2));
        }
    }
    // A misère table under the normal game's name is refused, never read as normal play.
    std::fs::copy(
        store.path_for_game(TableGame::new(Recurrence::FIBONACCI, RuleSet::All, true), 30),
        store.path_for(30),
    )
    .unwrap();
    let error = store.open(30).unwrap_err().to_string();
    assert!(error.contains("misère") && error.contains("zgame-n30.zkt"), "{error}");
    let listed = store.list().unwrap();
    assert_eq!(listed.len(), 12);
    assert_eq!(listed.iter().filter(|e| e.table.is_err()).count(), 1);
}

#[test]
fn generalized_games_are_stored_read_back_and_checked_by_their_rules() {
    let store = scratch("family");
    for (c, k) in [(2, 2), (1, 3), (2, 3), (3, 4)] {
        for rules in [RuleSet::All, RuleSet::NoInitialCombine] {
            for misere in [false, true] {
                let n = 45;
                let family = FamilyRules::new(Recurrence::new(c, k).unwrap(), rules, n);
                let options = FamilyOptions { misere, ..FamilyOptions::default() };
                let solution = solve_family(&family, n, &options, 1 << 30, |_, _| {}).unwrap();
                let path = store.save(&solution, |_, _| {}).unwrap();
                let game = TableGame::new(family.recurrence(), rules, misere);
                assert_eq!(path, store.path_for_game(game, n));
                let table = store.open_game(game, n).unwrap().expect("saved");
                assert!(table.index().is_none() && table.family().is_some());
                for r in 0..solution.index().count() {
                    assert_eq!(table.outcome(r).unwrap(), solution.outcome(r));
                    assert_eq!(table.remoteness(r, 0).unwrap(), Some(solution.remoteness(r)));
                }
                let report = table.check_family(|_, _| {}).unwrap();
                assert_eq!((report.checked, report.inconsistent), (solution.index().count(), 0));
                assert!(table.load(u64::MAX, |_, _| {}).is_err(), "not the Zeckendorf game's ranking");
            }
        }
    }
    // k = 2 has one rule set: both names are one game, one file.
    let names: Vec<String> = store
        .list()
        .unwrap()
        .iter()
        .map(|e| e.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2 + 4 + 4 + 4, "{names:?}");
    assert!(names.contains(&"zgame-c2k3-noinit-misere-n45.zkt".to_string()), "{names:?}");
    // A file renamed to another member's name is refused by what its header says.
    let from = store.path_for_game(TableGame::new(Recurrence::new(2, 3).unwrap(), RuleSet::All, false), 45);
    let to = store
        .path_for_game(TableGame::new(Recurrence::new(2, 3).unwrap(), RuleSet::NoInitialCombine, false), 45);
    std::fs::copy(&from, &to).unwrap();
    let error = store
        .open_game(TableGame::new(Recurrence::new(2, 3).unwrap(), RuleSet::NoInitialCombine, false), 45)
        .unwrap_err()
        .to_string();
    assert!(error.contains("no-initial-combine"), "{error}");
    // The Zeckendorf game's own solver writes the Fibonacci recurrence; the family's solve of it is
    // refused rather than stored in an encoding its readers do not expect.
    let fibonacci = FamilyRules::new(Recurrence::FIBONACCI, RuleSet::All, 20);
    let solution = solve_family(&fibonacci, 20, &FamilyOptions::default(), 1 << 30, |_, _| {}).unwrap();
    assert!(store.save(&solution, |_, _| {}).is_err());
    assert!(store.open(20).unwrap().is_none(), "nothing left behind");
}
