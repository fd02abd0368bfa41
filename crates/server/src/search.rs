//! `/search?q=...`: one box that takes what a visitor has in hand and goes to its page: a
//! Zeckendorf-game position (`1^3 2 5`), a pair of heaps (`10, 20`: Wythoff's game), a Fibonacci
//! Nim heap (`heap 90`), a statement's id (`black-hole-f3-proved`, `conjecture-2`) or a number
//! (its Zeckendorf representation). It answers with a redirect, or with a page saying which
//! forms it takes.

use axum::extract::RawQuery;
use axum::http::StatusCode;
use axum::response::Response;
use zecklab_answers::research;

use crate::assets::html_response;
use crate::prerender::escape;
use crate::query::Params;

/// Where the text `q` leads, if it has one of the forms the box takes.
pub fn destination(q: &str) -> Option<String> {
    let q = q.trim();
    if q.is_empty() {
        return None;
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let words: Vec<&str> =
        q.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    let encode = |t: &str| form_urlencoded::byte_serialize(t.as_bytes()).collect::<String>();
    match words.as_slice() {
        [n] if digits(n) => return Some(format!("/numeration?n={n}")),
        ["heap", n] | ["nim", n] if digits(n) => return Some(format!("/nim?heap={n}")),
        [a, b] if digits(a) && digits(b) && q.contains(',') => return Some(format!("/wythoff?a={a}&b={b}")),
        _ => {}
    }
    let lower = q.to_ascii_lowercase();
    if crate::notes::catalogue().theorems.iter().any(|t| t.id == lower) {
        return Some(format!("/theorems#{lower}"));
    }
    if research::find(&lower).is_ok() {
        return Some(format!("/research/{lower}"));
    }
    // A statement of a note, by its id: the first note that has it.
    if let Some(note) = research::NOTES
        .iter()
        .find(|note| research::statements(note.markdown).iter().any(|s| s.id == lower.replace(' ', "-")))
    {
        return Some(format!("/research/{}#{}", note.name, lower.replace(' ', "-")));
    }
    // Parts of a Zeckendorf-game position: numbers, each with an optional ^count.
    let part = |w: &&str| {
        let (value, count) = w.split_once('^').unwrap_or((w, "1"));
        digits(value) && digits(count)
    };
    if words.iter().all(part) {
        return Some(format!("/zgame?p={}", encode(&words.join("_"))));
    }
    None
}

/// `/search?q=...`: a redirect to the page of what was typed, or a page saying what it takes.
pub async fn search(RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let asked = params.text("q").unwrap_or("").to_string();
    if let Some(to) = destination(&asked) {
        return crate::assets::see_other(&to);
    }
    let body = format!(
        "<h1>Search</h1>\n<p id=\"error\" role=\"alert\">Nothing to go to for <q>{}</q>.</p>\n<p>The box takes a position of the Zeckendorf game (<code>1^3 2 5</code>), a pair of heaps of Wythoff's game (<code>10, 20</code>), a heap of Fibonacci Nim (<code>heap 90</code>), a number (its Zeckendorf representation), a theorem's id (<code>wythoff-digit-rule-proved</code>), a research note (<code>player-two</code>) or one of its statements (<code>conjecture 2</code>).</p>\n{}",
        escape(&asked),
        crate::prerender::search_form(&asked)
    );
    let page = crate::notes::fill("/research", "Search", &body);
    let mut response = html_response(page);
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_goes_to_its_page() {
        assert_eq!(destination("1000").as_deref(), Some("/numeration?n=1000"));
        assert_eq!(destination(" heap 90 ").as_deref(), Some("/nim?heap=90"));
        assert_eq!(destination("10, 20").as_deref(), Some("/wythoff?a=10&b=20"));
        assert_eq!(destination("1^3 2 5").as_deref(), Some("/zgame?p=1%5E3_2_5"));
        assert_eq!(destination("2 3").as_deref(), Some("/zgame?p=2_3"));
        assert_eq!(
            destination("wythoff-digit-rule-proved").as_deref(),
            Some("/theorems#wythoff-digit-rule-proved")
        );
        assert_eq!(destination("player-two").as_deref(), Some("/research/player-two"));
        // A statement's id names the first note that has it.
        assert_eq!(destination("Conjecture 4").as_deref(), Some("/research/random-games#conjecture-4"));
        assert_eq!(destination("theorem-7").as_deref(), Some("/research/proofs#theorem-7"));
        for nothing in ["", "   ", "hello", "1^x", "10, 20, 30x"] {
            assert_eq!(destination(nothing), None, "{nothing:?}");
        }
    }
}
