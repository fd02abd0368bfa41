//! The solver's tables, shared by both sweeping threads: one outcome bit a position, and
//! remoteness stored compactly as half its excess over the fewest moves left.
//!
//! **Why half the excess fits in a byte.** Combines remove one part and splits keep the count, so
//! a game from `p` lasts `S(p) + splits` moves with `S(p) = parts(p) - parts(end)`. A split lowers
//! the index sum `I = sum i c_i` by one and no move raises it, so `splits <= I(p) - I(end) <=
//! n - I(end)` (because `i <= F_i`). Remoteness has the parity of its outcome (a win is odd, a
//! loss even), so `remoteness = S + 2h + ((win + S) mod 2)` and `h <= (n - I(end)) / 2`, which
//! fits a `u8` up to n ≈ 540 and a `u16` far beyond.

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
    /// The largest `h` a slot holds.
    const MAX: u32;
    fn get(&self, r: u64) -> u32;
    fn set(&self, r: u64, h: u32);
}

/// The outcome-only sweep: no remoteness.
pub(super) struct Untracked;

impl HalfExcessSlots for Untracked {
    const TRACKED: bool = false;
    const MAX: u32 = 0;
    #[inline(always)]
    fn get(&self, _: u64) -> u32 {
        0
    }
    #[inline(always)]
    fn set(&self, _: u64, _: u32) {}
}

/// One slot a position in an atomic integer array, so that both sweeping threads can write
/// their own positions while reading finished ones.
macro_rules! atomic_slots {
    ($atomic:ty, $int:ty) => {
        impl HalfExcessSlots for [$atomic] {
            const TRACKED: bool = true;
            const MAX: u32 = <$int>::MAX as u32;
            #[inline(always)]
            fn get(&self, r: u64) -> u32 {
                u32::from(self[r as usize].load(Relaxed))
            }
            #[inline(always)]
            fn set(&self, r: u64, h: u32) {
                debug_assert!(h <= Self::MAX);
                self[r as usize].store(h as $int, Relaxed);
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

/// Remoteness from its half-excess: `S + 2h + ((win + S) mod 2)`.
#[inline(always)]
pub(super) fn remoteness_from(fewest_moves_left: u32, half_excess: u32, win: bool) -> u32 {
    fewest_moves_left + 2 * half_excess + ((u32::from(win) + fewest_moves_left) & 1)
}
