//! Where the layered solver keeps each position: layers of equal index weight, cells of equal
//! counts from index 4 up, rows of equal `c_3`, one bit per `c_2`.
//!
//! A cell `H = (c_4, ..., c_K)` leaves `r = n - Σ F_i c_i` to the parts 1, 2 and 3; its rows are
//! `c_3 = 0 ..= r / 3`, row `c_3` holding `ℓ = (r - 3 c_3) / 2 + 1` positions (`c_2 = 0 .. ℓ`,
//! `c_1 = r - 3 c_3 - 2 c_2`), each row in whole words with at least two zero bits above its top
//! so that reading a position past the row's end finds a zero. The cell's layout depends on `r`
//! alone. Its layer is its index weight `E = Σ w_i c_i` with `w_i = F_i - i` (0 below index 4).
//!
//! Cells of a layer lie one after another in the order of their counts from the top index down,
//! each count ascending; a cell's first word in its layer is found from the table `Z(j, m, e)`:
//! the words of the cells with parts at indices 4 to `j` only, of sum at most `m` and weight
//! exactly `e` (see `Geometry::cell_start_of`, and `Geometry::child_offset` for the sweep's way).

use zecklab_numeration::fib::FIB_U64;

/// The layout of the game on `n` by layers and cells.
pub(crate) struct Geometry {
    n: u32,
    /// The largest Fibonacci index with `F_K <= n` (at least 3, so cells always have rows).
    top: usize,
    /// `fib[i] = F_i`, `weight[i] = w_i`, for `i <= top + 1`.
    fib: Vec<u64>,
    weight: Vec<u64>,
    /// The largest index weight of a cell.
    max_weight: u32,
    /// Per `r`: the first word of each row and, last, the cell's words.
    rows: Vec<Vec<u64>>,
    /// Per `r`: the cell's words.
    sizes: Vec<u64>,
    /// Per `r`: the cell's positions.
    positions: Vec<u64>,
    /// `z[(j - 3) * (n + 1) * (max_weight + 1) + m * (max_weight + 1) + e]`, in 32 bits (half the
    /// cache the enumeration's lookups touch; `Geometry::new` refuses a game whose layers pass it).
    z: Vec<u32>,
}

/// A cell's counts from index 4 up: `counts[i]` copies of `F_i` (indices below 4 unused).
pub(crate) type Counts = [u32; MAX_INDEX + 2];

/// The largest Fibonacci index the layered solver handles (`F_30` is past 10^6).
pub(crate) const MAX_INDEX: usize = 30;

/// The most the count table `Z` may take, by the bound `Geometry::new` checks (the windows of
/// games that large are far past any machine's memory anyway).
const MAX_TABLE_BYTES: u128 = 4 << 30;

impl Geometry {
    /// The geometry of the game on `n`; `None` for `n = 0`, where the count table `Z` would pass
    /// [`MAX_TABLE_BYTES`], and where a layer has 2^32 words or more.
    pub(crate) fn new(n: u32) -> Option<Geometry> {
        if n == 0 || u64::from(n) >= FIB_U64[MAX_INDEX] {
            return None;
        }
        let top = (1..=MAX_INDEX).take_while(|&i| FIB_U64[i] <= u64::from(n)).last()?.max(3);
        // Every weight is below the sum (w_i < F_i), so n + 1 weights bound the table's width.
        let table_bytes = (top as u128 - 2) * (u128::from(n) + 1) * (u128::from(n) + 1) * 4;
        if table_bytes > MAX_TABLE_BYTES {
            return None;
        }
        let fib: Vec<u64> = (0..=top + 1).map(|i| FIB_U64[i]).collect();
        let weight: Vec<u64> =
            (0..=top + 1).map(|i| if i >= 4 { FIB_U64[i] - i as u64 } else { 0 }).collect();
        // The heaviest cell, by a knapsack over the sum: `heaviest[m]` for sums up to `m`.
        let mut heaviest = vec![0u64; n as usize + 1];
        for m in 1..=n as usize {
            heaviest[m] = heaviest[m - 1];
            for i in 4..=top {
                if fib[i] as usize <= m {
                    heaviest[m] = heaviest[m].max(heaviest[m - fib[i] as usize] + weight[i]);
                }
            }
        }
        let max_weight = heaviest[n as usize];
        let rows: Vec<Vec<u64>> = (0..=n)
            .map(|r| {
                let mut starts = Vec::with_capacity(r as usize / 3 + 2);
                let mut at = 0u64;
                for c3 in 0..=r / 3 {
                    starts.push(at);
                    at += row_words(row_len(r, c3)) as u64;
                }
                starts.push(at);
                starts
            })
            .collect();
        let sizes = rows.iter().map(|starts| *starts.last().expect("a cell has rows")).collect();
        let positions = (0..=n).map(|r| (0..=r / 3).map(|c3| u64::from(row_len(r, c3))).sum()).collect();
        let max_weight = max_weight as u32;
        let mut g = Geometry { n, top, fib, weight, max_weight, rows, sizes, positions, z: Vec::new() };
        g.z = g.count_words()?;
        Some(g)
    }

    pub(crate) fn n(&self) -> u32 {
        self.n
    }

    pub(crate) fn top(&self) -> usize {
        self.top
    }

    pub(crate) fn max_weight(&self) -> u32 {
        self.max_weight
    }

    /// `w_i = F_i - i`, the weight of a part at index `i` (0 below 4).
    pub(crate) fn weight(&self, i: usize) -> u64 {
        self.weight[i]
    }

    /// The words of a cell whose parts 1 to 3 sum to `r`.
    #[inline]
    pub(crate) fn cell_words(&self, r: u32) -> u64 {
        self.sizes[r as usize]
    }

    /// The positions of a cell whose parts 1 to 3 sum to `r`.
    #[inline]
    pub(crate) fn cell_positions(&self, r: u32) -> u64 {
        self.positions[r as usize]
    }

    /// The first word of each row of a cell of `r`, and last the cell's words.
    #[inline]
    pub(crate) fn row_starts(&self, r: u32) -> &[u64] {
        &self.rows[r as usize]
    }

    /// The first word of row `c3` in a cell of `r`.
    pub(crate) fn row_start(&self, r: u32, c3: u32) -> u64 {
        self.rows[r as usize][c3 as usize]
    }

    /// `Z(j, m, e)`, 0 where `m` or `e` is negative. Below index 5 it is read off the cells'
    /// sizes, not the table (the enumeration asks for these most): a cell of parts at index 4 at
    /// most has `c_4 = e` (as `w_4 = 1`) and `r = m - 5 e`.
    #[inline]
    fn z(&self, j: usize, m: i64, e: i64) -> u64 {
        if m < 0 || e < 0 || e > i64::from(self.max_weight) {
            return 0;
        }
        match j {
            3 => return if e == 0 { self.sizes[m as usize] } else { 0 },
            4 => return if m >= 5 * e { self.sizes[(m - 5 * e) as usize] } else { 0 },
            _ => {}
        }
        let width = self.max_weight as usize + 1;
        u64::from(self.z[((j - 3) * (self.n as usize + 1) + m as usize) * width + e as usize])
    }

    /// The table `Z`, `None` when an entry passes 32 bits.
    fn count_words(&self) -> Option<Vec<u32>> {
        let (n, width) = (self.n as usize, self.max_weight as usize + 1);
        let mut z = vec![0u32; (self.top - 2) * (n + 1) * width];
        for m in 0..=n {
            z[m * width] = u32::try_from(self.cell_words(m as u32)).ok()?;
        }
        for j in 4..=self.top {
            let (f, w) = (self.fib[j] as usize, self.weight[j] as usize);
            for m in 0..=n {
                for e in 0..width {
                    let without = z[((j - 4) * (n + 1) + m) * width + e];
                    let with =
                        if m >= f && e >= w { z[((j - 3) * (n + 1) + m - f) * width + e - w] } else { 0 };
                    z[((j - 3) * (n + 1) + m) * width + e] = without.checked_add(with)?;
                }
            }
        }
        Some(z)
    }

    /// The layers held at once: the one being solved and the `K - 3` above it, where its
    /// children lie.
    pub(crate) fn window(&self) -> u32 {
        self.top.saturating_sub(2).max(1) as u32
    }

    /// The memory the solve needs at its peak: its largest window of layers, the count table and
    /// the rows' layouts.
    pub(crate) fn window_bytes(&self) -> u128 {
        let sizes: Vec<u64> = (0..=self.max_weight).map(|e| self.layer_words(e)).collect();
        // A layer takes the memory of the one leaving the window (`W` layers above it), grown
        // when it is too small and never shrunk: it holds the largest of the layers `e`,
        // `e + W`, `e + 2W`, ...
        let mut layers = sizes.clone();
        let w = self.window() as usize;
        for e in (0..layers.len().saturating_sub(w)).rev() {
            layers[e] = layers[e].max(layers[e + w]);
        }
        let widest = layers.windows(self.window() as usize).map(|w| w.iter().sum::<u64>()).max();
        let words = widest.unwrap_or_else(|| layers.iter().sum());
        let rows: usize = self.rows.iter().map(Vec::len).sum();
        (u128::from(words) + rows as u128) * 8 + self.z.len() as u128 * 4
    }

    /// The memory of every layer held at once (a [`super::LayeredTable`]), with the count table
    /// and the rows' layouts.
    pub(crate) fn table_bytes(&self) -> u128 {
        let words: u128 = (0..=self.max_weight).map(|e| u128::from(self.layer_words(e))).sum();
        let rows: usize = self.rows.iter().map(Vec::len).sum();
        (words + rows as u128) * 8 + self.z.len() as u128 * 4
    }

    /// The words of layer `e`.
    pub(crate) fn layer_words(&self, e: u32) -> u64 {
        self.z(self.top, i64::from(self.n), i64::from(e))
    }

    /// The sum of a cell's parts from index 4 up, and its index weight.
    #[cfg(test)]
    pub(crate) fn sum_and_weight(&self, counts: &Counts) -> (u64, u64) {
        (4..=self.top + 1).fold((0, 0), |(s, e), i| {
            (s + self.fib[i] * u64::from(counts[i]), e + self.weight[i] * u64::from(counts[i]))
        })
    }

    /// The first word of a cell (of weight `e`) in its layer: the words of the cells before it
    /// (module header), from scratch (the sweep finds its children's from their parent's,
    /// `Geometry::child_offset`).
    pub(crate) fn cell_start_of(&self, counts: &Counts, e: u32) -> u64 {
        self.terms(counts, 4, self.top, i64::from(self.n), i64::from(e))
    }

    /// The offset's terms of the indices `low..=high` of `counts`, with the sum `m` and weight
    /// `e` left for those indices and below.
    #[inline]
    fn terms(&self, counts: &Counts, low: usize, high: usize, mut m: i64, mut e: i64) -> u64 {
        let mut offset = 0;
        for j in (low..=high).rev() {
            let c = i64::from(counts[j]);
            let (f, w) = (self.fib[j] as i64, self.weight[j] as i64);
            offset += self.z(j, m, e) - self.z(j, m - c * f, e - c * w);
            m -= c * f;
            e -= c * w;
        }
        offset
    }

    #[cfg(test)]
    pub(crate) fn cell_offset(&self, counts: &Counts) -> u64 {
        self.cell_start_of(counts, self.sum_and_weight(counts).1 as u32)
    }

    /// Calls `visit(path, r, first word)` for every cell of layer `e`, in their order; the path
    /// holds the cell's counts and what [`Geometry::child_offset`] needs.
    #[cfg(test)]
    pub(crate) fn for_each_cell(&self, e: u32, visit: impl FnMut(&CellPath, u32, u64)) {
        self.for_each_cell_in(e, 0..u64::MAX, visit);
    }

    /// `for_each_cell` for the cells that start in `words` only (the others'
    /// branches of the enumeration skipped whole).
    pub(crate) fn for_each_cell_in(
        &self,
        e: u32,
        words: std::ops::Range<u64>,
        mut visit: impl FnMut(&CellPath, u32, u64),
    ) {
        let mut path = CellPath {
            counts: [0; MAX_INDEX + 2],
            budget: [0; MAX_INDEX + 2],
            weight_left: [0; MAX_INDEX + 2],
            suffix: [[0; MAX_INDEX]; MAX_INDEX + 2],
        };
        let mut offset = 0;
        let (m, e) = (i64::from(self.n), i64::from(e));
        self.cells_below(self.top, m, e, &mut path, &mut offset, &words, &mut visit);
    }

    /// The first word of the cell of layer `e` that holds the word `at` (the layer's end if it has
    /// no more words than `at`).
    pub(crate) fn cell_start_at(&self, e: u32, at: u64) -> u64 {
        let (mut m, mut e) = (i64::from(self.n), i64::from(e));
        let mut start = 0;
        for j in (4..=self.top).rev() {
            let (f, w) = (self.fib[j] as i64, self.weight[j] as i64);
            let mut c = 0;
            loop {
                let size = self.z(j - 1, m - c * f, e - c * w);
                if at < start + size || m - c * f < 0 || e - c * w < 0 {
                    break;
                }
                start += size;
                c += 1;
            }
            m -= c * f;
            e -= c * w;
        }
        start
    }

    #[allow(clippy::too_many_arguments)]
    fn cells_below(
        &self,
        j: usize,
        m: i64,
        e: i64,
        path: &mut CellPath,
        offset: &mut u64,
        words: &std::ops::Range<u64>,
        visit: &mut impl FnMut(&CellPath, u32, u64),
    ) {
        if j == 3 {
            if e == 0 {
                if words.contains(offset) {
                    visit(path, m as u32, *offset);
                }
                *offset += self.cell_words(m as u32);
            }
            return;
        }
        path.budget[j] = m;
        path.weight_left[j] = e;
        let (f, w) = (self.fib[j] as i64, self.weight[j] as i64);
        // The shifts of weight at which the terms above index j - 1 are ever read: a move whose
        // highest changed index is h reads them at 1 (a split, and F2 ∧ F3, F3 ∧ F3) or h - 3 (the
        // combine F(h-2) ∧ F(h-1)), and the levels below read every shift they need from here;
        // below index 4 only the offset itself (shift 0).
        let shifts = if j == 4 { 1 } else { (j - 3).max(2) }.min(MAX_INDEX);
        // At index 4 only `c_4 = e` leaves no weight below (`w_4 = 1`).
        let mut c = if j == 4 { e } else { 0 };
        while m - c * f >= 0 && e - c * w >= 0 && *offset < words.end {
            let size = self.z(j - 1, m - c * f, e - c * w);
            if *offset + size <= words.start {
                // A branch wholly before the range.
                *offset += size;
            } else if size > 0 {
                path.counts[j] = c as u32;
                // The terms of index j at every shift of the weight, added to those above.
                for d in 0..shifts {
                    let d64 = d as i64;
                    path.suffix[j - 1][d] =
                        path.suffix[j][d] + self.z(j, m, e + d64) - self.z(j, m - c * f, e + d64 - c * w);
                }
                self.cells_below(j - 1, m - c * f, e - c * w, path, offset, words, visit);
            }
            c += 1;
        }
        path.counts[j] = 0;
    }

    /// The first word, in its layer, of the child cell `child` of the cell on `path` (whose
    /// first word is `offset`), when the move changes only the counts at indices `low..=high`
    /// (`low` 4 when it changes `r`) and raises the weight by `shift`: the terms of the offset
    /// above `high` are the parent's at the shifted weight, those below `low` the parent's.
    #[inline]
    pub(crate) fn child_offset(
        &self,
        path: &CellPath,
        offset: u64,
        child: &Counts,
        low: usize,
        high: usize,
        shift: u32,
    ) -> u64 {
        let (m, e) = (path.budget[high], path.weight_left[high] + i64::from(shift));
        path.suffix[high][shift as usize]
            + (offset - path.suffix[low - 1][0])
            + self.terms(child, low, high, m, e)
    }
}

/// A cell and the way to it through the enumeration: its counts, the sum and weight left at
/// each index from the top down, and the offset's terms above each index at each shift of the
/// weight (`suffix[j][d]`: the terms of indices above `j`, had the cell `d` more weight).
pub(crate) struct CellPath {
    pub(crate) counts: Counts,
    budget: [i64; MAX_INDEX + 2],
    weight_left: [i64; MAX_INDEX + 2],
    suffix: [[u64; MAX_INDEX]; MAX_INDEX + 2],
}

/// Positions in row `c3` of a cell of `r` (`c_2 = 0 ..= (r - 3 c3) / 2`).
pub(crate) fn row_len(r: u32, c3: u32) -> u32 {
    (r - 3 * c3) / 2 + 1
}

/// The first row of a cell of `r` that takes one word (and so do all above it): a row of `ℓ`
/// positions takes one word while `ℓ + 2 <= 64`, that is `r - 3 c_3 <= 123`. The top row
/// (`c_3 = r / 3`, at most two positions) always does, so this is at most `r / 3`.
pub(crate) fn first_one_word_row(r: u32) -> u32 {
    r.saturating_sub(123).div_ceil(3)
}

/// Words a row of `len` positions takes: at least two zero bits above its top.
pub(crate) fn row_words(len: u32) -> usize {
    (len as usize + 2).div_ceil(64)
}

/// The first row after `c3` of a cell of `r` that takes fewer words than row `c3` does
/// (`usize::MAX` where row `c3` takes one word). A row of `w` words has `ℓ + 2 > 64 (w - 1)`,
/// and row `c` has fewer once `ℓ(c) <= 64 w - 66`, that is `r - 3c <= 128 w - 133`.
pub(crate) fn next_fewer_words_row(r: u32, c3: u32) -> usize {
    let words = row_words(row_len(r, c3)) as i64;
    if words <= 1 {
        return usize::MAX;
    }
    // Above `3 c3`: row `c3` itself has `r - 3 c3 >= 128 w - 132`.
    let from = i64::from(r) - 128 * words + 133;
    (from as u64).div_ceil(3) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row where a cell's rows next take fewer words is the one a search row by row finds.
    #[test]
    fn the_rows_where_words_fall() {
        for r in 0..=800u32 {
            for c3 in 0..=r / 3 {
                let words = |c: u32| row_words(row_len(r, c));
                let searched =
                    (c3 + 1..=r / 3).find(|&c| words(c) < words(c3)).map_or(usize::MAX, |c| c as usize);
                assert_eq!(next_fewer_words_row(r, c3), searched, "r = {r}, c3 = {c3}");
            }
        }
    }

    /// Every cell's offset is where the enumeration puts it and every word of it finds its
    /// start, the cells tile their layer, and the layers hold every position of the game, for
    /// every n to 150.
    #[test]
    fn cells_tile_their_layers_and_cover_every_position() {
        for n in 1..=150u32 {
            let g = Geometry::new(n).unwrap();
            let mut positions = 0u64;
            for e in 0..=g.max_weight() {
                let mut next = 0;
                g.for_each_cell(e, |path, r, offset| {
                    let counts = &path.counts;
                    assert_eq!(offset, next, "n = {n}, layer {e}");
                    assert_eq!(g.cell_offset(counts), offset, "n = {n}, {counts:?}");
                    let (s, w) = g.sum_and_weight(counts);
                    assert_eq!((s + u64::from(r), w), (u64::from(n), u64::from(e)));
                    let last = offset + g.cell_words(r) - 1;
                    assert_eq!((g.cell_start_at(e, offset), g.cell_start_at(e, last)), (offset, offset));
                    next += g.cell_words(r);
                    let one_word = first_one_word_row(r);
                    assert!(one_word <= r / 3, "r = {r}: the top row takes one word");
                    assert!(
                        (0..=r / 3).all(|c3| (row_words(row_len(r, c3)) == 1) == (c3 >= one_word)),
                        "r = {r}"
                    );
                    let in_cell = (0..=r / 3).map(|c3| u64::from(row_len(r, c3))).sum::<u64>();
                    assert_eq!(g.cell_positions(r), in_cell, "r = {r}");
                    positions += in_cell;
                });
                assert_eq!(next, g.layer_words(e), "n = {n}, layer {e}");
            }
            let index = zecklab_games::zgame::PositionIndex::new(n).unwrap();
            assert_eq!(positions, index.count(), "n = {n}");
        }
    }
}
