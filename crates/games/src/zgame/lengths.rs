//! Exact game lengths of the Zeckendorf game on `n` over the whole position graph: shortest and
//! longest game, the number of distinct complete games, and random play (each turn a uniform
//! choice among the legal moves): exact mean and variance of the length and the probability that
//! Player 1 makes the last move. Random-play figures are `f64` sums of exact rationals: each
//! position's value is an average of its children's, so rounding errors stay near machine
//! precision relative to the values (about 1e-13 relative at n = 200).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::index::PositionIndex;

/// Length figures for the start of the game on `n`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lengths {
    /// The number being played.
    pub n: u32,
    /// The fewest moves a game can last.
    pub shortest: u32,
    /// The most moves a game can last.
    pub longest: u32,
    /// Mean length under random play.
    pub random_mean: f64,
    /// Variance of the length under random play.
    pub random_variance: f64,
    /// Probability that Player 1 makes the last move under random play.
    pub random_p1_wins: f64,
    /// Distinct complete games from the start.
    pub games: BigUint,
}

/// Computes [`Lengths`] by one sweep over the ranked positions (children before parents).
pub fn lengths(n: u32) -> Option<Lengths> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let top = index.top();
    let mut shortest = vec![0u32; count];
    let mut longest = vec![0u32; count];
    let mut mean = vec![0f64; count];
    let mut second = vec![0f64; count];
    let mut mover_last = vec![0f64; count];
    let mut games: Vec<BigUint> = vec![BigUint::zero(); count];
    let mut counts = vec![0u32; top + 2];
    let mut children = Vec::with_capacity(16);
    for r in (0..count).rev() {
        index.unrank_into(r as u64, &mut counts[..top]);
        children.clear();
        let start = super::ZPosition::from_counts(counts[..top].to_vec()).expect("n >= 1");
        for m in start.moves() {
            let child = start.apply(m).expect("legal");
            children.push(index.rank(&child).expect("same game") as usize);
        }
        if children.is_empty() {
            games[r] = BigUint::one();
            continue;
        }
        let k = children.len() as f64;
        let (mut lo, mut hi, mut e, mut e2, mut p) = (u32::MAX, 0u32, 0f64, 0f64, 0f64);
        let mut total = BigUint::zero();
        for &c in &children {
            lo = lo.min(shortest[c]);
            hi = hi.max(longest[c]);
            e += mean[c];
            e2 += second[c] + 2.0 * mean[c];
            // The mover makes the last move iff the opponent does not from the child.
            p += 1.0 - mover_last[c];
            total += &games[c];
        }
        shortest[r] = lo + 1;
        longest[r] = hi + 1;
        mean[r] = 1.0 + e / k;
        second[r] = 1.0 + e2 / k;
        mover_last[r] = p / k;
        games[r] = total;
    }
    let s = index.rank(&super::ZPosition::start(n).ok()?)? as usize;
    Some(Lengths {
        n,
        shortest: shortest[s],
        longest: longest[s],
        random_mean: mean[s],
        random_variance: second[s] - mean[s] * mean[s],
        random_p1_wins: mover_last[s],
        games: std::mem::take(&mut games[s]),
    })
}

/// Theorem 1.3's bound `sum a_i delta_i` with `a_i = F(i+2) - i - 2` and `delta` the Zeckendorf
/// digits of `n`.
pub fn theorem_bound(n: u32) -> u64 {
    use zecklab_numeration::{fib::FIB_U64, zeckendorf_u64};
    zeckendorf_u64(u64::from(n)).indices().iter().map(|&i| FIB_U64[i as usize + 2] - u64::from(i) - 2).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::strategies::{play_out, Rule};
    use zecklab_numeration::zeckendorf_u64;

    #[test]
    fn paper_theorems_small_n() {
        for n in 1..=60u32 {
            let l = lengths(n).unwrap();
            let z = zeckendorf_u64(u64::from(n)).z() as u32;
            assert_eq!(l.shortest, n - z, "shortest n = {n}");
            assert_eq!(play_out(n, Rule::CombineLargest, Rule::CombineLargest) as u32, l.shortest);
            assert_eq!(play_out(n, Rule::SplitLargest, Rule::SplitLargest) as u32, l.shortest);
            assert_eq!(play_out(n, Rule::SplitSmallest, Rule::SplitSmallest) as u32, l.longest);
            let bound = theorem_bound(n);
            assert!(u64::from(l.longest) <= bound);
            let is_fib_minus_one = zecklab_numeration::fib::FIB_U64[1..].contains(&(u64::from(n) + 1));
            assert_eq!(u64::from(l.longest) == bound, is_fib_minus_one, "n = {n}");
        }
    }

    #[test]
    fn tiny_games_by_hand() {
        // n = 2: {1,1} -> {2}: one game of one move, Player 1 moves last.
        let l = lengths(2).unwrap();
        assert_eq!((l.shortest, l.longest, l.games.clone()), (1, 1, BigUint::one()));
        assert_eq!(l.random_p1_wins, 1.0);
        assert_eq!(l.random_variance, 0.0);
    }
}
