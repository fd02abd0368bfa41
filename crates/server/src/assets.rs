//! The pages and their assets, embedded in the binary: nothing is read from disk or fetched from
//! the network at run time, and no path a request names can reach outside this list.

use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::ApiError;

/// One embedded file.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file the server sends under `/assets/`.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/assets/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css"),
    },
    Asset { path: "/assets/common.js", content_type: JS, body: include_str!("../assets/common.js") },
    Asset { path: "/assets/zgame.js", content_type: JS, body: include_str!("../assets/zgame.js") },
    Asset { path: "/assets/nim.js", content_type: JS, body: include_str!("../assets/nim.js") },
    Asset { path: "/assets/wythoff.js", content_type: JS, body: include_str!("../assets/wythoff.js") },
    Asset { path: "/assets/numeration.js", content_type: JS, body: include_str!("../assets/numeration.js") },
    Asset { path: "/assets/lab.js", content_type: JS, body: include_str!("../assets/lab.js") },
    Asset {
        path: "/assets/favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../assets/favicon.svg"),
    },
];

/// One page: its URL, title, body (inside the shared layout) and the scripts it loads.
struct Page {
    path: &'static str,
    /// The navigation entry marked as current (`here-NAME` in the layout), if any.
    nav: Option<&'static str>,
    title: &'static str,
    body: &'static str,
    scripts: &'static [&'static str],
}

const PAGES: &[Page] = &[
    Page {
        path: "/",
        nav: None,
        title: "Explorer",
        body: include_str!("../assets/pages/index.html"),
        scripts: &[],
    },
    Page {
        path: "/zgame",
        nav: Some("zgame"),
        title: "The Zeckendorf game",
        body: include_str!("../assets/pages/zgame.html"),
        scripts: &["common.js", "zgame.js"],
    },
    Page {
        path: "/nim",
        nav: Some("nim"),
        title: "Fibonacci Nim",
        body: include_str!("../assets/pages/nim.html"),
        scripts: &["common.js", "nim.js"],
    },
    Page {
        path: "/wythoff",
        nav: Some("wythoff"),
        title: "Wythoff's game",
        body: include_str!("../assets/pages/wythoff.html"),
        scripts: &["common.js", "wythoff.js"],
    },
    Page {
        path: "/numeration",
        nav: Some("numeration"),
        title: "Zeckendorf numeration",
        body: include_str!("../assets/pages/numeration.html"),
        scripts: &["common.js", "numeration.js"],
    },
    Page {
        path: "/data",
        nav: Some("data"),
        title: "The record and its data",
        body: include_str!("../assets/pages/data.html"),
        scripts: &["common.js"],
    },
    Page {
        path: "/lab",
        nav: Some("lab"),
        title: "The strategy lab",
        body: include_str!("../assets/pages/lab.html"),
        scripts: &["common.js", "lab.js"],
    },
    Page {
        path: "/theorems",
        nav: Some("research"),
        title: "Theorems",
        body: include_str!("../assets/pages/reference.html"),
        scripts: &[],
    },
    Page {
        path: "/research",
        nav: Some("research"),
        title: "Research notes",
        body: include_str!("../assets/pages/reference.html"),
        scripts: &[],
    },
    Page {
        path: "/zgame/stats",
        nav: Some("data"),
        title: "Statistics",
        body: include_str!("../assets/pages/stats.html"),
        scripts: &["common.js"],
    },
];

const LAYOUT: &str = include_str!("../assets/layout.html");
/// Panels several game pages share, named `{{play}}`, `{{moves}}`, `{{vvh}}` and `{{review}}` in
/// page bodies.
const PARTS: &[(&str, &str)] = &[
    ("{{play}}", include_str!("../assets/parts/play.html")),
    ("{{moves}}", include_str!("../assets/parts/moves.html")),
    ("{{vvh}}", include_str!("../assets/parts/vvh.html")),
    ("{{review}}", include_str!("../assets/parts/review.html")),
];

impl Page {
    /// The whole HTML: the layout around the body with its shared panels filled in.
    fn render(&self) -> String {
        let mut body = self.body.to_string();
        for (name, part) in PARTS {
            body = body.replace(name, part.trim_end());
        }
        body = body.replace("{{cite}}", &crate::prerender::empty_cite());
        let scripts: Vec<String> = self
            .scripts
            .iter()
            .map(|s| format!("<script src=\"{}\"></script>", versioned(&format!("/assets/{s}"))))
            .collect();
        let mut html = LAYOUT
            .replace("{{title}}", self.title)
            .replace("{{scripts}}", &scripts.join("\n"))
            .replace("\"/assets/style.css\"", &format!("\"{}\"", versioned("/assets/style.css")))
            .replace("\"/assets/favicon.svg\"", &format!("\"{}\"", versioned("/assets/favicon.svg")));
        for name in ["zgame", "nim", "wythoff", "numeration", "data", "lab", "research"] {
            let mark = if self.nav == Some(name) { " class=\"here\"" } else { "" };
            html = html.replace(&format!("{{{{here-{name}}}}}"), mark);
        }
        // On a game's page, a first link for the keyboard skips straight to its moves.
        let skip = if body.contains("id=\"moves\"") {
            "<a class=\"skip-link\" href=\"#moves\">Skip to the moves</a>\n"
        } else {
            ""
        };
        html.replace("{{skip}}", skip).replace("{{body}}", &body)
    }
}

/// The pages, assembled once.
fn rendered() -> &'static [String] {
    static RENDERED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    RENDERED.get_or_init(|| PAGES.iter().map(Page::render).collect())
}

/// Scripts and styles only from this server; no inline script, no frames.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'";

fn respond(content_type: &'static str, body: &'static str) -> Response {
    respond_cached(content_type, body, "no-cache")
}

/// A response with the headers every page and file carries, and how long it may be cached.
fn respond_cached(content_type: &'static str, body: &'static str, cache: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// How long a browser keeps a script, the stylesheet or the icon: a year, since the pages name
/// each with its content's checksum (`?v=`), so a changed file has another address.
const ASSET_CACHE: &str = "public, max-age=31536000, immutable";

/// The address of the embedded file at `path` with its content's checksum (`?v=`, 16 hex
/// digits of a 64-bit FNV-1a hash: a cache key, not a security measure).
fn versioned(path: &str) -> String {
    let body = ASSETS.iter().find(|a| a.path == path).map_or("", |a| a.body);
    let hash =
        body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{path}?v={hash:016x}")
}

/// A route for every page and embedded file.
pub fn routes() -> Router {
    let mut router = Router::new();
    // The game and numeration pages are rendered with their answers (`crate::pages`).
    for (page, html) in PAGES.iter().zip(rendered()).filter(|(page, _)| page.path == "/") {
        router = router.route(page.path, get(move || async move { respond(HTML, html) }));
    }
    for asset in ASSETS {
        router = router.route(
            asset.path,
            get(move || async move { respond_cached(asset.content_type, asset.body, ASSET_CACHE) }),
        );
    }
    let icon = &ASSETS[ASSETS.len() - 1];
    router.route("/favicon.ico", get(move || async move { respond(icon.content_type, icon.body) }))
}

/// The HTML of the page at `path`, as every request without a rendered core gets it.
///
/// # Panics
/// When no page has that path (a programming error: the paths are constants).
pub fn page_html(path: &str) -> &'static str {
    PAGES
        .iter()
        .zip(rendered())
        .find(|(page, _)| page.path == path)
        .map(|(_, html)| html.as_str())
        .expect("a page")
}

/// A page with the headers every page carries.
pub fn html_response(html: String) -> Response {
    let mut response = respond(HTML, "");
    *response.body_mut() = axum::body::Body::from(html);
    response
}

/// The page at `path` saying why its question cannot be answered, with the error's status (4xx
/// for the question's fault) and its form showing what was asked (`inputs`), so that it can be
/// corrected there; the page's script, when it runs, says the same.
/// A redirect (303 See Other) to `to`, a path on this server.
pub fn see_other(to: &str) -> Response {
    let mut response = html_response(String::new());
    *response.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(location) = HeaderValue::from_str(to) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

pub fn error_page(path: &str, error: &ApiError, inputs: &[(&str, &str)]) -> Response {
    let page = crate::prerender::with_inputs(page_html(path), inputs, &[]);
    error_response(crate::prerender::with_error(&page, &error.message), error)
}

/// A page that says `error` (already written into `html`), with its status (and, when the server
/// is busy, when to try again).
pub fn error_response(html: String, error: &ApiError) -> Response {
    let mut response = html_response(html);
    *response.status_mut() = error.status;
    crate::error::with_retry_after(&mut response);
    response
}

/// Anything else: JSON under `/api/`, a short page elsewhere.
pub async fn not_found(uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") {
        let mut response =
            ApiError::bad(format!("no such API endpoint: {}", zecklab_answers::number::shown(path)))
                .into_response();
        *response.status_mut() = StatusCode::NOT_FOUND;
        return response;
    }
    let mut response = respond(HTML, not_found_page());
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// The page for addresses the explorer does not have, in the site's layout, with links to
/// every page it does.
fn not_found_page() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        Page {
            path: "",
            nav: None,
            title: "No such page",
            body: include_str!("../assets/pages/not-found.html"),
            scripts: &[],
        }
        .render()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placeholder_is_filled_and_every_script_exists() {
        assert!(!not_found_page().contains("{{"), "the 404 page: an unfilled placeholder");
        assert!(not_found_page().contains("href=\"/zgame\""), "the 404 page links to the pages");
        for (page, html) in PAGES.iter().zip(rendered()) {
            assert!(!html.contains("{{"), "{}: an unfilled placeholder", page.path);
            for script in page.scripts {
                assert!(ASSETS.iter().any(|a| a.path == format!("/assets/{script}")), "{script}");
            }
        }
    }
}
