//! The sweep that fills the tables: every position visited after all of its children, and
//! blocks of positions shared between threads in dependency waves.
//!
//! Children are found by rank arithmetic ([`crate::zgame::ranks`]): in the innermost loop over
//! `c_2` every child's rank delta is a constant, so the loop visits consecutive ranks and reads
//! its children as a few descending streams.
//!
//! **Blocks and waves.** The positions sharing the counts above index `j` fill a contiguous rank
//! range (a block). Splitting a block by `(b, a) = (c_j, c_(j-1))`, a move either stays inside a
//! sub-block, leaves the block for a higher-ranked one, or goes from `(b, a)` to `(b, a + 1)`,
//! `(b + 1, a - 1)` or `(b + 1, a - 2)` (moves at index `j - 2` raise `c_(j-1)`; at `j - 1` they
//! raise `c_j` and lower `c_(j-1)` by one or two). So sub-blocks with the same `a + 3b` never
//! depend on each other, and waves taken in decreasing `a + 3b` see every dependency finished.
//! Large sub-blocks split again the same way two levels down; small ones run in rank order.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};

use super::tables::{remoteness_from, HalfExcessSlots, WinBits};
use crate::zgame::ranks::{Cursor, InnerDeltas, RankArithmetic};
use crate::zgame::PositionIndex;

/// Progress is reported about this often (positions).
const PROGRESS_STEP: u64 = 1 << 22;

/// One sweep over the game on `n`.
pub(super) struct Sweep<'a, R: HalfExcessSlots + ?Sized> {
    arithmetic: RankArithmetic,
    wins: &'a WinBits,
    slots: &'a R,
    end_parts: u32,
    done: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
    /// Blocks with fewer positions run in rank order on one thread.
    split_from: u64,
    /// Once cancelled, every block not yet begun is skipped.
    cancel: &'a crate::Cancel,
    /// Grundy values, when asked for: one byte a position (each below 64, else `overflowed`).
    grundy: Option<&'a [AtomicU8]>,
    /// Misère play: the end (the one position with no move) is a win, and wins have even
    /// remoteness.
    misere: bool,
    /// Set when some half-excess did not fit its slot (the proven bound makes this impossible;
    /// the flag makes a mistake in it an error instead of a wrong value).
    overflowed: AtomicBool,
}

impl<'a, R: HalfExcessSlots + ?Sized> Sweep<'a, R> {
    // Each argument is one of the sweep's tables or controls; a struct of them would only move
    // the list.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        index: &PositionIndex,
        wins: &'a WinBits,
        slots: &'a R,
        end_parts: u32,
        progress: &'a (dyn Fn(u64) + Sync),
        split_from: u64,
        cancel: &'a crate::Cancel,
        grundy: Option<&'a [AtomicU8]>,
        misere: bool,
    ) -> Self {
        Sweep {
            arithmetic: RankArithmetic::new(index),
            wins,
            slots,
            end_parts,
            done: AtomicU64::new(0),
            progress,
            split_from,
            cancel,
            grundy,
            misere,
            overflowed: AtomicBool::new(false),
        }
    }

    /// Fills the tables for every position; returns `false` when some remoteness did not fit
    /// its slot (the tables are then unusable).
    #[must_use]
    pub(super) fn run(&self) -> bool {
        let top = self.arithmetic.top;
        if top >= 2 {
            self.block(top, self.arithmetic.start());
        } else if self.misere {
            // n = 1: the single position {1} has no move. The zeroed tables say loss at
            // remoteness 0, right in normal play; in misère play it is a win, still at 0.
            self.wins.set_bits(0, 1);
        }
        !self.overflowed.load(Relaxed)
    }

    /// Solves the block of positions whose counts above `j` are those in `cursor`.
    fn block(&self, j: usize, cursor: Cursor) {
        if self.cancel.is_cancelled() {
            return;
        }
        let size = self.arithmetic.p(j, cursor.rest[j]);
        if j < 4 || size < self.split_from {
            let mut cursor = cursor;
            let mut writer = Writer { word: usize::MAX, bits: 0 };
            self.in_rank_order(j, &mut cursor, &mut writer);
            writer.flush(self.wins);
            self.advance(size);
            return;
        }
        let m = cursor.rest[j];
        let (fj, fj1) = (self.arithmetic.fib[j], self.arithmetic.fib[j - 1]);
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
                    self.arithmetic.fix(&mut sub, j, b as u32);
                    self.arithmetic.fix(&mut sub, j - 1, a as u32);
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
        for c in (0..=cursor.rest[j] / self.arithmetic.fib[j]).rev() {
            self.arithmetic.fix(cursor, j, c as u32);
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
        let InnerDeltas { combine_2, split_2, combine_3, split_3 } = self.arithmetic.inner_deltas(cursor);
        let fixed = &cursor.fixed[..cursor.fixed_len];
        let parts_above_2 = cursor.fixed_parts;
        for c2 in (0..=(m2 / 2) as u64).rev() {
            let r = cursor.base + c2;
            let c1 = m2 as u64 - 2 * c2;
            writer.seek(self.wins, r);
            let mut visit = Visit::new(parts_above_2 + (c1 + c2) as u32 - self.end_parts, self.misere);
            // The Grundy values seen among the children, as bits (values below 64).
            let mut seen = 0u64;
            let grundy = self.grundy;
            let mut children = |visit: &mut Visit, delta: Option<u64>, legal: bool, combine: bool| {
                if let (Some(delta), true) = (delta, legal) {
                    let child = r + delta;
                    let win = writer.get(self.wins, child);
                    if let Some(g) = grundy {
                        seen |= 1 << g[child as usize].load(Relaxed);
                    }
                    // With Grundy values every child counts: no stopping at the first loss.
                    visit.child(win, combine, self.slots.get(child), R::TRACKED) && grundy.is_none()
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
            visit.finish();
            if let Some(g) = grundy {
                let mex = seen.trailing_ones();
                if mex >= 64 {
                    self.overflowed.store(true, Relaxed);
                }
                g[r as usize].store(mex as u8, Relaxed);
            }
            if visit.win {
                writer.set(r);
            }
            if R::TRACKED && !self.slots.set(r, visit.half_excess()) {
                self.overflowed.store(true, Relaxed);
            }
        }
    }
}

/// What the children of one position say about it.
struct Visit {
    /// `S(p)`: the fewest moves left (parts beyond those of the end).
    fewest: u32,
    misere: bool,
    win: bool,
    any_child: bool,
    /// The least remoteness of a losing child, and the greatest of any child.
    fastest_win: u32,
    slowest: u32,
}

impl Visit {
    fn new(fewest: u32, misere: bool) -> Visit {
        Visit { fewest, misere, win: false, any_child: false, fastest_win: u32::MAX, slowest: 0 }
    }

    /// After the children: a position with no move is a win in misère play (the opponent made
    /// the last move), a loss in normal play.
    #[inline(always)]
    fn finish(&mut self) {
        self.win |= self.misere && !self.any_child;
    }

    /// Records a child; returns whether the sweep may stop looking (outcome only, a loss found).
    #[inline(always)]
    fn child(&mut self, win: bool, combine: bool, half_excess: u32, tracked: bool) -> bool {
        self.any_child = true;
        if !tracked {
            self.win |= !win;
            return self.win;
        }
        let remoteness = remoteness_from(self.fewest - u32::from(combine), half_excess, win ^ self.misere);
        if !win {
            self.win = true;
            self.fastest_win = self.fastest_win.min(remoteness);
        }
        self.slowest = self.slowest.max(remoteness);
        false
    }

    /// The position's half-excess `h` (see `tables`): remoteness minus `S`, halved.
    fn half_excess(&self) -> u32 {
        let remoteness = if !self.any_child {
            0
        } else if self.win {
            self.fastest_win + 1
        } else {
            self.slowest + 1
        };
        debug_assert!(
            remoteness >= self.fewest
                && (remoteness - self.fewest) % 2 == (u32::from(self.win ^ self.misere) + self.fewest) % 2
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
