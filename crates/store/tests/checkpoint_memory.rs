//! A checkpoint costs a buffer of memory, not a copy of the tier: the save streams the tier to
//! the file, and the load decodes straight into the tier's vectors. Measured with a counting
//! allocator (this test binary's own), on tiers far larger than the buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use zecklab_engines::TieredSolver;
use zecklab_store::checkpoint::{load_checkpoint, save_checkpoint, BUFFER};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), SeqCst) + layout.size();
        PEAK.fetch_max(now, SeqCst);
        // SAFETY: passed through to the system allocator with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), SeqCst);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `work` and returns its result with the most memory it held at once beyond what was
/// held before.
fn peak_during<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = NOW.load(SeqCst);
    PEAK.store(before, SeqCst);
    let result = work();
    (result, PEAK.load(SeqCst) - before)
}

#[test]
fn a_checkpoint_with_remoteness_takes_a_buffer_not_a_tier() {
    let dir = tempfile::tempdir().unwrap();
    let n = 280;
    let mut solver = TieredSolver::new(n, true, 1 << 32).unwrap();
    let mut largest = 0usize;
    while solver.next_tier().is_some() {
        solver.solve_next(|_, _| {}).unwrap();
        let view = solver.state_view().unwrap();
        let tier_bytes = view.wins().len() * 8 + view.remoteness.map_or(0, |r| r.len() * 2);
        if tier_bytes < largest {
            continue;
        }
        largest = tier_bytes;
        let (saved, save_peak) = peak_during(|| save_checkpoint(dir.path(), &view));
        saved.unwrap();
        assert!(
            save_peak < 2 * BUFFER + (16 << 10),
            "saving a tier of {tier_bytes} bytes held {save_peak} bytes"
        );
        let (loaded, load_peak) = peak_during(|| load_checkpoint(dir.path(), n).unwrap().unwrap());
        assert!(
            load_peak < tier_bytes + 3 * BUFFER,
            "loading a tier of {tier_bytes} bytes held {load_peak} bytes at once"
        );
        assert_eq!(loaded, solver.state().unwrap());
    }
    assert!(
        largest > 12 * BUFFER,
        "the largest tier ({largest} bytes) must dwarf the buffers for this test to mean anything"
    );
}
