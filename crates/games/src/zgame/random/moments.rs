//! The mean and the second, third and fourth central moments of the game's length under random
//! play, and the chance that Player 1 makes the last move, by a recursion over the position graph
//! tier by tier: every child of a position with `p` parts has `p` or `p - 1` parts (see
//! `tiers`), so memory is a few tiers, not the whole game, and n = 500 fits in a few GB.
//!
//! **One pass, several threads.** The measures asked for are computed together, so each
//! position's children are found once (by their runs' offsets, `children.rs`). The tiers are
//! dealt to the threads in turn, each thread writing its tier in decreasing rank order while the
//! thread of the tier above reads the ranks already written (`published.rs`): a tier's combine
//! children lie at about the same height in the tier below, so the threads follow one another
//! closely, and each position's figures are computed exactly as on one thread.
//!
//! **The recursion.** From a position with children `c_j` chosen with probabilities `w_j`
//! (`1/k` under the path measure; the child's share of the complete games under the games
//! measure), the length is one more than the chosen child's. Its mean is `1 + Σ w_j m_j`, and
//! its central moments come from the children's *central* moments and their deviations
//! `d_j = m_j - Σ w_i m_i`:
//! `μ2 = Σ w_j (μ2_j + d_j²)`, `μ3 = Σ w_j (μ3_j + 3 d_j μ2_j + d_j³)`,
//! `μ4 = Σ w_j (μ4_j + 4 d_j μ3_j + 6 d_j² μ2_j + d_j⁴)`. Nothing is found as a raw moment minus
//! powers of the mean (at n = 500 the fourth raw moment is near 10^11 and μ4 near 4·10^4).
//!
//! **Proven bounds.** Every figure is a value with a radius that bounds its error
//! ([`Figures`], `figures.rs`), reported as an [`Interval`] that holds the exact value. The games
//! measure's counts leave `f64`'s range near n = 210 and are kept as a mantissa, a binary
//! exponent and a relative error ([`Count`]), stored beside the figures ([`Counted`]) and reported
//! as a [`Scaled`] interval.

use super::children::TierChildren;
use super::figures::{Count, Counted, Figures};
use super::interval::{Interval, Scaled};
use super::mixer::Mixer;
use super::published::{Cells, Frontier};
use super::Measure;
use crate::zgame::ranks::MAX_TOP;
use crate::zgame::TierIndex;

/// The length's figures from one position (or the start), each a proven interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LengthMoments {
    /// The mean number of moves to the end.
    pub mean: Interval,
    /// Central moments of the number of moves: variance, third, fourth.
    pub mu2: Interval,
    pub mu3: Interval,
    pub mu4: Interval,
    /// The chance that the player to move makes the last move.
    pub mover_last: Interval,
}

impl LengthMoments {
    fn of(f: &Figures) -> LengthMoments {
        LengthMoments {
            mean: f.interval(0),
            mu2: f.interval(1),
            mu3: f.interval(2),
            mu4: f.interval(3),
            mover_last: f.interval(4),
        }
    }
}

/// The figures of the start of the game on `n` under one measure.
#[derive(Clone, Debug, PartialEq)]
pub struct StartMoments {
    pub n: u32,
    pub measure: Measure,
    pub moments: LengthMoments,
    /// The number of complete games (games measure only), as a bounded scaled number.
    pub games: Option<Scaled>,
    /// The positions visited.
    pub positions: u64,
}

/// Why the recursion did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MomentsError {
    /// The tiers of the game on n cannot be ranked (n = 0, or past the count table's limit).
    OutOfReach(u32),
    /// The two largest neighbouring tiers would need more memory than allowed.
    TooLarge { n: u32, bytes: u128, limit: u128 },
    /// A count of complete games passed what a [`Counted`] holds (2^16320, far past any n
    /// whose tiers fit in memory).
    TooManyGames(u32),
    /// The caller cancelled the run.
    Cancelled,
    /// A checkpoint to resume from does not belong to this run.
    Checkpoint(String),
}

impl std::fmt::Display for MomentsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MomentsError::OutOfReach(n) => write!(f, "n = {n} is out of reach: its tiers cannot be ranked"),
            MomentsError::TooLarge { n, bytes, limit } => write!(
                f,
                "n = {n} is too large: its two largest tiers need {} MiB, more than the {} MiB allowed",
                bytes.div_ceil(1 << 20),
                limit >> 20
            ),
            MomentsError::TooManyGames(n) => write!(
                f,
                "n = {n} is out of reach: its number of complete games passes 2^{}",
                super::figures::MAX_COUNT_EXPONENT
            ),
            MomentsError::Cancelled => f.write_str("stopped before the end"),
            MomentsError::Checkpoint(why) => write!(f, "the checkpoint does not fit this run: {why}"),
        }
    }
}

impl std::error::Error for MomentsError {}

/// Bytes a position takes in the recursion under a measure.
pub fn bytes_per_position(measure: Measure) -> u128 {
    match measure {
        Measure::Path => std::mem::size_of::<Figures>() as u128,
        Measure::Games => std::mem::size_of::<Counted>() as u128,
    }
}

/// The memory the recursion on `n` needs for `measures` on `threads` threads: the largest
/// `threads + 1` neighbouring tiers (each thread writes one tier while reading the one below;
/// the lowest of them is freed when the tier above it is done).
pub fn moments_bytes(index: &TierIndex, measures: &[Measure], threads: usize) -> u128 {
    let n = index.n();
    let per_position: u128 = measures.iter().map(|&m| bytes_per_position(m)).sum();
    let window = threads as u32 + 1;
    let largest = (index.fewest_parts()..=n)
        .map(|p| (p..(p + window).min(n + 1)).map(|q| u128::from(index.count(q))).sum::<u128>())
        .max();
    largest.unwrap_or(0) * per_position
}

/// The threads the recursion on `n` runs on: as many as there are cores (at most 4), fewer
/// where their tiers would not fit in `memory_limit`; `None` when not even one fits.
pub fn moments_threads(index: &TierIndex, measures: &[Measure], memory_limit: u128) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get()).min(4);
    (1..=cores).rev().find(|&t| moments_bytes(index, measures, t) <= memory_limit)
}

/// The figures of the start of the game on `n` under `measure`; `progress(done, total)` now and
/// then, in positions. `cancel` is polled as the work goes.
pub fn start_moments(
    n: u32,
    measure: Measure,
    memory_limit: u128,
    cancel: &crate::Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<StartMoments, MomentsError> {
    let mut both = start_moments_of(n, &[measure], memory_limit, cancel, progress)?;
    Ok(both.remove(0))
}

/// The figures of the start of the game on `n` under each of `measures` (each at most once), in
/// one pass over the positions: the children are found once for all of them. The tiers are taken
/// by several threads in turn (see [`moments_threads`]).
pub fn start_moments_of(
    n: u32,
    measures: &[Measure],
    memory_limit: u128,
    cancel: &crate::Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<Vec<StartMoments>, MomentsError> {
    let resumable = Resumable { resume: None, save: &|_, _| {} };
    start_moments_resumable(n, measures, memory_limit, cancel, progress, resumable)
}

/// [`start_moments_of`] from a saved tier, saving as it goes (see [`Resumable`]).
pub fn start_moments_resumable(
    n: u32,
    measures: &[Measure],
    memory_limit: u128,
    cancel: &crate::Cancel,
    progress: impl FnMut(u64, u64),
    resumable: Resumable<'_>,
) -> Result<Vec<StartMoments>, MomentsError> {
    let index = TierIndex::new(n).ok_or(MomentsError::OutOfReach(n))?;
    let threads = moments_threads(&index, measures, memory_limit).ok_or_else(|| MomentsError::TooLarge {
        n,
        bytes: moments_bytes(&index, measures, 1),
        limit: memory_limit,
    })?;
    run(&index, measures, threads, cancel, progress, resumable)
}

/// A finished tier and the figures of its positions: what a run resumes from. Figures of a
/// measure not computed are empty.
#[derive(Clone, Debug, PartialEq)]
pub struct MomentsCheckpoint {
    pub n: u32,
    /// The tier's part count.
    pub parts: u32,
    pub path: Vec<Figures>,
    /// The games measure's figures with the count of complete games from each position.
    pub games: Vec<Counted>,
}

/// [`MomentsCheckpoint`] borrowed from a running recursion: what a save writes, read in place.
#[derive(Clone, Copy, Debug)]
pub struct MomentsCheckpointView<'a> {
    pub n: u32,
    pub parts: u32,
    pub path: &'a [Figures],
    pub games: &'a [Counted],
    /// Positions done with this tier and all below it.
    pub done: u64,
    pub total: u64,
}

impl MomentsCheckpointView<'_> {
    /// The measures whose figures it holds.
    pub fn measures(&self) -> Vec<Measure> {
        let mut measures = Vec::new();
        if !self.path.is_empty() {
            measures.push(Measure::Path);
        }
        if !self.games.is_empty() {
            measures.push(Measure::Games);
        }
        measures
    }
}

/// What a resumable run starts from and how it saves: `save(view, stopping)` is called by the
/// thread that finished a tier, after it (with `stopping` false; it may keep the view or not),
/// and once more with the highest finished tier when the run is cancelled (`stopping` true).
/// Calls may come from several threads, and in any order of tiers.
pub struct Resumable<'a> {
    pub resume: Option<MomentsCheckpoint>,
    pub save: &'a (dyn Fn(MomentsCheckpointView<'_>, bool) + Sync),
}

/// Which figures a run computes.
#[derive(Clone, Copy)]
struct Wanted {
    path: bool,
    games: bool,
}

/// One tier's figures while the recursion runs.
struct Tier {
    frontier: Frontier,
    path: Cells<Figures>,
    games: Cells<Counted>,
}

impl Tier {
    /// A tier of `len` positions, in the memory of a finished tier from `spare` where it holds
    /// one.
    fn new(len: u64, wanted: Wanted, spare: &Spare) -> Tier {
        let cells = |on: bool| if on { len as usize } else { 0 };
        let old = spare.lock().expect("not poisoned").take();
        let (path, games) = match old {
            Some((path, games)) => {
                (Cells::reuse(path, cells(wanted.path)), Cells::reuse(games, cells(wanted.games)))
            }
            None => (Cells::new(cells(wanted.path)), Cells::new(cells(wanted.games))),
        };
        Tier { frontier: Frontier::new(len), path, games }
    }

    /// Gives a finished tier's memory to `spare`, when no one else holds the tier.
    fn give_back(tier: std::sync::Arc<Tier>, spare: &Spare) {
        if let Some(tier) = std::sync::Arc::into_inner(tier) {
            *spare.lock().expect("not poisoned") = Some((tier.path.into_inner(), tier.games.into_inner()));
        }
    }

    /// A finished tier from a checkpoint.
    fn finished(saved: MomentsCheckpoint) -> Tier {
        Tier { frontier: Frontier::new(0), path: Cells::from(saved.path), games: Cells::from(saved.games) }
    }

    /// The tier's figures, read in place.
    ///
    /// # Safety
    /// The tier is finished: no thread writes it any more.
    unsafe fn view(&self, n: u32, parts: u32, done: u64, total: u64) -> MomentsCheckpointView<'_> {
        // SAFETY: the tier is finished, so no thread writes it while the view lives (this
        // function's contract).
        let (path, games) = unsafe { (self.path.as_slice(), self.games.as_slice()) };
        MomentsCheckpointView { n, parts, path, games, done, total }
    }
}

/// The memory of the last tier no thread reads any more, for the next tier to take.
type Spare = std::sync::Mutex<Option<(Box<[Figures]>, Box<[Counted]>)>>;

/// Checks that `saved` is a finished tier of this run.
fn check_checkpoint(
    index: &TierIndex,
    wanted: Wanted,
    saved: &MomentsCheckpoint,
) -> Result<(), MomentsError> {
    let n = index.n();
    let bad = |why: String| Err(MomentsError::Checkpoint(why));
    if saved.n != n {
        return bad(format!("it is of n = {}, not {n}", saved.n));
    }
    if !(index.fewest_parts()..n).contains(&saved.parts) {
        return bad(format!("n = {n} has no tier of {} parts below the start's", saved.parts));
    }
    let len = index.count(saved.parts) as usize;
    let holds = |on: bool, got: usize| if on { got == len } else { got == 0 };
    if !holds(wanted.path, saved.path.len()) || !holds(wanted.games, saved.games.len()) {
        return bad(format!(
            "its figures are not those of this run's measures over the {len} positions of {} parts",
            saved.parts
        ));
    }
    Ok(())
}

/// How many positions ahead of its figures a position's children are listed and their cells
/// asked for.
const LOOK_AHEAD: usize = 8;

/// Positions between two publications of a tier's frontier (and polls of the cancel token).
const PUBLISH_EVERY: u32 = 4096;

fn run(
    index: &TierIndex,
    measures: &[Measure],
    threads: usize,
    cancel: &crate::Cancel,
    mut progress: impl FnMut(u64, u64),
    resumable: Resumable<'_>,
) -> Result<Vec<StartMoments>, MomentsError> {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Arc, Condvar, Mutex};

    let n = index.n();
    let wanted =
        Wanted { path: measures.contains(&Measure::Path), games: measures.contains(&Measure::Games) };
    let total: u64 = (index.fewest_parts()..=n).map(|p| index.count(p)).sum();
    let done_below = |p: u32| -> u64 { (index.fewest_parts()..=p).map(|q| index.count(q)).sum() };
    // Tier p's figures, from when its thread starts it until the tier above is done.
    let slots: Vec<Mutex<Option<Arc<Tier>>>> = (0..=n + 1).map(|_| Mutex::new(None)).collect();
    let mut first = index.fewest_parts();
    let mut resumed_done = 0;
    if let Some(saved) = resumable.resume {
        check_checkpoint(index, wanted, &saved)?;
        first = saved.parts + 1;
        resumed_done = done_below(saved.parts);
        let parts = saved.parts as usize;
        *slots[parts].lock().expect("not poisoned") = Some(Arc::new(Tier::finished(saved)));
    }
    // The highest tier finished, for the save of a cancelled run.
    let highest_finished = std::sync::atomic::AtomicU32::new(first - 1);
    let started = Condvar::new();
    let (abort, done) = (AtomicBool::new(false), AtomicU64::new(resumed_done));
    let too_many_games = AtomicBool::new(false);
    let spare: Spare = Mutex::new(None);
    let save = resumable.save;
    let worker = |k: usize| -> Result<(), MomentsError> {
        for p in (first + k as u32..=n).step_by(threads) {
            let below = if p > index.fewest_parts() {
                let mut slot = slots[p as usize - 1].lock().expect("no thread panics holding a slot");
                loop {
                    if let Some(tier) = slot.as_ref() {
                        break Some(Arc::clone(tier));
                    }
                    if abort.load(Ordering::Relaxed) {
                        return Err(MomentsError::Cancelled);
                    }
                    slot = started
                        .wait_timeout(slot, std::time::Duration::from_millis(50))
                        .expect("not poisoned")
                        .0;
                }
            } else {
                None
            };
            let here = Arc::new(Tier::new(index.count(p), wanted, &spare));
            *slots[p as usize].lock().expect("not poisoned") = Some(Arc::clone(&here));
            started.notify_all();
            let stops = Stops { abort: &abort, cancel, too_many_games: &too_many_games };
            if !sweep_tier(index, p, below.as_deref(), &here, wanted, stops, &done) {
                abort.store(true, Ordering::Relaxed);
                return Err(MomentsError::Cancelled);
            }
            highest_finished.fetch_max(p, Ordering::AcqRel);
            if p < n {
                // SAFETY: this thread finished writing the tier.
                save(unsafe { here.view(n, p, done_below(p), total) }, false);
            }
            // Only this tier reads the one below.
            if let Some(below) = below {
                slots[p as usize - 1].lock().expect("not poisoned").take();
                Tier::give_back(below, &spare);
            }
        }
        Ok(())
    };
    let outcome: Result<(), MomentsError> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|k| scope.spawn(move || worker(k))).collect();
        while !workers.iter().all(|w| w.is_finished()) {
            progress(done.load(Ordering::Relaxed), total);
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        workers.into_iter().try_for_each(|w| w.join().expect("a moments thread does not panic"))
    });
    if outcome == Err(MomentsError::Cancelled) && !too_many_games.load(Ordering::Relaxed) {
        // The highest finished tier is still held: the tier above it did not finish.
        let p = highest_finished.load(Ordering::Acquire);
        if p >= index.fewest_parts() && p < n {
            if let Some(tier) = slots[p as usize].lock().expect("not poisoned").as_ref() {
                // SAFETY: every thread has ended.
                save(unsafe { tier.view(n, p, done_below(p), total) }, true);
            }
        }
    }
    if too_many_games.load(Ordering::Relaxed) {
        return Err(MomentsError::TooManyGames(n));
    }
    outcome?;
    progress(total, total);
    // The top tier holds one position, the start; every thread has ended.
    let top = slots[n as usize].lock().expect("not poisoned").take().expect("the start's tier is done");
    let start = Arc::into_inner(top).expect("no thread holds a tier any more");
    let path = wanted.path.then(|| LengthMoments::of(&start.path.into_inner()[0]));
    let games = wanted.games.then(|| start.games.into_inner()[0]);
    let count = games.map(|g| g.count().scaled());
    let games = games.map(|g| LengthMoments::of(&g.figures()));
    Ok(measures
        .iter()
        .map(|&measure| StartMoments {
            n,
            measure,
            moments: match measure {
                Measure::Path => path,
                Measure::Games => games,
            }
            .expect("computed"),
            games: if measure == Measure::Games { count } else { None },
            positions: total,
        })
        .collect())
}

/// What stops a tier's sweep: the caller's `cancel`, another thread's `abort`, or a count this
/// thread cannot store (which it flags in `too_many_games`).
#[derive(Clone, Copy)]
struct Stops<'a> {
    abort: &'a std::sync::atomic::AtomicBool,
    cancel: &'a crate::Cancel,
    too_many_games: &'a std::sync::atomic::AtomicBool,
}

/// Tier `p`'s figures from its own higher ranks and the tier below (`below`, which another
/// thread may still be writing). False when stopped (see [`Stops`]).
///
/// Each position's children are listed, and asked of the memory, [`LOOK_AHEAD`] positions before
/// its figures are computed: each child's stream steps down about one cache line a position, a
/// dozen streams over two tiers, more than the processor's prefetchers follow, and a run's first
/// positions have children far from the last run's.
fn sweep_tier(
    index: &TierIndex,
    p: u32,
    below: Option<&Tier>,
    here: &Tier,
    wanted: Wanted,
    stops: Stops<'_>,
    done: &std::sync::atomic::AtomicU64,
) -> bool {
    use std::sync::atomic::Ordering;
    let Stops { abort, cancel, too_many_games } = stops;
    let mut children = TierChildren::new(index);
    let (mut path_mixer, mut games_mixer) = (Mixer::new(), Mixer::new());
    let mut counts: Vec<Count> = Vec::with_capacity(2 * MAX_TOP);
    let mut seen = if below.is_some() { index.count(p - 1) } else { 0 };
    // A child's tier by its `down` flag, chosen by index, not by a branch (which the mix of
    // moves makes hard to predict). Where there is no tier below, no child is down.
    let tiers = [here, below.unwrap_or(here)];
    let tier = |down: bool| tiers[usize::from(down)];
    let mut since = 0u32;
    // The figures of the position of `rank` from its children's; false when stopped.
    let mut figure = |rank: usize, kids: &[(u64, bool)]| -> bool {
        if let Some(lowest) = kids.iter().filter(|k| k.1).map(|k| k.0).min() {
            let below = below.expect("a combine's child lies in the tier below");
            if !below.frontier.wait_for(lowest, &mut seen, abort) {
                return false;
            }
        }
        // SAFETY (every read and write below): this thread is `here`'s only writer and wrote its
        // higher ranks already; the tier below's ranks read are at or above its frontier.
        if kids.is_empty() {
            // The end: no move, length 0, and the player to move does not move last (the
            // default figures); one complete game.
            if wanted.games {
                let end = Counted::new(Figures::default(), Count::ONE).expect("one game fits");
                // SAFETY: as said above, this thread is `here`'s only writer.
                unsafe { here.games.write(rank, end) };
            }
            if wanted.path {
                // Written, not left: the tier's memory may be a finished tier's.
                // SAFETY: as said above, this thread is `here`'s only writer.
                unsafe { here.path.write(rank, Figures::default()) };
            }
        } else {
            // Each measure's children in its own mixer, the two mixtures taken side by side.
            let mut whole = None;
            if wanted.games {
                // The children's counts of games first (their sum makes the weights), then their
                // figures, read again from the cache (not copied whole in between).
                counts.clear();
                counts.extend(kids.iter().map(|&(r, down)| {
                    // SAFETY: as said above, a child is written (higher here, or past the frontier below).
                    unsafe { tier(down).games.read(r as usize) }.count()
                }));
                let sum = Count::sum(counts.iter().copied());
                let inverse = 1.0 / sum.mantissa;
                games_mixer.clear();
                for (&(r, down), &count) in kids.iter().zip(&counts) {
                    let (w, rw) = sum.share(count, inverse);
                    // SAFETY: as above.
                    games_mixer.push(w, rw, &unsafe { tier(down).games.read(r as usize) }.figures());
                }
                whole = Some(sum);
            }
            if wanted.path {
                // 1/k rounded, within half a unit in the last place of the exact weight.
                let w = 1.0 / kids.len() as f64;
                let rw = w * f64::EPSILON / 2.0;
                path_mixer.clear();
                for &(r, down) in kids {
                    // SAFETY: as said above, a child is written (higher here, or past the frontier below).
                    path_mixer.push(w, rw, &unsafe { tier(down).path.read(r as usize) });
                }
            }
            let (path, games) = match (wanted.path, wanted.games) {
                (true, true) => {
                    let [path, games] = Mixer::mix_all([&mut path_mixer, &mut games_mixer]);
                    (Some(path), Some(games))
                }
                (true, false) => (Some(path_mixer.mix()), None),
                (false, true) => (None, Some(games_mixer.mix())),
                (false, false) => (None, None),
            };
            if let (Some(games), Some(whole)) = (games, whole) {
                let Some(figures) = Counted::new(games, whole) else {
                    too_many_games.store(true, Ordering::Relaxed);
                    abort.store(true, Ordering::Relaxed);
                    return false;
                };
                // SAFETY: as said above, this thread is `here`'s only writer.
                unsafe { here.games.write(rank, figures) };
            }
            if let Some(path) = path {
                // SAFETY: as said above, this thread is `here`'s only writer.
                unsafe { here.path.write(rank, path) };
            }
        }
        since += 1;
        if since == PUBLISH_EVERY {
            here.frontier.publish(rank as u64);
            done.fetch_add(u64::from(since), Ordering::Relaxed);
            since = 0;
            return !(cancel.is_cancelled() || abort.load(Ordering::Relaxed));
        }
        true
    };
    // The positions listed and not yet computed, in order, and the lists free for the next.
    let mut listed: std::collections::VecDeque<(usize, Vec<(u64, bool)>)> =
        std::collections::VecDeque::with_capacity(LOOK_AHEAD + 1);
    let mut free: Vec<Vec<(u64, bool)>> = (0..=LOOK_AHEAD).map(|_| Vec::with_capacity(2 * MAX_TOP)).collect();
    let mut stopped = false;
    // Descending rank order: a split child sits at a higher rank of this tier, already
    // final; a combine child is in the tier below.
    index.for_each_descending(p, |parent, prefix| {
        if stopped {
            return;
        }
        let mut kids = free.pop().expect("one list more than the positions listed ahead");
        children.of(parent, prefix, &mut kids);
        for &(r, down) in &kids {
            if wanted.path {
                tier(down).path.prefetch(r);
            }
            if wanted.games {
                tier(down).games.prefetch(r);
            }
        }
        listed.push_back((prefix.same[1] as usize, kids));
        if listed.len() > LOOK_AHEAD {
            let (rank, kids) = listed.pop_front().expect("listed");
            stopped = !figure(rank, &kids);
            free.push(kids);
        }
    });
    while let Some((rank, kids)) = listed.pop_front() {
        if stopped || !figure(rank, &kids) {
            return false;
        }
    }
    if stopped {
        return false;
    }
    here.frontier.publish(0);
    done.fetch_add(u64::from(since), Ordering::Relaxed);
    true
}

#[cfg(test)]
mod tests {
    use super::super::{exact_moments, exact_odd, game_counts, path_law};
    use super::*;
    use num_rational::BigRational;
    use num_traits::{FromPrimitive, ToPrimitive};

    fn holds(i: Interval, v: &BigRational) -> bool {
        BigRational::from_f64(i.lo).unwrap() <= *v && *v <= BigRational::from_f64(i.hi).unwrap()
    }

    fn check(n: u32, measure: Measure, law: &[(u32, BigRational)]) {
        let got = start_moments(n, measure, 1 << 30, &crate::Cancel::new(), |_, _| {}).unwrap();
        let m = got.moments;
        let exact = exact_moments(law);
        for (name, i, v) in [
            ("mean", m.mean, &exact[0]),
            ("mu2", m.mu2, &exact[1]),
            ("mu3", m.mu3, &exact[2]),
            ("mu4", m.mu4, &exact[3]),
        ] {
            assert!(holds(i, v), "n = {n} {measure:?} {name}: {i:?} does not hold {}", v.to_f64().unwrap());
            // Tight: within 1e-7 of the value's size (or absolutely, near 0); the games measure's
            // third moment is the loosest, 2e-8 at n = 45.
            let scale = v.to_f64().unwrap().abs().max(1.0);
            assert!(i.hi - i.lo <= 1e-7 * scale, "n = {n} {measure:?} {name}: {i:?} is loose");
        }
        assert!(holds(m.mover_last, &exact_odd(law)), "n = {n} {measure:?}: last move");
    }

    #[test]
    fn the_bounds_hold_the_exact_moments_of_both_measures() {
        for n in 1..=26 {
            check(n, Measure::Path, &path_law(n).unwrap().law());
        }
        for n in 1..=45 {
            let counts = game_counts(n).unwrap();
            check(n, Measure::Games, &counts.law());
            let games = start_moments(n, Measure::Games, 1 << 30, &crate::Cancel::new(), |_, _| {})
                .unwrap()
                .games
                .unwrap();
            let total = BigRational::from_integer(counts.total().into());
            let power = BigRational::from_integer(num_bigint::BigInt::from(2u32).pow(games.exponent as u32));
            assert!(holds(games.mantissa, &(total / power)), "n = {n}: the number of games");
        }
    }

    fn no_saves() -> Resumable<'static> {
        Resumable { resume: None, save: &|_, _| {} }
    }

    /// The threads change nothing: every figure of both measures, computed together on one,
    /// two or three threads, equals the figure of each measure computed alone.
    #[test]
    fn threads_and_measures_together_change_no_figure() {
        let both = [Measure::Path, Measure::Games];
        for n in [1, 2, 5, 17, 40, 61] {
            let index = TierIndex::new(n).unwrap();
            let alone: Vec<_> = both
                .iter()
                .map(|&m| {
                    run(&index, &[m], 1, &crate::Cancel::new(), |_, _| {}, no_saves()).unwrap().remove(0)
                })
                .collect();
            for threads in 1..=3 {
                let together =
                    run(&index, &both, threads, &crate::Cancel::new(), |_, _| {}, no_saves()).unwrap();
                assert_eq!(together, alone, "n = {n}, {threads} threads");
            }
        }
    }

    impl MomentsCheckpointView<'_> {
        fn owned(&self) -> MomentsCheckpoint {
            MomentsCheckpoint {
                n: self.n,
                parts: self.parts,
                path: self.path.to_vec(),
                games: self.games.to_vec(),
            }
        }
    }

    /// A run resumed from any tier it saved ends with the figures of a run from the start; a
    /// checkpoint of another n, tier or set of measures is refused.
    #[test]
    fn a_resumed_run_ends_where_a_whole_run_does() {
        let both = [Measure::Path, Measure::Games];
        let n = 44;
        let index = TierIndex::new(n).unwrap();
        let saved = std::sync::Mutex::new(Vec::new());
        let keep = |view: MomentsCheckpointView<'_>, stopping: bool| {
            assert!(!stopping);
            assert_eq!(view.measures(), both);
            saved.lock().unwrap().push(view.owned());
        };
        let whole =
            run(&index, &both, 2, &crate::Cancel::new(), |_, _| {}, Resumable { resume: None, save: &keep })
                .unwrap();
        let saved = saved.into_inner().unwrap();
        assert_eq!(saved.len() as u32, n - index.fewest_parts(), "every tier below the start's");
        for checkpoint in saved.iter().step_by(5) {
            for threads in [1, 2] {
                let resumable = Resumable { resume: Some(checkpoint.clone()), save: &|_, _| {} };
                let resumed =
                    run(&index, &both, threads, &crate::Cancel::new(), |_, _| {}, resumable).unwrap();
                assert_eq!(resumed, whole, "from {} parts on {threads} threads", checkpoint.parts);
            }
        }
        let refuse = |c: MomentsCheckpoint, measures: &[Measure]| {
            let resumable = Resumable { resume: Some(c), save: &|_, _| {} };
            run(&index, measures, 1, &crate::Cancel::new(), |_, _| {}, resumable).unwrap_err()
        };
        let good = saved[3].clone();
        assert!(matches!(
            refuse(MomentsCheckpoint { n: 45, ..good.clone() }, &both),
            MomentsError::Checkpoint(_)
        ));
        assert!(matches!(
            refuse(MomentsCheckpoint { parts: n, ..good.clone() }, &both),
            MomentsError::Checkpoint(_)
        ));
        assert!(matches!(
            refuse(MomentsCheckpoint { parts: good.parts + 1, ..good.clone() }, &both),
            MomentsError::Checkpoint(_)
        ));
        let e = refuse(good, &[Measure::Path]);
        assert!(e.to_string().contains("measures"), "{e}");
    }

    /// A cancelled run saves its highest finished tier, and the run resumed from it ends as a
    /// whole run does.
    #[test]
    fn a_cancelled_run_saves_its_highest_finished_tier() {
        let index = TierIndex::new(120).unwrap();
        let cancel = crate::Cancel::new();
        let last = std::sync::Mutex::new(None);
        let tiers = std::sync::atomic::AtomicU32::new(0);
        let save = |view: MomentsCheckpointView<'_>, stopping: bool| {
            if stopping {
                *last.lock().unwrap() = Some(view.owned());
            } else if tiers.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 30 {
                cancel.cancel();
            }
        };
        let e = run(&index, &[Measure::Path], 2, &cancel, |_, _| {}, Resumable { resume: None, save: &save })
            .unwrap_err();
        assert_eq!(e, MomentsError::Cancelled);
        let checkpoint = last.into_inner().unwrap().expect("saved when stopping");
        assert!(checkpoint.parts >= index.fewest_parts() + 30, "{}", checkpoint.parts);
        let resumable = Resumable { resume: Some(checkpoint), save: &|_, _| {} };
        let resumed = run(&index, &[Measure::Path], 2, &crate::Cancel::new(), |_, _| {}, resumable).unwrap();
        let whole = run(&index, &[Measure::Path], 1, &crate::Cancel::new(), |_, _| {}, no_saves()).unwrap();
        assert_eq!(resumed, whole);
    }

    #[test]
    fn a_cancelled_run_stops_on_every_thread() {
        let cancel = crate::Cancel::new();
        cancel.cancel();
        let index = TierIndex::new(150).unwrap();
        let e = run(&index, &[Measure::Path, Measure::Games], 2, &cancel, |_, _| {}, no_saves()).unwrap_err();
        assert_eq!(e, MomentsError::Cancelled);
    }

    #[test]
    fn memory_beyond_the_limit_is_refused_before_work() {
        let e = start_moments(200, Measure::Path, 1 << 20, &crate::Cancel::new(), |_, _| {}).unwrap_err();
        assert!(matches!(e, MomentsError::TooLarge { n: 200, .. }), "{e}");
        assert_eq!(
            start_moments(0, Measure::Path, 1 << 30, &crate::Cancel::new(), |_, _| {}).unwrap_err(),
            MomentsError::OutOfReach(0)
        );
    }
}

#[cfg(test)]
mod sizing {
    use super::*;

    /// The recursion's memory at the largest n, for the help and the guides.
    #[test]
    #[ignore = "a measurement, by hand"]
    fn memory_by_hand() {
        for n in [500u32, 600] {
            let index = TierIndex::new(n).unwrap();
            for (measures, threads) in [
                (&[Measure::Path][..], 2),
                (&[Measure::Games], 2),
                (&[Measure::Games], 1),
                (&[Measure::Path, Measure::Games], 2),
            ] {
                let bytes = moments_bytes(&index, measures, threads);
                println!(
                    "n {n} {measures:?} on {threads}: {:.2} GB ({:.2} GiB)",
                    bytes as f64 / 1e9,
                    bytes as f64 / (1u64 << 30) as f64
                );
            }
        }
    }
}
