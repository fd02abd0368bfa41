//! The core of the Zeckendorf game's page rendered on the server: the position, its value and
//! its moves as links, so that the page reads and works without JavaScript (and for screen
//! readers and search engines). The page's script replaces these with its own richer view.
//!
//! Only what the page would show anyway is written: never in play mode, where the values must
//! stay out of the page until the game ends.

use zecklab_answers::moves::MoveJson;
use zecklab_answers::zgame::PositionJson;
use zecklab_numeration::fib::FIB_U64;

/// `text` with the characters HTML gives meaning to replaced by entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A move in the board's notation, by value: `{F2 ∧ F2 -> F1 ∧ F3}` is `2 + 2 → 1 + 3`.
pub fn move_by_value(paper: &str) -> String {
    let inner = paper.trim_start_matches('{').trim_end_matches('}');
    let mut out = String::new();
    let mut rest = inner;
    while let Some(at) = rest.find('F') {
        out.push_str(&rest[..at]);
        let digits: String = rest[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>().ok().and_then(|i| FIB_U64.get(i)) {
            Some(value) if !digits.is_empty() => out.push_str(&value.to_string()),
            _ => out.push_str(&rest[at..at + 1 + digits.len()]),
        }
        rest = &rest[at + 1 + digits.len()..];
    }
    out.push_str(rest);
    out.replace(" ∧ ", " + ").replace("->", "→")
}

/// The URL of a position's page (parts joined by `_`, as the permalinks write them).
fn link(position: &str) -> String {
    format!("/zgame?p={}", position.split_whitespace().collect::<Vec<_>>().join("_"))
}

fn badge(m: &MoveJson) -> String {
    let word = if m.winning { "win" } else { "loss" };
    let r = m.remoteness.map(|r| format!(" r{r}")).unwrap_or_default();
    format!("<span class=\"badge {word}\">{word}{r}</span>")
}

/// The status line: the value for the player to move (whose turn it is, a position alone does
/// not say).
pub fn status(answer: &PositionJson) -> String {
    let verb = if answer.outcome == "win" { "wins" } else { "loses" };
    let r = answer.remoteness.map_or_else(|| "unknown".to_string(), |r| r.to_string());
    let end = if answer.terminal { " — no move left" } else { "" };
    format!(
        "<span class=\"who\">The player to move</span>: <span class=\"value {}\">{verb}</span> with best play (remoteness {r}){end}",
        answer.outcome
    )
}

/// The moves, grouped under "Winning moves" and "Losing moves", each a link to the position it
/// leads to, with its value as text.
pub fn moves(answer: &PositionJson) -> String {
    let mut html = String::new();
    for (title, class, winning) in [("Winning moves", "win-text", true), ("Losing moves", "loss-text", false)]
    {
        let group: Vec<&MoveJson> = answer.moves.iter().filter(|m| m.winning == winning).collect();
        if group.is_empty() {
            continue;
        }
        html.push_str(&format!("<h3 class=\"{class}\">{title} ({})</h3><ul class=\"moves\">", group.len()));
        for m in group {
            html.push_str(&format!(
                "<li><a href=\"{}\" title=\"{}\">{}: {}</a> {}</li>",
                escape(&link(&m.to)),
                escape(&m.r#move),
                escape(&move_by_value(&m.r#move)),
                escape(&m.to),
                badge(m)
            ));
        }
        html.push_str("</ul>");
    }
    if answer.moves.is_empty() {
        html.push_str("<p>No moves: the game is over.</p>");
    }
    html
}

/// The page's title: the position and its value.
pub fn title(answer: &PositionJson) -> String {
    escape(&format!("{} ({})", answer.position, answer.outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_by_value() {
        assert_eq!(move_by_value("{F2 ∧ F2 -> F1 ∧ F3}"), "2 + 2 → 1 + 3");
        assert_eq!(move_by_value("{F1 ∧ F1 -> F2}"), "1 + 1 → 2");
        assert_eq!(move_by_value("{F10 ∧ F11 -> F12}"), "89 + 144 → 233");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
    }
}
