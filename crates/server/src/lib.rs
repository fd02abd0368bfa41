//! `zecklab serve`: a local web explorer for every game zecklab solves, and a JSON API.
//!
//! The server is glue, like the command line: it routes requests, parses query parameters with
//! the same grammar ([`zecklab_answers::number`]), and answers with the same typed answers and
//! JSON shapes as `zecklab ... --json` ([`zecklab_answers`]). Pages are static HTML, CSS and
//! JavaScript embedded in the binary; each page fetches the API and renders it, so every figure
//! a page shows is one the API (and so the command line) computed.
//!
//! Cost is bounded: on-demand solves of the Zeckendorf game only up to [`Config::solve_up_to`],
//! at most [`Config::max_solves`] at once with a short queue (the rest get 503), solved games
//! kept in a cache of at most [`Config::cache_bytes`], requests and queries of bounded length,
//! and every solve on the blocking pool, off the async threads.

mod api;
mod assets;
mod error;
mod query;
mod solves;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use zecklab_store::Store;

pub use error::ApiError;
pub use solves::Solves;

/// The longest query string accepted, in bytes (a number of about 8,000 digits).
pub const QUERY_LIMIT: usize = 8 * 1024;
/// Requests served at once; the rest wait for a slot.
pub const CONCURRENT_REQUESTS: usize = 64;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The store of solved games, read first for Zeckendorf-game positions.
    pub store: Option<Store>,
    /// The largest Zeckendorf game solved on demand (with remoteness).
    pub solve_up_to: u32,
    /// Memory the cache of solved games may hold.
    pub cache_bytes: u64,
    /// Solves that may run at once.
    pub max_solves: usize,
    /// Solves that may wait for a slot; more get 503.
    pub queued_solves: usize,
}

impl Config {
    /// The defaults: the largest game that solves in about a second on two cores, a 1 GiB
    /// cache, two solves at once and four waiting.
    pub fn new(store: Option<Store>) -> Config {
        Config {
            store,
            solve_up_to: DEFAULT_SOLVE_UP_TO,
            cache_bytes: 1 << 30,
            max_solves: 2,
            queued_solves: 4,
        }
    }
}

/// The default `--solve-up-to`: the game on 270 (37 million positions, 41 MB of tables) solves
/// with remoteness in about 0.9 s on two cores (`zecklab zgame solve --n 270`).
pub const DEFAULT_SOLVE_UP_TO: u32 = 270;

/// The whole application: pages, assets and API.
pub fn router(config: Config) -> Router {
    let state = Arc::new(api::State::new(config));
    Router::new()
        .merge(assets::routes())
        .merge(api::routes(state))
        .fallback(assets::not_found)
        .layer(axum::middleware::from_fn(query::limit_query_length))
        .layer(tower::limit::ConcurrencyLimitLayer::new(CONCURRENT_REQUESTS))
}

/// Binds `addr`, calls `ready` with the address bound (the port is the system's choice when 0
/// is asked for), and serves until `shutdown` completes.
///
/// # Errors
/// The address cannot be bound, or the listener fails.
pub async fn serve(
    config: Config,
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router(config)).with_graceful_shutdown(shutdown).await
}
