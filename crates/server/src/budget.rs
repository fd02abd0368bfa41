//! The memory budget of large answers: the bytes of answers computed but not yet read by their
//! clients are bounded, whatever the clients do.
//!
//! A large answer (a Fibonacci Nim position of 1,500 digits is 9 MB of JSON) is serialized once,
//! on the blocking pool, and its bytes are counted against the budget before they are handed to
//! the connection; the count is released only when the body is dropped: sent in full, or its
//! connection closed. The body is handed out in small chunks, so the connection asks for more
//! only as its client reads; a client that stops reading is disconnected by the write timeout
//! (`lib.rs`), which drops the body and frees its share. An answer that cannot get its share
//! within [`BUDGET_WAIT`] is refused with 503 rather than held.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::ApiError;

/// The budget's unit: permits are counted in KiB, so that a budget of gigabytes fits a
/// semaphore's count and a single answer's share fits a `u32`.
const UNIT: usize = 1024;

/// How long an answer waits for its share of the budget before it is refused.
pub const BUDGET_WAIT: Duration = Duration::from_secs(10);

/// The bytes handed to the connection at a time.
const CHUNK: usize = 64 * 1024;

/// The bytes of large answers in flight, bounded.
pub struct AnswerBudget {
    permits: Arc<Semaphore>,
    total: usize,
}

impl AnswerBudget {
    /// A budget of `bytes` (at least one unit).
    pub fn new(bytes: u64) -> AnswerBudget {
        let total =
            usize::try_from(bytes / UNIT as u64).unwrap_or(usize::MAX).clamp(1, Semaphore::MAX_PERMITS);
        AnswerBudget { permits: Arc::new(Semaphore::new(total)), total }
    }

    /// Bytes of answers in flight now (their shares, rounded up to the unit).
    pub fn in_flight(&self) -> u64 {
        ((self.total - self.permits.available_permits()) * UNIT) as u64
    }

    /// Waits up to `wait` for a share of `bytes`.
    ///
    /// # Errors
    /// 503 when the budget stays full for `wait` (clients have not read earlier answers yet);
    /// 422 for an answer larger than the whole budget.
    pub async fn share(&self, bytes: usize, wait: Duration) -> Result<OwnedSemaphorePermit, ApiError> {
        let units = bytes.div_ceil(UNIT).max(1);
        if units > self.total {
            return Err(ApiError::too_large(format!(
                "this answer is {} MiB, more than the {} MiB of answers the server holds at once",
                bytes >> 20,
                (self.total * UNIT) >> 20
            )));
        }
        let units =
            u32::try_from(units).map_err(|_| ApiError::too_large("this answer is too large to send"))?;
        match tokio::time::timeout(wait, self.permits.clone().acquire_many_owned(units)).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(ApiError::busy("the server is shutting down")),
            Err(_) => Err(ApiError::busy(
                "busy: answers not yet read by their clients fill the memory set aside for them; try again in a moment",
            )),
        }
    }
}

/// A body that holds its share of the budget until it is dropped, handing out its bytes a chunk
/// at a time.
struct SharedBody {
    rest: Bytes,
    _share: OwnedSemaphorePermit,
}

impl http_body::Body for SharedBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        if self.rest.is_empty() {
            return Poll::Ready(None);
        }
        let take = self.rest.len().min(CHUNK);
        let chunk = self.rest.split_to(take);
        Poll::Ready(Some(Ok(http_body::Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.rest.len() as u64)
    }
}

/// `template` (its status and headers) with the body `bytes`, holding `share` until the body is
/// dropped.
pub fn response(template: Response, bytes: Vec<u8>, share: OwnedSemaphorePermit) -> Response {
    let (parts, _) = template.into_parts();
    Response::from_parts(parts, Body::new(SharedBody { rest: Bytes::from(bytes), _share: share }))
}

/// The headers of a JSON answer.
pub fn json_template() -> Response {
    let mut response = ().into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn a_share_is_held_until_the_body_is_dropped_and_a_full_budget_refuses() {
        let budget = AnswerBudget::new(1 << 20);
        let share = budget.share(700 * 1024, Duration::from_millis(10)).await.unwrap();
        let response = response(json_template(), vec![b'x'; 700 * 1024], share);
        assert_eq!(budget.in_flight(), 700 * 1024);
        // A second answer does not fit beside the first: refused after the wait, with 503.
        let refused = budget.share(500 * 1024, Duration::from_millis(20)).await.unwrap_err();
        assert_eq!(refused.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        // Larger than the whole budget: never fits.
        let never = budget.share(2 << 20, Duration::from_millis(1)).await.unwrap_err();
        assert_eq!(never.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        // Read in chunks, whole; once the body is gone, so is its share.
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(body.len(), 700 * 1024);
        assert_eq!(budget.in_flight(), 0);
        assert!(budget.share(500 * 1024, Duration::from_millis(10)).await.is_ok());
    }
}
