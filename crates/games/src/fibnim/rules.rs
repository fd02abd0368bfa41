//! Rule sets ([`NimRules`]: factor `k`, normal or misère) and validated positions
//! ([`NimPosition`]: heap and cap of any size, cap clamped to the heap).

use std::fmt;

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Why a rule set or position is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NimError {
    /// The factor must be at least 1.
    ZeroFactor,
    /// An opening heap must have at least 2 counters (the opener may not take the whole heap).
    OpeningHeapTooSmall(BigUint),
    /// A position needs at least one counter.
    EmptyHeap,
    /// A cap must be at least 1.
    ZeroCap,
    /// A move that the rules do not allow from the position.
    IllegalMove {
        /// The number of counters the move tried to take.
        take: BigUint,
        /// The most the rules allow.
        most: BigUint,
    },
}

impl fmt::Display for NimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimError::ZeroFactor => f.write_str("invalid factor k = 0: k must be at least 1"),
            NimError::OpeningHeapTooSmall(h) => {
                write!(f, "invalid opening heap {h}: an opening heap needs at least 2 counters")
            }
            NimError::EmptyHeap => f.write_str("invalid heap 0: a position needs at least 1 counter"),
            NimError::ZeroCap => f.write_str("invalid cap 0: a cap must be at least 1"),
            NimError::IllegalMove { take, most } => {
                write!(f, "illegal move: take {take}: you may take between 1 and {most}")
            }
        }
    }
}

impl std::error::Error for NimError {}

/// The rules: the factor `k` (the cap after a move of `x` is `k x`) and normal or misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimRules {
    k: u64,
    misere: bool,
}

impl NimRules {
    /// Fibonacci Nim is `NimRules::new(2, false)`.
    ///
    /// # Errors
    /// [`NimError::ZeroFactor`] when `k == 0`.
    pub fn new(k: u64, misere: bool) -> Result<NimRules, NimError> {
        if k == 0 {
            return Err(NimError::ZeroFactor);
        }
        Ok(NimRules { k, misere })
    }

    /// The factor `k`.
    pub fn k(self) -> u64 {
        self.k
    }

    /// Whether taking the last counter loses.
    pub fn misere(self) -> bool {
        self.misere
    }
}

/// A position: `heap >= 1` counters and a cap `1 <= cap <= heap` on the next take.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimPosition {
    heap: BigUint,
    cap: BigUint,
}

impl NimPosition {
    /// The opening position of a heap: the opener may take anything short of the whole heap.
    ///
    /// # Errors
    /// [`NimError::OpeningHeapTooSmall`] for heaps of 0 or 1.
    pub fn opening(heap: BigUint) -> Result<NimPosition, NimError> {
        if heap < BigUint::from(2u32) {
            return Err(NimError::OpeningHeapTooSmall(heap));
        }
        let cap = &heap - 1u32;
        Ok(NimPosition { heap, cap })
    }

    /// A position with an explicit cap; a cap above the heap is clamped to the heap.
    ///
    /// # Errors
    /// [`NimError::EmptyHeap`] for heap 0, [`NimError::ZeroCap`] for cap 0.
    pub fn new(heap: BigUint, cap: BigUint) -> Result<NimPosition, NimError> {
        if heap.is_zero() {
            return Err(NimError::EmptyHeap);
        }
        if cap.is_zero() {
            return Err(NimError::ZeroCap);
        }
        let cap = cap.min(heap.clone());
        Ok(NimPosition { heap, cap })
    }

    /// The counters left.
    pub fn heap(&self) -> &BigUint {
        &self.heap
    }

    /// The most the player to move may take (already clamped to the heap).
    pub fn cap(&self) -> &BigUint {
        &self.cap
    }

    /// Takes `take` counters. Returns the position after the move, or `None` when the move
    /// takes the last counter (the game is over).
    ///
    /// # Errors
    /// [`NimError::IllegalMove`] unless `1 <= take <= cap`.
    pub fn play(&self, take: &BigUint, rules: NimRules) -> Result<Option<NimPosition>, NimError> {
        if take.is_zero() || take > &self.cap {
            return Err(NimError::IllegalMove { take: take.clone(), most: self.cap.clone() });
        }
        let heap = &self.heap - take;
        if heap.is_zero() {
            return Ok(None);
        }
        let cap = (take * rules.k).min(heap.clone());
        Ok(Some(NimPosition { heap, cap }))
    }

    /// Whether the position is `(1, 1)`-like: one counter, which the player must take.
    pub fn is_last_counter(&self) -> bool {
        self.heap.is_one()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation() {
        assert_eq!(NimRules::new(0, false), Err(NimError::ZeroFactor));
        assert!(NimPosition::opening(1u32.into()).is_err());
        assert!(NimPosition::opening(0u32.into()).is_err());
        let p = NimPosition::new(5u32.into(), 9u32.into()).unwrap();
        assert_eq!(p.cap(), &BigUint::from(5u32));
        assert_eq!(NimPosition::new(0u32.into(), 1u32.into()), Err(NimError::EmptyHeap));
        let rules = NimRules::new(2, false).unwrap();
        let p = NimPosition::opening(10u32.into()).unwrap();
        assert!(p.play(&10u32.into(), rules).is_err());
        assert!(p.play(&0u32.into(), rules).is_err());
        let q = p.play(&3u32.into(), rules).unwrap().unwrap();
        assert_eq!((q.heap().clone(), q.cap().clone()), (7u32.into(), 6u32.into()));
    }
}
