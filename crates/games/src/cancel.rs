//! [`Cancel`]: a token a long solve checks between blocks of work, so that a caller who no longer
//! wants the answer (a web client that went away, Ctrl-C in a notebook) can stop it. A cancelled
//! solve returns an error, never a partial table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared flag: clones see the same state, and once cancelled it stays cancelled.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every holder to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the work should stop.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// A guard that cancels this token when dropped, unless disarmed: held by whoever waits for
    /// the work, so that the work stops when nobody waits any more.
    pub fn on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(Some(self.clone()))
    }
}

/// Two tokens are equal when they are the same token.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

/// Cancels its token when dropped (see [`Cancel::on_drop`]).
#[derive(Debug)]
pub struct CancelOnDrop(Option<Cancel>);

impl CancelOnDrop {
    /// Drops the guard without cancelling.
    pub fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(token) = self.0.take() {
            token.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_state_and_guards_cancel_unless_disarmed() {
        let token = Cancel::new();
        let clone = token.clone();
        assert!(!clone.is_cancelled());
        token.on_drop().disarm();
        assert!(!clone.is_cancelled());
        drop(token.on_drop());
        assert!(clone.is_cancelled() && token.is_cancelled());
        assert_eq!(token, clone);
        assert_ne!(token, Cancel::new());
    }
}
