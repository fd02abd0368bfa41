//! P-positions counted by number of parts as the layered sweep resolves its rows.
//!
//! The positions of a row's word lie at consecutive part counts, one fewer at each step along the
//! row: bit `j` of a word whose bit 0 has `k` parts has `k - j`. Bit by bit, the count costs a
//! loop per loss bit and a mispredicted exit per word, which made a solve with the counts half
//! as slow again as one without (n = 1000). With AVX-512 a word's 64 bits are added at once as 64
//! byte counters (`lanes`, indexed by `n - parts`, so that the word's bits are 64 consecutive
//! lanes), emptied into the 64-bit totals before any byte can overflow.

/// P-positions by number of parts, counted as rows are resolved.
pub(super) struct PartsCount {
    n: u32,
    /// P-positions by number of parts (`n + 1` entries), up to the last emptying of `lanes`.
    totals: Vec<u64>,
    /// Byte counters: lane `i` counts the positions of `n - i` parts (the lanes past `n` stay
    /// zero: no position has fewer than no parts). Only with `wide`.
    lanes: Vec<u8>,
    /// Words added to `lanes` since they were last emptied (each adds at most one to a lane).
    added: u32,
    /// Whether words are added 64 bits at once (AVX-512 F and BW).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    wide: bool,
}

impl PartsCount {
    /// No P-positions yet, in the game on `n`; `wide`: the processor has AVX-512 F and BW (the
    /// caller's kernel was chosen for them).
    pub(super) fn new(n: u32, wide: bool) -> PartsCount {
        PartsCount {
            n,
            totals: vec![0; n as usize + 1],
            lanes: if wide { vec![0; n as usize + 64] } else { Vec::new() },
            added: 0,
            wide,
        }
    }

    /// Adds the loss bits `bits` of a row's word whose bit 0 (position `c_2 = first`) has
    /// `base - first` parts.
    #[inline(always)]
    pub(super) fn add(&mut self, bits: u64, first: u32, base: u32) {
        if bits == 0 {
            return;
        }
        let parts = base - first;
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is set only where the processor has AVX-512 F and BW.
            unsafe { self.add_wide(bits, parts) };
            return;
        }
        let mut bits = bits;
        while bits != 0 {
            self.totals[(parts - bits.trailing_zeros()) as usize] += 1;
            bits &= bits - 1;
        }
    }

    /// [`PartsCount::add`] by one masked add of 64 byte lanes.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    #[inline]
    unsafe fn add_wide(&mut self, bits: u64, parts: u32) {
        use std::arch::x86_64::{
            _mm512_loadu_si512, _mm512_mask_add_epi8, _mm512_set1_epi8, _mm512_storeu_si512,
        };
        // Bit j (parts - j) is lane n - parts + j: the word's bits are the 64 lanes from there.
        let at = (self.n - parts) as usize;
        let lanes: &mut [u8; 64] =
            (&mut self.lanes[at..at + 64]).try_into().expect("64 lanes from a position's part count");
        let lanes = lanes.as_mut_ptr().cast();
        // SAFETY: the 64 bytes at `lanes` are the array just borrowed (unaligned loads and stores).
        unsafe {
            let sum = _mm512_mask_add_epi8(
                _mm512_loadu_si512(lanes),
                bits,
                _mm512_loadu_si512(lanes),
                _mm512_set1_epi8(1),
            );
            _mm512_storeu_si512(lanes, sum);
        }
        self.added += 1;
        if self.added == u32::from(u8::MAX) {
            self.empty_lanes();
        }
    }

    /// Moves what the byte lanes hold into the totals.
    fn empty_lanes(&mut self) {
        for (i, lane) in self.lanes.iter_mut().enumerate().take(self.n as usize + 1) {
            self.totals[self.n as usize - i] += u64::from(*lane);
            *lane = 0;
        }
        self.added = 0;
    }

    /// The P-positions by number of parts (`n + 1` entries).
    pub(super) fn totals(mut self) -> Vec<u64> {
        self.empty_lanes();
        self.totals
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of counting give the count bit by bit, past the emptying of the byte lanes, where
    /// the processor has AVX-512 (and the bit-by-bit way alone elsewhere).
    #[test]
    fn the_byte_lanes_count_what_the_bits_say() {
        let n = 150u32;
        let wide = cfg!(target_arch = "x86_64") && super::super::Isa::detect() == super::super::Isa::X86_64V4;
        let (mut fast, mut slow) = (PartsCount::new(n, wide), PartsCount::new(n, false));
        let mut expected = vec![0u64; n as usize + 1];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let (base, first) = ((state >> 40) as u32 % (n + 1), 64 * ((state >> 20) as u32 % 3));
            if first > base {
                continue;
            }
            // Only positions that exist: at most `base - first + 1` bits (no fewer than no parts).
            let width = (base - first + 1).min(64);
            let bits = state & (u64::MAX >> (64 - width));
            for j in 0..width {
                if bits >> j & 1 == 1 {
                    expected[(base - first - j) as usize] += 1;
                }
            }
            fast.add(bits, first, base);
            slow.add(bits, first, base);
        }
        assert!(expected.iter().sum::<u64>() > 20_000, "enough bits to empty the lanes several times");
        assert_eq!(fast.totals(), expected);
        assert_eq!(slow.totals(), expected);
    }
}
