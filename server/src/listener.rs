//! The listener: accepts connections and serves each with HTTP/1.1, with two timeouts that
//! axum's own `serve` does not have, so that a client cannot hold connections open for free:
//!
//! - **header timeout**: a connection must send a request's headers within this time of
//!   opening, or of its previous response (hyper's header read timeout), else it is closed;
//! - **idle timeout**: a connection on which no byte moves either way for this long is closed,
//!   whatever it is doing (a body sent a byte a minute, a response no one reads). Event
//!   streams send a comment at least twice per idle timeout.
//!
//! Stopping: the listener stops accepting, every connection finishes the request in flight
//! and closes, and [`serve_connections`] returns when the last one has.

use crate::client_address::TrustedProxies;
use crate::quota::{Held, Hold};
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// The connection timeouts.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// Time to send a request's headers.
    pub header: Duration,
    /// Time without a byte moving.
    pub idle: Duration,
}

/// A connection that notes when a byte last moved, for the idle timeout, and gives hyper's
/// own answers to requests it cannot read a JSON body.
struct Watched {
    inner: TcpStream,
    /// Milliseconds since `epoch` of the last byte read or written.
    last: Arc<AtomicU64>,
    epoch: Instant,
    /// An answer written in place of hyper's: its bytes, how many are written, and the
    /// length of hyper's that it stands for.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

/// The marks of the answer hyper writes itself, before any handler runs, when it cannot read
/// a request (a bad request line or header, a header or URI too long, an HTTP version it
/// does not speak): a 4xx with no body that closes the connection. The API's own answers
/// always have a body.
const HYPERS_OWN: &[u8] = b"\r\nconnection: close\r\ncontent-length: 0\r\n";

/// The API's JSON answer in place of hyper's bodiless one, if `head` is that.
fn framing_error_answer(head: &[u8]) -> Option<Vec<u8>> {
    if !head.starts_with(b"HTTP/1.1 4") && !head.starts_with(b"HTTP/1.1 5") {
        return None;
    }
    let end = head.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    if end != head.len() || !head.windows(HYPERS_OWN.len()).any(|w| w == HYPERS_OWN) {
        return None;
    }
    let status: u16 = std::str::from_utf8(head.get(9..12)?).ok()?.parse().ok()?;
    let (code, message) = match status {
        431 => (
            "headers-too-large",
            "the request's headers are larger than this server reads",
        ),
        414 => (
            "uri-too-long",
            "the request's path and query are longer than this server reads",
        ),
        505 => ("http-version", "this server speaks HTTP/1.1 (and 1.0)"),
        408 => ("timeout", "the request's headers took too long to arrive"),
        _ => (
            "bad-request",
            "the request cannot be read as HTTP/1.1: its request line or a header is malformed",
        ),
    };
    let body = serde_json::json!({ "error": code, "message": message }).to_string();
    let reason = std::str::from_utf8(&head[13..])
        .ok()
        .and_then(|r| r.split("\r\n").next())
        .unwrap_or("");
    Some(
        format!(
            "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl Watched {
    fn touch(&self) {
        self.last
            .store(self.epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let r = Pin::new(&mut this.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none()
            && let Some(answer) = framing_error_answer(buf)
        {
            this.replacing = Some((answer, 0, buf.len()));
        }
        if let Some((answer, written, stands_for)) = &mut this.replacing {
            while *written < answer.len() {
                match Pin::new(&mut this.inner).poll_write(cx, &answer[*written..]) {
                    Poll::Ready(Ok(0)) => return Poll::Ready(Ok(0)),
                    Poll::Ready(Ok(n)) => *written += n,
                    Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                    Poll::Pending => return Poll::Pending,
                }
            }
            let n = *stands_for;
            this.replacing = None;
            this.touch();
            return Poll::Ready(Ok(n));
        }
        let r = Pin::new(&mut this.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.touch();
        }
        r
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let mut full = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (full.next(), full.next())
            && (self.replacing.is_some() || framing_error_answer(only).is_some())
        {
            return self.poll_write(cx, only);
        }
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// How many connections one peer may hold: every address alike, except trusted proxies,
/// which carry many clients' connections.
#[derive(Clone)]
pub struct ConnectionCap {
    /// Connections per peer address.
    pub per_address: usize,
    /// Peers not capped.
    pub trusted: TrustedProxies,
    /// Where refusals are counted.
    pub metrics: Arc<crate::metrics::Metrics>,
}

/// The answer to a connection over its address's cap, written before closing it: the API's
/// JSON error, so that a client can tell why.
fn over_cap_answer(cap: usize) -> Vec<u8> {
    let body = serde_json::json!({
        "error": "too-many-connections",
        "message": format!(
            "this address already has {cap} connections open, this server's limit; reuse one or close some"
        ),
    })
    .to_string();
    format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Accepts and serves connections until `shutdown` completes; then stops accepting, lets each
/// connection finish its request and waits for the last to close. `stop` is told when
/// stopping begins (event streams end on it). A peer over its cap is answered 429 and closed.
pub async fn serve_connections(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    cap: ConnectionCap,
    shutdown: impl Future<Output = ()>,
    stop: watch::Sender<bool>,
) {
    let held = Arc::new(Held::new(cap.per_address));
    let refusal: Arc<[u8]> = over_cap_answer(cap.per_address).into();
    // Each connection holds a receiver; the sender's `closed` completes when all are gone.
    let (open_tx, open_rx) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, addr)) => {
                    let hold = if cap.trusted.trusts(addr.ip()) {
                        None
                    } else {
                        match held.take(addr.ip()) {
                            Some(hold) => Some(hold),
                            None => {
                                cap.metrics
                                    .connections_refused
                                    .fetch_add(1, Ordering::Relaxed);
                                tokio::spawn(refuse(stream, refusal.clone()));
                                continue;
                            }
                        }
                    };
                    tokio::spawn(connection(
                        hold,
                        stream,
                        addr,
                        app.clone(),
                        timeouts,
                        stop.subscribe(),
                        open_rx.clone(),
                    ));
                }
                Err(e) => {
                    // Out of file descriptors, most likely: wait for connections to close
                    // rather than spin.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            () = &mut shutdown => break,
        }
    }
    tracing::info!("shutting down");
    drop(listener);
    let _ = stop.send(true);
    drop(open_rx);
    open_tx.closed().await;
}

/// Answers a connection over its cap and closes it, waiting at most a second for the client
/// to take the answer.
async fn refuse(mut stream: TcpStream, answer: Arc<[u8]>) {
    use tokio::io::AsyncWriteExt;
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&answer).await?;
        stream.shutdown().await
    })
    .await;
}

/// Serves one connection until it closes, times out, or the server stops; `_hold` is its
/// place under its address's cap.
async fn connection(
    _hold: Option<Hold<std::net::IpAddr>>,
    stream: TcpStream,
    addr: SocketAddr,
    app: Router,
    timeouts: Timeouts,
    mut stop: watch::Receiver<bool>,
    _open: watch::Receiver<()>,
) {
    let _ = stream.set_nodelay(true);
    let epoch = Instant::now();
    let last = Arc::new(AtomicU64::new(0));
    let io = TokioIo::new(Watched {
        inner: stream,
        last: last.clone(),
        epoch,
        replacing: None,
    });
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        request.extensions_mut().insert(ConnectInfo(addr));
        app.clone().oneshot(request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.header);
    let mut conn = std::pin::pin!(http.serve_connection(io, service));
    let mut check = tokio::time::interval((timeouts.idle / 4).max(Duration::from_millis(5)));
    let mut stopping = *stop.borrow();
    if stopping {
        conn.as_mut().graceful_shutdown();
    }
    loop {
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!(%addr, error = %e, "connection ended");
                }
                return;
            }
            _ = check.tick() => {
                let silent = epoch.elapsed().saturating_sub(Duration::from_millis(
                    last.load(Ordering::Relaxed),
                ));
                if silent >= timeouts.idle {
                    tracing::debug!(%addr, "closing a connection idle for {silent:?}");
                    return;
                }
            }
            changed = stop.changed(), if !stopping => {
                let _ = changed;
                stopping = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}
