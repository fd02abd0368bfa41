//! The ordered game's figures (its positions, P-positions and winner) without its table: each
//! task's bits are counted and their memory given back once the task and every task reading it
//! are done. The bits kept at once peak near 48% of the table (measured from n = 36 to 43), so
//! n = 42, whose table takes 30 GiB, is decided in about 15.
//!
//! The table is one mapping of zeros reserved without committing memory, so the system maps its
//! pages only as they are written; a page whose every task is retired is handed back with
//! `madvise(MADV_DONTNEED)`. No task
//! reads a retired task's bits, but a whole-word read at a bit offset may touch the word past its
//! range, whose page may be gone: it then reads zeros, and those bits are masked off.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use super::blocks::{bit, longest_task, losses_in, sweep};
use super::index::OrderedIndex;
use super::plan::{self, Task};
use zecklab_games::{Cancel, Outcome};

/// The figures of the ordered game on `index`'s n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts {
    pub p_positions: u64,
    pub start: Outcome,
}

/// Why no figures came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// The system would not reserve the table's address space.
    Memory,
    Cancelled,
}

/// The tasks of the game on `index`'s n, as [`outcome_counts`] and [`counts_bytes`] take them.
pub(super) fn tasks(index: &OrderedIndex) -> Vec<Task> {
    plan::plan(index, longest_task(index))
}

/// The figures of the game on `index`'s n (cut into `tasks`, from [`tasks`]) on `threads`
/// threads, `progress(done, total)` in positions as the tasks finish.
pub(super) fn outcome_counts(
    index: &OrderedIndex,
    tasks: &[Task],
    threads: usize,
    cancel: &Cancel,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Counts, Refused> {
    counts_by_tasks(index, tasks, threads, cancel, progress)
}

fn counts_by_tasks(
    index: &OrderedIndex,
    tasks: &[Task],
    threads: usize,
    cancel: &Cancel,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Counts, Refused> {
    // One spare word: whole-word reads at a bit offset may touch the word past the end.
    let table = Table::zeroed(index.count().div_ceil(64) as usize + 1).ok_or(Refused::Memory)?;
    let win = table.words();
    let pages = Pages::new(win, tasks);
    let losses = AtomicU64::new(0);
    let start_wins = AtomicBool::new(false);
    sweep(
        index,
        tasks,
        win,
        threads,
        cancel,
        |t| {
            let task = &tasks[t];
            losses.fetch_add(losses_in(win, task.base, task.len), Ordering::Relaxed);
            if task.base == 0 {
                start_wins.store(bit(win, 0), Ordering::Relaxed);
            }
            pages.retire(task);
        },
        progress,
    );
    if cancel.is_cancelled() {
        return Err(Refused::Cancelled);
    }
    let start = Outcome::win_if(start_wins.into_inner());
    Ok(Counts { p_positions: losses.into_inner(), start })
}

/// The memory [`outcome_counts`] takes on `index`'s n: the most bits kept at once, a page more for
/// each task (a page is given back only when all of its tasks are), the pages waiting to be given
/// back, and the plan.
pub(super) fn counts_bytes(index: &OrderedIndex, tasks: &[Task]) -> u128 {
    let pages = if cfg!(unix) { u128::from(plan::live_peak(tasks)).div_ceil(8) } else { table_bytes(index) };
    let per_task = 4096 + 256;
    let waiting = table_bytes(index) / BATCH_SHARE as u128;
    pages + waiting + tasks.len() as u128 * per_task + table_bytes(index).div_ceil(4096) * 4
}

fn table_bytes(index: &OrderedIndex) -> u128 {
    u128::from(index.count()).div_ceil(64) * 8
}

/// The pages of the table and, for each, how many tasks not yet retired write or read words on it.
struct Pages<'a> {
    win: &'a [AtomicU64],
    size: usize,
    /// The address of page 0 (the page holding `win[0]`).
    first: usize,
    tasks: Vec<AtomicU32>,
    /// Runs of pages no task needs, not yet given back, and their pages: each advice interrupts
    /// the other cores (to flush their address caches), so runs are given back together, merged,
    /// once they hold a 256th of the table.
    pending: Mutex<(Vec<(usize, usize)>, usize)>,
}

/// The share of the table's pages that waits to be given back at once.
const BATCH_SHARE: usize = 256;

impl<'a> Pages<'a> {
    fn new(win: &'a [AtomicU64], tasks: &[Task]) -> Pages<'a> {
        let size = page_size();
        let first = win.as_ptr() as usize / size * size;
        let end = win.as_ptr() as usize + std::mem::size_of_val(win);
        let mut pages = Pages { win, size, first, tasks: Vec::new(), pending: Mutex::new((Vec::new(), 0)) };
        let mut counts = vec![0u32; (end - first).div_ceil(size)];
        for task in tasks {
            let (low, high) = pages.of(task);
            for count in &mut counts[low..=high] {
                *count += 1;
            }
        }
        pages.tasks = counts.into_iter().map(AtomicU32::new).collect();
        pages
    }

    /// The first and last pages holding words of `task`'s block.
    fn of(&self, task: &Task) -> (usize, usize) {
        let page = |w: u64| (self.win.as_ptr() as usize + w as usize * 8 - self.first) / self.size;
        (page(task.base / 64), page((task.base + task.len - 1) / 64))
    }

    /// `task` is retired: its pages no task needs any more are given back, in runs.
    fn retire(&self, task: &Task) {
        let (low, high) = self.of(task);
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for page in low..=high {
            if self.tasks[page].fetch_sub(1, Ordering::AcqRel) == 1 {
                match runs.last_mut() {
                    Some(run) if run.1 + 1 == page => run.1 = page,
                    _ => runs.push((page, page)),
                }
            }
        }
        if runs.is_empty() {
            return;
        }
        let mut pending = self.pending.lock().expect("no retire panics");
        pending.1 += runs.iter().map(|(from, to)| to - from + 1).sum::<usize>();
        pending.0.extend(runs);
        if pending.1 * BATCH_SHARE < self.tasks.len() {
            return;
        }
        let mut runs = std::mem::take(&mut pending.0);
        pending.1 = 0;
        drop(pending);
        runs.sort_unstable();
        let mut merged: Option<(usize, usize)> = None;
        for (from, to) in runs {
            merged = match merged {
                Some((first, last)) if from <= last + 1 => Some((first, last.max(to))),
                other => {
                    other.into_iter().for_each(|r| self.give_back(r));
                    Some((from, to))
                }
            };
        }
        merged.into_iter().for_each(|r| self.give_back(r));
    }

    /// Gives back pages `from ..= to`, all but a first or last page that the table shares with
    /// other memory.
    fn give_back(&self, (from, to): (usize, usize)) {
        let start = self.win.as_ptr() as usize;
        let end = start + std::mem::size_of_val(self.win);
        let low = (self.first + from * self.size).max(start.next_multiple_of(self.size));
        let high = (self.first + (to + 1) * self.size).min(end / self.size * self.size);
        if low < high {
            release(low, high - low);
        }
    }
}

/// The table's words: on Unix a private mapping of zeros reserved without committing memory
/// (`MAP_NORESERVE`: the table may be larger than the memory, as only its live part is ever
/// mapped), elsewhere an allocation of zeros.
struct Table {
    #[cfg(unix)]
    mapping: (std::ptr::NonNull<AtomicU64>, usize),
    #[cfg(not(unix))]
    words: Box<[AtomicU64]>,
}

// SAFETY: the mapping is owned by the table alone and read only as atomics.
#[cfg(unix)]
unsafe impl Send for Table {}
// SAFETY: as for Send: shared references give atomic access only.
#[cfg(unix)]
unsafe impl Sync for Table {}

impl Table {
    #[cfg(unix)]
    fn zeroed(words: usize) -> Option<Table> {
        let bytes = words.checked_mul(8)?;
        // SAFETY: a new anonymous private mapping, placed by the system, touches no existing memory.
        let address = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if address == libc::MAP_FAILED {
            return None;
        }
        let start = std::ptr::NonNull::new(address.cast::<AtomicU64>())?;
        Some(Table { mapping: (start, words) })
    }

    #[cfg(not(unix))]
    fn zeroed(words: usize) -> Option<Table> {
        Some(Table { words: bytemuck::try_zeroed_slice_box(words).ok()? })
    }

    #[cfg(unix)]
    fn words(&self) -> &[AtomicU64] {
        let (start, words) = self.mapping;
        // SAFETY: the mapping holds `words` zero-filled, page-aligned words (a valid `AtomicU64`
        // each), lives as long as the table, and is only ever accessed through atomics.
        unsafe { std::slice::from_raw_parts(start.as_ptr(), words) }
    }

    #[cfg(not(unix))]
    fn words(&self) -> &[AtomicU64] {
        &self.words
    }
}

#[cfg(unix)]
impl Drop for Table {
    fn drop(&mut self) {
        let (start, words) = self.mapping;
        // SAFETY: the mapping was made by `zeroed` with this length, and no reference to its words
        // outlives the table.
        unsafe {
            libc::munmap(start.as_ptr().cast(), words * 8);
        }
    }
}

#[cfg(unix)]
fn page_size() -> usize {
    // SAFETY: sysconf only reads a system constant.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size).ok().filter(|&s| s.is_power_of_two()).unwrap_or(4096)
}

#[cfg(not(unix))]
fn page_size() -> usize {
    4096
}

/// Hands the pages of `[address, address + len)` back to the system; reading them afterwards
/// gives zeros.
#[cfg(unix)]
fn release(address: usize, len: usize) {
    // SAFETY: the range is whole pages inside the table's allocation, which stays mapped (the
    // advice drops the pages' contents, not the mapping). Every task that writes or reads a word
    // on these pages is retired, so no thread uses them again but for a whole-word read past a
    // range, whose bits are masked off (module header). A refused advice only keeps the memory.
    unsafe {
        libc::madvise(address as *mut libc::c_void, len, libc::MADV_DONTNEED);
    }
}

#[cfg(not(unix))]
fn release(_address: usize, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ordered_counts_bytes, solve_ordered};

    #[test]
    fn the_counts_are_the_tables_with_pages_given_back_as_the_sweep_goes() {
        for n in [1u32, 2, 3, 9, 18, 23, 27] {
            let index = OrderedIndex::new(n).unwrap();
            let table = solve_ordered(n, false, 1 << 32).unwrap();
            let want = Counts { p_positions: table.p_positions(), start: table.outcome(0) };
            for (threads, longest) in [(1, u64::MAX), (2, longest_task(&index)), (2, 1000), (2, 64)] {
                if n > 23 && longest < 1000 {
                    continue;
                }
                let tasks = plan::plan(&index, longest);
                let last = AtomicU64::new(0);
                let progress = |done: u64, total: u64| {
                    assert!(done <= total && total == index.count());
                    last.fetch_max(done, Ordering::Relaxed);
                };
                let got = counts_by_tasks(&index, &tasks, threads, &Cancel::new(), &progress).unwrap();
                assert_eq!(last.into_inner(), index.count(), "the progress reaches every position");
                assert_eq!(got, want, "n = {n}, {threads} threads, tasks of at most {longest}");
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn n_42_fits_in_twenty_gibibytes_and_43_does_not() {
        let gib = |n| ordered_counts_bytes(&OrderedIndex::new(n).unwrap()) as f64 / f64::from(1u32 << 30);
        assert!(gib(42) < 16.0 && gib(43) > 20.0, "{} {}", gib(42), gib(43));
    }
}
