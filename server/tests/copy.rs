//! Moving a world (`lockwright-server copy`): a world built through the real server on SQLite
//! is copied to a real PostgreSQL, from there to PostgreSQL again and back to SQLite; every
//! copy checks out, holds the same rows in every table, loads the same snapshot, and serves the
//! same players and locks, with new ids past the copied ones. A destination holding a world
//! is refused and left as it was; a copy that fails half-way leaves nothing; a wrong place
//! or schema is refused saying what and where.

mod support;

use rules::metagame::PlayerId;
use server::client::Client;
use server::config::Config;
use server::death_match_host::view::Challenge;
use server::protocol::{LockView, Scores};
use server::server::Running;
use server::storage::copy::{Copied, CopyError, Place, TABLES, copy, world_rows};
use server::storage::{Database, Durability, FILE_NAME, Notify, SCHEMA_VERSION, Storage};
use std::path::Path;
use std::process::Command;
use support::{Locks, pg};

/// What the players see of a world, from ALI's side, to compare across copies.
#[derive(Debug, PartialEq)]
struct Seen {
    scores: Scores,
    locks: Vec<LockView>,
    matches: usize,
}

async fn seen(ali: &Client, locks: &[i64]) -> Seen {
    let mut views = Vec::new();
    for id in locks {
        views.push(ali.lock(*id).await.expect("lock"));
    }
    Seen {
        scores: ali.scores().await.expect("scores"),
        locks: views,
        matches: ali.matches().await.expect("matches").len(),
    }
}

/// A built world: ALI's tokens and what ALI sees.
struct World {
    ali_token: String,
    locks: Vec<i64>,
    seen: Seen,
}

fn config(dir: &Path, database: Database) -> Config {
    Config {
        database,
        ..support::test_config(dir)
    }
}

/// Builds a world on SQLite in the data folder `dir` through the real server — players, a
/// practice bot, tokens, locks published and republished, notes both ways, a Death Match
/// being played — then, the server stopped, mail settings, a banned player and queued mail
/// through storage.
async fn build_world(dir: &Path) -> World {
    let locks = Locks::load();
    let running = Running::start(config(dir, Database::Sqlite))
        .await
        .expect("start");
    let mut ali = Client::new(&running.url());
    ali.register("ALI", "pass-word").await.expect("register");
    let mut again = Client::new(&running.url());
    again
        .login("ALI", "pass-word")
        .await
        .expect("a second token");
    let mut bob = Client::new(&running.url());
    bob.register("BOB", "pass-word").await.expect("register");
    let mut car = Client::new(&running.url());
    car.register("CAR", "pass-word").await.expect("register");
    let mut bot = Client::new(&running.url());
    bot.register_death_match_only("BOT", "pass-word")
        .await
        .expect("bot");
    let first = ali
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    let a1 = ali
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("republish");
    let a2 = ali
        .publish(2, &locks.ball, &locks.ball_solution)
        .await
        .expect("publish");
    let b1 = bob
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    car.publish(1, &locks.ball, &locks.ball_solution)
        .await
        .expect("publish");
    ali.declare(b1.lock, 1, &locks.spring_solution)
        .await
        .expect("declare");
    bob.declare(a1.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    let m = ali
        .challenge(&Challenge {
            opponent: "BOB".into(),
            seed: Some(7),
            rounds: None,
            ..Challenge::default()
        })
        .await
        .expect("challenge");
    bob.accept(m.id).await.expect("accept");
    bot.challenge(&Challenge {
        opponent: "ALI".into(),
        seed: Some(8),
        rounds: None,
        ..Challenge::default()
    })
    .await
    .expect("a challenge left open");
    let ids = vec![first.lock, a1.lock, a2.lock, b1.lock];
    let seen = seen(&ali, &ids).await;
    let ali_token = ali.token().expect("token").to_string();
    running.stop().await.expect("stop");

    let mut s = Storage::open(dir, Durability::Normal).expect("open");
    let snap = s.load().expect("load");
    let id = |name: &str| -> PlayerId {
        snap.players
            .iter()
            .find(|p| p.codename == name)
            .expect("player")
            .id
    };
    let notify = Notify {
        declared: true,
        made_public: false,
        challenged: true,
    };
    s.set_mail(id("ALI"), "ali@test.invalid", notify, "c0de", 1_000)
        .expect("mail");
    s.set_mail(
        id("BOB"),
        "bob@test.invalid",
        Notify::default(),
        "c0de",
        2_000,
    )
    .expect("mail");
    s.verify_mail(id("BOB")).expect("verified");
    s.set_banned(id("CAR"), true).expect("ban");
    s.queue_mail("bob@test.invalid", "Declared", "ALI declared")
        .expect("queue");
    s.queue_mail("ali@test.invalid", "Challenged", "BOT called")
        .expect("queue");
    let due = s.claim_mail(1, i64::MAX / 2).expect("due");
    s.mail_failed(due[0].id, i64::MAX / 2)
        .expect("a try failed");
    World {
        ali_token,
        locks: ids,
        seen,
    }
}

fn sqlite_place(folder: &Path) -> Place {
    Place::parse(&format!("sqlite:{}", folder.display())).expect("place")
}

/// A world built in a fresh SQLite folder, and that folder as a place to copy from; `None`
/// (said) where PostgreSQL's binaries are absent, as every test here copies to it.
async fn a_world_to_copy() -> Option<(tempfile::TempDir, World, Place)> {
    if let Some(why) = pg::skip() {
        eprintln!("skipped: {why}");
        return None;
    }
    let origin = tempfile::tempdir().expect("dir");
    let world = build_world(origin.path()).await;
    let from = sqlite_place(origin.path());
    Some((origin, world, from))
}

fn open(place: &Place) -> Storage {
    match place {
        Place::Sqlite(file) => Storage::open_existing(file).expect("open"),
        Place::Postgres(url) => Storage::connect_existing(url).expect("connect"),
    }
}

/// The rows each table holds, counted by the database itself.
fn raw_counts(place: &Place) -> Vec<(&'static str, i64)> {
    TABLES
        .iter()
        .map(|t| {
            let query = format!("SELECT count(*) FROM {}", t.name);
            let n = match place {
                Place::Sqlite(file) => rusqlite::Connection::open(file)
                    .expect("open")
                    .query_row(&query, [], |r| r.get(0))
                    .expect("count"),
                Place::Postgres(url) => pg::cluster().rows(database_name(url), &query)[0][0]
                    .parse()
                    .expect("a number"),
            };
            (t.name, n)
        })
        .collect()
}

fn database_name(url: &str) -> &str {
    url.rsplit('/').next().expect("database name")
}

fn assert_same_world(a: &Place, b: &Place) {
    let (sa, sb) = (open(a), open(b));
    assert_eq!(sb.check().expect("check"), Vec::<String>::new(), "{b}");
    assert_eq!(sb.schema_version().expect("version"), SCHEMA_VERSION);
    let (ra, rb) = (
        world_rows(&sa).expect("rows"),
        world_rows(&sb).expect("rows"),
    );
    for ((table, rows_a), (_, rows_b)) in ra.iter().zip(&rb) {
        assert_eq!(rows_a, rows_b, "{table}: {a} and {b}");
    }
    assert_eq!(
        format!("{:?}", sa.load().expect("load")),
        format!("{:?}", sb.load().expect("load")),
        "the snapshots a server loads"
    );
    assert_eq!(
        format!("{:?}", sa.death_matches().expect("matches")),
        format!("{:?}", sb.death_matches().expect("matches"))
    );
    assert_eq!(raw_counts(a), raw_counts(b));
}

#[track_caller]
fn assert_copied(copied: &Copied, place: &Place) {
    assert_eq!(copied.problems, Vec::<String>::new());
    assert_eq!(copied.tables, raw_counts(place), "the rows reported");
    let count = |t: &str| copied.tables.iter().find(|(n, _)| *n == t).expect(t).1;
    assert_eq!(count("players"), 4);
    assert_eq!(count("locks"), 5, "the retired lock too");
    assert_eq!(count("notes"), 2);
    assert_eq!(count("tokens"), 4, "the banned player's token is gone");
    assert_eq!(count("death_matches"), 2);
    assert!(count("death_match_log") > 0);
    assert_eq!(count("mail_addresses"), 2);
    assert_eq!(count("mail_queue"), 2);
}

#[tokio::test]
async fn a_world_moves_sqlite_to_postgres_and_back_exactly_and_serves_the_same() {
    let Some((_origin, world, from)) = a_world_to_copy().await else {
        return;
    };
    let on_pg = Place::parse(&pg::database()).expect("url");
    let on_pg_again = Place::parse(&pg::database()).expect("url");
    let back = tempfile::tempdir().expect("dir");
    let back_place = sqlite_place(back.path());

    let copied = copy(&from, &on_pg).expect("sqlite to postgres");
    assert_copied(&copied, &on_pg);
    assert_same_world(&from, &on_pg);
    let copied = copy(&on_pg, &on_pg_again).expect("postgres to postgres");
    assert_copied(&copied, &on_pg_again);
    assert_same_world(&from, &on_pg_again);
    let copied = copy(&on_pg, &back_place).expect("postgres to sqlite");
    assert_copied(&copied, &back_place);
    assert_same_world(&from, &back_place);

    // A server on each copy serves the same world, ALI's token included; new rows take ids
    // past the copied ones.
    let pg_data = tempfile::tempdir().expect("dir");
    for place in [&on_pg, &back_place] {
        let (data, database) = match place {
            Place::Sqlite(_) => (back.path(), Database::Sqlite),
            Place::Postgres(url) => (pg_data.path(), Database::Postgres(url.clone())),
        };
        let running = Running::start(config(data, database))
            .await
            .expect("start on the copy");
        let ali = Client::new(&running.url()).with_token(world.ali_token.clone());
        assert_eq!(ali.me().await.expect("the token works").codename, "ALI");
        assert_eq!(seen(&ali, &world.locks).await, world.seen, "{place}");
        let mut dan = Client::new(&running.url());
        dan.register("DAN", "pass-word")
            .await
            .expect("a new player on the copy");
        let locks = Locks::load();
        let published = dan
            .publish(1, &locks.spring, &locks.spring_solution)
            .await
            .expect("a new lock on the copy");
        assert!(
            published.lock > *world.locks.iter().max().expect("locks"),
            "{place}: {published:?}"
        );
        running.stop().await.expect("stop");
        let s = open(place);
        let snap = s.load().expect("load");
        let dan = snap
            .players
            .iter()
            .find(|p| p.codename == "DAN")
            .expect("DAN");
        assert_eq!(
            dan.id,
            PlayerId(5),
            "{place}: the next id after the copied four"
        );
        assert_eq!(s.check().expect("check"), Vec::<String>::new());
    }
}

#[tokio::test]
async fn a_destination_holding_a_world_is_refused_and_left_as_it_was() {
    let Some((origin, _, from)) = a_world_to_copy().await else {
        return;
    };
    let url = pg::database();
    let on_pg = Place::parse(&url).expect("url");
    // Through the binary, as an operator runs it.
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .args([
            "copy",
            "--from",
            &format!("sqlite:{}", origin.path().display()),
        ])
        .args(["--to", &url])
        .output()
        .expect("run copy");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("players 4, locks 5, notes 2, tokens 4"),
        "{stdout}"
    );
    assert!(stdout.contains("consistent"), "{stdout}");
    let before = raw_counts(&on_pg);

    let refused = copy(&from, &on_pg).expect_err("a second copy onto it");
    assert!(
        matches!(refused, CopyError::DestinationHoldsWorld { .. }),
        "{refused}"
    );
    let said = refused.to_string();
    assert!(said.contains("already holds a world"), "{said}");
    assert!(said.contains("players 4"), "{said}");
    assert_eq!(raw_counts(&on_pg), before, "nothing was written");

    let out = Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .args(["copy", "--from", &url, "--to"])
        .arg(format!("sqlite:{}", origin.path().display()))
        .output()
        .expect("run copy");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("already holds a world"), "{stderr}");
    assert!(
        stderr.contains(&origin.path().join(FILE_NAME).display().to_string()),
        "says where: {stderr}"
    );
}

#[tokio::test]
async fn a_copy_that_fails_half_way_leaves_nothing() {
    let Some((_origin, _, from)) = a_world_to_copy().await else {
        return;
    };
    let Place::Sqlite(file) = &from else {
        unreachable!()
    };
    // A lock's text that is not text: read after the players have been written.
    let c = rusqlite::Connection::open(file).expect("open");
    c.execute("UPDATE locks SET text = x'00ff' WHERE id = 3", [])
        .expect("spoil a row");
    drop(c);
    let url = pg::database();
    let on_pg = Place::parse(&url).expect("url");
    let failed = copy(&from, &on_pg).expect_err("a row that cannot be read");
    assert!(matches!(failed, CopyError::Source { .. }), "{failed}");
    let tables = pg::cluster().rows(
        database_name(&url),
        "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()",
    );
    assert_eq!(tables[0][0], "0", "not even the schema is left: {failed}");

    let fresh = tempfile::tempdir().expect("dir");
    let to_new = sqlite_place(fresh.path());
    copy(&from, &to_new).expect_err("a row that cannot be read");
    assert!(
        std::fs::read_dir(fresh.path())
            .expect("list")
            .next()
            .is_none(),
        "the file made for the copy is gone"
    );
    let empty = tempfile::tempdir().expect("dir");
    drop(Storage::open(empty.path(), Durability::Normal).expect("an empty database"));
    let to_empty = sqlite_place(empty.path());
    copy(&from, &to_empty).expect_err("a row that cannot be read");
    assert!(raw_counts(&to_empty).iter().all(|(_, n)| *n == 0));

    // A row the destination refuses (PostgreSQL's text holds no NUL) rolls back as well.
    let c = rusqlite::Connection::open(file).expect("open");
    c.execute(
        "UPDATE locks SET text = 'a' || char(0) || 'b' WHERE id = 3",
        [],
    )
    .expect("a NUL");
    drop(c);
    let failed = copy(&from, &on_pg).expect_err("a row PostgreSQL refuses");
    assert!(matches!(failed, CopyError::Destination { .. }), "{failed}");
    assert!(
        failed.to_string().contains("nothing was written"),
        "{failed}"
    );
    let tables = pg::cluster().rows(
        database_name(&url),
        "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()",
    );
    assert_eq!(tables[0][0], "0", "{failed}");
}

#[test]
fn wrong_places_and_schemas_are_refused_saying_what_and_where() {
    let dir = tempfile::tempdir().expect("dir");
    let missing = dir.path().join("nothing.sqlite3");
    let e =
        copy(&Place::Sqlite(missing.clone()), &sqlite_place(dir.path())).expect_err("no source");
    assert_eq!(
        e.to_string(),
        format!("there is no database at {}", missing.display())
    );

    let world = tempfile::tempdir().expect("dir");
    drop(Storage::open(world.path(), Durability::Normal).expect("db"));
    let from = sqlite_place(world.path());
    let e = copy(&from, &from.clone()).expect_err("onto itself");
    assert!(
        e.to_string()
            .contains("both the source and the destination"),
        "{e}"
    );
    let e = copy(
        &from,
        &Place::Sqlite(dir.path().join("no/such/folder/w.sqlite3")),
    )
    .expect_err("no folder");
    assert!(e.to_string().contains("there is no folder"), "{e}");

    let file = world.path().join(FILE_NAME);
    for (version, said) in [
        (SCHEMA_VERSION + 1, "run a newer server"),
        (
            SCHEMA_VERSION - 1,
            "run `lockwright-server migrate` on it first",
        ),
    ] {
        rusqlite::Connection::open(&file)
            .expect("open")
            .pragma_update(None, "user_version", version)
            .expect("version");
        let to = tempfile::tempdir().expect("dir");
        let e = copy(&from, &sqlite_place(to.path())).expect_err("another schema");
        let e = e.to_string();
        assert!(e.contains(&format!("schema version {version}")), "{e}");
        assert!(e.contains(said), "{e}");
        assert!(e.contains(&file.display().to_string()), "says where: {e}");
    }

    let out = Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .args([
            "copy",
            "--from",
            "sqlite:x",
            "--to",
            "mysql://u:secret@h/db",
        ])
        .output()
        .expect("run copy");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`mysql://u:***@h/db` is not a database"),
        "{stderr}"
    );
    assert!(!stderr.contains("secret"), "{stderr}");
}

/// The copy's list of tables and columns is PostgreSQL's schema too (SQLite's is checked in
/// the library).
#[tokio::test]
async fn the_copy_lists_every_table_and_column_of_postgres() {
    if let Some(why) = pg::skip() {
        eprintln!("skipped: {why}");
        return;
    }
    let url = pg::database();
    drop(
        Storage::open_database(
            &Database::Postgres(url.clone()),
            Path::new("."),
            Durability::Normal,
        )
        .expect("migrate"),
    );
    let rows = pg::cluster().rows(
        database_name(&url),
        "SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema()
           AND table_name NOT IN ('ready_probe', 'schema_version', 'world_changes', 'death_match_host',
                                  'login_failures', 'instances')
           AND NOT (table_name = 'tokens' AND column_name = 'n')
         ORDER BY table_name, column_name",
    );
    let found: Vec<(String, String)> = rows
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    let mut listed: Vec<(String, String)> = TABLES
        .iter()
        .flat_map(|t| {
            t.columns
                .iter()
                .map(|c| (t.name.to_string(), c.name.to_string()))
        })
        .collect();
    listed.sort();
    assert_eq!(found, listed);
}

#[tokio::test]
async fn a_destination_a_server_runs_on_is_refused() {
    let Some((_origin, _, from)) = a_world_to_copy().await else {
        return;
    };
    let url = pg::database();
    let to = Place::parse(&url).expect("url");
    let data = tempfile::tempdir().expect("dir");
    let running = Running::start(config(data.path(), Database::Postgres(url.clone())))
        .await
        .expect("a server on the empty database");
    let refused = copy(&from, &to).expect_err("a server runs there");
    assert!(
        matches!(refused, CopyError::DestinationServed(_)),
        "{refused}"
    );
    assert!(refused.to_string().contains("stop it first"), "{refused}");
    assert!(
        raw_counts(&to).iter().all(|(_, n)| *n == 0),
        "nothing written"
    );
    running.stop().await.expect("stop");
    let copied = copy(&from, &to).expect("once it stopped");
    assert_copied(&copied, &to);
}
