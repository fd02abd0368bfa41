//! The order of the work: a tier's blocks and sub-blocks on the thread pool, and inside a block
//! the groups and runs in decreasing rank order, each handed to its pass.

use super::*;

impl Runs<'_> {
    /// Solves every position of tier `p`.
    /// Gives the tier's wins when its blocks went to the threads (which count them as they go).
    pub(in crate::tiers) fn run(&self, p: u32, progress: &(dyn Fn(u64) + Sync)) -> Option<u64> {
        if self.index.count(p) == 0 {
            return None;
        }
        let threads = rayon::current_num_threads();
        if threads > 1 {
            if let Some(plan) = self.plan_with(p, threads, BLOCKS_PER_THREAD) {
                let solved = vec![false; plan.block_count()];
                return Some(self.run_on_threads(p, (&plan, &solved), None, None, progress).wins);
            }
        }
        let cursor = self.start(p);
        self.block(self.index.top(), cursor, progress);
        None
    }

    /// Solves the positions below `j` of `cursor` in decreasing rank order on this thread;
    /// returns how many.
    pub(in crate::tiers) fn in_rank_order_from(&self, j: usize, cursor: &mut Cursor) -> u64 {
        let block = (cursor.same[j], self.q(j, cursor.m[j], cursor.q[j]));
        let mut scratch = Scratch::new(block);
        if j == 3 {
            // A lone run: its group's terms, which [`Runs::in_rank_order`] finds at index 4.
            scratch.group = self.group_terms(cursor);
        }
        self.in_rank_order(j, cursor, &mut scratch)
    }

    /// The block of positions sharing the counts above `j`: small blocks in rank order, large
    /// ones in waves of sub-blocks by `(c_j, c_(j-1))`, each again a block two levels down.
    pub(in crate::tiers) fn block(&self, j: usize, cursor: Cursor, progress: &(dyn Fn(u64) + Sync)) {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        // On one thread, handing sub-blocks to the pool only adds its wake-ups: rank order is a
        // valid order for the whole block.
        if j < 6 || self.q(j, m, q) < self.split_from || rayon::current_num_threads() == 1 {
            let mut cursor = cursor;
            let solved = self.in_rank_order_from(j, &mut cursor);
            self.done.fetch_add(solved, Relaxed);
            return;
        }
        // Every sub-block (b, a) = (c_j, c_(j-1)).
        let mut subs: Vec<(i64, i64)> = Vec::new();
        for b in self.choices(j, m, q) {
            let (m1, q1) = (m - b * FIB_U64[j] as i64, q - b);
            subs.extend(self.choices(j - 1, m1, q1).map(|a| (b, a)));
        }
        // Sub-block (b, a) needs (b, a + 1) and (b + 1, a - 2) (the splits at j - 2 and j - 1)
        // and nothing else of this block: each starts as soon as those two are done, rather
        // than wave by wave, so a large sub-block does not hold back the others.
        let at: HashMap<(i64, i64), usize> = subs.iter().enumerate().map(|(k, &s)| (s, k)).collect();
        let waiting: Vec<AtomicUsize> = subs
            .iter()
            .map(|&(b, a)| {
                let needs = [(b, a + 1), (b + 1, a - 2)];
                AtomicUsize::new(needs.iter().filter(|d| at.contains_key(d)).count())
            })
            .collect();
        let block = SubBlocks { j, cursor: &cursor, subs: &subs, at: &at, waiting: &waiting, progress };
        // The ready ones, listed before any starts (a started one may free others, which it
        // then starts itself).
        let ready: Vec<usize> = (0..subs.len()).filter(|&k| waiting[k].load(Relaxed) == 0).collect();
        rayon::scope(|scope| {
            for k in ready {
                self.start_sub_block(scope, &block, k);
            }
        });
        progress(self.done.load(Relaxed));
    }

    /// Solves sub-block `k` on the pool, then starts those of its dependents that it was the
    /// last to wait for.
    pub(super) fn start_sub_block<'s>(
        &'s self,
        scope: &rayon::Scope<'s>,
        block: &'s SubBlocks<'s>,
        k: usize,
    ) {
        scope.spawn(move |scope| {
            let (b, a) = block.subs[k];
            let j = block.j;
            let mut sub = block.cursor.clone();
            let level = self.level(&sub, j);
            self.fix(&mut sub, j, b, &level);
            let level = self.level(&sub, j - 1);
            self.fix(&mut sub, j - 1, a, &level);
            self.block(j - 2, sub, block.progress);
            for dependent in [(b, a - 1), (b - 1, a + 2)] {
                if let Some(&d) = block.at.get(&dependent) {
                    if block.waiting[d].fetch_sub(1, AcqRel) == 1 {
                        self.start_sub_block(scope, block, d);
                    }
                }
            }
        });
    }

    compiled_twice! {
        /// Solves the positions below `j` in decreasing rank order on this thread; returns how
        /// many.
        fn in_rank_order / in_rank_order_v3 / in_rank_order_inline(
            j: usize,
            cursor: &mut Cursor,
            scratch: &mut Scratch,
        ) -> u64
    }

    /// The body of [`Runs::in_rank_order`], inlined into each of its compilations.
    #[inline(always)]
    pub(super) fn in_rank_order_inline(&self, j: usize, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        match j {
            3 => return self.any_run(cursor, scratch, self.run_terms(cursor)),
            4 => return self.group(cursor, scratch),
            5 => return self.groups(cursor, scratch),
            _ => {}
        }
        let fixed_len = cursor.fixed_len;
        let mut solved = 0;
        let level = self.level(cursor, j);
        for c in self.choices(j, cursor.m[j], cursor.q[j]) {
            self.fix(cursor, j, c, &level);
            solved += self.in_rank_order(j - 1, cursor, scratch);
            cursor.fixed_len = fixed_len;
        }
        solved
    }

    /// Solves the groups of `cursor` (counts fixed above index 5), by decreasing `c_5`: the loop
    /// of [`Runs::in_rank_order`] at index 5, written out.
    ///
    /// Fixing `c_5` needs `Q(5, m_4, q_4)`, `Q(5, m_4, q_4 - 1)` and, for the split `F6 ∧ F6`,
    /// `Q(5, m_4 + 5, q_4 + 1)`. As `c_5` steps down, `(m_4, q_4)` steps by `(8, 1)`, along the
    /// recurrence's diagonal `Q(5, m, q) = Q(4, m, q) + Q(5, m - 8, q - 1)`: each is the last one
    /// plus a count at index 4, and those (`Q(4, m_4, q_4)` among them, which says whether the
    /// group has a position at all) are one table read each.
    #[inline(always)]
    pub(super) fn groups(&self, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        let fixed_len = cursor.fixed_len;
        let level = self.level(cursor, 5);
        let (m5, q5) = (cursor.m[5], cursor.q[5]);
        let q = |j: usize, m: i64, q: i64| self.index.q(j, m, q);
        // The range of `choices(5, ..)`, whose filter is `Q(4, m_4, q_4) > 0`.
        let most = (m5 / 8).min(q5).min((m5 - q5) / 7);
        let least = ((m5 - q5 * 5).max(0) as u64).div_ceil(3) as i64;
        // The split's count only where the split is legal: `m_4 + 5` may be past the table
        // otherwise (it is the sum at index 4 of the split's child, at most `n`, where it is).
        let split = level.split.is_some();
        let shifts = [(0, 0), (0, -1), (5, 1)];
        let counts = |j: usize, m4: i64, q4: i64| {
            shifts.map(|(a, b)| if a == 0 || split { q(j, m4 + a, q4 + b) } else { 0 })
        };
        // The three counts at index 5 one `c_5` above the highest.
        let mut five = counts(5, m5 - 8 * (most + 1), q5 - (most + 1));
        let mut solved = 0;
        for c in (least..=most).rev() {
            let (m4, q4) = (m5 - 8 * c, q5 - c);
            let four = counts(4, m4, q4);
            five = std::array::from_fn(|k| five[k] + four[k]);
            debug_assert_eq!(five, counts(5, m4, q4));
            if four[0] == 0 {
                continue;
            }
            // As `Runs::fix` finds them.
            let (split_child, split_below) =
                if split { (five[2], four[2].wrapping_sub(four[0])) } else { (0, 0) };
            self.fix_by(cursor, 5, c, &level, [five[0], five[1], split_child, split_below]);
            solved += self.group(cursor, scratch);
            cursor.fixed_len = fixed_len;
        }
        solved
    }

    /// Solves the group of runs that share the counts above index 4 of `cursor`, by decreasing
    /// `c_4`, in rank order ([`Runs::group_runs`]): the moves fixed so far once for the
    /// whole group, then each run by its pass's group loop.
    #[inline(always)]
    pub(super) fn group(&self, cursor: &mut Cursor, scratch: &mut Scratch) -> u64 {
        let fixed_len = cursor.fixed_len;
        let level;
        (scratch.group, level) = self.group_level(cursor);
        // (The remoteness pass's group loop folds in the fixed moves itself.)
        if self.pass == Pass::Words && self.current.remoteness.is_none() {
            self.share_fixed_moves(cursor, scratch, &level);
        }
        let solved = match (self.pass, &self.current.remoteness) {
            (Pass::Words, None) => self.group_in_words(cursor, scratch, &level),
            (Pass::Words, Some(_)) => self.group_remoteness(cursor, scratch, &level),
            (Pass::Scalar, _) => {
                let mut solved = 0;
                for run in self.group_runs(cursor, &level).flatten() {
                    self.fix_by(cursor, 4, run.c, &level, run.fix_terms());
                    solved += self.any_run(cursor, scratch, run.terms());
                    cursor.fixed_len = fixed_len;
                }
                solved
            }
        };
        scratch.shared_moves = 0;
        scratch.shared_combine_4 = false;
        solved
    }
}
