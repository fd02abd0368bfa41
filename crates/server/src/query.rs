//! Query parameters: read once from the raw query string, each parsed by the grammar the command
//! line uses, with errors that name the parameter and its value.

use std::collections::HashMap;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use zecklab_answers::number;

use crate::{ApiError, QUERY_LIMIT};

/// The parameters of one request (the last value wins when one is repeated).
pub struct Params(HashMap<String, String>);

impl Params {
    /// Decodes a query string (`+` and `%20` are spaces).
    pub fn parse(query: Option<&str>) -> Params {
        Params(form_urlencoded::parse(query.unwrap_or("").as_bytes()).into_owned().collect())
    }

    /// Parameters given as name and value pairs.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Params {
        Params(pairs.into_iter().collect())
    }

    /// A parameter's text, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// A required parameter's text.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.text(name).ok_or_else(|| ApiError::bad(format!("missing parameter {name}")))
    }

    /// A whole number parameter that fits in a `u32`, or `default` when absent.
    pub fn u32_or(&self, name: &str, default: u32) -> Result<u32, ApiError> {
        self.text(name).map_or(Ok(default), |t| number::whole_u32(t).map_err(|e| ApiError::about(name, e)))
    }

    /// The factor `k` (default 2).
    pub fn factor(&self) -> Result<u64, ApiError> {
        self.text("k").map_or(Ok(2), |t| number::factor(t).map_err(|e| ApiError::about("k", e)))
    }

    /// A flag: absent, `0` or `false` is off; `1` or `true` is on.
    pub fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.text(name).map(str::trim) {
            None | Some("0" | "false" | "") => Ok(false),
            Some("1" | "true") => Ok(true),
            Some(other) => {
                Err(ApiError::bad(format!("invalid {name} '{}': must be 0 or 1", number::shown(other))))
            }
        }
    }
}

/// Refuses a query longer than [`QUERY_LIMIT`] before any handler parses it.
pub async fn limit_query_length(request: Request, next: Next) -> Response {
    let length = request.uri().query().map_or(0, str::len);
    if length > QUERY_LIMIT {
        let mut response = ApiError::bad(format!(
            "the query is {length} bytes long, more than the {QUERY_LIMIT} allowed (use the command line for larger inputs)"
        ))
        .into_response();
        *response.status_mut() = axum::http::StatusCode::URI_TOO_LONG;
        return response;
    }
    next.run(request).await
}
