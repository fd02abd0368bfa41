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

/// Every file the server sends; pages by their URL, the rest under `/assets/`.
const ASSETS: &[Asset] = &[
    Asset { path: "/", content_type: HTML, body: include_str!("../assets/index.html") },
    Asset { path: "/zgame", content_type: HTML, body: include_str!("../assets/zgame.html") },
    Asset { path: "/nim", content_type: HTML, body: include_str!("../assets/nim.html") },
    Asset { path: "/wythoff", content_type: HTML, body: include_str!("../assets/wythoff.html") },
    Asset { path: "/numeration", content_type: HTML, body: include_str!("../assets/numeration.html") },
    Asset {
        path: "/assets/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css"),
    },
    Asset {
        path: "/assets/common.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/common.js"),
    },
    Asset {
        path: "/assets/zgame.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/zgame.js"),
    },
    Asset {
        path: "/assets/nim.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/nim.js"),
    },
    Asset {
        path: "/assets/wythoff.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/wythoff.js"),
    },
    Asset {
        path: "/assets/numeration.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/numeration.js"),
    },
    Asset {
        path: "/assets/favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../assets/favicon.svg"),
    },
];

/// Scripts and styles only from this server; no inline script, no frames.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'";

fn respond(asset: &'static Asset) -> Response {
    let mut response = asset.body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A route for every embedded file.
pub fn routes() -> Router {
    let mut router = Router::new();
    for asset in ASSETS {
        router = router.route(asset.path, get(move || async move { respond(asset) }));
    }
    router.route("/favicon.ico", get(|| async { respond(&ASSETS[ASSETS.len() - 1]) }))
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
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, HTML)],
        "<!doctype html><title>Not found</title><p>No such page. <a href=\"/\">zecklab</a>",
    )
        .into_response()
}
