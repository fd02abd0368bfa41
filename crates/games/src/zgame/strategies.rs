//! The deterministic games of seed 000 (after [LLMMSXZ]): both players follow the same priority
//! list and make the first available move on it. Exact orders implemented:
//!
//! | rule | priority |
//! | --- | --- |
//! | Combine Largest | combine `F(i-1) ∧ F(i)` for `i` from largest to smallest; then `F1 ∧ F1`; then split `F(i) ∧ F(i)` for `i` from largest to smallest |
//! | Split Largest | split for `i` from largest to smallest; then combine consecutive from largest to smallest; then `F1 ∧ F1` |
//! | Split Smallest | split for `i` from smallest to largest; then `F1 ∧ F1`; then combine consecutive from smallest to largest |
//! | Combine Smallest | `F1 ∧ F1`; then combine consecutive from smallest to largest; then split from smallest to largest |
//!
//! "Largest" and "smallest" refer to the index `i` named in the move (`Combine(i)` acts on
//! `F(i-1)` and `F(i)`). Play-outs run on a count vector without building the position graph.

use std::fmt;
use std::str::FromStr;

use super::position::{ZMove, ZPosition};

/// A priority rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Combine Largest.
    CombineLargest,
    /// Split Largest.
    SplitLargest,
    /// Split Smallest.
    SplitSmallest,
    /// Combine Smallest.
    CombineSmallest,
}

impl Rule {
    /// All four rules.
    pub const ALL: [Rule; 4] =
        [Rule::CombineLargest, Rule::SplitLargest, Rule::SplitSmallest, Rule::CombineSmallest];

    /// The command-line name, such as `combine-largest`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::CombineLargest => "combine-largest",
            Rule::SplitLargest => "split-largest",
            Rule::SplitSmallest => "split-smallest",
            Rule::CombineSmallest => "combine-smallest",
        }
    }

    /// The move this rule picks from a position, or `None` at the end of the game.
    pub fn choose(self, position: &ZPosition) -> Option<ZMove> {
        let moves = position.moves();
        let combines = || moves.iter().filter(|m| matches!(m, ZMove::Combine(_))).copied();
        let splits = || moves.iter().filter(|m| matches!(m, ZMove::Split(_))).copied();
        let ones = || moves.iter().filter(|m| matches!(m, ZMove::CombineOnes)).copied();
        let key = |m: &ZMove| match *m {
            ZMove::Combine(i) | ZMove::Split(i) => i.get(),
            ZMove::CombineOnes => 1,
        };
        let largest = |it: &mut dyn Iterator<Item = ZMove>| it.max_by_key(key);
        let smallest = |it: &mut dyn Iterator<Item = ZMove>| it.min_by_key(key);
        match self {
            Rule::CombineLargest => {
                largest(&mut combines()).or_else(|| ones().next()).or_else(|| largest(&mut splits()))
            }
            Rule::SplitLargest => {
                largest(&mut splits()).or_else(|| largest(&mut combines())).or_else(|| ones().next())
            }
            Rule::SplitSmallest => {
                smallest(&mut splits()).or_else(|| ones().next()).or_else(|| smallest(&mut combines()))
            }
            Rule::CombineSmallest => {
                ones().next().or_else(|| smallest(&mut combines())).or_else(|| smallest(&mut splits()))
            }
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(s: &str) -> Result<Rule, String> {
        Rule::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| {
            format!("unknown rule '{s}': expected combine-largest, split-largest, split-smallest or combine-smallest")
        })
    }
}

/// Plays the game on `n` with Player 1 following `p1` and Player 2 following `p2`. Returns the
/// number of moves; Player 1 made the last move iff it is odd.
pub fn play_out(n: u32, p1: Rule, p2: Rule) -> u64 {
    let Ok(mut position) = ZPosition::start(n) else { return 0 };
    let mut length = 0u64;
    loop {
        let rule = if length.is_multiple_of(2) { p1 } else { p2 };
        let Some(m) = rule.choose(&position) else { return length };
        position = position.apply(m).expect("rules pick legal moves");
        length += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>(), Ok(r));
        }
        assert!("split-middle".parse::<Rule>().is_err());
    }
}
