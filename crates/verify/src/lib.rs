//! The theorem checker behind `zecklab verify`. Each [`Check`] states a theorem, names the
//! paper or essay it comes from, the range it covers and the method, and runs a fast method
//! against an independent one (greedy against exhaustive enumeration, closed form against
//! search). Checks print nothing; the CLI prints their [`Report`]s. The one check that touches
//! the disk is the store round trip, which writes to a temporary directory it removes.
//!
//! New checks join [`checks`], one module per subject.

mod black_hole;
pub mod data;
mod family;
mod fibnim;
mod lab;
pub mod learn;
mod numeration;
mod ordered;
mod parity;
pub mod proofs;
mod random;
mod relatives;
mod wythoff;
mod zgame;

use std::time::Instant;

use serde::Serialize;
use zecklab_numeration::grouped;

/// How much to check: `Quick` for the README's first command and CI, `Full` for a longer run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Ranges that finish in seconds.
    Quick,
    /// Larger ranges; minutes at most.
    Full,
}

impl Level {
    /// Picks the quick or the full value of a range bound.
    pub fn pick<T>(self, quick: T, full: T) -> T {
        match self {
            Level::Quick => quick,
            Level::Full => full,
        }
    }
}

type Runner = Box<dyn Fn() -> Result<String, String> + Send + Sync>;

/// One theorem check: what it states, where the statement comes from, the range and the method.
pub struct Check {
    /// A short stable identifier, such as `zeckendorf-unique`.
    pub id: &'static str,
    /// The statement checked, in words.
    pub statement: String,
    /// The seed document the statement comes from.
    pub source: &'static str,
    /// The range checked, in words.
    pub range: String,
    /// How the check is made.
    pub method: String,
    /// The game or subject it is about, as the catalogue groups the checks.
    pub subject: &'static str,
    /// Whether the statement is proved for every n (by the decision procedure) or checked over
    /// its range.
    pub status: Status,
    run: Runner,
}

/// Whether a statement is proved for every n or checked over a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Decided for every n (every position) by `zecklab prove`'s decision procedure.
    Proved,
    /// Checked over the range stated, against an independent method.
    Checked,
}

impl Check {
    /// A check whose runner returns `Ok(summary)` when the statement held over the range, or
    /// `Err(counterexample)` when it did not.
    pub fn new(
        id: &'static str,
        statement: impl Into<String>,
        source: &'static str,
        range: impl Into<String>,
        method: impl Into<String>,
        run: impl Fn() -> Result<String, String> + Send + Sync + 'static,
    ) -> Check {
        Check {
            id,
            statement: statement.into(),
            source,
            range: range.into(),
            method: method.into(),
            subject: "",
            status: Status::Checked,
            run: Box::new(run),
        }
    }

    /// Runs the check and times it.
    pub fn run(&self) -> Report {
        let start = Instant::now();
        let result = (self.run)();
        let seconds = start.elapsed().as_secs_f64();
        let (passed, detail) = match result {
            Ok(summary) => (true, summary),
            Err(counterexample) => (false, counterexample),
        };
        Report {
            id: self.id,
            statement: self.statement.clone(),
            source: self.source,
            range: self.range.clone(),
            method: self.method.clone(),
            passed,
            detail,
            seconds,
        }
    }
}

/// The result of one check, ready to print or serialise.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The check's identifier.
    pub id: &'static str,
    /// The statement checked.
    pub statement: String,
    /// The seed it comes from.
    pub source: &'static str,
    /// The range checked.
    pub range: String,
    /// The method.
    pub method: String,
    /// Whether the statement held over the whole range.
    pub passed: bool,
    /// What was found: a summary when it passed, the first counterexample when it failed.
    pub detail: String,
    /// Wall-clock time of the check.
    pub seconds: f64,
}

/// The subjects the checks are grouped by, in the catalogue's order.
pub const SUBJECTS: &[&str] =
    &[NUMERATION, FIBONACCI_NIM, WYTHOFF, ZGAME, FAMILY, STRATEGIES, ORDERED, BLACK_HOLES, RANDOM_PLAY];
const NUMERATION: &str = "Zeckendorf numeration";
const FIBONACCI_NIM: &str = "Fibonacci Nim";
const WYTHOFF: &str = "Wythoff's game";
const ZGAME: &str = "The Zeckendorf game";
const FAMILY: &str = "The Zeckendorf game's family";
const STRATEGIES: &str = "Player 2's strategies";
const ORDERED: &str = "The ordered game";
const BLACK_HOLES: &str = "The black-hole games";
const RANDOM_PLAY: &str = "Random play";

/// Every check at the given level, in the order `zecklab verify` runs them.
pub fn checks(level: Level) -> Vec<Check> {
    let mut all = Vec::new();
    let mut add = |subject: &'static str, list: Vec<Check>| {
        all.extend(list.into_iter().map(|mut c| {
            c.subject = subject;
            c
        }));
    };
    add(NUMERATION, numeration::checks(level));
    add(FIBONACCI_NIM, fibnim::checks(level));
    add(WYTHOFF, wythoff::checks(level));
    for mut proof in proofs::checks(level) {
        proof.status = Status::Proved;
        let subject = match proof.id {
            id if id.starts_with("wythoff") => WYTHOFF,
            id if id.starts_with("black-hole") => BLACK_HOLES,
            _ => FIBONACCI_NIM,
        };
        add(subject, vec![proof]);
    }
    add(ZGAME, zgame::checks(level));
    add(FAMILY, relatives::checks(level));
    add(FAMILY, family::checks(level));
    add(STRATEGIES, lab::checks(level));
    add(ORDERED, ordered::checks(level));
    add(BLACK_HOLES, black_hole::checks(level));
    add(RANDOM_PLAY, random::checks(level));
    add(RANDOM_PLAY, parity::checks(level));
    all
}

/// One theorem of the catalogue: `zecklab verify --list --json` and the explorer's `/theorems`.
#[derive(Clone, Debug, Serialize)]
pub struct TheoremJson {
    /// The check's id (`zecklab verify --only ID` runs it).
    pub id: &'static str,
    /// The game or subject.
    pub subject: &'static str,
    /// The statement, in words.
    pub statement: String,
    /// Where the statement comes from: a source document, a paper, or zecklab itself.
    pub source: &'static str,
    /// `proved` (for every n) or `checked` (over `range`).
    pub status: Status,
    /// The range `zecklab verify` checks (for a proved statement: the box its proof is also
    /// compared on).
    pub range: String,
    /// The range `zecklab verify --quick` checks.
    pub quick_range: String,
    /// How it is checked or proved.
    pub method: String,
    /// The command that checks it again.
    pub command: String,
    /// For a statement proved for every n: its proof, a script in Walnut's language that
    /// `zecklab prove --script FILE` runs; null for a checked one.
    pub proof: Option<String>,
}

/// The catalogue of every statement `zecklab verify` checks.
#[derive(Clone, Debug, Serialize)]
pub struct TheoremsJson {
    /// The statements, grouped by subject in [`SUBJECTS`]' order.
    pub theorems: Vec<TheoremJson>,
    /// How many are proved for every n.
    pub proved: usize,
    /// How many are checked over a range.
    pub checked: usize,
}

/// Every statement `zecklab verify` checks, with both levels' ranges, without running any.
pub fn catalogue() -> TheoremsJson {
    let quick = checks(Level::Quick);
    let mut theorems: Vec<TheoremJson> = checks(Level::Full)
        .into_iter()
        .map(|c| TheoremJson {
            id: c.id,
            subject: c.subject,
            quick_range: quick.iter().find(|q| q.id == c.id).map_or_else(String::new, |q| q.range.clone()),
            command: format!("zecklab verify --only {}", c.id),
            proof: proofs::script(c.id),
            statement: c.statement,
            source: c.source,
            status: c.status,
            range: c.range,
            method: c.method,
        })
        .collect();
    // Stable: within a subject, the order `zecklab verify` runs them in.
    theorems.sort_by_key(|t| SUBJECTS.iter().position(|s| *s == t.subject));
    let proved = theorems.iter().filter(|t| t.status == Status::Proved).count();
    TheoremsJson { checked: theorems.len() - proved, proved, theorems }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_quick_check_passes() {
        use rayon::prelude::*;
        // On every core at once (the checks are independent, and this test is the longest of
        // the workspace's): every failure is reported, not only the first.
        let failures: Vec<String> = checks(Level::Quick)
            .par_iter()
            .map(Check::run)
            .filter(|report| !report.passed)
            .map(|report| format!("{}: {}", report.id, report.detail))
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_catalogue_lists_every_check_once_under_a_known_subject() {
        let catalogue = catalogue();
        let mut ids: Vec<&str> = catalogue.theorems.iter().map(|t| t.id).collect();
        let mut run: Vec<&str> = checks(Level::Full).iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), run.len());
        ids.sort_unstable();
        run.sort_unstable();
        assert_eq!(ids, run);
        for t in &catalogue.theorems {
            assert!(SUBJECTS.contains(&t.subject), "{}: subject {:?}", t.id, t.subject);
            assert!(!t.quick_range.is_empty(), "{} runs at both levels", t.id);
            // Exactly the decision procedure's checks are proved for every n.
            assert_eq!(t.status == Status::Proved, t.id.ends_with("-proved"), "{}", t.id);
            assert_eq!(t.status == Status::Proved, t.proof.is_some(), "{}: its proof", t.id);
        }
        assert_eq!(catalogue.proved, proofs::checks(Level::Full).len());
        assert_eq!(catalogue.proved + catalogue.checked, catalogue.theorems.len());
    }

    #[test]
    fn a_failing_check_reports_failure() {
        let check = Check::new("demo", "false", "none", "none", "none", || Err("counterexample 7".into()));
        let report = check.run();
        assert!(!report.passed);
        assert_eq!(report.detail, "counterexample 7");
    }
}
