//! Checks for the Zeckendorf game (seed 000): the ranked solver against the naive solver on
//! every position, Player 2 winning from the start, and position counts against an independent
//! partition count.

use zecklab_engines::{solve_layered, LayeredOptions, LayeredTable, TierSweep, TieredSolver};
use zecklab_games::zgame::{
    check_table, lengths, play_out, solve, solve_with, theorem_bound, PositionIndex, Rule, SolveOptions,
    ZPosition,
};
use zecklab_games::Outcome;
use zecklab_lab::PlayerTwoStrategy;
use zecklab_numeration::{fib::FIB_U64, zeckendorf_u64};
use zecklab_reference::zgame::{partition_count, NaiveSolver};

use crate::{grouped, Check, Level};

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let naive_n = level.pick(40u32, 48);
    let start_n = level.pick(180u32, 360);
    let strategy_n = level.pick(80u32, 130);
    let count_n = 400u32;
    let lengths_n = level.pick(100u32, 160);
    let table_n = level.pick(120u32, 200);
    let store_n = level.pick(40u32, 80);
    // Larger games checked on their own: the last one-byte and first two-byte remoteness widths.
    let table_sample: Vec<u32> = level.pick(vec![200], vec![250, 300, 337, 338]);
    let tiered_n = level.pick(150u32, 300);
    let tiered_sample: Vec<u32> = level.pick(vec![200], vec![250, 350, 400, 450, 500]);
    let layered_positions: Vec<u32> = level.pick((1..=120).collect(), (1..=150).chain([200, 300]).collect());
    let layered_sample: Vec<u32> = level.pick(vec![200, 300], vec![400, 500, 600, 815]);
    let (words_n, words_remoteness_n, words_reference_n) =
        level.pick((130u32, 100u32, 90u32), (300, 250, 200));
    vec![
        Check::new(
            "zgame-lengths",
            "The shortest game on n has n - Z(n) moves; Combine Largest and Split Largest play it and Split Smallest plays the longest; the longest is at most sum a_i delta_i (a_i = F(i+2) - i - 2), with equality exactly when n = F(k) - 1",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Theorems 1.2, 1.3, 1.4"#,
            format!("1 <= n <= {lengths_n}"),
            "shortest and longest over the whole position graph (ranked sweep) against n - Z(n), the deterministic play-outs and the bound",
            move || check_lengths(lengths_n),
        ),
        Check::new(
            "zgame-solver-naive",
            "The ranked strong solver gives the same outcome and remoteness as a memoised search over hashed positions, for every position",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1"#,
            format!("every position of the game on n, 1 <= n <= {naive_n}"),
            "dense-rank sweep (both in rank order and split into dependency waves down to 8-position blocks) against naive memoised depth-first search, position by position",
            move || check_naive(naive_n),
        ),
        Check::new(
            "zgame-table-check",
            "Every solved table is the game's unique solution: each position is a win exactly when some child is a loss, its remoteness follows from its children's by the definition, and the end is a loss with remoteness 0",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1; remoteness by its definition"#,
            format!("every position of the game on n, 1 <= n <= {table_n}, and n = {}", table_sample.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
            "the solver's tables (outcome and remoteness) checked position by position against their children, found by the rules and ranked from scratch (no rank arithmetic of the solver)",
            move || check_tables((1..=table_n).chain(table_sample.iter().copied())),
        ),
        Check::new(
            "zgame-tiered-flat",
            "Solving tier by tier (positions with the same number of parts, two tiers in memory) gives every position the outcome and remoteness of the flat solve, and the same P-positions per tier",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1 (combines remove a part, splits keep the count)"#,
            format!(
                "every position of the game on n, 1 <= n <= {tiered_n}; P-positions by tier for n = {}",
                tiered_sample.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
            "tiered solve (runs of constant child offsets, outcomes 64 at a time) against the flat rank-arithmetic sweep, position by position",
            move || check_tiered(tiered_n, &tiered_sample),
        ),
        Check::new(
            "zgame-layered",
            "Solving layer by layer (cells of equal counts from index 4 up, layers of equal index weight, each move a constant shift of whole rows) gives every position the outcome of the flat solve, and the same winner, P-positions and P-positions per tier as the tier sweep",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1"#,
            format!(
                "every position of the game on n = {}; P-positions by tier for n = {}",
                spans(&layered_positions),
                layered_sample.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
            "layered solve (one and two threads) against the flat rank-arithmetic sweep position by position, and against the tier sweep tier by tier",
            move || check_layered(&layered_positions, &layered_sample),
        ),
        Check::new(
            "zgame-tier-sweeps",
            "Within a tier, the word pass (64 positions' outcomes at once), the scalar pass (position by position) and the reference (every child ranked from its counts) give every position the same outcome and remoteness",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1"#,
            format!(
                "every position of every tier of the game on n: word = scalar for 1 <= n <= {words_n} (with remoteness to {words_remoteness_n}); both = reference for n <= {words_reference_n}"
            ),
            "the three sweeps run side by side, tier by tier, every tier's values compared whole",
            move || check_tier_sweeps(words_n, words_remoteness_n, words_reference_n),
        ),
        Check::new(
            "zgame-store-round-trip",
            "A solved game saved in the table format reads back position for position, and the stored table passes the checker on its own",
            "the table format of this repository (crates/store/FORMAT.md)",
            format!("every position of the game on n, 1 <= n <= {store_n}"),
            "save to a temporary store (atomic write, checksums), open by memory mapping, verify every chunk, compare every value with the solution, run the table checker on the stored table",
            move || round_trip_check(store_n),
        ),
        Check::new(
            "zgame-player-two",
            "Player 2 wins the Zeckendorf game on n for every n >= 3 (Player 1 wins n = 2)",
            r#"Cusenza et al., "Bounds on Zeckendorf Games" (a non-constructive proof)"#,
            format!("1 <= n <= {start_n}"),
            "strong solve of every position of each game; outcome of the start {1^n}",
            move || check_start(start_n),
        ),
        Check::new(
            "zgame-strategy",
            "Player 2's strategy exported from the solver answers every Player 1 line with a legal move and always makes the last move",
            r#"Cusenza et al., "Bounds on Zeckendorf Games" (Player 2 wins for n >= 3, proved without a strategy)"#,
            format!("n = 1 and 3 <= n <= {strategy_n}"),
            "strategy written as text, read back, and every Player 1 line played against it with the rules alone; the longest such line must last the start's remoteness",
            move || check_strategies(strategy_n),
        ),
        Check::new(
            "zgame-position-count",
            "The positions of the game on n are the partitions of n into Fibonacci parts, and the ranking numbers them 0..count",
            r#"Cusenza et al., "Bounds on Zeckendorf Games" (positions are partitions into Fibonacci parts)"#,
            format!("1 <= n <= {count_n}"),
            "the ranking's two-dimensional count against a one-dimensional coin-change count",
            move || check_counts(count_n),
        ),
    ]
}

fn check_naive(max: u32) -> Result<String, String> {
    let mut total = 0u64;
    let mut naive = NaiveSolver::new();
    for split_blocks_from in [u64::MAX, 8] {
        for n in 1..=max {
            let options = SolveOptions { split_blocks_from, ..SolveOptions::new(true, 1 << 32) };
            let solution = solve_with(n, &options, |_, _| {}).map_err(|e| e.to_string())?;
            let index = solution.index();
            for r in 0..index.count() {
                let p = index.unrank(r);
                let v = naive.value(&p);
                if solution.value(r) != Some(v) {
                    return Err(format!("n = {n}, {p}: fast {:?}, naive {v:?}", solution.value(r)));
                }
                total += 1;
            }
        }
    }
    Ok(format!("{total} positions agree (each game solved both ways)"))
}

fn check_tables(ns: impl Iterator<Item = u32>) -> Result<String, String> {
    let mut total = 0u64;
    for n in ns {
        let solution = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let report = check_table(&solution, |_, _| {});
        if !report.passed() || !report.remoteness_checked {
            return Err(format!(
                "n = {n}: {} of {} positions inconsistent, the first {}",
                report.inconsistent,
                report.positions,
                report.first_inconsistent.map_or("?".to_string(), |p| p.to_string())
            ));
        }
        total += report.checked;
    }
    Ok(format!("{} positions consistent with their children", grouped(total)))
}

fn check_strategies(max: u32) -> Result<String, String> {
    let mut entries = 0;
    for n in (1..=max).filter(|&n| n != 2) {
        let solution = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let strategy =
            PlayerTwoStrategy::from_solution(&solution, |_, _| {}).map_err(|e| format!("n = {n}: {e}"))?;
        let text: Vec<String> = strategy.lines().collect();
        let read =
            PlayerTwoStrategy::parse(text.iter().map(String::as_str)).map_err(|e| format!("n = {n}: {e}"))?;
        let report = read.check().map_err(|e| format!("n = {n}: {e}"))?;
        if report.unreachable_entries != 0 {
            return Err(format!("n = {n}: {} entries no Player 1 line reaches", report.unreachable_entries));
        }
        // Against Player 2's fastest wins, Player 1's longest line lasts exactly the start's
        // remoteness (induction on the definition): the rules-only check meets the solver here.
        let start_remoteness = solution.remoteness(solution.start_rank());
        if Some(report.longest_game) != start_remoteness {
            return Err(format!(
                "n = {n}: the longest game against the strategy has {} moves, the start's remoteness is {start_remoteness:?}",
                report.longest_game
            ));
        }
        entries += read.moves().len();
    }
    Ok(format!("every strategy answers every Player 1 line and wins ({entries} positions answered in all)"))
}

fn check_start(max: u32) -> Result<String, String> {
    for n in 1..=max {
        let solution = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let start = ZPosition::start(n).map_err(|e| e.to_string())?;
        let r = solution.index().rank(&start).ok_or("start not ranked")?;
        let p1_wins = solution.outcome(r) == Outcome::Win;
        let expected = n == 2;
        if p1_wins != expected {
            return Err(format!("n = {n}: Player {} wins", if p1_wins { 1 } else { 2 }));
        }
    }
    Ok(format!("Player 2 wins every n from 3 to {max}; Player 1 wins n = 2 (n = 1 has no move)"))
}

fn check_counts(max: u32) -> Result<String, String> {
    for n in 1..=max {
        let index = PositionIndex::new(n).ok_or("count overflow")?;
        if u128::from(index.count()) != partition_count(n) {
            return Err(format!(
                "n = {n}: index counts {}, coin change {}",
                index.count(),
                partition_count(n)
            ));
        }
    }
    let at_100 = PositionIndex::new(100).map(|i| i.count()).unwrap_or(0);
    Ok(format!("counts agree for every n; n = 100 has {at_100} positions"))
}

fn check_lengths(max: u32) -> Result<String, String> {
    let mut sharp = Vec::new();
    for n in 1..=max {
        let l = lengths(n, |_, _| {}).ok_or("too large")?;
        let z = zeckendorf_u64(u64::from(n)).z() as u32;
        if l.shortest != n - z {
            return Err(format!("n = {n}: shortest {} but n - Z(n) = {}", l.shortest, n - z));
        }
        for rule in [Rule::CombineLargest, Rule::SplitLargest] {
            if play_out(n, rule, rule) != u64::from(l.shortest) {
                return Err(format!("n = {n}: {rule} does not give the shortest game"));
            }
        }
        if play_out(n, Rule::SplitSmallest, Rule::SplitSmallest) != u64::from(l.longest) {
            return Err(format!("n = {n}: split-smallest does not give the longest game {}", l.longest));
        }
        let bound = theorem_bound(n);
        if u64::from(l.longest) > bound {
            return Err(format!("n = {n}: longest {} exceeds the bound {bound}", l.longest));
        }
        let fib_minus_one = FIB_U64[1..].contains(&(u64::from(n) + 1));
        if (u64::from(l.longest) == bound) != fib_minus_one {
            return Err(format!(
                "n = {n}: bound sharp = {}, n = F(k) - 1 = {fib_minus_one}",
                u64::from(l.longest) == bound
            ));
        }
        if u64::from(l.longest) == bound {
            sharp.push(n);
        }
    }
    Ok(format!("all hold; the bound is sharp exactly at n = {sharp:?}"))
}

/// The tiered solve against the flat one: every position's value for `n <= max_n`, and the
/// per-tier P-position counts for the `sample`.
pub(crate) fn check_tiered(max_n: u32, sample: &[u32]) -> Result<String, String> {
    let mut positions = 0u64;
    for n in 1..=max_n {
        let flat = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let mut solver = TieredSolver::new(n, true, 1 << 32).map_err(|e| e.to_string())?;
        // Every tier kept, indexed by parts.
        let mut tiers = vec![None; n as usize + 1];
        while let Some(p) = solver.next_tier() {
            solver.solve_next(|_, _| {}).map_err(|e| e.to_string())?;
            tiers[p as usize] = solver.last();
        }
        // The flat order restricted to a tier is the tier's rank order, so walking the flat ranks
        // and counting per tier gives each position's tier rank without ranking it.
        let index = flat.index();
        let mut counts = vec![0u32; index.top()];
        let mut next_rank = vec![0u64; n as usize + 1];
        index.unrank_into(0, &mut counts);
        for r in 0..index.count() {
            if r > 0 {
                index.next_counts(&mut counts);
            }
            let p = counts.iter().sum::<u32>() as usize;
            let t = next_rank[p];
            next_rank[p] += 1;
            let tier = tiers[p].as_ref().ok_or_else(|| format!("n = {n}: tier {p} was not solved"))?;
            let (win, remoteness) = (flat.outcome(r).is_win(), flat.remoteness(r));
            if tier.is_win(t) != win || tier.remoteness_of(t) != remoteness {
                return Err(format!(
                    "n = {n}: position {} (tier {p}, rank {t}): tiered ({}, {:?}) but flat ({win}, {remoteness:?})",
                    ZPosition::from_counts(counts.clone()).map_or_else(|e| e.to_string(), |z| z.to_string()),
                    tier.is_win(t),
                    tier.remoteness_of(t)
                ));
            }
            positions += 1;
        }
    }
    for &n in sample {
        let flat = solve(n, false, 1 << 34, |_, _| {}).map_err(|e| e.to_string())?;
        let tiered = TieredSolver::new(n, false, 1 << 34)
            .and_then(|s| s.run(|_, _, _| {}))
            .map_err(|e| e.to_string())?;
        if tiered.tiers != flat.tiers() || tiered.p_positions != flat.p_positions() {
            return Err(format!("n = {n}: the tiered P-positions by tier differ from the flat solve's"));
        }
    }
    let sample: Vec<String> = sample.iter().map(u32::to_string).collect();
    Ok(format!("{positions} positions equal; P-positions by tier equal for n = {}", sample.join(", ")))
}

/// `1..=150` and the like for runs of consecutive n, comma-separated.
fn spans(ns: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j + 1] == ns[j] + 1 {
            j += 1;
        }
        parts.push(if j > i { format!("{} to {}", ns[i], ns[j]) } else { ns[i].to_string() });
        i = j + 1;
    }
    parts.join(", ")
}

/// The layered solve against the flat one position by position (every n of `every`, on one
/// thread and two), and against the tier sweep's winner and P-positions by tier (`sample`).
pub(crate) fn check_layered(every: &[u32], sample: &[u32]) -> Result<String, String> {
    let mut positions = 0u64;
    for &n in every {
        let flat = solve(n, false, 1 << 34, |_, _| {}).map_err(|e| e.to_string())?;
        let index = flat.index();
        for threads in [1, 2] {
            let portable = threads == 1;
            let layered = LayeredTable::solve(n, threads, portable, &zecklab_games::Cancel::new())
                .map_err(|e| e.to_string())?;
            let mut counts = vec![0u32; index.top()];
            index.unrank_into(0, &mut counts);
            for r in 0..index.count() {
                if r > 0 {
                    index.next_counts(&mut counts);
                }
                if layered.is_loss(&counts) != (flat.outcome(r) == Outcome::Loss) {
                    return Err(format!(
                        "n = {n}, {threads} threads: position {} differs from the flat solve",
                        ZPosition::from_counts(counts.clone())
                            .map_or_else(|e| e.to_string(), |z| z.to_string())
                    ));
                }
                positions += 1;
            }
        }
    }
    for &n in sample {
        let tiered = TieredSolver::new(n, false, 20 << 30)
            .and_then(|s| s.run(|_, _, _| {}))
            .map_err(|e| e.to_string())?;
        let options = LayeredOptions { by_parts: true, ..LayeredOptions::default() };
        let layered = solve_layered(n, &options, |_| {}).map_err(|e| e.to_string())?;
        if layered.tiers.as_ref() != Some(&tiered.tiers)
            || layered.p_positions != tiered.p_positions
            || layered.start != tiered.start
            || layered.positions != tiered.positions
        {
            return Err(format!(
                "n = {n}: the layered solve's P-positions by tier differ from the tier sweep's"
            ));
        }
    }
    let sample: Vec<String> = sample.iter().map(u32::to_string).collect();
    Ok(format!("{positions} positions equal; P-positions by tier equal for n = {}", sample.join(", ")))
}

/// The tiered solve's three sweeps against each other on every position of every tier: the
/// word pass and the scalar pass for `n <= words_n` (outcomes; with remoteness to `remoteness_n`),
/// and both against the rank-order reference for `n <= reference_n`.
pub(crate) fn check_tier_sweeps(words_n: u32, remoteness_n: u32, reference_n: u32) -> Result<String, String> {
    let mut positions = 0u64;
    for n in 1..=words_n {
        for with_remoteness in [false, true] {
            if with_remoteness && n > remoteness_n {
                continue;
            }
            let mut ways: Vec<TierSweep> = vec![TierSweep::Fast, TierSweep::Scalar];
            if n <= reference_n {
                ways.push(TierSweep::RankOrder);
            }
            let mut solvers = ways
                .iter()
                .map(|&how| TieredSolver::new(n, with_remoteness, 1 << 32).map(|s| (how, s)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            while let Some(p) = solvers[0].1.next_tier() {
                for (how, solver) in &mut solvers {
                    solver.solve_next_by(*how, |_, _| {}).map_err(|e| e.to_string())?;
                }
                let (first, rest) = solvers.split_first().expect("two sweeps at least");
                for (how, solver) in rest {
                    if solver.last() != first.1.last() {
                        return Err(format!(
                            "n = {n}, tier {p} (remoteness {with_remoteness}): the {how:?} sweep differs from the word pass"
                        ));
                    }
                }
                if !with_remoteness {
                    positions += first.1.index().count(p);
                }
            }
        }
    }
    Ok(format!("{positions} positions equal"))
}

/// Saves the solved games on `1..=max_n` to a temporary store, reads every position back, and
/// checks the read tables with the independent checker: the round trip `zecklab verify` runs.
///
/// # Errors
/// A description of the first difference or failure.
fn round_trip_check(max_n: u32) -> Result<String, String> {
    use zecklab_games::zgame::{check_table, solve};
    use zecklab_store::Store;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let store = Store::locate(Some(dir.path().to_path_buf())).ok_or("no store")?;
    let mut positions = 0;
    for n in 1..=max_n {
        let solution = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        store.save(&solution, |_, _| {}).map_err(|e| e.to_string())?;
        let table = store.open(n).map_err(|e| e.to_string())?.ok_or("saved table missing")?;
        let verified = table.load(u64::MAX, |_, _| {}).map_err(|e| e.to_string())?;
        let index = solution.index();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let parts = p.counts().iter().sum();
            if table.outcome(r).map_err(|e| e.to_string())? != solution.outcome(r)
                || table.remoteness(r, parts).map_err(|e| e.to_string())? != solution.remoteness(r)
            {
                return Err(format!("n = {n}, {p}: the stored value differs from the solved one"));
            }
        }
        if !check_table(&verified, |_, _| {}).passed() {
            return Err(format!("n = {n}: the stored table fails the checker"));
        }
        positions += index.count();
    }
    Ok(format!("{positions} positions saved, read back and checked"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The full ranges of `verify`'s tiered checks: tiered = flat on every position (outcome and
    /// remoteness) for every n <= 300, 2,967,043,655 positions, and the word pass = the scalar
    /// pass as far. About 13 minutes on two cores, so the suite runs it on request
    /// (`cargo test -p zecklab-verify -- --ignored`) and `verify --quick` covers a range of it.
    #[test]
    #[ignore = "about 7 minutes on two cores; run with --ignored"]
    fn tiered_equals_flat_and_word_equals_scalar_on_every_position_to_300() {
        let flat = check_tiered(300, &[]);
        assert!(flat.is_ok(), "{flat:?}");
        let sweeps = check_tier_sweeps(300, 0, 0);
        assert!(sweeps.is_ok(), "{sweeps:?}");
    }
}
