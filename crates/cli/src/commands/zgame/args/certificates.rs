//! The arguments of `zecklab zgame certificates`.

use super::super::*;

/// The arguments of `zgame certificates` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct CertificatesArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The first n (default 3).
    #[arg(long, conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// The last n.
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// Also the smallest of all winning strategies, by an exact search (up to n = 40; 60 built
    /// with the cbc feature).
    #[arg(long)]
    pub minimal: bool,
    /// One JSON object per n per line.
    #[arg(long)]
    pub json: bool,
}
