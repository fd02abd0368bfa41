//! The core of each page rendered on the server: the position, its value and its moves as links
//! (the representation, on the numeration page), so that a page reads and works without
//! JavaScript, and for screen readers and search engines. The page's script replaces these with
//! its own richer view.
//!
//! Only what the page would show anyway is written: never in play mode, where the values must
//! stay out of the page until the game ends. The markup follows what the scripts draw (the same
//! groups, badges, notes and titles), so the page does not change its words when they run.

use zecklab_answers::moves::MoveJson;
use zecklab_answers::repr::Repr;
use zecklab_numeration::fib::FIB_U64;
use zecklab_numeration::grouped;

/// The most bytes of an answer written into its page for the script; a larger one the script
/// asks the API for.
pub const WRITTEN_ANSWER_BYTES: usize = 256 << 10;

/// `page` with `answer` (the JSON the API gives for the request `api`, a path and query) written
/// in as a data block the page's script reads instead of asking again (not run, so the
/// content-security policy allows it); `page` as it is when the answer is too large.
pub fn with_answer(page: &str, api: &str, answer: &impl serde::Serialize) -> String {
    let Ok(json) = serde_json::to_string(answer) else { return page.to_string() };
    if json.len() > WRITTEN_ANSWER_BYTES {
        return page.to_string();
    }
    let block = format!(
        "<script type=\"application/json\" class=\"answer-data\" data-api=\"{}\">{}</script>\n",
        escape(api),
        script_safe(&json)
    );
    page.replacen("</main>", &format!("{block}</main>"), 1)
}

/// How to get the same answer again: the command that prints it, where it came from (HTML),
/// the version, and the answer as JSON (`api`). The game pages' scripts keep it up to date as
/// the position changes (by the ids), and hide it while values are hidden.
pub fn cite(command: &str, source_html: &str, api: &str) -> String {
    format!(
        "<section class=\"panel cite\" id=\"cite\"><h2>Cite and reproduce</h2>\n<p>The same answer on the command line: <code class=\"cite-command\" id=\"cite-command\">{}</code></p>\n<p>Source: <span id=\"cite-source\">{source_html}</span>.</p>\n<p>zecklab {}. <a class=\"cite-json\" id=\"cite-json\" href=\"{}\">This answer as JSON</a>.</p></section>\n",
        escape(command),
        env!("CARGO_PKG_VERSION"),
        escape(api)
    )
}

/// The cite panel as a game page's template holds it: hidden and empty, for the server or the
/// script to fill.
pub fn empty_cite() -> String {
    cite("", "", "").replacen(
        "<section class=\"panel cite\" id=\"cite\">",
        "<section class=\"panel cite\" id=\"cite\" hidden>",
        1,
    )
}

/// `page` with its (empty) cite panel filled.
pub fn with_cite(page: &str, command: &str, source_html: &str, api: &str) -> String {
    page.replacen(&empty_cite(), &cite(command, source_html, api), 1)
}

/// JSON for a `<script>` data block: `</` would end the block early, and in JSON strings `<\/`
/// reads as `</`.
pub fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/")
}

/// The API request for `path` with `pairs` as its query (form-encoded, as the scripts encode it).
pub fn api_request(path: &str, pairs: &[(&str, &str)]) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (name, value) in pairs.iter().filter(|(_, value)| !value.is_empty()) {
        query.append_pair(name, value);
    }
    format!("{path}?{}", query.finish())
}

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

/// A Zeckendorf-game move in the board's notation, by value: `{F2 ∧ F2 -> F1 ∧ F3}` is
/// `2 + 2 → 1 + 3`.
pub fn move_by_value(paper: &str) -> String {
    let inner = paper.trim_start_matches('{').trim_end_matches('}');
    let mut out = String::new();
    let mut rest = inner;
    while let Some(at) = rest.find('F') {
        out.push_str(&rest[..at]);
        let digits: String = rest[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>().ok().and_then(|i| FIB_U64.get(i)) {
            Some(&value) if !digits.is_empty() => out.push_str(&grouped(value)),
            _ => out.push_str(&rest[at..at + 1 + digits.len()]),
        }
        rest = &rest[at + 1 + digits.len()..];
    }
    out.push_str(rest);
    out.replace(" ∧ ", " + ").replace("->", "→")
}

/// What a game page's core shows: a position, its value for the player to move, its moves.
pub struct Core<'a> {
    /// The position in the game's grammar.
    pub position: &'a str,
    /// `win` or `loss` for the player to move.
    pub outcome: &'a str,
    /// The remoteness, when known.
    pub remoteness: Option<u32>,
    /// The moves, best first.
    pub moves: &'a [MoveJson],
    /// Whether every move is listed (huge Nim heaps list only the winning takes).
    pub all_moves: bool,
}

/// How one game writes its moves and where they lead.
pub struct Notation<'a> {
    /// The URL of the page of the position a move leads to.
    pub link: &'a dyn Fn(&MoveJson) -> String,
    /// The move's text (plain text: it is escaped here).
    pub label: &'a dyn Fn(&MoveJson) -> String,
    /// The move's hover text.
    pub hover: &'a dyn Fn(&MoveJson) -> String,
}

impl Core<'_> {
    /// The status line: the value for the player to move (whose turn it is, a position alone
    /// does not say).
    pub fn status(&self) -> String {
        let verb = if self.outcome == "win" { "wins" } else { "loses" };
        let r = self.remoteness.map_or_else(|| "unknown".to_string(), |r| r.to_string());
        let end = if self.moves.is_empty() { " — no move left" } else { "" };
        format!(
            "<span class=\"who\">The player to move</span>: <span class=\"value {}\">{verb}</span> with best play (remoteness {r}){end}",
            escape(self.outcome)
        )
    }

    /// The moves, grouped under "Winning moves" and "Losing moves", each a link to the position
    /// it leads to, with its value as text.
    pub fn moves(&self, notation: &Notation<'_>) -> String {
        let mut html = String::new();
        for (title, class, winning) in
            [("Winning moves", "win-text", true), ("Losing moves", "loss-text", false)]
        {
            let group: Vec<&MoveJson> = self.moves.iter().filter(|m| m.winning == winning).collect();
            if group.is_empty() {
                continue;
            }
            html.push_str(&format!(
                "<h3 class=\"{class}\">{title} ({})</h3><ul class=\"moves\">",
                group.len()
            ));
            for m in group {
                html.push_str(&format!(
                    "<li data-winning=\"{winning}\"><a class=\"move\" href=\"{}\" title=\"{}\">{} {}</a></li>",
                    escape(&(notation.link)(m)),
                    escape(&(notation.hover)(m)),
                    escape(&(notation.label)(m)),
                    badge(m)
                ));
            }
            html.push_str("</ul>");
        }
        html
    }

    /// The note under the moves, as the script writes it.
    pub fn moves_note(&self) -> &'static str {
        if self.moves.is_empty() {
            "None: no move is left."
        } else if !self.all_moves {
            "Only the winning moves are listed for a position this large."
        } else {
            "Winning moves fastest first, then losing moves slowest first; “wins in N” counts the moves to the end of the game with best play, this one included."
        }
    }

    /// The page's title: the position (a long one cut, as the scripts cut it) and its value.
    pub fn title(&self) -> String {
        format!("{} ({})", titled(self.position), self.outcome)
    }

    /// `page` with this core written in as a player sees it while playing (the game goes on):
    /// whose turn it is and the moves in the order of their names, but no value anywhere.
    /// `hint`, when the visitor asked for one, is the best move: marked, with its value.
    pub fn fill_playing(
        &self,
        page: &str,
        notation: &Notation<'_>,
        mover: u32,
        hint: Option<&MoveJson>,
    ) -> String {
        let page = fill_title(page, &format!("{} · Player {mover} to move", titled(self.position)));
        let page = with_attribute(&page, "position", "data-position", self.position);
        let mut moves: Vec<&MoveJson> = self.moves.iter().collect();
        moves.sort_by(|a, b| a.r#move.cmp(&b.r#move));
        let items: String = moves
            .iter()
            .map(|m| {
                let hinted = hint.is_some_and(|h| h.r#move == m.r#move);
                format!(
                    "<li{}><a class=\"move\" href=\"{}\" title=\"leads to {}\">{}{}</a></li>",
                    if hinted { " class=\"hint\" data-hint=\"true\"" } else { "" },
                    escape(&(notation.link)(m)),
                    escape(&m.to),
                    escape(&(notation.label)(m)),
                    if hinted { format!(" {}", badge(m)) } else { String::new() }
                )
            })
            .collect();
        fill(
            &page,
            &[
                ("position", format!("<span class=\"who\">Player {mover} to move</span>")),
                ("moves", format!("<ul class=\"moves\">{items}</ul>")),
                (
                    "moves-note",
                    "Values are hidden while you play: ask for a hint, or finish the game.".into(),
                ),
            ],
        )
    }

    /// `page` with this core written into its status line (which carries the position in
    /// `data-position`, as the scripts keep it), moves, note and title.
    pub fn fill(&self, page: &str, notation: &Notation<'_>) -> String {
        self.fill_with_status(page, notation, None)
    }

    /// [`Core::fill`] with `status` (HTML) in the status line instead of the value, when given
    /// (a finished game names its winner there).
    pub fn fill_with_status(&self, page: &str, notation: &Notation<'_>, status: Option<String>) -> String {
        let page = fill_title(page, &self.title());
        let page = with_attribute(&page, "position", "data-position", self.position);
        fill(
            &page,
            &[
                ("position", status.unwrap_or_else(|| self.status())),
                ("moves", self.moves(notation)),
                ("moves-note", escape(self.moves_note())),
            ],
        )
    }
}

/// The most characters of a position in a page's title (as the scripts cut it).
const TITLE_CHARS: usize = 80;

/// A position as a page's title holds it: a long one cut (a heap of 200 digits).
pub fn titled(position: &str) -> String {
    if position.chars().count() > TITLE_CHARS {
        format!("{}…", position.chars().take(TITLE_CHARS - 8).collect::<String>())
    } else {
        position.to_string()
    }
}

/// A move's value in words, as the scripts write it: "wins in 3", "loses in 8", the moves to the
/// end of the game with best play, this one included (the remoteness of the position it leads
/// to, plus one).
pub fn value_words(m: &MoveJson) -> String {
    value_in_words(m.winning, m.remoteness)
}

/// A move's value in words from whether it wins and the remoteness of where it leads.
pub fn value_in_words(winning: bool, remoteness: Option<u32>) -> String {
    let verb = if winning { "wins" } else { "loses" };
    remoteness.map_or_else(|| verb.to_string(), |r| format!("{verb} in {}", u64::from(r) + 1))
}

/// The head of a table of plies, as the scripts write it (the record and the optimal line).
pub const PLY_HEAD: &str = "<thead><tr><th scope=\"col\">ply</th><th scope=\"col\">mover</th><th class=\"left\" scope=\"col\">move</th><th class=\"left\" scope=\"col\">position</th><th class=\"left\" scope=\"col\">value</th></tr></thead>";

/// One row of a table of plies, as the scripts write it: the ply, its mover, the move as a link,
/// the position it leads to and its value (plain text: escaped here); `current` marks the ply
/// shown.
pub struct PlyRow<'a> {
    pub ply: usize,
    pub mover: u32,
    pub href: &'a str,
    pub name: &'a str,
    pub to: &'a str,
    pub value: &'a str,
    pub shown: bool,
    pub current: bool,
}

impl PlyRow<'_> {
    /// The row's HTML.
    pub fn html(&self) -> String {
        format!(
            "<tr data-to=\"{to}\" data-shown=\"{shown}\"{current}><td>{ply}</td><td>Player {mover}</td><td class=\"left\"><a href=\"{href}\">{name}</a></td><td class=\"left numeral-small\">{to}</td><td class=\"left\">{value}</td></tr>",
            to = escape(self.to),
            shown = self.shown,
            current = if self.current { " aria-current=\"step\"" } else { "" },
            ply = self.ply,
            mover = self.mover,
            href = escape(self.href),
            name = escape(self.name),
            value = escape(self.value),
        )
    }
}

/// The badge after a move: its value in words (colour is only a second cue).
fn badge(m: &MoveJson) -> String {
    let class = if m.winning { "win" } else { "loss" };
    format!("<span class=\"badge {class}\">{}</span>", value_words(m))
}

/// The hover text of a move, as the scripts write it.
pub fn hover(m: &MoveJson) -> String {
    format!("{} for the player to move; leads to {}", if m.winning { "wins" } else { "loses" }, m.to)
}

/// The numeration page's core: the number's status line and its terms, indices and numeral.
pub fn numeration(repr: &Repr, ladder_terms: &[String], page: &str) -> String {
    let z = repr.representation.z();
    let shown_n =
        if repr.n.len() > 60 { format!("a number of {} digits", repr.n.len()) } else { repr.n.clone() };
    let status = format!(
        "<span class=\"value\">{}</span> = {z} term{}",
        escape(&shown_n),
        if z == 1 { "" } else { "s" }
    );
    let indices = repr.representation.indices();
    let mut body = String::new();
    if let (Some(input), Some(canonical)) = (&repr.input, repr.canonical) {
        body.push_str(&format!(
            "<p>The numeral {} is {}canonical; its value is {}.</p>",
            escape(input),
            if canonical { "" } else { "not " },
            escape(&repr.n)
        ));
    }
    body.push_str("<h2>Terms, largest first</h2>");
    match &repr.terms {
        Some(terms) => {
            body.push_str("<div class=\"terms\" id=\"terms\">");
            for (term, index) in terms.iter().zip(indices) {
                body.push_str(&format!(
                    "<span data-index=\"{index}\" title=\"index {index}\">{}</span>",
                    escape(term)
                ));
            }
            body.push_str("</div>");
        }
        None => body.push_str(&format!(
            "<p class=\"source\">{z} terms (not listed for numbers of more than 2,000 digits).</p>"
        )),
    }
    let index_text = if indices.is_empty() {
        "—".to_string()
    } else {
        indices.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    };
    body.push_str(&format!("<h2>Indices</h2><p class=\"numeral-small\" id=\"indices\">{index_text}</p>"));
    let numeral_title =
        if repr.k == 2 { "Numeral".to_string() } else { format!("Ladder-{} numeral", repr.k) };
    body.push_str(&format!(
        "<h2>{numeral_title}</h2><p class=\"numeral\" id=\"numeral\">{}</p>",
        escape(&repr.numeral)
    ));
    body.push_str(&format!(
        "<p class=\"source\">Z = {z} terms; IZ = {} (the sum of the indices).</p>",
        grouped(repr.representation.iz())
    ));
    let ladder: String = ladder_terms
        .iter()
        .enumerate()
        .map(|(i, t)| format!("<span title=\"H{}\">{}</span>", i + 1, escape(t)))
        .collect();
    let title = if repr.n.len() > 60 { format!("{} digits", repr.n.len()) } else { repr.n.clone() };
    let page = fill_title(page, &format!("{title} in Zeckendorf numeration"));
    fill(&page, &[("position", status), ("repr", body), ("ladder-k", repr.k.to_string()), ("ladder", ladder)])
}

/// `page` with the text inputs of the given ids showing these values, and the checkboxes of the
/// given ids ticked (what the page was asked, so that its form, sent without JavaScript, asks
/// again from there).
pub fn with_inputs(page: &str, values: &[(&str, &str)], ticked: &[&str]) -> String {
    let mut page = page.to_string();
    let attributes = values
        .iter()
        .map(|(id, value)| (*id, format!(" value=\"{}\"", escape(value))))
        .chain(ticked.iter().map(|id| (*id, " checked".to_string())));
    for (id, attribute) in attributes {
        let mark = format!("id=\"{id}\"");
        let Some(at) = page.find(&mark) else { continue };
        let is_input = page[..at].rfind('<').is_some_and(|tag| page[tag..].starts_with("<input"));
        if is_input {
            page.insert_str(at + mark.len(), &attribute);
        }
    }
    page
}

/// `page` with the attribute `name="value"` added to the element of id `id` (`value` is escaped
/// here).
pub fn with_attribute(page: &str, id: &str, name: &str, value: &str) -> String {
    let mark = format!("id=\"{id}\"");
    match page.find(&mark) {
        Some(at) => {
            let mut page = page.to_string();
            page.insert_str(at + mark.len(), &format!(" {name}=\"{}\"", escape(value)));
            page
        }
        None => page.to_string(),
    }
}

/// `page` with the record of a game's moves (`record`: its table rows) and the game's message
/// written in; a record shows without scripts too (its panel's chart still needs them).
pub fn with_record(page: &str, record: &str, message: &str) -> String {
    let table = if record.is_empty() { String::new() } else { format!("{PLY_HEAD}<tbody>{record}</tbody>") };
    let mut page = fill(page, &[("record", table), ("message", escape(message))]);
    if !record.is_empty() {
        page =
            page.replacen("class=\"panel needs-script\" id=\"history\"", "class=\"panel\" id=\"history\"", 1);
    }
    page
}

/// `page` with the message of an error written into its error box and its title.
pub fn with_error(page: &str, message: &str) -> String {
    fill(&fill_title(page, &format!("Error: {message}")), &[("error", escape(message))])
}

/// The search box, holding `value`.
pub fn search_form(value: &str) -> String {
    format!(
        "<form class=\"ask\" role=\"search\" method=\"get\" action=\"/search\"><label>a position, heaps, a number or a statement<input type=\"text\" name=\"q\" value=\"{}\" autocomplete=\"off\" class=\"wide\"></label><button type=\"submit\">Go</button></form>\n",
        escape(value)
    )
}

/// `page` with the text of its `<title>` replaced (`text` is escaped here).
pub fn fill_title(page: &str, text: &str) -> String {
    match (page.find("<title>"), page.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            format!(
                "{}<title>{} · zecklab</title>{}",
                &page[..start],
                escape(text),
                &page[end + "</title>".len()..]
            )
        }
        _ => page.to_string(),
    }
}

/// `page` with HTML written into the empty elements of the given ids.
pub fn fill(page: &str, parts: &[(&str, String)]) -> String {
    let mut page = page.to_string();
    for (id, html) in parts {
        let mark = format!("id=\"{id}\"");
        let Some(at) = page.find(&mark) else { continue };
        let Some(close) = page[at..].find('>') else { continue };
        let inside = at + close + 1;
        // Only an empty element is filled: the templates leave these empty for the scripts.
        if page[inside..].starts_with("</") {
            page.insert_str(inside, html);
        }
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_by_value() {
        assert_eq!(move_by_value("{F2 ∧ F2 -> F1 ∧ F3}"), "2 + 2 → 1 + 3");
        assert_eq!(move_by_value("{F1 ∧ F1 -> F2}"), "1 + 1 → 2");
        assert_eq!(move_by_value("{F16 ∧ F17 -> F18}"), "1,597 + 2,584 → 4,181");
    }

    #[test]
    fn a_long_position_is_cut_in_the_title() {
        let heap = "7".repeat(201);
        let title = titled(&format!("{heap}/{heap}"));
        assert_eq!(title.chars().count(), TITLE_CHARS - 7);
        assert!(title.ends_with('…') && title.starts_with("777"));
        assert_eq!(titled("1^3 2^2 5^7"), "1^3 2^2 5^7");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
    }

    #[test]
    fn inputs_show_what_was_asked() {
        let page = "<input type=\"text\" class=\"wide\" id=\"a\" name=\"a\"><p id=\"b\"></p><input type=\"checkbox\" id=\"c\">";
        assert_eq!(
            with_inputs(page, &[("a", "1^3 \"2\""), ("b", "x"), ("d", "y")], &["c"]),
            "<input type=\"text\" class=\"wide\" id=\"a\" value=\"1^3 &quot;2&quot;\" name=\"a\"><p id=\"b\"></p><input type=\"checkbox\" id=\"c\" checked>"
        );
    }

    #[test]
    fn only_empty_elements_are_filled() {
        let page = "<title>x</title><div id=\"a\"></div><p id=\"b\">kept</p>";
        let out = fill(&fill_title(page, "t<"), &[("a", "A".into()), ("b", "B".into()), ("c", "C".into())]);
        assert_eq!(out, "<title>t&lt; · zecklab</title><div id=\"a\">A</div><p id=\"b\">kept</p>");
    }
}
