//! Cells taken a group at a time, so that the exits that keep `r` are read once for a run of
//! cells rather than once for each cell.
//!
//! Along a run of cells (the same counts from index 6 up, `c_5` rising by one and `c_4` falling
//! by three: consecutive cells of a layer, see [`cell_exits`]) a move above index 4 has its
//! children in consecutive cells of the child's layer, of the same `r` as their parents, so its
//! words for all the run's cells where it is legal are one range of the child's layer, read word
//! for word. A group of consecutive cells (up to [`GROUP_WORDS`] words, the cache's share) is
//! written first from those ranges, each merged from its cells' exits wherever the child's words
//! go on where the last cell's ended (a check on the pointers, not a claim about runs: a move
//! whose children do not follow simply takes a range of its own). Then each cell ORs in the
//! exits that change `r`, and its rows are resolved in the batches as before.

use super::*;

/// The most words a group gathers before it is written (unless one cell has more): 32 KiB, which
/// its cells' other exits and their rows then find in the near caches. At n = 700, 4096 and
/// 16384 words took the same time, 2048 words 2% more, 512 and 65536 words 10% more.
const GROUP_WORDS: usize = 4096;

/// A cell of a group: where it lies, and its exits that change `r` in [`Group::low`].
struct Member {
    cell: Batched,
    low: std::ops::Range<usize>,
}

/// Consecutive cells of a share whose exits are in but not yet read.
pub(super) struct Group<'a> {
    /// The group's first word in the share, and its words.
    first: usize,
    words: usize,
    members: Vec<Member>,
    low: Vec<Exit>,
    /// The exits that keep `r`, as ranges of the group's words.
    same: Vec<WordSource>,
    /// For each kind of move, its source in `same` that may go on (`usize::MAX` none).
    latest: [usize; 2 * MAX_INDEX + 2],
    /// The sources point into the layers held.
    _layers: std::marker::PhantomData<&'a [u64]>,
}

impl<'a> Group<'a> {
    pub(super) fn new() -> Group<'a> {
        Group {
            first: 0,
            words: 0,
            members: Vec::with_capacity(64),
            low: Vec::with_capacity(256),
            same: Vec::with_capacity(256),
            latest: [usize::MAX; 2 * MAX_INDEX + 2],
            _layers: std::marker::PhantomData,
        }
    }

    /// Whether a cell of `len` words would take the group past [`GROUP_WORDS`] (a group of no
    /// cells takes any).
    pub(super) fn is_full_for(&self, len: usize) -> bool {
        self.words > 0 && self.words + len > GROUP_WORDS
    }

    /// Adds the cell at word `from` of the share (of `r`, with `parts` parts from index 4 up,
    /// `len` words) with its `exits`, whose children lie in `layers`.
    pub(super) fn add(&mut self, cell: Batched, len: usize, exits: &[Exit], layers: &'a [Option<Vec<u64>>]) {
        if self.members.is_empty() {
            self.first = cell.from;
        }
        debug_assert_eq!(cell.from, self.first + self.words, "a group's cells are consecutive");
        let at = self.words;
        let low_from = self.low.len();
        for exit in exits {
            if !exit.keeps_layout(cell.r) {
                self.low.push(*exit);
                continue;
            }
            let child = layers[exit.layer as usize].as_deref().expect("a child's layer is held");
            let words = child[exit.offset as usize..][..len].as_ptr();
            let kind = usize::from(exit.kind);
            match self.same.get_mut(self.latest[kind]) {
                Some(source) if source.to() == at && source.reads_next() == words => {
                    source.extend_to(at + len)
                }
                _ => {
                    self.latest[kind] = self.same.len();
                    self.same.push(WordSource::unmoved(words, at, at + len));
                }
            }
        }
        self.members.push(Member { cell, low: low_from..self.low.len() });
        self.words += len;
    }

    /// Writes the group's cells from their exits (those that keep `r` first, over the whole
    /// group, then each cell's others) with `isa`'s kernels, hands each cell to `resolve` in
    /// order, and empties the group.
    pub(super) fn write(
        &mut self,
        isa: Isa,
        g: &Geometry,
        share: &mut [u64],
        layers: &[Option<Vec<u64>>],
        mut resolve: impl FnMut(&mut [u64], Batched),
    ) {
        if self.members.is_empty() {
            return;
        }
        let words = &mut share[self.first..self.first + self.words];
        match isa {
            // SAFETY: `Isa::detect` chooses it only where the processor has its features; every
            // source reads words of its child's cells.
            Isa::X86_64V4 => unsafe { write_group_v4(words, &self.same) },
            // SAFETY: as above.
            Isa::X86_64V3 | Isa::X86_64V3FastDeposit => unsafe { write_group_v3(words, &self.same) },
            Isa::Baseline => unreachable!("cells are grouped only with AVX2 or AVX-512"),
        }
        for member in &self.members {
            let Batched { from, r, .. } = member.cell;
            let low = &self.low[member.low.clone()];
            if !low.is_empty() {
                let cell = &mut share[from..from + g.cell_words(r) as usize];
                or_exits(isa, g, cell, r, low, layers);
            }
            resolve(share, member.cell);
        }
        self.members.clear();
        self.low.clear();
        self.same.clear();
        self.latest = [usize::MAX; 2 * MAX_INDEX + 2];
        self.words = 0;
    }
}
