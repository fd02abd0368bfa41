//! A small language of deterministic move choices that look only at the position (no search):
//! Player 2 strategies to test against every Player 1 line.
//!
//! A rule is a comma-separated list of preferences, tried in order; the first with a legal move
//! decides. A preference is a pick, optionally behind guards on the position:
//!
//! ```text
//! rule       = preference ("," preference)*
//! preference = [guard ("&" guard)* "?"] pick
//! pick       = "ones"                          1 ∧ 1 -> 2
//!            | "combine:largest" | "combine:smallest"   F(i-1) ∧ F(i) -> F(i+1), i >= 2, by i
//!            | "split:largest" | "split:smallest"       2 F(i) -> F(i+1) + F(i-2) (i >= 3), 2 F2 -> F3 + F1 (i = 2)
//!            | "combine:" i | "split:" i              that move at exactly index i
//! guard      = "c" i op k        op one of >= <= > < =  (c_i: the copies of F_i)
//!            | "c" i ":odd" | "c" i ":even" | "parts:odd" | "parts:even"
//! ```
//!
//! For example `split:largest,combine:smallest,ones`, or `c1:odd?ones,combine:largest`. Spaces
//! are ignored. A rule with no applicable preference at a position that has moves makes no move
//! there (and so loses the game). The four play-out rules of the deterministic-games paper are
//! rules of this language ([`StrategyRule::from_play_out`]).

use std::fmt;

use super::super::position::{for_each_legal_move, MoveIndex, ZMove};
use super::super::Rule;

/// Largest or smallest index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extreme {
    Largest,
    Smallest,
}

/// Which move a preference picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// `1 ∧ 1 -> 2`.
    Ones,
    /// The combine `F(i-1) ∧ F(i) -> F(i+1)` (`i >= 2`) of largest or smallest `i`.
    Combine(Extreme),
    /// The split of two `F(i)` (`i >= 2`) of largest or smallest `i`.
    Split(Extreme),
    /// The combine at exactly index `i`.
    CombineAt(usize),
    /// The split at exactly index `i`.
    SplitAt(usize),
}

/// A comparison in a guard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    AtLeast,
    AtMost,
    Above,
    Below,
    Equal,
}

/// A condition on the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Guard {
    /// `c_i` compared with a number.
    Count { index: usize, comparison: Comparison, value: u32 },
    /// `c_i` odd (or even).
    CountParity { index: usize, odd: bool },
    /// The number of parts odd (or even).
    PartsParity { odd: bool },
}

/// One preference: a pick, taken only where every guard holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    pub guards: Vec<Guard>,
    pub pick: Pick,
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

/// Indices above this are refused (no game solvable here has parts that large).
const MAX_INDEX: usize = 90;

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
    const PICKS: &str =
        "a pick (ones, combine:largest, combine:smallest, split:largest, split:smallest, combine:I, split:I)";
    Ok(match token {
        "ones" => Pick::Ones,
        "combine:largest" => Pick::Combine(Extreme::Largest),
        "combine:smallest" => Pick::Combine(Extreme::Smallest),
        "split:largest" => Pick::Split(Extreme::Largest),
        "split:smallest" => Pick::Split(Extreme::Smallest),
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

fn parse_guard(token: &str) -> Result<Guard, RuleError> {
    const GUARDS: &str = "a guard (cI>=K, cI<=K, cI>K, cI<K, cI=K, cI:odd, cI:even, parts:odd, parts:even)";
    match token {
        "parts:odd" => return Ok(Guard::PartsParity { odd: true }),
        "parts:even" => return Ok(Guard::PartsParity { odd: false }),
        _ => {}
    }
    let rest = token.strip_prefix('c').ok_or_else(|| bad(token, GUARDS))?;
    let digits = rest.find(|ch: char| !ch.is_ascii_digit()).ok_or_else(|| bad(token, GUARDS))?;
    let (i, tail) = rest.split_at(digits);
    let i = index(i, token)?;
    if let Some(parity) = tail.strip_prefix(':') {
        return match parity {
            "odd" => Ok(Guard::CountParity { index: i, odd: true }),
            "even" => Ok(Guard::CountParity { index: i, odd: false }),
            _ => Err(bad(token, GUARDS)),
        };
    }
    let (comparison, value) = [
        (">=", Comparison::AtLeast),
        ("<=", Comparison::AtMost),
        (">", Comparison::Above),
        ("<", Comparison::Below),
        ("=", Comparison::Equal),
    ]
    .into_iter()
    .find_map(|(op, c)| tail.strip_prefix(op).map(|v| (c, v)))
    .ok_or_else(|| bad(token, GUARDS))?;
    let value = value.parse::<u32>().map_err(|_| bad(token, "a guard's whole number"))?;
    Ok(Guard::Count { index: i, comparison, value })
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
            let (guards, pick) = match part.split_once('?') {
                Some((guards, pick)) => {
                    let guards = guards.split('&').map(parse_guard).collect::<Result<Vec<_>, _>>()?;
                    (guards, pick)
                }
                None => (Vec::new(), part),
            };
            preferences.push(Preference { guards, pick: parse_pick(pick)? });
        }
        Ok(StrategyRule { preferences })
    }

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
        let mut moves = [None; 2 * MAX_INDEX + 2];
        let mut len = 0;
        for_each_legal_move(counts, |m| {
            if len < moves.len() {
                moves[len] = Some(m);
                len += 1;
            }
        });
        let moves = &moves[..len];
        let parts: u32 = counts.iter().sum();
        let count = |i: usize| counts.get(i - 1).copied().unwrap_or(0);
        for p in &self.preferences {
            let holds = p.guards.iter().all(|g| match *g {
                Guard::Count { index, comparison, value } => {
                    let c = count(index);
                    match comparison {
                        Comparison::AtLeast => c >= value,
                        Comparison::AtMost => c <= value,
                        Comparison::Above => c > value,
                        Comparison::Below => c < value,
                        Comparison::Equal => c == value,
                    }
                }
                Guard::CountParity { index, odd } => (count(index) % 2 == 1) == odd,
                Guard::PartsParity { odd } => (parts % 2 == 1) == odd,
            });
            if !holds {
                continue;
            }
            let combines = moves.iter().flatten().filter_map(|m| match m {
                ZMove::Combine(i) => Some(i.get()),
                _ => None,
            });
            let splits = moves.iter().flatten().filter_map(|m| match m {
                ZMove::Split(i) => Some(i.get()),
                _ => None,
            });
            let pick = |i: Option<usize>, make: fn(MoveIndex) -> ZMove| i.and_then(MoveIndex::new).map(make);
            let chosen = match p.pick {
                Pick::Ones => moves.iter().flatten().copied().find(|m| *m == ZMove::CombineOnes),
                Pick::Combine(Extreme::Largest) => pick(combines.max(), ZMove::Combine),
                Pick::Combine(Extreme::Smallest) => pick(combines.min(), ZMove::Combine),
                Pick::Split(Extreme::Largest) => pick(splits.max(), ZMove::Split),
                Pick::Split(Extreme::Smallest) => pick(splits.min(), ZMove::Split),
                Pick::CombineAt(i) => pick(combines.into_iter().find(|&c| c == i), ZMove::Combine),
                Pick::SplitAt(i) => pick(splits.into_iter().find(|&s| s == i), ZMove::Split),
            };
            if chosen.is_some() {
                return chosen;
            }
        }
        None
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
        }
    }
}

impl fmt::Display for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parity = |odd: bool| if odd { "odd" } else { "even" };
        match *self {
            Guard::Count { index, comparison, value } => {
                let op = match comparison {
                    Comparison::AtLeast => ">=",
                    Comparison::AtMost => "<=",
                    Comparison::Above => ">",
                    Comparison::Below => "<",
                    Comparison::Equal => "=",
                };
                write!(f, "c{index}{op}{value}")
            }
            Guard::CountParity { index, odd } => write!(f, "c{index}:{}", parity(odd)),
            Guard::PartsParity { odd } => write!(f, "parts:{}", parity(odd)),
        }
    }
}

impl fmt::Display for StrategyRule {
    /// The canonical text, which [`StrategyRule::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.preferences.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            for (g, guard) in p.guards.iter().enumerate() {
                f.write_str(if g > 0 { "&" } else { "" })?;
                write!(f, "{guard}")?;
            }
            if !p.guards.is_empty() {
                f.write_str("?")?;
            }
            write!(f, "{}", p.pick)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::PositionIndex;

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
