//! The family's fast solve against the naive search, position by position: every (c, k) with
//! c, k <= 4 under both rule sets, each up to an n where every move type occurs (the split
//! above index k needs n >= (c+1)·G_(k+1) + 1), in normal and misère play; Grundy values of the
//! Zeckendorf game itself (both rule sets are the same there) for every n <= 60.

use zecklab_games::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence, RuleSet};
use zecklab_reference::family::{Multiset, NaiveFamily};

/// The position of `counts` as the naive search holds it.
fn as_multiset(rules: &FamilyRules, counts: &[u32]) -> Multiset {
    counts.iter().zip(rules.terms()).filter(|(&c, _)| c > 0).map(|(&c, &g)| (g, u64::from(c))).collect()
}

fn check(recurrence: Recurrence, rule_set: RuleSet, n: u32, misere: bool, grundy: bool) {
    let rules = FamilyRules::new(recurrence, rule_set, n);
    let options = FamilyOptions { misere, grundy, ..FamilyOptions::default() };
    let fast = solve_family(&rules, n, &options, 1 << 32, |_, _| {}).unwrap();
    let mut naive = NaiveFamily::new(
        u64::from(recurrence.c()),
        recurrence.k() as usize,
        rule_set == RuleSet::All,
        u64::from(n),
        misere,
    );
    for r in 0..fast.index().count() {
        let counts = fast.index().unrank(r);
        let position = as_multiset(&rules, &counts);
        let want = naive.value(&position);
        let context =
            format!("{recurrence} {rule_set:?} misère {misere}, n = {n}: {}", rules.format(&counts));
        assert_eq!(fast.outcome(r).is_win(), want.win, "{context}");
        assert_eq!(fast.remoteness(r), want.remoteness, "{context}");
        if grundy {
            assert_eq!(fast.grundy(r), Some(naive.grundy(&position)), "{context}");
        }
    }
}

/// Runs `work` on a thread with a deep stack (the naive search recurses once a move).
fn deep(work: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(1 << 30).spawn(work).unwrap().join().unwrap();
}

#[test]
fn every_small_recurrence_under_both_rule_sets_in_both_plays() {
    deep(|| {
        for c in 1..=4u32 {
            for k in 2..=4u32 {
                let recurrence = Recurrence::new(c, k).unwrap();
                let terms = recurrence.terms_up_to(1 << 40);
                let n = (u64::from(c + 1) * terms[k as usize] + 1) as u32;
                for rule_set in [RuleSet::All, RuleSet::NoInitialCombine] {
                    for misere in [false, true] {
                        check(recurrence, rule_set, n, misere, false);
                    }
                }
            }
        }
    });
}

#[test]
fn grundy_values_and_misere_play_of_the_zeckendorf_game() {
    deep(|| {
        for n in 1..=60 {
            check(Recurrence::FIBONACCI, RuleSet::All, n, false, true);
            check(Recurrence::FIBONACCI, RuleSet::All, n, true, false);
        }
        // And a few of the family's own Grundy values.
        for (c, k, n) in [(1, 3, 40), (2, 2, 40), (2, 3, 40)] {
            for rule_set in [RuleSet::All, RuleSet::NoInitialCombine] {
                check(Recurrence::new(c, k).unwrap(), rule_set, n, false, true);
            }
        }
    });
}
