//! The arguments of `zecklab zgame play`.

use super::super::*;

/// The arguments of `zgame play` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (up to 300).
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// The ordered game (up to n = 30): a row of ones, moves on neighbouring entries.
    #[arg(long, conflicts_with_all = ["misere", "recurrence", "rules"])]
    pub ordered: bool,
}
