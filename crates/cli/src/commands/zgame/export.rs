//! `zgame export`: every position of a solved game (or only the P-positions) as CSV or
//! Parquet, from the store when the game is stored, else solved first.

use std::path::Path;
use std::time::Instant;

use serde::Serialize;
use zecklab_games::zgame::{SolvePlan, SolvedTable};
use zecklab_store::export::{write_csv, write_parquet, Rows};
use zecklab_store::Store;

use super::common::solve_with_progress;
use super::stored::stored_table;
use crate::input::InputError;
use crate::output::{self, Out};
use crate::progress;

/// The export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header line.
    Csv,
    /// Apache Parquet.
    Parquet,
}

/// The largest game exported after an on-demand solve (a stored game of any size is exported
/// from the store).
const EXPORT_SOLVE_LIMIT: u32 = 300;

pub fn export(
    out: &mut Out,
    n: u32,
    format: Format,
    path: &Path,
    p_positions: bool,
    store: Option<&Store>,
    json: bool,
) -> anyhow::Result<()> {
    output::destination(path)?;
    let start = Instant::now();
    let stored = stored_table(store, n)?;
    if stored.is_none() && n > EXPORT_SOLVE_LIMIT {
        return Err(InputError(format!(
            "the game on n = {n} is not stored; export solves on demand only up to n = {EXPORT_SOLVE_LIMIT}: store it first with `zecklab zgame solve --n {n} --save`"
        ))
        .into());
    }
    let solution = if stored.is_none() { Some(solve_with_progress(n, true)?) } else { None };
    let verified = match &stored {
        Some(table) => Some(
            table.load(super::common::MEMORY_LIMIT as u64, |_, _| {}).map_err(InputError::from_display)?,
        ),
        None => None,
    };
    let rows = if p_positions { Rows::PPositions } else { Rows::All };
    let bar = progress::bar(
        SolvePlan::new(n).map_err(InputError::from_display)?.positions,
        "positions",
        &format!("exporting n = {n}"),
    );
    let report = |done: u64, _: u64| bar.set_position(done);
    let (destination, written_rows) = match (&verified, &solution) {
        (Some(table), _) => write_export(table, format, rows, path, &report)?,
        (None, Some(solution)) => write_export(solution, format, rows, path, &report)?,
        (None, None) => unreachable!("solved when not stored"),
    };
    bar.finish_and_clear();
    if destination == output::Destination::Stdout {
        return Ok(());
    }
    #[derive(Serialize)]
    struct ExportJson {
        n: u32,
        rows: u64,
        format: &'static str,
        file: String,
        source: &'static str,
        seconds: f64,
    }
    let line = ExportJson {
        n,
        rows: written_rows,
        format: match format {
            Format::Csv => "csv",
            Format::Parquet => "parquet",
        },
        file: path.display().to_string(),
        source: if stored.is_some() { "store" } else { "solved" },
        seconds: start.elapsed().as_secs_f64(),
    };
    if json {
        out.json(&line)?;
    } else {
        out.line(format!(
            "n = {n}: {} rows written to {} as {} ({}, {:.2} s)",
            line.rows, line.file, line.format, line.source, line.seconds
        ))?;
    }
    Ok(())
}

/// Writes the export of `table` to `path` (see [`output::write_file`]); returns where it went
/// and how many rows it has.
fn write_export(
    table: &impl SolvedTable,
    format: Format,
    rows: Rows,
    path: &Path,
    progress: &dyn Fn(u64, u64),
) -> anyhow::Result<(output::Destination, u64)> {
    let mut written = 0;
    let destination = output::write_file(path, |w| {
        written = match format {
            Format::Csv => write_csv(table, rows, w, progress)?,
            Format::Parquet => write_parquet(table, rows, w, progress)?,
        };
        Ok(())
    })?;
    Ok((destination, written))
}
