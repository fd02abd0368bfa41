//! [`ApiError`]: an HTTP status and a one-line message, sent as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use zecklab_answers::solve::SolveFailure;
use zecklab_answers::AnswerError;

/// A request that cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for bad input, 404 for no such page, 422 for a game too large to solve here, 500
    /// for a damaged stored table or a fault of the server's own (the server's problem, not the
    /// request's), 503 when too many solves are waiting.
    pub status: StatusCode,
    /// What went wrong, naming the bad value.
    pub message: String,
}

impl ApiError {
    /// A 400: the request named a bad value.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// A 422: the question is fine but too large to answer here.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() }
    }

    /// A 500: a stored table the answer needs is damaged or unreadable.
    pub fn damaged(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }

    /// A 500: the server failed at something it should have done (a task that panicked, an
    /// answer that could not be written): not the request's fault, nor a passing load.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("internal error: {}", message.into()),
        }
    }

    /// A 503: the server is busy with other solves.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }

    /// An answer error about parameter `name`.
    pub fn about(name: &str, e: AnswerError) -> ApiError {
        match e {
            // A message that names the parameter already is not prefixed twice.
            AnswerError::Invalid(m) if m.starts_with(&format!("invalid {name}:")) => ApiError::bad(m),
            AnswerError::Invalid(m) => ApiError::bad(format!("invalid {name}: {m}")),
            AnswerError::TooLarge(m) => ApiError::too_large(format!("{name}: {m}")),
            AnswerError::Damaged(m) => ApiError::damaged(m),
        }
    }
}

impl From<AnswerError> for ApiError {
    fn from(e: AnswerError) -> ApiError {
        match e {
            AnswerError::Invalid(m) => ApiError::bad(m),
            AnswerError::TooLarge(m) => ApiError::too_large(m),
            AnswerError::Damaged(m) => ApiError::damaged(m),
        }
    }
}

/// Each way a solve ends without an answer, mapped to its status once: a refusal by its kind, a
/// cancelled solve (its client went away) as busy, and the rest as the server's own fault.
impl From<SolveFailure> for ApiError {
    fn from(e: SolveFailure) -> ApiError {
        match e {
            SolveFailure::Refused(e) => e.into(),
            SolveFailure::Cancelled => ApiError::busy("cancelled: the client went away"),
            e @ (SolveFailure::Stopped { .. } | SolveFailure::Storage(_) | SolveFailure::Disagreement(_)) => {
                ApiError::internal(e.to_string())
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response =
            (self.status, axum::Json(serde_json::json!({ "error": self.message }))).into_response();
        with_retry_after(&mut response);
        response
    }
}

/// How many seconds a client refused as busy (503) is told to wait before it asks again.
pub const RETRY_AFTER_SECONDS: u32 = 5;

/// `response` with `Retry-After` when it says the server is busy (503).
pub fn with_retry_after(response: &mut Response) {
    if response.status() == StatusCode::SERVICE_UNAVAILABLE {
        response.headers_mut().insert(axum::http::header::RETRY_AFTER, RETRY_AFTER_SECONDS.into());
    }
}
