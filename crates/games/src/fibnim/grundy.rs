//! Grundy values of single-heap positions `(heap, cap)` in normal play, for heaps up to a
//! bound. `g(h, c) = mex { g(h - x, min(k x, h - x)) : 1 <= x <= min(c, h) }` with `g(0, .) = 0`.
//! They decide sums in which each heap keeps its own cap (nim-sum, Sprague–Grundy).
//!
//! Row `h` is filled for `c = 1, 2, ..., h` in turn; raising the cap by one adds exactly one
//! option, so the mex is kept incrementally and a row costs `O(h)` amortised.

use super::rules::NimRules;

/// `g(h, c)` for `0 <= h <= max_heap`, `1 <= c <= h`.
#[derive(Clone, Debug)]
pub struct GrundyTable {
    k: u64,
    /// `rows[h][c - 1] = g(h, c)`; `rows[0]` is empty.
    rows: Vec<Vec<u32>>,
}

impl GrundyTable {
    /// Computes the table (normal play; misère play has no nim-sum theory).
    pub fn new(rules: NimRules, max_heap: u32) -> GrundyTable {
        let k = rules.k();
        let mut rows: Vec<Vec<u32>> = Vec::with_capacity(max_heap as usize + 1);
        rows.push(Vec::new());
        for h in 1..=max_heap as usize {
            let mut row = Vec::with_capacity(h);
            // seen[v]: whether value v is among the options so far; a row has at most h options.
            let mut seen = vec![false; h + 2];
            let mut mex = 0usize;
            for x in 1..=h {
                let left = h - x;
                let option = if left == 0 {
                    0
                } else {
                    let cap = (k.saturating_mul(x as u64)).min(left as u64) as usize;
                    rows[left][cap - 1]
                } as usize;
                if option < seen.len() {
                    seen[option] = true;
                }
                while seen[mex] {
                    mex += 1;
                }
                row.push(mex as u32);
            }
            rows.push(row);
        }
        GrundyTable { k, rows }
    }

    /// The largest heap in the table.
    pub fn max_heap(&self) -> u32 {
        (self.rows.len() - 1) as u32
    }

    /// The factor `k`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// `g(heap, cap)`, with the cap clamped to the heap; `None` when the heap is past the table.
    /// `g(0, .) = 0`.
    pub fn value(&self, heap: u32, cap: u32) -> Option<u32> {
        if heap == 0 {
            return Some(0);
        }
        let row = self.rows.get(heap as usize)?;
        let cap = cap.clamp(1, heap);
        Some(row[cap as usize - 1])
    }

    /// The row of heap `h`: `g(h, c)` for `c = 1..=h`.
    pub fn row(&self, heap: u32) -> Option<&[u32]> {
        self.rows.get(heap as usize).map(Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_exactly_at_losses() {
        // g = 0 iff the position is a loss: compare with the threshold table.
        for k in 1..=4 {
            let rules = NimRules::new(k, false).unwrap();
            let table = GrundyTable::new(rules, 200);
            let thresholds = crate::fibnim::thresholds(rules, 200);
            for h in 1..=200u32 {
                for c in 1..=h {
                    assert_eq!(table.value(h, c) == Some(0), thresholds[h as usize] > c, "k={k} ({h},{c})");
                }
            }
        }
    }

    #[test]
    fn brute_force_mex() {
        let rules = NimRules::new(2, false).unwrap();
        let table = GrundyTable::new(rules, 40);
        for h in 1..=40u32 {
            for c in 1..=h {
                let options: Vec<u32> =
                    (1..=c).map(|x| table.value(h - x, (2 * x).min(h - x)).unwrap()).collect();
                let mex = (0..).find(|v| !options.contains(v)).unwrap();
                assert_eq!(table.value(h, c), Some(mex));
            }
        }
    }
}
