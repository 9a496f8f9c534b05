//! Login tokens: kept only as hashes, capped per player, revocable one by one or all at once,
//! and a database of the first schema migrates on start with its players able to log in.
//! All but the migration (SQLite's first schema) run on SQLite and on PostgreSQL.

mod support;

use server::client::Client;
use support::{Backend, assert_refused, raw, start_on};

fn database(dir: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(dir.join(server::storage::FILE_NAME)).expect("open")
}

async fn tokens_are_stored_as_hashes_not_as_sent(backend: Backend) {
    let (srv, dir) = start_on(backend).await;
    let a = srv.player("AAA").await;
    let token = a.token().expect("token").to_string();
    let dump: Vec<String> = support::rows(&srv.database, dir.path(), "SELECT * FROM tokens")
        .into_iter()
        .map(|row| row.join(","))
        .collect();
    assert!(!dump.is_empty(), "the token is stored");
    assert!(
        dump.iter().all(|row| !row.contains(&token)),
        "the token is stored as sent: {dump:?}"
    );
    a.me().await.expect("the token works");
}

async fn logging_in_again_and_again_keeps_at_most_ten_tokens_per_player(backend: Backend) {
    let (srv, dir) = start_on(backend).await;
    let mut first = srv.client();
    first.register("AAA", "pw").await.expect("register");
    let mut clients = Vec::new();
    for _ in 0..12 {
        let mut c = srv.client();
        c.login("AAA", "pw").await.expect("login");
        clients.push(c);
    }
    let rows = support::rows(&srv.database, dir.path(), "SELECT count(*) FROM tokens");
    assert_eq!(rows, [["10"]], "one row per login piled up");
    // The least recently used went first: the registration's token and the first logins.
    assert_refused(first.me().await, 401, "unauthorized");
    assert_refused(clients[0].me().await, 401, "unauthorized");
    clients[11].me().await.expect("the newest works");
}

async fn logout_revokes_this_token_and_logout_all_every_token(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let url = srv.running.url();
    let mut a = srv.client();
    a.register("AAA", "pw").await.expect("register");
    let mut b = srv.client();
    b.login("AAA", "pw").await.expect("login");
    let mut c = srv.client();
    c.login("AAA", "pw").await.expect("login");
    let (ta, tb) = (
        a.token().expect("a").to_string(),
        b.token().expect("b").to_string(),
    );

    let (status, body, _) = raw("POST", &format!("{url}/api/v1/logout"), Some(&ta), None).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"revoked\":1"), "{body}");
    assert_refused(a.me().await, 401, "unauthorized");
    b.me().await.expect("another session goes on");
    // A revoked token cannot log out again.
    let (status, _, _) = raw("POST", &format!("{url}/api/v1/logout"), Some(&ta), None).await;
    assert_eq!(status, 401);

    let (status, body, _) = raw(
        "POST",
        &format!("{url}/api/v1/logout?all=true"),
        Some(&tb),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"revoked\":2"), "{body}");
    assert_refused(b.me().await, 401, "unauthorized");
    assert_refused(c.me().await, 401, "unauthorized");
    // The password still works.
    let mut d = srv.client();
    d.login("AAA", "pw").await.expect("login again");
}

/// The first schema, as servers before schema versions wrote it.
const SCHEMA_V0: &str = "
CREATE TABLE players (id INTEGER PRIMARY KEY, codename TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE tokens (token TEXT PRIMARY KEY, player_id INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL);
CREATE TABLE locks (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES players(id),
    slot INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 3), text TEXT NOT NULL, solution TEXT NOT NULL,
    placed_at INTEGER NOT NULL, retired_at INTEGER);
CREATE UNIQUE INDEX one_lock_per_slot ON locks(owner_id, slot) WHERE retired_at IS NULL;
CREATE TABLE notes (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES players(id),
    lock_id INTEGER NOT NULL REFERENCES locks(id), behind_id INTEGER NOT NULL REFERENCES locks(id),
    solution TEXT NOT NULL, placed_at INTEGER NOT NULL, UNIQUE (author_id, lock_id));
";

#[tokio::test]
async fn a_database_of_the_first_schema_migrates_and_its_players_log_in() {
    let dir = tempfile::tempdir().expect("dir");
    let locks = support::Locks::load();
    {
        let db = database(dir.path());
        db.pragma_update(None, "journal_mode", "WAL").expect("wal");
        db.execute_batch(SCHEMA_V0).expect("old schema");
        for (id, codename, password) in [(1, "OLD", "old-pw"), (2, "TWO", "two-pw")] {
            let hash = server::auth::hash_password(password, 64).expect("hash");
            db.execute(
                "INSERT INTO players VALUES (?1, ?2, ?3, 0)",
                rusqlite::params![id, codename, hash],
            )
            .expect("player");
        }
        db.execute("INSERT INTO tokens VALUES ('plain-old-token', 1, 0)", [])
            .expect("token");
        db.execute(
            "INSERT INTO locks VALUES (1, 1, 1, ?1, ?2, 0, NULL)",
            rusqlite::params![locks.spring, locks.spring_solution],
        )
        .expect("lock");
    }
    let running = server::server::Running::start(support::test_config(dir.path()))
        .await
        .expect("start on the old database");
    let url = running.url();
    // Plain tokens were dropped: their players log in again, with their passwords.
    assert_refused(
        Client::new(&url).with_token("plain-old-token").me().await,
        401,
        "unauthorized",
    );
    let mut old = Client::new(&url);
    old.login("OLD", "old-pw").await.expect("OLD logs in");
    let view = old.me().await.expect("me");
    assert_eq!(view.slots[0].lock.as_ref().map(|l| l.id), Some(1));
    let mut two = Client::new(&url);
    two.login("TWO", "two-pw").await.expect("TWO logs in");
    two.lock(1).await.expect("the lock is there");
    running.stop().await.expect("stop");
    let version: i64 = database(dir.path())
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(
        version,
        server::storage::SCHEMA_VERSION,
        "the schema version is recorded"
    );
}

/// Regression: `Authorization: bearer TOKEN` (the scheme in lower case, which HTTP allows) was
/// refused with 401, as if no token were sent.
async fn the_authorization_scheme_is_read_in_any_case(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let a = srv.player("AAA").await;
    let token = a.token().expect("token").to_string();
    let url = format!("{}/api/v1/me", srv.running.url());
    let http = reqwest::Client::new();
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let r = http
            .get(&url)
            .header("authorization", format!("{scheme} {token}"))
            .send()
            .await
            .expect("send");
        assert_eq!(r.status().as_u16(), 200, "{scheme}");
        assert!(r.text().await.expect("body").contains("AAA"), "{scheme}");
    }
    let r = http
        .get(&url)
        .header("authorization", format!("Basic {token}"))
        .send()
        .await
        .expect("send");
    assert_eq!(
        r.status().as_u16(),
        401,
        "another scheme is no bearer token"
    );
}

on_both!(
    tokens_are_stored_as_hashes_not_as_sent,
    logging_in_again_and_again_keeps_at_most_ten_tokens_per_player,
    logout_revokes_this_token_and_logout_all_every_token,
    the_authorization_scheme_is_read_in_any_case,
);
