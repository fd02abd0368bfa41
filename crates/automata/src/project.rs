//! The existential quantifier: delete a track, which leaves a nondeterministic automaton, and
//! determinise it by the subset construction.
//!
//! The leading-zero fix (Mousavi, *Automatic theorem proving in Walnut*, section 4.2): a witness
//! may need more digits than the other tracks have, and those digits are read while the other
//! tracks read leading zeros. So the subsets start from every state the start reaches by words
//! that are all zeros on the remaining tracks (anything on the deleted one). The result is
//! zero-closed again, since reading one more all-zero tuple from that start set stays inside it.

use std::collections::HashMap;

use crate::dfa::Dfa;
use crate::AutomataError;

/// `E x φ`: the automaton of `dfa` with track `track` deleted, determinised and minimised; at
/// most `max_states` subsets are made.
///
/// # Errors
/// [`AutomataError::TooManyStates`] past `max_states`; [`AutomataError::Malformed`] for a track
/// that does not exist.
pub fn exists(dfa: &Dfa, track: usize, max_states: usize) -> Result<Dfa, AutomataError> {
    if track >= dfa.tracks() {
        return Err(AutomataError::Malformed(format!("no track {track} to quantify")));
    }
    let mut bases = dfa.bases().to_vec();
    bases.remove(track);
    let a = 1usize << bases.len();
    // A symbol over the remaining tracks with `digit` put back on the deleted one.
    let widen = |s: usize, digit: usize| -> usize {
        let low = s & ((1 << track) - 1);
        let high = (s >> track) << (track + 1);
        low | (digit << track) | high
    };
    // The start set: closed under all-zero tuples of the remaining tracks.
    let mut start: Vec<u32> = vec![dfa.start()];
    let mut seen = vec![false; dfa.states()];
    seen[dfa.start() as usize] = true;
    let mut i = 0;
    while i < start.len() {
        let q = start[i];
        for digit in 0..2 {
            let t = dfa.step(q, widen(0, digit));
            if !seen[t as usize] {
                seen[t as usize] = true;
                start.push(t);
            }
        }
        i += 1;
    }
    start.sort_unstable();
    let mut subsets: Vec<Vec<u32>> = vec![start.clone()];
    let mut index: HashMap<Vec<u32>, u32> = HashMap::from([(start, 0)]);
    let mut next = Vec::new();
    let mut mark = vec![false; dfa.states()];
    let mut i = 0;
    while i < subsets.len() {
        for s in 0..a {
            let mut target = Vec::new();
            for &q in &subsets[i] {
                for digit in 0..2 {
                    let t = dfa.step(q, widen(s, digit));
                    if !mark[t as usize] {
                        mark[t as usize] = true;
                        target.push(t);
                    }
                }
            }
            for &t in &target {
                mark[t as usize] = false;
            }
            target.sort_unstable();
            let id = match index.get(&target) {
                Some(&id) => id,
                None => {
                    if subsets.len() >= max_states {
                        return Err(AutomataError::TooManyStates {
                            states: subsets.len() + 1,
                            limit: max_states,
                        });
                    }
                    let id = subsets.len() as u32;
                    index.insert(target.clone(), id);
                    subsets.push(target);
                    id
                }
            };
            next.push(id);
        }
        i += 1;
    }
    let accepting = subsets.iter().map(|set| set.iter().any(|&q| dfa.is_accepting(q))).collect();
    Ok(Dfa::from_parts(bases, next, accepting, 0)?.minimize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::{less, linear};
    use crate::base_system::Base;

    #[test]
    fn a_witness_longer_than_the_other_tracks_is_found() {
        // E y (x < y): true for every x, though y may need one digit more than x.
        let some_larger = exists(&less(Base::Fib), 1, 1000).unwrap();
        for x in 0..200u128 {
            assert!(some_larger.accepts(&[x]));
        }
        // E z (x + z = y), i.e. x <= y, over (x, y).
        let adder = linear(&[Base::Fib; 3], &[1, 1, -1], 0);
        let at_most = exists(&adder, 1, 1000).unwrap();
        for x in 0..80u128 {
            for y in 0..80u128 {
                assert_eq!(at_most.accepts(&[x, y]), x <= y, "{x} <= {y}");
            }
        }
        // E x (2x = y): y even, in binary and in Zeckendorf numeration.
        for base in [Base::Fib, Base::Binary] {
            let even = exists(&linear(&[base; 2], &[2, -1], 0), 0, 1000).unwrap();
            for y in 0..200u128 {
                assert_eq!(even.accepts(&[y]), y % 2 == 0);
            }
        }
        assert!(matches!(exists(&adder, 1, 1), Err(AutomataError::TooManyStates { .. })));
    }
}
