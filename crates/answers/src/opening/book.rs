//! Player 2's opening book: along every Player 1 line from the start, every winning reply of
//! Player 2 for its first D moves (`zgame book`).
//!
//! The book is a tree. From a position with Player 1 to move, each of Player 1's moves leads to a
//! position Player 2 faces; there the book lists every reply that leads to a P-position and,
//! below D, goes on from each of them. A line of the book is the path from the start to a
//! position Player 2 faces, with the replies listed there.

use serde::Serialize;
use zecklab_games::zgame::ZPosition;

/// The book of the game on one n: the JSON line of `zgame book`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookJson {
    /// The game's n.
    pub n: u32,
    /// Player 2's moves the book covers.
    pub depth: u32,
    /// Every line, in the order of the moves (Player 1's, then Player 2's replies).
    pub lines: Vec<BookLine>,
}

/// One line of the book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookLine {
    /// The positions from the start to the one Player 2 faces, inclusive.
    pub plies: Vec<String>,
    /// Every position a winning reply from the last ply leads to (empty: Player 2 has none).
    pub replies: Vec<String>,
}

/// A line of the book as positions, for reading it without parsing text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// From the start to the position Player 2 faces.
    pub plies: Vec<ZPosition>,
    /// The positions Player 2's winning replies lead to.
    pub replies: Vec<ZPosition>,
}

/// The book of the game on `n` for Player 2's first `depth` moves, every position's outcome
/// read from `is_loss` (whether the player to move loses).
pub fn book_lines(n: u32, depth: u32, is_loss: &impl Fn(&ZPosition) -> bool) -> Vec<Line> {
    let mut lines = Vec::new();
    if let Ok(start) = ZPosition::start(n) {
        grow(&mut vec![start], depth, is_loss, &mut lines);
    }
    lines
}

/// Goes on from the last of `plies` (Player 1 to move) for `depth` more moves of Player 2.
fn grow(
    plies: &mut Vec<ZPosition>,
    depth: u32,
    is_loss: &impl Fn(&ZPosition) -> bool,
    lines: &mut Vec<Line>,
) {
    if depth == 0 {
        return;
    }
    let here = plies.last().expect("a line starts at the start").clone();
    for first in here.moves() {
        let faced = here.apply(first).expect("a listed move is legal");
        let replies: Vec<ZPosition> = faced
            .moves()
            .into_iter()
            .map(|reply| faced.apply(reply).expect("a listed move is legal"))
            .filter(is_loss)
            .collect();
        plies.push(faced);
        lines.push(Line { plies: plies.clone(), replies: replies.clone() });
        for reply in replies {
            plies.push(reply);
            grow(plies, depth - 1, is_loss, lines);
            plies.pop();
        }
        plies.pop();
    }
}

/// The book of the game on `n` as its JSON line.
pub fn book_json(n: u32, depth: u32, lines: &[Line]) -> BookJson {
    let text = |positions: &[ZPosition]| positions.iter().map(ToString::to_string).collect();
    BookJson {
        n,
        depth,
        lines: lines.iter().map(|l| BookLine { plies: text(&l.plies), replies: text(&l.replies) }).collect(),
    }
}
