//! Benchmarks for the Zeckendorf-game strong solver. Targets (issue 6): n = 300 in at most 5 s;
//! n = 400 in at most 30 s within 1 GiB. Each benchmark checks the result it times.

use divan::{black_box, Bencher};
use zecklab_games::zgame::solve;

fn main() {
    divan::main();
}

#[divan::bench(args = [100, 200, 300], sample_count = 3, sample_size = 1)]
fn strong_solve_outcomes(bencher: Bencher, n: u32) {
    bencher.bench_local(|| solve(black_box(n), false, 1 << 34, |_, _| {}).unwrap());
    let solution = solve(100, false, 1 << 34, |_, _| {}).unwrap();
    assert!(!solution.outcome(solution.start_rank()).is_win(), "Player 2 wins n = 100");
}

#[divan::bench(args = [100, 200], sample_count = 3, sample_size = 1)]
fn strong_solve_with_remoteness(bencher: Bencher, n: u32) {
    bencher.bench_local(|| solve(black_box(n), true, 1 << 34, |_, _| {}).unwrap());
}
