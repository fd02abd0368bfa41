//! Checks of the published data (`zecklab data check`): every recorded tier's number of positions
//! against an independent count of partitions into Fibonacci parts, and every recorded n against
//! a fresh solve by the other solver (the flat tables, every position in memory).

use zecklab_games::zgame::{solve, Solution};
use zecklab_games::Winner;
use zecklab_reference::zgame::partitions_by_parts_table;
use zecklab_store::data::{Record, Solved};

/// The disagreements between the record's tiers and the number of partitions of n into exactly
/// that many Fibonacci parts, counted by coin change (no ranking, no solver); empty when all
/// agree. Every tier with a position must be recorded, and no other.
pub fn recount_tiers(record: &Record) -> Vec<String> {
    let Some(max_n) = record.rows().map(|s| s.n).max() else { return Vec::new() };
    let table = partitions_by_parts_table(max_n);
    let mut disagreements = Vec::new();
    for solved in record.rows() {
        let n = solved.n;
        let counts = &table[n as usize];
        let tiers = record.tiers(n).unwrap_or_default();
        for tier in tiers {
            let counted = counts.get(tier.parts as usize).copied().unwrap_or(0);
            if u128::from(tier.positions) != counted {
                disagreements.push(format!(
                    "n = {n}, parts = {}: positions recorded {}, partitions counted {counted}",
                    tier.parts, tier.positions
                ));
            }
        }
        let missing =
            (1..=n).filter(|&p| counts[p as usize] > 0 && !tiers.iter().any(|t| t.parts == p)).count();
        if missing > 0 {
            disagreements.push(format!("n = {n}: {missing} tiers with positions are not recorded"));
        }
    }
    disagreements
}

/// Solves every recorded n up to `to` with the flat solver (remoteness too where the record has
/// it) and lists where the record differs: positions, P-positions, winner, remoteness, and the
/// P-positions of every tier. `memory` bounds the flat tables; `progress(n)` is called before
/// each n.
///
/// # Errors
/// The solver's refusal (an n whose tables do not fit in `memory`).
pub fn resolve_flat(
    record: &Record,
    to: u32,
    memory: u128,
    mut progress: impl FnMut(u32),
) -> Result<Vec<String>, String> {
    let mut disagreements = Vec::new();
    for solved in record.rows().filter(|s| s.n <= to) {
        progress(solved.n);
        let solution =
            solve(solved.n, solved.remoteness.is_some(), memory, |_, _| {}).map_err(|e| e.to_string())?;
        disagreements.extend(compare(record, solved, &solution));
    }
    Ok(disagreements)
}

fn compare(record: &Record, solved: &Solved, solution: &Solution) -> Vec<String> {
    let n = solved.n;
    let start = solution.start_rank();
    let winner = Winner::of_start(solution.outcome(start));
    let mut differences = Vec::new();
    let mut differ = |what: &str, recorded: String, solved: String| {
        if recorded != solved {
            differences.push(format!("n = {n}: {what} {recorded} recorded, {solved} by the flat solve"));
        }
    };
    differ("positions", solved.positions.to_string(), solution.index().count().to_string());
    differ("P-positions", solved.p_positions.to_string(), solution.p_positions().to_string());
    differ("winner", solved.winner.code().to_string(), winner.code().to_string());
    if let Some(r) = solved.remoteness {
        differ(
            "start remoteness",
            r.to_string(),
            solution.remoteness(start).map_or_else(|| "none".into(), |r| r.to_string()),
        );
    }
    let flat: Vec<(u32, u64)> =
        solution.tiers().iter().filter(|t| t.positions > 0).map(|t| (t.parts, t.p_positions)).collect();
    let recorded: Vec<(u32, u64)> = record
        .tiers(n)
        .unwrap_or_default()
        .iter()
        .filter(|t| t.positions > 0)
        .map(|t| (t.parts, t.p_positions))
        .collect();
    differ("tiers' (parts, P-positions)", format!("{recorded:?}"), format!("{flat:?}"));
    differences
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_store::data::Tier;

    fn record_to(to: u32) -> Record {
        let mut record = Record::default();
        for n in 1..=to {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let start = solution.start_rank();
            let tiers: Vec<Tier> = solution
                .tiers()
                .iter()
                .map(|t| Tier { parts: t.parts, positions: t.positions, p_positions: t.p_positions })
                .collect();
            let row = Solved {
                n,
                positions: solution.index().count(),
                p_positions: solution.p_positions(),
                winner: Winner::of_start(solution.outcome(start)),
                remoteness: solution.remoteness(start),
                seconds: 0.0,
                solver: "flat".into(),
                version: String::new(),
                machine: String::new(),
            };
            record.insert(row, tiers).unwrap();
        }
        record
    }

    #[test]
    fn a_true_record_passes_and_a_changed_one_is_caught() {
        let record = record_to(30);
        assert_eq!(recount_tiers(&record), Vec::<String>::new());
        assert_eq!(resolve_flat(&record, 30, 1 << 30, |_| {}).unwrap(), Vec::<String>::new());

        // One P-position moved between two tiers keeps every total but not the tiers.
        let mut changed = record.clone();
        let mut tiers = record.tiers(20).unwrap().to_vec();
        let movable = tiers.iter().position(|t| t.p_positions > 0 && t.positions > t.p_positions).unwrap();
        // Not the start's tier, whose single P-position says who wins.
        let other = tiers
            .iter()
            .position(|t| t.p_positions > 0 && t.parts != tiers[movable].parts && t.parts != 20)
            .unwrap();
        tiers[movable].p_positions += 1;
        tiers[other].p_positions -= 1;
        changed.insert(record.get(20).unwrap().clone(), tiers).unwrap();
        let found = resolve_flat(&changed, 30, 1 << 30, |_| {}).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("n = 20: tiers'"), "{found:?}");

        // A miscounted tier is caught by the partition count.
        let mut changed = record.clone();
        let mut tiers = record.tiers(25).unwrap().to_vec();
        let mut row = record.get(25).unwrap().clone();
        tiers[3].positions += 1;
        row.positions += 1;
        changed.insert(row, tiers).unwrap();
        assert_eq!(recount_tiers(&changed).len(), 1);
    }
}
