//! Benchmarks for Fibonacci Nim. Targets: thresholds for every heap up to 10^8 in at
//! most 30 s and 1 GiB; a 10,000-digit heap answered by the theory in well under a second.
//! Each benchmark checks the result it times.

use divan::{black_box, Bencher};
use num_bigint::BigUint;
use zecklab_games::fibnim::{thresholds, NimPosition, NimRules, Theory};

fn main() {
    divan::main();
}

#[divan::bench(args = [1_000_000, 10_000_000, 100_000_000], sample_count = 3, sample_size = 1)]
fn exhaustive_thresholds(bencher: Bencher, max_heap: u32) {
    let rules = NimRules::new(2, false).unwrap();
    bencher.bench_local(|| thresholds(rules, black_box(max_heap)));
    // The largest Fibonacci number below the bound is a losing opening heap.
    let table = thresholds(rules, 1_000_000);
    assert!(table[832_040] > 832_039);
}

#[divan::bench(args = [1_000, 10_000], sample_count = 5, sample_size = 1)]
fn theory_big_heap(bencher: Bencher, digits: usize) {
    let text: String = (0..digits).map(|i| char::from(b'1' + (i * 5 % 9) as u8)).collect();
    let heap: BigUint = text.parse().unwrap();
    let rules = NimRules::new(2, false).unwrap();
    let position = NimPosition::opening(heap).unwrap();
    bencher.bench_local(|| Theory::new(rules).analyse(black_box(&position)));
    let analysis = Theory::new(rules).analyse(&position);
    assert_eq!(analysis.winning_moves.first(), analysis.terms.last());
}

#[divan::bench(args = [3], sample_count = 3, sample_size = 1)]
fn theory_big_heap_k(bencher: Bencher, k: u64) {
    let text: String = (0..10_000).map(|i| char::from(b'1' + (i * 5 % 9) as u8)).collect();
    let heap: BigUint = text.parse().unwrap();
    let rules = NimRules::new(k, false).unwrap();
    let position = NimPosition::opening(heap).unwrap();
    bencher.bench_local(|| Theory::new(rules).analyse(black_box(&position)));
}
