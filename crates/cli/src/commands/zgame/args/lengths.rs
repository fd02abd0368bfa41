//! The arguments of `zecklab zgame lengths`.

use super::super::*;

/// The arguments of `zgame lengths` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct LengthsArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (up to 250).
    #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Add the exact probability of every game length under random play, with skewness and
    /// excess kurtosis (n up to 250: 1.4 GB and 13 s at n = 200, 7.2 GB and 85 s at n = 250).
    #[arg(long)]
    pub distribution: bool,
    /// The reversed game: random play chooses among its moves; the deterministic games do not
    /// apply (their fields are left out, and "reversed": true is added).
    #[arg(long, conflicts_with = "distribution")]
    pub reversed: bool,
    /// The generalized game: the shortest and longest games
    /// ({"n","shortest","longest","recurrence","rules"}), and with --measure the length's
    /// exact law's figures ("measure","random_mean","random_variance","random_p1_wins",
    /// "games","mean_exact","variance_exact"; the path measure to n = 50, both to 200,000
    /// positions).
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// The random play the random fields describe: path (a uniform choice among the legal
    /// moves) or games (every complete game equally likely); with --reversed, the reversed
    /// game's own moves and complete games.
    #[arg(long, value_enum, conflicts_with_all = ["ordered", "black_hole"])]
    pub measure: Option<MeasureArg>,
    /// The ordered game (up to n = 32): {"n","variant","shortest","longest","long_game",
    /// "long_game_is_longest","longest_over_half_square"}; long_game, the length of the
    /// long-game strategy (switch the leftmost descending pair; else merge the leftmost 1 1;
    /// else split the rightmost equal pair of value 2 or more; else merge the leftmost
    /// consecutive pair).
    #[arg(long, conflicts_with_all = ["distribution", "reversed", "recurrence", "rules"])]
    pub ordered: bool,
    /// The black-hole game with the hole on F_M, from n ones: {"n","variant","m","shortest",
    /// "longest"}.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(usize), conflicts_with_all = ["ordered", "distribution", "reversed", "recurrence", "rules"])]
    pub black_hole: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
