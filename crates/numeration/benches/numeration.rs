//! Benchmarks for the numeration hot paths. Each benchmark checks the result it times.
//! Targets (issue 2): a `u64` conversion at most 50 ns median; a 100,000-digit integer in at
//! most 1 s.

use divan::{black_box, Bencher};
use num_bigint::BigUint;
use zecklab_numeration::{
    fibonacci_value_u128, parse_natural, zeckendorf_big, zeckendorf_mask_u64, zeckendorf_u64, Digits,
};

fn main() {
    divan::main();
}

/// A fixed pseudo-random sequence of u64s (xorshift), so runs are comparable.
fn inputs(count: usize) -> Vec<u64> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

#[divan::bench]
fn u64_mask(bencher: Bencher) {
    let values = inputs(1024);
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) & 1023;
        zeckendorf_mask_u64(black_box(values[i]))
    });
    let rep = zeckendorf_u64(values[5]);
    assert_eq!(fibonacci_value_u128(&rep), Some(u128::from(values[5])));
}

#[divan::bench]
fn u64_representation(bencher: Bencher) {
    let values = inputs(1024);
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) & 1023;
        zeckendorf_u64(black_box(values[i]))
    });
}

fn big_input(digits: usize) -> BigUint {
    let text: String = (0..digits).map(|i| char::from(b'1' + ((i * 7 + i / 3) % 9) as u8)).collect();
    parse_natural(&text).unwrap()
}

#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 5, sample_size = 1)]
fn big_zeckendorf(bencher: Bencher, digits: usize) {
    let n = big_input(digits);
    bencher.bench_local(|| zeckendorf_big(black_box(&n)));
    let rep = zeckendorf_big(&n);
    assert!(rep.is_non_adjacent());
}

#[divan::bench(args = [100_000], sample_count = 5, sample_size = 1)]
fn big_parse_and_zeckendorf(bencher: Bencher, digits: usize) {
    let text = big_input(digits).to_string();
    bencher.bench_local(|| {
        let n = parse_natural(black_box(&text)).unwrap();
        let rep = zeckendorf_big(&n);
        (rep.numeral(), n.to_string())
    });
}

#[divan::bench(args = [100_000], sample_count = 5, sample_size = 1)]
fn big_numeral_value(bencher: Bencher, digits: usize) {
    let n = big_input(digits);
    let numeral = zeckendorf_big(&n).numeral();
    let parsed = Digits::parse(&numeral).unwrap();
    bencher.bench_local(|| parsed.fibonacci_value());
    assert_eq!(parsed.fibonacci_value(), n);
}
