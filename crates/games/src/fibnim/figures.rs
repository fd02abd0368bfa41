//! The essay's figures (seed 003), computed: the census of opening heaps, the positions reached
//! from one opening, and the losing-heap sequence of a factor `k` against its ladder.
//!
//! Each figure is computed from the exhaustive threshold table; where it quotes the numeral
//! rule (the smallest term wins) it checks the theory against that table rather than trusting it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;
use zecklab_numeration::ladder_u64;

use super::exhaustive::{thresholds, winning_moves_from_table};
use super::rules::NimRules;

/// The number of winning opening moves of every heap `2..=to` (index `h - 2`): the per-heap
/// figures behind [`census`].
pub fn winning_openings(rules: NimRules, to: u32) -> Vec<u32> {
    let table = thresholds(rules, to);
    (2..=to).map(|h| winning_moves_from_table(&table, rules, h, h - 1).len() as u32).collect()
}

/// The census of opening heaps `2..=to`: how many the opener loses, wins, and in how many ways.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Census {
    /// The factor.
    pub k: u64,
    /// Whether misère play.
    pub misere: bool,
    /// The largest opening heap counted (the smallest is 2).
    pub to: u32,
    /// Opening heaps the opener loses.
    pub losing_heaps: Vec<u32>,
    /// Opening heaps the opener wins.
    pub winnable: u32,
    /// Winnable heaps with more than one winning opening move.
    pub several_winning_openings: u32,
    /// Mean number of winning opening moves over the winnable heaps.
    pub mean_winning_openings: f64,
    /// Winnable heaps from which taking the smallest term of the ladder representation (of the
    /// heap, or of heap − 1 in misère play) is a winning opening.
    pub smallest_term_wins: u32,
    /// Heaps whose representation has more than one term (the numeral check's cases).
    pub numeral_cases: u32,
    /// Whether the smallest term wins from every winnable heap.
    pub numeral_check: bool,
}

/// The census over opening heaps `2..=to` (exhaustive; `O(to^2)` for the opening move counts).
pub fn census(rules: NimRules, to: u32) -> Census {
    let table = thresholds(rules, to);
    let ladder = ladder_u64(rules.k(), u64::from(to)).expect("rules hold k >= 1");
    let mut losing_heaps = Vec::new();
    let (mut winnable, mut several, mut total_moves, mut smallest_wins, mut cases) =
        (0u32, 0u32, 0u64, 0u32, 0u32);
    for h in 2..=to {
        let moves = winning_moves_from_table(&table, rules, h, h - 1);
        let effective = if rules.misere() { h - 1 } else { h };
        let rep = ladder.represent(u64::from(effective)).expect("the ladder reaches `to`");
        if rep.z() > 1 {
            cases += 1;
        }
        if moves.is_empty() {
            losing_heaps.push(h);
            continue;
        }
        winnable += 1;
        total_moves += moves.len() as u64;
        if moves.len() > 1 {
            several += 1;
        }
        let smallest = rep.smallest_index().map(|i| ladder.terms()[i as usize - 1]);
        if smallest.is_some_and(|s| moves.contains(&(s as u32))) {
            smallest_wins += 1;
        }
    }
    let mean = if winnable == 0 { 0.0 } else { total_moves as f64 / f64::from(winnable) };
    Census {
        k: rules.k(),
        misere: rules.misere(),
        to,
        losing_heaps,
        winnable,
        several_winning_openings: several,
        mean_winning_openings: mean,
        smallest_term_wins: smallest_wins,
        numeral_cases: cases,
        numeral_check: smallest_wins == winnable,
    }
}

/// The positions reachable from the opening of one heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reach {
    /// Distinct positions `(heap >= 1, cap clamped to the heap)` reachable, the opening included.
    pub positions: u64,
    /// The smallest heap reached with the most distinct caps.
    pub most_caps_heap: u32,
    /// How many distinct caps that heap is reached with.
    pub most_caps: u32,
    /// Heaps reached with two caps of opposite outcome.
    pub opposite_answer_heaps: Vec<u32>,
    /// For every heap reached (smallest first), how many distinct caps it is reached with.
    pub caps_by_heap: Vec<HeapCaps>,
}

/// One heap of [`Reach`]: how many distinct caps it is reached with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeapCaps {
    /// The heap.
    pub heap: u32,
    /// Distinct caps it is reached with.
    pub caps: u32,
}

/// Breadth-first search over the positions reachable from the opening `(heap, heap - 1)`.
pub fn reach(rules: NimRules, heap: u32) -> Reach {
    let table = thresholds(rules, heap);
    let k = rules.k();
    let start = (heap, heap - 1);
    let mut seen: BTreeSet<(u32, u32)> = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((h, c)) = queue.pop_front() {
        for x in 1..=c.min(h) {
            let left = h - x;
            if left == 0 {
                continue;
            }
            let next = (left, k.saturating_mul(u64::from(x)).min(u64::from(left)) as u32);
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    let mut caps_by_heap: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &(h, c) in &seen {
        caps_by_heap.entry(h).or_default().push(c);
    }
    let most_caps = caps_by_heap.values().map(Vec::len).max().unwrap_or(0) as u32;
    let most_caps_heap =
        caps_by_heap.iter().find(|(_, caps)| caps.len() as u32 == most_caps).map(|(&h, _)| h).unwrap_or(0);
    let opposite_answer_heaps = caps_by_heap
        .iter()
        .filter(|(&h, caps)| {
            let wins = caps.iter().filter(|&&c| table[h as usize] <= c).count();
            wins > 0 && wins < caps.len()
        })
        .map(|(&h, _)| h)
        .collect();
    let caps_by_heap =
        caps_by_heap.iter().map(|(&heap, caps)| HeapCaps { heap, caps: caps.len() as u32 }).collect();
    Reach { positions: seen.len() as u64, most_caps_heap, most_caps, opposite_answer_heaps, caps_by_heap }
}

/// The losing opening heaps of a factor `k` against the ladder of `k`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceReport {
    /// The factor.
    pub k: u64,
    /// Whether misère play.
    pub misere: bool,
    /// The largest opening heap searched.
    pub to: u32,
    /// Opening heaps in `2..=to` that the opener loses (exhaustive search).
    pub losing_heaps: Vec<u32>,
    /// Ladder terms in `2..=to` (the recurrence `H(j+1) = H(j) + H(m)`).
    pub ladder: Vec<u64>,
    /// Whether the two lists are equal.
    pub ladder_matches: bool,
}

/// Searches the losing opening heaps and compares them with the ladder.
pub fn sequence(rules: NimRules, to: u32) -> SequenceReport {
    let table = thresholds(rules, to);
    let losing_heaps: Vec<u32> = (2..=to).filter(|&h| table[h as usize] > h - 1).collect();
    let ladder: Vec<u64> = ladder_u64(rules.k(), u64::from(to))
        .expect("rules hold k >= 1")
        .terms()
        .iter()
        .copied()
        .filter(|&t| t >= 2)
        .collect();
    let ladder_matches = losing_heaps.iter().map(|&h| u64::from(h)).eq(ladder.iter().copied());
    SequenceReport { k: rules.k(), misere: rules.misere(), to, losing_heaps, ladder, ladder_matches }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn essay_census_to_120() {
        let c = census(NimRules::new(2, false).unwrap(), 120);
        assert_eq!(c.losing_heaps, vec![2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(c.winnable, 110);
        assert_eq!(c.several_winning_openings, 66);
        assert!((c.mean_winning_openings - 1.7).abs() < 0.05, "{}", c.mean_winning_openings);
        assert_eq!(c.smallest_term_wins, 110);
    }

    #[test]
    fn essay_numeral_check_to_2000() {
        let c = census(NimRules::new(2, false).unwrap(), 2000);
        assert_eq!(c.numeral_cases, 1984);
        assert!(c.numeral_check);
    }

    #[test]
    fn essay_reach_20() {
        let r = reach(NimRules::new(2, false).unwrap(), 20);
        assert_eq!(r.positions, 66);
        assert_eq!((r.most_caps_heap, r.most_caps), (11, 6));
        assert_eq!(r.opposite_answer_heaps, vec![3, 5, 8, 11, 13, 16]);
    }

    #[test]
    fn essay_sequences() {
        let s1 = sequence(NimRules::new(1, false).unwrap(), 150);
        assert_eq!(s1.losing_heaps, vec![2, 4, 8, 16, 32, 64, 128]);
        let s3 = sequence(NimRules::new(3, false).unwrap(), 40);
        assert_eq!(s3.losing_heaps, vec![2, 3, 4, 6, 8, 11, 15, 21, 29, 40]);
        for k in 1..=10 {
            assert!(sequence(NimRules::new(k, false).unwrap(), 5000).ladder_matches, "k = {k}");
        }
    }
}
