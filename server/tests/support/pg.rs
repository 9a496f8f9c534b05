//! A real, throwaway PostgreSQL for the tests: one cluster per test binary, started on first
//! use from the system's binaries (`initdb` and `pg_ctl`, Debian's `/usr/lib/postgresql/*/bin`)
//! in a temporary folder, on 127.0.0.1 with a free port and its socket in that folder; one
//! database per test inside it (`CREATE DATABASE` takes a moment, a cluster seconds).
//!
//! PostgreSQL refuses to run as root, and CI runs as root: then its binaries run as the
//! package's `postgres` user through `runuser`, in a folder handed to that user.
//!
//! A cluster kept for the whole test binary is never dropped (statics are not), so a watchdog
//! process started with it stops it and removes its folder once the test binary has exited,
//! however it exits.
//!
//! Where the binaries are absent, [`skip`] says why and the PostgreSQL half of a test is
//! skipped, saying so; under CI (`CI` set) their absence fails the test instead, as CI always
//! installs them.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// A running cluster.
pub struct Cluster {
    /// Where it listens on 127.0.0.1.
    pub port: u16,
    /// Its folder: the data, its log and its socket.
    pub folder: PathBuf,
}

/// The folder of PostgreSQL's server binaries, the newest installed version's.
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// Why PostgreSQL's half of the tests cannot run here, if it cannot.
pub fn skip() -> Option<String> {
    let why = match bin_dir() {
        None => "PostgreSQL's binaries (initdb, pg_ctl) are not in /usr/lib/postgresql/*/bin \
                 (Debian's `postgresql` package; scripts/setup installs it)"
            .to_string(),
        Some(_) if is_root() && user_ids("postgres").is_none() => {
            "running as root, and there is no `postgres` user to run PostgreSQL as".to_string()
        }
        Some(_) => return None,
    };
    if std::env::var_os("CI").is_some() {
        panic!("PostgreSQL is required in CI: {why}");
    }
    Some(why)
}

fn is_root() -> bool {
    // The owner of /proc/self is this process's effective user.
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A user's uid and gid, from `id`.
fn user_ids(user: &str) -> Option<(u32, u32)> {
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").arg(flag).arg(user).output().ok()?;
        if !out.status.success() {
            return None;
        }
        String::from_utf8(out.stdout).ok()?.trim().parse().ok()
    };
    Some((id("-u")?, id("-g")?))
}

/// A command for one of PostgreSQL's binaries: as the `postgres` user when root.
fn pg_command(bin: &Path, name: &str) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(name));
        c
    } else {
        Command::new(bin.join(name))
    }
}

fn run(mut c: Command, what: &str, log: Option<&Path>) {
    let out = c
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    if !out.status.success() {
        let server_log = log
            .and_then(|l| std::fs::read_to_string(l).ok())
            .unwrap_or_default();
        panic!(
            "{what} failed: {}\n{}\n{}\n{server_log}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Cluster {
    /// The tests' cluster: nothing is flushed to disk (a test's database is thrown away).
    fn start() -> Cluster {
        Cluster::start_with("-c fsync=off")
    }

    /// A cluster started with `settings` (`-c name=value`…) besides its address and socket.
    pub fn start_with(settings: &str) -> Cluster {
        let bin = bin_dir().expect("checked by skip()");
        let folder = tempfile::Builder::new()
            .prefix("lockwright-pg-")
            .tempdir()
            .expect("temporary folder")
            .keep();
        if is_root() {
            let (uid, gid) = user_ids("postgres").expect("checked by skip()");
            std::os::unix::fs::chown(&folder, Some(uid), Some(gid)).expect("chown to postgres");
        }
        let data = folder.join("data");
        let log = folder.join("log");
        let mut initdb = pg_command(&bin, "initdb");
        initdb
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"])
            .arg("--locale=C");
        run(initdb, "initdb", None);
        // A port found free may be taken before the server binds it: try a few.
        for attempt in 0..5 {
            let port = free_port();
            let mut pg_ctl = pg_command(&bin, "pg_ctl");
            pg_ctl
                .arg("-D")
                .arg(&data)
                .arg("-l")
                .arg(&log)
                .arg("-o")
                .arg(format!(
                    "-p {port} -k {} -c listen_addresses=127.0.0.1 {settings}",
                    folder.display()
                ))
                .args(["-w", "start"]);
            let out = pg_ctl.output().expect("run pg_ctl");
            if out.status.success() {
                watch(&bin, &folder, &data);
                return Cluster { port, folder };
            }
            if attempt == 4 {
                panic!(
                    "pg_ctl start failed: {}\n{}",
                    String::from_utf8_lossy(&out.stderr),
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            }
        }
        unreachable!("the loop returns or panics")
    }

    /// A new, empty database in the cluster; its URL.
    pub fn database(&self) -> String {
        static N: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "lw_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        self.sql("postgres", &format!("CREATE DATABASE {name}"));
        self.url(&name)
    }

    /// The URL of a database in the cluster.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs statements on a database of the cluster, on a thread of its own (any test's
    /// runtime may call it).
    pub fn sql(&self, database: &str, statements: &str) {
        let url = self.url(database);
        let statements = statements.to_string();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
                    .await
                    .expect("connect to the test cluster");
                let driver = tokio::spawn(connection);
                client
                    .batch_execute(&statements)
                    .await
                    .unwrap_or_else(|e| panic!("{statements}: {e:?}"));
                drop(client);
                let _ = driver.await;
            })
        })
        .join()
        .expect("statements ran");
    }

    /// The rows of a query on a database of the cluster, each value as text (`NULL` for a
    /// null), on a thread of its own.
    pub fn rows(&self, database: &str, query: &str) -> Vec<Vec<String>> {
        let url = self.url(database);
        let query = query.to_string();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
                    .await
                    .expect("connect to the test cluster");
                let driver = tokio::spawn(connection);
                let messages = client
                    .simple_query(&query)
                    .await
                    .unwrap_or_else(|e| panic!("{query}: {e:?}"));
                drop(client);
                let _ = driver.await;
                messages
                    .into_iter()
                    .filter_map(|m| match m {
                        tokio_postgres::SimpleQueryMessage::Row(r) => Some(
                            (0..r.len())
                                .map(|i| r.get(i).unwrap_or("NULL").to_string())
                                .collect(),
                        ),
                        _ => None,
                    })
                    .collect()
            })
        })
        .join()
        .expect("query ran")
    }
}

/// Starts a watchdog that stops the cluster and removes its folder when this test binary
/// exits.
// Never waited for: it must outlive this process, and is reaped by whoever adopts it.
#[allow(clippy::zombie_processes)]
fn watch(bin: &Path, folder: &Path, data: &Path) {
    let pg_ctl = bin.join("pg_ctl");
    let as_user = if is_root() {
        "runuser -u postgres -- "
    } else {
        ""
    };
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 0.2; done; \
         {as_user}'{pg_ctl}' -D '{data}' -m immediate stop >/dev/null 2>&1; rm -rf '{folder}'",
        pid = std::process::id(),
        pg_ctl = pg_ctl.display(),
        data = data.display(),
        folder = folder.display(),
    );
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start the cluster's watchdog");
}

/// The test binary's cluster, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(Cluster::start)
}

/// A new database in the test binary's cluster: its URL.
pub fn database() -> String {
    cluster().database()
}
