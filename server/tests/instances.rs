//! Several servers on one PostgreSQL database serve one world: what is done through one is
//! seen through the others at once — locks, notes, accesses, players, tokens, logouts and bans
//! — changes racing through two servers are decided once, by the rules, and a follower of one
//! server hears what happens through another.

mod support;

use server::client::{Client, ClientError};
use server::config::Config;
use server::events::Event;
use server::server::Running;
use server::storage::Database;
use std::time::Duration;
use support::{Locks, assert_refused};

fn config(dir: &std::path::Path, database: &Database) -> Config {
    Config {
        database: database.clone(),
        ..support::test_config(dir)
    }
}

/// Two servers on one new PostgreSQL database, each with its own data folder; `None` (said)
/// when PostgreSQL's binaries are absent.
async fn two_servers() -> Option<(Running, Running, Vec<tempfile::TempDir>, Database)> {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return None;
    }
    let database = Database::Postgres(support::pg::database());
    let dirs = vec![
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    ];
    let a = Running::start(config(dirs[0].path(), &database))
        .await
        .expect("the first server");
    let b = Running::start(config(dirs[1].path(), &database))
        .await
        .expect("a second server on the same database");
    Some((a, b, dirs, database))
}

async fn player(url: &str, codename: &str) -> Client {
    let mut c = Client::new(url);
    c.register(codename, "pass-word").await.expect("register");
    c
}

#[tokio::test]
async fn what_is_done_through_one_server_is_seen_through_the_other_at_once() {
    let Some((a, b, _dirs, _)) = two_servers().await else {
        return;
    };
    let locks = Locks::load();
    let ann = player(&a.url(), "ANN").await;
    // Registered through A, she logs in through B; each server takes the other's tokens.
    let mut ann_b = Client::new(&b.url());
    ann_b
        .login("ANN", "pass-word")
        .await
        .expect("login through B");
    let ann_on_b = Client::new(&b.url()).with_token(ann.token().expect("token"));
    assert_eq!(ann_on_b.me().await.expect("A's token on B").codename, "ANN");
    let ann_b_on_a = Client::new(&a.url()).with_token(ann_b.token().expect("token"));
    assert_eq!(
        ann_b_on_a.me().await.expect("B's token on A").codename,
        "ANN"
    );

    // A lock published through A is readable through B at once.
    let placed = ann
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish through A");
    let bob = player(&b.url(), "BOB").await;
    let seen = bob.lock(placed.lock).await.expect("read through B");
    assert_eq!(seen.id, placed.lock);
    assert_eq!(bob.lock_in("ANN", 1).await.expect("slot").id, placed.lock);

    // A declaration through B changes accesses seen through A.
    bob.publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("BOB's lock");
    let note = bob
        .declare(placed.lock, 1, &locks.spring_solution)
        .await
        .expect("declare through B");
    let bob_on_a = Client::new(&a.url()).with_token(bob.token().expect("token"));
    let notes = bob_on_a.notes().await.expect("notes through A");
    assert!(notes.iter().any(|n| n.id == note.id), "{notes:?}");
    let scores = ann.scores().await.expect("scores through A");
    assert!(scores.scores.iter().any(|s| s.codename == "BOB"));

    // Logging out through A ends the token on B at once; so does a ban.
    let mut ann = ann;
    ann.logout(false).await.expect("logout through A");
    assert_refused(ann_on_b.me().await, 401, "unauthorized");
    let admin = Client::new(&a.url()).with_token(admin_token(&_dirs[0]));
    admin.admin("BOB", "ban").await.expect("ban through A");
    assert_refused(bob.me().await, 401, "unauthorized");
    let mut bob_again = Client::new(&b.url());
    assert!(bob_again.login("BOB", "pass-word").await.is_err());

    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}

fn admin_token(dir: &tempfile::TempDir) -> String {
    std::fs::read_to_string(dir.path().join(server::api::admin::TOKEN_FILE))
        .expect("admin token")
        .trim()
        .to_string()
}

/// One player declares the same note through both servers at once, many times over, and
/// publishes into one slot through both: the rules decide each race once, and both servers
/// agree on the world.
#[tokio::test]
async fn changes_racing_through_two_servers_are_decided_once() {
    let Some((a, b, _dirs, _)) = two_servers().await else {
        return;
    };
    let locks = Locks::load();
    let ann = player(&a.url(), "ANN").await;
    let owners: Vec<Client> = {
        let mut v = Vec::new();
        for i in 0..8 {
            let c = player(&a.url(), &format!("O{i:02}")).await;
            c.publish(1, &locks.spring, &locks.spring_solution)
                .await
                .expect("publish");
            v.push(c);
        }
        v
    };
    ann.publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("ANN's lock");
    let ann_b = Client::new(&b.url()).with_token(ann.token().expect("token"));
    for owner in &owners {
        let lock = owner
            .lock_in(&owner.me().await.expect("me").codename, 1)
            .await;
        let lock = lock.expect("lock").id;
        let (one, two) = tokio::join!(
            ann.declare(lock, 1, &locks.spring_solution),
            ann_b.declare(lock, 1, &locks.spring_solution),
        );
        let accepted = [&one, &two].iter().filter(|r| r.is_ok()).count();
        assert_eq!(accepted, 1, "one declaration of two: {one:?} {two:?}");
        let refused = if one.is_err() { one } else { two };
        match refused {
            Err(ClientError::Refused { status, .. }) => {
                assert!(status.is_client_error(), "refused by the rules: {status}")
            }
            other => panic!("refused by the rules, not {other:?}"),
        }
    }

    // Publishes into one slot through both servers: each lands, one after the other, and
    // both servers show the same lock in the slot.
    let mut tasks = Vec::new();
    for round in 0..6 {
        let (x, y) = (
            Client::new(&a.url()).with_token(owners[0].token().expect("token")),
            Client::new(&b.url()).with_token(owners[0].token().expect("token")),
        );
        let (l1, s1, l2, s2) = (
            locks.ball.clone(),
            locks.ball_solution.clone(),
            locks.spring.clone(),
            locks.spring_solution.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let _ = round;
            tokio::join!(x.publish(2, &l1, &s1), y.publish(2, &l2, &s2))
        }));
    }
    for t in tasks {
        let (x, y) = t.await.expect("task");
        x.expect("a publish through A lands");
        y.expect("a publish through B lands");
    }
    let token = owners[0].token().expect("token").to_string();
    let on_a = Client::new(&a.url()).with_token(token.clone());
    let on_b = Client::new(&b.url()).with_token(token);
    let on_a = on_a.lock_in("O00", 2).await.expect("A");
    let on_b = on_b.lock_in("O00", 2).await.expect("B");
    assert_eq!(on_a.id, on_b.id, "both servers show one lock in the slot");
    let a_notes = ann.notes().await.expect("notes");
    let b_notes = ann_b.notes().await.expect("notes");
    assert_eq!(a_notes.len(), owners.len());
    assert_eq!(
        a_notes.iter().map(|n| n.id).collect::<Vec<_>>(),
        b_notes.iter().map(|n| n.id).collect::<Vec<_>>()
    );
    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}

#[tokio::test]
async fn a_follower_of_one_server_hears_what_happens_through_the_other() {
    let Some((a, b, _dirs, _)) = two_servers().await else {
        return;
    };
    let locks = Locks::load();
    let ann = player(&a.url(), "ANN").await;
    let mut heard = ann.events().await.expect("follow on A");
    let bob = player(&b.url(), "BOB").await;
    let placed = bob
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish through B");
    let mut got = Vec::new();
    while got.len() < 2 {
        let event = tokio::time::timeout(Duration::from_secs(20), heard.next())
            .await
            .expect("an event within the test's patience")
            .expect("stream")
            .expect("open");
        got.push(event);
    }
    assert_eq!(
        got,
        [
            Event::Registered {
                codename: "BOB".into()
            },
            Event::Placed {
                owner: "BOB".into(),
                slot: 1,
                lock: placed.lock
            }
        ]
    );
    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}

/// A server started on a database others serve finds their world and their tokens.
#[tokio::test]
async fn a_server_started_later_serves_the_world_the_others_made() {
    let Some((a, b, _dirs, database)) = two_servers().await else {
        return;
    };
    let ann = player(&a.url(), "ANN").await;
    b.stop().await.expect("stop B");
    let c_dir = tempfile::tempdir().expect("dir");
    let c = Running::start(config(c_dir.path(), &database))
        .await
        .expect("a third server");
    let on_c = Client::new(&c.url()).with_token(ann.token().expect("token"));
    assert_eq!(on_c.me().await.expect("ANN through C").codename, "ANN");
    a.stop().await.expect("stop");
    c.stop().await.expect("stop");
}

/// Failed logins are counted in the database: a codename that failed through one server waits
/// through the other, its right password included.
#[tokio::test]
async fn failed_logins_through_one_server_throttle_the_codename_through_the_other() {
    let Some((a, b, _dirs, _)) = two_servers().await else {
        return;
    };
    player(&a.url(), "VIC").await;
    let free = support::test_config(std::path::Path::new(".")).login_free_failures;
    assert!(free > 0, "the tests' servers throttle logins");
    let mut through_a = Client::new(&a.url());
    for _ in 0..free {
        assert_refused(through_a.login("VIC", "a-guess").await, 401, "bad-login");
    }
    let mut through_b = Client::new(&b.url());
    assert_refused(
        through_b.login("VIC", "pass-word").await,
        429,
        "login-throttled",
    );
    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}

fn gauge(metrics: &str, name: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in:\n{metrics}"))
}

/// Waits (a bounded number of scrapes) until a server counts `n` servers alive.
async fn until_servers_alive(metrics: std::net::SocketAddr, n: f64) {
    let mut seen = 0.0;
    for _ in 0..100 {
        // The metrics' listener may still be starting: refused is not yet.
        if let Ok(r) = reqwest::get(format!("http://{metrics}/metrics")).await {
            let body = r.text().await.expect("metrics");
            seen = gauge(&body, "lockwright_servers_alive");
            if seen == n {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{metrics} counts {seen} servers alive, not {n}");
}

/// A client's rate is shared by the servers alive on the database: with two, each admits half
/// the burst, so that a client spread over both by the proxy gets the burst configured, not
/// twice it; when one stops, the other takes the whole rate back.
#[tokio::test]
async fn a_clients_rate_is_shared_by_the_servers_alive() {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return;
    }
    let database = Database::Postgres(support::pg::database());
    let dirs = [
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    ];
    let mut servers = Vec::new();
    let mut metrics = Vec::new();
    for dir in &dirs {
        let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = free.local_addr().expect("addr");
        drop(free);
        let config = Config {
            // Next to nothing refills during the test: only the burst counts.
            rate_limit: 0.001,
            rate_burst: 10.0,
            metrics_bind: Some(addr),
            ..config(dir.path(), &database)
        };
        servers.push(Running::start(config).await.expect("a server"));
        metrics.push(addr);
    }
    for &m in &metrics {
        until_servers_alive(m, 2.0).await;
    }
    let mut admitted = Vec::new();
    for s in &servers {
        let mut n = 0;
        for _ in 0..10 {
            let (status, _, _) =
                support::raw("GET", &format!("{}/api/v1/players", s.url()), None, None).await;
            // Admitted, it is refused for want of a token; refused by the limit, 429.
            assert!(status == 401 || status == 429, "{status}");
            n += usize::from(status == 401);
        }
        admitted.push(n);
    }
    assert_eq!(admitted, [5, 5], "half the burst each, the burst in all");
    let b = servers.pop().expect("B");
    b.stop().await.expect("stop");
    until_servers_alive(metrics[0], 1.0).await;
    servers.pop().expect("A").stop().await.expect("stop");
}

/// A server's storage, held on a thread of its own until released: meanwhile the server can
/// neither read nor write the database.
struct Held {
    release: std::sync::mpsc::Sender<()>,
    holder: std::thread::JoinHandle<()>,
}

impl Held {
    fn release(self) {
        self.release.send(()).expect("release");
        self.holder.join().expect("holder");
    }
}

fn hold_storage(game: &server::game::Game) -> Held {
    let storage = game.storage();
    let (held_tx, held_rx) = std::sync::mpsc::channel::<()>();
    let (release, release_rx) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        let _busy = storage.lock().expect("storage");
        held_tx.send(()).expect("held");
        release_rx.recv().expect("released");
    });
    held_rx.recv().expect("held");
    Held { release, holder }
}

/// Reads arriving together share their check of the change log: 200 reads at once through
/// one server cost far fewer queries than 200, and each still sees what another server had
/// committed before it arrived.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_arriving_together_share_one_check_of_the_change_log() {
    let Some((a, b, _dirs, _)) = two_servers().await else {
        return;
    };
    let locks = Locks::load();
    let ann = player(&a.url(), "ANN").await;
    let bob = player(&b.url(), "BOB").await;
    let before = b.game.freshness_checks();
    let placed = ann
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish through A");
    // The reads arrive while B's storage is busy (held here), and queue behind it.
    let held = hold_storage(&b.game);
    let reads = tokio::spawn({
        let bob = bob.clone();
        async move {
            let reads = (0..200).map(|_| bob.lock(placed.lock));
            futures_util::future::join_all(reads).await
        }
    });
    // Time for the reads to arrive; any that arrive later (a loaded machine) make their own
    // checks, which the bound below leaves room for.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    held.release();
    for seen in reads.await.expect("reads") {
        assert_eq!(seen.expect("read through B").id, placed.lock);
    }
    let checks = b.game.freshness_checks() - before;
    assert!(
        checks < 100,
        "{checks} checks for 200 reads (one each without sharing)"
    );
    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}

/// A server that missed changes the log no longer holds (cut back while it could not read
/// the database) cannot catch up: it says so at `/ready`, which fails until it is restarted,
/// and a restart serves the world as the others do.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_behind_a_cut_log_says_it_is_not_ready_until_restarted() {
    let Some((a, b, dirs, database)) = two_servers().await else {
        return;
    };
    let Database::Postgres(url) = &database else {
        unreachable!("two servers run on PostgreSQL")
    };
    let name = url.rsplit('/').next().expect("a database name").to_string();
    // B cannot read the database while A writes and the log is cut behind its back.
    let held = hold_storage(&b.game);
    let ann = player(&a.url(), "ANN").await;
    player(&a.url(), "BOB").await;
    support::pg::cluster().sql(
        &name,
        "DELETE FROM world_changes WHERE seq < (SELECT max(seq) FROM world_changes)",
    );
    held.release();
    let mut said = String::new();
    for _ in 0..100 {
        let (status, body, _) =
            support::raw("GET", &format!("{}/api/v1/ready", b.url()), None, None).await;
        if status == 503 {
            said = body;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(said.contains("restart"), "{said}");
    b.stop().await.expect("stop");
    let b = Running::start(config(dirs[1].path(), &database))
        .await
        .expect("B again");
    let (status, _, _) =
        support::raw("GET", &format!("{}/api/v1/ready", b.url()), None, None).await;
    assert_eq!(status, 200);
    let ann_on_b = Client::new(&b.url()).with_token(ann.token().expect("token"));
    assert_eq!(
        ann_on_b
            .player("BOB")
            .await
            .expect("BOB through B")
            .codename,
        "BOB"
    );
    a.stop().await.expect("stop");
    b.stop().await.expect("stop");
}
