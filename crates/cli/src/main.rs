//! The `zecklab` program: thin glue that parses arguments, calls the library crates and prints
//! human or JSON output. All mathematics lives in `zecklab-numeration`, `zecklab-games` and
//! `zecklab-verify`.

// Every unsafe block says why it is sound, and an unsafe fn's body is no unsafe block.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

mod commands;
mod distributed;
mod input;
mod interrupt;
mod output;
mod progress;
mod prompt;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::output::is_broken_pipe;

/// zecklab: Zeckendorf numeration and the games it solves.
#[derive(Parser, Debug)]
#[command(name = "zecklab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Zeckendorf (or ladder) representation of integers of any size.
    Repr(commands::repr::ReprArgs),
    /// Check the theorems zecklab relies on, each against an independent method.
    Verify(commands::verify::VerifyArgs),
    /// Fibonacci Nim and its factor-k family: solve, census, Grundy values, sums, play.
    Nim(commands::nim::NimArgs),
    /// Wythoff's game: solve, P-positions, Grundy values, play.
    Wythoff(commands::wythoff::WythoffArgs),
    /// The Zeckendorf game: strong solver, position values, strategies, exports.
    Zgame(commands::zgame::ZgameArgs),
    /// The store of solved games: list, verify, remove.
    Store(commands::store::StoreArgs),
    /// Figures as SVG or PNG: Fibonacci Nim's census, reach, thresholds and Grundy values,
    /// Wythoff's Grundy board, and the Zeckendorf game's growth, lengths and positions.
    Plot(commands::plot::PlotArgs),
    /// The open data of the Zeckendorf game's solves (by n, by tier, b-files, checksums): solve a
    /// range into it, resuming where it stopped; import, rewrite and check it.
    Data(commands::data::DataArgs),
    /// The web explorer: pages for every game and a JSON API, on this machine (loopback by default).
    Serve(commands::serve::ServeArgs),
    /// Statements about Zeckendorf (or binary) numeration decided for every n, in Walnut's
    /// language; `prove learn` learns and proves a game's P-positions.
    Prove(commands::prove::ProveArgs),
    /// The research notes built into the program and their numbered statements (definitions,
    /// theorems, propositions, conjectures, questions), by the ids the explorer links to.
    Research(commands::research::ResearchArgs),
}

fn main() -> ExitCode {
    // MPI runs (when a launcher started this process) until this is dropped at the end.
    let _mpi = distributed::start();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_clap_error(e),
    };
    // The documentation's test checks that its long examples are accepted, without running them.
    if std::env::var_os("ZECKLAB_PARSE_ONLY").is_some() {
        return ExitCode::SUCCESS;
    }
    if let Err(e) = output::check_stdout_open() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Repr(args) => commands::repr::run(args),
        Command::Verify(args) => commands::verify::run(args),
        Command::Nim(args) => commands::nim::run(args),
        Command::Wythoff(args) => commands::wythoff::run(args),
        Command::Zgame(args) => commands::zgame::run(args),
        Command::Store(args) => commands::store::run(args),
        Command::Plot(args) => commands::plot::run(args),
        Command::Data(args) => commands::data::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Prove(args) => commands::prove::run(args).map(|()| ExitCode::SUCCESS),
        Command::Research(args) => commands::research::run(args).map(|()| ExitCode::SUCCESS),
    };
    // Stopped by Ctrl-C or SIGTERM with its checkpoint saved: said as such, not as an error.
    if let Some(stopped) = result.as_ref().err().and_then(|e| e.downcast_ref::<interrupt::Interrupted>()) {
        eprintln!("{stopped}");
        return ExitCode::from(stopped.exit_code());
    }
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // In an MPI job every process checks the same input: the first one reports it.
        Err(e) if distributed::is_secondary() && e.is::<input::InputError>() => ExitCode::from(2),
        Err(e) => {
            // Every error is the user's input or environment (exit 2): "the check found a
            // counterexample" (exit 1) is an answer, returned as an exit code, not an error.
            eprintln!("error: {}", one_line(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}

/// A message as one line: its lines joined, control characters escaped (a value the user typed
/// can carry newlines or terminal escape codes), and long quoted values shortened.
fn one_line(text: &str) -> String {
    let joined = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
    let escaped: Vec<char> = joined
        .chars()
        .flat_map(|c| if c.is_control() { c.escape_debug().collect() } else { vec![c] })
        .collect();
    // Shorten every quoted span longer than a screen line. A quote between two letters or
    // digits is an apostrophe of the prose ("the start's remoteness"), not a quote mark.
    let word = |i: Option<usize>| i.and_then(|i| escaped.get(i)).is_some_and(|c| c.is_alphanumeric());
    let quotes =
        (0..escaped.len()).filter(|&i| escaped[i] == '\'' && !(word(i.checked_sub(1)) && word(Some(i + 1))));
    let mut out = String::with_capacity(escaped.len().min(1024));
    let mut start = 0;
    for (k, end) in quotes.chain([escaped.len()]).enumerate() {
        let span: String = escaped[start..end].iter().collect();
        // The spans after an odd number of quote marks are quoted values.
        if k % 2 == 1 && span.chars().count() > 80 {
            out.push_str(&input::shown(&span));
        } else {
            out.push_str(&span);
        }
        if end < escaped.len() {
            out.push('\'');
        }
        start = end + 1;
    }
    out
}

/// Help and version go to stdout in full; usage errors become one line: clap's whole message
/// (which argument is missing, which values are allowed) without the usage block, exit status 2.
fn report_clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            let text = e.render().to_string();
            // Keep the message and its details; drop the usage block and what follows it.
            let message: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("Usage:"))
                .filter(|l| !l.starts_with("For more information"))
                .collect();
            let line = one_line(&message.join("\n"));
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            eprintln!("error: {line} (see --help)");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn one_line_shortens_long_quoted_values_and_keeps_the_prose() {
        let long = "x".repeat(200);
        let message = format!("cannot read '{long}': the start's remoteness\nis\u{1b}[2J gone");
        let line = one_line(&message);
        assert!(line.starts_with("cannot read 'xxx"), "{line}");
        assert!(line.contains("(200 characters)': the start's remoteness is\\u{1b}[2J gone"), "{line}");
        // An apostrophe of the prose opens no quote: a long message after it stays whole.
        let prose = format!("the start's remoteness {}", "y".repeat(100));
        assert_eq!(one_line(&prose), prose);
    }
}
