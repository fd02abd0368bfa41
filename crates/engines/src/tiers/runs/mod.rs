//! The fast sweep over one tier: positions taken a run at a time, every child at a constant rank
//! offset, and outcomes found 64 at a time with word operations.
//!
//! **Runs.** Fix the counts at indices `>= 4` and the parts `q_3` and sum `m_3` left at indices
//! `<= 3`. Inside a tier the remaining counts follow from `t = c_3` alone: with `d = m_3 - q_3`,
//! `c_2 = d - 2t` and `c_1 = q_3 - d + t`, so the positions are `t` in `max(0, m_3 - 2 q_3) ..=
//! d / 2`, a run of consecutive ranks `same_3 + (t - t_min)` (the rank's term at index 3 counts
//! the positions of the run with a smaller `c_3`; the term at index 2 is always 0 in a tier).
//!
//! **Constant offsets.** A child's rank is the parent's terms above the highest index the move
//! touches (in the parent's tier for a split, the tier below for a combine), the terms of the
//! touched indices, and the parent's own terms below them. Over a run only the terms at indices
//! `<= 3` change, and every move shifts `c_3` by a constant and leaves the counts above 3 fixed
//! (or shifts them by a constant), so the child lands in a run of its own at a constant distance:
//! child rank minus parent rank is one number per move and run ([`Runs::offset`] finds it
//! from the terms that change, without ranking anything). Whether a move is legal depends on
//! `t` through `c_1, c_2, c_3 >= 1 or 2`: a range of `t`. Moves at index 5 and above are legal
//! for the whole run and their offsets depend only on counts above the run: they are found once,
//! when those counts are fixed, as in the flat solver's cursor.
//!
//! **Inside a run.** The only move from a run into itself is `F2 ∧ F2 -> F1 ∧ F3` (`t + 1`, the
//! next rank up), legal for every position but the top one. Every other child is in a higher run
//! of the same tier (solved earlier) or in the tier below. So the word pass takes 64 positions
//! at once: for each move, 64 consecutive child bits (`!child & legal` says "this move reaches
//! a losing child"), ORed together; then the run's own move, `win(t) = w(t) | !win(t + 1)`, is
//! resolved by carrying parities down the word in doubling steps ([`resolve_own_move`]), or by
//! bit extract and deposit where those are fast ([`resolve_by_deposit`]). A run of at most 63
//! positions (nearly all of them) is one word, each move ORed in as it is found, its moves
//! written out from the run's bounds in the group loop ([`Runs::group_in_words`]), each a load,
//! a shift and a mask with no branch (`F1 ∧ F2` takes the `F1 ∧ F1` word itself, one bit down).
//! Where AVX-512F is, the loop takes eight runs at once ([`Runs::group_in_vectors`], in
//! `vectors.rs`): their bounds and child ranks in the lanes of one register, then each run's
//! loads and resolve, with `F3 ∧ F3` from the outcomes of the run solved just before.
//! The scalar pass does the same position by position (and keeps remoteness); both are tested
//! against the reference sweep that ranks every child from scratch.
//!
//! **Groups.** The runs sharing the counts above index 4 (a group) are consecutive in rank, one
//! run for each `c_4`. Moves fixed above index 4 are legal at every position of the group and
//! their children sit at one offset for all of it, so one word pass over the whole group serves
//! its runs ([`Runs::share_fixed_moves`]; so does `F4 ∧ F5`, at every position with `c_4 >= 1`);
//! each run then reads only its own moves. The counts `Q(4, m, q)` the runs' offsets need lie
//! along the recurrence's diagonal as `c_4` steps, and are carried from run to run
//! ([`Runs::group_runs`]); the group's own terms take twenty table reads, each once
//! ([`Runs::group_level`]); the loop over `c_5` above them carries its counts at index 5 down
//! the same way ([`Runs::groups`]). Each pass has its group loop, which writes a run's moves out from the
//! run's bounds ([`GroupRun::own_moves`]): no cursor is set for a run, but for the rare run of 64
//! positions or more in the outcome pass, which the general run path solves.
//!
//! **Remoteness.** Remoteness is odd exactly at wins, so a child's remoteness says whether it is
//! a loss: the remoteness pass reads no outcome bits. It takes a run 16 positions (a chunk) at a
//! time from the top chunk down, as signed 16-bit lanes with no branch (SSE2 has min and max for
//! those, not for unsigned or 32-bit lanes): every move's children folded into the chunk's least
//! losing and greatest child remoteness, held in registers through all the moves, then the
//! run's own move through the chunk ([`Runs::run_remoteness`]). Where AVX2 is, the own move goes
//! by a scan rather than position by position: outcomes first by the word resolve, then each
//! position's remoteness as a clamp of the one above, composed across the chunk in four doubling
//! steps ([`own_move_scan`]). Where AVX-512 BW is, each chunk of children is one masked load of
//! exactly the children's cells ([`fold_chunk_masked`]), without the checks that keep a plain
//! load inside the table and off cells another thread may be writing.
//!
//! **Both cores.** On several threads a tier is cut into the blocks of its plan (`shares.rs`:
//! the positions sharing the counts above some index, consecutive ranks), and a block can start
//! as soon as every block its splits reach is solved: a count per block of those still unsolved,
//! no wave barriers; the threads take the ready block first in the plan. Inside a block, runs go
//! in decreasing rank order, as in the reference, and the words wholly inside the block take
//! plain stores (no other thread writes them).
//!
//! **The tier ahead.** The outcome sweep begins the next tier while this one is solved: a thread
//! that finds no block of this tier ready takes a ready block of the next, one whose splits reach
//! only solved blocks of its tier and whose combines reach only solved ranks of this one. A
//! combine either keeps a block's counts above its level or raises one of them (lowering only
//! counts below the one it raises), so every combine child of a block lies at or above the first
//! rank with the block's counts in the tier below (`Runs::combine_floor`): the block waits until
//! every block of this tier holding such ranks is solved, a frontier that moves down the plan.
//!
//! **Sub-blocks.** A block can also be split on the spot ([`Runs::block`], used where no plan is
//! at hand: a shared solve's blocks of a wave). Fix the counts above an index `J`; the block
//! splits by `(b, a) = (c_J, c_(J-1))` into sub-blocks. A split whose highest index is above `J`
//! leaves the block for a higher-ranked one (solved earlier). A split at `J - 1` (`F(J-1) ∧
//! F(J-1) -> F(J-3) ∧ F(J)`) goes from `(b, a)` to `(b + 1, a - 2)`, and one at `J - 2` goes to
//! `(b, a + 1)`. Any other split stays in its sub-block, and every combine leaves the tier. So
//! sub-block `(b, a)` depends on those two alone, and starts as soon as both are done. Large
//! sub-blocks split again the same way two levels down. (The chain along `a` makes this
//! sequential for the most part, hence the plan's blocks on threads.)
//!
//! **Where each part lives.** `isa`: the instruction set and the hot loops compiled twice;
//! `geometry`: the cursor, the rank terms, the offsets, a group's runs and their moves;
//! `blocks`: the order of the work (blocks, sub-blocks, groups); `words`: the outcome word pass
//! (`vectors`: its group loop eight runs at a time); `remoteness`: the chunk pass; `scalar`:
//! runs of any length and the position-by-position pass. This file holds the types they share.

use std::collections::HashMap;
use std::sync::atomic::{
    AtomicBool, AtomicU16, AtomicU64, AtomicUsize,
    Ordering::{AcqRel, Relaxed},
};

use zecklab_numeration::fib::FIB_U64;

use super::sweep::{Below, Current};
use super::TierIndex;
use zecklab_games::zgame::MAX_TOP;

#[macro_use]
mod isa;
mod blocks;
mod geometry;
mod remoteness;
mod scalar;
#[cfg(target_arch = "x86_64")]
mod vectors;
mod words;

pub(crate) use words::{resolve_short_run, resolve_word};

use geometry::*;
pub(crate) use isa::Isa;
use words::*;

/// Blocks with fewer positions run in rank order on one thread (a wave costs a few
/// microseconds of scheduling; 4,096 positions take well under a millisecond).
pub(super) const SPLIT_FROM: u64 = 1 << 12;

/// Blocks per thread that a tier's plan aims for on the thread pool (the plan holds many smaller
/// ones besides, where a block's counts leave few positions): enough to keep every thread busy
/// while blocks wait for the ones they need, few enough that the blocks' fixed costs (each one's
/// cursor, its place in the queue) stay small. Measured best between 32 and 128 at n = 400 on
/// two cores (16 makes the remoteness solve of n = 500 some 8% slower).
const BLOCKS_PER_THREAD: u64 = 64;

/// [`BLOCKS_PER_THREAD`] for the outcome sweep, where the tier begun ahead fills the waits:
/// measured best between 12 and 32 at n = 500 on two cores (64 is some 5% slower there).
pub(super) const BLOCKS_PER_THREAD_AHEAD: u64 = 16;

/// Positions of a run the remoteness pass takes at once: 16 `i16` lanes, two SSE2 registers
/// (which have signed 16-bit min and max, where unsigned and 32-bit ones need SSE4.1).
const LANES: usize = 16;

/// "No losing child" in the remoteness pass's accumulators: above every remoteness it keeps.
const NO_LOSS: i16 = i16::MAX;

/// The greatest remoteness the tiered solve keeps: a child's remoteness + 1 stays below
/// [`NO_LOSS`]. (Remoteness is at most about `3n`, and the count table stops near n = 2,500.)
const MOST_REMOTENESS: u32 = NO_LOSS as u32 - 2;

/// Array length for per-index data: indices `0..=top + 2`.
const LEVELS: usize = MAX_TOP + 3;

/// The shifts `(a, b)` of the counts `Q(4, m_3 + a, q_3 + b)` that a group's runs need, carried
/// down the recurrence's diagonal as `c_4` steps (see [`Runs::group_runs`]): the run's own `Q(4, m_3,
/// q_3)` and `Q(4, m_3, q_3 - 1)`, then those of the split `F5 ∧ F5` and of `F4 ∧ F4`.
const DIAGONAL: [(i64, i64); 5] = [(0, 0), (0, -1), (3, 1), (2, 1), (2, 0)];

/// Which pass solves a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pass {
    /// Outcomes 64 positions at a time; with remoteness, remoteness move by move over each run
    /// (the outcomes follow from its parity).
    Words,
    /// Position by position (outcomes, and remoteness when kept).
    Scalar,
}

/// A move whose child lies at a constant rank offset for every position it is legal at.
#[derive(Clone, Copy, Debug, Default)]
struct Offset {
    /// Child rank minus parent rank, wrapping.
    delta: u64,
    /// Whether the child is in the tier below (a combine) rather than this tier.
    below: bool,
}

/// The counts fixed so far, from the top index down, and what they settle.
#[derive(Clone, Debug)]
pub(super) struct Cursor {
    /// `c[j]` copies of `F_j` (1-based).
    pub(super) c: [i64; LEVELS],
    /// Sum left at indices `<= j`.
    pub(super) m: [i64; LEVELS],
    /// Parts left at indices `<= j`.
    pub(super) q: [i64; LEVELS],
    /// The rank's terms above `j`, in the position's tier.
    pub(super) same: [u64; LEVELS],
    /// The rank's terms above `j` in the tier below (one part fewer at every index `> j`).
    minus: [u64; LEVELS],
    /// Moves legal at every position below, with their offsets.
    fixed: [Offset; 2 * MAX_TOP],
    fixed_len: usize,
}

/// What fixing the count at one index needs that does not depend on the count.
pub(super) struct Level {
    /// `Q(j, m_j, q_j)` and `Q(j, m_j, q_j - 1)`, the upper halves of the rank terms at `j`.
    same: u64,
    minus: u64,
    /// The combine `F(j) ∧ F(j+1) -> F(j+2)`, when `c_(j+1) >= 1` (legal where `c_j >= 1`).
    combine: Option<Offset>,
    /// The part of the offset of `F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2)` that does not depend on
    /// `c_j`, when `c_(j+1) >= 2` (legal for every `c_j`).
    split: Option<u64>,
}

/// What one thread needs while it solves a block of consecutive ranks in rank order.
struct Scratch {
    /// The words of the tier's outcome table inside the block: no other thread writes them
    /// while this one solves it, so they take plain stores (the block's first and last words may
    /// be shared with another block, and take an atomic OR).
    owned: std::ops::Range<usize>,
    /// The ranks of the block: no other thread writes their remoteness meanwhile either.
    block: std::ops::Range<usize>,
    /// For the positions sharing the counts above index 4 being solved (word pass): whether a
    /// move fixed above index 4 reaches a losing child, bit `rank - first`, and how many of the
    /// cursor's fixed moves that covers (none outside such a group).
    shared: Vec<u64>,
    shared_first: u64,
    shared_moves: usize,
    /// Whether `shared` also covers the combine `F4 ∧ F5 -> F6` where it is legal (`c_4 >= 1`;
    /// its offset is one for the whole group). [`Runs::fix`] records it first at index 4.
    shared_combine_4: bool,
    /// The same for the remoteness pass: the group's accumulators (as `fastest` and `slowest`)
    /// after its fixed moves, with room for a chunk's lanes past its end.
    shared_fastest: Vec<i16>,
    shared_slowest: Vec<i16>,
    /// The terms of the run moves' offsets that depend only on the counts above index 4.
    group: GroupTerms,
}

impl Scratch {
    /// How many of the fixed moves of a run with `c_4 = c4` the group's shared bits cover.
    #[inline(always)]
    fn shared_cover(&self, c4: i64) -> usize {
        self.shared_moves + usize::from(self.shared_combine_4 && c4 >= 1)
    }

    /// For the block of ranks `first..first + len`.
    fn new((first, len): (u64, u64)) -> Scratch {
        let owned = first.div_ceil(64) as usize..((first + len) / 64) as usize;
        Scratch {
            owned,
            block: first as usize..(first + len) as usize,
            shared: Vec::new(),
            shared_first: 0,
            shared_moves: 0,
            shared_combine_4: false,
            shared_fastest: Vec::new(),
            shared_slowest: Vec::new(),
            group: GroupTerms::default(),
        }
    }
}

/// The sub-blocks of one block, solved in dependency order on the pool.
struct SubBlocks<'a> {
    j: usize,
    cursor: &'a Cursor,
    /// `(c_j, c_(j-1))`.
    subs: &'a [(i64, i64)],
    at: &'a HashMap<(i64, i64), usize>,
    /// How many of its sub-blocks each still waits for.
    waiting: &'a [AtomicUsize],
    progress: &'a (dyn Fn(u64) + Sync),
}

/// Everything a tier's fast sweep reads and writes.
pub(super) struct Runs<'a> {
    pub(super) index: &'a TierIndex,
    pub(super) below: Option<Below<'a>>,
    pub(super) current: &'a Current,
    pub(super) overflow: AtomicBool,
    pub(super) done: AtomicU64,
    pub(super) split_from: u64,
    pub(super) pass: Pass,
    pub(super) isa: Isa,
    /// Test aid: rank every child from scratch and compare with its offset.
    #[cfg(test)]
    pub(super) check_offsets: bool,
}

/// One run: its first rank, the range of `c_3`, and its moves with their offsets.
#[derive(Clone, Copy)]
struct Run<'a> {
    first: u64,
    t_min: i64,
    t_max: i64,
    /// Moves legal for every position of the run, but those the group's shared bits or
    /// accumulators cover.
    fixed: &'a [Offset],
    /// The run's own moves (indices up to 4), each legal over a range of `t`.
    moves: &'a [RunMove],
}

/// What the run's group (the positions sharing its counts above index 4) has found for all
/// of its runs: see [`Runs::share_fixed_moves`].
#[derive(Clone, Copy)]
struct Shared<'a> {
    bits: &'a [u64],
    /// The bit of the run's first position.
    at: u64,
    /// How many of the run's fixed moves (the first ones) the bits cover (the caller leaves
    /// those out of the run's `fixed`).
    moves: usize,
}

/// The terms of the first ranks of the runs that the moves `F2 ∧ F3`, `F3 ∧ F4`, `F3 ∧ F3`
/// and `F4 ∧ F4` lead to that depend only on the counts above index 4: the same for every run
/// of a group (see [`Runs::run_moves`] for the whole of each).
#[derive(Clone, Copy, Debug, Default)]
struct GroupTerms {
    f2_f3: u64,
    f3_f4: u64,
    f3_f3: u64,
    f4_f4: u64,
}

/// The run's own moves (indices up to 4) but the one inside it, as
/// [`Runs::for_each_run_move`] hands them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunMoveKind {
    /// `F1 ∧ F1 -> F2`: the child is `t`'s run in the tier below.
    Combine11,
    /// `F1 ∧ F2 -> F3`: the child of `F1 ∧ F1` at `t + 1`.
    Combine12,
    /// `F2 ∧ F3 -> F4`: the child of `F1 ∧ F1` at `t - 1` in the run one `c_4` up.
    Combine23,
    /// `F3 ∧ F4 -> F5`.
    Combine34,
    /// `F3 ∧ F3 -> F1 ∧ F4`: the position `t - 2` of the run one `c_4` up, in this tier.
    Split33,
    /// `F4 ∧ F4 -> F2 ∧ F5`.
    Split44,
}

/// The runs of a group by decreasing `c_4` ([`Runs::group_runs`]).
struct GroupRuns {
    m4: i64,
    q4: i64,
    /// The group's first rank plus `Q(4, m_4, q_4)`, and the same for its terms above index 4 in
    /// the tier below: a run's first ranks are these minus its `Q(4, m_3, q_3)` and `Q(4, m_3,
    /// q_3 - 1)` (as [`Runs::fix_by`] sets `same[3]` and `minus[3]`).
    first: u64,
    minus: u64,
    /// The diagonal's counts at `c_4 = c + 1`.
    above: [u64; 5],
    c: i64,
    least: i64,
}

impl Iterator for GroupRuns {
    type Item = Option<GroupRun>;

    #[inline(always)]
    fn next(&mut self) -> Option<Option<GroupRun>> {
        let c = self.c;
        if c < self.least {
            return None;
        }
        self.c -= 1;
        let (m3, q3) = (self.m4 - 5 * c, self.q4 - c);
        // With `x = m_3 - 2 q_3` and `d = m_3 - q_3`, the run's `t` goes from `max(0, x)` to
        // `d / 2`, and every `Q(3, .., ..)` the run needs is one of a few such bounds.
        let (x, d) = (m3 - 2 * q3, m3 - q3);
        let (t_min, t_max) = (x.max(0), d >> 1);
        let (t_min_1, t_min_2) = ((x + 1).max(0), (x + 2).max(0));
        let up_half = (d + 1) >> 1;
        // `Q(3, m_3 + a, q_3 + b)` for the diagonal's shifts, the steps down it.
        let steps = [
            (t_max - t_min + 1).max(0),
            (up_half - t_min_2 + 1).max(0),
            (t_max - t_min_1 + 2).max(0),
            (up_half - t_min + 1).max(0),
            (t_max - t_min_2 + 2).max(0),
        ]
        .map(|step| step as u64);
        debug_assert_eq!(steps, DIAGONAL.map(|(a, b)| q_at_3(m3 + a, q3 + b)));
        let up = self.above;
        let here: [u64; 5] = std::array::from_fn(|k| up[k] + steps[k]);
        self.above = here;
        Some((steps[0] > 0).then(|| GroupRun {
            c,
            x,
            d,
            t_min,
            t_max,
            t_min_1,
            t_min_2,
            first: self.first.wrapping_sub(here[0]),
            minus_3: self.minus.wrapping_sub(here[1]),
            up,
            here,
            // F5 ∧ F5 -> F3 ∧ F6 needs Q(3, m_3 + 3, q_3 + 1) - Q(3, m_3, q_3).
            split_below: steps[2].wrapping_sub(steps[0]),
        }))
    }
}

/// A run of a group, as [`GroupRuns`] steps down `c_4`: its bounds from `x = m_3 -
/// 2 q_3` and `d = m_3 - q_3` (`t` from `max(0, x)` to `d / 2`), its first ranks, and the
/// diagonal's counts `Q(4, m_3 + a, q_3 + b)` ([`DIAGONAL`]) one `c_4` up and at this run.
#[derive(Clone, Copy, Debug)]
struct GroupRun {
    c: i64,
    x: i64,
    d: i64,
    t_min: i64,
    t_max: i64,
    /// `max(0, x + 1)` and `max(0, x + 2)`.
    t_min_1: i64,
    t_min_2: i64,
    /// The run's first rank, and its terms above index 3 in the tier below.
    first: u64,
    minus_3: u64,
    up: [u64; 5],
    here: [u64; 5],
    /// `Q(3, m_3 + 3, q_3 + 1) - Q(3, m_3, q_3)`, which `F5 ∧ F5`'s offset needs.
    split_below: u64,
}

impl GroupRun {
    /// What [`Runs::fix_by`] needs to fix `c_4` for this run.
    fn fix_terms(&self) -> [u64; 4] {
        [self.here[0], self.here[1], self.here[2], self.split_below]
    }

    /// What [`Runs::run_moves`] reads from the table for this run: the diagonal one step up
    /// for `F2 ∧ F3`, `F3 ∧ F4` and `F3 ∧ F3`, and here for `F4 ∧ F4`.
    fn terms(&self) -> [u64; 4] {
        [self.up[1], self.up[4], self.up[0], self.here[3]]
    }

    /// The offset of `F5 ∧ F5 -> F3 ∧ F6` where `c_5 >= 2` (legal for every position): the terms
    /// that need `c_4`, added as [`Runs::fix_by`] adds them.
    #[inline(always)]
    fn split_55(&self, level: &Level) -> Option<u64> {
        let [at, _, split_child, _, _] = self.here;
        level
            .split
            .map(|split| split.wrapping_add(self.split_below).wrapping_sub(split_child).wrapping_add(at))
    }

    /// The run's own moves written out: each move is legal from some `from` up (to the run's top,
    /// or to `(d - 1) / 2` for the two that need `c_2 >= 1`), and the child of `from` is the rank
    /// `child_first + from + shift - child_min`, from the child run's first rank, its lowest `t`
    /// and the move's shift of `t` (see [`Runs::for_each_run_move`], which finds the same from the
    /// cursor). For each move `from + shift - child_min` comes out as a small constant.
    #[inline(always)]
    fn own_moves(&self, group: &GroupTerms) -> RunOwnMoves {
        let &GroupRun { c, x, d, t_min, t_max, t_min_1, t_min_2, minus_3, up, here, .. } = self;
        // Illegal for the whole run.
        let never = i64::MIN;
        let to_12 = (d - 1) >> 1;
        let children = |from, to, rank| RunChildren { from, to, rank };
        RunOwnMoves {
            // F1 ∧ F1 -> F2 (c_1 = t - x >= 2): same counts above 3, one part fewer below; the
            // child run's lowest `t` is `t_min_2`, the move's `from`.
            combine_11: children(t_min_2, t_max, minus_3),
            // F1 ∧ F2 -> F3 (c_1, c_2 >= 1): the same child run, one further up.
            combine_12: children(t_min_1, to_12, minus_3.wrapping_add((t_min_1 + 1 - t_min_2) as u64)),
            // F2 ∧ F3 -> F4 (c_2, c_3 >= 1): c_4 + 1; the child run's lowest `t` is `max(0, x -
            // 1)`, one below `from` (the shift).
            combine_23: children(x.max(1), to_12, group.f2_f3.wrapping_sub(up[1])),
            // F3 ∧ F4 -> F5: c_4 - 1, c_5 + 1, at the same `t` as `F2 ∧ F3`.
            combine_34: children(
                x.max(1),
                if c >= 1 { t_max } else { never },
                group.f3_f4.wrapping_sub(up[4]),
            ),
            // F3 ∧ F3 -> F1 ∧ F4 (c_3 >= 2): c_4 + 1; the child run's lowest `t` is `max(0, x -
            // 3)`, one or two below `from - 2`.
            split_33: children(
                x.max(2),
                t_max,
                group.f3_f3.wrapping_sub(up[0]).wrapping_add(u64::from(x >= 3)),
            ),
            // F4 ∧ F4 -> F2 ∧ F5: c_4 - 2, c_5 + 1; the child run's lowest `t` is `t_min`.
            split_44: children(t_min, if c >= 2 { t_max } else { never }, group.f4_f4.wrapping_sub(here[3])),
        }
    }
}

/// One of a run's own moves, written out from the run's bounds ([`GroupRun::own_moves`]): legal
/// for `from..=to` (none where `from > to`), and the rank of the child of `from`.
#[derive(Clone, Copy, Debug)]
struct RunChildren {
    from: i64,
    to: i64,
    rank: u64,
}

impl RunChildren {
    fn legal(&self) -> bool {
        self.from <= self.to
    }
}

/// A run's own moves but the one inside it, as [`GroupRun::own_moves`] writes them out; the
/// combines' children are in the tier below, the splits' in this one.
#[derive(Clone, Copy, Debug)]
struct RunOwnMoves {
    combine_11: RunChildren,
    combine_12: RunChildren,
    combine_23: RunChildren,
    combine_34: RunChildren,
    split_33: RunChildren,
    split_44: RunChildren,
}

/// What the outcome pass's group loop ([`Runs::group_in_words`]) reads for every run of a group.
#[derive(Clone, Copy)]
struct GroupWords<'a> {
    /// The outcome words of the tier below (empty for the first tier) and of this one.
    below: &'a [AtomicU64],
    here: &'a [AtomicU64],
    /// The group's first rank, bit 0 of [`Scratch::shared`].
    same_4: u64,
    /// Whether the group's shared bits cover moves fixed above index 4 (for every run), and
    /// `F4 ∧ F5` (for the runs with `c_4 >= 1`).
    shared_above: bool,
    shared_combine_4: bool,
    /// Whether the run's own move resolves by [`resolve_by_deposit`].
    deposit: bool,
}

/// A move of the run's own moves (indices up to 4) with the range of `t` where it is legal.
#[derive(Clone, Copy, Debug)]
struct RunMove {
    offset: Offset,
    from: i64,
    to: i64,
}

/// `vec` as `len` copies of `value`, its old contents dropped unread: where it must grow it
/// takes a fresh allocation rather than one that copies them over (a block's scratch grows group
/// by group, and on several threads each block starts with its own).
fn refill<T: Copy>(vec: &mut Vec<T>, len: usize, value: T) {
    vec.clear();
    if vec.capacity() < len {
        *vec = Vec::with_capacity(len.next_power_of_two());
    }
    vec.resize(len, value);
}

/// Bits `from..=to` (`from <= to < 64`) set, without a branch.
#[inline(always)]
fn bit_range(from: u32, to: u32) -> u64 {
    u64::MAX >> (63 - (to - from)) << from
}

#[cfg(test)]
mod tests {
    use super::geometry::q_at_3;
    use super::remoteness::{fold_children, own_move_serial};
    use super::words::{resolve_own_move, resolve_short_run, resolve_word};
    use super::{Isa, TierIndex, LANES, MOST_REMOTENESS, NO_LOSS};

    /// A xorshift generator: the same numbers on every run.
    fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut x = seed;
        move |below| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % below
        }
    }

    /// A chunk's accumulators as the folds leave them: in each lane a least losing child
    /// remoteness + 1 (odd) or none, and a greatest child remoteness + 1 at least as large;
    /// sparse losing children as often as dense ones (long stretches without one are where the
    /// own move decides most).
    fn accumulators(next: &mut impl FnMut(u64) -> u64, most: u64) -> ([i16; LANES], [i16; LANES]) {
        let density = next(4);
        let mut fastest = [NO_LOSS; LANES];
        let mut slowest = [0i16; LANES];
        for i in 0..LANES {
            slowest[i] = next(most) as i16;
            if next(4) < density {
                fastest[i] = (next(most) | 1) as i16;
                slowest[i] = slowest[i].max(fastest[i]);
            }
        }
        (fastest, slowest)
    }

    /// The own move's chain written from the definitions, lane by lane from the top: a
    /// position wins when some child loses (its least losing child, or the one above when that
    /// loses), with remoteness 1 + the least losing child's; a loss takes 1 + the greatest of
    /// all. The accumulators hold child remoteness + 1 (`NO_LOSS`: no losing child; 0: none).
    fn own_move_naive(
        fastest: &[i16; LANES],
        slowest: &[i16; LANES],
        last: usize,
        (above, above_wins): (i16, bool),
    ) -> (Vec<i16>, u64) {
        // The position above each lane: (remoteness + 1, whether it loses), or none at the top.
        let mut up: Option<(i32, bool)> =
            (above != -1 || !above_wins).then(|| (i32::from(above) + 1, !above_wins));
        let mut remoteness = vec![0i16; last + 1];
        let mut wins = 0u64;
        for i in (0..=last).rev() {
            let mut losing: Vec<i32> = Vec::new();
            let mut all: Vec<i32> = vec![i32::from(slowest[i])];
            if fastest[i] != NO_LOSS {
                losing.push(i32::from(fastest[i]));
            }
            if let Some((r, loses)) = up {
                all.push(r);
                if loses {
                    losing.push(r);
                }
            }
            let win = !losing.is_empty();
            let r = if win { *losing.iter().min().unwrap() } else { *all.iter().max().unwrap() };
            let r = r.min(i32::from(i16::MAX));
            remoteness[i] = r as i16;
            wins |= u64::from(win) << i;
            up = Some((r + 1, !win));
        }
        (remoteness, wins)
    }

    #[test]
    fn the_own_move_scan_is_position_by_position() {
        // Every path this processor has against the chain written from the definitions: the
        // portable one everywhere, the AVX2 scan (with and without bit deposit) where it runs.
        let mut next = numbers(0x9E37_79B9_7F4A_7C15);
        #[cfg(target_arch = "x86_64")]
        let isa = Isa::detect();
        // Small remoteness, and remoteness up to the most the solve keeps (past it, where
        // "none" and remoteness meet, the solve stops with an error).
        for most in [8, 3000, u64::from(MOST_REMOTENESS) - LANES as u64] {
            for _ in 0..20_000 {
                let (fastest, slowest) = accumulators(&mut next, most);
                let last = next(LANES as u64) as usize;
                let above_wins = next(2) == 0;
                // The run's top (-1, a win), or a remoteness of the parity of the outcome.
                let above = match (above_wins, next(4)) {
                    (true, 0) => -1,
                    (wins, _) => ((next(most) as i16) & !1).saturating_add(i16::from(wins)),
                };
                let expected = own_move_naive(&fastest, &slowest, last, (above, above_wins));
                let context = format!("{fastest:?} {slowest:?}, last {last}, above {above} {above_wins}");
                let portable = own_move_serial(&fastest, &slowest, last, (above, above_wins));
                assert_eq!(
                    (&portable.0[..=last], portable.1),
                    (&expected.0[..], expected.1),
                    "portable: {context}"
                );
                #[cfg(target_arch = "x86_64")]
                if isa != Isa::Baseline {
                    for by_deposit in [false, isa.has_fast_deposit()] {
                        // SAFETY: every instruction set but the baseline has AVX2 and BMI2, and
                        // fast ones where `deposit`.
                        let got = unsafe {
                            super::remoteness::own_move_scan(
                                &fastest,
                                &slowest,
                                last,
                                (above, above_wins),
                                by_deposit,
                            )
                        };
                        assert_eq!(
                            (&got.0[..=last], got.1),
                            (&expected.0[..], expected.1),
                            "scan: {context}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_masked_load_folds_as_the_whole_chunk() {
        // The chunk's children folded lane by lane from the definitions, against the portable
        // fold everywhere and the masked load where AVX-512 runs.
        let mut next = numbers(0x2545_F491_4F6C_DD1D);
        let cells: Vec<u16> = (0..256).map(|_| next(3000) as u16).collect();
        #[cfg(target_arch = "x86_64")]
        let masked = Isa::detect() == Isa::X86_64V4;
        for _ in 0..20_000 {
            let lo = next(LANES as u64) as usize;
            let hi = lo + next((LANES - lo) as u64) as usize;
            // The cell of lane `lo`: windows at both ends of the table too, where only the
            // wanted lanes are in it.
            let wanted = next((cells.len() - (hi - lo)) as u64) as usize;
            let mut chunk = [0u16; LANES];
            for i in lo..=hi {
                chunk[i] = cells[wanted + i - lo];
            }
            let (fastest, slowest) = accumulators(&mut next, 3000);
            let (mut expected_fastest, mut expected_slowest) = (fastest, slowest);
            for i in lo..=hi {
                // Child remoteness + 1, odd exactly when the child is a loss.
                let r = chunk[i] as i16 + 1;
                if r % 2 == 1 {
                    expected_fastest[i] = expected_fastest[i].min(r);
                }
                expected_slowest[i] = expected_slowest[i].max(r);
            }
            let (mut got_fastest, mut got_slowest) = (fastest, slowest);
            fold_children(&chunk, (lo, hi), &mut got_fastest, &mut got_slowest);
            assert_eq!(
                (got_fastest, got_slowest),
                (expected_fastest, expected_slowest),
                "portable, lanes {lo}..={hi}"
            );
            #[cfg(target_arch = "x86_64")]
            if masked {
                let start = wanted as isize - lo as isize;
                let (mut got_fastest, mut got_slowest) = (fastest, slowest);
                // SAFETY: this processor has AVX-512 F, BW and VL; the lanes `lo..=hi` from
                // `start` are cells of the table, which nothing writes.
                unsafe {
                    super::remoteness::fold_chunk_masked(
                        cells.as_ptr().wrapping_offset(start),
                        (lo, hi),
                        &mut got_fastest,
                        &mut got_slowest,
                    )
                };
                assert_eq!(
                    (got_fastest, got_slowest),
                    (expected_fastest, expected_slowest),
                    "masked, lanes {lo}..={hi}"
                );
            }
        }
    }

    #[test]
    fn the_own_move_resolves_as_position_by_position() {
        // win(t) = w(t) | !win(t + 1) from the top down, the top's own move legal only when a
        // position above it is given: every width, both cases above, patterns and random words.
        let mut words = vec![0, u64::MAX, 0xAAAA_AAAA_AAAA_AAAA, 0x5555_5555_5555_5555, 1, 1 << 63];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse words too: long stretches without a losing child are the hard case.
            words.extend([x, x & x.rotate_left(17) & x.rotate_left(41)]);
        }
        for &w in &words {
            for width in 1..=64u32 {
                for above in [true, false] {
                    let (mut expected, mut win_above) = (0u64, above);
                    for t in (0..width).rev() {
                        let win = w >> t & 1 == 1 || !win_above;
                        expected |= u64::from(win) << t;
                        win_above = win;
                    }
                    let got = resolve_own_move(w, width, above);
                    assert_eq!(
                        got,
                        (expected, expected & 1 == 1),
                        "w = {w:#x}, width {width}, above {above}"
                    );
                    // Any word, by each method this processor has.
                    for by_deposit in [false, Isa::detect().has_fast_deposit()] {
                        let got = resolve_word(w, width, above, by_deposit);
                        assert_eq!(got, (expected, expected & 1 == 1), "w = {w:#x}, width {width}, {above}");
                    }
                    if above && width < 64 {
                        // The whole-run resolve, by each method this processor has.
                        let deposit = Isa::detect().has_fast_deposit();
                        for by_deposit in [false, deposit] {
                            let got = resolve_short_run(w, width, by_deposit);
                            assert_eq!(got, expected, "w = {w:#x}, width {width}, deposit {by_deposit}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_closed_form_at_index_3_is_the_table() {
        let index = TierIndex::new(80).unwrap();
        for m in -12..=80 {
            for q in -12..=80 {
                assert_eq!(q_at_3(m, q), index.q(3, m, q), "m = {m}, q = {q}");
            }
        }
    }
}
