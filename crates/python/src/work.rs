//! Long work from Python: run on a thread of its own while the calling thread waits without
//! the GIL (other Python threads go on), wakes ten times a second to let Python handle signals
//! (Ctrl-C, a notebook's interrupt), and shows a progress bar (`tqdm.auto`, a widget in a
//! notebook and text on a terminal, when it is installed) once the work has run a second.
//!
//! On an interrupt the work's [`Cancel`] token is set, the thread is given a moment to stop,
//! and the interrupt is raised: work that checks the token stops at its next block, and work
//! that does not (a short computation) finishes in the background and is dropped. Nothing here
//! writes files, so nothing is left half-written.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use zecklab_games::Cancel;

/// How far the work has come, in its own units.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress {
    /// Records `done` of `total`.
    pub fn set(&self, done: u64, total: u64) {
        self.total.store(total, Relaxed);
        self.done.store(done, Relaxed);
    }
}

/// What the work gets: its cancel token and where to report progress.
#[derive(Clone, Debug)]
pub struct Context {
    /// Set on an interrupt.
    pub cancel: Cancel,
    /// Read by the waiting thread for the bar.
    pub progress: Arc<Progress>,
}

impl zecklab_answers::solve::Progress for Progress {
    fn moved(&self, done: u64, total: u64) {
        self.set(done, total);
    }
}

impl Context {
    /// The control of a solve run as this work: cancelled by an interrupt, its progress on the bar.
    pub fn control(&self) -> zecklab_answers::solve::Control<'_> {
        zecklab_answers::solve::Control::new().with_cancel(self.cancel.clone()).with_progress(&*self.progress)
    }
}

/// A `tqdm` bar, created lazily.
struct Bar<'py> {
    py: Python<'py>,
    label: &'static str,
    bar: Option<Bound<'py, PyAny>>,
    unavailable: bool,
    shown: u64,
}

impl<'py> Bar<'py> {
    fn update(&mut self, progress: &Progress) {
        let (done, total) = (progress.done.load(Relaxed), progress.total.load(Relaxed));
        if self.unavailable || total == 0 {
            return;
        }
        if self.bar.is_none() {
            let made = self.py.import("tqdm.auto").and_then(|m| {
                let kwargs = pyo3::types::PyDict::new(self.py);
                kwargs.set_item("total", total)?;
                kwargs.set_item("desc", self.label)?;
                kwargs.set_item("unit_scale", true)?;
                kwargs.set_item("leave", false)?;
                m.getattr("tqdm")?.call((), Some(&kwargs))
            });
            match made {
                Ok(bar) => self.bar = Some(bar),
                Err(_) => {
                    self.unavailable = true;
                    return;
                }
            }
        }
        if let Some(bar) = &self.bar {
            let _ = bar.setattr("total", total);
            if done > self.shown {
                let _ = bar.call_method1("update", (done - self.shown,));
                self.shown = done;
            }
        }
    }

    fn close(&mut self) {
        if let Some(bar) = self.bar.take() {
            let _ = bar.call_method0("close");
        }
    }
}

/// Runs `work` as described in the module header; `label` names it on the progress bar.
///
/// # Errors
/// `KeyboardInterrupt` (or whatever a signal handler raised) on an interrupt, `RuntimeError` if
/// the work panicked, and the work's own errors.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    label: &'static str,
    work: impl FnOnce(&Context) -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    let context = Context { cancel: Cancel::new(), progress: Arc::new(Progress::default()) };
    let (send, receive) = mpsc::channel();
    // Shared with the GIL-free waits below (a receiver alone may not cross threads by reference).
    let receive = std::sync::Mutex::new(receive);
    let theirs = context.clone();
    std::thread::Builder::new()
        .name(format!("zecklab {label}"))
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&theirs)));
            let _ = send.send(result);
        })
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let started = Instant::now();
    let mut bar = Bar { py, label, bar: None, unavailable: false, shown: 0 };
    let outcome = loop {
        match py.detach(|| receive.lock().expect("not poisoned").recv_timeout(Duration::from_millis(100))) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                bar.close();
                return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "{label}: the work stopped without an answer"
                )));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if let Err(interrupt) = py.check_signals() {
            context.cancel.cancel();
            bar.close();
            // Give work that checks its token a moment to stop and free its memory.
            let _ = py.detach(|| receive.lock().expect("not poisoned").recv_timeout(Duration::from_secs(2)));
            return Err(interrupt);
        }
        if started.elapsed() >= Duration::from_secs(1) {
            bar.update(&context.progress);
        }
    };
    bar.close();
    match outcome {
        Ok(result) => result,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                "{label} failed: {why} (a defect in zecklab)"
            )))
        }
    }
}
