//! The arguments of `zecklab zgame random-laws`.

use super::super::*;

/// The arguments of `zgame random-laws` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct RandomLawsArgs {
    /// The first n (from 1).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: u32,
    /// The last n (default: N alone; up to 600).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// Every STEP-th n from N.
    #[arg(long, default_value = "1", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub step: u32,
    /// One measure only.
    #[arg(long, value_enum)]
    pub measure: Option<MeasureArg>,
    /// Save the recursion's last finished tier in DIR now and then, and resume from it: the
    /// same command after a crash or Ctrl-C goes on from the tier saved.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: save after a finished tier only when this many seconds have passed
    /// since the last save (0: after every tier). A tier of n = 600 takes up to 6 GB.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 600,
        requires = "checkpoint",
        value_parser = input::whole_u64_arg,
        allow_hyphen_values = true
    )]
    pub checkpoint_every: u64,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
}
