//! Starting the real server on 127.0.0.1:0 for tests, and the starter locks.
#![allow(dead_code)]

use server::client::{Client, ClientError};
use server::config::Config;
use server::server::Running;

/// A running server and its data folder.
pub struct Srv {
    pub running: Running,
}

pub fn test_config(dir: &std::path::Path) -> Config {
    Config {
        data: dir.to_path_buf(),
        bind: "127.0.0.1:0".parse().expect("addr"),
        rate_limit: 0.0,
        // Cheap hashing: the tests register many players on 2 cores.
        password_memory_kib: 64,
        ..Config::default()
    }
}

pub async fn start() -> (Srv, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    let running = Running::start(test_config(dir.path()))
        .await
        .expect("start");
    (Srv { running }, dir)
}

impl Srv {
    pub fn client(&self) -> Client {
        Client::new(&self.running.url())
    }

    pub async fn player(&self, codename: &str) -> Client {
        let mut c = self.client();
        c.register(codename, "pass-word").await.expect("register");
        c
    }

    /// `who`'s score relative to `other`.
    pub async fn score(&self, who: &Client, other: &str) -> i64 {
        let scores = who.scores().await.expect("scores");
        let from_list = scores
            .scores
            .iter()
            .find(|s| s.codename == other)
            .map(|s| s.score)
            .expect("listed");
        let view = who.player(other).await.expect("view");
        assert_eq!(view.score, from_list, "the two views agree");
        from_list
    }
}

/// The starter locks and their solutions.
pub struct Locks {
    pub spring: String,
    pub spring_solution: String,
    pub pivot: String,
    pub pivot_solution: String,
    pub ball: String,
    pub ball_solution: String,
}

fn read(name: &str) -> String {
    let path = format!(
        "{}/../templates/hexlock/starter/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).expect("starter file")
}

impl Locks {
    pub fn load() -> Locks {
        Locks {
            spring: read("spring-pull.lock"),
            spring_solution: read("spring-pull.solution"),
            pivot: read("pivot-gate.lock"),
            pivot_solution: read("pivot-gate.solution"),
            ball: read("ball-stop.lock"),
            ball_solution: read("ball-stop.solution"),
        }
    }
}

/// Asserts a refusal with a status and code.
#[track_caller]
pub fn assert_refused<T: std::fmt::Debug>(r: Result<T, ClientError>, status: u16, code: &str) {
    match r {
        Err(e) => {
            assert_eq!(e.status().map(|s| s.as_u16()), Some(status), "{e}");
            assert_eq!(e.code(), Some(code), "{e}");
        }
        Ok(v) => panic!("expected {status} {code}, got {v:?}"),
    }
}
