//! `zecklab prove`'s answer: one JSON object a command of a Walnut script (`def` or `eval`).

use std::collections::BTreeMap;

use serde::Serialize;
use zecklab_automata::logic::Outcome;

/// One command's result, as `zecklab prove --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProveJson {
    /// `"def"` or `"eval"`.
    pub command: &'static str,
    /// The command's name.
    pub name: String,
    /// The formula as written.
    pub formula: String,
    /// `"TRUE"` or `"FALSE"` for a statement; null when the formula has free variables.
    pub result: Option<&'static str>,
    /// The free variables, in the automaton's track order (alphabetical).
    pub free: Vec<String>,
    /// The result automaton's states, the dead one left out (as Walnut's files list them).
    pub states: usize,
    /// The most states of any automaton made along the way.
    pub peak_states: usize,
    /// For a false statement whose outer quantifiers are universal: the least values found
    /// that refute it.
    pub counterexample: Option<BTreeMap<String, u128>>,
    /// For a true statement whose outer quantifiers are existential: the least values found
    /// that witness it.
    pub witness: Option<BTreeMap<String, u128>>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Where `--export` wrote the automaton, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub automaton: Option<String>,
}

impl ProveJson {
    /// The answer of one command's outcome.
    pub fn of(outcome: &Outcome) -> ProveJson {
        ProveJson {
            command: outcome.command,
            name: outcome.name.clone(),
            formula: outcome.formula.clone(),
            result: outcome.truth.map(|t| if t { "TRUE" } else { "FALSE" }),
            free: outcome.free.clone(),
            states: outcome.states,
            peak_states: outcome.peak_states,
            counterexample: outcome.counterexample.clone(),
            witness: outcome.witness.clone(),
            seconds: outcome.seconds,
            automaton: None,
        }
    }
}
