//! `zgame lengths`: exact game lengths over the position graph of the game on `n` (or of its
//! reversed game), random play's figures, the four deterministic priority games, and on request
//! the whole length distribution under random play.

use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::zgame::random::{
    exact_mean_variance, exact_moments, game_counts_by_residues, path_law, reversed_path_law, GameCounts,
    Measure, PathLaw,
};
use zecklab_games::zgame::{
    length_distribution, lengths as exact_lengths, path_probability_error, play_out, reversed_lengths,
    theorem_bound, Rule,
};
use zecklab_games::Winner;

use crate::AnswerError;

/// Largest n for lengths (per-position exact game counts).
pub const LENGTHS_LIMIT: u32 = 250;
/// Largest n for the length distribution (a probability vector held per position: 7.2 GB at
/// n = 250).
pub const DISTRIBUTION_LIMIT: u32 = 250;

/// The largest n whose path-measure law is given exactly (its denominators: 165 digits at
/// n = 45).
pub const EXACT_PATH_TO: u32 = 50;
/// The largest n whose games-measure law is computed (exact counts of games: 120 digits at
/// n = 100).
pub const GAMES_LAW_TO: u32 = 250;

/// One game length and its probability under random play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LengthProbability {
    /// Moves in the game.
    pub length: u32,
    /// The probability that random play lasts exactly that long.
    pub probability: f64,
    /// The same probability exactly, as a reduced fraction `"p/q"` (null where not exact; absent
    /// without `--measure`, as before).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Option<String>>,
    /// Under the games measure: the number of complete games of that length, a decimal string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<String>,
}

/// A rational as `"p/q"`, or `"p"` when whole.
pub(crate) fn fraction(r: &BigRational) -> String {
    if r.is_integer() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

/// The mean, variance, skewness and excess kurtosis of an exact law, in floating point.
pub(crate) fn float_moments(law: &[(u32, BigRational)]) -> (f64, f64, Option<f64>, Option<f64>) {
    let [mean, variance, third, fourth] = exact_moments(law);
    let v = variance.to_f64().unwrap_or(f64::NAN);
    let skew = (v > 0.0).then(|| third.to_f64().unwrap_or(f64::NAN) / v.powf(1.5));
    let kurt = (v > 0.0).then(|| fourth.to_f64().unwrap_or(f64::NAN) / (v * v) - 3.0);
    (mean.to_f64().unwrap_or(f64::NAN), v, skew, kurt)
}

/// The answer to `zgame lengths`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LengthsJson {
    /// The game on n.
    pub n: u32,
    /// The fewest moves a game can last.
    pub shortest: u32,
    /// The most moves a game can last.
    pub longest: u32,
    /// The proven bound on the length.
    pub bound: u64,
    /// Whether the longest game meets the bound.
    pub bound_sharp: bool,
    /// Mean length under random play (every legal move equally likely).
    pub random_mean: f64,
    /// Variance of the length under random play.
    pub random_variance: f64,
    /// The probability that Player 1 makes the last move under random play.
    pub random_p1_wins: f64,
    /// The number of distinct complete games.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub games: String,
    /// Length when both players combine the largest pair (Zeckendorf game only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combine_largest: Option<u64>,
    /// Length when both players split the largest part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_largest: Option<u64>,
    /// Length when both players split the smallest part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_smallest: Option<u64>,
    /// Length when both players combine the smallest pair.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combine_smallest: Option<u64>,
    /// Whether these are the reversed game's lengths.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reversed: bool,
    /// Skewness of the distribution (`null` when undefined), with the distribution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skewness: Option<Option<f64>>,
    /// Excess kurtosis of the distribution (`null` when undefined), with the distribution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excess_kurtosis: Option<Option<f64>>,
    /// Every length with its probability, shortest first, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<Vec<LengthProbability>>,
    /// The random measure the random fields describe (`"path"` or `"games"`), when one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measure: Option<&'static str>,
    /// Under the path measure past its exact law: a proven bound on the relative error of every
    /// probability of the distribution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability_relative_error: Option<f64>,
    /// The exact mean and variance of the length under that measure, `"p/q"`, where exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variance_exact: Option<String>,
}

/// The length figures of the game on `n` (of the reversed game when `reversed`), with the
/// distribution when `with_distribution`; `progress(done, total)` is called as positions are
/// swept (twice over when the distribution is asked for).
///
/// # Errors
/// [`AnswerError::Invalid`] for `n = 0`, [`AnswerError::TooLarge`] past [`LENGTHS_LIMIT`].
pub fn lengths(
    n: u32,
    with_distribution: bool,
    reversed: bool,
    progress: impl FnMut(u64, u64),
) -> Result<LengthsJson, AnswerError> {
    lengths_by(n, with_distribution, reversed, None, progress)
}

/// As [`lengths`], the random fields under `measure` when one is named (the JSON then says which,
/// and gives exact values where they are computed).
///
/// # Errors
/// As [`lengths`]; the games measure past [`GAMES_LAW_TO`] is refused.
pub fn lengths_by(
    n: u32,
    with_distribution: bool,
    reversed: bool,
    measure: Option<Measure>,
    mut progress: impl FnMut(u64, u64),
) -> Result<LengthsJson, AnswerError> {
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()));
    }
    let limit = if with_distribution { DISTRIBUTION_LIMIT } else { LENGTHS_LIMIT };
    if n > limit {
        let what = if with_distribution { "zgame lengths --distribution" } else { "zgame lengths" };
        return Err(AnswerError::TooLarge(format!("invalid n = {n}: {what} takes 1 <= n <= {limit}")));
    }
    let too_large = || AnswerError::TooLarge(format!("n = {n} is too large"));
    let l = if reversed { reversed_lengths(n, &mut progress) } else { exact_lengths(n, &mut progress) }
        .ok_or_else(too_large)?;
    let distribution = if with_distribution {
        Some(length_distribution(n, &mut progress).ok_or_else(too_large)?)
    } else {
        None
    };
    if measure == Some(Measure::Games) && n > GAMES_LAW_TO {
        return Err(AnswerError::TooLarge(format!(
            "invalid n = {n}: the games measure's law is computed for 1 <= n <= {GAMES_LAW_TO}"
        )));
    }
    let bound = theorem_bound(n);
    // Priority rules name the Zeckendorf game's moves; the reversed game has none of them.
    let same = |r: Rule| (!reversed).then(|| play_out(n, r, r));
    let json = LengthsJson {
        n,
        shortest: l.shortest,
        longest: l.longest,
        bound,
        bound_sharp: u64::from(l.longest) == bound,
        random_mean: l.random_mean,
        random_variance: l.random_variance,
        random_p1_wins: l.random_p1_wins,
        games: l.games.to_string(),
        combine_largest: same(Rule::CombineLargest),
        split_largest: same(Rule::SplitLargest),
        split_smallest: same(Rule::SplitSmallest),
        combine_smallest: same(Rule::CombineSmallest),
        reversed,
        skewness: distribution.as_ref().map(|d| d.skewness()),
        excess_kurtosis: distribution.as_ref().map(|d| d.excess_kurtosis()),
        distribution: distribution.as_ref().map(|d| {
            d.iter()
                .map(|(length, probability)| LengthProbability {
                    length,
                    probability,
                    exact: None,
                    games: None,
                })
                .collect()
        }),
        measure: None,
        probability_relative_error: None,
        mean_exact: None,
        variance_exact: None,
    };
    Ok(match measure {
        Some(measure) => with_measure(json, measure, with_distribution, reversed, &mut progress)?,
        None => json,
    })
}

/// The number of complete games of each length from n ones, exactly (by residues modulo
/// word-sized numbers, within `memory_limit`). The reversed game's complete games are these
/// read backwards, so its counts are the same.
///
/// # Errors
/// When the residues do not fit in memory, or `cancel` stops the work.
pub fn exact_game_counts(
    n: u32,
    memory_limit: u128,
    cancel: &zecklab_games::Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<GameCounts, AnswerError> {
    game_counts_by_residues(n, memory_limit, cancel, progress)
        .map_err(|e| AnswerError::TooLarge(e.to_string()))
}

/// The figures of `json` (path-measure floats) with the random fields under `measure`, exact
/// where computed.
fn with_measure(
    mut json: LengthsJson,
    measure: Measure,
    with_distribution: bool,
    reversed: bool,
    progress: impl FnMut(u64, u64),
) -> Result<LengthsJson, AnswerError> {
    let n = json.n;
    // The reversed game's path law comes from its own graph.
    let path_law = if reversed { reversed_path_law } else { path_law as fn(u32) -> Option<PathLaw> };
    match measure {
        Measure::Path => {
            json.measure = Some("path");
            // Named, the measure gives every entry its exact probability, or null.
            for entry in json.distribution.iter_mut().flatten() {
                entry.exact = Some(None);
            }
            if n <= EXACT_PATH_TO {
                let law = path_law(n).expect("small games rank").law();
                let (mean, variance) = exact_mean_variance(&law);
                json.mean_exact = Some(fraction(&mean));
                json.variance_exact = Some(fraction(&variance));
                if let Some(entries) = json.distribution.as_mut() {
                    for (entry, (_, p)) in entries.iter_mut().zip(&law) {
                        entry.exact = Some(Some(fraction(p)));
                    }
                }
            } else if with_distribution {
                json.probability_relative_error = Some(path_probability_error(n, json.longest));
            }
        }
        Measure::Games => {
            json.measure = Some("games");
            let counts =
                exact_game_counts(n, crate::solve::SOLVE_MEMORY, &zecklab_games::Cancel::new(), progress)?;
            let law = counts.law();
            let (mean, variance) = exact_mean_variance(&law);
            let (m, v, skew, kurt) = float_moments(&law);
            json.random_mean = m;
            json.random_variance = v;
            // Player 1 makes the last move exactly in the games of odd length.
            let odd: BigRational = law.iter().filter(|(l, _)| l % 2 == 1).map(|(_, p)| p.clone()).sum();
            json.random_p1_wins = odd.to_f64().unwrap_or(f64::NAN);
            json.mean_exact = Some(fraction(&mean));
            json.variance_exact = Some(fraction(&variance));
            if with_distribution {
                json.skewness = Some(skew);
                json.excess_kurtosis = Some(kurt);
                json.distribution = Some(
                    law.iter()
                        .zip(&counts.counts)
                        .map(|((length, p), c)| LengthProbability {
                            length: *length,
                            probability: p.to_f64().unwrap_or(f64::NAN),
                            exact: Some(Some(fraction(p))),
                            games: Some(c.to_string()),
                        })
                        .collect(),
                );
            }
        }
    }
    Ok(json)
}

/// One game where each player follows a priority rule, as `zgame play-out --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayOutJson {
    /// The game on n.
    pub n: u32,
    /// Player 1's rule.
    pub p1: &'static str,
    /// Player 2's rule.
    pub p2: &'static str,
    /// Moves until the end.
    pub length: u64,
    /// Who makes the last move.
    pub winner: Winner,
}

/// Plays the game on `n` with Player 1 following `p1` and Player 2 `p2`.
///
/// # Errors
/// [`AnswerError::Invalid`] for `n = 0`.
pub fn play_out_rules(n: u32, p1: Rule, p2: Rule) -> Result<PlayOutJson, AnswerError> {
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()));
    }
    let length = play_out(n, p1, p2);
    let winner = Winner::of_last_move(length);
    Ok(PlayOutJson { n, p1: p1.name(), p2: p2.name(), length, winner })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_and_its_bounds() {
        let l = lengths(10, true, false, |_, _| {}).unwrap();
        assert!(l.shortest <= l.longest && u64::from(l.longest) <= l.bound);
        let total: f64 = l.distribution.as_ref().unwrap().iter().map(|e| e.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        assert!(l.combine_largest.is_some());
        assert!(matches!(lengths(0, false, false, |_, _| {}), Err(AnswerError::Invalid(_))));
        assert!(matches!(lengths(251, false, false, |_, _| {}), Err(AnswerError::TooLarge(_))));
        assert!(lengths(10, false, true, |_, _| {}).unwrap().combine_largest.is_none());
    }
}
