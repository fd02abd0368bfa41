//! `zecklab wythoff`: solve positions of any size with every winning move, list P-positions with
//! their numerals, Grundy values of a board, and play against perfect play.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use num_bigint::BigUint;
use serde::Serialize;
use zecklab_answers::tables;
use zecklab_games::wythoff::{analyse, GrundyBoard, Heaps, WythoffPosition};
use zecklab_numeration::zeckendorf_big;

use crate::input::{self, InputError};
use crate::output::{self, Out};
use crate::progress;
use crate::prompt::{say, First, Prompt, Turn};

#[derive(Args, Debug)]
pub struct WythoffArgs {
    #[command(subcommand)]
    command: WythoffCommand,
}

#[derive(Subcommand, Debug)]
enum WythoffCommand {
    /// Outcome and every winning move of (A, B), heaps of any size, explained in numerals.
    Solve {
        /// The first heap.
        #[arg(allow_negative_numbers = true)]
        a: String,
        /// The second heap.
        #[arg(allow_negative_numbers = true)]
        b: String,
        /// Print one JSON object: {"a","b","outcome","winning_moves":[["a'","b'"],...]}.
        #[arg(long)]
        json: bool,
    },
    /// The first N P-positions (a_m, b_m), m = 0, 1, ..., with their numerals.
    Ppos {
        /// How many P-positions.
        #[arg(long, default_value = "10", value_parser = input::whole_u64_arg, allow_hyphen_values = true)]
        count: u64,
        /// One JSON object per line: {"m","a","b","numeral_a","numeral_b"}.
        #[arg(long)]
        json: bool,
    },
    /// Grundy values of the N x N board (rows a = 0..N-1, columns b = 0..N-1).
    Grundy {
        /// The side of the board.
        #[arg(long, value_parser = input::whole_usize, allow_hyphen_values = true)]
        size: usize,
        /// Write the board as CSV to FILE (written to a temporary file, then renamed) and print a summary.
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// JSON: one object per row {"a","grundy":[...]}; with --csv one summary object.
        #[arg(long)]
        json: bool,
    },
    /// Play against perfect play: moves are `a 3` (take 3 from heap a), `b 2`, `d 1` (both), or `hint`.
    Play {
        /// The first heap (default: a random position).
        #[arg(allow_negative_numbers = true)]
        a: Option<String>,
        /// The second heap.
        #[arg(allow_negative_numbers = true)]
        b: Option<String>,
        /// Who moves first.
        #[arg(long, value_enum, default_value = "me")]
        first: First,
    },
}

pub fn run(args: WythoffArgs) -> anyhow::Result<ExitCode> {
    let mut out = Out::new();
    match args.command {
        WythoffCommand::Solve { a, b, json } => {
            let position = zecklab_answers::wythoff::position(&a, &b)?;
            if json {
                out.json(&zecklab_answers::wythoff::solve(&position))?;
            } else {
                for line in explain(&position) {
                    out.line(line)?;
                }
            }
        }
        WythoffCommand::Ppos { count, json } => {
            tables::check_ppos_count(count, tables::PPOS_LIMIT)?;
            for m in 0..count {
                let p = tables::ppos(m);
                let (a, b, na, nb) = (&p.a, &p.b, &p.numeral_a, &p.numeral_b);
                if json {
                    out.json(&p)?;
                } else {
                    out.line(format!("m = {m:>4}: ({a}, {b})  numerals {na} / {nb}"))?;
                }
            }
        }
        WythoffCommand::Grundy { size, csv, json } => grundy(&mut out, size, csv.as_deref(), json)?,
        WythoffCommand::Play { a, b, first } => return play(a.as_deref(), b.as_deref(), first),
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A position explained in numerals: the digit rule for P-positions, and each winning move.
fn explain(position: &WythoffPosition) -> Vec<String> {
    let analysis = analyse(position);
    let numeral = |x: &BigUint| {
        let n = zeckendorf_big(x).numeral();
        if n.len() <= 70 {
            n
        } else {
            format!("<{} digits>", n.len())
        }
    };
    let mut lines =
        vec![format!("({}, {}): {} for the player to move", position.a, position.b, analysis.outcome)];
    lines.push(format!("  numerals: a = {}, b = {}", numeral(&position.a), numeral(&position.b)));
    if analysis.winning_moves.is_empty() {
        lines.push(
            "  a P-position: the smaller numeral ends in an even number of zeros and the larger is the same with one more zero, so every move leaves a winnable position"
                .into(),
        );
    }
    for (x, y) in &analysis.winning_moves {
        let how = if x == &position.a {
            format!("take {} from b", &position.b - y)
        } else if y == &position.b {
            format!("take {} from a", &position.a - x)
        } else {
            format!("take {} from both", &position.a - x)
        };
        lines.push(format!("  winning move: {how}, to ({x}, {y}): numerals {} / {}", numeral(x), numeral(y)));
    }
    lines
}

fn grundy(out: &mut Out, size: usize, csv: Option<&Path>, json: bool) -> anyhow::Result<()> {
    tables::check_board_size(size)?;
    // A bad destination is refused before the work, not after it.
    if let Some(path) = csv {
        output::destination(path)?;
    }
    let bar = progress::bar(size as u64, "rows", "Grundy values");
    let start = std::time::Instant::now();
    let board = tables::wythoff_grundy(size, |rows| {
        if rows % 64 == 0 {
            bar.set_position(rows as u64);
        }
    })?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let Some(path) = csv else {
        for a in 0..size {
            if json {
                #[derive(Serialize)]
                struct Row<'a> {
                    a: usize,
                    grundy: &'a [u32],
                }
                out.json(&Row { a, grundy: board.row(a) })?;
            } else {
                let row: Vec<String> = board.row(a).iter().map(ToString::to_string).collect();
                out.line(row.join(" "))?;
            }
        }
        return Ok(());
    };
    if write_csv(path, &board)? == output::Destination::Stdout {
        // The board went to stdout; a summary there would corrupt it.
        return Ok(());
    }
    let zeros = (0..size).map(|a| board.row(a).iter().filter(|&&v| v == 0).count()).sum::<usize>();
    let max = (0..size).filter_map(|a| board.row(a).iter().max().copied()).max().unwrap_or(0);
    if json {
        #[derive(Serialize)]
        struct Summary {
            size: usize,
            csv: String,
            p_positions: usize,
            max_value: u32,
            seconds: f64,
        }
        out.json(&Summary {
            size,
            csv: path.display().to_string(),
            p_positions: zeros,
            max_value: max,
            seconds,
        })?;
    } else {
        out.line(format!(
            "Grundy values of the {size} x {size} board written to {} ({zeros} zeros = P-positions, largest value {max}, {seconds:.2} s)",
            path.display()
        ))?;
    }
    Ok(())
}

/// Writes the board as CSV, one row a line (see [`output::write_file`]).
fn write_csv(path: &Path, board: &GrundyBoard) -> anyhow::Result<output::Destination> {
    output::write_file(path, |w| {
        let mut line = String::new();
        for a in 0..board.size() {
            line.clear();
            for (i, v) in board.row(a).iter().enumerate() {
                if i > 0 {
                    line.push(',');
                }
                line.push_str(&v.to_string());
            }
            line.push('\n');
            w.write_all(line.as_bytes())?;
        }
        Ok(())
    })
}

fn play(a: Option<&str>, b: Option<&str>, first: First) -> anyhow::Result<ExitCode> {
    let mut position = match (a, b) {
        (Some(a), Some(b)) => WythoffPosition { a: input::natural(a)?, b: input::natural(b)? },
        (None, None) => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            WythoffPosition { a: BigUint::from(5 + nanos % 20), b: BigUint::from(10 + (nanos / 20) % 30) }
        }
        _ => return Err(InputError::from_display("give both heaps A and B, or neither")),
    };
    if position.is_terminal() {
        return Err(InputError::from_display("invalid position (0, 0): the game is already over"));
    }
    say(format!(
        "Wythoff's game from ({}, {}). Take from one heap or the same from both; whoever takes the last counter wins.",
        position.a, position.b
    ))?;
    say("Moves: 'a 3' takes 3 from heap a, 'b 2' from heap b, 'd 1' from both; 'hint', 'help' or 'quit'.")?;
    let mut prompt = Prompt::new();
    let mut human_turn = first == First::Me;
    loop {
        if position.is_terminal() {
            say(if human_turn {
                "The computer took the last counter: the computer wins."
            } else {
                "You took the last counter: you win!"
            })?;
            return Ok(ExitCode::SUCCESS);
        }
        if !human_turn {
            let analysis = analyse(&position);
            let next = match analysis.winning_moves.first() {
                Some((x, y)) => WythoffPosition { a: x.clone(), b: y.clone() },
                // A losing position: take one counter from the larger heap.
                None if position.a >= position.b => {
                    position.play(Heaps::A, &BigUint::from(1u32)).expect("legal")
                }
                None => position.play(Heaps::B, &BigUint::from(1u32)).expect("legal"),
            };
            say(format!("computer moves to ({}, {}).", next.a, next.b))?;
            position = next;
            human_turn = true;
            continue;
        }
        let question = format!("({}, {}) > ", position.a, position.b);
        let help = "Type 'a N', 'b N' or 'd N' (take N from heap a, heap b or both), 'hint' or 'quit'.";
        let answer = match prompt.turn(&question, help)? {
            Turn::InputEnded => return Ok(ExitCode::from(2)),
            Turn::Quit => return Ok(ExitCode::SUCCESS),
            Turn::AskAgain => continue,
            Turn::Hint => {
                for line in explain(&position) {
                    say(line)?;
                }
                continue;
            }
            Turn::Move(answer) => answer,
        };
        let mut words = answer.split_whitespace();
        let which = words.next().unwrap_or("");
        let which = match which {
            "a" => Heaps::A,
            "b" => Heaps::B,
            "d" | "both" => Heaps::Both,
            other => {
                say(format!("unknown move '{other}': type 'a N', 'b N', 'd N', 'hint' or 'quit'."))?;
                continue;
            }
        };
        let take = match words.next().map(zecklab_numeration::parse_natural) {
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                say(format!("{e}"))?;
                continue;
            }
            None => {
                say("say how many counters to take, e.g. 'a 3'.")?;
                continue;
            }
        };
        if let Some(extra) = words.next() {
            say(format!(
                "unexpected '{}' after the move: type one move, like 'a 3'.",
                zecklab_numeration::abbreviate(extra)
            ))?;
            continue;
        }
        match position.play(which, &take) {
            Ok(next) => {
                say(format!("you move to ({}, {}).", next.a, next.b))?;
                position = next;
                human_turn = false;
            }
            Err(e) => say(format!("{e}"))?,
        }
    }
}
