//! `zgame position`: the value of one position and of every move, from the store when the game
//! is stored (no solving), else from an on-demand solve; with `--line`, the optimal
//! continuation to the end.

use std::path::PathBuf;

use serde::Serialize;
use zecklab_games::zgame::{Solution, SolvePlan, ZPosition};
use zecklab_games::Outcome;
use zecklab_store::{Store, StoredTable};

use super::solve::solve_with_progress;
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

/// Where values come from: a stored table or a solution in memory.
pub enum Values {
    Stored(StoredTable),
    Solved(Solution),
}

impl Values {
    /// `"store"` or `"solved"`, the JSON `source` field.
    pub fn source(&self) -> &'static str {
        match self {
            Values::Stored(_) => "store",
            Values::Solved(_) => "solved",
        }
    }

    /// Outcome and remoteness (when known) of a position of this game.
    pub fn value(&self, p: &ZPosition) -> anyhow::Result<(Outcome, Option<u32>)> {
        match self {
            Values::Stored(table) => {
                let r = table.index().rank(p).expect("a position of the stored game");
                let parts = p.counts().iter().sum();
                let outcome = table.outcome(r).map_err(InputError::from_display)?;
                Ok((outcome, table.remoteness(r, parts).map_err(InputError::from_display)?))
            }
            Values::Solved(solution) => {
                let r = solution.index().rank(p).expect("a position of the solved game");
                Ok((solution.outcome(r), solution.remoteness(r)))
            }
        }
    }
}

/// The values of the game on `n`: the stored table when there is one, else a solve (up to
/// [`POSITION_LIMIT`]), saying on stderr when the solve is large.
pub fn values_for(store: Option<&Store>, n: u32) -> anyhow::Result<Values> {
    if let Some(table) = stored_table(store, n)? {
        return Ok(Values::Stored(table));
    }
    if n > POSITION_LIMIT {
        return Err(InputError(format!(
            "the game on n = {n} is not stored, and answering means solving all of it, which is done on demand only up to n = {POSITION_LIMIT}: store it first with `zecklab zgame solve --n {n} --save`"
        ))
        .into());
    }
    let plan = SolvePlan::new(n).map_err(InputError::from_display)?;
    if plan.positions > 10_000_000 {
        // Say why one answer takes a while: every position of the game is solved.
        eprintln!("solving all {} positions of the game on n = {n} for this answer...", plan.positions);
    }
    Ok(Values::Solved(solve_with_progress(n, true)?))
}

/// One move from a position, as JSON.
#[derive(Serialize)]
pub struct MoveJson {
    pub r#move: String,
    pub to: String,
    pub outcome: &'static str,
    pub remoteness: Option<u32>,
    pub winning: bool,
}

/// One step of the optimal line, as JSON.
#[derive(Serialize)]
pub struct LineStepJson {
    pub r#move: String,
    pub to: String,
    pub outcome: &'static str,
    pub remoteness: Option<u32>,
}

/// A position's answer, as JSON.
#[derive(Serialize)]
pub struct PositionJson {
    pub position: String,
    pub n: u32,
    pub outcome: &'static str,
    pub remoteness: Option<u32>,
    pub terminal: bool,
    pub source: &'static str,
    pub moves: Vec<MoveJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Option<Vec<LineStepJson>>>,
}

/// Every move from `p` with the value it leads to, best first for the mover: winning moves
/// fastest first, then losing moves slowest first (ties in the rules' order).
pub fn moves_best_first(values: &Values, p: &ZPosition) -> anyhow::Result<Vec<MoveJson>> {
    let mut moves = Vec::new();
    for m in p.moves() {
        let child = p.apply(m).expect("listed moves are legal");
        let (o, remoteness) = values.value(&child)?;
        moves.push(MoveJson {
            r#move: m.to_string(),
            to: child.to_string(),
            outcome: o.as_str(),
            remoteness,
            winning: !o.is_win(),
        });
    }
    // Winning first; among winning moves the fastest, among losing ones the slowest.
    moves.sort_by_key(|m| {
        let r = i64::from(m.remoteness.unwrap_or(0));
        (!m.winning, if m.winning { r } else { -r })
    });
    Ok(moves)
}

/// The optimal continuation from `p` to the end (the first move of [`moves_best_first`] at
/// each step), or `None` when remoteness is unknown (then "optimal" is not defined).
fn optimal_line(values: &Values, p: &ZPosition) -> anyhow::Result<Option<Vec<LineStepJson>>> {
    let mut line = Vec::new();
    let mut at = p.clone();
    loop {
        let moves = moves_best_first(values, &at)?;
        let Some(best) = moves.into_iter().next() else { break };
        if best.remoteness.is_none() {
            return Ok(None);
        }
        let next = ZPosition::parse(&best.to).expect("positions print in the grammar");
        line.push(LineStepJson {
            r#move: best.r#move,
            to: best.to,
            outcome: best.outcome,
            remoteness: best.remoteness,
        });
        at = next;
    }
    Ok(Some(line))
}

/// Prints the value of one position and of every move from it (best first).
pub fn position(
    out: &mut Out,
    text: &str,
    store: Option<&Store>,
    with_line: bool,
    json: bool,
) -> anyhow::Result<()> {
    let p = ZPosition::parse(text).map_err(InputError::from_display)?;
    let n = u32::try_from(p.n()).map_err(|_| {
        InputError(format!("the position sums to n = {}, past any game zecklab can solve", p.n()))
    })?;
    let values = values_for(store, n)?;
    let (outcome, remoteness) = values.value(&p)?;
    let moves = moves_best_first(&values, &p)?;
    let line = if with_line { Some(optimal_line(&values, &p)?) } else { None };
    let answer = PositionJson {
        position: p.to_string(),
        n,
        outcome: outcome.as_str(),
        remoteness,
        terminal: moves.is_empty(),
        source: values.source(),
        moves,
        line,
    };
    if json {
        return out.json(&answer);
    }
    let rem = |r: Option<u32>| r.map_or("?".into(), |v| v.to_string());
    out.line(format!(
        "{p} (n = {n}): {outcome} for the player to move, remoteness {} [{}]",
        rem(remoteness),
        if answer.source == "store" { "from the store" } else { "solved now" }
    ))?;
    if answer.terminal {
        out.line(
            "  no moves: this is the Zeckendorf representation; the previous player made the last move",
        )?;
    }
    for m in &answer.moves {
        let mark = if m.winning { "  winning" } else { "" };
        out.line(format!(
            "  {} -> {}: {} (remoteness {}){mark}",
            m.r#move,
            m.to,
            m.outcome,
            rem(m.remoteness)
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
