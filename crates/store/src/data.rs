//! The open data of the Zeckendorf game's solves, as files anyone can read and check: one row per
//! solved n (`zgame-by-n.csv`), the positions and P-positions of every tier of every solved n
//! (`zgame-tiers.parquet`), OEIS-style b-files (`n a(n)` lines) for the unbroken range from n = 1,
//! and a SHA-256 for every file of the directory, kept in a marked table of its README.
//!
//! The files are written only from a [`Record`] (solver output), each atomically: a reader sees
//! the old file or the new one, never half of one. Reading checks every row, so a damaged file is
//! an error naming the file and line, never a silently shorter record.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use zecklab_games::Winner;

use parquet::basic::Encoding;
use parquet::data_type::{Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::RowAccessor;
use parquet::schema::parser::parse_message_type;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use zecklab_numeration::grouped;

use crate::oeis;

/// The per-n table.
pub const BY_N: &str = "zgame-by-n.csv";
/// The per-tier table.
pub const TIERS: &str = "zgame-tiers.parquet";
/// The b-file of the number of positions of the game on n.
pub const B_POSITIONS: &str = "b-zgame-positions.txt";
/// The b-file of the number of P-positions of the game on n.
pub const B_P_POSITIONS: &str = "b-zgame-p-positions.txt";
/// The b-file of the remoteness of the start of the game on n.
pub const B_REMOTENESS: &str = "b-zgame-remoteness.txt";
/// The file whose marked table holds the checksums.
pub const README: &str = "README.md";
/// The lines that open and close the checksum table in the README.
pub const CHECKSUMS_BEGIN: &str = "<!-- sha256: written by `zecklab data`, do not edit -->";
/// See [`CHECKSUMS_BEGIN`].
pub const CHECKSUMS_END: &str = "<!-- /sha256 -->";
/// The lines that open and close the record's summary in the README.
pub const SUMMARY_BEGIN: &str = "<!-- record: written by `zecklab data`, do not edit -->";
/// See [`SUMMARY_BEGIN`].
pub const SUMMARY_END: &str = "<!-- /record -->";
/// The directory, inside the data directory, of the OEIS-ready entries.
pub const OEIS_DIR: &str = "oeis";
/// Who the OEIS entries name as their author.
const OEIS_AUTHOR: &str = "zecklab contributors";

/// A b-file: its name, what its a(n) is, and its `(n, a(n))` lines.
type BFile<'a> = (&'a str, &'a str, Vec<(u32, u64)>);

/// One solved n: a row of `zgame-by-n.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// Its positions that are a loss for the player to move.
    pub p_positions: u64,
    /// Who wins from the start: `P1` or `P2`.
    pub winner: Winner,
    /// The start's remoteness, when it was computed.
    pub remoteness: Option<u32>,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
    /// Which solver and engine (`tiered-fast`, `tiered-portable`, `tiered-scalar`, `flat`).
    pub solver: String,
    /// The version of zecklab that solved it.
    pub version: String,
    /// The machine it ran on.
    pub machine: String,
}

/// One tier of one solved n: a row of `zgame-tiers.parquet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tier {
    /// The number of parts of the tier's positions.
    pub parts: u32,
    /// Its positions.
    pub positions: u64,
    /// Its P-positions.
    pub p_positions: u64,
}

/// Everything the data directory records: each solved n with its tiers (most parts first).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    entries: BTreeMap<u32, (Solved, Vec<Tier>)>,
}

/// Why the data could not be read or written.
#[derive(Debug)]
pub enum DataError {
    /// The operating system refused.
    Io(PathBuf, std::io::Error),
    /// A file is not what its format says.
    Malformed(PathBuf, String),
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Io(path, e) => write!(f, "'{}': {e}", path.display()),
            DataError::Malformed(path, why) => write!(f, "'{}' is malformed: {why}", path.display()),
        }
    }
}

impl std::error::Error for DataError {}

fn malformed(path: &Path, why: impl std::fmt::Display) -> DataError {
    DataError::Malformed(path.to_path_buf(), why.to_string())
}

/// Why a row and its tiers do not go into the record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The tiers add up to other totals than the row's.
    #[error("the tiers of n = {n} hold {positions} positions and {p_positions} P-positions, its row {} and {}", row.0, row.1)]
    TiersDisagree {
        /// The game on n.
        n: u32,
        /// The tiers' positions.
        positions: u64,
        /// The tiers' P-positions.
        p_positions: u64,
        /// The row's positions and P-positions.
        row: (u64, u64),
    },
    /// A tier has more P-positions than positions.
    #[error("n = {n}, {parts} parts: {p_positions} P-positions among {positions} positions")]
    TierOverfull {
        /// The game on n.
        n: u32,
        /// The tier's number of parts.
        parts: u32,
        /// Its positions.
        positions: u64,
        /// Its P-positions.
        p_positions: u64,
    },
    /// The winner disagrees with the start's tier.
    #[error(
        "n = {n}: the winner is {}, but the start (the only position with {n} parts) {} a P-position",
        winner.code(),
        if *start_loses { "is" } else { "is not" }
    )]
    WrongWinner {
        /// The game on n.
        n: u32,
        /// The winner as written.
        winner: Winner,
        /// Whether the start is a P-position.
        start_loses: bool,
    },
}

impl Record {
    /// The record in `dir`: empty when neither table exists yet.
    ///
    /// # Errors
    /// [`DataError`] when a file cannot be read, is malformed, or the two tables disagree (a
    /// solved n without tiers, tiers without their n, or tiers that do not add up to the n's row).
    pub fn load(dir: &Path) -> Result<Record, DataError> {
        let by_n = dir.join(BY_N);
        let tiers = dir.join(TIERS);
        let rows = if by_n.exists() { read_by_n(&by_n)? } else { Vec::new() };
        let tier_rows = if tiers.exists() { read_tiers(&tiers)? } else { BTreeMap::new() };
        Record::of_rows(rows, tier_rows, &by_n, &tiers)
    }

    /// The record whose two tables are `by_n` (the bytes of `zgame-by-n.csv`) and `tiers` (of
    /// `zgame-tiers.parquet`), as published in `dir` (which errors name).
    ///
    /// # Errors
    /// As [`Record::load`].
    pub fn from_bytes(by_n: &[u8], tiers: &'static [u8], dir: &Path) -> Result<Record, DataError> {
        let (by_n_path, tiers_path) = (dir.join(BY_N), dir.join(TIERS));
        let rows = read_by_n_from(by_n, &by_n_path)?;
        let tier_rows = read_tiers_from(bytes::Bytes::from_static(tiers), &tiers_path)?;
        Record::of_rows(rows, tier_rows, &by_n_path, &tiers_path)
    }

    /// The record of the rows of both tables, checked against each other.
    fn of_rows(
        rows: Vec<Solved>,
        mut tier_rows: BTreeMap<u32, Vec<Tier>>,
        by_n: &Path,
        tiers: &Path,
    ) -> Result<Record, DataError> {
        let mut record = Record::default();
        for solved in rows {
            let n = solved.n;
            let tiers_of_n =
                tier_rows.remove(&n).ok_or_else(|| malformed(tiers, format!("no tiers for n = {n}")))?;
            record.insert(solved, tiers_of_n).map_err(|why| malformed(by_n, why.to_string()))?;
        }
        if let Some(n) = tier_rows.keys().next() {
            return Err(malformed(tiers, format!("tiers for n = {n}, which {BY_N} does not list")));
        }
        Ok(record)
    }

    /// Adds (or replaces) a solved n with its tiers.
    ///
    /// # Errors
    /// [`RecordError`] when the tiers do not add up to the row's positions and P-positions, a
    /// tier has more P-positions than positions, or the winner disagrees
    /// with the start's tier.
    pub fn insert(&mut self, solved: Solved, tiers: Vec<Tier>) -> Result<(), RecordError> {
        let n = solved.n;
        let positions: u64 = tiers.iter().map(|t| t.positions).sum();
        let p_positions: u64 = tiers.iter().map(|t| t.p_positions).sum();
        if positions != solved.positions || p_positions != solved.p_positions {
            return Err(RecordError::TiersDisagree {
                n,
                positions,
                p_positions,
                row: (solved.positions, solved.p_positions),
            });
        }
        if let Some(tier) = tiers.iter().find(|t| t.p_positions > t.positions) {
            return Err(RecordError::TierOverfull {
                n,
                parts: tier.parts,
                positions: tier.positions,
                p_positions: tier.p_positions,
            });
        }
        // The start (n ones) is the only position with n parts: Player 2 wins exactly when it is
        // a P-position.
        if let Some(start) = tiers.iter().find(|t| t.parts == n) {
            if (solved.winner == Winner::PlayerTwo) != (start.p_positions > 0) {
                return Err(RecordError::WrongWinner {
                    n,
                    winner: solved.winner,
                    start_loses: start.p_positions > 0,
                });
            }
        }
        self.entries.insert(n, (solved, tiers));
        Ok(())
    }

    /// The solved n's row, if recorded.
    pub fn get(&self, n: u32) -> Option<&Solved> {
        self.entries.get(&n).map(|(s, _)| s)
    }

    /// The tiers of a solved n, most parts first.
    pub fn tiers(&self, n: u32) -> Option<&[Tier]> {
        self.entries.get(&n).map(|(_, t)| t.as_slice())
    }

    /// Every recorded row, by n.
    pub fn rows(&self) -> impl Iterator<Item = &Solved> {
        self.entries.values().map(|(s, _)| s)
    }

    /// The rows of the unbroken range from n = 1 (what the b-files hold), by n.
    fn unbroken(&self) -> Vec<&Solved> {
        self.rows().enumerate().take_while(|(i, s)| s.n == *i as u32 + 1).map(|(_, s)| s).collect()
    }

    /// Writes the tables and the b-files to `dir` (each atomically), then the README's checksums.
    ///
    /// # Errors
    /// [`DataError`] when a file cannot be written.
    pub fn write(&self, dir: &Path) -> Result<(), DataError> {
        write_atomically(&dir.join(BY_N), |w| self.write_by_n(w))?;
        write_atomically(&dir.join(TIERS), |w| self.write_tiers(w))?;
        let unbroken = self.unbroken();
        let remoteness: Vec<(u32, u32)> =
            unbroken.iter().map_while(|s| s.remoteness.map(|r| (s.n, r))).collect();
        let b_files: [BFile<'_>; 3] = [
            (B_POSITIONS, "the number of positions of the Zeckendorf game on n (partitions of n into Fibonacci numbers)", unbroken.iter().map(|s| (s.n, s.positions)).collect()),
            (B_P_POSITIONS, "the number of P-positions (a loss for the player to move) of the Zeckendorf game on n", unbroken.iter().map(|s| (s.n, s.p_positions)).collect()),
            (B_REMOTENESS, "the remoteness of the start of the Zeckendorf game on n (moves of perfect play)", remoteness.iter().map(|&(n, r)| (n, u64::from(r))).collect()),
        ];
        for (name, what, values) in b_files {
            write_atomically(&dir.join(name), |w| {
                writeln!(w, "# a(n) = {what}, n = 1..{}; written by `zecklab data`", values.len())?;
                for (n, v) in values {
                    writeln!(w, "{n} {v}")?;
                }
                Ok(())
            })?;
        }
        self.write_oeis(dir)?;
        let summary = format!("\n{}\n\n{}\n", self.summary(), self.completeness());
        write_marked(dir, "The record", SUMMARY_BEGIN, SUMMARY_END, &summary)?;
        write_checksums(dir)
    }

    /// Writes the OEIS-ready entries of the record's new sequences, each with its b-file, in
    /// `dir/oeis/`. An entry's author line keeps the date it was first written.
    fn write_oeis(&self, dir: &Path) -> Result<(), DataError> {
        let oeis_dir = dir.join(OEIS_DIR);
        std::fs::create_dir_all(&oeis_dir).map_err(|e| DataError::Io(oeis_dir.clone(), e))?;
        let unbroken = self.unbroken();
        for sequence in &oeis::SEQUENCES {
            let values: Vec<(u32, u64)> = match sequence.stem {
                "zgame-p-positions" => unbroken.iter().map(|s| (s.n, s.p_positions)).collect(),
                _ => unbroken.iter().map_while(|s| s.remoteness.map(|r| (s.n, u64::from(r)))).collect(),
            };
            let path = oeis_dir.join(format!("{}.txt", sequence.stem));
            let date = std::fs::read_to_string(&path)
                .ok()
                .and_then(|old| old.lines().find_map(|l| l.strip_prefix("%A ").map(str::to_string)))
                .and_then(|line| line.rsplit_once("_, ").map(|(_, date)| date.to_string()))
                .unwrap_or_else(|| chrono::Utc::now().format("%b %d %Y").to_string());
            let text = oeis::entry(sequence, &values, OEIS_AUTHOR, &date);
            write_atomically(&path, |w| w.write_all(text.as_bytes()))?;
            let b = oeis_dir.join(format!("b-{}.txt", sequence.stem));
            write_atomically(&b, |w| w.write_all(oeis::b_file(&values).as_bytes()))?;
        }
        Ok(())
    }

    /// Which n the record holds, in words ("every n from 1 to 800 and n = 1000, 1200, 1413").
    pub fn held(&self) -> String {
        let unbroken = self.unbroken();
        let others: Vec<String> = self.rows().skip(unbroken.len()).map(|s| s.n.to_string()).collect();
        these_n(unbroken.len() as u32, &others, " and ").unwrap_or_else(|| "no n".into())
    }

    /// What the record holds, in a few sentences computed from it: the unbroken range, the other
    /// n, who wins, where the start's remoteness is known, and the P-fraction at the largest n.
    pub fn summary(&self) -> String {
        let unbroken = self.unbroken();
        let others: Vec<String> = self.rows().skip(unbroken.len()).map(|s| s.n.to_string()).collect();
        let Some(held) = these_n(unbroken.len() as u32, &others, " and ") else {
            return "The record is empty.".into();
        };
        let mut text = format!("The record holds {held}");
        let first_wins: Vec<String> =
            self.rows().filter(|s| s.winner == Winner::PlayerOne).map(|s| s.n.to_string()).collect();
        text.push_str(&match first_wins.len() {
            0 => ". Player 2 wins every one of them".to_string(),
            _ => format!(". Player 2 wins all of them but n = {} (won by Player 1)", first_wins.join(", ")),
        });
        let remoteness = unbroken.iter().take_while(|s| s.remoteness.is_some()).count();
        let with_remoteness: Vec<String> = self
            .rows()
            .skip(remoteness)
            .filter(|s| s.remoteness.is_some())
            .map(|s| s.n.to_string())
            .collect();
        text.push_str(&match these_n(remoteness as u32, &with_remoteness, " and for ") {
            Some(these) => format!("; the start's remoteness is recorded for {these}"),
            None => "; the start's remoteness is recorded for none of them".to_string(),
        });
        if let Some(last) = self.rows().last() {
            text.push_str(&format!(
                ". At n = {}, the P-positions are {} of the {} positions ({:.2}%).",
                last.n,
                grouped(last.p_positions),
                grouped(last.positions),
                100.0 * last.p_positions as f64 / last.positions as f64
            ));
        }
        text
    }

    /// The completeness statement: what was solved, in all, and how it is checked.
    pub fn completeness(&self) -> String {
        let unbroken = self.unbroken();
        let others: Vec<String> = self.rows().skip(unbroken.len()).map(|s| s.n.to_string()).collect();
        let Some(held) = these_n(unbroken.len() as u32, &others, " and ") else {
            return String::new();
        };
        let total: u128 = self.rows().map(|s| u128::from(s.positions)).sum();
        let tiers: usize = self.entries.values().map(|(_, t)| t.len()).sum();
        let total = u64::try_from(total).map_or_else(|_| total.to_string(), grouped);
        format!(
            "Completeness: every position of the game on {held} was solved, {total} positions in all, none sampled or skipped. The {} tiers' numbers of positions are recounted by `zecklab data check` by coin change, independently of the solvers; `zecklab data check --flat-to N` also solves every recorded n up to N again with the flat solver, a different program from the tiered one, and compares every figure down to each tier's P-positions.",
            grouped(tiers as u64)
        )
    }

    fn write_by_n(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut csv = csv::Writer::from_writer(w);
        for solved in self.rows() {
            csv.serialize(solved)?;
        }
        csv.flush()
    }

    fn write_tiers(&self, w: &mut File) -> std::io::Result<()> {
        let schema = parse_message_type(
            "message zgame_tiers { REQUIRED INT32 n; REQUIRED INT32 parts; REQUIRED INT64 positions; REQUIRED INT64 p_positions; }",
        )
        .map_err(std::io::Error::other)?;
        // Delta encoding: n and parts step by one, and a tier's counts are near its neighbours'.
        let properties = Arc::new(
            WriterProperties::builder()
                .set_created_by("zecklab".into())
                .set_dictionary_enabled(false)
                .set_encoding(Encoding::DELTA_BINARY_PACKED)
                .build(),
        );
        let mut writer =
            SerializedFileWriter::new(w, Arc::new(schema), properties).map_err(std::io::Error::other)?;
        let rows: Vec<(u32, Tier)> =
            self.entries.iter().flat_map(|(&n, (_, tiers))| tiers.iter().map(move |&t| (n, t))).collect();
        for group in rows.chunks(1 << 20) {
            let mut row_group = writer.next_row_group().map_err(std::io::Error::other)?;
            let mut column = 0;
            while let Some(mut col) = row_group.next_column().map_err(std::io::Error::other)? {
                let written = match column {
                    0 | 1 => {
                        let values: Vec<i32> = group
                            .iter()
                            .map(|(n, t)| if column == 0 { *n } else { t.parts } as i32)
                            .collect();
                        col.typed::<Int32Type>().write_batch(&values, None, None)
                    }
                    _ => {
                        let values: Vec<i64> = group
                            .iter()
                            .map(|(_, t)| if column == 2 { t.positions } else { t.p_positions } as i64)
                            .collect();
                        col.typed::<Int64Type>().write_batch(&values, None, None)
                    }
                };
                written.map_err(std::io::Error::other)?;
                col.close().map_err(std::io::Error::other)?;
                column += 1;
            }
            row_group.close().map_err(std::io::Error::other)?;
        }
        writer.close().map_err(std::io::Error::other)?;
        Ok(())
    }
}

fn read_by_n(path: &Path) -> Result<Vec<Solved>, DataError> {
    let file = File::open(path).map_err(|e| DataError::Io(path.to_path_buf(), e))?;
    read_by_n_from(file, path)
}

/// The rows of `zgame-by-n.csv` from `reader` (`path` names it in errors).
fn read_by_n_from(reader: impl std::io::Read, path: &Path) -> Result<Vec<Solved>, DataError> {
    let mut rows: Vec<Solved> = Vec::new();
    for (line, row) in csv::Reader::from_reader(reader).deserialize().enumerate() {
        let row: Solved = row.map_err(|e| malformed(path, format!("line {}: {e}", line + 2)))?;
        if rows.last().is_some_and(|last| last.n >= row.n) {
            return Err(malformed(
                path,
                format!("line {}: n = {} is not after the line before", line + 2, row.n),
            ));
        }
        rows.push(row);
    }
    Ok(rows)
}

fn read_tiers(path: &Path) -> Result<BTreeMap<u32, Vec<Tier>>, DataError> {
    let file = File::open(path).map_err(|e| DataError::Io(path.to_path_buf(), e))?;
    read_tiers_from(file, path)
}

/// The rows of `zgame-tiers.parquet` from `file` (`path` names it in errors), by n.
fn read_tiers_from(
    file: impl parquet::file::reader::ChunkReader + 'static,
    path: &Path,
) -> Result<BTreeMap<u32, Vec<Tier>>, DataError> {
    let reader = SerializedFileReader::new(file).map_err(|e| malformed(path, e))?;
    let columns: Vec<String> = reader
        .metadata()
        .file_metadata()
        .schema_descr()
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    if columns != ["n", "parts", "positions", "p_positions"] {
        return Err(malformed(path, format!("columns {columns:?}, not n, parts, positions, p_positions")));
    }
    let mut tiers: BTreeMap<u32, Vec<Tier>> = BTreeMap::new();
    for row in reader.get_row_iter(None).map_err(|e| malformed(path, e))? {
        let row = row.map_err(|e| malformed(path, e))?;
        let field = |i: usize| -> Result<i64, DataError> {
            let value = if i < 2 { row.get_int(i).map(i64::from) } else { row.get_long(i) };
            value.map_err(|e| malformed(path, e)).and_then(|v| {
                if v < 0 {
                    Err(malformed(path, format!("a negative count ({v})")))
                } else {
                    Ok(v)
                }
            })
        };
        let n = field(0)? as u32;
        tiers.entry(n).or_default().push(Tier {
            parts: field(1)? as u32,
            positions: field(2)? as u64,
            p_positions: field(3)? as u64,
        });
    }
    Ok(tiers)
}

/// Writes `path` through a temporary file in its directory, synced and renamed over it.
fn write_atomically(
    path: &Path,
    fill: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), DataError> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let io = |e: std::io::Error| DataError::Io(path.to_path_buf(), e);
    let mut temporary = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    // Published files are readable by everyone (a temporary file is created private).
    temporary.as_file().set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644)).map_err(io)?;
    fill(temporary.as_file_mut()).map_err(io)?;
    temporary.as_file().sync_all().map_err(io)?;
    temporary.persist(path).map_err(|e| io(e.error))?;
    File::open(dir).and_then(|d| d.sync_all()).map_err(io)
}

/// The SHA-256 of every file in `dir` but the README, by name, as lowercase hexadecimal.
///
/// # Errors
/// [`DataError`] when the directory or a file cannot be read.
pub fn checksums(dir: &Path) -> Result<BTreeMap<String, String>, DataError> {
    fn io(path: &Path) -> impl Fn(std::io::Error) -> DataError + '_ {
        move |e| DataError::Io(path.to_path_buf(), e)
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == README || name.starts_with('.') || !entry.file_type().map_err(io(dir))?.is_file() {
            continue;
        }
        files.push((name, entry.path()));
    }
    // The OEIS entries, named with their directory: `oeis/b-zgame-p-positions.txt`.
    let oeis_dir = dir.join(OEIS_DIR);
    if oeis_dir.is_dir() {
        for entry in std::fs::read_dir(&oeis_dir).map_err(io(&oeis_dir))? {
            let entry = entry.map_err(io(&oeis_dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') && entry.file_type().map_err(io(&oeis_dir))?.is_file() {
                files.push((format!("{OEIS_DIR}/{name}"), entry.path()));
            }
        }
    }
    let mut sums = BTreeMap::new();
    for (name, path) in files {
        let mut file = File::open(&path).map_err(io(&path))?;
        let mut hasher = Sha256::new();
        std::io::copy(&mut file, &mut hasher).map_err(io(&path))?;
        let digest = hasher.finalize();
        sums.insert(name, digest.iter().map(|b| format!("{b:02x}")).collect());
    }
    Ok(sums)
}

/// The checksum table the README holds (file name to SHA-256), between its markers.
///
/// # Errors
/// [`DataError`] when the README cannot be read or has no marked table.
pub fn recorded_checksums(dir: &Path) -> Result<BTreeMap<String, String>, DataError> {
    let path = dir.join(README);
    let text = std::fs::read_to_string(&path).map_err(|e| DataError::Io(path.clone(), e))?;
    checksums_in_readme(&text, &path)
}

/// The checksum table of the data README's `text` (`path` names it in errors): file name to
/// SHA-256.
pub(crate) fn checksums_in_readme(text: &str, path: &Path) -> Result<BTreeMap<String, String>, DataError> {
    let (_, table, _) = split_at_markers(text, CHECKSUMS_BEGIN, CHECKSUMS_END)
        .ok_or_else(|| malformed(path, "no checksum table"))?;
    let mut sums = BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, name, sum, ..] = cells.as_slice() {
            sums.insert(name.trim_matches('`').to_string(), sum.trim_matches('`').to_string());
        }
    }
    Ok(sums)
}

/// The README's text before, inside and after a pair of marker lines.
fn split_at_markers<'t>(text: &'t str, begin: &str, end: &str) -> Option<(&'t str, &'t str, &'t str)> {
    let inner = text.find(begin)? + begin.len();
    let end = inner + text[inner..].find(end)?;
    Some((&text[..inner], &text[inner..end], &text[end..]))
}

/// Rewrites the part of the README between `begin` and `end` (appending the section, under
/// `heading`, when it has none).
fn write_marked(dir: &Path, heading: &str, begin: &str, end: &str, inner: &str) -> Result<(), DataError> {
    let path = dir.join(README);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::from("# Data\n"),
        Err(e) => return Err(DataError::Io(path, e)),
    };
    let updated = match split_at_markers(&text, begin, end) {
        Some((before, _, after)) => format!("{before}{inner}{after}"),
        None => format!("{}\n\n## {heading}\n\n{begin}{inner}{end}\n", text.trim_end()),
    };
    write_atomically(&path, |w| w.write_all(updated.as_bytes()))
}

/// Rewrites the README's checksum table (appending the marked section when it has none) with
/// the SHA-256 of every other file in `dir`.
///
/// # Errors
/// [`DataError`] when a file cannot be read or the README cannot be written.
pub fn write_checksums(dir: &Path) -> Result<(), DataError> {
    let mut table = String::from("\n\n| file | SHA-256 |\n|---|---|\n");
    for (name, sum) in checksums(dir)? {
        table.push_str(&format!("| `{name}` | `{sum}` |\n"));
    }
    table.push('\n');
    write_marked(dir, "Checksums", CHECKSUMS_BEGIN, CHECKSUMS_END, &table)
}

/// Names a set of n made of the range 1..=`from_one` and the `others`, joined by `and`: "every n
/// from 1 to 800 and n = 1000, 1200", "n = 1", or `None` when the set is empty.
fn these_n(from_one: u32, others: &[String], and: &str) -> Option<String> {
    let range = match from_one {
        0 => None,
        1 => Some("n = 1".to_string()),
        k => Some(format!("every n from 1 to {k}")),
    };
    let others = (!others.is_empty()).then(|| format!("n = {}", others.join(", ")));
    match (range, others) {
        (Some(range), Some(others)) => Some(format!("{range}{and}{others}")),
        (range, others) => range.or(others),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(n: u32, tiers: &[Tier], remoteness: Option<u32>) -> Solved {
        Solved {
            n,
            positions: tiers.iter().map(|t| t.positions).sum(),
            p_positions: tiers.iter().map(|t| t.p_positions).sum(),
            winner: if tiers.iter().any(|t| t.parts == n && t.p_positions > 0) {
                Winner::PlayerTwo
            } else {
                Winner::PlayerOne
            },
            remoteness,
            seconds: 0.5,
            solver: "tiered-fast".into(),
            version: "0.0.0".into(),
            machine: "a machine, with a comma".into(),
        }
    }

    #[test]
    fn a_record_survives_a_round_trip_and_its_checksums_match() {
        let dir = tempfile::tempdir().unwrap();
        // The games on 1, 2 and 3: {1}; {1,1} -> {2}; {1,1,1} -> {1,2} -> {3}.
        let tier = |parts, positions, p_positions| Tier { parts, positions, p_positions };
        let games = [
            (1, vec![tier(1, 1, 1)], Some(0)),
            (2, vec![tier(2, 1, 0), tier(1, 1, 1)], None),
            (3, vec![tier(3, 1, 1), tier(2, 1, 0), tier(1, 1, 1)], Some(2)),
        ];
        let mut record = Record::default();
        for (n, tiers, remoteness) in games {
            record.insert(solved(n, &tiers, remoteness), tiers).unwrap();
        }
        record.write(dir.path()).unwrap();
        assert_eq!(Record::load(dir.path()).unwrap(), record);
        // The b-files hold the unbroken range; remoteness stops at the first n without it.
        let b = std::fs::read_to_string(dir.path().join(B_REMOTENESS)).unwrap();
        assert_eq!(b.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>(), ["1 0"]);
        let b = std::fs::read_to_string(dir.path().join(B_POSITIONS)).unwrap();
        assert_eq!(b.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>(), ["1 1", "2 2", "3 3"]);
        let computed = checksums(dir.path()).unwrap();
        assert_eq!(computed.len(), 9, "{computed:?}");
        for stem in ["zgame-p-positions", "zgame-remoteness"] {
            assert!(computed.contains_key(&format!("{OEIS_DIR}/{stem}.txt")), "{computed:?}");
            assert!(computed.contains_key(&format!("{OEIS_DIR}/b-{stem}.txt")), "{computed:?}");
        }
        let p = std::fs::read_to_string(dir.path().join(OEIS_DIR).join("b-zgame-p-positions.txt")).unwrap();
        assert_eq!(p, "1 1\n2 1\n3 2\n", "the P-positions of n = 1, 2, 3, summed over their tiers");
        assert_eq!(
            record.completeness(),
            "Completeness: every position of the game on every n from 1 to 3 was solved, 6 positions in all, none sampled or skipped. The 6 tiers' numbers of positions are recounted by `zecklab data check` by coin change, independently of the solvers; `zecklab data check --flat-to N` also solves every recorded n up to N again with the flat solver, a different program from the tiered one, and compares every figure down to each tier's P-positions."
        );
        assert_eq!(recorded_checksums(dir.path()).unwrap(), computed);
        assert_eq!(
            record.summary(),
            "The record holds every n from 1 to 3. Player 2 wins all of them but n = 2 (won by Player 1); the start's remoteness is recorded for n = 1 and for n = 3. At n = 3, the P-positions are 2 of the 3 positions (66.67%)."
        );
        let readme = std::fs::read_to_string(dir.path().join(README)).unwrap();
        assert!(readme.contains(&record.summary()));
        // Writing again keeps one table, not two.
        record.write(dir.path()).unwrap();
        let readme = std::fs::read_to_string(dir.path().join(README)).unwrap();
        assert_eq!(readme.matches(CHECKSUMS_BEGIN).count(), 1);
        assert_eq!(readme.matches(SUMMARY_BEGIN).count(), 1);
    }

    #[test]
    fn the_summary_names_a_record_without_n_1_without_an_empty_range() {
        let tiers = vec![
            Tier { parts: 3, positions: 1, p_positions: 1 },
            Tier { parts: 2, positions: 1, p_positions: 0 },
            Tier { parts: 1, positions: 1, p_positions: 1 },
        ];
        let mut record = Record::default();
        record.insert(solved(3, &tiers, None), tiers).unwrap();
        assert_eq!(
            record.summary(),
            "The record holds n = 3. Player 2 wins every one of them; the start's remoteness is recorded for none of them. At n = 3, the P-positions are 2 of the 3 positions (66.67%)."
        );
        assert_eq!(Record::default().summary(), "The record is empty.");
    }

    #[test]
    fn the_summary_groups_the_thousands_of_its_counts() {
        // Counts as large as the records' (no game on 3 has them: the summary only reads them).
        let tiers = vec![
            Tier { parts: 3, positions: 1, p_positions: 1 },
            Tier { parts: 1, positions: 24_329_899_276_756, p_positions: 6_432_120_201_466 },
        ];
        let mut record = Record::default();
        record.insert(solved(3, &tiers, None), tiers).unwrap();
        assert!(
            record.summary().ends_with(
                "At n = 3, the P-positions are 6,432,120,201,467 of the 24,329,899,276,757 positions (26.44%)."
            ),
            "{}",
            record.summary()
        );
    }

    #[test]
    fn tiers_that_do_not_add_up_are_refused() {
        let tiers = vec![Tier { parts: 1, positions: 1, p_positions: 1 }];
        let mut row = solved(1, &tiers, None);
        row.p_positions = 0;
        assert!(Record::default().insert(row, tiers).unwrap_err().to_string().contains("its row"));
    }

    #[test]
    fn a_winner_the_start_contradicts_and_impossible_tiers_are_refused() {
        let tiers = vec![
            Tier { parts: 2, positions: 1, p_positions: 0 },
            Tier { parts: 1, positions: 1, p_positions: 0 },
        ];
        let mut row = solved(2, &tiers, None);
        assert_eq!(row.winner, Winner::PlayerOne);
        Record::default().insert(row.clone(), tiers.clone()).unwrap();
        row.winner = Winner::PlayerTwo;
        let error = Record::default().insert(row, tiers).unwrap_err().to_string();
        assert!(error.contains("the start (the only position with 2 parts) is not a P-position"), "{error}");
        let tiers = vec![Tier { parts: 1, positions: 1, p_positions: 2 }];
        let error = Record::default().insert(solved(1, &tiers, None), tiers).unwrap_err().to_string();
        assert!(error.contains("2 P-positions among 1 positions"), "{error}");
    }

    #[test]
    fn a_damaged_table_is_an_error_naming_the_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(BY_N),
            "n,positions,p_positions,winner,remoteness,seconds,solver,version,machine\n1,x,0,P2,,0.1,flat,0,m\n",
        )
        .unwrap();
        let error = Record::load(dir.path()).unwrap_err().to_string();
        assert!(error.contains("line 2"), "{error}");
    }
}
