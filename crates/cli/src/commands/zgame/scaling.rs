//! `zgame scaling`: what a solve over MPI would take on R processes, from the plan each process
//! would follow (its waves, its critical path and the bytes it would receive), and the
//! throughput, bandwidth and latency the user states for their cluster.

pub use zecklab_answers::scaling::Cluster;
use zecklab_answers::scaling::{check_processes, ScalingModel, MAX_PROCESSES};
use zecklab_games::Cancel;

use super::common::solve_failed;
use crate::output::Out;
use crate::progress;

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
    check_processes(processes)?;
    let model = ScalingModel::new(n, cluster, every)?;
    for &r in processes {
        let bar = progress::bar(model.tiers(), "tiers", &format!("planning n = {n} for {r} processes"));
        let line = model
            .model(r, tiers_json, &Cancel::new(), |done, _| bar.set_position(done))
            .map_err(solve_failed)?;
        bar.finish_and_clear();
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
