//! A tier's work shared among several processes (MPI ranks on a cluster; threads in tests): each
//! solves its share of the tier, then sends the others what it found.
//!
//! **Blocks.** Fix the counts above an index `L`: the positions with those counts form a block
//! of consecutive ranks, since the ranking compares counts from the top index down. The plan
//! takes the highest `L` (at least 6) at which no block holds more than `1 / (8R)` of the tier,
//! for `R` processes, so that every process gets several blocks to balance.
//!
//! **Order.** A split `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` with `i + 1 > L` changes the counts above
//! `L`: its child lies in another block of the same tier, of higher rank. Every other split stays
//! inside its block, and every combine leads to the tier below, solved before. So a block
//! depends only on the blocks its splits at `i >= L` reach, which the plan finds from the counts
//! alone. Where such a split's legality depends on counts at or below `L` (`i = L` or `i - 2 <=
//! L`), the plan counts it whenever the child block exists: an extra dependency costs only
//! parallelism, never correctness. A block's wave is one more than the latest wave it depends
//! on (0 if none), so the blocks of one wave depend only on earlier waves.
//!
//! **Who solves what.** Every process computes the same plan. Inside a wave, the blocks go
//! largest first to the least loaded process. A process solves its blocks of the wave (on all of
//! its threads, by the fast sweep of `runs.rs`), then sends each other process the words of its
//! blocks that the other keeps, and ORs in the words of theirs that it keeps, in one all-to-all.
//! A bit is set only once its position is solved, and each word is masked to the sender's
//! blocks, so words shared by two blocks merge exactly.
//!
//! **What a process keeps.** Of tier `p` a process keeps the words its own solve reads or writes
//! (its blocks and the blocks its splits reach) and the words its share of tier `p + 1` will
//! read (the ranks its combines there reach): [`Runs::kept_spans`], from the counts above each
//! block's level as for the waves. Each process finds its own from the plans of tiers `p` and
//! `p + 1`, and the processes all-gather them, so every sender knows what each receiver keeps.
//! The rest of the tier is never written, and its table is zeroed by the system as it is first
//! touched, so no memory backs it. A process keeps a whole tier when the next tier is too small
//! to share (every process then solves it whole), and one process may keep every tier whole to
//! save checkpoints.
//!
//! **What crosses the network.** Per tier, each process receives the words of the others' blocks
//! that it keeps, one all-to-all per wave, plus its P-position count and the kept ranges.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use rayon::prelude::*;

use zecklab_numeration::fib::FIB_U64;

use super::runs::{Cursor, Runs};
use zecklab_games::zgame::MAX_TOP;

/// The lowest level the plan splits a tier at (the fast sweep's blocks need `j >= 6`).
const LOWEST_LEVEL: usize = 3;

/// Blocks per process the plan aims for: enough to balance a wave's unequal blocks.
const BLOCKS_PER_PROCESS: u64 = 256;

/// The smallest block the plan aims for, where a block's fixed costs (its cursor, its words'
/// boundaries, its place in a wave) stay small against its positions.
const MIN_BLOCK: u64 = 1 << 12;

/// How the processes of a shared solve reach one another. An MPI communicator implements it in
/// the command-line program; tests implement it with threads.
pub trait Exchange {
    /// This process's number, `0..processes()`.
    fn me(&self) -> usize;
    /// How many processes share the solve.
    fn processes(&self) -> usize;
    /// Gives `mine` to every process and returns what all gave, one after another in process
    /// order (this process's own included). `counts[k]` is how many words process `k` gives:
    /// every process knows them beforehand (they follow from the plan), so only the words
    /// travel. Every process calls it the same number of times, with the same counts.
    fn all_gather(&mut self, mine: &[u64], counts: &[usize]) -> Vec<u64>;
    /// Gives every process its own words: `sends` holds them one process after another, in
    /// process order, `send_counts[k]` for process `k`. Returns what every process gave this
    /// one, in process order, `receive_counts[k]` words from process `k` (known beforehand, as
    /// for [`Exchange::all_gather`]). Every process calls it the same number of times.
    fn all_to_all(&mut self, sends: &[u64], send_counts: &[usize], receive_counts: &[usize]) -> Vec<u64>;
}

/// Which tier [`Runs::seen_spans`] gives of what a process sees while solving its share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Seen {
    /// The tier being solved.
    Here,
    /// The tier below it.
    Below,
}

/// One block of a plan: the positions sharing the counts above `level`.
#[derive(Debug)]
struct Block {
    first: u64,
    len: u64,
    /// Counts above this index are fixed.
    level: usize,
    owner: usize,
    /// Where its counts `c_(level+1) ..= c_top` start in [`Plan::counts`].
    counts_at: usize,
}

/// A tier split into blocks, waves and owners, the same on every process.
#[derive(Debug)]
pub(super) struct Plan {
    blocks: Vec<Block>,
    /// Every block's fixed counts, from `c_(level+1)` up.
    counts: Vec<u32>,
    /// Block numbers by wave; inside a wave, in the order of assignment (largest first).
    waves: Vec<Vec<usize>>,
    /// The blocks each block's splits reach (all listed before it), block `k`'s at
    /// `needs[needs_at[k]..needs_at[k + 1]]`.
    needs: Vec<usize>,
    needs_at: Vec<usize>,
}

/// What a plan asks of the processes, for a scaling model.
#[derive(Clone, Copy, Debug)]
pub struct ShareFigures {
    /// The lowest and highest level of a block (counts above it are fixed in the block).
    pub levels: (usize, usize),
    /// Blocks in the tier.
    pub blocks: usize,
    /// Waves: all-gathers the tier needs.
    pub waves: usize,
    /// The sum over waves of the largest share any process solves in it (positions): the
    /// tier's critical path, if every process solves as fast.
    pub critical_positions: u64,
    /// Bytes any one process receives, at most, over the tier.
    pub received_bytes: u64,
    /// The most bytes of this tier and the tier below any one process holds while solving this
    /// tier: what it keeps of each (see [`TieredSolver::solve_next_shared`]).
    pub held_bytes: u64,
    /// How long building the plan took (each process of a job builds it too).
    pub planning: std::time::Duration,
}

impl Plan {
    /// The words of block `k` within the word range `from..to`, each with the mask of the
    /// block's bits in it.
    fn words_within(&self, k: usize, from: u64, to: u64) -> impl Iterator<Item = (usize, u64)> {
        let (first, end) = (self.blocks[k].first, self.blocks[k].first + self.blocks[k].len);
        (from.max(first / 64)..to.min(end.div_ceil(64))).map(move |w| {
            let (lo, hi) = ((w * 64).max(first), ((w + 1) * 64).min(end));
            let width = hi - lo;
            let ones = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
            (w as usize, ones << (lo - w * 64))
        })
    }

    /// The blocks that hold some of the ranks `first..first + len`, in plan order (the blocks
    /// partition the tier in decreasing rank order).
    fn meeting(&self, first: u64, len: u64) -> std::ops::Range<usize> {
        let from = self.blocks.partition_point(|b| b.first >= first + len);
        let to = self.blocks.partition_point(|b| b.first + b.len > first);
        from..to.max(from)
    }

    /// The words of block `k`, each with the mask of the block's bits in it.
    fn words(&self, k: usize) -> impl Iterator<Item = (usize, u64)> {
        self.words_within(k, 0, u64::MAX)
    }

    /// The words of block `k` that a process keeping `spans` (sorted disjoint word ranges)
    /// holds, with their masks.
    fn kept_words<'a>(
        &'a self,
        k: usize,
        spans: &'a [(u64, u64)],
    ) -> impl Iterator<Item = (usize, u64)> + 'a {
        let block = &self.blocks[k];
        let (from, to) = (block.first / 64, (block.first + block.len).div_ceil(64));
        let start = spans.partition_point(|&(_, end)| end <= from);
        spans[start..]
            .iter()
            .take_while(move |&&(begin, _)| begin < to)
            .flat_map(move |&(begin, end)| self.words_within(k, begin, end))
    }

    /// How many words of block `k` a process keeping `spans` holds.
    fn kept_count(&self, k: usize, spans: &[(u64, u64)]) -> usize {
        let block = &self.blocks[k];
        let (from, to) = (block.first / 64, (block.first + block.len).div_ceil(64));
        let start = spans.partition_point(|&(_, end)| end <= from);
        spans[start..]
            .iter()
            .take_while(|&&(begin, _)| begin < to)
            .map(|&(begin, end)| (end.min(to) - begin.max(from)) as usize)
            .sum()
    }

    /// The blocks of `wave` that `owner` solves, in the order every process agrees on.
    fn owned<'a>(&'a self, wave: &'a [usize], owner: usize) -> impl Iterator<Item = usize> + 'a {
        wave.iter().copied().filter(move |&k| self.blocks[k].owner == owner)
    }

    /// Blocks in the plan.
    pub(super) fn block_count(&self) -> usize {
        self.blocks.len()
    }

    /// Block numbers by wave.
    #[cfg(test)]
    pub(super) fn wave_blocks(&self) -> &[Vec<usize>] {
        &self.waves
    }

    /// The blocks of this plan that block `k` waits for (its splits' children's blocks).
    pub(super) fn needs_of(&self, k: usize) -> &[usize] {
        &self.needs[self.needs_at[k]..self.needs_at[k + 1]]
    }

    /// The process that solves block `k`.
    #[cfg(test)]
    pub(super) fn owner_of(&self, k: usize) -> usize {
        self.blocks[k].owner
    }

    /// The ranks of block `k`.
    #[cfg(test)]
    pub(super) fn block_ranks(&self, k: usize) -> std::ops::Range<u64> {
        self.blocks[k].first..self.blocks[k].first + self.blocks[k].len
    }

    /// The plan's figures for `processes` processes that keep `kept` of the tier (see
    /// [`Runs::kept_spans`]); `held_bytes` is left for the caller, who knows the tier below.
    pub(super) fn figures(&self, processes: usize, kept: &[Vec<(u64, u64)>]) -> ShareFigures {
        let mut critical_positions = 0;
        for wave in &self.waves {
            let mut load = vec![0u64; processes];
            for &k in wave {
                load[self.blocks[k].owner] += self.blocks[k].len;
            }
            critical_positions += load.iter().max().copied().unwrap_or(0);
        }
        // A process receives the words of others' blocks that it keeps: one merge of the blocks
        // (in increasing rank order, the reverse of the plan's) with its kept ranges.
        let received_words = kept.iter().enumerate().map(|(receiver, spans)| {
            let (mut at, mut words) = (0, 0u64);
            for block in self.blocks.iter().rev() {
                let (from, to) = (block.first / 64, (block.first + block.len).div_ceil(64));
                while at < spans.len() && spans[at].1 <= from {
                    at += 1;
                }
                if block.owner != receiver {
                    words += spans[at..]
                        .iter()
                        .take_while(|&&(begin, _)| begin < to)
                        .map(|&(begin, end)| end.min(to) - begin.max(from))
                        .sum::<u64>();
                }
            }
            words
        });
        ShareFigures {
            levels: (
                self.blocks.iter().map(|b| b.level).min().unwrap_or(0),
                self.blocks.iter().map(|b| b.level).max().unwrap_or(0),
            ),
            blocks: self.blocks.len(),
            waves: self.waves.len(),
            critical_positions,
            received_bytes: received_words.max().unwrap_or(0) * 8,
            held_bytes: 0,
            planning: std::time::Duration::ZERO,
        }
    }
}

impl Runs<'_> {
    /// The plan of tier `p` for `processes` processes, or `None` when the tier is too small to
    /// share (every process then solves it whole) or the game too small for blocks above
    /// [`LOWEST_LEVEL`].
    pub(super) fn plan(&self, p: u32, processes: usize) -> Option<Plan> {
        self.plan_with(p, processes, BLOCKS_PER_PROCESS)
    }

    /// [`Runs::plan`] aiming for `per_process` blocks a process.
    pub(super) fn plan_with(&self, p: u32, processes: usize, per_process: u64) -> Option<Plan> {
        let top = self.index.top();
        let size = self.index.count(p);
        if top <= LOWEST_LEVEL + 1 || size < self.split_from {
            return None;
        }
        let target = (size / (per_process * processes as u64)).max(self.split_from.min(MIN_BLOCK));
        // Refine the tier (one block, nothing fixed above the top) by fixing counts from the top
        // down, only where a block is still larger than the target, each block's children by
        // decreasing count: the blocks come out in decreasing rank order.
        let mut plan = Plan {
            blocks: Vec::new(),
            counts: Vec::new(),
            waves: Vec::new(),
            needs: Vec::new(),
            needs_at: vec![0],
        };
        self.refine(&mut [0; MAX_TOP], (i64::from(self.index.n()), i64::from(p), 0), top, target, &mut plan);
        // Waves: a block after every block its splits reach (all of higher rank, listed earlier).
        let mut wave_of = vec![0usize; plan.blocks.len()];
        let (mut needs, mut reached) = (Vec::new(), Vec::new());
        for (k, block) in plan.blocks.iter().enumerate() {
            let mut wave = 0;
            reached.clear();
            self.split_reach(&plan, block, p, |first, len| {
                for d in plan.meeting(first, len) {
                    debug_assert!(d < k, "a split's child block has a higher rank");
                    wave = wave.max(wave_of[d] + 1);
                    reached.push(d);
                }
            });
            reached.sort_unstable();
            reached.dedup();
            needs.extend_from_slice(&reached);
            plan.needs_at.push(needs.len());
            wave_of[k] = wave;
            if plan.waves.len() <= wave {
                plan.waves.resize_with(wave + 1, Vec::new);
            }
            plan.waves[wave].push(k);
        }
        // Largest first to the least loaded (ties to the lowest process number).
        for wave in &mut plan.waves {
            wave.sort_by_key(|&k| std::cmp::Reverse(plan.blocks[k].len));
            let mut load = vec![0u64; processes];
            for &k in wave.iter() {
                let owner = (0..processes).min_by_key(|&p| (load[p], p)).expect("one process at least");
                load[owner] += plan.blocks[k].len;
                plan.blocks[k].owner = owner;
            }
        }
        plan.needs = needs;
        debug_assert_eq!(plan.blocks.iter().map(|b| b.len).sum::<u64>(), size);
        Some(plan)
    }

    /// Visits the rank ranges `(first, len)` of tier `p` that the splits of `block` (of tier
    /// `p`'s plan) reach when they change its counts above its level: `F(i) ∧ F(i) -> F(i-2) ∧
    /// F(i+1)` for `i >= level`, legal where `c_i >= 2` when `c_i` is fixed.
    fn split_reach(&self, plan: &Plan, block: &Block, p: u32, mut visit: impl FnMut(u64, u64)) {
        let (top, level) = (self.index.top(), block.level);
        let fixed = &plan.counts[block.counts_at..block.counts_at + top - level];
        // `child[j - 1]` is c_j.
        let mut child = [0u32; MAX_TOP];
        for i in level..top {
            child[..top].fill(0);
            child[level..top].copy_from_slice(fixed);
            child[i] += 1;
            if i > level {
                if child[i - 1] < 2 {
                    continue;
                }
                child[i - 1] -= 2;
            }
            if i >= level + 3 {
                child[i - 3] += 1;
            }
            if let Some((first, len)) = self.prefix_range(&child[..top], level, p) {
                visit(first, len);
            }
        }
    }

    /// Visits the rank ranges `(first, len)` of tier `p - 1` that the combines of `block` (of
    /// tier `p`'s plan) can reach, found from the counts above its level (so a superset where
    /// legality depends on the counts below): those below the level keep the counts above it,
    /// and `F(i) ∧ F(i+1) -> F(i+2)` changes them where `i + 2 > level`.
    fn combine_reach(&self, plan: &Plan, block: &Block, p: u32, mut visit: impl FnMut(u64, u64)) {
        if p == 1 {
            return;
        }
        let (top, level) = (self.index.top(), block.level);
        let fixed = &plan.counts[block.counts_at..block.counts_at + top - level];
        // `child[j - 1]` is c_j.
        let mut child = [0u32; MAX_TOP];
        let reset = |child: &mut [u32; MAX_TOP]| {
            child[..top].fill(0);
            child[level..top].copy_from_slice(fixed);
        };
        reset(&mut child);
        let mut visit_prefix = |child: &[u32; MAX_TOP]| {
            if let Some((first, len)) = self.prefix_range(&child[..top], level, p - 1) {
                visit(first, len);
            }
        };
        visit_prefix(&child);
        for i in level.saturating_sub(1).max(1)..top - 1 {
            reset(&mut child);
            child[i + 1] += 1;
            let mut legal = true;
            for lowered in [i, i + 1] {
                if lowered > level {
                    legal &= child[lowered - 1] >= 1;
                    child[lowered - 1] = child[lowered - 1].saturating_sub(1);
                }
            }
            if legal {
                visit_prefix(&child);
            }
        }
    }

    /// The lowest rank of tier `p - 1` that a combine of `block` (of tier `p`'s plan) can reach,
    /// or `None` if none can. A combine below the block's level keeps its counts above it, and
    /// every other raises a count above the level (lowering only counts below the one it raises),
    /// which puts its child above every position with the block's counts: so the lowest is the
    /// first rank with the block's counts in the tier below, where it has such positions.
    fn combine_floor(&self, plan: &Plan, block: &Block, p: u32) -> Option<u64> {
        if p == 1 {
            return None;
        }
        let (top, level) = (self.index.top(), block.level);
        let mut counts = [0u32; MAX_TOP];
        counts[level..top].copy_from_slice(&plan.counts[block.counts_at..block.counts_at + top - level]);
        if let Some((first, _)) = self.prefix_range(&counts[..top], level, p - 1) {
            return Some(first);
        }
        let mut lowest = None;
        self.combine_reach(plan, block, p, |first, _| {
            lowest = Some(lowest.map_or(first, |l: u64| l.min(first)))
        });
        lowest
    }

    /// The ranks in tier `p` of the positions whose counts above `level` are `counts[level..]`
    /// (`counts[j - 1]` is `c_j`), or `None` when there are none.
    fn prefix_range(&self, counts: &[u32], level: usize, p: u32) -> Option<(u64, u64)> {
        let top = self.index.top();
        let (n, p) = (i64::from(self.index.n()), i64::from(p));
        let (mut m, mut q) = (n, p);
        for j in level + 1..=top {
            m -= i64::from(counts[j - 1]) * FIB_U64[j] as i64;
            q -= i64::from(counts[j - 1]);
        }
        let len = self.index.q(level, m, q);
        (len > 0).then(|| (self.index.rank_between(counts, top, level + 1, n, p), len))
    }

    /// What each process keeps of tier `p`, solved by `plan`, as sorted disjoint word ranges
    /// `from..to`: the words its own solve of tier `p` reads or writes, and the words its solve
    /// of tier `p + 1` will read (by `next`, that tier's plan). Process `whole` (if any) and,
    /// when tier `p + 1` is not shared (`next` is `None`) or `p` is the last tier, every process
    /// keeps the whole tier, since every process then solves the next tier whole. With `only`,
    /// the ranges of that process alone (the others' are left empty).
    pub(super) fn kept_spans(
        &self,
        (plan, p, next): (&Plan, u32, Option<&Plan>),
        processes: usize,
        whole: Option<usize>,
        only: Option<usize>,
    ) -> Vec<Vec<(u64, u64)>> {
        let all = vec![(0, self.index.count(p).div_ceil(64))];
        let Some(next) = next else { return vec![all; processes] };
        let here = self.seen_spans(plan, p, processes, Seen::Here, only);
        let read_next = self.seen_spans(next, p + 1, processes, Seen::Below, only);
        here.into_iter()
            .zip(read_next)
            .enumerate()
            .map(|(k, (mut spans, more))| {
                if whole == Some(k) {
                    return all.clone();
                }
                spans.extend(more);
                disjoint(spans)
            })
            .collect()
    }

    /// By process, the sorted disjoint word ranges `from..to` it reads or writes of tier `p`
    /// ([`Seen::Here`]), or reads of tier `p - 1` ([`Seen::Below`]), while solving tier `p` by
    /// `plan`: its own blocks and the blocks of tier `p` its splits can reach, or the ranks of
    /// tier `p - 1` its combines can reach (found from the counts above each block's level, so
    /// a superset where legality depends on the counts below). With `only`, the ranges of that
    /// process alone (the others' are left empty).
    pub(super) fn seen_spans(
        &self,
        plan: &Plan,
        p: u32,
        processes: usize,
        seen: Seen,
        only: Option<usize>,
    ) -> Vec<Vec<(u64, u64)>> {
        // Rank ranges by process.
        let mut ranges: Vec<Vec<(u64, u64)>> = vec![Vec::new(); processes];
        for block in plan.blocks.iter().filter(|b| only.is_none_or(|k| k == b.owner)) {
            let ranges = &mut ranges[block.owner];
            if seen == Seen::Here {
                ranges.push((block.first, block.len));
                self.split_reach(plan, block, p, |first, len| ranges.push((first, len)));
                continue;
            }
            self.combine_reach(plan, block, p, |first, len| ranges.push((first, len)));
        }
        let words = |ranges: Vec<(u64, u64)>| {
            disjoint(
                ranges.into_iter().map(|(first, len)| (first / 64, (first + len).div_ceil(64))).collect(),
            )
        };
        ranges.into_iter().map(words).collect()
    }

    /// Adds the positions of the tier whose counts above `level` are `counts[level..top]`
    /// (`counts[j - 1]` is `c_j`), with the sum `m` and the `q` parts left at indices `<= level`
    /// and ranks from `first`, to the plan as a block, or their blocks one level down when they
    /// are more than `target`. Only counts and ranks: a block's moves are found when it is solved.
    fn refine(
        &self,
        counts: &mut [u32; MAX_TOP],
        (m, q, first): (i64, i64, u64),
        level: usize,
        target: u64,
        plan: &mut Plan,
    ) {
        let len = self.index.q(level, m, q);
        if level <= LOWEST_LEVEL || len <= target {
            let counts_at = plan.counts.len();
            plan.counts.extend_from_slice(&counts[level..self.index.top()]);
            plan.blocks.push(Block { first, len, level, owner: 0, counts_at });
            return;
        }
        let f = FIB_U64[level] as i64;
        for c in self.choices(level, m, q) {
            let (term, _) = self.index.terms(level, m, q, c);
            counts[level - 1] = c as u32;
            self.refine(counts, (m - c * f, q - c, first + term), level - 1, target, plan);
        }
        counts[level - 1] = 0;
    }

    /// The cursor of block `k` of `plan` (tier `p`): its counts fixed from the top down.
    fn cursor_of(&self, plan: &Plan, p: u32, k: usize) -> Cursor {
        let block = &plan.blocks[k];
        let mut cursor = self.start(p);
        for j in (block.level + 1..=self.index.top()).rev() {
            let fixing = self.level(&cursor, j);
            let c = plan.counts[block.counts_at + j - block.level - 1];
            self.fix(&mut cursor, j, i64::from(c), &fixing);
        }
        cursor
    }

    /// Solves the blocks of tier `p` that `plan` holds and `solved` does not mark, on the thread
    /// pool: each block can start as soon as every block its splits reach is solved (a count of
    /// those still unsolved per block, no waves), and runs on one thread in rank order. Each
    /// thread takes the ready block that comes first in the plan (the highest ranks): the front of
    /// the tier's dependencies, where a last-in-first-out pool would run ahead along one chain
    /// while the blocks that others wait for sit in its queue.
    ///
    /// With `ahead` (the tier `p + 1` being solved into its own table, reading this one as its
    /// tier below), a thread that finds no block of tier `p` ready takes a ready block of tier
    /// `p + 1` instead: one whose splits reach only solved blocks of its tier and whose combines
    /// reach only solved blocks of this one. So the threads wait less on the chains of splits
    /// inside a tier (measured: they idled some 8% of n = 500 so). Returns which blocks of
    /// `ahead` are solved when tier `p` is done (none started after that), and the wins among
    /// the blocks solved, of each tier (counted by the thread that solved the block, while its
    /// words are still in that core's cache).
    ///
    /// `meanwhile`, if any, runs on one of the threads as the others start on the blocks.
    pub(super) fn run_on_threads(
        &self,
        p: u32,
        (plan, solved): (&Plan, &[bool]),
        ahead: Option<(&Runs<'_>, &Plan)>,
        meanwhile: Option<&(dyn Fn() + Sync)>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Swept {
        let here = plan.blocks.len();
        // Blocks `0..here` are this tier's, `here + k` block `k` of the tier ahead; each block's
        // needs in its tier (blocks still unsolved) at `needs[needs_at[b]..needs_at[b + 1]]`.
        let (mut needs, mut needs_at) = (Vec::new(), vec![0]);
        for k in 0..here {
            if !solved[k] {
                needs.extend(plan.needs_of(k).iter().filter(|&&d| !solved[d]));
            }
            needs_at.push(needs.len());
        }
        // What a block ahead needs of this tier: every block of it before `gates[k]` in the plan
        // (those holding the ranks from its lowest combine child up), rising with `k`.
        let mut gates = Vec::new();
        if let Some((runs, next)) = ahead {
            for k in 0..next.blocks.len() {
                needs.extend(next.needs_of(k).iter().map(|&d| here + d));
                needs_at.push(needs.len());
            }
            gates = ahead_gates(runs, next, plan, p);
        }
        let blocks = needs_at.len() - 1;
        let waiting: Vec<usize> = (0..blocks).map(|b| needs_at[b + 1] - needs_at[b]).collect();
        // The blocks that wait for each block, the reverse of `needs`.
        let mut freed_at = vec![0usize; blocks + 1];
        for &d in &needs {
            freed_at[d + 1] += 1;
        }
        for b in 0..blocks {
            freed_at[b + 1] += freed_at[b];
        }
        let mut freed = vec![0usize; needs.len()];
        let mut filled = freed_at.clone();
        for b in 0..blocks {
            for &d in &needs[needs_at[b]..needs_at[b + 1]] {
                freed[filled[d]] = b;
                filled[d] += 1;
            }
        }
        let wins = [AtomicU64::new(0), AtomicU64::new(0)];
        let graph = BlockGraph { plan, p, ahead, freed: &freed, freed_at: &freed_at, progress, wins: &wins };
        let mut done = vec![false; blocks];
        done[..here].copy_from_slice(solved);
        let queue = ReadyBlocks::new(waiting, done, gates);
        rayon::scope(|scope| {
            // Spawned first, so taken first by a thread other than the one spawning.
            if let Some(job) = meanwhile {
                scope.spawn(|_| job());
            }
            for _ in 0..rayon::current_num_threads() {
                scope.spawn(|_| self.take_blocks(&graph, &queue));
            }
        });
        let [wins, ahead_wins] = wins.map(AtomicU64::into_inner);
        Swept { ahead_solved: queue.into_solved().split_off(here), wins, ahead_wins }
    }

    /// Solves ready blocks of `graph` from `queue` until its tier is done.
    fn take_blocks(&self, graph: &BlockGraph<'_>, queue: &ReadyBlocks) {
        // Should a block panic, the other threads stop rather than wait for what it would free.
        let _stop = queue.stop_on_panic();
        let here = graph.plan.blocks.len();
        let mut finished = None;
        while let Some(b) =
            queue.next(finished.map(|b: usize| (b, &graph.freed[graph.freed_at[b]..graph.freed_at[b + 1]])))
        {
            let (runs, plan, p, k) = match graph.ahead {
                Some((runs, next)) if b >= here => (runs, next, graph.p + 1, b - here),
                _ => (self, graph.plan, graph.p, b),
            };
            let mut cursor = runs.cursor_of(plan, p, k);
            debug_assert_eq!(
                cursor.same[plan.blocks[k].level], plan.blocks[k].first,
                "the plan ranks block {k} as its cursor"
            );
            runs.done.fetch_add(runs.in_rank_order_from(plan.blocks[k].level, &mut cursor), Relaxed);
            // The block's own bits are final (its first and last words may hold others' bits).
            let table = &runs.current.wins;
            let wins = plan.words(k).map(|(w, mask)| u64::from((table[w].load(Relaxed) & mask).count_ones()));
            graph.wins[usize::from(b >= here)].fetch_add(wins.sum(), Relaxed);
            if b < here {
                (graph.progress)(self.done.load(Relaxed));
            }
            finished = Some(b);
        }
    }

    /// Solves this process's share of tier `p` by `plan` and, wave by wave, gives every other
    /// process the words of it that the other keeps (`kept`, by process) and takes in the words
    /// it keeps of theirs. Returns the tier's wins, counted over every process's blocks.
    pub(super) fn run_shared(
        &self,
        p: u32,
        plan: &Plan,
        kept: &[Vec<(u64, u64)>],
        exchange: &mut dyn Exchange,
        progress: &(dyn Fn(u64) + Sync),
    ) -> u64 {
        let (me, processes) = (exchange.me(), exchange.processes());
        let wins = &self.current.wins;
        let mut my_wins = 0u64;
        for wave in &plan.waves {
            let mine: Vec<usize> = plan.owned(wave, me).collect();
            let solve = |&k: &usize| self.block(plan.blocks[k].level, self.cursor_of(plan, p, k), progress);
            // Handing a small share to the thread pool costs more than it saves.
            let small = mine.iter().map(|&k| plan.blocks[k].len).sum::<u64>() < 2 * self.split_from;
            if small || rayon::current_num_threads() == 1 {
                mine.iter().for_each(solve);
            } else {
                mine.par_iter().for_each(solve);
            }
            my_wins += mine
                .iter()
                .flat_map(|&k| plan.words(k))
                .map(|(w, mask)| u64::from((wins[w].load(Relaxed) & mask).count_ones()))
                .sum::<u64>();
            // To each other process, the words of my blocks that it keeps; from each, the words
            // of its blocks that I keep, in the same order (both sides follow the same plan).
            let mut sends = Vec::new();
            let mut send_counts = vec![0; processes];
            for (receiver, spans) in kept.iter().enumerate().filter(|&(r, _)| r != me) {
                let before = sends.len();
                sends.extend(
                    mine.iter()
                        .flat_map(|&k| plan.kept_words(k, spans))
                        .map(|(w, mask)| wins[w].load(Relaxed) & mask),
                );
                send_counts[receiver] = sends.len() - before;
            }
            let receive_counts: Vec<usize> = (0..processes)
                .map(|sender| match sender == me {
                    true => 0,
                    false => plan.owned(wave, sender).map(|k| plan.kept_count(k, &kept[me])).sum(),
                })
                .collect();
            let received = exchange.all_to_all(&sends, &send_counts, &receive_counts);
            drop(sends);
            assert_eq!(received.len(), receive_counts.iter().sum::<usize>(), "every word received is kept");
            let mut at = 0;
            for (sender, &count) in receive_counts.iter().enumerate().filter(|&(s, _)| s != me) {
                let theirs = &received[at..at + count];
                at += count;
                let words = plan.owned(wave, sender).flat_map(|k| plan.kept_words(k, &kept[me]));
                for ((w, mask), bits) in words.zip(theirs) {
                    wins[w].fetch_or(bits & mask, Relaxed);
                }
                let solved: u64 = plan.owned(wave, sender).map(|k| plan.blocks[k].len).sum();
                self.done.fetch_add(solved, Relaxed);
            }
            progress(self.done.load(Relaxed));
        }
        let counts = vec![1; processes];
        exchange.all_gather(&[my_wins], &counts).iter().sum()
    }
}

/// A plan's blocks (and those of the tier begun ahead) as a dependency graph being solved on the
/// thread pool.
struct BlockGraph<'a> {
    plan: &'a Plan,
    p: u32,
    /// The sweep and plan of tier `p + 1`, whose block `k` is block `plan.blocks.len() + k` here.
    ahead: Option<(&'a Runs<'a>, &'a Plan)>,
    /// The blocks that need block `k`: `freed[freed_at[k]..freed_at[k + 1]]`.
    freed: &'a [usize],
    freed_at: &'a [usize],
    progress: &'a (dyn Fn(u64) + Sync),
    /// Wins among the blocks solved, of the tier and of the tier ahead.
    wins: &'a [AtomicU64; 2],
}

/// What [`Runs::run_on_threads`] solved.
pub(super) struct Swept {
    /// Which blocks of the tier ahead are solved.
    pub(super) ahead_solved: Vec<bool>,
    /// Wins among the blocks solved of the tier, and of the tier ahead.
    pub(super) wins: u64,
    pub(super) ahead_wins: u64,
}

/// The blocks of a tier (and of the tier begun ahead, numbered after them) ready to solve, the
/// first in the plan first, shared by the threads.
struct ReadyBlocks {
    state: Mutex<Ready>,
    changed: Condvar,
    /// Blocks solved so far, for a thread spinning before it sleeps (see [`ReadyBlocks::next`]).
    solved: AtomicUsize,
}

/// How long a thread with nothing ready spins, watching for a block to be solved, before it
/// sleeps: blocks of the middle tiers take some tens of microseconds, about what waking a
/// sleeping thread takes (spinning first made the solve of n = 500 some 3% faster).
const SPIN: std::time::Duration = std::time::Duration::from_micros(200);

struct Ready {
    /// Blocks whose needs are all solved and that no thread has taken.
    ready: BinaryHeap<Reverse<usize>>,
    /// How many of the blocks it needs each block still waits for.
    waiting: Vec<usize>,
    /// Blocks of the tier being solved (not the tier ahead) not yet solved.
    left: usize,
    /// The first block of the tier ahead (all blocks if none).
    ahead_from: usize,
    /// Which blocks are solved.
    solved: Vec<bool>,
    /// Block `ahead_from + k` of the tier ahead waits (one count of `waiting`) until the blocks
    /// `0..gates[k]` of the tier are solved; `gates` rises with `k`.
    gates: Vec<usize>,
    /// The blocks `0..frontier` are solved.
    frontier: usize,
    /// The gates `0..opened` are open.
    opened: usize,
    /// A thread panicked: the others stop.
    stopped: bool,
    /// Threads asleep on [`ReadyBlocks::changed`], the only ones a solved block need wake.
    sleeping: usize,
}

impl Ready {
    /// Moves the frontier past the solved blocks of the tier, and counts every gate it passes
    /// as one need met of its block ahead.
    fn open_gates(&mut self) {
        while self.frontier < self.ahead_from && self.solved[self.frontier] {
            self.frontier += 1;
        }
        while self.opened < self.gates.len() && self.gates[self.opened] <= self.frontier {
            let b = self.ahead_from + self.opened;
            self.waiting[b] -= 1;
            if self.waiting[b] == 0 {
                self.ready.push(Reverse(b));
            }
            self.opened += 1;
        }
    }
}

impl ReadyBlocks {
    /// The blocks waiting for `waiting` blocks each, those solved before marked in `solved`; the
    /// last `gates.len()` blocks are the tier ahead's, optional, and each waits one count more,
    /// for its gate (see [`Ready::gates`]).
    fn new(mut waiting: Vec<usize>, solved: Vec<bool>, gates: Vec<usize>) -> ReadyBlocks {
        let ahead_from = waiting.len() - gates.len();
        for wait in &mut waiting[ahead_from..] {
            *wait += 1;
        }
        let ready = (0..waiting.len()).filter(|&k| waiting[k] == 0 && !solved[k]).map(Reverse).collect();
        let left = solved[..ahead_from].iter().filter(|&&s| !s).count();
        let mut state = Ready {
            ready,
            waiting,
            left,
            ahead_from,
            solved,
            gates,
            frontier: 0,
            opened: 0,
            stopped: false,
            sleeping: 0,
        };
        state.open_gates();
        ReadyBlocks { state: Mutex::new(state), changed: Condvar::new(), solved: AtomicUsize::new(0) }
    }

    /// The state, also after a panic elsewhere (whose thread held no lock while solving).
    fn lock(&self) -> MutexGuard<'_, Ready> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records that block `k`, whose dependents are `freed`, is solved (if one is), then waits
    /// for a ready block and takes it; `None` when every block of the tier is solved (or a thread
    /// panicked). The lock orders each block's writes before the reads of the blocks it frees.
    fn next(&self, solved: Option<(usize, &[usize])>) -> Option<usize> {
        let mut state = self.lock();
        if let Some((k, freed)) = solved {
            state.solved[k] = true;
            if k < state.ahead_from {
                state.left -= 1;
                state.open_gates();
            }
            for &d in freed {
                state.waiting[d] -= 1;
                if state.waiting[d] == 0 {
                    state.ready.push(Reverse(d));
                }
            }
            self.solved.fetch_add(1, Relaxed);
            if state.sleeping > 0 {
                self.changed.notify_all();
            }
        }
        let mut spun = false;
        loop {
            if state.stopped || state.left == 0 {
                return None;
            }
            if let Some(Reverse(k)) = state.ready.pop() {
                return Some(k);
            }
            if spun {
                state.sleeping += 1;
                state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
                state.sleeping -= 1;
                continue;
            }
            // Spin a while (without the lock) for another thread to solve a block, which may
            // free one; sleep only if none does.
            let seen = self.solved.load(Relaxed);
            drop(state);
            let start = std::time::Instant::now();
            while self.solved.load(Relaxed) == seen && start.elapsed() < SPIN {
                std::hint::spin_loop();
            }
            spun = self.solved.load(Relaxed) == seen;
            state = self.lock();
        }
    }

    /// Which blocks are solved.
    fn into_solved(self) -> Vec<bool> {
        self.state.into_inner().unwrap_or_else(PoisonError::into_inner).solved
    }

    /// A guard that, dropped while its thread panics, stops the other threads.
    fn stop_on_panic(&self) -> impl Drop + '_ {
        struct Stop<'a>(&'a ReadyBlocks);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.lock().stopped = true;
                    self.0.changed.notify_all();
                }
            }
        }
        Stop(self)
    }
}

/// Gives every process what each keeps of a tier, from what this one keeps (`mine`; every
/// process finds its own, a share of the planning).
pub(super) fn share_kept(exchange: &mut dyn Exchange, mine: &[(u64, u64)]) -> Vec<Vec<(u64, u64)>> {
    let processes = exchange.processes();
    let lengths = exchange.all_gather(&[2 * mine.len() as u64], &vec![1; processes]);
    let counts: Vec<usize> = lengths.iter().map(|&l| l as usize).collect();
    let flat: Vec<u64> = mine.iter().flat_map(|&(from, to)| [from, to]).collect();
    let all = exchange.all_gather(&flat, &counts);
    let mut at = 0;
    counts
        .iter()
        .map(|&count| {
            let spans = all[at..at + count].chunks_exact(2).map(|s| (s[0], s[1])).collect();
            at += count;
            spans
        })
        .collect()
}

/// The union of word ranges `from..to`, as sorted disjoint ranges.
fn disjoint(mut spans: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    spans.sort_unstable();
    let mut union: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
    for (from, to) in spans {
        match union.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => union.push((from, to)),
        }
    }
    union
}

/// The gate of each block of `next` (tier `p + 1`'s plan), begun ahead while tier `p` is solved by
/// `plan`: the block waits until every block of tier `p` before its gate is solved, those holding
/// every rank from its lowest combine child up (never decreasing along the plan, which the
/// threads' frontier relies on).
pub(super) fn ahead_gates(runs: &Runs<'_>, next: &Plan, plan: &Plan, p: u32) -> Vec<usize> {
    let mut gates: Vec<usize> = Vec::with_capacity(next.blocks.len());
    for block in &next.blocks {
        let gate = runs.combine_floor(next, block, p + 1).map_or(0, |lowest| plan.meeting(lowest, 1).end);
        gates.push(gate.max(gates.last().copied().unwrap_or(0)));
    }
    gates
}

/// The number of words in sorted disjoint word ranges.
pub(super) fn span_words(spans: &[(u64, u64)]) -> u64 {
    spans.iter().map(|(from, to)| to - from).sum()
}

#[cfg(test)]
mod tests {
    use super::super::{runs::Pass, sweep::Current, TieredSolver};

    #[test]
    fn the_combine_floor_and_the_gates_hold_every_real_combine_of_the_block() {
        // The lowest child of every block's combines, found by the rules and ranked from scratch
        // in the tier below: the block's floor may not be above it (the block ahead would read
        // a child not yet solved), and the scheduler's gate must cover the block holding it.
        use zecklab_games::zgame::{apply_to_counts, for_each_legal_move, undo_on_counts};
        for n in [60, 90, 160] {
            let mut solver = TieredSolver::new(n, false, 1 << 32).unwrap();
            solver.split_from = 1;
            let index = solver.index().clone();
            let (mut exact, mut blocks_with_combines) = (0, 0);
            for p in index.fewest_parts() + 1..=n {
                let (Some(plan), Some(below)) = (solver.plan(p, 3), solver.plan(p - 1, 3)) else { continue };
                let nothing = Current::new(0, false);
                let runs = solver.runs(p, &nothing, Pass::Words);
                let mut block_of = vec![usize::MAX; index.count(p) as usize];
                for k in 0..plan.block_count() {
                    for r in plan.block_ranks(k) {
                        block_of[r as usize] = k;
                    }
                }
                let mut block_below = vec![usize::MAX; index.count(p - 1) as usize];
                for k in 0..below.block_count() {
                    for r in below.block_ranks(k) {
                        block_below[r as usize] = k;
                    }
                }
                let mut lowest = vec![None::<u64>; plan.block_count()];
                index.for_each_descending(p, |parent, prefix| {
                    let k = block_of[prefix.same[1] as usize];
                    let mut counts = parent.to_vec();
                    counts.extend([0, 0]);
                    for_each_legal_move(parent, |m| {
                        if m.removes_part() {
                            apply_to_counts(&mut counts, m);
                            let child = index.rank(&counts[..index.top()]);
                            lowest[k] = Some(lowest[k].map_or(child, |l: u64| l.min(child)));
                            undo_on_counts(&mut counts, m);
                        }
                    });
                });
                let gates = super::ahead_gates(&runs, &plan, &below, p - 1);
                for (k, block) in plan.blocks.iter().enumerate() {
                    let floor = runs.combine_floor(&plan, block, p);
                    let Some(real) = lowest[k] else { continue };
                    blocks_with_combines += 1;
                    let floor = floor
                        .unwrap_or_else(|| panic!("n = {n}, tier {p}, block {k}: combines but no floor"));
                    assert!(
                        floor <= real,
                        "n = {n}, tier {p}, block {k}: floor {floor} above a combine child {real}"
                    );
                    exact += usize::from(floor == real);
                    let holding = block_below[real as usize];
                    assert!(
                        holding < gates[k],
                        "n = {n}, tier {p}, block {k}: gate {} leaves out block {holding}",
                        gates[k]
                    );
                }
            }
            assert!(blocks_with_combines > 100, "n = {n}: only {blocks_with_combines} blocks with combines");
            // The floor is the real lowest child for most blocks (a loose floor only costs waiting).
            assert!(exact * 2 > blocks_with_combines, "n = {n}: {exact} of {blocks_with_combines} exact");
        }
    }

    #[test]
    fn the_received_figure_counts_every_kept_word_of_the_others_blocks() {
        for n in [90, 160, 230] {
            let mut solver = TieredSolver::new(n, false, 1 << 32).unwrap();
            solver.split_from = 1;
            for processes in [2, 3, 5] {
                for p in solver.index().fewest_parts()..=n {
                    let Some(plan) = solver.plan(p, processes) else { continue };
                    let next = (p < n).then(|| solver.plan(p + 1, processes)).flatten();
                    let nothing = Current::new(0, false);
                    let runs = solver.runs(p, &nothing, Pass::Words);
                    let kept = runs.kept_spans((&plan, p, next.as_ref()), processes, None, None);
                    let mut most = 0;
                    for (receiver, spans) in kept.iter().enumerate() {
                        let mut words = 0;
                        for k in (0..plan.blocks.len()).filter(|&k| plan.blocks[k].owner != receiver) {
                            let listed = plan.kept_words(k, spans).count();
                            assert_eq!(listed, plan.kept_count(k, spans), "n = {n}, tier {p}, block {k}");
                            words += listed as u64;
                        }
                        most = most.max(words);
                    }
                    let figures = plan.figures(processes, &kept);
                    assert_eq!(figures.received_bytes, most * 8, "n = {n}, tier {p}, {processes} processes");
                }
            }
        }
    }
}
