//! The theory engine: outcome and every winning move of any `(heap, cap)`, for heaps of any
//! size, read off the greedy representation of the heap in the factor-`k` ladder.
//!
//! Normal play (seed 001's argument, for any `k`): with `s` the smallest term of the heap's
//! representation, the position is a win iff `s <= cap`. A move `x` wins iff it leaves a loss,
//! i.e. the representation of `heap - x` has its smallest term above `k x` (or nothing is left);
//! then the representations of `heap - x` and `x` concatenate into a valid representation of
//! the heap, so by uniqueness `x` is a suffix sum (a sum of the smallest terms). So the winning
//! moves are the suffix sums `x <= cap` whose next term up exceeds `k x`.
//!
//! Misère play reduces to normal play on one counter fewer: no one wants to take the last
//! counter, so `(heap, cap)` in misère has the moves of `(heap - 1, cap)` in normal play, with
//! "leave exactly one counter" in the role of "take the last". The reduction is checked against
//! an independent misère search in `exhaustive.rs` and by `zecklab verify`.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::Zero;
use zecklab_numeration::{fibonacci_terms, zeckendorf_big, Ladder, Representation};

use super::rules::{NimPosition, NimRules};
use crate::Outcome;

/// Everything the theory says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Win or loss for the player to move.
    pub outcome: Outcome,
    /// Every winning move (number of counters to take), smallest first.
    pub winning_moves: Vec<BigUint>,
    /// The least cap with which this heap is a win, or `None` when no cap wins.
    pub threshold: Option<BigUint>,
    /// The heap whose representation decides: the heap itself, or heap − 1 in misère play.
    pub effective_heap: BigUint,
    /// The ladder representation of the effective heap.
    pub representation: Representation,
    /// Its terms, largest first.
    pub terms: Vec<BigUint>,
}

/// The theory engine for one rule set. Keeps its ladder between calls; queries take `&self`
/// (the ladder grows behind a lock), so one engine can answer from several threads.
#[derive(Debug)]
pub struct Theory {
    rules: NimRules,
    /// `None` for `k = 2`, which uses the Fibonacci paths (no stored ladder needed).
    ladder: Option<Mutex<Ladder>>,
}

impl Clone for Theory {
    fn clone(&self) -> Theory {
        let ladder = self.ladder.as_ref().map(|l| Mutex::new(lock(l).clone()));
        Theory { rules: self.rules, ladder }
    }
}

/// The ladder behind its lock. A panic while it was held cannot leave it inconsistent (terms
/// are only ever appended), so a poisoned lock is used as it is.
fn lock(ladder: &Mutex<Ladder>) -> std::sync::MutexGuard<'_, Ladder> {
    ladder.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Theory {
    /// A theory engine for the rules.
    pub fn new(rules: NimRules) -> Theory {
        let ladder = (rules.k() != 2).then(|| Mutex::new(Ladder::new(rules.k()).expect("rules hold k >= 1")));
        Theory { rules, ladder }
    }

    /// The rules.
    pub fn rules(&self) -> NimRules {
        self.rules
    }

    /// The representation of `n` and its terms (largest first) in this rule set's ladder.
    pub fn represent(&self, n: &BigUint) -> (Representation, Vec<BigUint>) {
        match &self.ladder {
            None => {
                let rep = zeckendorf_big(n);
                let terms = fibonacci_terms(&rep);
                (rep, terms)
            }
            Some(ladder) => {
                let mut ladder = lock(ladder);
                let rep = ladder.represent(n);
                let terms = ladder.terms_of(&rep);
                (rep, terms)
            }
        }
    }

    /// Whether `n` is a term of the ladder (a losing opening heap in normal play).
    pub fn is_ladder_term(&self, n: &BigUint) -> bool {
        !n.is_zero() && self.represent(n).0.z() == 1
    }

    /// Outcome, every winning move and the threshold of a position.
    pub fn analyse(&self, position: &NimPosition) -> Analysis {
        let misere = self.rules.misere();
        let effective_heap = if misere { position.heap() - 1u32 } else { position.heap().clone() };
        let (representation, terms) = self.represent(&effective_heap);
        let cap = position.cap().min(&effective_heap).clone();
        let k = self.rules.k();
        // Suffix sums from the smallest term up; each is a candidate winning move.
        let mut winning_moves = Vec::new();
        let mut taken = BigUint::zero();
        for (j, term) in terms.iter().rev().enumerate() {
            taken += term;
            if taken > cap {
                break;
            }
            let next_up = terms.len().checked_sub(j + 2).map(|i| &terms[i]);
            if next_up.is_none_or(|t| *t > &taken * k) {
                winning_moves.push(taken.clone());
            }
        }
        let threshold = terms.last().cloned();
        Analysis {
            outcome: Outcome::win_if(!winning_moves.is_empty()),
            winning_moves,
            threshold,
            effective_heap,
            representation,
            terms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(k: u64, misere: bool, heap: u32, cap: Option<u32>) -> Analysis {
        let rules = NimRules::new(k, misere).unwrap();
        let position = match cap {
            Some(c) => NimPosition::new(heap.into(), c.into()).unwrap(),
            None => NimPosition::opening(heap.into()).unwrap(),
        };
        Theory::new(rules).analyse(&position)
    }

    #[test]
    fn seed_examples() {
        // 90 = 89 + 1: the only winning opening is 1 (seed 003).
        let a = analyse(2, false, 90, None);
        assert_eq!(a.winning_moves, vec![BigUint::from(1u32)]);
        assert_eq!(a.threshold, Some(BigUint::from(1u32)));
        // 89 is a Fibonacci number: the opener loses.
        assert_eq!(analyse(2, false, 89, None).outcome, Outcome::Loss);
        // 12 = 8 + 3 + 1: taking 1 wins, taking 4 does not (8 is not above 2 * 4).
        let a = analyse(2, false, 12, Some(12));
        assert_eq!(a.winning_moves, vec![BigUint::from(1u32), BigUint::from(12u32)]);
    }

    #[test]
    fn misere_leaves_one_counter() {
        assert_eq!(analyse(2, true, 1, Some(1)).outcome, Outcome::Loss);
        let a = analyse(2, true, 2, None);
        assert_eq!(a.winning_moves, vec![BigUint::from(1u32)]);
        assert_eq!(analyse(2, true, 3, Some(1)).outcome, Outcome::Loss);
    }
}
