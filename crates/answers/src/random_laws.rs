//! `zgame random-laws`: the law of the game's length under random play against the Gaussian
//! conjecture, one answer per n and measure. Where the whole law is computed exactly (the path
//! measure to n = [`EXACT_PATH_TO`], the games measure to n = [`GAMES_LAW_TO`]) every figure comes
//! from it, with the Kolmogorov distance to the normal; beyond, the moments come from the tier by
//! tier recursion of `zgame::random`, each with a proven bound (`bounds`).

use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::zgame::random::{
    exact_odd, moments_threads, path_law, start_moments_resumable, Interval, Measure, MomentsCheckpoint,
    MomentsCheckpointView, MomentsError, Resumable, StartMoments,
};
use zecklab_games::zgame::TierIndex;
use zecklab_games::Cancel;
use zecklab_numeration::zeckendorf_mask_u64;

pub use crate::lengths::{exact_game_counts, EXACT_PATH_TO, GAMES_LAW_TO};
use crate::AnswerError;

/// The largest n the moment recursion takes: at n = 600 its two largest neighbouring tiers hold
/// 193 million positions (the path measure fits in 20 GiB on two threads, the games measure on
/// one, one measure at a time), at n = 700 596 million.
pub const RANDOM_LAWS_LIMIT: u32 = 600;

/// One line of `zgame random-laws --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RandomLawJson {
    pub n: u32,
    /// `"path"` (a uniform choice among the legal moves each turn) or `"games"` (every complete
    /// game equally likely).
    pub measure: &'static str,
    pub mean: f64,
    pub variance: f64,
    pub mean_over_n: f64,
    pub variance_over_n: f64,
    /// The mean number of splits (the length less the shortest game's, n - Z(n)), over n.
    pub splits_mean_over_n: f64,
    /// The variance of the number of splits (the length's), over n.
    pub splits_variance_over_n: f64,
    /// Null where the variance is 0.
    pub skewness: Option<f64>,
    pub excess_kurtosis: Option<f64>,
    /// The largest distance between the law's distribution function and the normal one of the
    /// same mean and variance; null where the whole law is out of reach.
    pub kolmogorov: Option<f64>,
    /// The chance that Player 1 makes the last move.
    pub p1_last_move: f64,
    /// Whether every figure comes from the exact law (each the nearest double of an exact
    /// rational, the distance to the normal computed from it).
    pub exact: bool,
    /// Where not exact: each figure's proven enclosure, `[low, high]`.
    pub bounds: Option<Bounds>,
}

/// Proven enclosures of the figures of a line that is not exact.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bounds {
    pub mean: [f64; 2],
    pub variance: [f64; 2],
    pub skewness: [f64; 2],
    pub excess_kurtosis: [f64; 2],
    pub p1_last_move: [f64; 2],
}

/// The line of `n` under `measure`: from the exact law where it is computed, else from the
/// bounded moment recursion (refused past [`RANDOM_LAWS_LIMIT`] or `memory_limit`).
pub fn random_law(
    n: u32,
    measure: Measure,
    memory_limit: u128,
    cancel: &Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<RandomLawJson, AnswerError> {
    Ok(random_laws(n, &[measure], memory_limit, cancel, progress)?.remove(0))
}

/// The lines of `n` under each of `measures`, in that order: the measures beyond their exact
/// laws share one pass of the bounded recursion (or take one each where together they would not
/// fit in `memory_limit`).
pub fn random_laws(
    n: u32,
    measures: &[Measure],
    memory_limit: u128,
    cancel: &Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<Vec<RandomLawJson>, AnswerError> {
    random_laws_resumable(n, measures, memory_limit, cancel, progress, &mut |_| Ok(None), &|_, _| {})
}

/// The measures of `n` whose figures come from the bounded recursion, not an exact law.
pub fn bounded_measures(n: u32, measures: &[Measure]) -> Vec<Measure> {
    measures
        .iter()
        .copied()
        .filter(|&m| match m {
            Measure::Path => n > EXACT_PATH_TO,
            Measure::Games => n > GAMES_LAW_TO,
        })
        .collect()
}

/// Finds the checkpoint a pass of the recursion over some measures resumes from.
pub type LoadCheckpoint<'a> = dyn FnMut(&[Measure]) -> Result<Option<MomentsCheckpoint>, AnswerError> + 'a;

/// [`random_laws`] resuming each pass of the recursion from `load(measures)` and saving by
/// `save` (see `zgame::random::Resumable`).
pub fn random_laws_resumable(
    n: u32,
    measures: &[Measure],
    memory_limit: u128,
    cancel: &Cancel,
    mut progress: impl FnMut(u64, u64),
    load: &mut LoadCheckpoint<'_>,
    save: &(dyn Fn(MomentsCheckpointView<'_>, bool) + Sync),
) -> Result<Vec<RandomLawJson>, AnswerError> {
    if n == 0 || n > RANDOM_LAWS_LIMIT {
        return Err(AnswerError::Invalid(format!(
            "invalid n = {n}: random laws are computed for 1 <= n <= {RANDOM_LAWS_LIMIT}"
        )));
    }
    let bounded = bounded_measures(n, measures);
    let mut lines: Vec<Option<RandomLawJson>> = Vec::with_capacity(measures.len());
    for &measure in measures {
        let law = match measure {
            _ if bounded.contains(&measure) => None,
            Measure::Path => path_law(n).map(|l| l.law()),
            Measure::Games => Some(exact_game_counts(n, memory_limit, cancel, &mut progress)?.law()),
        };
        lines.push(law.map(|law| from_law(n, measure, &law)));
    }
    if !bounded.is_empty() {
        let index =
            TierIndex::new(n).ok_or_else(|| AnswerError::TooLarge(format!("n = {n} cannot be ranked")))?;
        let passes: Vec<Vec<Measure>> = if moments_threads(&index, &bounded, memory_limit).is_some() {
            vec![bounded.clone()]
        } else {
            bounded.iter().map(|&m| vec![m]).collect()
        };
        for pass in passes {
            let resumable = Resumable { resume: load(&pass)?, save };
            let moments = start_moments_resumable(n, &pass, memory_limit, cancel, &mut progress, resumable)
                .map_err(|e| match e {
                MomentsError::Cancelled => AnswerError::TooLarge("stopped before the end".into()),
                MomentsError::Checkpoint(why) => AnswerError::Invalid(format!("cannot resume: {why}")),
                e => AnswerError::TooLarge(e.to_string()),
            })?;
            for m in &moments {
                let at = measures.iter().position(|&x| x == m.measure).expect("a measure asked for");
                lines[at] = Some(from_moments(m));
            }
        }
    }
    Ok(lines.into_iter().map(|l| l.expect("every line made")).collect())
}

fn name(measure: Measure) -> &'static str {
    match measure {
        Measure::Path => "path",
        Measure::Games => "games",
    }
}

/// The moves of the shortest game: one combine for each part the Zeckendorf form lacks.
fn shortest(n: u32) -> f64 {
    f64::from(n) - f64::from(zeckendorf_mask_u64(u64::from(n)).count_ones())
}

fn from_law(n: u32, measure: Measure, law: &[(u32, BigRational)]) -> RandomLawJson {
    let (mean, variance, skewness, excess_kurtosis) = crate::lengths::float_moments(law);
    let x = f64::from(n);
    RandomLawJson {
        n,
        measure: name(measure),
        mean,
        variance,
        mean_over_n: mean / x,
        variance_over_n: variance / x,
        splits_mean_over_n: (mean - shortest(n)) / x,
        splits_variance_over_n: variance / x,
        skewness,
        excess_kurtosis,
        kolmogorov: (variance > 0.0).then(|| kolmogorov(law, mean, variance)),
        p1_last_move: exact_odd(law).to_f64().unwrap_or(f64::NAN),
        exact: true,
        bounds: None,
    }
}

/// `sup_x |F(x) - Φ((x - mean) / sd)|` for a law on the integers: the supremum is reached at a
/// jump of `F`, from one side or the other.
fn kolmogorov(law: &[(u32, BigRational)], mean: f64, variance: f64) -> f64 {
    let sd = variance.sqrt();
    let normal = |x: f64| 0.5 * libm::erfc(-(x - mean) / (sd * std::f64::consts::SQRT_2));
    let mut cumulative = BigRational::from_integer(0.into());
    let mut distance = 0f64;
    for (length, p) in law {
        let before = cumulative.to_f64().unwrap_or(f64::NAN);
        cumulative += p;
        let after = cumulative.to_f64().unwrap_or(f64::NAN);
        let phi = normal(f64::from(*length));
        distance = distance.max((before - phi).abs()).max((after - phi).abs());
    }
    distance
}

fn from_moments(m: &StartMoments) -> RandomLawJson {
    let n = m.n;
    let x = Interval::point(f64::from(n));
    let mo = m.moments;
    let positive = mo.mu2.lo > 0.0;
    // mu2^(3/2) and mu2^2, bounded (sqrt is correctly rounded, so one unit out on each side).
    let sd = Interval { lo: mo.mu2.lo.sqrt().next_down(), hi: mo.mu2.hi.sqrt().next_up() };
    let skew = positive.then(|| mo.mu3 / (mo.mu2 * sd));
    let kurt = positive.then(|| mo.mu4 / mo.mu2.square() - Interval::point(3.0));
    let pair = |i: Interval| [i.lo, i.hi];
    let splits = mo.mean - Interval::point(shortest(n));
    RandomLawJson {
        n,
        measure: name(m.measure),
        mean: mo.mean.mid(),
        variance: mo.mu2.mid(),
        mean_over_n: (mo.mean / x).mid(),
        variance_over_n: (mo.mu2 / x).mid(),
        splits_mean_over_n: (splits / x).mid(),
        splits_variance_over_n: (mo.mu2 / x).mid(),
        skewness: skew.map(Interval::mid),
        excess_kurtosis: kurt.map(Interval::mid),
        kolmogorov: None,
        p1_last_move: mo.mover_last.mid(),
        exact: false,
        bounds: Some(Bounds {
            mean: pair(mo.mean),
            variance: pair(mo.mu2),
            skewness: skew.map_or([f64::NAN; 2], pair),
            excess_kurtosis: kurt.map_or([f64::NAN; 2], pair),
            p1_last_move: pair(mo.mover_last),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::zgame::random::start_moments;

    /// Past the exact reach the bounded line encloses what the exact law gives (the recursion run
    /// on an n the exact law also reaches).
    #[test]
    fn the_bounded_lines_enclose_the_exact_ones() {
        for (n, measure) in [(30, Measure::Path), (45, Measure::Games), (12, Measure::Games)] {
            let law = match measure {
                Measure::Path => path_law(n).unwrap().law(),
                Measure::Games => zecklab_games::zgame::random::game_counts(n).unwrap().law(),
            };
            let exact = from_law(n, measure, &law);
            let m = start_moments(n, measure, 1 << 30, &Cancel::new(), |_, _| {}).unwrap();
            let bounded = from_moments(&m);
            let b = bounded.bounds.clone().unwrap();
            let within = |[lo, hi]: [f64; 2], v: f64| lo <= v && v <= hi;
            assert!(within(b.mean, exact.mean), "n = {n}");
            assert!(within(b.variance, exact.variance), "n = {n}");
            // The exact skewness and kurtosis are doubles rounded from exact values: allow that.
            let near = |[lo, hi]: [f64; 2], v: f64| lo - 1e-15 * v.abs() <= v && v <= hi + 1e-15 * v.abs();
            assert!(near(b.skewness, exact.skewness.unwrap()), "n = {n}");
            assert!(near(b.excess_kurtosis, exact.excess_kurtosis.unwrap()), "n = {n}");
            assert!(within(b.p1_last_move, exact.p1_last_move), "n = {n}");
            assert!((bounded.splits_mean_over_n - exact.splits_mean_over_n).abs() < 1e-12);
            assert_eq!((exact.exact, bounded.exact), (true, false));
        }
    }

    #[test]
    fn the_distance_to_the_normal_is_that_of_the_law() {
        // n = 5 under the games measure, by hand: the law's CDF against the normal at each jump.
        let law = zecklab_games::zgame::random::game_counts(5).unwrap().law();
        let line = from_law(5, Measure::Games, &law);
        let d = line.kolmogorov.unwrap();
        assert!(d > 0.0 && d < 1.0);
        // A point mass (n = 2: one game of one move) has no variance and no distance.
        let one = from_law(2, Measure::Path, &path_law(2).unwrap().law());
        assert_eq!((one.variance, one.kolmogorov, one.skewness), (0.0, None, None));
        assert!(random_law(0, Measure::Path, 1 << 30, &Cancel::new(), |_, _| {}).is_err());
        assert!(random_law(RANDOM_LAWS_LIMIT + 1, Measure::Path, 1 << 30, &Cancel::new(), |_, _| {}).is_err());
    }
}
