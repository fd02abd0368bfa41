//! Checks for random play's exact laws: both measures against the enumeration of every complete
//! game, and the floating-point figures against the exact ones.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use zecklab_games::zgame::random::{
    exact_mean_variance, exact_moments, exact_odd, game_counts, game_counts_by_residues, path_law,
    start_moments, Interval, Measure,
};
use zecklab_games::zgame::{length_distribution, lengths};
use zecklab_games::Cancel;
use zecklab_reference::random::every_game;

use crate::{Check, Level};

const RANDOM_PAPER: &str = "the random Zeckendorf game paper, arXiv 2210.11038 (its two random measures)";

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let enumerated = level.pick(11u32, 16);
    let exact = level.pick(30u32, 45);
    let games_to = level.pick(40u32, 100);
    let residue_totals: &'static [u32] = level.pick(&[130][..], &[130, 160, 200][..]);
    vec![Check::new(
        "random-laws",
        "The length's law under the path measure (a uniform choice among the legal moves each turn) and the games measure (every complete game equally likely), pushed forward over the position graph in exact arithmetic, equal the enumeration of every complete game; the floating-point mean, variance and distribution agree with the exact values to 1e-13, 1e-13 and 1e-12 relative",
        RANDOM_PAPER,
        format!("every complete game of every n <= {enumerated}; the float figures for every n <= {exact}"),
        "exact forward push against enumeration; f64 sweeps against exact rationals",
        move || check_laws(enumerated, exact),
    ),
    Check::new(
        "random-moments",
        "The mean, the second to fourth central moments and the chance that Player 1 moves last, found tier by tier as values with proven error radii, enclose the exact values of both measures: those of the enumeration of every complete game, and those of the exact laws",
        RANDOM_PAPER,
        format!("both measures; against the enumeration for every n <= {enumerated}, against the exact laws for every n <= {exact} (path) and {games_to} (games)"),
        "bounded tier recursion against exact rationals from enumeration and from the forward push",
        move || check_moments(enumerated, exact, games_to),
    ),
    Check::new(
        "random-residues",
        "The games measure's law far out: the number of complete games of each length, found modulo word-sized coprime numbers tier by tier and rebuilt by the Chinese remainder theorem, equals the big-integer forward push length by length, and its total equals the count of complete games of the position graph's own sweep",
        RANDOM_PAPER,
        format!("every n <= {games_to} against the push; n = {} against the total", residue_totals.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
        "residues and the Chinese remainder theorem against exact big-integer sums",
        move || check_residues(games_to, residue_totals),
    )]
}

/// The residue engine's counts against the push's, and their sum against `lengths`' count of
/// complete games (a sweep of its own over the position graph).
fn check_residues(games_to: u32, totals: &'static [u32]) -> Result<String, String> {
    let by_residues =
        |n: u32| game_counts_by_residues(n, 1 << 34, &Cancel::new(), |_, _| {}).map_err(|e| e.to_string());
    for n in 1..=games_to {
        if by_residues(n)? != game_counts(n).ok_or("n too large")? {
            return Err(format!("n = {n}: the residues' counts differ from the push's"));
        }
    }
    for &n in totals {
        let counts = by_residues(n)?;
        let want = lengths(n, |_, _| {}).ok_or("n too large")?.games;
        if counts.total() != want {
            return Err(format!(
                "n = {n}: the residues count {} games, the position graph {want}",
                counts.total()
            ));
        }
    }
    Ok(format!("{games_to} laws equal, {} totals equal", totals.len()))
}

/// Whether the interval holds the exact rational.
fn holds(i: Interval, v: &BigRational) -> bool {
    use num_traits::FromPrimitive;
    let (lo, hi) = (BigRational::from_f64(i.lo), BigRational::from_f64(i.hi));
    matches!((lo, hi), (Some(lo), Some(hi)) if lo <= *v && *v <= hi)
}

fn check_moments(enumerated: u32, exact: u32, games_to: u32) -> Result<String, String> {
    let mut checked = 0u64;
    let mut widest = 0f64;
    let mut compare = |n: u32, measure: Measure, law: &[(u32, BigRational)]| -> Result<(), String> {
        let got = start_moments(n, measure, 1 << 32, &Cancel::new(), |_, _| {}).map_err(|e| e.to_string())?;
        let m = got.moments;
        let want = exact_moments(law);
        let named =
            [("mean", m.mean), ("variance", m.mu2), ("third moment", m.mu3), ("fourth moment", m.mu4)];
        for ((name, i), v) in named.iter().zip(&want) {
            if !holds(*i, v) {
                return Err(format!(
                    "n = {n}, {measure:?} measure: the {name} {i:?} misses {}",
                    v.to_f64().unwrap_or(f64::NAN)
                ));
            }
            widest = widest.max((i.hi - i.lo) / v.to_f64().unwrap_or(1.0).abs().max(1.0));
        }
        if !holds(m.mover_last, &exact_odd(law)) {
            return Err(format!("n = {n}, {measure:?} measure: the last move's chance misses"));
        }
        checked += 1;
        Ok(())
    };
    for n in 1..=enumerated {
        // The laws as the enumeration gives them: each game's probability, and each game once.
        let games = every_game(n);
        let total = BigRational::from_integer(games.len().into());
        let mut path: std::collections::BTreeMap<u32, BigRational> = Default::default();
        let mut uniform: std::collections::BTreeMap<u32, BigRational> = Default::default();
        for (length, p) in &games {
            *path.entry(*length).or_insert_with(|| BigRational::from_integer(0.into())) += p;
            *uniform.entry(*length).or_insert_with(|| BigRational::from_integer(0.into())) +=
                BigRational::from_integer(1.into()) / &total;
        }
        compare(n, Measure::Path, &path.into_iter().collect::<Vec<_>>())?;
        compare(n, Measure::Games, &uniform.into_iter().collect::<Vec<_>>())?;
    }
    for n in enumerated + 1..=exact {
        compare(n, Measure::Path, &path_law(n).ok_or("n too large")?.law())?;
    }
    for n in enumerated + 1..=games_to {
        compare(n, Measure::Games, &game_counts(n).ok_or("n too large")?.law())?;
    }
    Ok(format!("{checked} laws enclosed; the widest enclosure {widest:.1e} of its value"))
}

fn check_laws(enumerated: u32, exact: u32) -> Result<String, String> {
    let mut games_seen = 0u64;
    for n in 1..=enumerated {
        let games = every_game(n);
        games_seen += games.len() as u64;
        let counts = game_counts(n).ok_or("n too large")?;
        if counts.total() != BigUint::from(games.len()) {
            return Err(format!(
                "n = {n}: the games measure counts {} games, the enumeration {}",
                counts.total(),
                games.len()
            ));
        }
        for (k, c) in counts.counts.iter().enumerate() {
            let length = counts.shortest + k as u32;
            if *c != BigUint::from(games.iter().filter(|g| g.0 == length).count()) {
                return Err(format!("n = {n}: the games of length {length} differ"));
            }
        }
        for (length, p) in path_law(n).ok_or("n too large")?.law() {
            let want: BigRational = games.iter().filter(|g| g.0 == length).map(|g| g.1.clone()).sum();
            if p != want {
                return Err(format!("n = {n}: the probability of length {length} differs"));
            }
        }
    }
    let mut worst = 0f64;
    for n in 2..=exact {
        let law = path_law(n).ok_or("n too large")?.law();
        let (mean, variance) = exact_mean_variance(&law);
        let l = lengths(n, |_, _| {}).ok_or("n too large")?;
        let relative = |got: f64, want: &BigRational| {
            let want = want.to_f64().unwrap_or(f64::NAN);
            if want == 0.0 {
                got.abs()
            } else {
                ((got - want) / want).abs()
            }
        };
        let (m, v) = (relative(l.random_mean, &mean), relative(l.random_variance, &variance));
        if m >= 1e-13 || v >= 1e-13 {
            return Err(format!("n = {n}: mean off by {m:e}, variance by {v:e} (relative)"));
        }
        worst = worst.max(m).max(v);
        let float = length_distribution(n, |_, _| {}).ok_or("n too large")?;
        for ((length, p), (_, q)) in float.iter().zip(&law) {
            if relative(p, q) >= 1e-12 {
                return Err(format!("n = {n}: the probability of length {length} is off by more than 1e-12"));
            }
        }
    }
    Ok(format!(
        "{} complete games enumerated; mean and variance within {worst:.1e} of the exact values",
        crate::grouped(games_seen)
    ))
}
