//! Sums of Fibonacci Nim heaps (`zecklab nim sum --json`): heaps with their own caps by the
//! nim-sum of their Grundy values ([`own_caps`]), or heaps sharing one cap by exhaustive search
//! ([`shared_cap`]), each with every winning move.

use serde::Serialize;
use zecklab_games::fibnim::{own_caps_analysis, GrundyTable, NimRules, SharedCapSolver, SumMove};

use crate::tables::NIM_GRUNDY_LIMIT;
use crate::AnswerError;

/// The largest product of (heap + 1) over the heaps of a shared-cap sum (the positions the
/// exhaustive search visits).
pub const SHARED_CAP_LIMIT: u64 = 2_000_000;

/// The largest heap of a shared-cap sum.
pub const SHARED_HEAP_LIMIT: u32 = 10_000;

/// A winning move of a sum: take `take` from heap `heap` (numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMoveJson {
    /// The heap, numbered from 1.
    pub heap: usize,
    /// How many counters to take.
    pub take: u32,
}

/// One heap of a sum with its own cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapJson {
    /// Its counters.
    pub heap: u32,
    /// Its cap (at most the heap).
    pub cap: u32,
    /// Its Grundy value.
    pub grundy: u32,
}

/// Heaps with their own caps: the nim-sum of their Grundy values decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OwnCapsSum {
    /// The heaps.
    pub heaps: Vec<HeapJson>,
    /// The rules' factor.
    pub k: u64,
    /// The nim-sum of the heaps' Grundy values.
    pub nim_sum: u32,
    /// `win` or `loss` for the player to move.
    pub outcome: &'static str,
    /// Every winning move.
    pub winning_moves: Vec<SumMoveJson>,
}

/// Heaps sharing one cap, solved by exhaustive search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharedCapSum {
    /// The heaps.
    pub heaps: Vec<u32>,
    /// The cap they share.
    pub shared_cap: u32,
    /// The rules' factor.
    pub k: u64,
    /// `win` or `loss` for the player to move.
    pub outcome: &'static str,
    /// Every winning move.
    pub winning_moves: Vec<SumMoveJson>,
    /// How many positions the search solved.
    pub positions_solved: usize,
}

fn normal_play_only(rules: NimRules) -> Result<(), AnswerError> {
    if rules.misere() {
        return Err(AnswerError::Invalid("sums are solved in normal play only; drop --misere".into()));
    }
    Ok(())
}

fn moves(moves: &[SumMove]) -> Vec<SumMoveJson> {
    moves.iter().map(|m| SumMoveJson { heap: m.heap + 1, take: m.take }).collect()
}

fn within(name: &str, value: u32, low: u32, high: u32) -> Result<u32, AnswerError> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(AnswerError::Invalid(format!("invalid {name} {value}: must be between {low} and {high}")))
    }
}

/// The sum of heaps `(heap, cap)`, each with its own cap (a cap above the heap counts as the heap).
///
/// # Errors
/// [`AnswerError::Invalid`] in misère play, for a heap above [`NIM_GRUNDY_LIMIT`] or a cap of 0.
pub fn own_caps(pairs: &[(u32, u32)], rules: NimRules) -> Result<OwnCapsSum, AnswerError> {
    normal_play_only(rules)?;
    let mut capped = Vec::with_capacity(pairs.len());
    for &(heap, cap) in pairs {
        let heap = within("heap", heap, 0, NIM_GRUNDY_LIMIT)?;
        let cap = within("cap", cap, 1, u32::MAX)?;
        capped.push((heap, cap.min(heap.max(1))));
    }
    let largest = capped.iter().map(|p| p.0).max().unwrap_or(0);
    let table = GrundyTable::new(rules, largest.max(1));
    let (nim_sum, outcome, found) = own_caps_analysis(&table, &capped).expect("the table covers every heap");
    let heaps = capped
        .iter()
        .map(|&(heap, cap)| HeapJson { heap, cap, grundy: table.value(heap, cap).expect("in the table") })
        .collect();
    Ok(OwnCapsSum { heaps, k: rules.k(), nim_sum, outcome: outcome.as_str(), winning_moves: moves(&found) })
}

/// The sum of `heaps` sharing the cap `cap`.
///
/// # Errors
/// [`AnswerError::Invalid`] in misère play, for a cap of 0 or a heap above
/// [`SHARED_HEAP_LIMIT`]; [`AnswerError::TooLarge`] when the product of (heap + 1) passes
/// [`SHARED_CAP_LIMIT`].
pub fn shared_cap(heaps: &[u32], cap: u32, rules: NimRules) -> Result<SharedCapSum, AnswerError> {
    normal_play_only(rules)?;
    let cap = within("--shared-cap", cap, 1, u32::MAX)?;
    for &heap in heaps {
        within("heap", heap, 0, SHARED_HEAP_LIMIT)?;
    }
    let product = heaps.iter().try_fold(1u64, |p, &h| p.checked_mul(u64::from(h) + 1));
    if product.is_none_or(|product| product > SHARED_CAP_LIMIT) {
        let product = product.map_or("more than 2^64".to_string(), |p| p.to_string());
        return Err(AnswerError::TooLarge(format!(
            "heaps too large for the exhaustive shared-cap search: the product of (heap + 1) is {product}, the limit is {SHARED_CAP_LIMIT}"
        )));
    }
    let a = SharedCapSolver::new(rules).analyse(heaps, cap);
    Ok(SharedCapSum {
        heaps: heaps.to_vec(),
        shared_cap: cap,
        k: rules.k(),
        outcome: a.outcome.as_str(),
        winning_moves: moves(&a.winning_moves),
        positions_solved: a.positions_solved,
    })
}
