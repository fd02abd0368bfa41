//! The pages whose core the server renders with the answer ([`crate::prerender`]): each page's
//! HTML with its position, value and moves (or representation) already written, so that it reads
//! without JavaScript. The Zeckendorf page renders whole game links too (the position reached,
//! the record of the moves), in play mode without values until the game ends: its page and every
//! member of its family are [`crate::zgame_page`]'s. Bad input gets the page with the error and
//! its 4xx status. Left to the scripts: play mode and game links of Nim and Wythoff's game.

use std::sync::Arc;

use axum::extract::{RawQuery, State as Shared};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use zecklab_answers::moves::MoveJson;
use zecklab_answers::{nim, repr, wythoff};

use zecklab_answers::game_link::move_token;

use crate::api::{
    blocking, large, nim_question, repr_question, wythoff_question, LadderJson, State, NIM_POSITION_DIGITS,
};
use crate::assets::{error_page, html_response, page_html};
use crate::prerender::{api_request, hover, with_answer, with_cite, with_inputs, Core, Notation};
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

/// Where a Fibonacci Nim answer comes from.
const NIM_SOURCE: &str = "computed by this server from the theory (the smallest term of the heap's representation), which exhaustive search agrees with wherever it was run";
/// Where a Wythoff answer comes from.
const WYTHOFF_SOURCE: &str = "computed by this server from the Zeckendorf digits of the heaps";

/// The ladder terms the numeration page lists.
const LADDER_TERMS: usize = 40;

/// The routes of the pages rendered here.
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/zgame", get(crate::zgame_page::zgame_page))
        .route("/wythoff", get(wythoff_page))
        .route("/numeration", get(numeration_page))
        .route("/data", get(crate::research::data_page))
        .route("/zgame/stats", get(crate::research::stats_page))
        .route("/lab", get(crate::research::lab_page))
        .with_state(state)
}

/// The pages whose answers run to megabytes (a Nim heap of 1,500 digits): through the gate and
/// the answer budget, as the API's large answers.
pub fn large_routes(state: Arc<State>) -> Router {
    Router::new().route("/nim", get(nim_page)).with_state(state)
}

/// Whether the URL asks for the page as it first shows a position: not in play mode (the values
/// stay out of the page), not a game to replay (`m`: the page shows a later position).
fn shows_values_at_once(params: &Params) -> bool {
    ["play", "m", "at"].iter().all(|k| params.text(k).is_none())
}

/// The page at `path` with `html` when it was rendered, else as every script-only request gets it.
fn page_or_plain(path: &str, html: Option<String>) -> Response {
    html_response(html.unwrap_or_else(|| page_html(path).to_string()))
}

/// The page at `path` for the query `q`, as `render` writes it from the query's parameters on
/// the blocking pool; the plain page when a game's page must not show values at once (`game`:
/// play mode, a game to replay), the error's page (with its status) when `render` fails.
async fn rendered(
    path: &'static str,
    q: Option<String>,
    game: bool,
    render: impl FnOnce(Params) -> Result<String, ApiError> + Send + 'static,
) -> Response {
    let params = Params::parse(q.as_deref());
    if game && !shows_values_at_once(&params) {
        return page_or_plain(path, None);
    }
    match blocking(move || render(params)).await {
        Ok(html) => html_response(html),
        Err(e) => error_page(path, &e, &[]),
    }
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

async fn nim_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    if !shows_values_at_once(&params) {
        return page_or_plain("/nim", None);
    }
    // Rendered through the gate and the budget; busy or refused, the page says why.
    let rendered =
        large(&state, html_response(String::new()), move || render_nim(params).map(String::into_bytes));
    rendered.await.unwrap_or_else(|e| error_page("/nim", &e, &[]))
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
        let page = game_page("/nim", &core, &notation, &inputs, misere);
        // As the script asks for its opening position.
        let (heap, cap) = answer.position.split_once('/').unwrap_or((&answer.position, ""));
        let misere = if rules.misere() { "1" } else { "" };
        let api =
            api_request("/api/nim/position", &[("heap", heap), ("cap", cap), ("k", &k), ("misere", misere)]);
        let page = with_answer(&page, &api, &answer);
        let command = format!(
            "zecklab nim solve {heap} --cap {cap}{}{} --json",
            if k == "2" { String::new() } else { format!(" --k {k}") },
            if rules.misere() { " --misere" } else { "" }
        );
        let solve_api =
            api_request("/api/nim/solve", &[("heap", heap), ("cap", cap), ("k", &k), ("misere", misere)]);
        Ok(with_cite(&page, &command, NIM_SOURCE, &solve_api))
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
        let page = game_page("/wythoff", &core, &notation, &[("ask-a", &a), ("ask-b", &b)], &[]);
        // As the script asks for a position.
        let (a, b) = answer.position.split_once(',').unwrap_or((&answer.position, ""));
        let page = with_answer(&page, &api_request("/api/wythoff/position", &[("a", a), ("b", b)]), &answer);
        let command = format!("zecklab wythoff solve {a} {b} --json");
        Ok(with_cite(
            &page,
            &command,
            WYTHOFF_SOURCE,
            &api_request("/api/wythoff/solve", &[("a", a), ("b", b)]),
        ))
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
        let page = crate::prerender::numeration(&answer, &ladder, &page);
        let k = answer.k.to_string();
        let count = LADDER_TERMS.to_string();
        let page = with_answer(&page, &api_request("/api/repr", &[("n", &answer.n), ("k", &k)]), &answer);
        let ladder_json = LadderJson { k: answer.k, terms: ladder };
        let page =
            with_answer(&page, &api_request("/api/ladder", &[("k", &k), ("count", &count)]), &ladder_json);
        let k_flag = if answer.k == 2 { String::new() } else { format!(" --k {k}") };
        let k_param = if answer.k == 2 { "" } else { k.as_str() };
        let (command, api) = match &answer.input {
            Some(numeral) => (
                format!("zecklab repr --from-numeral {numeral}{k_flag} --json"),
                api_request("/api/repr", &[("numeral", numeral), ("k", k_param)]),
            ),
            None => (
                format!("zecklab repr {}{k_flag} --json", answer.n),
                api_request("/api/repr", &[("n", &answer.n), ("k", k_param)]),
            ),
        };
        Ok(with_cite(&page, &command, "computed by this server", &api))
    })
    .await
}
