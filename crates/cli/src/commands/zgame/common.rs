//! What the Zeckendorf game's commands share: the memory limit, range checks, solving and saving
//! with a progress bar, and the lines of `zgame solve` and `zgame check`. It depends on no other
//! module of `zgame`, so that the commands depend on it and never on each other in a circle.

use zecklab_answers::family::{FamilySolve, Tags};
use zecklab_answers::solve::{solve_kept, Control, SolveFailure, SolveRequest};
pub use zecklab_answers::zgame::CheckJson;
use zecklab_answers::zgame::ZgameSolve;
use zecklab_games::zgame::Solution;
use zecklab_numeration::grouped;
use zecklab_store::Store;

use crate::input::InputError;
use crate::output::Out;
use crate::progress;

pub use zecklab_answers::solve::limits::SOLVE_MEMORY as MEMORY_LIMIT;
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

/// The game's n written without `--n` (`zgame solve 30`), beside each command's own `--n`, which
/// conflicts with it.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct GameAt {
    /// The game on N, as a plain number (the same as --n N).
    #[arg(value_name = "N", value_parser = crate::input::whole_u32, allow_negative_numbers = true)]
    at: Option<u32>,
}

impl GameAt {
    /// The n given either way, if any.
    pub fn or(self, flag: Option<u32>) -> Option<u32> {
        self.at.or(flag)
    }

    /// The n of a command that needs one (clap requires one of the two forms already).
    pub fn required(self, flag: Option<u32>) -> Result<u32, InputError> {
        self.or(flag).ok_or_else(|| InputError("give the game's n, as a number or as --n N".into()))
    }
}

/// Refuses a range of games that is empty or starts at n = 0.
pub fn check_range(first: u32, last: u32) -> anyhow::Result<()> {
    if first == 0 {
        return Err(InputError::from_display(
            "n = 0 has no game: the game on n starts from n ones, so n is at least 1",
        ));
    }
    if last < first {
        return Err(InputError::from_display(format!(
            "the range ends before it starts: --to {last} is below n = {first}"
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
            "n = {}{play}: {}, {}; {} wins (start remoteness {rem}); {:.2} s, {} engine",
            line.n,
            crate::output::counted(line.positions, "position", "positions"),
            crate::output::counted(line.p_positions, "P-position", "P-positions"),
            line.winner,
            line.seconds,
            line.engine.name()
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
                grouped(line.checked)
            ))?,
            Some(p) => out.line(format!(
                "n = {n}: {} of {} positions INCONSISTENT ({what}); the first is {p}; {seconds:.2} s",
                grouped(line.inconsistent), grouped(line.checked)
            ))?,
        }
    }
    out.flush()?;
    Ok(())
}

/// Solves the game on `n` with a progress bar on a terminal (hidden when stderr is not one),
/// every position kept. Remoteness is computed when asked for and its table fits in
/// [`MEMORY_LIMIT`].
pub fn solve_with_progress(n: u32, remoteness: bool) -> anyhow::Result<Solution> {
    solve_play_with_progress(n, remoteness, false)
}

/// A solve's failure as the command line reports it: a refusal as the input's fault, a stop
/// asked by a signal as [`crate::interrupt::Interrupted`].
pub fn solve_failed(e: SolveFailure) -> anyhow::Error {
    match e {
        SolveFailure::Refused(e) => InputError::from_display(e),
        SolveFailure::Cancelled => InputError("cancelled".into()).into(),
        SolveFailure::Stopped { reason, message } => {
            crate::interrupt::Interrupted { signal: reason, message }.into()
        }
        e @ (SolveFailure::Storage(_) | SolveFailure::Disagreement(_)) => anyhow::anyhow!(e),
    }
}

/// [`solve_with_progress`] in normal or misère play.
pub fn solve_play_with_progress(n: u32, remoteness: bool, misere: bool) -> anyhow::Result<Solution> {
    let bar = progress::bar(0, "positions", &format!("solving n = {n}"));
    let moved = |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let request = SolveRequest { remoteness, misere, ..SolveRequest::new(n) };
    let solved = solve_kept(&request, &mut Control::new().with_progress(&moved));
    bar.finish_and_clear();
    solved.map_err(solve_failed)
}

/// One move of a position's list, in every game's text output alike: the move (in braces when it
/// is written with an arrow of its own, so that the one arrow outside leads to the position), the
/// position it leads to, and what it does for the player making it with the remoteness of the
/// position it leads to: `{F1 ∧ F1 -> F2} -> 1^1 2^3 5^7  wins, remoteness 24`. `widths` pads the
/// move and the position into columns.
pub fn move_line(
    r#move: &str,
    to: &str,
    winning: bool,
    remoteness: Option<u32>,
    widths: (usize, usize),
) -> String {
    let r#move = if r#move.contains("->") && !r#move.starts_with('{') {
        format!("{{{move}}}")
    } else {
        r#move.to_string()
    };
    let does = if winning { "wins" } else { "loses" };
    let remoteness = remoteness.map_or(String::new(), |r| format!(", remoteness {r}"));
    let (w_move, w_to) = widths;
    format!("  {move:<w_move$} -> {to:<w_to$}  {does}{remoteness}").trim_end().to_string()
}
