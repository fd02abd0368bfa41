//! `zecklab serve`: a local web explorer for every game zecklab solves, and a JSON API.
//!
//! The server is glue, like the command line: it routes requests, parses query parameters with
//! the same grammar ([`zecklab_answers::number`]), and answers with the same typed answers and
//! JSON shapes as `zecklab ... --json` ([`zecklab_answers`]). Pages are HTML, CSS and
//! JavaScript embedded in the binary; the server writes each page's answer into it (readable
//! without scripts, and as the API's JSON for the page's script, which then asks the API only for
//! what comes next), so every figure a page shows is one the API (and so the command line)
//! computed.
//!
//! Cost is bounded: on-demand solves of the Zeckendorf game only up to [`Config::solve_up_to`];
//! every expensive answer (solves, the reversed game, coalitions, the Nim figures) through one
//! gate, at most [`Config::max_solves`] at once with a short queue (the rest get 503), the gate's
//! place held for as long as the work runs, whether or not its client still waits; results kept
//! in a cache of at most [`Config::cache_bytes`]; inputs bounded by what their answers cost
//! (422 beyond, naming the limit); stored tables opened once and kept; every solve on the
//! blocking pool, off the async threads. Connections are bounded too: at most
//! [`Config::max_connections`] at once, and a client that takes longer than
//! [`Config::header_timeout`] to send a request's headers (or leaves a connection idle that
//! long) is disconnected, so slow clients cannot lock others out. Large answers (the Nim
//! position and solve routes and the Nim page, up to megabytes each) pass the same gate in a
//! longer queue and hold a share of a memory budget ([`Config::answer_bytes`]) until their
//! client has read them; a client that reads nothing for [`Config::write_timeout`] is
//! disconnected, which frees its share. Answers are compressed (brotli or gzip) for clients
//! that ask for it in `Accept-Encoding`.

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

mod api;
mod assets;
mod budget;
mod error;
mod lab_jobs;
mod member;
mod notes;
mod pages;
mod prerender;
mod query;
mod research;
mod search;
mod solves;
mod tables;
mod write_timeout;
mod zgame_page;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
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
    /// Connections served at once; a connection beyond them is closed at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers, and how long a connection may
    /// wait idle for its next request.
    pub header_timeout: Duration,
    /// The longest a connection may stay open (a bound on a client that never reads its answer).
    pub connection_lifetime: Duration,
    /// How long a write may wait on a client that reads nothing before its connection is
    /// closed (and the answer it was sending dropped).
    pub write_timeout: Duration,
    /// Bytes of large answers (a Nim position of 1,500 digits is 9 MB) computed but not yet
    /// read by their clients, at most.
    pub answer_bytes: u64,
    /// Large answers that may wait for a slot of the gate; more get 503.
    pub queued_answers: usize,
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
            max_connections: DEFAULT_MAX_CONNECTIONS,
            header_timeout: Duration::from_secs(10),
            connection_lifetime: Duration::from_secs(600),
            write_timeout: Duration::from_secs(20),
            answer_bytes: 256 << 20,
            queued_answers: 256,
        }
    }
}

/// The default `--solve-up-to`: the game on 270 (37 million positions, 41 MB of tables) solves
/// with remoteness in about 0.9 s on two cores (`zecklab zgame solve --n 270`).
pub const DEFAULT_SOLVE_UP_TO: u32 = 270;

/// The default connection limit (the process's open-file limit is raised to hold it).
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;

/// The whole application: pages, assets and API. The large answers have a gate and a memory
/// budget of their own ([`budget`]) and stay outside the limit on requests served at once, so
/// that their queue never holds back the cheap requests.
pub fn router(config: Config) -> Router {
    let state = Arc::new(api::State::new(config));
    Router::new()
        .merge(assets::routes())
        .merge(pages::routes(state.clone()))
        .merge(api::routes(state.clone()))
        .merge(notes::routes())
        .route("/search", axum::routing::get(search::search))
        .fallback(assets::not_found)
        .layer(tower::limit::ConcurrencyLimitLayer::new(CONCURRENT_REQUESTS))
        .merge(api::large_routes(state.clone()))
        .merge(pages::large_routes(state))
        .layer(axum::middleware::from_fn(query::limit_query_length))
        // Outermost, so that every answer (pages, assets, JSON, the large streamed answers) is
        // compressed when the client asks for it; small answers stay as they are.
        .layer(tower_http::compression::CompressionLayer::new())
}

/// Binds `addr`, calls `ready` with the address bound (the port is the system's choice when 0
/// is asked for), and serves until `shutdown` completes: each connection on its own task, at
/// most [`Config::max_connections`] at once, with the header and idle timeout and the lifetime
/// the configuration gives.
///
/// # Errors
/// The address cannot be bound.
pub async fn serve(
    config: Config,
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    raise_open_file_limit(config.max_connections as u64 + 256);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    let connections = Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
    let (header_timeout, lifetime, write_timeout) =
        (config.header_timeout, config.connection_lifetime, config.write_timeout);
    let app = router(config);
    tokio::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors or a connection reset before it was accepted: wait a
                // moment rather than spin, and go on serving the others.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => return Ok(()),
        };
        // Beyond the limit, the connection is closed at once rather than queued.
        let Ok(permit) = connections.clone().try_acquire_owned() else { continue };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let _ = stream.set_nodelay(true);
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let stream = write_timeout::WriteTimeout::new(stream, write_timeout);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(lifetime, connection).await;
        });
    }
}

/// Raises the soft limit on open files towards `wanted` (within the hard limit), so that the
/// connection limit, not the system's, decides when connections are refused.
fn raise_open_file_limit(wanted: u64) {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read and write only the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < wanted {
            limit.rlim_cur = wanted.min(limit.rlim_max);
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}
