//! The solver's tables, shared by both sweeping threads: one outcome bit a position, and
//! remoteness stored compactly as half its excess over the fewest moves left.
//!
//! **Half the excess.** Combines remove one part and splits keep the count, so every game from
//! `p` has at least `S(p) = parts(p) - parts(end)` moves, and remoteness has the parity of its
//! outcome (in normal play a win is odd, a loss even; in misère play the other way round, the
//! end being a win at 0). So `remoteness = S + 2h + ((odd + S) mod 2)` for a half-excess
//! `h >= 0`, `odd` being `win` in normal play and `!win` in misère play, and the tables store `h`.
//!
//! **A true bound on `h`.** Let `a_i = F(i+2) - i - 2` (so `a_1 = 0, a_2 = 1, a_3 = 3, a_4 = 7`)
//! and `Ψ(p) = sum_i a_i c_i`. From `F(i+1) = F(i) + F(i-1)`:
//! - a split `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` (`i >= 3`) changes `Ψ` by
//!   `F(i) + F(i+3) - 2 F(i+2) + 1 = 1`; `F2 ∧ F2 -> F1 ∧ F3` by `0 + 3 - 2 = 1`;
//! - `F1 ∧ F1 -> F2` by `1 - 0 = 1`;
//! - a combine `F(i-1) ∧ F(i) -> F(i+1)` (`i >= 2`) by `F(i+3) - F(i+2) - F(i+1) + i = i`.
//!
//! Every move raises `Ψ` by at least one, so no game from `p` lasts more than `Ψ(end) - Ψ(p)`
//! moves and `remoteness(p) - S(p) <= D(p) = Ψ(end) - Ψ(p) - S(p)` (in either play: the bound
//! is on the length of any game). Along a move `D` never grows
//! (a split lowers it by 1, `F1 ∧ F1` leaves it, any other combine lowers it by `i - 1`), and every
//! position is reachable from the start `{1^n}` (each part `F_i` can be built from `F_i` ones by
//! combines), so `D(p) <= D(start) = Ψ(end) - (n - Z(n))` and every `h <= D(start) / 2`.
//! (`Ψ(end)` is the bound of Theorem 1.3 of the Zeckendorf-game paper on the longest game; the
//! argument above is self-contained.) The bound fits a byte up to n = 337 and two bytes far
//! beyond any n whose tables fit in memory; a test checks it against every position up to n = 60.
//!
//! An older bound here, `(n - I(end)) / 2`, assumed every split lowers the index sum; `F2 ∧ F2 ->
//! F1 ∧ F3` does not. As a guard against any such mistake, the sweep checks every `h` against
//! its slot's width in release builds too and fails the solve rather than store a truncated value.

use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};

/// One bit a position: set when the position is a win for the player to move.
#[derive(Debug)]
pub(super) struct WinBits {
    words: Box<[AtomicU64]>,
}

impl WinBits {
    pub(super) fn new(positions: u64) -> WinBits {
        WinBits { words: (0..positions.div_ceil(64)).map(|_| AtomicU64::new(0)).collect() }
    }

    /// The word holding the bits of ranks `64 w .. 64 w + 63`.
    #[inline(always)]
    pub(super) fn word(&self, w: usize) -> u64 {
        self.words[w].load(Relaxed)
    }

    /// Sets the given bits of word `w` (other threads may set other bits of the same word).
    pub(super) fn set_bits(&self, w: usize, bits: u64) {
        if bits != 0 {
            self.words[w].fetch_or(bits, Relaxed);
        }
    }

    pub(super) fn get(&self, r: u64) -> bool {
        self.word((r / 64) as usize) >> (r % 64) & 1 == 1
    }

    pub(super) fn count_ones(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.load(Relaxed).count_ones())).sum()
    }
}

/// A table of half-excesses `h` (see the module header), one slot a position.
pub(super) trait HalfExcessSlots: Sync {
    /// Whether remoteness is tracked at all (the outcome-only sweep stops at the first losing child).
    const TRACKED: bool;
    fn get(&self, r: u64) -> u32;
    /// Stores `h`; returns `false`, storing nothing usable, when `h` does not fit the slot.
    fn set(&self, r: u64, h: u32) -> bool;
}

/// The outcome-only sweep: no remoteness.
pub(super) struct Untracked;

impl HalfExcessSlots for Untracked {
    const TRACKED: bool = false;
    #[inline(always)]
    fn get(&self, _: u64) -> u32 {
        0
    }
    #[inline(always)]
    fn set(&self, _: u64, _: u32) -> bool {
        true
    }
}

/// One slot a position in an atomic integer array, so that both sweeping threads can write
/// their own positions while reading finished ones.
macro_rules! atomic_slots {
    ($atomic:ty, $int:ty) => {
        impl HalfExcessSlots for [$atomic] {
            const TRACKED: bool = true;
            #[inline(always)]
            fn get(&self, r: u64) -> u32 {
                u32::from(self[r as usize].load(Relaxed))
            }
            #[inline(always)]
            fn set(&self, r: u64, h: u32) -> bool {
                // Checked in release builds too: a truncated value must never be stored silently.
                match <$int>::try_from(h) {
                    Ok(h) => {
                        self[r as usize].store(h, Relaxed);
                        true
                    }
                    Err(_) => false,
                }
            }
        }
    };
}

atomic_slots!(AtomicU8, u8);
atomic_slots!(AtomicU16, u16);

/// Remoteness half-excesses at the narrowest width the bound allows.
#[derive(Debug)]
pub(super) enum RemotenessTable {
    Narrow(Box<[AtomicU8]>),
    Wide(Box<[AtomicU16]>),
}

impl RemotenessTable {
    /// Bytes a slot takes when every half-excess is at most `max_half_excess`.
    pub(super) fn slot_bytes(max_half_excess: u64) -> u64 {
        if max_half_excess <= u64::from(u8::MAX) {
            1
        } else {
            2
        }
    }

    pub(super) fn new(positions: u64, max_half_excess: u64) -> RemotenessTable {
        if RemotenessTable::slot_bytes(max_half_excess) == 1 {
            RemotenessTable::Narrow((0..positions).map(|_| AtomicU8::new(0)).collect())
        } else {
            RemotenessTable::Wide((0..positions).map(|_| AtomicU16::new(0)).collect())
        }
    }

    pub(super) fn get(&self, r: u64) -> u32 {
        match self {
            RemotenessTable::Narrow(t) => HalfExcessSlots::get(&t[..], r),
            RemotenessTable::Wide(t) => HalfExcessSlots::get(&t[..], r),
        }
    }
}

/// The bound `D(start) / 2` on every half-excess of the game on `n` (see the module header), from
/// the end position's counts (`end[i - 1]` copies of `F_i`).
pub(super) fn half_excess_bound(n: u32, end: &[u32]) -> u64 {
    let psi_end: u64 = end.iter().enumerate().map(|(i, &c)| potential_weight(i + 1) * u64::from(c)).sum();
    let end_parts: u64 = end.iter().map(|&c| u64::from(c)).sum();
    (psi_end - (u64::from(n) - end_parts)) / 2
}

/// `a_i = F(i+2) - i - 2`, the weight of `F_i` in the potential `Ψ` of the module header.
pub(crate) fn potential_weight(i: usize) -> u64 {
    zecklab_numeration::fib::FIB_U64[i + 2] - i as u64 - 2
}

/// Remoteness from its half-excess: `S + 2h + ((odd + S) mod 2)`, `odd` the parity the
/// remoteness has: in normal play wins are odd (`odd = win`), in misère play even
/// (`odd = !win`: the end, where the player to move has won, is 0).
#[inline(always)]
pub(super) fn remoteness_from(fewest_moves_left: u32, half_excess: u32, odd: bool) -> u32 {
    fewest_moves_left + 2 * half_excess + ((u32::from(odd) + fewest_moves_left) & 1)
}
