//! Writing: stdout buffered, with a closed pipe (`zecklab ... | head`) treated as success
//! rather than a panic, one JSON object per line in `--json` mode; and files the user names,
//! through one [`write_file`] that never replaces a device, FIFO or directory and never leaves
//! half a file.

use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::input::{shown, InputError};

/// Buffered stdout; every write returns an error instead of panicking.
pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    pub fn new() -> Out {
        Out { inner: BufWriter::with_capacity(1 << 16, io::stdout()) }
    }

    /// Writes bytes as they are (the caller supplies the newlines).
    pub fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes).map_err(stdout_error)
    }

    /// Writes one line of text.
    pub fn line(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        self.inner.write_all(text.as_ref().as_bytes()).map_err(stdout_error)?;
        self.inner.write_all(b"\n").map_err(stdout_error)
    }

    /// Writes one value as a JSON object on its own line.
    pub fn json(&mut self, value: &impl Serialize) -> anyhow::Result<()> {
        serde_json::to_writer(&mut self.inner, value).map_err(|e| match e.io_error_kind() {
            Some(kind) => stdout_error(io::Error::from(kind)),
            None => io::Error::other(e),
        })?;
        self.inner.write_all(b"\n").map_err(stdout_error)?;
        Ok(())
    }

    /// Flushes buffered output; call before exiting.
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(stdout_error)
    }
}

/// A count for text output, its thousands grouped and its noun agreeing with it:
/// `counted(1, "decision", "decisions")` is "1 decision", `counted(12345, ...)` "12,345 decisions".
pub fn counted(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", zecklab_numeration::grouped(count), if count == 1 { one } else { many })
}

/// An error writing standard output, in plain words (its kind kept, so that a closed pipe is
/// still recognised as one).
fn stdout_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write to standard output: {}", io_reason(&e)))
}

/// Whether standard output was a closed descriptor (EBADF) when the process started, recorded
/// before Rust's runtime starts: on Linux the runtime opens `/dev/null` (for reading and writing)
/// on a standard descriptor it finds closed, after which `>&-` cannot be told from a caller's own
/// `1<>/dev/null` or Python's `stdout=subprocess.DEVNULL`, which are fine.
static STDOUT_CLOSED_AT_START: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Runs from the executable's `.init_array`, before `main` and before the runtime's descriptor
/// fix-up (the C library calls every entry of it in order, the runtime's own among them later).
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD_STDOUT_AT_START: extern "C" fn() = record_stdout_at_start;

#[cfg(target_os = "linux")]
extern "C" fn record_stdout_at_start() {
    // SAFETY: F_GETFL only reads the descriptor's flags; it fails with EBADF only on a
    // descriptor that is not open.
    let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
    STDOUT_CLOSED_AT_START.store(flags == -1, std::sync::atomic::Ordering::Relaxed);
}

/// Refuses a closed standard output (`zecklab ... >&-`) before any work: writes to it would
/// otherwise vanish without an error. Only a descriptor that was not open (EBADF) counts as
/// closed; any descriptor open for writing, `/dev/null` in whatever mode included, is fine.
pub fn check_stdout_open() -> Result<(), InputError> {
    let closed = || InputError("standard output is closed: nothing could be written".into());
    if STDOUT_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(closed());
    }
    // SAFETY: F_GETFL only reads the descriptor's flags.
    let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
    if flags == -1 {
        return Err(closed());
    }
    if flags & libc::O_ACCMODE == libc::O_RDONLY {
        return Err(InputError("standard output is open for reading only: nothing could be written".into()));
    }
    Ok(())
}

/// The start of every temporary file's name.
const TEMPORARY_PREFIX: &str = ".zecklab-";

/// Whether this process may write `path` (the file itself, or the directory a new file goes
/// in): refused up front, before any work, for a read-only file system, a file without write
/// permission or a directory the user cannot write.
fn writable(path: &Path) -> Result<(), io::Error> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    // SAFETY: access reads the NUL-terminated path and nothing else.
    if unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Whether an error chain ends in a closed pipe, which a command treats as success.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                .is_some_and(|k| k == io::ErrorKind::BrokenPipe)
    })
}

/// Where a file the user named is written, decided before any work is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// `-`: standard output.
    Stdout,
    /// A regular file (or a name not yet taken): written to a temporary file beside it, synced,
    /// renamed over it and the directory synced, so it holds the old or the new contents, never
    /// part of either.
    Replace(PathBuf),
    /// A device or FIFO (e.g. `/dev/null`): written through in place, never replaced.
    WriteThrough(PathBuf),
}

/// How many symbolic links are followed before a path is refused as a loop.
const MOST_LINKS: usize = 40;

/// Decides where `path` is written: `-` is stdout; a symbolic link is followed to its target (the
/// link itself is left alone, so the file it points to gets the new contents); a regular file
/// or a free name in an existing directory is replaced atomically; a device or FIFO is written
/// through. A directory, a socket, a missing directory or a link loop is an input error that
/// names the path as the user gave it.
pub fn destination(path: &Path) -> Result<Destination, InputError> {
    if path.as_os_str() == "-" {
        return Ok(Destination::Stdout);
    }
    let refuse =
        |why: String| InputError(format!("cannot write '{}': {why}", shown(&path.to_string_lossy())));
    let mut target = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        let metadata = match std::fs::symlink_metadata(&target) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dir = parent_dir(&target);
                if !dir.is_dir() {
                    return Err(refuse(format!("there is no directory '{}'", shown(&dir.to_string_lossy()))));
                }
                writable(&dir).map_err(|e| refuse(io_reason(&e)))?;
                return Ok(Destination::Replace(target));
            }
            Err(e) => return Err(refuse(io_reason(&e))),
        };
        let kind = metadata.file_type();
        if kind.is_symlink() {
            let link = std::fs::read_link(&target).map_err(|e| refuse(io_reason(&e)))?;
            target = parent_dir(&target).join(link);
            continue;
        }
        if kind.is_file() {
            // Replacing needs both: the file may be written, and so may its directory.
            writable(&target)
                .and_then(|()| writable(&parent_dir(&target)))
                .map_err(|e| refuse(io_reason(&e)))?;
            return Ok(Destination::Replace(target));
        }
        if kind.is_dir() {
            return Err(refuse("it is a directory".into()));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_socket() {
                return Err(refuse("it is a socket".into()));
            }
        }
        writable(&target).map_err(|e| refuse(io_reason(&e)))?;
        return Ok(Destination::WriteThrough(target));
    }
    Err(refuse("too many levels of symbolic links".into()))
}

/// The directory holding `path` (`.` for a bare file name).
fn parent_dir(path: &Path) -> PathBuf {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
}

/// An I/O error in plain words (`permission denied`, `no space left on device`), without the
/// operating system's error number.
pub fn io_reason(e: &io::Error) -> String {
    use io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file or directory (or the place cannot hold files)".into(),
        K::PermissionDenied => "permission denied".into(),
        K::ReadOnlyFilesystem => "the file system is read-only".into(),
        K::StorageFull => "no space left on the device".into(),
        K::AlreadyExists => "a file of that name appeared while writing".into(),
        K::IsADirectory => "it is a directory".into(),
        K::NotADirectory => "a part of the path is not a directory".into(),
        other => other.to_string(),
    }
}

/// Writes to the file the user named (see [`destination`]); `write` produces the contents.
/// Every failure is an input error naming the path as given (exit status 2): never the name of
/// a temporary file, never a raw system message.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut (dyn Write + Send)) -> anyhow::Result<()>,
) -> anyhow::Result<Destination> {
    let destination = destination(path)?;
    let fail = |e: anyhow::Error| -> anyhow::Error {
        if is_broken_pipe(&e)
            || e.downcast_ref::<InputError>().is_some()
            || e.downcast_ref::<zecklab_answers::AnswerError>().is_some()
        {
            return e;
        }
        // The I/O error anywhere in the chain (a Parquet writer or a temporary file wraps it, the
        // latter with its own path): in plain words, with the path the user gave.
        let reason = match e.chain().find_map(|cause| cause.downcast_ref::<io::Error>()) {
            Some(io) => io_reason(io),
            None => e.to_string(),
        };
        InputError(format!("cannot write '{}': {reason}", shown(&path.to_string_lossy()))).into()
    };
    match &destination {
        Destination::Stdout => {
            let mut w = BufWriter::new(io::stdout());
            write(&mut w).and_then(|()| Ok(w.flush()?)).map_err(fail)?;
        }
        Destination::WriteThrough(target) => {
            let file = std::fs::OpenOptions::new().write(true).open(target).map_err(|e| fail(e.into()))?;
            let mut w = BufWriter::new(file);
            write(&mut w).and_then(|()| Ok(w.flush()?)).map_err(fail)?;
        }
        Destination::Replace(target) => replace_atomically(target, write).map_err(fail)?,
    }
    Ok(destination)
}

/// Writes `target` through a temporary file in its directory: synced, renamed over it, and the
/// directory synced, so a crash at any moment leaves the old file or the new one. An existing
/// file keeps its permissions; a new one gets rw-r--r--.
fn replace_atomically(
    target: &Path,
    write: impl FnOnce(&mut (dyn Write + Send)) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let dir = parent_dir(target);
    // Temporaries of writers killed before they finished (`.zecklab-<pid>-...tmp`).
    zecklab_store::write::remove_stale_temporaries(&dir, TEMPORARY_PREFIX);
    let mut builder = tempfile::Builder::new();
    let prefix = format!("{TEMPORARY_PREFIX}{}-", std::process::id());
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // An existing file keeps its permissions; a new one gets what the umask allows (the
        // system applies it to 0666: 0644 under the usual 022).
        let mode = std::fs::metadata(target).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o666);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let temporary = builder.tempfile_in(&dir)?;
    let mut w = BufWriter::new(temporary);
    write(&mut w)?;
    let temporary = w.into_inner().map_err(|e| e.into_error())?;
    temporary.as_file().sync_all()?;
    temporary.persist(target).map_err(|e| e.error)?;
    // The rename is durable only once the directory entry is on disk.
    #[cfg(unix)]
    std::fs::File::open(&dir)?.sync_all()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error that wraps an I/O error, as a Parquet writer does (`External`).
    #[derive(Debug)]
    struct Wrapped(io::Error);

    impl std::fmt::Display for Wrapped {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "Parquet: External: {} at path \"/x/.zecklab-1-abc.tmp\"", self.0)
        }
    }

    impl std::error::Error for Wrapped {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_full_disk_is_said_in_plain_words_with_the_users_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.parquet");
        let full = || io::Error::new(io::ErrorKind::StorageFull, "No space left on device (os error 28)");
        for error in [anyhow::Error::new(Wrapped(full())), anyhow::Error::new(full()).context("writing rows")]
        {
            let said = write_file(&path, |_| Err(error)).unwrap_err().to_string();
            assert_eq!(said, format!("cannot write '{}': no space left on the device", path.display()));
        }
        assert!(!path.exists(), "nothing half-written is left under the user's name");
    }
}
