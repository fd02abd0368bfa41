//! The arguments of `zecklab zgame opening` and `zecklab zgame book`.

use super::super::*;

/// The arguments of `zgame opening` (its help is on the subcommand).
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("which_sets").required(true).args(["parts", "sum_to"]))]
pub struct OpeningArgs {
    /// S's parts: Fibonacci numbers of at least 2, e.g. "5" or "2 3 3" (VALUE^COUNT also reads).
    #[arg(long, value_name = "PARTS", allow_hyphen_values = true)]
    pub parts: Option<String>,
    /// Every S whose parts sum to at most K (up to 40), one line each.
    #[arg(long, value_name = "K", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub sum_to: Option<u32>,
    /// The last m.
    #[arg(long, value_name = "M", default_value_t = 200, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: u32,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zgame book` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The first n (from 1).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: u32,
    /// The last n (default: N alone).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// Player 2's moves the book covers (1 to 4).
    #[arg(long, value_name = "D", default_value_t = 1, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub depth: u32,
    /// Instead of the books, whether a rule gives Player 2's first replies for every n of the
    /// range: one line for each depth from 1 to D.
    #[arg(long)]
    pub rule: bool,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zgame parity` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct ParityArgs {
    /// The first n (from 1).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: u32,
    /// The last n (default: N alone; up to 700).
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// Also list the positions whose signed count is zero (up to n = 160).
    #[arg(long)]
    pub zeros: bool,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
}
