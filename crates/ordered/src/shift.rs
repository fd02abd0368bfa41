//! How one move of a pair of neighbouring entries moves a whole block of ranks: the positions
//! whose lists, read from the right, share a prefix form one block, and a move of a pair inside
//! the prefix changes only that pair's terms of the rank, so it shifts the whole block by one
//! offset onto a block above it.

use zecklab_numeration::fib::FIB_U64;

use super::index::OrderedIndex;
use super::{pair_move, replacement};

/// `F(k)`, the value of index `k`.
pub(super) fn fib(k: u8) -> u32 {
    FIB_U64[usize::from(k)] as u32
}

/// `C[r]`: the completions of sum `r` (one, the empty one, at `r = 0`).
pub(super) fn count(index: &OrderedIndex, r: u32) -> u64 {
    if r == 0 {
        1
    } else {
        index.term(r, index.top() as u8 + 1)
    }
}

/// How far the move of the pair (`b` left of `e` in the list) raises a rank, `b`'s place having
/// `left` still to place (`e`'s, `left + F(e)`); `None` when the pair has no move.
pub(super) fn pair_shift(index: &OrderedIndex, e: u8, b: u8, left: u32) -> Option<u64> {
    let kind = pair_move(b, e)?;
    let at = left + fib(e);
    let (new, made) = replacement(b, e, kind);
    let old = index.term(at, e) + index.term(left, b);
    let new_terms = if made == 1 {
        index.term(at, new[0])
    } else {
        index.term(at, new[1]) + index.term(at - fib(new[1]), new[0])
    };
    Some(new_terms - old)
}

/// The largest entry index that fits `left`.
pub(super) fn largest(left: u32) -> u8 {
    FIB_U64[1..].partition_point(|&f| f <= u64::from(left)) as u8
}
