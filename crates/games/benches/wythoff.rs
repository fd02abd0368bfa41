//! Benchmarks for Wythoff's game. Target: Grundy values of the 8,192 x 8,192 board in
//! at most 60 s. Each benchmark checks the result it times.

use divan::{black_box, Bencher};
use num_bigint::BigUint;
use zecklab_games::wythoff::{analyse, formula_pair, GrundyBoard, WythoffPosition};

fn main() {
    divan::main();
}

#[divan::bench(args = [1024, 4096, 8192], sample_count = 3, sample_size = 1)]
fn grundy_board(bencher: Bencher, size: usize) {
    bencher.bench_local(|| GrundyBoard::compute(black_box(size), |_| {}));
    let board = GrundyBoard::compute(64, |_| {});
    assert_eq!(board.value(3, 5), 0);
}

#[divan::bench(args = [1_000, 10_000], sample_count = 5, sample_size = 1)]
fn solve_big(bencher: Bencher, digits: usize) {
    let text: String = (0..digits).map(|i| char::from(b'1' + (i * 5 % 9) as u8)).collect();
    let m: BigUint = text.parse().unwrap();
    let (a, b) = formula_pair(&m);
    let position = WythoffPosition { a: a + 7u32, b };
    bencher.bench_local(|| analyse(black_box(&position)));
    assert!(analyse(&position).outcome.is_win());
}
