//! Which member of the Zeckendorf game's family a question is about ([`Variant`]: recurrence,
//! rule set, play) and the fields it adds to the game's own JSON shapes ([`Tags`]). Both the
//! game's answers and the family's use it; it uses neither.

use serde::Serialize;
use zecklab_games::zgame::family::{Recurrence, RuleSet};

use crate::AnswerError;

/// Which member of the family: recurrence, rule set and play, and whether the recurrence or the
/// rule set was named (then the JSON says which; without, the lines are the game's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The recurrence.
    pub recurrence: Recurrence,
    /// The rule set.
    pub rules: RuleSet,
    /// Misère play.
    pub misere: bool,
    /// Whether `--recurrence` or `--rules` was given.
    pub named: bool,
}

impl Variant {
    /// The Zeckendorf game itself, in normal play.
    pub const ZECKENDORF: Variant =
        Variant { recurrence: Recurrence::FIBONACCI, rules: RuleSet::All, misere: false, named: false };

    /// The game whose table the store keeps for this member of the family.
    pub fn table_game(&self) -> zecklab_store::TableGame {
        zecklab_store::TableGame::new(self.recurrence, self.rules, self.misere)
    }

    /// Whether this is the Zeckendorf game in normal play, as its own solvers play it.
    pub fn is_zeckendorf(&self) -> bool {
        self.recurrence == Recurrence::FIBONACCI && !self.misere
    }

    /// The variant from the options' text: `C,K` (default `1,2`), a rule set name (default
    /// `all`), misère.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] naming a malformed recurrence or unknown rule set.
    pub fn parse(
        recurrence: Option<&str>,
        rules: Option<&str>,
        misere: bool,
    ) -> Result<Variant, AnswerError> {
        let named = recurrence.is_some() || rules.is_some();
        let recurrence = match recurrence {
            None => Recurrence::FIBONACCI,
            Some(text) => {
                let bad = || {
                    AnswerError::Invalid(format!(
                        "invalid recurrence '{}': give C,K (two whole numbers, such as 1,3)",
                        crate::number::shown(text)
                    ))
                };
                let (c, k) = text.split_once(',').ok_or_else(bad)?;
                let c = c.trim().parse().map_err(|_| bad())?;
                let k = k.trim().parse().map_err(|_| bad())?;
                Recurrence::new(c, k).map_err(AnswerError::invalid)?
            }
        };
        let rules = rules.map_or(Ok(RuleSet::All), RuleSet::from_name).map_err(AnswerError::invalid)?;
        Ok(Variant { recurrence, rules, misere, named })
    }

    /// The fields this variant adds to the game's own JSON shapes.
    pub fn tags(&self) -> Tags {
        Tags {
            recurrence: self.named.then_some([self.recurrence.c(), self.recurrence.k()]),
            rules: self.named.then_some(self.rules.name()),
            misere: self.misere.then_some(true),
        }
    }
}

/// The variant's fields, added to the game's own shapes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tags {
    /// `[c, k]`, when a recurrence or rule set was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recurrence: Option<[u32; 2]>,
    /// The rule set's name, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<&'static str>,
    /// `true` in misère play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere: Option<bool>,
}
