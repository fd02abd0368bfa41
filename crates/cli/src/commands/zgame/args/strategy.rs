//! The arguments of `zecklab zgame strategy`.

use super::super::*;

/// The arguments of `zgame strategy` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct StrategyArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (up to 200).
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Where to write the strategy.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Which winning reply Player 2 plays where there are several.
    #[arg(long, value_enum, default_value_t = ChooseArg::Fastest)]
    pub choose: ChooseArg,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
