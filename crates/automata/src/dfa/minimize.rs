//! Minimisation: Hopcroft's partition refinement (`O(n log n)` refinements per symbol), and
//! Moore's round-by-round refinement as the slow, independent check the tests hold it to.

use super::Dfa;

/// The blocks of a partition of the states, each a range of `elements`; the marked states of a
/// block are moved to the front of its range while a splitter is processed.
struct Partition {
    elements: Vec<u32>,
    position: Vec<u32>,
    block_of: Vec<u32>,
    first: Vec<u32>,
    end: Vec<u32>,
    marked_end: Vec<u32>,
    touched: Vec<u32>,
}

impl Partition {
    fn new(accepting: &[bool]) -> Partition {
        let n = accepting.len();
        // Accepting states first, then the others.
        let mut elements: Vec<u32> = (0..n as u32).filter(|&q| accepting[q as usize]).collect();
        let accepting_count = elements.len() as u32;
        elements.extend((0..n as u32).filter(|&q| !accepting[q as usize]));
        let mut position = vec![0; n];
        for (i, &q) in elements.iter().enumerate() {
            position[q as usize] = i as u32;
        }
        let (mut first, mut end) = (Vec::new(), Vec::new());
        for (a, b) in [(0, accepting_count), (accepting_count, n as u32)] {
            if a < b {
                first.push(a);
                end.push(b);
            }
        }
        let mut block_of = vec![0; n];
        for (b, (&a, &e)) in first.iter().zip(&end).enumerate() {
            for &q in &elements[a as usize..e as usize] {
                block_of[q as usize] = b as u32;
            }
        }
        let marked_end = first.clone();
        Partition { elements, position, block_of, first, end, marked_end, touched: Vec::new() }
    }

    fn blocks(&self) -> usize {
        self.first.len()
    }

    fn size(&self, b: u32) -> u32 {
        self.end[b as usize] - self.first[b as usize]
    }

    fn mark(&mut self, q: u32) {
        let b = self.block_of[q as usize] as usize;
        let i = self.position[q as usize];
        let j = self.marked_end[b];
        if i < j {
            return; // Marked already.
        }
        let other = self.elements[j as usize];
        self.elements.swap(i as usize, j as usize);
        self.position[q as usize] = j;
        self.position[other as usize] = i;
        if j == self.first[b] {
            self.touched.push(b as u32);
        }
        self.marked_end[b] = j + 1;
    }

    /// Splits every touched block whose states were not all marked: the marked ones become a
    /// new block. Returns the pairs (old block, new block).
    fn split(&mut self) -> Vec<(u32, u32)> {
        let mut splits = Vec::new();
        for b in std::mem::take(&mut self.touched) {
            let b = b as usize;
            let mid = self.marked_end[b];
            self.marked_end[b] = self.first[b];
            if mid == self.end[b] {
                continue;
            }
            let new = self.first.len() as u32;
            self.first.push(self.first[b]);
            self.end.push(mid);
            self.marked_end.push(self.first[b]);
            self.first[b] = mid;
            self.marked_end[b] = mid;
            for &q in &self.elements[self.first[new as usize] as usize..mid as usize] {
                self.block_of[q as usize] = new;
            }
            splits.push((b as u32, new));
        }
        splits
    }
}

/// Hopcroft's algorithm on an automaton whose states are all reachable.
pub(crate) fn hopcroft(dfa: &Dfa) -> Dfa {
    let n = dfa.states();
    let a = dfa.alphabet();
    let next = dfa.table();
    // Predecessors by (target, symbol), in one array.
    let mut start = vec![0u32; n * a + 1];
    for q in 0..n {
        for s in 0..a {
            start[next[q * a + s] as usize * a + s + 1] += 1;
        }
    }
    for i in 0..n * a {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; n * a];
    for q in 0..n {
        for s in 0..a {
            let key = next[q * a + s] as usize * a + s;
            preds[fill[key] as usize] = q as u32;
            fill[key] += 1;
        }
    }
    let accepting: Vec<bool> = (0..n as u32).map(|q| dfa.is_accepting(q)).collect();
    let mut partition = Partition::new(&accepting);
    let mut waiting: Vec<(u32, usize)> = Vec::new();
    let mut in_waiting: Vec<bool> = Vec::new();
    if partition.blocks() == 2 {
        let smaller = if partition.size(0) <= partition.size(1) { 0 } else { 1 };
        in_waiting.resize(2 * a, false);
        for s in 0..a {
            waiting.push((smaller, s));
            in_waiting[smaller as usize * a + s] = true;
        }
    }
    let mut splitter = Vec::new();
    while let Some((b, s)) = waiting.pop() {
        in_waiting[b as usize * a + s] = false;
        splitter.clear();
        let (lo, hi) = (partition.first[b as usize], partition.end[b as usize]);
        splitter.extend_from_slice(&partition.elements[lo as usize..hi as usize]);
        for &q in &splitter {
            let key = q as usize * a + s;
            for &p in &preds[start[key] as usize..start[key + 1] as usize] {
                partition.mark(p);
            }
        }
        for (old, new) in partition.split() {
            in_waiting.resize(partition.blocks() * a, false);
            for t in 0..a {
                let pick = if in_waiting[old as usize * a + t] || partition.size(new) <= partition.size(old) {
                    new
                } else {
                    old
                };
                if !in_waiting[pick as usize * a + t] {
                    in_waiting[pick as usize * a + t] = true;
                    waiting.push((pick, t));
                }
            }
        }
    }
    quotient(dfa, &partition.block_of, partition.blocks())
}

/// The automaton whose states are the classes `class_of` gives.
fn quotient(dfa: &Dfa, class_of: &[u32], classes: usize) -> Dfa {
    let a = dfa.alphabet();
    let mut next = vec![0u32; classes * a];
    let mut accepting = vec![false; classes];
    for q in 0..dfa.states() {
        let c = class_of[q] as usize;
        accepting[c] = dfa.is_accepting(q as u32);
        for s in 0..a {
            next[c * a + s] = class_of[dfa.step(q as u32, s) as usize];
        }
    }
    let start = class_of[dfa.start() as usize];
    Dfa::from_parts(dfa.bases().to_vec(), next, accepting, start)
        .expect("a quotient is an automaton")
        .reachable()
}

/// Moore's algorithm: states are split round by round by the classes of their successors, until
/// a round splits nothing. Quadratic at worst; the tests' independent check of [`hopcroft`].
pub fn moore(dfa: &Dfa) -> Dfa {
    let dfa = dfa.reachable();
    let n = dfa.states();
    let a = dfa.alphabet();
    let mut class: Vec<u32> = (0..n as u32).map(|q| u32::from(dfa.is_accepting(q))).collect();
    let mut count = class.iter().collect::<std::collections::HashSet<_>>().len();
    loop {
        let mut ids = std::collections::HashMap::new();
        let refined: Vec<u32> = (0..n)
            .map(|q| {
                let signature: Vec<u32> = std::iter::once(class[q])
                    .chain((0..a).map(|s| class[dfa.step(q as u32, s) as usize]))
                    .collect();
                let next_id = ids.len() as u32;
                *ids.entry(signature).or_insert(next_id)
            })
            .collect();
        let refined_count = ids.len();
        class = refined;
        if refined_count == count {
            break;
        }
        count = refined_count;
    }
    quotient(&dfa, &class, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base_system::Base;
    use proptest::prelude::*;

    fn random_dfa(tracks: usize, states: usize, seed: &[u32], accept: &[bool]) -> Dfa {
        let a = 1 << tracks;
        let next: Vec<u32> = (0..states * a)
            .map(|i| seed[i % seed.len()].wrapping_mul(i as u32 + 7) % states as u32)
            .collect();
        let accepting: Vec<bool> = (0..states).map(|i| accept[i % accept.len()]).collect();
        Dfa::from_parts(vec![Base::Binary; tracks], next, accepting, 0).unwrap()
    }

    proptest! {
        #[test]
        fn hopcroft_finds_moores_automaton(
            tracks in 0usize..3,
            states in 1usize..40,
            seed in proptest::collection::vec(any::<u32>(), 1..50),
            accept in proptest::collection::vec(any::<bool>(), 1..10),
        ) {
            let dfa = random_dfa(tracks, states, &seed, &accept);
            let fast = dfa.minimize();
            let slow = moore(&dfa);
            // Minimal automata are unique up to renaming, and both are numbered breadth first.
            prop_assert_eq!(fast.states(), slow.states());
            prop_assert_eq!(fast, slow);
        }
    }
}
