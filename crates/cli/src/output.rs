//! Writing to stdout: buffered, with a closed pipe (`zecklab ... | head`) treated as success
//! rather than a panic, and one JSON object per line in `--json` mode.

use std::io::{self, BufWriter, Stdout, Write};

use serde::Serialize;

use crate::input::InputError;

/// Buffered stdout; every write returns an error instead of panicking.
pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    pub fn new() -> Out {
        Out { inner: BufWriter::new(io::stdout()) }
    }

    /// Writes one line of text.
    pub fn line(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        self.inner.write_all(text.as_ref().as_bytes())?;
        self.inner.write_all(b"\n")
    }

    /// Writes one value as a JSON object on its own line.
    pub fn json(&mut self, value: &impl Serialize) -> anyhow::Result<()> {
        serde_json::to_writer(&mut self.inner, value)?;
        self.inner.write_all(b"\n")?;
        Ok(())
    }

    /// Flushes buffered output; call before exiting.
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
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

/// Writes a file through a temporary file in the same directory, synced and then renamed into
/// place, so the destination holds either its old contents or the whole new file, never a part.
/// A destination that is a directory, or whose directory does not exist, is an input error;
/// callers add the path as context.
pub fn write_atomically(
    path: &std::path::Path,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if path.is_dir() {
        return Err(InputError("it is a directory".into()).into());
    }
    if !dir.is_dir() {
        return Err(InputError(format!("there is no directory {}", dir.display())).into());
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".zecklab-").suffix(".tmp");
    // Temporary files are private (0600); the file a user asked for gets the usual rw-r--r--.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let temporary = builder.tempfile_in(dir)?;
    let mut w = BufWriter::new(temporary);
    write(&mut w)?;
    let temporary = w.into_inner().map_err(|e| e.into_error())?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}
