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
#[derive(Clone, Debug)]
pub struct FamilySolution {
    rules: FamilyRules,
    index: FamilyIndex,
    misere: bool,
    wins: Vec<u64>,
    remoteness: Vec<u16>,
    grundy: Option<Vec<u16>>,
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
        Outcome::win_if(self.wins[(r / 64) as usize] >> (r % 64) & 1 == 1)
    }

    /// The remoteness of rank `r`.
    pub fn remoteness(&self, r: u64) -> u32 {
        u32::from(self.remoteness[r as usize])
    }

    /// The Grundy value of rank `r`, when computed.
    pub fn grundy(&self, r: u64) -> Option<u32> {
        self.grundy.as_ref().map(|g| u32::from(g[r as usize]))
    }

    /// The rank of the start, `n` copies of `G_1`.
    pub fn start_rank(&self) -> u64 {
        0
    }

    /// Positions that are losses for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.iter().map(|w| u64::from(w.count_ones())).sum::<u64>()
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

    /// The outcome table as 64-bit words: bit `r % 64` of word `r / 64` is set when rank `r` is a
    /// win for the player to move (for storing the table).
    pub fn outcome_words(&self) -> &[u64] {
        &self.wins
    }

    /// The remoteness of every rank, in rank order (for storing the table).
    pub fn remoteness_table(&self) -> &[u16] {
        &self.remoteness
    }

    /// Positions by Grundy value: `(value, positions)`, in increasing value, when computed.
    pub fn grundy_counts(&self) -> Option<Vec<(u32, u64)>> {
        let values = self.grundy.as_ref()?;
        let mut counts: Vec<u64> = Vec::new();
        for &g in values {
            let g = usize::from(g);
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
    mut progress: impl FnMut(u64, u64),
) -> Result<FamilySolution, FamilyError> {
    let index = FamilyIndex::new(rules.terms(), n).ok_or(FamilyError::TooManyPositions(n))?;
    let count = index.count();
    let grundy_wanted = options.grundy && !options.misere;
    if family_bytes(count, grundy_wanted) > memory_limit {
        return Err(FamilyError::TooManyPositions(n));
    }
    let size = usize::try_from(count).map_err(|_| FamilyError::TooManyPositions(n))?;
    let mut wins = vec![0u64; size.div_ceil(64)];
    let mut remoteness = vec![0u16; size];
    let mut grundy = grundy_wanted.then(|| vec![0u16; size]);
    let mut sweep = DownSweep::new(rules, &index);
    let mut children = Vec::new();
    let mut seen: Vec<bool> = Vec::new();
    loop {
        let r = sweep.rank;
        if r.is_multiple_of(STEP) {
            if options.cancel.is_cancelled() {
                return Err(FamilyError::Cancelled);
            }
            progress(count - 1 - r, count);
        }
        sweep.children(&mut children);
        let (mut least_loss, mut most) = (u32::MAX, 0u32);
        seen.clear();
        for &(_, rank) in &children {
            let wins_child = wins[(rank / 64) as usize] >> (rank % 64) & 1 == 1;
            let rem = u32::from(remoteness[rank as usize]);
            if !wins_child {
                least_loss = least_loss.min(rem);
            }
            most = most.max(rem);
            if let Some(g) = &grundy {
                let v = usize::from(g[rank as usize]);
                if seen.len() <= v {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            }
        }
        let (win, rem) = if children.is_empty() {
            (options.misere, 0)
        } else if least_loss != u32::MAX {
            (true, least_loss + 1)
        } else {
            (false, most + 1)
        };
        if win {
            wins[(r / 64) as usize] |= 1 << (r % 64);
        }
        remoteness[r as usize] = u16::try_from(rem).map_err(|_| FamilyError::TooManyPositions(n))?;
        if let Some(g) = &mut grundy {
            g[r as usize] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u16;
        }
        if !sweep.step_down() {
            break;
        }
    }
    progress(count, count);
    Ok(FamilySolution { rules: rules.clone(), index, misere: options.misere, wins, remoteness, grundy })
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
        let top = rules.top();
        let counts = index.unrank(index.count() - 1);
        DownSweep {
            rules,
            index,
            child: counts.clone(),
            counts,
            rank: index.count() - 1,
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
