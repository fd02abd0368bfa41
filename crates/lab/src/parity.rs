//! The parity law of complete games, and the pairing that proves it one n at a time.
//!
//! A *complete game* from a position is a sequence of moves from it to a position with no move.
//! The *signed count* of a position p is `S(p) = Σ (−1)^length` over its complete games: 1 at an
//! end position, and `S(p) = −Σ S(child)` over p's moves (each game from p is a move and a game
//! from the child, one move longer). The parity law says `S(1^n) = 0` for every even n ≥ 4: as
//! many complete games of odd as of even length.
//!
//! **The pairing.** Call an *occurrence* in a game either (a) a move `1 + 2 → 3` made where the
//! position has at least two ones, or (b) two moves in a row `1 + 1 → 2`, `2 + 2 → 1 + 3`. Both
//! lead from the same position to the same position (`T ∪ {1, 1, 2}` to `T ∪ {1, 3}`), one in one
//! move, the other in two. The map φ that replaces a game's *first* occurrence by the other kind
//! is an involution: the moves before it are unchanged, an occurrence cannot start one move
//! earlier (it would end with `2 + 2 → 1 + 3` where φ puts `1 + 1 → 2` or `1 + 2 → 3`), and (a)
//! and (b) start with different moves, so the first occurrence of φ(g) is at the same place, of
//! the other kind. φ changes the length by one, so the paired games cancel in S, and
//! **`S(1^n)` is the signed count of the *unpaired* games**, those with no occurrence. Where no
//! complete game from `1^n` is unpaired, the law holds at n: [`unpaired_game_exists`] decides
//! that with two bits a position, far past where the counts themselves fit.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use zecklab_games::zgame::{walk, ChildRank, PositionIndex, ZMove, ZPosition};

/// The counts of the game on n that the parity law is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityCounts {
    /// The game's n.
    pub n: u32,
    /// Complete games from the start.
    pub games: BigUint,
    /// Games of even length less games of odd length, from the start.
    pub signed: BigInt,
    /// The complete games from the start with no occurrence (unpaired by the pairing).
    pub unpaired: BigUint,
    /// Their signed count (equal to `signed`, by the pairing).
    pub unpaired_signed: BigInt,
    /// The game's positions.
    pub positions: u64,
    /// The positions whose signed count is zero, by rank.
    pub zero_ranks: Vec<u64>,
}

/// `1 + 2 → 3`: the move of an occurrence of kind (a).
const ONE_TWO: ZMove = match ZMove::combine(2) {
    Some(m) => m,
    None => panic!("F1 ∧ F2 is a move"),
};
/// `2 + 2 → 1 + 3`: the second move of an occurrence of kind (b).
const TWO_TWO: ZMove = match ZMove::split(2) {
    Some(m) => m,
    None => panic!("F2 ∧ F2 is a move"),
};

/// Whether a move may be played by an unpaired game, from a position with at least two ones
/// when `two_ones`, after a last move `1 + 1 → 2` when `after_ones`: neither kind of occurrence
/// starts or ends with it.
fn unpaired_may_play(m: ZMove, two_ones: bool, after_ones: bool) -> bool {
    !(m == ONE_TWO && two_ones || m == TWO_TWO && after_ones)
}

/// Whether the position whose moves are `children` has at least two ones (it can play
/// `1 + 1 → 2`).
fn has_two_ones(children: &[ChildRank]) -> bool {
    children.iter().any(|c| c.r#move == ZMove::CombineOnes)
}

/// The counts of the game on `n`, exactly: big integers for every position, so for games up to
/// a few hundred thousand positions (n about 150). `None` for n = 0 or when the positions
/// cannot be held.
pub fn parity_counts(n: u32) -> Option<ParityCounts> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let mut games = vec![BigUint::zero(); count];
    let mut signed = vec![BigInt::zero(); count];
    // Indexed by whether the last move was 1 + 1 → 2.
    let mut unpaired = [vec![BigUint::zero(); count], vec![BigUint::zero(); count]];
    let mut unpaired_signed = [vec![BigInt::zero(); count], vec![BigInt::zero(); count]];
    walk(&index, false, |r, children| {
        let r = r as usize;
        if children.is_empty() {
            games[r] = BigUint::one();
            signed[r] = BigInt::one();
            for flag in 0..2 {
                unpaired[flag][r] = BigUint::one();
                unpaired_signed[flag][r] = BigInt::one();
            }
            return;
        }
        let (mut g, mut s) = (BigUint::zero(), BigInt::zero());
        for c in children {
            g += &games[c.rank as usize];
            s -= &signed[c.rank as usize];
        }
        (games[r], signed[r]) = (g, s);
        let two_ones = has_two_ones(children);
        for flag in 0..2 {
            let (mut u, mut us) = (BigUint::zero(), BigInt::zero());
            for c in children.iter().filter(|c| unpaired_may_play(c.r#move, two_ones, flag == 1)) {
                let next = usize::from(c.r#move == ZMove::CombineOnes);
                u += &unpaired[next][c.rank as usize];
                us -= &unpaired_signed[next][c.rank as usize];
            }
            unpaired[flag][r] = u;
            unpaired_signed[flag][r] = us;
        }
    });
    let start = index.rank(&ZPosition::start(n).ok()?)? as usize;
    let zero_ranks = (0..count as u64).filter(|&r| signed[r as usize].is_zero()).collect();
    Some(ParityCounts {
        n,
        games: std::mem::take(&mut games[start]),
        signed: std::mem::take(&mut signed[start]),
        unpaired: std::mem::take(&mut unpaired[0][start]),
        unpaired_signed: std::mem::take(&mut unpaired_signed[0][start]),
        positions: count as u64,
        zero_ranks,
    })
}

/// Whether some complete game from the start of the game on `n` is unpaired: two bits a
/// position (one for each value of "the last move was 1 + 1 → 2"). Where it is `Some(false)`
/// the parity law holds at n. `None` for n = 0 or when the positions cannot be held.
pub fn unpaired_game_exists(n: u32) -> Option<bool> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    // exists[flag] bit r: some unpaired game from rank r, the last move 1 + 1 → 2 when flag.
    let words = count.div_ceil(64);
    let mut exists = [vec![0u64; words], vec![0u64; words]];
    let get = |bits: &[u64], r: u64| bits[(r / 64) as usize] >> (r % 64) & 1 == 1;
    walk(&index, false, |r, children| {
        let two_ones = has_two_ones(children);
        for flag in 0..2 {
            let found = children.is_empty()
                || children.iter().any(|c| {
                    unpaired_may_play(c.r#move, two_ones, flag == 1)
                        && get(&exists[usize::from(c.r#move == ZMove::CombineOnes)], c.rank)
                });
            if found {
                exists[flag][(r / 64) as usize] |= 1 << (r % 64);
            }
        }
    });
    let start = index.rank(&ZPosition::start(n).ok()?)?;
    Some(get(&exists[0], start))
}

#[cfg(test)]
mod tests;
