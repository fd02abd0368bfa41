//! The black-hole games by plain memoised search over multisets of piece values, written from the
//! rules alone (not from `zecklab_games::zgame::black_hole`): the ordinary Zeckendorf moves on the
//! values `1, 2, 3, 5, ...` below `F_m`, a piece worth `F_m` or more never kept.

use std::collections::HashMap;

/// The Fibonacci numbers 1, 2, 3, 5, 8, ...
fn fibonacci(count: usize) -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while f.len() < count {
        let k = f.len();
        f.push(f[k - 1] + f[k - 2]);
    }
    f
}

/// Whether the player to move wins, for every multiset (sorted values) met.
pub struct NaiveBlackHole {
    /// The hole's value, `F_m`.
    hole: u64,
    fib: Vec<u64>,
    memo: HashMap<Vec<u64>, bool>,
}

impl NaiveBlackHole {
    pub fn new(m: usize) -> NaiveBlackHole {
        let fib = fibonacci(m + 3);
        NaiveBlackHole { hole: fib[m - 1], fib, memo: HashMap::new() }
    }

    fn children(&self, pieces: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut seen = Vec::new();
        for a in 0..pieces.len() {
            for b in a + 1..pieces.len() {
                let (x, y) = (pieces[a], pieces[b]);
                if seen.contains(&(x, y)) {
                    continue;
                }
                seen.push((x, y));
                let i = self.fib.iter().position(|&f| f == x).expect("a Fibonacci value");
                let j = self.fib.iter().position(|&f| f == y).expect("a Fibonacci value");
                let made: Option<Vec<u64>> = if x == 1 && y == 1 {
                    Some(vec![2])
                } else if j == i + 1 {
                    Some(vec![x + y])
                } else if x == y && x == 2 {
                    Some(vec![1, 3])
                } else if x == y {
                    Some(vec![self.fib[i - 2], self.fib[i + 1]])
                } else {
                    None
                };
                if let Some(made) = made {
                    let mut child: Vec<u64> = pieces
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != a && k != b)
                        .map(|(_, &v)| v)
                        .collect();
                    child.extend(made.into_iter().filter(|&v| v < self.hole));
                    child.sort_unstable();
                    out.push(child);
                }
            }
        }
        out
    }

    /// Whether the player to move at `pieces` (values, any order) wins.
    pub fn wins(&mut self, pieces: &[u64]) -> bool {
        let mut key = pieces.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let children = self.children(&key);
        let win = children.iter().any(|c| !self.wins(c));
        self.memo.insert(key, win);
        win
    }
}
