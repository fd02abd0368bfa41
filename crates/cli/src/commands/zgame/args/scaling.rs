//! The arguments of `zecklab zgame scaling`.

use super::super::*;

/// The arguments of `zgame scaling` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct ScalingArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N.
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Numbers of processes, comma-separated.
    #[arg(long, value_delimiter = ',', required = true, value_parser = input::whole_usize, allow_hyphen_values = true)]
    pub processes: Vec<usize>,
    /// Positions a second one process solves (outcomes only, one thread).
    #[arg(long, value_parser = input::whole_u64_arg, allow_hyphen_values = true)]
    pub throughput: u64,
    /// Megabytes a second each process can receive.
    #[arg(long, value_name = "MB_PER_S", value_parser = input::whole_u64_arg, allow_hyphen_values = true)]
    pub bandwidth: u64,
    /// Microseconds per step of an exchange.
    #[arg(long, value_name = "MICROSECONDS", value_parser = input::whole_u64_arg, allow_hyphen_values = true)]
    pub latency: u64,
    /// Plan every K-th tier only, each counted for K.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub every: u32,
    /// One JSON object per process count per line.
    #[arg(long)]
    pub json: bool,
    /// Print JSON with "tiers": each planned tier's figures.
    #[arg(long)]
    pub tiers_json: bool,
}
