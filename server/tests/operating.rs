//! The server as its operator sees it, through the binary: readiness when the disk fails,
//! the request log, JSON logs, backup and check, the configuration from every source, and
//! fatal errors said once.

mod support;

use server::client::Client;
use std::process::Command;
use std::time::Duration;
use support::{Locks, raw, spawn_binary};

fn binary() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lockwright-server"));
    c.env_remove("RUST_LOG").env_remove("NO_COLOR");
    for (k, _) in std::env::vars() {
        if k.starts_with("LOCKWRIGHT_") {
            c.env_remove(k);
        }
    }
    c
}

fn count(lines: &[String], text: &str) -> usize {
    lines.iter().filter(|l| l.contains(text)).count()
}

/// A disk that fills up while the server runs: the process may not grow a file beyond
/// 256 KiB (`ulimit -f`, which binds root as well as anyone, unlike file permissions).
#[tokio::test]
async fn a_full_disk_is_ready_503_health_ok_and_one_warning() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(dir.path(), "", &[], "trap '' XFSZ\nulimit -f 512");
    let url = child.url.clone();
    let mut c = Client::new(&url);
    c.register("DSK", "pw").await.expect("register");
    let (status, _, _) = raw("GET", &format!("{url}/api/v1/ready"), None, None).await;
    assert_eq!(status, 200, "ready before the disk fills");
    // Locks with a long comment fill the database until a write fails.
    let locks = Locks::load();
    let padding: String = (0..300).map(|i| format!("# padding line {i:04} ......................................................................\n")).collect();
    let big = format!("{padding}{}", locks.spring);
    // A failed write can be followed by a checkpoint that makes room in the log again, so
    // fill until the database file itself cannot grow: then readiness stays 503.
    let mut failures = 0;
    let mut ready = (0, String::new());
    for _ in 0..600 {
        let Err(failed) = c.publish(1, &big, &locks.spring_solution).await else {
            continue;
        };
        failures += 1;
        let status = failed.status().map(|s| s.as_u16());
        assert!(matches!(status, Some(500..=599)), "{failed}");
        // Liveness says the process runs, whatever the disk does.
        let (status, body, _) = raw("GET", &format!("{url}/api/v1/health"), None, None).await;
        assert_eq!((status, body.as_str()), (200, "ok"));
        // Readiness is probed (and its answer reused for a second) as a monitor would.
        for _ in 0..15 {
            let (status, body, _) = raw("GET", &format!("{url}/api/v1/ready"), None, None).await;
            ready = (status, body);
            if ready.0 == 503 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        if ready.0 == 503 {
            break;
        }
    }
    assert!(failures > 0, "a write fails once the disk is full");
    let (status, body) = ready;
    assert_eq!(status, 503, "{body}");
    let e: server::protocol::ErrorBody = serde_json::from_str(&body).expect("a JSON reason");
    assert!(e.message.contains("database"), "{body}");
    // Checkpoints fail every second; the log says so once.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let logs = child.logs();
    assert_eq!(count(&logs, "checkpoint failed"), 1, "{logs:#?}");
    // Room again: the log says it recovered, once, and the server is ready.
    let lifted = Command::new("prlimit")
        .arg(format!("--pid={}", child.process.id()))
        .arg("--fsize=unlimited")
        .status();
    if !lifted.is_ok_and(|s| s.success()) {
        eprintln!("prlimit is missing: recovery not checked");
        return;
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (status, body, _) = raw("GET", &format!("{url}/api/v1/ready"), None, None).await;
    assert_eq!(status, 200, "{body}");
    c.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("writes work again");
    let logs = child.logs();
    assert_eq!(count(&logs, "checkpoint failed"), 1, "{logs:#?}");
    assert_eq!(count(&logs, "checkpoint works again"), 1, "{logs:#?}");
}

#[tokio::test]
async fn one_log_line_per_request_without_colours_when_not_a_terminal() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(dir.path(), "", &[], "");
    let url = child.url.clone();
    raw("GET", &format!("{url}/api/v1/health"), None, None).await;
    raw("GET", &format!("{url}/api/v1/nowhere"), None, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = child.logs();
    let lines: Vec<&String> = logs.iter().filter(|l| l.contains("/api/v1/")).collect();
    assert_eq!(lines.len(), 2, "{logs:#?}");
    assert!(
        lines[0].contains("GET") && lines[0].contains("/api/v1/health") && lines[0].contains("200"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("404"), "{}", lines[1]);
    assert!(
        logs.iter().all(|l| !l.contains('\u{1b}')),
        "colours in a pipe: {logs:#?}"
    );
}

#[tokio::test]
async fn log_format_json_writes_one_object_per_line() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(dir.path(), "", &["--log-format", "json"], "");
    raw("GET", &format!("{}/api/v1/health", child.url), None, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = child.logs();
    let objects: Vec<serde_json::Value> = logs
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(
        objects.iter().any(|o| o["fields"]["status"] == 200
            && o["span"]["path"] == "/api/v1/health"
            && o["span"]["method"] == "GET"),
        "{logs:#?}"
    );
}

#[tokio::test]
async fn backup_copies_a_running_server_and_check_says_so() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(dir.path(), "", &[], "");
    let locks = Locks::load();
    let mut c = Client::new(&child.url);
    c.register("BAK", "pw").await.expect("register");
    c.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    let copy = dir.path().join("copy.sqlite3");
    let out = binary()
        .arg("backup")
        .arg(&copy)
        .arg("--data")
        .arg(dir.path().join("data"))
        .output()
        .expect("backup");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 players, 1 locks"));
    // The copy is a data folder's database: a server started on it has the player.
    let restored = dir.path().join("restored");
    std::fs::create_dir_all(&restored).expect("dir");
    std::fs::copy(&copy, restored.join(server::storage::FILE_NAME)).expect("copy");
    let check = binary()
        .arg("check")
        .arg("--data")
        .arg(&restored)
        .output()
        .expect("check");
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(String::from_utf8_lossy(&check.stdout).contains("consistent"));
    // A backup never overwrites by accident; a missing database is exit 2.
    let again = binary()
        .args(["backup"])
        .arg(&copy)
        .arg("--data")
        .arg(dir.path().join("data"))
        .output()
        .expect("backup");
    assert!(!again.status.success());
    let missing = binary()
        .arg("check")
        .arg("--data")
        .arg(dir.path().join("nowhere"))
        .output()
        .expect("check");
    assert_eq!(missing.status.code(), Some(2));
    // A corrupt database is exit 1 with the problems.
    let broken = dir.path().join("broken");
    std::fs::create_dir_all(&broken).expect("dir");
    let mut bytes = std::fs::read(&copy).expect("read");
    let page = 4096;
    for b in bytes.iter_mut().skip(page + 16).take(page - 32) {
        *b = 0x5a;
    }
    std::fs::write(broken.join(server::storage::FILE_NAME), bytes).expect("write");
    let bad = binary()
        .arg("check")
        .arg("--data")
        .arg(&broken)
        .output()
        .expect("check");
    assert_ne!(
        bad.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&bad.stdout)
    );
}

#[tokio::test]
async fn every_key_comes_from_the_file_the_environment_or_a_flag() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("server.toml");
    std::fs::write(
        &file,
        "idle_timeout = \"90s\"\nrate_burst = 7.0\ntokens_per_player = 4\n",
    )
    .expect("config");
    let out = binary()
        .arg("config")
        .arg("--config")
        .arg(&file)
        .arg("--tokens-per-player")
        .arg("3")
        .env("LOCKWRIGHT_RATE_BURST", "9")
        .env("LOCKWRIGHT_HEADER_TIMEOUT", "4s")
        .env("LOCKWRIGHT_LOG_FORMAT", "json")
        .output()
        .expect("config");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let c: toml::Table = text.parse().expect("TOML");
    assert_eq!(c["idle_timeout"].as_str(), Some("90s"), "from the file");
    assert_eq!(
        c["rate_burst"].as_float(),
        Some(9.0),
        "the environment over the file"
    );
    assert_eq!(
        c["tokens_per_player"].as_integer(),
        Some(3),
        "a flag over the file"
    );
    assert_eq!(
        c["header_timeout"].as_str(),
        Some("4s"),
        "from the environment"
    );
    assert_eq!(c["log_format"].as_str(), Some("json"));
}

#[tokio::test]
async fn an_address_in_use_is_named_and_said_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = taken.local_addr().expect("addr");
    let dir = tempfile::tempdir().expect("dir");
    let out = binary()
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--bind")
        .arg(addr.to_string())
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&addr.to_string()),
        "the address is named: {err}"
    );
    assert_eq!(err.matches("Address already in use").count(), 1, "{err}");
}

/// Regression: two servers could open one data folder and silently diverge (a token issued
/// by one was unknown to the other). The second now refuses to start and names the first.
#[tokio::test]
async fn a_second_server_on_one_data_folder_refuses_to_start_and_names_the_first() {
    let dir = tempfile::tempdir().expect("dir");
    let first = spawn_binary(dir.path(), "", &[], "");
    let out = binary()
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--bind")
        .arg("127.0.0.1:0")
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    let first_addr = first.url.trim_start_matches("http://");
    assert!(
        err.contains("another server is already running") && err.contains(first_addr),
        "the running server is named: {err}"
    );
    assert!(
        err.contains(&first.process.id().to_string()),
        "by its process: {err}"
    );
    // The first is untouched, and once it has gone the folder is free again.
    raw("GET", &format!("{}/api/v1/health", first.url), None, None).await;
    drop(first);
    let again = spawn_binary(dir.path(), "", &[], "");
    let (status, _, _) = raw("GET", &format!("{}/api/v1/health", again.url), None, None).await;
    assert_eq!(status, 200);
}

/// Each request's log line names its id, its client's address and, once known, its player.
#[tokio::test]
async fn request_logs_carry_an_id_the_client_address_and_the_player() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(
        dir.path(),
        "trusted_proxies = [\"127.0.0.1\"]\n",
        &["--log-format", "json"],
        "",
    );
    let mut c = Client::new(&child.url);
    c.register("LOG", "pw").await.expect("register");
    let r = reqwest::Client::new()
        .get(format!("{}/api/v1/me", child.url))
        .bearer_auth(c.token().expect("token"))
        .header("x-forwarded-for", "198.51.100.23")
        .send()
        .await
        .expect("send");
    assert_eq!(r.status(), 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = child.logs();
    let objects: Vec<serde_json::Value> = logs
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let me = objects
        .iter()
        .find(|o| o["span"]["path"] == "/api/v1/me" && o["fields"]["status"] == 200)
        .unwrap_or_else(|| panic!("{logs:#?}"));
    assert_eq!(me["span"]["client"], "198.51.100.23", "{me}");
    assert_eq!(me["span"]["player"], "LOG", "{me}");
    let ids: Vec<u64> = objects
        .iter()
        .filter(|o| o["fields"]["status"].is_number())
        .filter_map(|o| o["span"]["id"].as_u64())
        .collect();
    assert!(
        ids.len() >= 2 && ids.windows(2).all(|w| w[0] < w[1]),
        "{ids:?}"
    );
}

/// Backups on a schedule keep the newest few, and one restores into a server that has its
/// players back; a restore is refused while a server runs, and keeps what it replaces.
#[tokio::test]
async fn scheduled_backups_keep_the_newest_and_one_restores() {
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_binary(
        dir.path(),
        "password_memory_kib = 64\nbackup_every = \"200ms\"\nbackup_keep = 2\n",
        &[],
        "",
    );
    let mut c = Client::new(&child.url);
    c.register("BAK", "pw").await.expect("register");
    let folder = dir.path().join("data").join("backups");
    let mut made = 0;
    for _ in 0..200 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        made = count(&child.logs(), "backed up");
        if made >= 4 {
            break;
        }
    }
    assert!(made >= 4, "{:#?}", child.logs());
    let kept = server::backups::listed(&folder);
    assert_eq!(kept.len(), 2, "the newest two are kept: {kept:?}");
    let newest = kept.last().expect("a backup").clone();
    // Refused while the server runs on the folder.
    let data = dir.path().join("data");
    let out = binary()
        .arg("restore")
        .arg(&newest)
        .arg("--data")
        .arg(&data)
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already running"));
    drop(child);
    // Into the same folder once stopped: the replaced database is kept.
    let out = binary()
        .arg("restore")
        .arg(&newest)
        .arg("--data")
        .arg(&data)
        .output()
        .expect("run");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("before-restore"), "{said}");
    // A file that is not a database is refused, and the folder is untouched.
    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(&junk, "not a database").expect("write");
    let out = binary()
        .arg("restore")
        .arg(&junk)
        .arg("--data")
        .arg(&data)
        .output()
        .expect("run");
    assert!(!out.status.success());
    let again = spawn_binary(dir.path(), "password_memory_kib = 64\n", &[], "");
    let mut c = Client::new(&again.url);
    c.login("BAK", "pw")
        .await
        .expect("the restored player logs in");
}
