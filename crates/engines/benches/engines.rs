//! Benchmarks of the engines: the tier sweep and the layered engine (outcomes, remoteness, the
//! shared solve's plans, one tier by each pass) and the machine's memory bandwidth they are
//! compared with. Each benchmark checks the result it times.

use divan::{black_box, Bencher};
use zecklab_engines::{TierSweep, TieredSolver};
use zecklab_games::zgame::TierIndex;

fn main() {
    divan::main();
}

/// The tiered solve (two tiers in memory), outcomes only: runs of constant child offsets, 64
/// positions at a time. Targets: n = 500 in at most 4 s; n = 815 in at most 3 minutes.
#[divan::bench(args = [200, 300, 400, 500], sample_count = 3, sample_size = 1)]
fn tiered_solve_outcomes(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solved = TieredSolver::new(black_box(n), false, 20 << 30).unwrap().run(|_, _, _| {}).unwrap();
        assert!(!solved.start.is_win(), "Player 2 wins n = {n}");
        solved
    });
}

/// The layered solve's outcomes (`solve_layered`): cells of equal counts from index 4 up, layers
/// of equal index weight, on every core with the best kernel this machine runs, as
/// `tiered_solve_outcomes` above (run the two alternately: the target is 2.5 times faster at
/// n = 500).
/// Checked against the P-position count of the tier sweep at n = 200.
#[divan::bench(args = [200, 300, 400, 500], sample_count = 3, sample_size = 1)]
fn layered_solve_outcomes(bencher: Bencher, n: u32) {
    use zecklab_engines::{solve_layered, LayeredOptions};
    let options = LayeredOptions::default();
    if n == 200 {
        let tiers = TieredSolver::new(200, false, 20 << 30).unwrap().run(|_, _, _| {}).unwrap();
        let layered = solve_layered(200, &LayeredOptions::default(), |_| {}).unwrap();
        assert_eq!(layered.p_positions, tiers.p_positions);
    }
    bencher.bench_local(|| {
        let solved = solve_layered(black_box(n), &options, |_| {}).unwrap();
        assert!(!solved.start.is_win(), "Player 2 wins n = {n}");
        solved
    });
}

/// The tiered solve with remoteness (2 bytes a position, two tiers). Target: n = 500 in at most 20 s.
#[divan::bench(args = [200, 300, 400, 500], sample_count = 3, sample_size = 1)]
fn tiered_solve_with_remoteness(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solved = TieredSolver::new(black_box(n), true, 20 << 30).unwrap().run(|_, _, _| {}).unwrap();
        assert!(!solved.start.is_win(), "Player 2 wins n = {n}");
        solved
    });
}

/// The plan a shared (MPI) solve follows: every tier of n = 400 split into blocks, waves and
/// owners, as each process of a job computes it before solving the tier.
#[divan::bench(args = [2, 16, 64], sample_count = 3, sample_size = 1)]
fn share_plans(bencher: Bencher, processes: usize) {
    let solver = TieredSolver::new(400, false, 1 << 32).unwrap();
    bencher.bench_local(|| {
        let index = solver.index();
        let figures: Vec<_> = (index.fewest_parts()..=400)
            .filter_map(|p| solver.share_figures(p, black_box(processes)))
            .collect();
        let shared: u64 = figures.iter().map(|f| f.critical_positions).sum();
        assert!(shared > 0 && figures.iter().all(|f| f.waves >= 1 && f.blocks >= f.waves));
        figures
    });
}

/// One tier's sweep by each pass, the tier below solved beforehand: the word pass against the
/// scalar pass it is tested against (outcomes only, the largest tier of n = 300).
#[divan::bench(args = ["words", "scalar"], sample_count = 5, sample_size = 1)]
fn tier_sweep_passes(bencher: Bencher, pass: &str) {
    let n = 300;
    let index = TierIndex::new(n).unwrap();
    let largest = (1..=n).max_by_key(|&p| index.count(p)).unwrap();
    let mut solver = TieredSolver::new(n, false, 20 << 30).unwrap();
    while solver.next_tier() != Some(largest) {
        solver.solve_next(|_, _| {}).unwrap();
    }
    let state = solver.state().unwrap();
    let how = if pass == "words" { TierSweep::Fast } else { TierSweep::Scalar };
    bencher.bench_local(|| {
        let mut solver = TieredSolver::new(n, false, 20 << 30).unwrap().resumed(state.clone()).unwrap();
        solver.solve_next_by(how, |_, _| {}).unwrap()
    });
}

/// The machine's memory bandwidth for a large sequential read (2 GiB of words summed on every
/// core): the ceiling the tiered solve's throughput is compared with.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn sequential_read_2_gib(bencher: Bencher) {
    use rayon::prelude::*;
    let words: Vec<u64> =
        (0..(2u64 << 30) / 8).into_par_iter().map(|i| i.wrapping_mul(0x9E37_79B9)).collect();
    bencher.bench_local(|| {
        words.par_chunks(1 << 16).map(|c| c.iter().fold(0u64, |a, &w| a ^ w)).reduce(|| 0, |a, b| a ^ b)
    });
}
