//! `zecklab prove`: statements about Zeckendorf (and binary) numeration decided for every n, in
//! Walnut's language: one formula, or a script of `def` and `eval` commands. The prover is the
//! automata crate's; this module reads the files (the script, the library's automata), writes
//! the exported automata and prints.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use zecklab_answers::prove::ProveJson;
use zecklab_automata::logic::{Library, Outcome, Prover, DEFAULT_MAX_STATES};
use zecklab_automata::AutomataError;

use crate::input::InputError;
use crate::output::{self, Out};

/// The arguments of `zecklab prove`.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "The language is Walnut's: `def NAME \"FORMULA\";` keeps a formula's automaton as the predicate $NAME (its arguments its free variables in alphabetical order), `eval NAME \"FORMULA\";` decides a statement. Formulas: the prefix ?msd_fib (the default) or ?msd_2; A and E with comma-separated variables (a quantifier reaches as far right as it can); ~, &, |, =>, <=>; =, !=, <, <=, >, >=; +, - (defined only where the result is not negative), constants and constant multiples (3*x); F[t], the Fibonacci word's letter at t (the last digit of t's Zeckendorf representation); $NAME(terms). Built in: $shift(x,y) (y's digits are x's and a 0), $evenzeros(x), $leastpart(x,z), $isfib(x).

A false statement whose outer quantifiers are universal prints its least counterexample; a true existential one its least witness. With --json, one object a command: {\"command\",\"name\",\"formula\",\"result\": \"TRUE\"|\"FALSE\"|null,\"free\",\"states\",\"peak_states\",\"counterexample\",\"witness\",\"seconds\"} (\"automaton\": the file written, with --export). A syntax error names its line and column and exits 2.

Examples:
  zecklab prove 'A n E m (n = 2*m | n = 2*m + 1)'
  zecklab prove '~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]'
  zecklab prove --script statements.txt --export automata/ --json"
)]
pub struct ProveArgs {
    #[command(subcommand)]
    pub command: Option<ProveCommand>,
    /// One formula to decide (or whose automaton to build, with free variables).
    #[arg(conflicts_with = "script")]
    pub formula: Option<String>,
    /// A script of `def` and `eval` commands, run in order.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Read $NAME's automaton from DIR/NAME.txt (Walnut's format) when NAME is not defined.
    #[arg(long, value_name = "DIR")]
    pub library: Option<PathBuf>,
    /// Write every command's automaton to DIR/NAME.txt (Walnut's format).
    #[arg(long, value_name = "DIR")]
    pub export: Option<PathBuf>,
    /// Stop a subset construction past this many states (the statement is then too large here).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// Print one JSON object a command.
    #[arg(long)]
    pub json: bool,
}

/// `zecklab prove`'s subcommands.
#[derive(Subcommand, Debug)]
pub enum ProveCommand {
    /// Learn the smallest automaton of a game's P-positions from its solver, then prove it.
    Learn(super::prove_learn::LearnArgs),
}

/// Automata files in a directory: `DIR/NAME.txt`.
struct Directory(PathBuf);

impl Library for Directory {
    fn automaton(&self, name: &str) -> Option<(String, String)> {
        let path = self.0.join(format!("{name}.txt"));
        std::fs::read_to_string(&path).ok().map(|text| (path.display().to_string(), text))
    }
}

/// `zecklab prove`.
pub fn run(args: ProveArgs) -> anyhow::Result<()> {
    if let Some(ProveCommand::Learn(learn)) = args.command {
        return super::prove_learn::run(learn);
    }
    let library = args.library.clone().map(Directory);
    let mut prover = match &library {
        Some(dir) => Prover::with_library(dir),
        None => Prover::new(),
    };
    prover.max_states = args.max_states;
    if let Some(dir) = &args.export {
        std::fs::create_dir_all(dir)
            .map_err(|e| InputError(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut out = Out::new();
    match (&args.formula, &args.script) {
        (Some(formula), None) => {
            let outcome = prover.eval(formula).map_err(|e| input_error(e, None))?;
            report(&mut out, &outcome, args.export.as_deref(), args.json)
        }
        (None, Some(path)) => {
            let script = std::fs::read_to_string(path)
                .map_err(|e| InputError(format!("cannot read {}: {e}", path.display())))?;
            let mut failed: Option<anyhow::Error> = None;
            let outcomes = prover.run_script(&script, |outcome| {
                if failed.is_none() {
                    if let Err(e) = report(&mut out, outcome, args.export.as_deref(), args.json) {
                        failed = Some(e);
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            outcomes.map_err(|e| input_error(e, Some(&path.display().to_string())))?;
            Ok(())
        }
        _ => Err(InputError("give a formula, or --script FILE".into()).into()),
    }
}

/// A prover's error as the one line the user sees.
fn input_error(e: AutomataError, file: Option<&str>) -> anyhow::Error {
    match (e, file) {
        (AutomataError::Syntax { column, message, .. }, None) => {
            InputError(format!("column {column}: {message}")).into()
        }
        (AutomataError::Syntax { line, column, message }, Some(file)) => {
            InputError(format!("{file}:{line}:{column}: {message}")).into()
        }
        (e, _) => InputError(e.to_string()).into(),
    }
}

/// Prints (and exports) one command's outcome.
fn report(out: &mut Out, outcome: &Outcome, export: Option<&Path>, json: bool) -> anyhow::Result<()> {
    let mut answer = ProveJson::of(outcome);
    if let Some(dir) = export {
        let path = dir.join(format!("{}.txt", outcome.name));
        let text = zecklab_automata::walnut_file::write(&outcome.automaton);
        output::write_file(&path, |w| Ok(w.write_all(text.as_bytes())?))?;
        answer.automaton = Some(path.display().to_string());
    }
    if json {
        return out.json(&answer);
    }
    let values = |map: &std::collections::BTreeMap<String, u128>| {
        map.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ")
    };
    let size = format!(
        "{}, at most {} along the way, {:.2} s",
        output::counted(answer.states as u64, "state", "states"),
        zecklab_numeration::grouped(answer.peak_states as u64),
        answer.seconds
    );
    let line = match answer.result {
        Some(result) => {
            let example = match (&answer.counterexample, &answer.witness) {
                (Some(c), _) => format!("; counterexample {}", values(c)),
                (_, Some(w)) => format!("; witness {}", values(w)),
                _ => String::new(),
            };
            format!("{} {}: {result}{example} ({size})", answer.command, answer.name)
        }
        None => format!(
            "{} {}: an automaton over ({}) ({size})",
            answer.command,
            answer.name,
            answer.free.join(", ")
        ),
    };
    out.line(line)?;
    if let Some(path) = &answer.automaton {
        out.line(format!("  written to {path}"))?;
    }
    Ok(())
}
