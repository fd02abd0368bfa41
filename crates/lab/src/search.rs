//! Searching the rule language: every rule up to a size, built from a stated set of picks and
//! guards, each tested on n = 3, 4, ... until it first loses (most rules lose early), the solved
//! tables shared by every rule and n, and its agreement measured on one game.

use rayon::prelude::*;

use super::rule::{Extreme, Guard, Pick, Preference, StrategyRule};
use super::test::{test_rule, Exploration};
use zecklab_games::zgame::Solution;

/// The picks a search combines: the five of the language's core.
pub const SEARCH_PICKS: [Pick; 5] = [
    Pick::Ones,
    Pick::Combine(Extreme::Largest),
    Pick::Combine(Extreme::Smallest),
    Pick::Split(Extreme::Largest),
    Pick::Split(Extreme::Smallest),
];

/// The guards a search puts in front of a pick (or none): the parities of `c_1` and of the
/// number of parts, and `c_1 >= 2`.
pub const SEARCH_GUARDS: [Guard; 5] = [
    Guard::CountParity { index: 1, odd: true },
    Guard::CountParity { index: 1, odd: false },
    Guard::PartsParity { odd: true },
    Guard::PartsParity { odd: false },
    Guard::Count { index: 1, comparison: super::rule::Comparison::AtLeast, value: 2 },
];

/// Every preference a search uses: each pick alone and behind each guard.
pub fn search_preferences() -> Vec<Preference> {
    let mut out = Vec::new();
    for pick in SEARCH_PICKS {
        out.push(Preference::always(pick));
        for guard in SEARCH_GUARDS {
            out.push(Preference::guarded(vec![guard], pick));
        }
    }
    out
}

/// Every rule of 1 to `size` distinct preferences from `preferences`, in order of size.
pub fn enumerate_rules(preferences: &[Preference], size: usize) -> Vec<StrategyRule> {
    let mut rules = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    fn extend(preferences: &[Preference], size: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if !current.is_empty() {
            out.push(current.clone());
        }
        if current.len() == size {
            return;
        }
        for k in 0..preferences.len() {
            if !current.contains(&k) {
                current.push(k);
                extend(preferences, size, current, out);
                current.pop();
            }
        }
    }
    let mut chosen = Vec::new();
    extend(preferences, size, &mut current, &mut chosen);
    chosen.sort_by_key(Vec::len);
    for c in chosen {
        rules.push(StrategyRule::new(c.into_iter().map(|k| preferences[k].clone()).collect()));
    }
    rules
}

/// One rule's result.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub rule: StrategyRule,
    /// The largest `N` such that the rule wins every n from 3 to `N` (2 when it loses at 3).
    pub wins_through: u32,
    /// The first n from 3 at which it loses (`None`: it wins through the whole range).
    pub first_loss: Option<u32>,
    /// Its agreement on the game the search measures it on (see [`super::RuleTest::agreement`]).
    pub agreement: Option<f64>,
}

/// Tests every rule on n = 3 to `tables.len()` (`tables[n - 1]` the game on n, outcomes enough)
/// until it first loses, and measures its agreement on the game on `agreement_n`; on the current
/// rayon pool. `progress(done)` counts rules.
pub fn search_rules(
    rules: Vec<StrategyRule>,
    tables: &[Solution],
    agreement_n: u32,
    progress: impl Fn(u64) + Sync,
) -> Vec<SearchResult> {
    let last = tables.len() as u32;
    let done = std::sync::atomic::AtomicU64::new(0);
    rules
        .into_par_iter()
        .map(|rule| {
            let first_loss =
                (3..=last).find(|&n| !test_rule(&rule, &tables[n as usize - 1], Exploration::UntilBad).wins);
            let agreement = test_rule(&rule, &tables[agreement_n as usize - 1], Exploration::Full).agreement;
            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            SearchResult { wins_through: first_loss.map_or(last, |n| n - 1), first_loss, agreement, rule }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_up_to_the_size_once() {
        let preferences = search_preferences();
        assert_eq!(preferences.len(), 30);
        let rules = enumerate_rules(&preferences, 2);
        assert_eq!(rules.len(), 30 + 30 * 29);
        let distinct: std::collections::HashSet<String> = rules.iter().map(ToString::to_string).collect();
        assert_eq!(distinct.len(), rules.len());
        for r in &rules {
            assert_eq!(StrategyRule::parse(&r.to_string()).unwrap(), *r);
        }
    }
}
