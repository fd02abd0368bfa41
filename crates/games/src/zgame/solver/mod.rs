//! The strong solver: outcome and remoteness of every position of the game on `n`, in dense
//! tables indexed by [`PositionIndex`] rank.
//!
//! Every move goes to a higher rank, so a sweep that finishes every child before its parent
//! solves everything in one pass ([`sweep`] says how it finds children and shares the work
//! between threads). Outcomes take one bit a position; remoteness, when asked for, one byte up
//! to n = 337 and two beyond ([`tables`] proves the bound that decides). Memory is checked before anything large is
//! allocated.

mod sweep;
mod tables;

use std::fmt;

use super::index::PositionIndex;
use crate::Outcome;
use tables::{RemotenessTable, WinBits};

pub use crate::Value;

/// Why a solve cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// `n` must be at least 1.
    ZeroN,
    /// The positions of the game on n cannot be numbered in 64 bits (or n is past the sweep's
    /// largest Fibonacci index).
    TooManyPositions {
        /// The n asked for.
        n: u32,
    },
    /// The tables would need more memory than allowed.
    TooLarge {
        /// The n asked for.
        n: u32,
        /// Positions of the game on n.
        positions: u64,
        /// Bytes the tables need.
        bytes: u128,
        /// The limit.
        limit: u128,
    },
    /// A remoteness did not fit the width its proven bound chose. This is a defect in zecklab
    /// (the bound is proven and tested); the solve fails rather than return truncated values.
    RemotenessOverflow {
        /// The n asked for.
        n: u32,
    },
    /// The caller cancelled the solve (see [`crate::Cancel`]).
    Cancelled,
    /// Grundy values were asked for in misère play; they are a normal-play notion.
    GrundyInMisere,
    /// A saved tiered-solve state does not belong to the solve asked for.
    BadState {
        /// The n of the state.
        n: u32,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ZeroN => f.write_str("invalid n = 0: the game needs n >= 1"),
            SolveError::TooManyPositions { n } => {
                write!(f, "n = {n} is too large: its positions cannot be numbered in 64 bits")
            }
            SolveError::TooLarge { n, positions, bytes, limit } => write!(
                f,
                "n = {n} is too large: its {positions} positions need {} MiB of tables, more than the {} MiB allowed",
                bytes.div_ceil(1 << 20),
                limit >> 20
            ),
            SolveError::Cancelled => write!(f, "the solve was cancelled"),
            SolveError::GrundyInMisere => f.write_str(
                "Grundy values belong to normal play (they decide sums of games); misère play has none here"
            ),
            SolveError::BadState { n } => write!(
                f,
                "the saved state (n = {n}) does not belong to this solve: its game, tier size or remoteness differ"
            ),
            SolveError::RemotenessOverflow { n } => write!(
                f,
                "internal error solving n = {n}: a remoteness exceeded its proven bound; no value was returned (please report this)"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solved game on `n`.
#[derive(Debug)]
pub struct Solution {
    index: PositionIndex,
    wins: WinBits,
    remoteness: Option<RemotenessTable>,
    /// Grundy values, one byte a position, when computed.
    grundy: Option<Vec<std::sync::atomic::AtomicU8>>,
    /// Parts of the end position (the Zeckendorf representation of n).
    end_parts: u32,
    /// Misère play (whoever makes the last move loses).
    misere: bool,
}

impl Solution {
    /// Whether this is the misère game.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The Sprague-Grundy value of rank `r`, when computed.
    pub fn grundy(&self, r: u64) -> Option<u32> {
        let g = self.grundy.as_ref()?;
        Some(u32::from(g[r as usize].load(std::sync::atomic::Ordering::Relaxed)))
    }

    /// Positions by Grundy value, `(value, positions)` in increasing value, when computed.
    pub fn grundy_counts(&self) -> Option<Vec<(u32, u64)>> {
        let g = self.grundy.as_ref()?;
        let mut counts = [0u64; 64];
        for v in g {
            counts[usize::from(v.load(std::sync::atomic::Ordering::Relaxed))] += 1;
        }
        Some(counts.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(v, &c)| (v as u32, c)).collect())
    }

    /// The ranking used.
    pub fn index(&self) -> &PositionIndex {
        &self.index
    }

    /// The outcome of the position with rank `r`.
    pub fn outcome(&self, r: u64) -> Outcome {
        Outcome::win_if(self.wins.get(r))
    }

    /// The remoteness of rank `r`, when remoteness was computed.
    pub fn remoteness(&self, r: u64) -> Option<u32> {
        let table = self.remoteness.as_ref()?;
        let mut counts = [0; crate::zgame::ranks::MAX_TOP];
        self.index.unrank_into(r, &mut counts[..self.index.top()]);
        let fewest = counts.iter().sum::<u32>() - self.end_parts;
        Some(tables::remoteness_from(fewest, table.get(r), self.wins.get(r) ^ self.misere))
    }

    /// The value of the position with rank `r`, when remoteness was computed.
    pub fn value(&self, r: u64) -> Option<Value> {
        Some(Value { outcome: self.outcome(r), remoteness: self.remoteness(r)? })
    }

    /// Whether remoteness was computed.
    pub fn has_remoteness(&self) -> bool {
        self.remoteness.is_some()
    }

    /// Positions that are a loss for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.count_ones()
    }

    /// Parts of the end position (the Zeckendorf representation of n).
    pub fn end_parts(&self) -> u32 {
        self.end_parts
    }

    /// The outcome table as 64-bit words: bit `r % 64` of word `r / 64` is set when rank `r` is
    /// a win for the player to move. For storing the table (the file format is elsewhere).
    pub fn outcome_words(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        (0..self.index.count().div_ceil(64) as usize).map(|w| self.wins.word(w))
    }

    /// Word `w` of [`Solution::outcome_words`].
    pub fn outcome_word(&self, w: usize) -> u64 {
        self.wins.word(w)
    }

    /// Bytes a remoteness slot takes (1 or 2), when remoteness was computed.
    pub fn remoteness_width(&self) -> Option<usize> {
        self.remoteness.as_ref().map(|t| match t {
            RemotenessTable::Narrow(_) => 1,
            RemotenessTable::Wide(_) => 2,
        })
    }

    /// Fills `out` with the stored half-excesses of ranks `first..`, little-endian, each
    /// [`Solution::remoteness_width`] bytes (remoteness is `S + 2h + ((win + S) mod 2)` with `S`
    /// the parts beyond the end's; see [`remoteness_from_half_excess`]). Does nothing without
    /// remoteness.
    pub fn half_excess_bytes(&self, first: u64, out: &mut [u8]) {
        match &self.remoteness {
            None => {}
            Some(RemotenessTable::Narrow(t)) => {
                for (o, slot) in out.iter_mut().zip(&t[first as usize..]) {
                    *o = slot.load(std::sync::atomic::Ordering::Relaxed);
                }
            }
            Some(RemotenessTable::Wide(t)) => {
                for (o, slot) in out.chunks_exact_mut(2).zip(&t[first as usize..]) {
                    o.copy_from_slice(&slot.load(std::sync::atomic::Ordering::Relaxed).to_le_bytes());
                }
            }
        }
    }

    /// The rank of the start position `{1^n}` (all counts in `c_1`): rank 0.
    pub fn start_rank(&self) -> u64 {
        0
    }
}

impl crate::zgame::SolvedTable for Solution {
    fn index(&self) -> &PositionIndex {
        &self.index
    }

    #[inline]
    fn outcome(&self, r: u64) -> Outcome {
        Solution::outcome(self, r)
    }

    #[inline]
    fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32> {
        let table = self.remoteness.as_ref()?;
        Some(tables::remoteness_from(parts - self.end_parts, table.get(r), self.wins.get(r) ^ self.misere))
    }

    fn misere(&self) -> bool {
        self.misere
    }
}

/// Remoteness from a stored half-excess: `parts` is the position's number of parts, `end_parts`
/// the end's, `win` its outcome, `misere` the play. The inverse of how the solver stores
/// remoteness, for readers of stored tables.
pub fn remoteness_from_half_excess(
    parts: u32,
    end_parts: u32,
    half_excess: u32,
    win: bool,
    misere: bool,
) -> u32 {
    tables::remoteness_from(parts - end_parts, half_excess, win ^ misere)
}

/// The positions with a given number of parts (a tier: combines lower it by one, splits keep it)
/// and how many of them are P-positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TierCount {
    /// The number of parts.
    pub parts: u32,
    /// Positions with that many parts.
    pub positions: u64,
    /// Of those, the losses for the player to move.
    pub p_positions: u64,
}

impl Solution {
    /// Positions and P-positions by number of parts, from the most parts (the start, `n` ones)
    /// down to the fewest (the end).
    pub fn tiers(&self) -> Vec<TierCount> {
        tier_counts(&self.index, |r| !self.wins.get(r))
    }
}

/// Positions and P-positions by number of parts, most parts first, for any solved table of the
/// positions `index` ranks (`is_loss(r)`: rank `r` is a loss for the player to move). Walks every
/// rank once, in parallel chunks.
pub(crate) fn tier_counts(index: &PositionIndex, is_loss: impl Fn(u64) -> bool + Sync) -> Vec<TierCount> {
    use rayon::prelude::*;
    const CHUNK: u64 = 1 << 20;
    let (count, n) = (index.count(), index.n() as usize);
    let per_chunk = |chunk: u64| {
        let mut tally = vec![(0u64, 0u64); n + 1];
        index.for_each_counts(chunk * CHUNK, ((chunk + 1) * CHUNK).min(count), |r, counts| {
            let parts = counts.iter().sum::<u32>() as usize;
            tally[parts].0 += 1;
            tally[parts].1 += u64::from(is_loss(r));
        });
        tally
    };
    let tally = (0..count.div_ceil(CHUNK)).into_par_iter().map(per_chunk).reduce(
        || vec![(0u64, 0u64); n + 1],
        |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x.0 += y.0;
                x.1 += y.1;
            }
            a
        },
    );
    tally
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, t)| t.0 > 0)
        .map(|(parts, t)| TierCount { parts: parts as u32, positions: t.0, p_positions: t.1 })
        .collect()
}

/// What solving the game on `n` takes, worked out before anything large is allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvePlan {
    /// The number being played.
    pub n: u32,
    /// Positions of the game on n.
    pub positions: u64,
    /// Bytes of the outcome table (1 bit a position).
    pub outcome_bytes: u128,
    /// Bytes of the remoteness table (1 or 2 bytes a position).
    pub remoteness_bytes: u128,
}

impl SolvePlan {
    /// The plan for the game on `n`.
    ///
    /// # Errors
    /// [`SolveError`] for `n = 0` or a game whose positions overflow the ranking.
    pub fn new(n: u32) -> Result<SolvePlan, SolveError> {
        Ok(RankedGame::new(n)?.plan())
    }

    /// Bytes the tables need, with or without remoteness.
    pub fn bytes(&self, with_remoteness: bool) -> u128 {
        self.outcome_bytes + if with_remoteness { self.remoteness_bytes } else { 0 }
    }
}

/// The ranking of the game on `n` and what the tables' sizes follow from, worked out once.
struct RankedGame {
    index: PositionIndex,
    /// Parts of the end position (the Zeckendorf representation of n).
    end_parts: u32,
    /// The proven bound on every half-excess (see `tables`).
    max_half_excess: u64,
}

impl RankedGame {
    fn new(n: u32) -> Result<RankedGame, SolveError> {
        if n == 0 {
            return Err(SolveError::ZeroN);
        }
        let index = PositionIndex::new(n).ok_or(SolveError::TooManyPositions { n })?;
        if index.top() > crate::zgame::ranks::MAX_TOP {
            return Err(SolveError::TooManyPositions { n });
        }
        let mut end = vec![0; index.top()];
        index.unrank_into(index.count() - 1, &mut end);
        let end_parts = end.iter().sum();
        let max_half_excess = tables::half_excess_bound(n, &end);
        Ok(RankedGame { index, end_parts, max_half_excess })
    }

    fn plan(&self) -> SolvePlan {
        let positions = self.index.count();
        let slot = RemotenessTable::slot_bytes(self.max_half_excess);
        SolvePlan {
            n: self.index.n(),
            positions,
            outcome_bytes: u128::from(positions.div_ceil(64)) * 8,
            remoteness_bytes: u128::from(slot) * u128::from(positions),
        }
    }
}

/// How to solve: what to compute, the memory allowed, and how finely to share the work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Compute remoteness as well as outcomes.
    pub with_remoteness: bool,
    /// Refuse (before allocating) when the tables would need more bytes than this.
    pub memory_limit: u128,
    /// Blocks of at least this many positions are split into dependency waves shared between
    /// threads; smaller blocks run in rank order on one thread. Tests set it small to exercise
    /// the waves on small games; `u64::MAX` sweeps everything in rank order.
    pub split_blocks_from: u64,
    /// Checked between blocks: once cancelled, the solve stops and returns
    /// [`SolveError::Cancelled`].
    pub cancel: crate::Cancel,
    /// Compute every position's Sprague-Grundy value too (one byte a position; normal play only).
    pub with_grundy: bool,
    /// Misère play: whoever makes the last move loses.
    pub misere: bool,
}

impl SolveOptions {
    /// The default block size for splitting: large enough that scheduling costs nothing.
    pub const DEFAULT_SPLIT_BLOCKS_FROM: u64 = 1 << 16;

    /// Options with the default block size.
    pub fn new(with_remoteness: bool, memory_limit: u128) -> SolveOptions {
        SolveOptions {
            with_remoteness,
            memory_limit,
            split_blocks_from: Self::DEFAULT_SPLIT_BLOCKS_FROM,
            cancel: crate::Cancel::new(),
            with_grundy: false,
            misere: false,
        }
    }
}

/// Solves every position of the game on `n` on the current rayon pool, refusing before
/// allocating when the tables would exceed `memory_limit` bytes. `progress(done, total)` is
/// called every few million positions, from whichever thread finished them.
///
/// # Errors
/// [`SolveError`] for `n = 0` or tables past the memory limit.
pub fn solve(
    n: u32,
    with_remoteness: bool,
    memory_limit: u128,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<Solution, SolveError> {
    solve_with(n, &SolveOptions::new(with_remoteness, memory_limit), progress)
}

/// [`solve`] with every option spelled out.
///
/// # Errors
/// [`SolveError`] for `n = 0`, tables past the memory limit, or Grundy values asked for in
/// misère play (they are a normal-play notion).
pub fn solve_with(
    n: u32,
    options: &SolveOptions,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<Solution, SolveError> {
    if options.misere && options.with_grundy {
        return Err(SolveError::GrundyInMisere);
    }
    let game = RankedGame::new(n)?;
    let plan = game.plan();
    let bytes = plan.bytes(options.with_remoteness)
        + if options.with_grundy { u128::from(plan.positions) } else { 0 };
    if bytes > options.memory_limit {
        return Err(SolveError::TooLarge {
            n,
            positions: plan.positions,
            bytes,
            limit: options.memory_limit,
        });
    }
    let RankedGame { index, end_parts, max_half_excess } = game;
    let count = index.count();
    let wins = WinBits::new(count);
    let report = |done: u64| progress(done, count);
    let split = options.split_blocks_from.max(1);
    let remoteness = options.with_remoteness.then(|| RemotenessTable::new(count, max_half_excess));
    let grundy: Option<Vec<std::sync::atomic::AtomicU8>> =
        options.with_grundy.then(|| (0..count).map(|_| std::sync::atomic::AtomicU8::new(0)).collect());
    let g = grundy.as_deref();
    let fitted = match &remoteness {
        None => sweep::Sweep::new(
            &index,
            &wins,
            &tables::Untracked,
            end_parts,
            &report,
            split,
            &options.cancel,
            g,
            options.misere,
        )
        .run(),
        Some(RemotenessTable::Narrow(t)) => sweep::Sweep::new(
            &index,
            &wins,
            &t[..],
            end_parts,
            &report,
            split,
            &options.cancel,
            g,
            options.misere,
        )
        .run(),
        Some(RemotenessTable::Wide(t)) => sweep::Sweep::new(
            &index,
            &wins,
            &t[..],
            end_parts,
            &report,
            split,
            &options.cancel,
            g,
            options.misere,
        )
        .run(),
    };
    if options.cancel.is_cancelled() {
        return Err(SolveError::Cancelled);
    }
    if !fitted {
        return Err(SolveError::RemotenessOverflow { n });
    }
    Ok(Solution { index, wins, remoteness, grundy, end_parts, misere: options.misere })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(with_remoteness: bool, split_blocks_from: u64) -> SolveOptions {
        SolveOptions { split_blocks_from, ..SolveOptions::new(with_remoteness, 1 << 32) }
    }

    #[test]
    fn grundy_values_equal_the_familys_sweep() {
        // The family's sweep (children by the rules) is itself held to a naive search in the
        // reference crate; here the flat sweep's Grundy values, in rank order and in waves,
        // with and without remoteness, against it on every position.
        use crate::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence, RuleSet};
        for n in (1..=60).chain([90, 131]) {
            let rules = FamilyRules::new(Recurrence::FIBONACCI, RuleSet::All, n);
            let options = FamilyOptions { grundy: true, ..FamilyOptions::default() };
            let family = solve_family(&rules, n, &options, 1 << 32, |_, _| {}).unwrap();
            for (with_remoteness, split) in [(false, u64::MAX), (true, 64), (false, 64)] {
                let options = SolveOptions {
                    split_blocks_from: split,
                    with_grundy: true,
                    ..SolveOptions::new(with_remoteness, 1 << 32)
                };
                let flat = solve_with(n, &options, |_, _| {}).unwrap();
                for r in 0..flat.index().count() {
                    assert_eq!(flat.grundy(r), family.grundy(r), "n = {n}, rank {r}");
                    assert_eq!(flat.outcome(r), family.outcome(r), "n = {n}, rank {r}");
                }
                assert_eq!(flat.grundy_counts(), family.grundy_counts(), "n = {n}");
            }
        }
    }

    #[test]
    fn misere_values_equal_the_familys_sweep() {
        // Misère play on the flat sweep (outcomes and remoteness, rank order and waves, narrow
        // slots) against the family's sweep, which the reference crate holds to a naive search.
        use crate::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence, RuleSet};
        for n in (1..=60).chain([90, 131]) {
            let rules = FamilyRules::new(Recurrence::FIBONACCI, RuleSet::All, n);
            let options = FamilyOptions { misere: true, ..FamilyOptions::default() };
            let family = solve_family(&rules, n, &options, 1 << 32, |_, _| {}).unwrap();
            for (with_remoteness, split) in [(true, u64::MAX), (true, 64), (false, 64)] {
                let options = SolveOptions {
                    split_blocks_from: split,
                    misere: true,
                    ..SolveOptions::new(with_remoteness, 1 << 32)
                };
                let flat = solve_with(n, &options, |_, _| {}).unwrap();
                assert!(flat.misere());
                for r in 0..flat.index().count() {
                    assert_eq!(flat.outcome(r), family.outcome(r), "n = {n}, rank {r}");
                    if with_remoteness {
                        assert_eq!(flat.remoteness(r), Some(family.remoteness(r)), "n = {n}, rank {r}");
                    }
                }
                assert_eq!(flat.p_positions(), family.p_positions(), "n = {n}");
            }
        }
        let grundy = SolveOptions { misere: true, with_grundy: true, ..SolveOptions::new(false, 1 << 32) };
        assert!(matches!(solve_with(10, &grundy, |_, _| {}), Err(SolveError::GrundyInMisere)));
    }

    #[test]
    fn a_cancelled_solve_stops_and_returns_no_table() {
        use crate::zgame::{solve_coalitions_until, solve_reversed_until};
        // Cancelled from inside the work (as a client that goes away mid-solve): the sweep
        // stops at the next block and the solve is an error, however far it got.
        let options = SolveOptions { split_blocks_from: 64, ..SolveOptions::new(true, 1 << 32) };
        let cancel = options.cancel.clone();
        let calls = std::sync::atomic::AtomicU64::new(0);
        let result = solve_with(200, &options, |_, _| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            cancel.cancel();
        });
        assert!(matches!(result, Err(SolveError::Cancelled)), "{:?}", result.err());
        assert_eq!(calls.into_inner(), 1, "no progress after the cancel: the remaining blocks were skipped");
        let cancelled = crate::Cancel::new();
        cancelled.cancel();
        assert!(matches!(
            solve_reversed_until(60, &cancelled, |_, _| {}),
            Err(crate::zgame::ReversedError::Cancelled)
        ));
        assert!(solve_coalitions_until(60, 3, &cancelled, |_, _| {}).is_none());
        // Not cancelled, the same calls solve.
        assert!(solve_reversed_until(60, &crate::Cancel::new(), |_, _| {}).is_ok());
        assert!(solve_coalitions_until(60, 3, &crate::Cancel::new(), |_, _| {}).is_some());
    }

    #[test]
    fn waves_equal_rank_order_on_larger_games() {
        for n in [90, 131] {
            let ordered = solve_with(n, &options(true, u64::MAX), |_, _| {}).unwrap();
            let waves = solve_with(n, &options(true, 64), |_, _| {}).unwrap();
            for r in 0..ordered.index().count() {
                assert_eq!(ordered.value(r), waves.value(r), "n = {n}, rank {r}");
            }
        }
    }

    #[test]
    fn wide_slots_equal_narrow_slots() {
        // Games past n ≈ 540 store half-excesses in u16; the same sweep must give the same values.
        let n = 70;
        let narrow = solve_with(n, &options(true, 64), |_, _| {}).unwrap();
        let index = PositionIndex::new(n).unwrap();
        let wins = WinBits::new(index.count());
        let wide = RemotenessTable::new(index.count(), u64::from(u16::MAX));
        let RemotenessTable::Wide(slots) = &wide else { panic!("asked for the wide table") };
        let end_parts = RankedGame::new(n).unwrap().end_parts;
        assert!(sweep::Sweep::new(
            &index,
            &wins,
            &slots[..],
            end_parts,
            &|_| {},
            64,
            &crate::Cancel::new(),
            None,
            false,
        )
        .run());
        let wide = Solution { index, wins, remoteness: Some(wide), grundy: None, end_parts, misere: false };
        for r in 0..narrow.index().count() {
            assert_eq!(narrow.value(r), wide.value(r), "rank {r}");
        }
    }

    #[test]
    fn remoteness_widths_follow_the_bound() {
        // Half-excesses are proven to fit a byte up to n = 337, and the plan says which width it uses.
        let narrow = SolvePlan::new(337).unwrap();
        assert_eq!(narrow.remoteness_bytes, u128::from(narrow.positions));
        for n in [338, 400, 480, 500, 600] {
            let wide = SolvePlan::new(n).unwrap();
            assert_eq!(wide.remoteness_bytes, 2 * u128::from(wide.positions), "n = {n}");
        }
    }

    #[test]
    fn the_half_excess_bound_holds_for_every_position() {
        // remoteness(p) <= Ψ(end) - Ψ(p) for every position, and every half-excess is at most the
        // bound that sizes the table, for every n <= 60. The values come from solved tables that
        // the independent checker (the rules alone) passes, so they are the game's own.
        let psi = |counts: &[u32]| -> u64 {
            counts.iter().enumerate().map(|(i, &c)| tables::potential_weight(i + 1) * u64::from(c)).sum()
        };
        for n in 1..=60 {
            let game = RankedGame::new(n).unwrap();
            let solution = solve_with(n, &options(true, 64), |_, _| {}).unwrap();
            assert!(crate::zgame::check_table(&solution, |_, _| {}).passed(), "n = {n}");
            let index = &game.index;
            let end = index.unrank(index.count() - 1);
            let mut largest = 0;
            for r in 0..index.count() {
                let p = index.unrank(r);
                let v = solution.value(r).unwrap();
                assert!(u64::from(v.remoteness) <= psi(end.counts()) - psi(p.counts()), "n = {n}, {p}");
                let fewest = p.counts().iter().sum::<u32>() - game.end_parts;
                let h = (v.remoteness - fewest) / 2;
                largest = largest.max(h);
            }
            assert!(
                u64::from(largest) <= game.max_half_excess,
                "n = {n}: {largest} > {}",
                game.max_half_excess
            );
        }
    }

    #[test]
    fn every_move_raises_the_potential_as_the_proof_says() {
        for n in 1..=40 {
            let index = PositionIndex::new(n).unwrap();
            for r in 0..index.count() {
                let p = index.unrank(r);
                let psi = |q: &crate::zgame::ZPosition| -> u64 {
                    q.counts()
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| tables::potential_weight(i + 1) * u64::from(c))
                        .sum()
                };
                for m in p.moves() {
                    let rise = psi(&p.apply(m).unwrap()) - psi(&p);
                    let want = match m {
                        crate::zgame::ZMove::Combine(i) => i.get() as u64,
                        _ => 1,
                    };
                    assert_eq!(rise, want, "n = {n}, {p}, {m}");
                }
            }
        }
    }

    /// Slots of one bit's worth, to make the release-mode width check fire on a small game.
    struct TinySlots(Box<[std::sync::atomic::AtomicU8]>);

    impl tables::HalfExcessSlots for TinySlots {
        const TRACKED: bool = true;
        fn get(&self, r: u64) -> u32 {
            u32::from(self.0[r as usize].load(std::sync::atomic::Ordering::Relaxed))
        }
        fn set(&self, r: u64, h: u32) -> bool {
            self.0[r as usize].store(h.min(1) as u8, std::sync::atomic::Ordering::Relaxed);
            h <= 1
        }
    }

    #[test]
    fn a_value_too_wide_for_its_slot_fails_the_sweep() {
        let n = 30;
        let game = RankedGame::new(n).unwrap();
        let wins = WinBits::new(game.index.count());
        let slots = TinySlots((0..game.index.count()).map(|_| Default::default()).collect());
        let cancel = crate::Cancel::new();
        let sweep =
            sweep::Sweep::new(&game.index, &wins, &slots, game.end_parts, &|_| {}, 64, &cancel, None, false);
        assert!(!sweep.run(), "half-excesses above 1 occur at n = 30 and must be reported");
    }

    #[test]
    fn tiers_add_up_and_match_the_naive_split() {
        for n in 1..=60 {
            let solution = solve_with(n, &options(false, 64), |_, _| {}).unwrap();
            let tiers = solution.tiers();
            assert_eq!(tiers.iter().map(|t| t.positions).sum::<u64>(), solution.index().count(), "n = {n}");
            assert_eq!(tiers.iter().map(|t| t.p_positions).sum::<u64>(), solution.p_positions(), "n = {n}");
            assert_eq!(tiers.first().map(|t| t.parts), Some(n), "the start has n parts");
            assert_eq!(tiers.first().map(|t| t.positions), Some(1));
            // By unranking every position.
            let mut by_parts = std::collections::BTreeMap::<u32, (u64, u64)>::new();
            for r in 0..solution.index().count() {
                let parts = solution.index().unrank(r).counts().iter().sum();
                let e = by_parts.entry(parts).or_default();
                e.0 += 1;
                e.1 += u64::from(!solution.outcome(r).is_win());
            }
            let naive: Vec<(u32, u64, u64)> =
                by_parts.into_iter().rev().map(|(p, (a, b))| (p, a, b)).collect();
            let fast: Vec<(u32, u64, u64)> =
                tiers.iter().map(|t| (t.parts, t.positions, t.p_positions)).collect();
            assert_eq!(fast, naive, "n = {n}");
        }
    }

    #[test]
    fn refuses_before_allocating() {
        assert!(matches!(
            solve(100_000, true, 1 << 30, |_, _| {}),
            Err(SolveError::TooManyPositions { n: 100_000 })
        ));
        assert!(matches!(
            solve(u32::MAX, true, 1 << 30, |_, _| {}),
            Err(SolveError::TooManyPositions { n: u32::MAX })
        ));
        assert!(matches!(solve(900, false, 20 << 30, |_, _| {}), Err(SolveError::TooLarge { n: 900, .. })));
        assert!(matches!(solve(400, true, 1 << 29, |_, _| {}), Err(SolveError::TooLarge { n: 400, .. })));
    }
}
