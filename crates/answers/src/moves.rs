//! [`MoveJson`]: one move and the value it leads to, the same shape for every game, and the
//! order moves are listed in.

use serde::Serialize;
use zecklab_games::{Outcome, Value};

/// One move from a position, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveJson {
    /// The move in the game's move grammar.
    pub r#move: String,
    /// The position it leads to, in the game's position grammar.
    pub to: String,
    /// The outcome of that position for the player to move there (the opponent).
    pub outcome: &'static str,
    /// The remoteness of that position, when known.
    pub remoteness: Option<u32>,
    /// Whether the move wins for the player making it (it leads to a loss for the opponent).
    pub winning: bool,
}

impl MoveJson {
    /// A move leading to `to`, whose outcome is `outcome` and remoteness `remoteness`.
    pub fn new(r#move: String, to: String, outcome: Outcome, remoteness: Option<u32>) -> MoveJson {
        MoveJson { r#move, to, outcome: outcome.as_str(), remoteness, winning: !outcome.is_win() }
    }

    /// A move leading to a position of value `value`.
    pub fn valued(r#move: String, to: String, value: Value) -> MoveJson {
        MoveJson::new(r#move, to, value.outcome, Some(value.remoteness))
    }
}

/// Sorts moves best first for the mover (GamesmanUni's order): winning moves fastest first, then
/// losing moves slowest first; the sort is stable, so ties keep the rules' order.
pub fn sort_best_first(moves: &mut [MoveJson]) {
    moves.sort_by_key(|m| {
        let r = i64::from(m.remoteness.unwrap_or(0));
        (!m.winning, if m.winning { r } else { -r })
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_fastest_first_then_losing_slowest_first() {
        let m = |name: &str, o: Outcome, r: u32| MoveJson::new(name.into(), String::new(), o, Some(r));
        let mut moves = vec![
            m("lose fast", Outcome::Win, 1),
            m("win slow", Outcome::Loss, 6),
            m("lose slow", Outcome::Win, 9),
            m("win fast", Outcome::Loss, 2),
        ];
        sort_best_first(&mut moves);
        let names: Vec<&str> = moves.iter().map(|m| m.r#move.as_str()).collect();
        assert_eq!(names, ["win fast", "win slow", "lose slow", "lose fast"]);
    }
}
