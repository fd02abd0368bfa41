//! Writing a solved game as a table file, so that no reader ever sees half of one: the bytes
//! go to a temporary file in the same directory, which is synced, renamed over the final name,
//! and the directory synced. Killed at any moment, the writer leaves the old complete file (or
//! none) and a temporary file that readers ignore and the next writer removes.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::xxh3_64;
use zecklab_games::zgame::family::{FamilySolution, RuleSet};
use zecklab_games::zgame::Solution;

use crate::error::{io, StoreError};
use crate::format::{Header, CHUNK, PAGE};
use crate::game::{RemotenessEncoding, TableGame};

/// A solved game that can be written as a table file.
pub trait TableSource {
    /// The file's header (before its file checksum is known).
    fn header(&self) -> Header;
    /// Outcome word `w`: bit `r % 64` set when rank `64 w + r % 64` is a win.
    fn outcome_word(&self, w: usize) -> u64;
    /// Fills `out` with the remoteness slots of ranks `first..`, little-endian, each the
    /// header's width, in [`TableSource::encoding`].
    fn remoteness_bytes(&self, first: u64, out: &mut [u8]);
    /// How [`TableSource::remoteness_bytes`] encodes remoteness (a writer refuses a source
    /// whose encoding is not the one its game's tables use).
    fn encoding(&self) -> RemotenessEncoding;
}

impl TableSource for Solution {
    fn header(&self) -> Header {
        let index = self.index();
        let game =
            TableGame::new(zecklab_games::zgame::family::Recurrence::FIBONACCI, RuleSet::All, self.misere());
        Header::layout(
            game,
            index.n(),
            index.count(),
            self.remoteness_width().unwrap_or(0) as u32,
            self.end_parts(),
            index.fingerprint(),
        )
    }

    fn outcome_word(&self, w: usize) -> u64 {
        self.outcome_word(w)
    }

    fn remoteness_bytes(&self, first: u64, out: &mut [u8]) {
        self.half_excess_bytes(first, out);
    }

    fn encoding(&self) -> RemotenessEncoding {
        RemotenessEncoding::HalfExcess
    }
}

impl TableSource for FamilySolution {
    fn header(&self) -> Header {
        let rules = self.rules();
        let game = TableGame::new(rules.recurrence(), rules.rules(), self.misere());
        let end = self.index().unrank(self.index().count() - 1);
        Header::layout(
            game,
            self.index().n(),
            self.index().count(),
            2,
            end.iter().sum(),
            self.index().fingerprint(),
        )
    }

    fn outcome_word(&self, w: usize) -> u64 {
        FamilySolution::outcome_word(self, w)
    }

    fn remoteness_bytes(&self, first: u64, out: &mut [u8]) {
        for (o, r) in out.chunks_exact_mut(2).zip(first..) {
            o.copy_from_slice(&(self.remoteness(r) as u16).to_le_bytes());
        }
    }

    fn encoding(&self) -> RemotenessEncoding {
        RemotenessEncoding::Plain
    }
}

/// The header a solution's table file has (before its file checksum is known).
pub fn header_for(solution: &impl TableSource) -> Header {
    solution.header()
}

/// The prefix of temporary files; readers skip names that start with it.
pub const TEMPORARY_PREFIX: &str = ".tmp-";

/// Makes sure files can be written in `dir` before the work that would fill them: creates it
/// if need be (`creating` says what it is, for the error) and writes and removes a temporary
/// file there, so that a directory that cannot be written fails at once, not after the work.
///
/// # Errors
/// [`StoreError`] naming the directory (a file in its place, no permission, read-only, ...).
pub fn prepare_dir(dir: &Path, creating: &'static str) -> Result<(), StoreError> {
    std::fs::create_dir_all(dir).map_err(io(dir, creating))?;
    // Named as the writers' temporaries are, so that one left by a kill is cleared as theirs are.
    let prefix = format!("{TEMPORARY_PREFIX}{}-probe-", std::process::id());
    tempfile::Builder::new().prefix(&prefix).tempfile_in(dir).map_err(io(dir, "writing in"))?;
    Ok(())
}

/// Removes temporary files in `dir` left by writers that no longer run: names `PREFIX<pid>-...`
/// whose process is gone (on Linux a process is running when `/proc/<pid>` exists). The store's
/// temporaries start with [`TEMPORARY_PREFIX`]; other writers name their own prefix.
pub fn remove_stale_temporaries(dir: &Path, prefix: &str) {
    let Ok(read) = std::fs::read_dir(dir) else { return };
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) =
            name.strip_prefix(prefix).and_then(|r| r.split('-').next()).and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let running = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !running {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes `solution` to `target` atomically (see the module header), refusing first when the
/// directory has too little free space. `progress(done, total)` is called in bytes.
///
/// # Errors
/// [`StoreError`] naming the file or directory.
pub fn write_table(
    solution: &impl TableSource,
    target: &Path,
    progress: impl Fn(u64, u64),
) -> Result<(), StoreError> {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let mut header = header_for(solution);
    if solution.encoding() != header.table_game.encoding() {
        return Err(StoreError::Foreign {
            path: target.to_path_buf(),
            what: format!(
                "{} is stored from its own solver's tables (this solve encodes remoteness another way)",
                header.table_game.describe()
            ),
        });
    }
    let total = header.file_size();
    let available = fs4::available_space(&dir).map_err(io(&dir, "checking free space in"))?;
    // Keep a little room beyond the table itself for the file system's own needs.
    let needed = total + (total / 100).max(1 << 20);
    if available < needed {
        return Err(StoreError::NoSpace { path: dir, needed, available });
    }
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = dir.join(format!("{TEMPORARY_PREFIX}{}-{name}", std::process::id()));
    // Errors name the table being written, never the temporary file.
    let result = write_to(solution, &mut header, &temporary, &progress)
        .map_err(|e| match e {
            StoreError::Io { doing, source, .. } => {
                StoreError::Io { path: target.to_path_buf(), doing, source }
            }
            other => other,
        })
        .and_then(|()| {
            std::fs::rename(&temporary, target).map_err(io(target, "renaming the finished table to"))?;
            // The rename is durable once the directory entry is on disk.
            File::open(&dir).and_then(|d| d.sync_all()).map_err(io(&dir, "syncing"))
        });
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

fn write_to(
    solution: &impl TableSource,
    header: &mut Header,
    path: &PathBuf,
    progress: &impl Fn(u64, u64),
) -> Result<(), StoreError> {
    let file = File::options().write(true).create_new(true).open(path).map_err(io(path, "creating"))?;
    let total = header.file_size();
    let mut w = BufWriter::with_capacity(1 << 20, file);
    let write_err = io(path, "writing");
    let mut digests: Vec<u64> = Vec::with_capacity(header.digest_count as usize);
    let mut written = 0u64;
    let mut put = |w: &mut BufWriter<File>, bytes: &[u8]| -> std::io::Result<()> {
        w.write_all(bytes)?;
        written += bytes.len() as u64;
        progress(written, total);
        Ok(())
    };
    (|| -> std::io::Result<()> {
        // The header is written last, once the checksums are known; zeros hold its place.
        put(&mut w, &vec![0u8; PAGE as usize])?;
        let mut chunk = Vec::with_capacity(CHUNK as usize);
        for word in 0..(header.outcome_bytes / 8) as usize {
            chunk.extend_from_slice(&solution.outcome_word(word).to_le_bytes());
            if chunk.len() as u64 == CHUNK {
                digests.push(xxh3_64(&chunk));
                put(&mut w, &chunk)?;
                chunk.clear();
            }
        }
        if !chunk.is_empty() {
            digests.push(xxh3_64(&chunk));
            put(&mut w, &chunk)?;
        }
        pad_to(&mut w, PAGE + header.outcome_bytes, header.remoteness_offset, &mut put)?;
        let width = u64::from(header.remoteness_width);
        if let Some(per_chunk) = CHUNK.checked_div(width) {
            let mut first = 0;
            while first < header.positions {
                let count = per_chunk.min(header.positions - first);
                let mut bytes = vec![0u8; (count * width) as usize];
                solution.remoteness_bytes(first, &mut bytes);
                digests.push(xxh3_64(&bytes));
                put(&mut w, &bytes)?;
                first += count;
            }
        }
        pad_to(&mut w, header.remoteness_offset + header.remoteness_bytes, header.digests_offset, &mut put)?;
        let digest_bytes: Vec<u8> = digests.iter().flat_map(|d| d.to_le_bytes()).collect();
        put(&mut w, &digest_bytes)?;
        header.file_checksum = xxh3_64(&digest_bytes);
        let mut file = w.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.encode())?;
        file.sync_all()
    })()
    .map_err(write_err)
}

/// Writes zeros from `at` up to `to`.
fn pad_to(
    w: &mut BufWriter<File>,
    at: u64,
    to: u64,
    put: &mut impl FnMut(&mut BufWriter<File>, &[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if to > at {
        put(w, &vec![0u8; (to - at) as usize])?;
    }
    Ok(())
}
