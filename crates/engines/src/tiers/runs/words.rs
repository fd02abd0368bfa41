//! The outcome word pass: 64 positions at a time, every move's child bits loaded at its constant
//! offset and ORed together, then the run's own move resolved down the word.

use super::*;

impl Runs<'_> {
    /// The group loop of the outcome pass ([`Runs::group`]), with the one-word path of a run
    /// written out.
    ///
    /// A run of at most 63 positions (nearly every run: 99.7% of them at n = 400) is one word,
    /// each move's children ORed in as the move is found, then the run's own move resolved. Its
    /// moves are those of [`Runs::for_each_run_move`], written out by [`GroupRun::own_moves`]
    /// without the cursor (which only a longer run, solved by [`Runs::any_run`], sets).
    ///
    /// Each own move is the same few instructions and no branch: its children's word loaded from
    /// the child of its `from`, shifted up to bit `from - t_min` (0 to 2) and masked to where it
    /// is legal. The masks need no bounds but those of the run:
    /// - A move legal from `from` to the run's top needs none: `!children << (from - t_min)` is 0
    ///   below `from`, and the resolve ignores the bits past the top (so a move with `from` past
    ///   the top, illegal for the whole run, adds nothing).
    /// - `F1 ∧ F2` and `F2 ∧ F3` need `c_2 >= 1`, so they stop at `(d - 1) / 2`: the top itself
    ///   where `d` is odd, one below it where `d` is even.
    /// - `F3 ∧ F4` and `F4 ∧ F4` need `c_4 >= 1` and `c_4 >= 2`, the same for the whole run.
    ///
    /// Where a move is illegal for the whole run its child's rank means nothing: the load then
    /// reads some word of the table (or 0 past its end), and the mask drops it.
    ///
    /// `F1 ∧ F2` at `t` reaches the `F1 ∧ F1` child of `t + 1` (the same child run, one further
    /// up), so its word is that of `F1 ∧ F1` moved down one bit; that holds even where `F1 ∧ F1`
    /// is illegal at the top (the child run reaches one higher than the run where `d` is odd).
    /// `F3 ∧ F3` reaches the run one `c_4` up, solved just before in this tier, and reads it back
    /// from the table.
    ///
    /// Where the processor has AVX-512F ([`Isa::X86_64V4`]) the same moves go eight runs at a
    /// time, by [`Runs::group_in_vectors`]; this loop is then its path for a chunk of runs with
    /// one of 64 positions or more.
    #[inline(always)]
    pub(super) fn group_in_words(&self, cursor: &mut Cursor, scratch: &mut Scratch, level: &Level) -> u64 {
        let words = GroupWords {
            // The first tier has no tier below, and no combine is legal in it.
            below: self.below.map_or(&[][..], |t| t.wins),
            here: &self.current.wins[..],
            same_4: cursor.same[4],
            shared_above: scratch.shared_moves > 0,
            shared_combine_4: scratch.shared_combine_4,
            deposit: self.isa.has_fast_deposit(),
        };
        #[cfg(target_arch = "x86_64")]
        if self.isa == Isa::X86_64V4 {
            // SAFETY: `Isa::X86_64V4` is chosen only where the processor has AVX-512F and BMI2.
            return unsafe { self.group_in_vectors(cursor, scratch, level, &words) };
        }
        self.group_runs(cursor, level)
            .flatten()
            .map(|run| self.group_run(cursor, scratch, level, &words, &run))
            .sum()
    }

    /// One run of [`Runs::group_in_words`]: in one word where it has at most 63 positions, by
    /// [`Runs::any_run`] otherwise. Returns its length.
    #[inline(always)]
    pub(super) fn group_run(
        &self,
        cursor: &mut Cursor,
        scratch: &mut Scratch,
        level: &Level,
        words: &GroupWords<'_>,
        run: &GroupRun,
    ) -> u64 {
        if run.t_max - run.t_min >= 63 {
            let fixed_len = cursor.fixed_len;
            self.fix_by(cursor, 4, run.c, level, run.fix_terms());
            let solved = self.any_run(cursor, scratch, run.terms());
            cursor.fixed_len = fixed_len;
            return solved;
        }
        #[cfg(test)]
        self.check_group_run(cursor, level, run);
        let moves = run.own_moves(&scratch.group);
        let losing_child = self.run_losing_children(scratch, level, words, run, &moves);
        // F3 ∧ F3 -> F1 ∧ F4: the run one `c_4` up, solved just before, read back from the table.
        let split_33 = losing_from(words.here, moves.split_33, run.t_min);
        let width = (run.t_max - run.t_min + 1) as u32;
        let wins = resolve_short_run(losing_child | split_33, width, words.deposit);
        self.current.set_owned_bits(run.first, wins, &scratch.owned);
        u64::from(width)
    }

    /// Whether a move of a run of at most 63 positions reaches a losing child, bit `t - t_min`,
    /// for every move but the run's own `F2 ∧ F2` and `F3 ∧ F3` (whose children are in the run
    /// solved just before); `moves` from [`GroupRun::own_moves`].
    #[inline(always)]
    pub(super) fn run_losing_children(
        &self,
        scratch: &Scratch,
        level: &Level,
        words: &GroupWords<'_>,
        run: &GroupRun,
        moves: &RunOwnMoves,
    ) -> u64 {
        let &GroupRun { c, d, t_min, t_max, first, .. } = run;
        let width = (t_max - t_min + 1) as u32;
        let mut losing_child = if words.shared_above || (words.shared_combine_4 && c >= 1) {
            load_bits(&scratch.shared, first - words.same_4)
        } else {
            0
        };
        if let Some(delta) = run.split_55(level) {
            losing_child |= !load_atomic_bits(words.here, first.wrapping_add(delta));
        }
        let losing = |table: &[AtomicU64], children: RunChildren| losing_from(table, children, t_min);
        // All ones where the condition holds, for the whole run.
        let all_if = |condition: bool| 0u64.wrapping_sub(u64::from(condition));
        // `(d - 1) / 2`, where `c_2 >= 1` stops: the top bit cleared where `d` is even.
        let below_c2_end = !(u64::from(d & 1 == 0) << (width - 1));
        // F1 ∧ F1 -> F2, and F1 ∧ F2 -> F3 from the same word one bit down.
        let combine_11 = losing(words.below, moves.combine_11);
        let combine_12 = (combine_11 >> 1) & (u64::MAX << (moves.combine_12.from - t_min));
        // F2 ∧ F3 -> F4, F3 ∧ F4 -> F5.
        let combine_23 = losing(words.below, moves.combine_23);
        let combine_34 = losing(words.below, moves.combine_34) & all_if(c >= 1);
        // F4 ∧ F4 -> F2 ∧ F5.
        let split_44 = losing(words.here, moves.split_44) & all_if(c >= 2);
        losing_child | ((combine_12 | combine_23) & below_c2_end) | combine_11 | combine_34 | split_44
    }

    /// For the positions sharing the counts above index 4 of `cursor` (consecutive ranks, runs
    /// one after another), whether a move fixed so far reaches a losing child: those moves are
    /// legal at every such position and their children sit at one offset for all of them, so
    /// one word pass over the group serves each of its runs. So does `level.combine`, the
    /// combine `F4 ∧ F5 -> F6` where `c_5 >= 1`, at all but the positions with `c_4 = 0` (the
    /// group's lowest ranks, the run of `m_3 = m_4` and `q_3 = q_4`). (`level.same`, the group's
    /// `Q(4, m_4, q_4)`, is its number of positions.)
    #[inline(always)]
    pub(super) fn share_fixed_moves(&self, cursor: &Cursor, scratch: &mut Scratch, level: &Level) {
        let (first, len, combine_4) = (cursor.same[4], level.same, level.combine);
        let words = len.div_ceil(64) as usize;
        refill(&mut scratch.shared, words, 0);
        // Each move with the first position of the group where it is legal: `combine_4` from
        // the first with `c_4 = 1` on (and loaded from there: the children of the positions
        // below may lie before the table's start).
        let fixed = cursor.fixed[..cursor.fixed_len].iter().map(|&offset| (offset, 0));
        let combine = combine_4.map(|offset| (offset, q_at_3(cursor.m[4], cursor.q[4])));
        for (offset, legal_from) in fixed.chain(combine) {
            for (k, word) in scratch.shared.iter_mut().enumerate() {
                let from = legal_from.max(64 * k as u64);
                if from < len.min(64 * k as u64 + 64) {
                    let skip = from - 64 * k as u64;
                    *word |= !self.child_bits(offset, first + from) << skip;
                }
            }
        }
        scratch.shared_first = first;
        scratch.shared_moves = cursor.fixed_len;
        scratch.shared_combine_4 = combine_4.is_some();
    }

    /// The outcome bit of a child.
    #[inline(always)]
    pub(super) fn child_wins(&self, offset: Offset, parent: u64) -> bool {
        let r = parent.wrapping_add(offset.delta);
        if offset.below {
            self.below.expect("a combine leads to the tier below").is_win(r)
        } else {
            self.current.is_win(r)
        }
    }

    /// 64 child bits for the parents from rank `parent` up.
    #[inline(always)]
    pub(super) fn child_bits(&self, offset: Offset, parent: u64) -> u64 {
        let start = parent.wrapping_add(offset.delta);
        if offset.below {
            let wins = self.below.expect("a combine leads to the tier below").wins;
            load_atomic_bits(wins, start)
        } else {
            let wins = &self.current.wins;
            load_atomic_bits(wins, start)
        }
    }

    /// The word pass over one run: 64 positions at a time from the top.
    /// No other thread writes the words `owned` meanwhile.
    #[inline(always)]
    pub(super) fn run_in_words(&self, run: Run<'_>, shared: Shared<'_>, owned: std::ops::Range<usize>) {
        let Run { first, t_min, t_max, fixed, moves } = run;
        // The outcome of the position above the chunk's top one, through the run's own move;
        // "win" at the top of the run makes `!above` false there, where the move is illegal.
        let mut above = true;
        let mut hi = t_max;
        loop {
            let lo = (hi - 63).max(t_min);
            let width = hi - lo + 1;
            let rank = first + (lo - t_min) as u64;
            let all = bit_range(0, (width - 1) as u32);
            let mut losing_child = match shared.moves {
                0 => 0,
                _ => load_bits(shared.bits, shared.at + (lo - t_min) as u64),
            };
            for &offset in fixed {
                losing_child |= !self.child_bits(offset, rank);
            }
            losing_child &= all;
            for mv in moves {
                let (from, to) = (mv.from.max(lo), mv.to.min(hi));
                if from <= to {
                    let bits = self.child_bits(mv.offset, rank + (from - lo) as u64);
                    losing_child |= (!bits << (from - lo)) & bit_range((from - lo) as u32, (to - lo) as u32);
                }
            }
            let (wins, lowest) = resolve_own_move(losing_child, width as u32, above);
            above = lowest;
            self.current.set_owned_bits(rank, wins, &owned);
            if lo == t_min {
                break;
            }
            hi = lo - 1;
        }
    }
}

/// Whether a run's own move reaches a losing child, from the child of its `from` on, at bit
/// `from - t_min` of the run's word (0 below `from`; where the move is illegal past `from` the
/// caller masks the bits).
#[inline(always)]
pub(super) fn losing_from(table: &[AtomicU64], children: RunChildren, t_min: i64) -> u64 {
    !load_atomic_bits(table, children.rank) << (children.from - t_min)
}

/// 64 bits of a bit table from bit `start` on (bits past the end read as 0): the word of
/// `start` and the next, with one bounds check for the two.
#[inline(always)]
pub(super) fn load_bits(words: &[u64], start: u64) -> u64 {
    let (i, shift) = ((start / 64) as usize, (start % 64) as u32);
    match words.get(i..i + 2) {
        Some(&[low, high]) => funnel(low, high, shift),
        // The table's last word: nothing past it.
        _ => words.get(i).map_or(0, |word| word >> shift),
    }
}

/// Bits `shift..shift + 64` of the 128-bit number `high:low` (`shift` below 64), by two plain
/// shifts rather than a double-width one (`shrd`, slow on some processors); `high << 1 << (63 -
/// shift)` is 0 at `shift = 0`, where a single shift by 64 would overflow.
#[inline(always)]
pub(super) fn funnel(low: u64, high: u64, shift: u32) -> u64 {
    low >> shift | (high << 1) << (63 - shift)
}

/// [`load_bits`] of a table being written (relaxed loads: the bits read are of solved positions,
/// and those of positions still being solved are masked off by the caller).
#[inline(always)]
pub(super) fn load_atomic_bits(words: &[AtomicU64], start: u64) -> u64 {
    let (i, shift) = ((start / 64) as usize, (start % 64) as u32);
    match words.get(i..i + 2) {
        Some([low, high]) => funnel(low.load(Relaxed), high.load(Relaxed), shift),
        _ => words.get(i).map_or(0, |word| word.load(Relaxed) >> shift),
    }
}

/// The outcomes of `width` (1 to 64) consecutive positions of a run, lowest rank in bit 0, from
/// `losing_child` (whether a move other than the run's own reaches a losing child) and whether
/// the position above the top one wins (`true` at the run's top, where the own move is illegal):
/// `win(t) = w(t) | !win(t + 1)`. Gives the outcomes (bits of `width` only) and whether the
/// lowest position wins.
///
/// Below a win, positions with no losing child alternate loss, win, loss, ...: such a position
/// wins exactly when its parity is that of the nearest position `s` above it with `w(s)` set (or
/// of the virtual win just above the top). That parity is carried down the word in doubling steps,
/// each filling the positions whose nearest set bit is up to twice as far: a few shifts and no
/// table, where a bit-by-bit or byte-by-byte loop would wait on each step in turn.
#[inline(always)]
pub(crate) fn resolve_own_move(losing_child: u64, width: u32, above: bool) -> (u64, bool) {
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let all = u64::MAX >> (64 - width);
    let top = 1u64 << (width - 1);
    // The top position wins outright when the one above it loses.
    let w = (losing_child & all) | if above { 0 } else { top };
    // Where the nearest set bit at or above is known, and whether it is odd: first at the set
    // bits and at the virtual one above the top (outside the word when `width` is 64: positions
    // that see no set bit then keep "even", the parity of bit 64).
    let mut known = w | (top << 1);
    let mut odd = known & ODD;
    // Six steps reach 63 positions down, as far as any run of the one-word path needs: a fixed
    // count, where a loop to `width` would end on a branch that a run's length decides.
    for k in [1, 2, 4, 8, 16, 32] {
        odd |= (odd >> k) & !known;
        known |= known >> k;
    }
    let wins = (w | !(odd ^ ODD)) & all;
    (wins, wins & 1 == 1)
}

/// [`resolve_own_move`] for a whole run of at most 63 positions (`width` from 1 to 63, the top
/// position's own move illegal): by bit extract and deposit where those are fast (`deposit`,
/// from [`Isa::X86_64V3FastDeposit`] and [`Isa::X86_64V4`]), by the doubling steps otherwise.
#[inline(always)]
pub(crate) fn resolve_short_run(losing_child: u64, width: u32, deposit: bool) -> u64 {
    debug_assert!((1..64).contains(&width));
    #[cfg(target_arch = "x86_64")]
    if deposit {
        // SAFETY: `deposit` comes from `Isa::X86_64V3FastDeposit` or `Isa::X86_64V4`, chosen only
        // where BMI2 is.
        return unsafe { resolve_by_deposit(losing_child, width) };
    }
    let _ = deposit;
    resolve_own_move(losing_child, width, true).0
}

/// [`resolve_own_move`] for any word (`width` from 1 to 64, `above`: whether the position above
/// the top one wins), by bit extract and deposit where those are fast (`deposit`), by the
/// doubling steps otherwise. Gives the outcomes and whether the lowest position wins.
#[inline(always)]
pub(crate) fn resolve_word(losing_child: u64, width: u32, above: bool, deposit: bool) -> (u64, bool) {
    debug_assert!((1..=64).contains(&width));
    #[cfg(target_arch = "x86_64")]
    if deposit {
        // The top position wins outright when the one above it loses; otherwise the virtual win
        // above the top (bit `width`, or none inside the word when it is 64, whose parity is
        // even as bit 64's is) decides the positions above the highest losing child.
        let top = 1u64 << (width - 1);
        let w = losing_child | if above { 0 } else { top };
        // SAFETY: `deposit` comes from `Isa::X86_64V3FastDeposit` or `Isa::X86_64V4`, chosen only
        // where BMI2 is.
        let wins = unsafe { resolve_by_deposit_any(w, width) };
        return (wins, wins & 1 == 1);
    }
    let _ = deposit;
    resolve_own_move(losing_child, width, above)
}

/// [`resolve_by_deposit`] for `width` 1 to 64, the virtual win just above the top: at bit
/// `width` inside the word, or outside it (and even, as bit 64 is) when `width` is 64.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn resolve_by_deposit_any(losing_child: u64, width: u32) -> u64 {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let all = u64::MAX >> (64 - width);
    let w = losing_child & all;
    let set = w | 1u64.checked_shl(width).unwrap_or(0);
    let odd = set & ODD;
    let flags = _pext_u64(odd, set);
    let below_odd = _pdep_u64(flags >> 1, set);
    let nearest_odd = (odd << 1).wrapping_sub(below_odd << 1).wrapping_sub(flags & 1);
    !(nearest_odd ^ ODD) & all
}

/// [`resolve_short_run`] by bit extract and deposit: a few instructions and no chain of steps.
///
/// As in [`resolve_own_move`], a position wins exactly when its parity is that of the nearest
/// set bit `s` at or above it, among the positions with a losing child (`w`) and the virtual win
/// just above the top (bit `width`, inside the word). So the positions between consecutive set
/// bits `j < k` (`j + 1 ..= k`, and `0 ..= k` below the lowest) take the parity of `k`. For the
/// odd set bits `k`, those are the bits `2^(k+1) - 2^(j+1)` (`2^(k+1) - 1` for the lowest): the
/// set bits `j` just below odd ones are the odd-flags of the set bits, extracted in order
/// (`pext`), shifted down one place and deposited back (`pdep`). Summed over every odd `k`, in
/// wrapping arithmetic (`k + 1` may be 64), that marks the positions whose `s` is odd.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(super) fn resolve_by_deposit(losing_child: u64, width: u32) -> u64 {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let all = u64::MAX >> (64 - width);
    let w = losing_child & all;
    let set = w | 1 << width;
    let odd = set & ODD;
    // Bit r: whether the r-th set bit (from the lowest) is odd.
    let flags = _pext_u64(odd, set);
    // The set bits whose next set bit up is odd.
    let below_odd = _pdep_u64(flags >> 1, set);
    let nearest_odd = (odd << 1).wrapping_sub(below_odd << 1).wrapping_sub(flags & 1);
    // (A set bit is its own nearest, so it wins: no need to OR `w` back in.)
    !(nearest_odd ^ ODD) & all
}

impl Current {
    /// [`Current::set_bits`] where no other thread writes the words `owned` meanwhile: those
    /// take a plain load and store rather than an atomic OR, which costs a locked instruction.
    #[inline(always)]
    pub(super) fn set_owned_bits(&self, rank: u64, bits: u64, owned: &std::ops::Range<usize>) {
        let (i, shift) = ((rank / 64) as usize, (rank % 64) as u32);
        if i >= owned.start && i + 1 < owned.end {
            // Both words this thread's own (nearly always): no branch on what the bits are.
            let (low, high) = (&self.wins[i], &self.wins[i + 1]);
            low.store(low.load(Relaxed) | bits << shift, Relaxed);
            high.store(high.load(Relaxed) | (bits >> 1) >> (63 - shift), Relaxed);
            return;
        }
        if bits == 0 {
            return;
        }
        let or_into = |i: usize, bits: u64| {
            let word = &self.wins[i];
            if owned.contains(&i) {
                word.store(word.load(Relaxed) | bits, Relaxed);
            } else {
                word.fetch_or(bits, Relaxed);
            }
        };
        or_into(i, bits << shift);
        if shift != 0 && bits >> (64 - shift) != 0 {
            or_into(i + 1, bits >> (64 - shift));
        }
    }

    /// ORs `bits` into the table at ranks `rank..rank + 64`.
    pub(in crate::tiers) fn set_bits(&self, rank: u64, bits: u64) {
        if bits == 0 {
            return;
        }
        let (i, shift) = ((rank / 64) as usize, rank % 64);
        self.wins[i].fetch_or(bits << shift, Relaxed);
        if shift != 0 && bits >> (64 - shift) != 0 {
            self.wins[i + 1].fetch_or(bits >> (64 - shift), Relaxed);
        }
    }
}
