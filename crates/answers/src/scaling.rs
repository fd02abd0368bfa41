//! What a solve over MPI would take on R processes (`zgame scaling`), from the plan each process
//! would follow (its waves, its critical path and the bytes it would receive), and the
//! throughput, bandwidth and latency the user states for their cluster. Nothing is solved: the
//! model only plans, so any size of tier is fine.

use serde::Serialize;
use zecklab_engines::TieredSolver;
use zecklab_games::zgame::TierIndex;
use zecklab_games::Cancel;

use crate::solve::SolveFailure;
use crate::AnswerError;

/// The most processes modelled.
pub const MAX_PROCESSES: usize = 1 << 16;

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

/// One line of `zgame scaling --json`: the model for one number of processes.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingJson {
    pub n: u32,
    pub processes: usize,
    pub positions: u64,
    pub critical_positions: u64,
    pub efficiency: f64,
    pub waves: u64,
    pub received_bytes: u64,
    pub planning_seconds: f64,
    pub compute_seconds: f64,
    pub exchange_seconds: f64,
    pub predicted_seconds: f64,
    pub memory_bytes: u128,
    pub held_bytes: u64,
    pub every: u32,
    /// Each planned tier's own figures, when asked for (`--tiers-json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiers: Option<Vec<TierScalingJson>>,
}

/// One tier of a [`ScalingJson`] line.
#[derive(Clone, Debug, Serialize)]
pub struct TierScalingJson {
    pub parts: u32,
    pub positions: u64,
    pub critical_positions: u64,
    pub waves: usize,
    pub received_bytes: u64,
    pub held_bytes: u64,
}

/// Checks a list of process counts before any is modelled.
///
/// # Errors
/// The first count of 0 or above [`MAX_PROCESSES`].
pub fn check_processes(processes: &[usize]) -> Result<(), AnswerError> {
    match processes.iter().find(|&&r| r == 0 || r > MAX_PROCESSES) {
        Some(bad) => Err(AnswerError::Invalid(format!(
            "invalid process count {bad}: need 1 <= processes <= {MAX_PROCESSES}"
        ))),
        None => Ok(()),
    }
}

/// The plans of the game on `n`, ready to be modelled on any number of processes.
pub struct ScalingModel {
    n: u32,
    cluster: Cluster,
    every: u32,
    solver: TieredSolver,
    table_bytes: u128,
}

impl ScalingModel {
    /// Checks the question and builds the count tables of the game on `n` (plan every
    /// `every`-th tier, each counted for `every`).
    ///
    /// # Errors
    /// `n = 0`, a zero throughput, bandwidth or `every`, or an `n` whose positions cannot be
    /// counted in 64 bits.
    pub fn new(n: u32, cluster: Cluster, every: u32) -> Result<ScalingModel, AnswerError> {
        if n == 0 {
            return Err(AnswerError::Invalid("invalid n = 0: need n >= 1".into()));
        }
        for (name, value) in [
            ("throughput", cluster.throughput),
            ("bandwidth", cluster.bandwidth),
            ("every", u64::from(every)),
        ] {
            if value == 0 {
                return Err(AnswerError::Invalid(format!("invalid {name} 0: need at least 1")));
            }
        }
        let index = TierIndex::new(n).ok_or_else(|| {
            AnswerError::TooLarge(format!(
                "n = {n} is too large: its positions cannot be counted in 64 bits, or their count tables would exceed 1 GiB"
            ))
        })?;
        let table_bytes = TierIndex::table_bytes(n);
        let solver = TieredSolver::from_index(index, false, u128::MAX).map_err(AnswerError::invalid)?;
        Ok(ScalingModel { n, cluster, every, solver, table_bytes })
    }

    /// The number of tiers planned for each process count (for a progress bar).
    pub fn tiers(&self) -> u64 {
        let index = self.solver.index();
        u64::from(self.n - index.fewest_parts() + 1).div_ceil(u64::from(self.every))
    }

    /// The model on `processes` processes (`tiers`: with each planned tier's figures);
    /// `progress(done, total)` in tiers planned.
    ///
    /// # Errors
    /// A process count of 0 or above [`MAX_PROCESSES`]; [`SolveFailure::Cancelled`] when
    /// `cancel` is set.
    pub fn model(
        &self,
        processes: usize,
        tiers: bool,
        cancel: &Cancel,
        progress: impl Fn(u64, u64),
    ) -> Result<ScalingJson, SolveFailure> {
        let r = processes;
        check_processes(&[r])?;
        let (n, every, cluster) = (self.n, self.every, self.cluster);
        let index = self.solver.index();
        let all: Vec<u32> = (index.fewest_parts()..=n).collect();
        let total = self.tiers();
        let mut planning = std::time::Duration::ZERO;
        let (mut critical, mut waves, mut received, mut held) = (0u64, 0u64, 0u64, 0u64);
        let mut per_tier = Vec::new();
        for (done, chunk) in all.chunks(every as usize).enumerate() {
            if cancel.is_cancelled() {
                return Err(SolveFailure::Cancelled);
            }
            // The first tier of each chunk stands for all of it.
            let p = chunk[0];
            let weight = chunk.len() as u64;
            // One process solves alone, with no plan and nothing to exchange.
            let figures = if r == 1 { None } else { self.solver.share_figures(p, r) };
            let tier = match figures {
                Some(f) => {
                    critical += f.critical_positions * weight;
                    waves += f.waves as u64 * weight;
                    received += f.received_bytes * weight;
                    held = held.max(f.held_bytes);
                    planning += f.planning * weight as u32;
                    TierScalingJson {
                        parts: p,
                        positions: index.count(p),
                        critical_positions: f.critical_positions,
                        waves: f.waves,
                        received_bytes: f.received_bytes,
                        held_bytes: f.held_bytes,
                    }
                }
                // Too small to share (or one process): every process solves the tier whole.
                None => {
                    critical += index.count(p) * weight;
                    let words = |p: u32| index.count(p).div_ceil(64) * 8;
                    held = held.max(words(p) + words(p - 1));
                    TierScalingJson {
                        parts: p,
                        positions: index.count(p),
                        critical_positions: index.count(p),
                        waves: 0,
                        received_bytes: 0,
                        held_bytes: words(p) + words(p - 1),
                    }
                }
            };
            if tiers {
                per_tier.push(tier);
            }
            progress(done as u64 + 1, total);
        }
        let planning_seconds = planning.as_secs_f64();
        let positions: u64 = all.iter().map(|&p| index.count(p)).sum();
        let steps = (r as f64).log2().ceil();
        let compute_seconds = critical as f64 / cluster.throughput as f64;
        let exchange_seconds = waves as f64 * steps * cluster.latency as f64 * 1e-6
            + received as f64 / (cluster.bandwidth as f64 * 1e6);
        Ok(ScalingJson {
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
            memory_bytes: u128::from(held) + self.table_bytes,
            held_bytes: held,
            every,
            tiers: tiers.then_some(per_tier),
        })
    }
}
