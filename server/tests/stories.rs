//! Whole stories played through the client against the real server on 127.0.0.1:0: access by
//! declaration, by three notes, transitive reading, retirement making notes and then a lock
//! public, the empty-slot rule, and the scores after each step; each on SQLite and on PostgreSQL.

mod support;

use support::{Backend, Locks, assert_refused, start_on};

async fn access_by_declaration_and_the_scores_after_each_step(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let alice = srv.player("ALI").await;
    let bob = srv.player("BOB").await;
    // Bob has no locks: Alice accesses all three of his slots, and he all of hers.
    assert_eq!(srv.score(&alice, "BOB").await, 0);
    let a1 = alice
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    assert_eq!(
        srv.score(&alice, "BOB").await,
        3,
        "Bob has no locks: all his slots are open to Alice, none of hers to him"
    );
    let b1 = bob
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("publish");
    assert_eq!(srv.score(&alice, "BOB").await, 0);
    // Alice declares Bob's lock, behind her slot 1.
    let note = alice
        .declare(b1.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    assert!(note.read);
    // Slot 1 by declaration, and slots 2 and 3 because they are empty and every filled slot
    // of Bob's is accessed.
    assert_eq!(srv.score(&alice, "BOB").await, 3);
    assert_eq!(srv.score(&bob, "ALI").await, -3);
    // Bob has not read Alice's note: its solution is hidden from him.
    assert_refused(bob.note(note.id).await, 403, "not-read");
    let seen = bob.lock(b1.lock).await.expect("lock");
    assert_eq!(seen.notes.len(), 1);
    assert!(seen.notes[0].solution.is_none());
    // Bob declares Alice's lock: even.
    bob.declare(a1.lock, 1, &locks.spring_solution)
        .await
        .expect("declare");
    assert_eq!(srv.score(&alice, "BOB").await, 0);
    // Bob now accesses Alice's slot 1 and reads her note behind it.
    let read = bob.note(note.id).await.expect("read now");
    assert_eq!(
        read.solution.as_deref(),
        Some(locks.pivot_solution.as_str())
    );
}

async fn three_notes_transitive_reading_retirement_and_a_public_lock(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let target = srv.player("TGT").await;
    let t1 = target
        .publish(1, &locks.ball, &locks.ball_solution)
        .await
        .expect("publish");
    // Three solvers declare TGT's lock, each behind their own lock.
    let mut solvers = Vec::new();
    for name in ["S1_", "S2_", "S3_"] {
        let s = srv.player(name).await;
        let l = s
            .publish(1, &locks.spring, &locks.spring_solution)
            .await
            .expect("publish");
        s.declare(t1.lock, 1, &locks.ball_solution)
            .await
            .expect("declare");
        solvers.push((s, l.lock));
    }
    // The reader needs a lock to declare behind; then declares each solver's lock.
    let reader = srv.player("RDR").await;
    reader
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("publish");
    for (i, (_, lock)) in solvers.iter().enumerate() {
        let view = reader.player("TGT").await.expect("view");
        assert!(!view.slots[0].accessed, "after {i} notes");
        reader
            .declare(*lock, 1, &locks.spring_solution)
            .await
            .expect("declare");
    }
    // Three notes on TGT's lock read: access without solving it, all slots by the empty rule.
    let view = reader.player("TGT").await.expect("view");
    assert!(view.slots.iter().all(|s| s.accessed));
    assert_eq!(view.score, 3);
    // Transitive: a latecomer who declares only the reader's lock reads the reader's three
    // notes (one on each solver's lock) — one each, not enough; TGT stays shut to them.
    let late = srv.player("LAT").await;
    late.publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("publish");
    let r1 = reader.player("RDR").await.expect("me").slots[0]
        .lock
        .as_ref()
        .expect("lock")
        .id;
    late.declare(r1, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    let notes = late.notes().await.expect("notes");
    assert_eq!(notes.iter().filter(|n| n.author == "RDR").count(), 3);
    assert!(!late.player("TGT").await.expect("view").slots[0].accessed);
    assert!(!late.player("S1_").await.expect("view").slots[0].accessed);
    // Retirement: the solvers retire their locks; the notes behind them are public, read by
    // everyone, and after the third TGT's lock is public.
    let outsider = srv.player("OUT").await;
    for (i, (s, _)) in solvers.iter().enumerate() {
        let lock = outsider.lock(t1.lock).await.expect("lock");
        assert!(!lock.public, "{i} public notes");
        let r = s.retire(1).await.expect("retire");
        assert_eq!(r.made_public.len(), 1);
    }
    let lock = outsider.lock(t1.lock).await.expect("lock");
    assert!(lock.public);
    assert!(lock.accessed, "a public lock is accessed by everyone");
    let notes = outsider.notes().await.expect("notes");
    assert_eq!(notes.iter().filter(|n| n.public).count(), 3);
    assert!(notes.iter().all(|n| n.solution.is_some()));
    // A public lock cannot secure new notes.
    let other = srv.player("OTH").await;
    let o1 = other
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    assert_refused(
        target.declare(o1.lock, 1, &locks.spring_solution).await,
        409,
        "public-holder",
    );
}

async fn the_empty_slot_rule(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let a = srv.player("AAA").await;
    let b = srv.player("BBB").await;
    a.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    let b1 = b
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    let b2 = b
        .publish(2, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("publish");
    a.declare(b1.lock, 1, &locks.spring_solution)
        .await
        .expect("declare");
    let view = a.player("BBB").await.expect("view");
    assert_eq!(
        view.slots.iter().map(|s| s.accessed).collect::<Vec<_>>(),
        [true, false, false]
    );
    a.declare(b2.lock, 1, &locks.pivot_solution)
        .await
        .expect("declare");
    let view = a.player("BBB").await.expect("view");
    assert_eq!(
        view.slots.iter().map(|s| s.accessed).collect::<Vec<_>>(),
        [true, true, true]
    );
    // B replaces slot 1: A's declaration was on the old lock.
    let replaced = b
        .publish(1, &locks.ball, &locks.ball_solution)
        .await
        .expect("replace");
    assert_eq!(replaced.retired.as_ref().map(|r| r.lock), Some(b1.lock));
    let view = a.player("BBB").await.expect("view");
    assert_eq!(
        view.slots.iter().map(|s| s.accessed).collect::<Vec<_>>(),
        [false, true, false]
    );
    assert_eq!(
        view.score, 1,
        "B2 accessed; B1 is new, B3 empty but B1 not accessed"
    );
    // B retires slot 1, leaving it empty: A accesses it again, since A accesses every filled
    // slot of B's (slot 2).
    b.retire(1).await.expect("retire");
    let view = a.player("BBB").await.expect("view");
    assert_eq!(
        view.slots.iter().map(|s| s.accessed).collect::<Vec<_>>(),
        [true, true, true]
    );
    assert_refused(b.retire(1).await, 409, "empty-slot");
}

on_both!(
    access_by_declaration_and_the_scores_after_each_step,
    three_notes_transitive_reading_retirement_and_a_public_lock,
    the_empty_slot_rule,
);
