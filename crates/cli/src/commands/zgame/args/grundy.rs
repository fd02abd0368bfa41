//! The arguments of `zecklab zgame grundy`.

use super::super::*;

/// The arguments of `zgame grundy` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct GrundyArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (with --to: the first n of the range, default 1).
    #[arg(long, required_unless_present_any = ["to", "at"], conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Every n from N (default 1) to TO.
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// One JSON object per n per line.
    #[arg(long)]
    pub json: bool,
}
