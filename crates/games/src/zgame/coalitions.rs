//! The Zeckendorf game for several players and alliances (Cusenza, Dunkelberg, Huffman, Ke,
//! Kleber, Miller, Mizgerd, Tiwari, Ye and Zheng, "Winning Strategy for the Multiplayer and
//! Multialliance Zeckendorf Games", arXiv 2009.03708): `p >= 2` players move in turn, Player 1,
//! 2, ..., p, 1, ..., with the moves of the Zeckendorf game, and whoever makes the last move
//! wins. A coalition (a set of players) wins when one of its members makes the last move.
//!
//! **What is solved.** Whether a coalition can force a win whatever the others do: a two-sided
//! game of the coalition against the rest, whose state is the position and whose turn it is. At
//! a coalition member's turn the coalition wins if some move leads to a state it wins; at an
//! outsider's turn, if every move does; at the end, if the player who moved last is a member.
//! (At n = 1 nobody moves; as in the two-player game, where Player 1 then loses, the player
//! before Player 1, Player p, counts as the last to move.)
//!
//! **All coalitions at once.** The `2^p` subsets of the players are the bits of a `u64`
//! (`p <= 6`): for each state, one word holds which coalitions win it. A member's turn ORs its
//! children's words, an outsider's ANDs them, and a mask of "the subsets holding the player to
//! move" picks between the two for every coalition at once. The sweep goes down the ranks of
//! [`PositionIndex`] (children above parents) with [`walk`], one word per position and turn.

use super::index::PositionIndex;
use super::ranks::walk_while;
use super::ZPosition;

/// The most players (the subsets of the players are the bits of a `u64`).
pub const MAX_PLAYERS: u32 = 6;

/// A set of players as a bit mask: bit `i` is Player `i + 1`.
pub type Coalition = u64;

/// Every state of the game on `n` with `players` players solved for every coalition.
#[derive(Clone, Debug)]
pub struct CoalitionSolution {
    index: PositionIndex,
    players: u32,
    /// `wins[r * players + t]`: bit `s` set when coalition `s` wins at rank `r` with Player
    /// `t + 1` to move.
    wins: Vec<u64>,
    start: u64,
}

impl CoalitionSolution {
    /// The ranking of the positions.
    pub fn index(&self) -> &PositionIndex {
        &self.index
    }

    /// The number of players.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// Whether `coalition` can force that one of its members makes the last move, from rank `r`
    /// with Player `to_move` (1-based) to move.
    pub fn wins_at(&self, coalition: Coalition, r: u64, to_move: u32) -> bool {
        let word = self.wins[r as usize * self.players as usize + (to_move - 1) as usize];
        word >> coalition & 1 == 1
    }

    /// Whether `coalition` wins the game from its start (Player 1 to move at `n` ones).
    pub fn wins(&self, coalition: Coalition) -> bool {
        self.wins_at(coalition, self.start, 1)
    }
}

/// For each player `t` (0-based), the word with bit `s` set when subset `s` holds Player `t + 1`.
pub(crate) fn holding_words(players: u32) -> Vec<u64> {
    let subsets = 1u64 << players;
    (0..u64::from(players))
        .map(|t| (0..subsets).filter(|s| s >> t & 1 == 1).fold(0u64, |word, s| word | 1 << s))
        .collect()
}

/// The coalitions that win a position with Player `t + 1` to move, from the words of its
/// children (the coalitions that win each with the next player to move): a coalition holding
/// the mover wins when some child wins for it, any other when every child does. With no child,
/// the last move was made by the player before the one to move.
pub(crate) fn coalition_word(holding: &[u64], t: usize, children: impl Iterator<Item = u64>) -> u64 {
    let p = holding.len();
    let (mut any, mut every, mut some) = (0u64, u64::MAX, false);
    for word in children {
        any |= word;
        every &= word;
        some = true;
    }
    if !some {
        return holding[(t + p - 1) % p];
    }
    any & holding[t] | every & !holding[t]
}

/// The members of a coalition, 1-based, in turn order.
pub fn members(coalition: Coalition) -> Vec<u32> {
    (0..64).filter(|i| coalition >> i & 1 == 1).map(|i| i + 1).collect()
}

/// The coalition of these players (1-based), or `None` when one is not among `1..=players`.
pub fn coalition_of(players: u32, members: &[u32]) -> Option<Coalition> {
    members.iter().try_fold(0u64, |set, &m| (1..=players).contains(&m).then(|| set | 1 << (m - 1)))
}

/// Every non-empty proper subset of `players` players: by size, then in lexicographic order of
/// the members (`[1], [2], ..., [1, 2], [1, 3], ...`).
pub fn proper_coalitions(players: u32) -> Vec<Coalition> {
    let all = (1u64 << players) - 1;
    let mut sets: Vec<Coalition> = (1..all).collect();
    sets.sort_by_key(|&s| (s.count_ones(), members(s)));
    sets
}

/// Bytes [`solve_coalitions`] holds for the game on `n` with `players` players (`None` when the
/// positions cannot be ranked): one word a position and player.
pub fn coalition_bytes(n: u32, players: u32) -> Option<u128> {
    Some(u128::from(PositionIndex::new(n)?.count()) * u128::from(players) * 8)
}

/// Solves every state of the game on `n` with `players` players (`2..=MAX_PLAYERS`) for every
/// coalition; `progress(done, total)` is called every few ten thousand positions. `None` when
/// the players are out of range or `n` cannot be ranked.
pub fn solve_coalitions(n: u32, players: u32, progress: impl FnMut(u64, u64)) -> Option<CoalitionSolution> {
    solve_coalitions_until(n, players, &crate::Cancel::new(), progress)
}

/// [`solve_coalitions`], returning `None` as well once `cancel` is cancelled.
pub fn solve_coalitions_until(
    n: u32,
    players: u32,
    cancel: &crate::Cancel,
    mut progress: impl FnMut(u64, u64),
) -> Option<CoalitionSolution> {
    if !(2..=MAX_PLAYERS).contains(&players) || n == 0 {
        return None;
    }
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let p = players as usize;
    let holding = holding_words(players);
    let mut wins = vec![0u64; count * p];
    let mut done = 0u64;
    let finished = walk_while(&index, false, |r, children| {
        if done.is_multiple_of(1 << 16) {
            if cancel.is_cancelled() {
                return false;
            }
            progress(done, count as u64);
        }
        done += 1;
        let r = r as usize;
        for t in 0..p {
            let next = (t + 1) % p;
            let words = children.iter().map(|child| wins[child.rank as usize * p + next]);
            wins[r * p + t] = coalition_word(&holding, t, words);
        }
        true
    });
    if !finished {
        return None;
    }
    let start = index.rank(&ZPosition::start(n).ok()?)?;
    progress(count as u64, count as u64);
    Some(CoalitionSolution { index, players, wins, start })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coalitions_are_listed_by_size_then_members() {
        let listed: Vec<Vec<u32>> = proper_coalitions(3).into_iter().map(members).collect();
        assert_eq!(listed, vec![vec![1], vec![2], vec![3], vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(proper_coalitions(6).len(), 62);
        assert_eq!(coalition_of(3, &[1, 3]), Some(0b101));
        assert_eq!(coalition_of(3, &[4]), None);
    }

    #[test]
    fn a_coalition_wins_exactly_when_the_rest_cannot() {
        // Two-sided games are determined: at every state, a coalition or its complement wins.
        for n in 1..=30 {
            for players in 2..=MAX_PLAYERS {
                let solution = solve_coalitions(n, players, |_, _| {}).unwrap();
                let all = (1u64 << players) - 1;
                for r in 0..solution.index().count() {
                    for t in 1..=players {
                        for s in proper_coalitions(players) {
                            assert_ne!(solution.wins_at(s, r, t), solution.wins_at(all ^ s, r, t), "n = {n}");
                        }
                    }
                }
            }
        }
    }
}
