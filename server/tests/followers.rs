//! Live events at scale: with 200 players following, every follower receives every event,
//! in order, with its own `read` events, and each change works out access only for the
//! players it concerns — not once per follower.
//! On SQLite and on PostgreSQL.

mod support;

use server::client::EventStream;
use server::events::Event;
use std::time::Duration;
use support::{Backend, Locks, start_on};

const FOLLOWERS: usize = 200;
const WRITERS: usize = 20;
/// Followers who also declare, and so get a `read` event.
const READERS: usize = 10;

async fn collect(mut stream: EventStream, n: usize) -> Vec<Event> {
    let mut got = Vec::with_capacity(n);
    while got.len() < n {
        match tokio::time::timeout(Duration::from_secs(30), stream.next()).await {
            Ok(Ok(Some(e))) => got.push(e),
            other => panic!("after {} events: {other:?}", got.len()),
        }
    }
    got
}

async fn two_hundred_followers_each_get_every_event_and_access_is_not_worked_out_per_follower(
    backend: Backend,
) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let mut followers = Vec::new();
    for i in 0..FOLLOWERS {
        followers.push(srv.player(&format!("F{i:02X}")).await);
    }
    let mut writers = Vec::new();
    for i in 0..WRITERS {
        writers.push(srv.player(&format!("W{i:02}")).await);
    }
    let mut streams = Vec::new();
    for f in &followers {
        streams.push(f.events().await.expect("events"));
    }
    let before = srv.running.game.access_computations();

    let mut changes = 0;
    let mut writer_locks = Vec::new();
    for w in &writers {
        writer_locks.push(
            w.publish(1, &locks.spring, &locks.spring_solution)
                .await
                .expect("publish")
                .lock,
        );
        changes += 1;
    }
    for w in &writers[1..] {
        w.declare(writer_locks[0], 1, &locks.spring_solution)
            .await
            .expect("declare");
        changes += 1;
    }
    for f in &followers[..READERS] {
        f.publish(1, &locks.pivot, &locks.pivot_solution)
            .await
            .expect("publish");
        f.declare(writer_locks[0], 1, &locks.spring_solution)
            .await
            .expect("declare");
        changes += 2;
    }
    // Every follower hears every change; the readers also hear that they read their note.
    let mut tasks = Vec::new();
    for (i, s) in streams.into_iter().enumerate() {
        let n = changes + usize::from(i < READERS);
        tasks.push(tokio::spawn(async move { (i, collect(s, n).await) }));
    }
    let mut heard: Vec<Vec<Event>> = vec![Vec::new(); FOLLOWERS];
    for t in tasks {
        let (i, events) = t.await.expect("follower");
        heard[i] = events;
    }
    let public: Vec<&Event> = heard[READERS]
        .iter()
        .filter(|e| !matches!(e, Event::Read { .. }))
        .collect();
    assert_eq!(public.len(), changes);
    for (i, events) in heard.iter().enumerate() {
        let theirs: Vec<&Event> = events
            .iter()
            .filter(|e| !matches!(e, Event::Read { .. }))
            .collect();
        assert_eq!(
            theirs, public,
            "follower {i} heard the same events in the same order"
        );
        let reads: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::Read { .. }))
            .collect();
        if i < READERS {
            assert_eq!(reads, [&Event::Read { notes: 1 }], "follower {i}");
        } else {
            assert!(reads.is_empty(), "follower {i}: {reads:?}");
        }
    }
    let computed = srv.running.game.access_computations() - before;
    eprintln!("{changes} changes, {FOLLOWERS} followers: access worked out {computed} times");
    assert!(
        computed <= 2 * changes as u64,
        "{computed} fixpoints for {changes} changes: access is worked out per follower"
    );
}

on_both!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    two_hundred_followers_each_get_every_event_and_access_is_not_worked_out_per_follower,
);
