//! The exact laws of the game's length under random play, by the two measures:
//!
//! - the **path measure**: each turn, a move chosen uniformly among the legal ones, so a game of
//!   moves with `k_1, k_2, ...` choices has probability `1 / (k_1 k_2 ...)`;
//! - the **games measure**: every complete game from n ones equally likely.
//!
//! Both are pushed forward from the start in increasing rank order (every move raises the rank,
//! so a position holds all of its mass when reached): each position holds, for each number of
//! moves it can be reached after, the number of games (games measure) or the exact probability
//! (path measure) of reaching it then. The end position's holding is the law.

mod children;
mod exact_games;
mod figures;
mod interval;
mod mixer;
mod moments;
mod published;

pub use exact_games::game_counts_by_residues;
pub use figures::{Count, Counted, Figures, MAX_COUNT_EXPONENT};
pub use interval::{Interval, Scaled};
pub use moments::{
    bytes_per_position, moments_bytes, moments_threads, start_moments, start_moments_of,
    start_moments_resumable, LengthMoments, MomentsCheckpoint, MomentsCheckpointView, MomentsError,
    Resumable, StartMoments,
};

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Zero};

use super::index::PositionIndex;
use super::ranks::walk;

/// Which random play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// A uniform choice among the legal moves at each turn.
    Path,
    /// Every complete game equally likely.
    Games,
}

/// The number of complete games of each length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCounts {
    /// The length of `counts[0]`.
    pub shortest: u32,
    pub counts: Vec<BigUint>,
}

/// The exact path-measure law: the probability of each length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathLaw {
    pub shortest: u32,
    pub probabilities: Vec<BigRational>,
}

/// A holding: values by the number of moves after which the position is reached, from `first`.
struct Held<T> {
    first: u32,
    values: Vec<T>,
}

/// Adds `shared` (values by arrival after `first` moves) into the holding `target`, widened to
/// cover both ranges of arrival.
fn deposit<T: Clone + Zero + for<'a> std::ops::AddAssign<&'a T>>(
    target: &mut Option<Held<T>>,
    first: u32,
    shared: &[T],
) {
    let target = target.get_or_insert_with(|| Held { first, values: Vec::new() });
    let lowest = target.first.min(first);
    if lowest < target.first {
        let mut widened = vec![T::zero(); (target.first - lowest) as usize];
        widened.append(&mut target.values);
        target.values = widened;
        target.first = lowest;
    }
    let offset = (first - target.first) as usize;
    if target.values.len() < offset + shared.len() {
        target.values.resize(offset + shared.len(), T::zero());
    }
    for (t, s) in target.values[offset..].iter_mut().zip(shared) {
        *t += s;
    }
}

/// Pushes `one` forward from the start; `share(children)` scales what each child receives.
fn push<T: Clone + Zero + for<'a> std::ops::AddAssign<&'a T>>(
    n: u32,
    one: T,
    share: impl Fn(&T, usize) -> T,
) -> Option<(u32, Vec<T>)> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let mut held: Vec<Option<Held<T>>> = (0..count).map(|_| None).collect();
    held[0] = Some(Held { first: 0, values: vec![one] });
    let mut end = None;
    walk(&index, true, |r, children| {
        pass_on(&mut held, r as usize, children.iter().map(|c| c.rank as usize), &share, &mut end);
    });
    end
}

/// Passes the holding of `r` on to its `children`, each receiving `share(value, children)` of
/// every value, or at the end position (no children) into `end`.
fn pass_on<T: Clone + Zero + for<'a> std::ops::AddAssign<&'a T>>(
    held: &mut [Option<Held<T>>],
    r: usize,
    children: impl ExactSizeIterator<Item = usize>,
    share: &impl Fn(&T, usize) -> T,
    end: &mut Option<(u32, Vec<T>)>,
) {
    let Some(here) = held[r].take() else { return };
    if children.len() == 0 {
        *end = Some((here.first, here.values));
        return;
    }
    let shared: Vec<T> = here.values.iter().map(|v| share(v, children.len())).collect();
    for c in children {
        deposit(&mut held[c], here.first + 1, &shared);
    }
}

/// [`push`] over the reversed game on `n`: from the Zeckendorf representation, each move
/// undoing a move of the game (so to a lower rank), to n ones.
fn push_reversed<T: Clone + Zero + for<'a> std::ops::AddAssign<&'a T>>(
    n: u32,
    one: T,
    share: impl Fn(&T, usize) -> T,
) -> Option<(u32, Vec<T>)> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    // The reversed game's moves out of a position lead to the positions that move to it.
    let mut moves: Vec<Vec<u32>> = vec![Vec::new(); count];
    walk(&index, true, |r, children| {
        for c in children {
            moves[c.rank as usize].push(r as u32);
        }
    });
    let start = index.rank(&super::reversed::zeckendorf_position(n))? as usize;
    let mut held: Vec<Option<Held<T>>> = (0..count).map(|_| None).collect();
    held[start] = Some(Held { first: 0, values: vec![one] });
    let mut end = None;
    for r in (0..=start).rev() {
        pass_on(&mut held, r, moves[r].iter().map(|&c| c as usize), &share, &mut end);
    }
    end
}

/// The number of complete games of the reversed game on `n` of each length, counted over its
/// own graph (they are the game's complete games read backwards, so the counts are those of
/// [`game_counts`]: a test holds them equal).
pub fn reversed_game_counts(n: u32) -> Option<GameCounts> {
    let (shortest, counts) = push_reversed(n, BigUint::one(), |v, _| v.clone())?;
    Some(GameCounts { shortest, counts })
}

/// The exact path-measure law of the reversed game on `n`: a uniform choice among the reversed
/// game's moves each turn.
pub fn reversed_path_law(n: u32) -> Option<PathLaw> {
    let (shortest, probabilities) = push_reversed(n, BigRational::one(), |v, k| {
        v / BigRational::from_integer(num_bigint::BigInt::from(k))
    })?;
    Some(PathLaw { shortest, probabilities })
}

/// The number of complete games of each length from n ones; `None` past the ranking's reach.
pub fn game_counts(n: u32) -> Option<GameCounts> {
    let (shortest, counts) = push(n, BigUint::one(), |v, _| v.clone())?;
    Some(GameCounts { shortest, counts })
}

/// The exact probability of each length under the path measure.
pub fn path_law(n: u32) -> Option<PathLaw> {
    let (shortest, probabilities) =
        push(n, BigRational::one(), |v, k| v / BigRational::from_integer(num_bigint::BigInt::from(k)))?;
    Some(PathLaw { shortest, probabilities })
}

/// Exact mean and variance of a law given as `(length, weight)` with weights summing to 1.
pub fn exact_mean_variance(law: &[(u32, BigRational)]) -> (BigRational, BigRational) {
    let mut mean = BigRational::zero();
    for (l, p) in law {
        mean += p * BigRational::from_integer((*l).into());
    }
    let mut variance = BigRational::zero();
    for (l, p) in law {
        let d = BigRational::from_integer((*l).into()) - &mean;
        variance += p * &d * &d;
    }
    (mean, variance)
}

/// Exact mean and second, third and fourth central moments of a law given as `(length, weight)`
/// with weights summing to 1.
pub fn exact_moments(law: &[(u32, BigRational)]) -> [BigRational; 4] {
    let (mean, mu2) = exact_mean_variance(law);
    let (mut mu3, mut mu4) = (BigRational::zero(), BigRational::zero());
    for (l, p) in law {
        let d = BigRational::from_integer((*l).into()) - &mean;
        let d3 = &d * &d * &d;
        mu3 += p * &d3;
        mu4 += p * &d3 * &d;
    }
    [mean, mu2, mu3, mu4]
}

/// The exact chance that the game's length is odd (Player 1 makes the last move).
pub fn exact_odd(law: &[(u32, BigRational)]) -> BigRational {
    law.iter().filter(|(l, _)| l % 2 == 1).map(|(_, p)| p.clone()).sum()
}

impl GameCounts {
    /// The total number of complete games.
    pub fn total(&self) -> BigUint {
        self.counts.iter().sum()
    }

    /// The law under the games measure: each length's share of the games, exactly.
    pub fn law(&self) -> Vec<(u32, BigRational)> {
        let total = num_bigint::BigInt::from(self.total());
        self.counts
            .iter()
            .enumerate()
            .map(|(k, c)| {
                (
                    self.shortest + k as u32,
                    BigRational::new(num_bigint::BigInt::from(c.clone()), total.clone()),
                )
            })
            .collect()
    }
}

impl PathLaw {
    /// `(length, probability)` for every length from the shortest.
    pub fn law(&self) -> Vec<(u32, BigRational)> {
        self.probabilities.iter().enumerate().map(|(k, p)| (self.shortest + k as u32, p.clone())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::{length_distribution, lengths};
    use num_traits::ToPrimitive;

    #[test]
    fn the_float_figures_are_the_exact_ones_within_their_stated_accuracy() {
        for n in 2..=30 {
            let path = path_law(n).unwrap();
            let (mean, variance) = exact_mean_variance(&path.law());
            let l = lengths(n, |_, _| {}).unwrap();
            let relative = |got: f64, want: &BigRational| {
                let want = want.to_f64().unwrap();
                if want == 0.0 {
                    got.abs()
                } else {
                    ((got - want) / want).abs()
                }
            };
            assert!(relative(l.random_mean, &mean) < 1e-13, "n = {n}: mean");
            assert!(
                relative(l.random_variance, &variance) < 1e-13,
                "n = {n}: variance {} against {}",
                l.random_variance,
                variance.to_f64().unwrap()
            );
            // The float distribution against the exact one, to 12 significant digits.
            let float = length_distribution(n, |_, _| {}).unwrap();
            for ((length, p), (exact_length, q)) in float.iter().zip(path.law()) {
                assert_eq!(length, exact_length);
                assert!(relative(p, &q) < 1e-12, "n = {n}, length {length}");
            }
            assert_eq!(counts_total(n), l.games, "n = {n}: the games measure's total is the count of games");
        }
    }

    fn counts_total(n: u32) -> BigUint {
        game_counts(n).unwrap().total()
    }

    /// The reversed game's laws by a memoised search over its positions (by value, not rank):
    /// from each position, the law of the remaining length under both measures.
    fn reversed_by_search(
        p: &crate::zgame::ZPosition,
        memo: &mut std::collections::HashMap<crate::zgame::ZPosition, (Vec<BigUint>, Vec<BigRational>)>,
    ) -> (Vec<BigUint>, Vec<BigRational>) {
        use crate::zgame::reversed::ReversedMove;
        if let Some(known) = memo.get(p) {
            return known.clone();
        }
        let moves = ReversedMove::all(p);
        let (mut games, mut path) = if moves.is_empty() {
            (vec![BigUint::one()], vec![BigRational::one()])
        } else {
            (Vec::new(), Vec::new())
        };
        let k = BigRational::from_integer(moves.len().into());
        for m in moves {
            let (g, q) = reversed_by_search(&m.apply(p).unwrap(), memo);
            for (length, (g, q)) in g.iter().zip(&q).enumerate() {
                if games.len() < length + 2 {
                    games.resize(length + 2, BigUint::zero());
                    path.resize(length + 2, BigRational::zero());
                }
                games[length + 1] += g;
                path[length + 1] += q / &k;
            }
        }
        memo.insert(p.clone(), (games.clone(), path.clone()));
        (games, path)
    }

    /// The reversed game's laws over its own graph equal a search over its positions; its
    /// complete games, read backwards, are the game's, so their counts by length are equal too;
    /// its path law sums to 1 and its mean and variance are those of `reversed_lengths`.
    #[test]
    fn the_reversed_games_laws_are_its_own_and_its_games_the_games_read_backwards() {
        for n in 1..=24 {
            let counts = reversed_game_counts(n).unwrap();
            let law = reversed_path_law(n).unwrap();
            let start = crate::zgame::reversed::zeckendorf_position(n);
            let (games, path) = reversed_by_search(&start, &mut Default::default());
            let trim = |v: &[BigUint]| v.iter().skip_while(|c| c.is_zero()).cloned().collect::<Vec<_>>();
            assert_eq!(counts.counts, trim(&games), "n = {n}: games by length");
            let first = games.iter().position(|c| !c.is_zero()).unwrap();
            assert_eq!(counts.shortest as usize, first);
            assert_eq!(law.probabilities, path[first..], "n = {n}: path law");
            assert_eq!(counts, game_counts(n).unwrap(), "n = {n}: the games read backwards");
            assert_eq!(law.probabilities.iter().sum::<BigRational>(), BigRational::one());
            let (mean, variance) = exact_mean_variance(&law.law());
            let l = crate::zgame::reversed::reversed_lengths(n, |_, _| {}).unwrap();
            let close = |a: f64, b: &BigRational| (a - b.to_f64().unwrap()).abs() <= 1e-12 * a.abs().max(1.0);
            assert!(close(l.random_mean, &mean) && close(l.random_variance, &variance), "n = {n}");
        }
        for n in 25..=45 {
            assert_eq!(reversed_game_counts(n).unwrap(), game_counts(n).unwrap(), "n = {n}");
        }
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    #[test]
    #[ignore = "a measurement, by hand"]
    fn laws_by_hand() {
        for n in [30u32, 40, 45] {
            let t = std::time::Instant::now();
            let law = path_law(n).unwrap();
            let digits = law.probabilities.iter().map(|p| p.denom().to_string().len()).max().unwrap();
            println!("path n {n}: {:.2}s, largest denominator {digits} digits", t.elapsed().as_secs_f64());
        }
        for n in [60u32, 100, 150] {
            let t = std::time::Instant::now();
            let c = game_counts(n).unwrap();
            println!(
                "games n {n}: {:.2}s, {} digits",
                t.elapsed().as_secs_f64(),
                c.total().to_string().len()
            );
        }
    }
}
