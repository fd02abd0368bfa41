//! [`Solves`]: the Zeckendorf games this server solves on demand, with a bounded cache and a
//! bounded number of solves at once.
//!
//! A solve runs on tokio's blocking pool. At most `max_solves` run at once and at most
//! `queued_solves` more wait; a request beyond that gets 503 at once rather than a growing queue.
//! Finished solutions stay in a least-recently-used cache whose estimated size (the solver's
//! own plan of its tables) never exceeds `cache_bytes`; a solution larger than the whole cache
//! is answered and dropped.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::Semaphore;
use zecklab_games::zgame::{solve, Solution, SolvePlan};

use crate::{ApiError, Config};

/// Memory one solve's tables may take (the server's `solve_up_to` keeps real solves far below).
const SOLVE_MEMORY: u128 = 20 << 30;

/// A solved game and how long its solve took.
#[derive(Clone)]
pub struct Solved {
    /// The solution.
    pub solution: Arc<Solution>,
    /// Seconds the solve took.
    pub seconds: f64,
}

struct Entry {
    n: u32,
    solved: Solved,
    bytes: u64,
    last_used: u64,
}

#[derive(Default)]
struct Cache {
    entries: Vec<Entry>,
    bytes: u64,
    clock: u64,
}

/// The on-demand solver with its cache and gate.
pub struct Solves {
    up_to: u32,
    cache_bytes: u64,
    slots: Semaphore,
    admitted_limit: usize,
    admitted: AtomicUsize,
    cache: Mutex<Cache>,
}

/// Counts a request as admitted until dropped (also when the request is cancelled while waiting).
struct Admitted<'a>(&'a AtomicUsize);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Solves {
    /// The solver for a configuration.
    pub fn new(config: &Config) -> Solves {
        Solves {
            up_to: config.solve_up_to,
            cache_bytes: config.cache_bytes,
            slots: Semaphore::new(config.max_solves.max(1)),
            admitted_limit: config.max_solves.max(1) + config.queued_solves,
            admitted: AtomicUsize::new(0),
            cache: Mutex::new(Cache::default()),
        }
    }

    /// The largest game solved on demand.
    pub fn up_to(&self) -> u32 {
        self.up_to
    }

    /// The estimated bytes held by the cache now.
    pub fn cached_bytes(&self) -> u64 {
        self.lock().bytes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        // The cache is consistent between statements, so a panic elsewhere cannot poison it
        // into an unusable state.
        self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn cached(&self, n: u32) -> Option<Solved> {
        let mut cache = self.lock();
        cache.clock += 1;
        let now = cache.clock;
        let entry = cache.entries.iter_mut().find(|e| e.n == n)?;
        entry.last_used = now;
        Some(entry.solved.clone())
    }

    fn keep(&self, n: u32, solved: &Solved, bytes: u64) {
        if bytes > self.cache_bytes {
            return;
        }
        let mut cache = self.lock();
        if cache.entries.iter().any(|e| e.n == n) {
            return;
        }
        while cache.bytes + bytes > self.cache_bytes {
            let oldest = cache.entries.iter().enumerate().min_by_key(|(_, e)| e.last_used).map(|(i, _)| i);
            let Some(i) = oldest else { break };
            let evicted = cache.entries.swap_remove(i);
            cache.bytes -= evicted.bytes;
        }
        cache.clock += 1;
        let last_used = cache.clock;
        cache.bytes += bytes;
        cache.entries.push(Entry { n, solved: solved.clone(), bytes, last_used });
    }

    /// Waits for a solve slot: admitted while fewer than `max_solves + queued_solves` are running
    /// or waiting (503 at once otherwise), then holding one of the `max_solves` slots until the
    /// returned pass is dropped.
    async fn admit(&self) -> Result<(Admitted<'_>, tokio::sync::SemaphorePermit<'_>), ApiError> {
        if self.admitted.fetch_add(1, Ordering::SeqCst) >= self.admitted_limit {
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::busy(format!(
                "busy: {} solves are running or waiting; try again in a moment",
                self.admitted_limit
            )));
        }
        let admitted = Admitted(&self.admitted);
        let slot = self.slots.acquire().await.map_err(|_| ApiError::busy("the server is shutting down"))?;
        Ok((admitted, slot))
    }

    /// Runs `work` (a solve of a game on `n <= limit`, not cached) on the blocking pool under
    /// the same gate as [`Solves::solution`]: at most `max_solves` at once, a short queue, 503
    /// beyond it.
    ///
    /// # Errors
    /// As [`Solves::solution`], and whatever `work` returns.
    pub async fn gated<T: Send + 'static>(
        &self,
        n: u32,
        limit: u32,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        if n == 0 {
            return Err(ApiError::bad("invalid n = 0: a game needs n >= 1"));
        }
        if n > limit {
            return Err(ApiError::too_large(format!(
                "this server answers this question on demand only up to n = {limit}: use the command line for the game on n = {n}"
            )));
        }
        let _pass = self.admit().await?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| ApiError::busy(format!("the solve of n = {n} failed: {e}")))?
    }

    /// The solution of the game on `n` with remoteness: from the cache, else solved now.
    ///
    /// # Errors
    /// 422 past `solve_up_to` (saying how to store the game), 503 when the queue is full, 400
    /// for `n = 0`.
    pub async fn solution(&self, n: u32) -> Result<Solved, ApiError> {
        if n == 0 {
            return Err(ApiError::bad("invalid n = 0: a game needs n >= 1"));
        }
        if n > self.up_to {
            return Err(ApiError::too_large(format!(
                "the game on n = {n} is not stored, and this server solves games on demand only up to n = {}: store it with `zecklab zgame solve --n {n} --save` (or start the server with a larger --solve-up-to)",
                self.up_to
            )));
        }
        if let Some(hit) = self.cached(n) {
            return Ok(hit);
        }
        let _pass = self.admit().await?;
        // Another request may have solved it while this one waited.
        if let Some(hit) = self.cached(n) {
            return Ok(hit);
        }
        let bytes = SolvePlan::new(n).map(|p| p.bytes(true)).unwrap_or(u128::MAX);
        let solved = tokio::task::spawn_blocking(move || {
            let start = Instant::now();
            solve(n, true, SOLVE_MEMORY, |_, _| {})
                .map(|s| Solved { solution: Arc::new(s), seconds: start.elapsed().as_secs_f64() })
        })
        .await
        .map_err(|e| ApiError::busy(format!("the solve of n = {n} failed: {e}")))?
        .map_err(|e| ApiError::too_large(e.to_string()))?;
        self.keep(n, &solved, u64::try_from(bytes).unwrap_or(u64::MAX));
        Ok(solved)
    }
}
