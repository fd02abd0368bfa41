//! A cell's exits OR-ed in with vector registers, a tile of the cell's words at a time: every
//! exit's words for the tile are loaded (masked to the words the exit reaches), moved by its
//! column and OR-ed into the tile's registers, and the tile is stored once. The same tiles write
//! a whole group of cells from the exits that keep `r` (`groups.rs`); each cell's other exits
//! are then OR-ed into what the group wrote. The loops of the
//! general path (`or_exits_inline`) pass over the cell once for every three exits that keep `r`
//! and once more for each of the others, each pass loading and storing the cell's words again.
//!
//! An exit reaches a cell as a [`WordSource`]: a range of the cell's words, each reading the
//! word at a fixed distance in the child's layer. That holds for every exit that keeps `r` (the
//! whole cell, word for word) and for the rows of the others where parent and child rows both
//! take one word; the rows of several words (at the bottom of a cell of `r >= 124`) are left to
//! [`RowSource::or_longer_rows`], after the tiles.

use super::*;
use arrayvec::ArrayVec;

/// An exit's reach in a cell: the cell's words `from..to`, word `w` OR-ing in the word at
/// `base + w` (which may point outside the child's cell for the words out of the range, never
/// read) moved `right` then `left` by a bit (each 0 or 1).
#[derive(Clone, Copy)]
pub(super) struct WordSource {
    base: *const u64,
    from: usize,
    to: usize,
    right: i64,
    left: i64,
}

impl WordSource {
    /// Words `from..to` of a cell (or a group of cells), word `w` reading `child + w - from`,
    /// unmoved.
    pub(super) fn unmoved(child: *const u64, from: usize, to: usize) -> WordSource {
        WordSource { base: child.wrapping_sub(from), from, to, right: 0, left: 0 }
    }

    /// The word after this source's last, where a source that goes on would read next.
    pub(super) fn reads_next(&self) -> *const u64 {
        self.base.wrapping_add(self.to)
    }

    /// The source's words end at `to` now.
    pub(super) fn extend_to(&mut self, to: usize) {
        self.to = to;
    }

    /// Its words' end.
    pub(super) fn to(&self) -> usize {
        self.to
    }
}

/// The exits of one cell as [`WordSource`]s, and the exits' rows of several words.
pub(super) struct Sources<'a> {
    words: ArrayVec<WordSource, { 2 * MAX_INDEX }>,
    longer: ArrayVec<RowSource<'a>, LOW_MOVES>,
}

impl<'a> Sources<'a> {
    /// The sources of a cell of at most 32 words, whose rows (and its children's) take a
    /// word each: row `c3` is word `c3` in each ([`for_each_small_exit`]).
    #[inline(always)]
    fn small(&mut self, len: usize, exits: &[Exit], layers: &'a [Option<Vec<u64>>]) -> &[WordSource] {
        for_each_small_exit(len, exits, layers, |base, from, to, right, left| {
            self.words.push(WordSource { base, from, to, right, left });
        });
        &self.words
    }

    /// The sources of any cell of `r`: the one-word rows of each exit as a
    /// word source, its rows of several words apart.
    #[inline(always)]
    fn any(&mut self, g: &'a Geometry, r: u32, exits: &[Exit], layers: &'a [Option<Vec<u64>>]) {
        for exit in exits {
            let child = layers[exit.layer as usize].as_deref().expect("a child's layer is held");
            let rows = RowSource::new(g, r, child, exit);
            if let Some((child_words, at, right, left)) = rows.one_word_part(g, r) {
                // Parent word `at + k` reads child word `k` of `child_words`.
                let base = child_words.as_ptr().wrapping_sub(at);
                self.words.push(WordSource { base, from: at, to: at + child_words.len(), right, left });
            }
            if rows.has_longer_rows() {
                self.longer.push(rows);
            }
        }
        // The tiles read the sources in the order of their first words.
        self.words.sort_unstable_by_key(|source| source.from);
    }

    /// None yet (built in place: a cell's sources are filled in the caller's frame, not moved).
    #[inline(always)]
    fn new() -> Sources<'a> {
        Sources { words: ArrayVec::new(), longer: ArrayVec::new() }
    }

    /// ORs the exits' rows of several words into `cell`, after its tiles.
    #[inline(always)]
    fn or_longer_rows(&self, g: &Geometry, r: u32, cell: &mut [u64]) {
        for rows in &self.longer {
            rows.or_longer_rows(g, r, cell);
        }
    }
}

/// Writes every word of `words` (a group of cells) from `sources` alone, in tiles of 64 words:
/// the exits that keep `r`, each over a run of the group's cells (`groups.rs`).
///
/// # Safety
/// The processor must have the features enabled here; each source's words `from..to` read words
/// of its child's layer.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn write_group_v4(words: &mut [u64], sources: &[WordSource]) {
    // SAFETY: as this function's.
    unsafe { or_tiles_v4::<8, true>(words, sources) }
}

/// [`write_group_v4`] in AVX2 registers, tiles of 32 words.
///
/// # Safety
/// The processor must have the features enabled here; as [`write_group_v4`].
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn write_group_v3(words: &mut [u64], sources: &[WordSource]) {
    // SAFETY: as this function's.
    unsafe { or_tiles_v3::<8, true>(words, sources) }
}

/// [`or_exits_inline`] for x86-64-v4, for the exits that change `r` (the group has read the
/// others), OR-ing into what the cell holds: a cell of at most 32 words in up to four registers
/// of eight words (seven cells in ten at n = 500), a larger one in tiles of 64 words. (An exit
/// that keeps `r` would be read right too, as rows that shift by none.)
///
/// # Safety
/// The processor must have the features enabled here.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn or_exits_v4(
    g: &Geometry,
    words: &mut [u64],
    r: u32,
    exits: &[Exit],
    layers: &[Option<Vec<u64>>],
) {
    let len = words.len();
    let mut sources = Sources::new();
    // SAFETY: each call needs only this function's features.
    unsafe {
        match len.div_ceil(LANES) {
            1 => return or_tiles_v4::<1, false>(words, sources.small(len, exits, layers)),
            2 => return or_tiles_v4::<2, false>(words, sources.small(len, exits, layers)),
            3 => return or_tiles_v4::<3, false>(words, sources.small(len, exits, layers)),
            4 => return or_tiles_v4::<4, false>(words, sources.small(len, exits, layers)),
            _ => {}
        }
        sources.any(g, r, exits, layers);
        or_tiles_v4::<8, false>(words, &sources.words);
        sources.or_longer_rows(g, r, words);
    }
}

/// [`or_exits_v4`] for x86-64-v3: registers of four words, a cell of at most 32 words in up to
/// eight, a larger one in tiles of 32 words.
///
/// # Safety
/// The processor must have the features enabled here.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
pub(super) unsafe fn or_exits_v3(
    g: &Geometry,
    words: &mut [u64],
    r: u32,
    exits: &[Exit],
    layers: &[Option<Vec<u64>>],
) {
    let len = words.len();
    let mut sources = Sources::new();
    // SAFETY: each call needs only this function's features.
    unsafe {
        let chunks = len.div_ceil(LANES_V3);
        if chunks <= 8 {
            let small = sources.small(len, exits, layers);
            match chunks {
                1 => return or_tiles_v3::<1, false>(words, small),
                2 => return or_tiles_v3::<2, false>(words, small),
                3 => return or_tiles_v3::<3, false>(words, small),
                4 => return or_tiles_v3::<4, false>(words, small),
                5 => return or_tiles_v3::<5, false>(words, small),
                6 => return or_tiles_v3::<6, false>(words, small),
                7 => return or_tiles_v3::<7, false>(words, small),
                _ => return or_tiles_v3::<8, false>(words, small),
            }
        }
        sources.any(g, r, exits, layers);
        or_tiles_v3::<8, false>(words, &sources.words);
        sources.or_longer_rows(g, r, words);
    }
}

/// Writes every word of `cell` from `sources` (`FRESH`) or ORs them into it, a tile of `CHUNKS`
/// registers of eight words at a time (`CHUNKS` at most 8). The sources come in the order of
/// their first words.
///
/// # Safety
/// The processor must have AVX-512 F; each source's words `from..to` read words of its child's
/// layer.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn or_tiles_v4<const CHUNKS: usize, const FRESH: bool>(cell: &mut [u64], sources: &[WordSource]) {
    use std::arch::x86_64::{
        __m512i, _mm512_mask_storeu_epi64, _mm512_maskz_loadu_epi64, _mm512_setzero_si512,
    };
    let (len, width) = (cell.len(), CHUNKS * LANES);
    let mut sources = sources;
    for tile in (0..len).step_by(width) {
        sources = unfinished(sources, tile);
        let whole = word_lanes::<CHUNKS>(0, (len - tile).min(width), LANES);
        let mut sums: [__m512i; CHUNKS] = [_mm512_setzero_si512(); CHUNKS];
        if !FRESH {
            for (chunk, (sum, mask)) in sums.iter_mut().zip(whole).enumerate() {
                let at = cell[tile..].as_ptr().wrapping_add(LANES * chunk);
                // SAFETY: the lanes of `mask` are words of the cell.
                *sum = unsafe { _mm512_maskz_loadu_epi64(mask as u8, at.cast()) };
            }
        }
        for source in sources {
            if source.from >= tile + width {
                // Sources come in the order of their first words: none after reaches the tile.
                break;
            }
            let (from, to) = (source.from.max(tile), source.to.min(tile + width));
            if from >= to {
                continue;
            }
            let masks = word_lanes::<CHUNKS>(from - tile, to - tile, LANES);
            let base = source.base.wrapping_add(tile);
            // Most exits keep their columns: those take no shift at all, the others one shift by
            // an immediate.
            // SAFETY: each source's words `from..to` are its child's (this function's contract).
            unsafe {
                match (source.right, source.left) {
                    (0, 0) => or_source_v4::<CHUNKS, 0>(&mut sums, masks, base),
                    (1, 0) => or_source_v4::<CHUNKS, 1>(&mut sums, masks, base),
                    _ => or_source_v4::<CHUNKS, -1>(&mut sums, masks, base),
                }
            }
        }
        for (chunk, (sum, mask)) in sums.into_iter().zip(whole).enumerate() {
            let at = cell[tile..].as_mut_ptr().wrapping_add(LANES * chunk);
            // SAFETY: the lanes of `mask` are words of the cell.
            unsafe { _mm512_mask_storeu_epi64(at.cast(), mask as u8, sum) };
        }
    }
}

/// ORs one source's words into a tile's `sums`, register `c` taking the lanes of `masks[c]` from
/// `base + 8 c` on, each word moved a column down (`SHIFT = 1`, a right shift), up (`-1`) or
/// not at all (`0`).
///
/// # Safety
/// The processor must have AVX-512 F; the lanes of the masks are words the source reaches.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
#[inline]
unsafe fn or_source_v4<const CHUNKS: usize, const SHIFT: i32>(
    sums: &mut [std::arch::x86_64::__m512i; CHUNKS],
    masks: [u64; CHUNKS],
    base: *const u64,
) {
    use std::arch::x86_64::{
        _mm512_maskz_loadu_epi64, _mm512_or_si512, _mm512_slli_epi64, _mm512_srli_epi64,
    };
    for (chunk, (sum, mask)) in sums.iter_mut().zip(masks).enumerate() {
        if mask == 0 {
            continue;
        }
        // SAFETY: only the lanes of `mask` are read, each a word the source reaches.
        let loaded = unsafe { _mm512_maskz_loadu_epi64(mask as u8, base.wrapping_add(LANES * chunk).cast()) };
        let moved = match SHIFT {
            0 => loaded,
            1 => _mm512_srli_epi64::<1>(loaded),
            _ => _mm512_slli_epi64::<1>(loaded),
        };
        *sum = _mm512_or_si512(*sum, moved);
    }
}

/// [`or_tiles_v4`] in AVX2 registers of four words (`CHUNKS` at most 8).
///
/// # Safety
/// The processor must have AVX2; as [`or_tiles_v4`].
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn or_tiles_v3<const CHUNKS: usize, const FRESH: bool>(cell: &mut [u64], sources: &[WordSource]) {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi64, _mm256_maskload_epi64, _mm256_maskstore_epi64,
        _mm256_or_si256, _mm256_set1_epi64x, _mm256_setr_epi64x, _mm256_setzero_si256, _mm256_sll_epi64,
        _mm256_srl_epi64, _mm_cvtsi64_si128,
    };
    // Lane `l` of a mask is all ones where bit `l` of `bits` is set.
    let lane_bits = _mm256_setr_epi64x(1, 2, 4, 8);
    let mask_of = |bits: u64| -> __m256i {
        _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(bits as i64), lane_bits), lane_bits)
    };
    let (len, width) = (cell.len(), CHUNKS * LANES_V3);
    let mut sources = sources;
    for tile in (0..len).step_by(width) {
        sources = unfinished(sources, tile);
        let whole = word_lanes::<CHUNKS>(0, (len - tile).min(width), LANES_V3);
        let mut sums: [__m256i; CHUNKS] = [_mm256_setzero_si256(); CHUNKS];
        if !FRESH {
            for (chunk, (sum, bits)) in sums.iter_mut().zip(whole).enumerate() {
                if bits != 0 {
                    let at = cell[tile..].as_ptr().wrapping_add(LANES_V3 * chunk);
                    // SAFETY: only the lanes of the mask are read, each a word of the cell.
                    *sum = unsafe { _mm256_maskload_epi64(at.cast(), mask_of(bits)) };
                }
            }
        }
        for source in sources {
            if source.from >= tile + width {
                // Sources come in the order of their first words: none after reaches the tile.
                break;
            }
            let (from, to) = (source.from.max(tile), source.to.min(tile + width));
            if from >= to {
                continue;
            }
            let masks = word_lanes::<CHUNKS>(from - tile, to - tile, LANES_V3);
            let base = source.base.wrapping_add(tile);
            let (right, left) = (_mm_cvtsi64_si128(source.right), _mm_cvtsi64_si128(source.left));
            for (chunk, (sum, bits)) in sums.iter_mut().zip(masks).enumerate() {
                if bits == 0 {
                    continue;
                }
                // SAFETY: only the lanes of the mask are read (the others do not fault), each a
                // word the source reaches.
                let loaded = unsafe {
                    _mm256_maskload_epi64(base.wrapping_add(LANES_V3 * chunk).cast(), mask_of(bits))
                };
                *sum = _mm256_or_si256(*sum, _mm256_sll_epi64(_mm256_srl_epi64(loaded, right), left));
            }
        }
        for (chunk, (sum, bits)) in sums.into_iter().zip(whole).enumerate() {
            if bits != 0 {
                let at = cell[tile..].as_mut_ptr().wrapping_add(LANES_V3 * chunk);
                // SAFETY: the lanes of the mask are words of the cell.
                unsafe { _mm256_maskstore_epi64(at.cast(), mask_of(bits), sum) };
            }
        }
    }
}

/// `sources` (in the order of their first words) without those at their head that end before
/// word `tile`: the tiles go up the cell, so those are done.
#[inline(always)]
fn unfinished(sources: &[WordSource], tile: usize) -> &[WordSource] {
    let done = sources.iter().take_while(|source| source.to <= tile).count();
    &sources[done..]
}

/// Calls `visit(child, from, to, right, left)` for each exit of a cell of `len` words whose rows
/// take a word each (`r <= 95`, as its children's): `child` points where the parent's word 0
/// reads (parent word `w` reads `child + w`, which may lie before the child's cell for the words
/// below `from`), the parent's words `from..to` are those the exit reaches, shifted `right` and
/// `left` by a column.
#[inline(always)]
fn for_each_small_exit(
    len: usize,
    exits: &[Exit],
    layers: &[Option<Vec<u64>>],
    mut visit: impl FnMut(*const u64, usize, usize, i64, i64),
) {
    for exit in exits {
        let child = layers[exit.layer as usize].as_deref().expect("a child's layer is held");
        let child_cell = &child[exit.offset as usize..];
        // Parent row `c3` reads the child's row `c3 + rows`, which exists for `first..end`.
        let (rows, child_rows) = (exit.rows as isize, (exit.r / 3 + 1) as isize);
        let first = (-rows).max(0) as usize;
        let end = (child_rows - rows).clamp(0, len as isize) as usize;
        if first < end {
            let shifted = child_cell[..child_rows as usize].as_ptr().wrapping_offset(rows);
            visit(shifted, first, end, i64::from(exit.columns == 1), i64::from(exit.columns == -1));
        }
    }
}

/// The bits of a cell's words `from..to` in registers of `width` words: register `c`'s bits are
/// words `c * width` on.
#[inline(always)]
fn word_lanes<const CHUNKS: usize>(from: usize, to: usize, width: usize) -> [u64; CHUNKS] {
    let below = |to: usize| 1u64.checked_shl(to as u32).map_or(u64::MAX, |bit| bit - 1);
    let all = below(to) & !below(from);
    std::array::from_fn(|chunk| (all >> (width * chunk)) & ((1 << width) - 1))
}
