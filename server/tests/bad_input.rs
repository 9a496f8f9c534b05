//! What a caller without the right may not see or do, and bad input: every refusal is a 4xx
//! with a reason, never a 5xx.
//! Those on a plain server run on SQLite and on PostgreSQL.

mod support;

use server::client::Client;
use support::{Backend, Locks, assert_refused, raw, start_on};

async fn every_endpoint_but_register_and_login_needs_a_token(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let anon = srv.client();
    assert_refused(anon.players().await, 401, "unauthorized");
    assert_refused(anon.scores().await, 401, "unauthorized");
    assert_refused(anon.me().await, 401, "unauthorized");
    assert_refused(anon.player("ABC").await, 401, "unauthorized");
    assert_refused(anon.lock(1).await, 401, "unauthorized");
    assert_refused(anon.notes().await, 401, "unauthorized");
    assert_refused(anon.note(1).await, 401, "unauthorized");
    assert_refused(anon.publish(1, "x", "y").await, 401, "unauthorized");
    assert_refused(anon.retire(1).await, 401, "unauthorized");
    assert_refused(anon.declare(1, 1, "hCW").await, 401, "unauthorized");
    let forged = srv.client().with_token("0000");
    assert_refused(forged.players().await, 401, "unauthorized");
    assert_refused(forged.events().await, 401, "unauthorized");
}

async fn registering_and_logging_in(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let mut c = srv.client();
    assert_refused(c.register("abc", "pw").await, 400, "bad-codename");
    assert_refused(c.register("ABCD", "pw").await, 400, "bad-codename");
    assert_refused(c.register("A C", "pw").await, 400, "bad-codename");
    assert_refused(c.register("ABC", "").await, 400, "bad-password");
    c.register("A/?", "pw")
        .await
        .expect("symbols are printable");
    assert_refused(c.register("A/?", "pw").await, 409, "codename-taken");
    let mut d = srv.client();
    assert_refused(d.login("A/?", "wrong").await, 401, "bad-login");
    assert_refused(d.login("ZZZ", "pw").await, 401, "bad-login");
    d.login("A/?", "pw").await.expect("login");
    assert_eq!(d.me().await.expect("me").codename, "A/?");
    assert_eq!(d.player("A/?").await.expect("by name").codename, "A/?");
}

async fn bad_locks_moves_slots_and_holders_are_refused_with_reasons(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let a = srv.player("AAA").await;
    let b = srv.player("BBB").await;
    // A malformed lock: 422 with line:column diagnostics.
    let broken = locks.spring.replace("size: 4", "size: four");
    let err = a
        .publish(1, &broken, &locks.spring_solution)
        .await
        .expect_err("malformed");
    assert_eq!(err.status().map(|s| s.as_u16()), Some(422));
    assert_eq!(err.code(), Some("malformed-lock"));
    match err {
        server::client::ClientError::Refused { body, .. } => {
            assert!(!body.diagnostics.is_empty());
            assert!(body.diagnostics.iter().all(|d| d.span.line >= 1));
        }
        other => panic!("{other}"),
    }
    assert_refused(a.publish(1, "", "hCW").await, 422, "malformed-lock");
    // A solution that does not open it, bad moves, the wrong slot.
    assert_refused(
        a.publish(1, &locks.spring, "hCCW").await,
        422,
        "does-not-open",
    );
    assert_refused(a.publish(1, &locks.spring, "jump").await, 422, "bad-moves");
    assert_refused(
        a.publish(1, &locks.spring, &locks.pivot_solution).await,
        422,
        "other-lock",
    );
    assert_refused(a.publish(4, &locks.spring, "hCW").await, 400, "bad-slot");
    assert_refused(a.publish(0, &locks.spring, "hCW").await, 400, "bad-slot");
    assert_refused(a.retire(1).await, 409, "empty-slot");
    let a1 = a
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("ok");
    let b1 = b
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("ok");
    // Not your lock; unknown lock, player, note; no holder; wrong moves.
    assert_refused(a.declare(a1.lock, 1, "hCW").await, 403, "own-lock");
    assert_refused(a.declare(999, 1, "hCW").await, 404, "unknown-lock");
    assert_refused(a.player("QQQ").await, 404, "unknown-player");
    assert_refused(a.note(999).await, 404, "unknown-note");
    assert_refused(
        a.declare(b1.lock, 2, &locks.pivot_solution).await,
        409,
        "no-holder",
    );
    assert_refused(
        a.declare(b1.lock, 1, "hCCW hCCW").await,
        422,
        "does-not-open",
    );
    assert_refused(a.declare(b1.lock, 1, "h?").await, 422, "bad-moves");
    a.declare(b1.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    assert_refused(
        a.declare(b1.lock, 1, &locks.pivot_solution).await,
        409,
        "already-declared",
    );
    // A retired lock takes no declarations.
    b.publish(1, &locks.ball, &locks.ball_solution)
        .await
        .expect("replace");
    let c = srv.player("CCC").await;
    c.publish(1, &locks.ball, &locks.ball_solution)
        .await
        .expect("ok");
    assert_refused(
        c.declare(b1.lock, 1, &locks.pivot_solution).await,
        409,
        "retired-lock",
    );
}

async fn secrets_stay_secret(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let a = srv.player("AAA").await;
    let b = srv.player("BBB").await;
    let a1 = a
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("ok");
    let b1 = b
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("ok");
    // A lock's text is public; no view carries the author's solution.
    let seen = b.lock(a1.lock).await.expect("lock");
    assert_eq!(seen.text, locks.spring);
    let raw = reqwest::Client::new()
        .get(format!("{}/api/v1/locks/{}", srv.running.url(), a1.lock))
        .bearer_auth(b.token().expect("token"))
        .send()
        .await
        .expect("get")
        .text()
        .await
        .expect("text");
    assert!(!raw.contains("solution\""), "{raw}");
    // A's note on B's lock, behind A1: B has not read it.
    let note = a
        .declare(b1.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    assert_refused(b.note(note.id).await, 403, "not-read");
    assert!(b.notes().await.expect("notes").is_empty());
    let view = b.player("AAA").await.expect("view");
    let listed = &view.slots[0].lock.as_ref().expect("lock").notes;
    assert!(listed.iter().all(|n| n.solution.is_none()));
    let lock = b.lock(b1.lock).await.expect("own lock");
    assert!(lock.notes.iter().all(|n| n.solution.is_none()));
}

async fn malformed_requests_get_json_errors_not_5xx(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let a = srv.player("AAA").await;
    let http = reqwest::Client::new();
    let url = srv.running.url();
    let token = a.token().expect("token").to_string();
    let cases: Vec<(reqwest::Method, &str, String, u16)> = vec![
        (reqwest::Method::POST, "/api/v1/players", "{".into(), 400),
        (reqwest::Method::POST, "/api/v1/players", "[]".into(), 400),
        (reqwest::Method::POST, "/api/v1/login", "null".into(), 400),
        (
            reqwest::Method::PUT,
            "/api/v1/slots/1",
            "{\"lock\": 3}".into(),
            400,
        ),
        (reqwest::Method::PUT, "/api/v1/slots/x", "{}".into(), 400),
        (
            reqwest::Method::POST,
            "/api/v1/notes",
            "{\"lock\":\"a\"}".into(),
            400,
        ),
        (
            reqwest::Method::POST,
            "/api/v1/notes",
            "{\"lock\":1,\"behind\":9,\"solution\":\"\"}".into(),
            400,
        ),
        (
            reqwest::Method::GET,
            "/api/v1/locks/abc",
            String::new(),
            400,
        ),
        (reqwest::Method::GET, "/api/v1/nowhere", String::new(), 404),
        (
            reqwest::Method::PUT,
            "/api/v1/slots/1",
            "x".repeat(200 * 1024),
            413,
        ),
    ];
    for (method, path, body, status) in cases {
        let r = http
            .request(method.clone(), format!("{url}{path}"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("send");
        assert_eq!(r.status().as_u16(), status, "{method} {path}");
        let body: server::protocol::ErrorBody = r.json().await.expect("a JSON error body");
        assert!(!body.message.is_empty());
    }
}

#[tokio::test]
async fn a_rate_limited_client_gets_429() {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config(dir.path());
    config.rate_limit = 1.0;
    config.rate_burst = 5.0;
    let running = server::server::Running::start(config).await.expect("start");
    let c = Client::new(&running.url()).with_token("x");
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(
            c.players()
                .await
                .expect_err("refused")
                .status()
                .map(|s| s.as_u16()),
        );
    }
    assert_eq!(statuses[..5], [Some(401); 5]);
    assert_eq!(statuses[7], Some(429));
    running.stop().await.expect("stop");
}

async fn a_lock_open_before_any_move_is_refused_on_publish(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let empty = std::fs::read_to_string(format!(
        "{}/../templates/hexlock/empty/size-4.lock",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("template");
    let a = srv.player("AAA").await;
    // Before the fix, the lock was placed with the solution `.` and anyone then declared on it
    // with one wait.
    assert_refused(a.publish(1, &empty, ".").await, 422, "already-open");
    assert_refused(a.publish(1, &empty, "hCW").await, 422, "already-open");
    assert!(a.me().await.expect("me").slots[0].lock.is_none());
}

/// Regression: unknown query keys were accepted (`GET /scores?sort=name` answered as if the
/// option existed); they are refused with `400 bad-query`, on every endpoint.
async fn unknown_query_keys_are_refused(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let a = srv.player("QRY").await;
    let token = a.token().expect("token").to_string();
    let url = srv.running.url();
    for (method, path) in [
        ("GET", "/api/v1/scores?sort=name"),
        ("GET", "/api/v1/me?x=1"),
        ("GET", "/api/v1/players/QRY?accessor=true"),
        ("POST", "/api/v1/logout?everywhere=true"),
        ("GET", "/api/v1/health?verbose"),
    ] {
        let (status, body, _) = raw(method, &format!("{url}{path}"), Some(&token), None).await;
        assert_eq!(status, 400, "{path}: {body}");
        let e: server::protocol::ErrorBody = serde_json::from_str(&body).expect("JSON");
        assert_eq!(e.error, "bad-query", "{path}: {body}");
    }
    let (status, _, _) = raw(
        "GET",
        &format!("{url}/api/v1/players/QRY?accessors=true"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200, "a known key is taken");
}

/// Regression: `Content-Length: 10737418240` with no body waited 30 s for a 408; a body
/// announced over the limit is refused at once, before any of it is read.
#[tokio::test]
async fn a_body_announced_over_the_limit_is_refused_at_once() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config(dir.path());
    // Ten minutes: an answer that waited for the request timeout could not pass for prompt.
    config.request_timeout = server::config::Period::secs(600);
    config.idle_timeout = server::config::Period::secs(600);
    let running = server::server::Running::start(config).await.expect("start");
    let mut s = tokio::net::TcpStream::connect(running.addr)
        .await
        .expect("connect");
    s.write_all(
        b"POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n",
    )
    .await
    .expect("write");
    let mut got = vec![0u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(120), s.read(&mut got))
        .await
        .expect("answered before the request timeout")
        .expect("read");
    let answer = String::from_utf8_lossy(&got[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"too-large\""), "{answer}");
}

/// Regression: requests HTTP itself cannot read (a bad request line, a bad header, a 1 MB
/// header, a 200 KB URI, a NUL in the path, an unknown HTTP version) were answered with an
/// empty body, not the documented JSON.
#[tokio::test]
async fn requests_http_cannot_read_get_json_errors() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (srv, _dir) = support::start().await;
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (b"GARBAGE\r\n\r\n".to_vec(), 400, "bad-request"),
        (
            b"GET /api/v1/health HTTP/1.1\r\nBad Header\r\n\r\n".to_vec(),
            400,
            "bad-request",
        ),
        (
            [
                b"GET /api/v1/health HTTP/1.1\r\nX: ".as_slice(),
                &vec![b'a'; 1 << 20],
                b"\r\n\r\n",
            ]
            .concat(),
            431,
            "headers-too-large",
        ),
        (
            [
                b"GET /".as_slice(),
                &vec![b'a'; 200_000],
                b" HTTP/1.1\r\nHost: x\r\n\r\n",
            ]
            .concat(),
            414,
            "uri-too-long",
        ),
        (
            b"GET /api/v1/\x00health HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
            400,
            "bad-request",
        ),
    ];
    for (request, status, code) in cases {
        let mut s = tokio::net::TcpStream::connect(srv.running.addr)
            .await
            .expect("connect");
        // The server may answer and close before it has read all of a huge request.
        let _ = s.write_all(&request).await;
        let mut got = Vec::new();
        let _ =
            tokio::time::timeout(std::time::Duration::from_secs(30), s.read_to_end(&mut got)).await;
        let answer = String::from_utf8_lossy(&got);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{code}: {answer}"
        );
        assert!(
            answer.contains("content-type: application/json"),
            "{answer}"
        );
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
        let e: server::protocol::ErrorBody =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"));
        assert_eq!(e.error, code, "{answer}");
        assert!(!e.message.is_empty());
    }
}

on_both!(
    every_endpoint_but_register_and_login_needs_a_token,
    registering_and_logging_in,
    bad_locks_moves_slots_and_holders_are_refused_with_reasons,
    secrets_stay_secret,
    malformed_requests_get_json_errors_not_5xx,
    a_lock_open_before_any_move_is_refused_on_publish,
    unknown_query_keys_are_refused,
);
