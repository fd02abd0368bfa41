//! The arguments of `zecklab zgame stats`.

use super::super::*;

/// The arguments of `zgame stats` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (up to 400).
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
