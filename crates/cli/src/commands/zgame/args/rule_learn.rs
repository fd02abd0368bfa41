//! The arguments of `zecklab zgame rule-learn`.

use super::super::*;

/// The arguments of `zgame rule-learn` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct RuleLearnArgs {
    /// Learn on n = 3 to TO (up to 60).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: u32,
    /// Stop a method whose tree grows past M nodes.
    #[arg(long, value_parser = clap::value_parser!(usize), default_value_t = zecklab_answers::learn::RULE_LEARN_MAX_NODES)]
    pub max_nodes: usize,
    /// The complexity curve: a rule for each end from 3 to TO, one line each.
    #[arg(long)]
    pub curve: bool,
    /// Also write the rule (the last, with --curve) to FILE, for zgame rule-test --rule-file.
    #[arg(long, value_name = "FILE")]
    pub rule_out: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}
