//! The black-hole Zeckendorf games (Cashman, Miller, Shuffelton and Son, 2024): the Zeckendorf
//! game played in the columns `F_1 .. F_(m-1)` only; a piece a move would put on `F_m` falls into
//! the black hole and leaves play, the rest of the move happening as usual. So `F(m-2) ∧ F(m-1)`
//! just removes both pieces, and `2 F(m-1)` leaves one `F(m-3)` (at m = 3, `2 F2` leaves one
//! `F1`); at m = 2, `1 ∧ 1` removes both ones. Normal play: whoever cannot move loses (a start
//! with no move is Player 2's). The end is not unique: what is left depends on what fell in.
//!
//! A position is its counts `(c_1, .., c_(m-1))`. Every move lowers the value `sum c_i F_i` or
//! keeps it and moves as the ordinary game's moves do, so the game ends; the solver searches
//! the positions reachable from the start, depth first, each decided once.

use std::collections::HashMap;
use std::fmt;

use zecklab_numeration::fib::FIB_U64;

/// The largest black hole: `F_m` for `m` up to this (the columns must rank in a `u64`).
pub const BLACK_HOLE_LARGEST_M: usize = 40;

/// A move of a black-hole game, by the index it acts on (as the ordinary game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoleMove {
    /// `1 ∧ 1 -> 2`.
    CombineOnes,
    /// `F(i-1) ∧ F(i) -> F(i+1)`, `2 <= i <= m-1`.
    Combine(usize),
    /// `2 F(i) -> F(i-2) + F(i+1)` (`2 F2 -> F1 + F3`), `2 <= i <= m-1`.
    Split(usize),
}

impl fmt::Display for HoleMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = |i: usize| FIB_U64[i];
        match *self {
            HoleMove::CombineOnes => f.write_str("{F1 ∧ F1 -> F2}"),
            HoleMove::Combine(i) => {
                write!(f, "{{F{} ∧ F{} -> F{}}} ({} + {} -> {})", i - 1, i, i + 1, v(i - 1), v(i), v(i + 1))
            }
            HoleMove::Split(2) => f.write_str("{F2 ∧ F2 -> F1 ∧ F3} (2 + 2 -> 1 + 3)"),
            HoleMove::Split(i) => {
                write!(
                    f,
                    "{{F{i} ∧ F{i} -> F{} ∧ F{}}} ({} + {} -> {} + {})",
                    i - 2,
                    i + 1,
                    v(i),
                    v(i),
                    v(i - 2),
                    v(i + 1)
                )
            }
        }
    }
}

/// A black-hole game's rules: the hole on `F_m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlackHole {
    m: usize,
}

/// Why a black-hole game cannot be set up or solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BlackHoleError {
    /// The hole's index is out of range.
    #[error(
        "invalid black hole M = {m}: the hole sits on F_M with 2 <= M <= {BLACK_HOLE_LARGEST_M} (play uses F_1 .. F_(M-1))"
    )]
    NoSuchHole {
        /// The index asked for.
        m: usize,
    },
    /// A count is not a whole number.
    #[error("invalid count '{text}': each count is a whole number of pieces")]
    BadCount {
        /// The count as written.
        text: String,
    },
    /// Not one count for each column in play.
    #[error("give exactly {} counts, one for each column F_1 .. F_{} in play (M = {m}): '{text}' has {given}", m - 1, m - 1)]
    WrongCounts {
        /// The hole's index.
        m: usize,
        /// The counts as written.
        text: String,
        /// How many counts were given.
        given: usize,
    },
    /// More positions are reachable than the solve may hold.
    #[error("more than {most} positions are reachable from that start: too large to solve here")]
    TooManyPositions {
        /// The most positions allowed.
        most: usize,
    },
}

impl BlackHole {
    /// The game with the black hole on `F_m`.
    ///
    /// # Errors
    /// `m` below 2 or above [`BLACK_HOLE_LARGEST_M`].
    pub fn new(m: usize) -> Result<BlackHole, BlackHoleError> {
        if !(2..=BLACK_HOLE_LARGEST_M).contains(&m) {
            return Err(BlackHoleError::NoSuchHole { m });
        }
        Ok(BlackHole { m })
    }

    /// The hole's index `m`.
    pub fn m(&self) -> usize {
        self.m
    }

    /// The columns in play, `m - 1`.
    pub fn columns(&self) -> usize {
        self.m - 1
    }

    /// The start of n ones.
    pub fn start(&self, n: u32) -> Vec<u32> {
        let mut counts = vec![0; self.columns()];
        counts[0] = n;
        counts
    }

    /// Adds one piece on column `i` (1-based), unless it falls into the hole.
    fn put(&self, counts: &mut [u32], i: usize) {
        if i < self.m {
            counts[i - 1] += 1;
        }
    }

    /// Every legal move at `counts` with the position it leads to: combines by index, `1 ∧ 1`,
    /// splits by index (the ordinary game's order).
    pub fn moves(&self, counts: &[u32]) -> Vec<(HoleMove, Vec<u32>)> {
        let c = |i: usize| counts[i - 1];
        let mut out = Vec::new();
        for i in 2..self.m {
            if c(i - 1) >= 1 && c(i) >= 1 {
                let mut next = counts.to_vec();
                next[i - 2] -= 1;
                next[i - 1] -= 1;
                self.put(&mut next, i + 1);
                out.push((HoleMove::Combine(i), next));
            }
        }
        if c(1) >= 2 {
            let mut next = counts.to_vec();
            next[0] -= 2;
            self.put(&mut next, 2);
            out.push((HoleMove::CombineOnes, next));
        }
        for i in 2..self.m {
            if c(i) >= 2 {
                let mut next = counts.to_vec();
                next[i - 1] -= 2;
                self.put(&mut next, if i == 2 { 1 } else { i - 2 });
                self.put(&mut next, i + 1);
                out.push((HoleMove::Split(i), next));
            }
        }
        out
    }

    /// Reads counts `"a b c"` (exactly `m - 1` whole numbers, separated by spaces or commas).
    ///
    /// # Errors
    /// A count that is not a whole number, or the wrong number of counts.
    pub fn parse(&self, text: &str) -> Result<Vec<u32>, BlackHoleError> {
        let counts = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '_')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<u32>().map_err(|_| BlackHoleError::BadCount { text: t.to_string() }))
            .collect::<Result<Vec<u32>, _>>()?;
        if counts.len() != self.columns() {
            return Err(BlackHoleError::WrongCounts {
                m: self.m,
                text: text.to_string(),
                given: counts.len(),
            });
        }
        Ok(counts)
    }
}

/// A position's value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoleValue {
    pub win: bool,
    pub remoteness: u32,
    /// The shortest and longest games from here.
    pub shortest: u32,
    pub longest: u32,
}

/// Every position reachable from a start, decided.
#[derive(Clone, Debug)]
pub struct HoleSolution {
    pub rules: BlackHole,
    pub start: Vec<u32>,
    values: HashMap<Vec<u32>, HoleValue>,
}

impl HoleSolution {
    /// The value of a reached position.
    pub fn value(&self, counts: &[u32]) -> Option<HoleValue> {
        self.values.get(counts).copied()
    }

    /// Every reached position with its value, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u32], HoleValue)> {
        self.values.iter().map(|(k, &v)| (k.as_slice(), v))
    }

    /// The positions reachable from the start (start included).
    pub fn positions(&self) -> u64 {
        self.values.len() as u64
    }

    /// Those that are losses for the player to move.
    pub fn p_positions(&self) -> u64 {
        self.values.values().filter(|v| !v.win).count() as u64
    }
}

/// Decides every position reachable from `start`, refusing past `max_positions`.
///
/// # Errors
/// When more than `max_positions` positions are reachable.
pub fn solve_black_hole(
    rules: BlackHole,
    start: &[u32],
    max_positions: usize,
) -> Result<HoleSolution, BlackHoleError> {
    let mut values: HashMap<Vec<u32>, HoleValue> = HashMap::new();
    // Depth first without recursion: a position is decided once all its children are.
    let mut stack: Vec<(Vec<u32>, bool)> = vec![(start.to_vec(), false)];
    while let Some((counts, expanded)) = stack.pop() {
        if values.contains_key(&counts) {
            continue;
        }
        let moves = rules.moves(&counts);
        if !expanded {
            stack.push((counts, true));
            for (_, child) in moves.into_iter().rev() {
                if !values.contains_key(&child) {
                    stack.push((child, false));
                }
            }
            continue;
        }
        let children: Vec<HoleValue> = moves.iter().map(|(_, c)| values[c]).collect();
        let value = if children.is_empty() {
            HoleValue { win: false, remoteness: 0, shortest: 0, longest: 0 }
        } else {
            let win = children.iter().any(|v| !v.win);
            let remoteness = if win {
                1 + children.iter().filter(|v| !v.win).map(|v| v.remoteness).min().expect("a loss")
            } else {
                1 + children.iter().map(|v| v.remoteness).max().expect("children")
            };
            HoleValue {
                win,
                remoteness,
                shortest: 1 + children.iter().map(|v| v.shortest).min().expect("children"),
                longest: 1 + children.iter().map(|v| v.longest).max().expect("children"),
            }
        };
        values.insert(counts, value);
        if values.len() > max_positions {
            return Err(BlackHoleError::TooManyPositions { most: max_positions });
        }
    }
    Ok(HoleSolution { rules, start: start.to_vec(), values })
}

/// A way the pre-game's placements can end, and who wins the decomposition from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PregameEnd {
    pub ones: u32,
    pub outer: u32,
    pub player_one_wins: bool,
}

/// The pre-game's winner and the ways its placements can end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pregame {
    pub player_one_wins: bool,
    pub ends: Vec<PregameEnd>,
}

/// The one reading of the pre-game computed here: the n pieces are placed one a turn, Player 1
/// first, each on `F_1` or `F_(m-1)` as its placer chooses; then the decomposition phase starts
/// with Player 1 (as the authors' program always does); whoever makes its last move wins the whole
/// game. Returns whether Player 1 wins, and for each way `(ones, outer)` the placements can end, who
/// wins the decomposition.
pub fn pregame_one_at_a_time(
    rules: BlackHole,
    n: u32,
    max_positions: usize,
) -> Result<Pregame, BlackHoleError> {
    let outer = rules.columns();
    let mut ends = Vec::new();
    for ones in 0..=n {
        let mut start = vec![0; outer];
        start[0] += ones;
        start[outer - 1] += n - ones;
        let solution = solve_black_hole(rules, &start, max_positions)?;
        let player_one_wins = solution.value(&start).expect("the start").win;
        ends.push(PregameEnd { ones, outer: n - ones, player_one_wins });
    }
    // Backwards over the placements: after k pieces (j of them ones), the player to place is
    // Player 1 when k is even; Player 1 wants a decomposition Player 1 wins.
    let player_one_wins_end = |ones: u32| ends[ones as usize].player_one_wins;
    let mut wins: Vec<bool> = (0..=n).map(player_one_wins_end).collect();
    for k in (0..n).rev() {
        let player_one = k % 2 == 0;
        wins = (0..=k)
            .map(|j| {
                let (a, b) = (wins[j as usize + 1], wins[j as usize]);
                if player_one {
                    a || b
                } else {
                    a && b
                }
            })
            .collect();
    }
    Ok(Pregame { player_one_wins: wins[0], ends })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_of_m_four_are_the_codes_five() {
        let rules = BlackHole::new(4).unwrap();
        let after = |counts: [u32; 3]| -> Vec<Vec<u32>> {
            rules.moves(&counts).into_iter().map(|(_, c)| c).collect()
        };
        // 1 + 2 -> 3; 2 + 3 -> (5, lost); 1 + 1 -> 2; 2 + 2 -> 1 + 3; 3 + 3 -> 1 + (5, lost).
        assert_eq!(after([1, 1, 0]), [vec![0, 0, 1]]);
        assert_eq!(after([0, 1, 1]), [vec![0, 0, 0]]);
        assert_eq!(after([2, 0, 0]), [vec![0, 1, 0]]);
        assert_eq!(after([0, 2, 0]), [vec![1, 0, 1]]);
        assert_eq!(after([0, 0, 2]), [vec![1, 0, 0]]);
        // m = 3: 1 + 2 -> (3, lost); 2 + 2 -> 1 + (3, lost). m = 2: 1 + 1 -> (2, lost).
        let three = BlackHole::new(3).unwrap();
        assert_eq!(three.moves(&[1, 1]).into_iter().map(|(_, c)| c).collect::<Vec<_>>(), [vec![0, 0]]);
        assert_eq!(three.moves(&[0, 2]).into_iter().map(|(_, c)| c).collect::<Vec<_>>(), [vec![1, 0]]);
        assert_eq!(
            BlackHole::new(2).unwrap().moves(&[3]).into_iter().map(|(_, c)| c).collect::<Vec<_>>(),
            [vec![1]]
        );
    }

    #[test]
    fn the_two_column_game_is_parity() {
        // m = 2: n ones allow floor(n / 2) moves; Player 1 wins when that is odd.
        let rules = BlackHole::new(2).unwrap();
        for n in 0..40 {
            let s = solve_black_hole(rules, &rules.start(n), 1 << 20).unwrap();
            assert_eq!(s.value(&s.start).unwrap().win, (n / 2) % 2 == 1, "n = {n}");
        }
    }

    #[test]
    fn bad_rules_and_starts_are_refused() {
        assert!(BlackHole::new(1).is_err() && BlackHole::new(41).is_err());
        let rules = BlackHole::new(4).unwrap();
        assert!(rules.parse("4 0").unwrap_err().to_string().contains("exactly 3"));
        assert!(rules.parse("4 -1 3").unwrap_err().to_string().contains("'-1'"));
        assert_eq!(rules.parse("4, 0, 3").unwrap(), [4, 0, 3]);
    }
}
