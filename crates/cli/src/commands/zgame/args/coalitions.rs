//! The arguments of `zecklab zgame coalitions`.

use super::super::*;

/// The arguments of `zgame coalitions` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct CoalitionsArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (with --to: the first n of the range, default 1).
    #[arg(long, required_unless_present_any = ["to", "at"], conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Every n from N (default 1) to TO, one line each.
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// The number of players (2 to 6).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub players: u32,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// One JSON object per n per line.
    #[arg(long)]
    pub json: bool,
}
