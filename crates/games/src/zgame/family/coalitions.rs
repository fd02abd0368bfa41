//! The generalized game with several players: players move in turn, whoever makes the last move
//! wins, and a coalition (a set of players) wins when one of its members does. Solved as the
//! Zeckendorf game's own coalition solver does: for every position and player to move, the set
//! of coalitions that can force a win, as the bits of one word (bit `s` for subset `s`).

use crate::zgame::coalitions::{coalition_word, holding_words};
use crate::zgame::family::solve::DownSweep;
use crate::zgame::family::{FamilyError, FamilyIndex, FamilyRules};
use crate::zgame::{Coalition, MAX_PLAYERS};
use crate::Cancel;

/// Every state of a generalized game with several players, solved for every coalition.
#[derive(Clone, Debug)]
pub struct FamilyCoalitions {
    players: u32,
    /// `wins[r * players + t]`: bit `s` set when coalition `s` wins at rank `r` with Player
    /// `t + 1` to move.
    wins: Vec<u64>,
}

impl FamilyCoalitions {
    /// The number of players.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// Whether `coalition` wins from the start (Player 1 to move at `n` copies of `G_1`, rank 0).
    pub fn wins(&self, coalition: Coalition) -> bool {
        self.wins[0] >> coalition & 1 == 1
    }

    /// Whether some single player can force a win from the start.
    pub fn single_winner(&self) -> Option<u32> {
        (1..=self.players).find(|&p| self.wins(1 << (p - 1)))
    }
}

/// Solves the game on `n` under `rules` with `players` players (`2..=MAX_PLAYERS`) for every
/// coalition.
///
/// # Errors
/// [`FamilyError::TooManyPositions`] when the positions cannot be counted or held in
/// `memory_limit` bytes (8 a position and player), [`FamilyError::Cancelled`]; players out of
/// range is a [`FamilyError::Position`] naming them.
pub fn solve_family_coalitions(
    rules: &FamilyRules,
    n: u32,
    players: u32,
    memory_limit: u128,
    cancel: &Cancel,
) -> Result<FamilyCoalitions, FamilyError> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(FamilyError::Position(format!(
            "invalid players {players}: 2 <= players <= {MAX_PLAYERS}"
        )));
    }
    let index = FamilyIndex::new(rules.terms(), n).ok_or(FamilyError::TooManyPositions(n))?;
    let p = players as usize;
    if u128::from(index.count()) * p as u128 * 8 > memory_limit {
        return Err(FamilyError::TooManyPositions(n));
    }
    let holding = holding_words(players);
    let mut wins = vec![0u64; index.count() as usize * p];
    let mut sweep = DownSweep::new(rules, &index);
    let mut children = Vec::new();
    loop {
        let r = sweep.rank as usize;
        if r.is_multiple_of(1 << 16) && cancel.is_cancelled() {
            return Err(FamilyError::Cancelled);
        }
        sweep.children(&mut children);
        for t in 0..p {
            let next = (t + 1) % p;
            let words = children.iter().map(|&(_, child)| wins[child as usize * p + next]);
            wins[r * p + t] = coalition_word(&holding, t, words);
        }
        if !sweep.step_down() {
            break;
        }
    }
    Ok(FamilyCoalitions { players, wins })
}
