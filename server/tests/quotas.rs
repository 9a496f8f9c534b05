//! Every per-request cost is bounded and every per-client resource has a quota: each test
//! starts a real server on 127.0.0.1 and pushes one limit past its end.
//! The quotas kept with the world (lock lines, publishes, token expiry, login throttle, challenges) run on SQLite and on PostgreSQL.

mod support;

use server::client::Client;
use server::config::Period;
use std::time::Duration;
use support::{Backend, Locks, assert_refused, raw, spawn_binary};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A publish request's body for a lock text, by hand: the client cannot send a lock it
/// knows to be nonsense.
fn publish_body(lock: &str, solution: &str) -> String {
    serde_json::json!({ "lock": lock, "solution": solution }).to_string()
}

/// Regression: a 64 KiB lock of 32,000 newlines cost 60 ms of CPU and megabytes each, and
/// 200 at once took the server from 28 MB to a 1.24 GB peak. Such a text is now refused by
/// counting its lines, before it is read, and checks run on a fixed pool: at any
/// concurrency the server's peak memory stays under 100 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_empty_lines_is_refused_before_it_is_read_and_memory_stays_bounded() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(dir.path(), "password_memory_kib = 64\n", &[], "");
    let mut c = Client::new(&child.url);
    c.register("NLF", "pw").await.expect("register");
    let token = c.token().expect("token").to_string();
    let body = std::sync::Arc::new(publish_body(&"\n".repeat(32_000), "h"));
    let url = std::sync::Arc::new(format!("{}/api/v1/slots/1", child.url));
    let mut tasks = Vec::new();
    for _ in 0..200 {
        let (body, url, token) = (body.clone(), url.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            raw("PUT", &url, Some(&token), Some(&body)).await
        }));
    }
    let mut refused_by_lines = 0;
    for t in tasks {
        let (status, body, _) = t.await.expect("task");
        let e: server::protocol::ErrorBody = serde_json::from_str(&body).expect("JSON");
        match (status, e.error.as_str()) {
            (422, "lock-too-many-lines") => {
                refused_by_lines += 1;
                assert!(e.message.contains("1000 lines"), "{}", e.message);
            }
            (429, "busy") => {}
            other => panic!("{other:?}: {body}"),
        }
    }
    assert!(refused_by_lines > 0);
    let (_, peak_kib) = child.memory_kib();
    assert!(
        peak_kib < 100 * 1024,
        "peak memory {} MB at 200 concurrent floods",
        peak_kib / 1024
    );
    // The server is fine and a real lock still publishes.
    let locks = Locks::load();
    c.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
}

async fn the_lock_line_cap_is_set_by_the_configuration(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.max_lock_lines = 40;
    let running = server::server::Running::start(config).await.expect("start");
    let srv = support::Srv { running, database };
    let c = srv.player("LIN").await;
    let locks = Locks::load();
    let commented = format!("{}{}", "# a comment\n".repeat(40), locks.spring);
    assert_refused(
        c.publish(1, &commented, &locks.spring_solution).await,
        422,
        "lock-too-many-lines",
    );
    c.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("within the cap");
}

async fn publishes_per_player_per_hour_are_capped(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.publishes_per_hour = 2;
    let running = server::server::Running::start(config).await.expect("start");
    let srv = support::Srv { running, database };
    let a = srv.player("PUB").await;
    let b = srv.player("PUC").await;
    let locks = Locks::load();
    // A refused publish does not count.
    assert!(a.publish(1, &locks.spring, "hCCW").await.is_err());
    a.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("first");
    a.publish(2, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("second");
    let third = a.publish(3, &locks.ball, &locks.ball_solution).await;
    assert_refused(third, 429, "publish-quota");
    b.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("another player has their own quota");
}

/// Regression: 497 event streams on one token exhausted the file limit.
#[tokio::test]
async fn event_streams_are_capped_per_player_and_per_address() {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config(dir.path());
    config.streams_per_player = 2;
    config.streams_per_address = 3;
    let running = server::server::Running::start(config).await.expect("start");
    let srv = support::Srv {
        running,
        database: Default::default(),
    };
    let a = srv.player("STA").await;
    let b = srv.player("STB").await;
    let first = a.events().await.expect("one");
    let _second = a.events().await.expect("two");
    assert_refused(a.events().await, 429, "too-many-streams");
    let _third = b
        .events()
        .await
        .expect("another player, the address's third");
    assert_refused(b.events().await, 429, "too-many-streams");
    drop(first);
    // The closed stream's place is given back once the server sees it closed.
    let mut again = None;
    for _ in 0..100 {
        if let Ok(s) = a.events().await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a closed stream gives its place back");
}

/// Regression: event streams kept delivering after `POST /logout?all=true`.
async fn an_event_stream_ends_on_logout_and_on_token_expiry(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.token_ttl = Period::millis(1500);
    let running = server::server::Running::start(config).await.expect("start");
    let srv = support::Srv { running, database };
    let mut a = srv.player("OUT").await;
    let mut stream = a.events().await.expect("events");
    a.logout(true).await.expect("logout everywhere");
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.next().await {
                Ok(Some(_)) => continue,
                _ => return,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream ends when its token is revoked");
    // Expiry: a stream on a token that is not used again ends when it expires.
    let mut b = srv.client();
    b.login("OUT", "pass-word").await.expect("login");
    let mut stream = b.events().await.expect("events");
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.next().await {
                Ok(Some(_)) => continue,
                _ => return,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream ends when its token expires");
    assert_refused(b.me().await, 401, "unauthorized");
}

/// Regression: 600 half-sent requests from one address exhausted the file limit and
/// `/health` timed out. Connections over the cap are answered 429 in JSON and closed.
#[tokio::test]
async fn connections_are_capped_per_address_with_a_json_refusal() {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config(dir.path());
    config.connections_per_address = 5;
    let running = server::server::Running::start(config).await.expect("start");
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(TcpStream::connect(running.addr).await.expect("connect"));
    }
    // The sixth connection is answered and closed; it need not even send a request.
    let mut sixth = TcpStream::connect(running.addr).await.expect("connect");
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), sixth.read_to_end(&mut answer))
        .await
        .expect("answered")
        .expect("read");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).expect("a body");
    let e: server::protocol::ErrorBody = serde_json::from_str(body).expect("JSON");
    assert_eq!(e.error, "too-many-connections");
    // Closing one makes room.
    drop(held.pop());
    let mut ok = false;
    for _ in 0..100 {
        let mut s = TcpStream::connect(running.addr).await.expect("connect");
        s.write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .expect("write");
        let mut got = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut got)).await;
        if got.starts_with(b"HTTP/1.1 200") {
            ok = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(ok, "a closed connection gives its place back");
}

/// Logs in with a forwarded-client header, as a client behind a proxy would.
async fn login_from(url: &str, client: &str, codename: &str, password: &str) -> (u16, String) {
    let r = reqwest::Client::new()
        .post(format!("{url}/api/v1/login"))
        .header("x-forwarded-for", client)
        .json(&serde_json::json!({ "codename": codename, "password": password }))
        .send()
        .await
        .expect("send");
    let status = r.status().as_u16();
    (status, r.text().await.expect("body"))
}

/// Regression: 34 concurrent wrong logins were all password-checked (the free failures were
/// counted after each check), and the burst then locked the address for 15 minutes for every
/// codename — behind a proxy, every player.
async fn login_throttle_counts_concurrent_attempts_and_never_locks_out_another_player(
    backend: Backend,
) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.trusted_proxies = vec!["127.0.0.1".parse().expect("net")];
    config.password_queue = 64;
    let running = server::server::Running::start(config).await.expect("start");
    let url = running.url();
    let srv = support::Srv { running, database };
    srv.player("VIC").await;
    srv.player("OTH").await;
    let mut burst = Vec::new();
    for _ in 0..34 {
        let url = url.clone();
        burst.push(tokio::spawn(async move {
            login_from(&url, "203.0.113.66", "VIC", "guess").await
        }));
    }
    let (mut checked, mut throttled) = (0, 0);
    for t in burst {
        match t.await.expect("task") {
            (401, _) => checked += 1,
            (429, body) => {
                assert!(body.contains("login-throttled"), "{body}");
                throttled += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        (checked, throttled),
        (5, 29),
        "the five free failures, then waits"
    );
    // Another player behind the same proxy, and from the attacker's own address, logs in.
    assert_eq!(
        login_from(&url, "198.51.100.5", "OTH", "pass-word").await.0,
        200
    );
    assert_eq!(
        login_from(&url, "203.0.113.66", "OTH", "pass-word").await.0,
        200
    );
}

/// Behind a trusted proxy each client has its own rate limit; a header from an untrusted
/// peer is ignored, so it cannot be used to dodge the limit.
#[tokio::test]
async fn the_rate_limit_is_per_forwarded_client_only_behind_a_trusted_proxy() {
    let get = |url: String, client: &'static str| async move {
        reqwest::Client::new()
            .get(format!("{url}/api/v1/ready"))
            .header("x-forwarded-for", client)
            .send()
            .await
            .expect("send")
            .status()
            .as_u16()
    };
    for trusted in [true, false] {
        let dir = tempfile::tempdir().expect("dir");
        let mut config = support::test_config(dir.path());
        config.rate_limit = 0.001;
        config.rate_burst = 3.0;
        if trusted {
            config.trusted_proxies = vec!["127.0.0.0/8".parse().expect("net")];
        }
        let running = server::server::Running::start(config).await.expect("start");
        let url = running.url();
        for _ in 0..3 {
            assert_eq!(get(url.clone(), "192.0.2.1").await, 200);
        }
        assert_eq!(
            get(url.clone(), "192.0.2.1").await,
            429,
            "the burst is spent"
        );
        let other = get(url.clone(), "192.0.2.2").await;
        if trusted {
            assert_eq!(other, 200, "another client behind the proxy has its own");
        } else {
            assert_eq!(other, 429, "an untrusted peer's header is ignored");
        }
        running.stop().await.expect("stop");
    }
}

/// Regression: Death Match challenges and the pieces a round file offers had no cap (20,000
/// challenges with 2,000-piece rounds made a 983 MB database), and `GET /matches` answered
/// every match at once (2.7 MB).
async fn challenges_pieces_and_the_list_of_matches_are_bounded(backend: Backend) {
    use server::death_match_host::view::Challenge;
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.open_challenges_per_player = 3;
    config.pieces_per_round = 10;
    let running = server::server::Running::start(config).await.expect("start");
    let srv = support::Srv { running, database };
    let a = srv.player("CHA").await;
    srv.player("CHB").await;
    let challenge = || Challenge {
        opponent: "CHB".into(),
        seed: Some(7),
        ..Challenge::default()
    };
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(a.challenge(&challenge()).await.expect("challenge").id);
    }
    assert_refused(a.challenge(&challenge()).await, 429, "too-many-challenges");
    a.decline(ids[0]).await.expect("withdraw one");
    ids.push(a.challenge(&challenge()).await.expect("room again").id);
    let pieces = |n: usize| {
        format!(
            "[[round]]\nboard = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\npieces = [{}]\n",
            vec!["\"h2\""; n].join(", ")
        )
    };
    a.decline(ids[1]).await.expect("withdraw");
    let too_many = Challenge {
        rounds: Some(pieces(11)),
        ..challenge()
    };
    assert_refused(a.challenge(&too_many).await, 400, "too-many-pieces");
    let enough = Challenge {
        rounds: Some(pieces(10)),
        ..challenge()
    };
    a.challenge(&enough).await.expect("within the cap");
    // The list comes a page at a time, newest first.
    let all = a.matches().await.expect("matches");
    assert_eq!(all.len(), 5);
    let (status, body, _) = raw(
        "GET",
        &format!("{}/api/v1/matches?limit=2", srv.running.url()),
        a.token(),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page: Vec<server::death_match_host::view::MatchSummary> =
        serde_json::from_str(&body).expect("JSON");
    assert_eq!(page.len(), 2);
    assert_eq!(page[0].id, all[0].id);
    let (_, body, _) = raw(
        "GET",
        &format!(
            "{}/api/v1/matches?limit=2&before={}",
            srv.running.url(),
            page[1].id
        ),
        a.token(),
        None,
    )
    .await;
    let next: Vec<server::death_match_host::view::MatchSummary> =
        serde_json::from_str(&body).expect("JSON");
    assert_eq!(next[0].id, all[2].id);
}

on_both!(
    the_lock_line_cap_is_set_by_the_configuration,
    publishes_per_player_per_hour_are_capped,
    an_event_stream_ends_on_logout_and_on_token_expiry,
    challenges_pieces_and_the_list_of_matches_are_bounded,
);

on_both!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    login_throttle_counts_concurrent_attempts_and_never_locks_out_another_player,
);
