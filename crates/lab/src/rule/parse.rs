//! Reading rules from text and writing them back: `parse(rule.to_string())` gives `rule` again.

use std::fmt;

use super::measure::{Measure, MoveKind, Quantity, MAX_INDEX};
use super::{Comparison, Extreme, Guard, Pick, Preference, RuleError, StrategyRule};

const PICKS: &str = "a pick (ones, combine:largest, combine:smallest, split:largest, split:smallest, \
                     combine:I, split:I, first, last)";
const GUARDS: &str = "a guard (such as c1>=2, c3:odd, parts:even, next.c2%3=1, max<=5, i>3, c@-1>0, \
                      is:split, !is:ones; see the grammar in zgame rule-test --help)";

/// The quantities named by a word, longest first where one word starts another.
const WORDS: [(&str, Quantity); 10] = [
    ("oddparts", Quantity::OddParts),
    ("evenparts", Quantity::EvenParts),
    ("parts", Quantity::Parts),
    ("max", Quantity::Largest),
    ("min", Quantity::Smallest),
    ("holes", Quantity::Holes),
    ("gap", Quantity::Gap),
    ("combines", Quantity::Combines),
    ("splits", Quantity::Splits),
    ("i", Quantity::MoveIndex),
];

/// The comparisons, two-character ones first.
const OPERATORS: [(&str, Comparison); 6] = [
    (">=", Comparison::AtLeast),
    ("<=", Comparison::AtMost),
    ("!=", Comparison::NotEqual),
    (">", Comparison::Above),
    ("<", Comparison::Below),
    ("=", Comparison::Equal),
];

const KINDS: [(&str, MoveKind); 3] =
    [("ones", MoveKind::Ones), ("combine", MoveKind::Combine), ("split", MoveKind::Split)];

fn bad(token: &str, expected: &'static str) -> RuleError {
    RuleError { token: token.to_string(), expected }
}

fn index(text: &str, token: &str) -> Result<usize, RuleError> {
    match text.parse::<usize>() {
        Ok(i) if (1..=MAX_INDEX).contains(&i) => Ok(i),
        _ => Err(bad(token, "an index from 1 to 90")),
    }
}

fn parse_pick(token: &str) -> Result<Pick, RuleError> {
    Ok(match token {
        "ones" => Pick::Ones,
        "combine:largest" => Pick::Combine(Extreme::Largest),
        "combine:smallest" => Pick::Combine(Extreme::Smallest),
        "split:largest" => Pick::Split(Extreme::Largest),
        "split:smallest" => Pick::Split(Extreme::Smallest),
        "first" => Pick::First,
        "last" => Pick::Last,
        // `split:biggest` is a misspelt word, not a bad index: list the words.
        _ if !token.ends_with(|c: char| c.is_ascii_digit()) => return Err(bad(token, PICKS)),
        _ => {
            if let Some(i) = token.strip_prefix("combine:") {
                let i = index(i, token)?;
                if i < 2 {
                    return Err(bad(
                        token,
                        "a combine index (2 or more: combine:2 is 1 ∧ 2 -> 3; 1 ∧ 1 is 'ones')",
                    ));
                }
                Pick::CombineAt(i)
            } else if let Some(i) = token.strip_prefix("split:") {
                let i = index(i, token)?;
                if i < 2 {
                    return Err(bad(token, "a split index (2 or more)"));
                }
                Pick::SplitAt(i)
            } else {
                return Err(bad(token, PICKS));
            }
        }
    })
}

/// Reads a measure at the start of `text`; the rest of the text after it.
fn parse_measure<'t>(text: &'t str, token: &str) -> Result<(Measure, &'t str), RuleError> {
    let (next, rest) = match text.strip_prefix("next.") {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (quantity, rest) = if let Some((word, q)) = WORDS.iter().find(|(word, _)| rest.starts_with(word)) {
        (*q, &rest[word.len()..])
    } else if let Some(after) = rest.strip_prefix("c@") {
        let end = after
            .char_indices()
            .find(|&(k, ch)| !(ch.is_ascii_digit() || (k == 0 && (ch == '-' || ch == '+'))))
            .map_or(after.len(), |(k, _)| k);
        let d = after[..end]
            .parse::<i8>()
            .ok()
            .filter(|d| (-3..=3).contains(d))
            .ok_or_else(|| bad(token, "an offset c@D with D from -3 to 3"))?;
        (Quantity::Around(d), &after[end..])
    } else if let Some(after) = rest.strip_prefix('c') {
        let end = after.find(|ch: char| !ch.is_ascii_digit()).ok_or_else(|| bad(token, GUARDS))?;
        (Quantity::Count(index(&after[..end], token)?), &after[end..])
    } else {
        return Err(bad(token, GUARDS));
    };
    if next && quantity.of_move() {
        return Err(bad(token, "a quantity of a position after 'next.' (not i or c@D)"));
    }
    let (modulus, rest) = match rest.strip_prefix('%') {
        Some(after) => {
            let end = after.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(after.len());
            let m = after[..end]
                .parse::<u32>()
                .ok()
                .filter(|m| (2..=9).contains(m))
                .ok_or_else(|| bad(token, "a modulus from 2 to 9"))?;
            (Some(m), &after[end..])
        }
        None => (None, rest),
    };
    Ok((Measure { quantity, next, modulus }, rest))
}

impl Guard {
    /// `measure comparison value` as a guard, in the form the language prints (the guards of the
    /// first rules where they say the same: `c3%2=1` is `c3:odd`).
    pub fn compare(measure: Measure, comparison: Comparison, value: u32) -> Guard {
        let parity = comparison == Comparison::Equal && value < 2 && measure.modulus == Some(2);
        match (measure.quantity, measure.next, measure.modulus) {
            (Quantity::Count(index), false, None) => Guard::Count { index, comparison, value },
            (Quantity::Count(index), false, Some(2)) if parity => {
                Guard::CountParity { index, odd: value == 1 }
            }
            (Quantity::Parts, false, Some(2)) if parity => Guard::PartsParity { odd: value == 1 },
            _ => Guard::Compare { measure, comparison, value },
        }
    }
}

fn parse_guard(token: &str) -> Result<Guard, RuleError> {
    let (negated, kind) = match (token.strip_prefix("!is:"), token.strip_prefix("is:")) {
        (Some(kind), _) => (true, Some(kind)),
        (None, Some(kind)) => (false, Some(kind)),
        _ => (false, None),
    };
    if let Some(kind) = kind {
        let kind = KINDS
            .iter()
            .find(|(word, _)| *word == kind)
            .ok_or_else(|| bad(token, "a move kind (is:ones, is:combine, is:split)"))?
            .1;
        return Ok(Guard::Kind { kind, negated });
    }
    let (measure, tail) = parse_measure(token, token)?;
    if let Some(parity) = tail.strip_prefix(':') {
        let odd = match parity {
            "odd" => 1,
            "even" => 0,
            _ => return Err(bad(token, GUARDS)),
        };
        if measure.modulus.is_some() {
            return Err(bad(token, "a guard with one of '%' and ':odd'/':even', not both"));
        }
        return Ok(Guard::compare(Measure { modulus: Some(2), ..measure }, Comparison::Equal, odd));
    }
    let (comparison, value) = OPERATORS
        .into_iter()
        .find_map(|(op, c)| tail.strip_prefix(op).map(|v| (c, v)))
        .ok_or_else(|| bad(token, GUARDS))?;
    let value = value.parse::<u32>().map_err(|_| bad(token, "a guard's whole number"))?;
    Ok(Guard::compare(measure, comparison, value))
}

impl StrategyRule {
    /// Reads a rule (see the module header).
    ///
    /// # Errors
    /// [`RuleError`] naming the first token that cannot be read.
    pub fn parse(text: &str) -> Result<StrategyRule, RuleError> {
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if squeezed.is_empty() {
            return Err(bad(text, "a rule: give preferences such as split:largest,combine:smallest,ones"));
        }
        let mut preferences = Vec::new();
        for part in squeezed.split(',') {
            if part.is_empty() {
                return Err(bad(part, "a preference (two commas in a row, or one at an end)"));
            }
            let (when, pick) = match part.split_once('?') {
                Some((condition, pick)) => {
                    let when = condition
                        .split('|')
                        .map(|all| {
                            if all.is_empty() {
                                return Err(bad(condition, "a condition ('|' with nothing on one side)"));
                            }
                            all.split('&').map(parse_guard).collect::<Result<Vec<_>, _>>()
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    (when, pick)
                }
                None => (Vec::new(), part),
            };
            preferences.push(Preference { when, pick: parse_pick(pick)? });
        }
        Ok(StrategyRule { preferences })
    }
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let extreme = |e: &Extreme| match e {
            Extreme::Largest => "largest",
            Extreme::Smallest => "smallest",
        };
        match self {
            Pick::Ones => f.write_str("ones"),
            Pick::Combine(e) => write!(f, "combine:{}", extreme(e)),
            Pick::Split(e) => write!(f, "split:{}", extreme(e)),
            Pick::CombineAt(i) => write!(f, "combine:{i}"),
            Pick::SplitAt(i) => write!(f, "split:{i}"),
            Pick::First => f.write_str("first"),
            Pick::Last => f.write_str("last"),
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = OPERATORS.iter().find(|(_, c)| c == self).expect("every comparison has an operator").0;
        f.write_str(op)
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.next {
            f.write_str("next.")?;
        }
        match self.quantity {
            Quantity::Count(i) => write!(f, "c{i}")?,
            Quantity::Around(d) => write!(f, "c@{d}")?,
            q => {
                f.write_str(WORDS.iter().find(|(_, w)| *w == q).expect("every word quantity is listed").0)?
            }
        }
        match self.modulus {
            Some(m) => write!(f, "%{m}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parity = |odd: bool| if odd { "odd" } else { "even" };
        match *self {
            Guard::Count { index, comparison, value } => write!(f, "c{index}{comparison}{value}"),
            Guard::CountParity { index, odd } => write!(f, "c{index}:{}", parity(odd)),
            Guard::PartsParity { odd } => write!(f, "parts:{}", parity(odd)),
            Guard::Compare { measure, comparison: Comparison::Equal, value }
                if measure.modulus == Some(2) && value < 2 =>
            {
                write!(f, "{}:{}", Measure { modulus: None, ..measure }, parity(value == 1))
            }
            Guard::Compare { measure, comparison, value } => write!(f, "{measure}{comparison}{value}"),
            Guard::Kind { kind, negated } => {
                let word = KINDS.iter().find(|(_, k)| *k == kind).expect("every kind has a word").0;
                write!(f, "{}is:{word}", if negated { "!" } else { "" })
            }
        }
    }
}

impl fmt::Display for Preference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (a, all) in self.when.iter().enumerate() {
            f.write_str(if a > 0 { "|" } else { "" })?;
            for (g, guard) in all.iter().enumerate() {
                f.write_str(if g > 0 { "&" } else { "" })?;
                write!(f, "{guard}")?;
            }
        }
        if !self.when.is_empty() {
            f.write_str("?")?;
        }
        write!(f, "{}", self.pick)
    }
}

impl fmt::Display for StrategyRule {
    /// The canonical text, which [`StrategyRule::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.preferences.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
