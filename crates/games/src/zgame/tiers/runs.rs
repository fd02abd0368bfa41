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

use std::collections::HashMap;
use std::sync::atomic::{
    AtomicBool, AtomicU16, AtomicU64, AtomicUsize,
    Ordering::{AcqRel, Relaxed},
};

use zecklab_numeration::fib::FIB_U64;

use super::sweep::{Below, Current};
use super::TierIndex;
use crate::zgame::ranks::MAX_TOP;

#[cfg(target_arch = "x86_64")]
mod vectors;

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

/// Defines the method `$name`, which runs `$inline` (a method marked `#[inline(always)]`, so
/// that it and what it inlines are compiled anew into each caller) as compiled for x86-64-v3 by
/// `$v3` where [`Runs::isa`] says so, and as compiled for the baseline instruction set
/// otherwise. x86-64-v3 brings AVX2 (the remoteness pass's 16 lanes in one register), BMI1 and
/// BMI2 (shifts by any register, `andn`).
macro_rules! compiled_twice {
    (
        $(#[$attr:meta])*
        fn $name:ident / $v3:ident / $inline:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
    ) => {
        $(#[$attr])*
        fn $name(&self, $($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if self.isa != Isa::Baseline {
                // SAFETY: the x86-64-v3 variants are chosen only where the processor has their
                // features.
                return unsafe { self.$v3($($arg),*) };
            }
            self.$inline($($arg),*)
        }

        #[doc = concat!("[`Runs::", stringify!($name), "`] compiled for x86-64-v3.")]
        ///
        /// # Safety
        /// The processor must have the features enabled here.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
        unsafe fn $v3(&self, $($arg: $ty),*) -> $ret {
            self.$inline($($arg),*)
        }
    };
}

/// The instruction set the sweep's hot loops run with (see [`compiled_twice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// What every processor of the target has.
    Baseline,
    /// x86-64-v3's AVX2, BMI1, BMI2, LZCNT, POPCNT and FMA (Intel from 2013, AMD from 2015).
    X86_64V3,
    /// [`Isa::X86_64V3`] where BMI2's bit deposit and extract (`pdep`, `pext`) take a few cycles:
    /// Intel's, and AMD's from Zen 3 (2020) on. Zen 1 and 2 run them in microcode, in tens to
    /// hundreds of cycles, so there the run's own move resolves by shifts alone
    /// ([`resolve_short_run`]).
    X86_64V3FastDeposit,
    /// [`Isa::X86_64V3FastDeposit`] with AVX-512 F, BW and VL (Intel's from 2017, AMD's from
    /// Zen 4, 2022): the outcome pass takes eight runs of a group at once, their bounds and
    /// children's ranks in the lanes of one register ([`Runs::group_in_vectors`]), and the
    /// remoteness pass reads each chunk of children by one masked load
    /// ([`Runs::group_remoteness_v4`]).
    X86_64V4,
}

impl Isa {
    /// The best this processor has.
    pub(super) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("fma")
        {
            if !Isa::deposit_is_fast() {
                return Isa::X86_64V3;
            }
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vl")
            {
                return Isa::X86_64V4;
            }
            return Isa::X86_64V3FastDeposit;
        }
        Isa::Baseline
    }

    /// Whether `pdep` and `pext` are fast with this instruction set ([`resolve_by_deposit`]).
    pub(super) fn has_fast_deposit(self) -> bool {
        matches!(self, Isa::X86_64V3FastDeposit | Isa::X86_64V4)
    }

    /// Every instruction set this processor can run, the best first (the tests run each).
    #[cfg(test)]
    pub(super) fn available() -> Vec<Isa> {
        match Isa::detect() {
            Isa::X86_64V4 => vec![Isa::X86_64V4, Isa::X86_64V3FastDeposit, Isa::X86_64V3, Isa::Baseline],
            Isa::X86_64V3FastDeposit => vec![Isa::X86_64V3FastDeposit, Isa::X86_64V3, Isa::Baseline],
            Isa::X86_64V3 => vec![Isa::X86_64V3, Isa::Baseline],
            Isa::Baseline => vec![Isa::Baseline],
        }
    }

    /// Whether `pdep` and `pext` are fast here: on Intel's processors that have them, and on
    /// AMD's (and Hygon's) from family 19h (Zen 3) on. Unknown vendors count as slow.
    #[cfg(target_arch = "x86_64")]
    fn deposit_is_fast() -> bool {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let name: Vec<u8> =
            [vendor.ebx, vendor.edx, vendor.ecx].iter().flat_map(|r| r.to_le_bytes()).collect();
        let signature = __cpuid(1).eax;
        // The family as the vendors define it: the base family, plus the extended one at 0xF.
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF { base + ((signature >> 20) & 0xFF) } else { base };
        match &name[..] {
            b"GenuineIntel" => true,
            b"AuthenticAMD" | b"HygonGenuine" => family >= 0x19,
            _ => false,
        }
    }
}

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

/// Whether a run's own move reaches a losing child, from the child of its `from` on, at bit
/// `from - t_min` of the run's word (0 below `from`; where the move is illegal past `from` the
/// caller masks the bits).
#[inline(always)]
fn losing_from(table: &[AtomicU64], children: RunChildren, t_min: i64) -> u64 {
    !load_atomic_bits(table, children.rank) << (children.from - t_min)
}

/// A move of the run's own moves (indices up to 4) with the range of `t` where it is legal.
#[derive(Clone, Copy, Debug)]
struct RunMove {
    offset: Offset,
    from: i64,
    to: i64,
}

/// `Q(3, m, q)`: the ways to write `m` as `q` parts 1, 2 and 3. With `c_3 = t`, `c_2 = d - 2t`
/// and `c_1 = q - d + t` for `d = m - q`, they are the `t` in `max(0, m - 2q) ..= d / 2`.
///
/// No case needs a branch: where `d < 0` the count `floor(d / 2) - max(0, m - 2q) + 1` is at
/// most 0, and where `q < 0` so it is (then `m - 2q > d`, so it is at most `q + 1` for `d >= 0`).
#[inline(always)]
fn q_at_3(m: i64, q: i64) -> u64 {
    let d = m - q;
    ((d >> 1) - (m - 2 * q).max(0) + 1).max(0) as u64
}

/// 64 bits of a bit table from bit `start` on (bits past the end read as 0): the word of
/// `start` and the next, with one bounds check for the two.
#[inline(always)]
fn load_bits(words: &[u64], start: u64) -> u64 {
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
fn funnel(low: u64, high: u64, shift: u32) -> u64 {
    low >> shift | (high << 1) << (63 - shift)
}

/// [`load_bits`] of a table being written (relaxed loads: the bits read are of solved positions,
/// and those of positions still being solved are masked off by the caller).
#[inline(always)]
fn load_atomic_bits(words: &[AtomicU64], start: u64) -> u64 {
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
fn resolve_own_move(losing_child: u64, width: u32, above: bool) -> (u64, bool) {
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
fn resolve_short_run(losing_child: u64, width: u32, deposit: bool) -> u64 {
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
fn resolve_by_deposit(losing_child: u64, width: u32) -> u64 {
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

/// Folds one chunk of a move's children into the accumulators of the positions they are the
/// children of (lane `i` for lane `i`; only the lanes `lo..=hi` are wanted).
///
/// Remoteness is odd exactly at wins (a loss is one more than a win's, a win one more than a
/// loss's, a terminal position 0), so a child's parity says whether it is a loss, and the loop
/// needs no outcome bits and no branch: the compiler turns it into a few vector instructions.
#[inline(always)]
fn fold_children(
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
fn own_move_serial(
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
unsafe fn own_move_scan(
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
    fn down<const D: usize>(v: __m256i, fill: __m256i) -> __m256i {
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
    fn compose<const D: usize>(c: &mut __m256i, lo: &mut __m256i, hi: &mut __m256i) {
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
unsafe fn fold_chunk_masked(
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

impl Runs<'_> {
    /// `Q(j, m, q)` of the index (at index 3 by its closed form, which the inner loops use
    /// most and which needs no memory).
    #[inline(always)]
    fn q(&self, j: usize, m: i64, q: i64) -> u64 {
        if j == 3 {
            return q_at_3(m, q);
        }
        self.index.q(j, m, q)
    }

    /// The cursor of tier `p` before any count is fixed.
    pub(super) fn start(&self, p: u32) -> Cursor {
        let top = self.index.top();
        let mut cursor = Cursor {
            c: [0; LEVELS],
            m: [0; LEVELS],
            q: [0; LEVELS],
            same: [0; LEVELS],
            minus: [0; LEVELS],
            fixed: [Offset::default(); 2 * MAX_TOP],
            fixed_len: 0,
        };
        for j in top..LEVELS {
            cursor.m[j] = i64::from(self.index.n());
            cursor.q[j] = i64::from(p);
        }
        cursor
    }

    /// The offset of the move changing counts by `changes[k - low]` at indices `low..=high`
    /// (`high = low + N - 1`), given the parent's `m` and `q` at those indices (and at `low - 1`
    /// when `low` is 1 or 2, where the term at index 2 or 3 needs it).
    ///
    /// Terms above `high` are the parent's, in the child's tier; terms below `low` are the
    /// parent's own. At `k = low` (2 or more) the terms' lower halves `Q(k, m_(k-1), q_(k-1))`
    /// cancel, since the move leaves `m_(k-1)` and `q_(k-1)` alone.
    ///
    /// (The number of indices is a constant, so that the loop unrolls.)
    #[inline(always)]
    fn offset<const N: usize>(&self, cursor: &Cursor, low: usize, changes: &[i64; N], below: bool) -> Offset {
        let high = low + N - 1;
        let mut delta = if below { cursor.minus[high].wrapping_sub(cursor.same[high]) } else { 0 };
        let (mut dm, mut dq) = (0i64, 0i64);
        for (k, &change) in (low..=high).zip(changes) {
            let (before_m, before_q) = (dm, dq);
            dm += change * FIB_U64[k] as i64;
            dq += change;
            if k < 2 {
                continue;
            }
            let (m, q) = (cursor.m[k], cursor.q[k]);
            let mut d = self.q(k, m + dm, q + dq).wrapping_sub(self.q(k, m, q));
            if k > low {
                let (m1, q1) = (cursor.m[k - 1], cursor.q[k - 1]);
                d = d.wrapping_add(self.q(k, m1, q1)).wrapping_sub(self.q(k, m1 + before_m, q1 + before_q));
            }
            delta = delta.wrapping_add(d);
        }
        Offset { delta, below }
    }

    /// What fixing `c_j` needs that does not depend on its value (`j >= 4`, counts above fixed).
    #[inline]
    pub(super) fn level(&self, cursor: &Cursor, j: usize) -> Level {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        // F(j) ∧ F(j+1) -> F(j+2): the move's lowest index is j, so its offset depends only on
        // the counts above j (its legality needs c_j >= 1).
        let combine = (j + 2 <= self.index.top() && cursor.c[j + 1] >= 1)
            .then(|| self.offset(cursor, j, &[-1, -1, 1], true));
        // F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2): the terms of its offset (see [`Runs::offset`]) at
        // indices j + 2, j + 1 and the upper half of j; [`Runs::fix`] adds those that need c_j.
        let split = (j + 2 <= self.index.top() && cursor.c[j + 1] >= 2).then(|| {
            let f = |i: usize| FIB_U64[i] as i64;
            let (m1, q1) = (cursor.m[j + 1], cursor.q[j + 1]);
            let (child_m, child_q) = (m + f(j - 1), q + 1);
            let (child_m1, child_q1) = (m1 - f(j + 2), q1 - 1);
            let (mj, qj) = (m, q);
            let q = |i, m, q| self.q(i, m, q);
            // Index j + 2: the upper halves are equal.
            q(j + 2, m1, q1)
                .wrapping_sub(q(j + 2, child_m1, child_q1))
                // Index j + 1.
                .wrapping_add(q(j + 1, child_m1, child_q1))
                .wrapping_sub(q(j + 1, child_m, child_q))
                .wrapping_sub(q(j + 1, m1, q1))
                .wrapping_add(q(j + 1, mj, qj))
                // Index j, upper halves.
                .wrapping_add(q(j, child_m, child_q))
                .wrapping_sub(q(j, mj, qj))
        });
        Level { same: self.q(j, m, q), minus: self.q(j, m, q - 1), combine, split }
    }

    /// Fixes `c_j = c` (`j >= 4`, counts above fixed; `level` from [`Runs::level`]) and records
    /// the moves at index `j + 1`, whose legality and offsets that settles.
    #[inline]
    pub(super) fn fix(&self, cursor: &mut Cursor, j: usize, c: i64, level: &Level) {
        let (m1, q1) = (cursor.m[j] - c * FIB_U64[j] as i64, cursor.q[j] - c);
        let (split_child, split_below) = match level.split {
            Some(_) => {
                let (child_m1, child_q1) = (m1 + FIB_U64[j - 1] as i64, q1 + 1);
                let below = self.q(j - 1, child_m1, child_q1).wrapping_sub(self.q(j - 1, m1, q1));
                (self.q(j, child_m1, child_q1), below)
            }
            None => (0, 0),
        };
        let lower = [self.q(j, m1, q1), self.q(j, m1, q1 - 1), split_child, split_below];
        self.fix_by(cursor, j, c, level, lower);
    }

    /// [`Runs::fix`] given `Q(j, m', q')`, `Q(j, m', q' - 1)` and (when the split at `j + 1` is
    /// legal) `Q(j, m' + F(j-1), q' + 1)` and `Q(j - 1, m' + F(j-1), q' + 1) - Q(j - 1, m', q')`,
    /// for the sum `m'` and parts `q'` left below `j`.
    #[inline(always)]
    fn fix_by(
        &self,
        cursor: &mut Cursor,
        j: usize,
        c: i64,
        level: &Level,
        [lower, lower_minus, split_child, split_below]: [u64; 4],
    ) {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        let (m1, q1) = (m - c * FIB_U64[j] as i64, q - c);
        cursor.c[j] = c;
        cursor.m[j - 1] = m1;
        cursor.q[j - 1] = q1;
        debug_assert_eq!([lower, lower_minus], [self.q(j, m1, q1), self.q(j, m1, q1 - 1)]);
        cursor.same[j - 1] = cursor.same[j] + level.same - lower;
        cursor.minus[j - 1] = cursor.minus[j].wrapping_add(level.minus).wrapping_sub(lower_minus);
        if let (Some(offset), true) = (level.combine, c >= 1) {
            cursor.fixed[cursor.fixed_len] = offset;
            cursor.fixed_len += 1;
        }
        if let Some(split) = level.split {
            // F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2): add the terms at j - 1 and the lower halves at j.
            let (child_m1, child_q1) = (m1 + FIB_U64[j - 1] as i64, q1 + 1);
            debug_assert_eq!(split_child, self.q(j, child_m1, child_q1));
            debug_assert_eq!(
                split_below,
                self.q(j - 1, child_m1, child_q1).wrapping_sub(self.q(j - 1, m1, q1))
            );
            let delta = split.wrapping_add(split_below).wrapping_sub(split_child).wrapping_add(lower);
            debug_assert_eq!(delta, self.offset(cursor, j - 1, &[1, 0, -2, 1], false).delta);
            cursor.fixed[cursor.fixed_len] = Offset { delta, below: false };
            cursor.fixed_len += 1;
        }
    }

    /// The range of `c_j` for the sum `m` and parts `q` left at indices `<= j` (as
    /// [`TierIndex::descend`] bounds it), highest first, feasible values only.
    pub(super) fn choices(&self, j: usize, m: i64, q: i64) -> impl Iterator<Item = i64> + '_ {
        let f = FIB_U64[j] as i64;
        let below = FIB_U64[j - 1] as i64;
        let most = (m / f).min(q).min((m - q) / (f - 1));
        let least = ((m - q * below).max(0) as u64).div_ceil((f - below) as u64) as i64;
        (least..=most).rev().filter(move |&c| self.q(j - 1, m - c * f, q - c) > 0)
    }

    /// Solves every position of tier `p`.
    /// Gives the tier's wins when its blocks went to the threads (which count them as they go).
    pub(super) fn run(&self, p: u32, progress: &(dyn Fn(u64) + Sync)) -> Option<u64> {
        if self.index.count(p) == 0 {
            return None;
        }
        let threads = rayon::current_num_threads();
        if threads > 1 {
            if let Some(plan) = self.plan_with(p, threads, BLOCKS_PER_THREAD) {
                let solved = vec![false; plan.block_count()];
                return Some(self.run_on_threads(p, (&plan, &solved), None, None, progress).wins);
            }
        }
        let cursor = self.start(p);
        self.block(self.index.top(), cursor, progress);
        None
    }

    /// Solves the positions below `j` of `cursor` in decreasing rank order on this thread;
    /// returns how many.
    pub(super) fn in_rank_order_from(&self, j: usize, cursor: &mut Cursor) -> u64 {
        let block = (cursor.same[j], self.q(j, cursor.m[j], cursor.q[j]));
        let mut scratch = Scratch::new(block);
        if j == 3 {
            // A lone run: its group's terms, which [`Runs::in_rank_order`] finds at index 4.
            scratch.group = self.group_terms(cursor);
        }
        self.in_rank_order(j, cursor, &mut scratch)
    }

    /// The block of positions sharing the counts above `j`: small blocks in rank order, large
    /// ones in waves of sub-blocks by `(c_j, c_(j-1))`, each again a block two levels down.
    pub(super) fn block(&self, j: usize, cursor: Cursor, progress: &(dyn Fn(u64) + Sync)) {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        // On one thread, handing sub-blocks to the pool only adds its wake-ups: rank order is a
        // valid order for the whole block.
        if j < 6 || self.q(j, m, q) < self.split_from || rayon::current_num_threads() == 1 {
            let mut cursor = cursor;
            let solved = self.in_rank_order_from(j, &mut cursor);
            self.done.fetch_add(solved, Relaxed);
            return;
        }
        // Every sub-block (b, a) = (c_j, c_(j-1)).
        let mut subs: Vec<(i64, i64)> = Vec::new();
        for b in self.choices(j, m, q) {
            let (m1, q1) = (m - b * FIB_U64[j] as i64, q - b);
            subs.extend(self.choices(j - 1, m1, q1).map(|a| (b, a)));
        }
        // Sub-block (b, a) needs (b, a + 1) and (b + 1, a - 2) (the splits at j - 2 and j - 1)
        // and nothing else of this block: each starts as soon as those two are done, rather
        // than wave by wave, so a large sub-block does not hold back the others.
        let at: HashMap<(i64, i64), usize> = subs.iter().enumerate().map(|(k, &s)| (s, k)).collect();
        let waiting: Vec<AtomicUsize> = subs
            .iter()
            .map(|&(b, a)| {
                let needs = [(b, a + 1), (b + 1, a - 2)];
                AtomicUsize::new(needs.iter().filter(|d| at.contains_key(d)).count())
            })
            .collect();
        let block = SubBlocks { j, cursor: &cursor, subs: &subs, at: &at, waiting: &waiting, progress };
        // The ready ones, listed before any starts (a started one may free others, which it
        // then starts itself).
        let ready: Vec<usize> = (0..subs.len()).filter(|&k| waiting[k].load(Relaxed) == 0).collect();
        rayon::scope(|scope| {
            for k in ready {
                self.start_sub_block(scope, &block, k);
            }
        });
        progress(self.done.load(Relaxed));
    }

    /// Solves sub-block `k` on the pool, then starts those of its dependents that it was the
    /// last to wait for.
    fn start_sub_block<'s>(&'s self, scope: &rayon::Scope<'s>, block: &'s SubBlocks<'s>, k: usize) {
        scope.spawn(move |scope| {
            let (b, a) = block.subs[k];
            let j = block.j;
            let mut sub = block.cursor.clone();
            let level = self.level(&sub, j);
            self.fix(&mut sub, j, b, &level);
            let level = self.level(&sub, j - 1);
            self.fix(&mut sub, j - 1, a, &level);
            self.block(j - 2, sub, block.progress);
            for dependent in [(b, a - 1), (b - 1, a + 2)] {
                if let Some(&d) = block.at.get(&dependent) {
                    if block.waiting[d].fetch_sub(1, AcqRel) == 1 {
                        self.start_sub_block(scope, block, d);
                    }
                }
            }
        });
    }

    compiled_twice! {
        /// Solves the positions below `j` in decreasing rank order on this thread; returns how
        /// many.
        fn in_rank_order / in_rank_order_v3 / in_rank_order_inline(
            j: usize,
            cursor: &mut Cursor,
            scratch: &mut Scratch,
        ) -> u64
    }

    /// The body of [`Runs::in_rank_order`], inlined into each of its compilations.
    #[inline(always)]
    fn in_rank_order_inline(&self, j: usize, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        match j {
            3 => return self.any_run(cursor, scratch, self.run_terms(cursor)),
            4 => return self.group(cursor, scratch),
            5 => return self.groups(cursor, scratch),
            _ => {}
        }
        let fixed_len = cursor.fixed_len;
        let mut solved = 0;
        let level = self.level(cursor, j);
        for c in self.choices(j, cursor.m[j], cursor.q[j]) {
            self.fix(cursor, j, c, &level);
            solved += self.in_rank_order(j - 1, cursor, scratch);
            cursor.fixed_len = fixed_len;
        }
        solved
    }

    /// Solves the groups of `cursor` (counts fixed above index 5), by decreasing `c_5`: the loop
    /// of [`Runs::in_rank_order`] at index 5, written out.
    ///
    /// Fixing `c_5` needs `Q(5, m_4, q_4)`, `Q(5, m_4, q_4 - 1)` and, for the split `F6 ∧ F6`,
    /// `Q(5, m_4 + 5, q_4 + 1)`. As `c_5` steps down, `(m_4, q_4)` steps by `(8, 1)`, along the
    /// recurrence's diagonal `Q(5, m, q) = Q(4, m, q) + Q(5, m - 8, q - 1)`: each is the last one
    /// plus a count at index 4, and those (`Q(4, m_4, q_4)` among them, which says whether the
    /// group has a position at all) are one table read each.
    #[inline(always)]
    fn groups(&self, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        let fixed_len = cursor.fixed_len;
        let level = self.level(cursor, 5);
        let (m5, q5) = (cursor.m[5], cursor.q[5]);
        let q = |j: usize, m: i64, q: i64| self.index.q(j, m, q);
        // The range of `choices(5, ..)`, whose filter is `Q(4, m_4, q_4) > 0`.
        let most = (m5 / 8).min(q5).min((m5 - q5) / 7);
        let least = ((m5 - q5 * 5).max(0) as u64).div_ceil(3) as i64;
        // The split's count only where the split is legal: `m_4 + 5` may be past the table
        // otherwise (it is the sum at index 4 of the split's child, at most `n`, where it is).
        let split = level.split.is_some();
        let shifts = [(0, 0), (0, -1), (5, 1)];
        let counts = |j: usize, m4: i64, q4: i64| {
            shifts.map(|(a, b)| if a == 0 || split { q(j, m4 + a, q4 + b) } else { 0 })
        };
        // The three counts at index 5 one `c_5` above the highest.
        let mut five = counts(5, m5 - 8 * (most + 1), q5 - (most + 1));
        let mut solved = 0;
        for c in (least..=most).rev() {
            let (m4, q4) = (m5 - 8 * c, q5 - c);
            let four = counts(4, m4, q4);
            five = std::array::from_fn(|k| five[k] + four[k]);
            debug_assert_eq!(five, counts(5, m4, q4));
            if four[0] == 0 {
                continue;
            }
            // As `Runs::fix` finds them.
            let (split_child, split_below) =
                if split { (five[2], four[2].wrapping_sub(four[0])) } else { (0, 0) };
            self.fix_by(cursor, 5, c, &level, [five[0], five[1], split_child, split_below]);
            solved += self.group(cursor, scratch);
            cursor.fixed_len = fixed_len;
        }
        solved
    }

    /// Solves the group of runs that share the counts above index 4 of `cursor`, by decreasing
    /// `c_4`, in rank order ([`Runs::group_runs`]): the moves fixed so far once for the
    /// whole group, then each run by its pass's group loop.
    #[inline(always)]
    fn group(&self, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        let fixed_len = cursor.fixed_len;
        let level;
        (scratch.group, level) = self.group_level(cursor);
        // (The remoteness pass's group loop folds in the fixed moves itself.)
        if self.pass == Pass::Words && self.current.remoteness.is_none() {
            self.share_fixed_moves(cursor, scratch, &level);
        }
        let solved = match (self.pass, &self.current.remoteness) {
            (Pass::Words, None) => self.group_in_words(cursor, scratch, &level),
            (Pass::Words, Some(_)) => self.group_remoteness(cursor, scratch, &level),
            (Pass::Scalar, _) => {
                let mut solved = 0;
                for run in self.group_runs(cursor, &level).flatten() {
                    self.fix_by(cursor, 4, run.c, &level, run.fix_terms());
                    solved += self.any_run(cursor, scratch, run.terms());
                    cursor.fixed_len = fixed_len;
                }
                solved
            }
        };
        scratch.shared_moves = 0;
        scratch.shared_combine_4 = false;
        solved
    }

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
    fn group_in_words(&self, cursor: &mut Cursor, scratch: &mut Scratch, level: &Level) -> u64 {
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
    fn group_run(
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
    fn run_losing_children(
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

    /// The group loop of the remoteness pass ([`Runs::group`]): each run's moves written out
    /// from its bounds, as in [`Runs::group_in_words`], and folded in by [`Runs::run_remoteness`]
    /// (with AVX-512's masked loads where the processor has them, [`Runs::group_remoteness_v4`]).
    #[inline(always)]
    fn group_remoteness(&self, cursor: &mut Cursor, scratch: &mut Scratch, level: &Level) -> u64 {
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
    unsafe fn group_remoteness_v4(&self, cursor: &mut Cursor, scratch: &mut Scratch, level: &Level) -> u64 {
        self.group_remoteness_with(cursor, scratch, level, true)
    }

    /// The body of [`Runs::group_remoteness`]; `masked`: whether the children are read by
    /// [`fold_chunk_masked`] (only where the caller is compiled for AVX-512 and the processor
    /// has it).
    #[inline(always)]
    fn group_remoteness_with(
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

    /// Test aid: the group loop's run checked against the cursor's, with every child's offset.
    #[cfg(test)]
    fn check_group_run(&self, cursor: &mut Cursor, level: &Level, run: &GroupRun) {
        if self.check_offsets {
            let fixed_len = cursor.fixed_len;
            self.fix_by(cursor, 4, run.c, level, run.fix_terms());
            assert_eq!((cursor.same[3], cursor.minus[3]), (run.first, run.minus_3));
            assert_eq!(Runs::run_bounds(cursor), (run.t_min, run.t_max));
            self.check_offsets(cursor, run.t_min, run.t_max, run.first);
            cursor.fixed_len = fixed_len;
        }
    }

    /// The runs of the group of `cursor` (counts fixed above index 4, `level` from
    /// [`Runs::group_level`]), by decreasing `c_4`, in rank order: each run, or `None` for a `c_4`
    /// that leaves no run (the next run is then not one `c_4` below the last).
    ///
    /// The counts `Q(4, m_3 + a, q_3 + b)` a run needs ([`DIAGONAL`], with `m_3 = m_4 - 5 c_4`
    /// and `q_3 = q_4 - c_4`) walk the recurrence's own diagonal, `Q(4, m, q) = Q(3, m, q) + Q(4,
    /// m - 5, q - 1)`, so each is the last one plus a closed form: one table read each for the
    /// whole group, not seven a run (the table is megabytes, and those reads missed the cache).
    #[inline(always)]
    fn group_runs(&self, cursor: &Cursor, level: &Level) -> GroupRuns {
        let (m4, q4) = (cursor.m[4], cursor.q[4]);
        let most = (m4 / 5).min(q4).min((m4 - q4) / 4);
        let least = ((m4 - 3 * q4).max(0) + 1) / 2;
        // `Q(4, m_3 + a, q_3 + b)` at `c_4 = most + 1`.
        let mut above = [0; 5];
        for (value, (a, b)) in above.iter_mut().zip(DIAGONAL) {
            *value = self.index.q(4, m4 - 5 * (most + 1) + a, q4 - (most + 1) + b);
        }
        GroupRuns {
            m4,
            q4,
            first: cursor.same[4].wrapping_add(level.same),
            minus: cursor.minus[4].wrapping_add(level.minus),
            above,
            c: most,
            least,
        }
    }

    /// The terms of the run of `cursor` that [`Runs::run_moves`] reads from the table:
    /// `Q(4, m_3 - 5, q_3 - 2)`, `Q(4, m_3 - 3, q_3 - 1)`, `Q(4, m_3 - 5, q_3 - 1)` and
    /// `Q(4, m_3 + 2, q_3 + 1)` (the last where `c_4 >= 2`, when its move is legal; 0 otherwise).
    fn run_terms(&self, cursor: &Cursor) -> [u64; 4] {
        let (m3, q3) = (cursor.m[3], cursor.q[3]);
        let f4_f4 = if cursor.c[4] >= 2 { self.q(4, m3 + 2, q3 + 1) } else { 0 };
        [self.q(4, m3 - 5, q3 - 2), self.q(4, m3 - 3, q3 - 1), self.q(4, m3 - 5, q3 - 1), f4_f4]
    }

    /// [`Runs::group_terms`] and [`Runs::level`] at index 4 together, for the group of `cursor`:
    /// the twenty table reads the two need between them, each once (apart, they take some
    /// thirty, through the general offset), written out term by term (checked against the two
    /// in debug builds).
    #[inline(always)]
    fn group_level(&self, cursor: &Cursor) -> (GroupTerms, Level) {
        let top = self.index.top();
        let q = |j: usize, m: i64, q: i64| self.index.q(j, m, q);
        let [m4, m5, m6] = [cursor.m[4], cursor.m[5], cursor.m[6]];
        let [q4, q5, q6] = [cursor.q[4], cursor.q[5], cursor.q[6]];
        let c5 = cursor.c[5];
        let (at, at_minus) = (q(4, m4, q4), q(4, m4, q4 - 1));
        // Index 5 is past the table in the smallest games, where no move reaches it.
        let [five, five_minus, f3_f4_5, f4_f4_5] = if top >= 5 {
            [q(5, m5, q5), q(5, m5, q5 - 1), q(5, m4 - 8, q4 - 2), q(5, m4 - 8, q4 - 1)]
        } else {
            [0; 4]
        };
        let group = GroupTerms {
            f2_f3: cursor.minus[4].wrapping_add(at_minus),
            f3_f4: cursor.minus[5].wrapping_add(five_minus).wrapping_sub(f3_f4_5).wrapping_add(q(
                4,
                m4 - 8,
                q4 - 2,
            )),
            f3_f3: cursor.same[4].wrapping_add(at),
            f4_f4: cursor.same[5].wrapping_add(five).wrapping_sub(f4_f4_5).wrapping_add(q(4, m4 - 8, q4 - 1)),
        };
        let mut level = Level { same: at, minus: at_minus, combine: None, split: None };
        if top >= 6 && c5 >= 1 {
            // F4 ∧ F5 -> F6 ([`Runs::offset`] at indices 4 to 6, into the tier below; it leaves
            // the sum at index 6 as it was).
            let (five_at_4, six_at_5) = (q(5, m4, q4), q(6, m5, q5));
            let delta = cursor.minus[6]
                .wrapping_sub(cursor.same[6])
                .wrapping_add(q(4, m4 - 5, q4 - 1))
                .wrapping_sub(at)
                .wrapping_add(q(5, m5 - 13, q5 - 2))
                .wrapping_sub(five)
                .wrapping_add(five_at_4)
                .wrapping_sub(q(5, m4 - 5, q4 - 1))
                .wrapping_add(q(6, m6, q6 - 1))
                .wrapping_sub(q(6, m6, q6))
                .wrapping_add(six_at_5)
                .wrapping_sub(q(6, m5 - 13, q5 - 2));
            level.combine = Some(Offset { delta, below: true });
            if c5 >= 2 {
                // F5 ∧ F5 -> F3 ∧ F6: the terms that do not need c_4 (see [`Runs::level`]).
                let split = six_at_5
                    .wrapping_sub(q(6, m5 - 13, q5 - 1))
                    .wrapping_add(q(5, m5 - 13, q5 - 1))
                    .wrapping_sub(q(5, m4 + 3, q4 + 1))
                    .wrapping_sub(five)
                    .wrapping_add(five_at_4)
                    .wrapping_add(q(4, m4 + 3, q4 + 1))
                    .wrapping_sub(at);
                level.split = Some(split);
            }
        }
        if cfg!(debug_assertions) {
            let (expected_group, expected) = (self.group_terms(cursor), self.level(cursor, 4));
            debug_assert_eq!(format!("{group:?}"), format!("{expected_group:?}"));
            debug_assert_eq!(
                (level.same, level.minus, level.combine.map(|o| (o.delta, o.below)), level.split),
                (expected.same, expected.minus, expected.combine.map(|o| (o.delta, o.below)), expected.split)
            );
        }
        (group, level)
    }

    /// The terms of [`GroupTerms`] for the counts above index 4 of `cursor`.
    fn group_terms(&self, cursor: &Cursor) -> GroupTerms {
        let [m4, m5] = [cursor.m[4], cursor.m[5]];
        let [q4, q5] = [cursor.q[4], cursor.q[5]];
        // Index 5 is past the table in the smallest games, where no move reaches it.
        let q = |j: usize, m: i64, q: i64| if j <= self.index.top() { self.q(j, m, q) } else { 0 };
        GroupTerms {
            f2_f3: cursor.minus[4].wrapping_add(q(4, m4, q4 - 1)),
            f3_f4: cursor.minus[5]
                .wrapping_add(q(5, m5, q5 - 1))
                .wrapping_sub(q(5, m4 - 8, q4 - 2))
                .wrapping_add(q(4, m4 - 8, q4 - 2)),
            f3_f3: cursor.same[4].wrapping_add(q(4, m4, q4)),
            f4_f4: cursor.same[5]
                .wrapping_add(q(5, m5, q5))
                .wrapping_sub(q(5, m4 - 8, q4 - 1))
                .wrapping_add(q(4, m4 - 8, q4 - 1)),
        }
    }

    /// For the positions sharing the counts above index 4 of `cursor` (consecutive ranks, runs
    /// one after another), whether a move fixed so far reaches a losing child: those moves are
    /// legal at every such position and their children sit at one offset for all of them, so
    /// one word pass over the group serves each of its runs. So does `level.combine`, the
    /// combine `F4 ∧ F5 -> F6` where `c_5 >= 1`, at all but the positions with `c_4 = 0` (the
    /// group's lowest ranks, the run of `m_3 = m_4` and `q_3 = q_4`). (`level.same`, the group's
    /// `Q(4, m_4, q_4)`, is its number of positions.)
    #[inline(always)]
    fn share_fixed_moves(&self, cursor: &Cursor, scratch: &mut Scratch, level: &Level) {
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

    /// [`Runs::share_fixed_moves`] for the remoteness pass: the moves fixed so far folded into
    /// accumulators for the whole group, a few long passes where each run would make many short
    /// ones; chunk by chunk, as in [`Runs::run_remoteness`].
    #[inline(always)]
    fn share_fixed_remoteness(&self, cursor: &Cursor, scratch: &mut Scratch, level: &Level, masked: bool) {
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
    fn tables<'s>(&'s self, block: &'s std::ops::Range<usize>, masked: bool) -> Tables<'s> {
        Tables {
            below: self.below.and_then(|t| t.remoteness).unwrap_or(&[]),
            here: self.current.remoteness.as_deref().expect("remoteness is kept"),
            block,
            masked,
        }
    }

    /// The moves at indices up to 4 for the run of `cursor`, with the `t` where each is legal,
    /// and the run's bounds `(t_min, t_max)`.
    fn run_moves(
        &self,
        cursor: &Cursor,
        group: &GroupTerms,
        terms: [u64; 4],
        moves: &mut [RunMove; 6],
    ) -> (usize, i64, i64) {
        let mut count = 0;
        let (t_min, t_max) = self.for_each_run_move(cursor, group, terms, |_, from, to, offset| {
            moves[count] = RunMove { offset, from, to };
            count += 1;
        });
        (count, t_min, t_max)
    }

    /// The bounds `(t_min, t_max)` of the run of `cursor`: `c_3` from `max(0, m_3 - 2 q_3)` to
    /// `(m_3 - q_3) / 2` (see the module header).
    #[inline(always)]
    fn run_bounds(cursor: &Cursor) -> (i64, i64) {
        let [m3, q3] = [cursor.m[3], cursor.q[3]];
        ((m3 - 2 * q3).max(0), (m3 - q3) >> 1)
    }

    /// Hands `sink(kind, from, to, offset)` each of the moves at indices up to 4 for the run of
    /// `cursor` that is legal somewhere in it, with the `t` in `from..=to` where it is (inside the
    /// run's bounds), and gives the run's bounds `(t_min, t_max)`.
    #[inline(always)]
    fn for_each_run_move(
        &self,
        cursor: &Cursor,
        group: &GroupTerms,
        [f2_f3, f3_f4, f3_f3, f4_f4]: [u64; 4],
        mut sink: impl FnMut(RunMoveKind, i64, i64, Offset),
    ) -> (i64, i64) {
        if cfg!(debug_assertions) {
            let terms = self.run_terms(cursor);
            debug_assert_eq!(terms, [f2_f3, f3_f4, f3_f3, if cursor.c[4] >= 2 { f4_f4 } else { 0 }]);
        }
        let [m3, q3] = [cursor.m[3], cursor.q[3]];
        let d = m3 - q3;
        let t_min_of = |m: i64, q: i64| (m - 2 * q).max(0);
        let (t_min, t_max) = Runs::run_bounds(cursor);
        let c4 = cursor.c[4];
        let ones_from = q3 - d; // c_1 = ones_from + t
        let first = cursor.same[3];
        // Each child lands in the run of its own counts at `t + shift`; its rank is that run's
        // first rank plus `t + shift` minus that run's lowest `t`. A run's first rank is its
        // terms above index 3 (the term at 3 is 0 at the lowest `t`), written here from the
        // parent's terms above the highest index the move touches and the changed ones below.
        let offset = |child_first: u64, shift: i64, m: i64, q: i64, below: bool| Offset {
            delta: child_first.wrapping_sub(first).wrapping_add((shift - (t_min_of(m, q) - t_min)) as u64),
            below,
        };
        // Every offset is a few integer operations (the table's terms came in `group` and the
        // four terms), so each is found whether or not its move is legal anywhere in the run.
        let mut push = |kind: RunMoveKind, from: i64, to: i64, offset: Offset| {
            let (from, to) = (from.max(t_min), to.min(t_max));
            if from <= to {
                sink(kind, from, to, offset);
            }
        };
        use RunMoveKind::*;
        // F1 ∧ F1 -> F2: same counts above 3, one part fewer below.
        push(Combine11, 2 - ones_from, t_max, offset(cursor.minus[3], 0, m3, q3 - 1, true));
        // F1 ∧ F2 -> F3: the same child run, one further up.
        push(Combine12, 1 - ones_from, (d - 1) >> 1, offset(cursor.minus[3], 1, m3, q3 - 1, true));
        // F2 ∧ F3 -> F4: c_4 + 1. (The terms of each child run's first rank that depend on the
        // counts above 4 alone are in `group`.)
        push(Combine23, 1, (d - 1) >> 1, offset(group.f2_f3.wrapping_sub(f2_f3), -1, m3 - 5, q3 - 2, true));
        if c4 >= 1 {
            // F3 ∧ F4 -> F5: c_4 - 1, c_5 + 1.
            push(Combine34, 1, t_max, offset(group.f3_f4.wrapping_sub(f3_f4), -1, m3 - 3, q3 - 1, true));
        }
        // F3 ∧ F3 -> F1 ∧ F4: c_4 + 1.
        push(Split33, 2, t_max, offset(group.f3_f3.wrapping_sub(f3_f3), -2, m3 - 5, q3 - 1, false));
        if c4 >= 2 {
            // F4 ∧ F4 -> F2 ∧ F5: c_4 - 2, c_5 + 1.
            push(Split44, t_min, t_max, offset(group.f4_f4.wrapping_sub(f4_f4), 0, m3 + 2, q3 + 1, false));
        }
        (t_min, t_max)
    }

    /// Sets the levels below 3 of `cursor` to the run's position with `c_3 = t`.
    fn set_run_position(&self, cursor: &mut Cursor, t: i64) {
        let (m3, q3) = (cursor.m[3], cursor.q[3]);
        let (m2, q2) = (m3 - 3 * t, q3 - t);
        let ones = 2 * q3 - m3 + t;
        cursor.c[3] = t;
        (cursor.m[2], cursor.q[2]) = (m2, q2);
        (cursor.m[1], cursor.q[1]) = (ones, ones);
        cursor.same[2] = cursor.same[3] + self.q(3, m3, q3) - self.q(3, m2, q2);
        cursor.minus[2] =
            cursor.minus[3].wrapping_add(self.q(3, m3, q3 - 1)).wrapping_sub(self.q(3, m2, q2 - 1));
    }

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
    fn any_run_inline(&self, cursor: &mut Cursor, scratch: &mut Scratch, terms: [u64; 4]) -> u64 {
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

    /// Test aid: every legal move's offset, checked against ranking the child from scratch.
    #[cfg(test)]
    fn check_offsets(&self, cursor: &Cursor, t_min: i64, t_max: i64, first: u64) {
        use crate::zgame::position::{apply_to_counts, for_each_legal_move};
        let top = self.index.top();
        let mut moves = [RunMove { offset: Offset::default(), from: 0, to: 0 }; 6];
        let (count, _, _) =
            self.run_moves(cursor, &self.group_terms(cursor), self.run_terms(cursor), &mut moves);
        for t in t_min..=t_max {
            let mut counts = vec![0u32; top + 2];
            for j in 4..=top {
                counts[j - 1] = cursor.c[j] as u32;
            }
            let (m3, q3) = (cursor.m[3], cursor.q[3]);
            counts[2] = t as u32;
            counts[1] = (m3 - q3 - 2 * t) as u32;
            counts[0] = (2 * q3 - m3 + t) as u32;
            let rank = first + (t - t_min) as u64;
            assert_eq!(self.index.rank(&counts[..top]), rank, "{counts:?}");
            let mut expected = Vec::new();
            for_each_legal_move(&counts[..top], |m| {
                let mut child = counts.clone();
                apply_to_counts(&mut child, m);
                expected.push((self.index.rank(&child[..top]), m.removes_part(), format!("{m}")));
            });
            let mut got: Vec<(u64, bool)> = cursor.fixed[..cursor.fixed_len]
                .iter()
                .map(|o| (rank.wrapping_add(o.delta), o.below))
                .collect();
            for mv in &moves[..count] {
                if (mv.from..=mv.to).contains(&t) {
                    got.push((rank.wrapping_add(mv.offset.delta), mv.offset.below));
                }
            }
            if t < t_max {
                got.push((rank + 1, false));
            }
            let mut exp: Vec<(u64, bool)> = expected.iter().map(|e| (e.0, e.1)).collect();
            exp.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, exp, "{counts:?} {expected:?}");
        }
    }

    /// The outcome bit of a child.
    #[inline(always)]
    fn child_wins(&self, offset: Offset, parent: u64) -> bool {
        let r = parent.wrapping_add(offset.delta);
        if offset.below {
            self.below.expect("a combine leads to the tier below").is_win(r)
        } else {
            self.current.is_win(r)
        }
    }

    /// 64 child bits for the parents from rank `parent` up.
    #[inline(always)]
    fn child_bits(&self, offset: Offset, parent: u64) -> u64 {
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
    fn run_in_words(&self, run: Run<'_>, shared: Shared<'_>, owned: std::ops::Range<usize>) {
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

    /// Remoteness and outcomes over one run, a chunk of [`LANES`] positions at a time from the
    /// top chunk down: every move's children folded into the chunk's least losing and greatest
    /// child remoteness (each move's children are consecutive ranks), then the chunk's positions
    /// through the run's own move, by [`Runs::own_move_chunk`].
    ///
    /// Chunk by chunk rather than move by move: a chunk's accumulators stay in registers through
    /// all of its moves, where a move-by-move pass stores them and loads them back for the next
    /// move, one store-to-load forwarding (several cycles) after another in a dependent chain.
    #[inline(always)]
    fn run_remoteness(&self, run: Run<'_>, scratch: &mut Scratch, masked: bool) {
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
    fn own_move_chunk(
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

    /// The scalar pass over one run: position by position from the top, with remoteness.
    fn run_scalar(&self, run: Run<'_>) {
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

/// What the remoteness pass reads its children from.
struct Tables<'a> {
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
    fn fold_chunk(
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
    fn store_chunk(&self, at: usize, remoteness: &[i16; LANES], last: usize) {
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
fn exact_lanes(cells: &[u16], lo: usize) -> [u16; LANES] {
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
fn shared_lanes(cells: &[AtomicU16], lo: usize) -> [u16; LANES] {
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
unsafe fn unshared_cells(cells: &[AtomicU16]) -> &[u16] {
    // SAFETY: the layouts agree, and the caller promises that no write races these reads.
    unsafe { std::slice::from_raw_parts(cells.as_ptr().cast::<u16>(), cells.len()) }
}

impl Current {
    /// [`Current::set_bits`] where no other thread writes the words `owned` meanwhile: those
    /// take a plain load and store rather than an atomic OR, which costs a locked instruction.
    #[inline(always)]
    fn set_owned_bits(&self, rank: u64, bits: u64, owned: &std::ops::Range<usize>) {
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
    pub(super) fn set_bits(&self, rank: u64, bits: u64) {
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

#[cfg(test)]
mod tests {
    use super::{
        fold_children, own_move_serial, q_at_3, resolve_own_move, resolve_short_run, Isa, TierIndex, LANES,
        MOST_REMOTENESS, NO_LOSS,
    };

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
                            super::own_move_scan(&fastest, &slowest, last, (above, above_wins), by_deposit)
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
                    super::fold_chunk_masked(
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
