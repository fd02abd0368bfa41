//! The reference sweep over one tier: every position from its children, each child ranked from
//! the parent's prefix and the indices its move changed, in plain decreasing rank order on one
//! thread. The fast sweep (`runs.rs`) is tested against it.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering::Relaxed};

use super::{Prefix, TierIndex, TierValues};
use zecklab_games::zgame::for_each_legal_move;

/// The tier being solved, written by several threads (each rank by exactly one).
#[derive(Debug)]
pub(super) struct Current {
    pub(super) wins: Vec<AtomicU64>,
    pub(super) remoteness: Option<Vec<AtomicU16>>,
}

impl Current {
    pub(super) fn new(size: u64, with_remoteness: bool) -> Current {
        Current {
            // Zeroed by the allocator, which takes large tables as fresh pages from the system:
            // no memory backs the words a shared solve never writes (nor does `into_values`,
            // which reuses the table in place).
            wins: bytemuck::zeroed_vec(size.div_ceil(64) as usize),
            remoteness: with_remoteness.then(|| bytemuck::zeroed_vec(size as usize)),
        }
    }

    #[inline(always)]
    pub(super) fn is_win(&self, r: u64) -> bool {
        self.wins[(r / 64) as usize].load(Relaxed) >> (r % 64) & 1 == 1
    }

    fn remoteness_of(&self, r: u64) -> Option<u32> {
        self.remoteness.as_ref().map(|t| u32::from(t[r as usize].load(Relaxed)))
    }

    /// The tier as it is read while solved: its outcome words (the bits of solved positions
    /// final) and no remoteness, which only a finished tier gives.
    pub(super) fn as_below(&self) -> Below<'_> {
        Below { wins: &self.wins, remoteness: None }
    }

    /// The tier `parts`, now solved.
    pub(super) fn into_finished(self, parts: u32) -> Finished {
        Finished {
            parts,
            wins: self.wins,
            remoteness: self.remoteness.map(|t| t.into_iter().map(AtomicU16::into_inner).collect()),
        }
    }
}

/// A finished tier as the solver keeps it: its outcome words stay atomic, so that a tier is read
/// the same way finished (the tier below the one being solved) or while it is still being solved
/// (the tier below one begun ahead: see `TieredSolver::solve_next`).
#[derive(Debug)]
pub(super) struct Finished {
    pub(super) parts: u32,
    pub(super) wins: Vec<AtomicU64>,
    pub(super) remoteness: Option<Vec<u16>>,
}

impl Finished {
    pub(super) fn from_values(values: TierValues) -> Finished {
        Finished {
            parts: values.parts,
            wins: values.wins.into_iter().map(AtomicU64::new).collect(),
            remoteness: values.remoteness,
        }
    }

    /// A copy as plain values.
    pub(super) fn values(&self) -> TierValues {
        TierValues {
            parts: self.parts,
            wins: self.wins.iter().map(|w| w.load(Relaxed)).collect(),
            remoteness: self.remoteness.clone(),
        }
    }

    pub(super) fn as_below(&self) -> Below<'_> {
        Below { wins: &self.wins, remoteness: self.remoteness.as_deref() }
    }
}

/// What the solve of a tier reads of the tier below: the outcome bit of every rank a combine
/// reaches (final by then), and remoteness when the tier below is finished and keeps it.
#[derive(Clone, Copy)]
pub(super) struct Below<'a> {
    pub(super) wins: &'a [AtomicU64],
    pub(super) remoteness: Option<&'a [u16]>,
}

impl Below<'_> {
    #[inline(always)]
    pub(super) fn is_win(&self, r: u64) -> bool {
        self.wins[(r / 64) as usize].load(Relaxed) >> (r % 64) & 1 == 1
    }

    pub(super) fn remoteness_of(&self, r: u64) -> Option<u32> {
        self.remoteness.map(|t| u32::from(t[r as usize]))
    }
}

/// Everything one position's solve reads and writes.
pub(super) struct Sweep<'a> {
    pub(super) index: &'a TierIndex,
    pub(super) below: Option<Below<'a>>,
    pub(super) current: &'a Current,
    pub(super) overflow: AtomicBool,
    pub(super) done: AtomicU64,
    /// Misère play: a position with no move is a win.
    pub(super) misere: bool,
}

impl Sweep<'_> {
    /// Solves the position `parent` of rank `prefix.same[1]` from its children.
    fn visit(&self, parent: &[u32], prefix: &Prefix) {
        let index = self.index;
        let rank = prefix.same[1];
        let (mut win, mut any) = (false, false);
        let (mut fastest, mut slowest) = (u32::MAX, 0u32);
        for_each_legal_move(parent, |m| {
            any = true;
            let (r, below) = index.child_rank_of_parent(parent, prefix, m);
            let (loss, remoteness) = if below {
                let t = self.below.expect("a combine leads to the tier below");
                (!t.is_win(r), t.remoteness_of(r))
            } else {
                debug_assert!(r > rank, "a split goes to a higher rank");
                (!self.current.is_win(r), self.current.remoteness_of(r))
            };
            if let Some(rem) = remoteness {
                if loss {
                    fastest = fastest.min(rem);
                }
                slowest = slowest.max(rem);
            }
            win |= loss;
        });
        // With no move, the player to move has lost in normal play and won in misère play.
        let win = win || (self.misere && !any);
        if win {
            self.current.wins[(rank / 64) as usize].fetch_or(1 << (rank % 64), Relaxed);
        }
        if let Some(table) = &self.current.remoteness {
            let value = if !any {
                0
            } else if win {
                fastest + 1
            } else {
                slowest + 1
            };
            match u16::try_from(value) {
                Ok(v) => table[rank as usize].store(v, Relaxed),
                Err(_) => self.overflow.store(true, Relaxed),
            }
        }
    }

    /// The reference: every position of tier `p` in decreasing rank order, on this thread.
    pub(super) fn run_in_rank_order(&self, p: u32) {
        self.index.for_each_descending(p, |parent, prefix| {
            self.visit(parent, prefix);
            self.done.fetch_add(1, Relaxed);
        });
    }
}
