//! The pages whose core the server renders with the answer ([`crate::prerender`]): each page's
//! HTML with its position, value and moves (or representation) already written, so that it reads
//! without JavaScript. The Zeckendorf page renders whole game links too (the position reached,
//! the record of the moves), in play mode without values until the game ends. Bad input gets
//! the page with the error and its 4xx status. Left to the scripts: the family's other members,
//! and play mode and game links of Nim and Wythoff's game.

use std::sync::Arc;

use axum::extract::{RawQuery, State as Shared};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use zecklab_answers::moves::MoveJson;
use zecklab_answers::{nim, repr, wythoff};

use zecklab_answers::game_link::{move_of_token, move_token, GameJson, MoveTokens};
use zecklab_answers::number;

use crate::api::{
    blocking, large, nim_question, replay, repr_question, wythoff_question, LadderJson, State, ZgamePosition,
    NIM_POSITION_DIGITS,
};
use crate::assets::{error_page, html_response, page_html};
use crate::prerender::{
    api_request, escape, hover, move_by_value, script_safe, value_in_words, with_answer, with_cite,
    with_inputs, with_record, Core, Notation, WRITTEN_ANSWER_BYTES,
};
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
        .route("/zgame", get(zgame_page))
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

async fn zgame_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    // The family's other members are drawn by the page's script alone.
    if ["recurrence", "rules", "misere", "reversed"].iter().any(|k| params.text(k).is_some()) {
        return page_or_plain("/zgame", None);
    }
    match zgame_view(&state, &params).await {
        Ok(html) => html_response(html),
        Err((mut error, asked)) => {
            // What a position is, after an error about one (as the page's script says it).
            if let Some(what) = error.message.strip_prefix("invalid p: ") {
                let how = if params.text("variant").is_some() {
                    "Write an ordered position as its values from left to right, such as 1 2 1 3, or a number n for n ones."
                } else {
                    "Write a position as its parts with their counts, such as 1^3 2^2 5^7 (three 1s, two 2s and seven 5s), or a number n for the start of the game on n."
                };
                error.message = format!("{what}. {how}");
            }
            error_page("/zgame", &error, &[("ask-p", &asked)])
        }
    }
}

/// The Zeckendorf page (or the ordered game's, `variant=ordered`) for a position or a whole game
/// link (`m`, `at`, `play`), its answer written in; else the error and what was asked.
async fn zgame_view(state: &Arc<State>, params: &Params) -> Result<String, (ApiError, String)> {
    let ordered = params.text("variant").is_some();
    let asked = match (params.text("p"), params.text("n")) {
        (Some(p), _) => p.replace('_', " "),
        (None, Some(n)) => n.trim().to_string(),
        (None, None) => "10".to_string(),
    };
    let fail = |e: ApiError| (e, asked.clone());
    // A number n is the start of the game on n (the ordered game reads it so itself).
    let start = match params.text("p") {
        Some(p) => p.replace('_', " "),
        None if ordered => asked.clone(),
        None if asked.bytes().all(|b| b.is_ascii_digit()) && asked.bytes().any(|b| b != b'0') => {
            format!("1^{asked}")
        }
        None => {
            let message =
                format!("invalid n '{}': the game on n needs a whole number n >= 1", number::shown(&asked));
            return Err(fail(ApiError::bad(message)));
        }
    };
    let m = params.text("m").unwrap_or("");
    // The last position with its optimal line: the page's script shows it without asking again.
    let game = replay(state, params, &start, m, true).await.map_err(fail)?;
    // The player the visitor plays (`play`), as the page's script reads it.
    let human = match params.text("play") {
        Some("1") => Some(1),
        Some("2") => Some(2),
        _ => None,
    };
    let last = game.plies.len() - 1;
    let shown = params.text("at").and_then(|a| a.parse::<usize>().ok()).map_or(last, |a| a.min(last));
    let view = GameView { ordered, start: &start, game: &game, shown, human, tokens: m.trim() };
    let page = view.render(&asked);
    Ok(if ordered {
        // The heading names the game before any script runs.
        page.replacen(">The Zeckendorf game</h1>", ">The ordered Zeckendorf game</h1>", 1)
    } else {
        page
    })
}

/// A game of the Zeckendorf page as a link holds it, shown at ply `shown`.
struct GameView<'a> {
    ordered: bool,
    start: &'a str,
    game: &'a GameJson<ZgamePosition>,
    shown: usize,
    /// The player the visitor plays, in play mode.
    human: Option<u32>,
    /// The link's moves (`m`).
    tokens: &'a str,
}

impl GameView<'_> {
    /// The page of this game (its start, the visitor's side in play mode) with `moves` after it.
    fn link(&self, moves: &str) -> String {
        let variant = if self.ordered { "variant=ordered&" } else { "" };
        let play = self.human.map(|h| format!("&play={h}")).unwrap_or_default();
        format!("/zgame?{variant}p={}{moves}{play}", url_form(self.start))
    }

    /// A move alone: by value in the Zeckendorf game, as named in the ordered one.
    fn name(&self, m: &MoveJson) -> String {
        if self.ordered {
            m.r#move.clone()
        } else {
            move_by_value(&m.r#move)
        }
    }

    /// A move's text: the move and the position it leads to.
    fn label(&self, m: &MoveJson) -> String {
        format!("{}: {}", self.name(m), m.to)
    }

    /// The page: the position shown with its value (unless the visitor is playing and the game
    /// goes on), its moves as links (extending the game, for a game), the record of the moves
    /// played (each a link to the game at that move) and the game-over line.
    fn render(&self, asked: &str) -> String {
        let plies = &self.game.plies;
        let answer = &plies[self.shown];
        let (outcome, remoteness) = answer.value();
        let moves = answer.moves();
        let terminal = moves.is_empty();
        let core = Core { position: answer.position(), outcome, remoteness, moves, all_moves: true };
        let played: Vec<&str> =
            if self.tokens.is_empty() { Vec::new() } else { self.tokens.split('.').collect() };
        let so_far = played[..self.shown].join(".");
        let is_game = !played.is_empty() || self.human.is_some();
        let tokens = MoveTokens::new(moves);
        let extended = |m: &MoveJson| {
            let token = tokens.token(m);
            let moves = if so_far.is_empty() { token } else { format!("{so_far}.{token}") };
            self.link(&format!("&m={moves}"))
        };
        let position_page = |m: &MoveJson| {
            let variant = if self.ordered { "variant=ordered&" } else { "" };
            format!("/zgame?{variant}p={}", url_form(&m.to))
        };
        let label = |m: &MoveJson| self.label(m);
        let paper = |m: &MoveJson| m.r#move.clone();
        let link: &dyn Fn(&MoveJson) -> String = if is_game { &extended } else { &position_page };
        let notation = Notation { link, label: &label, hover: &paper };
        let page = with_inputs(page_html("/zgame"), &[("ask-p", asked)], &[]);
        let mover = if self.shown.is_multiple_of(2) { 1 } else { 2 };
        let page = match self.human {
            // In play mode the values stay out of the page until the game ends.
            Some(_) if !terminal => core.fill_playing(&page, &notation, mover),
            _ => core.fill(&page, &notation),
        };
        let message = if terminal && self.shown > 0 {
            // Whoever made the last move wins.
            let winner = 3 - mover;
            match self.human {
                Some(human) if human == winner => "Game over: you win!".to_string(),
                Some(_) => "Game over: the computer wins.".to_string(),
                None => format!("Game over: Player {winner} wins."),
            }
        } else {
            String::new()
        };
        // The record: ply, mover, move (a link to the game at that move), position, and the move's
        // value for its mover when values show.
        let values_shown = self.human.is_none() || terminal;
        let record: String = plies
            .iter()
            .zip(&plies[1..])
            .zip(&played)
            .enumerate()
            .map(|(k, ((before, after), &token))| {
                // The replay found this move already: the token names it.
                let made = move_of_token(before.moves(), token, before.position(), k + 1).ok();
                let current = if k + 1 == self.shown { " aria-current=\"step\"" } else { "" };
                let (outcome, remoteness) = after.value();
                let value = if values_shown { value_in_words(outcome == "loss", remoteness) } else { String::new() };
                format!(
                    "<tr data-to=\"{to}\" data-shown=\"{values_shown}\"{current}><td>{ply}</td><td>Player {mover}</td><td class=\"left\"><a href=\"{href}\">{name}</a></td><td class=\"left numeral-small\">{to}</td><td class=\"left\">{value}</td></tr>",
                    to = escape(after.position()),
                    ply = k + 1,
                    mover = if k % 2 == 0 { 1 } else { 2 },
                    href = escape(&self.link(&format!("&m={}&at={}", self.tokens, k + 1))),
                    name = escape(&made.map(|m| self.name(m)).unwrap_or_default()),
                )
            })
            .collect();
        let page = with_record(&page, &record, &message);
        // While the visitor plays, the answers (values and all) stay out of the page too.
        if self.human.is_some() && !terminal {
            return page;
        }
        let page = self.with_cite(&page, answer);
        with_game_data(&page, self.tokens, self.game)
    }

    /// `page` with the command that prints the answer for the position shown.
    fn with_cite(&self, page: &str, answer: &ZgamePosition) -> String {
        let position = answer.position();
        let p = url_form(position);
        let (command, api) = if self.ordered {
            (
                format!("zecklab zgame position '{position}' --ordered --json"),
                api_request("/api/zgame/position", &[("variant", "ordered"), ("p", &p)]),
            )
        } else {
            (
                format!("zecklab zgame position '{position}' --line --json"),
                api_request("/api/zgame/position", &[("p", &p), ("line", "1")]),
            )
        };
        let source = if answer.from_store() {
            "this server's store of solved games"
        } else {
            "solved on demand by this server (the command solves it again, or reads the store)"
        };
        with_cite(page, &command, source, &api)
    }
}

/// `page` with the game's answers (`{"m": the link's moves, "game": the API's answer}`) in a
/// JSON block the page's script reads instead of asking the API again (a data block: not run,
/// so the content-security policy allows it).
fn with_game_data(page: &str, tokens: &str, game: &GameJson<ZgamePosition>) -> String {
    let data = serde_json::json!({ "m": tokens, "game": game }).to_string();
    // A longer game's script asks the API, in one request.
    if data.len() > WRITTEN_ANSWER_BYTES {
        return page.to_string();
    }
    let block =
        format!("<script type=\"application/json\" id=\"game-data\">{}</script>\n", script_safe(&data));
    page.replacen("</main>", &format!("{block}</main>"), 1)
}

/// A position's text as a URL holds it (parts joined by `_`).
fn url_form(position: &str) -> String {
    position.split_whitespace().collect::<Vec<_>>().join("_")
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
