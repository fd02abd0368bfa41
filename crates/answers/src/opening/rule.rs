//! Whether Player 2's opening book follows a rule: a reply for each position of the book that
//! depends only on the position's parts of at least 2 and on n modulo a period (`zgame book
//! --rule`).
//!
//! Near the start a position is its ones and a few larger parts; the same larger parts come up
//! in the games on every n, with `n - sum` ones. A rule of period p names, for each such
//! *shape* Player 2 faces in the book and each residue of n modulo p, one reply (as the shape it
//! leads to); it holds when that reply wins in every game of the range where the book reaches
//! the shape. The book holds every line on which Player 2 has replied well so far, whichever
//! winning reply it chose, so a rule that holds wins against every Player 1 line for the book's
//! depth, whatever rule chose the earlier replies.

use std::collections::BTreeMap;

use serde::Serialize;
use zecklab_games::zgame::ZPosition;

use super::book::Line;

/// A position without its ones: its counts of `F_2, F_3, ...`, trailing zeros left out.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape(Vec<u32>);

impl Shape {
    /// The shape of `position`.
    pub fn of(position: &ZPosition) -> Shape {
        let mut counts = position.counts().get(1..).unwrap_or_default().to_vec();
        while counts.last() == Some(&0) {
            counts.pop();
        }
        Shape(counts)
    }

    /// The sum of its parts.
    pub fn sum(&self) -> u64 {
        self.0.iter().enumerate().map(|(k, &c)| u64::from(c) * value(k + 2)).sum()
    }

    /// The shape with its ones written as n less its sum: `1^(n-5) 2^1 3^1`.
    pub fn show(&self) -> String {
        let ones = match self.sum() {
            0 => "1^n".to_string(),
            s => format!("1^(n-{s})"),
        };
        let parts =
            self.0.iter().enumerate().filter(|(_, &c)| c > 0).map(|(k, c)| format!("{}^{c}", value(k + 2)));
        std::iter::once(ones).chain(parts).collect::<Vec<_>>().join(" ")
    }
}

/// `F_i`.
fn value(i: usize) -> u64 {
    zecklab_numeration::fib::fib_u64(i).expect("an index of a position's part")
}

/// The largest period tried.
pub const RULE_PERIOD_TO: u32 = 12;

/// What the books of a range of n say about rules of Player 2's first `depth` replies: the JSON
/// line of `zgame book --rule`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleJson {
    /// Player 2's moves the rule covers.
    pub depth: u32,
    /// The first n of the range.
    pub from: u32,
    /// The last n of the range.
    pub to: u32,
    /// The least period (at most 12) of a rule that holds on every n of the range; null when
    /// none holds.
    pub period: Option<u32>,
    /// The shapes Player 2 faces in the books of the range.
    pub shapes: usize,
    /// The rule of that period: one entry a shape and residue (empty when none holds).
    pub rule: Vec<RuleEntry>,
    /// Each period from 1 to 12: where its rules first fail, and from which n one holds to the
    /// range's end.
    pub periods: Vec<PeriodFinding>,
    /// The rule of period 1 that holds from the least n it can (`eventual_from`) to the range's
    /// end: one reply for each position, whatever n.
    pub eventual: Vec<RuleEntry>,
    /// The least n from which a rule of period 1 holds to the range's end.
    pub eventual_from: u32,
}

/// One entry of a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleEntry {
    /// The shape Player 2 faces.
    pub position: String,
    /// The residue of n modulo the period.
    pub residue: u32,
    /// The shape the reply leads to: the first in move order of those that win in every game of
    /// the range (with this residue) where the book reaches the position.
    pub reply: String,
    /// The games of the range where the book reaches the position (with this residue).
    pub games: u32,
}

/// What the books say about the rules of one period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodFinding {
    /// The period.
    pub period: u32,
    /// The least n such that no rule of this period holds on every n from the range's start to
    /// it (null: one holds on the whole range).
    pub first_n: Option<u32>,
    /// A shape with no common winning reply from the range's start to `first_n` (null with it).
    pub position: Option<String>,
    /// The least n from which a rule of this period holds on every n to the range's end.
    pub holds_from: u32,
}

/// The books of a range of n, read for rules: for each shape Player 2 faces, the winning
/// replies in each game where the book reaches it.
#[derive(Debug)]
pub struct RuleSearch {
    depth: u32,
    faced: BTreeMap<Shape, Vec<(u32, Vec<Shape>)>>,
    from: Option<u32>,
    to: u32,
}

impl RuleSearch {
    /// No books yet; rules for Player 2's first `depth` replies.
    pub fn new(depth: u32) -> RuleSearch {
        RuleSearch { depth, faced: BTreeMap::new(), from: None, to: 0 }
    }

    /// Adds the book of the game on `n` (games in increasing n; lines past the depth are left out).
    pub fn add(&mut self, n: u32, lines: &[Line]) {
        let depth = self.depth;
        self.from.get_or_insert(n);
        self.to = n;
        let mut seen: BTreeMap<Shape, Vec<Shape>> = BTreeMap::new();
        for line in lines.iter().filter(|l| l.plies.len() / 2 <= depth as usize) {
            let faced = Shape::of(line.plies.last().expect("a line has a position"));
            seen.entry(faced).or_insert_with(|| line.replies.iter().map(Shape::of).collect());
        }
        for (shape, replies) in seen {
            self.faced.entry(shape).or_default().push((n, replies));
        }
    }

    /// The least period of a rule that holds on every n added, with its rule; what each period
    /// gives; and the rule of period 1 from the least n it holds from.
    pub fn finding(&self) -> RuleJson {
        let from = self.from.unwrap_or(0);
        let periods: Vec<PeriodFinding> = (1..=RULE_PERIOD_TO).map(|p| self.period_finding(p)).collect();
        let period = periods.iter().find(|f| f.first_n.is_none()).map(|f| f.period);
        let eventual_from = periods[0].holds_from;
        RuleJson {
            depth: self.depth,
            from,
            to: self.to,
            period,
            shapes: self.faced.len(),
            rule: period.map(|p| self.rule(p, from)).unwrap_or_default(),
            periods,
            eventual: self.rule(1, eventual_from),
            eventual_from,
        }
    }

    /// The games where the book reaches `shape` with n = `residue` mod `period`, from `from` on.
    fn games(
        games: &[(u32, Vec<Shape>)],
        period: u32,
        residue: u32,
        from: u32,
    ) -> impl DoubleEndedIterator<Item = &(u32, Vec<Shape>)> {
        games.iter().filter(move |(n, _)| n % period == residue && *n >= from)
    }

    /// Where the rules of `period` first fail from the range's start, and from which n one holds.
    fn period_finding(&self, period: u32) -> PeriodFinding {
        let mut first_failure: Option<(u32, &Shape)> = None;
        let mut holds_from = self.from.unwrap_or(0);
        for (shape, games) in &self.faced {
            for residue in 0..period {
                // Forward: the first game where the replies that win in every game so far run out.
                let mut common: Option<Vec<&Shape>> = None;
                for (n, replies) in Self::games(games, period, residue, 0) {
                    let kept = intersect(common.take(), replies);
                    if kept.is_empty() {
                        if first_failure.is_none_or(|(f, _)| *n < f) {
                            first_failure = Some((*n, shape));
                        }
                        break;
                    }
                    common = Some(kept);
                }
                // Backward: the last game (from the end) before they run out.
                let mut common: Option<Vec<&Shape>> = None;
                for (n, replies) in Self::games(games, period, residue, 0).rev() {
                    let kept = intersect(common.take(), replies);
                    if kept.is_empty() {
                        holds_from = holds_from.max(n + 1);
                        break;
                    }
                    common = Some(kept);
                }
            }
        }
        PeriodFinding {
            period,
            first_n: first_failure.map(|(n, _)| n),
            position: first_failure.map(|(_, shape)| shape.show()),
            holds_from,
        }
    }

    /// The rule of `period` on the games from `from` on: for each shape and residue reached there,
    /// the first reply (in move order) that wins in all of them; shapes without one are left out.
    fn rule(&self, period: u32, from: u32) -> Vec<RuleEntry> {
        let mut rule = Vec::new();
        for (shape, games) in &self.faced {
            for residue in 0..period {
                let mut common: Option<Vec<&Shape>> = None;
                let mut count = 0;
                for (_, replies) in Self::games(games, period, residue, from) {
                    count += 1;
                    common = Some(intersect(common.take(), replies));
                }
                if let Some(reply) = common.and_then(|c| c.first().copied()) {
                    rule.push(RuleEntry {
                        position: shape.show(),
                        residue,
                        reply: reply.show(),
                        games: count,
                    });
                }
            }
        }
        rule
    }
}

/// The replies of `common` (all of `replies` when `None`) that are also in `replies`, in order.
fn intersect<'a>(common: Option<Vec<&'a Shape>>, replies: &'a [Shape]) -> Vec<&'a Shape> {
    match common {
        None => replies.iter().collect(),
        Some(c) => c.into_iter().filter(|s| replies.contains(s)).collect(),
    }
}
