//! Random play by enumeration: every complete game from n ones, one at a time, with its length
//! and its probability under the path measure (a uniform choice among the legal moves at each
//! turn). Exponential in n: the reference for the pushed laws of `zecklab_games::zgame::random`.

use num_rational::BigRational;
use num_traits::One;
use zecklab_games::zgame::ZPosition;

/// Every complete game from n ones: its number of moves and its path probability.
pub fn every_game(n: u32) -> Vec<(u32, BigRational)> {
    fn descend(p: &ZPosition, depth: u32, probability: BigRational, out: &mut Vec<(u32, BigRational)>) {
        let moves = p.moves();
        if moves.is_empty() {
            out.push((depth, probability));
            return;
        }
        let k = BigRational::from_integer(moves.len().into());
        for m in moves {
            descend(&p.apply(m).expect("listed moves are legal"), depth + 1, &probability / &k, out);
        }
    }
    let mut out = Vec::new();
    descend(&ZPosition::start(n).expect("n >= 1"), 0, BigRational::one(), &mut out);
    out
}
