//! The strong solver: outcome and remoteness of every position of the game on `n`, in dense
//! tables indexed by [`PositionIndex`] rank.
//!
//! Ranks are swept from the top down; every move goes to a higher rank, so every child is
//! solved before its parent. Outcomes take one bit a position; remoteness (optional) a `u16`.
//! Memory is checked before anything large is allocated.

use std::fmt;

use super::index::PositionIndex;
use crate::Outcome;

/// Outcome and remoteness of one position.
///
/// | field | meaning |
/// | --- | --- |
/// | `outcome` | win or loss for the player to move |
/// | `remoteness` | 0 at the end; a win is 1 + the least remoteness of a losing child; a loss is 1 + the greatest remoteness of a child |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win or loss for the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play (winner hurries, loser delays).
    pub remoteness: u32,
}

impl Value {
    /// The value of a position from its children's values (none: a terminal loss).
    pub fn from_children(children: &[Value]) -> Value {
        let fastest_win = children.iter().filter(|c| c.outcome == Outcome::Loss).map(|c| c.remoteness).min();
        match fastest_win {
            Some(r) => Value { outcome: Outcome::Win, remoteness: r + 1 },
            None => Value {
                outcome: Outcome::Loss,
                remoteness: children.iter().map(|c| c.remoteness + 1).max().unwrap_or(0),
            },
        }
    }
}

/// Why a solve cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// `n` must be at least 1.
    ZeroN,
    /// The tables would need more memory than allowed.
    TooLarge {
        /// The n asked for.
        n: u32,
        /// Positions of the game on n (saturated at u64::MAX).
        positions: u64,
        /// Bytes the tables need.
        bytes: u128,
        /// The limit.
        limit: u128,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ZeroN => f.write_str("invalid n = 0: the game needs n >= 1"),
            SolveError::TooLarge { n, positions, bytes, limit } => write!(
                f,
                "n = {n} has {positions} positions; its tables need about {} MiB, more than the {} MiB allowed",
                bytes >> 20,
                limit >> 20
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solved game on `n`.
#[derive(Clone, Debug)]
pub struct Solution {
    index: PositionIndex,
    /// Bit `r` set: the position of rank `r` is a win for the player to move.
    wins: Vec<u64>,
    remoteness: Option<Vec<u16>>,
}

impl Solution {
    /// The ranking used.
    pub fn index(&self) -> &PositionIndex {
        &self.index
    }

    /// The outcome of the position with rank `r`.
    pub fn outcome(&self, r: u64) -> Outcome {
        Outcome::win_if(self.wins[(r / 64) as usize] >> (r % 64) & 1 == 1)
    }

    /// The remoteness of rank `r`, when remoteness was computed.
    pub fn remoteness(&self, r: u64) -> Option<u32> {
        self.remoteness.as_ref().map(|t| u32::from(t[r as usize]))
    }

    /// Positions that are a loss for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.index.count() - self.wins.iter().map(|w| u64::from(w.count_ones())).sum::<u64>()
    }

    /// The rank of the start position `{1^n}` (all counts in `c_1`): rank 0.
    pub fn start_rank(&self) -> u64 {
        0
    }
}

/// Bytes the tables for the game on `n` need: 1 bit a position, plus 2 bytes with remoteness.
pub fn bytes_needed(positions: u64, with_remoteness: bool) -> u128 {
    let p = u128::from(positions);
    p / 8 + 64 + if with_remoteness { 2 * p } else { 0 }
}

/// Solves every position of the game on `n`, refusing before allocating when the tables would
/// exceed `memory_limit` bytes. `progress(done, total)` is called now and then.
///
/// # Errors
/// [`SolveError`] for `n = 0` or tables past the memory limit.
pub fn solve(
    n: u32,
    with_remoteness: bool,
    memory_limit: u128,
    mut progress: impl FnMut(u64, u64),
) -> Result<Solution, SolveError> {
    if n == 0 {
        return Err(SolveError::ZeroN);
    }
    let index = PositionIndex::new(n).ok_or(SolveError::TooLarge {
        n,
        positions: u64::MAX,
        bytes: u128::MAX,
        limit: memory_limit,
    })?;
    let count = index.count();
    let bytes = bytes_needed(count, with_remoteness);
    if bytes > memory_limit {
        return Err(SolveError::TooLarge { n, positions: count, bytes, limit: memory_limit });
    }
    let mut wins = vec![0u64; count.div_ceil(64) as usize];
    let mut remoteness = with_remoteness.then(|| vec![0u16; count as usize]);
    let top = index.top();
    let mut counts = vec![0u32; top + 2];
    for r in (0..count).rev() {
        index.unrank_into(r, &mut counts[..top]);
        let mut any_loss = false;
        let (mut fastest, mut slowest) = (u32::MAX, 0u32);
        let mut visit = |child: u64| {
            let child_wins = wins[(child / 64) as usize] >> (child % 64) & 1 == 1;
            let child_rem = remoteness.as_ref().map_or(0, |t| u32::from(t[child as usize]));
            if !child_wins {
                any_loss = true;
                fastest = fastest.min(child_rem);
            }
            slowest = slowest.max(child_rem);
        };
        for_each_child(&index, &mut counts, &mut visit);
        if any_loss {
            wins[(r / 64) as usize] |= 1 << (r % 64);
        }
        if let Some(t) = remoteness.as_mut() {
            let value = if any_loss {
                fastest + 1
            } else if slowest == 0 {
                // A loss whose children all win has slowest >= 1, so 0 means no move at all.
                0
            } else {
                slowest + 1
            };
            t[r as usize] = value.min(u32::from(u16::MAX)) as u16;
        }
        if r % (1 << 20) == 0 {
            progress(count - r, count);
        }
    }
    Ok(Solution { index, wins, remoteness })
}

/// Calls `visit(rank)` for every child of the position in `counts` (which it restores).
fn for_each_child(index: &PositionIndex, counts: &mut [u32], visit: &mut impl FnMut(u64)) {
    let top = index.top();
    // counts has top + 2 slots so i + 1 never overflows; moves past `top` cannot exist because
    // the sum would exceed n.
    for i in 1..=top {
        let c = counts[i - 1];
        // Combine F(i-1) ∧ F(i) -> F(i+1), i >= 2.
        if i >= 2 && c >= 1 && counts[i - 2] >= 1 {
            counts[i - 2] -= 1;
            counts[i - 1] -= 1;
            counts[i] += 1;
            visit(index.rank_counts(&counts[..top]));
            counts[i - 2] += 1;
            counts[i - 1] += 1;
            counts[i] -= 1;
        }
        if c >= 2 {
            counts[i - 1] -= 2;
            match i {
                1 => counts[1] += 1,
                2 => {
                    counts[0] += 1;
                    counts[2] += 1;
                }
                _ => {
                    counts[i - 3] += 1;
                    counts[i] += 1;
                }
            }
            visit(index.rank_counts(&counts[..top]));
            counts[i - 1] += 2;
            match i {
                1 => counts[1] -= 1,
                2 => {
                    counts[0] -= 1;
                    counts[2] -= 1;
                }
                _ => {
                    counts[i - 3] -= 1;
                    counts[i] -= 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::NaiveSolver;

    #[test]
    fn fast_equals_naive_for_every_position() {
        for n in 1..=40 {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let mut naive = NaiveSolver::new();
            let index = solution.index();
            for r in 0..index.count() {
                let p = index.unrank(r);
                let v = naive.value(&p);
                assert_eq!(solution.outcome(r), v.outcome, "n = {n}, {p}");
                assert_eq!(solution.remoteness(r), Some(v.remoteness), "n = {n}, {p}");
            }
        }
    }

    #[test]
    fn refuses_before_allocating() {
        assert!(matches!(solve(5000, true, 1 << 30, |_, _| {}), Err(SolveError::TooLarge { .. })));
    }
}
