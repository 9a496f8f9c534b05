//! Starting the real server on 127.0.0.1:0 for tests, on SQLite or on a real PostgreSQL
//! ([`Backend`], [`pg`]), and the starter locks; [`smtp`], a mail sink.
#![allow(dead_code)]

pub mod pg;
pub mod smtp;

/// The database a test runs its server on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite in the test's data folder.
    Sqlite,
    /// A new database in the test binary's throwaway PostgreSQL cluster.
    Postgres,
}

impl Backend {
    /// The database setting for a new, empty database on this backend.
    pub fn database(self) -> server::storage::Database {
        match self {
            Backend::Sqlite => server::storage::Database::Sqlite,
            Backend::Postgres => server::storage::Database::Postgres(pg::database()),
        }
    }

    /// Flags that put the server binary on the same database as `database`.
    pub fn args(database: &server::storage::Database) -> Vec<String> {
        match database {
            server::storage::Database::Sqlite => Vec::new(),
            server::storage::Database::Postgres(url) => vec!["--database".into(), url.clone()],
        }
    }
}

/// Runs tests, each an `async fn(Backend)`, once on SQLite and once on PostgreSQL: for each,
/// two tests named `NAME::sqlite` and `NAME::postgres`, under `#[tokio::test]` or the test
/// attribute given first. The PostgreSQL one says so and passes when PostgreSQL's binaries are
/// absent (never in CI, see [`pg::skip`]).
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        $crate::on_both!(#[tokio::test] $($name),*);
    };
    (#[$test:meta] $($name:ident),* $(,)?) => {$(
        mod $name {
            #[$test]
            async fn sqlite() {
                super::$name($crate::support::Backend::Sqlite).await
            }
            #[$test]
            async fn postgres() {
                if let Some(why) = $crate::support::pg::skip() {
                    eprintln!("skipped on PostgreSQL: {why}");
                    return;
                }
                super::$name($crate::support::Backend::Postgres).await
            }
        }
    )*};
}

use server::client::{Client, ClientError};
use server::config::Config;
use server::server::Running;

/// A running server and its data folder.
pub struct Srv {
    pub running: Running,
    /// The database it runs on.
    pub database: server::storage::Database,
}

/// The rows of a query on a test's database (SQLite in the data folder `dir`, or
/// PostgreSQL), each value as text (`NULL` for a null): for tests that look inside.
pub fn rows(
    database: &server::storage::Database,
    dir: &std::path::Path,
    query: &str,
) -> Vec<Vec<String>> {
    match database {
        server::storage::Database::Sqlite => {
            let db = rusqlite::Connection::open(dir.join(server::storage::FILE_NAME))
                .expect("open the file");
            let mut q = db.prepare(query).expect("query");
            let columns = q.column_count();
            q.query_map([], |r| {
                Ok((0..columns)
                    .map(|i| match r.get_ref(i) {
                        Ok(rusqlite::types::ValueRef::Null) => "NULL".to_string(),
                        Ok(rusqlite::types::ValueRef::Integer(n)) => n.to_string(),
                        Ok(rusqlite::types::ValueRef::Real(x)) => x.to_string(),
                        Ok(rusqlite::types::ValueRef::Text(t)) => {
                            String::from_utf8_lossy(t).into_owned()
                        }
                        Ok(rusqlite::types::ValueRef::Blob(b)) => format!("{b:?}"),
                        Err(e) => panic!("{query}: {e}"),
                    })
                    .collect())
            })
            .expect("rows")
            .map(|r| r.expect("row"))
            .collect()
        }
        server::storage::Database::Postgres(url) => {
            pg::cluster().rows(url.rsplit('/').next().expect("database name"), query)
        }
    }
}

pub fn test_config(dir: &std::path::Path) -> Config {
    Config {
        // Every test client is 127.0.0.1: the per-client caps are tested on their own.
        connections_per_address: 100_000,
        streams_per_player: 100_000,
        streams_per_address: 100_000,
        publishes_per_hour: 1_000_000,
        open_challenges_per_player: 100_000,
        ..server::testing::config(dir)
    }
}

pub async fn start() -> (Srv, tempfile::TempDir) {
    start_on(Backend::Sqlite).await
}

/// The test configuration on a new, empty database of `backend`.
pub fn test_config_on(dir: &std::path::Path, backend: Backend) -> Config {
    Config {
        database: backend.database(),
        ..test_config(dir)
    }
}

/// A server on a new, empty database of `backend`.
pub async fn start_on(backend: Backend) -> (Srv, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    let config = test_config_on(dir.path(), backend);
    let database = config.database.clone();
    let running = Running::start(config).await.expect("start");
    (Srv { running, database }, dir)
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
