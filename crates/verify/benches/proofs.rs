//! Benchmarks of the games' proofs for every position and of the learner: Wythoff's digit rule
//! (both conditions), Fibonacci Nim's losses, and Wythoff's P-positions learned and proved.

use zecklab_verify::learn::{learn_game, LearnGame};
use zecklab_verify::proofs::{prove, FIBNIM, WYTHOFF};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 20)]
fn wythoff_digit_rule() -> usize {
    let proof = prove(&[WYTHOFF]).unwrap();
    proof.outcomes.len()
}

#[divan::bench(sample_count = 20)]
fn fibnim_losses() -> usize {
    let proof = prove(&[FIBNIM]).unwrap();
    proof.outcomes.len()
}

#[divan::bench(sample_count = 10)]
fn learn_wythoff() -> usize {
    let report = learn_game(LearnGame::Wythoff, 64).unwrap();
    assert!(report.proved);
    report.states
}

#[divan::bench(sample_count = 10)]
fn learn_black_hole_3() -> usize {
    let report = learn_game(LearnGame::BlackHole3, 400).unwrap();
    assert!(report.proved);
    report.states
}

/// The F4 hole's lower bound with the default tables (values to 1,300).
#[divan::bench(sample_count = 3)]
fn bound_black_hole_4() -> usize {
    let report = learn_game(LearnGame::BlackHole4, usize::MAX).unwrap();
    assert!(!report.proved);
    report.lower_bound
}
