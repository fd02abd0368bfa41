//! Stopping a long checkpointed solve cleanly.
//!
//! A record run takes hours, and its checkpoint is saved at most once every so many seconds: a
//! Ctrl-C that killed it at once would lose the tiers solved since. So while such a run goes on,
//! the first SIGINT or SIGTERM only asks it to stop: it finishes the tier being solved, saves
//! the checkpoint and ends with [`Interrupted`] (exit status 128 + the signal's number, as a
//! shell reports a process the signal killed). A second signal ends the process at once, for
//! whoever cannot wait for the tier.

use std::sync::atomic::{AtomicI32, Ordering::Relaxed};
use std::sync::OnceLock;

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The first signal received, 0 before any.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Whether the signals are watched (from the first call of [`watch`] on).
static WATCHING: OnceLock<()> = OnceLock::new();

/// From now on, the first SIGINT or SIGTERM asks the run to stop (see [`requested`]) and a
/// second one ends the process at once. Calling it again changes nothing.
pub fn watch() -> anyhow::Result<()> {
    if WATCHING.get().is_some() {
        return Ok(());
    }
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        for signal in signals.forever() {
            if RECEIVED.compare_exchange(0, signal, Relaxed, Relaxed).is_ok() {
                eprintln!(
                    "\nstopping after the tier being solved, to save the checkpoint (a second {} stops at once)",
                    if signal == SIGINT { "Ctrl-C" } else { "signal" }
                );
            } else {
                std::process::exit(128 + signal);
            }
        }
    })?;
    let _ = WATCHING.set(());
    Ok(())
}

/// The signal that asked the run to stop, if one has.
pub fn requested() -> Option<i32> {
    Some(RECEIVED.load(Relaxed)).filter(|&signal| signal != 0)
}

/// A run stopped by a signal after saving its checkpoint: not a failure of the input, so the
/// process ends with 128 + the signal's number and this message.
#[derive(Debug)]
pub struct Interrupted {
    pub signal: i32,
    pub message: String,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Interrupted {}

impl Interrupted {
    /// The process's exit status.
    pub fn exit_code(&self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(u8::MAX)
    }
}
