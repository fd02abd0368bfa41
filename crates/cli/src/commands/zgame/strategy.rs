//! `zgame strategy` and `zgame check-strategy`: Player 2's winning strategy written to a
//! documented text file, and checked from the file alone by playing every Player 1 line.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;
use zecklab_numeration::grouped;

use serde::Serialize;
use zecklab_games::Cancel;
use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};

use super::common::{solve_failed, solve_with_progress};
use crate::input::{self, InputError};
use crate::output::{self, Out};
use crate::progress;

/// Largest n for `zgame strategy`: the strategy is built and checked position by position.
pub use zecklab_answers::lab::STRATEGY_LIMIT;

/// Solves the game on `n` and writes Player 2's strategy to `path` (atomically).
pub fn write_strategy(
    out: &mut Out,
    n: u32,
    path: &Path,
    choice: ReplyChoice,
    json: bool,
) -> anyhow::Result<()> {
    output::destination(path)?;
    let start = Instant::now();
    let bar = progress::bar(0, "positions", &format!("solving n = {n} and building the strategy"));
    let strategy = zecklab_answers::lab::strategy(n, choice, &Cancel::new(), |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .map_err(solve_failed)?;
    bar.finish_and_clear();
    let destination = output::write_file(path, |w| {
        for line in strategy.lines() {
            writeln!(w, "{line}")?;
        }
        Ok(())
    })?;
    if destination == output::Destination::Stdout {
        // The strategy went to stdout; a summary there would corrupt it.
        return Ok(());
    }
    let seconds = start.elapsed().as_secs_f64();
    #[derive(Serialize)]
    struct StrategyJson<'a> {
        n: u32,
        choose: &'static str,
        positions: usize,
        file: &'a str,
        seconds: f64,
    }
    let line = StrategyJson {
        n,
        choose: choice.name(),
        positions: strategy.moves().len(),
        file: &path.to_string_lossy(),
        seconds,
    };
    if json {
        out.json(&line)?;
    } else {
        out.line(format!(
            "Player 2's strategy for n = {n} ({} replies): {} positions answered, written to {} ({seconds:.2} s)",
            line.choose, grouped(line.positions as u64), line.file
        ))?;
    }
    Ok(())
}

/// The longest line of a strategy file (a position and its answer: a few hundred bytes).
const STRATEGY_LINE_LIMIT: usize = 64 << 10;
/// The largest strategy file read (the strategy of n = 300 takes some tens of MB).
const STRATEGY_FILE_LIMIT: u64 = 1 << 30;

/// The lines of a strategy file, read with every line and the whole file bounded: a file that
/// is not one (`/dev/zero`, a huge binary) is refused as soon as a bound is passed.
fn read_strategy_lines(path: &Path) -> anyhow::Result<Vec<String>> {
    let shown_path = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| InputError(format!("cannot read {shown_path}: {}", crate::output::io_reason(&e))))?;
    let mut reader = std::io::BufReader::new(std::io::Read::take(file, STRATEGY_FILE_LIMIT + 1));
    let (mut lines, mut buf, mut total) = (Vec::new(), Vec::new(), 0u64);
    loop {
        let read = crate::input::read_line_bounded(&mut reader, &mut buf, STRATEGY_LINE_LIMIT)
            .map_err(|e| InputError(format!("cannot read {shown_path}: {}", crate::output::io_reason(&e))))?;
        match read {
            crate::input::LineRead::End => return Ok(lines),
            crate::input::LineRead::TooLong => {
                return Err(InputError(format!(
                    "{shown_path} is not a strategy file: line {} is longer than {STRATEGY_LINE_LIMIT} bytes",
                    lines.len() + 1
                ))
                .into())
            }
            crate::input::LineRead::Line => {
                total += buf.len() as u64 + 1;
                if total > STRATEGY_FILE_LIMIT {
                    return Err(InputError(format!(
                        "{shown_path} is larger than {} MiB, more than any strategy file zecklab writes",
                        STRATEGY_FILE_LIMIT >> 20
                    ))
                    .into());
                }
                let line = String::from_utf8(std::mem::take(&mut buf)).map_err(|_| {
                    InputError(format!("{shown_path} is not a strategy file: not UTF-8 text"))
                })?;
                lines.push(line);
            }
        }
    }
}

/// Reads a strategy file and plays every Player 1 line against it. A file that cannot be read
/// as a strategy is an input error (exit 2); a readable strategy that loses exits 1.
pub fn check_strategy(out: &mut Out, path: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let lines = read_strategy_lines(path)?;
    let strategy = PlayerTwoStrategy::parse(lines.iter().map(String::as_str))
        .map_err(|e| InputError(format!("{} is not a valid strategy file: {e}", path.display())))?;
    let spinner = progress::spinner(&format!(
        "playing every Player 1 line against the strategy for n = {}",
        strategy.n()
    ));
    let (line, malformed) = zecklab_answers::lab::check_strategy(&strategy);
    spinner.finish_and_clear();
    if json {
        out.json(&line)?;
    } else if line.wins {
        out.line(format!(
            "ok: the strategy for n = {} wins against every Player 1 line ({} Player 1 positions, {} answers used, {} unused; the longest game has {} moves)",
            line.n,
            line.player_one_positions.unwrap_or(0),
            line.answered_positions.unwrap_or(0),
            line.unreachable_entries.unwrap_or(0),
            line.longest_game.unwrap_or(0)
        ))?;
    } else {
        out.line(format!(
            "FAILED: the strategy for n = {} does not win: {}",
            line.n,
            line.failure.as_deref().unwrap_or("")
        ))?;
    }
    out.flush()?;
    Ok(if line.wins {
        ExitCode::SUCCESS
    } else if malformed {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    })
}

/// `zgame certificates`: the strategy's size under each choice, for each n of the range.
pub fn certificates(out: &mut Out, first: u32, last: u32, minimal: bool, json: bool) -> anyhow::Result<()> {
    super::common::check_range(first, last)?;
    input::game_size(last, STRATEGY_LIMIT, "zgame certificates")?;
    for n in first..=last {
        let solution = solve_with_progress(n, true)?;
        // Player 1 wins n = 2 (and n = 1 has no move): no Player 2 strategy, nothing to report.
        let Some(line) = zecklab_answers::lab::certificates(&solution, minimal)? else { continue };
        if json {
            out.json(&line)?;
        } else {
            let exact = match (line.minimal, &line.minimal_reason) {
                (Some(Some(m)), _) => format!(", {} (the smallest of all)", grouped(m)),
                (_, Some(reason)) => format!("; no exact minimum: {reason}"),
                _ => String::new(),
            };
            out.line(format!(
                "n = {n}: {}; Player 2 must know {} (fastest), {} (slowest), {} (smallest){exact}",
                crate::output::counted(line.p_positions, "P-position", "P-positions"),
                crate::output::counted(line.fastest, "position", "positions"),
                grouped(line.slowest),
                grouped(line.smallest)
            ))?;
        }
    }
    Ok(())
}
