//! The arguments of `zecklab zgame solve`.

use super::super::*;

/// The arguments of `zgame solve` (its help is on the subcommand).
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub at: common::GameAt,
    /// The game on N (with --to: the first n of the range, default 1).
    #[arg(long, required_unless_present_any = ["to", "at", "start"], conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub n: Option<u32>,
    /// Solve every n from N (default 1) to TO.
    #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
    pub to: Option<u32>,
    /// Skip remoteness (outcomes only, 1 bit a position; faster).
    #[arg(long)]
    pub no_remoteness: bool,
    /// Save each solved game in the store (see --store); the JSON line gains "saved": PATH.
    #[arg(long)]
    pub save: bool,
    /// Print JSON with "tiers": [{"parts","positions","p_positions"}, ...], the positions and
    /// P-positions by number of parts (most parts first).
    #[arg(long)]
    pub tiers_json: bool,
    /// Solve tier by tier (positions with the same number of parts), two tiers in memory at
    /// once, and the outcome bits of a third begun ahead (chosen by itself with remoteness,
    /// --checkpoint or MPI; see below).
    #[arg(long, conflicts_with = "flat")]
    pub tiers: bool,
    /// Solve with the flat tables, every position in memory (what --save stores; up to n =
    /// 815).
    #[arg(long, conflicts_with = "checkpoint")]
    pub flat: bool,
    /// Solve layer by layer (positions of equal index weight, in whole cells): outcomes only,
    /// a window of layers in memory (chosen by itself for outcomes only while the window fits;
    /// see below).
    #[arg(
        long,
        requires = "no_remoteness",
        conflicts_with_all = ["flat", "tiers", "save", "misere", "reversed"]
    )]
    pub layers: bool,
    /// Save the tiered or layered solve's state in DIR after finished tiers or layers, and
    /// resume from it: the same command after a crash goes on from the last one saved.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: save after a finished tier or layer only when this many seconds have
    /// passed since the last save (0: after every one; default 60 for tiers, 600 for layers).
    /// A tier of n = 1000 takes up to 0.6 GB, the layered solve's window about 7 GB.
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "checkpoint",
        value_parser = input::whole_u64_arg,
        allow_hyphen_values = true
    )]
    pub checkpoint_every: Option<u64>,
    /// The machinery of the tiered and layered solves: fast (the word loops on the best
    /// instructions this machine has; tiers: the next tier begun ahead), portable (the word
    /// loops in baseline x86-64 instructions; tiers: no tier ahead) or scalar (the tier sweep
    /// position by position; implies --tiers). All give the same values; a second engine
    /// confirms a result independently.
    #[arg(long, value_enum, default_value_t = EngineArg::Fast, conflicts_with = "flat")]
    pub engine: EngineArg,
    /// Solve the reversed game instead: from the Zeckendorf representation of N, every move of
    /// the game taken back, to N ones (same fields; "winner": who makes the last move).
    #[arg(long, conflicts_with_all = ["save", "tiers", "flat", "checkpoint"])]
    pub reversed: bool,
    #[command(flatten)]
    pub variant: family::VariantArgs,
    /// Misère play: whoever makes the last move loses (the JSON gains "misere": true). Solved by
    /// the flat sweep while its tables fit (outcomes to n = 815, remoteness to n = 579), else
    /// (or with --tiers) tier by tier by the reference sweep on one thread, without
    /// checkpoints; --save stores it apart from the normal game's table.
    #[arg(long, conflicts_with_all = ["checkpoint", "reversed"])]
    pub misere: bool,
    /// The ordered game: positions are ordered lists, moves act on neighbouring entries (a
    /// descending pair may be switched); up to n = 41 with remoteness, to n = 42 with
    /// --no-remoteness in 20 GiB (the JSON adds "variant": "ordered", and "degenerate": true at
    /// n = 1). Solved in memory on every core, not stored.
    #[arg(long, conflicts_with_all = ["reversed", "misere", "recurrence", "rules", "save", "tiers", "flat", "checkpoint", "tiers_json"])]
    pub ordered: bool,
    /// A black-hole game: play only in the columns F_1 .. F_(M-1); a piece a move would put on
    /// F_M leaves play. From n ones, or from --start (the JSON adds "variant": "black-hole",
    /// "m" and "start"; positions counts those reachable from the start).
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(usize), conflicts_with_all = ["ordered", "reversed", "misere", "recurrence", "rules", "save", "tiers", "flat", "checkpoint", "tiers_json"])]
    pub black_hole: Option<usize>,
    /// With --black-hole: start from these counts of F_1 .. F_(M-1) ("4 0 3"), not n ones.
    #[arg(long, value_name = "COUNTS", requires = "black_hole", conflicts_with_all = ["n", "to", "at"])]
    pub start: Option<String>,
    /// One JSON object per n per line.
    #[arg(long)]
    pub json: bool,
}
