//! Runs of any length in any pass, and the scalar pass: position by position, outcomes and
//! remoteness (the check on the word and chunk passes).

use super::*;

impl Runs<'_> {
    compiled_twice! {
        /// Solves the run of `cursor` (counts fixed above 3), of any length, in any pass; returns
        /// its length. Out of line, so that the group loop of the outcome pass keeps only its
        /// one-word path inline.
        #[inline(never)]
        fn any_run / any_run_v3 / any_run_inline(
            cursor: &mut Cursor,
            scratch: &mut Scratch,
            terms: [u64; 4],
        ) -> u64
    }

    /// The body of [`Runs::any_run`], inlined into each of its compilations.
    #[inline(always)]
    pub(super) fn any_run_inline(&self, cursor: &mut Cursor, scratch: &mut Scratch, terms: [u64; 4]) -> u64 {
        let mut moves = [RunMove { offset: Offset::default(), from: 0, to: 0 }; 6];
        let (count, t_min, t_max) = self.run_moves(cursor, &scratch.group, terms, &mut moves);
        if cfg!(debug_assertions) && t_min < t_max {
            self.set_run_position(cursor, t_min);
            let own = self.offset(cursor, 1, &[1, -2, 1], false);
            debug_assert_eq!(own.delta, 1, "the run's own split goes one rank up");
        }
        let fixed = &cursor.fixed[..cursor.fixed_len];
        let moves = &moves[..count];
        let first = cursor.same[3];
        #[cfg(test)]
        if self.check_offsets {
            self.check_offsets(cursor, t_min, t_max, first);
        }
        let run = Run { first, t_min, t_max, fixed, moves };
        match self.pass {
            // With remoteness, the outcomes follow from it (odd exactly at wins): no word pass.
            Pass::Words if self.current.remoteness.is_some() => {
                self.run_remoteness(Run { fixed: &fixed[scratch.shared_moves..], ..run }, scratch, false)
            }
            Pass::Words => {
                let shared = Shared {
                    bits: &scratch.shared,
                    at: first.wrapping_sub(scratch.shared_first),
                    moves: scratch.shared_cover(cursor.c[4]),
                };
                self.run_in_words(
                    Run { fixed: &fixed[shared.moves..], ..run },
                    shared,
                    scratch.owned.clone(),
                );
            }
            Pass::Scalar => self.run_scalar(run),
        }
        (t_max - t_min + 1) as u64
    }

    /// The scalar pass over one run: position by position from the top, with remoteness.
    pub(super) fn run_scalar(&self, run: Run<'_>) {
        let Run { first, t_min, t_max, fixed, moves } = run;
        let remoteness_below = self.below.and_then(|t| t.remoteness);
        let remoteness_here = self.current.remoteness.as_deref();
        let child_remoteness = |offset: Offset, parent: u64| -> u32 {
            let r = parent.wrapping_add(offset.delta) as usize;
            if offset.below {
                remoteness_below.map_or(0, |t| u32::from(t[r]))
            } else {
                remoteness_here.map_or(0, |t| u32::from(t[r].load(Relaxed)))
            }
        };
        let tracked = remoteness_here.is_some();
        let (mut above_win, mut above_remoteness) = (false, 0u32);
        let (mut bits, mut held) = (0u64, 0);
        for t in (t_min..=t_max).rev() {
            let rank = first + (t - t_min) as u64;
            let (mut win, mut fastest, mut slowest, mut any) = (false, u32::MAX, 0u32, false);
            let mut child = |offset: Offset| {
                any = true;
                let loses = !self.child_wins(offset, rank);
                win |= loses;
                if tracked {
                    let r = child_remoteness(offset, rank);
                    if loses {
                        fastest = fastest.min(r);
                    }
                    slowest = slowest.max(r);
                }
            };
            for &offset in fixed {
                child(offset);
            }
            for mv in moves {
                if (mv.from..=mv.to).contains(&t) {
                    child(mv.offset);
                }
            }
            if t < t_max {
                // F2 ∧ F2 -> F1 ∧ F3: the position just above, solved a moment ago.
                any = true;
                win |= !above_win;
                if !above_win {
                    fastest = fastest.min(above_remoteness);
                }
                slowest = slowest.max(above_remoteness);
            }
            let remoteness = if !tracked || !any {
                0
            } else if win {
                fastest + 1
            } else {
                slowest + 1
            };
            if let Some(table) = remoteness_here {
                match u16::try_from(remoteness) {
                    Ok(v) => table[rank as usize].store(v, Relaxed),
                    Err(_) => self.overflow.store(true, Relaxed),
                }
            }
            (above_win, above_remoteness) = (win, remoteness);
            // Bits of ranks `rank..rank + held`, the lowest in bit 0, written 64 at a time.
            bits = bits << 1 | u64::from(win);
            held += 1;
            if held == 64 || t == t_min {
                self.current.set_bits(rank, bits);
                (bits, held) = (0, 0);
            }
        }
    }
}
