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
    run: Runner,
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

/// Every check at the given level, in the order `zecklab verify` runs them.
pub fn checks(level: Level) -> Vec<Check> {
    let mut all = Vec::new();
    all.extend(numeration::checks(level));
    all.extend(fibnim::checks(level));
    all.extend(wythoff::checks(level));
    all.extend(proofs::checks(level));
    all.extend(zgame::checks(level));
    all.extend(relatives::checks(level));
    all.extend(family::checks(level));
    all.extend(lab::checks(level));
    all.extend(ordered::checks(level));
    all.extend(black_hole::checks(level));
    all.extend(random::checks(level));
    all.extend(parity::checks(level));
    all
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
    fn a_failing_check_reports_failure() {
        let check = Check::new("demo", "false", "none", "none", "none", || Err("counterexample 7".into()));
        let report = check.run();
        assert!(!report.passed);
        assert_eq!(report.detail, "counterexample 7");
    }
}
