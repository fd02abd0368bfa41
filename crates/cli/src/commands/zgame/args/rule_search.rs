//! The arguments of `zecklab zgame rule-search`.

use super::super::*;

/// The arguments of `zgame rule-search` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct RuleSearchArgs {
    /// Rules of 1 to SIZE preferences (up to 3).
    #[arg(long, value_parser = clap::value_parser!(usize))]
    pub size: usize,
    /// Test n = 3 to TO (up to 200).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: u32,
    /// The game each rule's agreement is measured on (default: the smaller of --to and 40).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub agreement_n: Option<u32>,
    /// How many rules of each kind to report.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
