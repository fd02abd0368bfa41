//! The arguments of `zecklab zgame rule-test`.

use super::super::*;

/// The arguments of `zgame rule-test` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct RuleTestArgs {
    /// The rule.
    #[arg(long)]
    pub rule: Option<String>,
    /// Read the rule from FILE.
    #[arg(long, value_name = "FILE")]
    pub rule_file: Option<PathBuf>,
    /// The first n (default 1).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub from: Option<u32>,
    /// The last n (up to 700).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: u32,
    /// One JSON object per n per line.
    #[arg(long)]
    pub json: bool,
}
