//! The base automata, each built from the arithmetic it decides rather than written by hand:
//! the valid representations, `x < y`, every linear equation `c1·x1 + ... + ck·xk = c` (which
//! gives equality, `x + y = z`, `c·x = y` and constants), `x ≡ r (mod m)`, and the Fibonacci
//! word's letter at `x`.
//!
//! The linear equations read their tracks most significant digit first and keep, as the state,
//! the value read so far of `Σ ci·xi` together with the same sum with every place value shifted
//! down one (for `msd_fib`; for `msd_2`, the value alone). A state that can no longer reach the
//! target is dead: the bounds below follow from the eigenvalues of the shift (φ and −1/φ for
//! Fibonacci, 2 for binary), so the construction is finite and exact.

use std::collections::HashMap;

use crate::base_system::Base;
use crate::dfa::Dfa;

pub use crate::dfa::valid::{valid, valid_on};

/// `x < y` over two tracks of `base` (track 0 is x). Valid representations compare as words
/// of equal length, most significant digit first.
pub fn less(base: Base) -> Dfa {
    // States: 0 equal so far, 1 less (decided), 2 greater (decided).
    let mut next = Vec::with_capacity(12);
    for state in 0..3u32 {
        for s in 0..4usize {
            let (x, y) = (s & 1, (s >> 1) & 1);
            next.push(match (state, x.cmp(&y)) {
                (0, std::cmp::Ordering::Less) => 1,
                (0, std::cmp::Ordering::Greater) => 2,
                (state, _) => state,
            });
        }
    }
    let order = Dfa::from_parts(vec![base, base], next, vec![false, true, false], 0).expect("well formed");
    order.and(&valid(&[base, base])).expect("the same tracks").minimize()
}

/// The linear equation `Σ coefficients[i]·x_i = constant` over `bases` (all of one system).
///
/// # Panics
/// When the tracks are of two systems or the coefficients do not match the tracks.
pub fn linear(bases: &[Base], coefficients: &[i64], constant: i64) -> Dfa {
    assert_eq!(bases.len(), coefficients.len(), "a coefficient a track");
    let base = bases.first().copied().unwrap_or(Base::Fib);
    assert!(bases.iter().all(|&b| b == base), "one numeration system");
    let a = 1usize << bases.len();
    let input = |s: usize| -> i64 {
        coefficients.iter().enumerate().map(|(i, &c)| if (s >> i) & 1 == 1 { c } else { 0 }).sum()
    };
    let e_max: i64 = coefficients.iter().map(|c| c.abs()).sum();
    let mut states: Vec<(i64, i64)> = vec![(0, 0)];
    let mut index: HashMap<(i64, i64), u32> = HashMap::from([((0, 0), 0)]);
    let mut next = Vec::new();
    let dead_marker = u32::MAX;
    let alive = |p: i64, q: i64| -> bool {
        match base {
            // Once |p| exceeds both the target and the largest step, doubling outruns any input.
            Base::Binary => p.abs() <= e_max.max(constant.abs()) + 1,
            // L = φ·p + q grows by φ a step, less at most φ²·E, so once |L| > φ³·E and past the
            // target's √5·|c| + E it can never come back (see the module's header).
            Base::Fib => {
                let phi = (1.0 + 5f64.sqrt()) / 2.0;
                let l = phi * p as f64 + q as f64;
                let bound =
                    (phi.powi(3) * e_max as f64).max(5f64.sqrt() * constant.abs() as f64 + e_max as f64);
                l.abs() <= bound + 2.0
            }
        }
    };
    let mut i = 0;
    while i < states.len() {
        let (p, q) = states[i];
        for s in 0..a {
            let e = input(s);
            let target = match base {
                Base::Binary => (2 * p + e, 0),
                Base::Fib => (p + q + e, p + e),
            };
            let id = if alive(target.0, target.1) {
                *index.entry(target).or_insert_with(|| {
                    states.push(target);
                    (states.len() - 1) as u32
                })
            } else {
                dead_marker
            };
            next.push(id);
        }
        i += 1;
    }
    let dead = states.len() as u32;
    for t in &mut next {
        if *t == dead_marker {
            *t = dead;
        }
    }
    next.extend(std::iter::repeat_n(dead, a));
    let mut accepting: Vec<bool> = states.iter().map(|&(p, _)| p == constant).collect();
    accepting.push(false);
    let equation = Dfa::from_parts(bases.to_vec(), next, accepting, 0).expect("well formed");
    equation.and(&valid(bases)).expect("the same tracks").minimize()
}

/// `x ≡ residue (mod modulus)` over one track of `base`.
///
/// # Panics
/// When `modulus` is 0.
pub fn modulo(base: Base, modulus: u32, residue: u32) -> Dfa {
    assert!(modulus > 0, "a modulus is at least 1");
    let m = u64::from(modulus);
    // State (a, b) mod m as in the linear equations: value and shifted value.
    let size = match base {
        Base::Binary => m,
        Base::Fib => m * m,
    } as usize;
    let mut next = Vec::with_capacity(size * 2);
    for state in 0..size as u64 {
        let (p, q) = (state % m, state / m);
        for d in 0..2u64 {
            let target = match base {
                Base::Binary => (2 * p + d) % m,
                Base::Fib => ((p + q + d) % m) + ((p + d) % m) * m,
            };
            next.push(target as u32);
        }
    }
    let accepting = (0..size as u64).map(|state| state % m == u64::from(residue % modulus)).collect();
    let dfa = Dfa::from_parts(vec![base], next, accepting, 0).expect("well formed");
    dfa.and(&valid(&[base])).expect("the same tracks").minimize()
}

/// The Fibonacci word's letter at `x` equals `letter` (0 or 1): the last digit of x's
/// Zeckendorf representation, the word 0, 1, 0, 0, 1, 0, 1, 0, ... (Walnut's `F`).
pub fn fibonacci_word(letter: u8) -> Dfa {
    // States: 0 last digit 0, 1 last digit 1.
    let next = vec![0, 1, 0, 1];
    let accepting = vec![letter == 0, letter == 1];
    let dfa = Dfa::from_parts(vec![Base::Fib], next, accepting, 0).expect("well formed");
    dfa.and(&valid(&[Base::Fib])).expect("the same tracks").minimize()
}

/// `y`'s representation is `x`'s with a 0 after it (`$shift(x, y)`): the left shift of the
/// digits, in Zeckendorf numeration 4 = 101 and 7 = 1010; in binary y = 2x.
pub fn shift(base: Base) -> Dfa {
    // State: the digit of y read last, which x's next digit must repeat; 2 is dead.
    let mut next = Vec::new();
    for state in 0..3u32 {
        for s in 0..4u32 {
            let (x, y) = (s & 1, (s >> 1) & 1);
            next.push(if state == 2 || x != state { 2 } else { y });
        }
    }
    let dfa = Dfa::from_parts(vec![base; 2], next, vec![true, false, false], 0).expect("well formed");
    dfa.and(&valid(&[base; 2])).expect("the same tracks").minimize()
}

/// `x`'s representation ends in an even number of 0s (`$evenzeros(x)`; true of 0, whose
/// representation is empty).
pub fn even_zeros(base: Base) -> Dfa {
    // States: 0 no 1 read yet, 1 an even number of 0s since the last 1, 2 odd.
    let next = vec![0, 1, 2, 1, 1, 1];
    let dfa = Dfa::from_parts(vec![base], next, vec![true, true, false], 0).expect("well formed");
    dfa.and(&valid(&[base])).expect("the same tracks").minimize()
}

/// `z` is the least part of `x`'s representation (`$leastpart(x, z)`; false for x = 0, which
/// has no part): z's one 1 stands under x's last 1. In binary, x's lowest set bit.
pub fn least_part(base: Base) -> Dfa {
    // States: 0 before z's 1, 1 after it (x and z both 0 since), 2 dead.
    let mut next = Vec::new();
    for state in 0..3u32 {
        for s in 0..4u32 {
            let (x, z) = (s & 1, (s >> 1) & 1);
            next.push(match (state, x, z) {
                (0, _, 0) => 0,
                (0, 1, 1) => 1,
                (1, 0, 0) => 1,
                _ => 2,
            });
        }
    }
    let dfa = Dfa::from_parts(vec![base; 2], next, vec![false, true, false], 0).expect("well formed");
    dfa.and(&valid(&[base; 2])).expect("the same tracks").minimize()
}

/// `x` is a Fibonacci number, 1, 2, 3, 5, ... (`$isfib(x)`): one 1 in its representation.
pub fn is_fibonacci() -> Dfa {
    // States: 0 no 1 yet, 1 one 1, 2 dead.
    let next = vec![0, 1, 1, 2, 2, 2];
    let dfa = Dfa::from_parts(vec![Base::Fib], next, vec![false, true, false], 0).expect("well formed");
    dfa.and(&valid(&[Base::Fib])).expect("the same tracks").minimize()
}

/// The names of the predicates every session knows without a library.
pub const BUILT_IN: [&str; 4] = ["shift", "evenzeros", "leastpart", "isfib"];

/// The built-in predicate `name` over `base`: `shift`, `evenzeros` and `leastpart` in either
/// system, `isfib` in `msd_fib`.
pub fn built_in(name: &str, base: Base) -> Option<Dfa> {
    match name {
        "shift" => Some(shift(base)),
        "evenzeros" => Some(even_zeros(base)),
        "leastpart" => Some(least_part(base)),
        "isfib" if base == Base::Fib => Some(is_fibonacci()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fib(i: usize) -> u128 {
        let (mut a, mut b) = (1u128, 2u128);
        for _ in 1..i {
            (a, b) = (b, a + b);
        }
        a
    }

    #[test]
    fn the_adder_has_the_published_size_and_adds() {
        let fib3 = [Base::Fib; 3];
        let adder = linear(&fib3, &[1, 1, -1], 0);
        // The minimal automaton of x + y = z over valid inputs: 17 states with the dead one.
        assert_eq!(adder.states(), 17);
        assert_eq!(adder.live_states(), 16);
        // Every x, y below F16 (= 1597), against integer addition: z = x + y, and a wrong z.
        let limit = fib(16);
        for x in 0..limit {
            for y in 0..limit {
                assert!(adder.accepts(&[x, y, x + y]));
            }
            assert!(!adder.accepts(&[x, x, 2 * x + 1]));
        }
        // A million pseudo-random pairs below F30, with the sum and a sum off by one.
        let big = fib(30);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            u128::from(state) % big
        };
        for _ in 0..1_000_000 {
            let (x, y) = (next(), next());
            assert!(adder.accepts(&[x, y, x + y]));
            assert!(!adder.accepts(&[x, y, x + y + 1]));
        }
        let binary = linear(&[Base::Binary; 3], &[1, 1, -1], 0);
        for x in 0..200u128 {
            for y in 0..200u128 {
                assert!(binary.accepts(&[x, y, x + y]));
                assert!(!binary.accepts(&[x, y, x + y + 2]));
            }
        }
    }

    #[test]
    fn linear_equations_constants_multiples_and_residues() {
        let five = linear(&[Base::Fib], &[1], 5);
        let triple = linear(&[Base::Fib; 2], &[3, -1], 0);
        let mod3 = modulo(Base::Fib, 3, 2);
        let mod3_binary = modulo(Base::Binary, 3, 2);
        for x in 0..300u128 {
            assert_eq!(five.accepts(&[x]), x == 5);
            assert_eq!(mod3.accepts(&[x]), x % 3 == 2);
            assert_eq!(mod3_binary.accepts(&[x]), x % 3 == 2);
            for y in 0..300u128 {
                assert_eq!(triple.accepts(&[x, y]), 3 * x == y);
            }
        }
    }

    #[test]
    fn the_digit_predicates_read_representations() {
        let (shifted, even, least, fib_number) =
            (shift(Base::Fib), even_zeros(Base::Fib), least_part(Base::Fib), is_fibonacci());
        let lowest_bit = least_part(Base::Binary);
        for x in 0..200u128 {
            for z in 0..200u128 {
                assert_eq!(lowest_bit.accepts(&[x, z]), x > 0 && z == x & x.wrapping_neg());
            }
        }
        let fibs: Vec<u128> = (1..20).map(fib).collect();
        for x in 0..400u128 {
            let digits = Base::Fib.digits(x);
            let zeros = digits.iter().rev().take_while(|&&d| d == 0).count();
            assert_eq!(even.accepts(&[x]), x == 0 || zeros % 2 == 0, "{x}");
            assert_eq!(fib_number.accepts(&[x]), fibs.contains(&x));
            let mut one_more = digits.clone();
            one_more.push(0);
            let y_shift = if x == 0 { 0 } else { Base::Fib.value(&one_more).unwrap() };
            for y in 0..700u128 {
                assert_eq!(shifted.accepts(&[x, y]), y == y_shift, "shift {x} {y}");
            }
            let smallest = (x > 0).then(|| fib(zeros + 1));
            for z in 0..400u128 {
                assert_eq!(least.accepts(&[x, z]), Some(z) == smallest, "least part of {x}: {z}");
            }
        }
    }

    #[test]
    fn the_fibonacci_word_starts_as_walnuts() {
        let ones = fibonacci_word(1);
        let word: String = (0..13).map(|n| if ones.accepts(&[n]) { '1' } else { '0' }).collect();
        assert_eq!(word, "0100101001001");
    }
}
