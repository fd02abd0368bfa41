//! `zecklab zgame`: the Zeckendorf game: strong solving of every position of the game on `n`,
//! and the value of one position with every move.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use zecklab_games::zgame::{solve, Solution, ZPosition};

use crate::input::InputError;
use crate::output::Out;

/// Memory the solver's tables may use.
const MEMORY_LIMIT: u128 = 20 << 30;
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
        /// The game on N.
        #[arg(long)]
        n: u32,
        /// Solve every n from N to TO.
        #[arg(long)]
        to: Option<u32>,
        /// Skip remoteness (outcomes only, 1 bit a position).
        #[arg(long)]
        no_remoteness: bool,
        /// One JSON object per n per line.
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
