//! A load test for `zecklab serve`: `cargo run --release -p zecklab --example load -- URL
//! [CONCURRENCY] [SECONDS]` keeps CONCURRENCY clients (default 50) each sending GET URL over its
//! own keep-alive connection for SECONDS (default 10), then prints requests a second, the status
//! codes seen, and the median and 99th-percentile latency.

use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(url) = args.next() else {
        eprintln!("usage: load URL [CONCURRENCY] [SECONDS]");
        std::process::exit(2);
    };
    let concurrency: usize = args.next().map_or(50, |a| a.parse().expect("a whole number of clients"));
    let seconds: u64 = args.next().map_or(10, |a| a.parse().expect("a whole number of seconds"));
    let until = Instant::now() + Duration::from_secs(seconds);
    let start = Instant::now();
    let clients: Vec<_> = (0..concurrency)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let agent = ureq::AgentBuilder::new()
                    .timeout(Duration::from_secs(60))
                    .max_idle_connections(1)
                    .build();
                let (mut latencies, mut codes) = (Vec::new(), Vec::new());
                while Instant::now() < until {
                    let t = Instant::now();
                    let code = match agent.get(&url).call() {
                        Ok(r) => {
                            let code = r.status();
                            let _ = r.into_string();
                            code
                        }
                        Err(ureq::Error::Status(code, r)) => {
                            let _ = r.into_string();
                            code
                        }
                        Err(_) => 0,
                    };
                    latencies.push(t.elapsed());
                    codes.push(code);
                }
                (latencies, codes)
            })
        })
        .collect();
    let (mut latencies, mut codes) = (Vec::new(), Vec::new());
    for client in clients {
        let (l, c) = client.join().expect("a client thread");
        latencies.extend(l);
        codes.extend(c);
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| {
        latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)].as_secs_f64() * 1e3
    };
    codes.sort_unstable();
    codes.dedup();
    println!(
        "{} requests in {elapsed:.1} s: {:.0} a second at concurrency {concurrency}; statuses {codes:?} (0: no answer); latency p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        at(0.5),
        at(0.99)
    );
}
