//! Fibonacci Nim positions: the solve answer ([`NimSolve`], `zecklab nim solve --json`) and the
//! explorer's view of one position with every take ([`NimExplore`]).

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::fibnim::{end_value, NimPosition, NimRules, RemotenessTable, Theory};

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

/// The most heaps one page of the position index lists.
pub const INDEX_PAGE: u32 = 100;
/// The most digits of the first heap of an index page: a heap's winning takes grow with the
/// square of its digits, and a page lists [`INDEX_PAGE`] heaps.
pub const INDEX_DIGITS: usize = 200;

/// One row of the position index: an opening heap and what the opener can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IndexRow {
    /// The opening heap.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub heap: String,
    /// Its ladder numeral (of heap - 1 in misère play).
    pub numeral: String,
    /// For the opener.
    pub outcome: &'static str,
    /// Every winning opening take, smallest first.
    #[serde(serialize_with = "crate::decimal::decimals")]
    pub winning_takes: Vec<String>,
    /// Whether taking the smallest ladder term is among them.
    pub smallest_term_wins: bool,
}

/// One page of the position index: the opening heaps `from..from + count` (from at least 2),
/// each with every winning opening take as the theory finds it, beside the numeral whose
/// smallest term the essay says to take.
///
/// # Errors
/// [`AnswerError::Invalid`] for a first heap below 2, more than [`INDEX_DIGITS`] digits, or a
/// count outside `1..=INDEX_PAGE`.
pub fn index(theory: &Theory, from: &BigUint, count: u32) -> Result<Vec<IndexRow>, AnswerError> {
    if *from < BigUint::from(2u8) {
        return Err(AnswerError::Invalid(format!(
            "invalid first heap {from}: an opening heap is at least 2"
        )));
    }
    check_heap_digits(&from.to_string(), INDEX_DIGITS)?;
    if !(1..=INDEX_PAGE).contains(&count) {
        return Err(AnswerError::Invalid(format!(
            "invalid count {count}: a page lists between 1 and {INDEX_PAGE} heaps"
        )));
    }
    let misere = u8::from(theory.rules().misere());
    Ok((0..count)
        .map(|i| {
            let heap = from + i;
            let opening = NimPosition::opening(heap.clone()).expect("a heap of at least 2 has an opening");
            let analysis = theory.analyse(&opening);
            let (representation, terms) = theory.represent(&(&heap - misere));
            IndexRow {
                numeral: representation.numeral(),
                outcome: analysis.outcome.as_str(),
                smallest_term_wins: terms.last().is_some_and(|t| analysis.winning_moves.contains(t)),
                winning_takes: analysis.winning_moves.iter().map(ToString::to_string).collect(),
                heap: heap.to_string(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::fibnim::{thresholds, winning_moves_from_table};

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
    fn the_index_agrees_with_exhaustive_search_and_the_smallest_term_rule() {
        for (k, misere) in [(2, false), (2, true), (3, false), (1, true)] {
            let rules = rules(k, misere).unwrap();
            let to = 300;
            let table = thresholds(rules, to);
            let rows = index(&Theory::new(rules), &BigUint::from(2u8), INDEX_PAGE).unwrap();
            let rows = rows
                .into_iter()
                .chain(index(&Theory::new(rules), &BigUint::from(102u8), INDEX_PAGE).unwrap());
            let rows: Vec<IndexRow> =
                rows.chain(index(&Theory::new(rules), &BigUint::from(202u8), 99).unwrap()).collect();
            assert_eq!(rows.len(), 299);
            for (heap, row) in (2..=to).zip(&rows) {
                assert_eq!(row.heap, heap.to_string());
                let exhaustive = winning_moves_from_table(&table, rules, heap, heap - 1);
                let takes: Vec<u32> = row.winning_takes.iter().map(|t| t.parse().unwrap()).collect();
                assert_eq!(takes, exhaustive, "heap {heap}, k = {k}, misère {misere}");
                assert_eq!(row.outcome == "win", !exhaustive.is_empty(), "heap {heap}");
                if k == 2 {
                    assert_eq!(row.smallest_term_wins, row.outcome == "win", "heap {heap}");
                }
            }
        }
    }

    #[test]
    fn index_pages_reach_any_heap_and_refuse_bad_ranges() {
        let theory = Theory::new(rules(2, false).unwrap());
        let from: BigUint = "1000000000000000000000000000000".parse().unwrap();
        let rows = index(&theory, &from, 3).unwrap();
        assert_eq!(
            rows.iter().map(|r| r.heap.as_str()).collect::<Vec<_>>(),
            [
                "1000000000000000000000000000000",
                "1000000000000000000000000000001",
                "1000000000000000000000000000002"
            ]
        );
        for row in &rows {
            let a = theory.analyse(&NimPosition::opening(row.heap.parse().unwrap()).unwrap());
            let takes: Vec<String> = a.winning_moves.iter().map(ToString::to_string).collect();
            assert_eq!(row.winning_takes, takes);
        }
        assert!(index(&theory, &BigUint::from(1u8), 10).is_err());
        assert!(index(&theory, &BigUint::from(2u8), 0).is_err());
        assert!(index(&theory, &BigUint::from(2u8), INDEX_PAGE + 1).is_err());
        assert!(index(&theory, &BigUint::from(10u8).pow(200), 1).is_err());
        assert!(index(&theory, &(BigUint::from(10u8).pow(199)), 1).is_ok());
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
