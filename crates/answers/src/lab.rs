//! Player 2's strategy lab as answers: a rule tested at one n (`zgame rule-test`), a search of the
//! rule language (`zgame rule-search`) and the structure of a game's P-positions
//! (`zgame p-structure`), each with its one JSON shape.

use serde::Serialize;
use zecklab_games::zgame::{solve, Solution, SolvedTable};
use zecklab_lab::{
    enumerate_rules, p_structure, search_preferences, search_rules, test_rule, test_rule_by_rank,
    Exploration, PStructure, RuleTest, SearchResult, StrategyRule, SEARCH_GUARDS, SEARCH_PICKS,
};
use zecklab_lab::{PlayerTwoStrategy, ReplyChoice, StrategyError};

use crate::solve::SOLVE_MEMORY;
use crate::AnswerError;

/// The largest game whose P-positions are counted (each walks the whole solved game), and the
/// largest a rule is tested on breadth first.
pub const LAB_LIMIT: u32 = 300;
/// The largest game a rule is tested on: above [`LAB_LIMIT`], in rank order, two bits a position
/// beside the table's one (n = 700: 47 billion positions, 17.7 GB).
pub const RULE_TEST_LIMIT: u32 = 700;
/// The largest n a rule search solves every game up to.
pub const SEARCH_LIMIT: u32 = 200;
/// The most preferences a searched rule has.
pub const SEARCH_SIZE_LIMIT: usize = 3;

/// Refuses a game past [`LAB_LIMIT`] for `what` (the command's name).
///
/// # Errors
/// [`AnswerError::Invalid`] for n = 0, [`AnswerError::TooLarge`] past the limit.
pub fn check_lab_size(n: u32, what: &str) -> Result<(), AnswerError> {
    match n {
        0 => Err(AnswerError::Invalid(format!("invalid n = 0: {what} takes 1 <= n <= {LAB_LIMIT}"))),
        n if n > LAB_LIMIT => {
            Err(AnswerError::TooLarge(format!("invalid n = {n}: {what} takes 1 <= n <= {LAB_LIMIT}")))
        }
        _ => Ok(()),
    }
}

/// Refuses a rule test past [`RULE_TEST_LIMIT`].
///
/// # Errors
/// [`AnswerError::Invalid`] for n = 0, [`AnswerError::TooLarge`] past the limit.
pub fn check_rule_test_size(n: u32) -> Result<(), AnswerError> {
    match n {
        0 => Err(AnswerError::Invalid(format!(
            "invalid n = 0: zgame rule-test takes 1 <= n <= {RULE_TEST_LIMIT}"
        ))),
        n if n > RULE_TEST_LIMIT => Err(AnswerError::TooLarge(format!(
            "invalid n = {n}: zgame rule-test takes 1 <= n <= {RULE_TEST_LIMIT} (above, the positions' two \
             visited bits and the table's one would not fit in 20 GiB)"
        ))),
        _ => Ok(()),
    }
}

/// `zgame rule-test` at one n: the rule tested against every Player 1 line on `table`, breadth
/// first up to [`LAB_LIMIT`] (the first bad decision a shallowest one), in rank order above (the
/// first bad decision the one of smallest rank); `progress(done, total)` counts ranks passed.
pub fn rule_test(
    rule: &StrategyRule,
    table: &(impl SolvedTable + ?Sized),
    progress: impl Fn(u64, u64),
) -> RuleTestJson {
    let test = if table.index().n() <= LAB_LIMIT {
        test_rule(rule, table, Exploration::Full)
    } else {
        test_rule_by_rank(rule, table, progress)
    };
    RuleTestJson::of(rule, &test)
}

/// `zgame p-structure` of the game `table` holds.
pub fn p_structure_of(table: &(impl SolvedTable + ?Sized)) -> PStructureJson {
    PStructureJson::of(table.index().n(), &p_structure(table))
}

/// `zgame rule-search`: every rule of up to `size` preferences tested on n = 3 to `last`, the
/// agreement measured at `agreement_n` (default: `last`, at most 40), the `top` of each kind
/// kept; `progress(done, total)` counts rules tested.
///
/// # Errors
/// [`AnswerError`] for a size, range or agreement n outside the limits.
pub fn rule_search(
    size: usize,
    last: u32,
    agreement_n: Option<u32>,
    top: usize,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<RuleSearchJson, AnswerError> {
    if !(1..=SEARCH_SIZE_LIMIT).contains(&size) {
        return Err(AnswerError::Invalid(format!(
            "invalid --size {size}: give 1 to {SEARCH_SIZE_LIMIT} preferences"
        )));
    }
    if last < 3 {
        return Err(AnswerError::Invalid(format!("invalid --to {last}: the search tests n from 3")));
    }
    if last > SEARCH_LIMIT {
        return Err(AnswerError::TooLarge(format!(
            "invalid n = {last}: zgame rule-search takes 1 <= n <= {SEARCH_LIMIT}"
        )));
    }
    let agreement_n = agreement_n.unwrap_or(last.min(40));
    if !(1..=last).contains(&agreement_n) {
        return Err(AnswerError::Invalid(format!(
            "invalid --agreement-n {agreement_n}: give 1 to --to ({last})"
        )));
    }
    let start = std::time::Instant::now();
    let tables: Vec<Solution> = (1..=last)
        .map(|n| solve(n, false, SOLVE_MEMORY, |_, _| {}))
        .collect::<Result<_, _>>()
        .map_err(|e| AnswerError::TooLarge(e.to_string()))?;
    let rules = enumerate_rules(&search_preferences(), size);
    let total = rules.len() as u64;
    let results = search_rules(rules, &tables, agreement_n, |done| progress(done, total));
    Ok(RuleSearchJson::of(
        results,
        size,
        last,
        agreement_n,
        SEARCH_PICKS.iter().map(ToString::to_string).collect(),
        SEARCH_GUARDS.iter().map(ToString::to_string).collect(),
        top,
        start.elapsed().as_secs_f64(),
    ))
}

/// Reads a rule of the strategy language.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the bad token.
pub fn parse_rule(text: &str) -> Result<StrategyRule, AnswerError> {
    StrategyRule::parse(text).map_err(AnswerError::invalid)
}

/// The shallowest decision where a rule goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadDecisionJson {
    /// The position, Player 2 to move.
    pub position: String,
    /// Moves from the start.
    pub depth: u32,
    /// The rule's move there (null: none applies, or the position has no move).
    pub rule_move: Option<String>,
    /// A winning move the rule missed (null: there is none).
    pub winning_move: Option<String>,
    /// Whether the position is an end: Player 2 has no move there, so Player 1 has won whatever
    /// the rule does (at n = 2, Player 1's only move ends the game).
    pub end: bool,
}

/// `zgame rule-test --json`, one line per n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleTestJson {
    pub n: u32,
    pub rule: String,
    pub wins: bool,
    pub decisions: u64,
    pub agreement: Option<f64>,
    pub first_bad: Option<BadDecisionJson>,
    pub losing_line: Option<Vec<String>>,
}

impl RuleTestJson {
    /// The line of one test.
    pub fn of(rule: &StrategyRule, test: &RuleTest) -> RuleTestJson {
        RuleTestJson {
            n: test.n,
            rule: rule.to_string(),
            wins: test.wins,
            decisions: test.decisions,
            agreement: test.agreement,
            first_bad: test.first_bad.as_ref().map(|b| BadDecisionJson {
                position: b.position.to_string(),
                depth: b.depth,
                rule_move: b.rule_move.map(|m| m.to_string()),
                winning_move: b.winning_move.map(|m| m.to_string()),
                end: b.position.is_terminal(),
            }),
            losing_line: test.losing_line.as_ref().map(|l| l.iter().map(ToString::to_string).collect()),
        }
    }
}

/// One rule of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchedRuleJson {
    pub rule: String,
    /// The rule wins every n from 3 to this (2: it loses at 3).
    pub wins_through: u32,
    /// The first n from 3 where it loses (null: none in the range).
    pub first_loss: Option<u32>,
    /// Its agreement on the game on `agreement_n`.
    pub agreement: Option<f64>,
}

/// `zgame rule-search --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleSearchJson {
    pub size: usize,
    pub to: u32,
    /// The picks and guards the rules were built from.
    pub picks: Vec<String>,
    pub guards: Vec<String>,
    pub searched: u64,
    pub agreement_n: u32,
    /// The rules that win the longest run of consecutive n from 3 (the best first).
    pub longest: Vec<SearchedRuleJson>,
    /// The rules of highest agreement.
    pub best_agreement: Vec<SearchedRuleJson>,
    pub seconds: f64,
}

impl RuleSearchJson {
    /// The report of a search, keeping the `top` best of each kind (ties broken by the shorter
    /// rule, then the text).
    #[allow(clippy::too_many_arguments)]
    pub fn of(
        mut results: Vec<SearchResult>,
        size: usize,
        to: u32,
        agreement_n: u32,
        picks: Vec<String>,
        guards: Vec<String>,
        top: usize,
        seconds: f64,
    ) -> RuleSearchJson {
        let json = |r: &SearchResult| SearchedRuleJson {
            rule: r.rule.to_string(),
            wins_through: r.wins_through,
            first_loss: r.first_loss,
            agreement: r.agreement,
        };
        let key = |r: &SearchResult| (r.rule.preferences().len(), r.rule.to_string());
        let searched = results.len() as u64;
        results.sort_by(|a, b| b.wins_through.cmp(&a.wins_through).then_with(|| key(a).cmp(&key(b))));
        let longest = results.iter().take(top).map(json).collect();
        results.sort_by(|a, b| {
            let (x, y) = (a.agreement.unwrap_or(-1.0), b.agreement.unwrap_or(-1.0));
            y.total_cmp(&x).then_with(|| key(a).cmp(&key(b)))
        });
        let best_agreement = results.iter().take(top).map(json).collect();
        RuleSearchJson { size, to, picks, guards, searched, agreement_n, longest, best_agreement, seconds }
    }
}

/// One cell of a cut.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellJson<K: Serialize> {
    #[serde(flatten)]
    pub key: K,
    pub positions: u64,
    pub p_positions: u64,
    pub p_fraction: f64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartsKey {
    pub parts: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountKey {
    pub index: usize,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OddKey {
    pub odd: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LargestKey {
    pub largest_index: usize,
}

/// How often one pick is a winning reply.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplyJson {
    pub pick: String,
    /// Decisions where the pick has a move.
    pub applies: u64,
    /// Of those, where its move wins.
    pub wins: u64,
    pub share: Option<f64>,
}

/// `zgame p-structure --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PStructureJson {
    pub n: u32,
    pub positions: u64,
    pub p_positions: u64,
    pub by_parts: Vec<CellJson<PartsKey>>,
    pub by_count: Vec<CellJson<CountKey>>,
    pub by_parts_parity: Vec<CellJson<OddKey>>,
    pub by_c1_parity: Vec<CellJson<OddKey>>,
    pub by_largest_part: Vec<CellJson<LargestKey>>,
    /// Player 2's decisions with a winning move, reachable when Player 2 plays winning moves.
    pub decisions: u64,
    pub winning_replies: Vec<ReplyJson>,
    /// Each move by kind and index (`ones`, `combine:I`, `split:I`): where it is legal among the
    /// decisions, and where it wins.
    pub winning_moves: Vec<MoveReplyJson>,
}

/// How often one move (by kind and index) is a winning reply.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReplyJson {
    pub r#move: String,
    /// Decisions where the move is legal.
    pub legal: u64,
    /// Of those, where it wins.
    pub wins: u64,
    pub share: f64,
}

fn cell<K: Serialize>(key: K, c: &zecklab_lab::Cell) -> CellJson<K> {
    CellJson {
        key,
        positions: c.positions,
        p_positions: c.p_positions,
        p_fraction: c.p_positions as f64 / c.positions.max(1) as f64,
    }
}

impl PStructureJson {
    /// The answer for the game on `n`.
    pub fn of(n: u32, s: &PStructure) -> PStructureJson {
        let positions = s.by_parts.values().map(|c| c.positions).sum();
        let p_positions = s.by_parts.values().map(|c| c.p_positions).sum();
        PStructureJson {
            n,
            positions,
            p_positions,
            by_parts: s.by_parts.iter().rev().map(|(&parts, c)| cell(PartsKey { parts }, c)).collect(),
            by_count: s
                .by_count
                .iter()
                .map(|(&(index, count), c)| cell(CountKey { index, count }, c))
                .collect(),
            by_parts_parity: s.by_parts_parity.iter().map(|(&odd, c)| cell(OddKey { odd }, c)).collect(),
            by_c1_parity: s.by_c1_parity.iter().map(|(&odd, c)| cell(OddKey { odd }, c)).collect(),
            by_largest_part: s
                .by_largest_part
                .iter()
                .map(|(&largest_index, c)| cell(LargestKey { largest_index }, c))
                .collect(),
            decisions: s.decisions,
            winning_replies: s
                .winning_replies
                .iter()
                .map(|(pick, applies, wins)| ReplyJson {
                    pick: pick.clone(),
                    applies: *applies,
                    wins: *wins,
                    share: (*applies > 0).then(|| *wins as f64 / *applies as f64),
                })
                .collect(),
            winning_moves: s
                .winning_moves
                .iter()
                .map(|(&(kind, i), &(legal, wins))| MoveReplyJson {
                    r#move: match kind {
                        0 => "ones".to_string(),
                        1 => format!("combine:{i}"),
                        _ => format!("split:{i}"),
                    },
                    legal,
                    wins,
                    share: wins as f64 / legal.max(1) as f64,
                })
                .collect(),
        }
    }
}

/// The largest game whose Player 2 strategies are built (`zgame strategy`, `zgame certificates`).
pub const STRATEGY_LIMIT: u32 = 200;

/// `zgame certificates` for a solved game (with remoteness): the size of Player 2's strategy
/// under each choice of winning reply; `None` when Player 1 wins (no Player 2 strategy exists).
///
/// # Errors
/// [`AnswerError::Invalid`] when a strategy cannot be built from the solution (no remoteness).
pub fn certificates(solution: &Solution, minimal: bool) -> Result<Option<CertificatesJson>, AnswerError> {
    let mut sizes = [0u64; 3];
    for (k, (choice, _)) in ReplyChoice::ALL.iter().enumerate() {
        match PlayerTwoStrategy::choosing(solution, *choice, |_, _| {}) {
            Ok(strategy) => sizes[k] = strategy.moves().len() as u64,
            Err(StrategyError::PlayerOneWins(_)) => return Ok(None),
            Err(e) => return Err(AnswerError::invalid(e)),
        }
    }
    let (minimal, minimal_reason) = if !minimal {
        (None, None)
    } else {
        match PlayerTwoStrategy::choosing(solution, ReplyChoice::Minimal, |_, _| {}) {
            Ok(strategy) => (Some(Some(strategy.moves().len() as u64)), None),
            Err(e @ StrategyError::BeyondReach { .. }) => (Some(None), Some(e.to_string())),
            Err(e) => return Err(AnswerError::invalid(e)),
        }
    };
    Ok(Some(CertificatesJson {
        n: solution.index().n(),
        p_positions: solution.p_positions(),
        fastest: sizes[0],
        slowest: sizes[1],
        smallest: sizes[2],
        minimal,
        minimal_reason,
    }))
}

/// `zgame certificates --json`, one line per n: the size of Player 2's strategy (the positions
/// Player 2 must answer) under each choice of winning reply, against the game's P-positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CertificatesJson {
    pub n: u32,
    pub p_positions: u64,
    pub fastest: u64,
    pub slowest: u64,
    pub smallest: u64,
    /// With `--minimal`: the smallest of all winning strategies (null past the exact search's
    /// reach, with `minimal_reason`); absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<Option<u64>>,
    /// Why `minimal` is null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_reason: Option<String>,
}

/// Player 2's strategy for the game on `n`, built from its solve with `choice`'s replies: the
/// lines of the strategy file (`zgame strategy`). `progress(done, total)` counts positions.
///
/// # Errors
/// [`AnswerError::TooLarge`] past [`STRATEGY_LIMIT`]; the solver's or builder's refusal; cancelled.
pub fn strategy(
    n: u32,
    choice: ReplyChoice,
    cancel: &zecklab_games::Cancel,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<PlayerTwoStrategy, crate::solve::SolveFailure> {
    if n > STRATEGY_LIMIT {
        return Err(crate::solve::SolveFailure::Refused(AnswerError::TooLarge(format!(
            "n = {n} is too large for zgame strategy (at most {STRATEGY_LIMIT}): the strategy is built and checked position by position"
        ))));
    }
    let control = crate::solve::Control::new().with_cancel(cancel.clone());
    let solution =
        crate::solve::solve_kept(&crate::solve::SolveRequest::new(n), &mut control.with_progress(&progress))?;
    Ok(PlayerTwoStrategy::choosing(&solution, choice, &progress).map_err(AnswerError::invalid)?)
}

/// What playing every Player 1 line against a strategy found (`zgame check-strategy --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategyCheckJson {
    /// The game on n.
    pub n: u32,
    /// The strategy's entries (positions answered).
    pub entries: usize,
    /// Whether it wins against every Player 1 line.
    pub wins: bool,
    /// Player 1's positions met, when it wins.
    pub player_one_positions: Option<u64>,
    /// The entries used, when it wins.
    pub answered_positions: Option<u64>,
    /// The entries never reached, when it wins.
    pub unreachable_entries: Option<u64>,
    /// The longest game, in moves, when it wins.
    pub longest_game: Option<u32>,
    /// Why it does not win.
    pub failure: Option<String>,
}

/// Plays every Player 1 line against `strategy`; also returns whether a failure is a malformed
/// entry (an input error) rather than a lost game.
pub fn check_strategy(strategy: &PlayerTwoStrategy) -> (StrategyCheckJson, bool) {
    let result = strategy.check();
    let report = result.as_ref().ok();
    let line = StrategyCheckJson {
        n: strategy.n(),
        entries: strategy.moves().len(),
        wins: result.is_ok(),
        player_one_positions: report.map(|r| r.player_one_positions),
        answered_positions: report.map(|r| r.answered_positions),
        unreachable_entries: report.map(|r| r.unreachable_entries),
        longest_game: report.map(|r| r.longest_game),
        failure: result.as_ref().err().map(ToString::to_string),
    };
    (line, matches!(result, Err(StrategyError::Malformed { .. })))
}
