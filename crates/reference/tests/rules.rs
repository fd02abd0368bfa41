//! `rule-test` against a game-tree search that uses no table, on every rule of up to two
//! preferences of the search's set, for every n <= 30; and every losing line replayed.

use zecklab_games::zgame::solve;
use zecklab_lab::{
    enumerate_rules, replay_losing_line, search_preferences, test_rule, Exploration, StrategyRule,
};
use zecklab_reference::rules::rule_wins_by_search;

#[test]
fn the_tables_verdict_is_the_game_trees_and_every_losing_line_replays() {
    let tables: Vec<_> = (1..=30).map(|n| solve(n, false, 1 << 30, |_, _| {}).unwrap()).collect();
    let mut rules = enumerate_rules(&search_preferences(), 2);
    // And rules with index selectors and count guards, outside the search's set.
    for text in
        ["combine:2,split:2,ones", "c2>=2?split:2,combine:largest,ones", "c1<3?combine:3,split:4,ones"]
    {
        rules.push(StrategyRule::parse(text).unwrap());
    }
    let (mut wins, mut losses) = (0, 0);
    for rule in &rules {
        for n in 1..=30u32 {
            let table = &tables[n as usize - 1];
            let full = test_rule(rule, table, Exploration::Full);
            let quick = test_rule(rule, table, Exploration::UntilBad);
            let truth = rule_wins_by_search(rule, n);
            assert_eq!(full.wins, truth, "{rule}, n = {n}");
            assert_eq!(quick.wins, truth, "{rule}, n = {n}");
            assert_eq!(quick.first_bad, full.first_bad, "{rule}, n = {n}: the same shallowest bad decision");
            if truth {
                wins += 1;
                assert!(full.losing_line.is_none() && full.first_bad.is_none());
            } else {
                losses += 1;
                let line = full.losing_line.as_ref().expect("a losing rule has a losing line");
                replay_losing_line(rule, n, line).unwrap_or_else(|e| panic!("{rule}, n = {n}: {e}"));
                let bad = full.first_bad.as_ref().unwrap();
                assert_eq!(line[bad.depth as usize], bad.position, "{rule}, n = {n}");
            }
        }
    }
    // Both verdicts occur, so neither side of the comparison is vacuous.
    assert!(wins > 100 && losses > 100, "{wins} wins, {losses} losses");
}

#[test]
fn a_tampered_line_is_refused_by_the_replay() {
    let rule = StrategyRule::parse("combine:largest,ones,split:largest").unwrap();
    let table = solve(20, false, 1 << 30, |_, _| {}).unwrap();
    let report = test_rule(&rule, &table, Exploration::Full);
    let line = report.losing_line.expect("this rule loses n = 20");
    replay_losing_line(&rule, 20, &line).unwrap();
    assert!(replay_losing_line(&rule, 20, &line[..line.len() - 1]).is_err(), "ends after Player 2");
    assert!(replay_losing_line(&rule, 20, &line[..line.len() - 2]).is_err(), "the rule still has a move");
    let other = StrategyRule::parse("ones,combine:smallest,split:smallest").unwrap();
    assert!(replay_losing_line(&other, 20, &line).is_err(), "another rule's moves");
    assert!(replay_losing_line(&rule, 21, &line).is_err(), "another game");
}

/// Learned rules, checked with no table: each wins every n of its range by the game-tree search,
/// and loses the first n past its reported run, to n = 30.
#[test]
fn learned_rules_win_and_lose_where_the_game_tree_says() {
    use zecklab_lab::{wins_through, Learner, Method};
    let tables: Vec<_> = (1..=30).map(|n| solve(n, false, 1 << 30, |_, _| {}).unwrap()).collect();
    for to in [8u32, 15] {
        let mut learner = Learner::new(30);
        let learned = learner.learn(&tables[..to as usize], &Method::ALL, 100_000, |_| {}).unwrap();
        let rule = StrategyRule::parse(&learned.rule.to_string()).unwrap();
        let through = wins_through(&rule, &tables).unwrap();
        assert!(through >= to, "{rule}");
        for n in 3..=through {
            assert!(rule_wins_by_search(&rule, n), "learned on 3 to {to}: {rule} loses n = {n} by search");
        }
        if through < 30 {
            assert!(!rule_wins_by_search(&rule, through + 1), "{rule} at n = {}", through + 1);
        }
    }
}
