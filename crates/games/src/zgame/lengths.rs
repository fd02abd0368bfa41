//! Exact game lengths of the Zeckendorf game on `n` over the whole position graph: shortest and
//! longest game, the number of distinct complete games, and random play (each turn a uniform
//! choice among the legal moves): mean and variance of the length and the probability that
//! Player 1 makes the last move. Random-play figures are `f64` averages of the children's: the
//! variance is combined from the children's means and variances ([`Mixture`]), never as the mean
//! square minus the squared mean, so no cancellation loses digits (a test holds the mean and the
//! variance to the exact rationals within 1e-13 relative for every n to 30).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::index::PositionIndex;
use super::ranks::walk;

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

/// How often (in positions) the sweeps here report progress.
const PROGRESS_STEP: usize = 1 << 16;

/// Computes [`Lengths`] by one sweep over the ranked positions (children before parents);
/// `progress(done, total)` is called every few ten thousand positions.
pub fn lengths(n: u32, mut progress: impl FnMut(u64, u64)) -> Option<Lengths> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let mut t = LengthTables::new(count, 0);
    let LengthTables { shortest, longest, mean, variance, mover_last, games } = &mut t;
    walk(&index, false, |r, children| {
        let r = r as usize;
        if r.is_multiple_of(PROGRESS_STEP) {
            progress((count - r) as u64, count as u64);
        }
        if children.is_empty() {
            games[r] = BigUint::one();
            return;
        }
        let k = children.len() as f64;
        let (mut lo, mut hi, mut p) = (u32::MAX, 0u32, 0f64);
        let mut mixture = Mixture::default();
        let mut total = BigUint::zero();
        for c in children.iter().map(|c| c.rank as usize) {
            lo = lo.min(shortest[c]);
            hi = hi.max(longest[c]);
            mixture.add(mean[c], variance[c]);
            // The mover makes the last move iff the opponent does not from the child.
            p += 1.0 - mover_last[c];
            total += &games[c];
        }
        shortest[r] = lo + 1;
        longest[r] = hi + 1;
        (mean[r], variance[r]) = mixture.one_move_before();
        mover_last[r] = p / k;
        games[r] = total;
    });
    let s = index.rank(&super::ZPosition::start(n).ok()?)?;
    Some(t.at(n, s))
}

/// The mean and variance of a uniform mixture of lengths, gathered one child at a time from each
/// child's mean and variance (the running mean and the sum of squared deviations updated as in
/// Welford's method, extended to children that are distributions themselves): no step subtracts
/// two large nearly equal numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Mixture {
    count: u32,
    mean: f64,
    /// The sum over the children of their variance plus their squared deviation from the mean.
    spread: f64,
}

impl Mixture {
    /// Adds a child whose length has this mean and variance.
    pub(super) fn add(&mut self, mean: f64, variance: f64) {
        self.count += 1;
        let delta = mean - self.mean;
        self.mean += delta / f64::from(self.count);
        self.spread += variance + delta * (mean - self.mean);
    }

    /// The mean and variance of the length one move before a uniformly chosen child.
    pub(super) fn one_move_before(&self) -> (f64, f64) {
        (1.0 + self.mean, self.spread / f64::from(self.count.max(1)))
    }
}

/// Per-position length figures over a game graph, filled by a walk that finds each position's
/// from its children's.
pub(super) struct LengthTables {
    pub(super) shortest: Vec<u32>,
    pub(super) longest: Vec<u32>,
    /// Mean length under random play, and its variance.
    pub(super) mean: Vec<f64>,
    pub(super) variance: Vec<f64>,
    /// Probability that the player to move makes the last move under random play.
    pub(super) mover_last: Vec<f64>,
    pub(super) games: Vec<BigUint>,
}

impl LengthTables {
    /// Tables for `count` positions, `shortest` starting at `shortest_start`.
    pub(super) fn new(count: usize, shortest_start: u32) -> LengthTables {
        LengthTables {
            shortest: vec![shortest_start; count],
            longest: vec![0; count],
            mean: vec![0.0; count],
            variance: vec![0.0; count],
            mover_last: vec![0.0; count],
            games: vec![BigUint::zero(); count],
        }
    }

    /// The figures of rank `r` (taken out of the tables) as the game on `n`'s [`Lengths`].
    pub(super) fn at(&mut self, n: u32, r: u64) -> Lengths {
        let s = r as usize;
        Lengths {
            n,
            shortest: self.shortest[s],
            longest: self.longest[s],
            random_mean: self.mean[s],
            random_variance: self.variance[s],
            random_p1_wins: self.mover_last[s],
            games: std::mem::take(&mut self.games[s]),
        }
    }
}

/// The exact distribution of the game length under random play (each turn a uniform choice
/// among the legal moves). Probabilities are `f64`, but every one is built from sums and
/// products of positive numbers only, so each, however small, carries a relative error of
/// at most a few hundred ulps (no cancellation).
#[derive(Clone, Debug, PartialEq)]
pub struct LengthDistribution {
    /// The length of the first entry of `probabilities` (the shortest game).
    pub shortest: u32,
    /// `probabilities[k]`: the probability that the game lasts `shortest + k` moves.
    pub probabilities: Vec<f64>,
}

impl LengthDistribution {
    /// `(length, probability)` for every length from the shortest to the longest game.
    pub fn iter(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.probabilities.iter().enumerate().map(|(k, &p)| (self.shortest + k as u32, p))
    }

    /// The `k`-th central moment (`k >= 2`), or the mean for `k = 1`.
    fn moment(&self, k: i32) -> f64 {
        let mean: f64 = self.iter().map(|(l, p)| f64::from(l) * p).sum();
        if k == 1 {
            return mean;
        }
        self.iter().map(|(l, p)| (f64::from(l) - mean).powi(k) * p).sum()
    }

    /// The mean length.
    pub fn mean(&self) -> f64 {
        self.moment(1)
    }

    /// The variance of the length.
    pub fn variance(&self) -> f64 {
        self.moment(2)
    }

    /// Skewness `E[(L - mean)^3] / variance^(3/2)`; `None` when the length is certain.
    pub fn skewness(&self) -> Option<f64> {
        let v = self.variance();
        (v > 0.0).then(|| self.moment(3) / v.powf(1.5))
    }

    /// Excess kurtosis `E[(L - mean)^4] / variance^2 - 3` (0 for a Gaussian); `None` when the
    /// length is certain.
    pub fn excess_kurtosis(&self) -> Option<f64> {
        let v = self.variance();
        (v > 0.0).then(|| self.moment(4) / (v * v) - 3.0)
    }
}

/// Computes [`LengthDistribution`] by pushing probability forward from the start in increasing
/// rank order (every move raises the rank, so a position has all of its mass when reached). Each
/// position holds the probabilities of being reached after each number of moves until its turn
/// comes; every game ends at the single end position, whose holding is the answer. A first pass
/// finds each position's fewest and most moves from the start, so each holding is allocated once
/// at its exact size. `progress(done, total)` is called every few ten thousand positions (twice
/// over the positions, one pass each).
pub fn length_distribution(n: u32, mut progress: impl FnMut(u64, u64)) -> Option<LengthDistribution> {
    let index = PositionIndex::new(n)?;
    let count = usize::try_from(index.count()).ok()?;
    let total = 2 * count as u64;
    // Pass 1: the depth range [fewest, most] at which each position can be reached.
    let mut fewest = vec![u32::MAX; count];
    let mut most = vec![0u32; count];
    fewest[0] = 0;
    walk(&index, true, |r, children| {
        let r = r as usize;
        if r.is_multiple_of(PROGRESS_STEP) {
            progress(r as u64, total);
        }
        if fewest[r] == u32::MAX {
            return;
        }
        for c in children.iter().map(|c| c.rank as usize) {
            fewest[c] = fewest[c].min(fewest[r] + 1);
            most[c] = most[c].max(most[r] + 1);
        }
    });
    // Pass 2: push the probabilities.
    let mut held: Vec<Option<LengthDistribution>> = (0..count).map(|_| None).collect();
    held[0] = Some(LengthDistribution { shortest: 0, probabilities: vec![1.0] });
    let mut at_end = None;
    walk(&index, true, |r, children| {
        let r = r as usize;
        if r.is_multiple_of(PROGRESS_STEP) {
            progress((count + r) as u64, total);
        }
        let Some(here) = held[r].take() else { return };
        if children.is_empty() {
            at_end = Some(here);
            return;
        }
        let share = 1.0 / children.len() as f64;
        for c in children.iter().map(|c| c.rank as usize) {
            let target = held[c].get_or_insert_with(|| LengthDistribution {
                shortest: fewest[c],
                probabilities: vec![0.0; (most[c] - fewest[c] + 1) as usize],
            });
            let offset = (here.shortest + 1 - target.shortest) as usize;
            let span = &mut target.probabilities[offset..offset + here.probabilities.len()];
            for (t, s) in span.iter_mut().zip(&here.probabilities) {
                *t += share * s;
            }
        }
    });
    at_end
}

/// A proven bound on the relative error of every probability [`length_distribution`] gives for
/// the game on `n` whose longest game lasts `longest` moves.
///
/// Every probability is a sum of positive products, one per path from the start, and each
/// product gathers, at each of at most `longest` moves, at most `k + 1` roundings: the share
/// `1/c` (one), its product with the parent's probability (one) and the additions into the
/// child's entry (one less than the `k` positions that can move to it; `k` is at most the `2·top`
/// kinds of move, a child and a kind of move fixing the parent). So each probability is within
/// `γ_h` of itself relatively, `h = longest·(2·top + 1)`, `γ_h = h·u / (1 - h·u)`, `u = 2^-53`
/// (Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1).
pub fn path_probability_error(n: u32, longest: u32) -> f64 {
    use zecklab_numeration::fib::FIB_U64;
    let top = (1..FIB_U64.len()).take_while(|&i| FIB_U64[i] <= u64::from(n)).last().unwrap_or(1) as f64;
    let h = f64::from(longest) * (2.0 * top + 1.0);
    let hu = h * (f64::EPSILON / 2.0);
    // Rounded up by a margin far above the rounding of these few operations.
    hu / (1.0 - hu) * (1.0 + 1e-9)
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

    /// The floating-point path law lies within its proven relative error of the exact rational
    /// law, entry by entry, for every n to 40.
    #[test]
    fn the_float_path_law_is_within_its_proven_error() {
        use num_rational::BigRational;
        use num_traits::{FromPrimitive, Signed};
        for n in 1..=40 {
            let float = length_distribution(n, |_, _| {}).unwrap();
            let exact = crate::zgame::random::path_law(n).unwrap();
            let longest = float.shortest + float.probabilities.len() as u32 - 1;
            let error = BigRational::from_f64(path_probability_error(n, longest)).unwrap();
            assert_eq!(float.probabilities.len(), exact.probabilities.len());
            for (p, q) in float.probabilities.iter().zip(&exact.probabilities) {
                let off = (BigRational::from_f64(*p).unwrap() - q).abs();
                assert!(off <= &error * q, "n = {n}: {p} against {q}");
            }
        }
        assert!(path_probability_error(250, 600) < 1e-11, "the bound is tight enough to quote");
    }
    use crate::zgame::strategies::{play_out, Rule};
    use zecklab_numeration::zeckendorf_u64;

    #[test]
    fn paper_theorems_small_n() {
        for n in 1..=60u32 {
            let l = lengths(n, |_, _| {}).unwrap();
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
    fn distribution_matches_the_moment_sweep_and_its_extremes() {
        for n in 1..=70u32 {
            let l = lengths(n, |_, _| {}).unwrap();
            let d = length_distribution(n, |_, _| {}).unwrap();
            assert_eq!(d.shortest, l.shortest, "n = {n}");
            assert_eq!(d.shortest + d.probabilities.len() as u32 - 1, l.longest, "n = {n}");
            // Every length from the shortest to the longest occurs (observed for every n checked).
            assert!(d.probabilities.iter().all(|&p| p > 0.0), "n = {n}");
            let total: f64 = d.probabilities.iter().sum();
            assert!((total - 1.0).abs() < 1e-12, "n = {n}: total {total}");
            assert!((d.mean() - l.random_mean).abs() < 1e-9 * l.random_mean.max(1.0), "n = {n}");
            assert!((d.variance() - l.random_variance).abs() < 1e-9 * l.random_variance.max(1.0), "n = {n}");
            // Player 1 moves last exactly when the length is odd.
            let odd: f64 = d.iter().filter(|(len, _)| len % 2 == 1).map(|(_, p)| p).sum();
            assert!((odd - l.random_p1_wins).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn distribution_by_hand() {
        // n = 3: {1,1,1} -> {1,2} (only move) -> {3} (only move): two moves for sure.
        let d = length_distribution(3, |_, _| {}).unwrap();
        assert_eq!((d.shortest, d.probabilities.clone()), (2, vec![1.0]));
        assert_eq!(d.skewness(), None);
        // n = 4: 1^4 -> 1^2 2, then 1+2 ends at 1 3 (the Zeckendorf form) or 1+1 reaches 2^2, whose
        // only move is the split to 1 3: two moves or three, each with probability 1/2.
        let d = length_distribution(4, |_, _| {}).unwrap();
        assert_eq!((d.shortest, d.probabilities.clone()), (2, vec![0.5, 0.5]));
        assert_eq!(d.skewness(), Some(0.0));
        assert_eq!(d.excess_kurtosis(), Some(-2.0));
    }

    #[test]
    fn tiny_games_by_hand() {
        // n = 2: {1,1} -> {2}: one game of one move, Player 1 moves last.
        let l = lengths(2, |_, _| {}).unwrap();
        assert_eq!((l.shortest, l.longest, l.games.clone()), (1, 1, BigUint::one()));
        assert_eq!(l.random_p1_wins, 1.0);
        assert_eq!(l.random_variance, 0.0);
    }
}
