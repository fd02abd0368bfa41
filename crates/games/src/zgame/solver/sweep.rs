//! The sweep that fills the tables: every position visited after all of its children, children
//! found by rank arithmetic, and blocks of positions shared between threads in dependency waves.
//!
//! **Rank deltas.** A position's rank is `sum_(j >= 2) T_j` with `T_j = P(j, m_j) - P(j, m_(j-1))`
//! and `m_j` the sum left for indices `<= j` (see [`PositionIndex`]). A move at index `i` changes
//! `m_j` only for `j` in `i-2 ..= i` (combines leave `m_(i-2)` alone), so a child's rank is the
//! parent's plus a delta built from at most eight table entries. That delta depends only on the
//! counts at indices `>= i - 1`, so it is computed once where those counts are fixed, and inside
//! the innermost loop (over `c_2`, with `c_1` forced) every delta is a constant: the loop visits
//! consecutive ranks and reads its children as a few descending streams.
//!
//! **Blocks and waves.** The positions sharing the counts above index `j` fill a contiguous rank
//! range (a block). Splitting a block by `(b, a) = (c_j, c_(j-1))`, a move either stays inside a
//! sub-block, leaves the block for a higher-ranked one, or goes from `(b, a)` to `(b, a + 1)`,
//! `(b + 1, a - 1)` or `(b + 1, a - 2)` (moves at index `j - 2` raise `c_(j-1)`; at `j - 1` they
//! raise `c_j` and lower `c_(j-1)` by one or two). So sub-blocks with the same `a + 3b` never
//! depend on each other, and waves taken in decreasing `a + 3b` see every dependency finished.
//! Large sub-blocks split again the same way two levels down; small ones run in rank order.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use zecklab_numeration::fib::FIB_U64;

use super::tables::{remoteness_from, HalfExcessSlots, WinBits};
use crate::zgame::PositionIndex;

/// The largest top index the sweep supports (n below F_41; memory refuses far smaller n).
pub(super) const MAX_TOP: usize = 40;
/// Progress is reported about this often (positions).
const PROGRESS_STEP: u64 = 1 << 22;

/// A child reached by a fixed rank delta; `combine` when the move removes a part.
#[derive(Clone, Copy, Debug, Default)]
struct FixedChild {
    delta: u64,
    combine: bool,
}

/// The counts fixed so far (from the top index down) and what they determine.
#[derive(Clone, Debug)]
struct Cursor {
    /// `counts[i]` copies of `F_i`; `counts[0]` and everything above `top` stay 0.
    counts: [u32; MAX_TOP + 2],
    /// `rest[j] = m_j`, the sum left for indices `<= j`, known once the counts above `j` are fixed.
    rest: [usize; MAX_TOP + 2],
    /// Parts at the fixed indices.
    fixed_parts: u32,
    /// The rank of the lowest position of the current block.
    base: u64,
    /// Children whose move is legal and whose delta is known for the whole block.
    fixed: [FixedChild; 2 * MAX_TOP],
    fixed_len: usize,
}

/// One sweep over the game on `n`.
pub(super) struct Sweep<'a, R: HalfExcessSlots + ?Sized> {
    top: usize,
    /// `P(j, m)` at `partitions[j * stride + m]`, rows `0..=top` (row 0 unused), `m <= n + 1`.
    partitions: Vec<u64>,
    stride: usize,
    fib: [usize; MAX_TOP + 2],
    wins: &'a WinBits,
    slots: &'a R,
    end_parts: u32,
    done: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
    /// Blocks with fewer positions run in rank order on one thread.
    split_from: u64,
}

impl<'a, R: HalfExcessSlots + ?Sized> Sweep<'a, R> {
    pub(super) fn new(
        index: &PositionIndex,
        wins: &'a WinBits,
        slots: &'a R,
        end_parts: u32,
        progress: &'a (dyn Fn(u64) + Sync),
        split_from: u64,
    ) -> Self {
        let top = index.top();
        assert!(top <= MAX_TOP, "the caller refuses n this large");
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
        Sweep {
            top,
            partitions,
            stride,
            fib,
            wins,
            slots,
            end_parts,
            done: AtomicU64::new(0),
            progress,
            split_from,
        }
    }

    /// Fills the tables for every position.
    pub(super) fn run(&self) {
        if self.top < 2 {
            // n = 1: the single position {1} has no move; the zeroed tables already say so.
            return;
        }
        let mut cursor = Cursor {
            counts: [0; MAX_TOP + 2],
            rest: [0; MAX_TOP + 2],
            fixed_parts: 0,
            base: 0,
            fixed: [FixedChild::default(); 2 * MAX_TOP],
            fixed_len: 0,
        };
        cursor.rest[self.top] = self.n();
        self.block(self.top, cursor);
    }

    fn n(&self) -> usize {
        self.stride - 2
    }

    #[inline(always)]
    fn p(&self, j: usize, m: usize) -> u64 {
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
    fn fix(&self, cursor: &mut Cursor, j: usize, c: u32) {
        let m = cursor.rest[j];
        let left = m - c as usize * self.fib[j];
        cursor.counts[j] = c;
        cursor.rest[j - 1] = left;
        cursor.base += self.p(j, m) - self.p(j, left);
        cursor.fixed_parts += c;
        if j < self.top {
            if c >= 1 && cursor.counts[j + 1] >= 1 {
                let delta = self.combine_delta(j + 1, &cursor.rest);
                cursor.fixed[cursor.fixed_len] = FixedChild { delta, combine: true };
                cursor.fixed_len += 1;
            }
            if cursor.counts[j + 1] >= 2 {
                let delta = self.split_delta(j + 1, &cursor.rest);
                cursor.fixed[cursor.fixed_len] = FixedChild { delta, combine: false };
                cursor.fixed_len += 1;
            }
        }
    }

    /// Solves the block of positions whose counts above `j` are those in `cursor`.
    fn block(&self, j: usize, cursor: Cursor) {
        let size = self.p(j, cursor.rest[j]);
        if j < 4 || size < self.split_from {
            let mut cursor = cursor;
            let mut writer = Writer { word: usize::MAX, bits: 0 };
            self.in_rank_order(j, &mut cursor, &mut writer);
            writer.flush(self.wins);
            self.advance(size);
            return;
        }
        let m = cursor.rest[j];
        let (fj, fj1) = (self.fib[j], self.fib[j - 1]);
        let most_b = m / fj;
        let most_wave = most_b * 3 + m / fj1;
        for wave in (0..=most_wave).rev() {
            rayon::scope(|scope| {
                for b in 0..=most_b.min(wave / 3) {
                    let a = wave - 3 * b;
                    if b * fj + a * fj1 > m {
                        continue;
                    }
                    let mut sub = cursor.clone();
                    self.fix(&mut sub, j, b as u32);
                    self.fix(&mut sub, j - 1, a as u32);
                    scope.spawn(move |_| self.block(j - 2, sub));
                }
            });
        }
    }

    fn advance(&self, positions: u64) {
        let before = self.done.fetch_add(positions, Relaxed);
        if (before + positions) / PROGRESS_STEP != before / PROGRESS_STEP {
            (self.progress)(before + positions);
        }
    }

    /// Solves the block below `j` in decreasing rank order on this thread.
    fn in_rank_order(&self, j: usize, cursor: &mut Cursor, writer: &mut Writer) {
        if j == 2 {
            self.innermost(cursor, writer);
            return;
        }
        let (saved_len, saved_base, saved_parts) = (cursor.fixed_len, cursor.base, cursor.fixed_parts);
        for c in (0..=cursor.rest[j] / self.fib[j]).rev() {
            self.fix(cursor, j, c as u32);
            self.in_rank_order(j - 1, cursor, writer);
            cursor.fixed_len = saved_len;
            cursor.base = saved_base;
            cursor.fixed_parts = saved_parts;
        }
        cursor.counts[j] = 0;
    }

    /// The loop over `c_2` (with `c_1 = m_2 - 2 c_2`): ranks `base + c_2`, every child delta constant.
    fn innermost(&self, cursor: &mut Cursor, writer: &mut Writer) {
        let m2 = cursor.rest[2];
        let c3 = cursor.counts[3];
        // Each delta is computed at a representative c_2 where its move is legal; the deltas
        // depend on m_1 only through P(2, .) differences, fixed by the parity of m_1 = m_2 - 2 c_2.
        let mut at = cursor.rest;
        let combine_3 = (c3 >= 1 && m2 >= 2).then(|| {
            at[1] = m2 - 2;
            self.combine_delta(3, &at)
        });
        let split_3 = (c3 >= 2).then(|| {
            at[1] = m2;
            self.split_delta(3, &at)
        });
        let combine_2 = (m2 >= 3).then(|| {
            at[1] = m2 - 2;
            self.combine_delta(2, &at)
        });
        let split_2 = (m2 >= 4).then(|| {
            at[1] = m2 - 4;
            self.split_delta(2, &at)
        });
        let fixed = &cursor.fixed[..cursor.fixed_len];
        let parts_above_2 = cursor.fixed_parts;
        for c2 in (0..=(m2 / 2) as u64).rev() {
            let r = cursor.base + c2;
            let c1 = m2 as u64 - 2 * c2;
            writer.seek(self.wins, r);
            let mut visit = Visit::new(parts_above_2 + (c1 + c2) as u32 - self.end_parts);
            let children = |visit: &mut Visit, delta: Option<u64>, legal: bool, combine: bool| {
                if let (Some(delta), true) = (delta, legal) {
                    let child = r + delta;
                    let win = writer.get(self.wins, child);
                    visit.child(win, combine, self.slots.get(child), R::TRACKED)
                } else {
                    false
                }
            };
            // Nearest children first; `||` stops the outcome-only sweep at the first losing child.
            let _stopped_early = children(&mut visit, Some(1), c1 >= 2, true)
                || children(&mut visit, combine_2, c1 >= 1 && c2 >= 1, true)
                || children(&mut visit, split_2, c2 >= 2, false)
                || children(&mut visit, combine_3, c2 >= 1, true)
                || children(&mut visit, split_3, true, false)
                || fixed.iter().rev().any(|f| children(&mut visit, Some(f.delta), true, f.combine));
            if visit.win {
                writer.set(r);
            }
            if R::TRACKED {
                self.slots.set(r, visit.half_excess());
            }
        }
    }
}

/// What the children of one position say about it.
struct Visit {
    /// `S(p)`: the fewest moves left (parts beyond those of the end).
    fewest: u32,
    win: bool,
    any_child: bool,
    /// The least remoteness of a losing child, and the greatest of any child.
    fastest_win: u32,
    slowest: u32,
}

impl Visit {
    fn new(fewest: u32) -> Visit {
        Visit { fewest, win: false, any_child: false, fastest_win: u32::MAX, slowest: 0 }
    }

    /// Records a child; returns whether the sweep may stop looking (outcome only, a loss found).
    #[inline(always)]
    fn child(&mut self, win: bool, combine: bool, half_excess: u32, tracked: bool) -> bool {
        self.any_child = true;
        if !tracked {
            self.win |= !win;
            return self.win;
        }
        let remoteness = remoteness_from(self.fewest - u32::from(combine), half_excess, win);
        if !win {
            self.win = true;
            self.fastest_win = self.fastest_win.min(remoteness);
        }
        self.slowest = self.slowest.max(remoteness);
        false
    }

    /// The position's half-excess `h` (see `tables`): remoteness minus `S`, halved.
    fn half_excess(&self) -> u32 {
        let remoteness = if self.win {
            self.fastest_win + 1
        } else if self.any_child {
            self.slowest + 1
        } else {
            0
        };
        debug_assert!(
            remoteness >= self.fewest
                && (remoteness - self.fewest) % 2 == (u32::from(self.win) + self.fewest) % 2
        );
        (remoteness - self.fewest) / 2
    }
}

/// The word of outcome bits this thread is filling, published when it moves to the next word.
struct Writer {
    word: usize,
    bits: u64,
}

impl Writer {
    #[inline(always)]
    fn seek(&mut self, wins: &WinBits, r: u64) {
        let w = (r / 64) as usize;
        if w != self.word {
            self.flush(wins);
            self.word = w;
        }
    }

    fn flush(&mut self, wins: &WinBits) {
        if self.word != usize::MAX {
            wins.set_bits(self.word, self.bits);
        }
        self.bits = 0;
    }

    #[inline(always)]
    fn set(&mut self, r: u64) {
        self.bits |= 1 << (r % 64);
    }

    /// The outcome bit of a solved rank, including those still held here.
    #[inline(always)]
    fn get(&self, wins: &WinBits, r: u64) -> bool {
        let w = (r / 64) as usize;
        let mut word = wins.word(w);
        if w == self.word {
            word |= self.bits;
        }
        word >> (r % 64) & 1 == 1
    }
}
