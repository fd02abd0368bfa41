//! The arguments of `zecklab zgame sum`.

use super::super::*;

/// The arguments of `zgame sum` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct SumArgs {
    /// The positions, e.g. "1^3 2^2" "5 3 1^4".
    #[arg(required = true)]
    pub positions: Vec<String>,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
