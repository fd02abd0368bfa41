//! `zgame scaling`: what a solve over MPI would take on R processes, from the plan each process
//! would follow (its waves, its critical path and the bytes it would receive), and the
//! throughput, bandwidth and latency the user states for their cluster.

use serde::Serialize;
use zecklab_games::zgame::{TierIndex, TieredSolver};

use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// The most processes modelled.
pub const MAX_PROCESSES: usize = 1 << 16;

/// The `--help` text after the options of `zgame scaling`.
pub fn scaling_help() -> String {
    format!(
        "JSON, one line per process count: {{\"n\",\"processes\",\"positions\",\"critical_positions\",\"efficiency\",\
\"waves\",\"received_bytes\",\"planning_seconds\",\"compute_seconds\",\"exchange_seconds\",\"predicted_seconds\",\
\"memory_bytes\",\"held_bytes\",\"every\"}}.\n\
Over MPI each tier is split into blocks of consecutive ranks, solved in waves (a block after every block its \
splits reach); after each wave every process sends each other the words of its blocks that the other keeps. \
This command builds those plans, as every process of the job would, and adds up: critical_positions, the positions \
of the busiest process of each wave, summed (efficiency = positions / (processes x critical_positions)); waves, the \
exchanges; received_bytes, the most any process receives; planning_seconds, the time the plans took here (each \
process of a job plans every tier too). Predicted: compute = critical_positions / throughput; exchange = waves x \
latency x ceil(log2 processes) + received_bytes / bandwidth; predicted = planning + compute + exchange. held_bytes: \
the most of two adjacent tiers any one process keeps (its blocks, every rank their moves reach, and what its share \
of the next tier will read); memory_bytes: held_bytes and the count table, what the largest process holds (with \
--checkpoint, the first process keeps whole tiers, to save them). Measure the throughput of one process with \
`RAYON_NUM_THREADS=1 zecklab zgame solve --n N --no-remoteness --json` (positions / seconds) on a cluster node. \
--tiers-json (which implies JSON) adds \"tiers\": [{{\"parts\",\"positions\",\"critical_positions\",\"waves\",\"received_bytes\",\"held_bytes\"}}, ...], each planned tier's own figures, fewest parts first.
--every K plans every K-th tier only and counts each for K (for large n and many processes; planning is exact at \
K = 1). Up to {MAX_PROCESSES} processes."
    )
}

/// One line of `zgame scaling`.
#[derive(Serialize)]
struct ScalingJson {
    n: u32,
    processes: usize,
    positions: u64,
    critical_positions: u64,
    efficiency: f64,
    waves: u64,
    received_bytes: u64,
    planning_seconds: f64,
    compute_seconds: f64,
    exchange_seconds: f64,
    predicted_seconds: f64,
    memory_bytes: u128,
    held_bytes: u64,
    every: u32,
    /// With `--tiers-json`: each planned tier's own figures.
    #[serde(skip_serializing_if = "Option::is_none")]
    tiers: Option<Vec<TierScalingJson>>,
}

/// One tier of a `zgame scaling` line (`--tiers-json`).
#[derive(Serialize)]
struct TierScalingJson {
    parts: u32,
    positions: u64,
    critical_positions: u64,
    waves: usize,
    received_bytes: u64,
    held_bytes: u64,
}

/// What the user states about the cluster.
#[derive(Clone, Copy, Debug)]
pub struct Cluster {
    /// Positions a second one process solves.
    pub throughput: u64,
    /// Megabytes a second a process receives.
    pub bandwidth: u64,
    /// Microseconds per step of an exchange.
    pub latency: u64,
}

/// Models the solve of the game on `n` over each of `processes`.
pub fn scaling(
    out: &mut Out,
    n: u32,
    processes: &[usize],
    cluster: Cluster,
    every: u32,
    json: bool,
    tiers_json: bool,
) -> anyhow::Result<()> {
    let json = json || tiers_json;
    if n == 0 {
        return Err(InputError::from_display("invalid n = 0: need n >= 1"));
    }
    if let Some(&bad) = processes.iter().find(|&&r| r == 0 || r > MAX_PROCESSES) {
        return Err(InputError::from_display(format!(
            "invalid process count {bad}: need 1 <= processes <= {MAX_PROCESSES}"
        )));
    }
    for (name, value) in [
        ("--throughput", cluster.throughput),
        ("--bandwidth", cluster.bandwidth),
        ("--every", u64::from(every)),
    ] {
        if value == 0 {
            return Err(InputError::from_display(format!("invalid {name} 0: need at least 1")));
        }
    }
    let index = TierIndex::new(n).ok_or_else(|| {
        InputError(format!(
            "n = {n} is too large: its positions cannot be counted in 64 bits, or their count tables would exceed 1 GiB"
        ))
    })?;
    // Nothing is solved here: the model only plans, so any size of tier is fine.
    let table_bytes = TierIndex::table_bytes(n);
    let solver = TieredSolver::from_index(index, false, u128::MAX).map_err(InputError::from_display)?;
    let index = solver.index();
    let tiers: Vec<u32> = (index.fewest_parts()..=n).collect();
    for &r in processes {
        let bar = progress::bar(tiers.len() as u64, "tiers", &format!("planning n = {n} for {r} processes"));
        let mut planning = std::time::Duration::ZERO;
        let (mut critical, mut waves, mut received, mut held) = (0u64, 0u64, 0u64, 0u64);
        let mut per_tier = Vec::new();
        for chunk in tiers.chunks(every as usize) {
            // The first tier of each chunk stands for all of it.
            let p = chunk[0];
            let weight = chunk.len() as u64;
            // One process solves alone, with no plan and nothing to exchange.
            let figures = if r == 1 { None } else { solver.share_figures(p, r) };
            match figures {
                Some(f) => {
                    critical += f.critical_positions * weight;
                    waves += f.waves as u64 * weight;
                    received += f.received_bytes * weight;
                    held = held.max(f.held_bytes);
                    planning += f.planning * weight as u32;
                    per_tier.push(TierScalingJson {
                        parts: p,
                        positions: index.count(p),
                        critical_positions: f.critical_positions,
                        waves: f.waves,
                        received_bytes: f.received_bytes,
                        held_bytes: f.held_bytes,
                    });
                }
                // Too small to share (or one process): every process solves the tier whole.
                None => {
                    critical += index.count(p) * weight;
                    let words = |p: u32| index.count(p).div_ceil(64) * 8;
                    held = held.max(words(p) + words(p - 1));
                    per_tier.push(TierScalingJson {
                        parts: p,
                        positions: index.count(p),
                        critical_positions: index.count(p),
                        waves: 0,
                        received_bytes: 0,
                        held_bytes: words(p) + words(p - 1),
                    });
                }
            }
            bar.inc(chunk.len() as u64);
        }
        bar.finish_and_clear();
        let planning_seconds = planning.as_secs_f64();
        let positions: u64 = tiers.iter().map(|&p| index.count(p)).sum();
        let steps = (r as f64).log2().ceil();
        let compute_seconds = critical as f64 / cluster.throughput as f64;
        let exchange_seconds = waves as f64 * steps * cluster.latency as f64 * 1e-6
            + received as f64 / (cluster.bandwidth as f64 * 1e6);
        let line = ScalingJson {
            n,
            processes: r,
            positions,
            critical_positions: critical,
            efficiency: positions as f64 / (r as f64 * critical as f64),
            waves,
            received_bytes: received,
            planning_seconds,
            compute_seconds,
            exchange_seconds,
            predicted_seconds: planning_seconds + compute_seconds + exchange_seconds,
            memory_bytes: u128::from(held) + table_bytes,
            held_bytes: held,
            every,
            tiers: tiers_json.then_some(per_tier),
        };
        if json {
            out.json(&line)?;
        } else {
            out.line(format!(
                "n = {n}, {r} process{}: {:.1} s predicted (planning {:.1} s, compute {:.1} s, exchange {:.1} s); efficiency {:.2}, {} waves, {} MB received a process, {} MB held a process ({} MB of tiers)",
                if r == 1 { "" } else { "es" },
                line.predicted_seconds,
                line.planning_seconds,
                line.compute_seconds,
                line.exchange_seconds,
                line.efficiency,
                line.waves,
                line.received_bytes / 1_000_000,
                line.memory_bytes / 1_000_000,
                line.held_bytes / 1_000_000
            ))?;
        }
        out.flush()?;
    }
    Ok(())
}
