//! The arguments of `zecklab zgame p-structure`.

use super::super::*;

/// The arguments of `zgame p-structure` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct PStructureArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (up to 300).
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
