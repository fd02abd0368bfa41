//! The Zeckendorf game's relatives solved for an answer: the reversed game (every move taken
//! back; `zgame solve --reversed`, `zgame position --reversed`) and coalitions of several players
//! (`zgame coalitions`), each refused before any work when its tables would not fit in
//! [`SOLVE_MEMORY`].

use zecklab_games::zgame::{
    coalition_bytes, reversed_bytes, solve_coalitions_until, solve_reversed_until, ReversedError,
    ReversedSolution, MAX_PLAYERS,
};
use zecklab_games::Cancel;

use crate::solve::{SolveFailure, SOLVE_MEMORY};
use crate::zgame::{CoalitionsJson, ZgameSolve};
use crate::AnswerError;

/// Refuses a game whose tables need more than [`SOLVE_MEMORY`] (`bytes`: `None` when its
/// positions cannot even be ranked); `what` names the tables.
///
/// # Errors
/// [`AnswerError::TooLarge`] naming the bytes and the limit.
pub fn fits(bytes: Option<u128>, n: u32, what: &str) -> Result<(), AnswerError> {
    let bytes =
        bytes.ok_or_else(|| AnswerError::TooLarge(format!("n = {n} is too large to rank its positions")))?;
    if bytes > SOLVE_MEMORY {
        return Err(AnswerError::TooLarge(format!(
            "n = {n} is too large: {what} needs {} MiB, more than the {} MiB allowed",
            bytes.div_ceil(1 << 20),
            SOLVE_MEMORY >> 20
        )));
    }
    Ok(())
}

/// The reversed game on `n` solved with remoteness; `progress(done, total)` as positions are
/// solved.
///
/// # Errors
/// [`SolveFailure`]: `n = 0`, tables past the memory allowed, or cancelled.
pub fn solve_reversed(
    n: u32,
    cancel: &Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<ReversedSolution, SolveFailure> {
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()).into());
    }
    fits(reversed_bytes(n), n, &format!("the reversed game on {n}"))?;
    solve_reversed_until(n, cancel, progress).map_err(|e| match e {
        ReversedError::Cancelled => SolveFailure::Cancelled,
        e => SolveFailure::Refused(AnswerError::TooLarge(e.to_string())),
    })
}

/// `zgame solve --reversed`'s line for the game on `n` (remoteness of the start unless
/// `remoteness` is false).
///
/// # Errors
/// As [`solve_reversed`].
pub fn reversed_line(
    n: u32,
    remoteness: bool,
    tiers: bool,
    cancel: &Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<ZgameSolve, SolveFailure> {
    let start = std::time::Instant::now();
    let solution = solve_reversed(n, cancel, progress)?;
    let mut line = ZgameSolve::of_reversed(&solution, start.elapsed().as_secs_f64(), tiers);
    if !remoteness {
        line.remoteness = None;
    }
    Ok(line)
}

/// `zgame coalitions` for the game on `n` with `players` players.
///
/// # Errors
/// [`SolveFailure`]: a number of players outside 2..=6, `n = 0`, tables past the memory allowed,
/// or cancelled.
pub fn coalitions(
    n: u32,
    players: u32,
    cancel: &Cancel,
    progress: impl FnMut(u64, u64),
) -> Result<CoalitionsJson, SolveFailure> {
    check_players(players)?;
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()).into());
    }
    fits(coalition_bytes(n, players), n, &format!("the game on {n} with {players} players"))?;
    let solution = solve_coalitions_until(n, players, cancel, progress).ok_or(SolveFailure::Cancelled)?;
    Ok(CoalitionsJson::of(&solution))
}

/// Refuses a number of players outside `2..=MAX_PLAYERS`.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the range.
pub fn check_players(players: u32) -> Result<(), AnswerError> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(AnswerError::Invalid(format!(
            "invalid number of players {players}: zgame coalitions takes 2 <= players <= {MAX_PLAYERS}"
        )));
    }
    Ok(())
}
