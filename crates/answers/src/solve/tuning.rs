//! Process-wide tuning a solve asks for, applied here once for every front end (the command line,
//! the server and Python all solve through [`super::solve_game`]).
//!
//! glibc serves an allocation from the heap or maps it straight from the system by a threshold
//! that it raises to the size of each large block freed (up to 32 MiB). Two engines want it
//! pinned instead:
//! - the layered engine's layers grow as it goes; mapped, they grow without a copy, where from
//!   the heap they were copied as they grew (n = 500 took 8% longer). The tier sweep, which frees
//!   and takes blocks of a few MiB tier after tier, is 12% slower at n = 500 when each is mapped
//!   afresh, so only the layered engine asks.
//! - a process of a shared (MPI) solve keeps only part of each tier: from fresh pages the words
//!   it never writes stay untouched zero pages that cost no memory.

/// What a solve is about to do, as far as the allocator is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Allocations {
    /// The layered engine's growing layers.
    GrowingLayers,
    /// One process's share of the tiers of a solve shared among processes.
    SharedTiers,
}

/// Sets the allocator's mapping threshold for `what` (glibc on Linux; elsewhere nothing).
pub(super) fn prepare(what: Allocations) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let threshold: libc::c_int = match what {
            Allocations::GrowingLayers => 128 << 10,
            Allocations::SharedTiers => 4 << 20,
        };
        // SAFETY: mallopt only sets a threshold of glibc's allocator, under the allocator's own
        // lock; it touches no memory of ours and is sound from any thread.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, threshold);
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = what;
}
