//! Testing a rule as Player 2's strategy against every Player 1 line, decided by a solved table.
//!
//! **Why the table decides.** Let Player 1 play anything and Player 2 follow the rule `R`. At a
//! Player 2 decision, `R`'s move is *good* when it leads to a P-position (a loss for Player 1, to
//! move). If every reachable decision is good, every position Player 1 faces is a P-position, so
//! Player 1 never makes the last move and `R` wins. If some reachable decision is bad (`R` leads
//! to a position Player 1 wins, makes no move although there are moves, or the decision is an
//! end position, where Player 2 cannot move), Player 1 steers there and then plays winning
//! moves, and `R` loses. So `R` wins at `n` exactly when no reachable decision is bad.
//!
//! The positions reachable are explored breadth first, level by level (a level is a number of
//! moves from the start), with one visited bit a position and side, so the first bad decision
//! found is a shallowest one.

use std::collections::VecDeque;

use super::legal_moves;
use super::rule::StrategyRule;
use super::Chooser;
use zecklab_games::zgame::{apply_to_counts, undo_on_counts};
use zecklab_games::zgame::{PositionIndex, SolvedTable, ZMove, ZPosition, ZgameError};
use zecklab_games::Outcome;

/// A bad decision: where `R` goes wrong, what it plays, and a winning move it misses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDecision {
    /// The position, Player 2 to move.
    pub position: ZPosition,
    /// Moves from the start (a decision is reached after an odd number).
    pub depth: u32,
    /// `R`'s move there (`None`: no preference applies, or the position is an end).
    pub rule_move: Option<ZMove>,
    /// A winning move `R` missed (`None` when the position has none).
    pub winning_move: Option<ZMove>,
}

/// What testing a rule at one n found.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleTest {
    /// The game.
    pub n: u32,
    /// Whether Player 2 following the rule wins against every Player 1 line.
    pub wins: bool,
    /// Distinct Player 2-to-move positions reachable while Player 2 follows the rule (every one,
    /// not pruned at bad decisions), when explored in full.
    pub decisions: u64,
    /// Of the decisions with a winning move, the share where the rule picks one (`None` when no
    /// decision has one).
    pub agreement: Option<f64>,
    /// The shallowest bad decision, where the rule loses.
    pub first_bad: Option<BadDecision>,
    /// A line on which Player 1 beats the rule: the positions from the start, ending after Player
    /// 1's last move, where the rule loses.
    pub losing_line: Option<Vec<ZPosition>>,
}

/// Whether a test explores every reachable decision or stops at the first bad one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exploration {
    /// Every decision (for `decisions` and `agreement`).
    Full,
    /// Up to the first bad decision (`decisions` and `agreement` then cover what was seen).
    UntilBad,
}

/// One visited bit a rank.
pub(super) struct Seen(Vec<u64>);

impl Seen {
    pub(super) fn new(count: u64) -> Seen {
        Seen(vec![0; count.div_ceil(64) as usize])
    }

    /// Whether `r` is marked.
    pub(super) fn contains(&self, r: u64) -> bool {
        self.0[(r / 64) as usize] >> (r % 64) & 1 == 1
    }

    /// The word of marks holding ranks `64 w` to `64 w + 63`.
    pub(super) fn word(&self, w: usize) -> u64 {
        self.0[w]
    }

    /// Marks `r`; whether it was new.
    pub(super) fn insert(&mut self, r: u64) -> bool {
        let (w, b) = ((r / 64) as usize, r % 64);
        let new = self.0[w] >> b & 1 == 0;
        self.0[w] |= 1 << b;
        new
    }
}

/// A decision at `counts` (padded by two zeros past the game's top index): a winning move there
/// (the first in the move order), the rule's move, and the rank it leads to.
pub(super) fn decide(
    rule: &(impl Chooser + ?Sized),
    index: &zecklab_games::zgame::PositionIndex,
    counts: &mut [u32],
    loss: impl Fn(u64) -> bool,
) -> (Option<ZMove>, Option<ZMove>, Option<u64>) {
    let top = index.top();
    let mut winning = None;
    for m in legal_moves(&counts[..top]) {
        apply_to_counts(counts, m);
        if winning.is_none() && loss(index.rank_counts(&counts[..top])) {
            winning = Some(m);
        }
        undo_on_counts(counts, m);
    }
    let chosen = rule.choose(&counts[..top]);
    let child = chosen.map(|m| {
        apply_to_counts(counts, m);
        let c = index.rank_counts(&counts[..top]);
        undo_on_counts(counts, m);
        c
    });
    (winning, chosen, child)
}

/// Tests `rule` on the game `table` solves (outcomes are enough).
pub fn test_rule(
    rule: &(impl Chooser + ?Sized),
    table: &(impl SolvedTable + ?Sized),
    exploration: Exploration,
) -> RuleTest {
    let index = table.index();
    let n = index.n();
    let top = index.top();
    let loss = |r: u64| table.outcome(r) == Outcome::Loss;
    // Levels of ranks, alternately Player 1 and Player 2 to move (level 0: the start).
    let mut levels: Vec<Vec<u64>> = vec![vec![0]];
    let mut seen = [Seen::new(index.count()), Seen::new(index.count())];
    seen[0].insert(0);
    let (mut decisions, mut with_winning, mut agreeing) = (0u64, 0u64, 0u64);
    let mut first_bad: Option<(u32, u64, Option<ZMove>, Option<ZMove>)> = None;
    let mut counts = vec![0u32; top + 2];
    let mut depth = 0u32;
    while let Some(level) = levels.last() {
        if level.is_empty() {
            break;
        }
        let player_two = depth % 2 == 1;
        let mut next = Vec::new();
        for &r in level {
            counts.iter_mut().for_each(|c| *c = 0);
            index.unrank_into(r, &mut counts[..top]);
            if player_two {
                decisions += 1;
                let (winning, chosen, child) = decide(rule, index, &mut counts, loss);
                let good = child.is_some_and(loss);
                if winning.is_some() {
                    with_winning += 1;
                    agreeing += u64::from(good);
                }
                if !good && first_bad.is_none() {
                    first_bad = Some((depth, r, chosen, winning));
                    if exploration == Exploration::UntilBad {
                        break;
                    }
                }
                if let Some(c) = child {
                    if seen[0].insert(c) {
                        next.push(c);
                    }
                }
            } else {
                for m in legal_moves(&counts[..top]) {
                    apply_to_counts(&mut counts, m);
                    let c = index.rank_counts(&counts[..top]);
                    undo_on_counts(&mut counts, m);
                    if seen[1].insert(c) {
                        next.push(c);
                    }
                }
            }
        }
        if first_bad.is_some() && exploration == Exploration::UntilBad {
            break;
        }
        levels.push(next);
        depth += 1;
    }
    let agreement = (with_winning > 0).then(|| agreeing as f64 / with_winning as f64);
    let (first_bad, losing_line) = match first_bad {
        None => (None, None),
        Some((depth, r, rule_move, winning_move)) => {
            let line = losing_line(rule, table, &levels, depth, r);
            let bad = BadDecision { position: index.unrank(r), depth, rule_move, winning_move };
            (Some(bad), Some(line))
        }
    };
    RuleTest { n, wins: first_bad.is_none(), decisions, agreement, first_bad, losing_line }
}

/// The children of rank `r` by the rules, as ranks.
fn children(index: &PositionIndex, r: u64) -> Vec<(ZMove, u64)> {
    let top = index.top();
    let mut counts = vec![0u32; top + 2];
    index.unrank_into(r, &mut counts[..top]);
    let mut out = Vec::new();
    for m in legal_moves(&counts[..top]) {
        apply_to_counts(&mut counts, m);
        out.push((m, index.rank_counts(&counts[..top])));
        undo_on_counts(&mut counts, m);
    }
    out
}

/// The line from the start to the bad decision at rank `bad` (level `depth`), then on: the rule
/// for Player 2, a winning move for Player 1, until the rule makes no move.
fn losing_line(
    rule: &(impl Chooser + ?Sized),
    table: &(impl SolvedTable + ?Sized),
    levels: &[Vec<u64>],
    depth: u32,
    bad: u64,
) -> Vec<ZPosition> {
    let index = table.index();
    // Back to the start: at each level, a position with a move to the one after it (on a
    // Player 2 level, the rule's move).
    let mut path = VecDeque::from([bad]);
    for d in (0..depth as usize).rev() {
        let after = path[0];
        let parent = levels[d]
            .iter()
            .copied()
            .find(|&r| {
                if d % 2 == 1 {
                    let counts = index.unrank(r);
                    rule.choose(counts.counts())
                        .and_then(|m| counts.apply(m).ok())
                        .and_then(|c| index.rank(&c))
                        == Some(after)
                } else {
                    children(index, r).iter().any(|&(_, c)| c == after)
                }
            })
            .expect("every explored position was reached from the level before");
        path.push_front(parent);
    }
    play_on(rule, table, &mut path);
    path.into_iter().map(|r| index.unrank(r)).collect()
}

/// Extends a line that ends at a bad decision: the rule, then Player 1's winning reply, until the
/// rule is stuck.
pub(super) fn play_on(
    rule: &(impl Chooser + ?Sized),
    table: &(impl SolvedTable + ?Sized),
    path: &mut VecDeque<u64>,
) {
    let index = table.index();
    let mut at = *path.back().expect("a line to extend");
    loop {
        let p = index.unrank(at);
        let Some(m) = rule.choose(p.counts()) else { break };
        let to = index.rank(&p.apply(m).expect("rules pick legal moves")).expect("same game");
        path.push_back(to);
        let winning = children(index, to).into_iter().find(|&(_, c)| table.outcome(c) == Outcome::Loss);
        let Some((_, reply)) = winning else {
            // The rule moved to a P-position after all: it cannot happen on a line Player 1 wins,
            // but a line must still end after Player 1's move, so it stops before the rule's.
            path.pop_back();
            break;
        };
        path.push_back(reply);
        at = reply;
    }
}

/// Why a losing line does not replay (see [`replay_losing_line`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The game on n has no start.
    #[error("{0}")]
    NoStart(ZgameError),
    /// The line does not start at `{1^n}`.
    #[error("the line does not start at the start")]
    WrongStart,
    /// The line ends after a move of Player 2.
    #[error("the line does not end after a move of Player 1")]
    EndsWithPlayerTwo,
    /// Player 1's move number `ply` is not legal.
    #[error("move {ply}: {from} -> {to} is not a legal move")]
    Illegal {
        /// The move's number from 1.
        ply: usize,
        /// The position before it.
        from: ZPosition,
        /// The position after it.
        to: ZPosition,
    },
    /// Player 2's move number `ply` is not the rule's.
    #[error("move {ply}: the rule does not play {from} -> {to}")]
    NotTheRules {
        /// The move's number from 1.
        ply: usize,
        /// The position before it.
        from: ZPosition,
        /// The position after it.
        to: ZPosition,
    },
    /// The rule still has a move where the line ends.
    #[error("the line ends at {last}, where the rule still plays {plays}")]
    RuleStillPlays {
        /// The line's last position.
        last: ZPosition,
        /// The rule's move there.
        plays: ZMove,
    },
}

/// Checks a losing line with the rules alone (no table): it starts at `{1^n}`, Player 1's moves
/// are legal, Player 2's are the rule's, and it ends after a Player 1 move at a position where the
/// rule makes no move (none applies, or none exists).
///
/// # Errors
/// [`ReplayError`]: what is wrong with the line.
pub fn replay_losing_line(rule: &StrategyRule, n: u32, line: &[ZPosition]) -> Result<(), ReplayError> {
    let start = ZPosition::start(n).map_err(ReplayError::NoStart)?;
    if line.first() != Some(&start) {
        return Err(ReplayError::WrongStart);
    }
    if !line.len().is_multiple_of(2) {
        return Err(ReplayError::EndsWithPlayerTwo);
    }
    for (k, pair) in line.windows(2).enumerate() {
        let (from, to) = (&pair[0], &pair[1]);
        let wrong = |illegal: bool| {
            let (ply, from, to) = (k + 1, from.clone(), to.clone());
            if illegal {
                ReplayError::Illegal { ply, from, to }
            } else {
                ReplayError::NotTheRules { ply, from, to }
            }
        };
        if k % 2 == 0 {
            if !from.moves().into_iter().any(|m| from.apply(m).as_ref() == Ok(to)) {
                return Err(wrong(true));
            }
        } else {
            let chosen = rule.choose(from.counts()).and_then(|m| from.apply(m).ok());
            if chosen.as_ref() != Some(to) {
                return Err(wrong(false));
            }
        }
    }
    let last = line.last().expect("not empty");
    match rule.choose(last.counts()) {
        None => Ok(()),
        Some(m) => Err(ReplayError::RuleStillPlays { last: last.clone(), plays: m }),
    }
}
