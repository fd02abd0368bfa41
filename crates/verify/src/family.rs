//! Checks for the Zeckendorf game's family: the generalized game's solver against a memoised
//! search written from the sequence's identities, then the published claims of Miller, Sosis and
//! Ye (arXiv 2211.14973) over ranges of n, once for each rule set. A claim that a rule set does
//! not reproduce fails its check with the first counterexample: that is how the product tells
//! which rules the papers played.

use zecklab_games::zgame::family::{
    earliest_losing_option, solve_family, solve_family_coalitions, FamilyOptions, FamilyRules,
    FamilySolution, Recurrence, RuleSet,
};
use zecklab_games::Cancel;
use zecklab_reference::family::{Multiset, NaiveFamily};

use crate::{Check, Level};

const GENERALIZED_PAPER: &str = r#"Miller, Sosis and Ye, "Winning Strategies for Generalized Zeckendorf Game" (arXiv 2211.14973), abstract"#;
const GAME_PAPER: &str = r#"Baird-Smith, Epstein, Flint and Miller, "The Generalized Zeckendorf Game" (arXiv 1809.04883), abstract"#;

/// Memory a check's solve may take.
const MEMORY: u128 = 4 << 30;

/// The recurrences the claims are checked for: c = 1..4, k = 2..4.
fn recurrences() -> impl Iterator<Item = Recurrence> {
    (1..=4).flat_map(|c| (2..=4).map(move |k| Recurrence::new(c, k).expect("in range")))
}

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let naive_n = level.pick(40u32, 90);
    let winner_n = level.pick(140u32, 260);
    let players_extra = level.pick(6u32, 14);
    let mut checks = vec![Check::new(
        "family-naive",
        "The generalized game's solver (one sweep down the ranks, children by the rules) gives every position the outcome and remoteness of a memoised search whose moves are the sequence's identities written as replacements of values, in normal and misère play",
        GAME_PAPER,
        format!("every position of every (c, k) with c, k <= 3, both rule sets, both plays, 1 <= n <= {naive_n}"),
        "ranked sweep against memoised depth-first search over multisets of values",
        move || check_naive(naive_n),
    )];
    checks.push(Check::new(
        "family-winner-parity",
        "With two players and n large enough, Player 1 wins the (c, k) game when c is even and Player 2 when c is odd: reproduced by the rule set 'all' (the check passes when it is); what the rule set 'no-initial-combine' gives is reported beside it",
        GENERALIZED_PAPER,
        format!("c = 1..4, k = 2..4, every n <= {winner_n}: the claimed winner must hold from some n through {winner_n}"),
        "strong solve of every game under each rule set; the first n from which the claimed winner holds to the end of the range, per (c, k)",
        move || both_rule_sets(|rules| check_parity(rules, winner_n)),
    ));
    checks.push(Check::new(
        "family-early-mistake",
        "The player with the winning strategy can make a losing mistake as early as turn c + 1: reproduced by the rule set 'all'; the other reported beside it",
        GENERALIZED_PAPER,
        format!("c = 1..4, k = 2..4, the game on n = {winner_n}"),
        "every line from the start in which the winner plays only winning moves and the other any move, level by level: the first turn at which the winner has a move to a position the other wins",
        move || both_rule_sets(|rules| check_early_mistake(rules, winner_n)),
    ));
    checks.push(Check::new(
        "family-no-single-winner",
        "With p >= c + 2 players no player has a winning strategy for n >= 3c² + 6c + 3: reproduced by the rule set 'all' for p = c + 2 and c + 3; the other reported beside it",
        GENERALIZED_PAPER,
        format!("c = 1, 2 and k = 2..4, p = c + 2 and c + 3, each n from 3c² + 6c + 3 to {players_extra} past it"),
        "every coalition solved at once (a word per position and player to move); no single player's coalition wins the start",
        move || both_rule_sets(|rules| check_no_single_winner(rules, players_extra)),
    ));
    checks
}

/// Runs a claim under both rule sets: it passes when the rule set `all` reproduces the claim, and
/// says what `no-initial-combine` gives either way.
fn both_rule_sets(claim: impl Fn(RuleSet) -> Result<String, String>) -> Result<String, String> {
    let other = match claim(RuleSet::NoInitialCombine) {
        Ok(summary) => format!("'no-initial-combine' reproduces it too: {summary}"),
        Err(counterexample) => format!("'no-initial-combine' does not: {counterexample}"),
    };
    match claim(RuleSet::All) {
        Ok(summary) => Ok(format!("'all' reproduces it: {summary}. {other}")),
        Err(counterexample) => Err(format!("'all' does not reproduce it: {counterexample}. {other}")),
    }
}

fn solved(recurrence: Recurrence, rules: RuleSet, n: u32, misere: bool) -> Result<FamilySolution, String> {
    let game = FamilyRules::new(recurrence, rules, n);
    let options = FamilyOptions { misere, ..FamilyOptions::default() };
    solve_family(&game, n, &options, MEMORY, |_, _| {}).map_err(|e| e.to_string())
}

fn check_naive(max: u32) -> Result<String, String> {
    let mut positions = 0u64;
    for c in 1..=3 {
        for k in 2..=3 {
            let recurrence = Recurrence::new(c, k).map_err(|e| e.to_string())?;
            for rules in [RuleSet::All, RuleSet::NoInitialCombine] {
                for misere in [false, true] {
                    let mut naive = NaiveFamily::new(
                        u64::from(c),
                        k as usize,
                        rules == RuleSet::All,
                        u64::from(max),
                        misere,
                    );
                    for n in 1..=max {
                        let fast = solved(recurrence, rules, n, misere)?;
                        for r in 0..fast.index().count() {
                            let counts = fast.index().unrank(r);
                            let position: Multiset = counts
                                .iter()
                                .zip(fast.rules().terms())
                                .filter(|(&count, _)| count > 0)
                                .map(|(&count, &g)| (g, u64::from(count)))
                                .collect();
                            let want = naive.value(&position);
                            if fast.outcome(r).is_win() != want.win || fast.remoteness(r) != want.remoteness {
                                return Err(format!(
                                    "({recurrence}) {}, misère {misere}, n = {n}: {} fast {:?}/{}, naive {want:?}",
                                    rules.name(),
                                    fast.rules().format(&counts),
                                    fast.outcome(r),
                                    fast.remoteness(r)
                                ));
                            }
                            positions += 1;
                        }
                    }
                }
            }
        }
    }
    Ok(format!("{} positions agree", crate::grouped(positions)))
}

/// The winner from the start of each n in `1..=max`: `true` for Player 1.
fn winners(recurrence: Recurrence, rules: RuleSet, max: u32) -> Result<Vec<bool>, String> {
    (1..=max).map(|n| Ok(solved(recurrence, rules, n, false)?.outcome(0).is_win())).collect()
}

fn check_parity(rules: RuleSet, max: u32) -> Result<String, String> {
    let mut from = Vec::new();
    let mut failures = Vec::new();
    for recurrence in recurrences() {
        let claimed_p1 = recurrence.c() % 2 == 0;
        let won = winners(recurrence, rules, max)?;
        // The first n from which the claimed winner holds through the range.
        let start =
            won.iter().rposition(|&p1| p1 != claimed_p1).map_or(1, |last_other| last_other as u32 + 2);
        if start > max {
            failures
                .push(format!("({recurrence}): Player {} wins n = {max}", if claimed_p1 { 2 } else { 1 }));
        } else {
            from.push(format!("({recurrence}) from n = {start}"));
        }
    }
    if failures.is_empty() {
        Ok(format!("the claimed winner holds {}", from.join("; ")))
    } else {
        Err(format!("not reproduced: {}; holds {}", failures.join("; "), from.join("; ")))
    }
}

fn check_early_mistake(rules: RuleSet, max: u32) -> Result<String, String> {
    let mut found = Vec::new();
    for recurrence in recurrences() {
        let solution = solved(recurrence, rules, max, false)?;
        let turn = earliest_losing_option(&solution);
        let claimed = recurrence.c() + 1;
        if turn != Some(claimed) {
            return Err(format!(
                "({recurrence}), n = {max}: the winner's first losing option is at turn {}, not {claimed}",
                turn.map_or("never".to_string(), |t| t.to_string())
            ));
        }
        found.push(format!("({recurrence}) {claimed}"));
    }
    Ok(format!("turn c + 1 in every game: {}", found.join(", ")))
}

fn check_no_single_winner(rules: RuleSet, extra: u32) -> Result<String, String> {
    let mut games = 0;
    for (c, players) in [(1u32, 3u32), (1, 4), (2, 4), (2, 5)] {
        for k in 2..=4 {
            let recurrence = Recurrence::new(c, k).map_err(|e| e.to_string())?;
            let bound = 3 * c * c + 6 * c + 3;
            for n in bound..=bound + extra {
                let game = FamilyRules::new(recurrence, rules, n);
                let solution = solve_family_coalitions(&game, n, players, MEMORY, &Cancel::new())
                    .map_err(|e| e.to_string())?;
                if let Some(p) = solution.single_winner() {
                    return Err(format!(
                        "({recurrence}), {players} players, n = {n}: Player {p} has a winning strategy"
                    ));
                }
                games += 1;
            }
        }
    }
    Ok(format!("no single winner in any of {games} games"))
}
