//! `zecklab serve`: starts the web explorer (see `zecklab-server`) and serves until stopped.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use zecklab_server::{Config, DEFAULT_SOLVE_UP_TO};

use crate::input::{self, InputError};

#[derive(Args, Debug)]
#[command(after_help = format!(
    "Pages: / (home), /zgame?p=1^3_2^2_5^7 (or ?n=10), /nim?heap=90&cap=89 (k, misere=1), /wythoff?a=10&b=20, \
/numeration?n=1000 (k); add play=1 or play=2 to play that side against perfect play.\n\
API (the JSON of the matching --json command): /api/repr?n=&k=, /api/nim/solve?heap=&cap=&k=&misere=, \
/api/wythoff/solve?a=&b=, /api/zgame/solve?n=, /api/zgame/position?p=&line=1; the pages also use /api/nim/position, \
/api/nim/index, /api/nim/reach, /api/nim/census, /api/wythoff/position, /api/wythoff/board, /api/ladder and /api/limits \
(every limit below); /api/status says what the server is doing. \
Bad input gets HTTP 400 with {{\"error\": \"...\"}}; an input past a limit (a Zeckendorf game past --solve-up-to that is \
not stored, a Nim heap of more digits than its answer allows, a ladder past 64 MiB) gets 422 naming the limit; \
503 when too many solves are waiting; a damaged stored table gets 500.\n\
Zeckendorf-game positions are answered from the store when the game is stored (any size), else solved on demand up \
to --solve-up-to (default {DEFAULT_SOLVE_UP_TO}, about a second). Every expensive answer passes one gate (two at once, \
four waiting) and is kept in the cache; stored tables are opened once and again when the file changes. Connections \
are limited (--max-connections) and a client that is slower than --header-timeout to send its request, or idle that \
long, is disconnected. Large answers (the Nim position and solve routes and the Nim page) pass the same gate in \
a longer queue and hold a share of --answer-mib until their client has read them; a client that reads nothing for \
--write-timeout is disconnected. Everything the pages need is inside the program: nothing is fetched from the network."
))]
pub struct ServeArgs {
    /// The address to listen on (loopback by default; another address exposes the server to that network).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port (0: any free port, printed at start).
    #[arg(long, default_value = "8080", value_parser = port, allow_hyphen_values = true)]
    port: u16,
    /// The store of solved games (default: $ZECKLAB_STORE, else the user's data directory).
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// The largest Zeckendorf game solved on demand (stored games of any size are always answered).
    #[arg(long, default_value_t = DEFAULT_SOLVE_UP_TO, value_parser = input::whole_u32, allow_hyphen_values = true)]
    solve_up_to: u32,
    /// Memory the cache of solved games may hold, in MiB.
    #[arg(long, default_value = "1024", value_parser = input::whole_u32, allow_hyphen_values = true)]
    cache_mib: u32,
    /// Seconds a client may take to send a request's headers, or leave a connection idle, before
    /// it is disconnected.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = input::whole_u32, allow_hyphen_values = true)]
    header_timeout: u32,
    /// Seconds a write may wait on a client that reads nothing before its connection is closed.
    #[arg(long, value_name = "SECONDS", default_value = "20", value_parser = input::whole_u32, allow_hyphen_values = true)]
    write_timeout: u32,
    /// Memory, in MiB, for large answers (a Nim position of 1,500 digits is 9 MB) computed but not
    /// yet read by their clients; beyond it, large answers wait, then get 503.
    #[arg(long, value_name = "MIB", default_value = "256", value_parser = input::whole_u32, allow_hyphen_values = true)]
    answer_mib: u32,
    /// Connections served at once (more are closed at once).
    #[arg(long, default_value_t = zecklab_server::DEFAULT_MAX_CONNECTIONS as u32, value_parser = input::whole_u32, allow_hyphen_values = true)]
    max_connections: u32,
}

fn port(text: &str) -> Result<u16, String> {
    let n = input::whole_u32(text)?;
    u16::try_from(n).map_err(|_| format!("{n} is not a port: at most 65535"))
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    if args.solve_up_to > crate::commands::zgame::POSITION_LIMIT {
        return Err(InputError::from_display(format!(
            "invalid --solve-up-to {}: at most {} (a solve of that size takes about a minute and 6 GiB; store larger games with `zecklab zgame solve --save`)",
            args.solve_up_to,
            crate::commands::zgame::POSITION_LIMIT
        )));
    }
    let store = crate::commands::zgame::store_at(args.store).ok();
    let mut config = Config::new(store);
    config.solve_up_to = args.solve_up_to;
    config.cache_bytes = u64::from(args.cache_mib) << 20;
    if args.header_timeout == 0
        || args.max_connections == 0
        || args.write_timeout == 0
        || args.answer_mib == 0
    {
        return Err(InputError::from_display(
            "invalid --header-timeout, --write-timeout, --answer-mib or --max-connections 0: each must be at least 1",
        ));
    }
    config.write_timeout = std::time::Duration::from_secs(args.write_timeout.into());
    config.answer_bytes = u64::from(args.answer_mib) << 20;
    config.header_timeout = std::time::Duration::from_secs(args.header_timeout.into());
    config.max_connections = args.max_connections as usize;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let addr = SocketAddr::new(args.host, args.port);
    runtime
        .block_on(zecklab_server::serve(
            config,
            addr,
            |bound| {
                let host = match bound.ip() {
                    IpAddr::V6(ip) => format!("[{ip}]"),
                    IpAddr::V4(ip) => ip.to_string(),
                };
                println!("listening on http://{host}:{}/", bound.port());
                // Tests and scripts read this line from a pipe: send it now.
                let _ = std::io::Write::flush(&mut std::io::stdout());
            },
            async {
                let _ = tokio::signal::ctrl_c().await;
            },
        ))
        .map_err(|e| {
            InputError::from_display(format!("cannot serve on {addr}: {}", crate::output::io_reason(&e)))
        })?;
    Ok(ExitCode::SUCCESS)
}
