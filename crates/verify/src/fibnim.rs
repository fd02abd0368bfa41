//! Checks for Fibonacci Nim and its factor-`k` family (seeds 001, 003, 004): the outcome rule,
//! the smallest-term strategy, theory against exhaustive search on every position, the misère
//! reduction, and the nim-sum rule for sums with own caps.

use std::collections::HashMap;

use num_bigint::BigUint;
use zecklab_games::fibnim::{
    own_caps_analysis, thresholds, winning_moves_from_table, GrundyTable, NimPosition, NimRules, Theory,
    NO_THRESHOLD,
};
use zecklab_numeration::ladder_u64;
use zecklab_reference::fibnim::own_caps_wins;

use crate::{grouped, Check, Level};

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let heaps = level.pick(1_000_000u32, 1_000_000);
    let every_position = level.pick(1_000u32, 3_000);
    let misere_heaps = level.pick(200_000u32, 1_000_000);
    let sum_heaps = level.pick(20u32, 25);
    vec![
        Check::new(
            "nim-outcome-rule",
            "In the factor-k game (k = 1..10) the opener loses exactly when the heap is a term of the k-ladder (k = 2: a Fibonacci number)",
            r#"the essay "The heap is not the position"; the note "石取りゲームとFibonacci数" (Fibonacci Freak)"#,
            format!("k = 1..10, opening heaps 2..={}", grouped(u64::from(heaps))),
            "exhaustive threshold search (no ladder) against ladder membership",
            move || check_outcome_rule(heaps),
        ),
        Check::new(
            "nim-smallest-term",
            "From every winnable opening heap, taking the smallest term of the heap's ladder representation wins (k = 1..10)",
            r#""Proof of winning strategy in Fibonacci Nim" (a question and its answers); the essay "The heap is not the position""#,
            format!("k = 1..10, opening heaps 2..={}", grouped(u64::from(heaps))),
            "the move is checked in the exhaustive threshold table: it is legal and leaves a losing position",
            move || check_smallest_term(heaps),
        ),
        Check::new(
            "nim-theory-exhaustive",
            "The theory engine (suffix sums of the ladder representation) gives the outcome, threshold and every winning move of every position",
            r#""Proof of winning strategy in Fibonacci Nim" (a question and its answers)"#,
            format!("k = 1..6, normal and misère, every (heap, cap) with heap <= {}", grouped(u64::from(every_position))),
            "theory engine against the exhaustive threshold table, all winning moves compared heap by heap",
            move || check_theory(every_position),
        ),
        Check::new(
            "nim-misere",
            "Misère play is normal play with one counter fewer: (heap, cap) in misère has the outcome of (heap - 1, cap) in normal play, so the opener of any heap >= 2 wins (leave one counter)",
            r#"the essay "The heap is not the position" (misère named as open)"#,
            format!("k = 1..10, heaps 1..={}, every cap", grouped(u64::from(misere_heaps))),
            "exhaustive misère search (taking the last counter loses) against the exhaustive normal-play table shifted by one",
            move || check_misere(misere_heaps),
        ),
        Check::new(
            "nim-sum",
            "Two heaps with their own caps: the player to move wins iff the nim-sum of the heaps' Grundy values is non-zero",
            r#"the essay "The heap is not the position" (sums named as open)"#,
            format!("k = 2 and 3, both heaps <= {sum_heaps}, every pair of caps"),
            "Grundy table and nim-sum against exhaustive search of the two-heap game",
            move || check_sums(sum_heaps),
        ),
    ]
}

fn rules(k: u64, misere: bool) -> NimRules {
    NimRules::new(k, misere).expect("k >= 1")
}

fn check_outcome_rule(max: u32) -> Result<String, String> {
    for k in 1..=10 {
        let table = thresholds(rules(k, false), max);
        let ladder = ladder_u64(k, u64::from(max)).map_err(|e| e.to_string())?;
        for h in 2..=max {
            let opener_loses = table[h as usize] > h - 1;
            let in_ladder = ladder.terms().binary_search(&u64::from(h)).is_ok();
            if opener_loses != in_ladder {
                return Err(format!(
                    "k = {k}, heap {h}: opener loses = {opener_loses}, ladder term = {in_ladder}"
                ));
            }
        }
    }
    Ok("losing opening heaps are exactly the ladder terms for every k".into())
}

fn check_smallest_term(max: u32) -> Result<String, String> {
    let mut checked = 0u64;
    for k in 1..=10u64 {
        let table = thresholds(rules(k, false), max);
        let ladder = ladder_u64(k, u64::from(max)).map_err(|e| e.to_string())?;
        for h in 2..=max {
            if table[h as usize] > h - 1 {
                continue;
            }
            let rep = ladder.represent(u64::from(h)).ok_or(format!("k = {k}: heap {h} past the ladder"))?;
            let x = ladder.terms()[rep.smallest_index().expect("h >= 2") as usize - 1] as u32;
            let legal = x < h;
            let leaves_loss = u64::from(table[(h - x) as usize]) > k.saturating_mul(u64::from(x));
            if !(legal && leaves_loss) {
                return Err(format!("k = {k}, heap {h}: taking the smallest term {x} does not win"));
            }
            checked += 1;
        }
    }
    Ok(format!("{} winnable (k, heap) pairs: the smallest term wins in each", grouped(checked)))
}

fn check_theory(max: u32) -> Result<String, String> {
    for k in 1..=6 {
        for misere in [false, true] {
            let r = rules(k, misere);
            let table = thresholds(r, max);
            let theory = Theory::new(r);
            for h in 1..=max {
                let a = theory.analyse(&NimPosition::new(h.into(), h.into()).map_err(|e| e.to_string())?);
                let t = table[h as usize];
                let expected = (t != NO_THRESHOLD).then(|| BigUint::from(t));
                if a.threshold != expected {
                    return Err(format!(
                        "k = {k}, misère = {misere}, heap {h}: threshold {:?} vs {expected:?}",
                        a.threshold
                    ));
                }
                let moves: Vec<BigUint> =
                    winning_moves_from_table(&table, r, h, h).into_iter().map(BigUint::from).collect();
                if a.winning_moves != moves {
                    return Err(format!("k = {k}, misère = {misere}, heap {h}: winning moves differ"));
                }
            }
        }
    }
    Ok("every threshold and every winning move agree (a move's value does not depend on the cap, so this covers every cap)".into())
}

fn check_misere(max: u32) -> Result<String, String> {
    for k in 1..=10 {
        let misere = thresholds(rules(k, true), max);
        let normal = thresholds(rules(k, false), max);
        for h in 1..=max {
            if misere[h as usize] != normal[(h - 1) as usize] {
                return Err(format!(
                    "k = {k}, heap {h}: misère threshold {} but normal threshold of heap {} is {}",
                    misere[h as usize],
                    h - 1,
                    normal[(h - 1) as usize]
                ));
            }
            if h >= 2 && misere[h as usize] > h - 1 {
                return Err(format!("k = {k}: misère opener loses heap {h}"));
            }
        }
    }
    Ok("misère thresholds equal normal-play thresholds one counter down; the misère opener wins every heap >= 2".into())
}

fn check_sums(max: u32) -> Result<String, String> {
    let mut positions = 0u64;
    for k in [2, 3] {
        let r = rules(k, false);
        let table = GrundyTable::new(r, max);
        let mut memo = HashMap::new();
        for h1 in 0..=max {
            for c1 in 1..=h1.max(1) {
                for h2 in h1..=max {
                    for c2 in 1..=h2.max(1) {
                        let heaps = [(h1, c1), (h2, c2)];
                        let (_, outcome, _) = own_caps_analysis(&table, &heaps).ok_or("table too small")?;
                        if outcome.is_win() != own_caps_wins(r, &heaps, &mut memo) {
                            return Err(format!("k = {k}, heaps {heaps:?}: nim-sum and search disagree"));
                        }
                        positions += 1;
                    }
                }
            }
        }
    }
    Ok(format!("{} two-heap positions agree", grouped(positions)))
}
