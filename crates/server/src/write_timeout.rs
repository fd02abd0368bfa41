//! A connection that fails its writes when its client stops reading: a write that makes no
//! progress for the timeout (the client's receive window full, the socket's send buffer full)
//! ends with `TimedOut`, and the server then closes the connection and drops the answer it was
//! sending, with its share of the answer budget. A slow client that keeps reading is never cut
//! off: the timer restarts whenever a write makes progress.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// `inner` with writes that time out when they make no progress for `timeout`.
pub struct WriteTimeout<T> {
    inner: T,
    timeout: Duration,
    /// Running while a write waits; `None` after progress.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> WriteTimeout<T> {
    pub fn new(inner: T, timeout: Duration) -> WriteTimeout<T> {
        WriteTimeout { inner, timeout, stalled: None }
    }

    /// After a write returned `Pending`: starts the timer if it is not running, and fails once it
    /// has run out (the timer wakes the task then, so the failure is seen).
    fn pending<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        let timeout = self.timeout;
        let sleep =
            self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + timeout)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Passes a write's result on, restarting the timer on progress.
    fn outcome<R>(&mut self, cx: &mut Context<'_>, polled: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        match polled {
            Poll::Pending => self.pending(cx),
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteTimeout<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.outcome(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.outcome(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(cx);
        self.outcome(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn a_reader_that_stops_fails_the_write_and_one_that_reads_does_not() {
        // A pipe of 64 KiB that nobody reads: the write stalls, then times out.
        let (client, server) = tokio::io::duplex(64 * 1024);
        let mut writer = WriteTimeout::new(server, Duration::from_millis(200));
        let started = std::time::Instant::now();
        let error = writer.write_all(&vec![0u8; 1 << 20]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(200));
        drop(client);
        // The same pipe read slowly but steadily: every byte arrives.
        let (mut client, server) = tokio::io::duplex(64 * 1024);
        let mut writer = WriteTimeout::new(server, Duration::from_millis(200));
        let reader = tokio::spawn(async move {
            let mut total = 0;
            let mut buf = vec![0u8; 32 * 1024];
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                match client.read(&mut buf).await.unwrap() {
                    0 => break total,
                    n => total += n,
                }
            }
        });
        writer.write_all(&vec![0u8; 1 << 20]).await.unwrap();
        writer.shutdown().await.unwrap();
        assert_eq!(reader.await.unwrap(), 1 << 20);
    }
}
