//! The exits of a cell that change `r` (its rows shifted into its child cells' rows) and the
//! chain of rows that resolves a cell's outcome bits from the top row down.

use super::*;

/// An exit that changes `r`: the child cell's words and row starts, the rows and columns a
/// position moves by, and the parent rows whose child row exists, `first..end`. Where parent and
/// child rows both take one word (the rows `split..end`), the rows lie one word after another
/// in both cells and the exit is one loop over them ([`RowSource::or_one_word_rows`]); the rows
/// `first..split` go one by one ([`RowSource::or_longer_rows`]).
#[derive(Clone, Copy)]
pub(super) struct RowSource<'a> {
    child: &'a [u64],
    /// The child cell's `r`.
    child_r: u32,
    /// The first word of each of the child cell's rows, and last its words.
    starts: &'a [u64],
    rows: isize,
    /// A one-word child row moved into place: `word >> right << left`.
    right: u32,
    left: u32,
    columns: i64,
    first: usize,
    split: usize,
    end: usize,
}

impl<'a> RowSource<'a> {
    pub(super) const NONE: RowSource<'static> = RowSource {
        child: &[],
        child_r: 0,
        starts: &[],
        rows: 0,
        right: 0,
        left: 0,
        columns: 0,
        first: 0,
        split: 0,
        end: 0,
    };

    /// The source of `exit` for a cell of `r`, its child cell in `child_layer`.
    #[inline(always)]
    pub(super) fn new(g: &'a Geometry, r: u32, child_layer: &'a [u64], exit: &Exit) -> RowSource<'a> {
        let starts = g.row_starts(exit.r);
        let (rows, child_rows) = ((r / 3 + 1) as isize, starts.len() as isize - 1);
        let shift = exit.rows as isize;
        debug_assert!((-1..=1).contains(&exit.columns));
        let (first, end) = ((-shift).max(0) as usize, (child_rows - shift).clamp(0, rows) as usize);
        let one_word = (first_one_word_row(r) as isize).max(first_one_word_row(exit.r) as isize - shift);
        RowSource {
            child: &child_layer[exit.offset as usize..][..starts[child_rows as usize] as usize],
            child_r: exit.r,
            starts,
            rows: shift,
            right: u32::from(exit.columns == 1),
            left: u32::from(exit.columns == -1),
            columns: i64::from(exit.columns),
            first,
            split: (one_word.max(first as isize) as usize).min(end),
            end,
        }
    }

    /// The rows `split..end`, one word each in parent and child: the child's words they read,
    /// the first of the parent's, and the bits a child word moves right and left (`None` when
    /// there are no such rows).
    #[inline(always)]
    pub(super) fn one_word_part(&self, g: &Geometry, r: u32) -> Option<(&'a [u64], usize, i64, i64)> {
        if self.split >= self.end {
            return None;
        }
        let rows = self.end - self.split;
        let at = g.row_starts(r)[self.split] as usize;
        let from = self.starts[(self.split as isize + self.rows) as usize] as usize;
        Some((&self.child[from..from + rows], at, i64::from(self.right), i64::from(self.left)))
    }

    /// Whether rows `first..split` exist, where the parent row or the child row takes more than
    /// one word ([`RowSource::or_longer_rows`]).
    pub(super) fn has_longer_rows(&self) -> bool {
        self.first < self.split
    }

    /// ORs this exit into the rows `split..end` of `cell` (of `r`), one word each in parent and
    /// child: one loop over consecutive words.
    #[inline(always)]
    pub(super) fn or_one_word_rows(&self, g: &Geometry, r: u32, cell: &mut [u64]) {
        let Some((child, at, right, left)) = self.one_word_part(g, r) else { return };
        for (word, c) in cell[at..at + child.len()].iter_mut().zip(child) {
            *word |= c >> right << left;
        }
    }

    /// ORs this exit into the rows `first..split` of `cell` (of `r`), where the parent row or
    /// the child row takes more than one word: each parent word from the child row's words
    /// shifted by the move's column (a parent position `c2` reads the child's `c2 + columns`).
    ///
    /// Where consecutive parent rows and their child rows take the same number of words, those
    /// rows lie at one distance from each other in the two cells and go as one loop over their
    /// words: a word shifted across a row's end reads or writes only the two zero bits every row
    /// keeps past its top (a parent's are cleared by the chain, a child's are zero). The rows
    /// where the counts differ (a few, where rows pass a multiple of 64 positions) go one by one.
    #[inline(always)]
    pub(super) fn or_longer_rows(&self, g: &Geometry, r: u32, cell: &mut [u64]) {
        let parent_starts = g.row_starts(r);
        let parent_words = |c3: usize| parent_starts[c3 + 1] - parent_starts[c3];
        let child_words = |c3: usize| {
            let c = (c3 as isize + self.rows) as usize;
            self.starts[c + 1] - self.starts[c]
        };
        let mut c3 = self.first;
        while c3 < self.split {
            let c = (c3 as isize + self.rows) as usize;
            let same = parent_words(c3) == child_words(c3);
            // Where the counts agree they go on agreeing until either row's count falls, which
            // the rows' lengths say (no row-by-row search: at n = 800 that search alone took a
            // ninth of the exits' time).
            let last = if same {
                let parent_falls = next_fewer_words_row(r, c3 as u32);
                let child_falls =
                    next_fewer_words_row(self.child_r, c as u32).saturating_add_signed(-self.rows);
                parent_falls.min(child_falls).min(self.split)
            } else {
                c3 + 1
            };
            let row = &mut cell[parent_starts[c3] as usize..parent_starts[last] as usize];
            let from = self.starts[c] as usize;
            // The child's words for these rows: as many as the parent's when the counts agree,
            // its own row's otherwise.
            let len = if same { row.len() } else { (self.starts[c + 1] - self.starts[c]) as usize };
            or_shifted(row, &self.child[from..from + len], self.columns);
            c3 = last;
        }
    }
}

/// ORs into `row` the words `child` moved by `columns` positions (a position `k` of `row` reads
/// `k + columns` of `child`; words past `child`'s end read as zero).
#[inline(always)]
pub(super) fn or_shifted(row: &mut [u64], child: &[u64], columns: i64) {
    let shared = row.len().min(child.len());
    match columns {
        0 => {
            for (w, c) in row[..shared].iter_mut().zip(child) {
                *w |= c;
            }
        }
        1 => {
            if shared == 0 {
                return;
            }
            for (w, pair) in row[..shared].iter_mut().zip(child.windows(2)) {
                *w |= pair[0] >> 1 | pair[1] << 63;
            }
            // The last shared word, and one past the child's end when the parent row is longer.
            row[shared - 1] |= child[shared - 1] >> 1 | child.get(shared).map_or(0, |c| c << 63);
        }
        _ => {
            if let (Some(w), Some(c)) = (row.first_mut(), child.first()) {
                *w |= c << 1;
            }
            for (w, pair) in row.iter_mut().skip(1).zip(child.windows(2)) {
                *w |= pair[1] << 1 | pair[0] >> 63;
            }
            if row.len() > child.len() && !child.is_empty() {
                row[child.len()] |= child[child.len() - 1] >> 63;
            }
        }
    }
}

/// The exits of the cell on `path` (of `r`, in layer `e`, at word `offset`) whose child cells
/// exist, with the moves' shifts as in the module header.
///
/// Along a run of cells (the same counts from index 6 up, `c_5` rising by one and `c_4` falling by
/// three, `r` rising by seven) every move's children are consecutive cells of their own run, so
/// each child after the first starts where the one before ends: `carried` keeps them, and only a
/// run's first cell (or a move's first child in it) reads the count table.
pub(super) fn cell_exits(
    g: &Geometry,
    path: &CellPath,
    r: u32,
    e: u32,
    offset: u64,
    exits: &mut Vec<Exit>,
    carried: &mut Carried,
) {
    exits.clear();
    let (top, counts) = (g.top(), &path.counts);
    let follows = carried.stamp > 0
        && top >= 5
        && counts[5] == carried.c5 + 1
        && counts[6..=top.max(6)] == carried.above[6..=top.max(6)];
    let mut finder = ExitFinder { g, path, r, e, offset, follows, carried, exits };
    if top >= 4 {
        // F2 ∧ F3 -> F4 and F3 ∧ F3 -> F1 ∧ F4.
        finder.push(0, &[(4, 1)], 4, 4, 1, -5, -1, -1);
        finder.push(1, &[(4, 1)], 4, 4, 1, -5, -2, 0);
    }
    if counts[4] >= 1 && top >= 5 {
        // F3 ∧ F4 -> F5.
        finder.push(2, &[(4, -1), (5, 1)], 4, 5, 2, -3, -1, 0);
    }
    if counts[4] >= 2 && top >= 5 {
        // F4 ∧ F4 -> F2 ∧ F5.
        finder.push(3, &[(4, -2), (5, 1)], 4, 5, 1, 2, 0, 1);
    }
    if counts[5] >= 2 && top >= 6 {
        // F5 ∧ F5 -> F3 ∧ F6.
        finder.push(4, &[(5, -2), (6, 1)], 4, 6, 1, 3, 1, 0);
    }
    for i in 5..top {
        // F(i-1) ∧ F(i) -> F(i+1).
        if counts[i - 1] >= 1 && counts[i] >= 1 {
            finder.push(i, &[(i - 1, -1), (i, -1), (i + 1, 1)], i - 1, i + 1, i as u32 - 2, 0, 0, 0);
        }
    }
    for (i, &c) in counts.iter().enumerate().take(top).skip(6) {
        // F(i) ∧ F(i) -> F(i-2) ∧ F(i+1).
        if c >= 2 {
            finder.push(MAX_INDEX + i, &[(i, -2), (i - 2, 1), (i + 1, 1)], i - 2, i + 1, 1, 0, 0, 0);
        }
    }
    carried.stamp += 1;
    carried.c5 = counts[5];
    carried.above[6..=top.max(6)].copy_from_slice(&counts[6..=top.max(6)]);
}

/// [`cell_exits`] at work on one cell.
pub(super) struct ExitFinder<'a> {
    g: &'a Geometry,
    path: &'a CellPath,
    r: u32,
    e: u32,
    offset: u64,
    /// Whether the cell follows the one before along a run (so its children follow theirs).
    follows: bool,
    carried: &'a mut Carried,
    exits: &'a mut Vec<Exit>,
}

impl ExitFinder<'_> {
    /// Adds the exit of move `kind` if its child cell exists: the counts changed by `changes` at
    /// indices `low..=high` only, the child `shift` layers up with `r + gain` left to the parts
    /// 1 to 3.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn push(
        &mut self,
        kind: usize,
        changes: &[(usize, i32)],
        low: usize,
        high: usize,
        shift: u32,
        gain: i64,
        rows: i32,
        columns: i32,
    ) {
        let child_r = i64::from(self.r) + gain;
        // A negative r: the move needs more of the parts 1 to 3 than any row of the cell holds.
        if child_r < 0 {
            return;
        }
        let (g, now) = (self.g, self.carried.stamp + 1);
        let last = self.carried.children[kind];
        let offset = if self.follows && last.stamp == self.carried.stamp {
            let next = last.offset + g.cell_words(last.r);
            debug_assert_eq!(next, self.child_offset(changes, low, high, shift), "{kind}");
            next
        } else {
            self.child_offset(changes, low, high, shift)
        };
        self.carried.children[kind] = CarriedChild { offset, r: child_r as u32, stamp: now };
        self.exits.push(Exit {
            layer: self.e + shift,
            offset,
            r: child_r as u32,
            rows,
            columns,
            r_gain: gain as i32,
            kind: kind as u8,
        });
    }

    /// The first word of the child cell whose counts are the cell's changed by `changes`.
    pub(super) fn child_offset(&self, changes: &[(usize, i32)], low: usize, high: usize, shift: u32) -> u64 {
        let mut child = self.path.counts;
        for &(i, d) in changes {
            child[i] = child[i].wrapping_add_signed(d);
        }
        self.g.child_offset(self.path, self.offset, &child, low, high, shift)
    }
}

/// What [`cell_exits`] keeps from one cell to the next: the cell's counts from index 5 up, and
/// each kind of move's last child (kinds: the five low moves 0 to 4, `F(i-1) ∧ F(i)` at `i`,
/// `F(i) ∧ F(i)` at `MAX_INDEX + i`).
pub(super) struct Carried {
    stamp: u64,
    c5: u32,
    above: Counts,
    children: [CarriedChild; 2 * MAX_INDEX + 2],
}

impl Carried {
    pub(super) fn new() -> Carried {
        Carried {
            stamp: 0,
            c5: 0,
            above: [0; MAX_INDEX + 2],
            children: [CarriedChild { offset: 0, r: 0, stamp: 0 }; 2 * MAX_INDEX + 2],
        }
    }
}

/// A move's child in the cell before: its first word, its `r`, and the stamp of the cell whose
/// child it was.
#[derive(Clone, Copy, Debug)]
pub(super) struct CarriedChild {
    offset: u64,
    r: u32,
    stamp: u64,
}

/// Resolves `cell` (of `r`, with `parts` parts from index 4 up) to its loss bits, row by row from
/// the top (`deposit`: bit deposit and extract are fast here): what its exits put in it, the
/// moves to the row above (`F1 ∧ F2`, one column down, and `F2 ∧ F2`, two down), then the row's
/// own move `F1 ∧ F1` along it. Returns the cell's P-positions and positions, and counts
/// P-positions by parts into `by_parts`.
#[inline(always)]
pub(super) fn chain(
    g: &Geometry,
    cell: &mut [u64],
    r: u32,
    parts: u32,
    mut by_parts: Option<&mut PartsCount>,
    deposit: bool,
) -> (u64, u64) {
    let (mut p_positions, mut positions) = (0u64, 0u64);
    let starts = g.row_starts(r);
    // Rows shorten towards the top, so the top ones take one word each: those resolve in one
    // step, one word after another, the others word by word.
    let mut above_word = 0u64;
    let tight = first_one_word_row(r);
    let top_rows = &mut cell[starts[tight as usize] as usize..starts[(r / 3 + 1) as usize] as usize];
    for (word, c3) in top_rows.iter_mut().zip(tight..r / 3 + 1).rev() {
        let len = row_len(r, c3);
        positions += u64::from(len);
        let reach = *word | above_word << 1 | above_word << 2;
        let losses = !resolve_short_run(reach, len, deposit) & (u64::MAX >> (64 - len));
        *word = losses;
        above_word = losses;
        p_positions += u64::from(losses.count_ones());
        if let Some(tiers) = by_parts.as_deref_mut() {
            tiers.add(losses, 0, parts + r - 2 * c3);
        }
    }
    // The longer rows: each word from the top down, its lowest position passing its outcome to
    // the word below; the row above (one word or more) read shifted by one and two columns.
    for c3 in (0..tight).rev() {
        let len = row_len(r, c3);
        let (start, end) = (starts[c3 as usize] as usize, starts[c3 as usize + 1] as usize);
        positions += u64::from(len);
        let (lower, upper) = cell.split_at_mut(end);
        let above: &[u64] = if c3 < r / 3 { &upper[..(starts[c3 as usize + 2] as usize - end)] } else { &[] };
        let row = &mut lower[start..];
        let above_at = |k: usize| above.get(k).copied().unwrap_or(0);
        let mut above_wins = true;
        for k in (0..row.len()).rev() {
            let first = 64 * k as u32;
            if first >= len {
                row[k] = 0;
                continue;
            }
            let width = (len - first).min(64);
            let (here, below) = (above_at(k), if k > 0 { above_at(k - 1) } else { 0 });
            let reach = row[k] | here << 1 | below >> 63 | here << 2 | below >> 62;
            let (wins, lowest_wins) = resolve_word(reach, width, above_wins, deposit);
            let all = u64::MAX >> (64 - width);
            row[k] = !wins & all;
            above_wins = lowest_wins;
            p_positions += u64::from(row[k].count_ones());
            if let Some(tiers) = by_parts.as_deref_mut() {
                tiers.add(row[k], first, parts + r - 2 * c3);
            }
        }
    }
    (p_positions, positions)
}
