//! The ranks of a position's children, found once per run rather than once per position.
//!
//! Inside a tier, the positions that share their counts from index 4 up form a run of
//! consecutive ranks (the tier sweep's runs: the counts at indices 1 to 3 follow from `c_3`),
//! and every move lands its child at the same distance in rank from every position of the run
//! where it is legal (the child lies in a run of its own, shifted by a constant). So a child's
//! rank is the parent's plus an offset that is ranked once per move and run, from the first
//! position of the run that has the move, and then reused.

use crate::zgame::position::{apply_to_counts, for_each_legal_move, undo_on_counts, ZMove};
use crate::zgame::ranks::MAX_TOP;
use crate::zgame::Prefix;
use crate::zgame::TierIndex;

/// A move's offset, tagged with the run it was ranked in.
#[derive(Clone, Copy, Default)]
struct Offset {
    run: u32,
    /// Child rank minus parent rank (wrapping).
    offset: u64,
    /// The child lies in the tier below.
    down: bool,
}

/// The children of the positions of one tier, taken in the order `for_each_descending` visits.
pub(super) struct TierChildren<'a> {
    index: &'a TierIndex,
    /// The run of the position last seen (its first rank), and its number.
    run_start: u64,
    run: u32,
    /// By move kind (0 combines and `1 ∧ 1`, 1 splits) and index.
    offsets: Vec<[Offset; 2]>,
    counts: [u32; MAX_TOP],
}

impl<'a> TierChildren<'a> {
    /// For one tier of `index` (a new one for each tier: runs are named by rank).
    pub(super) fn new(index: &'a TierIndex) -> TierChildren<'a> {
        TierChildren {
            index,
            run_start: u64::MAX,
            run: 0,
            offsets: vec![[Offset::default(); 2]; index.top() + 2],
            counts: [0; MAX_TOP],
        }
    }

    /// Fills `kids` with the rank of each child of `parent` (in the move order) and whether it
    /// lies in the tier below.
    #[inline]
    pub(super) fn of(&mut self, parent: &[u32], prefix: &Prefix, kids: &mut Vec<(u64, bool)>) {
        let rank = prefix.same[1];
        let top = self.index.top();
        // The run's first rank: the rank's terms above index 3 (every rank of its own where the
        // top index is below 3).
        let start = if top >= 3 { prefix.same[3] } else { rank };
        if start != self.run_start {
            self.run_start = start;
            // Tag 0 is never a run's, so the zeroed table starts out empty.
            self.run += 1;
        }
        kids.clear();
        let (index, run, offsets, counts) = (self.index, self.run, &mut self.offsets, &mut self.counts);
        for_each_legal_move(parent, |m| {
            let (i, kind) = match m {
                ZMove::CombineOnes => (1, 0),
                ZMove::Combine(i) => (i.get(), 0),
                ZMove::Split(i) => (i.get(), 1),
            };
            let slot = &mut offsets[i][kind];
            if slot.run != run {
                counts[..top].copy_from_slice(parent);
                apply_to_counts(counts, m);
                let (child, down) = index.child_rank(&counts[..top], prefix, m);
                undo_on_counts(counts, m);
                *slot = Offset { run, offset: child.wrapping_sub(rank), down };
            }
            let child = rank.wrapping_add(slot.offset);
            kids.push((child, slot.down));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every child found by its run's offset is the child ranked from scratch, for every
    /// position of every tier of every n to 60.
    #[test]
    fn run_offsets_give_every_childs_rank() {
        for n in 1..=60u32 {
            let index = TierIndex::new(n).unwrap();
            let top = index.top();
            for p in index.fewest_parts()..=n {
                let mut children = TierChildren::new(&index);
                let mut kids = Vec::new();
                index.for_each_descending(p, |parent, prefix| {
                    children.of(parent, prefix, &mut kids);
                    let mut expected = Vec::new();
                    for_each_legal_move(parent, |m| {
                        let mut c = [0u32; MAX_TOP];
                        c[..top].copy_from_slice(parent);
                        apply_to_counts(&mut c, m);
                        expected.push((index.rank(&c[..top]), m.removes_part()));
                    });
                    assert_eq!(kids, expected, "n = {n}, {parent:?}");
                });
            }
        }
    }
}
