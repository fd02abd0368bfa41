//! Which game a table holds: the Zeckendorf game or a member of its family (a generalized
//! recurrence, a rule set, misère play), and how its remoteness is encoded. A table's file name
//! and header both say it, so that tables of different games never collide or pass for each
//! other.

use zecklab_games::zgame::family::{Recurrence, RuleSet};

/// The game a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableGame {
    recurrence: Recurrence,
    rules: RuleSet,
    misere: bool,
}

/// How a table stores remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemotenessEncoding {
    /// Half the excess over the fewest moves left (the Zeckendorf game's solvers; see `FORMAT.md`).
    HalfExcess,
    /// The remoteness itself (the family's solver).
    Plain,
}

impl TableGame {
    /// The Zeckendorf game in normal play: the tables of format version 1.
    pub const ZECKENDORF: TableGame =
        TableGame { recurrence: Recurrence::FIBONACCI, rules: RuleSet::All, misere: false };

    /// The game on `recurrence` under `rules`, in misère play or not. The rule sets differ only
    /// for `k >= 3`, so below that the rule set is recorded as `all` whatever was named (the same
    /// game gets the same name).
    pub fn new(recurrence: Recurrence, rules: RuleSet, misere: bool) -> TableGame {
        let rules = if recurrence.k() >= 3 { rules } else { RuleSet::All };
        TableGame { recurrence, rules, misere }
    }

    /// The recurrence.
    pub fn recurrence(&self) -> Recurrence {
        self.recurrence
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Misère play.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// Whether the positions are the Zeckendorf game's (the Fibonacci recurrence, either play),
    /// ranked by [`zecklab_games::zgame::PositionIndex`].
    pub fn is_fibonacci(&self) -> bool {
        self.recurrence == Recurrence::FIBONACCI
    }

    /// The part of the file name between `zgame-` and `n<N>.zkt`: empty for the Zeckendorf game,
    /// else `c<C>k<K>-` for another recurrence, `noinit-` for the rule set without initial
    /// combines, `misere-` for misère play, in that order (`zgame-c2k3-noinit-misere-n40.zkt`).
    pub fn name_tag(&self) -> String {
        let mut tag = String::new();
        if !self.is_fibonacci() {
            tag.push_str(&format!("c{}k{}-", self.recurrence.c(), self.recurrence.k()));
        }
        if self.rules == RuleSet::NoInitialCombine {
            tag.push_str("noinit-");
        }
        if self.misere {
            tag.push_str("misere-");
        }
        tag
    }

    /// The file name of this game's table on `n`.
    pub fn file_name(&self, n: u32) -> String {
        format!("zgame-{}n{n}.zkt", self.name_tag())
    }

    /// The game and n a table file name stands for; `None` for any other name.
    pub fn from_file_name(name: &str) -> Option<(TableGame, u32)> {
        let rest = name.strip_prefix("zgame-")?.strip_suffix(".zkt")?;
        let mut parts: Vec<&str> = rest.split('-').collect();
        let n: u32 = parts.pop()?.strip_prefix('n')?.parse().ok()?;
        let mut recurrence = Recurrence::FIBONACCI;
        let (mut rules, mut misere) = (RuleSet::All, false);
        let mut tags = parts.into_iter().peekable();
        if let Some(ck) = tags.peek().and_then(|t| t.strip_prefix('c')) {
            let (c, k) = ck.split_once('k')?;
            recurrence = Recurrence::new(c.parse().ok()?, k.parse().ok()?).ok()?;
            if recurrence == Recurrence::FIBONACCI {
                return None;
            }
            tags.next();
        }
        if tags.peek() == Some(&"noinit") {
            rules = RuleSet::NoInitialCombine;
            tags.next();
        }
        if tags.peek() == Some(&"misere") {
            misere = true;
            tags.next();
        }
        let game = TableGame::new(recurrence, rules, misere);
        // Only the canonical spelling: one name per game.
        (tags.next().is_none() && game.file_name(n) == name).then_some((game, n))
    }

    /// How this game's tables store remoteness: as half-excesses when solved by the Zeckendorf
    /// game's flat sweep (the Fibonacci recurrence), else as remoteness itself.
    pub fn encoding(&self) -> RemotenessEncoding {
        if self.is_fibonacci() {
            RemotenessEncoding::HalfExcess
        } else {
            RemotenessEncoding::Plain
        }
    }

    /// In words, for listings: "the Zeckendorf game", "misère, recurrence 2,3, no-initial-combine".
    pub fn describe(&self) -> String {
        let mut words = Vec::new();
        if self.misere {
            words.push("misère".to_string());
        }
        if !self.is_fibonacci() {
            words.push(format!("recurrence {}", self.recurrence));
            words.push(format!("rules {}", self.rules.name()));
        }
        if words.is_empty() {
            "the Zeckendorf game".into()
        } else {
            words.join(", ")
        }
    }

    /// The header's codes: `[misere, c, k, rules]`.
    pub(crate) fn codes(&self) -> [u32; 4] {
        let rules = match self.rules {
            RuleSet::All => 0,
            RuleSet::NoInitialCombine => 1,
        };
        [u32::from(self.misere), self.recurrence.c(), self.recurrence.k(), rules]
    }

    /// The game of the header's codes; `None` when they name none.
    pub(crate) fn from_codes([misere, c, k, rules]: [u32; 4]) -> Option<TableGame> {
        let rules = match rules {
            0 => RuleSet::All,
            1 => RuleSet::NoInitialCombine,
            _ => return None,
        };
        let misere = match misere {
            0 => false,
            1 => true,
            _ => return None,
        };
        let recurrence = Recurrence::new(c, k).ok()?;
        let game = TableGame::new(recurrence, rules, misere);
        // A rule set recorded for k = 2 must be the canonical `all`.
        (game.rules == rules).then_some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_only_canonical_names_are_tables() {
        let mut names = std::collections::HashSet::new();
        for (c, k) in [(1, 2), (2, 2), (1, 3), (2, 3), (64, 16)] {
            for rules in [RuleSet::All, RuleSet::NoInitialCombine] {
                for misere in [false, true] {
                    let game = TableGame::new(Recurrence::new(c, k).unwrap(), rules, misere);
                    for n in [1, 40, 815] {
                        let name = game.file_name(n);
                        assert_eq!(TableGame::from_file_name(&name), Some((game, n)), "{name}");
                        names.insert(name);
                        assert_eq!(TableGame::from_codes(game.codes()), Some(game));
                    }
                }
            }
        }
        // Rule sets that coincide (k = 2) share one name.
        assert_eq!(names.len(), (2 + 2 + 4 + 4 + 4) * 3);
        assert_eq!(TableGame::ZECKENDORF.file_name(40), "zgame-n40.zkt");
        for bad in [
            "zgame-c1k2-n40.zkt",
            "zgame-misere-noinit-n40.zkt",
            "zgame-c2k2-noinit-n40.zkt",
            "zgame-c02k3-n40.zkt",
            "zgame-x-n40.zkt",
            "zgame-n040.zkt",
            "zgame-n40.zkt.tmp",
            "zgame-c0k3-n4.zkt",
        ] {
            assert_eq!(TableGame::from_file_name(bad), None, "{bad}");
        }
        assert_eq!(TableGame::from_codes([2, 1, 2, 0]), None);
        assert_eq!(TableGame::from_codes([0, 1, 2, 1]), None);
    }
}
