//! Benchmarks for the Zeckendorf game (the tier sweep's and the layered engine's are in
//! `zecklab-engines`). Targets: the strong solve of n = 300 in at most 5 s;
//! n = 400 in at most 30 s; n = 500 in at most 4 minutes; `lengths` for n = 200 in at most 30 s.
//! The table checker is timed too (it has no target; its speed is reported). Each benchmark
//! checks the result it times.

use divan::{black_box, Bencher};
use zecklab_games::zgame::{check_table, length_distribution, lengths, solve};

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

/// Every position's Sprague-Grundy value by the flat sweep (with outcomes, no remoteness).
/// Target: n = 400 (5.9 × 10^8 positions) in at most 20 s.
#[divan::bench(args = [200, 300, 400], sample_count = 3, sample_size = 1)]
fn grundy_solve(bencher: Bencher, n: u32) {
    use zecklab_games::zgame::{solve_with, SolveOptions};
    bencher.bench_local(|| {
        let options = SolveOptions { with_grundy: true, ..SolveOptions::new(false, 20 << 30) };
        let solution = solve_with(black_box(n), &options, |_, _| {}).unwrap();
        assert_eq!(solution.grundy(solution.start_rank()), Some(0), "the start of n = {n} is a P-position");
        solution
    });
}

/// Every position of a generalized game (the family's own sweep), with Grundy values: the
/// Fibonacci recurrence on n = 200, and the (1, 3) and (2, 2) games (each over a million positions).
#[divan::bench(args = [(1, 2, 200), (1, 3, 300), (2, 2, 1000)], sample_count = 3, sample_size = 1)]
fn family_solve(bencher: Bencher, (c, k, n): (u32, u32, u32)) {
    use zecklab_games::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence, RuleSet};
    let rules = FamilyRules::new(Recurrence::new(c, k).unwrap(), RuleSet::All, n);
    bencher.bench_local(|| {
        let options = FamilyOptions { grundy: true, ..FamilyOptions::default() };
        let solution = solve_family(&rules, black_box(n), &options, 20 << 30, |_, _| {}).unwrap();
        assert!(solution.index().count() > 1_000_000);
        solution
    });
}

/// The misère game on the flat sweep, outcomes and remoteness.
#[divan::bench(args = [200, 300], sample_count = 3, sample_size = 1)]
fn misere_solve(bencher: Bencher, n: u32) {
    use zecklab_games::zgame::{solve_with, SolveOptions};
    bencher.bench_local(|| {
        let options = SolveOptions { misere: true, ..SolveOptions::new(true, 20 << 30) };
        solve_with(black_box(n), &options, |_, _| {}).unwrap()
    });
}

/// Ranks of a million positions of the game on 500, spread over its 3.2 x 10^9 ranks.
fn spread_ranks(index: &zecklab_games::zgame::PositionIndex) -> Vec<u64> {
    let count = index.count();
    (0..1_000_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % count).collect()
}

/// Unranking a million positions of n = 500 one by one (as the solvers' checks do).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn unrank_a_million(bencher: Bencher) {
    let index = zecklab_games::zgame::PositionIndex::new(500).unwrap();
    let ranks = spread_ranks(&index);
    let top = index.top();
    bencher.bench_local(|| {
        let mut counts = vec![0u32; top];
        let mut check = 0u64;
        for &r in &ranks {
            index.unrank_into(r, &mut counts);
            check = check.wrapping_add(u64::from(counts[0]));
        }
        black_box(check)
    });
}

/// Unranking a million positions of n = 500 at once, on one thread (the Python package's
/// `Table.unrank` target is 10^7 in at most 1 s on two threads).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn unrank_a_million_at_once(bencher: Bencher) {
    let index = zecklab_games::zgame::PositionIndex::new(500).unwrap();
    let ranks = spread_ranks(&index);
    let mut counts = vec![0u32; ranks.len() * index.top()];
    bencher.bench_local(|| {
        index.unrank_many(&ranks, &mut counts);
        black_box(counts[0])
    });
}

/// Ranking a million positions of n = 500 (the reverse of [`unrank_a_million`]).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn rank_a_million(bencher: Bencher) {
    let index = zecklab_games::zgame::PositionIndex::new(500).unwrap();
    let top = index.top();
    let mut counts = vec![0u32; top * 1_000_000];
    for (row, &r) in counts.chunks_exact_mut(top).zip(&spread_ranks(&index)) {
        index.unrank_into(r, row);
    }
    bencher
        .bench_local(|| counts.chunks_exact(top).map(|c| index.rank_counts(c)).fold(0u64, u64::wrapping_add));
}

/// The moments of the length under both random measures, in one pass on every core (the
/// `zgame random-laws` recursion; n = 500 is the target of 10 minutes on two cores, timed by
/// hand rather than here). Checks that the bounds are proper and the mean's is tight.
#[divan::bench(args = [200, 250, 300], sample_count = 3, sample_size = 1)]
fn random_moments_both_measures(bencher: Bencher, n: u32) {
    use zecklab_games::zgame::random::{start_moments_of, Measure};
    bencher.bench_local(|| {
        let both = start_moments_of(
            black_box(n),
            &[Measure::Path, Measure::Games],
            1 << 32,
            &zecklab_games::Cancel::new(),
            |_, _| {},
        )
        .unwrap();
        for m in &both {
            let mean = m.moments.mean;
            assert!(mean.lo <= mean.hi && mean.hi - mean.lo < 1e-6 * mean.hi, "{mean:?}");
        }
        both
    });
}

/// The games measure's whole law, exactly, by residues: the exact law `zgame lengths --measure
/// games` and `zgame random-laws` give to n = 250 (timed there by hand). Checks that every
/// game is counted: the law's total is the count of complete games over the position graph.
#[divan::bench(args = [120, 150, 180], sample_count = 3, sample_size = 1)]
fn games_law_by_residues(bencher: Bencher, n: u32) {
    use zecklab_games::zgame::random::game_counts_by_residues;
    let want = zecklab_games::zgame::lengths(n, |_, _| {}).unwrap().games;
    bencher.bench_local(|| {
        let counts =
            game_counts_by_residues(black_box(n), 1 << 32, &zecklab_games::Cancel::new(), |_, _| {}).unwrap();
        assert_eq!(counts.total(), want);
        counts
    });
}
