//! Deterministic automata over tuples of digits ([`Dfa`]) and the operations of the decision
//! procedure: product (and, or), complement relative to the valid representations, the tracks
//! of one automaton laid out as another's, and minimisation (Hopcroft's algorithm).
//!
//! **Invariants** every automaton built here keeps, which the operations rely on: it is
//! complete (every state has a move on every symbol; a dead state takes the rest); it accepts
//! only *valid* words (each `msd_fib` track free of adjacent 1s); and it is *zero-closed*: it
//! accepts a word exactly when it accepts the word with an all-zero tuple put in front, so a
//! tuple of numbers is accepted or not whatever the common length their digits are padded to.

pub mod minimize;
pub mod valid;

use crate::base_system::Base;
use crate::AutomataError;

pub use crate::base_system::MAX_TRACKS;

/// A complete deterministic automaton reading one digit of each track at a time, most
/// significant first. Symbol `s` is the tuple whose track `i` reads bit `i` of `s`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    bases: Vec<Base>,
    /// `next[q * alphabet + s]`: the state after reading `s` in `q`.
    next: Vec<u32>,
    accepting: Vec<bool>,
    start: u32,
}

impl Dfa {
    /// An automaton from its parts: `next[q * 2^tracks + s]` is the move of state `q` on symbol
    /// `s`. Callers keep the module's invariants.
    ///
    /// # Errors
    /// [`AutomataError::Malformed`] when the table's size or a target is wrong.
    pub fn from_parts(
        bases: Vec<Base>,
        next: Vec<u32>,
        accepting: Vec<bool>,
        start: u32,
    ) -> Result<Dfa, AutomataError> {
        let alphabet = 1usize << bases.len();
        let states = accepting.len();
        if bases.len() > MAX_TRACKS {
            return Err(AutomataError::Malformed(format!("{} tracks: at most {MAX_TRACKS}", bases.len())));
        }
        if next.len() != states * alphabet || states == 0 || start as usize >= states {
            return Err(AutomataError::Malformed("the transition table does not fit the states".into()));
        }
        if next.iter().any(|&t| t as usize >= states) {
            return Err(AutomataError::Malformed("a move leads to a state that does not exist".into()));
        }
        Ok(Dfa { bases, next, accepting, start })
    }

    /// The automaton of a constant truth value over `bases` (valid words only, when true).
    pub fn constant(bases: Vec<Base>, value: bool) -> Dfa {
        if value {
            valid::valid(&bases)
        } else {
            let alphabet = 1usize << bases.len();
            Dfa { bases, next: vec![0; alphabet], accepting: vec![false], start: 0 }
        }
    }

    /// The tracks' numeration systems.
    pub fn bases(&self) -> &[Base] {
        &self.bases
    }

    /// How many tracks the automaton reads.
    pub fn tracks(&self) -> usize {
        self.bases.len()
    }

    /// The number of symbols, `2^tracks`.
    pub fn alphabet(&self) -> usize {
        1 << self.bases.len()
    }

    /// The number of states, the dead one included.
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// The start state.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Whether `q` accepts.
    pub fn is_accepting(&self, q: u32) -> bool {
        self.accepting[q as usize]
    }

    /// The move of `q` on `symbol`.
    pub fn step(&self, q: u32, symbol: usize) -> u32 {
        self.next[q as usize * self.alphabet() + symbol]
    }

    /// The states that accept nothing (from which no accepting state is reached).
    pub fn dead_states(&self) -> Vec<bool> {
        let n = self.states();
        let a = self.alphabet();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for q in 0..n {
            for s in 0..a {
                preds[self.next[q * a + s] as usize].push(q as u32);
            }
        }
        let mut live = self.accepting.clone();
        let mut stack: Vec<u32> = (0..n as u32).filter(|&q| live[q as usize]).collect();
        while let Some(q) = stack.pop() {
            for &p in &preds[q as usize] {
                if !live[p as usize] {
                    live[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        live.into_iter().map(|l| !l).collect()
    }

    /// The number of states that can lead to acceptance: the states Walnut's files list (it
    /// leaves the dead state out). At least 1.
    pub fn live_states(&self) -> usize {
        self.dead_states().iter().filter(|&&d| !d).count().max(1)
    }

    /// Whether the automaton accepts the tuple of numbers `values` (one per track).
    ///
    /// # Panics
    /// When `values` does not have one value per track.
    pub fn accepts(&self, values: &[u128]) -> bool {
        assert_eq!(values.len(), self.tracks(), "one value per track");
        // Each track's digits as bits (no allocation: tests and learners call this millions of
        // times), then one symbol per place, most significant first.
        let mut bits = [[0u64; 3]; MAX_TRACKS];
        let mut len = 0;
        for (t, (&v, b)) in values.iter().zip(&self.bases).enumerate() {
            let (track, track_len) = b.digit_bits(v);
            bits[t] = track;
            len = len.max(track_len);
        }
        let mut q = self.start;
        for i in (0..len).rev() {
            let mut symbol = 0;
            for (t, track) in bits[..values.len()].iter().enumerate() {
                symbol |= (((track[i / 64] >> (i % 64)) & 1) as usize) << t;
            }
            q = self.step(q, symbol);
        }
        self.is_accepting(q)
    }

    /// Whether the automaton accepts nothing.
    pub fn is_empty(&self) -> bool {
        self.dead_states()[self.start as usize]
    }

    /// The shortest accepted word's tuple of numbers (among the shortest, the least in reading
    /// order, so the least numbers where one track decides), or `None` when nothing is
    /// accepted. Values past `u128` cannot occur in an automaton of fewer than 180 states.
    pub fn shortest_accepted(&self) -> Option<Vec<u128>> {
        let n = self.states();
        let a = self.alphabet();
        // Breadth first from the start, symbols in increasing order: the first path found to
        // each state is the least of the shortest.
        let mut from: Vec<Option<(u32, usize)>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[self.start as usize] = true;
        let mut queue = std::collections::VecDeque::from([self.start]);
        let mut found = None;
        while let Some(q) = queue.pop_front() {
            if self.accepting[q as usize] {
                found = Some(q);
                break;
            }
            for s in 0..a {
                let t = self.next[q as usize * a + s];
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    from[t as usize] = Some((q, s));
                    queue.push_back(t);
                }
            }
        }
        let mut q = found?;
        let mut word = Vec::new();
        while let Some((p, s)) = from[q as usize] {
            word.push(s);
            q = p;
        }
        word.reverse();
        let values = (0..self.tracks())
            .map(|t| {
                let digits: Vec<u8> = word.iter().map(|&s| ((s >> t) & 1) as u8).collect();
                self.bases[t].value(&digits).unwrap_or(u128::MAX)
            })
            .collect();
        Some(values)
    }

    /// The automaton accepting the valid words this one rejects.
    pub fn complement(&self) -> Dfa {
        let flipped = Dfa { accepting: self.accepting.iter().map(|a| !a).collect(), ..self.clone() };
        flipped.and(&valid::valid(&self.bases)).expect("the same tracks").minimize()
    }

    /// The product accepting what both accept.
    ///
    /// # Errors
    /// [`AutomataError::Malformed`] when the two read different tracks.
    pub fn and(&self, other: &Dfa) -> Result<Dfa, AutomataError> {
        self.product(other, |a, b| a && b)
    }

    /// The product accepting what either accepts.
    ///
    /// # Errors
    /// As [`Dfa::and`].
    pub fn or(&self, other: &Dfa) -> Result<Dfa, AutomataError> {
        self.product(other, |a, b| a || b)
    }

    /// The minimal automaton accepting the valid words on which `op` of the two acceptances
    /// holds, and the number of states of the product before minimisation.
    ///
    /// # Errors
    /// As [`Dfa::and`].
    pub fn boolean(
        &self,
        other: &Dfa,
        op: impl Fn(bool, bool) -> bool,
    ) -> Result<(Dfa, usize), AutomataError> {
        let product = self.product(other, &op)?;
        let made = product.states();
        let product = if op(false, false) { product.and(&valid::valid(&self.bases))? } else { product };
        Ok((product.minimize(), made))
    }

    /// The product of the reachable pairs of states, accepting as `accept` says.
    fn product(&self, other: &Dfa, accept: impl Fn(bool, bool) -> bool) -> Result<Dfa, AutomataError> {
        if self.bases != other.bases {
            return Err(AutomataError::Malformed("a product of automata over different tracks".into()));
        }
        let a = self.alphabet();
        let m = other.states() as u64;
        let mut index = std::collections::HashMap::new();
        let mut pairs = vec![(self.start, other.start)];
        index.insert(u64::from(self.start) * m + u64::from(other.start), 0u32);
        let mut next = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (p, q) = pairs[i];
            for s in 0..a {
                let pair = (self.step(p, s), other.step(q, s));
                let key = u64::from(pair.0) * m + u64::from(pair.1);
                let id = *index.entry(key).or_insert_with(|| {
                    pairs.push(pair);
                    (pairs.len() - 1) as u32
                });
                next.push(id);
            }
            i += 1;
        }
        let accepting =
            pairs.iter().map(|&(p, q)| accept(self.is_accepting(p), other.is_accepting(q))).collect();
        Ok(Dfa { bases: self.bases.clone(), next, accepting, start: 0 })
    }

    /// This automaton read over `bases`, its track `i` being track `map[i]` there; the other
    /// tracks there are free (any valid representation).
    ///
    /// # Errors
    /// [`AutomataError::Malformed`] when `map` is not one-to-one into `bases` or a track's system
    /// changes.
    pub fn spread(&self, bases: &[Base], map: &[usize]) -> Result<Dfa, AutomataError> {
        if map.len() != self.tracks()
            || map.iter().any(|&m| m >= bases.len())
            || (1..map.len()).any(|i| map[..i].contains(&map[i]))
            || map.iter().zip(&self.bases).any(|(&m, &b)| bases[m] != b)
        {
            return Err(AutomataError::Malformed("tracks laid out on tracks that do not fit".into()));
        }
        if bases.len() > MAX_TRACKS {
            return Err(AutomataError::TooManyTracks(bases.len()));
        }
        let alphabet = 1usize << bases.len();
        let old = self.alphabet();
        let project =
            |symbol: usize| -> usize { map.iter().enumerate().map(|(i, &m)| ((symbol >> m) & 1) << i).sum() };
        let mut next = Vec::with_capacity(self.states() * alphabet);
        for q in 0..self.states() {
            for s in 0..alphabet {
                next.push(self.next[q * old + project(s)]);
            }
        }
        let spread =
            Dfa { bases: bases.to_vec(), next, accepting: self.accepting.clone(), start: self.start };
        // The new tracks are free, but only over valid representations.
        let free: Vec<usize> = (0..bases.len()).filter(|t| !map.contains(t)).collect();
        if free.iter().any(|&t| bases[t] == Base::Fib) {
            let valid = valid::valid_on(bases, &free);
            return Ok(spread.and(&valid)?.minimize());
        }
        Ok(spread)
    }

    /// The minimal automaton accepting the same words (Hopcroft's partition refinement over the
    /// reachable states).
    pub fn minimize(&self) -> Dfa {
        let reachable = self.reachable();
        minimize::hopcroft(&reachable)
    }

    /// The automaton restricted to the states reachable from the start, renumbered in the order
    /// a breadth-first search meets them (so equal automata come out equal).
    pub fn reachable(&self) -> Dfa {
        let a = self.alphabet();
        let mut id = vec![u32::MAX; self.states()];
        let mut order = vec![self.start];
        id[self.start as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let q = order[i] as usize;
            for s in 0..a {
                let t = self.next[q * a + s] as usize;
                if id[t] == u32::MAX {
                    id[t] = order.len() as u32;
                    order.push(t as u32);
                }
            }
            i += 1;
        }
        let mut next = Vec::with_capacity(order.len() * a);
        for &q in &order {
            next.extend((0..a).map(|s| id[self.next[q as usize * a + s] as usize]));
        }
        let accepting = order.iter().map(|&q| self.accepting[q as usize]).collect();
        Dfa { bases: self.bases.clone(), next, accepting, start: 0 }
    }

    /// The raw transition table, `next[q * alphabet + s]`.
    pub fn table(&self) -> &[u32] {
        &self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base;

    #[test]
    fn products_and_complements_agree_with_their_definitions() {
        let fib = vec![Base::Fib, Base::Fib];
        let less = base::less(Base::Fib);
        let equal = base::linear(&fib, &[1, -1], 0);
        let at_most = less.or(&equal).unwrap().minimize();
        let greater = at_most.complement();
        for x in 0..60u128 {
            for y in 0..60u128 {
                assert_eq!(less.accepts(&[x, y]), x < y);
                assert_eq!(equal.accepts(&[x, y]), x == y);
                assert_eq!(at_most.accepts(&[x, y]), x <= y);
                assert_eq!(greater.accepts(&[x, y]), x > y);
            }
        }
        assert!(less.and(&equal).unwrap().minimize().is_empty());
        assert_eq!(greater.shortest_accepted(), Some(vec![1, 0]));
    }

    #[test]
    fn a_spread_automaton_reads_its_old_tracks_where_they_went() {
        let less = base::less(Base::Fib);
        let bases = vec![Base::Fib; 3];
        // x < y read as track 2 < track 0, track 1 free.
        let spread = less.spread(&bases, &[2, 0]).unwrap();
        for a in 0..20u128 {
            for b in 0..5u128 {
                for c in 0..20u128 {
                    assert_eq!(spread.accepts(&[a, b, c]), c < a);
                }
            }
        }
        assert!(less.spread(&bases, &[0, 0]).is_err());
    }

    #[test]
    fn malformed_parts_are_refused() {
        assert!(Dfa::from_parts(vec![Base::Fib], vec![0, 5], vec![true], 0).is_err());
        assert!(Dfa::from_parts(vec![Base::Fib], vec![0], vec![true], 0).is_err());
        assert!(Dfa::from_parts(vec![Base::Fib], vec![0, 0], vec![true], 0).is_ok());
    }
}
