//! The arguments of `zecklab zgame check-strategy`.

use super::super::*;

/// The arguments of `zgame check-strategy` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct CheckStrategyArgs {
    /// The strategy file.
    pub file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
