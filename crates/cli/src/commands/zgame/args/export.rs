//! The arguments of `zecklab zgame export`.

use super::super::*;

/// The arguments of `zgame export` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N.
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// The file format.
    #[arg(long, value_enum)]
    pub format: export::Format,
    /// Where to write ('-' for stdout).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Only the positions that are a loss for the player to move.
    #[arg(long)]
    pub p_positions: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
