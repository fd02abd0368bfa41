//! What the Zeckendorf game's commands share: the memory limit, range checks, solving and saving
//! with a progress bar, and the lines of `zgame solve` and `zgame check`. It depends on no other
//! module of `zgame`, so that the commands depend on it and never on each other in a circle.

use zecklab_answers::family::{FamilySolve, Tags};
pub use zecklab_answers::zgame::CheckJson;
use zecklab_answers::zgame::ZgameSolve;
use zecklab_games::zgame::{solve_with, Solution, SolveOptions, SolvePlan};
use zecklab_store::Store;

use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// Memory the solver's tables may use.
pub const MEMORY_LIMIT: u128 = zecklab_answers::solve::SOLVE_MEMORY;
/// The last n whose reversed game fits in [`MEMORY_LIMIT`] (4 bytes and a bit a position).
pub const REVERSED_TO: u32 = 532;
/// Saves a solved game in the store with a progress bar (bytes written); returns the table's
/// path as the JSON's `saved` field shows it.
pub fn save_with_progress(
    store: &Store,
    solution: &impl zecklab_store::write::TableSource,
    n: u32,
) -> anyhow::Result<String> {
    let bar = progress::bar(0, "bytes", &format!("saving n = {n}"));
    let path = store
        .save(solution, |done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .map_err(InputError::from_display)?;
    bar.finish_and_clear();
    Ok(path.display().to_string())
}

/// Refuses a range of games that is empty or starts at n = 0.
pub fn check_range(first: u32, last: u32) -> anyhow::Result<()> {
    if first == 0 || last < first {
        return Err(InputError::from_display(format!(
            "invalid range n = {first} to {last}: need 1 <= n <= to"
        )));
    }
    Ok(())
}

/// Prints one solved game's line; `tags`, the fields of a member of the family named on the
/// command line.
pub fn print_solve_line(
    out: &mut Out,
    line: &ZgameSolve,
    tags: Option<&Tags>,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        match tags {
            Some(tags) => out.json(&FamilySolve { solve: line.clone(), tags: tags.clone() })?,
            None => out.json(line)?,
        }
    } else {
        let rem = line.remoteness.map_or("not computed".to_string(), |v| v.to_string());
        let play = if tags.and_then(|t| t.misere).unwrap_or(false) { " (misère)" } else { "" };
        out.line(format!(
            "n = {}{play}: {} positions, {} P-positions; {} wins (start remoteness {rem}); {:.2} s",
            line.n, line.positions, line.p_positions, line.winner, line.seconds
        ))?;
        if let Some(path) = &line.saved {
            out.line(format!("  saved to {path}"))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Prints a check's line.
pub fn print_check(out: &mut Out, line: &CheckJson, json: bool) -> anyhow::Result<()> {
    let n = line.n;
    let seconds = line.seconds;
    if json {
        out.json(&line)?;
    } else {
        let what = if line.remoteness_checked { "outcome and remoteness" } else { "outcome" };
        match &line.first_inconsistent {
            None => out.line(format!(
                "n = {n}: all {} positions consistent ({what} checked against their children); {seconds:.2} s",
                line.checked
            ))?,
            Some(p) => out.line(format!(
                "n = {n}: {} of {} positions INCONSISTENT ({what}); the first is {p}; {seconds:.2} s",
                line.inconsistent, line.checked
            ))?,
        }
    }
    out.flush()?;
    Ok(())
}

/// Solves the game on `n` with a progress bar on a terminal (hidden when stderr is not one).
/// Remoteness is computed when asked for and its table fits in [`MEMORY_LIMIT`].
pub fn solve_with_progress(n: u32, remoteness: bool) -> anyhow::Result<Solution> {
    solve_play_with_progress(n, remoteness, false)
}

/// A solve's failure as the command line reports it (cancelling is not offered here).
pub fn solve_failed(e: zecklab_answers::solve::SolveFailure) -> anyhow::Error {
    match e {
        zecklab_answers::solve::SolveFailure::Refused(e) => e.into(),
        zecklab_answers::solve::SolveFailure::Cancelled => InputError("cancelled".into()).into(),
    }
}

/// [`solve_with_progress`] in normal or misère play.
pub fn solve_play_with_progress(n: u32, remoteness: bool, misere: bool) -> anyhow::Result<Solution> {
    let plan = SolvePlan::new(n).map_err(InputError::from_display)?;
    let remoteness = remoteness && plan.bytes(true) <= MEMORY_LIMIT;
    let bar = progress::bar(plan.positions, "positions", &format!("solving n = {n}"));
    let options = SolveOptions { misere, ..SolveOptions::new(remoteness, MEMORY_LIMIT) };
    let solution =
        solve_with(n, &options, |done, _| bar.set_position(done)).map_err(InputError::from_display)?;
    bar.finish_and_clear();
    Ok(solution)
}
