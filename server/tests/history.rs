//! History lives in the database, not in memory: a retired lock no note names is kept only
//! there, and a retired lock a note names keeps no text or mechanism in memory.
//! On SQLite and on PostgreSQL.

mod support;

use support::{Backend, Locks, assert_refused};

/// Regression: one player republishing into one slot 40,000 times took memory from 28 to
/// 162 MB and restart to 7.5 s, since every retired lock kept its text and compiled mechanism
/// in memory and was parsed again at each start. Memory now holds the locks in slots and the
/// retired ones notes name, whatever the history, and a restart loads only those.
async fn republishing_does_not_grow_memory_or_what_a_restart_loads(backend: Backend) {
    let (srv, dir) = support::start_on(backend).await;
    let locks = Locks::load();
    let spammer = srv.player("REP").await;
    let reader = srv.player("RDR").await;
    let first = spammer
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    for _ in 0..300 {
        spammer
            .publish(1, &locks.spring, &locks.spring_solution)
            .await
            .expect("republish");
    }
    // A lock with a note on it, retired: the rules still reach it.
    reader
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("reader's lock");
    let named = spammer
        .publish(2, &locks.ball, &locks.ball_solution)
        .await
        .expect("a lock to declare on");
    reader
        .declare(named.lock, 1, &locks.ball_solution)
        .await
        .expect("declare");
    spammer.retire(2).await.expect("retire");
    let held = srv.running.game.locks_in_memory();
    assert_eq!(
        (held.locks, held.texts, held.mechanisms),
        (3, 2, 2),
        "two in slots and the retired one a note names, of 304 published"
    );
    // A forgotten lock is still read from the database, and still refused to declare on
    // for being retired.
    let old = reader.lock(first.lock).await.expect("the first lock");
    assert!(old.retired);
    assert_eq!(old.text, locks.spring);
    assert_eq!(old.owner, "REP");
    assert_refused(
        reader.declare(first.lock, 1, &locks.spring_solution).await,
        409,
        "retired-lock",
    );
    let kept = reader.lock(named.lock).await.expect("the named lock");
    assert!(kept.retired);
    assert_eq!(kept.text, locks.ball);
    assert_eq!(kept.notes.len(), 1);
    // A restart loads the same three, not the 301 retired.
    srv.running.stop().await.expect("stop");
    let database = srv.database;
    let running = server::server::Running::start(server::config::Config {
        database: database.clone(),
        ..support::test_config(dir.path())
    })
    .await
    .expect("restart");
    let held = running.game.locks_in_memory();
    assert_eq!((held.locks, held.texts, held.mechanisms), (3, 2, 2));
    let srv = support::Srv { running, database };
    let mut reader = srv.client();
    reader.login("RDR", "pass-word").await.expect("login");
    assert_eq!(
        reader.lock(first.lock).await.expect("read").text,
        locks.spring
    );
    let scores = reader.scores().await.expect("scores");
    assert!(scores.scores.iter().any(|s| s.codename == "REP"));
}

on_both!(republishing_does_not_grow_memory_or_what_a_restart_loads,);
