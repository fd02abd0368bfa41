//! [`Solves`]: the expensive answers this server computes on demand (solved Zeckendorf games, the
//! reversed game, coalitions, the Nim figures), behind one gate and one bounded cache.
//!
//! Work runs on tokio's blocking pool. At most `max_solves` run at once and at most
//! `queued_solves` more wait; a request beyond that gets 503 at once rather than a growing queue.
//! The pass through the gate is moved into the blocking task, so it is held exactly as long as
//! the work runs, whether or not the client still waits: a client that goes away never frees a
//! place while its work goes on. Work whose result will be cached runs to its end and is cached
//! by the task itself (the next request finds it); work too large for the cache is cancelled
//! (the solvers check a [`Cancel`] token between blocks) when its client goes away.
//!
//! Finished results stay in a least-recently-used cache whose estimated size never exceeds
//! `cache_bytes`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use zecklab_answers::solve::{plan, solve_kept, Control, Engine, SolveRequest};
use zecklab_games::zgame::{Solution, SolvePlan};
use zecklab_games::Cancel;

use crate::{ApiError, Config};

/// A solved game and how long its solve took.
#[derive(Clone)]
pub struct Solved {
    /// The solution.
    pub solution: Arc<Solution>,
    /// Seconds the solve took.
    pub seconds: f64,
}

/// What identifies a cached result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// The game on n, solved with remoteness.
    Game(u32),
    /// Any other answer, by its endpoint and parameters (`"reversed", n`, ...).
    Answer(&'static str, Vec<u64>),
    /// A table a position question needs.
    Table(zecklab_answers::position::TableNeed),
}

/// A cached result: anything shared between threads.
pub type Shared = Arc<dyn std::any::Any + Send + Sync>;

struct Entry {
    key: Key,
    value: Shared,
    bytes: u64,
    last_used: u64,
}

#[derive(Default)]
struct Cache {
    entries: Vec<Entry>,
    bytes: u64,
    clock: u64,
    /// Requests answered from the cache since the server started.
    hits: u64,
}

impl Cache {
    fn get(&mut self, key: &Key) -> Option<Shared> {
        self.clock += 1;
        let now = self.clock;
        let entry = self.entries.iter_mut().find(|e| &e.key == key)?;
        entry.last_used = now;
        self.hits += 1;
        Some(entry.value.clone())
    }

    fn keep(&mut self, key: Key, value: Shared, bytes: u64, limit: u64) {
        if bytes > limit || self.entries.iter().any(|e| e.key == key) {
            return;
        }
        while self.bytes + bytes > limit {
            let oldest = self.entries.iter().enumerate().min_by_key(|(_, e)| e.last_used).map(|(i, _)| i);
            let Some(i) = oldest else { break };
            let evicted = self.entries.swap_remove(i);
            self.bytes -= evicted.bytes;
        }
        self.clock += 1;
        let last_used = self.clock;
        self.bytes += bytes;
        self.entries.push(Entry { key, value, bytes, last_used });
    }
}

/// The cache, shared with the blocking tasks that fill it.
#[derive(Clone)]
struct SharedCache {
    cache: Arc<Mutex<Cache>>,
    limit: u64,
}

impl SharedCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        // The cache is consistent between statements, so a panic elsewhere cannot poison it
        // into an unusable state.
        self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The gate, its counters and the cache.
pub struct Solves {
    up_to: u32,
    slots: Arc<Semaphore>,
    admitted_limit: usize,
    admitted: Arc<AtomicUsize>,
    /// Large answers admitted (running or waiting for a slot), and how many may be: they wait
    /// in a longer queue than solves, since each takes a fraction of a second.
    answers_admitted: Arc<AtomicUsize>,
    answers_limit: usize,
    running: Arc<AtomicUsize>,
    cache: SharedCache,
}

/// A place in the gate: counted as admitted until dropped, holding a slot once it has one. It
/// moves into the blocking task, so it lives exactly as long as the work.
struct Pass {
    admitted: Arc<AtomicUsize>,
    _slot: OwnedSemaphorePermit,
}

impl Drop for Pass {
    fn drop(&mut self) {
        self.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A slot of the gate kept after its work (see [`Solves::answer`]); dropping it frees the slot.
pub struct Held {
    _pass: Pass,
}

/// Counts a request as admitted while it waits for a slot (also when it is dropped waiting).
struct Waiting(Option<Arc<AtomicUsize>>);

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(admitted) = self.0.take() {
            admitted.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Counts work running on the blocking pool while alive.
struct Running(Arc<AtomicUsize>);

impl Running {
    fn start(counter: &Arc<AtomicUsize>) -> Running {
        counter.fetch_add(1, Ordering::SeqCst);
        Running(counter.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Solves {
    /// The solver for a configuration.
    pub fn new(config: &Config) -> Solves {
        Solves {
            up_to: config.solve_up_to,
            slots: Arc::new(Semaphore::new(config.max_solves.max(1))),
            admitted_limit: config.max_solves.max(1) + config.queued_solves,
            admitted: Arc::new(AtomicUsize::new(0)),
            answers_admitted: Arc::new(AtomicUsize::new(0)),
            answers_limit: config.max_solves.max(1) + config.queued_answers,
            running: Arc::new(AtomicUsize::new(0)),
            cache: SharedCache { cache: Arc::new(Mutex::new(Cache::default())), limit: config.cache_bytes },
        }
    }

    /// The largest game solved on demand.
    pub fn up_to(&self) -> u32 {
        self.up_to
    }

    /// The estimated bytes held by the cache now.
    pub fn cached_bytes(&self) -> u64 {
        self.cache.lock().bytes
    }

    /// The results held by the cache now, and the requests it has answered since the start.
    pub fn cache_use(&self) -> (usize, u64) {
        let cache = self.cache.lock();
        (cache.entries.len(), cache.hits)
    }

    /// Pieces of gated work running now (never more than `max_solves`).
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// Requests admitted through the gate now: running or waiting for a slot.
    pub fn admitted(&self) -> usize {
        self.admitted.load(Ordering::SeqCst)
    }

    /// Waits for a slot: admitted while fewer than `max_solves + queued_solves` are running or
    /// waiting (503 at once otherwise).
    async fn admit(&self) -> Result<Pass, ApiError> {
        self.admit_counted(&self.admitted, self.admitted_limit, "solves").await
    }

    /// Waits for a slot, counted in `admitted` (at most `limit`; 503 at once beyond).
    async fn admit_counted(
        &self,
        admitted: &Arc<AtomicUsize>,
        limit: usize,
        what: &str,
    ) -> Result<Pass, ApiError> {
        if admitted.fetch_add(1, Ordering::SeqCst) >= limit {
            admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::busy(format!(
                "busy: {limit} {what} are running or waiting; try again in a moment"
            )));
        }
        let mut waiting = Waiting(Some(admitted.clone()));
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy("the server is shutting down"))?;
        let admitted = waiting.0.take().expect("set above");
        Ok(Pass { admitted, _slot: slot })
    }

    /// The cached result under `key`, else `work` run through the gate on the blocking pool:
    /// a result of at most the cache's size (`bytes`, estimated before the work) is cached by the
    /// task that computes it, even when its client has gone; a larger one is cancelled when its
    /// client goes away.
    ///
    /// # Errors
    /// 503 when the queue is full, and whatever `work` returns.
    pub async fn cached_or<T: Send + Sync + 'static>(
        &self,
        key: Key,
        bytes: u64,
        work: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<Arc<T>, ApiError> {
        let found = |value: Shared| {
            value.downcast::<T>().map_err(|_| ApiError::internal("a cache entry of another type"))
        };
        if let Some(hit) = self.cache.lock().get(&key) {
            return found(hit);
        }
        let pass = self.admit().await?;
        // Another request may have computed it while this one waited.
        if let Some(hit) = self.cache.lock().get(&key) {
            return found(hit);
        }
        let cancel = Cancel::new();
        let will_cache = bytes <= self.cache.limit;
        let guard = (!will_cache).then(|| cancel.on_drop());
        let cache = self.cache.clone();
        let running = self.running.clone();
        let task = tokio::task::spawn_blocking(move || {
            let _pass = pass;
            let _running = Running::start(&running);
            let value = Arc::new(work(&cancel)?);
            if will_cache {
                let shared: Shared = value.clone();
                let limit = cache.limit;
                cache.lock().keep(key, shared, bytes, limit);
            }
            Ok(value)
        });
        let result = task.await.map_err(|e| ApiError::internal(format!("the answer failed: {e}")))?;
        if let Some(guard) = guard {
            guard.disarm();
        }
        result
    }

    /// A large answer, `work`, computed through the gate's slots on the blocking pool (in a queue
    /// of its own, `queued_answers` long), with the slot still held when it returns: the caller
    /// drops the [`Held`] slot once the answer has its share of the memory budget, so that no
    /// more answers wait for the budget than there are slots.
    ///
    /// # Errors
    /// 503 when the queue is full, and whatever `work` returns.
    pub async fn answer<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<(T, Held), ApiError> {
        let pass = self.admit_counted(&self.answers_admitted, self.answers_limit, "large answers").await?;
        let running = self.running.clone();
        let task = tokio::task::spawn_blocking(move || {
            let counted = Running::start(&running);
            let value = work();
            drop(counted);
            value.map(|v| (v, Held { _pass: pass }))
        });
        task.await.map_err(|e| ApiError::internal(format!("the answer failed: {e}")))?
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
        // Positions are read from the solution, so its table is kept: the flat engine, by the
        // choice every front end makes.
        let request = SolveRequest { keep: true, ..SolveRequest::new(n) };
        if plan(&request, n, false).map_err(|e| ApiError::too_large(e.to_string()))? != Engine::Flat {
            return Err(ApiError::too_large(format!(
                "the game on n = {n} is too large to keep every position's values in memory here"
            )));
        }
        let bytes = SolvePlan::new(n).map(|p| p.bytes(true)).unwrap_or(u128::MAX);
        let solved = self
            .cached_or(Key::Game(n), u64::try_from(bytes).unwrap_or(u64::MAX), move |cancel| {
                let start = Instant::now();
                let mut control = Control::new().with_cancel(cancel.clone());
                let solution = solve_kept(&request, &mut control)?;
                Ok(Solved { solution: Arc::new(solution), seconds: start.elapsed().as_secs_f64() })
            })
            .await?;
        Ok(Solved::clone(&solved))
    }
}
