//! Benchmarks of the strategy lab: a rule tested in full, the search over rules, and the smallest
//! strategy by the exact 0-1 search. Each benchmark checks the result it times.

use divan::{black_box, Bencher};
use zecklab_games::zgame::solve;

fn main() {
    divan::main();
}

/// A rule tested in full (every decision it reaches) on a solved table.
#[divan::bench(args = [100, 150], sample_count = 5, sample_size = 1)]
fn rule_test(bencher: Bencher, n: u32) {
    use zecklab_lab::{test_rule, Exploration, StrategyRule};
    let table = solve(n, false, 1 << 32, |_, _| {}).unwrap();
    let rule = StrategyRule::parse("split:largest,combine:smallest,ones").unwrap();
    bencher.bench_local(|| test_rule(&rule, &table, Exploration::Full));
}

/// The search of every rule of up to two preferences on n = 3 to 100.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn rule_search(bencher: Bencher) {
    use zecklab_lab::{enumerate_rules, search_preferences, search_rules};
    let tables: Vec<_> = (1..=100).map(|n| solve(n, false, 1 << 32, |_, _| {}).unwrap()).collect();
    bencher.bench_local(|| search_rules(enumerate_rules(&search_preferences(), 2), &tables, 40, |_| {}));
}

/// Player 2's smallest strategy by the exact 0-1 search (the game solved once, outside the
/// timing); checks that it wins.
#[divan::bench(args = [30, 35, 40], sample_count = 3, sample_size = 1)]
fn smallest_strategy_exact(bencher: Bencher, n: u32) {
    let solution = solve(n, false, 1 << 30, |_, _| {}).unwrap();
    bencher.bench_local(|| {
        let strategy = zecklab_lab::PlayerTwoStrategy::choosing(
            black_box(&solution),
            zecklab_lab::ReplyChoice::Minimal,
            |_, _| {},
        )
        .unwrap();
        assert!(strategy.check().is_ok());
        strategy
    });
}

/// The parity law's pairing at n: whether some complete game from the start is unpaired (two
/// bits a position), the sweep `zgame parity` runs past the exact counts.
#[divan::bench(args = [200, 250], sample_count = 3, sample_size = 1)]
fn parity_pairing(bencher: Bencher, n: u32) {
    use zecklab_lab::parity::unpaired_game_exists;
    bencher.bench(|| assert_eq!(unpaired_game_exists(black_box(n)), Some(false)));
}

/// The parity law's exact counts at n (big integers for every position).
#[divan::bench(args = [100, 140], sample_count = 3, sample_size = 1)]
fn parity_counts(bencher: Bencher, n: u32) {
    bencher.bench(|| assert!(zecklab_lab::parity::parity_counts(black_box(n)).unwrap().signed == 0.into()));
}
