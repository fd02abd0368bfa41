//! Fibonacci Nim and its family by plain memoised search over `(heap, cap)` states: one heap,
//! and sums of heaps that keep their own caps.

use std::collections::HashMap;

use zecklab_games::fibnim::NimRules;

/// Whether the player to move wins `(heap, cap)` (cap already the most that may be taken), by
/// search over every take. Misère: taking the last counter loses.
pub fn wins(rules: NimRules, heap: u32, cap: u32, memo: &mut HashMap<(u32, u32), bool>) -> bool {
    let cap = cap.min(heap);
    if let Some(&w) = memo.get(&(heap, cap)) {
        return w;
    }
    let win = (1..=cap).any(|x| {
        let left = heap - x;
        if left == 0 {
            // Taking the last counter wins in normal play and loses in misère play.
            return !rules.misere();
        }
        let next_cap = rules.k().saturating_mul(u64::from(x)).min(u64::from(left)) as u32;
        !wins(rules, left, next_cap, memo)
    });
    memo.insert((heap, cap), win);
    win
}

/// Exhaustive search of a sum with own caps (normal play): `heaps` are `(heap, cap)` pairs.
pub fn own_caps_wins(
    rules: NimRules,
    heaps: &[(u32, u32)],
    memo: &mut HashMap<Vec<(u32, u32)>, bool>,
) -> bool {
    let mut key: Vec<(u32, u32)> =
        heaps.iter().filter(|&&(h, _)| h > 0).map(|&(h, c)| (h, c.min(h))).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let k = rules.k();
    let mut win = false;
    'search: for i in 0..key.len() {
        let (h, c) = key[i];
        for x in 1..=c {
            let mut next = key.clone();
            next[i] = (h - x, (k.saturating_mul(u64::from(x))).min(u64::from(h - x)) as u32);
            if !own_caps_wins(rules, &next, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert(key, win);
    win
}
