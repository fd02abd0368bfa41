//! Exports of a solved table for other tools (pandas, polars, R, DuckDB): one row per position
//! (or per P-position), columns `rank`, `c1 .. cT` (how many of each Fibonacci part),
//! `outcome` (`win`/`loss` for the player to move) and `remoteness` (empty/null when the table
//! has none). CSV with a header line, or Parquet (one row group per million rows, no
//! compression, readable by any Parquet reader).

use std::io::Write;
use std::sync::Arc;

use parquet::data_type::{ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use zecklab_games::zgame::SolvedTable;
use zecklab_games::Outcome;

/// Which rows to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Every position.
    All,
    /// Only the positions that are a loss for the player to move.
    PPositions,
}

/// Rows per Parquet row group (and per progress report).
const GROUP: usize = 1 << 20;

/// One position of the export, in rank order.
struct Row {
    rank: u64,
    counts: Vec<u32>,
    outcome: Outcome,
    remoteness: Option<u32>,
}

/// Visits the rows in rank order, `GROUP` at a time.
fn for_each_group(
    table: &impl SolvedTable,
    rows: Rows,
    progress: &impl Fn(u64, u64),
    mut group: impl FnMut(&[Row]) -> Result<(), ExportError>,
) -> Result<u64, ExportError> {
    let index = table.index();
    let mut batch = Vec::with_capacity(GROUP.min(index.count() as usize));
    let mut written = 0u64;
    index.try_for_each_counts(0, index.count(), |rank, counts| -> Result<(), ExportError> {
        let outcome = table.outcome(rank);
        if rows == Rows::PPositions && outcome.is_win() {
            return Ok(());
        }
        let parts = counts.iter().sum();
        batch.push(Row {
            rank,
            counts: counts.to_vec(),
            outcome,
            remoteness: table.remoteness_with_parts(rank, parts),
        });
        written += 1;
        if batch.len() == GROUP {
            group(&batch)?;
            batch.clear();
            progress(rank + 1, index.count());
        }
        Ok(())
    })?;
    if !batch.is_empty() {
        group(&batch)?;
    }
    progress(index.count(), index.count());
    Ok(written)
}

/// Why an export failed.
#[derive(Debug)]
pub enum ExportError {
    /// Writing failed.
    Io(std::io::Error),
    /// The Parquet writer refused.
    Parquet(parquet::errors::ParquetError),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Io(e) => write!(f, "{e}"),
            ExportError::Parquet(e) => write!(f, "Parquet: {e}"),
        }
    }
}

impl std::error::Error for ExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExportError::Io(e) => Some(e),
            ExportError::Parquet(e) => Some(e),
        }
    }
}

impl From<std::io::Error> for ExportError {
    fn from(e: std::io::Error) -> Self {
        ExportError::Io(e)
    }
}

impl From<parquet::errors::ParquetError> for ExportError {
    fn from(e: parquet::errors::ParquetError) -> Self {
        ExportError::Parquet(e)
    }
}

/// Writes the table as CSV: the header `rank,c1,...,cT,outcome,remoteness`, one line a row.
///
/// Returns the number of rows written.
///
/// # Errors
/// [`ExportError`] when writing fails.
pub fn write_csv(
    table: &impl SolvedTable,
    rows: Rows,
    w: &mut dyn Write,
    progress: impl Fn(u64, u64),
) -> Result<u64, ExportError> {
    let top = table.index().top();
    let mut line = String::from("rank");
    for i in 1..=top {
        line.push_str(&format!(",c{i}"));
    }
    line.push_str(",outcome,remoteness\n");
    w.write_all(line.as_bytes())?;
    for_each_group(table, rows, &progress, |group| {
        let mut text = String::with_capacity(group.len() * (8 + 3 * top + 12));
        for row in group {
            text.push_str(itoa::Buffer::new().format(row.rank));
            for &c in &row.counts {
                text.push(',');
                text.push_str(itoa::Buffer::new().format(c));
            }
            text.push(',');
            text.push_str(row.outcome.as_str());
            text.push(',');
            if let Some(r) = row.remoteness {
                text.push_str(itoa::Buffer::new().format(r));
            }
            text.push('\n');
        }
        w.write_all(text.as_bytes())?;
        Ok(())
    })
}

/// Writes the table as Parquet: `rank` INT64, `c1..cT` INT32, `outcome` UTF-8 string,
/// `remoteness` optional INT32.
///
/// Returns the number of rows written.
///
/// # Errors
/// [`ExportError`] when writing fails.
pub fn write_parquet<W: Write + Send>(
    table: &impl SolvedTable,
    rows: Rows,
    w: W,
    progress: impl Fn(u64, u64),
) -> Result<u64, ExportError> {
    let top = table.index().top();
    let mut schema = String::from("message zgame { REQUIRED INT64 rank; ");
    for i in 1..=top {
        schema.push_str(&format!("REQUIRED INT32 c{i}; "));
    }
    schema.push_str("REQUIRED BYTE_ARRAY outcome (UTF8); OPTIONAL INT32 remoteness; }");
    let schema = Arc::new(parse_message_type(&schema)?);
    let properties = Arc::new(WriterProperties::builder().set_created_by("zecklab".into()).build());
    let mut writer = SerializedFileWriter::new(w, schema, properties)?;
    let (win, loss) = (ByteArray::from("win"), ByteArray::from("loss"));
    let written = for_each_group(table, rows, &progress, |group| {
        let mut row_group = writer.next_row_group()?;
        let mut column = 0;
        while let Some(mut col) = row_group.next_column()? {
            match column {
                0 => {
                    let ranks: Vec<i64> = group.iter().map(|r| r.rank as i64).collect();
                    col.typed::<Int64Type>().write_batch(&ranks, None, None)?;
                }
                c if c <= top => {
                    let counts: Vec<i32> = group.iter().map(|r| r.counts[c - 1] as i32).collect();
                    col.typed::<Int32Type>().write_batch(&counts, None, None)?;
                }
                c if c == top + 1 => {
                    let outcomes: Vec<ByteArray> = group
                        .iter()
                        .map(|r| if r.outcome.is_win() { win.clone() } else { loss.clone() })
                        .collect();
                    col.typed::<ByteArrayType>().write_batch(&outcomes, None, None)?;
                }
                _ => {
                    let values: Vec<i32> =
                        group.iter().filter_map(|r| r.remoteness.map(|v| v as i32)).collect();
                    let defined: Vec<i16> = group.iter().map(|r| i16::from(r.remoteness.is_some())).collect();
                    col.typed::<Int32Type>().write_batch(&values, Some(&defined), None)?;
                }
            }
            col.close()?;
            column += 1;
        }
        row_group.close()?;
        Ok(())
    })?;
    writer.close()?;
    Ok(written)
}
