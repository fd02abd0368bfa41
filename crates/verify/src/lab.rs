//! Checks for the misère game on the game's own flat sweep and for Player 2's strategy lab: the
//! misère sweep against the naive misère search and the checker; `rule-test`'s table verdict
//! against a game-tree search that uses no table, with every losing line replayed; and
//! `p-structure`'s counts against the solver's.

use zecklab_games::zgame::{check_table, solve, solve_with, SolveOptions};
use zecklab_lab::{
    enumerate_rules, p_structure, replay_losing_line, search_preferences, test_rule, Exploration,
};
use zecklab_reference::family::{Multiset, NaiveFamily};
use zecklab_reference::rules::rule_wins_by_search;

use crate::{Check, Level};

const GAME_PAPER: &str = r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1"#;

/// Memory a check's solve may take.
const MEMORY: u128 = 4 << 30;

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let naive_n = level.pick(40u32, 70);
    let checked_n = level.pick(90u32, 300);
    let rules_n = level.pick(20u32, 30);
    let structure_n = level.pick(70u32, 200);
    let certificate_n = level.pick(40u32, 120);
    let rank_n = level.pick(60u32, 300);
    vec![
        Check::new(
            "misere-flat",
            "The misère Zeckendorf game on the game's own parallel flat sweep: every position's outcome and remoteness equal a memoised search of the misère game, and every table passes the checker (a position with no move is a win at remoteness 0; the rest as in normal play)",
            GAME_PAPER,
            format!("every position, n <= {naive_n} against the search; every position of every n <= {checked_n} through the checker"),
            "flat sweep (waves) against memoised depth-first search; local consistency of every position",
            move || check_misere(naive_n, checked_n),
        ),
        Check::new(
            "rule-test-tree",
            "Whether Player 2 following a rule wins against every Player 1 line, as the solved table decides it (every reachable decision good), is what a game-tree search without any table finds; every losing line replays by the rules alone",
            GAME_PAPER,
            format!("every rule of up to 2 preferences of the search's 30, every n <= {rules_n}"),
            "breadth-first exploration judged by the table, against memoised search of the restricted game tree",
            move || check_rules(rules_n),
        ),
        Check::new(
            "rule-test-rank-order",
            "rule-test in one pass in rank order (two visited bits a position, the path above n = 300) finds what the breadth-first test finds: the same verdict, decisions and agreement; its first bad decision is bad by the table and its losing line replays by the rules alone",
            GAME_PAPER,
            format!("four rules (two of the deterministic games' and two in the learned language's guards), every n <= {rank_n}"),
            "rank-order pass against breadth-first exploration, both judged by the same table",
            move || check_rank_order(rank_n),
        ),
        Check::new(
            "certificates",
            "Player 2's strategy built with each choice of winning reply (fastest, slowest, smallest found) wins against every Player 1 line, as a check that uses only the rules finds, and the smallest is never larger than the fastest",
            GAME_PAPER,
            format!("every n from 3 to {certificate_n}, each choice"),
            "strategies from the solved table, checked by playing every Player 1 line against them (no solver)",
            move || check_certificates(certificate_n),
        ),
        Check::new(
            "p-structure-sums",
            "Every cut of p-structure (by parts, by each count, by parities, by the largest part) adds up to the positions and P-positions of the solve",
            GAME_PAPER,
            format!("every n <= {structure_n}"),
            "sums of each cut against the solver's totals",
            move || check_structure(structure_n),
        ),
    ]
}

fn check_misere(naive_n: u32, checked_n: u32) -> Result<String, String> {
    let mut naive = NaiveFamily::new(1, 2, true, u64::from(naive_n), true);
    let mut compared = 0u64;
    let mut checked = 0u64;
    for n in 1..=checked_n {
        let with_remoteness = n <= 200;
        let options = SolveOptions {
            misere: true,
            split_blocks_from: 1 << 10,
            ..SolveOptions::new(with_remoteness, MEMORY)
        };
        let table = solve_with(n, &options, |_, _| {}).map_err(|e| e.to_string())?;
        let report = check_table(&table, |_, _| {});
        if !report.passed() {
            return Err(format!(
                "n = {n}: the misère table fails the checker at {:?}",
                report.first_inconsistent
            ));
        }
        checked += report.checked;
        if n > naive_n {
            continue;
        }
        let index = table.index();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let fib = zecklab_numeration::fib::FIB_U64;
            let position: Multiset = p
                .counts()
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(i, &c)| (fib[i + 1], u64::from(c)))
                .collect();
            let want = naive.value(&position);
            let got = table.value(r).expect("solved with remoteness");
            if got.outcome.is_win() != want.win || got.remoteness != want.remoteness {
                return Err(format!("n = {n}, {p}: the sweep gives {got:?}, the search {want:?}"));
            }
            compared += 1;
        }
    }
    Ok(format!(
        "{} positions equal the search; {} positions consistent",
        crate::grouped(compared),
        crate::grouped(checked)
    ))
}

fn check_rank_order(max_n: u32) -> Result<String, String> {
    use rayon::prelude::*;
    use zecklab_lab::{test_rule_by_rank, StrategyRule};
    // Rules whose breadth-first test stays near a million decisions at n = 300 (a rule such as
    // `next.combines<=0?last,first` reaches 75 million there and would take hours over the range);
    // the last two use the learned language's guards on the move and on the position after it.
    let rules = [
        "split:largest,combine:smallest,ones",
        "last",
        "next.splits>=1?split:largest,combine:largest,ones",
        "is:split&c@0>=3?first,combine:smallest,ones",
    ]
    .map(|t| StrategyRule::parse(t).expect("written in the language"));
    let check_n = |n: u32| -> Result<u64, String> {
        let table = solve(n, false, MEMORY, |_, _| {}).map_err(|e| e.to_string())?;
        let mut compared = 0u64;
        for rule in &rules {
            let wide = test_rule(rule, &table, Exploration::Full);
            let ranked = test_rule_by_rank(rule, &table, |_, _| {});
            if (ranked.wins, ranked.decisions, ranked.agreement)
                != (wide.wins, wide.decisions, wide.agreement)
            {
                return Err(format!(
                    "{rule}, n = {n}: rank order gives wins {} over {} decisions, breadth first wins {} over {}",
                    ranked.wins, ranked.decisions, wide.wins, wide.decisions
                ));
            }
            if let Some(line) = &ranked.losing_line {
                replay_losing_line(rule, n, line).map_err(|e| format!("{rule}, n = {n}: {e}"))?;
            }
            compared += ranked.decisions;
        }
        Ok(compared)
    };
    // Largest n first so that the two cores finish together.
    let compared: u64 = (1..=max_n)
        .rev()
        .collect::<Vec<_>>()
        .into_par_iter()
        .with_max_len(1)
        .map(check_n)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .sum();
    Ok(format!("{} decisions the same both ways", crate::grouped(compared)))
}

fn check_rules(max_n: u32) -> Result<String, String> {
    let tables: Vec<_> = (1..=max_n)
        .map(|n| solve(n, false, MEMORY, |_, _| {}).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let rules = enumerate_rules(&search_preferences(), 2);
    let (mut verdicts, mut lines) = (0u64, 0u64);
    for rule in &rules {
        for n in 1..=max_n {
            let test = test_rule(rule, &tables[n as usize - 1], Exploration::Full);
            if test.wins != rule_wins_by_search(rule, n) {
                return Err(format!(
                    "{rule}, n = {n}: the table says wins = {}, the tree the opposite",
                    test.wins
                ));
            }
            verdicts += 1;
            if let Some(line) = &test.losing_line {
                replay_losing_line(rule, n, line).map_err(|e| format!("{rule}, n = {n}: {e}"))?;
                lines += 1;
            }
        }
    }
    Ok(format!(
        "{} verdicts agree ({} rules); {} losing lines replay",
        crate::grouped(verdicts),
        rules.len(),
        crate::grouped(lines)
    ))
}

fn check_certificates(max_n: u32) -> Result<String, String> {
    use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};
    let (mut checked, mut smaller) = (0u64, 0u32);
    for n in 3..=max_n {
        let table = solve(n, true, MEMORY, |_, _| {}).map_err(|e| e.to_string())?;
        let mut sizes = Vec::new();
        for (choice, name) in ReplyChoice::ALL {
            let strategy =
                PlayerTwoStrategy::choosing(&table, choice, |_, _| {}).map_err(|e| e.to_string())?;
            strategy.check().map_err(|e| format!("n = {n}, {name}: {e}"))?;
            sizes.push(strategy.moves().len());
            checked += strategy.moves().len() as u64;
        }
        if sizes[2] > sizes[0] {
            return Err(format!(
                "n = {n}: the smallest found ({}) is larger than the fastest ({})",
                sizes[2], sizes[0]
            ));
        }
        smaller += u32::from(sizes[2] < sizes[0]);
    }
    Ok(format!(
        "every strategy wins ({} answers checked); the smallest is below the fastest at {smaller} of {} n",
        crate::grouped(checked),
        max_n - 2
    ))
}

fn check_structure(max_n: u32) -> Result<String, String> {
    let mut positions = 0u64;
    for n in 1..=max_n {
        let table = solve(n, false, MEMORY, |_, _| {}).map_err(|e| e.to_string())?;
        let s = p_structure(&table);
        let total = (table.index().count(), table.p_positions());
        let sum = |cells: &mut dyn Iterator<Item = &zecklab_lab::Cell>| {
            cells.fold((0, 0), |(a, b), c| (a + c.positions, b + c.p_positions))
        };
        let cuts = [
            ("parts", sum(&mut s.by_parts.values())),
            ("the parity of the parts", sum(&mut s.by_parts_parity.values())),
            ("the parity of c1", sum(&mut s.by_c1_parity.values())),
            ("the largest part", sum(&mut s.by_largest_part.values())),
        ];
        for (cut, got) in cuts {
            if got != total {
                return Err(format!("n = {n}: the cut by {cut} adds up to {got:?}, the solve has {total:?}"));
            }
        }
        // Each index's counts cover every position once.
        for i in 1..=table.index().top() {
            let got = sum(&mut s.by_count.iter().filter(|((j, _), _)| *j == i).map(|(_, c)| c));
            if got != total {
                return Err(format!("n = {n}: the cut by c{i} adds up to {got:?}, the solve has {total:?}"));
            }
        }
        positions += total.0;
    }
    Ok(format!("every cut adds up for {} positions", crate::grouped(positions)))
}
