//! Password checks under attack: memory stays bounded under a burst of logins, failed logins
//! are throttled per codename and per address, and an unknown codename takes as long to
//! refuse as a wrong password.

mod support;

use server::client::Client;
use std::time::Duration;
use support::{assert_refused, spawn_binary};

/// The bound on the server's peak resident memory while 64 logins with argon2's default
/// cost (19 MiB) run at once: one buffer per core, not one per request.
const MEMORY_BOUND_KIB: u64 = 300 * 1024;

#[tokio::test]
async fn sixty_four_concurrent_wrong_logins_keep_memory_bounded() {
    let dir = tempfile::tempdir().expect("dir");
    // Default password cost (19 MiB), the real binary, its own memory measured.
    let child = spawn_binary(dir.path(), "", &[], "");
    let mut c = Client::new(&child.url);
    c.register("MEM", "right-password").await.expect("register");
    let (before, _) = child.memory_kib();
    let mut tasks = Vec::new();
    for _ in 0..64 {
        let url = child.url.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = Client::new(&url);
            match c.login("MEM", "wrong-password").await {
                Ok(_) => panic!("a wrong password logged in"),
                Err(e) => (e.status().map(|s| s.as_u16()), e.code().map(str::to_string)),
            }
        }));
    }
    let mut peak = 0;
    while !tasks.iter().all(|t| t.is_finished()) {
        peak = peak.max(child.memory_kib().1);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut refused = 0;
    for t in tasks {
        match t.await.expect("task") {
            (Some(401), Some(code)) => assert_eq!(code, "bad-login"),
            (Some(429), Some(code)) => {
                assert!(code == "busy" || code == "login-throttled", "{code}");
                refused += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    let (after, hwm) = child.memory_kib();
    peak = peak.max(hwm);
    eprintln!(
        "resident before {before} KiB, peak {peak} KiB, after {after} KiB; {refused} of 64 refused at once"
    );
    assert!(
        peak < MEMORY_BOUND_KIB,
        "peak resident memory {peak} KiB is over {MEMORY_BOUND_KIB} KiB"
    );
    // The server goes on: the registered session works (logging in again from this address
    // now waits, as the throttle says).
    c.me().await.expect("a session still works");
}

#[tokio::test]
async fn failed_logins_are_throttled_per_codename_and_per_address() {
    let (srv, _dir) = support::start().await;
    srv.player("VIC").await;
    let mut c = srv.client();
    for _ in 0..5 {
        assert_refused(c.login("VIC", "guess").await, 401, "bad-login");
    }
    // The sixth waits, and says for how long, before any password work.
    let err = c.login("VIC", "guess").await.expect_err("throttled");
    assert_eq!(err.status().map(|s| s.as_u16()), Some(429), "{err}");
    assert_eq!(err.code(), Some("login-throttled"));
    // Even the right password waits: the codename is throttled, not the guess.
    assert_refused(c.login("VIC", "pass-word").await, 429, "login-throttled");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    c.login("VIC", "pass-word").await.expect("after the wait");
}
