//! Starting the real server on 127.0.0.1:0 for tests, and the starter locks; [`smtp`], a
//! mail sink.
#![allow(dead_code)]

pub mod smtp;

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
        // Every test client is 127.0.0.1: the per-client caps are tested on their own.
        connections_per_address: 100_000,
        streams_per_player: 100_000,
        streams_per_address: 100_000,
        publishes_per_hour: 1_000_000,
        open_challenges_per_player: 100_000,
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

/// The server binary running as a child process, its address and its log lines so far.
pub struct Child {
    pub process: std::process::Child,
    pub url: String,
    pub logs: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Child {
    /// The log lines so far.
    pub fn logs(&self) -> Vec<String> {
        self.logs.lock().expect("logs").clone()
    }

    /// Its memory: (resident now, peak resident), in KiB, from /proc.
    pub fn memory_kib(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.process.id()))
            .expect("/proc status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Starts the server binary on 127.0.0.1:0 with a data folder in `dir`, `config` as its TOML
/// file (rate limiting off unless it says otherwise), extra arguments, and `shell` run before
/// it (e.g. `ulimit -f 512`); reads the address it logs, and keeps reading its logs.
pub fn spawn_binary(dir: &std::path::Path, config: &str, args: &[&str], shell: &str) -> Child {
    use std::io::{BufRead, BufReader};
    let file = dir.join("server.toml");
    // Every test client is 127.0.0.1: the per-client limits are off unless the test sets
    // them.
    let mut config = config.to_string();
    for (key, off) in [
        ("rate_limit", "0.0"),
        ("connections_per_address", "100000"),
        ("streams_per_player", "100000"),
        ("streams_per_address", "100000"),
        ("publishes_per_hour", "1000000"),
        ("open_challenges_per_player", "100000"),
    ] {
        if !config.contains(key) {
            config = format!("{key} = {off}\n{config}");
        }
    }
    std::fs::write(&file, config).expect("config");
    let mut command = std::process::Command::new("sh");
    command
        .arg("-c")
        .arg(format!("{shell}\nexec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("--data")
        .arg(dir.join("data"))
        .arg("--bind")
        .arg("127.0.0.1:0")
        .arg("--config")
        .arg(&file)
        .args(args)
        .env("RUST_LOG", "info")
        .env_remove("NO_COLOR")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut process = command.spawn().expect("spawn the server");
    let stderr = process.stderr.take().expect("stderr");
    let logs = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let (tx, rx) = std::sync::mpsc::channel();
    let kept = logs.clone();
    std::thread::spawn(move || {
        let mut sent = false;
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let plain = strip_colours(&line);
            if !sent && let Some(rest) = plain.split("addr=").nth(1) {
                let addr: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ':')
                    .collect();
                let _ = tx.send(addr);
                sent = true;
            }
            if !sent && line.contains("\"addr\":\"") {
                let addr = line
                    .split("\"addr\":\"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .unwrap_or_default()
                    .to_string();
                let _ = tx.send(addr);
                sent = true;
            }
            kept.lock().expect("logs").push(line);
        }
    });
    let addr = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("the server did not start: {:?}", logs.lock().expect("logs")));
    Child {
        process,
        url: format!("http://{addr}"),
        logs,
    }
}

/// A log line without its ANSI colour codes.
pub fn strip_colours(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Sends a raw request and returns the status and the body, for what the client cannot send.
pub async fn raw(
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, String, Option<String>) {
    let http = reqwest::Client::new();
    let mut rb = http.request(
        reqwest::Method::from_bytes(method.as_bytes()).expect("method"),
        url,
    );
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    if let Some(b) = body {
        rb = rb
            .header("content-type", "application/json")
            .body(b.to_string());
    }
    let r = rb.send().await.expect("send");
    let status = r.status().as_u16();
    let content_type = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    (status, r.text().await.expect("body"), content_type)
}
