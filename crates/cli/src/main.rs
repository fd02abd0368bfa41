//! The `zecklab` program: thin glue that parses arguments, calls the library crates and prints
//! human or JSON output. All mathematics lives in `zecklab-numeration`, `zecklab-games` and
//! `zecklab-verify`.

mod commands;
mod input;
mod output;
mod progress;
mod prompt;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::InputError;
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
    /// The Zeckendorf game: strong solver and position values.
    Zgame(commands::zgame::ZgameArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_clap_error(e),
    };
    let result = match cli.command {
        Command::Repr(args) => commands::repr::run(args),
        Command::Verify(args) => commands::verify::run(args),
        Command::Nim(args) => commands::nim::run(args),
        Command::Wythoff(args) => commands::wythoff::run(args),
        Command::Zgame(args) => commands::zgame::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let code = if e.downcast_ref::<InputError>().is_some() { 2 } else { 1 };
            eprintln!("error: {e:#}");
            ExitCode::from(code)
        }
    }
}

/// Help and version go to stdout in full; usage errors are cut to their one-line summary
/// (`error: invalid value '0' for '--k <K>': ...`) and exit with status 2.
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
            let text = e.to_string();
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("error: invalid arguments");
            eprintln!("{first}");
            ExitCode::from(2)
        }
    }
}
