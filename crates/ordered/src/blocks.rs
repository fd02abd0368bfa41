//! The ordered game's outcomes by whole blocks of ranks.
//!
//! The positions whose lists, read from the right, share a prefix form one contiguous block of
//! ranks, and their completions are enumerated the same way in every block with the same sum
//! left. So when the prefix's last two entries form a movable pair, that pair's move sends the
//! whole block to another block of the same length at a constant offset (the move changes that
//! pair's terms of the rank only), and that block lies higher, so it is already decided when the
//! sweep (from the top rank down, prefixes in decreasing order) reaches this one:
//! `win[x .. x + len) |= !win[x + d .. x + d + len)`, 64 positions a word. Each position's move at
//! places `(j, j + 1)` is applied once, at its prefix of length `j + 2`. Blocks whose sum left is at
//! most [`SMALL`] are finished position by position: the moves inside them shift ranks within the
//! block, by offsets listed once for each sum, and only the positions no block move has won.
//! The walk is cut into tasks that run on every core (`plan.rs`).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::index::OrderedIndex;
use super::plan::{self, Task};
use super::shift::{count, fib, largest, pair_shift};
use super::{pair_move, replacement};
use zecklab_games::Cancel;

/// The largest sum left that is finished position by position.
pub(super) const SMALL: u32 = 12;

/// For each small sum `r`, each completion's local rank and the offsets to its children inside
/// the block (every one above it).
struct Local {
    /// `offsets[r]`: the children of each completion of sum `r`, by local rank.
    offsets: Vec<Offsets>,
}

/// The children's offsets of every completion of one sum, one list after another: those of
/// local rank `p` are `all[starts[p] .. starts[p + 1]]`.
struct Offsets {
    starts: Vec<u32>,
    all: Vec<u32>,
}

impl Offsets {
    fn from_lists(lists: &[Vec<u32>]) -> Offsets {
        let mut starts = vec![0];
        let mut all = Vec::new();
        for list in lists {
            all.extend_from_slice(list);
            starts.push(u32::try_from(all.len()).expect("a small block"));
        }
        Offsets { starts, all }
    }

    #[inline]
    fn of(&self, p: usize) -> &[u32] {
        &self.all[self.starts[p] as usize..self.starts[p + 1] as usize]
    }
}

impl Local {
    fn new(index: &OrderedIndex) -> Local {
        let mut offsets = Vec::new();
        for r in 0..=SMALL.min(index.n()) {
            let mut lists = vec![Vec::new(); count(index, r) as usize];
            // Every composition of r, read from the right: its local rank and its moves.
            let mut entries = Vec::new();
            enumerate(index, r, &mut entries, &mut |entries: &[u8]| {
                let rank = local_rank(index, r, entries);
                let mut children = Vec::new();
                let mut left = r;
                for j in 0..entries.len().saturating_sub(1) {
                    let (a, b) = (entries[j], entries[j + 1]);
                    if let Some(kind) = pair_move(b, a) {
                        let (new, len) = replacement(b, a, kind);
                        let old = index.term(left, a) + index.term(left - fib(a), b);
                        let made = if len == 1 {
                            index.term(left, new[0])
                        } else {
                            index.term(left, new[1]) + index.term(left - fib(new[1]), new[0])
                        };
                        children.push(u32::try_from(made - old).expect("a small block"));
                    }
                    left -= fib(a);
                }
                lists[rank as usize] = children;
            });
            offsets.push(Offsets::from_lists(&lists));
        }
        Local { offsets }
    }
}

fn local_rank(index: &OrderedIndex, r: u32, entries: &[u8]) -> u64 {
    let mut left = r;
    let mut rank = 0;
    for &k in entries {
        rank += index.term(left, k);
        left -= fib(k);
    }
    rank
}

fn enumerate(index: &OrderedIndex, left: u32, entries: &mut Vec<u8>, visit: &mut impl FnMut(&[u8])) {
    if left == 0 {
        visit(entries);
        return;
    }
    for k in 1..=index.top() as u8 {
        if fib(k) > left {
            break;
        }
        entries.push(k);
        enumerate(index, left - fib(k), entries, visit);
        entries.pop();
    }
}

/// The subtrees of the sweeps with at least this much left to place check for a cancel (a few
/// thousand checks a second).
pub(crate) const CANCEL_CHECK_FROM: u32 = 12;

/// The win bits of the ordered game on `index`'s n (bit `r`: the player to move at rank `r` wins),
/// on `threads` threads, unfinished once `cancel` is cancelled; `None` when the system refuses
/// their memory.
pub(crate) fn outcome_bits(index: &OrderedIndex, threads: usize, cancel: &Cancel) -> Option<Vec<u64>> {
    outcome_bits_by_tasks(index, threads, longest_task(index), cancel)
}

/// [`outcome_bits`] with tasks of at most `longest` positions.
fn outcome_bits_by_tasks(
    index: &OrderedIndex,
    threads: usize,
    longest: u64,
    cancel: &Cancel,
) -> Option<Vec<u64>> {
    let count = index.count();
    // One spare word: whole-word reads at a bit offset may touch the word past the end.
    // Allocated zeroed, so a page is mapped only when first written.
    let win = bytemuck::try_zeroed_slice_box::<AtomicU64>(count.div_ceil(64) as usize + 1).ok()?;
    let tasks = plan::plan(index, longest);
    sweep(index, &tasks, &win, threads, cancel, |_| {}, &|_, _| {});
    // The same memory, as plain words.
    let mut win: Vec<u64> = win.into_vec().into_iter().map(AtomicU64::into_inner).collect();
    win.truncate(count.div_ceil(64) as usize);
    Some(win)
}

/// The longest task: some thousands of tasks (each thread waits only where a task reads one
/// still running), none shorter than a small block.
pub(super) fn longest_task(index: &OrderedIndex) -> u64 {
    (index.count() >> 14).max(1 << 16)
}

/// Every task's block decided in `win` on `threads` threads, `retire(t)` called once task `t` and
/// every task reading it are done (see [`plan::run`]), `progress(done, total)` in positions after
/// each task.
pub(super) fn sweep(
    index: &OrderedIndex,
    tasks: &[Task],
    win: &[AtomicU64],
    threads: usize,
    cancel: &Cancel,
    retire: impl Fn(usize) + Sync,
    progress: &(dyn Fn(u64, u64) + Sync),
) {
    let local = Local::new(index);
    let done = AtomicU64::new(0);
    let work = |task: &Task| {
        Sweep::for_task(index, win, &local, cancel, task).finish(task);
        progress(done.fetch_add(task.len, Relaxed) + task.len, index.count());
    };
    plan::run(tasks, threads.max(1), cancel, work, retire);
}

/// The positions of the block of `len` ranks from `base` that are losses for the player to move.
pub(super) fn losses_in(win: &[AtomicU64], base: u64, len: u64) -> u64 {
    let (mut losses, mut at, end) = (0, base, base + len);
    while at < end {
        let span = (end - at).min(64 - at % 64);
        let bits = win[(at / 64) as usize].load(Relaxed) >> (at % 64);
        losses += u64::from(span as u32 - (bits & (u64::MAX >> (64 - span))).count_ones());
        at += span;
    }
    losses
}

/// One task's work on the shared win bits. Only the task writes the words inside its block; the
/// two words at its ends may hold another task's bits, running at the same time, so those are
/// set by atomic or, the others by a plain read and write.
struct Sweep<'a> {
    cancel: &'a Cancel,
    index: &'a OrderedIndex,
    win: &'a [AtomicU64],
    local: &'a Local,
    /// The words holding the task's first and last ranks.
    ends: [usize; 2],
}

impl<'a> Sweep<'a> {
    fn for_task(
        index: &'a OrderedIndex,
        win: &'a [AtomicU64],
        local: &'a Local,
        cancel: &'a Cancel,
        task: &Task,
    ) -> Sweep<'a> {
        let ends = [(task.base / 64) as usize, ((task.base + task.len - 1) / 64) as usize];
        Sweep { cancel, index, win, local, ends }
    }

    /// The task's block: its prefix's moves by shifts, then its completions.
    fn finish(&self, task: &Task) {
        for &shift in &task.shifts {
            self.or_not(task.base, task.base + shift, task.len);
        }
        match task.last {
            Some(last) if task.left <= SMALL => self.small(last, task.left, task.base),
            last => self.node(last, task.left, task.base),
        }
    }

    /// The block of the prefix ending in `last` (None at the root) with `left` still to place,
    /// starting at rank `base`; every block it reads is decided.
    fn node(&self, last: Option<u8>, left: u32, base: u64) {
        if left >= CANCEL_CHECK_FROM && self.cancel.is_cancelled() {
            return;
        }
        let index = self.index;
        for b in (1..=largest(left)).rev() {
            let start = base + index.term(left, b);
            let after = left - fib(b);
            let len = count(index, after);
            if let Some(e) = last {
                self.pair_block(e, b, left, start, len);
            }
            if after <= SMALL {
                self.small(b, after, start);
            } else {
                self.node(Some(b), after, start);
            }
        }
    }

    /// The move of the pair (`b` left of `e` in the list) on the whole block of `len` positions
    /// from `start`, `e`'s place having `left + F(e)` still to place.
    fn pair_block(&self, e: u8, b: u8, left: u32, start: u64, len: u64) {
        if let Some(shift) = pair_shift(self.index, e, b, left) {
            self.or_not(start, start + shift, len);
        }
    }

    /// The block of the prefix ending in `last` with `left` (at most [`SMALL`]) still to place,
    /// from `base`: the moves of the pair `last` forms with each completion's first entry, by
    /// blocks, then the completions' own moves, position by position from the top.
    fn small(&self, last: u8, left: u32, base: u64) {
        let index = self.index;
        for c in (1..=largest(left)).rev() {
            let start = base + index.term(left, c);
            self.pair_block(last, c, left, start, count(index, left - fib(c)));
        }
        // Only the positions no block move has won yet need their own moves: each word's open
        // bits, from the top down (a child may lie in the same word, already decided).
        let offsets = &self.local.offsets[left as usize];
        let mut top = base + count(index, left);
        while top > base {
            let w = (top - 1) / 64;
            let low = base.max(w * 64);
            let span = top - low;
            let below = (low % 64) as u32;
            let mut open = !self.win[w as usize].load(Relaxed) >> below & (u64::MAX >> (64 - span));
            while open != 0 {
                let b = 63 - open.leading_zeros();
                open ^= 1 << b;
                let r = low + u64::from(b);
                if offsets.of((r - base) as usize).iter().any(|&d| !bit(self.win, r + u64::from(d))) {
                    self.or_word(w as usize, 1 << (r % 64));
                }
            }
            top = low;
        }
    }

    /// `win[w] |= bits`.
    #[inline]
    fn or_word(&self, w: usize, bits: u64) {
        if self.ends.contains(&w) {
            self.win[w].fetch_or(bits, Relaxed);
        } else {
            let word = &self.win[w];
            word.store(word.load(Relaxed) | bits, Relaxed);
        }
    }

    /// `win[dst .. dst + len) |= !win[src .. src + len)`, the two ranges apart (`src >= dst + len`).
    fn or_not(&self, dst: u64, src: u64, len: u64) {
        debug_assert!(src >= dst + len);
        let win = self.win;
        let mut i = 0;
        // Up to the first whole word of the destination.
        let head = ((64 - dst % 64) % 64).min(len);
        if head > 0 {
            let v = !word_at(win, src) & ((1u64 << head) - 1);
            self.or_word((dst / 64) as usize, v << (dst % 64));
            i = head;
        }
        while len - i >= 64 {
            self.or_word(((dst + i) / 64) as usize, !word_at(win, src + i));
            i += 64;
        }
        if i < len {
            let rest = len - i;
            let v = !word_at(win, src + i) & ((1u64 << rest) - 1);
            self.or_word(((dst + i) / 64) as usize, v);
        }
    }
}

#[inline]
pub(super) fn bit(win: &[AtomicU64], r: u64) -> bool {
    win[(r / 64) as usize].load(Relaxed) >> (r % 64) & 1 == 1
}

/// The 64 bits from bit `at` on.
#[inline]
fn word_at(win: &[AtomicU64], at: u64) -> u64 {
    let (w, s) = ((at / 64) as usize, at % 64);
    let low = win[w].load(Relaxed);
    if s == 0 {
        low
    } else {
        low >> s | win[w + 1].load(Relaxed) << (64 - s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve_ordered;

    #[test]
    fn whole_blocks_decide_as_the_position_sweep_does() {
        for n in 1..=27 {
            let index = OrderedIndex::new(n).unwrap();
            // With remoteness, the position-by-position sweep decides.
            let sweep = solve_ordered(n, true, 1 << 32).unwrap();
            // One task or many, on one thread or two (tasks of one position each wait for the
            // others the most).
            for (threads, longest) in [(1, u64::MAX), (2, u64::MAX), (1, 1), (2, 1), (2, 37), (2, 1000)] {
                if n > 20 && longest < 1000 {
                    continue;
                }
                let bits = outcome_bits_by_tasks(&index, threads, longest, &Cancel::new()).unwrap();
                for r in 0..index.count() {
                    let win = bits[(r / 64) as usize] >> (r % 64) & 1 == 1;
                    assert_eq!(
                        win,
                        sweep.outcome(r).is_win(),
                        "n = {n}, {threads} threads, {}",
                        index.unrank(r)
                    );
                }
            }
        }
    }
}
