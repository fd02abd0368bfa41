//! Stored games: statistics, the published record, the store and its tables.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use zecklab_answers::solve::{self as solving, SolveRequest, SOLVE_MEMORY};

use crate::errors::{answer_error, solve_failure, store_error, StoreError};
use crate::table::{Source, Table};
use crate::topy::to_python;
use crate::whole::Whole;
use crate::*;

/// The game on `n` cut by remoteness and by number of parts (`zgame stats`): from the stored
/// table when it holds remoteness, else solved with remoteness.
#[pyfunction]
#[pyo3(signature = (n, store=None))]
pub(crate) fn zgame_stats<'py>(
    py: Python<'py>,
    n: Whole<u32>,
    store: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = n.0;
    zecklab_answers::stats::check_stats_size(n).map_err(answer_error)?;
    let store = locate(store).ok();
    let answer = work::run(py, "counting", move |context| {
        if let Some(table) = store.as_ref().map(|s| s.open(n)).transpose().map_err(store_error)?.flatten() {
            if table.header().remoteness_width > 0 {
                let loaded = table.load(SOLVE_MEMORY as u64, |_, _| {}).map_err(store_error)?;
                return Ok(zecklab_answers::stats::stats_of(&loaded, "store"));
            }
        }
        let mut control = solving::Control::new().with_cancel(context.cancel.clone());
        let solution = solving::solve_kept(&SolveRequest::new(n), &mut control).map_err(solve_failure)?;
        Ok(zecklab_answers::stats::stats_of(&solution, "solved"))
    })?;
    to_python(py, &answer)
}

/// The published record built into zecklab (`data record`): one dict per n, or only `n`'s; with
/// each n's tiers when `tiers`.
#[pyfunction]
#[pyo3(signature = (n=None, tiers=false))]
pub(crate) fn data_record<'py>(
    py: Python<'py>,
    n: Option<Whole<u32>>,
    tiers: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let record = zecklab_store::published::record();
    let lines = zecklab_answers::record::record_lines(record, n.map(|n| n.0), tiers).map_err(answer_error)?;
    to_python(py, &lines)
}

/// The tables of a store: one dict per file (`store list --json`).
#[pyfunction]
#[pyo3(signature = (path=None))]
pub(crate) fn store_list<'py>(py: Python<'py>, path: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let store = locate(path)?;
    let lines = work::run(py, "listing the store", move |_| {
        Ok(store
            .list()
            .map_err(store_error)?
            .iter()
            .map(zecklab_answers::stored::list_line)
            .collect::<Vec<_>>())
    })?;
    to_python(py, &lines)
}

/// Every stored table's checksums checked: one dict per file (`store verify --json`).
#[pyfunction]
#[pyo3(signature = (path=None))]
pub(crate) fn store_verify<'py>(py: Python<'py>, path: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let store = locate(path)?;
    let lines = work::run(py, "checking the store", move |context| {
        let entries = store.list().map_err(store_error)?;
        let total: u64 =
            entries.iter().map(|e| e.table.as_ref().map_or(0, |t| t.header().digest_count)).sum();
        let mut before = 0;
        let mut lines = Vec::new();
        for e in &entries {
            if context.cancel.is_cancelled() {
                break; // the interrupt is raised by the waiting thread
            }
            lines.push(zecklab_answers::stored::verify_line(e, |done, _| {
                context.progress.set(before + done, total)
            }));
            before += e.table.as_ref().map_or(0, |t| t.header().digest_count);
        }
        Ok(lines)
    })?;
    to_python(py, &lines)
}

/// Memory a Python table keeps of the chunks it has read and checked (reads past it check
/// chunks again).
pub(crate) const TABLE_CHUNK_BUDGET: u64 = 4 << 30;

/// The stored table of the Zeckendorf game on `n` (misère with `misere`).
#[pyfunction]
#[pyo3(signature = (n, path=None, misere=false))]
pub(crate) fn store_table(
    py: Python<'_>,
    n: Whole<u32>,
    path: Option<PathBuf>,
    misere: bool,
) -> PyResult<Table> {
    let n = n.0;
    let store = locate(path)?;
    let game = zecklab_store::TableGame::new(
        zecklab_games::zgame::family::Recurrence::FIBONACCI,
        zecklab_games::zgame::family::RuleSet::All,
        misere,
    );
    let file = store.path_for_game(game, n);
    let table = py.detach(|| zecklab_store::StoredTable::open_with_budget(&file, TABLE_CHUNK_BUDGET));
    let table = table.map_err(store_error)?;
    if table.n() != n || table.game() != game {
        return Err(StoreError::new_err(format!(
            "{} holds {} on n = {}, not what its name says",
            file.display(),
            table.game().describe(),
            table.n()
        )));
    }
    Ok(Table::new(Source::Stored(Arc::new(table)), Some(file)))
}
