//! The ordered game's sweep cut into tasks, and the tasks run on several threads.
//!
//! The sweep of [`super::blocks`] walks blocks of ranks (positions sharing a prefix, the list read
//! from its right end) from the top down. Here the walk stops at blocks of at most a given length,
//! each a task: the moves of the pairs inside its prefix shift the whole block onto a block above
//! it (the shifts the walk would have applied to the larger blocks around it, kept for this part),
//! the moves of its prefix's last entry with the next one read sibling blocks above it, and every
//! other move stays inside it. So a task can run once every task holding a rank it reads is done.
//! Waiting for all the tasks above the lowest rank read would leave one thread idle (each block
//! reads its sibling just above), but the ranks read are few: a task waits for the tasks that hold
//! them only, and the blocks below it pipeline behind the ones above.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use zecklab_numeration::fib::FIB_U64;

use super::index::OrderedIndex;
use super::shift::{count, largest, pair_shift};
use zecklab_games::Cancel;

/// A block of ranks to finish: the prefix's last entry (none for the whole game), the sum left to
/// place, its first rank and length, and the shifts of its prefix's pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Task {
    pub last: Option<u8>,
    pub left: u32,
    pub base: u64,
    pub len: u64,
    pub shifts: Vec<u64>,
    /// The tasks it reads, as ranges of task numbers `(first, last)`, both before it.
    needs: Vec<(usize, usize)>,
}

/// The tasks of the game on `index`'s n, from the top rank down, none longer than `longest`.
pub(super) fn plan(index: &OrderedIndex, longest: u64) -> Vec<Task> {
    let mut tasks = Vec::new();
    let mut reads = Vec::new();
    cut(index, longest, None, index.n(), 0, &mut Vec::new(), &mut tasks, &mut reads);
    // The tasks' first ranks fall from one to the next, so the task holding a rank is the first
    // that starts at or below it.
    let holder = |tasks: &[Task], rank: u64| tasks.partition_point(|task| task.base > rank);
    for (t, ranges) in reads.into_iter().enumerate() {
        let mut needs: Vec<(usize, usize)> = ranges
            .into_iter()
            .map(|(from, len)| (holder(&tasks, from + len - 1), holder(&tasks, from)))
            .collect();
        needs.sort_unstable();
        // Overlapping ranges merged, so that each task read is listed once.
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(needs.len());
        for (first, last) in needs {
            match merged.last_mut() {
                Some(range) if first <= range.1 + 1 => range.1 = range.1.max(last),
                _ => merged.push((first, last)),
            }
        }
        let needs = merged;
        debug_assert!(needs.iter().all(|&(_, last)| last < t), "a task reads only the tasks above it");
        tasks[t].needs = needs;
    }
    tasks
}

/// Walks the block of the prefix ending in `last` with `left` to place from rank `base`, `shifts`
/// its prefix's pairs' shifts: a task if short enough, else its sub-blocks, each with the shift
/// of the pair its first entry makes with `last`. `reads` gets each task's ranges read outside it.
#[allow(clippy::too_many_arguments)]
fn cut(
    index: &OrderedIndex,
    longest: u64,
    last: Option<u8>,
    left: u32,
    base: u64,
    shifts: &mut Vec<u64>,
    tasks: &mut Vec<Task>,
    reads: &mut Vec<Vec<(u64, u64)>>,
) {
    let len = count(index, left);
    if len <= longest {
        let mut read: Vec<(u64, u64)> = shifts.iter().map(|&d| (base + d, len)).collect();
        if let Some(e) = last {
            for c in 1..=largest(left) {
                if let Some(d) = pair_shift(index, e, c, left) {
                    let after = left - FIB_U64[usize::from(c)] as u32;
                    read.push((base + index.term(left, c) + d, count(index, after)));
                }
            }
        }
        tasks.push(Task { last, left, base, len, shifts: shifts.clone(), needs: Vec::new() });
        reads.push(read);
        return;
    }
    for b in (1..=largest(left)).rev() {
        let start = base + index.term(left, b);
        let shift = last.and_then(|e| pair_shift(index, e, b, left));
        shifts.extend(shift);
        cut(index, longest, Some(b), left - FIB_U64[usize::from(b)] as u32, start, shifts, tasks, reads);
        if shift.is_some() {
            shifts.pop();
        }
    }
}

/// The most positions whose bits are kept at once when each task's bits are dropped as soon as
/// it and every task reading it are done, the tasks run one after another.
pub(super) fn live_peak(tasks: &[Task]) -> u64 {
    // Each task dies with the last task that reads it.
    let mut dies_with: Vec<usize> = (0..tasks.len()).collect();
    for (t, task) in tasks.iter().enumerate() {
        for &(first, last) in &task.needs {
            for dying in &mut dies_with[first..=last] {
                *dying = t;
            }
        }
    }
    let mut dying_after = vec![0u64; tasks.len()];
    for (j, &t) in dies_with.iter().enumerate() {
        dying_after[t] += tasks[j].len;
    }
    let (mut live, mut peak) = (0u64, 0u64);
    for (task, dying) in tasks.iter().zip(dying_after) {
        live += task.len;
        peak = peak.max(live);
        live -= dying;
    }
    peak
}

/// How far past the first task not started a thread looks for one it can run.
const WINDOW: usize = 64;

/// Runs `work` on every task, on `threads` threads, each task once every task it reads is done,
/// and then `retire` on each task number once it and every task reading it are done; returns
/// early (some tasks not run) once `cancel` is cancelled.
pub(super) fn run(
    tasks: &[Task],
    threads: usize,
    cancel: &Cancel,
    work: impl Fn(&Task) + Sync,
    retire: impl Fn(usize) + Sync,
) {
    let done: Vec<AtomicBool> = tasks.iter().map(|_| AtomicBool::new(false)).collect();
    // Each task's readers not done yet, itself included.
    let readers: Vec<AtomicUsize> = tasks.iter().map(|_| AtomicUsize::new(1)).collect();
    for task in tasks {
        for &(first, last) in &task.needs {
            for count in &readers[first..=last] {
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    let read = |j: usize| {
        if readers[j].fetch_sub(1, Ordering::AcqRel) == 1 {
            retire(j);
        }
    };
    // The first task not started, and which of the next ones are.
    let queue = Mutex::new((0usize, vec![false; tasks.len()]));
    let woken = Condvar::new();
    let ready = |t: usize| {
        tasks[t].needs.iter().all(|&(first, last)| (first..=last).all(|j| done[j].load(Ordering::Acquire)))
    };
    let worker = || loop {
        let t = {
            let mut guard = queue.lock().expect("no task panics");
            loop {
                let (first_open, started) = &mut *guard;
                if *first_open == tasks.len() || cancel.is_cancelled() {
                    return;
                }
                let end = tasks.len().min(*first_open + WINDOW);
                if let Some(t) = (*first_open..end).find(|&t| !started[t] && ready(t)) {
                    started[t] = true;
                    while *first_open < tasks.len() && started[*first_open] {
                        *first_open += 1;
                    }
                    break t;
                }
                // Woken when a task is done; the timeout only so that a cancel is seen.
                guard = woken.wait_timeout(guard, Duration::from_millis(50)).expect("no task panics").0;
            }
        };
        work(&tasks[t]);
        // Marked under the lock, so that no thread checks readiness between the mark and the wait.
        let guard = queue.lock().expect("no task panics");
        done[t].store(true, Ordering::Release);
        drop(guard);
        woken.notify_all();
        for &(first, last) in &tasks[t].needs {
            (first..=last).for_each(read);
        }
        read(t);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tasks_cover_every_rank_once_from_the_top_and_need_only_tasks_above() {
        for n in [1u32, 2, 5, 12, 20, 24] {
            let index = OrderedIndex::new(n).unwrap();
            for longest in [1, 7, 100, 5000, u64::MAX] {
                let tasks = plan(&index, longest);
                let mut next = index.count();
                for (t, task) in tasks.iter().enumerate() {
                    assert_eq!(task.base + task.len, next, "n = {n}, task {t}");
                    assert!(task.len <= longest.max(1) || task.left == 0);
                    next = task.base;
                    assert!(task.needs.iter().all(|&(first, last)| first <= last && last < t));
                    assert!(task.needs.windows(2).all(|w| w[0].1 + 1 < w[1].0), "ranges merged");
                }
                assert_eq!(next, 0);
            }
        }
    }
}
