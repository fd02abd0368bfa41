//! The arguments of `zecklab zgame black-hole-table`.

use super::super::*;

/// The arguments of `zgame black-hole-table` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct BlackHoleTableArgs {
    /// The hole sits on F_M (2 to 40).
    #[arg(long, value_parser = clap::value_parser!(usize))]
    pub m: usize,
    /// Pieces on F_1: A..B or one number.
    #[arg(long, default_value = "0..12", conflicts_with = "pregame")]
    pub ones: String,
    /// Pieces on F_(M-1): A..B or one number.
    #[arg(long, default_value = "0..12", conflicts_with = "pregame")]
    pub outer: String,
    /// The pre-game, by the one reading computed here (one-at-a-time).
    #[arg(long, value_parser = ["one-at-a-time"])]
    pub pregame: Option<String>,
    /// With --pregame: the numbers of pieces placed, A..B or one number.
    #[arg(long, default_value = "0..12", requires = "pregame")]
    pub pieces: String,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}
