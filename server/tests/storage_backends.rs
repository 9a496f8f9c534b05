//! The storage's rules hold on both backends: the database itself refuses a second codename, a
//! second lock in a slot and a second declaration on one lock; a reopened database holds what
//! was written at the schema version this server knows; a newer schema is refused by serving
//! and by `migrate`, saying which version it found and which it knows.

mod support;

use rules::metagame::{LockId, Slot};
use server::storage::{Database, Durability, SCHEMA_VERSION, Storage, StorageError};
use support::Backend;

fn slot(n: i64) -> Slot {
    Slot::new(n).expect("slot")
}

fn open(database: &Database, dir: &std::path::Path) -> Storage {
    Storage::open_database(database, dir, Durability::Normal).expect("open")
}

async fn the_database_refuses_what_the_rules_refuse(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let mut s = open(&database, dir.path());
    let a = s.add_player("AAA", "h", true).expect("player");
    let b = s.add_player("BBB", "h", true).expect("player");
    assert!(matches!(
        s.add_player("AAA", "h", true),
        Err(StorageError::CodenameTaken)
    ));
    let l1 = s.place_lock(a, slot(1), "one", "hCW").expect("place");
    let l2 = s.place_lock(a, slot(1), "two", "hCW").expect("replace");
    let lb = s.place_lock(b, slot(1), "b", "x").expect("place");
    let snap = s.load().expect("load");
    let loaded: Vec<(LockId, bool)> = snap.locks.iter().map(|l| (l.id, l.retired)).collect();
    assert_eq!(
        loaded,
        vec![(l2, false), (lb, false)],
        "the retired lock no note names is not loaded"
    );
    assert!(s.lock(l1).expect("read").expect("kept").retired);
    s.add_note(a, lb, l2, "hCW").expect("note");
    assert!(
        s.add_note(a, lb, l2, "hCW").is_err(),
        "one declaration per author and lock"
    );
    assert_eq!(s.retire(a, slot(1)).expect("retire"), Some(l2));
    assert_eq!(s.retire(a, slot(1)).expect("retire"), None);
    let snap = s.load().expect("load");
    assert_eq!(snap.notes.len(), 1);
    assert!(
        snap.locks.iter().any(|l| l.id == l2 && l.retired),
        "a retired lock a note names is loaded"
    );
    assert_eq!(s.counts().expect("counts"), (2, 3, 1));
    assert_eq!(s.check().expect("check"), Vec::<String>::new());
}

async fn tokens_beyond_the_cap_drop_the_least_recently_used(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let mut s = open(&backend.database(), dir.path());
    let a = s.add_player("AAA", "h", true).expect("player");
    for (i, h) in ["t1", "t2", "t3"].iter().enumerate() {
        assert!(s.add_token(h, a, i as i64, 3).expect("token").is_empty());
    }
    s.touch_tokens(&[("t1".into(), 10)]).expect("touch");
    assert_eq!(s.add_token("t4", a, 11, 3).expect("token"), vec!["t2"]);
    let mut left: Vec<String> = s
        .load()
        .expect("load")
        .tokens
        .into_iter()
        .map(|t| t.hash)
        .collect();
    left.sort();
    assert_eq!(left, ["t1", "t3", "t4"]);
    assert_eq!(s.remove_tokens_unused_since(3).expect("purge"), 1);
    assert!(s.remove_token("t4").expect("remove"));
    assert_eq!(s.remove_tokens_of(a).expect("all"), 1);
}

async fn a_reopened_database_holds_what_was_written(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let (a, m) = {
        let mut s = open(&database, dir.path());
        // Death Matches are written only by their host, as a server takes them up.
        assert!(s.host_death_matches("http://127.0.0.1:1").expect("lease"));
        s.hosting().store(true, std::sync::atomic::Ordering::SeqCst);
        let a = s.add_player("AAA", "h", true).expect("player");
        let b = s.add_player("BOT", "h", false).expect("bot");
        s.add_token("h4sh", a, 1, 10).expect("token");
        s.place_lock(a, slot(2), "a", "x").expect("place");
        let terms = server::storage::StoredEntry {
            seq: 0,
            at_ms: 0,
            entry: "{\"t\":0}".into(),
        };
        let m = s.add_death_match(a, b, "{}", &terms).expect("match");
        s.log_death_match(
            m,
            &[server::storage::StoredEntry {
                seq: 1,
                at_ms: 5,
                entry: "{\"e\":0}".into(),
            }],
            "playing",
            7,
        )
        .expect("log");
        s.set_death_match_clocks(&[(m, 3)])
            .expect("clocks never go back");
        s.queue_mail("a@example.org", "hi", "body").expect("mail");
        (a, m)
    };
    let mut s = open(&database, dir.path());
    assert_eq!(s.schema_version().expect("version"), SCHEMA_VERSION);
    let snap = s.load().expect("load");
    assert_eq!(snap.players.len(), 2);
    assert!(
        !snap.players[1].metagame,
        "the bot plays Death Matches only"
    );
    assert_eq!(snap.tokens.len(), 1);
    assert_eq!(snap.tokens[0].player, a);
    assert_eq!(snap.locks[0].slot, slot(2));
    let matches = s.death_matches().expect("matches");
    assert_eq!(matches.len(), 1);
    assert_eq!(matches[0].id, m);
    assert_eq!(matches[0].status, "playing");
    assert_eq!(matches[0].clock_ms, 7);
    assert_eq!(
        matches[0].log.len(),
        2,
        "the challenge's first entry and the next"
    );
    assert_eq!(s.matches_in_progress().expect("count"), 1);
    assert_eq!(s.queued_mail().expect("queued"), 1);
    let hold = server::storage::now_ms() + 60_000;
    assert_eq!(s.claim_mail(10, hold).expect("claimed")[0].subject, "hi");
}

/// Mail is taken for sending by one server at a time: two servers claiming at once from one
/// queue take every mail once between them; a claimed mail is held back until its hold lapses
/// (its server died while sending), then taken again.
async fn mail_is_claimed_by_one_server_at_a_time(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let mut s = open(&database, dir.path());
    const QUEUED: usize = 120;
    for i in 0..QUEUED {
        s.queue_mail("a@test.invalid", &format!("mail {i}"), "body")
            .expect("queue");
    }
    let hold = server::storage::now_ms() + 600_000;
    let claimed: Vec<Vec<i64>> = std::thread::scope(|scope| {
        let servers: Vec<_> = (0..2)
            .map(|_| {
                let (database, dir) = (database.clone(), dir.path().to_path_buf());
                scope.spawn(move || {
                    let mut s = open(&database, &dir);
                    let mut mine = Vec::new();
                    loop {
                        let batch = s.claim_mail(7, hold).expect("claimed");
                        if batch.is_empty() {
                            break mine;
                        }
                        mine.extend(batch.iter().map(|m| m.id));
                    }
                })
            })
            .collect();
        servers
            .into_iter()
            .map(|h| h.join().expect("server"))
            .collect()
    });
    let mut all: Vec<i64> = claimed.concat();
    let total = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(total, QUEUED, "each mail taken once: {claimed:?}");
    assert_eq!(all.len(), QUEUED);
    assert!(
        s.claim_mail(10, hold).expect("claimed").is_empty(),
        "all held"
    );
    // A hold that has lapsed (its server died while sending) lets the mail be taken again.
    s.queue_mail("b@test.invalid", "lapsing", "body")
        .expect("queue");
    let lapsed = server::storage::now_ms() - 1;
    let taken = s.claim_mail(10, lapsed).expect("claimed");
    assert_eq!(taken.len(), 1);
    let mut other = open(&database, dir.path());
    let again = other.claim_mail(10, hold).expect("claimed");
    assert_eq!(again.len(), 1, "taken again once its hold lapsed");
    assert_eq!((again[0].id, &*again[0].subject), (taken[0].id, "lapsing"));
}

/// Sets the schema version the database says it holds.
fn set_version(database: &Database, dir: &std::path::Path, version: i64) {
    match database {
        Database::Sqlite => {
            let c = rusqlite::Connection::open(dir.join(server::storage::FILE_NAME))
                .expect("open the file");
            c.pragma_update(None, "user_version", version)
                .expect("bump");
        }
        Database::Postgres(url) => {
            let name = url.rsplit('/').next().expect("database name");
            support::pg::cluster().sql(
                name,
                &format!("UPDATE schema_version SET version = {version}"),
            );
        }
    }
}

async fn a_newer_schema_is_refused_by_serving_and_by_migrate(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let config = support::test_config_on(dir.path(), backend);
    // `migrate` creates the schema on an empty database and says so.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("migrate")
        .arg("--data")
        .arg(dir.path())
        .args(Backend::args(&config.database))
        .output()
        .expect("run migrate");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains(&format!("at schema version {SCHEMA_VERSION}")),
        "{said}"
    );
    set_version(&config.database, dir.path(), SCHEMA_VERSION + 1);
    let refused = server::server::Running::start(config.clone()).await;
    let why = match refused {
        Ok(_) => panic!("a server started on a newer schema"),
        Err(e) => e.to_string(),
    };
    assert!(
        why.contains(&format!("schema version {}", SCHEMA_VERSION + 1))
            && why.contains(&format!("up to {SCHEMA_VERSION}")),
        "{why}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("migrate")
        .arg("--data")
        .arg(dir.path())
        .args(Backend::args(&config.database))
        .output()
        .expect("run migrate");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("schema version {}", SCHEMA_VERSION + 1)),
        "{said}"
    );
}

/// PostgreSQL ending the server's connection (a restart, an operator's `pg_terminate_backend`)
/// costs at most the requests that found it lost, answered 503 `unavailable`; the server
/// connects again by itself and keeps what was written.
#[tokio::test]
async fn a_lost_connection_to_postgres_is_opened_again() {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return;
    }
    let (srv, _dir) = support::start_on(Backend::Postgres).await;
    let first = srv.player("FST").await;
    let Database::Postgres(url) = &srv.database else {
        panic!("a PostgreSQL server")
    };
    let name = url.rsplit('/').next().expect("database name");
    let ended = support::pg::cluster().rows(
        "postgres",
        &format!(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '{name}'"
        ),
    );
    assert_eq!(
        ended,
        [["2"]],
        "the server's connections were ended: its own and the one listening for other servers' changes"
    );
    let mut tries = 0;
    let mut again = srv.client();
    loop {
        tries += 1;
        match again.register("SND", "pass-word").await {
            Ok(_) => break,
            Err(e) => {
                assert_eq!(
                    e.status().map(|s| s.as_u16()),
                    Some(503),
                    "a lost connection is unavailable, not an error of the request: {e}"
                );
                assert!(tries < 100, "the server never connected again: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
    }
    assert!(
        tries <= 2,
        "only the request that found it lost failed ({tries} tries)"
    );
    assert_eq!(again.player("FST").await.expect("read").codename, "FST");
    first
        .me()
        .await
        .expect("the first player's token still works");
}

/// The URL may name PostgreSQL's Unix socket (its folder, percent-encoded, as the host): what an
/// operator uses with `peer` authentication.
#[tokio::test]
async fn a_unix_socket_url_reaches_the_database() {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return;
    }
    let cluster = support::pg::cluster();
    let tcp = cluster.database();
    let name = tcp.rsplit('/').next().expect("database name");
    let folder: String = cluster
        .folder
        .to_str()
        .expect("a UTF-8 folder")
        .replace('/', "%2F");
    let socket = format!("postgres://postgres@{folder}:{}/{name}", cluster.port);
    let dir = tempfile::tempdir().expect("dir");
    let database = Database::parse(&socket).expect("a socket URL is a database");
    let mut s = open(&database, dir.path());
    s.add_player("SOK", "h", true).expect("player");
    // The same database through TCP sees the player written through the socket.
    let s = open(&Database::Postgres(tcp), dir.path());
    assert_eq!(s.load().expect("load").players[0].codename, "SOK");
}

/// The change log is cut back to the changes every server alive has applied, older than the
/// time given, always keeping the last; a server whose unapplied changes were cut is told so
/// rather than left behind without knowing.
async fn the_change_log_is_cut_back_to_what_every_server_has_applied(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let mut s = open(&database, dir.path());
    let mut behind = open(&database, dir.path());
    let now = server::storage::now_ms();
    for name in ["AAA", "BBB", "CCC"] {
        s.add_player(name, "h", true).expect("player");
    }
    // Another server alive has applied none of them: nothing goes.
    behind.heartbeat("behind", now, now - 5000).expect("alive");
    assert_eq!(s.trim_changes(now + 60_000).expect("trim"), 0);
    // Nor does a change younger than the time given.
    assert_eq!(s.trim_changes(now - 60_000).expect("trim"), 0);
    // Once it has applied them, all but the last go.
    assert_eq!(behind.changes().expect("changes").len(), 3);
    behind.heartbeat("behind", now, now - 5000).expect("alive");
    assert_eq!(s.trim_changes(now + 60_000).expect("trim"), 2);
    assert_eq!(s.latest_change().expect("latest"), 3, "the last is kept");
    s.add_player("DDD", "h", true)
        .expect("numbered after the last");
    assert_eq!(behind.changes().expect("changes").len(), 1);
    // A server that left (its changes unapplied) no longer holds the log back; when it comes
    // back, it is told it missed changes the log no longer holds.
    let mut gone = open(&database, dir.path());
    behind.leave("behind").expect("left");
    s.add_player("EEE", "h", true).expect("player");
    s.add_player("FFF", "h", true).expect("player");
    assert_eq!(s.trim_changes(now + 60_000).expect("trim"), 3, "3, 4 and 5");
    let told = gone.changes();
    assert!(
        matches!(told, Err(StorageError::LogTrimmed { first: 6, .. })),
        "a server behind the cut is told: {told:?}"
    );
}

on_both!(
    the_database_refuses_what_the_rules_refuse,
    tokens_beyond_the_cap_drop_the_least_recently_used,
    a_reopened_database_holds_what_was_written,
    a_newer_schema_is_refused_by_serving_and_by_migrate,
    mail_is_claimed_by_one_server_at_a_time,
    the_change_log_is_cut_back_to_what_every_server_has_applied,
);
