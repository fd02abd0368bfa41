//! The member of the Zeckendorf game's family a `/zgame` page shows, as its URL names it
//! (`recurrence=C,K`, `rules=no-initial-combine`, `misere=1`, `reversed=1`, `variant=ordered`):
//! its name, its rules in words, how its links and commands name it, and how its positions and
//! moves are written. The server writes all of these into the page, so that a variant's page
//! reads as that game without scripts, and the page's script keeps them.

use zecklab_numeration::fib::FIB_U64;
use zecklab_numeration::grouped;

use crate::prerender::{escape, move_by_value};
use crate::query::Params;

/// The game a `/zgame` page plays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Member {
    /// The ordered game: positions are lists, moves act on neighbours.
    pub ordered: bool,
    /// The reversed game: from the Zeckendorf representation back to n ones.
    pub reversed: bool,
    /// The generalized game's `c` and `k` (`G(n) = c·(G(n−1) + … + G(n−k))`), as the URL wrote
    /// them.
    pub recurrence: Option<(String, String)>,
    /// Without the initial combines.
    pub no_initial_combine: bool,
    /// Misère play: whoever makes the last move loses.
    pub misere: bool,
}

impl Member {
    /// The member the page's query names (a bad one is refused by the answers, which read the
    /// same parameters).
    pub fn of(params: &Params) -> Member {
        let on = |name: &str| params.text(name).is_some_and(|v| v == "1" || v == "true");
        Member {
            ordered: params.text("variant") == Some("ordered"),
            reversed: on("reversed"),
            recurrence: params.text("recurrence").map(|r| match r.split_once(',') {
                Some((c, k)) => (c.trim().to_string(), k.trim().to_string()),
                None => (r.trim().to_string(), String::new()),
            }),
            no_initial_combine: params.text("rules").is_some_and(|r| r.trim() == "no-initial-combine"),
            misere: on("misere"),
        }
    }

    /// The query parameters that name the member, to start every link of its page with.
    pub fn query(&self) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        if self.ordered {
            query.append_pair("variant", "ordered");
        }
        if self.reversed {
            query.append_pair("reversed", "1");
        }
        if let Some((c, k)) = &self.recurrence {
            query.append_pair("recurrence", &format!("{c},{k}"));
        }
        if self.no_initial_combine {
            query.append_pair("rules", "no-initial-combine");
        }
        if self.misere {
            query.append_pair("misere", "1");
        }
        query.finish()
    }

    /// The page `/zgame` for this member with `rest` (`p=...&m=...`) after its own parameters.
    pub fn link(&self, rest: &str) -> String {
        match self.query() {
            q if q.is_empty() => format!("/zgame?{rest}"),
            q => format!("/zgame?{q}&{rest}"),
        }
    }

    /// The member's short name for titles ("misère", "generalized (c = 1, k = 3)"); none for the
    /// game itself.
    pub fn short_name(&self) -> Option<String> {
        if self.ordered {
            return Some("ordered game".into());
        }
        if self.reversed {
            return Some("reversed game".into());
        }
        let mut parts = Vec::new();
        if let Some((c, k)) = &self.recurrence {
            parts.push(format!("generalized (c = {c}, k = {k})"));
        }
        if self.no_initial_combine {
            parts.push("no initial combine".into());
        }
        if self.misere {
            parts.push("misère".into());
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// The page's heading.
    pub fn heading(&self) -> String {
        let base = if self.ordered {
            "The ordered Zeckendorf game".to_string()
        } else if self.reversed {
            "The reversed Zeckendorf game".to_string()
        } else if let Some((c, k)) = &self.recurrence {
            format!("The generalized Zeckendorf game (c = {c}, k = {k})")
        } else {
            "The Zeckendorf game".to_string()
        };
        let without = if self.no_initial_combine { " without initial combines" } else { "" };
        let play = if self.misere { " in misère play" } else { "" };
        format!("{base}{without}{play}")
    }

    /// The rules in words, when they are not the game's own (which the page's template holds).
    pub fn lead(&self) -> Option<String> {
        let last = if self.misere {
            "whoever makes the last move loses (misère play)"
        } else {
            "whoever makes the last move wins"
        };
        if self.ordered {
            return Some("Start from n ones in a row. The position is the list in order, and every move acts on neighbouring entries: merge two neighbouring 1s into a 2, merge neighbouring consecutive Fibonacci numbers into the next, split two neighbouring equal values, or switch a neighbouring pair in descending order. The game ends at the Zeckendorf representation in increasing order; whoever makes the last move wins (arXiv 2508.20222).".into());
        }
        if self.reversed {
            return Some("Start from the Zeckendorf representation of n. A move takes a move of the Zeckendorf game back: it splits a part F(i+1) into F(i−1) and F(i) (a 2 into two 1s), or joins F(i+1) and F(i−2) into two equal parts 2·F(i) (3 and 1 into 2 and 2). The game ends at n ones; whoever makes the last move wins (Batterman, Jambhale, Miller et al.).".into());
        }
        if let Some((c, k)) = &self.recurrence {
            let next = c.parse::<u32>().map_or_else(|_| format!("{c} + 1"), |c| (c + 1).to_string());
            let initial = if self.no_initial_combine {
                ""
            } else {
                ", or (the initial combines) merges the smallest terms into the next"
            };
            return Some(format!(
                "Start from n copies of G1 = 1, on the sequence G(n) = {c}·(G(n−1) + … + G(n−{k})). A move combines {c} of each of {k} consecutive terms into the next, splits {next} equal terms by an identity of the sequence{initial}. The game ends at the legal decomposition of n; {last} (Baird-Smith, Epstein, Flint and Miller, “The Generalized Zeckendorf Game”)."
            ));
        }
        if self.no_initial_combine || self.misere {
            let same = if self.no_initial_combine {
                " Without initial combines the moves are the same: the two rule sets differ only when k ≥ 3."
            } else {
                ""
            };
            return Some(format!(
                "Start from n ones. A move combines two 1s into a 2, or two consecutive Fibonacci parts into the next one (F(i−1) ∧ F(i) → F(i+1)), or splits two equal parts 2·F(i) into F(i+1) and F(i−2) (2 ∧ 2 → 3 and 1).{same} The game ends at the Zeckendorf representation of n; {last} (Baird-Smith, Epstein, Flint and Miller, “The Zeckendorf Game”)."
            ));
        }
        None
    }

    /// The line under the form saying which game this is (empty for the game itself).
    pub fn note(&self) -> String {
        if self.ordered {
            return format!(
                "Playing the ordered game: entries are numbered from the left; this server solves it for n up to {} (the command line, zgame position --ordered, to {}).",
                crate::api::ORDERED_LIMIT,
                zecklab_answers::ordered::ORDERED_POSITION_TO
            );
        }
        if self.reversed {
            return "Playing the reversed game: moves of the Zeckendorf game taken back.".into();
        }
        if self.recurrence.is_none() && !self.no_initial_combine && !self.misere {
            return String::new();
        }
        let game = match &self.recurrence {
            Some((c, k)) => format!("the generalized game on G(n) = {c}·(G(n−1) + … + G(n−{k}))"),
            None => "the Zeckendorf game".into(),
        };
        format!(
            "Playing {game}{}{}. Positions are written with the values of the sequence.",
            if self.no_initial_combine { ", without initial combines" } else { "" },
            if self.misere { ", misère: whoever makes the last move loses" } else { "" }
        )
    }

    /// The command line's flags for this member.
    pub fn flags(&self) -> String {
        let mut flags = String::new();
        if self.ordered {
            flags.push_str(" --ordered");
        }
        if self.reversed {
            flags.push_str(" --reversed");
        }
        if let Some((c, k)) = &self.recurrence {
            flags.push_str(&format!(" --recurrence {c},{k}"));
        }
        if self.no_initial_combine {
            flags.push_str(" --rules no-initial-combine");
        }
        if self.misere {
            flags.push_str(" --misere");
        }
        flags
    }

    /// The first position of the game on n: n ones, or the Zeckendorf representation of n in
    /// the reversed game (the ordered game reads a number itself).
    pub fn start(&self, n: u64) -> String {
        if self.ordered {
            return n.to_string();
        }
        if !self.reversed {
            return format!("1^{n}");
        }
        let mut parts = Vec::new();
        let mut rest = n;
        for &f in FIB_U64[1..].iter().rev() {
            if f <= rest {
                parts.push(f);
                rest -= f;
            }
        }
        parts.iter().rev().map(|f| format!("{f}^1")).collect::<Vec<_>>().join(" ")
    }

    /// A position as the page writes it: parts by value, smallest first, each with its count
    /// (`1^2 2^1 3^2`), in the game and its family alike; an ordered position as it is.
    pub fn shown(&self, position: &str) -> String {
        if self.ordered {
            return position.to_string();
        }
        let mut parts: Vec<(u64, String)> = position
            .split_whitespace()
            .map(|piece| {
                let (part, count) = piece.split_once('^').unwrap_or((piece, "1"));
                (part.parse().unwrap_or(u64::MAX), format!("{part}^{count}"))
            })
            .collect();
        parts.sort_by_key(|(part, _)| *part);
        parts.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join(" ")
    }

    /// A move by value ("2 + 2 → 1 + 3"), from the paper's notation or the family's
    /// (`2^2 -> 1 3`); an ordered game's move as it is named ("merge at 2").
    pub fn move_words(&self, paper: &str) -> String {
        if self.ordered {
            return paper.to_string();
        }
        match paper.split_once("->") {
            Some((from, to)) if !paper.starts_with('{') => format!("{} → {}", side(from), side(to)),
            _ => move_by_value(paper),
        }
    }

    /// The heading's markup and the rules, the note and the position box's label written into
    /// `page` (the `/zgame` template).
    pub fn fill(&self, page: &str) -> String {
        let mut page = page.replacen(
            "<h1 id=\"title\">The Zeckendorf game</h1>",
            &format!(
                "<h1 id=\"title\" data-name=\"{}\">{}</h1>",
                escape(&self.short_name().unwrap_or_default()),
                escape(&self.heading())
            ),
            1,
        );
        if let Some(lead) = self.lead() {
            if let (Some(start), Some(end)) =
                (page.find("<p class=\"lead\" id=\"lead\">"), page.find("</details>"))
            {
                if let Some(close) = page[start..end].rfind("</p>") {
                    page.replace_range(
                        start..start + close + 4,
                        &format!("<p class=\"lead\" id=\"lead\">{}</p>", escape(&lead)),
                    );
                }
            }
        }
        page = page.replacen(
            "<p class=\"source\" id=\"variant-note\"></p>",
            &format!("<p class=\"source\" id=\"variant-note\">{}</p>", escape(&self.note())),
            1,
        );
        if self.ordered {
            page = page.replacen(
                "n or a position (parts like 1^3 2^2 5^7)",
                "n or a list of values in order (like 1 2 1 3)",
                1,
            );
        }
        page
    }
}

/// One side of a family move (`2^2`, `1 3`) by value: `2 + 2`, `1 + 3`; many copies as `9 × 2`.
fn side(text: &str) -> String {
    text.split_whitespace()
        .flat_map(|piece| {
            let (part, count) = piece.split_once('^').unwrap_or((piece, "1"));
            let copies: usize = count.parse().unwrap_or(1);
            let value = part.parse::<u64>().map_or_else(|_| part.to_string(), grouped);
            if copies <= 8 {
                vec![value; copies]
            } else {
                vec![format!("{copies} × {value}")]
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(query: &str) -> Member {
        Member::of(&Params::parse(Some(query)))
    }

    #[test]
    fn each_member_names_itself_in_its_links_title_and_commands() {
        let game = member("p=1^12");
        assert_eq!((game.short_name(), game.query(), game.flags()), (None, String::new(), String::new()));
        assert_eq!(game.link("p=1^3"), "/zgame?p=1^3");
        let misere = member("p=1^12&misere=1");
        assert_eq!(misere.short_name().as_deref(), Some("misère"));
        assert_eq!(misere.heading(), "The Zeckendorf game in misère play");
        assert_eq!(misere.flags(), " --misere");
        assert!(misere.lead().unwrap().contains("whoever makes the last move loses"));
        let generalized = member("n=9&recurrence=1%2C3&rules=no-initial-combine");
        assert_eq!(
            generalized.short_name().as_deref(),
            Some("generalized (c = 1, k = 3), no initial combine")
        );
        assert_eq!(generalized.link("n=9"), "/zgame?recurrence=1%2C3&rules=no-initial-combine&n=9");
        assert_eq!(generalized.flags(), " --recurrence 1,3 --rules no-initial-combine");
        assert!(generalized.lead().unwrap().contains("G(n) = 1·(G(n−1) + … + G(n−3))"));
        assert!(!generalized.lead().unwrap().contains("initial combines) merges"));
        let ordered = member("variant=ordered&n=8");
        assert_eq!(ordered.heading(), "The ordered Zeckendorf game");
        assert_eq!(ordered.link("p=1_1"), "/zgame?variant=ordered&p=1_1");
    }

    #[test]
    fn the_reversed_game_starts_at_the_zeckendorf_representation() {
        let reversed = member("reversed=1&n=12");
        assert_eq!(reversed.start(12), "1^1 3^1 8^1");
        assert_eq!(reversed.start(1), "1^1");
        assert_eq!(reversed.start(21), "21^1");
        assert_eq!(member("n=12").start(12), "1^12");
    }

    #[test]
    fn positions_and_moves_are_written_by_value_smallest_first() {
        let m = member("misere=1");
        assert_eq!(m.shown("2 1^4"), "1^4 2^1");
        assert_eq!(m.shown("1^3 2^2 5^7"), "1^3 2^2 5^7");
        assert_eq!(m.move_words("1^2 -> 2"), "1 + 1 → 2");
        assert_eq!(m.move_words("2^10 -> 1 3"), "10 × 2 → 1 + 3");
        assert_eq!(m.move_words("{F2 ∧ F2 -> F1 ∧ F3}"), "2 + 2 → 1 + 3");
        assert_eq!(member("variant=ordered").move_words("merge at 2"), "merge at 2");
    }
}
