//! An independent checker for solved tables: every position's outcome and remoteness is
//! recomputed from its children's stored values, with the children found by the rules
//! ([`ZPosition`]'s move generator on count vectors) and ranked by [`PositionIndex::rank_counts`],
//! never by the solver's rank deltas or sweep order.
//!
//! **Why a passing table is the right one.** Every move goes to a higher rank, so the game graph
//! is acyclic and has a unique function satisfying "a position is a win exactly when some child
//! is a loss; its remoteness follows from its children's by the definition; a position with no
//! move is a loss with remoteness 0" (in misère play: a win with remoteness 0). A table in which every position satisfies these local
//! conditions equals that function, by induction from the highest rank down. So checking every
//! position locally proves the whole table, whoever computed it (the sweep, a stored file).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::PositionIndex;
use super::position::{apply_to_counts, for_each_legal_move, undo_on_counts, ZPosition};
use super::ranks::MAX_TOP;
use crate::Outcome;

/// A solved table as the checker reads it: outcomes, and remoteness when it was computed.
pub trait SolvedTable: Sync {
    /// The ranking the table is indexed by.
    fn index(&self) -> &PositionIndex;
    /// The stored outcome of rank `r`.
    fn outcome(&self, r: u64) -> Outcome;
    /// The stored remoteness of rank `r`, whose position has `parts` parts; `None` when the table
    /// holds no remoteness. (Tables may store remoteness relative to the part count.)
    fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32>;
    /// Whether the table holds the misère game (whoever makes the last move loses).
    fn misere(&self) -> bool {
        false
    }
}

/// What checking a table found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCheck {
    /// The number being played.
    pub n: u32,
    /// Positions of the game.
    pub positions: u64,
    /// Positions checked (all of them).
    pub checked: u64,
    /// Whether remoteness was checked as well as outcomes.
    pub remoteness_checked: bool,
    /// Positions whose stored value disagrees with their children's.
    pub inconsistent: u64,
    /// The inconsistent position of lowest rank, if any.
    pub first_inconsistent: Option<ZPosition>,
}

impl TableCheck {
    /// Whether every position is consistent (the table is the game's unique solution).
    pub fn passed(&self) -> bool {
        self.inconsistent == 0 && self.checked == self.positions
    }
}

/// Ranks checked between progress reports and per parallel task.
const CHUNK: u64 = 1 << 20;

/// Checks every position of `table` against its children, on the current rayon pool.
/// `progress(done, total)` is called after each chunk of about a million positions.
pub fn check_table(table: &impl SolvedTable, progress: impl Fn(u64, u64) + Sync) -> TableCheck {
    let index = table.index();
    let count = index.count();
    let with_remoteness = table.remoteness_with_parts(0, index.n()).is_some();
    let done = AtomicU64::new(0);
    let chunks = count.div_ceil(CHUNK);
    let (inconsistent, first) = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let (lo, hi) = (chunk * CHUNK, ((chunk + 1) * CHUNK).min(count));
            let found = check_ranks(table, lo, hi, with_remoteness);
            progress(done.fetch_add(hi - lo, Relaxed) + (hi - lo), count);
            found
        })
        .reduce(|| (0, None), |(a, fa), (b, fb)| (a + b, lowest(fa, fb)));
    let first = first.map(|r| index.unrank(r));
    TableCheck {
        n: index.n(),
        positions: count,
        checked: done.into_inner(),
        remoteness_checked: with_remoteness,
        inconsistent,
        first_inconsistent: first,
    }
}

/// The lower of two optional ranks.
fn lowest(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => a.or(b),
    }
}

/// Checks ranks `lo..hi`; returns how many are inconsistent and the lowest such rank.
fn check_ranks(table: &impl SolvedTable, lo: u64, hi: u64, with_remoteness: bool) -> (u64, Option<u64>) {
    let index = table.index();
    let top = index.top();
    let misere = table.misere();
    // Room above the top index for the parts a move makes (never used by a legal move).
    let mut counts = [0u32; MAX_TOP + 2];
    index.unrank_into(lo, &mut counts[..top]);
    let (mut bad, mut first) = (0, None);
    for r in lo..hi {
        if r > lo {
            let stepped = index.next_counts(&mut counts[..top]);
            debug_assert!(stepped, "rank {r} exists");
        }
        let parts: u32 = counts[..top].iter().sum();
        // The rank's partial sums from the top down: `above[j]` over the indices above `j`, and
        // `left[j]` the part of n left for indices <= j. A child differs from its parent only at
        // and below the highest index its move touches, so its rank resumes from there.
        let (mut above, mut left) = ([0u64; MAX_TOP + 2], [0usize; MAX_TOP + 2]);
        let (mut rest, mut partial) = (index.n() as usize, 0u64);
        for j in (2..=top).rev() {
            above[j] = partial;
            left[j] = rest;
            let used = counts[j - 1] as usize * zecklab_numeration::fib::FIB_U64[j] as usize;
            partial += index.partitions(j, rest) - index.partitions(j, rest - used);
            rest -= used;
        }
        let mut any_child = false;
        let mut fastest_win: Option<u32> = None;
        let mut win = false;
        let mut slowest = 0u32;
        let parent = counts;
        for_each_legal_move(&parent[..top], |m| {
            apply_to_counts(&mut counts, m);
            let h = m.highest_index().min(top);
            let child = index.rank_below(&counts[..top], h, left[h], above[h]);
            debug_assert_eq!(child, index.rank_counts(&counts[..top]));
            undo_on_counts(&mut counts, m);
            any_child = true;
            let child_loss = table.outcome(child) == Outcome::Loss;
            win |= child_loss;
            if with_remoteness {
                let child_parts = parts - u32::from(m.removes_part());
                let rem = table.remoteness_with_parts(child, child_parts).unwrap_or(u32::MAX);
                slowest = slowest.max(rem);
                if child_loss {
                    fastest_win = Some(fastest_win.map_or(rem, |f: u32| f.min(rem)));
                }
            }
        });
        // With no move, the player to move has lost in normal play and won in misère play.
        let win = win || (misere && !any_child);
        let outcome_ok = table.outcome(r) == Outcome::win_if(win);
        let remoteness_ok = !with_remoteness || {
            let expected = match (fastest_win, any_child) {
                (Some(f), _) => f.saturating_add(1),
                (None, true) => slowest.saturating_add(1),
                (None, false) => 0,
            };
            table.remoteness_with_parts(r, parts) == Some(expected)
        };
        if !(outcome_ok && remoteness_ok) {
            bad += 1;
            first.get_or_insert(r);
        }
    }
    (bad, first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::{solve, Solution};

    /// A solved table with one position's stored value altered.
    struct Tampered<'a> {
        solution: &'a Solution,
        rank: u64,
        flip_outcome: bool,
        remoteness_shift: u32,
    }

    impl SolvedTable for Tampered<'_> {
        fn index(&self) -> &PositionIndex {
            self.solution.index()
        }
        fn outcome(&self, r: u64) -> Outcome {
            let o = self.solution.outcome(r);
            if r == self.rank && self.flip_outcome {
                Outcome::win_if(!o.is_win())
            } else {
                o
            }
        }
        fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32> {
            let rem = self.solution.remoteness_with_parts(r, parts)?;
            Some(if r == self.rank { rem + self.remoteness_shift } else { rem })
        }
        fn misere(&self) -> bool {
            self.solution.misere()
        }
    }

    /// A solved table presented as the other play (normal as misère, or the reverse).
    struct OtherPlay<'a>(&'a Solution);

    impl SolvedTable for OtherPlay<'_> {
        fn index(&self) -> &PositionIndex {
            self.0.index()
        }
        fn outcome(&self, r: u64) -> Outcome {
            self.0.outcome(r)
        }
        fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32> {
            self.0.remoteness_with_parts(r, parts)
        }
        fn misere(&self) -> bool {
            !self.0.misere()
        }
    }

    #[test]
    fn misere_tables_pass_and_neither_play_passes_as_the_other() {
        use crate::zgame::{solve_with, SolveOptions};
        for n in 1..=40 {
            for with_remoteness in [true, false] {
                let options = SolveOptions { misere: true, ..SolveOptions::new(with_remoteness, 1 << 30) };
                let misere = solve_with(n, &options, |_, _| {}).unwrap();
                let report = check_table(&misere, |_, _| {});
                assert!(report.passed(), "misère n = {n}: {report:?}");
                let normal = solve(n, with_remoteness, 1 << 30, |_, _| {}).unwrap();
                // The end alone differs at first, so each table fails as the other play.
                assert!(!check_table(&OtherPlay(&misere), |_, _| {}).passed(), "n = {n}");
                assert!(!check_table(&OtherPlay(&normal), |_, _| {}).passed(), "n = {n}");
            }
        }
    }

    #[test]
    fn solved_tables_pass() {
        for n in 1..=60 {
            for with_remoteness in [true, false] {
                let solution = solve(n, with_remoteness, 1 << 30, |_, _| {}).unwrap();
                let report = check_table(&solution, |_, _| {});
                assert!(report.passed(), "n = {n}: {report:?}");
                assert_eq!(report.checked, solution.index().count());
                assert_eq!(report.remoteness_checked, with_remoteness);
            }
        }
    }

    #[test]
    fn every_kind_of_tampering_is_caught_at_the_tampered_position_or_its_parents() {
        let n = 25;
        let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
        let count = solution.index().count();
        for rank in 0..count {
            for (flip_outcome, remoteness_shift) in [(true, 0), (false, 2), (false, 1)] {
                let tampered = Tampered { solution: &solution, rank, flip_outcome, remoteness_shift };
                let report = check_table(&tampered, |_, _| {});
                assert!(report.inconsistent >= 1, "rank {rank}: {report:?}");
                // The lowest inconsistent rank is the tampered one or a parent (lower rank).
                let first = solution.index().rank(report.first_inconsistent.as_ref().unwrap()).unwrap();
                assert!(first <= rank, "rank {rank}: first {first}");
            }
        }
    }
}
