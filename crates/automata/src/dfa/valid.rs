//! The automata of the valid representations: each `msd_fib` track free of adjacent 1s.

use super::Dfa;
use crate::base_system::Base;

/// The automaton accepting every valid word over `bases`.
pub fn valid(bases: &[Base]) -> Dfa {
    let all: Vec<usize> = (0..bases.len()).collect();
    valid_on(bases, &all)
}

/// The automaton over `bases` accepting the words valid on the tracks `checked` (any digits on
/// the others).
pub fn valid_on(bases: &[Base], checked: &[usize]) -> Dfa {
    let fib: Vec<usize> = checked.iter().copied().filter(|&t| bases[t] == Base::Fib).collect();
    let a = 1usize << bases.len();
    // State: the set of checked Fibonacci tracks whose last digit was 1 (a bit each), or dead.
    let live = 1usize << fib.len();
    let dead = live as u32;
    let mut next = Vec::with_capacity((live + 1) * a);
    for state in 0..live {
        for s in 0..a {
            let mut ones = 0usize;
            let mut clash = false;
            for (bit, &t) in fib.iter().enumerate() {
                if (s >> t) & 1 == 1 {
                    clash |= (state >> bit) & 1 == 1;
                    ones |= 1 << bit;
                }
            }
            next.push(if clash { dead } else { ones as u32 });
        }
    }
    next.extend(std::iter::repeat_n(dead, a));
    let mut accepting = vec![true; live];
    accepting.push(false);
    Dfa::from_parts(bases.to_vec(), next, accepting, 0).expect("a well-formed automaton").minimize()
}
