//! Run geometry: the cursor of counts fixed from the top index down, the rank terms they settle,
//! the offsets of moves legal over a whole run or group, and a group's runs down `c_4` with their
//! own moves written out from the run's bounds.

use super::*;

impl Runs<'_> {
    /// `Q(j, m, q)` of the index (at index 3 by its closed form, which the inner loops use
    /// most and which needs no memory).
    #[inline(always)]
    pub(super) fn q(&self, j: usize, m: i64, q: i64) -> u64 {
        if j == 3 {
            return q_at_3(m, q);
        }
        self.index.q(j, m, q)
    }

    /// The cursor of tier `p` before any count is fixed.
    pub(in crate::tiers) fn start(&self, p: u32) -> Cursor {
        let top = self.index.top();
        let mut cursor = Cursor {
            c: [0; LEVELS],
            m: [0; LEVELS],
            q: [0; LEVELS],
            same: [0; LEVELS],
            minus: [0; LEVELS],
            fixed: [Offset::default(); 2 * MAX_TOP],
            fixed_len: 0,
        };
        for j in top..LEVELS {
            cursor.m[j] = i64::from(self.index.n());
            cursor.q[j] = i64::from(p);
        }
        cursor
    }

    /// The offset of the move changing counts by `changes[k - low]` at indices `low..=high`
    /// (`high = low + N - 1`), given the parent's `m` and `q` at those indices (and at `low - 1`
    /// when `low` is 1 or 2, where the term at index 2 or 3 needs it).
    ///
    /// Terms above `high` are the parent's, in the child's tier; terms below `low` are the
    /// parent's own. At `k = low` (2 or more) the terms' lower halves `Q(k, m_(k-1), q_(k-1))`
    /// cancel, since the move leaves `m_(k-1)` and `q_(k-1)` alone.
    ///
    /// (The number of indices is a constant, so that the loop unrolls.)
    #[inline(always)]
    pub(super) fn offset<const N: usize>(
        &self,
        cursor: &Cursor,
        low: usize,
        changes: &[i64; N],
        below: bool,
    ) -> Offset {
        let high = low + N - 1;
        let mut delta = if below { cursor.minus[high].wrapping_sub(cursor.same[high]) } else { 0 };
        let (mut dm, mut dq) = (0i64, 0i64);
        for (k, &change) in (low..=high).zip(changes) {
            let (before_m, before_q) = (dm, dq);
            dm += change * FIB_U64[k] as i64;
            dq += change;
            if k < 2 {
                continue;
            }
            let (m, q) = (cursor.m[k], cursor.q[k]);
            let mut d = self.q(k, m + dm, q + dq).wrapping_sub(self.q(k, m, q));
            if k > low {
                let (m1, q1) = (cursor.m[k - 1], cursor.q[k - 1]);
                d = d.wrapping_add(self.q(k, m1, q1)).wrapping_sub(self.q(k, m1 + before_m, q1 + before_q));
            }
            delta = delta.wrapping_add(d);
        }
        Offset { delta, below }
    }

    /// What fixing `c_j` needs that does not depend on its value (`j >= 4`, counts above fixed).
    #[inline]
    pub(in crate::tiers) fn level(&self, cursor: &Cursor, j: usize) -> Level {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        // F(j) ∧ F(j+1) -> F(j+2): the move's lowest index is j, so its offset depends only on
        // the counts above j (its legality needs c_j >= 1).
        let combine = (j + 2 <= self.index.top() && cursor.c[j + 1] >= 1)
            .then(|| self.offset(cursor, j, &[-1, -1, 1], true));
        // F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2): the terms of its offset (see [`Runs::offset`]) at
        // indices j + 2, j + 1 and the upper half of j; [`Runs::fix`] adds those that need c_j.
        let split = (j + 2 <= self.index.top() && cursor.c[j + 1] >= 2).then(|| {
            let f = |i: usize| FIB_U64[i] as i64;
            let (m1, q1) = (cursor.m[j + 1], cursor.q[j + 1]);
            let (child_m, child_q) = (m + f(j - 1), q + 1);
            let (child_m1, child_q1) = (m1 - f(j + 2), q1 - 1);
            let (mj, qj) = (m, q);
            let q = |i, m, q| self.q(i, m, q);
            // Index j + 2: the upper halves are equal.
            q(j + 2, m1, q1)
                .wrapping_sub(q(j + 2, child_m1, child_q1))
                // Index j + 1.
                .wrapping_add(q(j + 1, child_m1, child_q1))
                .wrapping_sub(q(j + 1, child_m, child_q))
                .wrapping_sub(q(j + 1, m1, q1))
                .wrapping_add(q(j + 1, mj, qj))
                // Index j, upper halves.
                .wrapping_add(q(j, child_m, child_q))
                .wrapping_sub(q(j, mj, qj))
        });
        Level { same: self.q(j, m, q), minus: self.q(j, m, q - 1), combine, split }
    }

    /// Fixes `c_j = c` (`j >= 4`, counts above fixed; `level` from [`Runs::level`]) and records
    /// the moves at index `j + 1`, whose legality and offsets that settles.
    #[inline]
    pub(in crate::tiers) fn fix(&self, cursor: &mut Cursor, j: usize, c: i64, level: &Level) {
        let (m1, q1) = (cursor.m[j] - c * FIB_U64[j] as i64, cursor.q[j] - c);
        let (split_child, split_below) = match level.split {
            Some(_) => {
                let (child_m1, child_q1) = (m1 + FIB_U64[j - 1] as i64, q1 + 1);
                let below = self.q(j - 1, child_m1, child_q1).wrapping_sub(self.q(j - 1, m1, q1));
                (self.q(j, child_m1, child_q1), below)
            }
            None => (0, 0),
        };
        let lower = [self.q(j, m1, q1), self.q(j, m1, q1 - 1), split_child, split_below];
        self.fix_by(cursor, j, c, level, lower);
    }

    /// [`Runs::fix`] given `Q(j, m', q')`, `Q(j, m', q' - 1)` and (when the split at `j + 1` is
    /// legal) `Q(j, m' + F(j-1), q' + 1)` and `Q(j - 1, m' + F(j-1), q' + 1) - Q(j - 1, m', q')`,
    /// for the sum `m'` and parts `q'` left below `j`.
    #[inline(always)]
    pub(super) fn fix_by(
        &self,
        cursor: &mut Cursor,
        j: usize,
        c: i64,
        level: &Level,
        [lower, lower_minus, split_child, split_below]: [u64; 4],
    ) {
        let (m, q) = (cursor.m[j], cursor.q[j]);
        let (m1, q1) = (m - c * FIB_U64[j] as i64, q - c);
        cursor.c[j] = c;
        cursor.m[j - 1] = m1;
        cursor.q[j - 1] = q1;
        debug_assert_eq!([lower, lower_minus], [self.q(j, m1, q1), self.q(j, m1, q1 - 1)]);
        cursor.same[j - 1] = cursor.same[j] + level.same - lower;
        cursor.minus[j - 1] = cursor.minus[j].wrapping_add(level.minus).wrapping_sub(lower_minus);
        if let (Some(offset), true) = (level.combine, c >= 1) {
            cursor.fixed[cursor.fixed_len] = offset;
            cursor.fixed_len += 1;
        }
        if let Some(split) = level.split {
            // F(j+1) ∧ F(j+1) -> F(j-1) ∧ F(j+2): add the terms at j - 1 and the lower halves at j.
            let (child_m1, child_q1) = (m1 + FIB_U64[j - 1] as i64, q1 + 1);
            debug_assert_eq!(split_child, self.q(j, child_m1, child_q1));
            debug_assert_eq!(
                split_below,
                self.q(j - 1, child_m1, child_q1).wrapping_sub(self.q(j - 1, m1, q1))
            );
            let delta = split.wrapping_add(split_below).wrapping_sub(split_child).wrapping_add(lower);
            debug_assert_eq!(delta, self.offset(cursor, j - 1, &[1, 0, -2, 1], false).delta);
            cursor.fixed[cursor.fixed_len] = Offset { delta, below: false };
            cursor.fixed_len += 1;
        }
    }

    /// The range of `c_j` for the sum `m` and parts `q` left at indices `<= j` (as
    /// [`TierIndex::descend`] bounds it), highest first, feasible values only.
    pub(in crate::tiers) fn choices(&self, j: usize, m: i64, q: i64) -> impl Iterator<Item = i64> + '_ {
        let f = FIB_U64[j] as i64;
        let below = FIB_U64[j - 1] as i64;
        let most = (m / f).min(q).min((m - q) / (f - 1));
        let least = ((m - q * below).max(0) as u64).div_ceil((f - below) as u64) as i64;
        (least..=most).rev().filter(move |&c| self.q(j - 1, m - c * f, q - c) > 0)
    }

    /// Test aid: the group loop's run checked against the cursor's, with every child's offset.
    #[cfg(test)]
    pub(super) fn check_group_run(&self, cursor: &mut Cursor, level: &Level, run: &GroupRun) {
        if self.check_offsets {
            let fixed_len = cursor.fixed_len;
            self.fix_by(cursor, 4, run.c, level, run.fix_terms());
            assert_eq!((cursor.same[3], cursor.minus[3]), (run.first, run.minus_3));
            assert_eq!(Runs::run_bounds(cursor), (run.t_min, run.t_max));
            self.check_offsets(cursor, run.t_min, run.t_max, run.first);
            cursor.fixed_len = fixed_len;
        }
    }

    /// The runs of the group of `cursor` (counts fixed above index 4, `level` from
    /// [`Runs::group_level`]), by decreasing `c_4`, in rank order: each run, or `None` for a `c_4`
    /// that leaves no run (the next run is then not one `c_4` below the last).
    ///
    /// The counts `Q(4, m_3 + a, q_3 + b)` a run needs ([`DIAGONAL`], with `m_3 = m_4 - 5 c_4`
    /// and `q_3 = q_4 - c_4`) walk the recurrence's own diagonal, `Q(4, m, q) = Q(3, m, q) + Q(4,
    /// m - 5, q - 1)`, so each is the last one plus a closed form: one table read each for the
    /// whole group, not seven a run (the table is megabytes, and those reads missed the cache).
    #[inline(always)]
    pub(super) fn group_runs(&self, cursor: &Cursor, level: &Level) -> GroupRuns {
        let (m4, q4) = (cursor.m[4], cursor.q[4]);
        let most = (m4 / 5).min(q4).min((m4 - q4) / 4);
        let least = ((m4 - 3 * q4).max(0) + 1) / 2;
        // `Q(4, m_3 + a, q_3 + b)` at `c_4 = most + 1`.
        let mut above = [0; 5];
        for (value, (a, b)) in above.iter_mut().zip(DIAGONAL) {
            *value = self.index.q(4, m4 - 5 * (most + 1) + a, q4 - (most + 1) + b);
        }
        GroupRuns {
            m4,
            q4,
            first: cursor.same[4].wrapping_add(level.same),
            minus: cursor.minus[4].wrapping_add(level.minus),
            above,
            c: most,
            least,
        }
    }

    /// The terms of the run of `cursor` that [`Runs::run_moves`] reads from the table:
    /// `Q(4, m_3 - 5, q_3 - 2)`, `Q(4, m_3 - 3, q_3 - 1)`, `Q(4, m_3 - 5, q_3 - 1)` and
    /// `Q(4, m_3 + 2, q_3 + 1)` (the last where `c_4 >= 2`, when its move is legal; 0 otherwise).
    pub(super) fn run_terms(&self, cursor: &Cursor) -> [u64; 4] {
        let (m3, q3) = (cursor.m[3], cursor.q[3]);
        let f4_f4 = if cursor.c[4] >= 2 { self.q(4, m3 + 2, q3 + 1) } else { 0 };
        [self.q(4, m3 - 5, q3 - 2), self.q(4, m3 - 3, q3 - 1), self.q(4, m3 - 5, q3 - 1), f4_f4]
    }

    /// [`Runs::group_terms`] and [`Runs::level`] at index 4 together, for the group of `cursor`:
    /// the twenty table reads the two need between them, each once (apart, they take some
    /// thirty, through the general offset), written out term by term (checked against the two
    /// in debug builds).
    #[inline(always)]
    pub(super) fn group_level(&self, cursor: &Cursor) -> (GroupTerms, Level) {
        let top = self.index.top();
        let q = |j: usize, m: i64, q: i64| self.index.q(j, m, q);
        let [m4, m5, m6] = [cursor.m[4], cursor.m[5], cursor.m[6]];
        let [q4, q5, q6] = [cursor.q[4], cursor.q[5], cursor.q[6]];
        let c5 = cursor.c[5];
        let (at, at_minus) = (q(4, m4, q4), q(4, m4, q4 - 1));
        // Index 5 is past the table in the smallest games, where no move reaches it.
        let [five, five_minus, f3_f4_5, f4_f4_5] = if top >= 5 {
            [q(5, m5, q5), q(5, m5, q5 - 1), q(5, m4 - 8, q4 - 2), q(5, m4 - 8, q4 - 1)]
        } else {
            [0; 4]
        };
        let group = GroupTerms {
            f2_f3: cursor.minus[4].wrapping_add(at_minus),
            f3_f4: cursor.minus[5].wrapping_add(five_minus).wrapping_sub(f3_f4_5).wrapping_add(q(
                4,
                m4 - 8,
                q4 - 2,
            )),
            f3_f3: cursor.same[4].wrapping_add(at),
            f4_f4: cursor.same[5].wrapping_add(five).wrapping_sub(f4_f4_5).wrapping_add(q(4, m4 - 8, q4 - 1)),
        };
        let mut level = Level { same: at, minus: at_minus, combine: None, split: None };
        if top >= 6 && c5 >= 1 {
            // F4 ∧ F5 -> F6 ([`Runs::offset`] at indices 4 to 6, into the tier below; it leaves
            // the sum at index 6 as it was).
            let (five_at_4, six_at_5) = (q(5, m4, q4), q(6, m5, q5));
            let delta = cursor.minus[6]
                .wrapping_sub(cursor.same[6])
                .wrapping_add(q(4, m4 - 5, q4 - 1))
                .wrapping_sub(at)
                .wrapping_add(q(5, m5 - 13, q5 - 2))
                .wrapping_sub(five)
                .wrapping_add(five_at_4)
                .wrapping_sub(q(5, m4 - 5, q4 - 1))
                .wrapping_add(q(6, m6, q6 - 1))
                .wrapping_sub(q(6, m6, q6))
                .wrapping_add(six_at_5)
                .wrapping_sub(q(6, m5 - 13, q5 - 2));
            level.combine = Some(Offset { delta, below: true });
            if c5 >= 2 {
                // F5 ∧ F5 -> F3 ∧ F6: the terms that do not need c_4 (see [`Runs::level`]).
                let split = six_at_5
                    .wrapping_sub(q(6, m5 - 13, q5 - 1))
                    .wrapping_add(q(5, m5 - 13, q5 - 1))
                    .wrapping_sub(q(5, m4 + 3, q4 + 1))
                    .wrapping_sub(five)
                    .wrapping_add(five_at_4)
                    .wrapping_add(q(4, m4 + 3, q4 + 1))
                    .wrapping_sub(at);
                level.split = Some(split);
            }
        }
        if cfg!(debug_assertions) {
            let (expected_group, expected) = (self.group_terms(cursor), self.level(cursor, 4));
            debug_assert_eq!(format!("{group:?}"), format!("{expected_group:?}"));
            debug_assert_eq!(
                (level.same, level.minus, level.combine.map(|o| (o.delta, o.below)), level.split),
                (expected.same, expected.minus, expected.combine.map(|o| (o.delta, o.below)), expected.split)
            );
        }
        (group, level)
    }

    /// The terms of [`GroupTerms`] for the counts above index 4 of `cursor`.
    pub(super) fn group_terms(&self, cursor: &Cursor) -> GroupTerms {
        let [m4, m5] = [cursor.m[4], cursor.m[5]];
        let [q4, q5] = [cursor.q[4], cursor.q[5]];
        // Index 5 is past the table in the smallest games, where no move reaches it.
        let q = |j: usize, m: i64, q: i64| if j <= self.index.top() { self.q(j, m, q) } else { 0 };
        GroupTerms {
            f2_f3: cursor.minus[4].wrapping_add(q(4, m4, q4 - 1)),
            f3_f4: cursor.minus[5]
                .wrapping_add(q(5, m5, q5 - 1))
                .wrapping_sub(q(5, m4 - 8, q4 - 2))
                .wrapping_add(q(4, m4 - 8, q4 - 2)),
            f3_f3: cursor.same[4].wrapping_add(q(4, m4, q4)),
            f4_f4: cursor.same[5]
                .wrapping_add(q(5, m5, q5))
                .wrapping_sub(q(5, m4 - 8, q4 - 1))
                .wrapping_add(q(4, m4 - 8, q4 - 1)),
        }
    }

    /// The moves at indices up to 4 for the run of `cursor`, with the `t` where each is legal,
    /// and the run's bounds `(t_min, t_max)`.
    pub(super) fn run_moves(
        &self,
        cursor: &Cursor,
        group: &GroupTerms,
        terms: [u64; 4],
        moves: &mut [RunMove; 6],
    ) -> (usize, i64, i64) {
        let mut count = 0;
        let (t_min, t_max) = self.for_each_run_move(cursor, group, terms, |_, from, to, offset| {
            moves[count] = RunMove { offset, from, to };
            count += 1;
        });
        (count, t_min, t_max)
    }

    /// The bounds `(t_min, t_max)` of the run of `cursor`: `c_3` from `max(0, m_3 - 2 q_3)` to
    /// `(m_3 - q_3) / 2` (see the module header).
    #[inline(always)]
    pub(super) fn run_bounds(cursor: &Cursor) -> (i64, i64) {
        let [m3, q3] = [cursor.m[3], cursor.q[3]];
        ((m3 - 2 * q3).max(0), (m3 - q3) >> 1)
    }

    /// Hands `sink(kind, from, to, offset)` each of the moves at indices up to 4 for the run of
    /// `cursor` that is legal somewhere in it, with the `t` in `from..=to` where it is (inside the
    /// run's bounds), and gives the run's bounds `(t_min, t_max)`.
    #[inline(always)]
    pub(super) fn for_each_run_move(
        &self,
        cursor: &Cursor,
        group: &GroupTerms,
        [f2_f3, f3_f4, f3_f3, f4_f4]: [u64; 4],
        mut sink: impl FnMut(RunMoveKind, i64, i64, Offset),
    ) -> (i64, i64) {
        if cfg!(debug_assertions) {
            let terms = self.run_terms(cursor);
            debug_assert_eq!(terms, [f2_f3, f3_f4, f3_f3, if cursor.c[4] >= 2 { f4_f4 } else { 0 }]);
        }
        let [m3, q3] = [cursor.m[3], cursor.q[3]];
        let d = m3 - q3;
        let t_min_of = |m: i64, q: i64| (m - 2 * q).max(0);
        let (t_min, t_max) = Runs::run_bounds(cursor);
        let c4 = cursor.c[4];
        let ones_from = q3 - d; // c_1 = ones_from + t
        let first = cursor.same[3];
        // Each child lands in the run of its own counts at `t + shift`; its rank is that run's
        // first rank plus `t + shift` minus that run's lowest `t`. A run's first rank is its
        // terms above index 3 (the term at 3 is 0 at the lowest `t`), written here from the
        // parent's terms above the highest index the move touches and the changed ones below.
        let offset = |child_first: u64, shift: i64, m: i64, q: i64, below: bool| Offset {
            delta: child_first.wrapping_sub(first).wrapping_add((shift - (t_min_of(m, q) - t_min)) as u64),
            below,
        };
        // Every offset is a few integer operations (the table's terms came in `group` and the
        // four terms), so each is found whether or not its move is legal anywhere in the run.
        let mut push = |kind: RunMoveKind, from: i64, to: i64, offset: Offset| {
            let (from, to) = (from.max(t_min), to.min(t_max));
            if from <= to {
                sink(kind, from, to, offset);
            }
        };
        use RunMoveKind::*;
        // F1 ∧ F1 -> F2: same counts above 3, one part fewer below.
        push(Combine11, 2 - ones_from, t_max, offset(cursor.minus[3], 0, m3, q3 - 1, true));
        // F1 ∧ F2 -> F3: the same child run, one further up.
        push(Combine12, 1 - ones_from, (d - 1) >> 1, offset(cursor.minus[3], 1, m3, q3 - 1, true));
        // F2 ∧ F3 -> F4: c_4 + 1. (The terms of each child run's first rank that depend on the
        // counts above 4 alone are in `group`.)
        push(Combine23, 1, (d - 1) >> 1, offset(group.f2_f3.wrapping_sub(f2_f3), -1, m3 - 5, q3 - 2, true));
        if c4 >= 1 {
            // F3 ∧ F4 -> F5: c_4 - 1, c_5 + 1.
            push(Combine34, 1, t_max, offset(group.f3_f4.wrapping_sub(f3_f4), -1, m3 - 3, q3 - 1, true));
        }
        // F3 ∧ F3 -> F1 ∧ F4: c_4 + 1.
        push(Split33, 2, t_max, offset(group.f3_f3.wrapping_sub(f3_f3), -2, m3 - 5, q3 - 1, false));
        if c4 >= 2 {
            // F4 ∧ F4 -> F2 ∧ F5: c_4 - 2, c_5 + 1.
            push(Split44, t_min, t_max, offset(group.f4_f4.wrapping_sub(f4_f4), 0, m3 + 2, q3 + 1, false));
        }
        (t_min, t_max)
    }

    /// Sets the levels below 3 of `cursor` to the run's position with `c_3 = t`.
    pub(super) fn set_run_position(&self, cursor: &mut Cursor, t: i64) {
        let (m3, q3) = (cursor.m[3], cursor.q[3]);
        let (m2, q2) = (m3 - 3 * t, q3 - t);
        let ones = 2 * q3 - m3 + t;
        cursor.c[3] = t;
        (cursor.m[2], cursor.q[2]) = (m2, q2);
        (cursor.m[1], cursor.q[1]) = (ones, ones);
        cursor.same[2] = cursor.same[3] + self.q(3, m3, q3) - self.q(3, m2, q2);
        cursor.minus[2] =
            cursor.minus[3].wrapping_add(self.q(3, m3, q3 - 1)).wrapping_sub(self.q(3, m2, q2 - 1));
    }

    /// Test aid: every legal move's offset, checked against ranking the child from scratch.
    #[cfg(test)]
    pub(super) fn check_offsets(&self, cursor: &Cursor, t_min: i64, t_max: i64, first: u64) {
        use zecklab_games::zgame::{apply_to_counts, for_each_legal_move};
        let top = self.index.top();
        let mut moves = [RunMove { offset: Offset::default(), from: 0, to: 0 }; 6];
        let (count, _, _) =
            self.run_moves(cursor, &self.group_terms(cursor), self.run_terms(cursor), &mut moves);
        for t in t_min..=t_max {
            let mut counts = vec![0u32; top + 2];
            for j in 4..=top {
                counts[j - 1] = cursor.c[j] as u32;
            }
            let (m3, q3) = (cursor.m[3], cursor.q[3]);
            counts[2] = t as u32;
            counts[1] = (m3 - q3 - 2 * t) as u32;
            counts[0] = (2 * q3 - m3 + t) as u32;
            let rank = first + (t - t_min) as u64;
            assert_eq!(self.index.rank(&counts[..top]), rank, "{counts:?}");
            let mut expected = Vec::new();
            for_each_legal_move(&counts[..top], |m| {
                let mut child = counts.clone();
                apply_to_counts(&mut child, m);
                expected.push((self.index.rank(&child[..top]), m.removes_part(), format!("{m}")));
            });
            let mut got: Vec<(u64, bool)> = cursor.fixed[..cursor.fixed_len]
                .iter()
                .map(|o| (rank.wrapping_add(o.delta), o.below))
                .collect();
            for mv in &moves[..count] {
                if (mv.from..=mv.to).contains(&t) {
                    got.push((rank.wrapping_add(mv.offset.delta), mv.offset.below));
                }
            }
            if t < t_max {
                got.push((rank + 1, false));
            }
            let mut exp: Vec<(u64, bool)> = expected.iter().map(|e| (e.0, e.1)).collect();
            exp.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, exp, "{counts:?} {expected:?}");
        }
    }
}

/// `Q(3, m, q)`: the ways to write `m` as `q` parts 1, 2 and 3. With `c_3 = t`, `c_2 = d - 2t`
/// and `c_1 = q - d + t` for `d = m - q`, they are the `t` in `max(0, m - 2q) ..= d / 2`.
///
/// No case needs a branch: where `d < 0` the count `floor(d / 2) - max(0, m - 2q) + 1` is at
/// most 0, and where `q < 0` so it is (then `m - 2q > d`, so it is at most `q + 1` for `d >= 0`).
#[inline(always)]
pub(super) fn q_at_3(m: i64, q: i64) -> u64 {
    let d = m - q;
    ((d >> 1) - (m - 2 * q).max(0) + 1).max(0) as u64
}
