//! `zecklab data fits`: reads the published files and prints the research notes' fitted models
//! (the fitting is in `zecklab_answers::fits`; this reads the files and prints).

use std::path::Path;

use serde_json::Value;
use zecklab_answers::fits::{fits, FitJson, Published};

use super::load;
use crate::input::{self, InputError};
use crate::output::Out;

/// Prints one line per fit.
pub fn run(out: &mut Out, dir: &Path, json: bool) -> anyhow::Result<()> {
    let record = load(dir)?;
    let mut published = Published::default();
    for row in record.rows() {
        if let Some(r) = row.remoteness {
            published.remoteness.push((row.n, r));
        }
        published.p_share.push((row.n, row.p_positions as f64 / row.positions as f64));
    }
    for line in json_lines(dir, "random-laws.jsonl")? {
        let (Some(n), Some(measure), Some(mean), Some(variance)) = (
            line["n"].as_u64(),
            line["measure"].as_str(),
            line["mean_over_n"].as_f64(),
            line["variance_over_n"].as_f64(),
        ) else {
            return Err(malformed(dir, "random-laws.jsonl"));
        };
        published.random.push((n as u32, measure.to_string(), mean, variance));
    }
    for line in json_lines(dir, "ordered-lengths.jsonl")? {
        let (Some(n), Some(longest)) = (line["n"].as_u64(), line["longest"].as_u64()) else {
            return Err(malformed(dir, "ordered-lengths.jsonl"));
        };
        published.ordered_longest.push((n as u32, longest));
    }
    for line in json_lines(dir, "ordered-by-n.jsonl")? {
        let (Some(n), Some(p), Some(all)) =
            (line["n"].as_u64(), line["p_positions"].as_f64(), line["positions"].as_f64())
        else {
            return Err(malformed(dir, "ordered-by-n.jsonl"));
        };
        published.ordered_p_share.push((n as u32, p / all));
    }
    for fit in fits(&published)? {
        if json {
            out.json(&fit)?;
        } else {
            out.line(describe(&fit))?;
        }
    }
    Ok(())
}

/// The lines of `dir/name`, each a JSON object.
fn json_lines(dir: &Path, name: &str) -> anyhow::Result<Vec<Value>> {
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        InputError::from_display(format!("cannot read '{}': {e}", input::shown(&path.to_string_lossy())))
    })?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|_| malformed(dir, name)))
        .collect()
}

fn malformed(dir: &Path, name: &str) -> anyhow::Error {
    InputError::from_display(format!(
        "'{}' is not a published file of the expected shape (run zecklab data check)",
        input::shown(&dir.join(name).to_string_lossy())
    ))
}

fn describe(fit: &FitJson) -> String {
    let parameters: Vec<String> =
        fit.parameters.iter().map(|p| format!("{} = {:.6} ± {:.6}", p.name, p.value, p.std_error)).collect();
    format!(
        "{}: {} ≈ {} ({}; {} points): {}; residual sd {:.3e}, largest {:.3e} at n = {}",
        fit.name,
        fit.quantity,
        fit.model,
        fit.range,
        fit.points,
        parameters.join(", "),
        fit.residual_sd,
        fit.max_abs_residual,
        fit.max_residual_at
    )
}
