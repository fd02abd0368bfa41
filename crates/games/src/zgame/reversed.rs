//! The reversed Zeckendorf game of Batterman, Jambhale, Miller et al. ("The Reversed Zeckendorf
//! Game", arXiv 2309.12748): play starts where the Zeckendorf game ends, at the Zeckendorf
//! representation of `n`, and every move is a move of the Zeckendorf game taken back
//! (`F(i+1) -> F(i-1) ∧ F(i)`, `F2 -> F1 ∧ F1`, `F1 ∧ F3 -> F2 ∧ F2`,
//! `F(i-2) ∧ F(i+1) -> F(i) ∧ F(i)`); it ends with all `n` parts equal to `F1`, and whoever
//! makes the last move wins.
//!
//! **Same positions, edges reversed.** A move of the reversed game from `q` to `p` is a move of
//! the Zeckendorf game from `p` to `q`. Every partition of `n` into Fibonacci parts reaches the
//! Zeckendorf representation in the Zeckendorf game, so every one is reached from it here: the
//! positions are those of [`PositionIndex`], and the only position without a move is the start
//! of the Zeckendorf game (any other has a part `F_i`, `i >= 2`, that a combine made).
//!
//! **Order.** Zeckendorf-game moves go up in rank, so reversed moves go down: a position's
//! children here are its parents there, all of lower rank. [`solve_reversed`] walks the ranks
//! upwards with the Zeckendorf game's children ([`walk`]); when it reaches a rank, every child
//! (of the reversed game) has pushed its value into it, so its value is final, and it pushes
//! that value on to its own parents (of the reversed game). The same walk gives the exact
//! lengths ([`reversed_lengths`]): the shortest and longest games and the number of games are
//! those of the Zeckendorf game (a game reversed is a game), random play is not.

use std::fmt;

use num_bigint::BigUint;
use num_traits::One;

use super::index::PositionIndex;
use super::lengths::{LengthTables, Lengths, Mixture};
use super::position::{
    for_each_undoable_move, is_undoable_on_counts, undo_on_counts, ZMove, ZPosition, ZgameError,
};
use super::ranks::{walk, walk_while};
use super::solver::tier_counts;
use super::TierCount;
use crate::Outcome;

/// A move of the reversed game: a move of the Zeckendorf game taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReversedMove(ZMove);

impl ReversedMove {
    /// The reversed game's move that takes back `m`.
    pub fn undoing(m: ZMove) -> ReversedMove {
        ReversedMove(m)
    }

    /// The Zeckendorf game's move this one takes back.
    pub fn undoes(self) -> ZMove {
        self.0
    }

    /// Every move of the reversed game from `p`, in the order of the Zeckendorf game's moves
    /// they take back (combines by index, combine 1s, splits by index).
    pub fn all(p: &ZPosition) -> Vec<ReversedMove> {
        let mut moves = Vec::new();
        for_each_undoable_move(p.counts(), |m| moves.push(ReversedMove(m)));
        moves
    }

    /// The position after this move.
    ///
    /// # Errors
    /// [`ZgameError::IllegalMove`] when a part the move takes is missing.
    pub fn apply(self, p: &ZPosition) -> Result<ZPosition, ZgameError> {
        if !is_undoable_on_counts(p.counts(), self.0) {
            return Err(ZgameError::IllegalMove(format!("{self} is not available in {p}")));
        }
        let mut counts = p.counts().to_vec();
        counts.resize(counts.len().max(self.0.highest_index()), 0);
        undo_on_counts(&mut counts, self.0);
        ZPosition::from_counts(counts)
    }
}

impl fmt::Display for ReversedMove {
    /// The paper's notation with the sides swapped: `{F1 ∧ F3 -> F2 ∧ F2}`, `{F4 -> F2 ∧ F3}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side =
            |indices: &[usize]| indices.iter().map(|i| format!("F{i}")).collect::<Vec<_>>().join(" ∧ ");
        write!(f, "{{{} -> {}}}", side(&self.0.result_indices()), side(&self.0.taken_indices()))
    }
}

/// Every position of the reversed game on `n` solved: outcome and remoteness.
#[derive(Clone, Debug)]
pub struct ReversedSolution {
    index: PositionIndex,
    /// Bit `r`: the player to move at rank `r` wins.
    wins: Vec<u64>,
    remoteness: Vec<u16>,
    start: u64,
}

impl ReversedSolution {
    /// The ranking of the positions (the Zeckendorf game's).
    pub fn index(&self) -> &PositionIndex {
        &self.index
    }

    /// The rank of the start, the Zeckendorf representation of `n`.
    pub fn start_rank(&self) -> u64 {
        self.start
    }

    /// The outcome for the player to move at rank `r`.
    pub fn outcome(&self, r: u64) -> Outcome {
        Outcome::win_if(self.wins[(r / 64) as usize] >> (r % 64) & 1 == 1)
    }

    /// The remoteness of rank `r`.
    pub fn remoteness(&self, r: u64) -> u32 {
        u32::from(self.remoteness[r as usize])
    }

    /// The number of losses for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.iter().map(|w| u64::from(w.count_ones())).sum::<u64>()
    }

    /// Positions and P-positions by number of parts, from the most parts (`n` ones, where the
    /// reversed game ends) down to the fewest (its start).
    pub fn tiers(&self) -> Vec<TierCount> {
        tier_counts(&self.index, |r| !self.outcome(r).is_win())
    }
}

/// Why the reversed game could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReversedError {
    /// The positions cannot be ranked (`n` past what [`PositionIndex`] holds) or counted in memory.
    TooLarge(u32),
    /// A remoteness past 65,535 moves, the table's width.
    RemotenessOverflow(u32),
    /// The caller cancelled the solve.
    Cancelled,
}

impl fmt::Display for ReversedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReversedError::TooLarge(n) => write!(f, "n = {n} is too large to rank every position"),
            ReversedError::Cancelled => write!(f, "the solve was cancelled"),
            ReversedError::RemotenessOverflow(n) => {
                write!(f, "a remoteness of the reversed game on {n} exceeds 65,535 moves")
            }
        }
    }
}

impl std::error::Error for ReversedError {}

/// Bytes [`solve_reversed`] holds for the game on `n` (`None` when it cannot be ranked): two
/// bytes of remoteness and two of a child's least remoteness a position, and the outcome bit.
pub fn reversed_bytes(n: u32) -> Option<u128> {
    let count = u128::from(PositionIndex::new(n)?.count());
    Some(count * 4 + count.div_ceil(64) * 8)
}

/// How often (in positions) the sweeps here report progress.
const PROGRESS_STEP: u64 = 1 << 16;

/// Solves every position of the reversed game on `n`; `progress(done, total)` is called every
/// few ten thousand positions.
///
/// # Errors
/// [`ReversedError`] when `n` cannot be ranked or a remoteness does not fit in two bytes.
pub fn solve_reversed(n: u32, progress: impl FnMut(u64, u64)) -> Result<ReversedSolution, ReversedError> {
    solve_reversed_until(n, &crate::Cancel::new(), progress)
}

/// [`solve_reversed`], stopping with [`ReversedError::Cancelled`] once `cancel` is cancelled.
///
/// # Errors
/// As [`solve_reversed`], and [`ReversedError::Cancelled`].
pub fn solve_reversed_until(
    n: u32,
    cancel: &crate::Cancel,
    mut progress: impl FnMut(u64, u64),
) -> Result<ReversedSolution, ReversedError> {
    let index = PositionIndex::new(n).ok_or(ReversedError::TooLarge(n))?;
    let count = usize::try_from(index.count()).map_err(|_| ReversedError::TooLarge(n))?;
    // Before a rank is reached: the least (remoteness + 1) over its losing children (MAX: none)
    // and the greatest (remoteness + 1) over all of them (0: none). Once reached, `slowest`
    // holds its own remoteness.
    let mut fastest = vec![u16::MAX; count];
    let mut slowest = vec![0u16; count];
    let mut wins = vec![0u64; count.div_ceil(64)];
    let mut overflow = false;
    let finished = walk_while(&index, true, |r, parents| {
        if r % PROGRESS_STEP == 0 {
            if cancel.is_cancelled() {
                return false;
            }
            progress(r, count as u64);
        }
        let r = r as usize;
        let (win, remoteness) = match (slowest[r], fastest[r]) {
            (0, _) => (false, 0),
            (_, u16::MAX) => (false, slowest[r]),
            (_, fast) => (true, fast),
        };
        if win {
            wins[r / 64] |= 1 << (r % 64);
        }
        slowest[r] = remoteness;
        let Some(up) = remoteness.checked_add(1).filter(|&up| up < u16::MAX) else {
            overflow |= !parents.is_empty();
            return true;
        };
        for parent in parents {
            let p = parent.rank as usize;
            slowest[p] = slowest[p].max(up);
            if !win {
                fastest[p] = fastest[p].min(up);
            }
        }
        true
    });
    if !finished {
        return Err(ReversedError::Cancelled);
    }
    if overflow {
        return Err(ReversedError::RemotenessOverflow(n));
    }
    let end = ZPosition::start(n).map_err(|_| ReversedError::TooLarge(n))?;
    let start_position = zeckendorf_position(n);
    let start = index.rank(&start_position).ok_or(ReversedError::TooLarge(n))?;
    debug_assert_eq!(index.rank(&end), Some(0), "all ones is the lowest rank");
    progress(count as u64, count as u64);
    Ok(ReversedSolution { index, wins, remoteness: slowest, start })
}

/// The Zeckendorf representation of `n` as a position (where the reversed game starts).
pub fn zeckendorf_position(n: u32) -> ZPosition {
    let representation = zecklab_numeration::zeckendorf_u64(u64::from(n));
    let indices = representation.indices();
    let top = indices.iter().copied().max().unwrap_or(1) as usize;
    let mut counts = vec![0u32; top];
    for &i in indices {
        counts[i as usize - 1] += 1;
    }
    ZPosition::from_counts(counts).expect("n >= 1 has a nonempty representation")
}

/// The exact lengths of the reversed game on `n` over its whole position graph, in the fields of
/// [`Lengths`] (random play chooses uniformly among the reversed game's moves); `None` when `n`
/// cannot be ranked.
pub fn reversed_lengths(n: u32, mut progress: impl FnMut(u64, u64)) -> Option<Lengths> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    // Before a rank is reached these gather its children's figures (the children push them);
    // once reached, they hold its own.
    let mut moves = vec![0u32; count];
    let mut mixtures = vec![Mixture::default(); count];
    let mut t = LengthTables::new(count, u32::MAX);
    let LengthTables { shortest, longest, mean, variance, mover_last, games } = &mut t;
    walk(&index, true, |r, parents| {
        if r % PROGRESS_STEP == 0 {
            progress(r, count as u64);
        }
        let r = r as usize;
        if moves[r] == 0 {
            (shortest[r], longest[r], games[r]) = (0, 0, BigUint::one());
        } else {
            let k = f64::from(moves[r]);
            shortest[r] += 1;
            longest[r] += 1;
            (mean[r], variance[r]) = mixtures[r].one_move_before();
            mover_last[r] /= k;
        }
        for parent in parents {
            let p = parent.rank as usize;
            moves[p] += 1;
            shortest[p] = shortest[p].min(shortest[r]);
            longest[p] = longest[p].max(longest[r]);
            mixtures[p].add(mean[r], variance[r]);
            // The mover makes the last move iff the opponent does not from the child.
            mover_last[p] += 1.0 - mover_last[r];
            let child_games = games[r].clone();
            games[p] += child_games;
        }
    });
    let s = index.rank(&zeckendorf_position(n))?;
    Some(t.at(n, s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::lengths;

    #[test]
    fn reversed_moves_are_the_zeckendorf_moves_taken_back() {
        for n in 1..=40 {
            let index = PositionIndex::new(n).unwrap();
            let positions: Vec<ZPosition> = (0..index.count()).map(|r| index.unrank(r)).collect();
            // The reversed game's moves out of each position, found by inverting every edge.
            let mut inverted: std::collections::HashMap<ZPosition, Vec<(String, ZPosition)>> =
                positions.iter().map(|p| (p.clone(), Vec::new())).collect();
            for p in &positions {
                for m in p.moves() {
                    let child = p.apply(m).unwrap();
                    inverted.get_mut(&child).unwrap().push((ReversedMove::undoing(m).to_string(), p.clone()));
                }
            }
            for p in &positions {
                let mut got: Vec<(String, ZPosition)> =
                    ReversedMove::all(p).into_iter().map(|m| (m.to_string(), m.apply(p).unwrap())).collect();
                let want = inverted.get_mut(p).unwrap();
                got.sort();
                want.sort();
                assert_eq!(&got, want, "n = {n}, {p}");
                assert_eq!(got.is_empty(), *p == ZPosition::start(n).unwrap(), "only all ones is terminal");
            }
        }
    }

    #[test]
    fn reversed_move_text_and_illegal_moves() {
        let split = ReversedMove::undoing(ZMove::split(2).unwrap());
        assert_eq!(split.to_string(), "{F1 ∧ F3 -> F2 ∧ F2}");
        assert_eq!(ReversedMove::undoing(ZMove::combine(3).unwrap()).to_string(), "{F4 -> F2 ∧ F3}");
        assert_eq!(ReversedMove::undoing(ZMove::CombineOnes).to_string(), "{F2 -> F1 ∧ F1}");
        let p = ZPosition::parse("1^2 5").unwrap();
        assert!(split.apply(&p).is_err());
        assert_eq!(ReversedMove::undoing(ZMove::split(3).unwrap()).apply(&p).unwrap().to_string(), "1^1 3^2");
    }

    #[test]
    fn shortest_longest_and_game_counts_are_the_zeckendorf_games() {
        for n in 1..=45 {
            let forward = lengths(n, |_, _| {}).unwrap();
            let reversed = reversed_lengths(n, |_, _| {}).unwrap();
            assert_eq!(
                (reversed.shortest, reversed.longest, &reversed.games),
                (forward.shortest, forward.longest, &forward.games),
                "n = {n}"
            );
            let solution = solve_reversed(n, |_, _| {}).unwrap();
            let r = solution.start_rank();
            let remoteness = solution.remoteness(r);
            assert!((forward.shortest..=forward.longest).contains(&remoteness), "n = {n}");
            assert_eq!(remoteness % 2 == 1, solution.outcome(r).is_win(), "n = {n}: the last mover wins");
        }
    }
}
