//! `zgame random-laws`: the law of the game's length under random play, per n and measure,
//! against the Gaussian conjecture. Both measures of an n share one pass over the positions,
//! on every core.

use zecklab_answers::random_laws::{self as answers, RandomLawJson, RANDOM_LAWS_LIMIT};
use zecklab_games::zgame::random::Measure;
use zecklab_games::Cancel;

use super::common::{check_range, MEMORY_LIMIT};
use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// Prints a line per n from `first` to `last` (every `step`-th) and per measure.
pub fn random_laws(
    out: &mut Out,
    first: u32,
    last: u32,
    step: u32,
    measures: &[Measure],
    json: bool,
) -> anyhow::Result<()> {
    check_range(first, last)?;
    if last > RANDOM_LAWS_LIMIT {
        return Err(InputError::from_display(format!(
            "invalid n = {last}: random laws are computed for 1 <= n <= {RANDOM_LAWS_LIMIT}"
        )));
    }
    if step == 0 {
        return Err(InputError::from_display("invalid --step 0: the step is at least 1"));
    }
    let cancel = Cancel::new();
    for n in (first..=last).step_by(step as usize) {
        let bar = progress::bar(0, "positions", &format!("random laws of n = {n}"));
        let lines = answers::random_laws(n, measures, MEMORY_LIMIT, &cancel, |done, total| {
            bar.set_length(total);
            bar.set_position(done);
        });
        bar.finish_and_clear();
        for line in lines.map_err(InputError::from_display)? {
            if json {
                out.json(&line)?;
            } else {
                out.line(describe(&line))?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

fn describe(l: &RandomLawJson) -> String {
    let shape = |v: Option<f64>| v.map_or("undefined".to_string(), |x| format!("{x:.6}"));
    let bound = l
        .bounds
        .as_ref()
        .map(|b| {
            let radius = |[lo, hi]: [f64; 2]| (hi - lo) / 2.0;
            format!(
                " (bounded: mean ±{:.1e}, variance ±{:.1e}, skewness ±{:.1e}, excess kurtosis ±{:.1e})",
                radius(b.mean),
                radius(b.variance),
                radius(b.skewness),
                radius(b.excess_kurtosis)
            )
        })
        .unwrap_or_else(|| " (exact law)".to_string());
    format!(
        "n = {} {} measure: mean {:.6} ({:.6} n), variance {:.6} ({:.6} n), splits {:.6} n, skewness {}, excess kurtosis {}, \
         Kolmogorov distance {}, P(Player 1 moves last) {:.6}{bound}",
        l.n,
        l.measure,
        l.mean,
        l.mean_over_n,
        l.variance,
        l.variance_over_n,
        l.splits_mean_over_n,
        shape(l.skewness),
        shape(l.excess_kurtosis),
        shape(l.kolmogorov),
        l.p1_last_move
    )
}
