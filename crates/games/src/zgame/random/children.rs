//! The ranks of a position's children, found once per run rather than once per position.
//!
//! Inside a tier, the positions that share their counts from index 4 up form a run of
//! consecutive ranks (the tier sweep's runs: the counts at indices 1 to 3 follow from `c_3`),
//! and every move lands its child at the same distance in rank from every position of the run
//! where it is legal (the child lies in a run of its own, shifted by a constant). So a child's
//! rank is the parent's plus an offset that is ranked once per move and run, from the first
//! position of the run that has the move, and then reused. The moves that read only counts from
//! index 4 up (`F(i-1) ∧ F(i)` for i ≥ 5, `F(i) ∧ F(i)` for i ≥ 4) are legal in every position of
//! the run or in none: their children are listed once per run, and each position looks only at
//! its moves below.

use crate::zgame::position::{is_legal_on_counts, ZMove};
use crate::zgame::ranks::MAX_TOP;
use crate::zgame::MoveIndex;
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
    /// The run's children by its combines `F(i-1) ∧ F(i)`, i ≥ 5, and its splits `F(i) ∧ F(i)`,
    /// i ≥ 4, as rank offsets and whether they lie in the tier below.
    run_combines: Vec<(u64, bool)>,
    run_splits: Vec<(u64, bool)>,
}

/// The lowest index of a combine, and of a split, whose legality reads only counts from index 4
/// up (so it is the same in every position of a run).
const RUN_COMBINES_FROM: usize = 5;
const RUN_SPLITS_FROM: usize = 4;

impl<'a> TierChildren<'a> {
    /// For one tier of `index` (a new one for each tier: runs are named by rank).
    pub(super) fn new(index: &'a TierIndex) -> TierChildren<'a> {
        TierChildren {
            index,
            run_start: u64::MAX,
            run: 0,
            offsets: vec![[Offset::default(); 2]; index.top() + 2],
            run_combines: Vec::with_capacity(MAX_TOP),
            run_splits: Vec::with_capacity(MAX_TOP),
        }
    }

    /// Fills `kids` with the rank of each child of `parent` (in the move order of
    /// `for_each_legal_move`: combines by index, `1 ∧ 1`, splits by index) and whether it lies in
    /// the tier below.
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
            self.list_run_moves(parent, prefix);
        }
        kids.clear();
        let low = |from: usize, to: usize| (from..=to.min(top)).filter_map(MoveIndex::new);
        for m in low(2, RUN_COMBINES_FROM - 1).map(ZMove::Combine) {
            self.push_if_legal(parent, prefix, m, kids);
        }
        kids.extend(self.run_combines.iter().map(|&(offset, down)| (rank.wrapping_add(offset), down)));
        self.push_if_legal(parent, prefix, ZMove::CombineOnes, kids);
        for m in low(2, RUN_SPLITS_FROM - 1).map(ZMove::Split) {
            self.push_if_legal(parent, prefix, m, kids);
        }
        kids.extend(self.run_splits.iter().map(|&(offset, down)| (rank.wrapping_add(offset), down)));
    }

    /// Lists the children of the run's moves that read only counts from index 4 up, from its
    /// first position `parent`.
    fn list_run_moves(&mut self, parent: &[u32], prefix: &Prefix) {
        let top = self.index.top();
        let rank = prefix.same[1];
        let (mut combines, mut splits) =
            (std::mem::take(&mut self.run_combines), std::mem::take(&mut self.run_splits));
        combines.clear();
        splits.clear();
        for (list, from, make) in [
            (&mut combines, RUN_COMBINES_FROM, ZMove::Combine as fn(MoveIndex) -> ZMove),
            (&mut splits, RUN_SPLITS_FROM, ZMove::Split),
        ] {
            for m in (from..=top).filter_map(MoveIndex::new).map(make) {
                if is_legal_on_counts(parent, m) {
                    let (child, down) = self.child_rank(parent, prefix, m);
                    list.push((child.wrapping_sub(rank), down));
                }
            }
        }
        (self.run_combines, self.run_splits) = (combines, splits);
    }

    /// Pushes the child of `m` when it is legal in `parent`, its offset ranked once per run.
    #[inline(always)]
    fn push_if_legal(&mut self, parent: &[u32], prefix: &Prefix, m: ZMove, kids: &mut Vec<(u64, bool)>) {
        if !is_legal_on_counts(parent, m) {
            return;
        }
        let (i, kind) = match m {
            ZMove::CombineOnes => (1, 0),
            ZMove::Combine(i) => (i.get(), 0),
            ZMove::Split(i) => (i.get(), 1),
        };
        let rank = prefix.same[1];
        let run = self.run;
        if self.offsets[i][kind].run != run {
            let (child, down) = self.child_rank(parent, prefix, m);
            self.offsets[i][kind] = Offset { run, offset: child.wrapping_sub(rank), down };
        }
        let slot = self.offsets[i][kind];
        kids.push((rank.wrapping_add(slot.offset), slot.down));
    }

    /// The rank of `m`'s child of `parent`, ranked from the terms the move changes, and whether
    /// it lies in the tier below.
    #[inline(always)]
    fn child_rank(&self, parent: &[u32], prefix: &Prefix, m: ZMove) -> (u64, bool) {
        self.index.child_rank_of_parent(parent, prefix, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::position::{apply_to_counts, for_each_legal_move};

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
