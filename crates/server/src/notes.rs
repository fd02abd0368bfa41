//! The explorer's reference pages: `/theorems` (every statement `zecklab verify` checks, proved
//! for every n or checked over a range), `/research` and `/research/NAME` (the research notes,
//! rendered from their Markdown, each numbered statement an anchor such as
//! `#conjecture-3`), and the published files under `/data/FILE`. Everything is built into the
//! program; the JSON twins are `/api/theorems`, `/api/research` and `/api/research/NAME`, the
//! shapes `zecklab verify --list --json` and `zecklab research --json` print.

use std::fmt::Write as _;
use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use zecklab_answers::research::{self, NoteJson, ResearchJson};
use zecklab_store::published;
use zecklab_verify::{Status, TheoremsJson};

use crate::assets::{html_response, page_html};
use crate::prerender::{cite, escape, fill_title};
use crate::ApiError;

/// The routes of the reference pages, their JSON and the downloads.
pub fn routes() -> Router {
    Router::new()
        .route("/theorems", get(theorems_page))
        .route("/research", get(research_page))
        .route("/research/{name}", get(note_page))
        .route("/research/figures/{file}", get(figure))
        .route("/theorems/{id}/{file}", get(proof_file))
        .route("/data/{*file}", get(download))
        .route("/api/theorems", get(|| async { Json(catalogue().clone()) }))
        .route("/api/research", get(|| async { Json(research::research()) }))
        .route("/api/research/{name}", get(note_json))
}

/// The catalogue of `zecklab verify`'s statements, made once.
pub(crate) fn catalogue() -> &'static TheoremsJson {
    static CATALOGUE: OnceLock<TheoremsJson> = OnceLock::new();
    CATALOGUE.get_or_init(zecklab_verify::catalogue)
}

/// The figures the notes show, by file name.
const FIGURES: &[(&str, &[u8])] = &[
    ("black-hole-table.png", include_bytes!("../../../docs/figures/black-hole-table.png")),
    ("zgame-certificates.png", include_bytes!("../../../docs/figures/zgame-certificates.png")),
    ("zgame-minimal.png", include_bytes!("../../../docs/figures/zgame-minimal.png")),
    ("zgame-p-largest.png", include_bytes!("../../../docs/figures/zgame-p-largest.png")),
    ("zgame-p-structure.png", include_bytes!("../../../docs/figures/zgame-p-structure.png")),
    ("zgame-random-laws.png", include_bytes!("../../../docs/figures/zgame-random-laws.png")),
    ("zgame-rule-curve.png", include_bytes!("../../../docs/figures/zgame-rule-curve.png")),
];

/// How long a figure or a published file may be cached: they change only with the program.
const FILE_CACHE: &str = "public, max-age=3600";

async fn theorems_page() -> Response {
    let catalogue = catalogue();
    let mut body = String::from("<h1>Theorems</h1>\n");
    let _ = writeln!(
        body,
        "<p class=\"lead\">Every statement <code>zecklab verify</code> checks: {} proved for every n by zecklab's decision procedure for Zeckendorf numeration, {} checked over a range against an independent method. Each names its source and the command that checks it again. The research notes (<a href=\"/research\">Research</a>) state what the computations suggest beyond these.</p>",
        catalogue.proved, catalogue.checked
    );
    let mut subject = "";
    for t in &catalogue.theorems {
        if t.subject != subject {
            if !subject.is_empty() {
                body.push_str("</section>\n");
            }
            subject = t.subject;
            let _ = writeln!(body, "<section class=\"panel\"><h2>{}</h2>", escape(subject));
        }
        let status = match t.status {
            Status::Proved => "<span class=\"badge proved\">proved for every n</span> (<a href=\"/research/proofs\">how the proofs are made</a>)".to_string(),
            Status::Checked => format!(
                "<span class=\"badge checked\">checked</span>: {} (<code>--quick</code>: {})",
                escape(&t.range),
                escape(&t.quick_range)
            ),
        };
        let _ = write!(
            body,
            "<article class=\"theorem\" id=\"{id}\"><h3><a href=\"#{id}\"><code>{id}</code></a></h3>\n<p>{statement}</p>\n<p>{status}.</p>\n<p class=\"source\">Source: {source}. Method: {method}. Reproduce: <code>{command}</code></p>{proof}</article>\n",
            proof = t.proof.as_deref().map(|script| proof_panel(t.id, script)).unwrap_or_default(),
            id = escape(t.id),
            statement = escape(&t.statement),
            source = escape(t.source),
            method = escape(&t.method),
            command = escape(&t.command),
        );
    }
    if !subject.is_empty() {
        body.push_str("</section>\n");
    }
    body.push_str(&cite(
        "zecklab verify --list --json",
        "the checks built into this program (<code>zecklab verify</code> runs them)",
        "/api/theorems",
    ));
    html_response(fill("/theorems", "Theorems", &body))
}

/// A proved statement's proof: its script, and its automata in Walnut's file format.
fn proof_panel(id: &str, script: &str) -> String {
    let links: Vec<String> = defined_names(script)
        .map(|name| {
            format!(
                "<a href=\"/theorems/{id}/{name}.txt\" download><code>{name}.txt</code></a>",
                id = escape(id),
                name = escape(name)
            )
        })
        .collect();
    format!(
        "<details class=\"proof\"><summary>The proof</summary>\n<p>A script in Walnut's language (<a href=\"/theorems/{id}/proof.txt\" download>proof.txt</a>; <code>zecklab prove --script proof.txt</code> runs it); the automata it defines, in Walnut's file format: {}.</p>\n<pre>{}</pre></details>",
        links.join(", "),
        escape(script),
        id = escape(id)
    )
}

/// The names a script's `def` commands define, in order.
fn defined_names(script: &str) -> impl Iterator<Item = &str> {
    script.lines().filter_map(|line| line.trim().strip_prefix("def ")?.split_whitespace().next())
}

/// `/theorems/ID/proof.txt` (the proof's script) and `/theorems/ID/NAME.txt` (an automaton it
/// defines, in Walnut's file format, made by running the proof).
async fn proof_file(Path((id, file)): Path<(String, String)>) -> Response {
    let Some(script) = zecklab_verify::proofs::script(&id) else {
        return not_found(
            "no statement proved for every n has that id; the statements are listed on /theorems",
        );
    };
    let Some(name) = file.strip_suffix(".txt") else { return not_found("no such file") };
    if name == "proof" {
        return text_response(script);
    }
    if !defined_names(&script).any(|n| n == name) {
        return not_found("the proof defines no automaton of that name");
    }
    let (id, name) = (id.clone(), name.to_string());
    let made = tokio::task::spawn_blocking(move || zecklab_verify::proofs::automata(&id)).await;
    match made {
        Ok(Some(Ok(automata))) => match automata.into_iter().find(|(n, _)| *n == name) {
            Some((_, text)) => text_response(text),
            None => not_found("the proof defines no automaton of that name"),
        },
        Ok(Some(Err(e))) => ApiError::internal(format!("the proof failed: {e}")).into_response(),
        _ => ApiError::internal("the proof could not be run").into_response(),
    }
}

fn text_response(text: String) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(FILE_CACHE));
    response
}

async fn research_page() -> Response {
    let all: ResearchJson = research::research();
    let mut body = String::from("<h1>Research notes</h1>\n");
    body.push_str(&crate::prerender::search_form(""));
    body.push_str(&render_markdown(strip_title(research::INDEX)));
    body.push_str("<section class=\"panel\"><h2>The notes</h2>\n<ul class=\"notes\">\n");
    for note in &all.notes {
        let _ = writeln!(
            body,
            "<li><a href=\"/research/{}\">{}</a> ({} numbered statements)</li>",
            escape(&note.name),
            escape(&note.title),
            note.statements.len()
        );
    }
    body.push_str("</ul>\n<p>Every statement <code>zecklab verify</code> checks is on <a href=\"/theorems\">Theorems</a>.</p></section>\n");
    body.push_str(&cite("zecklab research --json", "the notes built into this program", "/api/research"));
    html_response(fill("/research", "Research notes", &body))
}

async fn note_page(Path(name): Path<String>) -> Response {
    let note = match research::find(&name) {
        Ok(note) => note,
        Err(e) => return not_found(&e.to_string()),
    };
    let title = research::title(note.markdown);
    let mut body = String::new();
    body.push_str(
        "<p class=\"crumbs\"><a href=\"/research\">Research notes</a></p>\n<article class=\"note\">\n",
    );
    body.push_str(&render_markdown(note.markdown));
    body.push_str("</article>\n");
    body.push_str(&cite(
        &format!("zecklab research {} --json", note.name),
        &format!("<code>docs/research/{}.md</code>, built into this program", escape(note.name)),
        &format!("/api/research/{}", note.name),
    ));
    html_response(fill("/research", &title, &body))
}

async fn note_json(Path(name): Path<String>) -> Result<Json<NoteJson>, ApiError> {
    research::note(&name).map(Json).map_err(|e| {
        let mut error = ApiError::from(e);
        error.status = StatusCode::NOT_FOUND;
        error
    })
}

async fn figure(Path(file): Path<String>) -> Response {
    match FIGURES.iter().find(|(name, _)| *name == file) {
        Some((_, bytes)) => file_response("image/png", bytes),
        None => not_found("no such figure"),
    }
}

async fn download(Path(file): Path<String>) -> Response {
    match published::file(&file) {
        Some(bytes) => file_response(content_type(&file), bytes),
        None => not_found(&format!(
            "no published file is named {}; the files are listed on /data",
            zecklab_answers::number::shown(&file)
        )),
    }
}

/// The content type of a published file, by its extension.
fn content_type(file: &str) -> &'static str {
    match file.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "csv" => "text/csv; charset=utf-8",
        "json" => "application/json",
        "jsonl" => "application/x-ndjson",
        "parquet" => "application/vnd.apache.parquet",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn file_response(content_type: &'static str, bytes: &'static [u8]) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(FILE_CACHE));
    response
}

fn not_found(message: &str) -> Response {
    let body = format!(
        "<h1>No such page</h1>\n<p>{}.</p>\n<p><a href=\"/research\">Research notes</a> · <a href=\"/theorems\">Theorems</a> · <a href=\"/data\">The record and its data</a></p>\n",
        escape(message)
    );
    let mut response = html_response(fill("/research", "No such page", &body));
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// The page template at `path` with `title` and `body` written in.
pub(crate) fn fill(path: &str, title: &str, body: &str) -> String {
    let page = page_html(path).replacen(
        "<div id=\"reference\"></div>",
        &format!("<div id=\"reference\">{body}</div>"),
        1,
    );
    fill_title(&page, title)
}

/// A note without its first heading (the page writes its own).
fn strip_title(markdown: &str) -> &str {
    match markdown.split_once('\n') {
        Some((first, rest)) if first.starts_with("# ") => rest,
        _ => markdown,
    }
}

/// A note's Markdown as HTML: headings and numbered statements with ids to link to (a statement
/// `**Conjecture 3 ...**` opens a paragraph with `id="conjecture-3"`), the figures from
/// `/research/figures/`, a note named in code (`` `opening.md` ``) linked to its page, links
/// into the repository's sources left as their text, tables in a scrolling frame, and any raw
/// HTML shown as text.
pub fn render_markdown(markdown: &str) -> String {
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    let mut dropped_links = 0usize;
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Start(Tag::Heading { level, .. }) => {
                let level = *level;
                let text = text_until_end(&events[i + 1..]);
                let tag = heading_tag(level);
                out.push(Event::Html(CowStr::from(format!("<{tag} id=\"{}\">", slug(&text)))));
                i += 1;
                while !matches!(events[i], Event::End(TagEnd::Heading(_))) {
                    out.push(events[i].clone());
                    i += 1;
                }
                out.push(Event::Html(CowStr::from(format!("</{tag}>\n"))));
            }
            Event::Start(Tag::Paragraph) => {
                let id = match (events.get(i + 1), events.get(i + 2)) {
                    (Some(Event::Start(Tag::Strong)), Some(Event::Text(t))) => research::statement_of(t),
                    _ => None,
                };
                match id {
                    Some((kind, number)) => out.push(Event::Html(CowStr::from(format!(
                        "<p class=\"statement\" id=\"{kind}-{number}\">"
                    )))),
                    None => out.push(events[i].clone()),
                }
            }
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                let dest = match dest_url.strip_prefix("../figures/") {
                    Some(file) => CowStr::from(format!("/research/figures/{file}")),
                    None => dest_url.clone(),
                };
                out.push(Event::Start(Tag::Image {
                    link_type: *link_type,
                    dest_url: dest,
                    title: title.clone(),
                    id: id.clone(),
                }));
            }
            Event::Start(Tag::Link { dest_url, .. }) if dest_url.starts_with("../") => dropped_links += 1,
            Event::End(TagEnd::Link) if dropped_links > 0 => dropped_links -= 1,
            Event::Start(Tag::Table(columns)) => {
                out.push(Event::Html(CowStr::from(
                    "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"table\">",
                )));
                // Without alignments: they would be inline styles, which the pages' policy refuses.
                out.push(Event::Start(Tag::Table(vec![pulldown_cmark::Alignment::None; columns.len()])));
            }
            Event::End(TagEnd::Table) => {
                out.push(events[i].clone());
                out.push(Event::Html(CowStr::from("</div>\n")));
            }
            Event::Code(code) => match code.strip_suffix(".md").filter(|name| research::find(name).is_ok()) {
                Some(name) => out.push(Event::Html(CowStr::from(format!(
                    "<a href=\"/research/{name}\"><code>{}</code></a>",
                    escape(code)
                )))),
                None => out.push(events[i].clone()),
            },
            Event::Html(raw) | Event::InlineHtml(raw) => out.push(Event::Text(raw.clone())),
            other => out.push(other.clone()),
        }
        i += 1;
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

fn heading_tag(level: HeadingLevel) -> &'static str {
    match level {
        HeadingLevel::H1 => "h1",
        HeadingLevel::H2 => "h2",
        HeadingLevel::H3 => "h3",
        HeadingLevel::H4 => "h4",
        HeadingLevel::H5 => "h5",
        HeadingLevel::H6 => "h6",
    }
}

/// The plain text of the events up to the end of the element they are in.
fn text_until_end(events: &[Event<'_>]) -> String {
    let mut text = String::new();
    for event in events {
        match event {
            Event::End(_)
                if !matches!(event, Event::End(TagEnd::Strong | TagEnd::Emphasis | TagEnd::Link)) =>
            {
                break
            }
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            _ => {}
        }
    }
    text
}

/// A heading's anchor: its words in lower case, joined by hyphens.
fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_and_headings_get_their_anchors_and_raw_html_stays_text() {
        let html = render_markdown(
            "# A note\n\n## What is done\n\n**Conjecture 3 (the law).** It holds.\n\nSee `opening.md` and [the code](../../crates/x.rs).\n\n<script>alert(1)</script>\n\n![F](../figures/zgame-minimal.png)\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n",
        );
        assert!(html.contains("<h2 id=\"what-is-done\">What is done</h2>"), "{html}");
        assert!(
            html.contains(
                "<p class=\"statement\" id=\"conjecture-3\"><strong>Conjecture 3 (the law).</strong>"
            ),
            "{html}"
        );
        assert!(html.contains("<a href=\"/research/opening\"><code>opening.md</code></a>"), "{html}");
        assert!(html.contains("the code") && !html.contains("crates/x.rs"), "{html}");
        assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("src=\"/research/figures/zgame-minimal.png\""), "{html}");
        assert!(
            html.contains(
                "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"table\"><table>"
            ),
            "{html}"
        );
        assert!(!html.contains("style="), "no inline style (the pages' policy refuses it): {html}");
    }

    #[test]
    fn every_figure_a_note_shows_is_built_in_and_every_statement_is_an_anchor() {
        for note in research::NOTES {
            let html = render_markdown(note.markdown);
            for part in html.split("src=\"").skip(1) {
                let src = part.split('"').next().unwrap();
                let file =
                    src.strip_prefix("/research/figures/").unwrap_or_else(|| panic!("{}: {src}", note.name));
                assert!(FIGURES.iter().any(|(name, _)| *name == file), "{}: {file}", note.name);
            }
            for statement in research::statements(note.markdown) {
                assert!(
                    html.contains(&format!("id=\"{}\"", statement.id)),
                    "{}: {}",
                    note.name,
                    statement.id
                );
            }
        }
    }

    #[test]
    fn slugs_are_lower_case_words_joined_by_hyphens() {
        assert_eq!(slug("The parity law, n by n"), "the-parity-law-n-by-n");
        assert_eq!(slug("Player 2's first replies"), "player-2-s-first-replies");
    }
}
