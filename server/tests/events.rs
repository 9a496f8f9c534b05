//! Live events: a player following the stream hears what changes, and a `read` event when
//! they have read new notes.
//! On SQLite and on PostgreSQL.

mod support;

use server::events::Event;
use std::time::Duration;
use support::{Backend, Locks, start_on};

async fn next(s: &mut server::client::EventStream) -> Event {
    tokio::time::timeout(Duration::from_secs(10), s.next())
        .await
        .expect("an event in time")
        .expect("readable")
        .expect("open")
}

async fn a_follower_hears_placing_declaring_and_new_reading(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let a = srv.player("AAA").await;
    let b = srv.player("BBB").await;
    let mut stream = b.events().await.expect("events");
    let a1 = a
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("ok");
    assert_eq!(
        next(&mut stream).await,
        Event::Placed {
            owner: "AAA".into(),
            slot: 1,
            lock: a1.lock
        }
    );
    let b1 = b
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("ok");
    assert!(matches!(next(&mut stream).await, Event::Placed { lock, .. } if lock == b1.lock));
    // B declares A's lock: B reads their own note, so a `read` event follows.
    b.declare(a1.lock, 1, &locks.spring_solution)
        .await
        .expect("declare");
    assert!(matches!(next(&mut stream).await, Event::Declared { .. }));
    assert_eq!(next(&mut stream).await, Event::Read { notes: 1 });
    // A declares B's lock behind A1, which B accesses: B reads it.
    a.declare(b1.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    assert!(matches!(next(&mut stream).await, Event::Declared { .. }));
    assert_eq!(next(&mut stream).await, Event::Read { notes: 2 });
    // Shutting down ends the stream instead of hanging.
    srv.running.stop().await.expect("stop");
    let end = tokio::time::timeout(Duration::from_secs(10), stream.next()).await;
    assert!(matches!(end, Ok(Ok(None)) | Ok(Err(_))), "the stream ends");
}

on_both!(a_follower_hears_placing_declaring_and_new_reading,);
