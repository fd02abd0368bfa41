//! The ordered Zeckendorf game by memoised minimax over lists of values, written from the rules
//! alone (not from `zecklab_ordered`): a list of Fibonacci numbers, every move on a
//! neighbouring pair `(x, y)`: `F(i) F(i+1) -> F(i+2)`, `1 1 -> 2`, `2 2 -> 1 3`,
//! `F(i) F(i) -> F(i-2) F(i+1)` for `i >= 3`, a descending pair swapped; nothing else.

use std::collections::HashMap;

/// The Fibonacci numbers of the game's indexing: 1, 2, 3, 5, 8, ...
fn fibonacci() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while f.len() < 60 {
        let k = f.len();
        f.push(f[k - 1] + f[k - 2]);
    }
    f
}

/// Every list one move from `list`.
pub fn children(list: &[u64]) -> Vec<Vec<u64>> {
    let fib = fibonacci();
    let position = |v: u64| fib.iter().position(|&f| f == v).expect("a Fibonacci number");
    let mut out = Vec::new();
    for p in 0..list.len().saturating_sub(1) {
        let (x, y) = (list[p], list[p + 1]);
        let (i, j) = (position(x), position(y));
        let replaced: Option<Vec<u64>> = if j == i + 1 {
            Some(vec![x + y])
        } else if x == 1 && y == 1 {
            Some(vec![2])
        } else if x == 2 && y == 2 {
            Some(vec![1, 3])
        } else if x == y {
            Some(vec![fib[i - 2], fib[i + 1]])
        } else if x > y {
            Some(vec![y, x])
        } else {
            None
        };
        if let Some(new) = replaced {
            let mut child = list[..p].to_vec();
            child.extend(new);
            child.extend_from_slice(&list[p + 2..]);
            out.push(child);
        }
    }
    out
}

/// Outcome (win for the player to move) and remoteness of every list met, by memoised search.
#[derive(Default)]
pub struct NaiveOrdered {
    memo: HashMap<Vec<u64>, (bool, u32)>,
}

impl NaiveOrdered {
    pub fn new() -> NaiveOrdered {
        NaiveOrdered::default()
    }

    /// Whether the player to move at `list` wins, and the remoteness.
    pub fn value(&mut self, list: &[u64]) -> (bool, u32) {
        if let Some(&v) = self.memo.get(list) {
            return v;
        }
        let values: Vec<(bool, u32)> = children(list).iter().map(|c| self.value(c)).collect();
        let value = if values.is_empty() {
            (false, 0)
        } else if values.iter().any(|v| !v.0) {
            (true, 1 + values.iter().filter(|v| !v.0).map(|v| v.1).min().expect("a loss"))
        } else {
            (false, 1 + values.iter().map(|v| v.1).max().expect("children"))
        };
        self.memo.insert(list.to_vec(), value);
        value
    }

    /// The longest and shortest game from `list`.
    pub fn lengths(&mut self, list: &[u64], memo: &mut HashMap<Vec<u64>, (u32, u32)>) -> (u32, u32) {
        if let Some(&v) = memo.get(list) {
            return v;
        }
        let all: Vec<(u32, u32)> = children(list).iter().map(|c| self.lengths(c, memo)).collect();
        let v = if all.is_empty() {
            (0, 0)
        } else {
            (1 + all.iter().map(|v| v.0).min().unwrap(), 1 + all.iter().map(|v| v.1).max().unwrap())
        };
        memo.insert(list.to_vec(), v);
        v
    }
}
