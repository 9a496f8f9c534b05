//! One of two servers on one PostgreSQL database dies (SIGKILL) during a burst of writes:
//! every write it acknowledged is there through the other, the other keeps serving throughout,
//! its followers reconnect to the other and hear on, and the other takes the Death Matches
//! over, with nothing told twice or taken back.
//!
//! Regression: match requests reaching a server that does not host the matches were never
//! passed on (the layer read the route without the API's prefix, and the host would have been
//! asked for the path without it): every challenge through it failed with 503.

mod support;

use rules::death_match::{Action, DraftOrder, Phase};
use server::client::Client;
use server::death_match_host::view::{Challenge, MatchView};
use server::events::Event;
use server::storage::Database;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::{Backend, Locks, spawn_binary};

/// A small round: 5×3, nothing dark, two pieces on offer.
const SMALL: &str = r#"
[[round]]
board = """
. . . . .
. . . . .
. . . . .
"""
pieces = ["h2", "v2"]
"#;

/// How many times a check is tried, 100 ms apart, while the servers settle after the kill.
const PATIENCE: usize = 300;

fn spawn(dir: &std::path::Path, database: &Database) -> support::Child {
    let args = Backend::args(database);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // Match time runs 30 times faster: the assessment takes 3 s, a draft turn 1.5 s.
    spawn_binary(
        dir,
        "password_memory_kib = 64\nmatch_speed = 30.0\n",
        &args,
        "",
    )
}

/// The match as `c` sees it once it answers: while the Death Matches change hands, requests
/// about them answer 503.
async fn view(c: &Client, id: i64) -> MatchView {
    for _ in 0..PATIENCE {
        match c.death_match(id).await {
            Ok(v) => return v,
            Err(e) if e.status().map(|s| s.as_u16()) == Some(503) => {}
            Err(e) => panic!("the match cannot be read: {e}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the match never answered again");
}

/// Waits until the match, as `c` sees it, is in a phase `f` accepts.
async fn until(c: &Client, id: i64, what: &str, f: impl Fn(&MatchView) -> bool) -> MatchView {
    let mut last = None;
    for _ in 0..PATIENCE {
        let v = view(c, id).await;
        if f(&v) {
            return v;
        }
        last = Some(v);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the match never reached {what}: {last:#?}");
}

/// The match's first `count` events (all of them, when the match is over and `count` is
/// `usize::MAX`: reading stops when none comes for a while), through `c`.
async fn events(c: &Client, id: i64, count: usize) -> Vec<(usize, String)> {
    let mut stream = c.match_events(id, 0).await.expect("the match's events");
    let mut got = Vec::new();
    while got.len() < count
        && let Ok(Ok(Some(e))) = tokio::time::timeout(Duration::from_secs(2), stream.next()).await
    {
        got.push((e.id, format!("{:?}", e.event)));
    }
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_one_of_two_servers_during_a_burst_loses_nothing_and_the_other_serves_on() {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return;
    }
    let database = Database::Postgres(support::pg::database());
    let (dir_a, dir_b) = (
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    );
    // A starts first and hosts the Death Matches; B passes match requests to it.
    let mut a = spawn(dir_a.path(), &database);
    let b = spawn(dir_b.path(), &database);
    let locks = Arc::new(Locks::load());

    // A match played through B, hosted by A, left in its draft.
    let mut dan = Client::new(&b.url);
    dan.register("DAN", "pass-word").await.expect("register");
    let mut eve = Client::new(&b.url);
    eve.register("EVE", "pass-word").await.expect("register");
    let id = dan
        .challenge(&Challenge {
            opponent: "EVE".into(),
            seed: None,
            rounds: Some(SMALL.into()),
            ..Challenge::default()
        })
        .await
        .unwrap_or_else(|e| panic!("challenge: {e:?}\nA: {:#?}\nB: {:#?}", a.logs(), b.logs()))
        .id;
    eve.accept(id).await.expect("accept");
    eve.act(id, &Action::ChooseDraftOrder(DraftOrder::First))
        .await
        .expect("order");
    until(&dan, id, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    })
    .await;
    // The round began, the draft order was chosen, the first draft turn began.
    let told_before = events(&eve, id, 3).await;
    assert_eq!(told_before.len(), 3, "{told_before:?}");

    // A follower on A.
    let mut fol = Client::new(&a.url);
    fol.register("FOL", "pass-word").await.expect("register");
    let mut heard = fol.events().await.expect("follow on A");

    // The burst: players register and publish through both servers at once.
    let acked: Arc<Mutex<Vec<(String, i64)>>> = Arc::default();
    let mut through_a = Vec::new();
    let mut through_b = Vec::new();
    for t in 0..4u8 {
        let url = if t % 2 == 0 {
            a.url.clone()
        } else {
            b.url.clone()
        };
        let (acked, locks) = (acked.clone(), locks.clone());
        let task = tokio::spawn(async move {
            let mut done = 0;
            for i in 0..40u32 {
                let codename = format!("{}{i:02}", (b'P' + t) as char);
                let mut c = Client::new(&url);
                if c.register(&codename, "pw").await.is_err() {
                    break;
                }
                match c.publish(1, &locks.spring, &locks.spring_solution).await {
                    Ok(p) => acked.lock().expect("acked").push((codename, p.lock)),
                    Err(_) => break,
                }
                done += 1;
            }
            done
        });
        if t % 2 == 0 {
            through_a.push(task);
        } else {
            through_b.push(task);
        }
    }
    for _ in 0..PATIENCE * 10 {
        if acked.lock().expect("acked").len() >= 20 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let at_kill = dan
        .death_match(id)
        .await
        .expect("the match through B, from A");
    assert!(
        !matches!(at_kill.phase, Some(Phase::Over { .. })),
        "the match is still played when its host dies"
    );
    a.process.kill().expect("SIGKILL");
    let _ = a.process.wait();
    for t in through_a {
        t.await.expect("a writer through A");
    }
    for t in through_b {
        assert_eq!(
            t.await.expect("a writer through B"),
            40,
            "B serves throughout"
        );
    }

    // Every acknowledged write is there, read through B.
    let acked = acked.lock().expect("acked").clone();
    assert!(acked.len() >= 20 + 40, "{}", acked.len());
    let checker = Client::new(&b.url).with_token(dan.token().expect("token"));
    for (codename, lock) in &acked {
        let player = checker.player(codename).await.expect("the player is there");
        assert_eq!(player.slots[0].lock.as_ref().map(|l| l.id), Some(*lock));
    }

    // A's follower finds its stream ended, reconnects to B, and hears on.
    for _ in 0..PATIENCE {
        match tokio::time::timeout(Duration::from_secs(1), heard.next()).await {
            Ok(Ok(Some(_))) => continue,
            Ok(Ok(None) | Err(_)) => break,
            Err(_) => {}
        }
    }
    let fol_on_b = Client::new(&b.url).with_token(fol.token().expect("token"));
    let mut heard = fol_on_b.events().await.expect("follow on B");
    let mut late = Client::new(&b.url);
    late.register("LAT", "pw")
        .await
        .expect("register through B");
    let mut got = None;
    for _ in 0..PATIENCE {
        match tokio::time::timeout(Duration::from_secs(1), heard.next()).await {
            Ok(Ok(Some(e @ Event::Registered { .. }))) => {
                got = Some(e);
                break;
            }
            Ok(Ok(Some(_))) | Err(_) => {}
            Ok(other) => panic!("the stream on B ended: {other:?}"),
        }
    }
    assert_eq!(
        got,
        Some(Event::Registered {
            codename: "LAT".into()
        })
    );

    // B takes the Death Matches over: its clock, now B's, plays the match out (nobody drafts
    // or builds, so the clock ends it), and its events read as they were told, each once.
    until(&dan, id, "its end", |v| {
        matches!(v.phase, Some(Phase::Over { .. }))
    })
    .await;
    let told = events(&eve, id, usize::MAX).await;
    assert_eq!(
        told[..told_before.len()],
        told_before[..],
        "nothing told is taken back"
    );
    let ids: Vec<usize> = told.iter().map(|(i, _)| *i).collect();
    assert_eq!(
        ids,
        (0..told.len()).collect::<Vec<_>>(),
        "each event told once, in order: {told:?}"
    );
    assert!(
        told.last().is_some_and(|(_, e)| e.starts_with("MatchOver")),
        "{told:?}"
    );

    drop(b);
    let storage = server::storage::Storage::open_database(
        &database,
        &dir_b.path().join("data"),
        server::storage::Durability::Normal,
    )
    .expect("open");
    assert_eq!(storage.check().expect("check"), Vec::<String>::new());
}
