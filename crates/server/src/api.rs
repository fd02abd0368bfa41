//! The JSON API under `/api/`. Each handler parses its parameters, computes the answer on the
//! blocking pool with the function the command line calls, and sends the same JSON shape.

mod positions;

use std::sync::Arc;
use std::time::Instant;
use zecklab_games::Winner;

use axum::extract::{RawQuery, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use zecklab_answers::game_link::{self, GameJson};
use zecklab_answers::record::record_lines;
use zecklab_answers::solve::{plan_game, solve_any, Control, Engine, SolveAnswer, SolveGame, SolveRequest};
use zecklab_answers::stats::{check_stats_size, stats_from_store, stats_of, StatsJson};
use zecklab_answers::zgame::{CoalitionsJson, Values, ZgameSolve};
use zecklab_answers::{family, nim, number, repr, wythoff};
use zecklab_games::fibnim::{census, reach, NimRules, Theory};
use zecklab_games::zgame::family::RuleSet;
use zecklab_games::zgame::{solve_coalitions_until, ZPosition, MAX_PLAYERS};

use self::positions::position_answer;
use crate::budget::{self, AnswerBudget, BUDGET_WAIT};
use crate::lab_jobs::{LabJobs, TestKey};
use crate::query::Params;
use crate::solves::{Key, Solves};
use crate::tables::{Lookup, Tables};
use crate::{ApiError, Config};
use zecklab_answers::position::PositionAnswer;

/// The largest `to` for the census of opening heaps (quadratic work).
pub const CENSUS_LIMIT: u32 = 1_000;
/// The largest heap whose reachable positions are listed.
pub const REACH_LIMIT: u32 = 1_000;
/// The most ladder terms listed at once.
pub const LADDER_LIMIT: u32 = 200;
/// The largest game whose coalitions are solved on demand (8 bytes a position and player: 250
/// MB and half a second for 6 players at n = 200).
pub const COALITIONS_LIMIT: u32 = 200;
/// The most digits of a Fibonacci Nim heap `/api/nim/solve` answers: its winning moves grow
/// with the square of the digits (about 0.55 D² bytes of JSON: 8.8 MB at 4,000 digits).
pub const NIM_SOLVE_DIGITS: usize = 4_000;
/// The most digits of a heap `/api/nim/position` answers: it adds the heap's terms and their
/// suffix sums (about 4 D² bytes of JSON: 9 MB at 1,500 digits).
pub const NIM_POSITION_DIGITS: usize = 1_500;

/// Memory the ladder of one answer may take here (the command line allows 1 GiB; a server
/// answers many requests at once).
pub const LADDER_MEMORY: u128 = 64 << 20;

/// What every handler shares.
pub struct State {
    tables: Tables,
    pub(crate) solves: Arc<Solves>,
    budget: AnswerBudget,
    /// The strategy lab's rule tests.
    pub(crate) lab: LabJobs,
}

impl State {
    /// The largest game this server solves on demand.
    pub fn solve_up_to(&self) -> u32 {
        self.solves.up_to()
    }

    /// The state for a configuration.
    pub fn new(config: Config) -> State {
        State {
            solves: Arc::new(Solves::new(&config)),
            lab: LabJobs::new(config.max_solves),
            budget: AnswerBudget::new(config.answer_bytes),
            tables: Tables::new(config.store),
        }
    }
}

/// A large answer: `work` (which serializes it) computed through the gate's slots, then sent
/// as `template`'s body holding its share of the answer budget until its client has read it.
///
/// # Errors
/// 503 when the queue or the budget is full, and whatever `work` returns.
pub(crate) async fn large(
    state: &State,
    template: Response,
    work: impl FnOnce() -> Result<Vec<u8>, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let (bytes, held) = state.solves.answer(work).await?;
    // The slot is kept while the answer waits for its share, so no more answers wait than
    // there are slots.
    let share = state.budget.share(bytes.len(), BUDGET_WAIT).await?;
    drop(held);
    Ok(budget::response(template, bytes, share))
}

/// An answer as the JSON bytes `Json` would send.
fn json_bytes<T: Serialize>(answer: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(answer)
        .map_err(|e| ApiError::internal(format!("the answer could not be written: {e}")))
}

pub(crate) type Shared_ = Shared<Arc<State>>;
type Answer<T> = Result<Json<T>, ApiError>;

/// The API's routes.
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/api/repr", get(repr_answer))
        .route("/api/ladder", get(ladder))
        .route("/api/data/record", get(data_record))
        .route("/api/zgame/stats", get(zgame_stats))
        .route("/api/zgame/rule-test", get(zgame_rule_test))
        .route("/api/nim/census", get(nim_census))
        .route("/api/nim/reach", get(nim_reach))
        .route("/api/nim/index", get(nim_index))
        .route("/api/wythoff/solve", get(wythoff_solve))
        .route("/api/wythoff/position", get(wythoff_position))
        .route("/api/wythoff/board", get(wythoff_board))
        .route("/api/zgame/solve", get(zgame_solve))
        .route("/api/zgame/position", get(zgame_position))
        .route("/api/zgame/game", get(zgame_game))
        .route("/api/zgame/coalitions", get(zgame_coalitions))
        .route("/api/limits", get(limits))
        .route("/api/status", get(status))
        .with_state(state)
}

/// The routes whose answers run to megabytes: through the gate and the answer budget.
pub fn large_routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/api/nim/solve", get(nim_solve))
        .route("/api/nim/position", get(nim_position))
        .with_state(state)
}

/// Runs `work` on the blocking pool: answers can take milliseconds to seconds of CPU.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("the answer failed: {e}")))?
}

async fn repr_answer(RawQuery(q): RawQuery) -> Answer<repr::Repr> {
    let params = Params::parse(q.as_deref());
    blocking(move || repr_question(&params)).await.map(Json)
}

/// The representation a request asks for (`n=` or `numeral=`, and `k=`).
pub(crate) fn repr_question(params: &Params) -> Result<repr::Repr, ApiError> {
    let k = params.factor()?;
    let mut representer = repr::Representer::new(k)?;
    match (params.text("n"), params.text("numeral")) {
        (Some(n), None) => {
            let value = number::natural(n).map_err(|e| ApiError::about("n", e))?;
            number::ladder_fits_within(k, &value, LADDER_MEMORY).map_err(|e| ApiError::about("n", e))?;
            Ok(representer.answer(&value, false))
        }
        (None, Some(d)) => representer.answer_numeral(d, false).map_err(|e| ApiError::about("numeral", e)),
        _ => Err(ApiError::bad("give exactly one of n (an integer) and numeral (digits 0 and 1)")),
    }
}

/// The published record, one JSON object per n per line (`zecklab data record --json`): every
/// n, or `n` alone, with its tiers when `tiers` is on.
async fn data_record(RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    let params = Params::parse(q.as_deref());
    let n = match params.text("n") {
        Some(text) => Some(number::whole_u32(text).map_err(|e| ApiError::about("n", e))?),
        None => None,
    };
    let tiers = params.flag("tiers")?;
    ndjson(&record_lines(zecklab_store::published::record(), n, tiers)?)
}

async fn zgame_stats(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<StatsJson> {
    let params = Params::parse(q.as_deref());
    let n = number::whole_u32(params.required("n")?).map_err(|e| ApiError::about("n", e))?;
    Ok(Json(StatsJson::clone(&*stats_answer(&state, n).await?)))
}

/// The statistics of the game on `n`: from its stored table when that holds remoteness (at any
/// size the statistics take), else solved on demand; kept in the cache.
///
/// # Errors
/// 400 for n = 0, 422 past the statistics' limit or (not stored) the server's, 500 for a
/// damaged stored table, 503 when busy.
pub(crate) async fn stats_answer(state: &Arc<State>, n: u32) -> Result<Arc<StatsJson>, ApiError> {
    check_stats_size(n)?;
    let key = Key::Answer("stats", vec![u64::from(n)]);
    // The answer is small: a few thousand numbers at most.
    let bytes = 64 << 10;
    if let Some(table) = stored(state, n).await? {
        if table.header().remoteness_width > 0 {
            return state
                .solves
                .cached_or(key, bytes, move |_| {
                    stats_from_store(&table)?
                        .ok_or_else(|| ApiError::internal("a stored table lost its remoteness"))
                })
                .await;
        }
    }
    let solved = state.solves.solution(n).await?;
    state.solves.cached_or(key, bytes, move |_| Ok(stats_of(&*solved.solution, "solved"))).await
}

/// Lines as newline-delimited JSON, one object a line (as `zecklab ... --json` prints ranges).
fn ndjson<T: Serialize>(lines: &[T]) -> Result<Response, ApiError> {
    let mut body = String::new();
    for line in lines {
        body.push_str(&serde_json::to_string(line).map_err(|e| ApiError::internal(e.to_string()))?);
        body.push('\n');
    }
    let mut response = body.into_response();
    response.headers_mut().insert(
        axum::http::header::CONTENT_TYPE,
        axum::http::HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(response)
}

/// `zecklab zgame rule-test --json`: one line per n from `from` (default 1) to `to`, each sent as
/// its n is tested (the test runs as a job the lab's page shares: see [`crate::lab_jobs`]).
async fn zgame_rule_test(Shared(state): Shared_, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    let params = Params::parse(q.as_deref());
    let rule = params.required("rule")?.to_string();
    let from = params.u32_or("from", 1)?;
    let to = number::whole_u32(params.required("to")?).map_err(|e| ApiError::about("to", e))?;
    let (job, _) = state.lab.start(&state.solves, TestKey { rule, from, to })?;
    Ok(crate::lab_jobs::stream(job))
}

/// The first terms of the factor-k ladder.
#[derive(Serialize)]
pub(crate) struct LadderJson {
    pub(crate) k: u64,
    pub(crate) terms: Vec<String>,
}

async fn ladder(RawQuery(q): RawQuery) -> Answer<LadderJson> {
    let params = Params::parse(q.as_deref());
    let k = params.factor()?;
    let count = params.u32_or("count", 20)?;
    if count == 0 || count > LADDER_LIMIT {
        return Err(ApiError::bad(format!("invalid count {count}: must be between 1 and {LADDER_LIMIT}")));
    }
    blocking(move || Ok(LadderJson { k, terms: repr::ladder_terms(k, count as usize)? })).await.map(Json)
}

/// The rules and position of a Fibonacci Nim request, refused past `digits` digits (the answer
/// grows with their square).
pub(crate) fn nim_question(
    params: &Params,
    digits: usize,
) -> Result<(Theory, zecklab_games::fibnim::NimPosition), ApiError> {
    let rules = nim::rules(params.factor()?, params.flag("misere")?)?;
    let heap = params.required("heap")?;
    number::natural(heap).map_err(|e| ApiError::about("heap", e))?;
    nim::check_heap_digits(heap, digits).map_err(|e| ApiError::about("heap", e))?;
    let value = number::natural(heap).map_err(|e| ApiError::about("heap", e))?;
    number::ladder_fits_within(rules.k(), &value, LADDER_MEMORY).map_err(|e| ApiError::about("heap", e))?;
    if let Some(cap) = params.text("cap") {
        number::natural(cap).map_err(|e| ApiError::about("cap", e))?;
    }
    let position = nim::position(heap, params.text("cap"), rules)?;
    Ok((Theory::new(rules), position))
}

async fn nim_solve(Shared(state): Shared_, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    // A bad request is refused before it queues.
    let (theory, position) =
        blocking(move || nim_question(&Params::parse(q.as_deref()), NIM_SOLVE_DIGITS)).await?;
    large(&state, budget::json_template(), move || json_bytes(&nim::solve(&theory, &position))).await
}

async fn nim_position(Shared(state): Shared_, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    let (theory, position) =
        blocking(move || nim_question(&Params::parse(q.as_deref()), NIM_POSITION_DIGITS)).await?;
    large(&state, budget::json_template(), move || json_bytes(&nim::explore(&theory, &position))).await
}

/// A figure computed once through the gate and kept in the cache (`bytes`: its estimated size).
async fn cached_figure<T: Clone + Send + Sync + 'static>(
    state: &State,
    key: Key,
    bytes: u64,
    work: impl FnOnce() -> T + Send + 'static,
) -> Answer<T> {
    let value = state.solves.cached_or(key, bytes, move |_| Ok(work())).await?;
    Ok(Json(T::clone(&value)))
}

/// The cache key of a Nim figure.
fn nim_key(name: &'static str, rules: NimRules, value: u32) -> Key {
    Key::Answer(name, vec![rules.k(), u64::from(rules.misere()), u64::from(value)])
}

async fn nim_census(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<zecklab_games::fibnim::Census> {
    let (rules, to) = nim_figure(q.as_deref(), "to", 100, CENSUS_LIMIT)?;
    cached_figure(&state, nim_key("census", rules, to), 4096, move || census(rules, to)).await
}

/// The rules and a bounded whole-number parameter of a Fibonacci Nim figure.
fn nim_figure(q: Option<&str>, name: &str, default: u32, limit: u32) -> Result<(NimRules, u32), ApiError> {
    let params = Params::parse(q);
    let rules = nim::rules(params.factor()?, params.flag("misere")?)?;
    let value = params.u32_or(name, default)?;
    if !(2..=limit).contains(&value) {
        return Err(ApiError::bad(format!("invalid {name} {value}: must be between 2 and {limit}")));
    }
    Ok((rules, value))
}

/// One page of the position index of opening heaps: `from` (default 2) and `count` (default
/// and at most [`nim::INDEX_PAGE`]) or the last heap `to`, any size of heap up to
/// [`nim::INDEX_DIGITS`] digits.
async fn nim_index(RawQuery(q): RawQuery) -> Answer<Vec<nim::IndexRow>> {
    blocking(move || {
        let params = Params::parse(q.as_deref());
        let rules = nim::rules(params.factor()?, params.flag("misere")?)?;
        let from = params.text("from").unwrap_or("2");
        nim::check_heap_digits(from, nim::INDEX_DIGITS).map_err(|e| ApiError::about("from", e))?;
        let from = number::natural(from).map_err(|e| ApiError::about("from", e))?;
        let count = match (params.text("to"), params.text("count")) {
            (Some(_), Some(_)) => return Err(ApiError::bad("give count or to, not both")),
            (Some(to), None) => {
                nim::check_heap_digits(to, nim::INDEX_DIGITS).map_err(|e| ApiError::about("to", e))?;
                let to = number::natural(to).map_err(|e| ApiError::about("to", e))?;
                let last = to.clone();
                let count = if to < from { None } else { u32::try_from(to - &from + 1u8).ok() };
                match count {
                    Some(count) if (1..=nim::INDEX_PAGE).contains(&count) => count,
                    _ => {
                        return Err(ApiError::bad(format!(
                            "invalid to {last}: a page lists between 1 and {} heaps from {from}; ask for the next page with from=",
                            nim::INDEX_PAGE
                        )))
                    }
                }
            }
            (None, _) => params.u32_or("count", nim::INDEX_PAGE)?,
        };
        Ok(nim::index(&Theory::new(rules), &from, count)?)
    })
    .await
    .map(Json)
}

async fn nim_reach(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<zecklab_games::fibnim::Reach> {
    let (rules, heap) = nim_figure(q.as_deref(), "heap", 0, REACH_LIMIT)?;
    // At most heap² / 2 positions of a few words each.
    let bytes = 32 * u64::from(heap) * u64::from(heap);
    cached_figure(&state, nim_key("reach", rules, heap), bytes, move || reach(rules, heap)).await
}

pub(crate) fn wythoff_question(params: &Params) -> Result<zecklab_games::wythoff::WythoffPosition, ApiError> {
    let a = params.required("a")?;
    let b = params.required("b")?;
    number::natural(a).map_err(|e| ApiError::about("a", e))?;
    number::natural(b).map_err(|e| ApiError::about("b", e))?;
    Ok(wythoff::position(a, b)?)
}

async fn wythoff_solve(RawQuery(q): RawQuery) -> Answer<wythoff::WythoffSolve> {
    blocking(move || Ok(wythoff::solve(&wythoff_question(&Params::parse(q.as_deref()))?))).await.map(Json)
}

async fn wythoff_position(RawQuery(q): RawQuery) -> Answer<wythoff::WythoffExplore> {
    blocking(move || Ok(wythoff::explore(&wythoff_question(&Params::parse(q.as_deref()))?))).await.map(Json)
}

async fn wythoff_board(RawQuery(q): RawQuery) -> Answer<wythoff::WythoffBoard> {
    let size = Params::parse(q.as_deref()).u32_or("size", 20)?;
    blocking(move || wythoff::board(size as usize).map_err(|e| ApiError::about("size", e))).await.map(Json)
}

/// The member of the family a request names (`recurrence=C,K`, `rules=`, `misere=1`), or `None`
/// for the Zeckendorf game itself in normal play.
pub(crate) fn variant_of(params: &Params) -> Result<Option<family::Variant>, ApiError> {
    let variant =
        family::Variant::parse(params.text("recurrence"), params.text("rules"), params.flag("misere")?)
            .map_err(|e| ApiError::about("recurrence", e))?;
    Ok((variant.named || variant.misere).then_some(variant))
}

/// The largest ordered game solved on demand here, with remoteness (n = 24: 0.5 s and 0.2 GB;
/// each n larger takes about twice as long).
pub const ORDERED_LIMIT: u32 = 24;

/// Whether the query asks for the ordered game (`variant=ordered`).
pub(crate) fn is_ordered(params: &Params) -> Result<bool, ApiError> {
    match params.text("variant").map(str::trim) {
        None | Some("") => Ok(false),
        Some("ordered") => Ok(true),
        Some(other) => {
            Err(ApiError::bad(format!("invalid variant '{other}': the one variant named so is 'ordered'")))
        }
    }
}

/// The largest member of the family (other than the game itself) solved on demand here.
pub const FAMILY_LIMIT: u32 = 200;

/// The stored table of the game on `n`, if the store holds one: opened on the blocking pool
/// only when it is not open already.
pub(crate) async fn stored(
    state: &Arc<State>,
    n: u32,
) -> Result<Option<Arc<zecklab_store::StoredTable>>, ApiError> {
    match state.tables.current(n)? {
        Lookup::Found(table) => Ok(Some(table)),
        Lookup::Absent => Ok(None),
        Lookup::Open => {
            let shared = state.clone();
            blocking(move || shared.tables.open(n)).await
        }
    }
}

async fn zgame_solve(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<SolveAnswer> {
    let params = Params::parse(q.as_deref());
    let n = params.u32_or("n", 0)?;
    if n == 0 {
        return Err(ApiError::bad("missing or invalid n: the game on n needs n >= 1"));
    }
    let tiers = params.flag("tiers")?;
    let variant = variant_of(&params)?.unwrap_or(family::Variant::ZECKENDORF);
    let game = SolveGame::from_options(variant, params.flag("reversed")?, is_ordered(&params)?, None)?;
    let engine = match params.text("engine").map(str::trim) {
        None | Some("") => None,
        Some(name) => Some(Engine::from_name(name)?),
    };
    let remoteness = !params.flag("outcomes")?;
    let request = SolveRequest { tiers, remoteness, engine, misere: variant.misere, ..SolveRequest::new(n) };
    // How far this server solves on demand, by game: a stored table answers the plain game past it.
    let up_to = state.solves.up_to();
    let family_member = matches!(&game, SolveGame::Family(v) if v.recurrence != zecklab_games::zgame::family::Recurrence::FIBONACCI);
    let limit = match &game {
        SolveGame::Ordered => ORDERED_LIMIT.min(up_to),
        _ if family_member => FAMILY_LIMIT.min(up_to),
        _ => up_to,
    };
    if n > limit {
        let plain = game == SolveGame::Family(family::Variant::ZECKENDORF);
        if plain && !tiers && engine.is_none() && remoteness {
            if let Some(table) = stored(&state, n).await? {
                return stored_solve(&state, table, n).await;
            }
        }
        return Err(ApiError::too_large(match &game {
            SolveGame::Ordered => format!(
                "this server solves the ordered game on demand for 1 <= n <= {limit}: use the command line for n = {n} (zgame solve --ordered)"
            ),
            _ if family_member => format!(
                "this server solves the game's family on demand for 1 <= n <= {limit}: use the command line for n = {n}"
            ),
            SolveGame::Reversed => format!(
                "this server answers this question on demand only up to n = {limit}: use the command line for the game on n = {n}"
            ),
            _ => format!(
                "the game on n = {n} is not stored, and this server solves games on demand only up to n = {limit}: store it with `zecklab zgame solve --n {n} --save` (or start the server with a larger --solve-up-to)"
            ),
        }));
    }
    plan_game(&game, &request, n, false)?;
    // The cache knows an answer by everything that makes it: n, the options and the game.
    let mut words =
        vec![u64::from(n), u64::from(tiers), u64::from(remoteness), engine.map_or(0, |e| 1 + e as u64)];
    words.extend(match &game {
        SolveGame::Family(v) => vec![
            0,
            u64::from(v.recurrence.c()),
            u64::from(v.recurrence.k()),
            u64::from(v.rules == RuleSet::All),
            u64::from(v.misere),
            u64::from(v.named),
        ],
        SolveGame::Reversed => vec![1],
        SolveGame::Ordered | SolveGame::BlackHole { .. } => vec![2],
    });
    let key = Key::Answer("solve", words);
    let answer = state
        .solves
        .cached_or(key, 1 << 12, move |cancel| {
            let mut control = Control::new().with_cancel(cancel.clone());
            Ok(solve_any(&game, &request, &mut control)?.answer)
        })
        .await?;
    Ok(Json(SolveAnswer::clone(&answer)))
}

/// The plain game's figures from its stored table (past what this server solves on demand): as
/// the flat engine that wrote the table found them.
async fn stored_solve(
    state: &Arc<State>,
    table: Arc<zecklab_store::StoredTable>,
    n: u32,
) -> Answer<SolveAnswer> {
    // Counting the P-positions reads every outcome chunk once per file version: through the gate,
    // like a solve.
    let start = Instant::now();
    let id = table.identity().words().to_vec();
    let counted = table.clone();
    let p_positions = state
        .solves
        .cached_or(Key::Answer("stored p-positions", id), 64, move |_| {
            counted.p_positions().map_err(|e| ApiError::too_large(e.to_string()))
        })
        .await?;
    blocking(move || {
        let start_position = ZPosition::start(n).map_err(|e| ApiError::bad(e.to_string()))?;
        let (outcome, remoteness) = Values::Stored(&table).value(&start_position)?;
        Ok(Json(SolveAnswer::Game(ZgameSolve {
            n,
            positions: table.positions(),
            p_positions: *p_positions,
            winner: Winner::of_start(outcome),
            remoteness,
            seconds: start.elapsed().as_secs_f64(),
            engine: Engine::Flat,
            saved: None,
            // Tiers need a pass over every position with its counts: from solutions only.
            tiers: None,
        })))
    })
    .await
}

async fn zgame_position(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<ZgamePosition> {
    let params = Params::parse(q.as_deref());
    // Parts may be separated by `_` in URLs, as by spaces on the command line.
    let text = params.required("p")?.replace('_', " ");
    let with_line = params.flag("line")?;
    Ok(Json(position_answer(&state, &params, &text, with_line).await?))
}

/// A position's answer in the game, variant or member of the family the query names.
pub(crate) type ZgamePosition = PositionAnswer;

/// A whole game as its link holds it (`p`: the start, `m`: the moves' tokens), every position
/// along it in one answer (the last with its optimal line when `line=1`): a page opening a game
/// link asks once, not once a move.
async fn zgame_game(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<GameJson<ZgamePosition>> {
    let params = Params::parse(q.as_deref());
    let start = params.required("p")?.replace('_', " ");
    let with_line = params.flag("line")?;
    Ok(Json(replay(&state, &params, &start, params.text("m").unwrap_or(""), with_line).await?))
}

/// The positions of the game from `start` through the moves `m` names (the last with its
/// optimal line when `with_line`).
pub(crate) async fn replay(
    state: &Arc<State>,
    params: &Params,
    start: &str,
    m: &str,
    with_line: bool,
) -> Result<GameJson<ZgamePosition>, ApiError> {
    let tokens = game_link::tokens(m).map_err(|e| ApiError::about("m", e))?;
    let mut plies = Vec::with_capacity(tokens.len() + 1);
    let mut ply = position_answer(state, params, start, with_line && tokens.is_empty()).await?;
    for (i, token) in tokens.iter().enumerate() {
        let to = game_link::move_of_token(ply.moves(), token, ply.position(), i + 1)
            .map_err(|e| ApiError::about("m", e))?
            .to
            .clone();
        plies.push(ply);
        ply = position_answer(state, params, &to, with_line && i + 1 == tokens.len()).await?;
    }
    plies.push(ply);
    Ok(GameJson { plies })
}

async fn zgame_coalitions(Shared(state): Shared_, RawQuery(q): RawQuery) -> Answer<CoalitionsJson> {
    let params = Params::parse(q.as_deref());
    let n = params.u32_or("n", 0)?;
    let players = params.u32_or("players", 0)?;
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(ApiError::bad(format!("invalid players {players}: 2 <= players <= {MAX_PLAYERS}")));
    }
    if n == 0 {
        return Err(ApiError::bad("invalid n = 0: a game needs n >= 1"));
    }
    let limit = COALITIONS_LIMIT.min(state.solves.up_to());
    if n > limit {
        return Err(ApiError::too_large(format!(
            "this server answers this question on demand only up to n = {limit}: use the command line for the game on n = {n}"
        )));
    }
    // The answer is a line per coalition (at most 62): small enough to keep, so the solve always
    // finishes and is kept, even when its client has gone.
    let key = Key::Answer("coalitions", vec![u64::from(n), u64::from(players)]);
    let answer = state
        .solves
        .cached_or(key, 4096, move |cancel| {
            let solution = solve_coalitions_until(n, players, cancel, |_, _| {})
                .ok_or_else(|| ApiError::too_large(format!("n = {n} is too large to rank its positions")))?;
            Ok(CoalitionsJson::of(&solution))
        })
        .await?;
    Ok(Json(CoalitionsJson::clone(&answer)))
}

#[derive(Serialize)]
struct LimitsJson {
    solve_up_to: u32,
    nim_all_takes_up_to: u32,
    wythoff_all_moves_up_to: u64,
    wythoff_board_limit: usize,
    census_limit: u32,
    reach_limit: u32,
    coalitions_limit: u32,
    nim_solve_digits: usize,
    nim_position_digits: usize,
    ladder_memory_mib: u128,
    query_limit: usize,
}

/// The server's limits, so pages can say what they will and will not answer.
async fn limits(Shared(state): Shared_) -> Json<LimitsJson> {
    Json(LimitsJson {
        solve_up_to: state.solves.up_to(),
        nim_all_takes_up_to: nim::ALL_TAKES_UP_TO,
        wythoff_all_moves_up_to: wythoff::ALL_MOVES_UP_TO,
        wythoff_board_limit: wythoff::BOARD_LIMIT,
        census_limit: CENSUS_LIMIT,
        reach_limit: REACH_LIMIT,
        coalitions_limit: COALITIONS_LIMIT.min(state.solves.up_to()),
        nim_solve_digits: NIM_SOLVE_DIGITS,
        nim_position_digits: NIM_POSITION_DIGITS,
        ladder_memory_mib: LADDER_MEMORY >> 20,
        query_limit: crate::QUERY_LIMIT,
    })
}

#[derive(Serialize)]
struct StatusJson {
    solves_running: usize,
    solves_admitted: usize,
    /// Bytes of large answers computed and not yet read by their clients.
    answer_bytes_in_flight: u64,
    cache_bytes: u64,
    cache_entries: usize,
    cache_hits: u64,
    open_tables: usize,
}

/// What the server is doing now: gated work running and admitted (running or waiting), the
/// cache's estimated size, its entries and the requests it has answered, and the stored tables
/// kept open.
async fn status(Shared(state): Shared_) -> Json<StatusJson> {
    let (cache_entries, cache_hits) = state.solves.cache_use();
    Json(StatusJson {
        cache_entries,
        cache_hits,
        solves_running: state.solves.running(),
        solves_admitted: state.solves.admitted(),
        answer_bytes_in_flight: state.budget.in_flight(),
        cache_bytes: state.solves.cached_bytes(),
        open_tables: state.tables.open_count(),
    })
}
