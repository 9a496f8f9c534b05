//! `lockwright-server admin`: an operator bans, unbans, logs out, retires and purges a
//! player, and cancels their challenges, on a running server, each action audited.
//! The admin actions run on SQLite and on PostgreSQL.

mod support;

use server::client::Client;
use server::death_match_host::view::{Challenge, Status};
use support::{Backend, Locks, assert_refused, spawn_binary};

fn admin(data: &std::path::Path, action: &str, codename: &str) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("admin")
        .arg(action)
        .arg(codename)
        .arg("--data")
        .arg(data)
        .env_remove("RUST_LOG")
        .output()
        .expect("run admin");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

async fn an_operator_bans_unbans_logs_out_retires_purges_and_cancels_challenges(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let args = Backend::args(&backend.database());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let child = spawn_binary(dir.path(), "password_memory_kib = 64\n", &args, "");
    let data = dir.path().join("data");
    let locks = Locks::load();
    let mut spam = Client::new(&child.url);
    spam.register("SPM", "pw").await.expect("register");
    let mut other = Client::new(&child.url);
    other.register("OTH", "pw").await.expect("register");
    let first = spam
        .publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    spam.publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("republish");
    spam.publish(2, &locks.ball, &locks.ball_solution)
        .await
        .expect("publish");
    let challenge = spam
        .challenge(&Challenge {
            opponent: "OTH".into(),
            ..Challenge::default()
        })
        .await
        .expect("challenge");
    let mut stream = spam.events().await.expect("events");

    // Ban: logged out at once (the stream ends), logins refused even with the password.
    let (ok, said) = admin(&data, "ban", "SPM");
    assert!(ok, "{said}");
    assert!(said.contains("banned"), "{said}");
    let ended = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        while let Ok(Some(_)) = stream.next().await {}
    })
    .await;
    assert!(ended.is_ok(), "the banned player's stream ends");
    assert_refused(spam.me().await, 401, "unauthorized");
    assert_refused(spam.login("SPM", "pw").await, 403, "banned");
    assert_refused(spam.login("SPM", "wrong").await, 401, "bad-login");

    // Their locks: retired, then the retired ones no note names purged.
    let (ok, said) = admin(&data, "purge-locks", "SPM");
    assert!(ok, "{said}");
    assert!(
        said.contains("2 locks retired, 3 retired locks deleted"),
        "{said}"
    );
    let view = other.player("SPM").await.expect("view");
    assert!(view.slots.iter().all(|s| s.lock.is_none()), "{view:?}");
    assert_refused(other.lock(first.lock).await, 404, "unknown-lock");

    // Their open challenge is cancelled.
    let (ok, said) = admin(&data, "cancel-challenges", "SPM");
    assert!(ok, "{said}");
    assert!(said.contains("1 open challenges cancelled"), "{said}");
    let summary = other.matches().await.expect("matches");
    let m = summary
        .iter()
        .find(|m| m.id == challenge.id)
        .expect("the match");
    assert_eq!(m.status, Status::Declined);

    // Unban: they may log in again.
    let (ok, said) = admin(&data, "unban", "SPM");
    assert!(ok, "{said}");
    spam.login("SPM", "pw").await.expect("logs in again");
    let (ok, said) = admin(&data, "revoke-tokens", "SPM");
    assert!(ok && said.contains("1 tokens revoked"), "{said}");
    assert_refused(spam.me().await, 401, "unauthorized");

    // Unknown players, and the admin token is needed.
    let (ok, said) = admin(&data, "ban", "NOB");
    assert!(!ok && said.contains("NOB"), "{said}");
    let outsider = Client::new(&child.url).with_token("not the admin token");
    assert_refused(outsider.admin("OTH", "ban").await, 403, "not-admin");
    let player_token = other.token().expect("token").to_string();
    let player = Client::new(&child.url).with_token(player_token);
    assert_refused(player.admin("SPM", "ban").await, 403, "not-admin");

    // Each action is audited in the log.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let logs = child.logs();
    let audited = logs
        .iter()
        .filter(|l| l.contains("admin action") && l.contains("audit"))
        .count();
    assert_eq!(audited, 5, "{logs:#?}");
}

#[tokio::test]
async fn admin_without_a_running_server_says_so() {
    let dir = tempfile::tempdir().expect("dir");
    let (ok, said) = admin(dir.path(), "ban", "ABC");
    assert!(!ok);
    assert!(said.contains("no server is running"), "{said}");
}

on_both!(an_operator_bans_unbans_logs_out_retires_purges_and_cancels_challenges);
