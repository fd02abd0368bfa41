//! The arguments of `zecklab zgame check`.

use super::super::*;

/// The arguments of `zgame check` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N.
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Check outcomes only (remoteness is not computed).
    #[arg(long)]
    pub no_remoteness: bool,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// Misère play: the table of the misère game (the JSON gains "misere": true).
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
