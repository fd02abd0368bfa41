//! The Zeckendorf game by memoised search over hashed positions (no ranking, no sweep), and the
//! number of positions by a coin-change count.

use std::collections::HashMap;

use zecklab_games::zgame::{Value, ZPosition};
use zecklab_games::Outcome;
use zecklab_numeration::fib::FIB_U64;

/// Memoised depth-first search; values are cached per position.
#[derive(Clone, Debug, Default)]
pub struct NaiveSolver {
    memo: HashMap<ZPosition, Value>,
}

impl NaiveSolver {
    /// An empty solver.
    pub fn new() -> NaiveSolver {
        NaiveSolver::default()
    }

    /// Outcome and remoteness of a position.
    pub fn value(&mut self, position: &ZPosition) -> Value {
        if let Some(&v) = self.memo.get(position) {
            return v;
        }
        let children: Vec<Value> = position
            .moves()
            .into_iter()
            .map(|m| {
                let child = position.apply(m).expect("listed moves are legal");
                self.value(&child)
            })
            .collect();
        let value = Value::from_children(&children);
        self.memo.insert(position.clone(), value);
        value
    }

    /// Positions solved so far (all reachable from the positions asked about).
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Whether a position is a loss for the player to move.
    pub fn is_loss(&mut self, position: &ZPosition) -> bool {
        self.value(position).outcome == Outcome::Loss
    }
}

/// The number of partitions of `n` into Fibonacci parts by the one-dimensional coin-change
/// recurrence over parts in increasing order (the ranking counts with a two-dimensional table).
pub fn partition_count(n: u32) -> u128 {
    let mut ways = vec![0u128; n as usize + 1];
    ways[0] = 1;
    for &part in FIB_U64[1..].iter().take_while(|&&f| f <= u64::from(n)) {
        for m in part as usize..=n as usize {
            ways[m] += ways[m - part as usize];
        }
    }
    ways[n as usize]
}

/// The number of partitions of `n` into exactly `parts` Fibonacci parts, by a two-dimensional
/// coin-change count over (sum, number of parts), parts taken in increasing order.
pub fn partitions_into_exactly(n: u32, parts: u32) -> u128 {
    if parts > n {
        return 0;
    }
    partitions_by_parts_up_to(n, parts)[parts as usize]
}

/// The number of partitions of `n` into exactly `p` Fibonacci parts, for every `p` in `0..=n`
/// (one coin-change table for all of them).
pub fn partitions_by_parts(n: u32) -> Vec<u128> {
    partitions_by_parts_up_to(n, n)
}

/// [`partitions_by_parts`] for `p <= parts` only.
fn partitions_by_parts_up_to(n: u32, parts: u32) -> Vec<u128> {
    partitions_table(n, parts).swap_remove(n as usize)
}

/// The number of partitions of every `m <= max_n` into exactly `p` Fibonacci parts, for every
/// `p <= max_n`: `table[m][p]` (one coin-change table for a whole range of n).
pub fn partitions_by_parts_table(max_n: u32) -> Vec<Vec<u128>> {
    partitions_table(max_n, max_n)
}

fn partitions_table(n: u32, parts: u32) -> Vec<Vec<u128>> {
    let (n, parts) = (n as usize, parts as usize);
    // ways[m][k]: partitions of m into exactly k parts from the Fibonacci numbers seen so far.
    let mut ways = vec![vec![0u128; parts + 1]; n + 1];
    ways[0][0] = 1;
    for &part in FIB_U64[1..].iter().take_while(|&&f| f <= n as u64) {
        let part = part as usize;
        for m in part..=n {
            for k in 1..=parts {
                ways[m][k] += ways[m - part][k - 1];
            }
        }
    }
    ways
}
