//! The arguments of `zecklab zgame play-out`.

use super::super::*;

/// The arguments of `zgame play-out` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct PlayOutArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N.
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Player 1's rule.
    #[arg(long, required_unless_present = "table", conflicts_with = "table")]
    pub p1: Option<Rule>,
    /// Player 2's rule.
    #[arg(long, required_unless_present = "table", conflicts_with = "table")]
    pub p2: Option<Rule>,
    /// Play all 16 pairings of rules (with --json, one object per line).
    #[arg(long)]
    pub table: bool,
    /// Print one JSON object: {"n","p1","p2","length","winner"}.
    #[arg(long)]
    pub json: bool,
}
