//! A tier of per-position figures that one thread writes in decreasing rank order while another
//! reads the ranks already written: the moment recursion's two threads each take every other
//! tier, and a tier's combine children lie in the tier below, which the other thread may still
//! be writing.
//!
//! **Why it is sound.** Each rank is written once, by the tier's one writer, before the writer
//! publishes a frontier at or below it (a release store); a reader reads a rank only after it
//! has seen (by an acquire load) a frontier at or below that rank. So no rank is read while it
//! is written, and every write is visible to the read that follows the frontier.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The cells of one figure over a tier (empty when the run does not compute that figure).
pub(super) struct Cells<T>(Box<[UnsafeCell<T>]>);

// SAFETY: cells are shared between threads only through `Frontier`'s protocol (module header).
unsafe impl<T: Send> Sync for Cells<T> {}

impl<T: Copy + bytemuck::Zeroable> Cells<T> {
    /// `len` cells of zeros, from zeroed memory: the system gives zeroed pages as they are first
    /// touched, so a tier of gigabytes costs no pass to fill it.
    pub(super) fn new(len: usize) -> Cells<T> {
        let plain: Box<[T]> = bytemuck::zeroed_slice_box(len);
        ask_for_huge_pages(plain.as_ptr().cast(), std::mem::size_of_val(&*plain));
        // SAFETY: `UnsafeCell<T>` has the layout of `T` (it is `repr(transparent)`).
        Cells(unsafe { Box::from_raw(Box::into_raw(plain) as *mut [UnsafeCell<T>]) })
    }

    /// `len` cells in the memory of `old`, a finished tier's (whose values are left: every cell
    /// is written before it is read), grown with zeros or shrunk as needed. Memory fresh from the
    /// system is zeroed by it page by page: at n = 500 the tiers add up to 430 GB, and clearing
    /// them took a fifth of the recursion's time.
    pub(super) fn reuse(old: Box<[T]>, len: usize) -> Cells<T> {
        let mut cells = old.into_vec();
        cells.resize(len, T::zeroed());
        // A shrinking block keeps its pages (and their advice); the tail goes back.
        Cells::from(cells)
    }

    /// Writes rank `r`.
    ///
    /// # Safety
    /// Only the tier's writer calls this, for a rank not yet published.
    #[inline(always)]
    pub(super) unsafe fn write(&self, r: usize, value: T) {
        // SAFETY: the caller is the only writer of rank `r` and no reader reads it before it is
        // published (this function's contract).
        unsafe { *self.0[r].get() = value };
    }

    /// Reads rank `r`.
    ///
    /// # Safety
    /// The caller is the tier's writer and wrote `r` before, or has seen the frontier reach `r`
    /// ([`Frontier::wait_for`]).
    #[inline(always)]
    pub(super) unsafe fn read(&self, r: usize) -> T {
        // SAFETY: rank `r` is written and no thread writes it any more (this function's contract).
        unsafe { *self.0[r].get() }
    }

    /// Asks the processor to bring rank `r`'s cell into the cache (a hint: it changes no value,
    /// and any `r` is harmless, a prefetch of any address never faulting, so none is checked):
    /// the lines of its first and its last byte, which differ for most cells (the tiers' memory
    /// is not aligned to lines, and a games measure's cell is longer than one).
    #[inline(always)]
    pub(super) fn prefetch(&self, r: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let first: *const u8 = self.0.as_ptr().wrapping_add(r as usize).cast();
            // SAFETY: a prefetch reads nothing the program sees and never faults, whatever the address.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(first.cast());
                _mm_prefetch::<_MM_HINT_T0>(first.wrapping_add(std::mem::size_of::<T>() - 1).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = r;
    }

    /// The cells of a finished tier (a checkpoint's).
    pub(super) fn from(values: Vec<T>) -> Cells<T> {
        let plain = values.into_boxed_slice();
        // SAFETY: as in `new`.
        Cells(unsafe { Box::from_raw(Box::into_raw(plain) as *mut [UnsafeCell<T>]) })
    }

    /// The cells, read in place.
    ///
    /// # Safety
    /// No thread writes them while the slice lives.
    pub(super) unsafe fn as_slice(&self) -> &[T] {
        // SAFETY: `UnsafeCell<T>` has the layout of `T`, the pointer and length are the boxed
        // slice's own, and no thread writes the cells while the slice lives (this function's
        // contract).
        unsafe { std::slice::from_raw_parts(self.0.as_ptr() as *const T, self.0.len()) }
    }

    /// The cells as a plain slice, once no thread writes them.
    pub(super) fn into_inner(self) -> Box<[T]> {
        // SAFETY: as in `new`, the other way round.
        unsafe { Box::from_raw(Box::into_raw(self.0) as *mut [T]) }
    }
}

/// Asks the system to back the bytes at `start` with huge pages (2 MiB on x86-64) where it can,
/// before they are first touched: a tier of gigabytes otherwise takes a page fault every 4 KiB
/// (a tenth of the recursion's time went to them at n = 300), and its children's reads, a dozen
/// streams over two tiers, miss the TLB less. Only whole huge pages inside the block are
/// advised; small blocks are left alone. A hint: nothing changes where the system refuses it.
fn ask_for_huge_pages(start: *const u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    #[cfg(target_os = "linux")]
    {
        let from = (start as usize).next_multiple_of(HUGE);
        let to = (start as usize + bytes) / HUGE * HUGE;
        if to > from {
            // SAFETY: the range lies inside a block this process owns; the advice changes how its
            // pages are backed, never their contents (they are not touched yet, and read zero).
            unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes, HUGE);
}

/// The lowest rank from which every rank of a tier is written.
pub(super) struct Frontier(AtomicU64);

impl Frontier {
    /// A tier of `len` positions, none written.
    pub(super) fn new(len: u64) -> Frontier {
        Frontier(AtomicU64::new(len))
    }

    /// Says that every rank from `r` up is written.
    #[inline]
    pub(super) fn publish(&self, r: u64) {
        self.0.store(r, Ordering::Release);
    }

    /// Waits until rank `r` is written; `seen` is the reader's last sight of the frontier (so
    /// that most reads need no atomic load). False when `abort` is raised while waiting.
    #[inline]
    pub(super) fn wait_for(&self, r: u64, seen: &mut u64, abort: &AtomicBool) -> bool {
        if r >= *seen {
            return true;
        }
        let mut spins = 0u32;
        loop {
            *seen = self.0.load(Ordering::Acquire);
            if r >= *seen {
                return true;
            }
            if abort.load(Ordering::Relaxed) {
                return false;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader following a writer on another thread sees every value the writer wrote, in the
    /// writer's order, whatever the interleaving.
    #[test]
    fn a_reader_sees_every_published_rank() {
        let len = 200_000u64;
        let cells = Cells::<u64>::new(len as usize);
        let frontier = Frontier::new(len);
        let abort = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                for r in (0..len).rev() {
                    // SAFETY: this thread is the only writer; `r` is below the frontier.
                    unsafe { cells.write(r as usize, r * 3 + 1) };
                    if r % 97 == 0 {
                        frontier.publish(r);
                    }
                }
                frontier.publish(0);
            });
            let mut seen = len;
            for r in (0..len).rev() {
                assert!(frontier.wait_for(r, &mut seen, &abort));
                // SAFETY: the frontier reached `r`.
                assert_eq!(unsafe { cells.read(r as usize) }, r * 3 + 1);
            }
        });
        assert_eq!(cells.into_inner()[7], 22);
    }

    #[test]
    fn an_abort_ends_the_wait() {
        let frontier = Frontier::new(10);
        let abort = AtomicBool::new(true);
        let mut seen = 10;
        assert!(!frontier.wait_for(3, &mut seen, &abort));
        assert!(frontier.wait_for(12, &mut seen, &abort), "a rank at or above the frontier needs no wait");
    }
}
