//! Learning an automaton from a membership oracle (Angluin's L*, with Maler and Pnueli's
//! handling of counterexamples: every suffix of a counterexample becomes a column, which keeps
//! the table consistent, so only closedness is repaired).
//!
//! The oracle answers for tuples of numbers, not words: a word is read as the numbers its tracks
//! spell (so the learned automaton is zero-closed) and an invalid word (adjacent 1s on an
//! `msd_fib` track) is rejected without asking. The equivalence query is the caller's: it gets
//! each hypothesis and answers with a tuple the hypothesis gets wrong, or none.
//!
//! **Short questions.** The columns start as every word up to [`LearnSettings::suffix_length`]:
//! they tell most states apart at once, so the table needs few counterexamples, whose suffixes
//! are long and would carry the questions past what a solver's tables answer. An oracle that
//! cannot answer says so, and learning stops there.
//!
//! **A lower bound.** The table's prefixes have pairwise different rows, each row answered by
//! the oracle: no two of them can share a state of any automaton that accepts exactly the
//! oracle's language (Myhill and Nerode). So a run stopped past its state limit, or by a question
//! the oracle cannot answer, still proves that every such automaton has at least
//! [`Learned::distinguished`] states.

use std::collections::HashMap;

use crate::base_system::Base;
use crate::dfa::Dfa;
use crate::AutomataError;

/// How far a learning run may go.
#[derive(Clone, Copy, Debug)]
pub struct LearnSettings {
    /// The most states a hypothesis may have.
    pub max_states: usize,
    /// Every valid word up to this length is a column from the start.
    pub suffix_length: usize,
}

/// How a learning run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnEnd {
    /// The equivalence query accepted the last hypothesis.
    Accepted,
    /// The equivalence query named a tuple the hypothesis gets right after all.
    FalseCounterexample,
    /// The table told apart more prefixes than the state limit allows.
    TooManyStates,
    /// The oracle could not answer a question.
    Unanswered,
}

/// What a learning run ended with.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The last hypothesis (minimal), if the table was ever closed.
    pub automaton: Option<Dfa>,
    pub end: LearnEnd,
    /// Hypotheses made.
    pub rounds: usize,
    /// Membership questions asked of the oracle.
    pub queries: usize,
    /// Words that the oracle's answers tell apart pairwise (the dead state's, if among them,
    /// included): a lower bound on the states of every automaton of the language.
    pub distinguished: usize,
}

/// The observation table: prefixes (each row distinct), columns, and each prefix's row.
struct Table {
    prefixes: Vec<Vec<usize>>,
    suffixes: Vec<Vec<usize>>,
    rows: Vec<Vec<bool>>,
    state_of: HashMap<Vec<bool>, usize>,
}

/// The oracle's answers for words, counted.
struct Asker<'a, M> {
    bases: &'a [Base],
    member: M,
    queries: usize,
    word: Vec<usize>,
}

impl<M: FnMut(&[u128]) -> Option<bool>> Asker<'_, M> {
    /// Whether `prefix · suffix` is in the language; `None` where the oracle cannot say.
    fn ask(&mut self, prefix: &[usize], suffix: &[usize]) -> Option<bool> {
        self.word.clear();
        self.word.extend_from_slice(prefix);
        self.word.extend_from_slice(suffix);
        match decode(self.bases, &self.word) {
            None => Some(false),
            Some(values) => {
                self.queries += 1;
                (self.member)(&values)
            }
        }
    }

    /// The row of `prefix` under `suffixes`.
    fn row(&mut self, prefix: &[usize], suffixes: &[Vec<usize>]) -> Option<Vec<bool>> {
        suffixes.iter().map(|e| self.ask(prefix, e)).collect()
    }
}

/// Every valid word of length 1 to `most` over `bases` (each track's digits valid alone).
fn short_words(bases: &[Base], most: usize) -> Vec<Vec<usize>> {
    let symbols = 1usize << bases.len();
    let mut words = Vec::new();
    let mut layer: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..most {
        layer = layer
            .iter()
            .flat_map(|w| (0..symbols).map(move |s| [w.as_slice(), &[s]].concat()))
            .filter(|w| decode(bases, w).is_some())
            .collect();
        words.extend(layer.iter().cloned());
    }
    words
}

/// Learns the automaton over `bases` of the tuples `member` accepts (`None`: it cannot say).
/// `equivalent` gets each hypothesis and returns `Ok(None)` to accept it or `Ok(Some(tuple))`
/// for a tuple it gets wrong.
///
/// # Errors
/// What `equivalent` returns.
pub fn learn(
    bases: &[Base],
    member: impl FnMut(&[u128]) -> Option<bool>,
    mut equivalent: impl FnMut(&Dfa) -> Result<Option<Vec<u128>>, AutomataError>,
    settings: LearnSettings,
) -> Result<Learned, AutomataError> {
    let a = 1usize << bases.len();
    let mut asker = Asker { bases, member, queries: 0, word: Vec::new() };
    let mut suffixes = vec![Vec::new()];
    suffixes.extend(short_words(bases, settings.suffix_length));
    let mut table = Table { prefixes: Vec::new(), suffixes, rows: Vec::new(), state_of: HashMap::new() };
    let (mut rounds, mut automaton) = (0, None);
    let ended = |end, table: &Table, automaton, rounds, asker: &Asker<'_, _>| Learned {
        automaton,
        end,
        rounds,
        queries: asker.queries,
        distinguished: table.prefixes.len(),
    };
    let Some(first) = asker.row(&[], &table.suffixes) else {
        return Ok(ended(LearnEnd::Unanswered, &table, None, 0, &asker));
    };
    table.state_of.insert(first.clone(), 0);
    table.prefixes.push(Vec::new());
    table.rows.push(first);
    loop {
        // Close the table, breadth first: each prefix's one-symbol extensions lead to a prefix
        // of the same row, or become prefixes themselves (so every prefix's row is distinct).
        let mut next = Vec::with_capacity(table.prefixes.len() * a);
        let mut i = 0;
        while i < table.prefixes.len() {
            for s in 0..a {
                let mut extended = table.prefixes[i].clone();
                extended.push(s);
                let Some(row) = asker.row(&extended, &table.suffixes) else {
                    return Ok(ended(LearnEnd::Unanswered, &table, automaton, rounds, &asker));
                };
                let state = match table.state_of.get(&row) {
                    Some(&q) => q,
                    None => {
                        if table.prefixes.len() == settings.max_states {
                            // The new row is answered and differs from every other.
                            let mut learned =
                                ended(LearnEnd::TooManyStates, &table, automaton, rounds, &asker);
                            learned.distinguished += 1;
                            return Ok(learned);
                        }
                        let q = table.prefixes.len();
                        table.state_of.insert(row.clone(), q);
                        table.prefixes.push(extended);
                        table.rows.push(row);
                        q
                    }
                };
                next.push(state as u32);
            }
            i += 1;
        }
        let accepting = table.rows.iter().map(|r| r[0]).collect();
        let hypothesis = Dfa::from_parts(bases.to_vec(), next, accepting, 0)?.minimize();
        rounds += 1;
        let answer = equivalent(&hypothesis)?;
        automaton = Some(hypothesis);
        let Some(tuple) = answer else {
            return Ok(ended(LearnEnd::Accepted, &table, automaton, rounds, &asker));
        };
        let word = encode(bases, &tuple);
        let hypothesis = automaton.as_ref().expect("just set");
        match asker.ask(&word, &[]) {
            None => return Ok(ended(LearnEnd::Unanswered, &table, automaton, rounds, &asker)),
            Some(member) if member == hypothesis.accepts(&tuple) => {
                return Ok(ended(LearnEnd::FalseCounterexample, &table, automaton, rounds, &asker));
            }
            Some(_) => {}
        }
        let fresh: Vec<Vec<usize>> = (0..=word.len())
            .map(|start| word[start..].to_vec())
            .filter(|suffix| !table.suffixes.contains(suffix))
            .collect();
        // The new columns of every prefix's row (rows stay distinct: they differ in old columns).
        let mut rows = Vec::with_capacity(table.rows.len());
        for (prefix, row) in table.prefixes.iter().zip(&table.rows) {
            let Some(more) = asker.row(prefix, &fresh) else {
                return Ok(ended(LearnEnd::Unanswered, &table, automaton, rounds, &asker));
            };
            rows.push([row.as_slice(), &more].concat());
        }
        table.suffixes.extend(fresh);
        table.state_of = rows.iter().cloned().zip(0..).collect();
        table.rows = rows;
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
            |t| Some(target(t)),
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
            LearnSettings { max_states: 100, suffix_length: 0 },
        )
        .unwrap();
        assert_eq!(learned.end, LearnEnd::Accepted);
        let less = crate::base::less(Base::Fib);
        let equal = crate::base::linear(&[Base::Fib; 2], &[1, -1], 0);
        let expected = less.or(&equal).unwrap().minimize();
        assert_eq!(learned.automaton, Some(expected.clone()));
        assert_eq!(learned.distinguished, expected.states(), "every state told apart, the dead one too");
        // Residues mod 3 in binary.
        let learned = learn(
            &[Base::Binary],
            |t| Some(t[0] % 3 == 1),
            |h| Ok((0..200u128).find(|&x| h.accepts(&[x]) != (x % 3 == 1)).map(|x| vec![x])),
            LearnSettings { max_states: 100, suffix_length: 3 },
        )
        .unwrap();
        assert_eq!(learned.automaton, Some(crate::base::modulo(Base::Binary, 3, 1)));
    }

    /// A run stopped by its state limit, or by questions its oracle cannot answer, tells apart
    /// no more words than the language's minimal automaton has states, and as many as it says.
    #[test]
    fn a_stopped_run_proves_only_a_true_lower_bound() {
        let target = |t: &[u128]| t[0] <= t[1];
        let less = crate::base::less(Base::Fib);
        let equal = crate::base::linear(&[Base::Fib; 2], &[1, -1], 0);
        let states = less.or(&equal).unwrap().minimize().states();
        let never = |_: &Dfa| -> Result<Option<Vec<u128>>, AutomataError> { Ok(Some(vec![0, 0])) };
        for limit in 1..states {
            let learned = learn(
                &[Base::Fib; 2],
                |t| Some(target(t)),
                never,
                LearnSettings { max_states: limit, suffix_length: 4 },
            )
            .unwrap();
            assert_eq!(learned.end, LearnEnd::TooManyStates, "limit {limit}");
            assert_eq!(learned.distinguished, limit + 1);
        }
        // An oracle that knows only small values stops the run where it is asked past them.
        let learned = learn(
            &[Base::Fib; 2],
            |t| (t[0].max(t[1]) < 8).then(|| target(t)),
            never,
            LearnSettings { max_states: 100, suffix_length: 4 },
        )
        .unwrap();
        assert_eq!(learned.end, LearnEnd::Unanswered);
        assert!((1..=states).contains(&learned.distinguished), "{}", learned.distinguished);
        // Squares are not Fibonacci-automatic: the bound grows with the limit, and each word it
        // counts is told apart from the others by a question the oracle answered.
        let square = |t: &[u128]| Some((t[0] as f64).sqrt().round().powi(2) as u128 == t[0]);
        let one = |_: &Dfa| -> Result<Option<Vec<u128>>, AutomataError> { Ok(Some(vec![0])) };
        let learned =
            learn(&[Base::Fib], square, one, LearnSettings { max_states: 40, suffix_length: 6 }).unwrap();
        assert_eq!((learned.end, learned.distinguished), (LearnEnd::TooManyStates, 41));
    }
}
