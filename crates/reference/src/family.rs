//! The Zeckendorf game's family by memoised search over positions held as multisets of values
//! (sorted `(value, copies)` pairs: no counts by index, no ranking, no sweep). The moves are written here again from
//! the identities of the sequence, as replacements of values by values: each rule is a list of
//! values taken and a list put back, and a move is legal when the multiset holds what it takes.
//! The sequence is computed here too, by its recurrence over the values themselves.

use std::collections::HashMap;

/// Normal-play value: (whether the player to move wins, remoteness); and the Grundy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveValue {
    /// Whether the player to move wins.
    pub win: bool,
    /// Remoteness.
    pub remoteness: u32,
}

/// A game of the family, solved by search from any position.
#[derive(Debug)]
pub struct NaiveFamily {
    /// Every rule: values taken, values put back.
    rules: Vec<(Vec<u64>, Vec<u64>)>,
    misere: bool,
    memo: HashMap<Multiset, NaiveValue>,
    grundy_memo: HashMap<Multiset, u32>,
}

/// A multiset of values: `(value, copies)` pairs, values increasing, copies at least 1.
pub type Multiset = Vec<(u64, u64)>;

/// The multiset of a position written as parts `VALUE^COUNT` (or `VALUE`) separated by spaces,
/// read here on its own (no grammar of the games crate).
///
/// # Panics
/// On text that is not such parts (this is a test aid).
pub fn parse_multiset(text: &str) -> Multiset {
    let mut parts: Multiset = text
        .split_whitespace()
        .map(|t| match t.split_once('^') {
            Some((v, c)) => (v.parse().expect("a value"), c.parse().expect("a count")),
            None => (t.parse().expect("a value"), 1),
        })
        .collect();
    parts.sort_unstable();
    parts
}

/// The multiset of a list of values.
pub fn multiset(values: &[u64]) -> Multiset {
    let mut out: Multiset = Vec::new();
    for &v in values {
        match out.iter_mut().find(|(x, _)| *x == v) {
            Some(pair) => pair.1 += 1,
            None => out.push((v, 1)),
        }
    }
    out.sort_unstable();
    out
}

impl NaiveFamily {
    /// The game of `G_n = c (G_(n-1) + ... + G_(n-k))` on values up to `n`, with the initial
    /// combines or without, in normal or misère play.
    pub fn new(c: u64, k: usize, initial_combines: bool, n: u64, misere: bool) -> NaiveFamily {
        // G_1 = 1; G_(j+1) = c (G_1 + ... + G_j) + 1 while j < k; then the recurrence.
        let mut g: Vec<u64> = vec![1];
        while g.len() < 64 {
            let j = g.len();
            let next = if j < k { c * g.iter().sum::<u64>() + 1 } else { c * g[j - k..].iter().sum::<u64>() };
            if next > n {
                // One more term than fits: a rule may name it, and is then never legal.
                g.push(next);
                break;
            }
            g.push(next);
        }
        let copies = |value: u64, times: u64| vec![value; times as usize];
        let mut rules = Vec::new();
        let len = g.len();
        // Combines: c of each of k consecutive terms into the next.
        for i in 0..len.saturating_sub(k) {
            let taken: Vec<u64> = (i..i + k).flat_map(|t| copies(g[t], c)).collect();
            rules.push((taken, vec![g[i + k]]));
        }
        // Initial combines: c + 1 ones and c of each term up to G_j into G_(j+1), 2 <= j < k.
        if initial_combines {
            for j in 2..k.min(len) {
                let mut taken = copies(g[0], c + 1);
                taken.extend((1..j).flat_map(|t| copies(g[t], c)));
                rules.push((taken, vec![g[j]]));
            }
        }
        // Splits: c + 1 copies of G_m.
        for m in 1..len {
            let put = if m < k {
                vec![g[m]]
            } else if m == k {
                vec![g[m], g[0]]
            } else {
                let mut put = vec![g[m]];
                put.extend(copies(g[m - k - 1], c));
                put
            };
            rules.push((copies(g[m - 1], c + 1), put));
        }
        for (taken, put) in &rules {
            assert_eq!(taken.iter().sum::<u64>(), put.iter().sum::<u64>(), "a rule keeps the sum");
        }
        NaiveFamily { rules, misere, memo: HashMap::new(), grundy_memo: HashMap::new() }
    }

    /// The positions one move from `position`.
    pub fn children(&self, position: &Multiset) -> Vec<Multiset> {
        let mut out = Vec::new();
        for (taken, put) in &self.rules {
            let mut rest = position.clone();
            let holds =
                multiset(taken).iter().all(|&(v, times)| match rest.iter_mut().find(|(x, _)| *x == v) {
                    Some(pair) if pair.1 >= times => {
                        pair.1 -= times;
                        true
                    }
                    _ => false,
                });
            if holds {
                for &(v, times) in &multiset(put) {
                    match rest.iter_mut().find(|(x, _)| *x == v) {
                        Some(pair) => pair.1 += times,
                        None => rest.push((v, times)),
                    }
                }
                rest.retain(|&(_, times)| times > 0);
                rest.sort_unstable();
                out.push(rest);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The value of a position.
    pub fn value(&mut self, position: &Multiset) -> NaiveValue {
        if let Some(&v) = self.memo.get(position) {
            return v;
        }
        let children: Vec<NaiveValue> = self.children(position).iter().map(|c| self.value(c)).collect();
        let value = if children.is_empty() {
            NaiveValue { win: self.misere, remoteness: 0 }
        } else if let Some(fastest) = children.iter().filter(|c| !c.win).map(|c| c.remoteness).min() {
            NaiveValue { win: true, remoteness: fastest + 1 }
        } else {
            NaiveValue {
                win: false,
                remoteness: children.iter().map(|c| c.remoteness).max().unwrap_or(0) + 1,
            }
        };
        self.memo.insert(position.clone(), value);
        value
    }

    /// The Grundy value of a position (normal play).
    pub fn grundy(&mut self, position: &Multiset) -> u32 {
        if let Some(&g) = self.grundy_memo.get(position) {
            return g;
        }
        let values: Vec<u32> = self.children(position).iter().map(|c| self.grundy(c)).collect();
        let g = (0..).find(|v| !values.contains(v)).expect("some value is missing");
        self.grundy_memo.insert(position.clone(), g);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fibonacci_game_from_ten_ones() {
        // Player 2 wins the Zeckendorf game for every n >= 3 (seed 000).
        for n in 3..=20 {
            let mut game = NaiveFamily::new(1, 2, true, n, false);
            assert!(!game.value(&vec![(1, n)]).win, "n = {n}");
        }
    }
}
