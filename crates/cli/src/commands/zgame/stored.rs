//! The store as the game's commands reach it (`--store`, `$ZECKLAB_STORE`, the data directory)
//! and the text of a position's moves and optimal line, which every game's position answer
//! prints alike.

use std::path::PathBuf;

use zecklab_answers::zgame;
use zecklab_store::{Store, StoredTable};

use crate::input::InputError;
use crate::output::Out;

/// The largest game `zgame position` solves on demand for one answer (about a minute and
/// 6 GiB on two cores); stored games of any size are answered from the store.
pub const POSITION_LIMIT: u32 = zecklab_answers::position::POSITION_SOLVE_TO;

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
    print_line(out, answer.line.as_ref())
}

/// The optimal line, when one was asked for.
pub fn print_line(out: &mut Out, line: Option<&Option<Vec<zgame::LineStepJson>>>) -> anyhow::Result<()> {
    match line {
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
