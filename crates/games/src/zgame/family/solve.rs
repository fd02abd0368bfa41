//! The strong solve of a generalized game: every position's outcome and remoteness, in normal
//! or misère play, and (in normal play) its Grundy value. One sweep down the ranks: every move
//! raises a count above every count it lowers, so every child has a higher rank and is solved
//! first. Children are found by the rules ([`FamilyRules::for_each_move`]) and ranked from the
//! highest index the move changes down, the parent's rank terms above it shared.
//!
//! Normal play: a position with no move is a loss (the previous player made the last move).
//! Misère play: it is a win (the previous player made the last move, and so lost). Either way a
//! position is a win when some child is a loss; remoteness is 0 at the end, 1 + the least
//! remoteness of a losing child for a win, 1 + the greatest of any child for a loss. The Grundy
//! value is the least non-negative integer no child has.
//!
//! **Both cores.** The positions whose counts above index `j` are fixed fill a block of
//! consecutive ranks. A move raises the highest index it changes and lowers only indices below
//! it, so split by `(c_j, c_(j-1)) = (b, a)`, a sub-block's moves stay inside it (highest index
//! below `j - 1`), go to `(b, a + 1)` (highest index `j - 1`), or to `(b + 1, a - d)` with
//! `0 <= d <= c + 1` (highest index `j`: a combine takes `c` copies of `G_(j-1)`, a split or an
//! initial combine at most `c + 1`), or leave the block for a higher one. So the sub-blocks with
//! the same `a + (c + 2)·b` never depend on each other, and waves taken in decreasing
//! `a + (c + 2)·b` find every child solved: the Zeckendorf game's own sweep (`a + 3b`, `c = 1`),
//! generalised. Large sub-blocks split again two indices down; small ones run in rank order on
//! one thread. Tests hold the waves equal to the plain rank-order sweep on every position.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering::Relaxed};

use crate::zgame::family::{FamilyError, FamilyIndex, FamilyMove, FamilyRules};

use crate::{Cancel, Outcome};

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct FamilyOptions {
    /// Misère play: whoever makes the last move loses.
    pub misere: bool,
    /// Grundy values too (normal play only).
    pub grundy: bool,
    /// Checked every few ten thousand positions.
    pub cancel: Cancel,
}

/// Every position of one generalized game, solved.
#[derive(Debug)]
pub struct FamilySolution {
    rules: FamilyRules,
    index: FamilyIndex,
    misere: bool,
    wins: Vec<AtomicU64>,
    remoteness: Vec<AtomicU16>,
    grundy: Option<Vec<AtomicU16>>,
}

/// How often (in positions) the sweep reports progress and checks for a cancel.
const STEP: u64 = 1 << 16;

impl FamilySolution {
    /// The rules.
    pub fn rules(&self) -> &FamilyRules {
        &self.rules
    }

    /// The ranking.
    pub fn index(&self) -> &FamilyIndex {
        &self.index
    }

    /// Whether this is the misère game.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The outcome of rank `r` for the player to move.
    pub fn outcome(&self, r: u64) -> Outcome {
        Outcome::win_if(self.wins[(r / 64) as usize].load(Relaxed) >> (r % 64) & 1 == 1)
    }

    /// The remoteness of rank `r`.
    pub fn remoteness(&self, r: u64) -> u32 {
        u32::from(self.remoteness[r as usize].load(Relaxed))
    }

    /// The Grundy value of rank `r`, when computed.
    pub fn grundy(&self, r: u64) -> Option<u32> {
        self.grundy.as_ref().map(|g| u32::from(g[r as usize].load(Relaxed)))
    }

    /// The rank of the start, `n` copies of `G_1`.
    pub fn start_rank(&self) -> u64 {
        0
    }

    /// Positions that are losses for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.iter().map(|w| u64::from(w.load(Relaxed).count_ones())).sum::<u64>()
    }

    /// The children of `counts` (of this game): each move with its child's rank.
    pub fn children(&self, counts: &[u32]) -> Vec<(FamilyMove, u64)> {
        let mut work = counts.to_vec();
        let mut out = Vec::new();
        self.rules.for_each_move(counts, |m| {
            self.rules.apply(&mut work, m);
            out.push((m, self.index.rank(&work)));
            self.rules.undo(&mut work, m);
        });
        out
    }

    /// Word `w` of the outcome table: bit `r % 64` of word `r / 64` is set when rank `r` is a
    /// win for the player to move (for storing the table).
    pub fn outcome_word(&self, w: usize) -> u64 {
        self.wins[w].load(Relaxed)
    }

    /// Positions by Grundy value: `(value, positions)`, in increasing value, when computed.
    pub fn grundy_counts(&self) -> Option<Vec<(u32, u64)>> {
        let values = self.grundy.as_ref()?;
        let mut counts: Vec<u64> = Vec::new();
        for g in values {
            let g = usize::from(g.load(Relaxed));
            if counts.len() <= g {
                counts.resize(g + 1, 0);
            }
            counts[g] += 1;
        }
        Some(counts.into_iter().enumerate().filter(|&(_, c)| c > 0).map(|(v, c)| (v as u32, c)).collect())
    }
}

/// Bytes the solve of a game with `positions` positions takes.
pub fn family_bytes(positions: u64, grundy: bool) -> u128 {
    let p = u128::from(positions);
    p.div_ceil(64) * 8 + 2 * p + if grundy { 2 * p } else { 0 }
}

/// Solves every position of the game on `n` under `rules`; `progress(done, total)` every few ten
/// thousand positions.
///
/// # Errors
/// [`FamilyError::TooManyPositions`] when the positions cannot be counted in 64 bits or held in
/// `memory_limit` bytes; [`FamilyError::Cancelled`].
pub fn solve_family(
    rules: &FamilyRules,
    n: u32,
    options: &FamilyOptions,
    memory_limit: u128,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<FamilySolution, FamilyError> {
    solve_family_in_blocks(rules, n, options, memory_limit, SPLIT_FROM, progress)
}

/// Blocks of fewer positions run in rank order on one thread.
const SPLIT_FROM: u64 = 1 << 14;

/// [`solve_family`] with blocks split from `split_from` positions (`u64::MAX`: everything in
/// rank order on one thread; tests compare the two).
pub(crate) fn solve_family_in_blocks(
    rules: &FamilyRules,
    n: u32,
    options: &FamilyOptions,
    memory_limit: u128,
    split_from: u64,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<FamilySolution, FamilyError> {
    let index = FamilyIndex::new(rules.terms(), n).ok_or(FamilyError::TooManyPositions(n))?;
    let count = index.count();
    let grundy_wanted = options.grundy && !options.misere;
    if family_bytes(count, grundy_wanted) > memory_limit {
        return Err(FamilyError::TooManyPositions(n));
    }
    let size = usize::try_from(count).map_err(|_| FamilyError::TooManyPositions(n))?;
    let tables = Tables {
        wins: (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        remoteness: (0..size).map(|_| AtomicU16::new(0)).collect(),
        grundy: grundy_wanted.then(|| (0..size).map(|_| AtomicU16::new(0)).collect()),
        overflow: AtomicBool::new(false),
    };
    let report = |done: u64| progress(done, count);
    let sweep = Sweep {
        rules,
        index: &index,
        tables: &tables,
        misere: options.misere,
        cancel: &options.cancel,
        done: AtomicU64::new(0),
        progress: &report,
        split_from: split_from.max(1),
    };
    sweep.block(rules.top(), i64::from(n), 0);
    if options.cancel.is_cancelled() {
        return Err(FamilyError::Cancelled);
    }
    if tables.overflow.load(Relaxed) {
        // A remoteness past 65,535: more than this solver's two bytes a position hold.
        return Err(FamilyError::TooManyPositions(n));
    }
    progress(count, count);
    let Tables { wins, remoteness, grundy, .. } = tables;
    Ok(FamilySolution { rules: rules.clone(), index, misere: options.misere, wins, remoteness, grundy })
}

/// The values being filled, shared by the threads.
struct Tables {
    wins: Vec<AtomicU64>,
    remoteness: Vec<AtomicU16>,
    grundy: Option<Vec<AtomicU16>>,
    /// Set when a remoteness does not fit two bytes.
    overflow: AtomicBool,
}

/// One solve: the game, its tables, and the controls.
struct Sweep<'a> {
    rules: &'a FamilyRules,
    index: &'a FamilyIndex,
    tables: &'a Tables,
    misere: bool,
    cancel: &'a Cancel,
    done: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
    split_from: u64,
}

impl Sweep<'_> {
    /// Solves the block of positions whose counts above `j` are fixed: `m` is the part of n left
    /// for indices `<= j`, `base` the block's first rank (the rank's terms above `j`).
    fn block(&self, j: usize, m: i64, base: u64) {
        if self.cancel.is_cancelled() {
            return;
        }
        let (index, terms) = (self.index, self.rules.terms());
        let size = index.p(j, m);
        if j < 3 || size < self.split_from {
            self.in_rank_order(base, size);
            return;
        }
        let (gj, gj1) = (terms[j - 1] as i64, terms[j - 2] as i64);
        let step = i64::from(self.rules.recurrence().c()) + 2;
        let most_b = m / gj;
        let most_wave = most_b * step + m / gj1;
        for wave in (0..=most_wave).rev() {
            rayon::scope(|scope| {
                for b in 0..=most_b.min(wave / step) {
                    let a = wave - step * b;
                    let m1 = m - b * gj;
                    if a * gj1 > m1 {
                        continue;
                    }
                    let m2 = m1 - a * gj1;
                    let sub =
                        base + (index.p(j, m) - index.p(j, m1)) + (index.p(j - 1, m1) - index.p(j - 1, m2));
                    scope.spawn(move |_| self.block(j - 2, m2, sub));
                }
            });
        }
    }

    /// Solves ranks `base..base + size` from the highest down, on this thread.
    fn in_rank_order(&self, base: u64, size: u64) {
        if size == 0 {
            return;
        }
        let mut sweep = DownSweep::at(self.rules, self.index, base + size - 1);
        let mut children = Vec::new();
        let mut seen: Vec<bool> = Vec::new();
        let t = self.tables;
        // The word of outcome bits being filled, published when the sweep leaves it (other
        // threads may fill other bits of the same word, hence `fetch_or`).
        let (mut word, mut bits) = (usize::MAX, 0u64);
        loop {
            let r = sweep.rank;
            if (r / 64) as usize != word {
                if word != usize::MAX && bits != 0 {
                    t.wins[word].fetch_or(bits, Relaxed);
                }
                (word, bits) = ((r / 64) as usize, 0);
            }
            sweep.children(&mut children);
            let (mut least_loss, mut most) = (u32::MAX, 0u32);
            seen.clear();
            for &(_, rank) in &children {
                let w = (rank / 64) as usize;
                let held = if w == word { bits } else { 0 };
                let wins_child = (t.wins[w].load(Relaxed) | held) >> (rank % 64) & 1 == 1;
                let rem = u32::from(t.remoteness[rank as usize].load(Relaxed));
                if !wins_child {
                    least_loss = least_loss.min(rem);
                }
                most = most.max(rem);
                if let Some(g) = &t.grundy {
                    let v = usize::from(g[rank as usize].load(Relaxed));
                    if seen.len() <= v {
                        seen.resize(v + 1, false);
                    }
                    seen[v] = true;
                }
            }
            let (win, rem) = if children.is_empty() {
                (self.misere, 0)
            } else if least_loss != u32::MAX {
                (true, least_loss + 1)
            } else {
                (false, most + 1)
            };
            if win {
                bits |= 1 << (r % 64);
            }
            match u16::try_from(rem) {
                Ok(rem) => t.remoteness[r as usize].store(rem, Relaxed),
                Err(_) => t.overflow.store(true, Relaxed),
            }
            if let Some(g) = &t.grundy {
                g[r as usize].store(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u16, Relaxed);
            }
            if r == base || !sweep.step_down() {
                break;
            }
        }
        if bits != 0 {
            t.wins[word].fetch_or(bits, Relaxed);
        }
        let before = self.done.fetch_add(size, Relaxed);
        if (before + size) / STEP != before / STEP {
            (self.progress)(before + size);
        }
    }
}

/// A walk down the ranks of one game, from the last to 0, giving each position's children with
/// their ranks (ranked from the highest index the move changes down, the parent's rank terms
/// above it shared).
pub(super) struct DownSweep<'a> {
    rules: &'a FamilyRules,
    index: &'a FamilyIndex,
    /// The position at `rank`.
    pub(super) counts: Vec<u32>,
    pub(super) rank: u64,
    child: Vec<u32>,
    /// `above[j]`: the rank's terms over indices above `j`; `left[j]`: `m_j`.
    above: Vec<u64>,
    left: Vec<i64>,
}

impl<'a> DownSweep<'a> {
    /// At the last rank.
    pub(super) fn new(rules: &'a FamilyRules, index: &'a FamilyIndex) -> DownSweep<'a> {
        DownSweep::at(rules, index, index.count() - 1)
    }

    /// At rank `rank`.
    pub(super) fn at(rules: &'a FamilyRules, index: &'a FamilyIndex, rank: u64) -> DownSweep<'a> {
        let top = rules.top();
        let counts = index.unrank(rank);
        DownSweep {
            rules,
            index,
            child: counts.clone(),
            counts,
            rank,
            above: vec![0; top + 1],
            left: vec![0; top + 1],
        }
    }

    /// The moves of the position at `rank`, each with its child's rank, into `out`.
    pub(super) fn children(&mut self, out: &mut Vec<(FamilyMove, u64)>) {
        out.clear();
        let (rules, index) = (self.rules, self.index);
        let mut m = i64::from(index.n());
        let mut partial = 0u64;
        for j in (1..=rules.top()).rev() {
            self.above[j] = partial;
            self.left[j] = m;
            let taken = i64::from(self.counts[j - 1]) * rules.terms()[j - 1] as i64;
            if j >= 2 {
                partial += index.p(j, m) - index.p(j, m - taken);
            }
            m -= taken;
        }
        debug_assert_eq!(partial, self.rank);
        let k = rules.recurrence().k() as usize;
        let (child, above, left) = (&mut self.child, &self.above, &self.left);
        rules.for_each_move(&self.counts, |mv| {
            rules.apply(child, mv);
            let highest = highest_changed(mv, k);
            out.push((mv, index.rank_from(child, highest, left[highest], above[highest])));
            rules.undo(child, mv);
        });
    }

    /// Steps to the rank below; `false` at rank 0.
    pub(super) fn step_down(&mut self) -> bool {
        if self.rank == 0 {
            return false;
        }
        self.index.prev_counts(&mut self.counts);
        self.child.copy_from_slice(&self.counts);
        self.rank -= 1;
        true
    }
}

/// The highest index a move changes (it raises that one).
fn highest_changed(m: FamilyMove, k: usize) -> usize {
    match m {
        FamilyMove::Combine(i) => i + k,
        FamilyMove::InitialCombine(j) => j + 1,
        FamilyMove::Split(s) => s + 1,
    }
}

/// What checking a table of a generalized game found (see [`check_family_table`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyCheck {
    /// Positions checked (all of them).
    pub checked: u64,
    /// Positions whose value disagrees with their children's.
    pub inconsistent: u64,
    /// The inconsistent position of highest rank (the first met, walking down), if any.
    pub first_inconsistent: Option<u64>,
}

/// Checks every position of a table of the game on `n` under `rules` against its children,
/// whoever computed it: `value(r)` is the table's outcome (win for the player to move) and
/// remoteness of rank `r`, or an error that stops the check. A position is a win exactly when
/// some child is a loss; remoteness is 0 with no move, else 1 + the least remoteness of a losing
/// child for a win and 1 + the greatest of any child for a loss; with no move it is a loss in
/// normal play and a win in misère play. The game graph has no cycle (every move raises the
/// rank), so a table that passes is the game's only solution.
///
/// # Errors
/// The first error `value` returns.
pub fn check_family_table<E>(
    rules: &FamilyRules,
    index: &FamilyIndex,
    misere: bool,
    mut value: impl FnMut(u64) -> Result<(bool, u32), E>,
    mut progress: impl FnMut(u64, u64),
) -> Result<FamilyCheck, E> {
    let count = index.count();
    let mut sweep = DownSweep::new(rules, index);
    let mut children = Vec::new();
    let (mut inconsistent, mut first) = (0u64, None);
    loop {
        let r = sweep.rank;
        if r.is_multiple_of(STEP) {
            progress(count - 1 - r, count);
        }
        sweep.children(&mut children);
        let (mut least_loss, mut most) = (None::<u32>, 0u32);
        for &(_, rank) in &children {
            let (wins_child, rem) = value(rank)?;
            if !wins_child {
                least_loss = Some(least_loss.map_or(rem, |l| l.min(rem)));
            }
            most = most.max(rem);
        }
        let expected = match (children.is_empty(), least_loss) {
            (true, _) => (misere, 0),
            (false, Some(l)) => (true, l.saturating_add(1)),
            (false, None) => (false, most.saturating_add(1)),
        };
        if value(r)? != expected {
            inconsistent += 1;
            first.get_or_insert(r);
        }
        if !sweep.step_down() {
            break;
        }
    }
    progress(count, count);
    Ok(FamilyCheck { checked: count, inconsistent, first_inconsistent: first })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::family::{Recurrence, RuleSet};

    #[test]
    fn solved_tables_pass_the_check_and_any_changed_value_fails_it() {
        for (c, k) in [(1, 2), (2, 2), (1, 3), (2, 3), (3, 4)] {
            for rule_set in [RuleSet::All, RuleSet::NoInitialCombine] {
                for misere in [false, true] {
                    let n = 30;
                    let rules = FamilyRules::new(Recurrence::new(c, k).unwrap(), rule_set, n);
                    let options = FamilyOptions { misere, ..FamilyOptions::default() };
                    let s = solve_family(&rules, n, &options, 1 << 30, |_, _| {}).unwrap();
                    let value = |r: u64| Ok::<_, ()>((s.outcome(r).is_win(), s.remoteness(r)));
                    let report = check_family_table(&rules, s.index(), misere, value, |_, _| {}).unwrap();
                    assert_eq!((report.checked, report.inconsistent), (s.index().count(), 0), "({c},{k})");
                    // The other play fails at the end, and so does any one changed value.
                    let other = check_family_table(&rules, s.index(), !misere, value, |_, _| {}).unwrap();
                    assert!(other.inconsistent > 0, "({c},{k}) misère {misere}");
                    for changed in [0, s.index().count() / 2, s.index().count() - 1] {
                        for (flip, shift) in [(true, 0), (false, 1), (false, 2)] {
                            let tampered = |r: u64| {
                                let (w, rem) = value(r)?;
                                Ok::<_, ()>(if r == changed { (w ^ flip, rem + shift) } else { (w, rem) })
                            };
                            let report =
                                check_family_table(&rules, s.index(), misere, tampered, |_, _| {}).unwrap();
                            assert!(report.inconsistent > 0, "({c},{k}) rank {changed}");
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod wave_tests {
    use super::*;
    use crate::zgame::family::{Recurrence, RuleSet};

    #[test]
    fn waves_equal_the_rank_order_sweep_on_every_position() {
        for (c, k, n) in
            [(1, 2, 70), (2, 2, 150), (1, 3, 90), (2, 3, 160), (3, 2, 200), (1, 4, 100), (4, 4, 400)]
        {
            for rule_set in [RuleSet::All, RuleSet::NoInitialCombine] {
                for (misere, grundy) in [(false, true), (true, false)] {
                    let rules = FamilyRules::new(Recurrence::new(c, k).unwrap(), rule_set, n);
                    let options = FamilyOptions { misere, grundy, ..FamilyOptions::default() };
                    let plain =
                        solve_family_in_blocks(&rules, n, &options, 1 << 30, u64::MAX, |_, _| {}).unwrap();
                    for split in [1, 8, 64] {
                        let waves =
                            solve_family_in_blocks(&rules, n, &options, 1 << 30, split, |_, _| {}).unwrap();
                        for r in 0..plain.index().count() {
                            let (a, b) = (
                                (plain.outcome(r), plain.remoteness(r), plain.grundy(r)),
                                (waves.outcome(r), waves.remoteness(r), waves.grundy(r)),
                            );
                            assert_eq!(
                                a,
                                b,
                                "({c},{k}) {} misère {misere} n = {n} split {split}, rank {r}",
                                rule_set.name()
                            );
                        }
                    }
                }
            }
        }
    }
}
