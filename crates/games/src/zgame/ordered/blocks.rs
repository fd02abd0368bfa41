//! The ordered game's outcomes by whole blocks of ranks.
//!
//! The positions whose lists, read from the right, share a prefix form one contiguous block of
//! ranks, and their completions are enumerated the same way in every block with the same sum
//! left. So when the prefix's last two entries form a movable pair, that pair's move sends the
//! whole block to another block of the same length at a constant offset (the move changes that
//! pair's terms of the rank only), and that block lies higher, so it is already decided when the
//! sweep (from the top rank down, prefixes in decreasing order) reaches this one:
//! `win[x .. x + len) |= !win[x + d .. x + d + len)`, 64 positions a word. Each position's move at
//! places `(j, j + 1)` is applied once, at its prefix of length `j + 2`. Blocks whose sum left is at
//! most [`SMALL`] are finished position by position: the moves inside them shift ranks within the
//! block, by offsets listed once for each sum.

use zecklab_numeration::fib::FIB_U64;

use super::index::OrderedIndex;
use super::{pair_move, replacement};

/// The largest sum left that is finished position by position.
const SMALL: u32 = 12;

/// For each small sum `r`, each completion's local rank and the offsets to its children inside
/// the block (every one above it).
struct Local {
    /// `offsets[r][p]`: the children of the completion of local rank `p` of sum `r`.
    offsets: Vec<Vec<Vec<u32>>>,
}

impl Local {
    fn new(index: &OrderedIndex) -> Local {
        let mut offsets = Vec::new();
        for r in 0..=SMALL.min(index.n()) {
            let mut lists = vec![Vec::new(); count(index, r) as usize];
            // Every composition of r, read from the right: its local rank and its moves.
            let mut entries = Vec::new();
            enumerate(index, r, &mut entries, &mut |entries: &[u8]| {
                let rank = local_rank(index, r, entries);
                let mut children = Vec::new();
                let mut left = r;
                for j in 0..entries.len().saturating_sub(1) {
                    let (a, b) = (entries[j], entries[j + 1]);
                    if let Some(kind) = pair_move(b, a) {
                        let (new, len) = replacement(b, a, kind);
                        let old = index.term(left, a) + index.term(left - fib(a), b);
                        let made = if len == 1 {
                            index.term(left, new[0])
                        } else {
                            index.term(left, new[1]) + index.term(left - fib(new[1]), new[0])
                        };
                        children.push(u32::try_from(made - old).expect("a small block"));
                    }
                    left -= fib(a);
                }
                lists[rank as usize] = children;
            });
            offsets.push(lists);
        }
        Local { offsets }
    }
}

fn fib(k: u8) -> u32 {
    FIB_U64[usize::from(k)] as u32
}

/// `C[r]`: the completions of sum `r` (one, the empty one, at `r = 0`).
fn count(index: &OrderedIndex, r: u32) -> u64 {
    if r == 0 {
        1
    } else {
        index.term(r, index.top() as u8 + 1)
    }
}

fn local_rank(index: &OrderedIndex, r: u32, entries: &[u8]) -> u64 {
    let mut left = r;
    let mut rank = 0;
    for &k in entries {
        rank += index.term(left, k);
        left -= fib(k);
    }
    rank
}

fn enumerate(index: &OrderedIndex, left: u32, entries: &mut Vec<u8>, visit: &mut impl FnMut(&[u8])) {
    if left == 0 {
        visit(entries);
        return;
    }
    for k in 1..=index.top() as u8 {
        if fib(k) > left {
            break;
        }
        entries.push(k);
        enumerate(index, left - fib(k), entries, visit);
        entries.pop();
    }
}

/// The subtrees of the sweeps with at least this much left to place check for a cancel (a few
/// thousand checks a second).
pub(crate) const CANCEL_CHECK_FROM: u32 = 12;

/// The win bits of the ordered game on `index`'s n (bit `r`: the player to move at rank `r` wins),
/// unfinished once `cancel` is cancelled.
pub(crate) fn outcome_bits(index: &OrderedIndex, cancel: &crate::Cancel) -> Vec<u64> {
    let count = index.count();
    // One spare word: whole-word reads at a bit offset may touch the word past the end.
    let mut win = vec![0u64; count.div_ceil(64) as usize + 1];
    let local = Local::new(index);
    let mut sweep = Sweep { index, win: &mut win, local: &local, cancel };
    sweep.node(None, index.n(), 0);
    win.truncate(count.div_ceil(64) as usize);
    win
}

struct Sweep<'a> {
    cancel: &'a crate::Cancel,
    index: &'a OrderedIndex,
    win: &'a mut [u64],
    local: &'a Local,
}

impl Sweep<'_> {
    /// The block of the prefix ending in `last` (None at the root) with `left` still to place,
    /// starting at rank `base`; every higher block is decided.
    fn node(&mut self, last: Option<u8>, left: u32, base: u64) {
        if left >= CANCEL_CHECK_FROM && self.cancel.is_cancelled() {
            return;
        }
        let index = self.index;
        let largest = FIB_U64[1..].partition_point(|&f| f <= u64::from(left)) as u8;
        for b in (1..=largest).rev() {
            let start = base + index.term(left, b);
            let after = left - fib(b);
            let len = count(index, after);
            if let Some(e) = last {
                self.pair_block(e, b, left, start, len);
            }
            if after <= SMALL {
                self.small(b, after, start);
            } else {
                self.node(Some(b), after, start);
            }
        }
    }

    /// The move of the pair (`b` left of `e` in the list) on the whole block of `len` positions
    /// from `start`, `e`'s place having `left + F(e)` still to place.
    fn pair_block(&mut self, e: u8, b: u8, left: u32, start: u64, len: u64) {
        let Some(kind) = pair_move(b, e) else { return };
        let index = self.index;
        let at = left + fib(e);
        let (new, made) = replacement(b, e, kind);
        let old = index.term(at, e) + index.term(left, b);
        let new_terms = if made == 1 {
            index.term(at, new[0])
        } else {
            index.term(at, new[1]) + index.term(at - fib(new[1]), new[0])
        };
        or_not(self.win, start, start + new_terms - old, len);
    }

    /// The block of the prefix ending in `last` with `left` (at most [`SMALL`]) still to place,
    /// from `base`: the moves of the pair `last` forms with each completion's first entry, by
    /// blocks, then the completions' own moves, position by position from the top.
    fn small(&mut self, last: u8, left: u32, base: u64) {
        let index = self.index;
        let largest = FIB_U64[1..].partition_point(|&f| f <= u64::from(left)) as u8;
        for c in (1..=largest).rev() {
            let start = base + index.term(left, c);
            self.pair_block(last, c, left, start, count(index, left - fib(c)));
        }
        let offsets = &self.local.offsets[left as usize];
        for p in (0..offsets.len()).rev() {
            let r = base + p as u64;
            if bit(self.win, r) {
                continue;
            }
            if offsets[p].iter().any(|&d| !bit(self.win, r + u64::from(d))) {
                self.win[(r / 64) as usize] |= 1 << (r % 64);
            }
        }
    }
}

#[inline]
fn bit(win: &[u64], r: u64) -> bool {
    win[(r / 64) as usize] >> (r % 64) & 1 == 1
}

/// The 64 bits from bit `at` on.
#[inline]
fn word_at(win: &[u64], at: u64) -> u64 {
    let (w, s) = ((at / 64) as usize, at % 64);
    if s == 0 {
        win[w]
    } else {
        win[w] >> s | win[w + 1] << (64 - s)
    }
}

/// `win[dst .. dst + len) |= !win[src .. src + len)`, the two ranges apart (`src >= dst + len`).
fn or_not(win: &mut [u64], dst: u64, src: u64, len: u64) {
    debug_assert!(src >= dst + len);
    let mut i = 0;
    while i < len && !(dst + i).is_multiple_of(64) {
        if !bit(win, src + i) {
            win[((dst + i) / 64) as usize] |= 1 << ((dst + i) % 64);
        }
        i += 1;
    }
    while len - i >= 64 {
        let v = !word_at(win, src + i);
        win[((dst + i) / 64) as usize] |= v;
        i += 64;
    }
    if i < len {
        let rest = len - i;
        let v = !word_at(win, src + i) & ((1u64 << rest) - 1);
        win[((dst + i) / 64) as usize] |= v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::ordered::solve_ordered;

    #[test]
    fn whole_blocks_decide_as_the_position_sweep_does() {
        for n in 1..=27 {
            let index = OrderedIndex::new(n).unwrap();
            let bits = outcome_bits(&index, &crate::Cancel::new());
            // With remoteness, the position-by-position sweep decides.
            let sweep = solve_ordered(n, true, 1 << 32).unwrap();
            for r in 0..index.count() {
                assert_eq!(bit(&bits, r), sweep.outcome(r).is_win(), "n = {n}, {}", index.unrank(r));
            }
        }
    }
}
