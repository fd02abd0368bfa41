//! Game lengths of the ordered game: the shortest and longest game from n ones (by one sweep over
//! every position), and the length of the authors' long-game strategy, played out.

use super::index::OrderedIndex;
use super::solve::sweep;
use super::{OrderedMoveKind, OrderedPosition};

/// The shortest and longest game from n ones, and the long-game strategy's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedLengths {
    pub shortest: u32,
    /// `M(n)`.
    pub longest: u32,
    /// The long-game strategy's game (both players following it).
    pub long_game: u32,
}

/// The lengths of the ordered game on `n` (every position held: 4 bytes a position).
pub fn ordered_lengths(index: &OrderedIndex) -> OrderedLengths {
    let count = index.count() as usize;
    let mut shortest = vec![0u16; count];
    let mut longest = vec![0u16; count];
    sweep(index, |r, children| {
        if let (Some(low), Some(high)) = (
            children.iter().map(|&c| shortest[c as usize]).min(),
            children.iter().map(|&c| longest[c as usize]).max(),
        ) {
            shortest[r as usize] = low + 1;
            longest[r as usize] = high + 1;
        }
    });
    OrderedLengths {
        shortest: u32::from(shortest[0]),
        longest: u32::from(longest[0]),
        long_game: long_game_length(index.n()),
    }
}

/// The long-game strategy's move at `p`, by its priority: the leftmost descending pair switched;
/// else the leftmost `1 1` merged; else the rightmost equal pair of value 2 or more split; else
/// the leftmost consecutive pair merged.
pub fn long_game_move(p: &OrderedPosition) -> Option<super::OrderedMove> {
    let moves = p.moves();
    let first = |kinds: &[OrderedMoveKind]| moves.iter().copied().find(|m| kinds.contains(&m.kind));
    first(&[OrderedMoveKind::Switch])
        .or_else(|| first(&[OrderedMoveKind::MergeOnes]))
        .or_else(|| {
            moves
                .iter()
                .rev()
                .copied()
                .find(|m| matches!(m.kind, OrderedMoveKind::Split | OrderedMoveKind::SplitTwos))
        })
        .or_else(|| first(&[OrderedMoveKind::Merge]))
}

/// The length of the game from n ones when every move is the long-game strategy's.
pub fn long_game_length(n: u32) -> u32 {
    let mut p = OrderedPosition::start(n);
    let mut moves = 0;
    while let Some(m) = long_game_move(&p) {
        p = p.apply(m).expect("the strategy picks legal moves");
        moves += 1;
    }
    moves
}
