//! `zgame export`: every position of a solved game (or only the P-positions) as CSV or
//! Parquet, from the store when the game is stored, else solved first.

use std::path::Path;
use std::time::Instant;

use serde::Serialize;
use zecklab_games::zgame::SolvedTable;
use zecklab_store::export::{write_csv, write_parquet, Rows};
use zecklab_store::Store;

use super::solve::solve_with_progress;
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
        Some(table) => Some(table.verify(|_, _| {}).map_err(InputError::from_display)?),
        None => None,
    };
    let table: &dyn TableRef = match (&verified, &solution) {
        (Some(v), _) => v,
        (None, Some(s)) => s,
        (None, None) => unreachable!("solved when not stored"),
    };
    let rows = if p_positions { Rows::PPositions } else { Rows::All };
    let bar = progress::bar(table.count(), "positions", &format!("exporting n = {n}"));
    let report = |done: u64, _: u64| bar.set_position(done);
    let mut written_rows = 0u64;
    let destination = output::write_file(path, |w| {
        written_rows = table.export(format, rows, w, &report)?;
        Ok(())
    })?;
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

/// A table to export, whichever kind it is (the export functions are generic).
trait TableRef {
    fn count(&self) -> u64;
    fn export(
        &self,
        format: Format,
        rows: Rows,
        w: &mut (dyn std::io::Write + Send),
        progress: &dyn Fn(u64, u64),
    ) -> anyhow::Result<u64>;
}

impl<T: SolvedTable> TableRef for T {
    fn count(&self) -> u64 {
        self.index().count()
    }

    fn export(
        &self,
        format: Format,
        rows: Rows,
        w: &mut (dyn std::io::Write + Send),
        progress: &dyn Fn(u64, u64),
    ) -> anyhow::Result<u64> {
        let counted = std::cell::Cell::new(0u64);
        let count_rows = |done: u64, total: u64| {
            counted.set(done);
            progress(done, total);
        };
        match format {
            Format::Csv => write_csv(self, rows, w, count_rows)?,
            Format::Parquet => write_parquet(self, rows, w, count_rows)?,
        }
        // Rows written: every position, or the P-positions counted from the table.
        let _ = counted;
        Ok(match rows {
            Rows::All => self.index().count(),
            Rows::PPositions => {
                (0..self.index().count()).filter(|&r| !self.outcome(r).is_win()).count() as u64
            }
        })
    }
}
