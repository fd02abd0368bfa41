//! Benchmarks for the Zeckendorf game. Targets: the strong solve of n = 300 in at most 5 s;
//! n = 400 in at most 30 s; n = 500 in at most 4 minutes; `lengths` for n = 200 in at most 30 s.
//! The table checker is timed too (it has no target; its speed is reported). Each benchmark
//! checks the result it times.

use divan::{black_box, Bencher};
use zecklab_games::zgame::{check_table, length_distribution, lengths, solve, TieredSolver};

fn main() {
    divan::main();
}

/// Outcome and remoteness of every position (what `zgame solve` computes by default).
#[divan::bench(args = [200, 300, 400, 500], sample_count = 3, sample_size = 1)]
fn strong_solve_with_remoteness(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solution = solve(black_box(n), true, 20 << 30, |_, _| {}).unwrap();
        assert!(!solution.outcome(solution.start_rank()).is_win(), "Player 2 wins n = {n}");
        solution
    });
}

/// Outcomes only (1 bit a position; the sweep stops at the first losing child).
#[divan::bench(args = [200, 300, 400, 500], sample_count = 3, sample_size = 1)]
fn strong_solve_outcomes(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solution = solve(black_box(n), false, 20 << 30, |_, _| {}).unwrap();
        assert!(!solution.outcome(solution.start_rank()).is_win(), "Player 2 wins n = {n}");
        solution
    });
}

/// The tiered solve (two tiers in memory), outcomes only and with remoteness.
#[divan::bench(args = [200, 250, 300], sample_count = 3, sample_size = 1)]
fn tiered_solve_outcomes(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solved = TieredSolver::new(black_box(n), false, 20 << 30).unwrap().run(|_, _, _| {}).unwrap();
        assert!(!solved.start.is_win(), "Player 2 wins n = {n}");
        solved
    });
}

#[divan::bench(args = [200, 300], sample_count = 3, sample_size = 1)]
fn tiered_solve_with_remoteness(bencher: Bencher, n: u32) {
    bencher
        .bench_local(|| TieredSolver::new(black_box(n), true, 20 << 30).unwrap().run(|_, _, _| {}).unwrap());
}

#[divan::bench(args = [100, 200], sample_count = 3, sample_size = 1)]
fn lengths_over_the_graph(bencher: Bencher, n: u32) {
    bencher.bench_local(|| lengths(black_box(n), |_, _| {}).unwrap());
}

#[divan::bench(args = [100, 150], sample_count = 3, sample_size = 1)]
fn exact_length_distribution(bencher: Bencher, n: u32) {
    bencher.bench_local(|| length_distribution(black_box(n), |_, _| {}).unwrap());
}

/// The independent checker over a solved table (outcome and remoteness of every position).
#[divan::bench(args = [200, 300], sample_count = 3, sample_size = 1)]
fn check_every_position(bencher: Bencher, n: u32) {
    let solution = solve(n, true, 20 << 30, |_, _| {}).unwrap();
    bencher.bench_local(|| {
        let report = check_table(black_box(&solution), |_, _| {});
        assert!(report.passed(), "n = {n}");
        report
    });
}
