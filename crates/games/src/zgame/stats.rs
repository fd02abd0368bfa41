//! A solved game's figures cut two ways: how many positions (and P-positions) lie at each
//! remoteness, and in each tier (number of parts); with the positions of greatest remoteness,
//! the deepest of the game. One walk over every rank, in parallel chunks.

use rayon::prelude::*;

use super::check::SolvedTable;
use super::solver::TierCount;

/// Positions at one remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RemotenessCount {
    /// The remoteness.
    pub remoteness: u32,
    /// Positions of that remoteness.
    pub positions: u64,
    /// Of those, the losses for the player to move.
    pub p_positions: u64,
}

/// What [`game_stats`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    /// Positions of the game.
    pub positions: u64,
    /// Of those, the losses for the player to move.
    pub p_positions: u64,
    /// Positions by remoteness, smallest first, only the remoteness values some position has;
    /// empty when the table holds no remoteness.
    pub by_remoteness: Vec<RemotenessCount>,
    /// Positions by number of parts, most parts first.
    pub by_tier: Vec<TierCount>,
    /// The greatest remoteness of any position, when the table holds remoteness.
    pub max_remoteness: Option<u32>,
    /// The ranks of the positions of greatest remoteness, smallest rank first: all of them, or
    /// the first `deepest` asked for.
    pub deepest: Vec<u64>,
    /// How many positions have the greatest remoteness.
    pub deepest_count: u64,
}

/// Ranks walked by one task.
const CHUNK: u64 = 1 << 18;

/// One chunk's (or a merge's) tallies.
struct Tally {
    /// `(positions, p_positions)` by remoteness.
    by_remoteness: Vec<(u64, u64)>,
    /// `(positions, p_positions)` by number of parts.
    by_parts: Vec<(u64, u64)>,
    /// The greatest remoteness seen, the first ranks that have it, and how many have it.
    deepest: Option<(u32, Vec<u64>, u64)>,
}

impl Tally {
    fn new(n: u32) -> Tally {
        Tally { by_remoteness: Vec::new(), by_parts: vec![(0, 0); n as usize + 1], deepest: None }
    }

    /// `self` then `later` (a chunk of higher ranks), keeping the first `keep` deepest ranks.
    fn merge(mut self, later: Tally, keep: usize) -> Tally {
        add_into(&mut self.by_remoteness, &later.by_remoteness);
        add_into(&mut self.by_parts, &later.by_parts);
        self.deepest = match (self.deepest, later.deepest) {
            (None, d) | (d, None) => d,
            (Some(a), Some(b)) if a.0 > b.0 => Some(a),
            (Some(a), Some(b)) if b.0 > a.0 => Some(b),
            (Some((r, mut ranks, count)), Some((_, more, more_count))) => {
                ranks.extend(more.into_iter().take(keep.saturating_sub(ranks.len())));
                Some((r, ranks, count + more_count))
            }
        };
        self
    }
}

fn add_into(into: &mut Vec<(u64, u64)>, from: &[(u64, u64)]) {
    if into.len() < from.len() {
        into.resize(from.len(), (0, 0));
    }
    for (a, b) in into.iter_mut().zip(from) {
        a.0 += b.0;
        a.1 += b.1;
    }
}

/// The figures of `table` by remoteness and by tier, with the first `deepest` positions (by
/// rank) of greatest remoteness.
pub fn game_stats(table: &(impl SolvedTable + ?Sized), deepest: usize) -> GameStats {
    stats_in_chunks(table, deepest, CHUNK)
}

/// [`game_stats`], walking `chunk` ranks a task.
fn stats_in_chunks(table: &(impl SolvedTable + ?Sized), deepest: usize, chunk_ranks: u64) -> GameStats {
    let index = table.index();
    let (count, n) = (index.count(), index.n());
    let per_chunk = |chunk: u64| {
        let mut tally = Tally::new(n);
        index.for_each_counts(chunk * chunk_ranks, ((chunk + 1) * chunk_ranks).min(count), |r, counts| {
            let parts = counts.iter().sum::<u32>();
            let loss = u64::from(!table.outcome(r).is_win());
            let tier = &mut tally.by_parts[parts as usize];
            tier.0 += 1;
            tier.1 += loss;
            let Some(remoteness) = table.remoteness_with_parts(r, parts) else { return };
            let at = remoteness as usize;
            if tally.by_remoteness.len() <= at {
                tally.by_remoteness.resize(at + 1, (0, 0));
            }
            tally.by_remoteness[at].0 += 1;
            tally.by_remoteness[at].1 += loss;
            match &mut tally.deepest {
                Some((most, _, _)) if *most > remoteness => {}
                Some((most, ranks, how_many)) if *most == remoteness => {
                    *how_many += 1;
                    if ranks.len() < deepest {
                        ranks.push(r);
                    }
                }
                slot => *slot = Some((remoteness, if deepest > 0 { vec![r] } else { Vec::new() }, 1)),
            }
        });
        tally
    };
    // Chunks are merged in rank order (rayon's reduce keeps the order of the items), so the
    // deepest ranks kept are the smallest.
    let tally = (0..count.div_ceil(chunk_ranks))
        .into_par_iter()
        .map(per_chunk)
        .reduce(|| Tally::new(n), |a, b| a.merge(b, deepest));
    let by_remoteness: Vec<RemotenessCount> = tally
        .by_remoteness
        .iter()
        .enumerate()
        .filter(|(_, t)| t.0 > 0)
        .map(|(r, t)| RemotenessCount { remoteness: r as u32, positions: t.0, p_positions: t.1 })
        .collect();
    let by_tier: Vec<TierCount> = tally
        .by_parts
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, t)| t.0 > 0)
        .map(|(parts, t)| TierCount { parts: parts as u32, positions: t.0, p_positions: t.1 })
        .collect();
    let (max_remoteness, deepest, deepest_count) = match tally.deepest {
        Some((r, ranks, how_many)) => (Some(r), ranks, how_many),
        None => (None, Vec::new(), 0),
    };
    GameStats {
        positions: by_tier.iter().map(|t| t.positions).sum(),
        p_positions: by_tier.iter().map(|t| t.p_positions).sum(),
        by_remoteness,
        by_tier,
        max_remoteness,
        deepest,
        deepest_count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::{solve, PositionIndex};

    /// `(key, positions, P-positions)` rows: by remoteness or by number of parts.
    type Rows = Vec<(u32, u64, u64)>;

    /// The figures counted position by position, one rank at a time, from the solved values.
    fn counted(n: u32) -> (Rows, Rows, Vec<u64>) {
        let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
        let index = PositionIndex::new(n).unwrap();
        let mut by_r = std::collections::BTreeMap::new();
        let mut by_parts = std::collections::BTreeMap::new();
        let mut values = Vec::new();
        for r in 0..index.count() {
            let position = index.unrank(r);
            let parts = position.counts().iter().sum::<u32>();
            let value = solution.value(r).unwrap();
            let loss = u64::from(!value.outcome.is_win());
            let e = by_r.entry(value.remoteness).or_insert((0, 0));
            e.0 += 1;
            e.1 += loss;
            let e = by_parts.entry(std::cmp::Reverse(parts)).or_insert((0, 0));
            e.0 += 1;
            e.1 += loss;
            values.push(value.remoteness);
        }
        let most = *values.iter().max().unwrap();
        let deepest = (0..index.count()).filter(|&r| values[r as usize] == most).collect();
        (
            by_r.into_iter().map(|(r, (a, b))| (r, a, b)).collect(),
            by_parts.into_iter().map(|(p, (a, b))| (p.0, a, b)).collect(),
            deepest,
        )
    }

    #[test]
    fn the_figures_are_the_positions_counted_one_by_one() {
        for n in [1, 2, 5, 12, 30, 61] {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            // In small chunks too, so that merges are exercised.
            let stats = game_stats(&solution, usize::MAX);
            assert_eq!(stats_in_chunks(&solution, usize::MAX, 7), stats, "n = {n}");
            let (by_r, by_parts, deepest) = counted(n);
            let got: Vec<_> =
                stats.by_remoteness.iter().map(|c| (c.remoteness, c.positions, c.p_positions)).collect();
            assert_eq!(got, by_r, "n = {n}");
            let got: Vec<_> = stats.by_tier.iter().map(|t| (t.parts, t.positions, t.p_positions)).collect();
            assert_eq!(got, by_parts, "n = {n}");
            assert_eq!(stats.by_tier, solution.tiers(), "n = {n}");
            assert_eq!(stats.deepest, deepest, "n = {n}");
            assert_eq!(stats.deepest_count, deepest.len() as u64);
            assert_eq!(stats.max_remoteness, by_r.last().map(|l| l.0));
            assert_eq!(
                (stats.positions, stats.p_positions),
                (solution.index().count(), solution.p_positions())
            );
            // A few deepest asked for: the first of them by rank.
            let few = stats_in_chunks(&solution, 2, 5);
            assert_eq!(few.deepest, deepest[..deepest.len().min(2)], "n = {n}");
            assert_eq!(few.deepest_count, deepest.len() as u64);
        }
    }

    #[test]
    fn without_remoteness_only_the_tiers_are_counted() {
        let solution = solve(40, false, 1 << 30, |_, _| {}).unwrap();
        let stats = game_stats(&solution, 5);
        assert!(stats.by_remoteness.is_empty() && stats.deepest.is_empty());
        assert_eq!(stats.max_remoteness, None);
        assert_eq!(stats.by_tier, solution.tiers());
    }
}
