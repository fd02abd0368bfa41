//! The remoteness chunk pass: a run 16 positions at a time from the top chunk down, every move's
//! children folded into the chunk's least losing and greatest child remoteness, then the run's own
//! move through the chunk.

use super::*;

impl Runs<'_> {
    /// The group loop of the remoteness pass ([`Runs::group`]): each run's moves written out
    /// from its bounds, as in [`Runs::group_in_words`], and folded in by [`Runs::run_remoteness`]
    /// (with AVX-512's masked loads where the processor has them, [`Runs::group_remoteness_v4`]).
    #[inline(always)]
    pub(super) fn group_remoteness(&self, cursor: &mut Cursor, scratch: &mut Scratch, level: &Level) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.isa == Isa::X86_64V4 {
            // SAFETY: `Isa::X86_64V4` is chosen only where the processor has these features.
            return unsafe { self.group_remoteness_v4(cursor, scratch, level) };
        }
        self.group_remoteness_with(cursor, scratch, level, false)
    }

    /// [`Runs::group_remoteness`] compiled for AVX-512 (F, BW and VL), each chunk's children
    /// read by one masked load ([`fold_chunk_masked`]).
    ///
    /// # Safety
    /// The processor must have the features of [`Isa::X86_64V4`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    pub(super) unsafe fn group_remoteness_v4(
        &self,
        cursor: &mut Cursor,
        scratch: &mut Scratch,
        level: &Level,
    ) -> u64 {
        self.group_remoteness_with(cursor, scratch, level, true)
    }

    /// The body of [`Runs::group_remoteness`]; `masked`: whether the children are read by
    /// [`fold_chunk_masked`] (only where the caller is compiled for AVX-512 and the processor
    /// has it).
    #[inline(always)]
    pub(super) fn group_remoteness_with(
        &self,
        cursor: &mut Cursor,
        scratch: &mut Scratch,
        level: &Level,
        masked: bool,
    ) -> u64 {
        self.share_fixed_remoteness(cursor, scratch, level, masked);
        let group = scratch.group;
        let mut solved = 0;
        for run in self.group_runs(cursor, level).flatten() {
            #[cfg(test)]
            self.check_group_run(cursor, level, &run);
            let GroupRun { c, t_min, t_max, first, .. } = run;
            let moves = run.own_moves(&group);
            let offset = |children: RunChildren, below: bool| RunMove {
                offset: Offset {
                    delta: children.rank.wrapping_sub(first + (children.from - t_min) as u64),
                    below,
                },
                from: children.from,
                to: children.to,
            };
            let mut own = [RunMove { offset: Offset::default(), from: 0, to: 0 }; 6];
            let mut count = 0;
            let mut push = |children: RunChildren, below: bool| {
                if children.legal() {
                    own[count] = offset(children, below);
                    count += 1;
                }
            };
            push(moves.combine_11, true);
            push(moves.combine_12, true);
            push(moves.combine_23, true);
            push(moves.combine_34, true);
            push(moves.split_33, false);
            push(moves.split_44, false);
            // The moves the group's accumulators leave out: `F4 ∧ F5` where `c_4 >= 1`, and
            // `F5 ∧ F5`.
            let mut fixed = [Offset::default(); 2];
            let mut uncovered = 0;
            if let (Some(combine), true) = (level.combine, c >= 1) {
                fixed[uncovered] = combine;
                uncovered += 1;
            }
            if let Some(delta) = run.split_55(level) {
                fixed[uncovered] = Offset { delta, below: false };
                uncovered += 1;
            }
            let run = Run { first, t_min, t_max, fixed: &fixed[..uncovered], moves: &own[..count] };
            self.run_remoteness(run, scratch, masked);
            solved += (t_max - t_min + 1) as u64;
        }
        solved
    }

    /// [`Runs::share_fixed_moves`] for the remoteness pass: the moves fixed so far folded into
    /// accumulators for the whole group, a few long passes where each run would make many short
    /// ones; chunk by chunk, as in [`Runs::run_remoteness`].
    #[inline(always)]
    pub(super) fn share_fixed_remoteness(
        &self,
        cursor: &Cursor,
        scratch: &mut Scratch,
        level: &Level,
        masked: bool,
    ) {
        let (first, len) = (cursor.same[4], level.same as usize);
        let Scratch { block, shared_fastest, shared_slowest, .. } = scratch;
        let tables = self.tables(block, masked);
        let fixed = &cursor.fixed[..cursor.fixed_len];
        // (With no fixed moves the runs start from empty accumulators of their own.)
        if !fixed.is_empty() {
            // Room for a chunk's lanes past the group's end, which nothing reads.
            let room = len.next_multiple_of(LANES) + LANES;
            refill(shared_fastest, room, NO_LOSS);
            refill(shared_slowest, room, 0);
            let chunks = shared_fastest.chunks_exact_mut(LANES).zip(shared_slowest.chunks_exact_mut(LANES));
            for (k, (fastest, slowest)) in chunks.take(len.div_ceil(LANES)).enumerate() {
                let at = k * LANES;
                let (mut f, mut s) = ([NO_LOSS; LANES], [0; LANES]);
                let lanes = (0, (len - 1 - at).min(LANES - 1));
                for &offset in fixed {
                    tables.fold_chunk(first, offset, at, lanes, &mut f, &mut s);
                }
                fastest.copy_from_slice(&f);
                slowest.copy_from_slice(&s);
            }
        }
        scratch.shared_first = first;
        scratch.shared_moves = cursor.fixed_len;
        scratch.shared_combine_4 = false;
    }

    /// What the remoteness pass reads, for a thread solving the block of ranks `block`, and
    /// whether it reads chunks of children by masked loads ([`Tables::masked`]).
    pub(super) fn tables<'s>(&'s self, block: &'s std::ops::Range<usize>, masked: bool) -> Tables<'s> {
        Tables {
            below: self.below.and_then(|t| t.remoteness).unwrap_or(&[]),
            here: self.current.remoteness.as_deref().expect("remoteness is kept"),
            block,
            masked,
        }
    }

    /// Remoteness and outcomes over one run, a chunk of [`LANES`] positions at a time from the
    /// top chunk down: every move's children folded into the chunk's least losing and greatest
    /// child remoteness (each move's children are consecutive ranks), then the chunk's positions
    /// through the run's own move, by [`Runs::own_move_chunk`].
    ///
    /// Chunk by chunk rather than move by move: a chunk's accumulators stay in registers through
    /// all of its moves, where a move-by-move pass stores them and loads them back for the next
    /// move, one store-to-load forwarding (several cycles) after another in a dependent chain.
    #[inline(always)]
    pub(super) fn run_remoteness(&self, run: Run<'_>, scratch: &mut Scratch, masked: bool) {
        let Run { first, t_min, t_max, fixed, moves } = run;
        let len = (t_max - t_min + 1) as usize;
        let Scratch { owned, block, shared_fastest, shared_slowest, shared_first, shared_moves, .. } =
            scratch;
        let tables = self.tables(block, masked);
        // Where the group has folded in the first fixed moves, its accumulators of the run's
        // positions (with room for a chunk's lanes past the run's end, which nothing reads).
        let shared_at = first.wrapping_sub(*shared_first) as usize;
        let shared = *shared_moves > 0;
        let deposit = self.isa.has_fast_deposit();
        // The position above the chunk's top, through the own move F2 ∧ F2 -> F1 ∧ F3: its
        // remoteness, and whether it wins. Above the run's top the move is illegal: -1 (so 0
        // after the + 1), and a win (so no position below it wins through it).
        let mut above = (-1i16, true);
        let mut most = [0i16; LANES];
        let mut bits = 0u64;
        // The chunks from the top down, the top one `0..=last` of its lanes. (A loop by hand:
        // `step_by(LANES).rev()` costs some hundred instructions a run to set up.)
        let mut at = (len - 1) / LANES * LANES;
        let mut last = len - 1 - at;
        loop {
            // Child remoteness + 1: the least over losing children, the greatest over all (0:
            // none).
            let (mut fastest, mut slowest) = if shared {
                let chunk = |cells: &[i16]| -> [i16; LANES] {
                    cells[shared_at + at..shared_at + at + LANES].try_into().expect("LANES cells")
                };
                (chunk(shared_fastest), chunk(shared_slowest))
            } else {
                ([NO_LOSS; LANES], [0; LANES])
            };
            for &offset in fixed {
                tables.fold_chunk(first, offset, at, (0, last), &mut fastest, &mut slowest);
            }
            for mv in moves {
                let (from, to) = ((mv.from - t_min) as usize, (mv.to - t_min) as usize);
                if from <= at + last && to >= at {
                    let lanes = (from.saturating_sub(at), (to - at).min(last));
                    tables.fold_chunk(first, mv.offset, at, lanes, &mut fastest, &mut slowest);
                }
            }
            let (remoteness, wins) = self.own_move_chunk(&fastest, &slowest, last, above, deposit);
            above = (remoteness[0], wins & 1 == 1);
            for (most, &r) in most.iter_mut().zip(&remoteness) {
                *most = (*most).max(r);
            }
            tables.store_chunk(first as usize + at, &remoteness, last);
            // The outcomes of the run's positions `64 k..64 k + 64`, written at `64 k`.
            bits |= wins << (at % 64);
            if at.is_multiple_of(64) {
                self.current.set_owned_bits(first + at as u64, bits, owned);
                bits = 0;
            }
            if at == 0 {
                break;
            }
            at -= LANES;
            last = LANES - 1;
        }
        if most.iter().any(|&r| r as u32 > MOST_REMOTENESS) {
            self.overflow.store(true, Relaxed);
        }
    }

    /// The own move through one chunk of a run ([`own_move_serial`]), by [`own_move_scan`] where
    /// the processor has AVX2.
    #[inline(always)]
    pub(super) fn own_move_chunk(
        &self,
        fastest: &[i16; LANES],
        slowest: &[i16; LANES],
        last: usize,
        above: (i16, bool),
        deposit: bool,
    ) -> ([i16; LANES], u64) {
        #[cfg(target_arch = "x86_64")]
        if self.isa != Isa::Baseline {
            // SAFETY: every instruction set but the baseline has AVX2 and BMI2, fast ones with
            // `deposit`.
            return unsafe { own_move_scan(fastest, slowest, last, above, deposit) };
        }
        let _ = deposit;
        own_move_serial(fastest, slowest, last, above)
    }
}

/// Folds one chunk of a move's children into the accumulators of the positions they are the
/// children of (lane `i` for lane `i`; only the lanes `lo..=hi` are wanted).
///
/// Remoteness is odd exactly at wins (a loss is one more than a win's, a win one more than a
/// loss's, a terminal position 0), so a child's parity says whether it is a loss, and the loop
/// needs no outcome bits and no branch: the compiler turns it into a few vector instructions.
#[inline(always)]
pub(super) fn fold_children(
    children: &[u16; LANES],
    (lo, hi): (usize, usize),
    fastest: &mut [i16; LANES],
    slowest: &mut [i16; LANES],
) {
    // Lane numbers as 16-bit values, so that the lanes wanted are one vector comparison.
    const LANE: [i16; LANES] = {
        let mut lane = [0i16; LANES];
        let mut i = 0;
        while i < LANES {
            lane[i] = i as i16;
            i += 1;
        }
        lane
    };
    let (lo, hi) = (lo as i16, hi as i16);
    for i in 0..LANES {
        // All ones in the lanes wanted.
        let wanted = -i16::from(LANE[i] >= lo) & -i16::from(LANE[i] <= hi);
        // Child remoteness + 1: odd exactly when the child is a loss. (At most
        // MOST_REMOTENESS + 1, so below NO_LOSS and never negative.)
        let r = (children[i] as i16).wrapping_add(1) & wanted;
        // r where odd, NO_LOSS where even (r | NO_LOSS is NO_LOSS), so also where not wanted.
        let through_loss = r | (((r & 1) - 1) & NO_LOSS);
        fastest[i] = fastest[i].min(through_loss);
        slowest[i] = slowest[i].max(r);
    }
}

/// The remoteness and outcomes of the positions of one chunk of a run (lanes `0..=last`, the
/// lowest rank in lane 0) from their accumulators (child remoteness + 1: the least over losing
/// children, `fastest`, and the greatest over all, `slowest`, of every move but the run's own)
/// and from the position `above` the chunk's top (its remoteness and whether it wins; -1 and a
/// win above the run's top, where the own move is illegal). Gives the remoteness of every lane
/// (those past `last` mean nothing) and the outcome bits of lanes `0..=last`.
///
/// The run's own move `F2 ∧ F2 -> F1 ∧ F3` goes from each position to the one above, so here
/// the chunk goes position by position from the top down: a position wins when it has a losing
/// child or the one above loses. This is the reference [`own_move_scan`] is tested
/// against, and the path of processors without AVX2. (Remoteness past `i16::MAX` saturates;
/// the caller reports anything past [`MOST_REMOTENESS`].)
#[inline(always)]
pub(super) fn own_move_serial(
    fastest: &[i16; LANES],
    slowest: &[i16; LANES],
    last: usize,
    (above, above_wins): (i16, bool),
) -> ([i16; LANES], u64) {
    let mut remoteness = [0i16; LANES];
    let mut wins = 0u64;
    let (mut above, mut above_wins) = (i32::from(above), above_wins);
    for i in (0..=last).rev() {
        let (mut f, mut s) = (i32::from(fastest[i]), i32::from(slowest[i]));
        if !above_wins {
            f = f.min(above + 1);
        }
        s = s.max(above + 1);
        above_wins = f != i32::from(NO_LOSS);
        above = if above_wins { f } else { s }.min(i32::from(i16::MAX));
        remoteness[i] = above as i16;
        wins |= u64::from(above_wins) << i;
    }
    (remoteness, wins)
}

/// [`own_move_serial`] with AVX2, the chain from the top down split in two:
/// - **Outcomes first**, by the word resolve of the outcome pass ([`resolve_short_run`]) on the
///   chunk's bits "has a losing child".
/// - **Then remoteness**, as a scan. With the outcomes known, each position's remoteness is a
///   function of the remoteness `x` of the one above, of the form
///   `x -> min(max(x + 1, lo), hi)`:
///   - a win below a win: its least losing child, `lo = hi = fastest`;
///   - a win below a loss: `min(x + 1, fastest)`, so `lo = 0`, `hi = fastest`;
///   - a loss (all its children win, and so does the position above): `max(x + 1, slowest)`, so
///     `lo = slowest`, `hi = fastest`, which is "none" and above every remoteness.
///
/// Functions of the form `x -> min(max(x + c, lo), hi)` with `lo <= hi` compose to one of the
/// same form: applying `(c1, lo1, hi1)` and then `(c2, lo2, hi2)` gives
/// `(c1 + c2, clamp(lo1 + c2, lo2, hi2), clamp(hi1 + c2, lo2, hi2))`. So four doubling steps
/// compose each lane's function with those of every lane above it in the chunk, a few
/// instructions on whole registers each, and only the last application waits on the chunk
/// above: position by position, each waits on the last, some six dependent instructions. Lanes
/// past `last` hold the identity, `(0, MIN, MAX)`. The additions saturate, as the reference's
/// remoteness does.
///
/// # Safety
/// The processor must have AVX2 and BMI2 (with `deposit`, fast ones).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
#[inline]
pub(super) unsafe fn own_move_scan(
    fastest: &[i16; LANES],
    slowest: &[i16; LANES],
    last: usize,
    (above, above_wins): (i16, bool),
    deposit: bool,
) -> ([i16; LANES], u64) {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_adds_epi16, _mm256_alignr_epi8, _mm256_and_si256,
        _mm256_andnot_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi16, _mm256_loadu_si256, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_movemask_epi8, _mm256_or_si256, _mm256_packs_epi16,
        _mm256_permute2x128_si256, _mm256_set1_epi16, _mm256_setr_epi16, _mm256_setzero_si256,
        _mm256_storeu_si256,
    };
    // Lane `i` of `v` moved to lane `i - D`, the top `D` lanes `fill`'s.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn down<const D: usize>(v: __m256i, fill: __m256i) -> __m256i {
        // The high half of `v`, then the low half of `fill`.
        let high = _mm256_permute2x128_si256::<0x21>(v, fill);
        match D {
            1 => _mm256_alignr_epi8::<2>(high, v),
            2 => _mm256_alignr_epi8::<4>(high, v),
            4 => _mm256_alignr_epi8::<8>(high, v),
            _ => high,
        }
    }
    // Each lane's function composed with that of the lane `D` above it (applied first).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn compose<const D: usize>(c: &mut __m256i, lo: &mut __m256i, hi: &mut __m256i) {
        let c_in = down::<D>(*c, _mm256_setzero_si256());
        let lo_in = down::<D>(*lo, _mm256_set1_epi16(i16::MIN));
        let hi_in = down::<D>(*hi, _mm256_set1_epi16(i16::MAX));
        let clamp = |x: __m256i| _mm256_min_epi16(_mm256_max_epi16(_mm256_adds_epi16(x, *c), *lo), *hi);
        (*lo, *hi) = (clamp(lo_in), clamp(hi_in));
        *c = _mm256_add_epi16(*c, c_in);
    }
    // SAFETY: the loads and stores are of whole `[i16; LANES]` arrays.
    let (f, s) =
        unsafe { (_mm256_loadu_si256(fastest.as_ptr().cast()), _mm256_loadu_si256(slowest.as_ptr().cast())) };
    let none = _mm256_cmpeq_epi16(f, _mm256_set1_epi16(NO_LOSS));
    // One byte a lane, each half's eight twice: bits 0 to 7 are lanes 0 to 7, 16 to 23 lanes
    // 8 to 15.
    let bytes = _mm256_movemask_epi8(_mm256_packs_epi16(none, none)) as u32;
    let losing_child = u64::from(!(bytes & 0xFF | bytes >> 8 & 0xFF00) & 0xFFFF);
    let top = if above_wins { 0 } else { 1 << last };
    let wins = resolve_short_run(losing_child | top, last as u32 + 1, deposit);
    let wins_below_wins = wins & (wins >> 1 | u64::from(above_wins) << last);
    let lane_bits = _mm256_setr_epi16(
        1 << 0,
        1 << 1,
        1 << 2,
        1 << 3,
        1 << 4,
        1 << 5,
        1 << 6,
        1 << 7,
        1 << 8,
        1 << 9,
        1 << 10,
        1 << 11,
        1 << 12,
        1 << 13,
        1 << 14,
        i16::MIN,
    );
    let lanes_of = |word: u64| {
        let word = _mm256_set1_epi16(word as u16 as i16);
        _mm256_cmpeq_epi16(_mm256_and_si256(word, lane_bits), lane_bits)
    };
    let (real, win, win_below_win) = (lanes_of((2 << last) - 1), lanes_of(wins), lanes_of(wins_below_wins));
    // A win below a win: `fastest`; below a loss: 0; a loss: `slowest`.
    let lo = _mm256_or_si256(_mm256_and_si256(f, win_below_win), _mm256_andnot_si256(win, s));
    let mut lo = _mm256_blendv_epi8(_mm256_set1_epi16(i16::MIN), lo, real);
    let mut hi = _mm256_blendv_epi8(_mm256_set1_epi16(i16::MAX), f, real);
    let mut c = _mm256_and_si256(real, _mm256_set1_epi16(1));
    compose::<1>(&mut c, &mut lo, &mut hi);
    compose::<2>(&mut c, &mut lo, &mut hi);
    compose::<4>(&mut c, &mut lo, &mut hi);
    compose::<8>(&mut c, &mut lo, &mut hi);
    let r = _mm256_min_epi16(_mm256_max_epi16(_mm256_adds_epi16(_mm256_set1_epi16(above), c), lo), hi);
    let mut remoteness = [0i16; LANES];
    // SAFETY: as for the loads.
    unsafe { _mm256_storeu_si256(remoteness.as_mut_ptr().cast(), r) };
    (remoteness, wins)
}

/// [`fold_children`] for the chunk of children from `window` on, read by one masked load:
/// only the lanes `lo..=hi` are read (the others may be cells no one may read now, or past the
/// table), and only they fold in.
///
/// # Safety
/// The processor must have AVX-512F, BW and VL. The lanes `lo..=hi` of `window` must be cells
/// no thread writes meanwhile (the others are not accessed).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2")]
#[inline]
pub(super) unsafe fn fold_chunk_masked(
    window: *const u16,
    (lo, hi): (usize, usize),
    fastest: &mut [i16; LANES],
    slowest: &mut [i16; LANES],
) {
    use std::arch::x86_64::{
        _mm256_add_epi16, _mm256_loadu_si256, _mm256_mask_max_epi16, _mm256_mask_min_epi16,
        _mm256_mask_test_epi16_mask, _mm256_maskz_loadu_epi16, _mm256_set1_epi16, _mm256_storeu_si256,
    };
    let wanted = (0xFFFF_u32 << lo & 0xFFFF_u32 >> (LANES - 1 - hi)) as u16;
    let one = _mm256_set1_epi16(1);
    // SAFETY: the caller's: the masked load reads the wanted lanes only (and faults on none of
    // the others); the accumulators are whole `[i16; LANES]` arrays.
    unsafe {
        let children = _mm256_maskz_loadu_epi16(wanted, window.cast::<i16>());
        // Child remoteness + 1: odd exactly when the child is a loss.
        let r = _mm256_add_epi16(children, one);
        let through_loss = _mm256_mask_test_epi16_mask(wanted, r, one);
        let (f, s) =
            (_mm256_loadu_si256(fastest.as_ptr().cast()), _mm256_loadu_si256(slowest.as_ptr().cast()));
        _mm256_storeu_si256(fastest.as_mut_ptr().cast(), _mm256_mask_min_epi16(f, through_loss, f, r));
        _mm256_storeu_si256(slowest.as_mut_ptr().cast(), _mm256_mask_max_epi16(s, wanted, s, r));
    }
}

/// What the remoteness pass reads its children from.
pub(super) struct Tables<'a> {
    /// The tier below, finished.
    below: &'a [u16],
    /// The tier being solved.
    here: &'a [AtomicU16],
    /// The ranks of the block this thread solves: no other thread writes them meanwhile.
    block: &'a std::ops::Range<usize>,
    /// Whether a chunk's children are read by [`fold_chunk_masked`] (which the caller then
    /// inlines, compiled for AVX-512).
    masked: bool,
}

impl Tables<'_> {
    /// Folds the children of the move at `offset` into the accumulators of one chunk of a
    /// stretch of consecutive ranks (its first rank `first`): the positions `at..at + LANES`,
    /// of which the lanes `lo..=hi` are wanted. Lane `i` is position `at + i`, whose child is
    /// `at + i` cells past the child of position 0 (a rank only where the move is legal).
    #[inline(always)]
    pub(super) fn fold_chunk(
        &self,
        first: u64,
        offset: Offset,
        at: usize,
        (lo, hi): (usize, usize),
        fastest: &mut [i16; LANES],
        slowest: &mut [i16; LANES],
    ) {
        // The child of the chunk's lane 0: a rank, or (wrapping) a number below rank 0 or past
        // the table where the move is illegal there.
        let window = (first.wrapping_add(offset.delta) as usize).wrapping_add(at);
        #[cfg(target_arch = "x86_64")]
        if self.masked {
            let (cells, len) = if offset.below {
                (self.below.as_ptr(), self.below.len())
            } else {
                (self.here.as_ptr().cast::<u16>(), self.here.len())
            };
            // The masked load's memory safety rests on this, checked in every build: the wanted
            // lanes lie inside the table (one comparison a chunk).
            let (first_lane, last_lane) = (window.wrapping_add(lo), window.wrapping_add(hi));
            assert!(
                lo <= hi && hi < LANES && first_lane <= last_lane && last_lane < len,
                "a chunk's children {first_lane}..={last_lane} outside a table of {len}"
            );
            // SAFETY: `masked` is set only where the caller is compiled for AVX-512 and the
            // processor has it. The lanes `lo..=hi` of the window are children: ranks of the
            // table, solved (in the tier below, finished; or in this tier, by this thread or in
            // a block this one waited for, as below), and no thread writes them meanwhile.
            unsafe { fold_chunk_masked(cells.wrapping_add(window), (lo, hi), fastest, slowest) };
            return;
        }
        let wanted = window.wrapping_add(lo)..=window.wrapping_add(hi);
        let children = if offset.below {
            match window.checked_add(LANES).and_then(|end| self.below.get(window..end)) {
                Some(cells) => cells.try_into().expect("LANES cells"),
                None => exact_lanes(&self.below[wanted], lo),
            }
        } else if self.block.contains(&window) && self.block.end - window >= LANES {
            // SAFETY: the cells are of this thread's block, which no other thread writes while
            // this one solves it, and this thread writes none of them until the slice is gone
            // (the ones not yet solved are read as they are, and ignored).
            let cells = unsafe { unshared_cells(&self.here[window..window + LANES]) };
            cells.try_into().expect("LANES cells")
        } else {
            // Only the cells of the children, each an atomic load: a cell outside this thread's
            // block may be another thread's (the children themselves are solved, written once
            // before this thread read them as solved, which the dependency count's acquire
            // orders before this read).
            shared_lanes(&self.here[wanted], lo)
        };
        fold_children(&children, (lo, hi), fastest, slowest);
    }

    /// Writes the remoteness of lanes `0..=last` of a chunk of this thread's block, from rank
    /// `at` on.
    #[inline(always)]
    pub(super) fn store_chunk(&self, at: usize, remoteness: &[i16; LANES], last: usize) {
        let cells = &self.here[at..=at + last];
        // The plain store below races nothing only inside this thread's block: checked in every
        // build (one comparison a chunk).
        assert!(
            self.block.contains(&at) && self.block.contains(&(at + last)),
            "a chunk's store {at}..={} outside its thread's block {:?}",
            at + last,
            self.block
        );
        if let Ok(cells) = <&[AtomicU16; LANES]>::try_from(cells) {
            // SAFETY: the cells are of this thread's block, which no other thread reads or
            // writes while this one solves it: a plain store of the whole chunk races nothing.
            unsafe { cells.as_ptr().cast::<[i16; LANES]>().cast_mut().write_unaligned(*remoteness) };
        } else {
            for (cell, &r) in cells.iter().zip(remoteness) {
                cell.store(r as u16, Relaxed);
            }
        }
    }
}

/// A chunk of [`LANES`] cells holding `cells` from lane `lo` on (0 elsewhere).
#[inline(always)]
pub(super) fn exact_lanes(cells: &[u16], lo: usize) -> [u16; LANES] {
    let mut chunk = [0u16; LANES];
    // Lane by lane over the whole chunk, a fixed count the compiler unrolls: a copy of
    // `cells.len()` cells would be a call to `memmove`, which was some 4% of the remoteness
    // pass on two threads (whose blocks' edges take this path most).
    for (k, lane) in chunk.iter_mut().enumerate() {
        if let Some(&cell) = k.checked_sub(lo).and_then(|i| cells.get(i)) {
            *lane = cell;
        }
    }
    chunk
}

/// A chunk of [`LANES`] cells holding `cells`, loaded atomically, from lane `lo` on (0 elsewhere).
#[inline(always)]
pub(super) fn shared_lanes(cells: &[AtomicU16], lo: usize) -> [u16; LANES] {
    let mut chunk = [0u16; LANES];
    for (k, lane) in chunk.iter_mut().enumerate() {
        if let Some(cell) = k.checked_sub(lo).and_then(|i| cells.get(i)) {
            *lane = cell.load(Relaxed);
        }
    }
    chunk
}

/// The remoteness cells `cells` read as plain `u16`.
///
/// # Safety
/// No thread may write any of `cells` while the slice lives. (`AtomicU16` has the size,
/// alignment and bit validity of `u16`, so the cast itself is sound.)
#[inline(always)]
pub(super) unsafe fn unshared_cells(cells: &[AtomicU16]) -> &[u16] {
    // SAFETY: the layouts agree, and the caller promises that no write races these reads.
    unsafe { std::slice::from_raw_parts(cells.as_ptr().cast::<u16>(), cells.len()) }
}
