//! Writing to stdout: buffered, with a closed pipe (`zecklab ... | head`) treated as success
//! rather than a panic, and one JSON object per line in `--json` mode.

use std::io::{self, BufWriter, Stdout, Write};

use serde::Serialize;

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
