//! The research pages, rendered whole on the server (they read without scripts): `/data`, the
//! record of the Zeckendorf game's solves and the published files with their checksums, from the
//! data built into the program; and `/zgame/stats`, one game cut by remoteness and by tier. Each
//! ends with how to reproduce it: the `zecklab` command that prints the same answer, where the
//! answer came from, the version, and the answer as JSON.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{RawQuery, State as Shared};
use axum::response::Response;
use zecklab_answers::record::record_lines;
use zecklab_answers::stats::{StatsJson, LENGTH_LAWS_TO, STATS_LIMIT};
use zecklab_numeration::grouped;
use zecklab_store::data::{Record, Solved};
use zecklab_store::published;

use crate::api::{stats_answer, State};
use crate::assets::{error_page, error_response, html_response, page_html};
use crate::lab_jobs::{Progress, TestKey};
use crate::prerender::{api_request, cite, escape, move_by_value, with_inputs};
use crate::query::Params;
use crate::ApiError;

/// `/data`, and `/data?n=N` with that n's tiers.
pub async fn data_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let asked = params.text("n").map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
    let order = match TableOrder::parse(&params) {
        Ok(order) => order,
        Err(e) => return error_page("/data", &e, &[("ask-n", asked.as_deref().unwrap_or(""))]),
    };
    match render_data(&state, asked.as_deref(), &order) {
        Ok(page) => html_response(page),
        Err(e) => error_page("/data", &e, &[("ask-n", asked.as_deref().unwrap_or(""))]),
    }
}

fn render_data(state: &State, asked: Option<&str>, order: &TableOrder) -> Result<String, ApiError> {
    let record = published::record();
    let n = match asked {
        Some(text) => Some(zecklab_answers::number::whole_u32(text).map_err(|e| ApiError::about("n", e))?),
        None => None,
    };
    let one = match n {
        Some(n) => Some(one_n(record, n, state.solve_up_to())?),
        None => None,
    };
    let mut body = String::new();
    let _ = write!(
        body,
        "<p class=\"lead\" id=\"summary\">{}</p>\n<p>{}</p>\n",
        with_code(&escape(&record.summary())),
        with_code(&escape(&record.completeness()))
    );
    body.push_str(&one.unwrap_or_default());
    body.push_str("<section class=\"panel\"><h2>The share of P-positions, for every n solved</h2>\n");
    body.push_str(&share_chart(record));
    body.push_str("<p class=\"source\">Each point is one n (a link to its figures by tier); the share is the P-positions over all positions of the game on n.</p></section>\n");
    body.push_str("<section class=\"panel\"><h2>The start's remoteness</h2>\n");
    body.push_str(&remoteness_chart(record));
    body.push_str("<p class=\"source\">How long perfect play lasts from n ones, for every n whose remoteness was computed.</p></section>\n");
    body.push_str(&every_n_table(record, order));
    body.push_str(&files_table());
    let (command, api) = match n {
        Some(n) => (
            format!("zecklab data record --n {n} --tiers --json"),
            api_request("/api/data/record", &[("n", &n.to_string()), ("tiers", "1")]),
        ),
        None => ("zecklab data record --json".to_string(), "/api/data/record".to_string()),
    };
    let source = format!(
        "the data published with zecklab {}, built into this program: <code>{}/zgame-by-n.csv</code> (SHA-256 <code>{}</code>) and <code>{}/zgame-tiers.parquet</code>",
        env!("CARGO_PKG_VERSION"),
        published::DIR,
        published::checksums().get("zgame-by-n.csv").map_or("", String::as_str),
        published::DIR,
    );
    body.push_str(&cite(&command, &source, &api));
    let page = with_inputs(page_html("/data"), &[("ask-n", asked.unwrap_or(""))], &[]);
    Ok(page.replacen("<div id=\"data\"></div>", &format!("<div id=\"data\">{body}</div>"), 1))
}

/// The panel of one recorded n: its row, links to its game, and its tiers.
fn one_n(record: &Record, n: u32, solve_up_to: u32) -> Result<String, ApiError> {
    let lines = record_lines(record, Some(n), true).map_err(ApiError::from)?;
    let line = &lines[0];
    let row = line.row;
    let mut html = format!(
        "<section class=\"panel\" id=\"n-{n}\" data-n=\"{n}\" data-positions=\"{}\" data-p-positions=\"{}\" data-winner=\"{}\"><h2>The game on n = {n}</h2>\n<p>{}</p>\n",
        row.positions,
        row.p_positions,
        row.winner.code(),
        escape(&row_words(row)),
    );
    let mut links = Vec::new();
    if n <= solve_up_to {
        links.push(format!("<a href=\"/zgame?n={n}\">explore or play the game on {n}</a>"));
        if n <= STATS_LIMIT {
            links.push(format!("<a href=\"/zgame/stats?n={n}\">its statistics by remoteness</a>"));
        }
    }
    if !links.is_empty() {
        let _ = writeln!(html, "<p>{}</p>", links.join(" · "));
    }
    let tiers = line.tiers.unwrap_or_default().iter().map(|t| (t.parts, t.positions, t.p_positions));
    html.push_str(&tier_table("<caption>Positions and P-positions by number of parts</caption>", tiers));
    html.push_str("</section>\n");
    Ok(html)
}

/// A table of tiers, `(parts, positions, P-positions)` each, with the share of P-positions.
fn tier_table(caption: &str, tiers: impl Iterator<Item = (u32, u64, u64)>) -> String {
    let mut html = format!(
        "<table class=\"data\">{caption}<thead><tr><th>parts</th><th>positions</th><th>P-positions</th><th>share</th></tr></thead><tbody>\n"
    );
    for (parts, positions, p_positions) in tiers {
        let _ = writeln!(
            html,
            "<tr><td>{parts}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            grouped(positions),
            grouped(p_positions),
            percent(p_positions, positions)
        );
    }
    html.push_str("</tbody></table>\n");
    html
}

/// A row of the record in words.
fn row_words(row: &Solved) -> String {
    let player = row.winner.name();
    let remoteness =
        row.remoteness.map_or(String::new(), |r| format!("; perfect play lasts {r} moves from the start"));
    format!(
        "{} positions, of which {} are P-positions ({}); {player} wins{remoteness}. Solved by the {} solver of zecklab {} on {}.",
        grouped(row.positions),
        grouped(row.p_positions),
        percent(row.p_positions, row.positions),
        row.solver,
        row.version,
        row.machine
    )
}

/// `text` with its `code spans` (between backticks, as the record's sentences write commands)
/// as HTML code.
fn with_code(text: &str) -> String {
    let mut out = String::new();
    for (i, piece) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{piece}</code>");
        } else {
            out.push_str(piece);
        }
    }
    out
}

fn percent(part: u64, all: u64) -> String {
    format!("{:.2}%", 100.0 * part as f64 / all.max(1) as f64)
}

/// Every published file with its full SHA-256.
fn files_table() -> String {
    let mut html = String::from(
        "<section class=\"panel\" id=\"files\"><h2>The published files</h2>\n<p>Each file is what a <code>zecklab</code> command printed, built into this program and downloadable here; <code>zecklab data check --dir docs/data</code> checks every checksum, and recounts every tier. The number of positions of the game on n is OEIS <a href=\"https://oeis.org/A003107\">A003107</a>; <code>oeis/</code> holds the entries drafted for the P-positions and the start's remoteness.</p>\n<table class=\"data\"><thead><tr><th class=\"left\">file</th><th class=\"left\">SHA-256</th></tr></thead><tbody>\n",
    );
    for (file, sum) in published::checksums() {
        let _ = writeln!(
            html,
            "<tr><td class=\"left\"><a href=\"/data/{file}\" download><code>{file}</code></a></td><td class=\"left sha\"><code>{}</code></td></tr>",
            escape(sum),
            file = escape(file)
        );
    }
    html.push_str("</tbody></table></section>\n");
    html
}

/// How the table of every n is ordered and which page of it is shown (`sort`, `order`, `page`).
pub struct TableOrder {
    column: Column,
    descending: bool,
    page: usize,
}

/// A column of the table of every n, by its name in `sort=`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    N,
    Positions,
    PPositions,
    Share,
    Remoteness,
}

const COLUMNS: [(Column, &str, &str); 5] = [
    (Column::N, "n", "n"),
    (Column::Positions, "positions", "positions"),
    (Column::PPositions, "p-positions", "P-positions"),
    (Column::Share, "share", "share"),
    (Column::Remoteness, "remoteness", "start's remoteness"),
];

/// Rows of the table of every n on one page.
const TABLE_PAGE: usize = 100;

impl TableOrder {
    fn parse(params: &Params) -> Result<TableOrder, ApiError> {
        let column = match params.text("sort").map(str::trim) {
            None | Some("") => Column::N,
            Some(name) => {
                COLUMNS.iter().find(|(_, key, _)| *key == name).map(|(c, _, _)| *c).ok_or_else(|| {
                    let keys: Vec<&str> = COLUMNS.iter().map(|(_, key, _)| *key).collect();
                    ApiError::bad(format!(
                        "invalid sort = {}: the table sorts by {}",
                        zecklab_answers::number::shown(name),
                        keys.join(", ")
                    ))
                })?
            }
        };
        let descending = match params.text("order").map(str::trim) {
            None | Some("" | "asc") => false,
            Some("desc") => true,
            Some(other) => {
                return Err(ApiError::bad(format!(
                    "invalid order = {}: asc or desc",
                    zecklab_answers::number::shown(other)
                )))
            }
        };
        let page = match params.text("page").map(str::trim) {
            None | Some("") => 1,
            Some(text) => {
                zecklab_answers::number::whole_u32(text).ok().filter(|&p| p >= 1).ok_or_else(|| {
                    ApiError::bad(format!(
                        "invalid page = {}: a page number from 1",
                        zecklab_answers::number::shown(text)
                    ))
                })? as usize
            }
        };
        Ok(TableOrder { column, descending, page })
    }

    /// The address of this table ordered by `column` (`descending`) at `page`.
    fn href(column: Column, descending: bool, page: usize) -> String {
        let key = COLUMNS.iter().find(|(c, _, _)| *c == column).map_or("n", |(_, key, _)| *key);
        format!("/data?sort={key}&order={}&page={page}#every-n", if descending { "desc" } else { "asc" })
    }
}

/// Every recorded n as a table: the charts' figures for a keyboard or a screen reader, sorted by
/// any column (links in its header) and paged.
fn every_n_table(record: &Record, order: &TableOrder) -> String {
    let mut rows: Vec<&Solved> = record.rows().collect();
    let share = |r: &Solved| r.p_positions as f64 / r.positions.max(1) as f64;
    rows.sort_by(|a, b| {
        let by = match order.column {
            Column::N => a.n.cmp(&b.n),
            Column::Positions => a.positions.cmp(&b.positions),
            Column::PPositions => a.p_positions.cmp(&b.p_positions),
            Column::Share => share(a).total_cmp(&share(b)),
            Column::Remoteness => a.remoteness.cmp(&b.remoteness),
        };
        by.then(a.n.cmp(&b.n))
    });
    if order.descending {
        rows.reverse();
    }
    let pages = rows.len().div_ceil(TABLE_PAGE).max(1);
    let page = order.page.min(pages);
    let mut html = String::from("<section class=\"panel\" id=\"every-n\"><h2>Every n, as a table</h2>\n");
    let _ = writeln!(
        html,
        "<p>{} recorded n; a column's name sorts by it (again: the other way). Page {page} of {pages}.</p>",
        rows.len()
    );
    let nav = page_links(order, page, pages);
    html.push_str(&nav);
    html.push_str("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"every n\"><table class=\"data every-n\"><thead><tr>");
    for (column, _, title) in COLUMNS {
        let descending = order.column == column && !order.descending;
        let mark = match (order.column == column, order.descending) {
            (true, false) => " ▲",
            (true, true) => " ▼",
            _ => "",
        };
        let sort = match (order.column == column, order.descending) {
            (true, false) => " aria-sort=\"ascending\"",
            (true, true) => " aria-sort=\"descending\"",
            _ => "",
        };
        let _ = write!(
            html,
            "<th scope=\"col\"{sort}><a href=\"{}\">{title}{mark}</a></th>",
            TableOrder::href(column, descending, 1)
        );
    }
    html.push_str("<th scope=\"col\">winner</th></tr></thead><tbody>\n");
    for row in rows.iter().skip((page - 1) * TABLE_PAGE).take(TABLE_PAGE) {
        let _ = writeln!(
            html,
            "<tr><td><a href=\"/data?n={n}#n-{n}\">{n}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            grouped(row.positions),
            grouped(row.p_positions),
            percent(row.p_positions, row.positions),
            row.remoteness.map_or("–".to_string(), |r| r.to_string()),
            row.winner.name(),
            n = row.n
        );
    }
    html.push_str("</tbody></table></div>\n");
    html.push_str(&nav);
    html.push_str("</section>\n");
    html
}

/// Links to every page of the table, the page shown marked.
fn page_links(order: &TableOrder, page: usize, pages: usize) -> String {
    let mut nav = String::from("<nav class=\"pages\" aria-label=\"pages of the table\">");
    for p in 1..=pages {
        if p == page {
            let _ = write!(nav, "<span class=\"here\" aria-current=\"page\">{p}</span>");
        } else {
            let _ =
                write!(nav, "<a href=\"{}\">{p}</a>", TableOrder::href(order.column, order.descending, p));
        }
    }
    nav.push_str("</nav>\n");
    nav
}

/// A chart's frame: width, height and the plot's margins.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 36.0;

/// One point of a chart: where, its link (if any) and its hover text.
struct Point {
    x: f64,
    y: f64,
    href: Option<String>,
    title: String,
}

/// About five round ticks from 0 to at least `most`.
fn ticks(most: f64) -> Vec<f64> {
    let most = most.max(1e-9);
    let raw = most / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| most / s <= 6.0)
        .unwrap_or(magnitude * 10.0);
    (0..).map(|i| f64::from(i) * step).take_while(|&t| t <= most + step * 0.999).collect()
}

/// A chart's axes: a grid line and label at each of `y_marks` (where, text), a label at each of
/// `x_marks`, and the axes' names.
fn axes(
    svg: &mut String,
    y_marks: &[(f64, String)],
    x_marks: &[(f64, String)],
    x_label: &str,
    y_label: Option<&str>,
) {
    for (y, text) in y_marks {
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#e3e7ee\"/><text x=\"{}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\" fill=\"#5b6475\">{text}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0,
        );
    }
    for (x, text) in x_marks {
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#5b6475\">{text}</text>",
            HEIGHT - BOTTOM + 16.0,
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1d2433\">{}</text>",
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        HEIGHT - 4.0,
        escape(x_label)
    );
    if let Some(label) = y_label {
        let middle = TOP + (HEIGHT - TOP - BOTTOM) / 2.0;
        let _ = writeln!(
            svg,
            "<text x=\"12\" y=\"{middle:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1d2433\" transform=\"rotate(-90 12 {middle:.1})\">{}</text>",
            escape(label)
        );
    }
}

/// A scatter chart with a line through its points, axes with round ticks and their labels.
fn chart(
    id: &str,
    label: &str,
    points: &[Point],
    x_label: &str,
    y_label: &str,
    y_text: impl Fn(f64) -> String,
) -> String {
    let x_max = points.iter().map(|p| p.x).fold(1.0, f64::max);
    let y_max = points.iter().map(|p| p.y).fold(0.0, f64::max);
    let (x_ticks, y_ticks) = (ticks(x_max), ticks(y_max));
    let (x_top, y_top) = (*x_ticks.last().unwrap(), *y_ticks.last().unwrap());
    let sx = |x: f64| LEFT + (WIDTH - LEFT - RIGHT) * x / x_top;
    let sy = |y: f64| HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * y / y_top;
    let mut svg = format!(
        "<svg class=\"chart\" id=\"{id}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" aria-label=\"{}\" fill=\"#1f4e8c\">\n",
        escape(label)
    );
    let y_marks: Vec<(f64, String)> = y_ticks.iter().map(|&t| (sy(t), y_text(t))).collect();
    let x_marks: Vec<(f64, String)> = x_ticks.iter().map(|&t| (sx(t), grouped(t as u64))).collect();
    axes(&mut svg, &y_marks, &x_marks, x_label, Some(y_label));
    // A line through each run of consecutive x (1 apart), none across the gaps in the data.
    for run in points.chunk_by(|a, b| b.x - a.x <= 1.0) {
        let line: Vec<String> = run.iter().map(|p| format!("{:.1},{:.1}", sx(p.x), sy(p.y))).collect();
        let _ = writeln!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#9aa4b5\" stroke-width=\"1\"/>",
            line.join(" ")
        );
    }
    // A point's title is its hover text and, inside a link, the link's name.
    for p in points {
        let dot = format!(
            "<title>{}</title><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\"/>",
            escape(&p.title),
            sx(p.x),
            sy(p.y)
        );
        match &p.href {
            Some(href) => {
                // Out of the tab order: the table beside the chart is its keyboard and
                // screen-reader form.
                let _ = writeln!(svg, "<a href=\"{}\" tabindex=\"-1\">{dot}</a>", escape(href));
            }
            None => {
                let _ = writeln!(svg, "<g>{dot}</g>");
            }
        }
    }
    svg.push_str("</svg>\n");
    // On a narrow screen the chart keeps its size (its text stays readable) and scrolls sideways.
    format!(
        "<div class=\"chart-frame\" tabindex=\"0\" role=\"region\" aria-label=\"{}\">{svg}</div>\n",
        escape(label)
    )
}

/// The share of P-positions against n, each point a link to that n's figures.
fn share_chart(record: &Record) -> String {
    let points: Vec<Point> = record
        .rows()
        .map(|row| Point {
            x: f64::from(row.n),
            y: 100.0 * row.p_positions as f64 / row.positions.max(1) as f64,
            href: Some(format!("/data?n={}#n-{}", row.n, row.n)),
            title: format!(
                "n = {}: {} P-positions ({})",
                row.n,
                grouped(row.p_positions),
                percent(row.p_positions, row.positions)
            ),
        })
        .collect();
    chart("share-chart", "The share of P-positions against n", &points, "n", "P-positions (%)", |t| {
        format!("{t:.0}%")
    })
}

/// The start's remoteness against n, where it was computed.
fn remoteness_chart(record: &Record) -> String {
    let points: Vec<Point> = record
        .rows()
        .filter_map(|row| {
            row.remoteness.map(|r| Point {
                x: f64::from(row.n),
                y: f64::from(r),
                href: None,
                title: format!("n = {}: remoteness {r}", row.n),
            })
        })
        .collect();
    chart(
        "remoteness-chart",
        "The start's remoteness against n",
        &points,
        "n",
        "remoteness of the start",
        |t| grouped(t as u64),
    )
}

/// `/zgame/stats?n=N`.
pub async fn stats_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let asked = params.text("n").map_or("30", str::trim).to_string();
    let answer = match zecklab_answers::number::whole_u32(&asked).map_err(|e| ApiError::about("n", e)) {
        Ok(n) => stats_answer(&state, n).await,
        Err(e) => Err(e),
    };
    match answer {
        Ok(stats) => html_response(render_stats(&stats, &asked)),
        Err(e) => error_page("/zgame/stats", &e, &[("ask-n", &asked)]),
    }
}

fn render_stats(stats: &StatsJson, asked: &str) -> String {
    let n = stats.n;
    let mut body = format!(
        "<section class=\"panel\" id=\"stats\" data-n=\"{n}\" data-positions=\"{}\" data-p-positions=\"{}\" data-max-remoteness=\"{}\" data-winner=\"{}\">\n<h2 class=\"status\" id=\"position\">The game on n = {n}</h2>\n<p>{} positions, of which {} are P-positions ({}); {} wins from the start{}. The deepest positions have remoteness {}.</p>\n<p><a href=\"/zgame?n={n}\">Explore or play this game</a> · <a href=\"/data?n={n}#n-{n}\">its row in the record</a></p></section>\n",
        stats.positions,
        stats.p_positions,
        stats.max_remoteness.map_or(String::new(), |r| r.to_string()),
        stats.winner.code(),
        grouped(stats.positions),
        grouped(stats.p_positions),
        percent(stats.p_positions, stats.positions),
        stats.winner.name(),
        stats.start_remoteness.map_or(String::new(), |r| format!(" (remoteness {r})")),
        stats.max_remoteness.map_or("unknown".into(), |r| r.to_string()),
    );
    body.push_str("<section class=\"panel\"><h2>Positions by remoteness</h2>\n");
    body.push_str(&histogram(stats));
    body.push_str("<details><summary>The histogram as a table</summary><table class=\"data\" id=\"histogram\"><thead><tr><th>remoteness</th><th>positions</th><th>P-positions</th></tr></thead><tbody>\n");
    for row in &stats.remoteness_histogram {
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            row.remoteness,
            grouped(row.positions),
            grouped(row.p_positions)
        );
    }
    body.push_str("</tbody></table></details></section>\n");
    let shares: Vec<Point> = stats
        .by_tier
        .iter()
        .map(|t| Point {
            x: f64::from(t.parts),
            y: 100.0 * t.p_positions as f64 / t.positions.max(1) as f64,
            href: None,
            title: format!(
                "{} parts: {} of {} positions",
                t.parts,
                grouped(t.p_positions),
                grouped(t.positions)
            ),
        })
        .collect();
    body.push_str("<section class=\"panel\"><h2>P-positions by number of parts</h2>\n");
    body.push_str(&chart(
        "tier-chart",
        "The share of P-positions against the number of parts",
        &shares,
        "number of parts",
        "P-positions (%)",
        |t| format!("{t:.0}%"),
    ));
    body.push_str("<details><summary>By number of parts, as a table</summary>");
    let tiers = stats.by_tier.iter().map(|t| (t.parts, t.positions, t.p_positions));
    body.push_str(&tier_table("", tiers).replacen(
        "<table class=\"data\">",
        "<table class=\"data\" id=\"by-tier\">",
        1,
    ));
    body.push_str("</details></section>\n");
    body.push_str(&length_laws(stats));
    if let Some(most) = stats.max_remoteness {
        let _ = writeln!(
            body,
            "<section class=\"panel\"><h2>The deepest positions</h2><p>{} position{} of remoteness {most}{}:</p><ul class=\"explain\" id=\"deepest\">",
            grouped(stats.deepest_count),
            if stats.deepest_count == 1 { "" } else { "s" },
            if stats.deepest_count > stats.deepest.len() as u64 { ", the first by rank" } else { "" }
        );
        for position in &stats.deepest {
            let link = position.split_whitespace().collect::<Vec<_>>().join("_");
            let _ =
                writeln!(body, "<li><a href=\"/zgame?p={}\">{}</a></li>", escape(&link), escape(position));
        }
        body.push_str("</ul></section>\n");
    }
    let source = if stats.source == "store" {
        "this server's store of solved games".to_string()
    } else {
        "solved on demand by this server (it solves every n up to its limit with remoteness); the command solves it again, or reads the store when it holds the game".to_string()
    };
    body.push_str(&cite(
        &format!("zecklab zgame stats --n {n} --json"),
        &source,
        &api_request("/api/zgame/stats", &[("n", &n.to_string())]),
    ));
    let page = with_inputs(page_html("/zgame/stats"), &[("ask-n", asked)], &[]);
    page.replacen("<div id=\"stats-body\"></div>", &format!("<div id=\"stats-body\">{body}</div>"), 1)
        .replacen(
            "<title>Statistics · zecklab</title>",
            &format!("<title>The game on n = {n}: statistics · zecklab</title>"),
            1,
        )
}

/// Positions and P-positions by remoteness as bars.
fn histogram(stats: &StatsJson) -> String {
    let most = stats.remoteness_histogram.iter().map(|r| r.positions).max().unwrap_or(1) as f64;
    let last = stats.max_remoteness.unwrap_or(0) as f64 + 1.0;
    let y_ticks = ticks(most);
    let y_top = *y_ticks.last().unwrap();
    let bar = (WIDTH - LEFT - RIGHT) / last;
    let sy = |y: f64| HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * y / y_top;
    let mut svg = format!(
        "<svg class=\"chart\" id=\"histogram-chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"Positions by remoteness, P-positions in red\">\n"
    );
    let y_marks: Vec<(f64, String)> = y_ticks.iter().map(|&t| (sy(t), grouped(t as u64))).collect();
    // Only the ticks inside the bars' range: a round tick past the last bar would be cut off.
    let x_marks: Vec<(f64, String)> = ticks(last - 1.0)
        .iter()
        .filter(|&&t| t <= last - 1.0)
        .map(|&t| (LEFT + bar * (t + 0.5), (t as u64).to_string()))
        .collect();
    axes(&mut svg, &y_marks, &x_marks, "remoteness (P-positions in red, the others in blue)", None);
    for row in &stats.remoteness_histogram {
        let x = LEFT + bar * f64::from(row.remoteness);
        let (fill, count) =
            if row.p_positions > 0 { ("#a11d16", row.p_positions) } else { ("#1f4e8c", row.positions) };
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.2}\" y=\"{:.1}\" width=\"{:.2}\" height=\"{:.1}\" fill=\"{fill}\"><title>remoteness {}: {} positions, {} P-positions</title></rect>",
            sy(row.positions as f64),
            (bar * 0.9).max(0.5),
            (HEIGHT - BOTTOM - sy(row.positions as f64)).max(0.5),
            row.remoteness,
            grouped(row.positions),
            grouped(count.min(row.p_positions))
        );
    }
    svg.push_str("</svg>\n");
    // On a narrow screen the chart keeps its size (its text stays readable) and scrolls sideways.
    format!("<div class=\"chart-frame\" tabindex=\"0\" role=\"region\" aria-label=\"Positions by remoteness\">{svg}</div>\n")
}

/// The first n the lab tests from by default: at n = 1 and 2 no rule is at fault (n = 1 has no
/// move, and at n = 2 Player 1's only move ends the game).
const LAB_FROM: u32 = 3;
/// The last n the lab tests by default.
const LAB_TO: u32 = 60;

/// `/lab?rule=R&from=A&to=B`.
pub async fn lab_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let rule = params.text("rule").map(str::trim).filter(|r| !r.is_empty()).map(str::to_string);
    let from_text = params.text("from").map_or(LAB_FROM.to_string(), |t| t.trim().to_string());
    let to_text = params.text("to").map_or(LAB_TO.to_string(), |t| t.trim().to_string());
    let inputs = [
        ("ask-rule", rule.clone().unwrap_or_default()),
        ("ask-from", from_text.clone()),
        ("ask-to", to_text.clone()),
    ];
    let inputs: Vec<(&str, &str)> = inputs.iter().map(|(id, v)| (*id, v.as_str())).collect();
    let page = with_inputs(page_html("/lab"), &inputs, &[]);
    let page = page.replacen("<p id=\"presets\"></p>", &presets(&from_text, &to_text), 1);
    let Some(rule) = rule else { return html_response(page) };
    let range = || -> Result<(u32, u32), ApiError> {
        let whole = |name: &str, text: &str| {
            zecklab_answers::number::whole_u32(text).map_err(|e| ApiError::about(name, e))
        };
        Ok((whole("from", &from_text)?, whole("to", &to_text)?))
    };
    let started = range()
        .and_then(|(from, to)| state.lab.start(&state.solves, TestKey { rule: rule.clone(), from, to }));
    let (job, fresh) = match started {
        Ok(started) => started,
        Err(e) => return error_response(crate::prerender::with_error(&page, &e.message), &e),
    };
    // A new test is given a moment: a short one comes whole, a long one shows its first lines.
    let deadline = std::time::Instant::now() + FIRST_WAIT;
    let (lines, progress) = loop {
        let (lines, progress) = job.snapshot();
        if !fresh || progress != Progress::Running || std::time::Instant::now() >= deadline {
            break (lines, progress);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let key = job.key();
    let result =
        lab_result(&rule, key.from, key.to, &lines, (progress == Progress::Running).then(|| job.total()));
    let page = page.replacen("<div id=\"lab\"></div>", &result, 1);
    match progress {
        Progress::Done => html_response(page),
        // Without scripts the page asks again by itself; with them, lab.js does, in place.
        Progress::Running => html_response(page.replacen(
            "</head>",
            &format!(
                "<noscript><meta http-equiv=\"refresh\" content=\"{}\"></noscript>\n</head>",
                REFRESH_SECONDS
            ),
            1,
        )),
        Progress::Failed(e) => error_response(crate::prerender::with_error(&page, &e.message), &e),
        Progress::Abandoned => {
            let e =
                ApiError::busy("this test stopped when nobody was watching it: ask again to start it anew");
            error_response(crate::prerender::with_error(&page, &e.message), &e)
        }
    }
}

/// How long a page waits for a test it has just started before it shows what is done.
const FIRST_WAIT: std::time::Duration = std::time::Duration::from_millis(1500);
/// How often a running test's page refreshes itself without scripts, in seconds.
const REFRESH_SECONDS: u32 = 2;

/// The deterministic games' rules, one link each.
fn presets(from: &str, to: &str) -> String {
    use zecklab_games::zgame::Rule;
    use zecklab_lab::StrategyRule;
    let links: Vec<String> = Rule::ALL
        .iter()
        .map(|&r| {
            let text = StrategyRule::from_play_out(r).to_string();
            let href = api_request("/lab", &[("rule", &text), ("from", from), ("to", to)]);
            format!("<a href=\"{}\">{}</a>", escape(&href), escape(r.name()))
        })
        .collect();
    format!("<p id=\"presets\">The deterministic games' rules: {}.</p>", links.join(", "))
}

/// The result of a rule test: a line per n, the first loss with its bad decision and a line
/// Player 1 wins by, and how to reproduce it.
///
/// `running`: the test is still going, of this many n in all (the lines so far are shown, with
/// the progress).
fn lab_result(
    rule: &str,
    from: u32,
    to: u32,
    lines: &[zecklab_answers::lab::RuleTestJson],
    running: Option<u32>,
) -> String {
    let first_loss = lines.iter().find(|l| !l.wins);
    let tested_to = lines.last().map_or(from, |l| l.n);
    let progress = running.map_or(String::new(), |total| {
        let done = lines.len();
        format!(
            "<div id=\"lab-progress\" data-running=\"true\"><p>Testing: {done} of {total} n done{}.</p><progress max=\"{total}\" value=\"{done}\" aria-label=\"n tested\"></progress></div>\n",
            if done == 0 { String::new() } else { format!(" (n = {from} to {tested_to})") }
        )
    });
    let mut html = format!(
        "<div id=\"lab\"><section class=\"panel\" id=\"lab-result\" data-rule=\"{}\" data-first-loss=\"{}\">\n{progress}<h2 class=\"status\" id=\"position\">{}</h2>\n",
        escape(rule),
        first_loss.map_or(String::new(), |l| l.n.to_string()),
        match first_loss {
            None if lines.is_empty() => "No n tested yet.".to_string(),
            None if running.is_some() => format!("So far Player 2 following the rule wins every n from {from} to {tested_to}."),
            None => format!("Player 2 following the rule wins every n from {from} to {to}."),
            Some(l) => {
                let won: Vec<u32> = lines.iter().take_while(|x| x.wins).map(|x| x.n).collect();
                let run = match (won.first(), won.last()) {
                    (Some(a), Some(b)) if a == b => format!("it wins at n = {a}, and "),
                    (Some(a), Some(b)) => format!("it wins every n from {a} to {b}, and "),
                    _ => String::new(),
                };
                format!("From n = {from}, {run}loses first at n = {}.", l.n)
            }
        }
    );
    if let Some(loss) = first_loss {
        if let Some(bad) = &loss.first_bad {
            let _ = writeln!(
                html,
                "<p id=\"first-bad\">Its first bad decision at n = {}, after {}: at <a href=\"/zgame?p={}\">{}</a>, Player 2 to move, the rule plays {}{}.</p>",
                loss.n,
                if bad.depth == 1 { "1 move".to_string() } else { format!("{} moves", bad.depth) },
                escape(&bad.position.split_whitespace().collect::<Vec<_>>().join("_")),
                escape(&bad.position),
                bad.rule_move.as_deref().map_or("nothing".to_string(), |m| format!("<span title=\"{}\">{}</span>", escape(m), escape(&move_by_value(m)))),
                bad.winning_move.as_deref().map_or(", and no move wins there".to_string(), |m| format!(", but <span title=\"{}\">{}</span> wins", escape(m), escape(&move_by_value(m))))
            );
        }
        if let Some(line) = &loss.losing_line {
            let link = zecklab_answers::game_link::zgame_line_link(line);
            let moves = line.len().saturating_sub(1);
            let _ = writeln!(html, "<h3>A line on which Player 1 beats it ({moves} move{})</h3><ol class=\"numeral-small\" id=\"losing-line\">", if moves == 1 { "" } else { "s" });
            for position in line.iter().skip(1) {
                let _ = writeln!(html, "<li>{}</li>", escape(position));
            }
            html.push_str("</ol>\n");
            if let Some(m) = link {
                let href = format!(
                    "/zgame?p={}&m={m}",
                    escape(&line[0].split_whitespace().collect::<Vec<_>>().join("_"))
                );
                let _ = writeln!(html, "<p><a id=\"play-line\" href=\"{}\">Play this line out on the board</a>, move by move (Undo and Redo, or the record's links, step through it).</p>", escape(&href));
            }
        }
    }
    html.push_str("<div class=\"table-scroll\"><table class=\"data\" id=\"lab-lines\"><thead><tr><th>n</th><th class=\"left\">Player 2 with the rule</th><th>decisions</th><th>agreement</th></tr></thead><tbody>\n");
    for line in lines {
        let result = match &line.first_bad {
            None => "wins".to_string(),
            Some(bad) if bad.end => "loses (Player 1 wins whatever Player 2 plays)".to_string(),
            Some(_) => "loses".to_string(),
        };
        let _ = writeln!(
            html,
            "<tr data-n=\"{}\" data-wins=\"{}\"><td>{}</td><td class=\"left\">{result}</td><td>{}</td><td>{}</td></tr>",
            line.n,
            line.wins,
            line.n,
            grouped(line.decisions),
            line.agreement.map_or("—".to_string(), |a| format!("{a:.4}"))
        );
    }
    html.push_str("</tbody></table></div></section>\n");
    let quoted = format!("'{}'", rule.replace('\'', "'\\''"));
    html.push_str(&cite(
        &format!("zecklab zgame rule-test --rule {quoted} --from {from} --to {to} --json"),
        "each n solved on demand by this server (outcomes of every position); the command solves them again, or reads the store",
        &api_request("/api/zgame/rule-test", &[("rule", rule), ("from", &from.to_string()), ("to", &to.to_string())]),
    ));
    html.push_str("</div>");
    html
}

/// The length of the game under random play, both measures, against the normal law.
fn length_laws(stats: &StatsJson) -> String {
    let mut html =
        String::from("<section class=\"panel\" id=\"length-laws\"><h2>The length of a random game</h2>\n");
    if stats.length_laws.is_empty() {
        let _ = writeln!(
            html,
            "<p>Not computed here beyond n = {LENGTH_LAWS_TO} (it takes minutes): <code>zecklab zgame random-laws --n {}</code> computes it, and <a href=\"/data\">the published data</a> holds every tenth n to 300.</p></section>",
            stats.n
        );
        return html;
    }
    html.push_str("<p>Two random plays: each turn a uniform choice among the legal moves (path), or every complete game equally likely (games). The Kolmogorov distance is the largest gap between the law's distribution function and the normal one of the same mean and variance.</p>\n");
    html.push_str("<div class=\"table-scroll\"><table class=\"data\"><thead><tr><th class=\"left\">measure</th><th>mean</th><th>variance</th><th>skewness</th><th>excess kurtosis</th><th>Kolmogorov distance</th><th class=\"left\">figures</th></tr></thead><tbody>\n");
    for law in &stats.length_laws {
        let _ = writeln!(
            html,
            "<tr><td class=\"left\">{}</td><td>{:.4}</td><td>{:.4}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"left\">{}</td></tr>",
            law.measure,
            law.mean,
            law.variance,
            optional(law.skewness),
            optional(law.excess_kurtosis),
            optional(law.kolmogorov),
            if law.exact { "exact" } else { "bounded (proven error bounds)" }
        );
    }
    html.push_str("</tbody></table></div></section>\n");
    html
}

/// A figure to four places, or a dash where it is undefined.
fn optional(figure: Option<f64>) -> String {
    figure.map_or("—".to_string(), |f| format!("{f:.4}"))
}
