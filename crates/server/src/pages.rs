//! The pages whose core the server renders with the answer ([`crate::prerender`]): each page's
//! HTML with its position, value and moves (or representation) already written, when the URL
//! names something the page would show at once. Anything else (play mode, a game given as moves
//! to replay, the family's other members, bad input) gets the plain page, whose script asks the
//! API and explains any error.

use std::sync::Arc;

use axum::extract::{RawQuery, State as Shared};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use zecklab_answers::moves::MoveJson;
use zecklab_answers::{nim, repr, wythoff, zgame as zanswers};

use crate::api::{
    blocking, game_position, large, nim_question, ordered_position_answer, repr_question, wythoff_question,
    State, NIM_POSITION_DIGITS,
};
use crate::assets::{html_response, page_html};
use crate::prerender::{hover, move_by_value, move_token, with_inputs, Core, Notation};
use crate::query::Params;
use crate::ApiError;

/// The core of an explorer answer of Nim or of Wythoff's game (they name their fields alike).
macro_rules! explored_core {
    ($answer:expr) => {
        Core {
            position: &$answer.position,
            outcome: $answer.solve.outcome,
            remoteness: $answer.remoteness,
            moves: &$answer.moves,
            all_moves: $answer.all_moves,
        }
    };
}

/// The ladder terms the numeration page lists.
const LADDER_TERMS: usize = 40;

/// The routes of the pages rendered here.
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/zgame", get(zgame_page))
        .route("/wythoff", get(wythoff_page))
        .route("/numeration", get(numeration_page))
        .with_state(state)
}

/// The pages whose answers run to megabytes (a Nim heap of 1,500 digits): through the gate and
/// the answer budget, as the API's large answers.
pub fn large_routes(state: Arc<State>) -> Router {
    Router::new().route("/nim", get(nim_page)).with_state(state)
}

/// Whether the URL asks for the page as it first shows a position: not in play mode (the values
/// stay out of the page), not a game to replay (`m`: the page shows a later position).
fn shows_values_at_once(params: &Params, also: &[&str]) -> bool {
    ["play", "m", "at"].iter().chain(also).all(|k| params.text(k).is_none())
}

/// The page at `path` with `html` when it was rendered, else as every script-only request gets it.
fn page_or_plain(path: &str, html: Option<String>) -> Response {
    html_response(html.unwrap_or_else(|| page_html(path).to_string()))
}

/// The page at `path` for the query `q`, as `render` writes it from the query's parameters on
/// the blocking pool; the plain page when a game's page must not show values at once (`game`:
/// play mode, a game to replay) or `render` fails (the page's script then asks the API, which
/// explains the error).
async fn rendered(
    path: &'static str,
    q: Option<String>,
    game: bool,
    render: impl FnOnce(Params) -> Result<String, ApiError> + Send + 'static,
) -> Response {
    let params = Params::parse(q.as_deref());
    if game && !shows_values_at_once(&params, &[]) {
        return page_or_plain(path, None);
    }
    page_or_plain(path, blocking(move || render(params)).await.ok())
}

/// The page at `path` with a game's core written in and its form showing what was asked.
fn game_page(
    path: &str,
    core: &Core<'_>,
    notation: &Notation<'_>,
    inputs: &[(&str, &str)],
    ticked: &[&str],
) -> String {
    core.fill(&with_inputs(page_html(path), inputs, ticked), notation)
}

async fn zgame_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let html = async {
        if !shows_values_at_once(&params, &["recurrence", "rules", "misere", "reversed"]) {
            return None;
        }
        if params.text("variant").is_some() {
            return ordered_page(&state, &params).await;
        }
        let text = match (params.text("p"), params.text("n")) {
            (Some(p), _) => p.replace('_', " "),
            (None, Some(n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => format!("1^{n}"),
            (None, None) => "1^10".to_string(),
            _ => return None,
        };
        let (position, n) = zanswers::parse_position(&text).ok()?;
        let answer = game_position(&state, position, n, false).await.ok()?;
        let label = |m: &MoveJson| format!("{}: {}", move_by_value(&m.r#move), m.to);
        Some(zgame_core_page(
            &answer.position,
            answer.outcome,
            answer.remoteness,
            &answer.moves,
            "/zgame?p=",
            &label,
            &text,
        ))
    }
    .await;
    page_or_plain("/zgame", html)
}

/// The Zeckendorf page playing the ordered game (`variant=ordered`), its position's answer
/// written in: the values in order, every move a link to the position it leads to.
async fn ordered_page(state: &Arc<State>, params: &Params) -> Option<String> {
    if params.text("variant") != Some("ordered") {
        return None;
    }
    let text = match (params.text("p"), params.text("n")) {
        (Some(p), _) => p.replace('_', " "),
        (None, Some(n)) => n.to_string(),
        (None, None) => "10".to_string(),
    };
    let answer = ordered_position_answer(state, &text).await.ok()?;
    let label = |m: &MoveJson| format!("{}: {}", m.r#move, m.to);
    let page = zgame_core_page(
        &answer.position,
        answer.outcome,
        answer.remoteness,
        &answer.moves,
        "/zgame?variant=ordered&p=",
        &label,
        &answer.position,
    );
    // The heading names the game before any script runs.
    Some(page.replacen(">The Zeckendorf game</h1>", ">The ordered Zeckendorf game</h1>", 1))
}

/// The Zeckendorf page with a position's core written in: every move a link to `base` followed
/// by the position it leads to (parts joined by `_`), labelled by `label`, the paper's notation
/// on hover, and the box showing `asked`.
fn zgame_core_page(
    position: &str,
    outcome: &'static str,
    remoteness: Option<u32>,
    moves: &[MoveJson],
    base: &str,
    label: &dyn Fn(&MoveJson) -> String,
    asked: &str,
) -> String {
    let core = Core { position, outcome, remoteness, moves, all_moves: true };
    let link = |m: &MoveJson| format!("{base}{}", m.to.split_whitespace().collect::<Vec<_>>().join("_"));
    let paper = |m: &MoveJson| m.r#move.clone();
    let notation = Notation { link: &link, label, hover: &paper };
    game_page("/zgame", &core, &notation, &[("ask-p", asked)], &[])
}

async fn nim_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    if !shows_values_at_once(&params, &[]) {
        return page_or_plain("/nim", None);
    }
    // Rendered through the gate and the budget; busy or refused, the plain page, whose script
    // asks the API (which says why).
    let rendered =
        large(&state, html_response(String::new()), move || render_nim(params).map(String::into_bytes));
    rendered.await.unwrap_or_else(|_| page_or_plain("/nim", None))
}

/// The Nim page with its position's answer written in.
fn render_nim(params: Params) -> Result<String, ApiError> {
    {
        let heap_text = params.text("heap").unwrap_or("90").trim().to_string();
        let mut asked = vec![("heap".to_string(), heap_text.clone())];
        for name in ["cap", "k", "misere"] {
            if let Some(value) = params.text(name).map(str::trim).filter(|v| !v.is_empty()) {
                asked.push((name.to_string(), value.to_string()));
            }
        }
        let asked = Params::from_pairs(asked);
        let (theory, position) = nim_question(&asked, NIM_POSITION_DIGITS)?;
        let answer = nim::explore(&theory, &position);
        let rules = theory.rules();
        let suffix = format!(
            "{}{}",
            if rules.k() == 2 { String::new() } else { format!("&k={}", rules.k()) },
            if rules.misere() { "&misere=1" } else { "" }
        );
        let page_of = |position: &str| {
            let (heap, cap) = position.split_once('/').unwrap_or((position, ""));
            format!("/nim?heap={heap}&cap={cap}{suffix}")
        };
        // The last take ends the game: its link replays it from this position.
        let link = |m: &MoveJson| {
            if m.to == "end" {
                format!("{}&m={}", page_of(&answer.position), move_token(&answer.moves, m))
            } else {
                page_of(&m.to)
            }
        };
        let label = |m: &MoveJson| format!("take {}", m.r#move);
        let core = explored_core!(answer);
        let k = rules.k().to_string();
        let cap = asked.text("cap").unwrap_or_default();
        let misere: &[&str] = if rules.misere() { &["ask-misere"] } else { &[] };
        let notation = Notation { link: &link, label: &label, hover: &hover };
        let inputs = [("ask-heap", heap_text.as_str()), ("ask-cap", cap), ("ask-k", &k)];
        Ok(game_page("/nim", &core, &notation, &inputs, misere))
    }
}

async fn wythoff_page(RawQuery(q): RawQuery) -> Response {
    rendered("/wythoff", q, true, move |params| {
        let a = params.text("a").unwrap_or("10").trim().to_string();
        let b = params.text("b").unwrap_or("20").trim().to_string();
        let answer = wythoff::explore(&wythoff_question(&Params::from_pairs(vec![
            ("a".to_string(), a.clone()),
            ("b".to_string(), b.clone()),
        ]))?);
        let link = |m: &MoveJson| {
            let (a, b) = m.to.split_once(',').unwrap_or((&m.to, ""));
            format!("/wythoff?a={a}&b={b}")
        };
        let label = |m: &MoveJson| {
            let (which, take) = m.r#move.split_once(' ').unwrap_or((&m.r#move, ""));
            let from = if which == "d" { "both" } else { which };
            format!("{take} from {from} → ({})", m.to.replace(',', ", "))
        };
        let core = explored_core!(answer);
        let notation = Notation { link: &link, label: &label, hover: &hover };
        Ok(game_page("/wythoff", &core, &notation, &[("ask-a", &a), ("ask-b", &b)], &[]))
    })
    .await
}

async fn numeration_page(RawQuery(q): RawQuery) -> Response {
    rendered("/numeration", q, false, move |params| {
        let mut asked = Vec::new();
        match (params.text("numeral").map(str::trim).filter(|t| !t.is_empty()), params.text("n")) {
            (Some(numeral), _) => asked.push(("numeral".to_string(), numeral.to_string())),
            (None, n) => asked.push(("n".to_string(), n.unwrap_or("1000").trim().to_string())),
        }
        if let Some(k) = params.text("k") {
            asked.push(("k".to_string(), k.to_string()));
        }
        let mut inputs: Vec<(String, String)> =
            asked.iter().map(|(name, value)| (format!("ask-{name}"), value.clone())).collect();
        if params.text("k").is_none() {
            inputs.push(("ask-k".to_string(), "2".to_string()));
        }
        let answer = repr_question(&Params::from_pairs(asked))?;
        let ladder = repr::ladder_terms(answer.k, LADDER_TERMS)?;
        let inputs: Vec<(&str, &str)> =
            inputs.iter().map(|(id, value)| (id.as_str(), value.as_str())).collect();
        let page = with_inputs(page_html("/numeration"), &inputs, &[]);
        Ok(crate::prerender::numeration(&answer, &ladder, &page))
    })
    .await
}
