//! A restart loses nothing: the server binary is killed with SIGKILL during a burst of writes;
//! after a restart every acknowledged write is there and the database is consistent. Also
//! many players writing at once through one server. Both on SQLite and on PostgreSQL.

mod support;

use server::client::Client;
use server::storage::Database;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use support::{Backend, Locks, start_on};

/// Starts the binary on 127.0.0.1:0 and reads the address it logs.
fn spawn(dir: &std::path::Path, database: &Database) -> (Child, String) {
    let config = dir.join("server.toml");
    std::fs::write(&config, "rate_limit = 0.0\npassword_memory_kib = 64\n").expect("config");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("--data")
        .arg(dir.join("data"))
        .arg("--bind")
        .arg("127.0.0.1:0")
        .arg("--config")
        .arg(&config)
        .args(Backend::args(database))
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the server");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let addr = loop {
        let line = lines.next().expect("a log line").expect("readable");
        if let Some(rest) = line.split("addr=").nth(1) {
            break rest.split_whitespace().next().expect("address").to_string();
        }
    };
    // Keep draining the logs so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, format!("http://{addr}"))
}

async fn kill_9_during_a_burst_loses_no_acknowledged_write(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let locks = Arc::new(Locks::load());
    let (mut child, url) = spawn(dir.path(), &database);
    let acked: Arc<Mutex<Vec<(String, i64)>>> = Arc::default();
    let mut tasks = Vec::new();
    for t in 0..4u8 {
        let (url, acked, locks) = (url.clone(), acked.clone(), locks.clone());
        tasks.push(tokio::spawn(async move {
            for i in 0..100u32 {
                let codename = format!("{}{i:02}", (b'A' + t) as char);
                let mut c = Client::new(&url);
                if c.register(&codename, "pw").await.is_err() {
                    return;
                }
                match c.publish(1, &locks.spring, &locks.spring_solution).await {
                    Ok(p) => acked.lock().expect("acked").push((codename, p.lock)),
                    Err(_) => return,
                }
            }
        }));
    }
    // Let the burst run, then kill the process outright.
    while acked.lock().expect("acked").len() < 20 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    for t in tasks {
        let _ = t.await;
    }
    let acked = acked.lock().expect("acked").clone();
    assert!(acked.len() >= 20);

    let (mut child, url) = spawn(dir.path(), &database);
    let mut c = Client::new(&url);
    c.register("CHK", "pw").await.expect("register");
    for (codename, lock) in &acked {
        let view = c.player(codename).await.expect("the player is there");
        assert_eq!(view.slots[0].lock.as_ref().map(|l| l.id), Some(*lock));
        assert_eq!(c.lock(*lock).await.expect("lock").text, locks.spring);
    }
    child.kill().expect("stop");
    let _ = child.wait();
    let storage = server::storage::Storage::open_database(
        &database,
        &dir.path().join("data"),
        server::storage::Durability::Normal,
    )
    .expect("open");
    assert_eq!(storage.check().expect("check"), Vec::<String>::new());
}

async fn many_players_declaring_at_once(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let locks = Locks::load();
    let owner = srv.player("OWN").await;
    let target = owner
        .publish(1, &locks.pivot, &locks.pivot_solution)
        .await
        .expect("publish");
    let mut players = Vec::new();
    for i in 0..12 {
        let p = srv.player(&format!("P{i:02}")).await;
        p.publish(1, &locks.spring, &locks.spring_solution)
            .await
            .expect("publish");
        players.push(p);
    }
    let mut tasks = Vec::new();
    for p in players {
        let solution = locks.pivot_solution.clone();
        tasks.push(tokio::spawn(async move {
            // Each declares twice at once: exactly one must win.
            let (a, b) = tokio::join!(
                p.declare(target.lock, 1, &solution),
                p.declare(target.lock, 1, &solution)
            );
            assert!(a.is_ok() != b.is_ok(), "exactly one declaration per lock");
        }));
    }
    for t in tasks {
        t.await.expect("task");
    }
    let lock = owner.lock(target.lock).await.expect("lock");
    assert_eq!(lock.notes.len(), 12);
    let scores = owner.scores().await.expect("scores");
    assert_eq!(scores.total, -36, "each solver accesses all of OWN's slots");
}

on_both!(
    kill_9_during_a_burst_loses_no_acknowledged_write,
    many_players_declaring_at_once,
);
