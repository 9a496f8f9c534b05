//! Limits that need a configuration of their own: connection timeouts (many half-sent
//! requests are closed) and login tokens that expire unless used.
//! Token expiry runs on SQLite and on PostgreSQL.

mod support;

use support::Backend;

use server::config::Period;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a test waits for a connection the server should close: no bound on how soon it
/// does (the timeouts under test are far shorter), only on how long a server that never closes
/// it holds up the test.
const CLOSES: Duration = Duration::from_secs(60);

/// Reads until the server closes the connection or `limit` passes, keeping what it sent in
/// `got`; true when it closed.
async fn closed_within(stream: &mut TcpStream, limit: Duration, got: &mut Vec<u8>) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline.into(), stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn half_sent_requests_and_silent_connections_are_closed() {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config(dir.path());
    config.header_timeout = Period::millis(500);
    config.idle_timeout = Period::millis(1500);
    let running = server::server::Running::start(config).await.expect("start");
    // 200 connections that send half their headers and stop, and 50 that send nothing.
    let mut half = Vec::new();
    for i in 0..250 {
        let mut s = TcpStream::connect(running.addr).await.expect("connect");
        if i < 200 {
            s.write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .await
                .expect("write");
        }
        half.push(s);
    }
    let started = Instant::now();
    let mut closed = 0;
    for s in &mut half {
        if closed_within(s, CLOSES.saturating_sub(started.elapsed()), &mut Vec::new()).await {
            closed += 1;
        }
    }
    assert_eq!(
        closed, 250,
        "every half-sent or silent connection is closed"
    );
    // A body sent too slowly (a byte, then nothing) is closed by the idle timeout.
    let mut slow = TcpStream::connect(running.addr).await.expect("connect");
    slow.write_all(
        b"POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{",
    )
    .await
    .expect("write");
    // Its headers came in time, so the header timeout passes it by: it is still open when
    // that has long struck (a window in which nothing may happen, not a time measured; the idle
    // timeout cannot strike within it), and the idle timeout then closes it without an answer
    // that would have refused it.
    let mut got = Vec::new();
    assert!(
        !closed_within(&mut slow, Duration::from_millis(1000), &mut got).await,
        "closed past the header timeout but before the idle timeout: {:?}",
        String::from_utf8_lossy(&got)
    );
    assert!(closed_within(&mut slow, CLOSES, &mut got).await);
    assert_eq!(
        String::from_utf8_lossy(&got),
        "",
        "the idle timeout answers nothing"
    );
    // A client that keeps talking is served throughout.
    let c = server::client::Client::new(&running.url());
    for _ in 0..3 {
        c.health().await.expect("health");
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    // An event stream outlives the idle timeout: it sends comments meanwhile.
    let srv = support::Srv {
        running,
        database: Default::default(),
    };
    let mut a = srv.client();
    a.register("EVT", "pw").await.expect("register");
    let mut events = a.events().await.expect("events");
    let waited = tokio::time::timeout(Duration::from_millis(2500), events.next()).await;
    assert!(
        waited.is_err(),
        "the stream stayed open and quiet: {waited:?}"
    );
}

async fn a_token_expires_unless_used_and_each_use_starts_it_again(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    config.token_ttl = Period::millis(1500);
    let running = server::server::Running::start(config).await.expect("start");
    let mut kept = server::client::Client::new(&running.url());
    kept.register("TTL", "pw").await.expect("register");
    let mut idle = server::client::Client::new(&running.url());
    idle.login("TTL", "pw").await.expect("login");
    // Used every 500 ms for 3 s: twice the lifetime, and still valid.
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        kept.me().await.expect("a token in use stays valid");
    }
    support::assert_refused(idle.me().await, 401, "unauthorized");
    running.stop().await.expect("stop");
}

on_both!(a_token_expires_unless_used_and_each_use_starts_it_again,);
