//! The Zeckendorf game solved tier by tier: tier `p` holds the positions with exactly `p` parts.
//!
//! **Why tiers.** A combine (`F1 ∧ F1`, `F(i-1) ∧ F(i)`) turns two parts into one, and a split
//! (`F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)`, `F2 ∧ F2 -> F1 ∧ F3`) turns two parts into two. So every
//! child of a position in tier `p` lies in tier `p - 1` or `p`, and a solve needs only two tiers
//! in memory at once: play goes from the most parts (the start, `n` ones) to the fewest (the
//! Zeckendorf representation), so the solve goes the other way, from the fewest parts up.
//!
//! **The order inside a tier.** [`TierIndex`] ranks a tier in the flat ranking's order (count
//! vectors compared from the top index down). Every move raises a count at an index above every
//! count it lowers (a split `F(i) ∧ F(i)` raises `c_(i+1)` and lowers `c_i`, `c_(i-2)` is raised
//! too but lies below `i + 1`), so a split child has a higher rank in the same tier. Solving each
//! tier from its highest rank down therefore finds every split child solved, and every combine
//! child is in the tier below, solved before. Every position is visited once, after all of its
//! children: the values are those of the flat solve (a test holds them equal, position by
//! position, for every n <= 60, and the P-position counts for more).
//!
//! **Fast.** Inside a tier the positions fall into runs of consecutive ranks whose children all
//! sit at constant rank offsets (`runs.rs` gives the argument); outcomes are found 64 positions
//! at a time with word operations, remoteness position by position, and blocks of runs go to the
//! threads as they come free; the outcome sweep begins the next tier on threads that would
//! otherwise wait (so it holds the outcome bits of a third tier, where they fit the memory
//! limit). The plain rank-order sweep (`sweep.rs`), which ranks every child from its
//! counts, stays as the reference both passes are tested against.
//!
//! **Shared.** Several processes can share each tier ([`TieredSolver::solve_next_shared`]): they
//! split it into blocks of consecutive ranks, solve them in waves and exchange the bits after
//! each wave (`shares.rs` gives the order and what crosses between them).
//!
//! **Resuming.** After each tier the solver's whole state is that tier's values and the
//! per-tier figures so far ([`TierState`]); a caller may save it and later [`TieredSolver::resume`]
//! from it. The solver does no I/O itself.

mod runs;
mod shares;
mod sweep;

pub(crate) use runs::{resolve_short_run, resolve_word, Isa};
pub use shares::{Exchange, ShareFigures};
pub use zecklab_games::zgame::{Prefix, TierIndex};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use zecklab_games::zgame::MAX_TOP;
use zecklab_games::zgame::{SolveError, TierCount};
use zecklab_games::Outcome;

/// The values of one tier: outcome bits, and remoteness when computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierValues {
    /// The number of parts.
    pub parts: u32,
    /// Bit `r` of word `r / 64`: whether rank `r` is a win for the player to move.
    pub wins: Vec<u64>,
    /// Remoteness of each rank, when computed.
    pub remoteness: Option<Vec<u16>>,
}

impl TierValues {
    /// Whether rank `r` is a win for the player to move.
    #[inline]
    pub fn is_win(&self, r: u64) -> bool {
        self.wins[(r / 64) as usize] >> (r % 64) & 1 == 1
    }

    /// The remoteness of rank `r`, when computed.
    #[inline]
    pub fn remoteness_of(&self, r: u64) -> Option<u32> {
        self.remoteness.as_ref().map(|t| u32::from(t[r as usize]))
    }
}

/// Everything a tiered solve needs to go on after a finished tier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierState {
    /// The game.
    pub n: u32,
    /// The values of the last finished tier.
    pub last: TierValues,
    /// The figures of every finished tier, fewest parts first.
    pub finished: Vec<TierCount>,
}

/// [`TierState`] borrowed from a solver: what a checkpoint writes, read in place.
#[derive(Clone, Copy, Debug)]
pub struct TierStateView<'a> {
    /// The game.
    pub n: u32,
    /// The number of parts of the last finished tier.
    pub parts: u32,
    wins: &'a [std::sync::atomic::AtomicU64],
    /// Remoteness of each rank of the last finished tier, when computed.
    pub remoteness: Option<&'a [u16]>,
    /// The figures of every finished tier, fewest parts first.
    pub finished: &'a [TierCount],
}

impl TierStateView<'_> {
    /// The outcome words of the last finished tier (bit `r % 64` of word `r / 64`: a win).
    pub fn wins(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.wins.iter().map(|w| w.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// The result of a tiered solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieredSolution {
    /// The game.
    pub n: u32,
    /// All positions.
    pub positions: u64,
    /// All P-positions.
    pub p_positions: u64,
    /// The outcome of the start for the player to move (Player 1).
    pub start: Outcome,
    /// The remoteness of the start, when computed.
    pub start_remoteness: Option<u32>,
    /// Positions and P-positions by number of parts, most parts first (as [`super::Solution::tiers`]).
    pub tiers: Vec<TierCount>,
}

/// How a tier is swept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TierSweep {
    /// Runs on all threads: outcomes by word operations, 64 positions at a time, or, when
    /// remoteness is kept, remoteness move by move over each run (the outcomes follow from its
    /// parity). What [`TieredSolver::solve_next`] uses.
    Fast,
    /// Runs on all threads, position by position (what the fast pass is tested against).
    Scalar,
    /// One thread, every child ranked from its counts, in decreasing rank order: the reference.
    RankOrder,
}

/// Which machinery solves the tiers: each gives the same values, so solving a game with two of
/// them is an independent confirmation of the result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TierEngine {
    /// The word pass on the best instruction set this machine has, the next tier begun ahead
    /// on several threads.
    #[default]
    Fast,
    /// The word pass compiled for baseline x86-64 (no AVX2, BMI or AVX-512), no tier ahead.
    Portable,
    /// Position by position (no word operations), no tier ahead.
    Scalar,
}

/// A tiered solve under way.
#[derive(Debug)]
pub struct TieredSolver {
    index: TierIndex,
    with_remoteness: bool,
    /// The last finished tier (`None` before the first).
    last: Option<sweep::Finished>,
    /// Whether this process holds all of the last finished tier (a shared solve may keep part).
    last_whole: bool,
    /// The plan of the next tier, made while solving the last one: (tier, processes, plan).
    next_plan: Option<(u32, usize, Option<shares::Plan>)>,
    /// Whether the outcome sweep on several threads begins each next tier ahead (outcomes only,
    /// where the outcome bits of a third tier fit the memory limit too).
    look_ahead: bool,
    /// The next tier, begun while the last one was solved.
    ahead: Option<Ahead>,
    /// The plan of the tier after it (`None` within: too small to plan), made meanwhile.
    planned: Option<(u32, Option<shares::Plan>)>,
    finished: Vec<TierCount>,
    /// Blocks with fewer positions are swept on one thread (tests lower it to split every block).
    split_from: u64,
    /// The instruction set of the fast sweep (tests take each one there is).
    isa: runs::Isa,
    /// The sweep [`TieredSolver::solve_next`] takes.
    sweep: TierSweep,
    /// Checked before each tier.
    cancel: zecklab_games::Cancel,
    /// Misère play (see `with_misere`).
    misere: bool,
    /// Test aid: the fast sweep ranks every child from scratch and compares.
    #[cfg(test)]
    check_offsets: bool,
}

/// A tier begun ahead: the blocks of its plan solved while the tier below was still being solved.
#[derive(Debug)]
struct Ahead {
    parts: u32,
    current: sweep::Current,
    plan: shares::Plan,
    solved: Vec<bool>,
    /// Its positions solved, and wins among them.
    done: u64,
    wins: u64,
}

/// Bytes a tiered solve of `n` needs at most: the index table and the two largest adjacent tiers.
/// (The outcome sweep on several threads also begins the next tier ahead, one tier's outcome bits
/// more, where those fit the memory limit too; without them it keeps two tiers.)
pub fn tiered_bytes(index: &TierIndex, with_remoteness: bool) -> u128 {
    let per_position =
        |size: u64| u128::from(size.div_ceil(64) * 8 + if with_remoteness { 2 * size } else { 0 });
    let pairs = (1..=index.n())
        .map(|p| per_position(index.count(p)) + per_position(index.count(p.saturating_sub(1))));
    pairs.max().unwrap_or(0) + (index.top() as u128 + 1) * (u128::from(index.n()) + 1).pow(2) * 8
}

impl TieredSolver {
    /// A solver for the game on `n`, with remoteness or not.
    ///
    /// # Errors
    /// [`SolveError::ZeroN`] for `n = 0`; [`SolveError::TooManyPositions`] when a tier cannot be
    /// counted in 64 bits; [`SolveError::TooLarge`] when two tiers exceed `memory_limit`.
    pub fn new(n: u32, with_remoteness: bool, memory_limit: u128) -> Result<TieredSolver, SolveError> {
        if n == 0 {
            return Err(SolveError::ZeroN);
        }
        let index = TierIndex::new(n).ok_or(SolveError::TooManyPositions { n })?;
        TieredSolver::from_index(index, with_remoteness, memory_limit)
    }

    /// [`TieredSolver::new`] with the tiers' index already built (it takes a while for large n).
    ///
    /// # Errors
    /// As [`TieredSolver::new`].
    pub fn from_index(
        index: TierIndex,
        with_remoteness: bool,
        memory_limit: u128,
    ) -> Result<TieredSolver, SolveError> {
        let n = index.n();
        if index.top() + 2 > MAX_TOP {
            return Err(SolveError::TooManyPositions { n });
        }
        let bytes = tiered_bytes(&index, with_remoteness);
        let largest = (1..=n).map(|p| u128::from(index.count(p).div_ceil(64) * 8)).max().unwrap_or(0);
        let look_ahead = !with_remoteness && bytes + largest <= memory_limit;
        if bytes > memory_limit {
            let positions = (1..=n).map(|p| index.count(p)).fold(0u64, u64::saturating_add);
            return Err(SolveError::TooLarge { n, positions, bytes, limit: memory_limit });
        }
        Ok(TieredSolver {
            index,
            with_remoteness,
            last: None,
            last_whole: true,
            next_plan: None,
            look_ahead,
            ahead: None,
            planned: None,
            finished: Vec::new(),
            split_from: runs::SPLIT_FROM,
            isa: runs::Isa::detect(),
            sweep: TierSweep::Fast,
            cancel: zecklab_games::Cancel::new(),
            misere: false,
            #[cfg(test)]
            check_offsets: false,
        })
    }

    /// This solver, stopping at the next tier once `cancel` is cancelled
    /// ([`SolveError::Cancelled`]).
    #[must_use]
    pub fn with_cancel(mut self, cancel: zecklab_games::Cancel) -> TieredSolver {
        self.cancel = cancel;
        self
    }

    /// This solver in misère play (whoever makes the last move loses): the end is a win at
    /// remoteness 0. The fast and scalar passes read outcomes from normal play's remoteness
    /// parities, so misère tiers are solved by the reference sweep, in decreasing rank order on
    /// one thread, with two tiers in memory; a misère solve keeps no state to save or resume.
    #[must_use]
    pub fn with_misere(mut self, misere: bool) -> TieredSolver {
        self.misere = misere;
        if misere {
            self.sweep = TierSweep::RankOrder;
            self.look_ahead = false;
        }
        self
    }

    /// Whether this solver plays misère.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// This solver with another engine (they give the same values; a record is confirmed by
    /// solving it again with another).
    #[must_use]
    pub fn with_engine(mut self, engine: TierEngine) -> TieredSolver {
        match engine {
            TierEngine::Fast => {}
            TierEngine::Portable => {
                self.isa = runs::Isa::Baseline;
                self.look_ahead = false;
            }
            TierEngine::Scalar => {
                self.sweep = TierSweep::Scalar;
                self.look_ahead = false;
            }
        }
        self
    }

    /// A solver that goes on from a saved state.
    ///
    /// # Errors
    /// As [`TieredSolver::new`], and [`SolveError::BadState`] when the state does not belong to
    /// the game on `n` with these tables (its n, tier size or remoteness differ).
    pub fn resume(
        n: u32,
        with_remoteness: bool,
        memory_limit: u128,
        state: TierState,
    ) -> Result<TieredSolver, SolveError> {
        TieredSolver::new(n, with_remoteness, memory_limit)?.resumed(state)
    }

    /// This fresh solver, gone on from a saved state.
    ///
    /// # Errors
    /// [`SolveError::BadState`] when the state does not belong to this solver's game and tables.
    pub fn resumed(mut self, state: TierState) -> Result<TieredSolver, SolveError> {
        let (n, with_remoteness) = (self.n(), self.with_remoteness);
        if self.misere {
            // Saved states are of normal play (see `with_misere`).
            return Err(SolveError::BadState { n: state.n });
        }
        let size = self.index.count(state.last.parts);
        let fits = state.n == n
            && state.last.wins.len() as u64 == size.div_ceil(64)
            && state.last.remoteness.as_ref().map(|r| r.len() as u64) == with_remoteness.then_some(size)
            && state.finished.last().map(|t| t.parts) == Some(state.last.parts);
        if !fits {
            return Err(SolveError::BadState { n: state.n });
        }
        self.last = Some(sweep::Finished::from_values(state.last));
        self.last_whole = true;
        self.finished = state.finished;
        Ok(self)
    }

    /// The game.
    pub fn n(&self) -> u32 {
        self.index.n()
    }

    /// The index of the tiers.
    pub fn index(&self) -> &TierIndex {
        &self.index
    }

    /// The tier the next call of [`TieredSolver::solve_next`] solves, or `None` when all are done.
    pub fn next_tier(&self) -> Option<u32> {
        let next = self.last.as_ref().map_or(self.index.fewest_parts(), |t| t.parts + 1);
        (next <= self.index.n()).then_some(next)
    }

    /// The state after the last finished tier, for saving (`None` before the first, on a
    /// process that keeps only part of it after a shared solve, and in misère play).
    pub fn state(&self) -> Option<TierState> {
        self.last.as_ref().filter(|_| self.last_whole && !self.misere).map(|last| TierState {
            n: self.n(),
            last: last.values(),
            finished: self.finished.clone(),
        })
    }

    /// The state after the last finished tier, borrowed (for saving without a copy of the tier:
    /// at n = 1000 a tier with remoteness is some 10 GB); `None` as for [`TieredSolver::state`].
    pub fn state_view(&self) -> Option<TierStateView<'_>> {
        self.last.as_ref().filter(|_| self.last_whole && !self.misere).map(|last| TierStateView {
            n: self.n(),
            parts: last.parts,
            wins: &last.wins,
            remoteness: last.remoteness.as_deref(),
            finished: &self.finished,
        })
    }

    /// A copy of the last finished tier's values (after a shared solve, only the words this
    /// process keeps: see [`TieredSolver::solve_next_shared`]).
    pub fn last(&self) -> Option<TierValues> {
        self.last.as_ref().map(sweep::Finished::values)
    }

    /// Solves the next tier in parallel waves (`progress(done, total)` counts its positions)
    /// and returns its figures.
    ///
    /// # Errors
    /// [`SolveError::RemotenessOverflow`] if a remoteness exceeds 32,765, what the fast sweep's
    /// 16-bit signed lanes hold (it is at most Theorem 1.3's bound, about `3n`, so this cannot
    /// happen below n = 10,000).
    ///
    /// # Panics
    /// When every tier is solved.
    pub fn solve_next(&mut self, progress: impl Fn(u64, u64) + Sync) -> Result<TierCount, SolveError> {
        self.solve_next_by(self.sweep, progress)
    }

    /// [`TieredSolver::solve_next`] by the chosen sweep (they give the same values; tests and
    /// `verify` hold them equal).
    ///
    /// # Errors
    /// As [`TieredSolver::solve_next`].
    ///
    /// # Panics
    /// When every tier is solved.
    pub fn solve_next_by(
        &mut self,
        how: TierSweep,
        progress: impl Fn(u64, u64) + Sync,
    ) -> Result<TierCount, SolveError> {
        self.solve_next_looking_ahead(how, self.look_ahead, progress)
    }

    /// [`TieredSolver::solve_next_by`], beginning the tier after it ahead if `look_ahead` (and
    /// the sweep is the fast one on several threads, and both tiers are large enough to plan).
    fn solve_next_looking_ahead(
        &mut self,
        how: TierSweep,
        look_ahead: bool,
        progress: impl Fn(u64, u64) + Sync,
    ) -> Result<TierCount, SolveError> {
        let p = self.next_tier().expect("a tier is left to solve");
        if self.cancel.is_cancelled() {
            return Err(SolveError::Cancelled);
        }
        let threads = rayon::current_num_threads();
        if how == TierSweep::Fast && look_ahead && threads > 1 && self.index.top() >= 4 {
            if let Some(figures) = self.solve_ahead(p, threads, &progress) {
                return Ok(figures);
            }
        }
        // Another sweep solves the tier whole.
        self.ahead = None;
        let size = self.index.count(p);
        let current = sweep::Current::new(size, self.with_remoteness);
        let below = self.below(p);
        // Runs need indices 1..=4 in the table; the few games with a smaller top take the reference.
        let how = if self.index.top() < 4 || self.misere { TierSweep::RankOrder } else { how };
        let (done, overflow, wins) = if how == TierSweep::RankOrder {
            let sweep = sweep::Sweep {
                index: &self.index,
                below,
                current: &current,
                overflow: AtomicBool::new(false),
                done: AtomicU64::new(0),
                misere: self.misere,
            };
            sweep.run_in_rank_order(p);
            (sweep.done.into_inner(), sweep.overflow.into_inner(), None)
        } else {
            let pass = if how == TierSweep::Fast { runs::Pass::Words } else { runs::Pass::Scalar };
            let runs = self.runs(p, &current, pass);
            let wins = runs.run(p, &|done| progress(done, size));
            (runs.done.into_inner(), runs.overflow.into_inner(), wins)
        };
        debug_assert_eq!(done, size);
        if overflow {
            return Err(SolveError::RemotenessOverflow { n: self.n() });
        }
        self.last_whole = true;
        Ok(self.finish_tier(p, current, wins))
    }

    /// Solves tier `p` on `threads` threads by its plan, starting from the blocks begun ahead
    /// (if any), and begins tier `p + 1` ahead meanwhile: its blocks whose children are solved
    /// go to threads that find none of tier `p` ready. `None` when tier `p` is too small to plan
    /// and was not begun ahead (then solved as by [`TieredSolver::solve_next`]).
    fn solve_ahead(
        &mut self,
        p: u32,
        threads: usize,
        progress: &(impl Fn(u64, u64) + Sync),
    ) -> Option<TierCount> {
        let size = self.index.count(p);
        let (taken, planned) = (self.ahead.take(), self.planned.take());
        let plan_of = |p: u32| {
            let nothing = sweep::Current::new(0, false);
            self.runs(p, &nothing, runs::Pass::Words).plan_with(p, threads, runs::BLOCKS_PER_THREAD_AHEAD)
        };
        let begun = match taken {
            Some(ahead) if ahead.parts == p => ahead,
            _ => {
                let plan = plan_of(p)?;
                let solved = vec![false; plan.block_count()];
                Ahead { parts: p, current: sweep::Current::new(size, false), plan, solved, done: 0, wins: 0 }
            }
        };
        let next = match planned {
            Some((tier, plan)) if tier == p + 1 => plan,
            _ => (p < self.n()).then(|| plan_of(p + 1)).flatten(),
        };
        // The plan of tier p + 2, made by one thread while the other starts on the blocks.
        let later = std::sync::Mutex::new(None);
        let plan_later = || {
            if p + 2 <= self.n() {
                *later.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
                    Some((p + 2, plan_of(p + 2)));
            }
        };
        let next_current = sweep::Current::new(next.as_ref().map_or(0, |_| self.index.count(p + 1)), false);
        let (swept, next_done) = {
            let runs = self.runs(p, &begun.current, runs::Pass::Words);
            runs.done.store(begun.done, Relaxed);
            let ahead = self.runs_over(Some(begun.current.as_below()), &next_current, runs::Pass::Words);
            let swept = runs.run_on_threads(
                p,
                (&begun.plan, &begun.solved),
                next.as_ref().map(|plan| (&ahead, plan)),
                Some(&plan_later),
                &|done| progress(done, size),
            );
            debug_assert_eq!(runs.done.into_inner(), size);
            (swept, ahead.done.into_inner())
        };
        self.planned = later.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.ahead = next.map(|plan| Ahead {
            parts: p + 1,
            current: next_current,
            plan,
            solved: swept.ahead_solved,
            done: next_done,
            wins: swept.ahead_wins,
        });
        self.last_whole = true;
        Some(self.finish_tier(p, begun.current, Some(begun.wins + swept.wins)))
    }

    /// Records tier `p`, now solved in `current`, as the last finished one, and gives its
    /// figures; `wins` counts its wins when `current` does not hold them all.
    fn finish_tier(&mut self, p: u32, current: sweep::Current, wins: Option<u64>) -> TierCount {
        let size = self.index.count(p);
        let current = current.into_finished(p);
        let wins = wins
            .unwrap_or_else(|| current.wins.iter().map(|w| u64::from(w.load(Relaxed).count_ones())).sum());
        let figures = TierCount { parts: p, positions: size, p_positions: size - wins };
        self.finished.push(figures);
        self.last = Some(current);
        figures
    }

    /// What the solve of tier `p` reads of the tier below (`None` for the first tier).
    fn below(&self, p: u32) -> Option<sweep::Below<'_>> {
        self.last.as_ref().filter(|t| t.parts + 1 == p).map(sweep::Finished::as_below)
    }

    /// The fast sweep of tier `p` by `pass`, writing into `current`.
    fn runs<'a>(&'a self, p: u32, current: &'a sweep::Current, pass: runs::Pass) -> runs::Runs<'a> {
        self.runs_over(self.below(p), current, pass)
    }

    /// The fast sweep of a tier by `pass`, reading `below` and writing into `current`.
    fn runs_over<'a>(
        &'a self,
        below: Option<sweep::Below<'a>>,
        current: &'a sweep::Current,
        pass: runs::Pass,
    ) -> runs::Runs<'a> {
        runs::Runs {
            index: &self.index,
            below,
            current,
            overflow: AtomicBool::new(false),
            done: AtomicU64::new(0),
            split_from: self.split_from,
            pass,
            isa: self.isa,
            #[cfg(test)]
            check_offsets: self.check_offsets,
        }
    }

    /// The plan of tier `p` for `processes` processes, or `None` when it is not shared (see
    /// [`runs::Runs::plan`]); planning reads only the index, so it sweeps into no tier.
    fn plan(&self, p: u32, processes: usize) -> Option<shares::Plan> {
        if self.index.top() < 4 {
            return None;
        }
        let nothing = sweep::Current::new(0, false);
        self.runs(p, &nothing, runs::Pass::Words).plan(p, processes)
    }

    /// Solves the next tier together with the other processes of `exchange`, each its share
    /// (see the module header), and returns its figures. Every process must call it for the same
    /// tier of the same game, with the same `whole`. Outcomes only. `progress(done, total)`
    /// counts the positions this process has solved or taken in.
    ///
    /// Afterwards each process keeps only what it needs of the tier: the words its share read
    /// or wrote and those its share of the next tier will read; the rest of [`TieredSolver::last`]
    /// stays zero, and no memory backs it. Process `whole`, if any, keeps every tier whole (to
    /// save checkpoints: [`TieredSolver::state`] is `None` elsewhere after a shared tier), and
    /// every process keeps the whole of a tier the next of which is solved whole (too small to
    /// share) and of the last tier.
    ///
    /// # Panics
    /// When every tier is solved, or when the solver keeps remoteness.
    pub fn solve_next_shared(
        &mut self,
        exchange: &mut dyn Exchange,
        whole: Option<usize>,
        progress: impl Fn(u64, u64) + Sync,
    ) -> TierCount {
        assert!(!self.with_remoteness, "a shared solve keeps outcomes only");
        assert!(!self.misere, "a shared solve is of normal play (see `with_misere`)");
        let p = self.next_tier().expect("a tier is left to solve");
        let processes = exchange.processes();
        // One process alone has nothing to share, and a tier too small to share is solved whole
        // by every process: both as [`TieredSolver::solve_next`] does.
        let plan = match self.next_plan.take() {
            Some((tier, shared_by, plan)) if (tier, shared_by) == (p, processes) => plan,
            _ => (processes > 1).then(|| self.plan(p, processes)).flatten(),
        };
        // A tier begun ahead is solved afresh (a shared solve looks no tier ahead).
        self.ahead = None;
        let Some(plan) = plan else {
            return self
                .solve_next_looking_ahead(TierSweep::Fast, false, progress)
                .expect("no remoteness to overflow");
        };
        let next = (p < self.n()).then(|| self.plan(p + 1, processes)).flatten();
        let size = self.index.count(p);
        let current = sweep::Current::new(size, false);
        let me = exchange.me();
        let (kept, wins) = {
            let runs = self.runs(p, &current, runs::Pass::Words);
            let mine = runs.kept_spans((&plan, p, next.as_ref()), processes, whole, Some(me)).swap_remove(me);
            let kept = shares::share_kept(exchange, &mine);
            let wins = runs.run_shared(p, &plan, &kept, exchange, &|done| progress(done, size));
            (kept, wins)
        };
        self.next_plan = Some((p + 1, processes, next));
        self.last_whole = kept[me] == [(0, size.div_ceil(64))];
        self.finish_tier(p, current, Some(wins))
    }

    /// The figures of tier `p`'s plan for `processes` processes (`None` when the tier is too
    /// small to share, and every process solves it whole): the inputs of a scaling model.
    pub fn share_figures(&self, p: u32, processes: usize) -> Option<ShareFigures> {
        if processes == 0 {
            return None;
        }
        // A process of a job plans each tier once, and finds what every process keeps of it.
        let start = std::time::Instant::now();
        let plan = self.plan(p, processes)?;
        let mut planning = start.elapsed();
        let nothing = sweep::Current::new(0, false);
        let runs = self.runs(p, &nothing, runs::Pass::Words);
        let next = (p < self.n()).then(|| self.plan(p + 1, processes)).flatten();
        let start = std::time::Instant::now();
        let kept = runs.kept_spans((&plan, p, next.as_ref()), processes, None, None);
        // Each process of a job finds its own share of these.
        planning += start.elapsed() / processes as u32;
        let whole_below = vec![vec![(0, self.index.count(p - 1).div_ceil(64))]; processes];
        let kept_below = match self.plan(p - 1, processes) {
            Some(below) => runs.kept_spans((&below, p - 1, Some(&plan)), processes, None, None),
            None => whole_below,
        };
        let held_words = kept
            .iter()
            .zip(&kept_below)
            .map(|(here, below)| shares::span_words(here) + shares::span_words(below))
            .max()
            .unwrap_or(0);
        Some(ShareFigures { planning, held_bytes: held_words * 8, ..plan.figures(processes, &kept) })
    }

    /// Solves every tier left, then gives the figures.
    ///
    /// # Errors
    /// As [`TieredSolver::solve_next`].
    pub fn run(mut self, progress: impl Fn(u32, u64, u64) + Sync) -> Result<TieredSolution, SolveError> {
        while let Some(p) = self.next_tier() {
            self.solve_next(|done, total| progress(p, done, total))?;
        }
        Ok(self.finish())
    }

    /// The figures of a finished solve.
    ///
    /// # Panics
    /// When tiers are left to solve.
    pub fn finish(self) -> TieredSolution {
        assert!(self.next_tier().is_none(), "every tier solved");
        let start = self.last.expect("the start's tier");
        debug_assert_eq!(start.parts, self.index.n());
        TieredSolution {
            n: self.index.n(),
            positions: self.finished.iter().map(|t| t.positions).sum(),
            p_positions: self.finished.iter().map(|t| t.p_positions).sum(),
            start: Outcome::win_if(start.as_below().is_win(0)),
            start_remoteness: start.as_below().remoteness_of(0),
            tiers: self.finished.iter().rev().copied().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_sweep_says_so() {
        let cancelled = zecklab_games::Cancel::new();
        cancelled.cancel();
        let mut tiers = TieredSolver::new(60, false, 1 << 30).unwrap().with_cancel(cancelled);
        assert!(matches!(tiers.solve_next(|_, _| {}), Err(SolveError::Cancelled)));
        let mut tiers = TieredSolver::new(60, false, 1 << 30).unwrap();
        assert!(tiers.solve_next(|_, _| {}).is_ok(), "not cancelled, the same call solves");
    }
    use zecklab_games::zgame::{solve, PositionIndex};

    #[test]
    fn misere_tiers_equal_the_flat_misere_sweep_position_by_position() {
        use zecklab_games::zgame::{solve_with, SolveOptions};
        for n in 1..=50 {
            for with_remoteness in [true, false] {
                let options = SolveOptions { misere: true, ..SolveOptions::new(with_remoteness, 1 << 30) };
                let flat = solve_with(n, &options, |_, _| {}).unwrap();
                let mut solver = TieredSolver::new(n, with_remoteness, 1 << 30).unwrap().with_misere(true);
                let findex = PositionIndex::new(n).unwrap();
                while let Some(p) = solver.next_tier() {
                    solver.solve_next(|_, _| {}).unwrap();
                    assert!(solver.state().is_none(), "a misère solve keeps no state to save");
                    let tier = solver.last().unwrap();
                    let mut counts = vec![0u32; findex.top()];
                    for r in 0..findex.count() {
                        findex.unrank_into(r, &mut counts);
                        if counts.iter().sum::<u32>() == p {
                            let t = solver.index().rank(&counts);
                            assert_eq!(tier.is_win(t), flat.outcome(r).is_win(), "n = {n} {counts:?}");
                            if with_remoteness {
                                assert_eq!(tier.remoteness_of(t), flat.remoteness(r), "n = {n} {counts:?}");
                            }
                        }
                    }
                }
                let tiered = solver.finish();
                assert_eq!(
                    (tiered.p_positions, tiered.start),
                    (flat.p_positions(), flat.outcome(0)),
                    "n = {n}"
                );
                assert_eq!(tiered.tiers, flat.tiers(), "n = {n}");
            }
        }
    }

    #[test]
    fn tiered_values_equal_flat_values_position_by_position() {
        for n in 1..=60 {
            let flat = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let mut solver = TieredSolver::new(n, true, 1 << 30).unwrap();
            let findex = PositionIndex::new(n).unwrap();
            while let Some(p) = solver.next_tier() {
                solver.solve_next(|_, _| {}).unwrap();
                let tier = solver.last().unwrap();
                let mut counts = vec![0u32; findex.top()];
                findex.unrank_into(0, &mut counts);
                let mut r = 0;
                loop {
                    if counts.iter().sum::<u32>() == p {
                        let t = solver.index().rank(&counts);
                        assert_eq!(tier.is_win(t), flat.outcome(r).is_win(), "n = {n} {counts:?}");
                        assert_eq!(tier.remoteness_of(t), flat.remoteness(r), "n = {n} {counts:?}");
                    }
                    r += 1;
                    if !findex.next_counts(&mut counts) {
                        break;
                    }
                }
            }
            let tiered = solver.finish();
            assert_eq!(tiered.p_positions, flat.p_positions(), "n = {n}");
            assert_eq!(tiered.positions, flat.index().count());
            assert_eq!(tiered.start, flat.outcome(flat.start_rank()));
            assert_eq!(tiered.start_remoteness, flat.remoteness(flat.start_rank()));
            assert_eq!(tiered.tiers, flat.tiers(), "n = {n}");
        }
    }

    #[test]
    fn runs_equal_the_rank_order_on_every_position() {
        // One thread solves a tier block by block in rank order; several take the blocks of its
        // plan as they come free.
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| the_runs_equal_the_rank_order((1..=90).chain([140, 181])));
        }
    }

    fn the_runs_equal_the_rank_order(games: impl Iterator<Item = u32>) {
        for n in games {
            for with_remoteness in [true, false] {
                let mut reference = TieredSolver::new(n, with_remoteness, 1 << 32).unwrap();
                // The fast sweep with each instruction set this processor has.
                let sweeps = runs::Isa::available()
                    .into_iter()
                    .map(|isa| (TierSweep::Fast, isa))
                    .chain([(TierSweep::Scalar, runs::Isa::Baseline)]);
                let mut solvers: Vec<_> = sweeps
                    .map(|(how, isa)| {
                        let mut solver = TieredSolver::new(n, with_remoteness, 1 << 32).unwrap();
                        // Split every block down to single runs, so small games exercise the waves.
                        solver.split_from = 1;
                        solver.check_offsets = n <= 60;
                        solver.isa = isa;
                        ((how, isa), solver)
                    })
                    .collect();
                while reference.next_tier().is_some() {
                    let expected = reference.solve_next_by(TierSweep::RankOrder, |_, _| {}).unwrap();
                    for ((how, isa), solver) in &mut solvers {
                        let got = solver.solve_next_by(*how, |_, _| {}).unwrap();
                        assert_eq!(got, expected, "n = {n} {how:?} {isa:?}");
                        let tier = got.parts;
                        assert_eq!(solver.last(), reference.last(), "n = {n} {how:?} {isa:?}, tier {tier}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_resumed_solve_ends_as_an_uninterrupted_one() {
        for n in [30, 77] {
            for with_remoteness in [true, false] {
                let whole =
                    TieredSolver::new(n, with_remoteness, 1 << 30).unwrap().run(|_, _, _| {}).unwrap();
                let mut first = TieredSolver::new(n, with_remoteness, 1 << 30).unwrap();
                for _ in 0..n / 3 {
                    first.solve_next(|_, _| {}).unwrap();
                }
                let state = first.state().unwrap();
                drop(first);
                let resumed = TieredSolver::resume(n, with_remoteness, 1 << 30, state.clone()).unwrap();
                assert_eq!(resumed.run(|_, _, _| {}).unwrap(), whole, "n = {n}");
                // A state from another game, or with other tables, is refused.
                assert!(TieredSolver::resume(n + 1, with_remoteness, 1 << 30, state.clone()).is_err());
                assert!(TieredSolver::resume(n, !with_remoteness, 1 << 30, state).is_err());
            }
        }
    }

    /// `processes` threads sharing one solve, through a barrier and a mailbox for each pair of
    /// threads (`mail[sender][receiver]`).
    struct Threads {
        me: usize,
        processes: usize,
        post: std::sync::Arc<(std::sync::Barrier, Mailboxes)>,
    }

    /// `mail[sender][receiver]`: the words in transit.
    type Mailboxes = std::sync::Mutex<Vec<Vec<Vec<u64>>>>;

    impl Exchange for Threads {
        fn me(&self) -> usize {
            self.me
        }
        fn processes(&self) -> usize {
            self.processes
        }
        fn all_gather(&mut self, mine: &[u64], counts: &[usize]) -> Vec<u64> {
            assert_eq!(mine.len(), counts[self.me]);
            let sends = mine.repeat(self.processes);
            let received = self.all_to_all(&sends, &vec![mine.len(); self.processes], counts);
            assert_eq!(received.len(), counts.iter().sum::<usize>());
            received
        }
        fn all_to_all(&mut self, sends: &[u64], send_counts: &[usize], receive_counts: &[usize]) -> Vec<u64> {
            assert_eq!(sends.len(), send_counts.iter().sum::<usize>());
            let (barrier, mail) = &*self.post;
            {
                let mut mail = mail.lock().unwrap();
                let mut at = 0;
                for (receiver, &count) in send_counts.iter().enumerate() {
                    mail[self.me][receiver] = sends[at..at + count].to_vec();
                    at += count;
                }
            }
            barrier.wait();
            let mut received = Vec::new();
            {
                let mail = mail.lock().unwrap();
                for (sender, &count) in receive_counts.iter().enumerate() {
                    assert_eq!(
                        mail[sender][self.me].len(),
                        count,
                        "{sender} sends {} what it expects",
                        self.me
                    );
                    received.extend_from_slice(&mail[sender][self.me]);
                }
            }
            // Nobody posts the next round's mail before everyone has read this one.
            barrier.wait();
            received
        }
    }

    /// Every tier of the game on `n`, shared by `processes` threads, the last keeping whole
    /// tiers: what each thread holds after each tier, with its figures and whether it is whole.
    fn shared_tiers(n: u32, processes: usize, split_from: u64) -> Vec<Vec<(TierCount, TierValues, bool)>> {
        let post = std::sync::Arc::new((
            std::sync::Barrier::new(processes),
            std::sync::Mutex::new(vec![vec![Vec::new(); processes]; processes]),
        ));
        let threads: Vec<_> = (0..processes)
            .map(|me| {
                let mut exchange = Threads { me, processes, post: post.clone() };
                std::thread::spawn(move || {
                    let mut solver = TieredSolver::new(n, false, 1 << 32).unwrap();
                    solver.split_from = split_from;
                    let mut tiers = Vec::new();
                    while solver.next_tier().is_some() {
                        let figures = solver.solve_next_shared(&mut exchange, Some(processes - 1), |_, _| {});
                        let whole = solver.state().is_some();
                        tiers.push((figures, solver.last().unwrap().clone(), whole));
                    }
                    (solver.finish(), tiers)
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| {
                let (solution, tiers) = t.join().unwrap();
                assert_eq!(
                    solution.tiers.iter().rev().copied().collect::<Vec<_>>(),
                    tiers.iter().map(|t| t.0).collect::<Vec<_>>()
                );
                tiers
            })
            .collect()
    }

    #[test]
    fn a_shared_solve_gives_every_process_the_values_of_the_single_solve() {
        // Every process has the single solve's figures; the last holds every tier whole, equal
        // to the single solve's; every other holds at least the words it solved or needs,
        // equal there, and nothing it does not keep.
        for (n, split_from) in [(30, 1), (61, 1), (100, 1), (150, 64), (230, runs::SPLIT_FROM)] {
            let mut single = TieredSolver::new(n, false, 1 << 32).unwrap();
            // Plans depend on it: the same as the shared solves'.
            single.split_from = split_from;
            let mut expected = Vec::new();
            while let Some(p) = single.next_tier() {
                let figures = single.solve_next(|_, _| {}).unwrap();
                let plans: Vec<_> = (1..=4).map(|r| single.plan(p, r)).collect();
                expected.push((figures, single.last().unwrap().clone(), plans));
            }
            for processes in 1..=4 {
                let mut partial = 0;
                for (me, got) in shared_tiers(n, processes, split_from).into_iter().enumerate() {
                    assert_eq!(got.len(), expected.len());
                    for ((figures, values, whole), (e_figures, e_values, plans)) in got.iter().zip(&expected)
                    {
                        let tier = e_figures.parts;
                        assert_eq!(figures, e_figures, "n = {n}, process {me} of {processes}, tier {tier}");
                        assert!(
                            *whole || me != processes - 1,
                            "n = {n}: the keeper of whole tiers, tier {tier}"
                        );
                        if *whole {
                            assert!(values == e_values, "n = {n}, process {me} of {processes}, tier {tier}");
                            continue;
                        }
                        partial += 1;
                        // Where the process keeps part, its own blocks are exact, and every
                        // word it holds is the single solve's or zero (never a wrong bit).
                        let plan = plans[processes - 1].as_ref().expect("a partial tier was shared");
                        for k in 0..plan.block_count() {
                            if plan.owner_of(k) != me {
                                continue;
                            }
                            for r in plan.block_ranks(k) {
                                assert_eq!(
                                    values.is_win(r),
                                    e_values.is_win(r),
                                    "n = {n}, {me} of {processes}, tier {tier}, rank {r}"
                                );
                            }
                        }
                        for (g, e) in values.wins.iter().zip(&e_values.wins) {
                            assert_eq!(
                                g & !e,
                                0,
                                "n = {n}, {me} of {processes}, tier {tier}: a bit set wrongly"
                            );
                        }
                    }
                }
                // Below about n = 150, two processes' shares reach every word of every tier.
                if processes >= 3 || (processes == 2 && n >= 150) {
                    assert!(partial > 0, "n = {n}, {processes} processes: some process keeps part of a tier");
                }
            }
        }
    }

    #[test]
    fn plans_cover_each_tier_once_in_waves_that_respect_every_split() {
        // Each block's words are its ranks, and no rank is in two blocks; every split child of a
        // block's positions is in its own block or in one of an earlier wave.
        use zecklab_games::zgame::{apply_to_counts, for_each_legal_move};
        for n in [40, 90, 160] {
            let mut solver = TieredSolver::new(n, false, 1 << 32).unwrap();
            solver.split_from = 1;
            let index = solver.index().clone();
            for p in index.fewest_parts()..=n {
                let Some(plan) = solver.plan(p, 3) else { continue };
                let nothing = sweep::Current::new(0, false);
                let mut block_of = vec![usize::MAX; index.count(p) as usize];
                let mut wave_of = vec![0; plan.block_count()];
                for (w, wave) in plan.wave_blocks().iter().enumerate() {
                    for &k in wave {
                        wave_of[k] = w;
                        for r in plan.block_ranks(k) {
                            assert_eq!(block_of[r as usize], usize::MAX, "n = {n}, tier {p}: rank {r} twice");
                            block_of[r as usize] = k;
                        }
                    }
                }
                assert!(block_of.iter().all(|&k| k != usize::MAX), "n = {n}, tier {p}: a rank in no block");
                let runs = solver.runs(p, &nothing, runs::Pass::Words);
                let here = runs.seen_spans(&plan, p, 3, shares::Seen::Here, None);
                let below = runs.seen_spans(&plan, p, 3, shares::Seen::Below, None);
                let sees = |spans: &[(u64, u64)], rank: u64| {
                    let word = rank / 64;
                    let at = spans.partition_point(|&(_, to)| to <= word);
                    at < spans.len() && spans[at].0 <= word
                };
                index.for_each_descending(p, |parent, prefix| {
                    let rank = prefix.same[1];
                    let k = block_of[rank as usize];
                    let owner = plan.owner_of(k);
                    assert!(sees(&here[owner], rank), "n = {n}, tier {p}: a process sees its own positions");
                    let mut counts = parent.to_vec();
                    counts.extend([0, 0]);
                    for_each_legal_move(parent, |m| {
                        apply_to_counts(&mut counts, m);
                        let child = index.rank(&counts[..index.top()]);
                        zecklab_games::zgame::undo_on_counts(&mut counts, m);
                        if m.removes_part() {
                            assert!(
                                sees(&below[owner], child),
                                "n = {n}, tier {p}: {m:?} leads out of sight"
                            );
                            return;
                        }
                        assert!(sees(&here[owner], child), "n = {n}, tier {p}: {m:?} leads out of sight");
                        let child = block_of[child as usize];
                        assert!(child == k || wave_of[child] < wave_of[k], "n = {n}, tier {p}");
                        // The scheduler starts a block once the blocks it needs are solved: each
                        // split's child block must be among them.
                        assert!(
                            child == k || plan.needs_of(k).contains(&child),
                            "n = {n}, tier {p}: block {k} does not wait for block {child} of a split"
                        );
                    });
                });
            }
        }
    }

    #[test]
    fn every_engine_equals_the_flat_solver_position_by_position_where_runs_are_long() {
        // n = 260 is among the smallest games with runs of 64 positions or more (10 of them),
        // which the one-word loops hand to the general run path. Every instruction set this
        // processor has (the portable one on any), the scalar pass, and the outcome sweep with
        // the tier begun ahead on three threads, each against the flat solver, every position.
        let n = 260;
        let flat = solve(n, true, 1 << 32, |_, _| {}).unwrap();
        let findex = PositionIndex::new(n).unwrap();
        let mut engines: Vec<(String, TieredSolver, usize)> = runs::Isa::available()
            .into_iter()
            .map(|isa| {
                let mut solver = TieredSolver::new(n, true, 1 << 32).unwrap();
                solver.isa = isa;
                (format!("{isa:?} with remoteness"), solver, 1)
            })
            .collect();
        engines.push((
            "scalar with remoteness".into(),
            TieredSolver::new(n, true, 1 << 32).unwrap().with_engine(TierEngine::Scalar),
            1,
        ));
        let ahead = TieredSolver::new(n, false, 1 << 32).unwrap();
        assert!(ahead.look_ahead, "outcomes only, the tier ahead fits");
        engines.push(("outcomes, tier ahead, 3 threads".into(), ahead, 3));
        // The flat solver's values, tier by tier in each tier's rank order (each ranked from
        // its counts once).
        let tiers = TierIndex::new(n).unwrap();
        let expected: Vec<TierValues> = (tiers.fewest_parts()..=n)
            .map(|p| {
                let size = tiers.count(p);
                let mut values = TierValues {
                    parts: p,
                    wins: vec![0; size.div_ceil(64) as usize],
                    remoteness: Some(vec![0; size as usize]),
                };
                tiers.for_each_descending(p, |counts, prefix| {
                    let (r, t) = (findex.rank_counts(&counts[..findex.top()]), prefix.same[1]);
                    values.wins[(t / 64) as usize] |= u64::from(flat.outcome(r).is_win()) << (t % 64);
                    values.remoteness.as_mut().unwrap()[t as usize] = flat.remoteness(r).unwrap() as u16;
                });
                values
            })
            .collect();
        for (name, mut solver, threads) in engines {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                for want in &expected {
                    solver.solve_next(|_, _| {}).unwrap();
                    let got = solver.last().unwrap();
                    assert_eq!(got.wins, want.wins, "{name}: tier {}", want.parts);
                    if got.remoteness.is_some() {
                        assert_eq!(got.remoteness, want.remoteness, "{name}: tier {}", want.parts);
                    }
                }
            });
            assert!(solver.next_tier().is_none(), "{name}: every tier");
        }
    }

    #[test]
    fn p_position_counts_equal_the_flat_solve_over_a_sample() {
        for n in [100, 150, 201, 250] {
            let flat = solve(n, false, 1 << 32, |_, _| {}).unwrap();
            let tiered = TieredSolver::new(n, false, 1 << 32).unwrap().run(|_, _, _| {}).unwrap();
            assert_eq!(tiered.p_positions, flat.p_positions(), "n = {n}");
            assert_eq!(tiered.start, flat.outcome(flat.start_rank()));
        }
    }
}
