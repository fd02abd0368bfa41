//! The structure of P-positions: exact counts of positions and P-positions cut several ways, and
//! how often each of the rule language's core picks is a winning reply where Player 2 must find
//! one.

use std::collections::BTreeMap;

use super::legal_moves;
use super::rule::StrategyRule;
use super::search::SEARCH_PICKS;
use zecklab_games::zgame::{apply_to_counts, undo_on_counts};
use zecklab_games::zgame::{SolvedTable, ZMove};
use zecklab_games::Outcome;

/// Positions and P-positions of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub positions: u64,
    pub p_positions: u64,
}

impl Cell {
    fn add(&mut self, p: bool) {
        self.positions += 1;
        self.p_positions += u64::from(p);
    }
}

/// The counts of one game, cut by each feature.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PStructure {
    /// By number of parts.
    pub by_parts: BTreeMap<u32, Cell>,
    /// By each count: `(i, c_i)`.
    pub by_count: BTreeMap<(usize, u32), Cell>,
    /// By the parity of the number of parts (`true`: odd).
    pub by_parts_parity: BTreeMap<bool, Cell>,
    /// By the parity of `c_1` (`true`: odd).
    pub by_c1_parity: BTreeMap<bool, Cell>,
    /// By the index of the largest part.
    pub by_largest_part: BTreeMap<usize, Cell>,
    /// For each core pick (in [`SEARCH_PICKS`] order): at how many of Player 2's decisions it
    /// applies and at how many of those its move wins. The decisions are the positions with a
    /// winning move that Player 2 faces when Player 1 plays anything and Player 2 any winning move.
    pub winning_replies: Vec<(String, u64, u64)>,
    /// For each move by kind and index (`ones`, `combine:I`, `split:I`, as the rule language
    /// names them): at how many of those decisions it is legal and at how many it wins.
    pub winning_moves: BTreeMap<(u8, usize), (u64, u64)>,
    /// How many such decisions there are.
    pub decisions: u64,
}

/// Counts every position of `table`'s game, and walks Player 2's decisions.
pub fn p_structure(table: &(impl SolvedTable + ?Sized)) -> PStructure {
    let mut s = p_counts(table);
    winning_replies(table, &mut s);
    s
}

/// The counts of every cut, without the walk of Player 2's decisions (`winning_replies` empty).
pub fn p_counts(table: &(impl SolvedTable + ?Sized)) -> PStructure {
    let index = table.index();
    let mut s = PStructure::default();
    index.for_each_counts(0, index.count(), |r, counts| {
        let p = table.outcome(r) == Outcome::Loss;
        let parts: u32 = counts.iter().sum();
        s.by_parts.entry(parts).or_default().add(p);
        for (i, &c) in counts.iter().enumerate() {
            s.by_count.entry((i + 1, c)).or_default().add(p);
        }
        s.by_parts_parity.entry(parts % 2 == 1).or_default().add(p);
        s.by_c1_parity.entry(counts.first().copied().unwrap_or(0) % 2 == 1).or_default().add(p);
        let largest = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
        s.by_largest_part.entry(largest).or_default().add(p);
    });
    s
}

/// Walks Player 2's decisions (Player 1 any move, Player 2 any winning move) and tallies how
/// often each core pick wins there.
fn winning_replies(table: &(impl SolvedTable + ?Sized), s: &mut PStructure) {
    let index = table.index();
    let top = index.top();
    let picks: Vec<StrategyRule> =
        SEARCH_PICKS.iter().map(|p| StrategyRule::parse(&p.to_string()).expect("a pick")).collect();
    let mut tallies = vec![(0u64, 0u64); picks.len()];
    // Breadth first over (rank, side), sides 0 = Player 1 to move, 1 = Player 2.
    let mut seen =
        [vec![0u64; index.count().div_ceil(64) as usize], vec![0u64; index.count().div_ceil(64) as usize]];
    let mut insert = |side: usize, r: u64| {
        let (w, b) = ((r / 64) as usize, r % 64);
        let new = seen[side][w] >> b & 1 == 0;
        seen[side][w] |= 1 << b;
        new
    };
    insert(0, 0);
    let mut frontier = vec![(0u64, 0usize)];
    let mut counts = vec![0u32; top + 2];
    let loss = |r: u64| table.outcome(r) == Outcome::Loss;
    while let Some((r, side)) = frontier.pop() {
        counts.iter_mut().for_each(|c| *c = 0);
        index.unrank_into(r, &mut counts[..top]);
        let mut children: Vec<(ZMove, u64)> = Vec::new();
        for m in legal_moves(&counts[..top]) {
            apply_to_counts(&mut counts, m);
            children.push((m, index.rank_counts(&counts[..top])));
            undo_on_counts(&mut counts, m);
        }
        if side == 0 {
            for &(_, c) in &children {
                if insert(1, c) {
                    frontier.push((c, 1));
                }
            }
            continue;
        }
        let winning: Vec<&(ZMove, u64)> = children.iter().filter(|&&(_, c)| loss(c)).collect();
        if winning.is_empty() {
            continue;
        }
        s.decisions += 1;
        for &(m, c) in &children {
            let key = match m {
                ZMove::CombineOnes => (0, 1),
                ZMove::Combine(i) => (1, i.get()),
                ZMove::Split(i) => (2, i.get()),
            };
            let tally = s.winning_moves.entry(key).or_default();
            tally.0 += 1;
            tally.1 += u64::from(loss(c));
        }
        for (k, pick) in picks.iter().enumerate() {
            if let Some(m) = pick.choose(&counts[..top]) {
                tallies[k].0 += 1;
                tallies[k].1 += u64::from(winning.iter().any(|&&(w, _)| w == m));
            }
        }
        for &&(_, c) in &winning {
            if insert(0, c) {
                frontier.push((c, 0));
            }
        }
    }
    s.winning_replies = picks.iter().zip(tallies).map(|(p, (a, w))| (p.to_string(), a, w)).collect();
}
