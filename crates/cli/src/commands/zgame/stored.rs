//! `zgame position`: the value of one position and of every move, from the store when the game
//! is stored (no solving), else from an on-demand solve; with `--line`, the optimal
//! continuation to the end.

use std::path::PathBuf;
use zecklab_numeration::grouped;

use zecklab_answers::zgame::{self, Values};
use zecklab_games::zgame::{Solution, SolvePlan, ZPosition};
use zecklab_games::Outcome;
use zecklab_store::{Store, StoredTable};

use super::common::solve_with_progress;
use crate::input::InputError;
use crate::output::Out;

/// The largest game `zgame position` solves on demand for one answer (about a minute and
/// 6 GiB on two cores); stored games of any size are answered from the store.
pub const POSITION_LIMIT: u32 = 500;

/// The store named by `--store`, `$ZECKLAB_STORE` or the user's data directory.
pub fn store(dir: Option<PathBuf>) -> anyhow::Result<Store> {
    Store::locate(dir).ok_or_else(|| {
        InputError(
            "no store directory: pass --store DIR or set ZECKLAB_STORE (no data directory is known)".into(),
        )
        .into()
    })
}

/// The stored table of the game on `n`, when there is one; a damaged or foreign file is an
/// error naming it, never a silent fallback.
pub fn stored_table(store: Option<&Store>, n: u32) -> anyhow::Result<Option<StoredTable>> {
    match store {
        None => Ok(None),
        Some(store) => store.open(n).map_err(InputError::from_display),
    }
}

/// The values of one game, loaded: a stored table or a solution in memory.
pub enum Loaded {
    Stored(Box<StoredTable>),
    Solved(Solution),
}

impl Loaded {
    /// The values, as the answers read them.
    pub fn values(&self) -> Values<'_> {
        match self {
            Loaded::Stored(table) => Values::Stored(table),
            Loaded::Solved(solution) => Values::Solved(solution),
        }
    }

    /// Outcome and remoteness (when known) of a position of this game.
    pub fn value(&self, p: &ZPosition) -> anyhow::Result<(Outcome, Option<u32>)> {
        Ok(self.values().value(p)?)
    }
}

/// Positions a second that the flat solve with remoteness settles on two cores (measured: the
/// game on 400 in about a minute on a 2-vCPU Xeon); only for the estimate said before a solve.
const SOLVED_PER_SECOND: f64 = 20e6;

/// A duration estimate in words: "about 40 s", "about 3 minutes".
fn about_seconds(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("about {:.0} s", (seconds / 5.0).ceil() * 5.0)
    } else {
        format!("about {:.0} minutes", (seconds / 60.0).round())
    }
}

/// The values of the game on `n`: the stored table when there is one, else a solve (up to
/// [`POSITION_LIMIT`]), saying on stderr when the solve is large.
pub fn values_for(store: Option<&Store>, n: u32) -> anyhow::Result<Loaded> {
    if let Some(table) = stored_table(store, n)? {
        return Ok(Loaded::Stored(Box::new(table)));
    }
    if n > POSITION_LIMIT {
        return Err(InputError(format!(
            "the game on n = {n} is not stored, and answering means solving all of it, which is done on demand only up to n = {POSITION_LIMIT}: store it first with `zecklab zgame solve --n {n} --save`"
        ))
        .into());
    }
    let plan = SolvePlan::new(n).map_err(InputError::from_display)?;
    if plan.positions > 10_000_000 {
        let estimate = plan.positions as f64 / SOLVED_PER_SECOND;
        // Say before starting why one answer takes a while, and how to make the next one instant.
        eprintln!(
            "the game on n = {n} is not in the store: this answer solves all {} of its positions first, {} on two cores; `zecklab zgame solve --n {n} --save` stores it once, and later answers about it are instant",
            grouped(plan.positions),
            about_seconds(estimate)
        );
    }
    Ok(Loaded::Solved(solve_with_progress(n, true)?))
}

/// Prints the value of one position and of every move from it (best first).
pub fn position(
    out: &mut Out,
    text: &str,
    store: Option<&Store>,
    with_line: bool,
    json: bool,
) -> anyhow::Result<()> {
    let (p, n) = zgame::parse_position(text)?;
    let loaded = values_for(store, n)?;
    let answer = zgame::position(loaded.values(), &p, with_line)?;
    let (outcome, remoteness) = (answer.outcome, answer.remoteness);
    if json {
        return out.json(&answer);
    }
    let rem = |r: Option<u32>| r.map_or("?".into(), |v| v.to_string());
    out.line(format!(
        "{p} (n = {n}): a {outcome} for the player to move, remoteness {} [{}]",
        rem(remoteness),
        if answer.source == "store" { "from the store" } else { "solved now" }
    ))?;
    if answer.terminal {
        out.line(
            "  no moves: this is the Zeckendorf representation; the previous player made the last move",
        )?;
    }
    print_moves_and_line(out, &answer)
}

/// Prints a position's moves (best first, each with what it does for the mover) and its optimal
/// line, if asked for.
pub fn print_moves_and_line(out: &mut Out, answer: &zgame::PositionJson) -> anyhow::Result<()> {
    for m in &answer.moves {
        out.line(super::common::move_line(
            &m.r#move.to_string(),
            &m.to.to_string(),
            m.winning,
            m.remoteness,
            (0, 0),
        ))?;
    }
    match &answer.line {
        Some(Some(steps)) => {
            out.line(format!("  optimal line ({} moves):", steps.len()))?;
            for (i, s) in steps.iter().enumerate() {
                out.line(format!("    {}. {} -> {}", i + 1, s.r#move, s.to))?;
            }
        }
        Some(None) => out.line("  optimal line: unknown (the table has no remoteness)")?,
        None => {}
    }
    Ok(())
}
