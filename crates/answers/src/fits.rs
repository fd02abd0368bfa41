//! `zecklab data fits`: the models the research notes state as conjectures, fitted to the
//! published files by least squares, with standard errors and residuals, so that each
//! conjecture's figures are computed, never typed.
//!
//! The fits have two or three parameters, so the normal equations are solved directly (a
//! linear-algebra crate would cost more to build than these lines); every column is scaled to
//! order one first, which keeps them well conditioned.

use serde::Serialize;

use crate::AnswerError;

/// What the fits read from the published files, parsed by the caller.
#[derive(Clone, Debug, Default)]
pub struct Published {
    /// The start's remoteness r(n) where recorded (`zgame-by-n.csv`).
    pub remoteness: Vec<(u32, u32)>,
    /// P-positions over positions, every recorded n (`zgame-by-n.csv`).
    pub p_share: Vec<(u32, f64)>,
    /// `(n, measure, mean_over_n, variance_over_n)` of `random-laws.jsonl`.
    pub random: Vec<(u32, String, f64, f64)>,
    /// The ordered game's longest game M(n) (`ordered-lengths.jsonl`).
    pub ordered_longest: Vec<(u32, u64)>,
    /// The ordered game's P-positions over positions (`ordered-by-n.jsonl`).
    pub ordered_p_share: Vec<(u32, f64)>,
}

/// One fitted model: a JSON line of `data fits`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FitJson {
    /// A stable name.
    pub name: &'static str,
    /// The quantity fitted, in words.
    pub quantity: &'static str,
    /// The model, with its parameters named.
    pub model: &'static str,
    /// The points fitted, in words.
    pub range: String,
    /// How many points.
    pub points: usize,
    /// The parameters with their standard errors.
    pub parameters: Vec<Parameter>,
    /// The residuals' standard deviation (with the degrees of freedom the parameters leave).
    pub residual_sd: f64,
    /// The largest residual in absolute value, and where.
    pub max_abs_residual: f64,
    /// The n of the largest residual.
    pub max_residual_at: u32,
    /// The least and the greatest value fitted.
    pub observed: [f64; 2],
}

/// A fitted parameter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parameter {
    pub name: &'static str,
    pub value: f64,
    pub std_error: f64,
}

/// Least squares of `y ≈ Σ β_j x_j` over `rows` (`(n, x, y)`); `None` with fewer points than
/// parameters plus one, or a singular design.
fn least_squares(
    names: &[&'static str],
    rows: &[(u32, Vec<f64>, f64)],
) -> Option<(Vec<Parameter>, f64, f64, u32)> {
    let p = names.len();
    let m = rows.len();
    if m <= p {
        return None;
    }
    // Scale each column to a largest magnitude of 1.
    let scale: Vec<f64> = (0..p)
        .map(|j| rows.iter().map(|(_, x, _)| x[j].abs()).fold(0.0, f64::max).max(f64::MIN_POSITIVE))
        .collect();
    let mut a = vec![vec![0.0; p + 1]; p];
    for (_, x, y) in rows {
        for i in 0..p {
            for j in 0..p {
                a[i][j] += x[i] / scale[i] * x[j] / scale[j];
            }
            a[i][p] += x[i] / scale[i] * y;
        }
    }
    let inverse = invert(&a.iter().map(|r| r[..p].to_vec()).collect::<Vec<_>>())?;
    let beta: Vec<f64> = (0..p).map(|i| (0..p).map(|j| inverse[i][j] * a[j][p]).sum::<f64>()).collect();
    let residuals: Vec<(u32, f64)> = rows
        .iter()
        .map(|(n, x, y)| (*n, y - (0..p).map(|j| beta[j] * x[j] / scale[j]).sum::<f64>()))
        .collect();
    let sigma2 = residuals.iter().map(|(_, r)| r * r).sum::<f64>() / (m - p) as f64;
    let parameters = (0..p)
        .map(|j| Parameter {
            name: names[j],
            value: beta[j] / scale[j],
            std_error: (sigma2 * inverse[j][j]).sqrt() / scale[j],
        })
        .collect();
    let (at, worst) =
        residuals
            .iter()
            .copied()
            .fold((0, 0.0f64), |(n0, w), (n, r)| if r.abs() > w.abs() { (n, r) } else { (n0, w) });
    Some((parameters, sigma2.sqrt(), worst.abs(), at))
}

/// The inverse of a small square matrix by Gauss–Jordan with partial pivoting.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let p = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| row.iter().copied().chain((0..p).map(|j| f64::from(u8::from(i == j)))).collect())
        .collect();
    for col in 0..p {
        let pivot = (col..p).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let d = m[col][col];
        m[col].iter_mut().for_each(|v| *v /= d);
        for r in 0..p {
            if r != col {
                let f = m[r][col];
                let pivot_row = m[col].clone();
                m[r].iter_mut().zip(&pivot_row).for_each(|(v, w)| *v -= f * w);
            }
        }
    }
    Some(m.into_iter().map(|row| row[p..].to_vec()).collect())
}

/// One fit of `points` (`(n, y)`) to the model whose design row for n is `design(n)`.
fn fit(
    name: &'static str,
    quantity: &'static str,
    model: &'static str,
    names: &[&'static str],
    range: String,
    points: &[(u32, f64)],
    design: impl Fn(f64) -> Vec<f64>,
) -> Result<FitJson, AnswerError> {
    let rows: Vec<(u32, Vec<f64>, f64)> = points.iter().map(|&(n, y)| (n, design(f64::from(n)), y)).collect();
    let (parameters, residual_sd, max_abs_residual, max_residual_at) = least_squares(names, &rows)
        .ok_or_else(|| {
            AnswerError::Invalid(format!("{name}: too few points in the published files to fit"))
        })?;
    let observed =
        points.iter().fold([f64::INFINITY, f64::NEG_INFINITY], |[lo, hi], &(_, y)| [lo.min(y), hi.max(y)]);
    Ok(FitJson {
        name,
        quantity,
        model,
        range,
        points: points.len(),
        parameters,
        residual_sd,
        max_abs_residual,
        max_residual_at,
        observed,
    })
}

/// Every fit the research notes state, from the published files.
///
/// # Errors
/// [`AnswerError::Invalid`] when a file holds too few points for its fit.
pub fn fits(published: &Published) -> Result<Vec<FitJson>, AnswerError> {
    let mut all = Vec::new();
    let remoteness: Vec<(u32, f64)> = published
        .remoteness
        .iter()
        .filter(|(n, _)| *n >= 200)
        .map(|&(n, r)| (n, f64::from(r) - 2.0 * f64::from(n)))
        .collect();
    all.push(fit(
        "zgame-remoteness",
        "r(n) - 2n, r(n) the start's remoteness",
        "a + b n",
        &["a", "b"],
        "every n >= 200 whose remoteness is recorded".into(),
        &remoteness,
        |n| vec![1.0, n],
    )?);
    let share: Vec<(u32, f64)> = published.p_share.iter().copied().filter(|(n, _)| *n >= 200).collect();
    all.push(fit(
        "zgame-p-share",
        "P-positions over positions of the game on n",
        "c + d / sqrt(n)",
        &["c", "d"],
        "every recorded n >= 200".into(),
        &share,
        |n| vec![1.0, 1.0 / n.sqrt()],
    )?);
    for (measure, mean_name, variance_name) in [
        ("path", "random-path-mean", "random-path-variance"),
        ("games", "random-games-mean", "random-games-variance"),
    ] {
        let of = |pick: fn(&(u32, String, f64, f64)) -> f64| -> Vec<(u32, f64)> {
            published.random.iter().filter(|r| r.1 == measure && r.0 >= 100).map(|r| (r.0, pick(r))).collect()
        };
        all.push(fit(
            mean_name,
            "the mean length of a random game over n",
            "a + b / n",
            &["a", "b"],
            format!("the {measure} measure, every published n >= 100"),
            &of(|r| r.2),
            |n| vec![1.0, 1.0 / n],
        )?);
        all.push(fit(
            variance_name,
            "the variance of the length of a random game over n",
            "a + b / n",
            &["a", "b"],
            format!("the {measure} measure, every published n >= 100"),
            &of(|r| r.3),
            |n| vec![1.0, 1.0 / n],
        )?);
    }
    let deficit: Vec<(u32, f64)> = published
        .ordered_longest
        .iter()
        .filter(|(n, _)| *n >= 8)
        .map(|&(n, m)| (n, (f64::from(n) * f64::from(n) / 2.0 - m as f64).ln()))
        .collect();
    all.push(fit(
        "ordered-longest",
        "ln(n^2/2 - M(n)), M(n) the ordered game's longest game",
        "ln(alpha) + beta ln(n)",
        &["ln_alpha", "beta"],
        "every n from 8 with M(n) published".into(),
        &deficit,
        |n| vec![1.0, n.ln()],
    )?);
    let ordered_share: Vec<(u32, f64)> =
        published.ordered_p_share.iter().filter(|(n, _)| *n >= 10).map(|&(n, q)| (n, q.ln())).collect();
    all.push(fit(
        "ordered-p-share",
        "ln of the ordered game's share of P-positions",
        "ln(c) + gamma ln(n)",
        &["ln_c", "gamma"],
        "every n from 10 published".into(),
        &ordered_share,
        |n| vec![1.0, n.ln()],
    )?);
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_squares_recovers_a_line_and_its_errors() {
        // y = 3 - 0.5 n exactly: the fit returns it with zero residual.
        let rows: Vec<(u32, Vec<f64>, f64)> =
            (1..=10).map(|n| (n, vec![1.0, f64::from(n)], 3.0 - 0.5 * f64::from(n))).collect();
        let (p, sd, worst, _) = least_squares(&["a", "b"], &rows).unwrap();
        assert!((p[0].value - 3.0).abs() < 1e-12 && (p[1].value + 0.5).abs() < 1e-12);
        assert!(sd < 1e-12 && worst < 1e-12);
        // Noise of ±1 alternating on a constant: mean 0, standard error sd / sqrt(m).
        let rows: Vec<(u32, Vec<f64>, f64)> =
            (0..100).map(|n| (n, vec![1.0], if n % 2 == 0 { 1.0 } else { -1.0 })).collect();
        let (p, sd, _, _) = least_squares(&["c"], &rows).unwrap();
        assert!(p[0].value.abs() < 1e-12);
        assert!((sd - (100.0f64 / 99.0).sqrt()).abs() < 1e-12);
        assert!((p[0].std_error - sd / 10.0).abs() < 1e-12);
        assert!(least_squares(&["a", "b"], &rows[..2]).is_none());
    }
}
