//! Learning an automaton from a membership oracle (Angluin's L*, with Maler and Pnueli's
//! handling of counterexamples: every suffix of a counterexample becomes a column, which keeps
//! the table consistent, so only closedness is repaired).
//!
//! The oracle answers for tuples of numbers, not words: a word is read as the numbers its tracks
//! spell (so the learned automaton is zero-closed) and an invalid word (adjacent 1s on an
//! `msd_fib` track) is rejected without asking. The equivalence query is the caller's: it gets
//! each hypothesis and answers with a tuple the hypothesis gets wrong, or none.

use std::collections::HashMap;

use crate::base_system::Base;
use crate::dfa::Dfa;
use crate::AutomataError;

/// What a learning run ended with.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The last hypothesis (minimal).
    pub automaton: Dfa,
    /// Whether the equivalence query accepted it.
    pub accepted: bool,
    /// Hypotheses made.
    pub rounds: usize,
    /// Distinct membership questions asked.
    pub queries: usize,
}

/// Learns the automaton over `bases` of the tuples `member` accepts. `equivalent` gets each
/// hypothesis and returns `Ok(None)` to accept it or `Ok(Some(tuple))` for a tuple it gets
/// wrong; learning stops when a hypothesis needs more than `max_states` states.
///
/// # Errors
/// What `equivalent` returns; [`AutomataError::TooManyStates`] past `max_states`.
pub fn learn(
    bases: &[Base],
    mut member: impl FnMut(&[u128]) -> bool,
    mut equivalent: impl FnMut(&Dfa) -> Result<Option<Vec<u128>>, AutomataError>,
    max_states: usize,
) -> Result<Learned, AutomataError> {
    let a = 1usize << bases.len();
    let mut memo: HashMap<Vec<usize>, bool> = HashMap::new();
    let mut ask = |word: &[usize]| -> bool {
        if let Some(&known) = memo.get(word) {
            return known;
        }
        let values = decode(bases, word);
        let answer = values.is_some_and(|v| member(&v));
        memo.insert(word.to_vec(), answer);
        answer
    };
    let mut prefixes: Vec<Vec<usize>> = vec![Vec::new()];
    let mut suffixes: Vec<Vec<usize>> = vec![Vec::new()];
    let mut rounds = 0;
    loop {
        // Close the table: every one-symbol extension's row is some prefix's row.
        let hypothesis = loop {
            let row = |p: &[usize], ask: &mut dyn FnMut(&[usize]) -> bool| -> Vec<bool> {
                suffixes.iter().map(|e| ask(&[p, e.as_slice()].concat())).collect()
            };
            let rows: Vec<Vec<bool>> = prefixes.iter().map(|p| row(p, &mut ask)).collect();
            let mut state_of: HashMap<Vec<bool>, usize> = HashMap::new();
            for (i, r) in rows.iter().enumerate() {
                state_of.entry(r.clone()).or_insert(i);
            }
            let mut missing = None;
            let mut next = Vec::with_capacity(prefixes.len() * a);
            'rows: for p in &prefixes {
                for s in 0..a {
                    let extended = [p.as_slice(), &[s]].concat();
                    let r = row(&extended, &mut ask);
                    match state_of.get(&r) {
                        Some(&q) => next.push(q),
                        None => {
                            missing = Some(extended);
                            break 'rows;
                        }
                    }
                }
            }
            if let Some(extended) = missing {
                if prefixes.len() >= max_states {
                    return Err(AutomataError::TooManyStates {
                        states: prefixes.len() + 1,
                        limit: max_states,
                    });
                }
                prefixes.push(extended);
                continue;
            }
            // Distinct rows are states; rows equal to an earlier one point to it.
            let distinct: Vec<usize> = (0..prefixes.len()).filter(|&i| state_of[&rows[i]] == i).collect();
            let number: HashMap<usize, u32> =
                distinct.iter().enumerate().map(|(k, &i)| (i, k as u32)).collect();
            let mut table = Vec::with_capacity(distinct.len() * a);
            for &i in &distinct {
                for s in 0..a {
                    table.push(number[&next[i * a + s]]);
                }
            }
            let accepting = distinct.iter().map(|&i| rows[i][0]).collect();
            let start = number[&state_of[&rows[0]]];
            break Dfa::from_parts(bases.to_vec(), table, accepting, start)?.minimize();
        };
        rounds += 1;
        match equivalent(&hypothesis)? {
            None => {
                return Ok(Learned { automaton: hypothesis, accepted: true, rounds, queries: memo.len() });
            }
            Some(tuple) => {
                let word = encode(bases, &tuple);
                if hypothesis.accepts(&tuple) == ask(&word) {
                    // Not a counterexample after all: nothing to learn from it.
                    return Ok(Learned {
                        automaton: hypothesis,
                        accepted: false,
                        rounds,
                        queries: memo.len(),
                    });
                }
                for start in 0..=word.len() {
                    let suffix = word[start..].to_vec();
                    if !suffixes.contains(&suffix) {
                        suffixes.push(suffix);
                    }
                }
            }
        }
    }
}

/// The numbers a word spells, or `None` for an invalid word.
fn decode(bases: &[Base], word: &[usize]) -> Option<Vec<u128>> {
    bases
        .iter()
        .enumerate()
        .map(|(t, base)| {
            let digits: Vec<u8> = word.iter().map(|&s| ((s >> t) & 1) as u8).collect();
            if base.is_valid(&digits) {
                base.value(&digits)
            } else {
                None
            }
        })
        .collect()
}

/// The word of a tuple: each track's representation, padded to a common length.
fn encode(bases: &[Base], tuple: &[u128]) -> Vec<usize> {
    let digits: Vec<Vec<u8>> = tuple.iter().zip(bases).map(|(&v, b)| b.digits(v)).collect();
    let len = digits.iter().map(Vec::len).max().unwrap_or(0);
    (0..len)
        .map(|i| {
            digits.iter().enumerate().fold(0, |symbol, (t, d)| {
                let pad = len - d.len();
                if i >= pad && d[i - pad] == 1 {
                    symbol | 1 << t
                } else {
                    symbol
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relation_is_learned_from_its_members_and_counterexamples() {
        // x <= y over two msd_fib tracks, the counterexamples found by brute force.
        let target = |t: &[u128]| t[0] <= t[1];
        let learned = learn(
            &[Base::Fib; 2],
            target,
            |h| {
                for x in 0..60u128 {
                    for y in 0..60u128 {
                        if h.accepts(&[x, y]) != target(&[x, y]) {
                            return Ok(Some(vec![x, y]));
                        }
                    }
                }
                Ok(None)
            },
            100,
        )
        .unwrap();
        assert!(learned.accepted);
        let less = crate::base::less(Base::Fib);
        let equal = crate::base::linear(&[Base::Fib; 2], &[1, -1], 0);
        assert_eq!(learned.automaton, less.or(&equal).unwrap().minimize());
        // Residues mod 3 in binary.
        let learned = learn(
            &[Base::Binary],
            |t| t[0] % 3 == 1,
            |h| Ok((0..200u128).find(|&x| h.accepts(&[x]) != (x % 3 == 1)).map(|x| vec![x])),
            100,
        )
        .unwrap();
        assert_eq!(learned.automaton, crate::base::modulo(Base::Binary, 3, 1));
    }
}
