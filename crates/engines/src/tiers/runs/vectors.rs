//! The outcome pass's group loop eight runs at a time, with AVX-512F.
//!
//! The runs of a group are one per `c_4`, and everything [`Runs::group_in_words`] finds for a
//! run before it loads a child is a closed form of `c_4` and of the diagonal's counts carried
//! from the run above ([`GroupRuns`]). So eight consecutive values of `c_4` take the eight 64-bit
//! lanes of one register: their bounds and steps lane by lane, the diagonal's counts as prefix
//! sums across the lanes (three shifts and adds each), and from those every move's first child
//! rank, the bit of the run it goes to and the bits where it is legal. The runs then go one
//! after another, each with a few loads, its resolve and its store, and no arithmetic of its own
//! but a shift and a mask per move: about half the instructions of the run-by-run loop.
//!
//! The children stay plain loads, one word pair per move and run, rather than gathers: on Zen 4
//! the two gathers a move needs cost more than the eight pairs of loads they replace. A run's
//! `F3 ∧ F3` children are in the run solved just before it, whose outcomes are at hand.

use std::arch::x86_64::{
    __m512i, __mmask8, _mm512_add_epi64, _mm512_alignr_epi64, _mm512_and_si512, _mm512_cmpge_epi64_mask,
    _mm512_mask_cmpgt_epi64_mask, _mm512_maskz_max_epi64, _mm512_maskz_mov_epi64, _mm512_max_epi64,
    _mm512_permutexvar_epi64, _mm512_set1_epi64, _mm512_setr_epi64, _mm512_setzero_si512, _mm512_slli_epi64,
    _mm512_sllv_epi64, _mm512_srai_epi64, _mm512_storeu_epi64, _mm512_sub_epi64, _mm512_xor_si512,
};

use super::{
    load_atomic_bits, load_bits, resolve_by_deposit, Cursor, GroupRuns, GroupWords, Level, Runs, Scratch,
};

/// Runs taken at once: the 64-bit lanes of a 512-bit register.
const LANES: usize = 8;

/// All lanes `v`.
#[inline]
#[target_feature(enable = "avx512f")]
fn splat(v: i64) -> __m512i {
    _mm512_set1_epi64(v)
}

/// `!v`.
#[inline]
#[target_feature(enable = "avx512f")]
fn not(v: __m512i) -> __m512i {
    _mm512_xor_si512(v, splat(-1))
}

/// Lane `k` of `v` moved to lane `k + N` (`N` of 1, 2 or 4), zeros below.
#[inline]
#[target_feature(enable = "avx512f")]
fn shift_up<const N: usize>(v: __m512i) -> __m512i {
    let zero = _mm512_setzero_si512();
    match N {
        1 => _mm512_alignr_epi64::<7>(v, zero),
        2 => _mm512_alignr_epi64::<6>(v, zero),
        _ => _mm512_alignr_epi64::<4>(v, zero),
    }
}

/// The sums of lanes `0..=k` of `v` in lane `k`.
#[inline]
#[target_feature(enable = "avx512f")]
fn prefix_sums(v: __m512i) -> __m512i {
    let v = _mm512_add_epi64(v, shift_up::<1>(v));
    let v = _mm512_add_epi64(v, shift_up::<2>(v));
    _mm512_add_epi64(v, shift_up::<4>(v))
}

/// The lanes of a register, to read one by one.
#[inline]
#[target_feature(enable = "avx512f")]
fn lanes_of(v: __m512i) -> [u64; LANES] {
    let mut out = [0u64; LANES];
    // SAFETY: `out` has room for the eight lanes.
    unsafe { _mm512_storeu_epi64(out.as_mut_ptr().cast::<i64>(), v) };
    out
}

/// The run moves of a chunk's runs (lane by lane), as [`super::GroupRun::own_moves`] gives
/// them for each: the rank of the child of the move's `from`, the bit of the run that child
/// goes to (`from - t_min`), and the bits where the move is legal where its children do not say.
struct RunsOwnMoves {
    rank_11: [u64; LANES],
    at_11: [u64; LANES],
    legal_12: [u64; LANES],
    rank_23: [u64; LANES],
    /// Also that of `F3 ∧ F4`, legal from the same `t`.
    at_23: [u64; LANES],
    legal_23: [u64; LANES],
    rank_34: [u64; LANES],
    legal_34: [u64; LANES],
    rank_33: [u64; LANES],
    at_33: [u64; LANES],
    /// From the outcomes of the run one `c_4` up, solved just before: shifted down by
    /// `down_33`, then up by `up_33`, and legal at `legal_33`.
    down_33: [u64; LANES],
    up_33: [u64; LANES],
    legal_33: [u64; LANES],
    rank_44: [u64; LANES],
    legal_44: [u64; LANES],
}

/// The run one `c_4` up from the next, where its `F3 ∧ F3` children are.
#[derive(Clone, Copy)]
enum RunUp {
    /// Solved in this loop: its outcomes, bit `t - t_min`.
    Solved(u64),
    /// No positions there, so `F3 ∧ F3` is illegal in the next run.
    Empty,
    /// Solved run by run, its outcomes read back from the table.
    InTable,
}

impl Runs<'_> {
    /// [`Runs::group_in_words`] eight runs (eight values of `c_4`, from the highest down) at a
    /// time; a chunk with a run of 64 positions or more goes run by run, as there. Returns how
    /// many positions it solved.
    ///
    /// # Safety
    /// The processor must have AVX-512F and BMI2 (those of [`super::Isa::X86_64V4`]).
    #[target_feature(enable = "avx512f,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    pub(super) unsafe fn group_in_vectors(
        &self,
        cursor: &mut Cursor,
        scratch: &mut Scratch,
        level: &Level,
        words: &GroupWords<'_>,
    ) -> u64 {
        let runs = self.group_runs(cursor, level);
        let GroupRuns { m4, q4, first, minus, least, .. } = runs;
        #[cfg(test)]
        let mut reference = self.group_runs(cursor, level);
        let group = scratch.group;
        let mut above = runs.above.map(|v| splat(v as i64));
        let mut top_c = runs.c;
        let mut solved = 0;
        // The group's highest `c_4` has no run above it.
        let mut run_up = RunUp::Empty;
        let zero = _mm512_setzero_si512();
        let one = splat(1);
        while top_c >= least {
            let c = _mm512_sub_epi64(splat(top_c), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
            let active = _mm512_cmpge_epi64_mask(c, splat(least));
            // As `GroupRuns::next`, lane by lane: `m_3 = m_4 - 5 c_4`, `q_3 = q_4 - c_4`,
            // `x = m_3 - 2 q_3`, `d = m_3 - q_3`.
            let m3 = _mm512_sub_epi64(splat(m4), _mm512_add_epi64(_mm512_slli_epi64::<2>(c), c));
            let q3 = _mm512_sub_epi64(splat(q4), c);
            let d = _mm512_sub_epi64(m3, q3);
            let x = _mm512_sub_epi64(d, q3);
            let t_min = _mm512_max_epi64(x, zero);
            let t_max = _mm512_srai_epi64::<1>(d);
            let t_min_1 = _mm512_max_epi64(_mm512_add_epi64(x, one), zero);
            let t_min_2 = _mm512_max_epi64(_mm512_add_epi64(x, splat(2)), zero);
            let up_half = _mm512_srai_epi64::<1>(_mm512_add_epi64(d, one));
            // The steps down the diagonal (0 past the last `c_4`).
            let step = |high: __m512i, low: __m512i, plus: i64| {
                _mm512_maskz_max_epi64(
                    active,
                    _mm512_add_epi64(_mm512_sub_epi64(high, low), splat(plus)),
                    zero,
                )
            };
            let steps = [
                step(t_max, t_min, 1),
                step(up_half, t_min_2, 1),
                step(t_max, t_min_1, 2),
                step(up_half, t_min, 1),
                step(t_max, t_min_2, 2),
            ];
            let here: [__m512i; 5] =
                std::array::from_fn(|k| _mm512_add_epi64(above[k], prefix_sums(steps[k])));
            let up: [__m512i; 5] = std::array::from_fn(|k| _mm512_sub_epi64(here[k], steps[k]));
            let width = steps[0];
            let runs = _mm512_mask_cmpgt_epi64_mask(active, width, zero);
            if _mm512_mask_cmpgt_epi64_mask(runs, width, splat(63)) != 0 {
                // A long run: this chunk's runs one by one.
                let mut chunk = GroupRuns {
                    m4,
                    q4,
                    first,
                    minus,
                    above: std::array::from_fn(|k| lanes_of(above[k])[0]),
                    c: top_c,
                    least: least.max(top_c - (LANES as i64 - 1)),
                };
                for run in chunk.by_ref() {
                    #[cfg(test)]
                    assert_eq!(reference.next().map(|r| r.map(|r| r.first)), Some(run.map(|r| r.first)));
                    let Some(run) = run else { continue };
                    solved += self.group_run(cursor, scratch, level, words, &run);
                }
                above = chunk.above.map(|v| splat(v as i64));
                top_c -= LANES as i64;
                run_up = RunUp::InTable;
                continue;
            }
            let run_first = _mm512_sub_epi64(splat(first as i64), here[0]);
            let all_if = |lanes: __mmask8| _mm512_maskz_mov_epi64(lanes, splat(-1));
            let group_term = |term: u64| splat(term as i64);
            // The group's shared bits, and `F5 ∧ F5`, for the whole run.
            let shared_lanes = if words.shared_above {
                runs
            } else if words.shared_combine_4 {
                runs & _mm512_cmpge_epi64_mask(c, one)
            } else {
                0
            };
            let shared_at = lanes_of(_mm512_sub_epi64(run_first, splat(words.same_4 as i64)));
            let split_55 = level.split.map(|split| {
                let between = _mm512_sub_epi64(steps[2], steps[0]);
                let delta = _mm512_add_epi64(
                    _mm512_sub_epi64(_mm512_add_epi64(splat(split as i64), between), here[2]),
                    here[0],
                );
                lanes_of(_mm512_add_epi64(run_first, delta))
            });
            // The run's own moves, as `GroupRun::own_moves` writes them out: each one's first
            // child's rank, the bit of the run it goes to (`from - t_min`) and where it is legal.
            let from_23 = _mm512_max_epi64(x, one);
            // `(d - 1) / 2`, where `c_2 >= 1` stops: the top bit cleared where `d` is even.
            let d_even = _mm512_xor_si512(_mm512_and_si512(d, one), one);
            let below_c2_end = not(_mm512_sllv_epi64(d_even, _mm512_sub_epi64(width, one)));
            // F3 ∧ F3 reaches the run one `c_4` up, whose lowest `t` is `max(0, x - 3)`: bit `i`
            // of the run is the child of its bit `i + shift_33`.
            let at_33 = _mm512_sub_epi64(_mm512_max_epi64(x, splat(2)), t_min);
            let shift_33 = _mm512_sub_epi64(
                _mm512_sub_epi64(t_min, splat(2)),
                _mm512_max_epi64(_mm512_sub_epi64(x, splat(3)), zero),
            );
            let moves = RunsOwnMoves {
                // F1 ∧ F1 -> F2, and F1 ∧ F2 -> F3 from the same word one bit down.
                rank_11: lanes_of(_mm512_sub_epi64(splat(minus as i64), here[1])),
                at_11: lanes_of(_mm512_sub_epi64(t_min_2, t_min)),
                legal_12: lanes_of(_mm512_and_si512(
                    _mm512_sllv_epi64(splat(-1), _mm512_sub_epi64(t_min_1, t_min)),
                    below_c2_end,
                )),
                // F2 ∧ F3 -> F4 and F3 ∧ F4 -> F5, from the same `t`.
                rank_23: lanes_of(_mm512_sub_epi64(group_term(group.f2_f3), up[1])),
                at_23: lanes_of(_mm512_sub_epi64(from_23, t_min)),
                legal_23: lanes_of(below_c2_end),
                rank_34: lanes_of(_mm512_sub_epi64(group_term(group.f3_f4), up[4])),
                legal_34: lanes_of(all_if(_mm512_cmpge_epi64_mask(c, one))),
                // F3 ∧ F3 -> F1 ∧ F4 (read back only after a chunk solved run by run).
                rank_33: lanes_of(_mm512_add_epi64(
                    _mm512_sub_epi64(group_term(group.f3_f3), up[0]),
                    _mm512_maskz_mov_epi64(_mm512_cmpge_epi64_mask(x, splat(3)), one),
                )),
                at_33: lanes_of(at_33),
                legal_33: lanes_of(_mm512_sllv_epi64(splat(-1), at_33)),
                down_33: lanes_of(_mm512_max_epi64(shift_33, zero)),
                up_33: lanes_of(_mm512_max_epi64(_mm512_sub_epi64(zero, shift_33), zero)),
                // F4 ∧ F4 -> F2 ∧ F5.
                rank_44: lanes_of(_mm512_sub_epi64(group_term(group.f4_f4), here[3])),
                legal_44: lanes_of(all_if(_mm512_cmpge_epi64_mask(c, splat(2)))),
            };
            let (run_first, width) = (lanes_of(run_first), lanes_of(width));
            let (below, here_table) = (words.below, words.here);
            for k in 0..LANES {
                if runs >> k & 1 == 0 {
                    #[cfg(test)]
                    if top_c - (k as i64) >= least {
                        assert!(
                            reference.next().is_some_and(|run| run.is_none()),
                            "c_4 = {}",
                            top_c - k as i64
                        );
                    }
                    run_up = RunUp::Empty;
                    continue;
                }
                let mut losing_child = 0;
                if shared_lanes >> k & 1 == 1 {
                    losing_child = load_bits(&scratch.shared, shared_at[k]);
                }
                if let Some(split_55) = &split_55 {
                    losing_child |= !load_atomic_bits(here_table, split_55[k]);
                }
                let combine_11 = !load_atomic_bits(below, moves.rank_11[k]) << moves.at_11[k];
                let combine_12 = (combine_11 >> 1) & moves.legal_12[k];
                let combine_23 =
                    (!load_atomic_bits(below, moves.rank_23[k]) << moves.at_23[k]) & moves.legal_23[k];
                let combine_34 =
                    (!load_atomic_bits(below, moves.rank_34[k]) << moves.at_23[k]) & moves.legal_34[k];
                let split_44 = !load_atomic_bits(here_table, moves.rank_44[k]) & moves.legal_44[k];
                losing_child |= combine_11 | combine_12 | combine_23 | combine_34 | split_44;
                #[cfg(test)]
                {
                    let run = reference.next().flatten().expect("the reference has the run");
                    self.check_group_run(cursor, level, &run);
                    let all = u64::MAX >> (64 - width[k]);
                    assert_eq!((run.first, (run.t_max - run.t_min + 1) as u64), (run_first[k], width[k]));
                    let own = run.own_moves(&group);
                    let expected = self.run_losing_children(scratch, level, words, &run, &own);
                    assert_eq!(losing_child & all, expected & all, "c_4 = {}", run.c);
                    assert_eq!(
                        (own.split_33.rank, own.split_33.from - run.t_min),
                        (moves.rank_33[k], moves.at_33[k] as i64)
                    );
                }
                let split_33 = match run_up {
                    RunUp::Solved(wins) => !(wins >> moves.down_33[k] << moves.up_33[k]) & moves.legal_33[k],
                    RunUp::Empty => 0,
                    RunUp::InTable => !load_atomic_bits(here_table, moves.rank_33[k]) << moves.at_33[k],
                };
                let wins = resolve_by_deposit(losing_child | split_33, width[k] as u32);
                self.current.set_owned_bits(run_first[k], wins, &scratch.owned);
                run_up = RunUp::Solved(wins);
                solved += width[k];
            }
            // The diagonal's counts at the chunk's last `c_4`, for the next chunk.
            above = here.map(|v| _mm512_permutexvar_epi64(splat(LANES as i64 - 1), v));
            top_c -= LANES as i64;
        }
        solved
    }
}
