//! Outcome and remoteness of every position `(heap, cap)` up to a heap, by one pass over the
//! positions in order of heap.
//!
//! A take of `t` from `(h, c)` leads to `(h - t, min(k t, h - t))`, a smaller heap, or ends the
//! game when `t = h`. The end is a loss for the player to move in normal play (the opponent took
//! the last counter) and a win in misère play (the opponent took it and lost), remoteness 0 in
//! both. The children of `(h, c)` are those of `(h, c - 1)` plus the take `c`, so the values of
//! one heap for caps `1, 2, ..., h` are found by folding in one child at a time: `O(H^2)` for
//! every position up to heap `H`, where evaluating each position from its children would take
//! `O(H^3)`.

use super::rules::NimRules;
use crate::{Outcome, Value};

/// The values of every position up to a heap, for one rule set.
#[derive(Clone, Debug)]
pub struct RemotenessTable {
    rules: NimRules,
    max_heap: u32,
    /// `(h, c)` at `h (h - 1) / 2 + c - 1`, for `1 <= c <= h`.
    values: Vec<Value>,
}

impl RemotenessTable {
    /// Solves every position with `heap <= max_heap` (`max_heap^2 / 2` values of 8 bytes).
    pub fn new(rules: NimRules, max_heap: u32) -> RemotenessTable {
        let size = triangle(max_heap + 1);
        let mut values = Vec::with_capacity(size);
        let end = end_value(rules);
        for h in 1..=u64::from(max_heap) {
            let mut fastest_win: Option<u32> = None;
            let mut slowest = 0u32;
            for c in 1..=h {
                // The cap grows by one: the take `c` joins the moves.
                let child = if c == h {
                    end
                } else {
                    let rest = h - c;
                    let cap = rules.k().saturating_mul(c).min(rest);
                    values[index(rest, cap)]
                };
                if child.outcome == Outcome::Loss {
                    fastest_win = Some(fastest_win.map_or(child.remoteness, |r| r.min(child.remoteness)));
                }
                slowest = slowest.max(child.remoteness);
                values.push(match fastest_win {
                    Some(r) => Value { outcome: Outcome::Win, remoteness: r + 1 },
                    None => Value { outcome: Outcome::Loss, remoteness: slowest + 1 },
                });
            }
        }
        debug_assert_eq!(values.len(), size);
        RemotenessTable { rules, max_heap, values }
    }

    /// The rules solved.
    pub fn rules(&self) -> NimRules {
        self.rules
    }

    /// The largest heap solved.
    pub fn max_heap(&self) -> u32 {
        self.max_heap
    }

    /// The value of `(heap, cap)` (a cap above the heap means the heap), or `None` when the heap
    /// is 0 or past the table.
    pub fn value(&self, heap: u64, cap: u64) -> Option<Value> {
        if heap == 0 || cap == 0 || heap > u64::from(self.max_heap) {
            return None;
        }
        Some(self.values[index(heap, cap.min(heap))])
    }
}

/// The value of the position after the last counter is taken, for the player to move then.
pub fn end_value(rules: NimRules) -> Value {
    Value { outcome: Outcome::win_if(rules.misere()), remoteness: 0 }
}

fn triangle(h: u32) -> usize {
    let h = h as usize;
    h * h.saturating_sub(1) / 2
}

fn index(heap: u64, cap: u64) -> usize {
    (heap * (heap - 1) / 2 + cap - 1) as usize
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::*;
    use crate::fibnim::{NimPosition, Theory};

    #[test]
    fn outcomes_agree_with_the_theory_for_every_position() {
        for (k, misere) in [(2, false), (2, true), (1, false), (3, false), (5, true)] {
            let rules = NimRules::new(k, misere).unwrap();
            let table = RemotenessTable::new(rules, 150);
            let theory = Theory::new(rules);
            for h in 1..=150u64 {
                for c in 1..=h {
                    let p = NimPosition::new(BigUint::from(h), BigUint::from(c)).unwrap();
                    let expected = theory.analyse(&p).outcome;
                    assert_eq!(
                        table.value(h, c).unwrap().outcome,
                        expected,
                        "k = {k} misère {misere} ({h}, {c})"
                    );
                }
            }
        }
    }

    /// Remoteness straight from the definition, with every child evaluated afresh.
    fn by_definition(rules: NimRules, h: u64, c: u64) -> Value {
        let children: Vec<Value> = (1..=c.min(h))
            .map(|t| {
                if t == h {
                    end_value(rules)
                } else {
                    by_definition(rules, h - t, (rules.k() * t).min(h - t))
                }
            })
            .collect();
        Value::from_children(&children)
    }

    #[test]
    fn remoteness_follows_the_definition() {
        for misere in [false, true] {
            let rules = NimRules::new(2, misere).unwrap();
            let table = RemotenessTable::new(rules, 18);
            for h in 1..=18 {
                for c in 1..=h {
                    assert_eq!(
                        table.value(h, c),
                        Some(by_definition(rules, h, c)),
                        "({h}, {c}) misère {misere}"
                    );
                }
            }
        }
        let table = RemotenessTable::new(NimRules::new(2, false).unwrap(), 5);
        assert_eq!(table.value(6, 1), None);
        assert_eq!(table.value(3, 9), table.value(3, 3));
    }
}
