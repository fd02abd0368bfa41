//! The ordered Zeckendorf game as answers: a solved game (`zgame solve --ordered`, the line of
//! `zgame solve` with `"variant": "ordered"`), one position with every move's value
//! (`zgame position --ordered`), and its lengths (`zgame lengths --ordered`).

use serde::Serialize;
use zecklab_games::Outcome;
use zecklab_games::Winner;
use zecklab_ordered::{
    ordered_counts_until, ordered_lengths, ordered_solve_bytes, OrderedCounts, OrderedIndex, OrderedPosition,
    OrderedSolution, OrderedSolveError, ORDERED_COUNTS_TO, ORDERED_FLAT_TO,
};

use crate::moves::{sort_best_first, MoveJson};
use crate::solve::SOLVE_MEMORY;
use crate::zgame::{LineStepJson, ZgameSolve};
use crate::AnswerError;

/// The largest ordered game a position is answered in, solved on demand with remoteness.
pub const ORDERED_POSITION_TO: u32 = 30;
/// The largest ordered game whose lengths are computed (4 bytes a position).
pub const ORDERED_LENGTHS_TO: u32 = 32;

/// `zgame solve --ordered --json`: the line of `zgame solve`, with the variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrderedSolveJson {
    #[serde(flatten)]
    pub solve: ZgameSolve,
    /// `"ordered"`.
    pub variant: &'static str,
    /// True at n = 1, where the start is the end (no move at all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degenerate: Option<bool>,
}

pub(crate) fn check_n(n: u32, limit: u32, what: &str) -> Result<(), AnswerError> {
    match n {
        0 => Err(AnswerError::Invalid(format!("invalid n = 0: {what} takes 1 <= n <= {limit}"))),
        n if n > limit => {
            Err(AnswerError::TooLarge(format!("invalid n = {n}: {what} takes 1 <= n <= {limit}")))
        }
        _ => Ok(()),
    }
}

/// Whether `zgame solve --ordered` takes `n`: with remoteness to [`ORDERED_FLAT_TO`] (every
/// position's table is kept), the outcomes alone to [`ORDERED_COUNTS_TO`] (counted as the sweep
/// goes; memory refuses before that bound).
pub(crate) fn check_solve_n(n: u32, with_remoteness: bool) -> Result<(), AnswerError> {
    if with_remoteness && n > ORDERED_FLAT_TO {
        return Err(AnswerError::TooLarge(format!(
            "invalid n = {n}: zgame solve --ordered takes 1 <= n <= {ORDERED_FLAT_TO} with remoteness, \
             n <= {ORDERED_COUNTS_TO} with --no-remoteness"
        )));
    }
    check_n(n, ORDERED_COUNTS_TO, "zgame solve --ordered")
}

/// Solves the ordered game on `n`, stopped when `cancel` is cancelled: with remoteness by the
/// table of every position, else its figures alone (the table's bits dropped as the sweep goes,
/// `progress(done, total)` in positions as it goes).
///
/// # Errors
/// [`SolveFailure::Refused`](crate::solve::SolveFailure::Refused) for an n it does not take
/// (`check_solve_n`) or a solve past the memory allowed,
/// [`SolveFailure::Cancelled`](crate::solve::SolveFailure::Cancelled).
pub fn ordered_solve_until(
    n: u32,
    with_remoteness: bool,
    cancel: &zecklab_games::Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<OrderedSolveJson, crate::solve::SolveFailure> {
    check_solve_n(n, with_remoteness)?;
    let start = std::time::Instant::now();
    if with_remoteness {
        let solution = solved(n, true, cancel)?;
        return Ok(OrderedSolveJson::of(&solution, start.elapsed().as_secs_f64()));
    }
    let counts = ordered_counts_until(n, SOLVE_MEMORY, cancel, progress).map_err(refusal)?;
    Ok(OrderedSolveJson::of_counts(&counts, start.elapsed().as_secs_f64()))
}

/// The ordered game on `n` solved, its refusals and a cancel said in the solves' terms.
pub(crate) fn solved(
    n: u32,
    with_remoteness: bool,
    cancel: &zecklab_games::Cancel,
) -> Result<OrderedSolution, crate::solve::SolveFailure> {
    zecklab_ordered::solve_ordered_until(n, with_remoteness, SOLVE_MEMORY, cancel).map_err(refusal)
}

fn refusal(e: OrderedSolveError) -> crate::solve::SolveFailure {
    match e {
        OrderedSolveError::Cancelled => crate::solve::SolveFailure::Cancelled,
        e => AnswerError::TooLarge(e.to_string()).into(),
    }
}

impl OrderedSolveJson {
    /// The line of a solved ordered game that took `seconds`.
    pub fn of(solution: &OrderedSolution, seconds: f64) -> OrderedSolveJson {
        let counts = OrderedCounts {
            n: solution.index().n(),
            positions: solution.index().count(),
            p_positions: solution.p_positions(),
            start: solution.outcome(0),
        };
        OrderedSolveJson::line(&counts, solution.remoteness(0), seconds)
    }

    /// The line of an ordered game counted without its table in `seconds`.
    pub fn of_counts(counts: &OrderedCounts, seconds: f64) -> OrderedSolveJson {
        OrderedSolveJson::line(counts, None, seconds)
    }

    fn line(counts: &OrderedCounts, remoteness: Option<u32>, seconds: f64) -> OrderedSolveJson {
        let solve = ZgameSolve {
            n: counts.n,
            positions: counts.positions,
            p_positions: counts.p_positions,
            winner: Winner::of_start(counts.start),
            remoteness,
            seconds,
            engine: crate::zgame::Engine::Flat,
            saved: None,
            tiers: None,
        };
        OrderedSolveJson { solve, variant: "ordered", degenerate: (counts.n == 1).then_some(true) }
    }
}

/// The memory a solve of the ordered game on `n` takes, in bytes.
pub fn ordered_solve_memory(n: u32, with_remoteness: bool) -> Option<u128> {
    OrderedIndex::new(n).map(|index| ordered_solve_bytes(&index, with_remoteness))
}

/// `zgame position --ordered --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrderedPositionJson {
    /// The values in order, separated by spaces.
    pub position: String,
    pub n: u32,
    /// `"ordered"`.
    pub variant: &'static str,
    /// For the player to move: `"win"` or `"loss"`.
    pub outcome: &'static str,
    pub remoteness: Option<u32>,
    /// Whether no move is left (the Zeckendorf representation in increasing order).
    pub terminal: bool,
    /// Every move (`"merge at 2"`: the kind and the pair's place from the left), best first.
    pub moves: Vec<MoveJson>,
    /// With a line asked for: the optimal continuation, or `null` when remoteness is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Option<Vec<LineStepJson>>>,
}

/// Reads an ordered position (values in order).
///
/// # Errors
/// [`AnswerError::Invalid`] naming the bad value.
pub fn parse_ordered(text: &str) -> Result<(OrderedPosition, u32), AnswerError> {
    let p = OrderedPosition::parse(text).map_err(AnswerError::invalid)?;
    let n = u32::try_from(p.n()).ok().filter(|&n| n <= ORDERED_FLAT_TO).ok_or_else(|| {
        AnswerError::TooLarge(format!(
            "the position sums to n = {}: zgame position --ordered takes positions of n <= {ORDERED_POSITION_TO}",
            p.n()
        ))
    })?;
    Ok((p, n))
}

/// The answer for `p` from a solution of its game, with the optimal line when `with_line`.
pub fn position_in(solution: &OrderedSolution, p: &OrderedPosition, with_line: bool) -> OrderedPositionJson {
    let (outcome, remoteness) = value_in(solution, p);
    let moves = moves_best_first(solution, p);
    OrderedPositionJson {
        position: p.to_string(),
        n: solution.index().n(),
        variant: "ordered",
        outcome: outcome.as_str(),
        remoteness,
        terminal: moves.is_empty(),
        moves,
        line: with_line.then(|| optimal_line(solution, p)),
    }
}

/// Outcome and remoteness of `q`, a position of the solved game.
fn value_in(solution: &OrderedSolution, q: &OrderedPosition) -> (Outcome, Option<u32>) {
    let r = solution.index().rank(q).expect("a position of the game");
    (solution.outcome(r), solution.remoteness(r))
}

/// Every move from `p` with the value it leads to, best first for the mover.
fn moves_best_first(solution: &OrderedSolution, p: &OrderedPosition) -> Vec<MoveJson> {
    let mut moves: Vec<MoveJson> = p
        .moves()
        .into_iter()
        .map(|m| {
            let child = p.apply(m).expect("listed moves are legal");
            let (o, remoteness) = value_in(solution, &child);
            MoveJson::new(m.to_string(), child.to_string(), o, remoteness)
        })
        .collect();
    sort_best_first(&mut moves);
    moves
}

/// The optimal continuation from `p` to the end (the first of the moves best first at each
/// step: the winner hurries, the loser delays), or `None` when the solve kept no remoteness.
fn optimal_line(solution: &OrderedSolution, p: &OrderedPosition) -> Option<Vec<LineStepJson>> {
    value_in(solution, p).1?;
    let mut line = Vec::new();
    let mut at = p.clone();
    while let Some(best) = moves_best_first(solution, &at).into_iter().next() {
        at = OrderedPosition::parse(&best.to).expect("positions print in their grammar");
        line.push(LineStepJson {
            r#move: best.r#move,
            to: best.to,
            outcome: best.outcome,
            remoteness: best.remoteness,
        });
    }
    Some(line)
}

/// `zgame lengths --ordered --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrderedLengthsJson {
    pub n: u32,
    /// `"ordered"`.
    pub variant: &'static str,
    /// The shortest game from n ones (`n - Z(n)`: every merge removes one entry).
    pub shortest: u32,
    /// The longest, `M(n)`.
    pub longest: u32,
    /// The game of the long-game strategy (switch the leftmost descending pair; else merge the
    /// leftmost `1 1`; else split the rightmost equal pair of value 2 or more; else merge the
    /// leftmost consecutive pair).
    pub long_game: u32,
    /// Whether the long-game strategy attains `M(n)`.
    pub long_game_is_longest: bool,
    /// `M(n) / (n^2 / 2)`.
    pub longest_over_half_square: f64,
}

/// The lengths of the ordered game on `n`.
///
/// # Errors
/// [`AnswerError`] for n outside 1 to [`ORDERED_LENGTHS_TO`].
pub fn ordered_lengths_of(n: u32) -> Result<OrderedLengthsJson, AnswerError> {
    check_n(n, ORDERED_LENGTHS_TO, "zgame lengths --ordered")?;
    let index = OrderedIndex::new(n).expect("small games rank");
    let lengths = ordered_lengths(&index);
    Ok(OrderedLengthsJson {
        n,
        variant: "ordered",
        shortest: lengths.shortest,
        longest: lengths.longest,
        long_game: lengths.long_game,
        long_game_is_longest: lengths.long_game == lengths.longest,
        longest_over_half_square: f64::from(lengths.longest) / (f64::from(n) * f64::from(n) / 2.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimal_line_of_the_ordered_game_follows_the_remoteness_to_the_end() {
        for n in 2..=9 {
            let solution = zecklab_ordered::solve_ordered(n, true, u128::MAX).unwrap();
            let start = OrderedPosition::parse(&vec!["1"; n as usize].join(" ")).unwrap();
            let answer = position_in(&solution, &start, true);
            let line = answer.line.clone().unwrap().unwrap();
            assert_eq!(Some(line.len() as u32), answer.remoteness, "n = {n}");
            // Each step is a move of the position before it, the remoteness falls by one, and the
            // outcome for the player to move alternates, ending at the terminal position.
            let mut before = answer.position.clone();
            for (i, step) in line.iter().enumerate() {
                let p = OrderedPosition::parse(&before).unwrap();
                assert!(position_in(&solution, &p, false)
                    .moves
                    .iter()
                    .any(|m| m.r#move == step.r#move && m.to == step.to));
                assert_eq!(step.remoteness, Some(answer.remoteness.unwrap() - 1 - i as u32), "n = {n}");
                before.clone_from(&step.to);
            }
            assert!(position_in(&solution, &OrderedPosition::parse(&before).unwrap(), false).terminal);
            assert_eq!(line.last().map(|s| s.outcome), Some("loss"), "the player left without a move loses");
            assert!(position_in(&solution, &start, false).line.is_none());
        }
    }
}
