//! A small language of deterministic move choices that look only at the position (no search):
//! Player 2 strategies to test against every Player 1 line.
//!
//! A rule is a comma-separated list of preferences, tried in order; the first that finds a move
//! decides. A preference is a pick, optionally behind a condition:
//!
//! ```text
//! rule        = preference ("," preference)*
//! preference  = [condition "?"] pick
//! condition   = conjunction ("|" conjunction)*      any one conjunction holds
//! conjunction = guard ("&" guard)*                  every guard holds
//! pick        = "ones"                              1 ∧ 1 -> 2
//!             | "combine:largest" | "combine:smallest"   F(i-1) ∧ F(i) -> F(i+1), i >= 2, by i
//!             | "split:largest" | "split:smallest"       2 F(i) -> F(i+1) + F(i-2) (i >= 3), 2 F2 -> F3 + F1 (i = 2)
//!             | "combine:" I | "split:" I              that move at exactly index I
//!             | "first" | "last"                    any move: the first (last) in the move order
//! guard       = measure op K                        op one of >= <= > < = !=
//!             | measure ":odd" | measure ":even"
//!             | "is:" kind | "!is:" kind            kind one of ones, combine, split
//! measure     = ["next."] quantity ["%" M]          next.: read after the move; %M: modulo M (2 to 9)
//! quantity    = "c" I                               the copies of F_I
//!             | "parts" | "oddparts" | "evenparts"  parts (at odd, at even indices)
//!             | "max" | "min"                       the largest, smallest index present
//!             | "holes" | "gap"                     indices absent between min and max; the widest step
//!             | "combines" | "splits"               the legal combines (not 1 ∧ 1), splits
//!             | "i" | "c@" D                        the move's index (1 for ones); c_(i+D), -3 <= D <= 3
//! ```
//!
//! **The move order** is `ones`, then combines by index, then splits by index. A pick names moves
//! in its own order (`combine:largest`: the combines from the largest index down; `first`: the
//! move order; `last`: the move order reversed), and the preference plays the first of them for
//! which its condition holds. A condition on the position alone holds for every move or none, so
//! `c1:odd?combine:largest` is the largest combine where `c_1` is odd; conditions on the move
//! (`i`, `c@D`, `is:`, `next.`) choose among the pick's moves, so `next.parts:even&is:split?first`
//! is the first split after which the number of parts is even.
//!
//! For example `split:largest,combine:smallest,ones`, `c1:odd?ones,combine:largest`, or a
//! decision tree as one preference, its accepting paths joined by `|`:
//! `is:split&c@0>=3|!is:split&next.c1:even?first`. Spaces are ignored. A rule with no applicable
//! preference at a position that has moves makes no move there (and so loses the game). The four
//! play-out rules of the deterministic-games paper are rules of this language
//! ([`StrategyRule::from_play_out`]).

mod measure;
mod parse;

use std::fmt;

pub(crate) use self::measure::{Counts, Reading, MAX_INDEX};
pub use self::measure::{Measure, MoveKind, Quantity};
use zecklab_games::zgame::Rule;
use zecklab_games::zgame::{apply_to_counts, MoveIndex, ZMove};

/// Largest or smallest index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extreme {
    Largest,
    Smallest,
}

/// Which moves a preference considers, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// `1 ∧ 1 -> 2`.
    Ones,
    /// The combines `F(i-1) ∧ F(i) -> F(i+1)` (`i >= 2`), from the largest or the smallest `i`.
    Combine(Extreme),
    /// The splits of two `F(i)` (`i >= 2`), from the largest or the smallest `i`.
    Split(Extreme),
    /// The combine at exactly index `i`.
    CombineAt(usize),
    /// The split at exactly index `i`.
    SplitAt(usize),
    /// Every move, in the move order (`ones`, combines by index, splits by index).
    First,
    /// Every move, in the move order reversed.
    Last,
}

/// A comparison in a guard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    AtLeast,
    AtMost,
    Above,
    Below,
    Equal,
    NotEqual,
}

impl Comparison {
    fn holds(self, left: u32, right: u32) -> bool {
        match self {
            Comparison::AtLeast => left >= right,
            Comparison::AtMost => left <= right,
            Comparison::Above => left > right,
            Comparison::Below => left < right,
            Comparison::Equal => left == right,
            Comparison::NotEqual => left != right,
        }
    }
}

/// A condition on the position, or on the move considered there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Guard {
    /// `c_i` compared with a number.
    Count { index: usize, comparison: Comparison, value: u32 },
    /// `c_i` odd (or even).
    CountParity { index: usize, odd: bool },
    /// The number of parts odd (or even).
    PartsParity { odd: bool },
    /// Any other measure compared with a number (`parts>=5`, `next.c3%3=1`, `c@-1>0`).
    Compare { measure: Measure, comparison: Comparison, value: u32 },
    /// The move's kind is (or, `negated`, is not) `kind`.
    Kind { kind: MoveKind, negated: bool },
}

impl Guard {
    /// Whether the guard reads the move considered (and so may hold for some moves only).
    pub fn needs_move(&self) -> bool {
        match self {
            Guard::Compare { measure, .. } => measure.needs_move(),
            Guard::Kind { .. } => true,
            _ => false,
        }
    }

    /// Whether the guard reads the position the move leads to.
    fn needs_next(&self) -> bool {
        matches!(self, Guard::Compare { measure, .. } if measure.next)
    }

    fn holds(&self, at: &Reading<'_>) -> bool {
        match *self {
            Guard::Count { index, comparison, value } => comparison.holds(at.counts[index - 1], value),
            Guard::CountParity { index, odd } => (at.counts[index - 1] % 2 == 1) == odd,
            Guard::PartsParity { odd } => (at.counts.iter().sum::<u32>() % 2 == 1) == odd,
            Guard::Compare { measure, comparison, value } => {
                measure.read(at).is_some_and(|v| comparison.holds(v, value))
            }
            Guard::Kind { kind, negated } => {
                at.candidate.is_some_and(|(m, _)| (MoveKind::of(m) == kind) != negated)
            }
        }
    }
}

/// One preference: the moves of a pick, the first taken for which the condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    /// Alternatives of guards: the condition holds when every guard of one alternative holds.
    /// No alternative at all: no condition (it always holds).
    pub when: Vec<Vec<Guard>>,
    pub pick: Pick,
}

impl Preference {
    /// A pick behind no condition.
    pub fn always(pick: Pick) -> Preference {
        Preference { when: Vec::new(), pick }
    }

    /// A pick behind every one of `guards`.
    pub fn guarded(guards: Vec<Guard>, pick: Pick) -> Preference {
        Preference { when: if guards.is_empty() { Vec::new() } else { vec![guards] }, pick }
    }

    fn holds(&self, at: &Reading<'_>) -> bool {
        self.when.is_empty() || self.when.iter().any(|all| all.iter().all(|g| g.holds(at)))
    }

    fn guards(&self) -> impl Iterator<Item = &Guard> {
        self.when.iter().flatten()
    }
}

/// A deterministic Player 2 strategy: preferences tried in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StrategyRule {
    preferences: Vec<Preference>,
}

/// A rule that cannot be read: the token, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub token: String,
    pub expected: &'static str,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.token.chars().take(40).collect();
        let more = if self.token.chars().count() > 40 { "..." } else { "" };
        write!(f, "invalid rule: '{shown}{more}' is not {}", self.expected)
    }
}

impl std::error::Error for RuleError {}

/// The legal moves of a position in the move order: `ones`, combines by index, splits by index;
/// `combines` and `splits` say where each kind's run lies.
pub(crate) struct OrderedMoves {
    moves: [Option<ZMove>; 2 * MAX_INDEX + 1],
    len: usize,
    combines: std::ops::Range<usize>,
    splits: std::ops::Range<usize>,
}

impl OrderedMoves {
    pub(crate) fn of(counts: &Counts) -> OrderedMoves {
        let mut out = OrderedMoves { moves: [None; 2 * MAX_INDEX + 1], len: 0, combines: 0..0, splits: 0..0 };
        let push = |m: ZMove, out: &mut OrderedMoves| {
            out.moves[out.len] = Some(m);
            out.len += 1;
        };
        if counts[0] >= 2 {
            push(ZMove::CombineOnes, &mut out);
        }
        // Every move acts on an index present.
        let last = measure::span(counts);
        let start = out.len;
        for i in (2..=last).filter_map(MoveIndex::new) {
            if counts[i.get() - 2] >= 1 && counts[i.get() - 1] >= 1 {
                push(ZMove::Combine(i), &mut out);
            }
        }
        out.combines = start..out.len;
        let start = out.len;
        for i in (2..=last).filter_map(MoveIndex::new) {
            if counts[i.get() - 1] >= 2 {
                push(ZMove::Split(i), &mut out);
            }
        }
        out.splits = start..out.len;
        out
    }

    /// The moves `pick` considers, in its order.
    pub(crate) fn of_pick(&self, pick: Pick) -> Box<dyn Iterator<Item = ZMove> + '_> {
        let run = |range: std::ops::Range<usize>| self.moves[range].iter().flatten().copied();
        match pick {
            Pick::Ones => Box::new(run(0..self.combines.start)),
            Pick::Combine(Extreme::Smallest) => Box::new(run(self.combines.clone())),
            Pick::Combine(Extreme::Largest) => Box::new(run(self.combines.clone()).rev()),
            Pick::Split(Extreme::Smallest) => Box::new(run(self.splits.clone())),
            Pick::Split(Extreme::Largest) => Box::new(run(self.splits.clone()).rev()),
            Pick::CombineAt(i) => Box::new(
                run(self.combines.clone()).filter(move |m| *m == ZMove::Combine(MoveIndex::new(i).unwrap())),
            ),
            Pick::SplitAt(i) => Box::new(
                run(self.splits.clone()).filter(move |m| *m == ZMove::Split(MoveIndex::new(i).unwrap())),
            ),
            Pick::First => Box::new(run(0..self.len)),
            Pick::Last => Box::new(run(0..self.len).rev()),
        }
    }
}

/// `counts` with zeros past its end, as guards read it.
pub(crate) fn padded(counts: &[u32]) -> Counts {
    let mut here: Counts = [0; MAX_INDEX + 3];
    let len = counts.len().min(MAX_INDEX);
    here[..len].copy_from_slice(&counts[..len]);
    here
}

impl StrategyRule {
    /// A rule of the given preferences.
    pub fn new(preferences: Vec<Preference>) -> StrategyRule {
        StrategyRule { preferences }
    }

    /// The preferences, in order.
    pub fn preferences(&self) -> &[Preference] {
        &self.preferences
    }

    /// The play-out rule `rule` of the deterministic-games paper, in this language.
    pub fn from_play_out(rule: Rule) -> StrategyRule {
        let text = match rule {
            Rule::CombineLargest => "combine:largest,ones,split:largest",
            Rule::SplitLargest => "split:largest,combine:largest,ones",
            Rule::SplitSmallest => "split:smallest,ones,combine:smallest",
            Rule::CombineSmallest => "ones,combine:smallest,split:smallest",
        };
        StrategyRule::parse(text).expect("written in the language")
    }

    /// The move this rule makes at `counts` (`counts[i - 1]` copies of `F_i`); `None` when no
    /// preference applies (or there is no move at all).
    pub fn choose(&self, counts: &[u32]) -> Option<ZMove> {
        let here = padded(counts);
        let moves = OrderedMoves::of(&here);
        let mut next: Counts = here;
        for p in &self.preferences {
            if !p.guards().any(Guard::needs_move) {
                if p.holds(&Reading { counts: &here, candidate: None }) {
                    if let Some(m) = moves.of_pick(p.pick).next() {
                        return Some(m);
                    }
                }
                continue;
            }
            let needs_next = p.guards().any(Guard::needs_next);
            for m in moves.of_pick(p.pick) {
                if needs_next {
                    next = here;
                    apply_to_counts(&mut next, m);
                }
                if p.holds(&Reading { counts: &here, candidate: Some((m, &next)) }) {
                    return Some(m);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::zgame::{PositionIndex, ZPosition};

    #[test]
    fn the_play_out_rules_are_rules_of_the_language() {
        for n in 1..=40 {
            let index = PositionIndex::new(n).unwrap();
            for r in 0..index.count() {
                let p = index.unrank(r);
                for rule in Rule::ALL {
                    assert_eq!(
                        StrategyRule::from_play_out(rule).choose(p.counts()),
                        rule.choose(&p),
                        "{p}, {rule}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_core_picks_mean_what_the_language_says() {
        // 1^3 2^2 3 5: combines at i = 2 (1 ∧ 2), 3 (2 ∧ 3), 4 (3 ∧ 5); splits at i = 2; ones.
        let counts = [3, 2, 1, 1];
        let choose = |text: &str| StrategyRule::parse(text).unwrap().choose(&counts);
        assert_eq!(choose("ones"), Some(ZMove::CombineOnes));
        assert_eq!(choose("combine:largest"), ZMove::combine(4));
        assert_eq!(choose("combine:smallest"), ZMove::combine(2));
        assert_eq!(choose("split:largest"), ZMove::split(2));
        assert_eq!(choose("split:smallest"), ZMove::split(2));
        assert_eq!(choose("combine:3"), ZMove::combine(3));
        assert_eq!(choose("split:3,combine:9"), None, "no applicable preference: no move");
        assert_eq!(choose("split:3, combine:9, ones"), Some(ZMove::CombineOnes));
        assert_eq!(choose("c1:even?ones,combine:smallest"), ZMove::combine(2));
        assert_eq!(choose("c1:odd&c2>=2?split:largest,ones"), ZMove::split(2));
        assert_eq!(choose("parts:odd?ones,split:smallest"), Some(ZMove::CombineOnes));
        assert_eq!(choose("c4>1?ones,c4=1&c3<1?ones,c3<=1?combine:smallest"), ZMove::combine(2));
        assert_eq!(StrategyRule::parse("ones").unwrap().choose(&[1]), None, "the end has no move");
    }

    /// The first language's meaning, written out again: the first preference whose guards hold at
    /// the position and whose pick names a legal move plays that move.
    fn first_language_choice(rule: &StrategyRule, p: &ZPosition) -> Option<ZMove> {
        let moves = p.moves();
        let count = |i: usize| p.counts().get(i - 1).copied().unwrap_or(0);
        let parts: u32 = p.counts().iter().sum();
        let indices = |split: bool| {
            moves.iter().filter_map(move |m| match (m, split) {
                (ZMove::Combine(i), false) | (ZMove::Split(i), true) => Some(i.get()),
                _ => None,
            })
        };
        rule.preferences().iter().find_map(|pref| {
            let holds = pref.when.iter().flatten().all(|g| match *g {
                Guard::Count { index, comparison, value } => comparison.holds(count(index), value),
                Guard::CountParity { index, odd } => (count(index) % 2 == 1) == odd,
                Guard::PartsParity { odd } => (parts % 2 == 1) == odd,
                _ => unreachable!("the first language has no other guard"),
            });
            holds.then(|| match pref.pick {
                Pick::Ones => moves.iter().copied().find(|m| *m == ZMove::CombineOnes),
                Pick::Combine(Extreme::Largest) => indices(false).max().and_then(ZMove::combine),
                Pick::Combine(Extreme::Smallest) => indices(false).min().and_then(ZMove::combine),
                Pick::Split(Extreme::Largest) => indices(true).max().and_then(ZMove::split),
                Pick::Split(Extreme::Smallest) => indices(true).min().and_then(ZMove::split),
                _ => unreachable!("the search's picks only"),
            })?
        })
    }

    #[test]
    fn every_rule_of_the_first_language_means_what_it_meant() {
        use crate::{enumerate_rules, search_preferences};
        let rules = enumerate_rules(&search_preferences(), 2);
        for n in [7, 12, 18] {
            let index = PositionIndex::new(n).unwrap();
            for r in 0..index.count() {
                let p = index.unrank(r);
                for rule in &rules {
                    assert_eq!(rule.choose(p.counts()), first_language_choice(rule, &p), "{p}, {rule}");
                }
            }
        }
    }

    #[test]
    fn move_guards_choose_among_the_picks_moves() {
        // 1^3 2^2 3 5: ones; combines at 2, 3, 4; split at 2.
        let counts = [3, 2, 1, 1];
        let choose = |text: &str| StrategyRule::parse(text).unwrap().choose(&counts);
        assert_eq!(choose("first"), Some(ZMove::CombineOnes), "the move order starts with ones");
        assert_eq!(choose("last"), ZMove::split(2));
        assert_eq!(choose("is:combine?first"), ZMove::combine(2));
        assert_eq!(choose("is:combine?last"), ZMove::combine(4));
        assert_eq!(choose("!is:ones&!is:split?last"), ZMove::combine(4));
        assert_eq!(choose("i>=3&is:combine?first"), ZMove::combine(3));
        assert_eq!(choose("i=3?combine:largest"), ZMove::combine(3), "the largest combine with i = 3");
        // c@-1 of combine:3 is c_2 = 2; of combine:4, c_3 = 1.
        assert_eq!(choose("c@-1=1?combine:smallest"), ZMove::combine(4));
        // c@1 of ones is c_2 = 2; of combine:3, c_4 = 1; of combine:4, c_5 = 0.
        assert_eq!(choose("c@1>=2?first"), Some(ZMove::CombineOnes));
        assert_eq!(choose("c@1>=1&is:combine?last"), ZMove::combine(3));
        // After combine:2 (1 ∧ 2 -> 3): 1^2 2 3^2 5, parts 6; after ones: 1 2^3 3 5.
        assert_eq!(choose("next.c3=2?first"), ZMove::combine(2));
        assert_eq!(choose("next.c2:odd&next.c1:odd?first"), Some(ZMove::CombineOnes));
        assert_eq!(choose("next.parts=7?first"), ZMove::split(2), "a split keeps the 7 parts");
        assert_eq!(choose("next.max>4?first"), ZMove::combine(4), "3 ∧ 5 -> 8 makes F_5");
        assert_eq!(choose("next.max>5?first"), None, "no move makes F_6");
        assert_eq!(choose("next.max>5?first,ones"), Some(ZMove::CombineOnes));
        // Alternatives: the first move any alternative accepts.
        assert_eq!(choose("is:split|i=4?first"), ZMove::combine(4));
        assert_eq!(choose("is:split|i=9?first"), ZMove::split(2));
        // Position measures.
        assert_eq!(choose("parts=7&max=4&min=1&holes=0&gap=1?ones"), Some(ZMove::CombineOnes));
        assert_eq!(choose("oddparts=4&evenparts=3&combines=3&splits=1?ones"), Some(ZMove::CombineOnes));
        assert_eq!(choose("c1%3=0&c2%2=0&parts!=6?ones"), Some(ZMove::CombineOnes));
        assert_eq!(StrategyRule::parse("holes=2&gap=3?first").unwrap().choose(&[1, 0, 0, 1, 0, 0, 1]), None);
        assert_eq!(
            StrategyRule::parse("holes=4&gap=3&max=7&min=1?first").unwrap().choose(&[2, 0, 0, 1, 0, 0, 1]),
            Some(ZMove::CombineOnes)
        );
    }

    #[test]
    fn the_extended_language_prints_as_it_reads() {
        for text in [
            "is:split&c@0>=3|!is:split&next.c1:even?first",
            "next.parts%3=2&i<=4?last,c@-1!=0?combine:smallest,ones",
            "max>5&min=1&holes>=2&gap<3&oddparts:odd&evenparts>0&combines=2&splits:even?first",
            "c@-3=0&c@3>1&next.holes:odd?split:largest",
        ] {
            let rule = StrategyRule::parse(text).unwrap();
            assert_eq!(rule.to_string(), text);
            assert_eq!(StrategyRule::parse(&rule.to_string()).unwrap(), rule);
        }
        // The old guards keep their forms, whichever way they are written.
        assert_eq!(
            StrategyRule::parse("c3%2=1&parts%2=0?ones").unwrap().to_string(),
            "c3:odd&parts:even?ones"
        );
        for (text, token) in [
            ("next.i>2?first", "next.i>2"),
            ("c@4>0?first", "c@4>0"),
            ("c3%11=1?ones", "c3%11=1"),
            ("c3%3:odd?ones", "c3%3:odd"),
            ("is:merge?first", "is:merge"),
            ("c1:odd|?ones", "c1:odd|"),
        ] {
            let error = StrategyRule::parse(text).unwrap_err();
            assert_eq!(error.token, token, "{text}");
        }
    }

    #[test]
    fn rules_print_as_they_read_and_bad_tokens_are_named() {
        for text in ["split:largest,combine:smallest,ones", "c1:odd&parts:even?combine:4,c12>=3?split:2,ones"]
        {
            assert_eq!(StrategyRule::parse(text).unwrap().to_string(), text);
        }
        for (text, token) in [
            ("split:largest,comb:smallest", "comb:smallest"),
            ("ones,", ""),
            ("", ""),
            ("combine:1", "combine:1"),
            ("split:0", "split:0"),
            ("c1>=x?ones", "c1>=x"),
            ("c1~2?ones", "c1~2"),
            ("q1>2?ones", "q1>2"),
            ("c999>2?ones", "c999>2"),
        ] {
            let error = StrategyRule::parse(text).unwrap_err();
            assert_eq!(error.token, token, "{text}");
            assert!(error.to_string().contains(&format!("'{token}'")), "{error}");
        }
        // A misspelt word names the words accepted; a bad number, the numbers accepted.
        let word = StrategyRule::parse("split:biggest").unwrap_err().to_string();
        assert!(word.contains("split:largest") && word.contains("combine:smallest"), "{word}");
        let number = StrategyRule::parse("split:91").unwrap_err().to_string();
        assert!(number.contains("from 1 to 90"), "{number}");
    }
}
