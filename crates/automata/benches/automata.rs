//! Benchmarks of the decision procedure's hot paths: building the adder, a subset construction
//! (the existential quantifier), and a whole proof (the Fibonacci word has no fourth power).

use zecklab_automata::base::linear;
use zecklab_automata::logic::Prover;
use zecklab_automata::project::exists;
use zecklab_automata::Base;

fn main() {
    divan::main();
}

#[divan::bench]
fn adder() -> usize {
    let adder = linear(&[Base::Fib; 3], &[1, 1, -1], 0);
    assert_eq!(adder.states(), 17);
    adder.states()
}

#[divan::bench]
fn at_most_by_projection() -> usize {
    let adder = linear(&[Base::Fib; 3], &[1, 1, -1], 0);
    exists(&adder, 1, 1_000_000).unwrap().states()
}

#[divan::bench(sample_count = 10)]
fn no_fourth_power() -> bool {
    let result = Prover::new().eval("~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]").unwrap();
    assert_eq!(result.truth, Some(true));
    result.truth == Some(true)
}
