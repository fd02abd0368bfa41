//! Rank arithmetic: every position of the game on `n` enumerated in rank order by an odometer
//! over the counts (never unranked), with each child's rank found as the parent's plus a delta.
//! The strong solver's sweep and [`walk`] (lengths, strategies) share it.
//!
//! A position's rank is `sum_(j >= 2) T_j` with `T_j = P(j, m_j) - P(j, m_(j-1))` and `m_j` the
//! sum left for indices `<= j` (see [`PositionIndex`]). A move at index `i` changes `m_j` only for
//! `j` in `i-2 ..= i` (combines leave `m_(i-2)` alone), so a child's rank is the parent's plus a
//! delta built from at most eight table entries. That delta depends only on the counts at
//! indices `>= i - 1`, so it is computed once where those counts are fixed, and inside the
//! innermost loop (over `c_2`, with `c_1` forced) every delta is a constant.

use zecklab_numeration::fib::FIB_U64;

use super::index::PositionIndex;
use super::position::{MoveIndex, ZMove};

/// The moves at indices 2 and 3, which the innermost loop makes itself.
const COMBINE_2: ZMove = ZMove::Combine(MoveIndex::new(2).expect("2 is a move index"));
const SPLIT_2: ZMove = ZMove::Split(MoveIndex::new(2).expect("2 is a move index"));
const COMBINE_3: ZMove = ZMove::Combine(MoveIndex::new(3).expect("3 is a move index"));
const SPLIT_3: ZMove = ZMove::Split(MoveIndex::new(3).expect("3 is a move index"));

/// The largest top index supported (n below F_41; memory refuses far smaller n).
pub const MAX_TOP: usize = 40;

/// A combine or split at an index above 3, with its rank delta; 16 bytes, because the solver's
/// innermost loop reads a list of them for every position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Delta {
    pub(crate) delta: u64,
    /// Whether the move combines (removes a part) rather than splits.
    pub(crate) combine: bool,
    index: u8,
}

impl Delta {
    /// The move.
    pub(crate) fn r#move(self) -> ZMove {
        let i = usize::from(self.index);
        let m = if self.combine { ZMove::combine(i) } else { ZMove::split(i) };
        m.expect("deltas are recorded for indices 3..=top")
    }
}

/// The counts fixed so far (from the top index down) and what they determine.
#[derive(Clone, Debug)]
pub(crate) struct Cursor {
    /// `counts[i]` copies of `F_i`; `counts[0]` and everything above `top` stay 0.
    pub(crate) counts: [u32; MAX_TOP + 2],
    /// `rest[j] = m_j`, the sum left for indices `<= j`, known once the counts above `j` are fixed.
    pub(crate) rest: [usize; MAX_TOP + 2],
    /// Parts at the fixed indices.
    pub(crate) fixed_parts: u32,
    /// The rank of the lowest position of the current block.
    pub(crate) base: u64,
    /// Moves that are legal, with known deltas, for every position of the block.
    pub(crate) fixed: [Delta; 2 * MAX_TOP],
    pub(crate) fixed_len: usize,
}

/// The deltas of the moves at indices 2 and 3, which the innermost loop adds to the fixed ones:
/// each is `Some` when its move is legal for some `c_2`, and constant over the loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct InnerDeltas {
    pub(crate) combine_2: Option<u64>,
    pub(crate) split_2: Option<u64>,
    /// Legal where `c_2 >= 1`.
    pub(crate) combine_3: Option<u64>,
    /// Legal for every `c_2`.
    pub(crate) split_3: Option<u64>,
}

/// The partition table and Fibonacci numbers the deltas are built from.
#[derive(Clone, Debug)]
pub(crate) struct RankArithmetic {
    pub(crate) top: usize,
    /// `P(j, m)` at `partitions[j * stride + m]`, rows `0..=top` (row 0 unused), `m <= n + 1`.
    partitions: Vec<u64>,
    stride: usize,
    pub(crate) fib: [usize; MAX_TOP + 2],
}

impl RankArithmetic {
    /// The arithmetic of `index` (whose top index must be at most [`MAX_TOP`]).
    pub(crate) fn new(index: &PositionIndex) -> RankArithmetic {
        let top = index.top();
        assert!(top <= MAX_TOP, "callers refuse n this large");
        let n = index.n() as usize;
        let stride = n + 2;
        let mut partitions = vec![0u64; (top + 1) * stride];
        for j in 1..=top {
            for m in 0..=n {
                partitions[j * stride + m] = index.partitions(j, m);
            }
        }
        let mut fib = [0usize; MAX_TOP + 2];
        for (i, f) in fib.iter_mut().enumerate() {
            *f = FIB_U64[i] as usize;
        }
        RankArithmetic { top, partitions, stride, fib }
    }

    /// The cursor before any count is fixed: the whole game as one block.
    pub(crate) fn start(&self) -> Cursor {
        let mut cursor = Cursor {
            counts: [0; MAX_TOP + 2],
            rest: [0; MAX_TOP + 2],
            fixed_parts: 0,
            base: 0,
            fixed: [Delta::default(); 2 * MAX_TOP],
            fixed_len: 0,
        };
        cursor.rest[self.top] = self.stride - 2;
        cursor
    }

    /// `P(j, m)`.
    #[inline(always)]
    pub(crate) fn p(&self, j: usize, m: usize) -> u64 {
        self.partitions[j * self.stride + m]
    }

    /// `P(j, m)` as it enters rank deltas: zero for `j < 2`, where `c_1` is forced.
    #[inline(always)]
    fn q(&self, j: usize, m: usize) -> i64 {
        if j < 2 {
            0
        } else {
            self.p(j, m) as i64
        }
    }

    /// The rank delta of `F(i-1) ∧ F(i) -> F(i+1)` (`i >= 2`) from `m_i` and `m_(i-1)`.
    ///
    /// The move lowers `m_i` by `F(i+1)` and `m_(i-1)` by `F(i-1)`; only `T_(i+1)`, `T_i` and
    /// `T_(i-1)` change, and the unchanged `m_(i+1)`, `m_(i-2)` cancel out of the difference.
    #[inline]
    fn combine_delta(&self, i: usize, m: &[usize; MAX_TOP + 2]) -> u64 {
        let f = &self.fib;
        let (mi, mi1) = (m[i], m[i - 1]);
        let (ni, ni1) = (mi - f[i + 1], mi1 - f[i - 1]);
        let delta = (self.q(i + 1, mi) - self.q(i + 1, ni))
            + (self.q(i, ni) - self.q(i, ni1) - self.q(i, mi) + self.q(i, mi1))
            + (self.q(i - 1, ni1) - self.q(i - 1, mi1));
        debug_assert!(delta > 0, "children rank above their parent");
        delta as u64
    }

    /// The rank delta of `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` (`i >= 2`; with the table's `F0 = 1`,
    /// `i = 2` is `F2 ∧ F2 -> F1 ∧ F3`) from `m_i`, `m_(i-1)` and `m_(i-2)`.
    ///
    /// The move lowers `m_i` by `F(i+1)` and raises `m_(i-1)` and `m_(i-2)` by `F(i-2)`.
    #[inline]
    fn split_delta(&self, i: usize, m: &[usize; MAX_TOP + 2]) -> u64 {
        let f = &self.fib;
        let (mi, mi1, mi2) = (m[i], m[i - 1], m[i - 2]);
        let (ni, ni1, ni2) = (mi - f[i + 1], mi1 + f[i - 2], mi2 + f[i - 2]);
        let delta = (self.q(i + 1, mi) - self.q(i + 1, ni))
            + (self.q(i, ni) - self.q(i, ni1) - self.q(i, mi) + self.q(i, mi1))
            + (self.q(i - 1, ni1) - self.q(i - 1, ni2) - self.q(i - 1, mi1) + self.q(i - 1, mi2))
            + (self.q(i - 2, ni2) - self.q(i - 2, mi2));
        debug_assert!(delta > 0, "children rank above their parent");
        delta as u64
    }

    /// Fixes `c_j = c` (the counts above `j` already fixed) and records the moves it settles:
    /// `F(j) ∧ F(j+1) -> F(j+2)` and `F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2)`.
    #[inline]
    pub(crate) fn fix(&self, cursor: &mut Cursor, j: usize, c: u32) {
        let m = cursor.rest[j];
        let left = m - c as usize * self.fib[j];
        cursor.counts[j] = c;
        cursor.rest[j - 1] = left;
        cursor.base += self.p(j, m) - self.p(j, left);
        cursor.fixed_parts += c;
        if j < self.top {
            if c >= 1 && cursor.counts[j + 1] >= 1 {
                let delta = self.combine_delta(j + 1, &cursor.rest);
                cursor.fixed[cursor.fixed_len] = Delta { delta, combine: true, index: (j + 1) as u8 };
                cursor.fixed_len += 1;
            }
            if cursor.counts[j + 1] >= 2 {
                let delta = self.split_delta(j + 1, &cursor.rest);
                cursor.fixed[cursor.fixed_len] = Delta { delta, combine: false, index: (j + 1) as u8 };
                cursor.fixed_len += 1;
            }
        }
    }

    /// The deltas of the innermost loop's own moves, for a cursor with every count above 2 fixed.
    /// Each is computed at a representative `c_2` where its move is legal: they depend on `m_1`
    /// only through `P(2, .)` differences, fixed by the parity of `m_1 = m_2 - 2 c_2`.
    #[inline]
    pub(crate) fn inner_deltas(&self, cursor: &Cursor) -> InnerDeltas {
        let m2 = cursor.rest[2];
        let c3 = cursor.counts[3];
        let mut at = cursor.rest;
        let mut at_m1 = |m1: usize| {
            at[1] = m1;
            at
        };
        InnerDeltas {
            combine_3: (c3 >= 1 && m2 >= 2).then(|| self.combine_delta(3, &at_m1(m2 - 2))),
            split_3: (c3 >= 2).then(|| self.split_delta(3, &at_m1(m2))),
            combine_2: (m2 >= 3).then(|| self.combine_delta(2, &at_m1(m2 - 2))),
            split_2: (m2 >= 4).then(|| self.split_delta(2, &at_m1(m2 - 4))),
        }
    }
}

/// One child of a visited position: its rank and the move that leads there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChildRank {
    /// The child's rank (always above the parent's).
    pub rank: u64,
    /// The move from the parent.
    pub r#move: ZMove,
}

/// Visits every position of the game on `index.n()` in rank order (increasing when `ascending`,
/// else decreasing), calling `visit(rank, children)` with every child's rank and move, in no
/// particular order. One thread, no allocation per position.
///
/// # Panics
/// If the game's top index exceeds the supported maximum (n past F_41; no table that large can
/// be allocated anyway).
pub fn walk(index: &PositionIndex, ascending: bool, mut visit: impl FnMut(u64, &[ChildRank])) {
    walk_while(index, ascending, |r, children| {
        visit(r, children);
        true
    });
}

/// [`walk`] that stops as soon as `visit` returns `false`; returns whether every position was
/// visited.
pub fn walk_while(
    index: &PositionIndex,
    ascending: bool,
    mut visit: impl FnMut(u64, &[ChildRank]) -> bool,
) -> bool {
    let arithmetic = RankArithmetic::new(index);
    if arithmetic.top < 2 {
        return visit(0, &[]);
    }
    let mut cursor = arithmetic.start();
    let mut children = Vec::with_capacity(2 * MAX_TOP + 8);
    walk_level(&arithmetic, arithmetic.top, &mut cursor, ascending, &mut children, &mut visit)
}

fn walk_level(
    arithmetic: &RankArithmetic,
    j: usize,
    cursor: &mut Cursor,
    ascending: bool,
    children: &mut Vec<ChildRank>,
    visit: &mut impl FnMut(u64, &[ChildRank]) -> bool,
) -> bool {
    let order = |most: usize| (0..=most).map(move |k| if ascending { k } else { most - k });
    if j == 2 {
        let inner = arithmetic.inner_deltas(cursor);
        let m2 = cursor.rest[2];
        for c2 in order(m2 / 2) {
            let r = cursor.base + c2 as u64;
            let c1 = m2 - 2 * c2;
            children.clear();
            let mut add = |delta: Option<u64>, legal: bool, r#move: ZMove| {
                if let (Some(delta), true) = (delta, legal) {
                    children.push(ChildRank { rank: r + delta, r#move });
                }
            };
            add(Some(1), c1 >= 2, ZMove::CombineOnes);
            add(inner.combine_2, c1 >= 1 && c2 >= 1, COMBINE_2);
            add(inner.split_2, c2 >= 2, SPLIT_2);
            add(inner.combine_3, c2 >= 1, COMBINE_3);
            add(inner.split_3, true, SPLIT_3);
            for f in &cursor.fixed[..cursor.fixed_len] {
                add(Some(f.delta), true, f.r#move());
            }
            if !visit(r, children) {
                return false;
            }
        }
        return true;
    }
    let (saved_len, saved_base, saved_parts) = (cursor.fixed_len, cursor.base, cursor.fixed_parts);
    for c in order(cursor.rest[j] / arithmetic.fib[j]) {
        arithmetic.fix(cursor, j, c as u32);
        let went_on = walk_level(arithmetic, j - 1, cursor, ascending, children, visit);
        cursor.fixed_len = saved_len;
        cursor.base = saved_base;
        cursor.fixed_parts = saved_parts;
        if !went_on {
            cursor.counts[j] = 0;
            return false;
        }
    }
    cursor.counts[j] = 0;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_gives_every_rank_once_with_its_children() {
        for n in 1..=45 {
            let index = PositionIndex::new(n).unwrap();
            for ascending in [false, true] {
                let mut expected_next = if ascending { 0 } else { index.count() - 1 };
                walk(&index, ascending, |r, children| {
                    assert_eq!(r, expected_next, "n = {n}");
                    expected_next = if ascending { r + 1 } else { r.wrapping_sub(1) };
                    let p = index.unrank(r);
                    let mut got: Vec<(u64, String)> =
                        children.iter().map(|c| (c.rank, c.r#move.to_string())).collect();
                    let mut want: Vec<(u64, String)> = p
                        .moves()
                        .into_iter()
                        .map(|m| (index.rank(&p.apply(m).unwrap()).unwrap(), m.to_string()))
                        .collect();
                    got.sort();
                    want.sort();
                    assert_eq!(got, want, "n = {n}, {p}");
                });
                let end = if ascending { index.count() } else { u64::MAX };
                assert_eq!(expected_next, end, "n = {n}: every rank visited");
            }
        }
    }
}
