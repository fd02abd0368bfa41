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

/// The children of the positions of one tier, taken in the order `for_each_descending` visits.
pub(super) struct TierChildren<'a> {
    index: &'a TierIndex,
    /// The run of the position last seen (its first rank).
    run_start: u64,
    /// The moves below index 4's reach ([`LOW_MOVES`]), each child's offset ranked at most once
    /// a run, when first legal: bit `k` of `known` says whether `low_offsets[k]` is this run's.
    low_moves: [ZMove; LOW_MOVES],
    low_offsets: [(u64, bool); LOW_MOVES],
    known: u32,
    /// The run's children by its combines `F(i-1) ∧ F(i)`, i ≥ 5, and its splits `F(i) ∧ F(i)`,
    /// i ≥ 4, as rank offsets and whether they lie in the tier below.
    run_combines: Vec<(u64, bool)>,
    run_splits: Vec<(u64, bool)>,
}

/// The lowest index of a combine, and of a split, whose legality reads only counts from index 4
/// up (so it is the same in every position of a run).
const RUN_COMBINES_FROM: usize = 5;
const RUN_SPLITS_FROM: usize = 4;

/// The moves whose legality reads the counts at indices 1 to 3, which change along a run:
/// `F1 ∧ F2`, `F2 ∧ F3`, `F3 ∧ F4`, `1 ∧ 1`, `F2 ∧ F2` and `F3 ∧ F3`.
const LOW_MOVES: usize = 6;

impl<'a> TierChildren<'a> {
    /// For one tier of `index` (a new one for each tier: runs are named by rank).
    pub(super) fn new(index: &'a TierIndex) -> TierChildren<'a> {
        let at = |i: usize| MoveIndex::new(i).expect("2 to 4 are move indices");
        TierChildren {
            index,
            run_start: u64::MAX,
            low_moves: [
                ZMove::Combine(at(2)),
                ZMove::Combine(at(3)),
                ZMove::Combine(at(4)),
                ZMove::CombineOnes,
                ZMove::Split(at(2)),
                ZMove::Split(at(3)),
            ],
            low_offsets: [(0, false); LOW_MOVES],
            known: 0,
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
            self.known = 0;
            self.list_run_moves(parent, prefix);
        }
        kids.clear();
        // An index past the top has no parts, so no move there is legal.
        let count = |i: usize| parent.get(i - 1).copied().unwrap_or(0);
        let (c1, c2, c3, c4) = (count(1), count(2), count(3), count(4));
        let legal = [c1 >= 1 && c2 >= 1, c2 >= 1 && c3 >= 1, c3 >= 1 && c4 >= 1, c1 >= 2, c2 >= 2, c3 >= 2];
        for k in 0..3 {
            self.push_low(k, legal[k], parent, prefix, kids);
        }
        kids.extend(self.run_combines.iter().map(|&(offset, down)| (rank.wrapping_add(offset), down)));
        for k in 3..LOW_MOVES {
            self.push_low(k, legal[k], parent, prefix, kids);
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

    /// Pushes the child of low move `k` when it is `legal`, its offset ranked once per run.
    #[inline(always)]
    fn push_low(
        &mut self,
        k: usize,
        legal: bool,
        parent: &[u32],
        prefix: &Prefix,
        kids: &mut Vec<(u64, bool)>,
    ) {
        if !legal {
            return;
        }
        let rank = prefix.same[1];
        if self.known & 1 << k == 0 {
            let (child, down) = self.child_rank(parent, prefix, self.low_moves[k]);
            self.low_offsets[k] = (child.wrapping_sub(rank), down);
            self.known |= 1 << k;
        }
        let (offset, down) = self.low_offsets[k];
        kids.push((rank.wrapping_add(offset), down));
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
