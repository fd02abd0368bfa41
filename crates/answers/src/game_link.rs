//! A game as a link holds it: its start and the moves played, one token a move (`m=`, tokens
//! separated by dots), and every position along it ([`GameJson`]).
//!
//! A move's token is its place, in base 36, among the moves of its position in the order of
//! their names' text: an order that does not depend on the moves' values, so a link says nothing
//! about who wins. (The explorer's scripts sort the names as JavaScript does, by UTF-16 code
//! units: the same order as bytes for every character the games' moves use.)

use serde::Serialize;

use crate::moves::MoveJson;
use crate::AnswerError;

/// The most moves a game link may hold (the longest Zeckendorf game on n = 1000 is under 2,000).
pub const MOST_MOVES: usize = 10_000;

/// Every position of a game, its start first, each as the position's own answer.
#[derive(Clone, Debug, Serialize)]
pub struct GameJson<T> {
    /// `plies[0]` is the start; `plies[k]` the position after the `k`-th move.
    pub plies: Vec<T>,
}

/// The tokens of a link's `m=` (none for an empty one).
///
/// # Errors
/// [`AnswerError::Invalid`] past [`MOST_MOVES`] moves, or for a token that is not base 36 in
/// lower case.
pub fn tokens(m: &str) -> Result<Vec<&str>, AnswerError> {
    let m = m.trim();
    if m.is_empty() {
        return Ok(Vec::new());
    }
    let tokens: Vec<&str> = m.split('.').collect();
    if tokens.len() > MOST_MOVES {
        return Err(AnswerError::invalid(format!(
            "a game link holds at most {MOST_MOVES} moves, not {}",
            tokens.len()
        )));
    }
    if let Some((i, bad)) = tokens.iter().enumerate().find(|(_, t)| !is_token(t)) {
        return Err(AnswerError::invalid(format!(
            "move {} of this link ({}) is not a move's token (digits and lower-case letters)",
            i + 1,
            crate::number::shown(bad)
        )));
    }
    Ok(tokens)
}

fn is_token(t: &str) -> bool {
    !t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

/// The tokens of one position's moves: their names in token order, sorted once for all the
/// moves a page links.
pub struct MoveTokens<'a> {
    names: Vec<&'a str>,
}

impl<'a> MoveTokens<'a> {
    /// The tokens of `moves`, the moves of one position.
    pub fn new(moves: &'a [MoveJson]) -> MoveTokens<'a> {
        let mut names: Vec<&str> = moves.iter().map(|m| m.r#move.as_str()).collect();
        names.sort_unstable();
        MoveTokens { names }
    }

    /// The tokens of the moves named `names`, the moves of one position.
    pub fn of_names(mut names: Vec<&'a str>) -> MoveTokens<'a> {
        names.sort_unstable();
        MoveTokens { names }
    }

    /// The token of `chosen`, one of the moves.
    pub fn token(&self, chosen: &MoveJson) -> String {
        self.token_of_name(&chosen.r#move)
    }

    /// The token of the move named `name`, one of the moves.
    pub fn token_of_name(&self, name: &str) -> String {
        let place = self.names.binary_search(&name).unwrap_or(0);
        let mut digits = Vec::new();
        let mut rest = place;
        loop {
            digits.push(char::from_digit((rest % 36) as u32, 36).expect("a digit below 36"));
            rest /= 36;
            if rest == 0 {
                break;
            }
        }
        digits.iter().rev().collect()
    }

    /// The name of the move `token` names, if any.
    fn name(&self, token: &str) -> Option<&'a str> {
        let place = if is_token(token) { usize::from_str_radix(token, 36).ok() } else { None };
        place.and_then(|p| self.names.get(p).copied())
    }
}

/// The token of `chosen`, one of `moves`.
pub fn move_token(moves: &[MoveJson], chosen: &MoveJson) -> String {
    MoveTokens::new(moves).token(chosen)
}

/// The move `token` names among `moves`, the moves of `from`, as move `ply` of a link.
///
/// # Errors
/// [`AnswerError::Invalid`] when no move of `from` has that token.
pub fn move_of_token<'a>(
    moves: &'a [MoveJson],
    token: &str,
    from: &str,
    ply: usize,
) -> Result<&'a MoveJson, AnswerError> {
    let name = MoveTokens::new(moves).name(token);
    name.and_then(|name| moves.iter().find(|m| m.r#move == name)).ok_or_else(|| {
        AnswerError::invalid(format!(
            "move {ply} of this link ({}) is not one of the moves from {from}",
            crate::number::shown(token)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(names: &[&str]) -> Vec<MoveJson> {
        names
            .iter()
            .map(|t| MoveJson::new((*t).to_string(), format!("after {t}"), zecklab_games::Outcome::Win, None))
            .collect()
    }

    #[test]
    fn tokens_number_moves_in_text_order_and_name_them_back() {
        let moves = named(&["10", "9", "2", "1"]);
        let token = |name: &str| move_token(&moves, moves.iter().find(|m| m.r#move == name).unwrap());
        assert_eq!([token("1"), token("10"), token("2"), token("9")], ["0", "1", "2", "3"]);
        let many: Vec<String> = (1..=40).map(|t| t.to_string()).collect();
        let many = named(&many.iter().map(String::as_str).collect::<Vec<_>>());
        // In text order "9" is the last of the 40 names (place 39) and "40" comes at place 34.
        assert_eq!(move_token(&many, &many[8]), "13");
        assert_eq!(move_token(&many, &many[39]), "y");
        for m in &many {
            assert_eq!(move_of_token(&many, &move_token(&many, m), "p", 1).unwrap(), m);
        }
    }

    #[test]
    fn bad_links_are_refused_with_the_move_they_name() {
        assert_eq!(tokens("").unwrap(), Vec::<&str>::new());
        assert_eq!(tokens("0.1.a").unwrap(), ["0", "1", "a"]);
        for bad in ["0..1", "0.A", "0.-1", "0.1 2"] {
            assert!(tokens(bad).is_err(), "{bad}");
        }
        let err = tokens("0.x!").unwrap_err().to_string();
        assert!(err.contains("move 2 of this link"), "{err}");
        let long = vec!["0"; MOST_MOVES + 1].join(".");
        assert!(tokens(&long).is_err());
        let moves = named(&["a", "b"]);
        let err = move_of_token(&moves, "2", "1^3", 4).unwrap_err().to_string();
        assert_eq!(err, "move 4 of this link (2) is not one of the moves from 1^3");
    }
}

/// The link (`m`, tokens joined by `.`) of the Zeckendorf game that passes through `line`, its
/// positions from the start; `None` when two of them are not a move apart.
pub fn zgame_line_link(line: &[String]) -> Option<String> {
    use zecklab_games::zgame::ZPosition;
    let mut tokens = Vec::new();
    for pair in line.windows(2) {
        let (from, to) = (ZPosition::parse(&pair[0]).ok()?, ZPosition::parse(&pair[1]).ok()?);
        let moves = from.moves();
        let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let played = moves.iter().position(|&m| from.apply(m).ok().as_ref() == Some(&to))?;
        let tokens_here = MoveTokens::of_names(names.iter().map(String::as_str).collect());
        tokens.push(tokens_here.token_of_name(&names[played]));
    }
    Some(tokens.join("."))
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use zecklab_games::zgame::ZPosition;

    #[test]
    fn a_line_becomes_the_link_that_replays_it() {
        // A line from 1^13 taking each position's last move, then each one's first, in turn.
        let mut line = vec![ZPosition::parse("1^13").unwrap()];
        while let Some(&m) = {
            let moves = line.last().unwrap().moves();
            if line.len() % 2 == 0 {
                moves.first().copied()
            } else {
                moves.last().copied()
            }
        }
        .as_ref()
        {
            let next = line.last().unwrap().apply(m).unwrap();
            line.push(next);
        }
        let texts: Vec<String> = line.iter().map(ToString::to_string).collect();
        let link = zgame_line_link(&texts).unwrap();
        let mut at = line[0].clone();
        for (token, expected) in link.split('.').zip(&line[1..]) {
            let names: Vec<String> = at.moves().iter().map(ToString::to_string).collect();
            let tokens = MoveTokens::of_names(names.iter().map(String::as_str).collect());
            let name = tokens.name(token).unwrap();
            let m = at.moves().into_iter().find(|m| m.to_string() == name).unwrap();
            at = at.apply(m).unwrap();
            assert_eq!(&at, expected);
        }
        assert_eq!(link.split('.').count(), line.len() - 1);
        // Two positions not a move apart have no link.
        assert_eq!(zgame_line_link(&["1^13".into(), "5^1 8^1".into()]), None);
    }
}
