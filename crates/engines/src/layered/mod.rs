//! The layered solver: the Zeckendorf game's outcomes by index weight, in whole cells.
//!
//! A third engine for outcomes beside the flat sweep and the tier sweep, graded differently:
//! the positions that share their counts from index 4 up form a **cell**, a triangle over
//! `(c_3, c_2)` (`geometry.rs`), and the cells of equal index weight `E = Σ (F_i - i) c_i` a
//! **layer**. Every move either stays in its cell (`F1 ∧ F1`, `F1 ∧ F2`, `F2 ∧ F2`) or raises
//! `E` by 1 to `K - 3` into another cell, and it shifts every position of the cell by the same
//! number of rows and columns. So layers are solved from the heaviest down, each cell from its
//! exits (whole rows of its children's loss bits OR-ed in, shifted by at most one column) and
//! then its own chain of rows from the top `c_3` down, the in-row move `F1 ∧ F1` resolved along
//! the row as the tier sweep resolves a run's own move.
//!
//! **Legality without masks.** Each position keeps a *loss* bit, and every place outside a row
//! (past its top, below `c_2 = 0`, a row that does not exist) reads as zero: a move is legal
//! exactly when its child's counts are non-negative, so an illegal move reads "no losing child".
//! Moves whose legality depends on the counts from index 4 up are listed per cell.
//!
//! **Memory.** A layer's children lie at most `K - 3` layers above it, so only a window of
//! `K - 2` layers is held (the heaviest ones are freed as the sweep goes down).
//!
//! **Vector lanes.** With AVX-512 a cell's chain (a row waits on the row above) is not resolved
//! alone: eight cells' exits are OR-ed in first, and their rows then step together, a cell in
//! each lane of a register (`resolve_top_rows_v4`, `resolve_longer_rows_v4`). A cell's exits are
//! OR-ed in registers, a tile of its words at a time (`tiles.rs`). With AVX2 the same is done
//! four cells at a time (`avx2.rs`); only processors without AVX2 solve each cell alone.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod exits;
mod geometry;
#[cfg(target_arch = "x86_64")]
mod groups;
mod parts;
#[cfg(target_arch = "x86_64")]
mod tiles;

#[cfg(target_arch = "x86_64")]
use avx2::*;
#[cfg(target_arch = "x86_64")]
use avx512::*;
use exits::*;
#[cfg(target_arch = "x86_64")]
use groups::*;
#[cfg(target_arch = "x86_64")]
use tiles::*;

use geometry::{first_one_word_row, next_fewer_words_row, row_len, CellPath, Counts, Geometry, MAX_INDEX};
use parts::PartsCount;

use rayon::prelude::*;

use crate::tiers::{resolve_short_run, resolve_word, Isa};
use zecklab_games::zgame::{SolveError, TierCount, TierIndex};
use zecklab_games::Outcome;

/// What the layered solver finds for the game on `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayeredSolution {
    pub n: u32,
    /// The start's outcome for the player to move (Player 1).
    pub start: Outcome,
    /// The positions from which the player to move loses.
    pub p_positions: u64,
    /// All positions.
    pub positions: u64,
    /// Positions and P-positions by number of parts, most parts first, when asked for (as the
    /// tier sweep reports them).
    pub tiers: Option<Vec<TierCount>>,
}

/// How a layered solve runs.
#[derive(Clone, Debug)]
pub struct LayeredOptions {
    /// Also count the P-positions by number of parts ([`LayeredSolution::tiers`]).
    pub by_parts: bool,
    /// Threads that share each layer.
    pub threads: usize,
    /// Run the hot loops as compiled for the baseline instruction set, even where the processor
    /// has more (the same answers; a second kernel to check the first).
    pub portable: bool,
    /// Stops the solve between layers.
    pub cancel: zecklab_games::Cancel,
}

impl Default for LayeredOptions {
    /// Outcomes only, on every core, with the best kernel this processor runs.
    fn default() -> LayeredOptions {
        LayeredOptions {
            by_parts: false,
            threads: std::thread::available_parallelism().map_or(1, |c| c.get()),
            portable: false,
            cancel: zecklab_games::Cancel::new(),
        }
    }
}

/// The memory a layered solve of the game on `n` needs at its peak: the largest window of
/// layers it holds (the layer being solved and those its children lie in) and its count table;
/// `None` for `n = 0` and for games past the solver's reach (their count table alone would pass
/// 1 GiB).
pub fn layered_bytes(n: u32) -> Option<u128> {
    Geometry::new(n).map(|g| g.window_bytes())
}

/// The memory a [`LayeredTable`] of the game on `n` holds: every layer at once, with the count
/// table; `None` where [`layered_bytes`] is.
pub fn layered_table_bytes(n: u32) -> Option<u128> {
    Geometry::new(n).map(|g| g.table_bytes())
}

/// Solves the game on `n` layer by layer; `progress(positions solved)` after each layer.
///
/// # Errors
/// [`SolveError::ZeroN`] for `n = 0`, [`SolveError::TooManyPositions`] past the solver's
/// reach, [`SolveError::Cancelled`] when `options.cancel` stops it.
pub fn solve_layered(
    n: u32,
    options: &LayeredOptions,
    progress: impl FnMut(u64) + Send,
) -> Result<LayeredSolution, SolveError> {
    let mut progress = progress;
    let mut solver = LayeredSolver::new(n, options)?;
    solver.run_in_pool(|solver| {
        while solver.next_layer().is_some() {
            solver.solve_next()?;
            progress(solver.positions_solved());
        }
        Ok(())
    })?;
    solver.finish()
}

/// Why a layered solve cannot resume from a saved state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// The state is of another game.
    #[error("it is a checkpoint of n = {saved}, not {n}")]
    OtherGame {
        /// The state's n.
        saved: u32,
        /// The n being solved.
        n: u32,
    },
    /// The state counts P-positions by parts where this solve does not, or the other way.
    #[error(
        "it was made {} the P-positions by number of parts (--tiers-json)",
        if *by_parts { "with" } else { "without" }
    )]
    CountedOtherwise {
        /// Whether the state counts by parts.
        by_parts: bool,
    },
    /// The state's counts by parts are not the game's.
    #[error("its counts by number of parts do not fit the game")]
    PartsDoNotFit,
    /// The state's last layer is past the game's heaviest.
    #[error("its last layer {last} is past the game's {most}")]
    PastTheLastLayer {
        /// The state's last layer.
        last: u32,
        /// The game's heaviest layer.
        most: u32,
    },
    /// The state's window is not the layers the sweep needs next.
    #[error("its layers are not the ones the sweep needs")]
    WrongLayers,
}

/// The state of a layered solve after a finished layer, from which it resumes: what a
/// checkpoint holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayeredState {
    pub n: u32,
    /// The last layer solved (the lightest so far); the sweep goes on with the one below.
    pub last: u32,
    /// P-positions and positions in the layers solved.
    pub p_positions: u64,
    pub positions: u64,
    /// P-positions by number of parts in the layers solved (`n + 1` entries), when counted.
    pub p_by_parts: Option<Vec<u64>>,
    /// The layers the rest of the sweep reads, lightest first: `(index weight, loss bits)`.
    pub window: Vec<(u32, Vec<u64>)>,
}

/// A [`LayeredState`] borrowed from the solver (saved without a copy of its layers).
#[derive(Clone, Debug)]
pub struct LayeredStateView<'a> {
    pub n: u32,
    pub last: u32,
    pub p_positions: u64,
    pub positions: u64,
    pub p_by_parts: Option<&'a [u64]>,
    pub window: Vec<(u32, &'a [u64])>,
}

impl LayeredStateView<'_> {
    /// The state as owned values.
    pub fn to_owned_state(&self) -> LayeredState {
        LayeredState {
            n: self.n,
            last: self.last,
            p_positions: self.p_positions,
            positions: self.positions,
            p_by_parts: self.p_by_parts.map(<[u64]>::to_vec),
            window: self.window.iter().map(|&(e, words)| (e, words.to_vec())).collect(),
        }
    }
}

/// The layers of a solve by index weight, each held or not.
type Layers = Vec<Option<Vec<u64>>>;

/// A layered solve under way, one layer at a time (for progress, checkpoints and stopping
/// between layers).
pub struct LayeredSolver {
    geometry: Geometry,
    how: How,
    threads: usize,
    cancel: zecklab_games::Cancel,
    /// The threads that share each layer (none for one thread).
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
    /// Every layer kept (for checking position by position), not only the window.
    keep: bool,
    /// The layers held, by index weight.
    layers: Layers,
    /// The next layer to solve; `None` once the start's layer is solved.
    next: Option<u32>,
    p_positions: u64,
    positions: u64,
    p_by_parts: Option<Vec<u64>>,
}

impl LayeredSolver {
    /// A solve of the game on `n` as `options` say, before its first layer.
    ///
    /// # Errors
    /// [`SolveError::ZeroN`] for `n = 0`, [`SolveError::TooManyPositions`] past the solver's
    /// reach.
    pub fn new(n: u32, options: &LayeredOptions) -> Result<LayeredSolver, SolveError> {
        LayeredSolver::with_fault(n, options, false, Fault::None)
    }

    fn with_fault(
        n: u32,
        options: &LayeredOptions,
        keep: bool,
        fault: Fault,
    ) -> Result<LayeredSolver, SolveError> {
        if n == 0 {
            return Err(SolveError::ZeroN);
        }
        let geometry = Geometry::new(n).ok_or(SolveError::TooManyPositions { n })?;
        let isa = if options.portable { Isa::Baseline } else { Isa::detect() };
        let threads = options.threads.max(1);
        let pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok())
            .flatten()
            .map(std::sync::Arc::new);
        Ok(LayeredSolver {
            pool,
            how: How { isa, by_parts: options.by_parts, fault },
            threads,
            cancel: options.cancel.clone(),
            keep,
            layers: (0..=geometry.max_weight()).map(|_| None).collect(),
            next: Some(geometry.max_weight()),
            p_positions: 0,
            positions: 0,
            p_by_parts: options.by_parts.then(|| vec![0u64; n as usize + 1]),
            geometry,
        })
    }

    /// The game's n.
    pub fn n(&self) -> u32 {
        self.geometry.n()
    }

    /// The next layer to solve (its index weight), `None` when all are solved.
    pub fn next_layer(&self) -> Option<u32> {
        self.next
    }

    /// The layers of the game (index weights 0 to this less one).
    pub fn layer_count(&self) -> u32 {
        self.geometry.max_weight() + 1
    }

    /// Positions in the layers solved so far.
    pub fn positions_solved(&self) -> u64 {
        self.positions
    }

    /// Runs `work` (a loop of [`LayeredSolver::solve_next`], say) on one of the solve's threads,
    /// so that each layer starts its work there at once and the other threads, still awake from
    /// the layer before, take theirs: from another thread, each layer would wait for the pool to
    /// take it and wake.
    pub fn run_in_pool<R: Send>(&mut self, work: impl FnOnce(&mut LayeredSolver) -> R + Send) -> R {
        match self.pool.clone() {
            Some(pool) => pool.install(|| work(self)),
            None => work(self),
        }
    }

    /// Solves the next layer, its cells shared out among the threads.
    ///
    /// # Errors
    /// [`SolveError::Cancelled`] when the cancel token is set (checked before the layer).
    ///
    /// # Panics
    /// When every layer is solved.
    pub fn solve_next(&mut self) -> Result<(), SolveError> {
        let e = self.next.expect("a layer is left to solve");
        if self.cancel.is_cancelled() {
            return Err(SolveError::Cancelled);
        }
        let (g, threads, how) = (&self.geometry, self.threads, self.how);
        // The layer leaving the window lends its memory to this one: fresh memory from the system
        // would cost a page fault every few thousand words, a sixth of the solve at n = 500.
        let spare = if self.keep {
            None
        } else {
            self.layers.get_mut((e + g.window()) as usize).and_then(Option::take)
        };
        let words = g.layer_words(e);
        let mut here = spare.unwrap_or_default();
        // Grown to the layer's size exactly, never more (`Geometry::window_bytes` counts it so).
        // What it held before is left: each cell's words are written over as it is solved (in the
        // cache, by its own thread), not cleared for the whole layer first by one.
        here.truncate(words as usize);
        here.reserve_exact(words as usize - here.len());
        // Only the words it did not hold are cleared, by every thread when they are many: on
        // memory fresh from the system each page is a fault, and at n = 1000 those would otherwise
        // keep one thread busy and the others waiting for about 20 s. (Most layers add none or a
        // few pages: for those, waking the threads would cost more than the clearing.)
        let fresh = words as usize - here.len();
        match &self.pool {
            Some(pool) if fresh >= FRESH_WORDS_SHARED => {
                pool.install(|| here.par_extend(rayon::iter::repeat_n(0u64, fresh)));
            }
            _ => here.resize(words as usize, 0),
        }
        // The layer's cells shared out by words, each share from a cell's first word: many shares a
        // thread, each its own task, taken as threads come free, so that neither waits long for
        // the other at the layer's end (as one task, rayon's run of shares cannot be stolen from).
        let parts = if threads == 1 { 1 } else { SHARES_PER_THREAD * threads as u64 };
        let mut bounds: Vec<u64> =
            (0..parts).map(|t| g.cell_start_at(e, words * t / parts).min(words)).collect();
        bounds.push(words);
        bounds.dedup();
        let mut shares: Vec<(u64, &mut [u64])> = Vec::with_capacity(bounds.len());
        let mut rest: &mut [u64] = &mut here;
        for pair in bounds.windows(2) {
            let (share, after) = rest.split_at_mut((pair[1] - pair[0]) as usize);
            shares.push((pair[0], share));
            rest = after;
        }
        let held = &self.layers;
        let sweep = |(first, share): (u64, &mut [u64])| sweep_share(&how, g, e, held, first, share);
        let found: Vec<(u64, u64, Option<Vec<u64>>)> = match &self.pool {
            Some(pool) => pool.install(|| shares.into_par_iter().with_max_len(1).map(sweep).collect()),
            None => shares.into_iter().map(sweep).collect(),
        };
        for (p, all, tiers) in found {
            self.p_positions += p;
            self.positions += all;
            if let (Some(total), Some(tiers)) = (self.p_by_parts.as_mut(), tiers) {
                for (t, x) in total.iter_mut().zip(tiers) {
                    *t += x;
                }
            }
        }
        self.layers[e as usize] = Some(here);
        self.next = e.checked_sub(1);
        Ok(())
    }

    /// The state after the last finished layer (`None` before the first): the layers the rest
    /// of the sweep reads, and the counts so far.
    pub fn state_view(&self) -> Option<LayeredStateView<'_>> {
        let last = self.next.map_or(0, |e| e + 1);
        if last > self.geometry.max_weight() {
            return None;
        }
        let reach = (last + self.geometry.window().saturating_sub(2)).min(self.geometry.max_weight());
        let window = (last..=reach)
            .map(|e| (e, self.layers[e as usize].as_deref().expect("the window is held")))
            .collect();
        Some(LayeredStateView {
            n: self.n(),
            last,
            p_positions: self.p_positions,
            positions: self.positions,
            p_by_parts: self.p_by_parts.as_deref(),
            window,
        })
    }

    /// This solve, resumed from `state` (a checkpoint of the same game, counted the same way).
    ///
    /// # Errors
    /// What does not match: another n, counts by parts kept or not, layers of the wrong size or
    /// missing.
    pub fn resumed(mut self, state: LayeredState) -> Result<LayeredSolver, ResumeError> {
        let g = &self.geometry;
        if state.n != g.n() {
            return Err(ResumeError::OtherGame { saved: state.n, n: g.n() });
        }
        if state.p_by_parts.is_some() != self.p_by_parts.is_some() {
            return Err(ResumeError::CountedOtherwise { by_parts: state.p_by_parts.is_some() });
        }
        if state.p_by_parts.as_ref().is_some_and(|p| p.len() != g.n() as usize + 1) {
            return Err(ResumeError::PartsDoNotFit);
        }
        if state.last > g.max_weight() {
            return Err(ResumeError::PastTheLastLayer { last: state.last, most: g.max_weight() });
        }
        let reach = (state.last + g.window().saturating_sub(2)).min(g.max_weight());
        let wanted: Vec<(u32, u64)> = (state.last..=reach).map(|e| (e, g.layer_words(e))).collect();
        let held: Vec<(u32, u64)> = state.window.iter().map(|(e, w)| (*e, w.len() as u64)).collect();
        if held != wanted {
            return Err(ResumeError::WrongLayers);
        }
        for (e, words) in state.window {
            self.layers[e as usize] = Some(words);
        }
        self.next = state.last.checked_sub(1);
        self.p_positions = state.p_positions;
        self.positions = state.positions;
        self.p_by_parts = state.p_by_parts;
        Ok(self)
    }

    /// The solution, once every layer is solved.
    ///
    /// # Errors
    /// [`SolveError::TooManyPositions`] when the tiers cannot be counted.
    ///
    /// # Panics
    /// When layers are left to solve.
    pub fn finish(self) -> Result<LayeredSolution, SolveError> {
        Ok(self.finish_keeping()?.0)
    }

    /// [`LayeredSolver::finish`], and every layer held with the geometry that places them.
    fn finish_keeping(self) -> Result<(LayeredSolution, Layers, Geometry), SolveError> {
        assert!(self.next.is_none(), "every layer is solved");
        let n = self.n();
        let start_loss = self.layers[0].as_deref().expect("the start's layer")[0] & 1 == 1;
        let tiers = match &self.p_by_parts {
            Some(p_by_parts) => Some(tiers_of(n, p_by_parts).ok_or(SolveError::TooManyPositions { n })?),
            None => None,
        };
        let solution = LayeredSolution {
            n,
            start: Outcome::win_if(!start_loss),
            p_positions: self.p_positions,
            positions: self.positions,
            tiers,
        };
        Ok((solution, self.layers, self.geometry))
    }
}

/// Every position's outcome by the layered sweep, all layers kept: for checking the sweep
/// position by position (the solve itself holds only a window of layers).
pub struct LayeredTable {
    geometry: Geometry,
    layers: Vec<Option<Vec<u64>>>,
    pub solution: LayeredSolution,
}

impl LayeredTable {
    /// The game on `n` solved on `threads` threads (with the baseline kernel when `portable`),
    /// every layer kept.
    ///
    /// # Errors
    /// As [`solve_layered`].
    pub fn solve(
        n: u32,
        threads: usize,
        portable: bool,
        cancel: &zecklab_games::Cancel,
    ) -> Result<LayeredTable, SolveError> {
        if n == 0 {
            return Err(SolveError::ZeroN);
        }
        LayeredTable::solve_with_fault(n, threads, portable, cancel, Fault::None)
    }

    /// The game on `n` solved as `options` say, every layer kept: for questions about many
    /// positions of one game (the outcomes near the start, an opening book).
    ///
    /// # Errors
    /// As [`solve_layered`].
    pub fn kept(n: u32, options: &LayeredOptions) -> Result<LayeredTable, SolveError> {
        let mut solver = LayeredSolver::with_fault(n, options, true, Fault::None)?;
        while solver.next_layer().is_some() {
            solver.solve_next()?;
        }
        let (solution, layers, geometry) = solver.finish_keeping()?;
        Ok(LayeredTable { geometry, layers, solution })
    }

    /// [`LayeredTable::solve`] with `fault` made in every cell's exits.
    fn solve_with_fault(
        n: u32,
        threads: usize,
        portable: bool,
        cancel: &zecklab_games::Cancel,
        fault: Fault,
    ) -> Result<LayeredTable, SolveError> {
        let options =
            LayeredOptions { by_parts: true, threads: threads.max(1), portable, cancel: cancel.clone() };
        let mut solver = LayeredSolver::with_fault(n, &options, true, fault)?;
        while solver.next_layer().is_some() {
            solver.solve_next()?;
        }
        let (solution, layers, geometry) = solver.finish_keeping()?;
        Ok(LayeredTable { geometry, layers, solution })
    }

    /// Whether the player to move loses at the position of `counts` (`counts[i - 1]` copies of
    /// `F_i`, summing to n; trailing zeros optional).
    pub fn is_loss(&self, counts: &[u32]) -> bool {
        let g = &self.geometry;
        let c = |i: usize| counts.get(i - 1).copied().unwrap_or(0);
        let mut cell: Counts = [0; MAX_INDEX + 2];
        for (i, slot) in cell.iter_mut().enumerate().skip(4).take(g.top() - 3) {
            *slot = c(i);
        }
        let e: u64 = (4..=g.top()).map(|i| u64::from(cell[i]) * g.weight(i)).sum();
        let r = c(1) + 2 * c(2) + 3 * c(3);
        let path_offset = g.cell_start_of(&cell, e as u32);
        let bit = (path_offset + g.row_start(r, c(3))) * 64 + u64::from(c(2));
        let layer = self.layers[e as usize].as_deref().expect("every layer kept");
        layer[(bit / 64) as usize] >> (bit % 64) & 1 == 1
    }
}

/// One exit of a cell: the child cell's layer and first word, its `r`, and the shift of rows and
/// columns from a position to its child.
#[derive(Clone, Copy, Debug)]
struct Exit {
    layer: u32,
    offset: u64,
    r: u32,
    rows: i32,
    columns: i32,
    /// The child's `r` less the parent's (which names the low moves).
    r_gain: i32,
    /// The kind of move (as [`Carried`] numbers them): a cell's exits are of distinct kinds.
    kind: u8,
}

impl Exit {
    /// Whether the exit of a cell of `r` reads its child word for word: a move above index 4,
    /// which keeps `r` and shifts no row or column.
    fn keeps_layout(&self, r: u32) -> bool {
        self.r == r && self.rows == 0 && self.columns == 0
    }
}

/// The tiers of the game on `n` (positions by number of parts, most parts first) with the
/// P-positions `p_by_parts[p]`; `None` where the positions cannot be counted by parts.
fn tiers_of(n: u32, p_by_parts: &[u64]) -> Option<Vec<TierCount>> {
    let index = TierIndex::new(n)?;
    let tiers = (index.fewest_parts()..=n).rev();
    Some(
        tiers
            .map(|parts| TierCount {
                parts,
                positions: index.count(parts),
                p_positions: p_by_parts[parts as usize],
            })
            .collect(),
    )
}

/// Solves the cells of layer `e` that start in `share` (whose first word is the layer's word
/// `first`) from the layers held above, as `how` says; returns its P-positions, positions and,
/// when asked, P-positions by parts.
fn sweep_share(
    how: &How,
    g: &Geometry,
    e: u32,
    layers: &[Option<Vec<u64>>],
    first: u64,
    share: &mut [u64],
) -> (u64, u64, Option<Vec<u64>>) {
    let How { isa, by_parts, fault } = *how;
    let mut exits = Vec::with_capacity(2 * MAX_INDEX);
    let mut carried = Carried::new();
    // With AVX-512 the cells' rows are resolved eight cells at a time, one in each lane
    // (`finish_batch`), once their exits are in, and with AVX2 four: the cells wait in a batch.
    // Before that they are gathered in groups, which read their exits that keep `r` once for
    // each run of cells (`groups.rs`).
    let mut tally = Tally {
        isa,
        lanes: batch_lanes(isa),
        batch: Vec::with_capacity(LANES),
        tiers: by_parts.then(|| PartsCount::new(g.n(), isa == Isa::X86_64V4)),
        p_positions: 0,
        positions: 0,
    };
    let batched = tally.lanes > 1;
    #[cfg(target_arch = "x86_64")]
    let mut group = Group::new();
    let end = first + share.len() as u64;
    g.for_each_cell_in(e, first..end, |path, r, offset| {
        cell_exits(g, path, r, e, offset, &mut exits, &mut carried);
        // Faults are made in the tests only: outside them the check is compiled away.
        if cfg!(test) && fault != Fault::None {
            fault.make(&mut exits);
        }
        let from = (offset - first) as usize;
        let parts = (4..=g.top()).map(|i| path.counts[i]).sum::<u32>();
        let len = g.cell_words(r) as usize;
        #[cfg(target_arch = "x86_64")]
        if batched {
            if group.is_full_for(len) {
                group.write(isa, g, share, layers, |share, cell| tally.push(g, share, cell));
            }
            group.add(Batched { from, r, parts }, len, &exits, layers);
            return;
        }
        let cell = Cell { words: &mut share[from..from + len], r, parts };
        let (found, all) = solve_cell(g, cell, &exits, layers, tally.tiers.as_mut());
        tally.p_positions += found;
        tally.positions += all;
    });
    #[cfg(target_arch = "x86_64")]
    group.write(isa, g, share, layers, |share, cell| tally.push(g, share, cell));
    tally.finish(g, share)
}

/// A share's cells as they are resolved: the batch waiting for its rows, and the P-positions and
/// positions so far (by parts too, when counted).
struct Tally {
    isa: Isa,
    /// The cells of a batch ([`batch_lanes`]).
    lanes: usize,
    batch: Vec<Batched>,
    tiers: Option<PartsCount>,
    p_positions: u64,
    positions: u64,
}

impl Tally {
    /// Adds a cell whose exits are in to the batch, and resolves the batch when it is full.
    fn push(&mut self, g: &Geometry, share: &mut [u64], cell: Batched) {
        self.batch.push(cell);
        if self.batch.len() == self.lanes {
            self.resolve(g, share);
        }
    }

    /// Resolves the cells of the batch.
    fn resolve(&mut self, g: &Geometry, share: &mut [u64]) {
        let (found, all) = finish_batch(self.isa, g, share, &self.batch, self.tiers.as_mut());
        self.p_positions += found;
        self.positions += all;
        self.batch.clear();
    }

    /// The share's P-positions, positions and P-positions by parts, the last batch resolved.
    fn finish(mut self, g: &Geometry, share: &mut [u64]) -> (u64, u64, Option<Vec<u64>>) {
        if !self.batch.is_empty() {
            self.resolve(g, share);
        }
        (self.p_positions, self.positions, self.tiers.map(PartsCount::totals))
    }
}

/// How the cells are solved: the instruction set of the kernels, whether P-positions are counted
/// by parts, and the fault made (none outside tests).
#[derive(Clone, Copy, Debug)]
struct How {
    isa: Isa,
    by_parts: bool,
    fault: Fault,
}

/// A deliberate error in every cell's exits, which the tests must catch (they make it to show
/// that they would).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
enum Fault {
    /// The exits as they are.
    None,
    /// `F3 ∧ F3 -> F1 ∧ F4` left out.
    DropMove,
    /// `F4 ∧ F4 -> F2 ∧ F5` read one column the wrong way.
    WrongColumn,
}

impl Fault {
    fn make(self, exits: &mut Vec<Exit>) {
        match self {
            Fault::None => {}
            Fault::DropMove => exits.retain(|x| (x.rows, x.columns, x.r_gain) != (-2, 0, -5)),
            Fault::WrongColumn => {
                for x in exits.iter_mut().filter(|x| (x.rows, x.columns, x.r_gain) == (0, 1, 2)) {
                    x.columns = -1;
                }
            }
        }
    }
}

/// A cell being solved: its words in its layer, its `r`, and its parts from index 4 up.
struct Cell<'a> {
    words: &'a mut [u64],
    r: u32,
    parts: u32,
}

/// Solves one cell alone from its exits, where cells are not batched (without AVX2): ORs the
/// exits that keep `r` into it (whole-cell loops) and then the others (row by row), and resolves
/// its chain; returns its P-positions and positions. The exits are all read before the chain,
/// which is then a plain loop of shifts.
fn solve_cell(
    g: &Geometry,
    cell: Cell<'_>,
    exits: &[Exit],
    layers: &[Option<Vec<u64>>],
    by_parts: Option<&mut PartsCount>,
) -> (u64, u64) {
    or_exits_inline(g, cell.words, cell.r, exits, layers);
    chain(g, cell.words, cell.r, cell.parts, by_parts, false)
}

/// ORs a cell's `exits` into what its words hold (its group's exits that keep `r`), as compiled
/// for `isa`: for the cells of a group (`groups.rs`), whose rows are resolved later, by
/// [`finish_batch`]. Only AVX2 and AVX-512 group cells.
#[cfg(target_arch = "x86_64")]
fn or_exits(isa: Isa, g: &Geometry, words: &mut [u64], r: u32, exits: &[Exit], layers: &[Option<Vec<u64>>]) {
    match isa {
        // SAFETY: `Isa::detect` chooses it only where the processor has its features.
        Isa::X86_64V4 => unsafe { or_exits_v4(g, words, r, exits, layers) },
        Isa::X86_64V3 | Isa::X86_64V3FastDeposit => {
            // SAFETY: `Isa::detect` chooses it only where the processor has its features.
            unsafe { or_exits_v3(g, words, r, exits, layers) }
        }
        Isa::Baseline => unreachable!("cells are grouped only with AVX2 or AVX-512"),
    }
}

/// Writes into the words of a cell of `r` what its exits reach: the exits that keep `r` in
/// whole-cell loops, then the others row by row.
#[inline(always)]
fn or_exits_inline(g: &Geometry, words: &mut [u64], r: u32, exits: &[Exit], layers: &[Option<Vec<u64>>]) {
    let mut sources = [RowSource::NONE; LOW_MOVES];
    let mut count = 0;
    let mut same: [&[u64]; 2 * MAX_INDEX] = [&[]; 2 * MAX_INDEX];
    let mut same_count = 0;
    let len = words.len();
    for exit in exits {
        let child = layers[exit.layer as usize].as_deref().expect("a child's layer is held");
        if exit.keeps_layout(r) {
            // The moves above index 4 keep `r`: the child cell has the same layout, word for word.
            same[same_count] = &child[exit.offset as usize..exit.offset as usize + len];
            same_count += 1;
        } else {
            sources[count] = RowSource::new(g, r, child, exit);
            count += 1;
        }
    }
    // The cell's words written once from up to three of those children, then OR-ed with three
    // more at a time: a few passes over the cell, not one for each.
    let (first, rest) = same[..same_count].split_at(same_count.min(3));
    match *first {
        [] => words.fill(0),
        [a] => words.copy_from_slice(a),
        [a, b] => {
            for (word, (a, b)) in words.iter_mut().zip(a.iter().zip(b)) {
                *word = a | b;
            }
        }
        [a, b, c, ..] => {
            for (word, ((a, b), c)) in words.iter_mut().zip(a.iter().zip(b).zip(c)) {
                *word = a | b | c;
            }
        }
    }
    for more in rest.chunks(3) {
        let (a, b, c) =
            (more[0], more.get(1).copied().unwrap_or(more[0]), more.get(2).copied().unwrap_or(more[0]));
        for (word, ((a, b), c)) in words.iter_mut().zip(a.iter().zip(b).zip(c)) {
            *word |= a | b | c;
        }
    }
    for source in &sources[..count] {
        source.or_one_word_rows(g, r, words);
        source.or_longer_rows(g, r, words);
    }
}

/// A cell whose exits are in and whose rows wait for [`finish_batch`]: its first word in the
/// share, its `r`, and its parts from index 4 up.
#[derive(Clone, Copy, Debug)]
struct Batched {
    from: usize,
    r: u32,
    parts: u32,
}

/// Cells resolved together by [`finish_batch`]: one in each 64-bit lane of an AVX-512 register.
const LANES: usize = 8;

/// The cells [`finish_batch`] resolves together with `isa`'s kernels: eight with AVX-512, four
/// with AVX2, and 1 where cells are not batched (each resolved alone).
fn batch_lanes(isa: Isa) -> usize {
    match isa {
        _ if !cfg!(target_arch = "x86_64") => 1,
        Isa::X86_64V4 => LANES,
        Isa::X86_64V3 | Isa::X86_64V3FastDeposit => 4,
        Isa::Baseline => 1,
    }
}

/// Resolves the rows of the cells of `batch` (at most [`batch_lanes`], their exits in) in
/// `share`: their one-word rows together, then their longer rows together; returns their
/// P-positions and positions, and counts P-positions by parts into `by_parts`.
fn finish_batch(
    isa: Isa,
    g: &Geometry,
    share: &mut [u64],
    batch: &[Batched],
    by_parts: Option<&mut PartsCount>,
) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    match isa {
        // SAFETY: cells are batched only for the instruction sets below, which `Isa::detect`
        // chooses only where the processor has their features.
        Isa::X86_64V4 => return unsafe { finish_batch_v4(g, share, batch, by_parts) },
        Isa::X86_64V3 | Isa::X86_64V3FastDeposit => {
            // SAFETY: as above.
            return unsafe { finish_batch_v3(g, share, batch, by_parts) };
        }
        Isa::Baseline => {}
    }
    let _ = (isa, g, share, batch, by_parts);
    unreachable!("cells are batched only with AVX2 or AVX-512")
}

/// The lanes' first state for the one-word rows' kernels (`resolve_top_rows_v4` and its AVX2
/// form), a cell of `batch` in each of `W` lanes: the word of the cell's top row (its rows go down
/// one word a step), its rows of one word, and `r mod 3`, from which a row's length grows by 3/2
/// a step; and the most rows of any cell.
fn top_rows_lanes<const W: usize>(g: &Geometry, batch: &[Batched]) -> ([[i64; W]; 3], u32) {
    debug_assert!(batch.len() <= W);
    let mut lanes = [[0i64; W]; 3];
    let mut most = 0;
    for (lane, cell) in batch.iter().enumerate() {
        let r = cell.r;
        let tight = first_one_word_row(r);
        lanes[0][lane] = (cell.from as u64 + g.row_start(r, r / 3)) as i64;
        lanes[1][lane] = i64::from(r / 3 + 1 - tight);
        lanes[2][lane] = i64::from(r % 3);
        most = most.max(r / 3 + 1 - tight);
    }
    (lanes, most)
}

/// The lanes' first state for the longer rows' kernels (`resolve_longer_rows_v4` and its AVX2
/// form), a cell of `batch` in each of `W` lanes: the words left (those of the rows below the
/// one-word ones), the current row's `r - 3 c3`, first word and words, the word `k` in it, and the
/// row above's first word and words (all 0 for a cell whose rows all take one word); and the
/// most words left in any cell.
fn longer_rows_lanes<const W: usize>(g: &Geometry, batch: &[Batched]) -> ([[i64; W]; 7], u64) {
    debug_assert!(batch.len() <= W);
    let mut lanes = [[0i64; W]; 7];
    let mut most = 0;
    for (lane, cell) in batch.iter().enumerate() {
        let r = cell.r;
        let tight = first_one_word_row(r);
        if tight == 0 {
            continue;
        }
        let starts = g.row_starts(r);
        let c3 = tight as usize - 1;
        let words = starts[c3 + 1] - starts[c3];
        let from = cell.from as u64;
        let values = [
            starts[tight as usize],
            u64::from(r) - 3 * c3 as u64,
            from + starts[c3],
            words,
            words - 1,
            from + starts[c3 + 1],
            starts[c3 + 2] - starts[c3 + 1],
        ];
        for (state, value) in lanes.iter_mut().zip(values) {
            state[lane] = value as i64;
        }
        most = most.max(starts[tight as usize]);
    }
    (lanes, most)
}

/// The P-positions and positions of a batch's resolved cells, and the P-positions by parts into
/// `by_parts`.
#[inline(always)]
fn count_batch(
    g: &Geometry,
    share: &[u64],
    batch: &[Batched],
    mut by_parts: Option<&mut PartsCount>,
) -> (u64, u64) {
    let (mut p_positions, mut positions) = (0u64, 0u64);
    for cell in batch {
        let (r, parts) = (cell.r, cell.parts);
        let words = &share[cell.from..cell.from + g.cell_words(r) as usize];
        // Every bit past a row's end is clear: the cell's losses are its set bits.
        p_positions += words.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        positions += g.cell_positions(r);
        if let Some(tiers) = by_parts.as_deref_mut() {
            let starts = g.row_starts(r);
            for c3 in 0..=r / 3 {
                let row = &words[starts[c3 as usize] as usize..starts[c3 as usize + 1] as usize];
                for (k, &losses) in row.iter().enumerate() {
                    tiers.add(losses, 64 * k as u32, parts + r - 2 * c3);
                }
            }
        }
    }
    (p_positions, positions)
}

/// Fresh words of a layer from which all threads clear them (512 KiB).
const FRESH_WORDS_SHARED: usize = 1 << 16;

/// Shares of a layer per thread (taken one at a time as threads come free: 4 left a tenth of the
/// two threads' time idle at n = 500, 16 with one task each about a twentieth).
const SHARES_PER_THREAD: u64 = 16;

/// The moves that change `r` (`F2 ∧ F3`, `F3 ∧ F3`, `F3 ∧ F4`, `F4 ∧ F4`, `F5 ∧ F5`): at most
/// this many exits of a cell.
const LOW_MOVES: usize = 5;

#[cfg(test)]
mod tests {
    use super::*;

    /// The comparison below catches a move left out and a column shifted the wrong way: with
    /// either fault made in every cell, some position's outcome differs from the flat sweep's.
    #[test]
    fn a_broken_exit_is_caught() {
        for fault in [Fault::DropMove, Fault::WrongColumn] {
            let caught = (1..=40u32).any(|n| {
                let table = LayeredTable::solve_with_fault(n, 1, false, &zecklab_games::Cancel::new(), fault)
                    .unwrap();
                first_difference(n, &table).is_some()
            });
            assert!(caught, "{fault:?} went unnoticed");
        }
    }

    /// A solve stopped after any layer and resumed from its state (as a checkpoint holds it)
    /// gives the uninterrupted solve's answer; a state of another game, or counted otherwise, is
    /// refused.
    #[test]
    fn a_solve_resumed_after_any_layer_gives_the_same_answer() {
        for (n, by_parts) in [(1, false), (7, true), (45, true), (80, false)] {
            let options = LayeredOptions { by_parts, threads: 2, ..LayeredOptions::default() };
            let whole = solve_layered(n, &options, |_| {}).unwrap();
            let mut first = LayeredSolver::new(n, &options).unwrap();
            assert!(first.state_view().is_none(), "no state before the first layer");
            while first.next_layer().is_some() {
                first.solve_next().unwrap();
                let state = first.state_view().unwrap().to_owned_state();
                let mut resumed = LayeredSolver::new(n, &options).unwrap().resumed(state).unwrap();
                while resumed.next_layer().is_some() {
                    resumed.solve_next().unwrap();
                }
                assert_eq!(resumed.finish().unwrap(), whole, "n = {n}");
            }
        }
        let options = LayeredOptions { by_parts: true, ..LayeredOptions::default() };
        let mut solver = LayeredSolver::new(40, &options).unwrap();
        solver.solve_next().unwrap();
        let state = solver.state_view().unwrap().to_owned_state();
        let other = LayeredSolver::new(41, &options).unwrap().resumed(state.clone());
        assert!(matches!(other, Err(ResumeError::OtherGame { saved: 40, n: 41 })));
        let plain = LayeredOptions::default();
        let counted = LayeredSolver::new(40, &plain).unwrap().resumed(state.clone());
        assert!(counted.is_err_and(|e| e.to_string().contains("number of parts")));
        let mut short = state;
        short.window[0].1.pop();
        assert!(LayeredSolver::new(40, &options).unwrap().resumed(short).is_err());
    }

    /// The first position (counts) whose outcome in `table` is not the flat sweep's.
    fn first_difference(n: u32, table: &LayeredTable) -> Option<Vec<u32>> {
        let flat = solve(n, false, 1 << 30, |_, _| {}).unwrap();
        let index = PositionIndex::new(n).unwrap();
        let mut counts = vec![0u32; index.top()];
        (0..index.count()).find_map(|rank| {
            index.unrank_into(rank, &mut counts);
            (table.is_loss(&counts) != (flat.outcome(rank) == Outcome::Loss)).then(|| counts.clone())
        })
    }
    use zecklab_games::zgame::{solve, PositionIndex};
    use zecklab_games::Outcome;

    /// Position by position, the layered sweep's outcomes are the flat sweep's, for every n to
    /// 120 and two past 124, where rows of two words begin (on one, two or three threads, with
    /// either kernel); so are the P-positions by parts.
    #[test]
    fn every_outcome_is_the_flat_sweeps() {
        // From n = 124 on, the longest rows take two words.
        for n in (1..=120u32).chain([126, 131]) {
            let portable = (n / 3) % 2 == 0;
            let table =
                LayeredTable::solve(n, 1 + n as usize % 3, portable, &zecklab_games::Cancel::new()).unwrap();
            assert_eq!(first_difference(n, &table), None, "n = {n}");
            let flat = solve(n, false, 1 << 30, |_, _| {}).unwrap();
            let index = PositionIndex::new(n).unwrap();
            let s = &table.solution;
            assert_eq!((s.p_positions, s.positions), (flat.p_positions(), index.count()), "n = {n}");
            assert_eq!(s.start, flat.outcome(flat.start_rank()), "n = {n}");
            assert_eq!(s.tiers.as_ref(), Some(&flat.tiers()), "n = {n}");
        }
    }

    /// Every kernel this processor can run (AVX-512, AVX2 with fast or slow bit deposit, the
    /// baseline) gives the flat sweep's outcome at every position, where cells take one register
    /// or several (n = 97: the cells of `r` past 95 take more than 32 words) and rows one word or
    /// two (n = 126, 131), and the tier sweep's P-positions by parts where rows take three words.
    #[test]
    fn every_kernel_gives_the_flat_sweeps_outcomes() {
        let solve_on = |n: u32, isa: Isa| {
            let options = LayeredOptions { by_parts: true, threads: 2, ..LayeredOptions::default() };
            let mut solver = LayeredSolver::with_fault(n, &options, true, Fault::None).unwrap();
            solver.how.isa = isa;
            while solver.next_layer().is_some() {
                solver.solve_next().unwrap();
            }
            let (solution, layers, geometry) = solver.finish_keeping().unwrap();
            LayeredTable { geometry, layers, solution }
        };
        for isa in Isa::available() {
            for n in [40, 97, 126, 131] {
                let table = solve_on(n, isa);
                assert_eq!(first_difference(n, &table), None, "n = {n} on {isa:?}");
            }
            let n = 262;
            let tiers = crate::TieredSolver::new(n, false, 1 << 30).unwrap().run(|_, _, _| {}).unwrap();
            let solution = solve_on(n, isa).solution;
            assert_eq!(solution.tiers.as_ref(), Some(&tiers.tiers), "n = {n} on {isa:?}");
        }
    }

    /// Past the sizes checked position by position, the P-positions by number of parts are the
    /// tier sweep's, where the longest rows take two words and three (from n = 252), the one-word
    /// rows of a cell meet two-word rows of its children, on one thread and two, either kernel.
    #[test]
    fn the_p_positions_by_parts_are_the_tier_sweeps_where_rows_take_several_words() {
        for (n, threads, portable) in [(170, 2, false), (200, 1, true), (253, 2, true), (262, 2, false)] {
            let options = LayeredOptions { by_parts: true, threads, portable, ..LayeredOptions::default() };
            let layered = solve_layered(n, &options, |_| {}).unwrap();
            let tiers = crate::TieredSolver::new(n, false, 1 << 30).unwrap().run(|_, _, _| {}).unwrap();
            assert_eq!(layered.tiers.as_ref(), Some(&tiers.tiers), "n = {n}");
            assert_eq!(layered.start, tiers.start, "n = {n}");
        }
    }
}
