//! Solved tables from Python: a stored table or a solve kept in memory, with its outcomes and
//! remoteness read as NumPy arrays a slice at a time, vectorised ranking and unranking, each
//! position's answer, and the Parquet export behind `to_arrow` / `to_polars` / `to_pandas`.
//!
//! A stored table is read through the store's own reader: every byte handed to Python comes
//! from a chunk checked against its digest since the file was opened (a file changed since is
//! an error, never bytes nobody checked), and only the chunks a read touches are held.

use std::path::PathBuf;
use std::sync::Arc;

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PySlice;
use zecklab_answers::zgame::{self as answers, Values};
use zecklab_games::zgame::{check_table, PositionIndex, Solution};
use zecklab_store::export::{write_parquet, Rows};
use zecklab_store::StoredTable;

use crate::errors::{answer_error, store_error};
use crate::topy::to_python;
use crate::work;

/// Where a table's values live.
#[derive(Clone)]
pub enum Source {
    /// A file of the store.
    Stored(Arc<StoredTable>),
    /// A solve in memory.
    Solved(Arc<Solution>),
}

impl Source {
    fn index(&self) -> &PositionIndex {
        match self {
            Source::Stored(t) => t.index().expect("only the Zeckendorf game's tables are opened"),
            Source::Solved(s) => s.index(),
        }
    }

    fn values(&self) -> Values<'_> {
        match self {
            Source::Stored(t) => Values::Stored(t),
            Source::Solved(s) => Values::Solved(s),
        }
    }

    fn positions(&self) -> u64 {
        self.index().count()
    }

    fn has_remoteness(&self) -> bool {
        match self {
            Source::Stored(t) => t.has_remoteness(),
            Source::Solved(s) => s.has_remoteness(),
        }
    }

    fn misere(&self) -> bool {
        match self {
            Source::Stored(t) => t.game().misere(),
            Source::Solved(s) => s.misere(),
        }
    }

    /// Outcome bytes `first..first + out.len()`.
    fn outcome_bytes(&self, first: u64, out: &mut [u8]) -> PyResult<()> {
        match self {
            Source::Stored(t) => t.outcome_bytes(first, out).map_err(store_error),
            Source::Solved(s) => {
                for (i, byte) in out.iter_mut().enumerate() {
                    let b = first + i as u64;
                    *byte = (s.outcome_word((b / 8) as usize) >> (8 * (b % 8))) as u8;
                }
                Ok(())
            }
        }
    }

    fn outcome(&self, r: u64) -> PyResult<bool> {
        match self {
            Source::Stored(t) => Ok(t.outcome(r).map_err(store_error)?.is_win()),
            Source::Solved(s) => Ok(s.outcome(r).is_win()),
        }
    }

    fn remoteness(&self, r: u64, parts: u32) -> PyResult<Option<u32>> {
        match self {
            Source::Stored(t) => t.remoteness(r, parts).map_err(store_error),
            Source::Solved(s) => Ok(s.remoteness(r)),
        }
    }
}

/// A slice `start:stop` (step 1) or one index of a sequence of `len` items.
enum Selection {
    One(u64),
    Range(u64, u64),
}

fn select(key: &Bound<'_, PyAny>, len: u64) -> PyResult<Selection> {
    if let Ok(slice) = key.cast::<PySlice>() {
        let len_isize =
            isize::try_from(len).map_err(|_| PyIndexError::new_err("the table is too long to slice"))?;
        let s = slice.indices(len_isize)?;
        if s.step != 1 {
            return Err(PyIndexError::new_err(
                "only slices with step 1 are read (take every k-th item from the result)",
            ));
        }
        let (start, stop) = (s.start.max(0) as u64, s.stop.max(s.start).max(0) as u64);
        return Ok(Selection::Range(start, stop));
    }
    let i: i128 =
        key.extract().map_err(|_| PyIndexError::new_err("index with an integer or a slice start:stop"))?;
    let i = if i < 0 { i + i128::from(len) } else { i };
    if i < 0 || i >= i128::from(len) {
        return Err(PyIndexError::new_err(format!("index out of range for {len} items")));
    }
    Ok(Selection::One(i as u64))
}

/// Largest slice read at once into one array (the caller asks again for more).
const MAX_READ: u64 = 1 << 32;

fn check_read(count: u64) -> PyResult<()> {
    if count > MAX_READ {
        return Err(crate::errors::LimitError::new_err(format!(
            "a read of {count} items at once is refused (at most {MAX_READ}): read the table in slices"
        )));
    }
    Ok(())
}

/// The array, made read-only (the values are the table's, not the caller's to change).
fn frozen<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: Bound<'py, numpy::PyArray<T, D>>,
) -> Bound<'py, numpy::PyArray<T, D>> {
    let kwargs = pyo3::types::PyDict::new(array.py());
    // Clearing the writeable flag of an array we own cannot fail.
    let _ = kwargs
        .set_item("write", false)
        .and_then(|()| array.as_any().call_method("setflags", (), Some(&kwargs)));
    array
}

/// `array` converted to `dtype` when one is asked for (`numpy.asarray(x, dtype=...)`).
fn as_dtype<'py>(array: Bound<'py, PyAny>, dtype: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
    match dtype {
        Some(dtype) => array.call_method1("astype", (dtype,)),
        None => Ok(array),
    }
}

/// The bit-packed outcome table of a [`Table`]: `uint8`, bit `r % 8` of byte `r // 8` set when
/// rank `r` is a win for the player to move. Indexing or slicing reads those bytes (checked)
/// into a new read-only array; `numpy.asarray` reads all of it.
#[pyclass(frozen, module = "zecklab")]
pub struct OutcomeBytes {
    source: Source,
}

#[pymethods]
impl OutcomeBytes {
    fn __len__(&self) -> PyResult<usize> {
        usize::try_from(self.source.positions().div_ceil(8)).map_err(|_| PyValueError::new_err("too long"))
    }

    #[getter]
    fn shape(&self) -> (u64,) {
        (self.source.positions().div_ceil(8),)
    }

    #[getter]
    fn dtype<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("numpy")?.getattr("uint8")
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let len = self.source.positions().div_ceil(8);
        match select(key, len)? {
            Selection::One(i) => {
                let mut byte = [0u8];
                self.source.outcome_bytes(i, &mut byte)?;
                Ok(byte[0].into_pyobject(py)?.into_any())
            }
            Selection::Range(start, stop) => {
                check_read(stop - start)?;
                let source = self.source.clone();
                let bytes = work::run(py, "reading outcomes", move |_| {
                    let mut bytes = vec![0u8; (stop - start) as usize];
                    source.outcome_bytes(start, &mut bytes)?;
                    Ok(bytes)
                })?;
                Ok(frozen(Array1::from(bytes).into_pyarray(py)).into_any())
            }
        }
    }

    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy; // every read is a new array
        as_dtype(self.__getitem__(py, PySlice::full(py).as_any())?, dtype)
    }

    fn __repr__(&self) -> String {
        format!(
            "<zecklab outcome bytes: {} bytes for {} positions>",
            self.source.positions().div_ceil(8),
            self.source.positions()
        )
    }
}

/// The remoteness of every rank of a [`Table`], decoded (`uint16`; the file stores an encoding
/// relative to the position's parts). Slicing reads and decodes that range.
#[pyclass(frozen, module = "zecklab")]
pub struct RemotenessValues {
    source: Source,
}

#[pymethods]
impl RemotenessValues {
    fn __len__(&self) -> PyResult<usize> {
        usize::try_from(self.source.positions()).map_err(|_| PyValueError::new_err("too long"))
    }

    #[getter]
    fn shape(&self) -> (u64,) {
        (self.source.positions(),)
    }

    #[getter]
    fn dtype<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("numpy")?.getattr("uint16")
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let (start, stop, one) = match select(key, self.source.positions())? {
            Selection::One(i) => (i, i + 1, true),
            Selection::Range(a, b) => (a, b, false),
        };
        check_read(stop - start)?;
        let source = self.source.clone();
        let values = work::run(py, "reading remoteness", move |context| {
            let mut values = Vec::with_capacity((stop - start) as usize);
            let index = source.index();
            index.try_for_each_counts(start, stop, |r, counts| -> PyResult<()> {
                let parts = counts.iter().sum();
                let v = source.remoteness(r, parts)?.expect("checked to hold remoteness");
                values.push(u16::try_from(v).expect("remoteness fits 16 bits wherever it is stored"));
                if r % (1 << 20) == 0 {
                    context.progress.set(r - start, stop - start);
                    if context.cancel.is_cancelled() {
                        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
                    }
                }
                Ok(())
            })?;
            Ok(values)
        })?;
        if one {
            return Ok(values[0].into_pyobject(py)?.into_any());
        }
        Ok(frozen(Array1::from(values).into_pyarray(py)).into_any())
    }

    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy; // every read is a new array
        as_dtype(self.__getitem__(py, PySlice::full(py).as_any())?, dtype)
    }

    fn __repr__(&self) -> String {
        format!("<zecklab remoteness: {} positions>", self.source.positions())
    }
}

/// One solved game: every position's outcome (and remoteness, when the table holds it), from
/// the store or a solve kept in memory.
#[pyclass(frozen, module = "zecklab")]
pub struct Table {
    source: Source,
    path: Option<PathBuf>,
}

impl Table {
    /// A table over `source`.
    pub fn new(source: Source, path: Option<PathBuf>) -> Table {
        Table { source, path }
    }
}

#[pymethods]
impl Table {
    /// The game on n.
    #[getter]
    fn n(&self) -> u32 {
        self.source.index().n()
    }

    /// Number of positions (ranks `0 .. positions - 1`).
    #[getter]
    fn positions(&self) -> u64 {
        self.source.positions()
    }

    /// `"store"` or `"solved"`.
    #[getter]
    fn source(&self) -> &'static str {
        self.source.values().source()
    }

    /// The file, for a stored table.
    #[getter]
    fn path(&self) -> Option<String> {
        self.path.as_ref().map(|p| p.display().to_string())
    }

    /// Whether the table holds remoteness.
    #[getter]
    fn has_remoteness(&self) -> bool {
        self.source.has_remoteness()
    }

    /// Misère play.
    #[getter]
    fn misere(&self) -> bool {
        self.source.misere()
    }

    /// The largest Fibonacci index a position can use: the columns of count vectors.
    #[getter]
    fn top(&self) -> usize {
        self.source.index().top()
    }

    /// The bit-packed outcome table (read-only, read as sliced).
    #[getter]
    fn outcomes(&self) -> OutcomeBytes {
        OutcomeBytes { source: self.source.clone() }
    }

    /// The remoteness of every rank (read-only, decoded as sliced).
    #[getter]
    fn remoteness(&self) -> PyResult<RemotenessValues> {
        if !self.source.has_remoteness() {
            return Err(PyValueError::new_err(format!(
                "the table of n = {} holds no remoteness (solve with remoteness=True, or save it with remoteness)",
                self.n()
            )));
        }
        Ok(RemotenessValues { source: self.source.clone() })
    }

    /// The number of P-positions.
    fn p_positions(&self, py: Python<'_>) -> PyResult<u64> {
        let source = self.source.clone();
        work::run(py, "counting P-positions", move |_| match &source {
            Source::Stored(t) => t.p_positions().map_err(store_error),
            Source::Solved(s) => Ok(s.p_positions()),
        })
    }

    /// Outcomes of ranks `start..stop` unpacked to `bool` (True: a win for the player to move).
    #[pyo3(signature = (start=0, stop=None))]
    fn outcomes_bool<'py>(
        &self,
        py: Python<'py>,
        start: u64,
        stop: Option<u64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let stop = stop.unwrap_or(self.positions()).min(self.positions());
        let start = start.min(stop);
        check_read(stop - start)?;
        let source = self.source.clone();
        let bits = work::run(py, "reading outcomes", move |_| {
            let (first, last) = (start / 8, stop.div_ceil(8));
            let mut bytes = vec![0u8; (last - first) as usize];
            source.outcome_bytes(first, &mut bytes)?;
            Ok((start..stop)
                .map(|r| {
                    let b = r - first * 8;
                    bytes[(b / 8) as usize] >> (b % 8) & 1 == 1
                })
                .collect::<Vec<bool>>())
        })?;
        Ok(frozen(Array1::from(bits).into_pyarray(py)))
    }

    /// The outcome (True: a win) of each rank in `ranks`.
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        ranks: PyReadonlyArray1<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let ranks = ranks.as_array().to_vec();
        let positions = self.positions();
        if let Some(bad) = ranks.iter().find(|&&r| r >= positions) {
            return Err(PyIndexError::new_err(format!(
                "rank {bad} is past the table's {positions} positions"
            )));
        }
        let source = self.source.clone();
        let wins = work::run(py, "reading outcomes", move |_| match &source {
            Source::Stored(t) => t.outcomes_of(&ranks, rayon::current_num_threads()).map_err(store_error),
            Source::Solved(_) => ranks.iter().map(|&r| source.outcome(r)).collect::<PyResult<Vec<bool>>>(),
        })?;
        Ok(Array1::from(wins).into_pyarray(py))
    }

    /// The rank of each position, given as a 2-D array of counts (row `i` holds `c_1, c_2, ...`
    /// of position `i`, at most `top` columns; missing columns are 0).
    fn rank<'py>(
        &self,
        py: Python<'py>,
        counts: PyReadonlyArray2<'py, u32>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let counts = counts.as_array();
        let (rows, columns) = counts.dim();
        let index = self.source.index();
        let top = index.top().max(1);
        if columns > top && counts.slice(numpy::ndarray::s![.., top..]).iter().any(|&c| c != 0) {
            return Err(PyValueError::new_err(format!(
                "a position uses a part above F{top}, larger than n = {}",
                index.n()
            )));
        }
        // One flat row-major copy with `top` columns (the rows as given when they already are).
        let flat: Vec<u32> = match counts.as_slice() {
            Some(slice) if columns == top => slice.to_vec(),
            _ => {
                let mut flat = vec![0u32; rows * top];
                for (row, given) in flat.chunks_exact_mut(top).zip(counts.rows()) {
                    for (c, &g) in row.iter_mut().zip(given.iter()) {
                        *c = g;
                    }
                }
                flat
            }
        };
        let source = self.source.clone();
        let n = u64::from(index.n());
        let ranks = py.detach(move || {
            use rayon::prelude::*;
            let index = source.index();
            let fib = &zecklab_numeration::fib::FIB_U64[1..=top];
            flat.par_chunks(top)
                .enumerate()
                .map(|(i, c)| {
                    let sum: u64 = c.iter().zip(fib).map(|(&k, &f)| u64::from(k) * f).sum();
                    if sum != n {
                        return Err(format!("row {i} sums to {sum}, not n = {n}"));
                    }
                    Ok(index.rank_counts(c))
                })
                .collect::<Result<Vec<u64>, String>>()
        });
        Ok(Array1::from(ranks.map_err(PyValueError::new_err)?).into_pyarray(py))
    }

    /// The counts of each rank (one row per rank, `top` columns `c_1, c_2, ...`).
    fn unrank<'py>(
        &self,
        py: Python<'py>,
        ranks: PyReadonlyArray1<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u32>>> {
        let ranks = ranks.as_array().to_vec();
        let positions = self.positions();
        if let Some(bad) = ranks.iter().find(|&&r| r >= positions) {
            return Err(PyIndexError::new_err(format!(
                "rank {bad} is past the table's {positions} positions"
            )));
        }
        let source = self.source.clone();
        let top = source.index().top();
        let flat = py.detach(move || {
            use rayon::prelude::*;
            let index = source.index();
            let mut flat = vec![0u32; ranks.len() * top];
            // Blocks of ranks a task, each unranked in lockstep groups.
            const BLOCK: usize = 1 << 14;
            flat.par_chunks_mut(top * BLOCK)
                .zip(ranks.par_chunks(BLOCK))
                .for_each(|(rows, ranks)| index.unrank_many(ranks, rows));
            flat
        });
        let array = Array2::from_shape_vec((flat.len() / top.max(1), top), flat)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(array.into_pyarray(py))
    }

    /// The answer for one position of this game: its value and every move, best first (and
    /// the optimal line with `line=True`), as `zgame position --json` prints it.
    #[pyo3(signature = (position, line=false))]
    fn position<'py>(&self, py: Python<'py>, position: &str, line: bool) -> PyResult<Bound<'py, PyAny>> {
        let (p, n) = answers::parse_position(position).map_err(answer_error)?;
        if n != self.n() {
            return Err(PyValueError::new_err(format!(
                "{p} is a position of the game on {n}, not {}",
                self.n()
            )));
        }
        let source = self.source.clone();
        let answer = work::run(py, "answering", move |_| {
            answers::position(source.values(), &p, line).map_err(answer_error)
        })?;
        to_python(py, &answer)
    }

    /// Checks every position against its children by the rules, independently of the solver
    /// (`zgame check`): a stored table is read whole, each chunk checked against its digest.
    fn check<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let source = self.source.clone();
        let misere = self.misere();
        let answer = work::run(py, "checking", move |context| {
            let start = std::time::Instant::now();
            let report = |done: u64, total: u64| context.progress.set(done, total);
            let (report, source_name) = match &source {
                Source::Solved(s) => (check_table(s.as_ref(), report), "solved"),
                Source::Stored(t) => {
                    let verified = t
                        .load(zecklab_answers::solve::SOLVE_MEMORY as u64, |_, _| {})
                        .map_err(store_error)?;
                    (check_table(&verified, report), "store")
                }
            };
            let tags =
                zecklab_answers::family::Variant { misere, ..zecklab_answers::family::Variant::ZECKENDORF }
                    .tags();
            Ok(zecklab_answers::zgame::CheckJson::of(
                &report,
                start.elapsed().as_secs_f64(),
                source_name,
                tags,
            ))
        })?;
        to_python(py, &answer)
    }

    /// Player 2's strategy sizes under each choice of winning reply (`zgame certificates`), or
    /// `None` when Player 1 wins; a table solved in memory with remoteness only.
    #[pyo3(signature = (minimal=false))]
    fn certificates<'py>(&self, py: Python<'py>, minimal: bool) -> PyResult<Bound<'py, PyAny>> {
        let Source::Solved(solution) = &self.source else {
            return Err(PyValueError::new_err(
                "certificates are built from a solve in memory: zecklab.zgame.solve(n, keep=True)",
            ));
        };
        let solution = solution.clone();
        let answer = work::run(py, "certificates", move |_| {
            zecklab_answers::lab::certificates(&solution, minimal).map_err(crate::errors::answer_error)
        })?;
        to_python(py, &answer)
    }

    /// Writes every position (or only the P-positions) as Parquet to `path` (what
    /// `zgame export` writes); returns the number of rows.
    #[pyo3(signature = (path, p_positions=false))]
    fn write_parquet(&self, py: Python<'_>, path: PathBuf, p_positions: bool) -> PyResult<u64> {
        let source = self.source.clone();
        let rows = if p_positions { Rows::PPositions } else { Rows::All };
        // The bar counts the positions scanned; with only the P-positions kept, it says so.
        let label = if p_positions { "scanning every position for the P-positions" } else { "exporting" };
        work::run(py, label, move |context| {
            let cannot = |e: &dyn std::fmt::Display| {
                PyValueError::new_err(format!("cannot write '{}': {e}", path.display()))
            };
            // Written beside the destination and renamed over it at the end: a reader never sees
            // half a file, and an interrupted export leaves nothing behind.
            let dir =
                path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
            // An existing file keeps its permissions; a new one gets what the umask allows (the
            // system applies it to 0666), as the command line's files do.
            let mode = {
                use std::os::unix::fs::PermissionsExt;
                std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o666)
            };
            let temporary = tempfile::Builder::new()
                .permissions(std::os::unix::fs::PermissionsExt::from_mode(mode))
                .tempfile_in(dir)
                .map_err(|e| cannot(&e))?;
            let writer = std::io::BufWriter::new(temporary.as_file());
            let report = |done: u64, total: u64| context.progress.set(done, total);
            let written = match &source {
                Source::Solved(s) => write_parquet(s.as_ref(), rows, writer, report),
                Source::Stored(t) => {
                    let verified = t
                        .load(zecklab_answers::solve::SOLVE_MEMORY as u64, |_, _| {})
                        .map_err(store_error)?;
                    write_parquet(&verified, rows, writer, report)
                }
            };
            let written = written.map_err(|e| cannot(&e))?;
            if context.cancel.is_cancelled() {
                return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
            }
            temporary.as_file().sync_all().map_err(|e| cannot(&e))?;
            temporary.persist(&path).map_err(|e| cannot(&e))?;
            Ok(written)
        })
    }

    fn __repr__(&self) -> String {
        let what = if self.misere() { "misère game" } else { "game" };
        let remoteness = if self.has_remoteness() { "with remoteness" } else { "outcomes only" };
        match &self.path {
            Some(path) => format!(
                "<zecklab table: the {what} on n = {}, {} positions, {remoteness}, {}>",
                self.n(),
                self.positions(),
                path.display()
            ),
            None => format!(
                "<zecklab table: the {what} on n = {}, {} positions, {remoteness}, solved in memory>",
                self.n(),
                self.positions()
            ),
        }
    }
}
