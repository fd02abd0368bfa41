//! Benchmarks for the numeration hot paths. Each benchmark checks the result it times.
//! Targets: a `u64` conversion at most 50 ns median; a 100,000-digit integer in at most 1 s.

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

/// One `u64` conversion, timed over a batch of 1,024 pseudo-random inputs so that the timer's
/// resolution and the loop's overhead do not swamp a conversion of tens of nanoseconds: divide
/// the median by 1,024 (divan also prints the items per second).
#[divan::bench(counters = [divan::counter::ItemsCount::new(1024usize)])]
fn u64_mask(bencher: Bencher) {
    let values = inputs(1024);
    // The first call builds the small-number table; keep that out of the samples.
    zeckendorf_mask_u64(1);
    bencher.bench_local(|| values.iter().fold(0u128, |acc, &v| acc ^ zeckendorf_mask_u64(black_box(v))));
    let rep = zeckendorf_u64(values[5]);
    assert_eq!(fibonacci_value_u128(&rep), Some(u128::from(values[5])));
}

/// The same with the `Representation` built (indices in a vector).
#[divan::bench(counters = [divan::counter::ItemsCount::new(1024usize)])]
fn u64_representation(bencher: Bencher) {
    let values = inputs(1024);
    zeckendorf_mask_u64(1);
    bencher.bench_local(|| values.iter().map(|&v| zeckendorf_u64(black_box(v)).z()).sum::<usize>());
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
