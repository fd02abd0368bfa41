//! The layered engine's AVX2 path for a batch of up to four cells: [`avx512`](super::avx512)'s
//! batch kernels in four 64-bit lanes, for processors without AVX-512. AVX2 gathers but does
//! not scatter, so each step's words are stored lane by lane; its masks are whole lanes of ones.

use super::*;
use std::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi64,
    _mm256_cmpgt_epi64, _mm256_loadu_si256, _mm256_mask_i64gather_epi64, _mm256_or_si256, _mm256_set1_epi64x,
    _mm256_setzero_si256, _mm256_slli_epi64, _mm256_sllv_epi64, _mm256_srli_epi64, _mm256_srlv_epi64,
    _mm256_storeu_si256, _mm256_sub_epi64, _mm256_xor_si256,
};

/// Cells resolved together on AVX2: one in each 64-bit lane.
pub(super) const LANES_V3: usize = 4;

/// [`finish_batch`] with AVX2.
///
/// # Safety
/// The processor must have the features enabled here; `batch` holds at most [`LANES_V3`] cells,
/// each lying in `share`.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn finish_batch_v3(
    g: &Geometry,
    share: &mut [u64],
    batch: &[Batched],
    by_parts: Option<&mut PartsCount>,
) -> (u64, u64) {
    // SAFETY: as this function's.
    unsafe {
        resolve_top_rows_v3(g, share, batch);
        resolve_longer_rows_v3(g, share, batch);
    }
    count_batch(g, share, batch, by_parts)
}

/// Four lanes of `i64` from an array.
#[target_feature(enable = "avx2")]
#[inline]
fn load(lanes: &[i64; LANES_V3]) -> __m256i {
    // SAFETY: four i64 are 32 bytes, read unaligned.
    unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
}

/// The lanes of a register.
#[target_feature(enable = "avx2")]
#[inline]
fn lanes_of(v: __m256i) -> [i64; LANES_V3] {
    let mut out = [0i64; LANES_V3];
    // SAFETY: `out` holds four i64.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
    out
}

/// Stores each lane of `values` whose `mask` lane is set at its word `at` of `base`: the scatter
/// AVX2 lacks.
///
/// # Safety
/// Each masked lane's `at` is a word of the slice `base` points into.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn scatter(base: *mut u64, mask: __m256i, at: __m256i, values: __m256i) {
    let (mask, at, values) = (lanes_of(mask), lanes_of(at), lanes_of(values));
    for lane in 0..LANES_V3 {
        if mask[lane] != 0 {
            // SAFETY: as this function's.
            unsafe { *base.add(at[lane] as usize) = values[lane] as u64 };
        }
    }
}

/// Gathers the words `at` of `base` in the lanes of `mask` (zero elsewhere).
///
/// # Safety
/// Each masked lane's `at` is a word of the slice `base` points into.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn gather(base: *const u64, mask: __m256i, at: __m256i) -> __m256i {
    // SAFETY: as this function's.
    unsafe { _mm256_mask_i64gather_epi64::<8>(_mm256_setzero_si256(), base.cast(), at, mask) }
}

/// `a > b` in each lane, as a lane of ones.
#[target_feature(enable = "avx2")]
#[inline]
fn greater(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi64(a, b)
}

/// `then` in the lanes of `mask` (whole lanes of ones), `otherwise` elsewhere.
#[target_feature(enable = "avx2")]
#[inline]
fn select(mask: __m256i, then: __m256i, otherwise: __m256i) -> __m256i {
    _mm256_blendv_epi8(otherwise, then, mask)
}

/// [`resolve_top_rows_v4`] in four lanes.
///
/// # Safety
/// AVX2; `batch` holds at most [`LANES_V3`] cells, each in `share`.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn resolve_top_rows_v3(g: &Geometry, share: &mut [u64], batch: &[Batched]) {
    debug_assert!(batch.len() <= LANES_V3);
    let ([top, rows, r_mod_3], most) = top_rows_lanes::<LANES_V3>(g, batch);
    let (one, three, sixty_four) = (_mm256_set1_epi64x(1), _mm256_set1_epi64x(3), _mm256_set1_epi64x(64));
    let (mut at, rows, mut d) = (load(&top), load(&rows), load(&r_mod_3));
    let mut above = _mm256_setzero_si256();
    let base = share.as_mut_ptr();
    for step in 0..i64::from(most) {
        let live = greater(rows, _mm256_set1_epi64x(step));
        // SAFETY: a live lane's word is one of its cell's rows, in `share`.
        let word = unsafe { gather(base, live, at) };
        let len = _mm256_add_epi64(_mm256_srli_epi64::<1>(d), one);
        // (A shift by 64 or more gives 0 in AVX2, as in AVX-512.)
        let all = _mm256_srlv_epi64(_mm256_set1_epi64x(-1), _mm256_sub_epi64(sixty_four, len));
        let reach = _mm256_or_si256(
            word,
            _mm256_or_si256(_mm256_slli_epi64::<1>(above), _mm256_slli_epi64::<2>(above)),
        );
        let reached = _mm256_and_si256(reach, all);
        let parity = nearest_parity_v3(_mm256_or_si256(reached, _mm256_sllv_epi64(one, len)));
        // all & !reached & parity
        let losses = _mm256_andnot_si256(reached, _mm256_and_si256(all, parity));
        // SAFETY: as the gather's.
        unsafe { scatter(base, live, at, losses) };
        above = losses;
        at = _mm256_sub_epi64(at, one);
        d = _mm256_add_epi64(d, three);
    }
}

/// [`resolve_longer_rows_v4`] in four lanes.
///
/// # Safety
/// AVX2; `batch` holds at most [`LANES_V3`] cells, each in `share`.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn resolve_longer_rows_v3(g: &Geometry, share: &mut [u64], batch: &[Batched]) {
    debug_assert!(batch.len() <= LANES_V3);
    let (lanes, most) = longer_rows_lanes::<LANES_V3>(g, batch);
    let steps = load(&lanes[0]);
    let (mut d, mut start, mut words, mut k) =
        (load(&lanes[1]), load(&lanes[2]), load(&lanes[3]), load(&lanes[4]));
    let (mut above_start, mut above_words) = (load(&lanes[5]), load(&lanes[6]));
    let (zero, one, three, sixty_four) =
        (_mm256_setzero_si256(), _mm256_set1_epi64x(1), _mm256_set1_epi64x(3), _mm256_set1_epi64x(64));
    let ones = _mm256_set1_epi64x(-1);
    // Lanes where the position just above the word's top wins (ones) or loses.
    let mut above_wins = ones;
    let base = share.as_mut_ptr();
    for step in 0..most as i64 {
        let live = greater(steps, _mm256_set1_epi64x(step));
        let at = _mm256_add_epi64(start, k);
        let above_at = _mm256_add_epi64(above_start, k);
        // k < above_words; k >= 1 and above_words >= k.
        let has_here = _mm256_and_si256(live, greater(above_words, k));
        let has_below =
            _mm256_andnot_si256(greater(one, k), _mm256_andnot_si256(greater(k, above_words), live));
        // SAFETY: a live lane's words are its cell's (those of rows that exist), in `share`.
        let (word, here, below) = unsafe {
            (
                gather(base, live, at),
                gather(base, has_here, above_at),
                gather(base, has_below, _mm256_sub_epi64(above_at, one)),
            )
        };
        let len = _mm256_add_epi64(_mm256_srli_epi64::<1>(d), one);
        let first = _mm256_slli_epi64::<6>(k);
        let filled = greater(len, first);
        let left = _mm256_sub_epi64(len, first);
        let width = select(greater(left, sixty_four), sixty_four, left);
        let all = _mm256_and_si256(filled, _mm256_srlv_epi64(ones, _mm256_sub_epi64(sixty_four, width)));
        let from_here = _mm256_or_si256(_mm256_slli_epi64::<1>(here), _mm256_slli_epi64::<2>(here));
        let from_below = _mm256_or_si256(_mm256_srli_epi64::<63>(below), _mm256_srli_epi64::<62>(below));
        let reach = _mm256_or_si256(word, _mm256_or_si256(from_here, from_below));
        let top = _mm256_sllv_epi64(one, _mm256_sub_epi64(width, one));
        // (top where the position above loses) | (reach & all)
        let reached = _mm256_or_si256(_mm256_andnot_si256(above_wins, top), _mm256_and_si256(reach, all));
        let parity = nearest_parity_v3(_mm256_or_si256(reached, _mm256_sllv_epi64(one, width)));
        let losses = _mm256_andnot_si256(reached, _mm256_and_si256(all, parity));
        // SAFETY: as the gathers'.
        unsafe { scatter(base, live, at, losses) };
        // The lowest position wins when reached or when its nearest set bit has its parity.
        let wins = _mm256_or_si256(reached, _mm256_andnot_si256(parity, ones));
        let lowest_wins = _mm256_cmpeq_epi64(_mm256_and_si256(wins, one), one);
        let passed = _mm256_and_si256(live, filled);
        above_wins = select(passed, lowest_wins, above_wins);
        let next_row = _mm256_and_si256(live, _mm256_cmpeq_epi64(k, zero));
        k = _mm256_sub_epi64(k, one);
        above_start = select(next_row, start, above_start);
        above_words = select(next_row, words, above_words);
        d = select(next_row, _mm256_add_epi64(d, three), d);
        let below_len = _mm256_add_epi64(_mm256_srli_epi64::<1>(d), one);
        let below_words = _mm256_srli_epi64::<6>(_mm256_add_epi64(below_len, _mm256_set1_epi64x(65)));
        words = select(next_row, below_words, words);
        start = select(next_row, _mm256_sub_epi64(start, below_words), start);
        k = select(next_row, _mm256_sub_epi64(below_words, one), k);
        above_wins = _mm256_or_si256(above_wins, next_row);
    }
}

/// [`nearest_parity_v4`] in four lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn nearest_parity_v3(known: __m256i) -> __m256i {
    {
        let odd_bits = _mm256_set1_epi64x(0xAAAA_AAAA_AAAA_AAAA_u64 as i64);
        let (mut known, mut odd) = (known, _mm256_and_si256(known, odd_bits));
        macro_rules! step {
            ($k:literal) => {
                // odd |= (odd >> k) & !known
                odd = _mm256_or_si256(odd, _mm256_andnot_si256(known, _mm256_srli_epi64::<$k>(odd)));
            };
            ($k:literal, spread) => {
                step!($k);
                known = _mm256_or_si256(known, _mm256_srli_epi64::<$k>(known));
            };
        }
        step!(1, spread);
        step!(2, spread);
        step!(4, spread);
        step!(8, spread);
        step!(16, spread);
        step!(32);
        _mm256_xor_si256(odd, odd_bits)
    }
}
