//! Learned Player 2 rules as answers (`zgame rule-learn`): one rule learned for a range, or the
//! complexity curve (one learned rule for each end of the range, examples carried from one to the
//! next). Each reported rule is re-read from its text and tested by the lab's exact rule test, the
//! same as a rule a person writes.

use serde::Serialize;
use zecklab_games::zgame::{solve, Solution};
use zecklab_lab::{
    test_rule, wins_through, Exploration, LearnProgress, LearnedRule, Learner, Method, StrategyRule,
};

use crate::solve::SOLVE_MEMORY;
use crate::AnswerError;

/// The largest end of the range a rule is learned on (its rule is then tested to twice that).
pub const RULE_LEARN_LIMIT: u32 = 60;
/// The default bound on a learned tree's nodes.
pub const RULE_LEARN_MAX_NODES: usize = 20_000;

/// `zgame rule-learn --json`: one learned rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleLearnJson {
    /// The range's end: the rule was learned to win every n from 3 to `to`.
    pub to: u32,
    /// The rule, in the language `zgame rule-test --rule` reads.
    pub rule: String,
    /// Nodes of the tree (tests and leaves).
    pub nodes: usize,
    /// Tests on the tree's longest path.
    pub depth: usize,
    /// The largest m such that the rule wins every n from 3 to m, tested up to 2 `to` (2: it loses
    /// n = 3).
    pub wins_to: u32,
    /// The first n above `to` where the rule loses (null: none up to 2 `to`).
    pub first_loss: Option<u32>,
    /// Whether the rule wins every n from 3 to `to`.
    pub converged: bool,
    /// Rounds of testing, over every method tried.
    pub rounds: u32,
    /// Player 2 decisions in the examples.
    pub examples: usize,
    /// Player 2 positions the rule reaches over n = 3 to `to` (against every Player 1 line).
    pub decisions: u64,
    /// Nodes per decision reached: near 1, a table; far below, a rule.
    pub nodes_per_decision: f64,
    /// The features the tree tests, in the language's words.
    pub features: Vec<String>,
    /// The move order read (`first` or `last`) and the labelling (`up-to-first-good`, `every`).
    pub order: &'static str,
    pub labelling: &'static str,
    pub seconds: f64,
}

/// Checks the range's end.
///
/// # Errors
/// [`AnswerError`] below 3 or past [`RULE_LEARN_LIMIT`].
pub fn check_rule_learn(to: u32) -> Result<(), AnswerError> {
    if to < 3 {
        return Err(AnswerError::Invalid(format!(
            "invalid --to {to}: a rule is learned on n = 3 to --to, so give 3 or more"
        )));
    }
    if to > RULE_LEARN_LIMIT {
        return Err(AnswerError::TooLarge(format!(
            "invalid --to {to}: zgame rule-learn takes 3 <= --to <= {RULE_LEARN_LIMIT}"
        )));
    }
    Ok(())
}

fn tables(last: u32) -> Result<Vec<Solution>, AnswerError> {
    (1..=last)
        .map(|n| solve(n, false, SOLVE_MEMORY, |_, _| {}))
        .collect::<Result<_, _>>()
        .map_err(|e| AnswerError::TooLarge(e.to_string()))
}

/// The report of `learned` on the range to `to`, the rule re-read from its text and tested.
fn report(
    learned: &LearnedRule,
    to: u32,
    tables: &[Solution],
    seconds: f64,
) -> Result<RuleLearnJson, AnswerError> {
    let text = learned.rule.to_string();
    let rule = StrategyRule::parse(&text)
        .map_err(|e| AnswerError::Invalid(format!("a learned rule does not read back: {e}")))?;
    let wins_to = wins_through(&rule, &tables[..(2 * to) as usize]).unwrap_or(2);
    let decisions: u64 =
        tables[2..to as usize].iter().map(|t| test_rule(&rule, t, Exploration::Full).decisions).sum();
    Ok(RuleLearnJson {
        to,
        rule: text,
        nodes: learned.nodes,
        depth: learned.depth,
        wins_to,
        first_loss: (wins_to < 2 * to).then_some(wins_to + 1),
        converged: learned.converged && wins_to >= to,
        rounds: learned.rounds,
        examples: learned.examples,
        decisions,
        nodes_per_decision: learned.nodes as f64 / decisions.max(1) as f64,
        features: learned.features.clone(),
        order: learned.method.order_name(),
        labelling: learned.method.labelling_name(),
        seconds,
    })
}

/// `zgame rule-learn`: a rule learned to win every n from 3 to `to`, the smallest of every method.
///
/// # Errors
/// [`AnswerError`] for a range outside the limits.
pub fn rule_learn(
    to: u32,
    max_nodes: usize,
    progress: impl FnMut(LearnProgress),
) -> Result<RuleLearnJson, AnswerError> {
    check_rule_learn(to)?;
    let start = std::time::Instant::now();
    let tables = tables(2 * to)?;
    let mut learner = Learner::new(2 * to);
    let learned = learner
        .learn(&tables[..to as usize], &Method::ALL, max_nodes, progress)
        .map_err(AnswerError::invalid)?;
    report(&learned, to, &tables, start.elapsed().as_secs_f64())
}

/// `zgame rule-learn --curve`: for each end `m` from 3 to `to`, the rule learned on n = 3 to `m`,
/// the examples carried from each `m` to the next; `line` receives each report as it is made.
///
/// # Errors
/// [`AnswerError`] for a range outside the limits, or what `line` returns.
pub fn rule_curve(
    to: u32,
    max_nodes: usize,
    mut line: impl FnMut(RuleLearnJson) -> Result<(), AnswerError>,
    mut progress: impl FnMut(u32, LearnProgress),
) -> Result<(), AnswerError> {
    check_rule_learn(to)?;
    let tables = tables(2 * to)?;
    let mut learner = Learner::new(2 * to);
    for m in 3..=to {
        let start = std::time::Instant::now();
        let learned = learner
            .learn(&tables[..m as usize], &Method::ALL, max_nodes, |p| progress(m, p))
            .map_err(AnswerError::invalid)?;
        line(report(&learned, m, &tables, start.elapsed().as_secs_f64())?)?;
    }
    Ok(())
}
