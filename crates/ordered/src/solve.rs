//! Solving the ordered game: one sweep from the top rank down (every child ranks above its
//! parent), the positions enumerated in that order with their ranks summed as they are built, so
//! that each child's rank is the parent's with its pair's terms replaced: nothing is unranked.

use super::index::OrderedIndex;
use super::{pair_move, replacement};
use zecklab_games::Outcome;
use zecklab_numeration::fib::FIB_U64;

/// The largest n whose table is solved here: the outcome bits of n = 41 take 15.9 GiB, the most
/// that fits the 20 GiB a solve may take (n = 42 would take 30 GiB; its figures alone take 15).
pub const ORDERED_FLAT_TO: u32 = 41;

/// The largest n whose figures alone ([`ordered_counts_until`]) are computed, memory allowing:
/// n = 42 takes 15 GiB, n = 43 28 GiB, and each n about 1.9 times the one before.
pub const ORDERED_COUNTS_TO: u32 = 50;

/// The ordered game on `n` in figures: its positions, P-positions and the start's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedCounts {
    pub n: u32,
    pub positions: u64,
    pub p_positions: u64,
    /// The start's outcome for Player 1.
    pub start: Outcome,
}

/// Memory [`ordered_counts_until`] takes: the most outcome bits kept at once (near half the
/// table's), and its bookkeeping.
pub fn ordered_counts_bytes(index: &OrderedIndex) -> u128 {
    super::lean::counts_bytes(index, &super::lean::tasks(index))
}

/// The ordered game on `n` in figures, on every core, without keeping its table (each block's bits
/// are counted and dropped once nothing reads them), refusing when it would take more than
/// `memory_limit` bytes; stopped when `cancel` is cancelled; `progress(done, total)` in positions
/// now and then.
///
/// # Errors
/// [`OrderedSolveError::OutOfRange`] for n = 0 or n past [`ORDERED_COUNTS_TO`],
/// [`OrderedSolveError::TooLarge`], [`OrderedSolveError::Cancelled`].
pub fn ordered_counts_until(
    n: u32,
    memory_limit: u128,
    cancel: &zecklab_games::Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<OrderedCounts, OrderedSolveError> {
    let index = index_to(n, ORDERED_COUNTS_TO)?;
    // One plan for the memory check and the solve.
    let tasks = super::lean::tasks(&index);
    let bytes = super::lean::counts_bytes(&index, &tasks);
    if bytes > memory_limit {
        return Err(OrderedSolveError::TooLarge { n, bytes, limit: memory_limit, with_remoteness: false });
    }
    let counts =
        super::lean::outcome_counts(&index, &tasks, cores(), cancel, &progress).map_err(|refused| {
            match refused {
                super::lean::Refused::Memory => OrderedSolveError::NoMemory { n, bytes },
                super::lean::Refused::Cancelled => OrderedSolveError::Cancelled,
            }
        })?;
    Ok(OrderedCounts { n, positions: index.count(), p_positions: counts.p_positions, start: counts.start })
}

/// The ranking of the game on `n`, refused for n = 0 or past `limit` (at most 50, far inside
/// what ranks in 64 bits).
fn index_to(n: u32, limit: u32) -> Result<OrderedIndex, OrderedSolveError> {
    if n == 0 || n > limit {
        return Err(OrderedSolveError::OutOfRange { n, limit });
    }
    Ok(OrderedIndex::new(n).expect("n <= 50 ranks in 64 bits"))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |c| c.get())
}

/// Every position of the ordered game on `n`, decided.
#[derive(Clone, Debug)]
pub struct OrderedSolution {
    index: OrderedIndex,
    wins: Vec<u64>,
    /// 2 bytes a position, when asked for.
    remoteness: Option<Vec<u16>>,
}

/// Calls `visit(rank, children)` for every position, from the top rank down, `children` the
/// ranks of its children (every one above `rank`).
pub(crate) fn sweep(index: &OrderedIndex, visit: impl FnMut(u64, &[u64])) {
    sweep_until(index, &zecklab_games::Cancel::new(), visit);
}

/// [`sweep`], stopped early (some ranks not visited) once `cancel` is cancelled.
fn sweep_until(index: &OrderedIndex, cancel: &zecklab_games::Cancel, visit: impl FnMut(u64, &[u64])) {
    let n = index.n() as usize;
    let mut walk = Walk {
        cancel,
        index,
        entries: Vec::with_capacity(n),
        remaining: Vec::with_capacity(n),
        terms: Vec::with_capacity(n),
        children: Vec::with_capacity(n),
        visit,
    };
    walk.descend(index.n(), 0);
}

/// The list being built, read from its right end: entries, the sum remaining at each, and each
/// one's term of the rank.
struct Walk<'a, F> {
    cancel: &'a zecklab_games::Cancel,
    index: &'a OrderedIndex,
    entries: Vec<u8>,
    remaining: Vec<u32>,
    terms: Vec<u64>,
    children: Vec<u64>,
    visit: F,
}

impl<F: FnMut(u64, &[u64])> Walk<'_, F> {
    /// Every completion of the list with `left` still to place, in decreasing rank.
    fn descend(&mut self, left: u32, rank: u64) {
        // Checked only where a subtree is large, so the check costs nothing measurable.
        if left >= super::blocks::CANCEL_CHECK_FROM && self.cancel.is_cancelled() {
            return;
        }
        if left == 0 {
            self.position(rank);
            return;
        }
        let largest = FIB_U64[1..].partition_point(|&f| f <= u64::from(left)) as u8;
        for k in (1..=largest).rev() {
            let term = self.index.term(left, k);
            self.entries.push(k);
            self.remaining.push(left);
            self.terms.push(term);
            self.descend(left - FIB_U64[usize::from(k)] as u32, rank + term);
            self.entries.pop();
            self.remaining.pop();
            self.terms.pop();
        }
    }

    /// A whole position of rank `rank`: its children's ranks, then the visit.
    fn position(&mut self, rank: u64) {
        self.children.clear();
        for j in 0..self.entries.len().saturating_sub(1) {
            let (a, b) = (self.entries[j], self.entries[j + 1]);
            // In the list, b stands left of a.
            let Some(kind) = pair_move(b, a) else { continue };
            let (new, len) = replacement(b, a, kind);
            let r = self.remaining[j];
            let mut child = rank - self.terms[j] - self.terms[j + 1];
            if len == 1 {
                child += self.index.term(r, new[0]);
            } else {
                // Read from the right: the pair's right entry first.
                child += self.index.term(r, new[1]);
                child += self.index.term(r - FIB_U64[usize::from(new[1])] as u32, new[0]);
            }
            self.children.push(child);
        }
        (self.visit)(rank, &self.children);
    }
}

impl OrderedSolution {
    /// The game's ranking.
    pub fn index(&self) -> &OrderedIndex {
        &self.index
    }

    /// The outcome of rank `r` for the player to move.
    pub fn outcome(&self, r: u64) -> Outcome {
        Outcome::win_if(self.wins[(r / 64) as usize] >> (r % 64) & 1 == 1)
    }

    /// The remoteness of rank `r`, when solved with it.
    pub fn remoteness(&self, r: u64) -> Option<u32> {
        self.remoteness.as_ref().map(|t| u32::from(t[r as usize]))
    }

    /// The positions that are losses for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.iter().map(|w| u64::from(w.count_ones())).sum::<u64>()
    }
}

/// Memory a solve takes: the outcome bits, and 2 bytes a position for remoteness.
pub fn ordered_solve_bytes(index: &OrderedIndex, with_remoteness: bool) -> u128 {
    let count = u128::from(index.count());
    count.div_ceil(64) * 8 + if with_remoteness { 2 * count } else { 0 }
}

/// Why the ordered game is not solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OrderedSolveError {
    /// n is 0 or past the largest n of the solve asked for ([`ORDERED_FLAT_TO`] for a table,
    /// [`ORDERED_COUNTS_TO`] for the figures alone).
    #[error("invalid n = {n}: the ordered game is solved for 1 <= n <= {limit}")]
    OutOfRange {
        /// The n asked for.
        n: u32,
        /// The largest n of that solve.
        limit: u32,
    },
    /// The solve's tables would pass the memory allowed.
    #[error(
        "the ordered game on n = {n} needs {:.1} GiB (more than the {:.1} GiB allowed){}",
        *bytes as f64 / f64::from(1u32 << 30),
        *limit as f64 / f64::from(1u32 << 30),
        if *with_remoteness { "; --no-remoteness needs 2 bytes a position less" } else { "" }
    )]
    TooLarge {
        /// The n asked for.
        n: u32,
        /// The bytes its tables need.
        bytes: u128,
        /// The bytes allowed.
        limit: u128,
        /// Whether remoteness was asked for.
        with_remoteness: bool,
    },
    /// The system refused the memory (within the limit, but more than it would give).
    #[error(
        "the system refused the {:.1} GiB the ordered game on n = {n} needs",
        *bytes as f64 / f64::from(1u32 << 30)
    )]
    NoMemory {
        /// The n asked for.
        n: u32,
        /// The bytes asked for.
        bytes: u128,
    },
    /// The cancel token was set.
    #[error("cancelled")]
    Cancelled,
}

/// Solves the ordered game on `n` (with remoteness if asked), refusing when it would take more
/// than `memory_limit` bytes.
///
/// # Errors
/// [`OrderedSolveError::OutOfRange`] for n = 0 or n past [`ORDERED_FLAT_TO`],
/// [`OrderedSolveError::TooLarge`] for a solve too large for the limit.
pub fn solve_ordered(
    n: u32,
    with_remoteness: bool,
    memory_limit: u128,
) -> Result<OrderedSolution, OrderedSolveError> {
    solve_ordered_until(n, with_remoteness, memory_limit, &zecklab_games::Cancel::new())
}

/// [`solve_ordered`], stopped when `cancel` is cancelled.
///
/// # Errors
/// As [`solve_ordered`], and [`OrderedSolveError::Cancelled`].
pub fn solve_ordered_until(
    n: u32,
    with_remoteness: bool,
    memory_limit: u128,
    cancel: &zecklab_games::Cancel,
) -> Result<OrderedSolution, OrderedSolveError> {
    let index = index_to(n, ORDERED_FLAT_TO)?;
    let bytes = ordered_solve_bytes(&index, with_remoteness);
    if bytes > memory_limit {
        return Err(OrderedSolveError::TooLarge { n, bytes, limit: memory_limit, with_remoteness });
    }
    if !with_remoteness {
        // Outcomes alone: whole blocks of ranks at once, on every core.
        let wins = super::blocks::outcome_bits(&index, cores(), cancel)
            .ok_or(OrderedSolveError::NoMemory { n, bytes })?;
        if cancel.is_cancelled() {
            return Err(OrderedSolveError::Cancelled);
        }
        return Ok(OrderedSolution { index, wins, remoteness: None });
    }
    let count = index.count();
    let mut wins = vec![0u64; count.div_ceil(64) as usize];
    let mut remoteness = with_remoteness.then(|| vec![0u16; count as usize]);
    sweep_until(&index, cancel, |r, children| {
        let loss = |c: u64| wins[(c / 64) as usize] >> (c % 64) & 1 == 0;
        let win = children.iter().any(|&c| loss(c));
        if let Some(table) = remoteness.as_mut() {
            let value = if children.is_empty() {
                0
            } else if win {
                1 + children
                    .iter()
                    .filter(|&&c| loss(c))
                    .map(|&c| table[c as usize])
                    .min()
                    .expect("a losing child")
            } else {
                1 + children.iter().map(|&c| table[c as usize]).max().expect("children")
            };
            table[r as usize] = value;
        }
        if win {
            wins[(r / 64) as usize] |= 1 << (r % 64);
        }
    });
    if cancel.is_cancelled() {
        return Err(OrderedSolveError::Cancelled);
    }
    Ok(OrderedSolution { index, wins, remoteness })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_visits_every_rank_from_the_top_with_its_childrens_ranks() {
        for n in 1..=14 {
            let index = OrderedIndex::new(n).unwrap();
            let mut expected = index.count();
            sweep(&index, |r, children| {
                expected -= 1;
                assert_eq!(r, expected, "n = {n}: ranks from the top down");
                let p = index.unrank(r);
                let mut want: Vec<u64> =
                    p.moves().into_iter().map(|m| index.rank(&p.apply(m).unwrap()).unwrap()).collect();
                let mut got = children.to_vec();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{p}");
            });
            assert_eq!(expected, 0);
        }
    }

    #[test]
    fn a_cancelled_solve_says_so() {
        let cancel = zecklab_games::Cancel::new();
        cancel.cancel();
        for with in [false, true] {
            assert_eq!(
                solve_ordered_until(20, with, 1 << 30, &cancel).unwrap_err(),
                OrderedSolveError::Cancelled
            );
        }
        assert_eq!(
            ordered_counts_until(20, 1 << 30, &cancel, |_, _| {}).unwrap_err(),
            OrderedSolveError::Cancelled
        );
    }

    #[test]
    fn the_figures_alone_refuse_what_they_cannot_hold() {
        let never = zecklab_games::Cancel::new();
        assert_eq!(
            ordered_counts_until(51, u128::MAX, &never, |_, _| {}).unwrap_err(),
            OrderedSolveError::OutOfRange { n: 51, limit: ORDERED_COUNTS_TO }
        );
        let error = ordered_counts_until(43, 20 << 30, &never, |_, _| {}).unwrap_err();
        assert!(matches!(error, OrderedSolveError::TooLarge { n: 43, .. }), "{error:?}");
        assert!(error.to_string().starts_with("the ordered game on n = 43 needs 2"), "{error}");
        let counts = ordered_counts_until(12, 1 << 30, &never, |_, _| {}).unwrap();
        let table = solve_ordered(12, false, 1 << 30).unwrap();
        assert_eq!(
            counts,
            OrderedCounts {
                n: 12,
                positions: 1206,
                p_positions: table.p_positions(),
                start: table.outcome(0)
            }
        );
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    #[test]
    #[ignore = "a measurement, by hand"]
    fn ordered_by_hand() {
        for n in [25u32, 28, 30] {
            for with in [false, true] {
                let start = std::time::Instant::now();
                let s = solve_ordered(n, with, 1 << 34).unwrap();
                println!(
                    "n {n} remoteness {with}: {:.2}s positions {} p {} start win {} rem {:?}",
                    start.elapsed().as_secs_f64(),
                    s.index().count(),
                    s.p_positions(),
                    s.outcome(0).is_win(),
                    s.remoteness(0)
                );
            }
        }
    }
}
