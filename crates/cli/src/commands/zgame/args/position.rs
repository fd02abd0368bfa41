//! The arguments of `zecklab zgame position`.

use super::super::*;

/// The arguments of `zgame position` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The position, e.g. "1^3 2^2 5^7" or "{1^3 ∧ 2^2 ∧ 5^7}".
    pub position: String,
    /// Add the optimal continuation to the end (the winner hurries, the loser delays).
    #[arg(long)]
    pub line: bool,
    /// A position of the reversed game (moves taken back, down to all ones; up to n = 532),
    /// solved now.
    #[arg(long)]
    pub reversed: bool,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// Misère play: whoever makes the last move loses.
    #[arg(long, conflicts_with = "reversed")]
    pub misere: bool,
    /// Add the position's Grundy value ("grundy"), solving its game with Grundy values.
    #[arg(long, conflicts_with_all = ["reversed", "misere"])]
    pub grundy: bool,
    /// A position of the ordered game: its values in order, separated by spaces ("1 2 1 3");
    /// up to n = 30, solved now.
    #[arg(long, conflicts_with_all = ["reversed", "misere", "recurrence", "rules", "grundy"])]
    pub ordered: bool,
    /// A position of the black-hole game with the hole on F_M: the counts of F_1 .. F_(M-1)
    /// ("4 0 3"), solved now.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(usize), conflicts_with_all = ["ordered", "reversed", "misere", "recurrence", "rules", "grundy", "line"])]
    pub black_hole: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
