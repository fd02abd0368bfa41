//! The Zeckendorf game's relatives by memoised search over hashed positions, sharing nothing
//! with the fast solvers but the rules of the Zeckendorf game (`ZPosition::moves`): the reversed
//! game on the game graph inverted edge by edge, and a coalition of several players by a search
//! over (position, player to move).

use std::collections::HashMap;

use zecklab_games::zgame::{Value, ZPosition};

/// The reversed game on `n`: every position's moves are the Zeckendorf game's moves into it,
/// found by listing every edge of the Zeckendorf game (no move is ever taken back by rule).
#[derive(Clone, Debug)]
pub struct NaiveReversed {
    /// For each position, the positions with a Zeckendorf-game move into it.
    parents: HashMap<ZPosition, Vec<ZPosition>>,
    memo: HashMap<ZPosition, Value>,
}

impl NaiveReversed {
    /// The game graph of `n` (`n >= 1`), every position reached from `n` ones by a search.
    pub fn new(n: u32) -> NaiveReversed {
        let start = ZPosition::start(n).expect("n >= 1");
        let mut parents: HashMap<ZPosition, Vec<ZPosition>> = HashMap::new();
        parents.insert(start.clone(), Vec::new());
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for m in p.moves() {
                let child = p.apply(m).expect("listed moves are legal");
                let entry = parents.entry(child.clone()).or_default();
                if entry.is_empty() {
                    stack.push(child);
                }
                entry.push(p.clone());
            }
        }
        NaiveReversed { parents, memo: HashMap::new() }
    }

    /// The number of positions of the game.
    pub fn positions(&self) -> usize {
        self.parents.len()
    }

    /// Outcome and remoteness of a position in the reversed game.
    ///
    /// # Panics
    /// If `position` is not a position of this game.
    pub fn value(&mut self, position: &ZPosition) -> Value {
        if let Some(&v) = self.memo.get(position) {
            return v;
        }
        let moves = self.parents.get(position).expect("a position of this game").clone();
        let children: Vec<Value> = moves.iter().map(|q| self.value(q)).collect();
        let value = Value::from_children(&children);
        self.memo.insert(position.clone(), value);
        value
    }
}

/// Whether a coalition of several players can force that one of its members makes the last
/// move, by memoised search over (position, player to move).
#[derive(Clone, Debug)]
pub struct NaiveCoalition {
    players: u32,
    /// Bit `i`: Player `i + 1` is a member.
    members: u64,
    memo: HashMap<(ZPosition, u32), bool>,
}

impl NaiveCoalition {
    /// The coalition `members` (bit `i`: Player `i + 1`) of a game of `players` players.
    pub fn new(players: u32, members: u64) -> NaiveCoalition {
        NaiveCoalition { players, members, memo: HashMap::new() }
    }

    fn is_member(&self, player: u32) -> bool {
        self.members >> player & 1 == 1
    }

    /// Whether the coalition wins from `position` with Player `to_move + 1` to move.
    pub fn wins(&mut self, position: &ZPosition, to_move: u32) -> bool {
        if let Some(&w) = self.memo.get(&(position.clone(), to_move)) {
            return w;
        }
        let moves = position.moves();
        let next = (to_move + 1) % self.players;
        let member = self.is_member(to_move);
        let wins = if moves.is_empty() {
            // Nobody can move: the player before the one to move made the last move.
            self.is_member((to_move + self.players - 1) % self.players)
        } else {
            let mut outcomes = moves.into_iter().map(|m| position.apply(m).expect("listed moves are legal"));
            if member {
                outcomes.any(|child| self.wins(&child, next))
            } else {
                outcomes.all(|child| self.wins(&child, next))
            }
        };
        self.memo.insert((position.clone(), to_move), wins);
        wins
    }
}
