//! The prover: Walnut's commands `def NAME "FORMULA";` and `eval NAME "FORMULA";`, one after
//! another ([`Prover::run_script`]) or one formula at a time ([`Prover::eval`]).
//!
//! A formula with no free variable is decided: TRUE or FALSE. A false statement whose outer
//! quantifiers are universal comes with a counterexample, and a true one whose outer quantifiers
//! are existential with a witness: the least values found (the shortest representations, the
//! least among them). A formula with free variables gives their automaton, its tracks the free
//! variables in alphabetical order (Walnut's order for a `def`'s arguments); a `def` keeps it as a
//! predicate for later formulas (`$NAME(...)`). Automata files are found through a
//! [`Library`], so that this crate reads no files itself.

pub mod compile;
pub mod parse;

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use self::compile::{Compiler, Named, Predicate};
use self::parse::Formula;
use crate::base_system::Base;
use crate::dfa::Dfa;
use crate::AutomataError;

/// Where `$NAME` finds an automaton not defined in the session: the text of `NAME.txt`, if any.
pub trait Library {
    /// The text of the automaton file `name`, or `None` when there is none.
    fn automaton(&self, name: &str) -> Option<(String, String)>;
}

/// No library.
impl Library for () {
    fn automaton(&self, _: &str) -> Option<(String, String)> {
        None
    }
}

/// The default bound on a subset construction's states: about 1 GiB of tables with four free
/// tracks, well inside the memory a solve may take.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// One command's result.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `"def"` or `"eval"`.
    pub command: &'static str,
    /// The name given.
    pub name: String,
    /// The formula as written (its prefix included).
    pub formula: String,
    /// TRUE or FALSE for a statement; `None` with free variables.
    pub truth: Option<bool>,
    /// The free variables, in track order.
    pub free: Vec<String>,
    /// The automaton's states, the dead one left out (as Walnut's files list them).
    pub states: usize,
    /// The most states of any automaton made along the way (products and subset constructions
    /// before minimisation included).
    pub peak_states: usize,
    /// For a false statement whose outer quantifiers are universal: values that refute it.
    pub counterexample: Option<BTreeMap<String, u128>>,
    /// For a true statement whose outer quantifiers are existential: values that witness it.
    pub witness: Option<BTreeMap<String, u128>>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The automaton (of the free variables; of no track for a statement).
    pub automaton: Dfa,
}

/// A session of commands: the predicates defined so far.
pub struct Prover<'l> {
    predicates: HashMap<String, Predicate>,
    library: &'l dyn Library,
    /// The most states a subset construction may make.
    pub max_states: usize,
}

impl Default for Prover<'static> {
    fn default() -> Self {
        Prover::new()
    }
}

impl Prover<'static> {
    /// A session without a library.
    pub fn new() -> Prover<'static> {
        Prover::with_library(&())
    }
}

impl<'l> Prover<'l> {
    /// A session that finds `$NAME` automata in `library`; the built-in predicates
    /// ([`crate::base::built_in`]) are known from the start (a `def` of the same name hides one).
    pub fn with_library(library: &'l dyn Library) -> Prover<'l> {
        Prover { predicates: HashMap::new(), library, max_states: DEFAULT_MAX_STATES }
    }

    /// Defines `name` as an automaton (its tracks the predicate's arguments, in order).
    pub fn define(&mut self, name: &str, dfa: Dfa) {
        self.predicates.insert(name.to_string(), Predicate { dfa });
    }

    /// Decides (or builds the automaton of) one formula, Walnut's prefix allowed, as the command
    /// `eval statement "FORMULA";`.
    ///
    /// # Errors
    /// [`AutomataError::Syntax`] (columns from 1 on line 1), [`AutomataError::Meaning`],
    /// [`AutomataError::TooManyStates`].
    pub fn eval(&mut self, formula: &str) -> Result<Outcome, AutomataError> {
        self.command("eval", "statement", formula, formula, 0)
    }

    /// Runs a script of `def` and `eval` commands, stopping at the first error.
    ///
    /// # Errors
    /// As [`Prover::eval`], lines and columns counted in the script.
    pub fn run_script(
        &mut self,
        script: &str,
        mut each: impl FnMut(&Outcome),
    ) -> Result<Vec<Outcome>, AutomataError> {
        let mut outcomes = Vec::new();
        for command in split_script(script)? {
            let outcome =
                self.command(command.kind, &command.name, &command.formula, script, command.formula_at)?;
            each(&outcome);
            outcomes.push(outcome);
        }
        Ok(outcomes)
    }

    fn command(
        &mut self,
        kind: &'static str,
        name: &str,
        formula: &str,
        whole: &str,
        at: usize,
    ) -> Result<Outcome, AutomataError> {
        let started = Instant::now();
        let syntax = |offset: usize, message: String| {
            let (line, column) = line_column(whole, offset);
            AutomataError::Syntax { line, column, message }
        };
        let (prefix, rest_at) = parse::split_prefix(formula);
        let base = match prefix {
            None => Base::Fib,
            Some(name) => Base::from_name(name).ok_or_else(|| {
                syntax(
                    at + formula.find('?').unwrap_or(0),
                    format!("unknown numeration system '{name}': give ?msd_fib or ?msd_2"),
                )
            })?,
        };
        let tree =
            parse::parse(&formula[rest_at..], at + rest_at).map_err(|(offset, m)| syntax(offset, m))?;
        self.load_calls(&tree)?;
        let mut compiler = Compiler::new(base, &self.predicates, self.max_states);
        // The outer block of one kind of quantifier, for a counterexample or a witness.
        let (outer, body) = outer_block(&tree);
        let (named, counterexample, witness) = match outer {
            Some((universal, vars)) if !vars.is_empty() => {
                let body = compiler.compile(body)?;
                let cases = if universal {
                    Named { dfa: body.dfa.complement(), vars: body.vars.clone() }
                } else {
                    body.clone()
                };
                let example = cases.dfa.shortest_accepted().map(|values| {
                    let mut found: BTreeMap<String, u128> = vars.iter().map(|v| (v.to_string(), 0)).collect();
                    for (v, value) in cases.vars.iter().zip(values) {
                        found.insert(v.clone(), value);
                    }
                    found
                });
                let mut whole_formula = cases;
                for var in vars.iter().rev() {
                    whole_formula = compiler.exists(whole_formula, var)?;
                }
                if universal {
                    let named = Named { dfa: whole_formula.dfa.complement(), vars: whole_formula.vars };
                    let closed = named.vars.is_empty();
                    (named, if closed { example } else { None }, None)
                } else {
                    let closed = whole_formula.vars.is_empty();
                    (whole_formula, None, if closed { example } else { None })
                }
            }
            _ => (compiler.compile(&tree)?, None, None),
        };
        let named = compiler.over(named, &parse::free_variables(&tree))?;
        let truth = named.vars.is_empty().then(|| named.dfa.is_accepting(named.dfa.start()));
        let peak_states = compiler.peak_states.max(named.dfa.states());
        if kind == "def" {
            self.define(name, named.dfa.clone());
        }
        Ok(Outcome {
            command: kind,
            name: name.to_string(),
            formula: formula.trim().to_string(),
            truth,
            free: named.vars.clone(),
            states: named.dfa.live_states(),
            peak_states,
            counterexample: counterexample.filter(|_| truth == Some(false)),
            witness: witness.filter(|_| truth == Some(true)),
            seconds: started.elapsed().as_secs_f64(),
            automaton: named.dfa,
        })
    }

    /// Loads from the library every predicate the formula calls that is not defined yet.
    fn load_calls(&mut self, formula: &Formula) -> Result<(), AutomataError> {
        let mut names = Vec::new();
        calls(formula, &mut names);
        for name in names {
            if self.predicates.contains_key(&name) || crate::base::BUILT_IN.contains(&name.as_str()) {
                continue;
            }
            if let Some((path, text)) = self.library.automaton(&name) {
                let dfa = crate::walnut_file::read(&text, &path)?;
                self.define(&name, dfa);
            }
        }
        Ok(())
    }
}

/// The names a formula calls.
fn calls(formula: &Formula, names: &mut Vec<String>) {
    match formula {
        Formula::Call(name, _, _) => names.push(name.clone()),
        Formula::Not(a) | Formula::Exists(_, a) | Formula::Forall(_, a) => calls(a, names),
        Formula::And(a, b) | Formula::Or(a, b) | Formula::Implies(a, b) | Formula::Iff(a, b) => {
            calls(a, names);
            calls(b, names);
        }
        Formula::Compare(..) => {}
    }
}

/// The formula's outer block of quantifiers of one kind (`A x A y ...` or `E x E y ...`) and
/// what they quantify.
fn outer_block(formula: &Formula) -> (Option<(bool, Vec<&str>)>, &Formula) {
    let universal = match formula {
        Formula::Forall(..) => true,
        Formula::Exists(..) => false,
        _ => return (None, formula),
    };
    let mut vars = Vec::new();
    let mut at = formula;
    loop {
        match (at, universal) {
            (Formula::Forall(v, body), true) | (Formula::Exists(v, body), false) => {
                vars.push(v.as_str());
                at = body;
            }
            _ => return (Some((universal, vars)), at),
        }
    }
}

/// One command of a script.
struct Command {
    kind: &'static str,
    name: String,
    formula: String,
    /// Where the formula's text starts in the script.
    formula_at: usize,
}

/// Splits a script into its commands: `def NAME "FORMULA";` or `eval NAME "FORMULA";`, with
/// `#` and `//` comments to the end of a line.
fn split_script(script: &str) -> Result<Vec<Command>, AutomataError> {
    let bad = |offset: usize, message: &str| {
        let (line, column) = line_column(script, offset);
        AutomataError::Syntax { line, column, message: message.to_string() }
    };
    let bytes = script.as_bytes();
    let mut commands = Vec::new();
    let mut i = 0;
    let skip_space = |mut i: usize| -> usize {
        loop {
            while i < bytes.len() && (bytes[i] as char).is_whitespace() {
                i += 1;
            }
            if script[i..].starts_with('#') || script[i..].starts_with("//") {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            return i;
        }
    };
    loop {
        i = skip_space(i);
        if i >= bytes.len() {
            return Ok(commands);
        }
        let word_end = script[i..].find(|c: char| !c.is_ascii_alphanumeric()).map_or(bytes.len(), |e| i + e);
        let kind = match &script[i..word_end] {
            "def" => "def",
            "eval" => "eval",
            other => return Err(bad(i, &format!("expected a command, def or eval, not '{other}'"))),
        };
        i = skip_space(word_end);
        let name_end = script[i..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(bytes.len(), |e| i + e);
        if name_end == i {
            return Err(bad(i, "expected the command's name"));
        }
        let name = script[i..name_end].to_string();
        i = skip_space(name_end);
        if bytes.get(i) != Some(&b'"') {
            return Err(bad(i, "expected the formula in double quotes"));
        }
        let formula_at = i + 1;
        let close =
            script[formula_at..].find('"').ok_or_else(|| bad(i, "the formula's quote is not closed"))?;
        let formula = script[formula_at..formula_at + close].to_string();
        i = skip_space(formula_at + close + 1);
        if bytes.get(i) != Some(&b';') {
            return Err(bad(i, "expected ';' after the formula"));
        }
        i += 1;
        commands.push(Command { kind, name, formula, formula_at });
    }
}

/// The line and column (both from 1, columns in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests;
