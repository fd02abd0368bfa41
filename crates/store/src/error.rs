//! What can go wrong with a stored table. Every error names the file it is about, and no
//! error is ever turned into a value: a lookup in a damaged chunk fails, it does not guess.

use std::fmt;
use std::path::PathBuf;

/// Why a table could not be saved, opened or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreError {
    /// The operating system refused an operation on the file or directory.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What was being done ("reading", "creating", ...).
        doing: &'static str,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a readable table: bad magic, version, header or layout.
    NotATable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The file is shorter or longer than its header says (a truncated or padded table).
    WrongSize {
        /// The file.
        path: PathBuf,
        /// Bytes the header implies.
        expected: u64,
        /// Bytes on disk.
        found: u64,
    },
    /// Some bytes do not match their checksum.
    Corrupted {
        /// The file.
        path: PathBuf,
        /// Where ("outcome chunk 3", "the digest list").
        what: String,
    },
    /// A tiered solve's checkpoint does not match the checksum it was saved with.
    CheckpointDamaged {
        /// The checkpoint file.
        path: PathBuf,
    },
    /// The table is for another game, another n, or another ranking of the positions.
    Foreign {
        /// The file.
        path: PathBuf,
        /// What differs.
        what: String,
    },
    /// The name is not a regular file (a FIFO, a device, a directory, a socket): never read,
    /// since reading one could block forever.
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is ("a named pipe", ...).
        kind: &'static str,
    },
    /// The file changed (replaced or truncated in place) while it was being read.
    Changed {
        /// The file.
        path: PathBuf,
    },
    /// Reading the whole table would take more memory than allowed.
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Bytes of its tables.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// There is not enough free space for the table.
    NoSpace {
        /// The directory.
        path: PathBuf,
        /// Bytes the table needs.
        needed: u64,
        /// Bytes free.
        available: u64,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io { path, doing, source } => {
                write!(f, "{doing} {}: {}", path.display(), io_words(source))
            }
            StoreError::NotATable { path, why } => write!(f, "{} is not a readable table: {why}", path.display()),
            StoreError::WrongSize { path, expected, found } => write!(
                f,
                "{} is damaged: its header describes {expected} bytes but the file has {found} (truncated or overwritten)",
                path.display()
            ),
            StoreError::Corrupted { path, what } => {
                write!(f, "{} is damaged: {what} does not match its checksum", path.display())
            }
            StoreError::CheckpointDamaged { path } => write!(
                f,
                "the checkpoint {} is damaged: the state saved in it (the finished tiers' counts and the last tier's outcome bits) does not match the checksum at its end, so the file was cut short or changed after it was saved; delete it to start the solve again from the first tier, or put back a copy of it",
                path.display()
            ),
            StoreError::Foreign { path, what } => write!(f, "{} cannot be used here: {what}", path.display()),
            StoreError::NotRegular { path, kind } => {
                write!(f, "{} is {kind}, not a regular file: zecklab reads tables only from regular files", path.display())
            }
            StoreError::TooLarge { path, bytes, limit } => write!(
                f,
                "{} holds {} MiB of tables, more than the {} MiB this reads into memory at once",
                path.display(),
                bytes.div_ceil(1 << 20),
                limit >> 20
            ),
            StoreError::Changed { path } => write!(
                f,
                "{} changed while it was being read (replaced or truncated in place): open it again",
                path.display()
            ),
            StoreError::NoSpace { path, needed, available } => write!(
                f,
                "not enough free space in {}: the table needs {} MiB, {} MiB are free",
                path.display(),
                needed.div_ceil(1 << 20),
                available >> 20
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// An I/O error in plain words, without the operating system's error number.
fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file or directory".into(),
        K::PermissionDenied => "permission denied".into(),
        K::StorageFull => "no space left on the device".into(),
        K::ReadOnlyFilesystem => "the file system is read-only".into(),
        other => other.to_string(),
    }
}

/// Shorthand for an I/O error about `path`.
pub(crate) fn io(path: &std::path::Path, doing: &'static str) -> impl FnOnce(std::io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |source| StoreError::Io { path, doing, source }
}
