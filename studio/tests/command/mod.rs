//! Running the command line as a user runs it, for the command-line tests of every family: no
//! display in its environment, so that no verb can open a window.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `lockwright ARGS` run in `dir`, to its end.
pub fn lockwright(args: &[&str], dir: &Path) -> Output {
    command(args, dir).output().expect("runs")
}

/// The command `lockwright ARGS` in `dir`, with no display.
pub fn command(args: &[&str], dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lockwright"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    command
}

/// Runs the command line and kills it if it has not finished within ten seconds, so that a
/// command that blocks fails its test instead of hanging it.
pub fn lockwright_within_seconds(args: &[&str], dir: &Path) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = command(args, dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("lockwright {args:?} was still running after ten seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Output as text, whatever its bytes.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Standard output read as JSON; a test fails with both streams when it is not.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&out.stdout), text(&out.stderr)))
}

/// A hex lock template of the repository, e.g. `starter/spring-pull.lock`.
pub fn template(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates/hexlock")
        .join(path)
}

/// `lockwright ARGS` run in `dir` with `input` on its standard input, to its end.
pub fn lockwright_with_stdin(args: &[&str], dir: &Path, input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command(args, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // Dropping the pipe closes standard input. A verb that refuses before reading closes
    // its end first, so a failed write is no failure of the test.
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(input);
    }
    child.wait_with_output().expect("output")
}
