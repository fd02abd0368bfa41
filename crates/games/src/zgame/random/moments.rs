//! The mean and the second, third and fourth central moments of the game's length under random
//! play, and the chance that Player 1 makes the last move, by a recursion over the position graph
//! tier by tier: every child of a position with `p` parts has `p` or `p - 1` parts (see
//! `tiers`), so memory is two tiers, not the whole game, and n = 500 fits in a few GB.
//!
//! **The recursion.** From a position with children `c_j` chosen with probabilities `w_j`
//! (`1/k` under the path measure; the child's share of the complete games under the games
//! measure), the length is one more than the chosen child's. Its mean is `1 + Σ w_j m_j`, and
//! its central moments come from the children's *central* moments and their deviations
//! `d_j = m_j - Σ w_i m_i`:
//! `μ2 = Σ w_j (μ2_j + d_j²)`, `μ3 = Σ w_j (μ3_j + 3 d_j μ2_j + d_j³)`,
//! `μ4 = Σ w_j (μ4_j + 4 d_j μ3_j + 6 d_j² μ2_j + d_j⁴)`. Nothing is found as a raw moment minus
//! powers of the mean (at n = 500 the fourth raw moment is near 10^11 and μ4 near 4·10^4).
//!
//! **Proven bounds.** Every figure is an [`Interval`] that holds the exact value: each operation
//! rounds outward. The games measure's counts leave `f64`'s range near n = 210 and are kept as
//! [`Scaled`] numbers.

use super::interval::{Interval, Scaled};
use super::Measure;
use crate::zgame::position::{apply_to_counts, for_each_legal_move, undo_on_counts};
use crate::zgame::ranks::MAX_TOP;
use crate::zgame::TierIndex;

/// The length's figures from one position (or the start), each a proven interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LengthMoments {
    /// The mean number of moves to the end.
    pub mean: Interval,
    /// Central moments of the number of moves: variance, third, fourth.
    pub mu2: Interval,
    pub mu3: Interval,
    pub mu4: Interval,
    /// The chance that the player to move makes the last move.
    pub mover_last: Interval,
}

impl LengthMoments {
    /// The mixture of the children's laws with weights `w`, one move later; `equal`: every
    /// weight is the same (the path measure), so the sums are scaled once rather than term by term.
    fn mixture(children: &[(Interval, LengthMoments)], equal: bool) -> LengthMoments {
        let weigh = |w: Interval, x: Interval| if equal { x } else { w.mul_nonneg(x) };
        let mut mean = Interval::ZERO;
        for (w, c) in children {
            mean = mean + weigh(*w, c.mean);
        }
        if equal {
            mean = children[0].0.mul_nonneg(mean);
        }
        let (mut mu2, mut mu3, mut mu4, mut last) =
            (Interval::ZERO, Interval::ZERO, Interval::ZERO, Interval::ZERO);
        for (w, c) in children {
            let d = c.mean - mean;
            let d2 = d.square();
            mu2 = mu2 + weigh(*w, c.mu2 + d2);
            mu3 = mu3 + weigh(*w, c.mu3 + c.mu2.mul_nonneg(d).times(3.0) + d2.mul_nonneg(d));
            mu4 = mu4
                + weigh(*w, c.mu4 + (d * c.mu3).times(4.0) + d2.mul_nonneg(c.mu2).times(6.0) + d2.square());
            last = last + weigh(*w, Interval::ONE - c.mover_last);
        }
        if equal {
            let w = children[0].0;
            (mu2, mu3, mu4, last) =
                (w.mul_nonneg(mu2), w.mul_nonneg(mu3), w.mul_nonneg(mu4), w.mul_nonneg(last));
        }
        LengthMoments { mean: mean + Interval::ONE, mu2, mu3, mu4, mover_last: last }
    }
}

/// The figures of the start of the game on `n` under one measure.
#[derive(Clone, Debug, PartialEq)]
pub struct StartMoments {
    pub n: u32,
    pub measure: Measure,
    pub moments: LengthMoments,
    /// The number of complete games (games measure only), as a bounded scaled number.
    pub games: Option<Scaled>,
    /// The positions visited.
    pub positions: u64,
}

/// Why the recursion did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MomentsError {
    /// The tiers of the game on n cannot be ranked (n = 0, or past the count table's limit).
    OutOfReach(u32),
    /// The two largest neighbouring tiers would need more memory than allowed.
    TooLarge { n: u32, bytes: u128, limit: u128 },
    /// The caller cancelled the run.
    Cancelled,
}

impl std::fmt::Display for MomentsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MomentsError::OutOfReach(n) => write!(f, "n = {n} is out of reach: its tiers cannot be ranked"),
            MomentsError::TooLarge { n, bytes, limit } => write!(
                f,
                "n = {n} is too large: its two largest tiers need {} MiB, more than the {} MiB allowed",
                bytes.div_ceil(1 << 20),
                limit >> 20
            ),
            MomentsError::Cancelled => f.write_str("stopped before the end"),
        }
    }
}

impl std::error::Error for MomentsError {}

/// Bytes a position takes in the recursion under a measure.
pub fn bytes_per_position(measure: Measure) -> u128 {
    let base = std::mem::size_of::<LengthMoments>() as u128;
    match measure {
        Measure::Path => base,
        Measure::Games => base + std::mem::size_of::<Scaled>() as u128,
    }
}

/// The memory the recursion on `n` needs: its two largest neighbouring tiers.
pub fn moments_bytes(index: &TierIndex, measure: Measure) -> u128 {
    let n = index.n();
    let largest_pair =
        (index.fewest_parts()..n).map(|p| u128::from(index.count(p)) + u128::from(index.count(p + 1))).max();
    largest_pair.unwrap_or(0) * bytes_per_position(measure)
}

/// The figures of the start of the game on `n` under `measure`; `progress(done, total)` after
/// each tier, in positions. `cancel` is polled between tiers.
pub fn start_moments(
    n: u32,
    measure: Measure,
    memory_limit: u128,
    cancel: &crate::Cancel,
    mut progress: impl FnMut(u64, u64),
) -> Result<StartMoments, MomentsError> {
    let index = TierIndex::new(n).ok_or(MomentsError::OutOfReach(n))?;
    let bytes = moments_bytes(&index, measure);
    if bytes > memory_limit {
        return Err(MomentsError::TooLarge { n, bytes, limit: memory_limit });
    }
    let total: u64 = (index.fewest_parts()..=n).map(|p| index.count(p)).sum();
    let games = measure == Measure::Games;
    let top = index.top();
    let (mut below, mut below_counts): (Vec<LengthMoments>, Vec<Scaled>) = (Vec::new(), Vec::new());
    let mut done = 0u64;
    for p in index.fewest_parts()..=n {
        if cancel.is_cancelled() {
            return Err(MomentsError::Cancelled);
        }
        let size = index.count(p) as usize;
        let mut here = vec![LengthMoments::default(); size];
        let mut here_counts = if games { vec![Scaled::ONE; size] } else { Vec::new() };
        let mut kids: Vec<(u64, bool)> = Vec::with_capacity(2 * MAX_TOP);
        let mut mixed: Vec<(Interval, LengthMoments)> = Vec::with_capacity(2 * MAX_TOP);
        let mut counts = [0u32; MAX_TOP];
        // Descending rank order: a split child sits at a higher rank of this tier, already
        // final; a combine child is in the tier below.
        index.for_each_descending(p, |parent, prefix| {
            let rank = prefix.same[1] as usize;
            counts[..top].copy_from_slice(parent);
            kids.clear();
            for_each_legal_move(parent, |m| {
                apply_to_counts(&mut counts, m);
                kids.push(index.child_rank(&counts[..top], prefix, m));
                undo_on_counts(&mut counts, m);
            });
            if kids.is_empty() {
                return;
            }
            let moments_of =
                |&(r, down): &(u64, bool)| if down { below[r as usize] } else { here[r as usize] };
            mixed.clear();
            if games {
                let count_of = |&(r, down): &(u64, bool)| {
                    if down {
                        below_counts[r as usize]
                    } else {
                        here_counts[r as usize]
                    }
                };
                let whole = Scaled::sum(kids.iter().map(count_of));
                mixed.extend(kids.iter().map(|k| (count_of(k).share_of(whole), moments_of(k))));
                here_counts[rank] = whole;
            } else {
                let w = Interval::ONE / Interval::point(kids.len() as f64);
                mixed.extend(kids.iter().map(|k| (w, moments_of(k))));
            }
            here[rank] = LengthMoments::mixture(&mixed, !games);
        });
        done += size as u64;
        progress(done, total);
        below = here;
        below_counts = here_counts;
    }
    Ok(StartMoments {
        n,
        measure,
        moments: below[0],
        games: games.then(|| below_counts[0]),
        positions: total,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{exact_moments, exact_odd, game_counts, path_law};
    use super::*;
    use num_rational::BigRational;
    use num_traits::{FromPrimitive, ToPrimitive};

    fn holds(i: Interval, v: &BigRational) -> bool {
        BigRational::from_f64(i.lo).unwrap() <= *v && *v <= BigRational::from_f64(i.hi).unwrap()
    }

    fn check(n: u32, measure: Measure, law: &[(u32, BigRational)]) {
        let got = start_moments(n, measure, 1 << 30, &crate::Cancel::new(), |_, _| {}).unwrap();
        let m = got.moments;
        let exact = exact_moments(law);
        for (name, i, v) in [
            ("mean", m.mean, &exact[0]),
            ("mu2", m.mu2, &exact[1]),
            ("mu3", m.mu3, &exact[2]),
            ("mu4", m.mu4, &exact[3]),
        ] {
            assert!(holds(i, v), "n = {n} {measure:?} {name}: {i:?} does not hold {}", v.to_f64().unwrap());
            // Tight: within 1e-7 of the value's size (or absolutely, near 0); the games measure's
            // third moment is the loosest, 2e-8 at n = 45.
            let scale = v.to_f64().unwrap().abs().max(1.0);
            assert!(i.hi - i.lo <= 1e-7 * scale, "n = {n} {measure:?} {name}: {i:?} is loose");
        }
        assert!(holds(m.mover_last, &exact_odd(law)), "n = {n} {measure:?}: last move");
    }

    #[test]
    fn the_bounds_hold_the_exact_moments_of_both_measures() {
        for n in 1..=26 {
            check(n, Measure::Path, &path_law(n).unwrap().law());
        }
        for n in 1..=45 {
            let counts = game_counts(n).unwrap();
            check(n, Measure::Games, &counts.law());
            let games = start_moments(n, Measure::Games, 1 << 30, &crate::Cancel::new(), |_, _| {})
                .unwrap()
                .games
                .unwrap();
            let total = BigRational::from_integer(counts.total().into());
            let power = BigRational::from_integer(num_bigint::BigInt::from(2u32).pow(games.exponent as u32));
            assert!(holds(games.mantissa, &(total / power)), "n = {n}: the number of games");
        }
    }

    #[test]
    fn memory_beyond_the_limit_is_refused_before_work() {
        let e = start_moments(200, Measure::Path, 1 << 20, &crate::Cancel::new(), |_, _| {}).unwrap_err();
        assert!(matches!(e, MomentsError::TooLarge { n: 200, .. }), "{e}");
        assert_eq!(
            start_moments(0, Measure::Path, 1 << 30, &crate::Cancel::new(), |_, _| {}).unwrap_err(),
            MomentsError::OutOfReach(0)
        );
    }
}
