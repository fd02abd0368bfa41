//! The layered engine's AVX-512 path for a batch of up to eight cells: their one-word rows
//! resolved a cell a lane, their longer rows a word of each cell a step.

use super::*;

/// [`finish_batch`] with AVX-512.
///
/// # Safety
/// The processor must have the features enabled here; `batch` holds at most [`LANES`] cells,
/// each lying in `share`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn finish_batch_v4(
    g: &Geometry,
    share: &mut [u64],
    batch: &[Batched],
    by_parts: Option<&mut PartsCount>,
) -> (u64, u64) {
    // SAFETY: as this function's.
    unsafe {
        resolve_top_rows_v4(g, share, batch);
        resolve_longer_rows_v4(g, share, batch);
    }
    count_batch(g, share, batch, by_parts)
}

/// The rows of several words of up to eight cells resolved at once, after their one-word rows
/// ([`resolve_top_rows_v4`]), a cell in each lane: each step takes the next word down of every
/// cell (from its top row of several words to its row `c_3 = 0`, each row's words from the top),
/// resolves it as [`chain`] does, by the doubling steps, and stores it.
///
/// # Safety
/// The processor must have AVX-512 F; `batch` holds at most [`LANES`] cells, each in `share`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn resolve_longer_rows_v4(g: &Geometry, share: &mut [u64], batch: &[Batched]) {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi64, _mm512_cmpeq_epi64_mask, _mm512_cmpge_epi64_mask, _mm512_cmpgt_epi64_mask,
        _mm512_cmplt_epi64_mask, _mm512_loadu_si512, _mm512_mask_i64gather_epi64,
        _mm512_mask_i64scatter_epi64, _mm512_mask_mov_epi64, _mm512_maskz_mov_epi64, _mm512_min_epi64,
        _mm512_or_si512, _mm512_set1_epi64, _mm512_setzero_si512, _mm512_slli_epi64, _mm512_sllv_epi64,
        _mm512_srli_epi64, _mm512_srlv_epi64, _mm512_sub_epi64, _mm512_ternarylogic_epi64,
        _mm512_test_epi64_mask,
    };
    debug_assert!(batch.len() <= LANES);
    let (lanes, most) = longer_rows_lanes::<LANES>(g, batch);
    let load = |lanes: &[i64; LANES]| -> __m512i {
        // SAFETY: eight i64 are 64 bytes, read unaligned.
        unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }
    };
    let steps = load(&lanes[0]);
    let (mut d, mut start, mut words, mut k) =
        (load(&lanes[1]), load(&lanes[2]), load(&lanes[3]), load(&lanes[4]));
    let (mut above_start, mut above_words) = (load(&lanes[5]), load(&lanes[6]));
    let (zero, one, three, sixty_four) =
        (_mm512_setzero_si512(), _mm512_set1_epi64(1), _mm512_set1_epi64(3), _mm512_set1_epi64(64));
    // Whether the position just above the word's top (the lowest of the word above in the row,
    // or past the row's top) wins.
    let mut above_wins: u8 = 0xFF;
    let base = share.as_mut_ptr();
    for step in 0..most as i64 {
        let live = _mm512_cmpgt_epi64_mask(steps, _mm512_set1_epi64(step));
        let at = _mm512_add_epi64(start, k);
        let above_at = _mm512_add_epi64(above_start, k);
        let has_here = live & _mm512_cmplt_epi64_mask(k, above_words);
        let has_below = live & _mm512_cmpge_epi64_mask(k, one) & _mm512_cmpge_epi64_mask(above_words, k);
        // SAFETY: a live lane's words are its cell's (those of rows that exist), in `share`.
        let (word, here, below) = unsafe {
            let from = base.cast_const().cast();
            (
                _mm512_mask_i64gather_epi64::<8>(zero, live, at, from),
                _mm512_mask_i64gather_epi64::<8>(zero, has_here, above_at, from),
                _mm512_mask_i64gather_epi64::<8>(zero, has_below, _mm512_sub_epi64(above_at, one), from),
            )
        };
        // The row's length `ℓ = (r - 3 c3) / 2 + 1` and the word's positions: `width` from its
        // first, `64 k`; none in a last word that holds only the row's two zero bits.
        let len = _mm512_add_epi64(_mm512_srli_epi64::<1>(d), one);
        let first = _mm512_slli_epi64::<6>(k);
        let filled = _mm512_cmpgt_epi64_mask(len, first);
        let width = _mm512_min_epi64(_mm512_sub_epi64(len, first), sixty_four);
        let all = _mm512_maskz_mov_epi64(
            filled,
            _mm512_srlv_epi64(_mm512_set1_epi64(-1), _mm512_sub_epi64(sixty_four, width)),
        );
        // The row above's losses one and two columns down, across its words.
        let from_here = _mm512_or_si512(_mm512_slli_epi64::<1>(here), _mm512_slli_epi64::<2>(here));
        let from_below = _mm512_or_si512(_mm512_srli_epi64::<63>(below), _mm512_srli_epi64::<62>(below));
        let reach = _mm512_ternarylogic_epi64::<0xFE>(word, from_here, from_below);
        // The top position wins outright when the one above it loses.
        let top = _mm512_sllv_epi64(one, _mm512_sub_epi64(width, one));
        let reached = _mm512_ternarylogic_epi64::<0xF8>(_mm512_maskz_mov_epi64(!above_wins, top), reach, all);
        // SAFETY: this function's features are the helper's.
        let parity = unsafe { nearest_parity_v4(_mm512_or_si512(reached, _mm512_sllv_epi64(one, width))) };
        // wins = (reached | !parity) & all; losses = all & !wins.
        let losses = _mm512_ternarylogic_epi64::<0x20>(all, reached, parity);
        // SAFETY: as the gathers'.
        unsafe { _mm512_mask_i64scatter_epi64::<8>(base.cast(), live, at, losses) };
        // The lowest position's outcome passes to the word below (not from a word of no positions).
        let lowest_wins =
            _mm512_test_epi64_mask(_mm512_ternarylogic_epi64::<0xA2>(reached, parity, one), one);
        let passed = live & filled;
        above_wins = (above_wins & !passed) | (lowest_wins & passed);
        // The next word down, or the next row's top word.
        let next_row = live & _mm512_cmpeq_epi64_mask(k, zero);
        k = _mm512_sub_epi64(k, one);
        above_start = _mm512_mask_mov_epi64(above_start, next_row, start);
        above_words = _mm512_mask_mov_epi64(above_words, next_row, words);
        d = _mm512_mask_mov_epi64(d, next_row, _mm512_add_epi64(d, three));
        let below_len = _mm512_add_epi64(_mm512_srli_epi64::<1>(d), one);
        // A row of `ℓ` positions takes `(ℓ + 2 + 63) / 64` words.
        let below_words = _mm512_srli_epi64::<6>(_mm512_add_epi64(below_len, _mm512_set1_epi64(65)));
        words = _mm512_mask_mov_epi64(words, next_row, below_words);
        start = _mm512_mask_mov_epi64(start, next_row, _mm512_sub_epi64(start, below_words));
        k = _mm512_mask_mov_epi64(k, next_row, _mm512_sub_epi64(below_words, one));
        above_wins |= next_row;
    }
}

/// The one-word rows of up to eight cells resolved at once, a cell in each lane: each step takes
/// the next row down of every cell (a gather), resolves it from what its exits put there and the
/// row above as [`resolve_short_run`] does by its doubling steps, and stores it (a scatter). A
/// cell's rows are a chain, each step waiting on the one before; in lanes, eight chains share
/// the wait and the instructions.
///
/// # Safety
/// The processor must have AVX-512 F; `batch` holds at most [`LANES`] cells, each in `share`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn resolve_top_rows_v4(g: &Geometry, share: &mut [u64], batch: &[Batched]) {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_cmpgt_epi64_mask, _mm512_loadu_si512,
        _mm512_mask_i64gather_epi64, _mm512_mask_i64scatter_epi64, _mm512_or_si512, _mm512_set1_epi64,
        _mm512_setzero_si512, _mm512_slli_epi64, _mm512_sllv_epi64, _mm512_srli_epi64, _mm512_srlv_epi64,
        _mm512_sub_epi64, _mm512_ternarylogic_epi64,
    };
    debug_assert!(batch.len() <= LANES);
    let ([top, rows, r_mod_3], most) = top_rows_lanes::<LANES>(g, batch);
    let load = |lanes: &[i64; LANES]| -> __m512i {
        // SAFETY: eight i64 are 64 bytes, read unaligned.
        unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }
    };
    let (one, three, sixty_four) = (_mm512_set1_epi64(1), _mm512_set1_epi64(3), _mm512_set1_epi64(64));
    let (mut at, rows, mut d) = (load(&top), load(&rows), load(&r_mod_3));
    let mut above = _mm512_setzero_si512();
    let base = share.as_mut_ptr();
    for step in 0..i64::from(most) {
        let live = _mm512_cmpgt_epi64_mask(rows, _mm512_set1_epi64(step));
        // SAFETY: a live lane's word is one of its cell's rows, in `share`.
        let word = unsafe {
            _mm512_mask_i64gather_epi64::<8>(_mm512_setzero_si512(), live, at, base.cast_const().cast())
        };
        // The row's length `ℓ = (r - 3 c3) / 2 + 1`, its positions `all`.
        let len = _mm512_add_epi64(_mm512_srli_epi64::<1>(d), one);
        let all = _mm512_srlv_epi64(_mm512_set1_epi64(-1), _mm512_sub_epi64(sixty_four, len));
        // What the exits reach, and the row above's losses one and two columns down.
        let reach = _mm512_ternarylogic_epi64::<0xFE>(
            word,
            _mm512_slli_epi64::<1>(above),
            _mm512_slli_epi64::<2>(above),
        );
        let reached = _mm512_and_si512(reach, all);
        // The doubling steps of `resolve_own_move`: where the nearest set bit at or above (or the
        // virtual one past the top) is known, and whether it is odd.
        // SAFETY: this function's features are the helper's.
        let parity = unsafe { nearest_parity_v4(_mm512_or_si512(reached, _mm512_sllv_epi64(one, len))) };
        // A position loses when nothing reaches it and its nearest set bit's parity differs
        // from its own: all & !reached & parity.
        let losses = _mm512_ternarylogic_epi64::<0x20>(all, reached, parity);
        // SAFETY: as the gather's.
        unsafe { _mm512_mask_i64scatter_epi64::<8>(base.cast(), live, at, losses) };
        above = losses;
        at = _mm512_sub_epi64(at, one);
        d = _mm512_add_epi64(d, three);
    }
}

/// The doubling steps of [`resolve_short_run`]'s shift path in eight lanes: from the set bits
/// `known` (the positions reached, and the virtual one past each word's top), whether each
/// position's nearest set bit at or above it has the other parity than its own (all ones where it
/// has; such a position, if not reached itself, loses).
///
/// # Safety
/// The processor must have AVX-512 F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
pub(super) unsafe fn nearest_parity_v4(known: std::arch::x86_64::__m512i) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::{
        _mm512_and_si512, _mm512_or_si512, _mm512_set1_epi64, _mm512_srli_epi64, _mm512_ternarylogic_epi64,
        _mm512_xor_si512,
    };
    let odd_bits = _mm512_set1_epi64(0xAAAA_AAAA_AAAA_AAAA_u64 as i64);
    let (mut known, mut odd) = (known, _mm512_and_si512(known, odd_bits));
    macro_rules! step {
        ($k:literal) => {
            // odd |= (odd >> k) & !known
            odd = _mm512_ternarylogic_epi64::<0xF4>(odd, _mm512_srli_epi64::<$k>(odd), known);
        };
        ($k:literal, spread) => {
            step!($k);
            known = _mm512_or_si512(known, _mm512_srli_epi64::<$k>(known));
        };
    }
    step!(1, spread);
    step!(2, spread);
    step!(4, spread);
    step!(8, spread);
    step!(16, spread);
    step!(32);
    _mm512_xor_si512(odd, odd_bits)
}
