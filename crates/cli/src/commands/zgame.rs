//! `zecklab zgame`: the Zeckendorf game: strong solving of every position of the game on `n`,
//! and the value of one position with every move.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use zecklab_games::zgame::{lengths, play_out, solve, theorem_bound, Rule, Solution, ZPosition};

use crate::input::InputError;
use crate::output::Out;

/// Memory the solver's tables may use.
const MEMORY_LIMIT: u128 = 20 << 30;
/// Largest n for `zgame lengths` (per-position exact game counts).
const LENGTHS_LIMIT: u32 = 250;
/// Above this many positions remoteness is not computed (2 bytes a position) and is null.
const REMOTENESS_POSITION_LIMIT: u64 = 4_000_000_000;

#[derive(Args, Debug)]
pub struct ZgameArgs {
    #[command(subcommand)]
    command: ZgameCommand,
}

#[derive(Subcommand, Debug)]
enum ZgameCommand {
    /// Solve every position of the game on N (and on each n up to --to): winner and remoteness of the start.
    #[command(
        after_help = "JSON, one line per n: {\"n\",\"positions\",\"p_positions\",\"winner\":\"P1\"|\"P2\",\"remoteness\",\"seconds\"}. \
Remoteness (2 bytes a position) is computed up to 4,000,000,000 positions (about n = 480); above that it is null. \
Sizes whose tables would exceed 20 GiB are refused before anything is allocated."
    )]
    Solve {
        /// The game on N (with --to: the first n of the range, default 1).
        #[arg(long, required_unless_present = "to")]
        n: Option<u32>,
        /// Solve every n from N (default 1) to TO.
        #[arg(long)]
        to: Option<u32>,
        /// Skip remoteness (outcomes only, 1 bit a position).
        #[arg(long)]
        no_remoteness: bool,
        /// One JSON object per n per line.
        #[arg(long)]
        json: bool,
    },
    /// Exact game lengths over the whole position graph: shortest, longest, Theorem 1.3's bound,
    /// random play, the number of games, and the four deterministic games.
    #[command(
        after_help = "JSON: {\"n\",\"shortest\",\"longest\",\"bound\",\"bound_sharp\",\"random_mean\",\"random_variance\",\"random_p1_wins\",\"games\",\"combine_largest\",\"split_largest\",\"split_smallest\",\"combine_smallest\"}. \
random_* are f64 values of exact averages over the game graph (relative error near 1e-13); games is an exact decimal string. \
The deterministic games: both players follow the same priority rule (see `zgame play-out --help`)."
    )]
    Lengths {
        /// The game on N (up to 250).
        #[arg(long)]
        n: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play out the game where each player follows a priority rule, without building the graph.
    #[command(after_help = "Rules (first available move wins):\n\
  combine-largest:  combine F(i-1)+F(i) for i largest first; then F1+F1; then split largest first\n\
  split-largest:    split largest first; then combine largest first; then F1+F1\n\
  split-smallest:   split smallest first; then F1+F1; then combine smallest first\n\
  combine-smallest: F1+F1; then combine smallest first; then split smallest first")]
    PlayOut {
        /// The game on N.
        #[arg(long)]
        n: u32,
        /// Player 1's rule.
        #[arg(long)]
        p1: Rule,
        /// Player 2's rule.
        #[arg(long)]
        p2: Rule,
        /// Print one JSON object: {"n","p1","p2","length","winner"}.
        #[arg(long)]
        json: bool,
    },
    /// Outcome, remoteness and every move (with the value it leads to) of one position, e.g. "1^3 2^2 5^7".
    Position {
        /// The position: parts with multiplicities, "1^3 2^2 5^7" or "{1^3 ∧ 2^2 ∧ 5^7}".
        position: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: ZgameArgs) -> anyhow::Result<ExitCode> {
    let mut out = Out::new();
    match args.command {
        ZgameCommand::Solve { n, to, no_remoteness, json } => {
            let n = n.unwrap_or(1);
            let last = to.unwrap_or(n);
            if n == 0 || last < n {
                return Err(InputError::from_display(format!(
                    "invalid range n = {n} to {last}: need 1 <= n <= to"
                )));
            }
            for k in n..=last {
                let start = Instant::now();
                let solution = solve_with_progress(k, !no_remoteness)?;
                let seconds = start.elapsed().as_secs_f64();
                let r = solution.start_rank();
                let winner = if solution.outcome(r).is_win() { "P1" } else { "P2" };
                #[derive(Serialize)]
                struct SolveJson {
                    n: u32,
                    positions: u64,
                    p_positions: u64,
                    winner: &'static str,
                    remoteness: Option<u32>,
                    seconds: f64,
                }
                let line = SolveJson {
                    n: k,
                    positions: solution.index().count(),
                    p_positions: solution.p_positions(),
                    winner,
                    remoteness: solution.remoteness(r),
                    seconds,
                };
                if json {
                    out.json(&line)?;
                } else {
                    let rem = line.remoteness.map_or("not computed".to_string(), |v| v.to_string());
                    out.line(format!(
                        "n = {k}: {} positions, {} P-positions; {winner} wins (start remoteness {rem}); {seconds:.2} s",
                        line.positions, line.p_positions
                    ))?;
                }
                out.flush()?;
            }
        }
        ZgameCommand::Lengths { n, json } => {
            if n == 0 || n > LENGTHS_LIMIT {
                return Err(InputError::from_display(format!(
                    "invalid n = {n}: lengths are computed for 1 <= n <= {LENGTHS_LIMIT}"
                )));
            }
            let l = lengths(n).ok_or_else(|| InputError(format!("n = {n} is too large")))?;
            let bound = theorem_bound(n);
            let same = |r: Rule| play_out(n, r, r);
            #[derive(Serialize)]
            struct LengthsJson {
                n: u32,
                shortest: u32,
                longest: u32,
                bound: u64,
                bound_sharp: bool,
                random_mean: f64,
                random_variance: f64,
                random_p1_wins: f64,
                games: String,
                combine_largest: u64,
                split_largest: u64,
                split_smallest: u64,
                combine_smallest: u64,
            }
            let line = LengthsJson {
                n,
                shortest: l.shortest,
                longest: l.longest,
                bound,
                bound_sharp: u64::from(l.longest) == bound,
                random_mean: l.random_mean,
                random_variance: l.random_variance,
                random_p1_wins: l.random_p1_wins,
                games: l.games.to_string(),
                combine_largest: same(Rule::CombineLargest),
                split_largest: same(Rule::SplitLargest),
                split_smallest: same(Rule::SplitSmallest),
                combine_smallest: same(Rule::CombineSmallest),
            };
            if json {
                out.json(&line)?;
            } else {
                out.line(format!(
                    "game on n = {n}: shortest {} moves, longest {} (Theorem 1.3 bound {}, {})",
                    line.shortest,
                    line.longest,
                    bound,
                    if line.bound_sharp { "sharp" } else { "not sharp" }
                ))?;
                out.line(format!(
                    "  random play: mean {:.6}, variance {:.6}, P(Player 1 moves last) = {:.6}",
                    line.random_mean, line.random_variance, line.random_p1_wins
                ))?;
                out.line(format!("  distinct complete games: {}", line.games))?;
                out.line(format!(
                    "  deterministic games: combine-largest {}, split-largest {}, split-smallest {}, combine-smallest {}",
                    line.combine_largest, line.split_largest, line.split_smallest, line.combine_smallest
                ))?;
            }
        }
        ZgameCommand::PlayOut { n, p1, p2, json } => {
            if n == 0 {
                return Err(InputError::from_display("invalid n = 0: the game needs n >= 1"));
            }
            let length = play_out(n, p1, p2);
            let winner = if length % 2 == 1 { "P1" } else { "P2" };
            if json {
                #[derive(Serialize)]
                struct PlayOutJson {
                    n: u32,
                    p1: &'static str,
                    p2: &'static str,
                    length: u64,
                    winner: &'static str,
                }
                out.json(&PlayOutJson { n, p1: p1.name(), p2: p2.name(), length, winner })?;
            } else {
                out.line(format!(
                    "n = {n}: {p1} (P1) against {p2} (P2): {length} moves, {winner} makes the last move"
                ))?;
            }
        }
        ZgameCommand::Position { position, json } => {
            let p = ZPosition::parse(&position).map_err(InputError::from_display)?;
            let n = u32::try_from(p.n())
                .map_err(|_| InputError(format!("n = {} is too large to solve", p.n())))?;
            let solution = solve_with_progress(n, true)?;
            let index = solution.index();
            let value_of = |q: &ZPosition| {
                let r = index.rank(q).expect("a position of the same game");
                (solution.outcome(r), solution.remoteness(r))
            };
            let (outcome, remoteness) = value_of(&p);
            #[derive(Serialize)]
            struct MoveJson {
                r#move: String,
                to: String,
                outcome: &'static str,
                remoteness: Option<u32>,
                winning: bool,
            }
            let moves: Vec<MoveJson> = p
                .moves()
                .into_iter()
                .map(|m| {
                    let child = p.apply(m).expect("legal");
                    let (o, rem) = value_of(&child);
                    MoveJson {
                        r#move: m.to_string(),
                        to: child.to_string(),
                        outcome: o.as_str(),
                        remoteness: rem,
                        winning: !o.is_win(),
                    }
                })
                .collect();
            if json {
                #[derive(Serialize)]
                struct PositionJson {
                    position: String,
                    n: u32,
                    outcome: &'static str,
                    remoteness: Option<u32>,
                    terminal: bool,
                    moves: Vec<MoveJson>,
                }
                out.json(&PositionJson {
                    position: p.to_string(),
                    n,
                    outcome: outcome.as_str(),
                    remoteness,
                    terminal: moves.is_empty(),
                    moves,
                })?;
            } else {
                let rem = remoteness.map_or("?".into(), |v| v.to_string());
                out.line(format!("{p} (n = {n}): {outcome} for the player to move, remoteness {rem}"))?;
                if moves.is_empty() {
                    out.line("  no moves: this is the Zeckendorf representation; the previous player made the last move")?;
                }
                for m in &moves {
                    let rem = m.remoteness.map_or("?".into(), |v| v.to_string());
                    let mark = if m.winning { "  winning" } else { "" };
                    out.line(format!("  {} -> {}: {} (remoteness {rem}){mark}", m.r#move, m.to, m.outcome))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn solve_with_progress(n: u32, remoteness: bool) -> anyhow::Result<Solution> {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("n = {msg} {bar:40} {pos}/{len} positions [{elapsed}/{eta}]")
            .expect("template"),
    );
    bar.set_message(n.to_string());
    let index_count = zecklab_games::zgame::PositionIndex::new(n).map(|i| i.count());
    let remoteness = remoteness && index_count.is_some_and(|c| c <= REMOTENESS_POSITION_LIMIT);
    let solution = solve(n, remoteness, MEMORY_LIMIT, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .map_err(InputError::from_display)?;
    bar.finish_and_clear();
    Ok(solution)
}
