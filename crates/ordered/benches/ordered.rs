//! Benchmarks for the ordered game: its outcomes by whole blocks of ranks on every core, with the
//! table kept (`solve_ordered`) and counted without it (`ordered_counts_until`, what `zgame solve
//! --ordered --no-remoteness` runs). Each checks its P-positions against the published records
//! (`docs/data/ordered-by-n.jsonl`).

use divan::{black_box, Bencher};
use zecklab_ordered::{ordered_counts_until, solve_ordered};

fn main() {
    divan::main();
}

/// The published P-positions of the ordered game on `n`.
fn published(n: u32) -> u64 {
    match n {
        30 => 18_188_751,
        32 => 62_801_808,
        34 => 217_340_034,
        _ => unreachable!("no record for n = {n} here"),
    }
}

/// Every position's outcome, by whole blocks of ranks on every core. Target: n = 40 (7.2 × 10^10
/// positions) in at most 5 minutes on two cores, timed by hand; here n = 30 to 34 (about 1.9
/// times the work per step).
#[divan::bench(args = [30, 32, 34], sample_count = 3, sample_size = 1)]
fn ordered_outcomes(bencher: Bencher, n: u32) {
    let published = published(n);
    bencher.bench_local(|| {
        let solution = solve_ordered(black_box(n), false, 20 << 30).unwrap();
        assert_eq!(solution.p_positions(), published, "n = {n}");
        solution
    });
}

/// The figures alone (`zgame solve --ordered --no-remoteness`): each block's bits counted and
/// their memory given back once nothing reads them (about half the table's memory at its peak).
#[divan::bench(args = [30, 32, 34], sample_count = 3, sample_size = 1)]
fn ordered_counts(bencher: Bencher, n: u32) {
    let published = published(n);
    bencher.bench_local(|| {
        let counts =
            ordered_counts_until(black_box(n), 20 << 30, &zecklab_games::Cancel::new(), |_, _| {}).unwrap();
        assert_eq!(counts.p_positions, published, "n = {n}");
        counts
    });
}
