//! The online verbs against the real server: started in this process on 127.0.0.1:0 (or as
//! `lockwright serve`), spoken to by the `lockwright` binary with its own config folder.

use serde_json::Value;
use server::server::Running;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A server running in this process, a home folder for the tokens and a working folder.
struct World {
    runtime: tokio::runtime::Runtime,
    running: Option<Running>,
    url: String,
    home: tempfile::TempDir,
    work: tempfile::TempDir,
    _data: tempfile::TempDir,
}

/// What a run of `lockwright` did.
struct Run {
    code: Option<i32>,
    out: String,
    err: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.out).unwrap_or_else(|e| panic!("{e}: {}", self.out))
    }

    #[track_caller]
    fn ok(self) -> Run {
        assert_eq!(
            self.code,
            Some(0),
            "stdout: {}\nstderr: {}",
            self.out,
            self.err
        );
        self
    }

    /// Exit 1 with the reason code in a plain message.
    #[track_caller]
    fn refused(self, code: &str) -> Run {
        assert_eq!(
            self.code,
            Some(1),
            "stdout: {}\nstderr: {}",
            self.out,
            self.err
        );
        assert!(
            self.err.contains(&format!("({code})")),
            "expected {code}: {}",
            self.err
        );
        assert!(!self.err.contains("panicked"), "{}", self.err);
        self
    }
}

fn template(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates/hexlock/starter")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

fn lockwright(home: &Path, work: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(args)
        .current_dir(work)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env_remove("LOCKWRIGHT_PASSWORD")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // Dropping the pipe closes standard input.
    if let (Some(mut pipe), Some(text)) = (child.stdin.take(), stdin) {
        pipe.write_all(text.as_bytes()).expect("stdin");
    }
    let out = child.wait_with_output().expect("finishes");
    Run {
        code: out.status.code(),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

impl World {
    fn start() -> World {
        let runtime = server::testing::runtime();
        let data = tempfile::tempdir().expect("dir");
        let config = server::testing::config(data.path());
        let running = runtime.block_on(Running::start(config)).expect("server");
        World {
            url: running.url(),
            running: Some(running),
            runtime,
            home: tempfile::tempdir().expect("dir"),
            work: tempfile::tempdir().expect("dir"),
            _data: data,
        }
    }

    /// Runs `lockwright ARGS --server URL`.
    fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, None)
    }

    fn run_with(&self, args: &[&str], stdin: Option<&str>) -> Run {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["--server", &self.url]);
        lockwright(self.home.path(), self.work.path(), &all, stdin)
    }

    fn tokens(&self) -> PathBuf {
        self.home.path().join(".config/lockwright/tokens.toml")
    }

    /// `who`'s score relative to `other`, from `scores --json`.
    fn score(&self, who: &str, other: &str) -> i64 {
        let scores = self.run(&["scores", "--json", "--as", who]).ok().json();
        scores["scores"]
            .as_array()
            .expect("scores")
            .iter()
            .find(|s| s["codename"] == other)
            .and_then(|s| s["score"].as_i64())
            .expect("listed")
    }
}

impl Drop for World {
    fn drop(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = self.runtime.block_on(r.stop());
        }
    }
}

#[test]
fn two_players_publish_get_declare_and_the_scores_move() {
    let w = World::start();
    w.run(&["register", "AAA", "--password", "sesame"]).ok();
    // The password from standard input, not a terminal here; it is never echoed.
    let r = w.run_with(&["register", "BBB"], Some("open-sesame\n")).ok();
    assert!(
        r.out.contains("BBB") && !r.out.contains("open-sesame"),
        "{}",
        r.out
    );

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(w.tokens())
            .expect("tokens file")
            .permissions()
            .mode();
        assert_eq!(
            mode & 0o777,
            0o600,
            "the tokens are readable only by their owner"
        );
    }
    let tokens = std::fs::read_to_string(w.tokens()).expect("tokens");
    assert!(tokens.contains(&w.url) && tokens.contains("AAA") && tokens.contains("BBB"));

    let published = w
        .run(&[
            "publish",
            &template("spring-pull.lock"),
            "--slot",
            "1",
            "--solution",
            &template("spring-pull.solution"),
            "--as",
            "AAA",
            "--json",
        ])
        .ok()
        .json();
    let lock = published["lock"].as_i64().expect("lock number");
    // BBB is the player who logged in last.
    w.run(&[
        "publish",
        &template("pivot-gate.lock"),
        "--slot",
        "2",
        "--solution",
        &template("pivot-gate.solution"),
    ])
    .ok();
    assert_eq!(w.score("BBB", "AAA"), 0);

    // Get the lock by its owner and slot, and by number.
    let got = w.run(&["get", "AAA:1", "-o", "theirs.lock"]).ok();
    assert!(got.out.contains("Spring Pull"), "{}", got.out);
    let saved = std::fs::read_to_string(w.work.path().join("theirs.lock")).expect("saved");
    let original = std::fs::read_to_string(template("spring-pull.lock")).expect("template");
    assert_eq!(saved, original);
    w.run(&["get", &lock.to_string()]).ok();
    assert!(w.work.path().join(format!("lock-{lock}.lock")).exists());
    w.run(&["get", &lock.to_string()])
        .code
        .filter(|&c| c != 0)
        .expect("an existing file is not replaced without --force");

    let note = w
        .run(&[
            "declare",
            "AAA:1",
            &template("spring-pull.solution"),
            "--behind",
            "2",
            "--json",
        ])
        .ok()
        .json();
    assert_eq!(note["on"]["id"].as_i64(), Some(lock));
    assert_eq!(note["behind"]["slot"].as_i64(), Some(2));
    // BBB accesses AAA's one lock, and so the two empty slots; AAA accesses nothing of BBB's.
    assert_eq!(w.score("BBB", "AAA"), 3);
    assert_eq!(w.score("AAA", "BBB"), -3);

    let players = w.run(&["players"]).ok();
    assert!(
        players.out.contains("AAA") && players.out.contains("+3"),
        "{}",
        players.out
    );
    let shown = w.run(&["show", "AAA", "--json"]).ok().json();
    assert_eq!(shown["score"].as_i64(), Some(3));
    assert_eq!(shown["slots"][0]["accessed"], true);
    let shown = w.run(&["show", "AAA"]).ok();
    assert!(shown.out.contains("by BBB"), "{}", shown.out);
    // Who accesses each slot: BBB every one of AAA's (the lock by declaring, the empty slots
    // by accessing every filled one).
    let shown = w.run(&["show", "AAA", "--json"]).ok().json();
    for slot in 0..3 {
        assert_eq!(
            shown["slots"][slot]["accessed_by"],
            serde_json::json!(["BBB"]),
            "slot {}",
            slot + 1
        );
    }
    let theirs = w.run(&["show", "BBB", "--json", "--as", "AAA"]).ok().json();
    assert_eq!(theirs["slots"][0]["accessed_by"], serde_json::json!([]));
    assert!(
        w.run(&["show", "AAA"])
            .ok()
            .out
            .contains("accessed by: BBB")
    );

    // The declarer reads their note; the lock's owner does not.
    let notes = w.run(&["notes", "--json"]).ok().json();
    assert_eq!(notes.as_array().map(Vec::len), Some(1));
    assert!(
        notes[0]["solution"]
            .as_str()
            .is_some_and(|s| s.contains("hCW"))
    );
    let theirs = w.run(&["notes", "--json", "--as", "AAA"]).ok().json();
    assert_eq!(theirs.as_array().map(Vec::len), Some(0));

    // Retiring BBB's lock makes the note behind it public: AAA reads it now.
    let retired = w.run(&["retire", "--slot", "2", "--json"]).ok().json();
    assert_eq!(retired["made_public"][0], note["id"]);
    let theirs = w.run(&["notes", "--json", "--as", "AAA"]).ok().json();
    assert_eq!(theirs.as_array().map(Vec::len), Some(1));

    // Logging in again, with the password from the environment, replaces the token.
    let before = std::fs::read_to_string(w.tokens()).expect("tokens");
    let mut args = vec!["login", "AAA", "--server", &w.url];
    args.push("--json");
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(&args)
        .current_dir(w.work.path())
        .env("HOME", w.home.path())
        .env("XDG_CONFIG_HOME", w.home.path().join(".config"))
        .env("LOCKWRIGHT_PASSWORD", "sesame")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = std::fs::read_to_string(w.tokens()).expect("tokens");
    assert_ne!(before, after);
    assert!(after.contains("current = \"AAA\""), "{after}");
}

/// `lockwright logout` revokes the token on the server, not only in the tokens file: a copy
/// of the file made before logging out opens nothing afterwards.
#[test]
fn logout_revokes_the_token_on_the_server_and_everywhere_revokes_every_login() {
    let w = World::start();
    w.run(&["register", "LOG", "--password", "pw"]).ok();
    let copy = std::fs::read_to_string(w.tokens()).expect("tokens");
    let out = w.run(&["logout"]).ok();
    assert!(out.out.contains("Logged LOG out"), "{}", out.out);
    assert!(
        !std::fs::read_to_string(w.tokens())
            .expect("tokens")
            .contains("LOG")
    );
    // The copied token is refused by the server.
    std::fs::write(w.tokens(), &copy).expect("restore the copy");
    let r = w.run(&["players"]);
    assert_eq!(r.code, Some(1), "{}", r.err);
    assert!(r.err.contains("unauthorized"), "{}", r.err);
    // Its logout now only forgets it here, and says so.
    let out = w.run(&["logout"]).ok();
    assert!(out.out.contains("had already ended"), "{}", out.out);

    // Two logins (two machines); --everywhere from one ends both.
    w.run(&["login", "LOG", "--password", "pw"]).ok();
    let first = std::fs::read_to_string(w.tokens()).expect("tokens");
    w.run(&["login", "LOG", "--password", "pw"]).ok();
    let out = w.run(&["logout", "--everywhere", "--json"]).ok().json();
    assert_eq!(out["revoked"], 2, "{out}");
    std::fs::write(w.tokens(), &first).expect("the other machine");
    let r = w.run(&["players"]);
    assert_eq!(r.code, Some(1), "{}", r.err);
    w.run(&["logout"]).ok();
    // Nobody left to log out.
    let r = w.run(&["logout", "--as", "LOG"]);
    assert_eq!(r.code, Some(1));
    assert!(r.err.contains("not logged in"), "{}", r.err);
}

#[test]
fn bad_inputs_exit_1_with_the_reason() {
    let w = World::start();
    let r = w.run(&["players"]);
    assert_eq!(r.code, Some(1));
    assert!(r.err.contains("not logged in"), "{}", r.err);

    w.run(&["register", "abc", "--password", "x"])
        .refused("bad-codename");
    w.run(&["register", "CCC", "--password", "pw"]).ok();
    w.run(&["register", "CCC", "--password", "pw"])
        .refused("codename-taken");
    // Regression: a wrong password also said "not logged in … run `lockwright login` first",
    // though CCC's login from `register` stands.
    let r = w
        .run(&["login", "CCC", "--password", "wrong"])
        .refused("bad-login");
    assert!(!r.err.contains("not logged in"), "{}", r.err);
    w.run(&["scores"]).ok();

    let (lock, solution) = (
        template("spring-pull.lock"),
        template("spring-pull.solution"),
    );
    w.run(&["publish", &lock, "--slot", "4", "--solution", &solution])
        .refused("bad-slot");
    // Another lock's solution is refused before anything is placed.
    w.run(&[
        "publish",
        &lock,
        "--slot",
        "1",
        "--solution",
        &template("pivot-gate.solution"),
    ])
    .refused("other-lock");

    // A malformed lock: the diagnostics are shown against the file, with its line.
    let broken = w.work.path().join("broken.lock");
    let text = std::fs::read_to_string(&lock)
        .expect("lock")
        .replace("size:", "sise:");
    std::fs::write(&broken, text).expect("write");
    let r = w
        .run(&[
            "publish",
            broken.to_str().expect("path"),
            "--slot",
            "1",
            "--solution",
            &solution,
        ])
        .refused("malformed-lock");
    assert!(r.err.contains("broken.lock:"), "{}", r.err);

    w.run(&["publish", &lock, "--slot", "1", "--solution", &solution])
        .ok();
    w.run(&["declare", "CCC:1", &solution, "--behind", "1"])
        .refused("own-lock");
    w.run(&["declare", "999", &solution, "--behind", "1"])
        .refused("unknown-lock");
    w.run(&["show", "ZZZ"]).refused("unknown-player");
    w.run(&["get", "CCC:3"]).refused("empty-slot");
    w.run(&["retire", "--slot", "2"]).refused("empty-slot");

    // A server that is not there: a port this test held and let go, so that nothing else
    // listening on a fixed port (port 1 was) can answer.
    let nobody = {
        let held = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        format!("http://{}", held.local_addr().expect("its address"))
    };
    let r = lockwright(
        w.home.path(),
        w.work.path(),
        &["register", "DDD", "--password", "pw", "--server", &nobody],
        None,
    );
    assert_eq!(r.code, Some(1), "{}", r.err);
    assert!(
        r.err.contains(&format!("cannot be reached at {nobody}")),
        "{}",
        r.err
    );
}

#[test]
fn the_settings_name_the_server_when_no_flag_does() {
    let w = World::start();
    w.run(&["register", "EEE", "--password", "pw"]).ok();
    let dir = w.home.path().join(".config/lockwright");
    std::fs::write(
        dir.join("settings.toml"),
        format!("server-url = \"{}\"\n", w.url),
    )
    .expect("settings");
    let r = lockwright(w.home.path(), w.work.path(), &["scores", "--json"], None).ok();
    assert_eq!(r.json()["me"], "EEE");
}

#[test]
fn serve_runs_the_server_and_stops_on_sigterm() {
    let home = tempfile::tempdir().expect("dir");
    let data = tempfile::tempdir().expect("dir");
    // A free port: bind one and let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port")
        .port();
    let bind = format!("127.0.0.1:{port}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(["serve", "--data"])
        .arg(data.path())
        .args(["--bind", &bind, "--rate-limit", "0"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve");
    let url = format!("http://{bind}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let registered = loop {
        let r = lockwright(
            home.path(),
            home.path(),
            &["register", "FFF", "--password", "pw", "--server", &url],
            None,
        );
        if r.code == Some(0) || std::time::Instant::now() > deadline {
            break r;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(stopped.success());
    let status = child.wait().expect("exits");
    assert_eq!(registered.code, Some(0), "{}", registered.err);
    assert!(status.success(), "a graceful stop: {status:?}");
    assert!(
        data.path().join(server::storage::FILE_NAME).exists(),
        "the game is in the data folder"
    );
}
