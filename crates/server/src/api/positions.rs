//! Position questions on the server: the answers' one position path, with the tables it needs
//! kept in this server's cache. The query names the game (`recurrence`, `rules`, `misere`,
//! `grundy`, `reversed`, `variant=ordered`); the answers read the position and say which table
//! answers it; this module finds that table (a stored one, the cache, or a solve through the gate
//! within this server's limits) and lets the answers answer.

use std::sync::Arc;

use zecklab_answers::position::{
    solve_table, OwnedTable, PositionAnswer, PositionGame, PositionQuestion, Table, TableNeed,
};
use zecklab_answers::solve::Control;
use zecklab_games::zgame::Solution;
use zecklab_store::StoredTable;

use super::{blocking, is_ordered, stored, variant_of, State, FAMILY_LIMIT, ORDERED_LIMIT};
use crate::query::Params;
use crate::solves::Key;
use crate::ApiError;

/// A table as this server holds it.
enum Held {
    /// The store's.
    Stored(Arc<StoredTable>),
    /// The game solved (the solves' own cache entry, shared with the solve pages).
    Game(Arc<Solution>),
    /// Any other table, solved and kept in the cache.
    Solved(Arc<OwnedTable>),
    /// No table.
    Itself,
}

impl Held {
    fn table(&self) -> Table<'_> {
        match self {
            Held::Stored(t) => Table::Stored(t),
            Held::Game(s) => Table::Game(s),
            Held::Solved(t) => t.table(),
            Held::Itself => Table::Itself,
        }
    }
}

/// The answer for the position `text` of the game `params` names, with the optimal line when
/// asked.
pub(crate) async fn position_answer(
    state: &Arc<State>,
    params: &Params,
    text: &str,
    with_line: bool,
) -> Result<PositionAnswer, ApiError> {
    let variant = variant_of(params)?.unwrap_or(zecklab_answers::family::Variant::ZECKENDORF);
    let ordered = is_ordered(params)?;
    let text = if ordered { ordered_text(text)? } else { text.to_string() };
    let game =
        PositionGame::from_options(variant, params.flag("grundy")?, params.flag("reversed")?, ordered, None)?;
    let question = PositionQuestion::parse(game, &text, with_line).map_err(|e| ApiError::about("p", e))?;
    let held = table(state, question.needs()).await?;
    blocking(move || Ok(question.answer(held.table())?)).await
}

/// The table `need` names: the store's, else the cache's, else solved through the gate (within
/// this server's limits) and kept.
async fn table(state: &Arc<State>, need: TableNeed) -> Result<Held, ApiError> {
    let n = need.n();
    let up_to = state.solves.up_to();
    let refuse = |limit: u32, what: &str, command: &str| {
        Err(ApiError::too_large(format!(
            "this server solves {what} on demand for 1 <= n <= {limit}: use the command line for n = {n}{command}"
        )))
    };
    match &need {
        TableNeed::Itself => return Ok(Held::Itself),
        TableNeed::Game { .. } => {
            if let Some(table) = stored(state, n).await? {
                return Ok(Held::Stored(table));
            }
            return Ok(Held::Game(state.solves.solution(n).await?.solution));
        }
        TableNeed::Family { .. } if n > FAMILY_LIMIT.min(up_to) => {
            return refuse(FAMILY_LIMIT.min(up_to), "the game's family", "");
        }
        TableNeed::Ordered { .. } if n > ORDERED_LIMIT.min(up_to) => {
            return refuse(ORDERED_LIMIT.min(up_to), "the ordered game", " (zgame position --ordered)");
        }
        TableNeed::Reversed { .. } if n > up_to => {
            return Err(ApiError::too_large(format!(
                "this server answers this question on demand only up to n = {up_to}: use the command line for the game on n = {n}"
            )));
        }
        _ => {}
    }
    let bytes = need.bytes().map_or(u64::MAX, |b| u64::try_from(b).unwrap_or(u64::MAX));
    let solved = state
        .solves
        .cached_or(Key::Table(need.clone()), bytes, move |cancel| {
            Ok(solve_table(&need, &mut Control::new().with_cancel(cancel.clone()))?)
        })
        .await?;
    Ok(Held::Solved(solved))
}

/// An ordered position from the page's text: its values in order, or a number n for n ones.
fn ordered_text(text: &str) -> Result<String, ApiError> {
    let t = text.trim();
    match t.strip_prefix('+').unwrap_or(t) {
        n if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && !t.contains(' ') => {
            let count: u32 = n.parse().map_err(|_| ApiError::bad(format!("invalid n '{n}'")))?;
            if count == 0 || count > ORDERED_LIMIT {
                return Err(ApiError::too_large(format!(
                    "this server solves the ordered game on demand for 1 <= n <= {ORDERED_LIMIT}: use the command line for n = {count}"
                )));
            }
            Ok(vec!["1"; count as usize].join(" "))
        }
        _ => Ok(t.to_string()),
    }
}
