//! A database written by the first schema (version 0, tokens stored as sent) is migrated when
//! the server starts: players, locks and notes are kept, the readable tokens are gone, and the
//! players log in again.

mod support;

use rusqlite::{Connection, params};
use server::client::Client;
use server::server::Running;
use server::storage::{FILE_NAME, SCHEMA_VERSION};

/// The first schema, exactly as the first release created it.
const SCHEMA_V0: &str = "
CREATE TABLE players (
    id            INTEGER PRIMARY KEY,
    codename      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE TABLE tokens (
    token      TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL
);
CREATE TABLE locks (
    id         INTEGER PRIMARY KEY,
    owner_id   INTEGER NOT NULL REFERENCES players(id),
    slot       INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 3),
    text       TEXT NOT NULL,
    solution   TEXT NOT NULL,
    placed_at  INTEGER NOT NULL,
    retired_at INTEGER
);
CREATE UNIQUE INDEX one_lock_per_slot ON locks(owner_id, slot)
    WHERE retired_at IS NULL;
CREATE TABLE notes (
    id        INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES players(id),
    lock_id   INTEGER NOT NULL REFERENCES locks(id),
    behind_id INTEGER NOT NULL REFERENCES locks(id),
    solution  TEXT NOT NULL,
    placed_at INTEGER NOT NULL,
    UNIQUE (author_id, lock_id)
);
";

const OLD_TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

fn write_version_0(dir: &std::path::Path) {
    let locks = support::Locks::load();
    let db = Connection::open(dir.join(FILE_NAME)).expect("create");
    db.execute_batch(SCHEMA_V0).expect("schema v0");
    let hash = server::auth::hash_password("pass-word", 64).expect("hash");
    db.execute(
        "INSERT INTO players (id, codename, password_hash, created_at) VALUES (1, 'OLD', ?1, 0)",
        params![hash],
    )
    .expect("player");
    db.execute(
        "INSERT INTO tokens (token, player_id, created_at) VALUES (?1, 1, 0)",
        params![OLD_TOKEN],
    )
    .expect("token");
    db.execute(
        "INSERT INTO locks (id, owner_id, slot, text, solution, placed_at) VALUES (1, 1, 1, ?1, ?2, 0)",
        params![locks.spring, locks.spring_solution],
    )
    .expect("lock");
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(version, 0, "the first schema never set a version");
}

#[tokio::test]
async fn a_version_0_database_migrates_on_start_keeping_players_and_locks_but_not_plain_tokens() {
    let dir = tempfile::tempdir().expect("dir");
    write_version_0(dir.path());
    let running = Running::start(support::test_config(dir.path()))
        .await
        .expect("the server starts on a version 0 database");
    let url = running.url();

    // The token that sat readable in the file no longer opens anything.
    let (status, body, _) =
        support::raw("GET", &format!("{url}/api/v1/me"), Some(OLD_TOKEN), None).await;
    assert_eq!(status, 401, "{body}");

    // The player logs in again with the same password, and the lock is still in its slot.
    let mut old = Client::new(&url);
    old.login("OLD", "pass-word")
        .await
        .expect("login after migration");
    let mut other = Client::new(&url);
    other.register("NEW", "pass-word").await.expect("register");
    let view = other.player("OLD").await.expect("view");
    assert!(
        view.slots.iter().any(|s| s.slot == 1 && s.lock.is_some()),
        "the lock published before the migration is still there: {view:?}"
    );
    running.stop().await.expect("stop");

    // The file now says which schema it holds, and a second start does not migrate again.
    let db = Connection::open(dir.path().join(FILE_NAME)).expect("open");
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(version, SCHEMA_VERSION);
    let plain: i64 = db
        .query_row(
            "SELECT count(*) FROM pragma_table_info('tokens') WHERE name = 'token'",
            [],
            |r| r.get(0),
        )
        .expect("columns");
    assert_eq!(plain, 0, "no column holds a token as sent");
    drop(db);
    let again = Running::start(support::test_config(dir.path()))
        .await
        .expect("restart");
    let mut old = Client::new(&again.url());
    old.login("OLD", "pass-word").await.expect("login");
    again.stop().await.expect("stop");
}
