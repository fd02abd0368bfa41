//! Benchmarks for stored tables: a lookup from a stored table (open, validate, check the
//! chunks read, rank, read), saving a table, and exporting one to Parquet. Targets: a lookup in
//! a stored n = 500 table under 1 ms warm; saving n = 400 with remoteness under 5 s; exporting
//! every position of n = 200 to Parquet under 10 s. The n used is set by ZECKLAB_BENCH_N (default
//! 300, so a plain `cargo bench` stays short; the reported figures used 500 and 400).

use divan::{black_box, Bencher};
use zecklab_games::zgame::{solve, PositionIndex, ZPosition};
use zecklab_store::export::{write_parquet, Rows};
use zecklab_store::{Store, StoredTable};

fn main() {
    divan::main();
}

fn bench_n(default: u32) -> u32 {
    std::env::var("ZECKLAB_BENCH_N").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn store() -> Store {
    Store::locate(Some(std::env::temp_dir().join("zecklab-bench-store"))).unwrap()
}

/// A lookup as `zgame position` makes it: open and validate the file, rank the position, read
/// its value and every child's.
#[divan::bench(sample_count = 20)]
fn lookup_position_and_children(bencher: Bencher) {
    let n = bench_n(300);
    let store = store();
    if store.open(n).ok().flatten().is_none() {
        store.save(&solve(n, true, 20 << 30, |_, _| {}).unwrap(), |_, _| {}).unwrap();
    }
    // A position a third of the way through the ranks: a mid-game position with many moves.
    let index = PositionIndex::new(n).unwrap();
    let p: ZPosition = index.unrank(index.count() / 3);
    let path = store.path_for(n);
    bencher.bench_local(|| {
        let table = StoredTable::open(black_box(&path)).unwrap();
        let r = table.index().unwrap().rank(&p).unwrap();
        let parts: u32 = p.counts().iter().sum();
        let mut total = table.remoteness(r, parts).unwrap().unwrap_or(0);
        for m in p.moves() {
            let child = p.apply(m).unwrap();
            let rc = table.index().unwrap().rank(&child).unwrap();
            total += table.remoteness(rc, child.counts().iter().sum()).unwrap().unwrap_or(0);
        }
        total
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn save_with_remoteness(bencher: Bencher) {
    let n = bench_n(300);
    let solution = solve(n, true, 20 << 30, |_, _| {}).unwrap();
    let store = store();
    bencher.bench_local(|| store.save(&solution, |_, _| {}).unwrap());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn export_parquet_every_position(bencher: Bencher) {
    let n = 200;
    let solution = solve(n, true, 20 << 30, |_, _| {}).unwrap();
    bencher.bench_local(|| {
        let mut bytes = Vec::new();
        write_parquet(&solution, Rows::All, &mut bytes, |_, _| {}).unwrap();
        bytes.len()
    });
}
