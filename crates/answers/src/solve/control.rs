//! [`Control`]: the one value through which a caller steers a solve, whichever engine runs it:
//! cancel it, watch its progress, hear what it has to say (a resume, a checkpoint that could not
//! be saved), ask it to stop after its next finished unit with the checkpoint saved, and share
//! it among the processes of a job.

use std::fmt;

use zecklab_engines::Exchange;
use zecklab_games::Cancel;

/// Something a solve says on its way that is not its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// The engine chosen, said before it starts.
    Engine(super::Engine),
    /// The solve resumed from a checkpoint; the message says how far it had come.
    Resumed(String),
    /// A checkpoint could not be saved; the run goes on, and the last one saved is kept. Said
    /// once while the reason stays the same.
    SaveFailed(String),
    /// The finished run's checkpoint could not be removed.
    NotRemoved(String),
}

impl fmt::Display for SolveEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveEvent::Engine(engine) => write!(f, "solving by the {} engine", engine.name()),
            SolveEvent::Resumed(m) => f.write_str(m),
            SolveEvent::SaveFailed(e) => write!(
                f,
                "warning: the checkpoint could not be saved ({e}); the run goes on, and the last one saved is kept"
            ),
            SolveEvent::NotRemoved(e) => {
                write!(f, "warning: the finished run's checkpoint could not be removed ({e})")
            }
        }
    }
}

/// Where a solve reports its progress: `moved(positions solved, positions in all)`. Any
/// `Fn(u64, u64) + Sync` is one.
pub trait Progress: Sync {
    /// The solve has solved `done` of its `total` positions.
    fn moved(&self, done: u64, total: u64);
}

impl<F: Fn(u64, u64) + Sync> Progress for F {
    fn moved(&self, done: u64, total: u64) {
        self(done, total);
    }
}

fn no_progress(_: u64, _: u64) {}
fn no_event(_: &SolveEvent) {}

/// How a caller steers a solve. [`Control::new`] is a quiet solve that runs to its end; each
/// `with_` method adds one thing.
pub struct Control<'a> {
    /// Checked between blocks of work: once cancelled, the solve stops without an answer.
    pub cancel: Cancel,
    progress: &'a dyn Progress,
    events: &'a (dyn Fn(&SolveEvent) + Sync),
    stop: Option<&'a (dyn Fn() -> Option<i32> + Sync)>,
    exchange: Option<&'a mut dyn Exchange>,
}

impl Default for Control<'_> {
    fn default() -> Self {
        Control::new()
    }
}

impl<'a> Control<'a> {
    /// A quiet solve that runs to its end.
    pub fn new() -> Control<'a> {
        Control {
            cancel: Cancel::new(),
            progress: &no_progress,
            events: &no_event,
            stop: None,
            exchange: None,
        }
    }

    /// Stopped (without an answer) when `cancel` is set.
    pub fn with_cancel(mut self, cancel: Cancel) -> Control<'a> {
        self.cancel = cancel;
        self
    }

    /// `progress(positions solved, positions in all)` as the solve goes.
    pub fn with_progress(mut self, progress: &'a dyn Progress) -> Control<'a> {
        self.progress = progress;
        self
    }

    /// `events(event)` for what the solve says on its way.
    pub fn with_events(mut self, events: &'a (dyn Fn(&SolveEvent) + Sync)) -> Control<'a> {
        self.events = events;
        self
    }

    /// After each finished tier or layer of a solve with checkpoints, `stop()` is asked whether
    /// to stop there; `Some(reason)` saves the checkpoint and ends the solve with
    /// [`super::SolveFailure::Stopped`] carrying that reason (a signal's number, say).
    pub fn with_stop(mut self, stop: &'a (dyn Fn() -> Option<i32> + Sync)) -> Control<'a> {
        self.stop = Some(stop);
        self
    }

    /// Shares the solve among the processes of a job that `exchange` connects.
    pub fn with_exchange(mut self, exchange: &'a mut dyn Exchange) -> Control<'a> {
        self.exchange = Some(exchange);
        self
    }

    /// Whether the solve is shared among the processes of a job.
    pub fn is_distributed(&self) -> bool {
        self.exchange.is_some()
    }

    /// Whether this process speaks for the job (the only process, or the first of a job).
    pub fn is_leader(&self) -> bool {
        self.exchange.as_ref().is_none_or(|e| e.me() == 0)
    }

    /// What the solve reports through, apart from the exchange (so that it can be shared with
    /// the engine's threads while the exchange is in use).
    pub(crate) fn voice(&self) -> Voice<'a> {
        Voice { progress: self.progress, events: self.events, stop: self.stop, leader: self.is_leader() }
    }

    pub(super) fn exchange(&mut self) -> Option<&mut (dyn Exchange + 'a)> {
        self.exchange.as_deref_mut()
    }
}

/// The progress, events and stop of a [`Control`]: only the process that speaks for a job
/// reports.
#[derive(Clone, Copy)]
pub(crate) struct Voice<'a> {
    progress: &'a dyn Progress,
    events: &'a (dyn Fn(&SolveEvent) + Sync),
    stop: Option<&'a (dyn Fn() -> Option<i32> + Sync)>,
    leader: bool,
}

impl Voice<'_> {
    pub(crate) fn progress(&self, done: u64, total: u64) {
        if self.leader {
            self.progress.moved(done, total);
        }
    }

    pub(super) fn say(&self, event: &SolveEvent) {
        if self.leader {
            (self.events)(event);
        }
    }

    pub(super) fn stop_asked(&self) -> Option<i32> {
        self.stop.and_then(|stop| stop())
    }
}
