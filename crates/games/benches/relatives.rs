//! Benchmarks for the Zeckendorf game's relatives: the reversed game's strong solve and the
//! solve of every coalition of several players. No targets; the speeds are reported. Each
//! benchmark checks something of the result it times.

use divan::{black_box, Bencher};
use zecklab_games::zgame::{proper_coalitions, solve_coalitions, solve_reversed};

fn main() {
    divan::main();
}

/// Outcome and remoteness of every position of the reversed game (one walk up the ranks).
#[divan::bench(args = [100, 200, 300], sample_count = 3, sample_size = 1)]
fn reversed_solve(bencher: Bencher, n: u32) {
    bencher.bench_local(|| {
        let solution = solve_reversed(black_box(n), |_, _| {}).unwrap();
        let r = solution.start_rank();
        assert_eq!(solution.remoteness(r) % 2 == 1, solution.outcome(r).is_win(), "the last mover wins");
        solution
    });
}

/// Every coalition of `players` players at once, one word per position and turn.
#[divan::bench(args = [(100, 3), (100, 6), (200, 3), (200, 6)], sample_count = 3, sample_size = 1)]
fn coalitions_solve(bencher: Bencher, (n, players): (u32, u32)) {
    bencher.bench_local(|| {
        let solution = solve_coalitions(black_box(n), players, |_, _| {}).unwrap();
        let all = (1u64 << players) - 1;
        for s in proper_coalitions(players) {
            assert_ne!(solution.wins(s), solution.wins(all ^ s), "a coalition or the rest wins");
        }
        solution
    });
}
