//! Fibonacci Nim positions: the solve answer ([`NimSolve`], `zecklab nim solve --json`) and the
//! explorer's view of one position with every take ([`NimExplore`]).

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::fibnim::{
    end_value, thresholds, winning_moves_from_table, NimPosition, NimRules, RemotenessTable, Theory,
};

use crate::moves::{sort_best_first, MoveJson};
use crate::number::{self, ladder_fits};
use crate::AnswerError;

/// Every take is listed, with its remoteness, for heaps up to this; above it only the winning
/// takes (from the theory, for heaps of any size).
pub const ALL_TAKES_UP_TO: u32 = 2_000;

/// The most digits of a heap `nim solve` answers: every winning take is listed, and their text
/// grows with the square of the heap's digits (about 0.55 D² bytes: 220 MB at 20,000 digits,
/// 5.5 GB at 100,000).
pub const SOLVE_DIGITS: usize = 20_000;

/// Refuses a heap of more than `limit` digits (leading zeros and a `+` not counted) before any
/// work, naming the limit: the answers about a heap grow with the square of its digits.
///
/// # Errors
/// [`AnswerError::TooLarge`] past the limit.
pub fn check_heap_digits(heap: &str, limit: usize) -> Result<(), AnswerError> {
    let digits = heap.trim().trim_start_matches('+').trim_start_matches('0').len().max(1);
    if digits > limit {
        return Err(AnswerError::TooLarge(format!(
            "a heap of {digits} digits: the answer lists every winning take, whose text grows with the square of the digits, so heaps of at most {limit} digits are answered here"
        )));
    }
    Ok(())
}

/// The answer to `nim solve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimSolve {
    /// Counters in the heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub heap: String,
    /// The cap on the next take (clamped to the heap).
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub cap: String,
    /// The factor.
    pub k: u64,
    /// Misère play.
    pub misere: bool,
    /// For the player to move.
    pub outcome: &'static str,
    /// Every winning take, smallest first.
    #[serde(serialize_with = "crate::decimal::decimals")]
    pub winning_moves: Vec<String>,
    /// The least cap with which the heap is a win, if any.
    #[serde(serialize_with = "crate::decimal::optional_decimal")]
    pub threshold: Option<String>,
    /// The ladder numeral of the heap (of heap - 1 in misère play).
    pub numeral: String,
}

/// The rules from a factor and misère flag.
///
/// # Errors
/// [`AnswerError::Invalid`] for `k = 0`.
pub fn rules(k: u64, misere: bool) -> Result<NimRules, AnswerError> {
    NimRules::new(k, misere).map_err(AnswerError::invalid)
}

/// The position from heap and cap text (no cap: the opening, heap - 1), checked to fit the ladder.
///
/// # Errors
/// [`AnswerError`] naming a malformed number, an impossible position or a ladder too large.
pub fn position(heap: &str, cap: Option<&str>, rules: NimRules) -> Result<NimPosition, AnswerError> {
    let heap = number::natural(heap)?;
    let position = match cap {
        None => NimPosition::opening(heap),
        Some(c) => NimPosition::new(heap, number::natural(c)?),
    }
    .map_err(AnswerError::invalid)?;
    ladder_fits(rules.k(), position.heap())?;
    Ok(position)
}

/// The solve answer for a position.
pub fn solve(theory: &Theory, position: &NimPosition) -> NimSolve {
    let rules = theory.rules();
    let a = theory.analyse(position);
    NimSolve {
        heap: position.heap().to_string(),
        cap: position.cap().to_string(),
        k: rules.k(),
        misere: rules.misere(),
        outcome: a.outcome.as_str(),
        winning_moves: a.winning_moves.iter().map(ToString::to_string).collect(),
        threshold: a.threshold.as_ref().map(ToString::to_string),
        numeral: a.representation.numeral(),
    }
}

/// A position's text form: `heap/cap`, or `end` once the last counter is taken.
pub fn position_text(position: Option<&NimPosition>) -> String {
    match position {
        Some(p) => format!("{}/{}", p.heap(), p.cap()),
        None => "end".to_string(),
    }
}

/// The explorer's view of one position: its value, the numeral behind it and every take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimExplore {
    /// The position's text form, `heap/cap`.
    pub position: String,
    /// The solve answer (outcome, winning takes, threshold, numeral).
    #[serde(flatten)]
    pub solve: NimSolve,
    /// Remoteness, for heaps up to [`ALL_TAKES_UP_TO`].
    pub remoteness: Option<u32>,
    /// The ladder terms of the heap (of heap - 1 in misère play), largest first.
    #[serde(serialize_with = "crate::decimal::decimals")]
    pub terms: Vec<String>,
    /// The suffix sums of the terms: entry `i` is the sum of terms `i..`, so the last is the
    /// smallest term.
    #[serde(serialize_with = "crate::decimal::decimals")]
    pub suffix_sums: Vec<String>,
    /// Whether every take is listed (else only the winning ones).
    pub all_moves: bool,
    /// Takes, best first for the player to move.
    pub moves: Vec<MoveJson>,
}

/// The explorer's view of `position`.
pub fn explore(theory: &Theory, position: &NimPosition) -> NimExplore {
    let rules = theory.rules();
    let analysis = theory.analyse(position);
    let small = position.heap().to_u32().filter(|&h| h <= ALL_TAKES_UP_TO);
    let table = small.map(|h| RemotenessTable::new(rules, h));
    let value_of = |p: Option<&NimPosition>| match (p, &table) {
        (None, _) => Some(end_value(rules)),
        (Some(p), Some(t)) => t.value(p.heap().to_u64()?, p.cap().to_u64()?),
        (Some(_), None) => None,
    };
    let takes: Vec<BigUint> = match small {
        Some(_) => {
            let cap = position.cap().to_u32().expect("cap <= heap");
            (1..=cap).map(BigUint::from).collect()
        }
        None => analysis.winning_moves.clone(),
    };
    let mut moves: Vec<MoveJson> = takes
        .iter()
        .map(|take| {
            let after = position.play(take, rules).expect("takes up to the cap are legal");
            let to = position_text(after.as_ref());
            match value_of(after.as_ref()) {
                Some(v) => MoveJson::valued(take.to_string(), to, v),
                // Only winning takes are listed without a table: they lead to losses.
                None => MoveJson::new(take.to_string(), to, zecklab_games::Outcome::Loss, None),
            }
        })
        .collect();
    sort_best_first(&mut moves);
    let mut sums: Vec<BigUint> = Vec::with_capacity(analysis.terms.len());
    let mut running = BigUint::default();
    for t in analysis.terms.iter().rev() {
        running += t;
        sums.push(running.clone());
    }
    sums.reverse();
    NimExplore {
        position: position_text(Some(position)),
        remoteness: value_of(Some(position)).map(|v| v.remoteness),
        terms: analysis.terms.iter().map(ToString::to_string).collect(),
        suffix_sums: sums.iter().map(ToString::to_string).collect(),
        all_moves: small.is_some(),
        moves,
        solve: solve(theory, position),
    }
}

/// One row of the position index: an opening heap and what the opener can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IndexRow {
    /// The opening heap.
    pub heap: u32,
    /// Its ladder numeral (of heap - 1 in misère play).
    pub numeral: String,
    /// For the opener.
    pub outcome: &'static str,
    /// Every winning opening take, smallest first (read off the exhaustive table).
    pub winning_takes: Vec<u32>,
    /// Whether taking the smallest ladder term is among them.
    pub smallest_term_wins: bool,
}

/// The position index of opening heaps `2..=to`: each heap's winning openings from the
/// exhaustive search, beside the numeral whose smallest term the theory says to take.
pub fn index(rules: NimRules, to: u32) -> Vec<IndexRow> {
    let table = thresholds(rules, to);
    let theory = Theory::new(rules);
    (2..=to)
        .map(|heap| {
            let winning_takes = winning_moves_from_table(&table, rules, heap, heap - 1);
            let (representation, terms) = theory.represent(&BigUint::from(heap - u32::from(rules.misere())));
            let smallest = terms.last().and_then(|t| t.to_u32());
            IndexRow {
                heap,
                numeral: representation.numeral(),
                outcome: if winning_takes.is_empty() { "loss" } else { "win" },
                smallest_term_wins: smallest.is_some_and(|t| winning_takes.contains(&t)),
                winning_takes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_takes_one_and_every_take_is_listed() {
        let rules = rules(2, false).unwrap();
        let theory = Theory::new(rules);
        let e = explore(&theory, &position("90", None, rules).unwrap());
        assert_eq!(e.position, "90/89");
        assert_eq!(e.solve.winning_moves, ["1"]);
        assert_eq!(e.moves.len(), 89);
        assert_eq!(
            (e.moves[0].r#move.as_str(), e.moves[0].to.as_str(), e.moves[0].winning),
            ("1", "89/2", true)
        );
        assert!(e.moves[1..].iter().all(|m| !m.winning));
        assert_eq!(e.terms, ["89", "1"]);
        assert_eq!(e.suffix_sums, ["90", "1"]);
        assert_eq!(e.remoteness, e.moves[0].remoteness.map(|r| r + 1));
    }

    #[test]
    fn the_index_agrees_with_the_theory_and_the_smallest_term_rule() {
        for misere in [false, true] {
            let rules = rules(2, misere).unwrap();
            let theory = Theory::new(rules);
            for row in index(rules, 120) {
                let a = theory.analyse(&position(&row.heap.to_string(), None, rules).unwrap());
                assert_eq!(row.outcome, a.outcome.as_str(), "heap {} misère {misere}", row.heap);
                let takes: Vec<String> = row.winning_takes.iter().map(ToString::to_string).collect();
                let theory_takes: Vec<String> = a.winning_moves.iter().map(ToString::to_string).collect();
                assert_eq!(takes, theory_takes, "heap {}", row.heap);
                assert_eq!(row.smallest_term_wins, row.outcome == "win", "heap {}", row.heap);
            }
        }
    }

    #[test]
    fn huge_heaps_list_the_winning_takes_only() {
        let rules = rules(2, false).unwrap();
        let theory = Theory::new(rules);
        let e = explore(&theory, &position("1000000000000000000000", None, rules).unwrap());
        assert!(!e.all_moves && e.remoteness.is_none());
        assert_eq!(e.moves.len(), e.solve.winning_moves.len());
        assert!(e.moves.iter().all(|m| m.winning));
        let end = explore(&theory, &position("3", Some("5"), rules).unwrap());
        assert_eq!((end.moves[0].to.as_str(), end.moves[0].remoteness), ("end", Some(0)));
    }
}
