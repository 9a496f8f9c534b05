//! Mail, as the seed's server offers it, sent to a real SMTP server on 127.0.0.1: nothing
//! without a confirmed address and consent, notes declared, locks made public, challenges,
//! and a queue that retries while the SMTP server is down; on SQLite and on PostgreSQL.

mod support;

use server::death_match_host::view::Challenge;
use server::storage::Notify;
use std::sync::atomic::Ordering;
use support::smtp::Sink;
use support::{Backend, Locks, Srv, assert_refused};

async fn start_with_mail(sink: &Sink, backend: Backend) -> (Srv, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = support::test_config_on(dir.path(), backend);
    let database = config.database.clone();
    config.smtp_url = Some(sink.url());
    config.mail_from = "Lockwright <lockwright@test.invalid>".into();
    config.mail_retry = server::config::Period::millis(100);
    let running = server::server::Running::start(config).await.expect("start");
    (Srv { running, database }, dir)
}

fn code_in(mail: &str) -> String {
    mail.split("enter this code: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a code")
        .to_string()
}

async fn mail_goes_only_to_confirmed_addresses_for_what_was_asked_and_is_retried(backend: Backend) {
    let sink = Sink::start().await;
    let (srv, _dir) = start_with_mail(&sink, backend).await;
    let locks = Locks::load();
    let ann = srv.player("ANN").await;
    let target = ann
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("ANN's lock");
    let mut declarers = Vec::new();
    for name in ["BOB", "CAT", "DAN"] {
        let c = srv.player(name).await;
        c.publish(1, &locks.pivot, &locks.pivot_solution)
            .await
            .expect("a holder");
        declarers.push(c);
    }
    let queued = || srv.running.game.queued_mail();

    // ANN gives an address: a code is mailed, nothing else until it comes back.
    assert_refused(
        ann.give_mail("not an address", Notify::default()).await,
        400,
        "bad-address",
    );
    let given = ann
        .give_mail(
            "ann@test.invalid",
            Notify {
                declared: true,
                ..Notify::default()
            },
        )
        .await
        .expect("give");
    assert!(!given.verified);
    let mail = sink.wait_for("ann@test.invalid", "enter this code").await;
    let code = code_in(&mail.data);
    declarers[0]
        .declare(target.lock, 1, &locks.spring_solution)
        .await
        .expect("BOB declares");
    assert_eq!(queued(), 0, "nothing is mailed to an unconfirmed address");

    assert_refused(ann.verify_mail("WRONGCOD").await, 400, "wrong-code");
    let verified = ann.verify_mail(&code.to_lowercase()).await.expect("verify");
    assert!(verified.verified);

    // A note declared on her lock: she asked to be told.
    declarers[1]
        .declare(target.lock, 1, &locks.spring_solution)
        .await
        .expect("CAT declares");
    let mail = sink
        .wait_for("ann@test.invalid", "CAT declared a note")
        .await;
    assert!(
        mail.data.contains("lockwright@test.invalid"),
        "{}",
        mail.data
    );

    // A challenge: she did not ask, so nothing; once she asks, mail.
    declarers[0]
        .challenge(&Challenge {
            opponent: "ANN".into(),
            ..Challenge::default()
        })
        .await
        .expect("challenge");
    assert_eq!(queued(), 0, "no consent, no mail");
    ann.set_notify(Notify {
        declared: true,
        challenged: true,
        made_public: true,
    })
    .await
    .expect("notify");
    declarers[1]
        .challenge(&Challenge {
            opponent: "ANN".into(),
            ..Challenge::default()
        })
        .await
        .expect("challenge");
    sink.wait_for("ann@test.invalid", "CAT challenges you")
        .await;

    // The SMTP server is down: the mail waits in the queue and goes once it is back.
    sink.down.store(true, Ordering::SeqCst);
    declarers[2]
        .declare(target.lock, 1, &locks.spring_solution)
        .await
        .expect("DAN declares");
    for _ in 0..50 {
        if sink.taken().iter().any(|m| m.data.contains("DAN declared")) {
            panic!("sent while the SMTP server refused");
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(queued(), 1, "waiting in the queue");
    sink.down.store(false, Ordering::SeqCst);
    sink.wait_for("ann@test.invalid", "DAN declared a note")
        .await;

    // Her lock made public: three public notes on it, when the declarers retire their
    // holders.
    for c in &declarers {
        c.retire(1).await.expect("retire the holder");
    }
    sink.wait_for("ann@test.invalid", "is public").await;

    // Forgetting the address stops everything.
    ann.forget_mail().await.expect("forget");
    assert_refused(ann.mail().await, 404, "no-address");
}

#[tokio::test]
async fn a_server_without_smtp_refuses_addresses() {
    let (srv, _dir) = support::start().await;
    let ann = srv.player("ANN").await;
    assert_refused(
        ann.give_mail("ann@test.invalid", Notify::default()).await,
        409,
        "mail-off",
    );
}

on_both!(mail_goes_only_to_confirmed_addresses_for_what_was_asked_and_is_retried);
