//! `zgame stats`: the game on N cut by remoteness and by number of parts, with its deepest
//! positions. Glue only: the figures are `zecklab_games::zgame::stats`', the JSON shape
//! `zecklab_answers::stats`'. Values come from the store when it holds the game with remoteness,
//! else from a solve.

use zecklab_answers::stats::{check_stats_size, stats_from_store, stats_of, StatsJson};
use zecklab_games::zgame::solve;
use zecklab_numeration::grouped;
use zecklab_store::Store;

use super::common::MEMORY_LIMIT;
use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// The statistics of the game on `n`: from its stored table when that holds remoteness, else
/// solved with remoteness.
pub fn stats_json(store: Option<&Store>, n: u32) -> anyhow::Result<StatsJson> {
    check_stats_size(n)?;
    if let Some(table) = super::stored::stored_table(store, n)? {
        if let Some(stats) = stats_from_store(&table)? {
            return Ok(stats);
        }
    }
    let solution = solve(n, true, MEMORY_LIMIT, |_, _| {}).map_err(InputError::from_display)?;
    Ok(stats_of(&solution, "solved"))
}

/// `zgame stats`.
pub fn stats(out: &mut Out, n: u32, store: Option<&Store>, json: bool) -> anyhow::Result<()> {
    let spinner = progress::spinner(&format!("counting n = {n}"));
    let answer = stats_json(store, n);
    spinner.finish_and_clear();
    let answer = answer?;
    if json {
        return out.json(&answer);
    }
    let share = |p: u64, all: u64| format!("{:.2}%", 100.0 * p as f64 / all.max(1) as f64);
    out.line(format!(
        "n = {n}: {}, {} ({}); {} wins, remoteness of the start {}",
        crate::output::counted(answer.positions, "position", "positions"),
        crate::output::counted(answer.p_positions, "P-position", "P-positions"),
        share(answer.p_positions, answer.positions),
        answer.winner,
        answer.start_remoteness.map_or("unknown".into(), |r| r.to_string()),
    ))?;
    // Rows of (remoteness or parts, positions, P-positions), under their heading.
    let mut table = |heading: &str, rows: &mut dyn Iterator<Item = (u32, u64, u64)>| -> anyhow::Result<()> {
        out.line(heading)?;
        for (key, positions, p_positions) in rows {
            out.line(format!("  {key:>10} {:>14} {:>13}", grouped(positions), grouped(p_positions)))?;
        }
        Ok(())
    };
    table(
        "by remoteness:      positions   P-positions",
        &mut answer.remoteness_histogram.iter().map(|r| (r.remoteness, r.positions, r.p_positions)),
    )?;
    table(
        "by number of parts: positions   P-positions",
        &mut answer.by_tier.iter().map(|t| (t.parts, t.positions, t.p_positions)),
    )?;
    for law in &answer.length_laws {
        out.line(format!(
            "random play ({} measure): mean length {:.4}, variance {:.4}, skewness {}, excess kurtosis {}",
            law.measure,
            law.mean,
            law.variance,
            law.skewness.map_or("undefined".into(), |s| format!("{s:.4}")),
            law.excess_kurtosis.map_or("undefined".into(), |k| format!("{k:.4}"))
        ))?;
    }
    if let Some(most) = answer.max_remoteness {
        out.line(format!(
            "the deepest positions (remoteness {most}): {} of them{}",
            grouped(answer.deepest_count),
            if answer.deepest_count > answer.deepest.len() as u64 { ", the first listed" } else { "" }
        ))?;
        for position in &answer.deepest {
            out.line(format!("  {position}"))?;
        }
    }
    Ok(())
}
