//! Checks for the Zeckendorf game (seed 000): the ranked solver against the naive solver on
//! every position, Player 2 winning from the start, and position counts against an independent
//! partition count.

use zecklab_games::zgame::{partition_count_independent, solve, NaiveSolver, PositionIndex, ZPosition};
use zecklab_games::Outcome;

use crate::{Check, Level};

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let naive_n = level.pick(40u32, 48);
    let start_n = level.pick(150u32, 220);
    let count_n = 400u32;
    vec![
        Check::new(
            "zgame-solver-naive",
            "The ranked strong solver gives the same outcome and remoteness as a memoised search over hashed positions, for every position",
            "seed 000 (Definition 1.1)",
            format!("every position of the game on n, 1 <= n <= {naive_n}"),
            "dense-rank sweep against naive memoised depth-first search, position by position",
            move || check_naive(naive_n),
        ),
        Check::new(
            "zgame-player-two",
            "Player 2 wins the Zeckendorf game on n for every n >= 3 (Player 1 wins n = 2)",
            "seed 000 (non-constructive proof)",
            format!("1 <= n <= {start_n}"),
            "strong solve of every position of each game; outcome of the start {1^n}",
            move || check_start(start_n),
        ),
        Check::new(
            "zgame-position-count",
            "The positions of the game on n are the partitions of n into Fibonacci parts, and the ranking numbers them 0..count",
            "seed 000; issue 6 (97,075 positions at n = 100)",
            format!("1 <= n <= {count_n}"),
            "the ranking's two-dimensional count against a one-dimensional coin-change count",
            move || check_counts(count_n),
        ),
    ]
}

fn check_naive(max: u32) -> Result<String, String> {
    let mut total = 0u64;
    for n in 1..=max {
        let solution = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let index = solution.index();
        let mut naive = NaiveSolver::new();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let v = naive.value(&p);
            if solution.outcome(r) != v.outcome || solution.remoteness(r) != Some(v.remoteness) {
                return Err(format!(
                    "n = {n}, {p}: fast {:?}/{:?}, naive {:?}",
                    solution.outcome(r),
                    solution.remoteness(r),
                    v
                ));
            }
            total += 1;
        }
    }
    Ok(format!("{total} positions agree"))
}

fn check_start(max: u32) -> Result<String, String> {
    for n in 1..=max {
        let solution = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let start = ZPosition::start(n).map_err(|e| e.to_string())?;
        let r = solution.index().rank(&start).ok_or("start not ranked")?;
        let p1_wins = solution.outcome(r) == Outcome::Win;
        let expected = n == 2;
        if p1_wins != expected {
            return Err(format!("n = {n}: Player {} wins", if p1_wins { 1 } else { 2 }));
        }
    }
    Ok(format!("Player 2 wins every n from 3 to {max}; Player 1 wins n = 2 (n = 1 has no move)"))
}

fn check_counts(max: u32) -> Result<String, String> {
    for n in 1..=max {
        let index = PositionIndex::new(n).ok_or("count overflow")?;
        if u128::from(index.count()) != partition_count_independent(n) {
            return Err(format!(
                "n = {n}: index counts {}, coin change {}",
                index.count(),
                partition_count_independent(n)
            ));
        }
    }
    let at_100 = PositionIndex::new(100).map(|i| i.count()).unwrap_or(0);
    Ok(format!("counts agree for every n; n = 100 has {at_100} positions"))
}
