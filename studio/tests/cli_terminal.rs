//! The terminal client and the language server as the command line starts them: `lockwright
//! lsp` speaking the protocol on standard input and output, `term` without a terminal, and a
//! lesson played in tmux with the terminal restored after.

mod command;

use command::text;
use std::path::Path;
use std::process::Command;

/// `lockwright lsp` is the language server an editor starts: it answers `initialize` with its
/// capabilities on standard output, framed as the protocol frames messages, and ends with
/// exit code 0 after `shutdown` and `exit`.
#[test]
fn the_lsp_verb_speaks_the_language_server_protocol_on_standard_input_and_output() {
    use std::io::Write;
    let frame = |json: &str| format!("Content-Length: {}\r\n\r\n{json}", json.len());
    let input = [
        frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#),
        frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
        frame(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#),
        frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
    ]
    .concat();
    let dir = tempfile::tempdir().expect("dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .arg("lsp")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("ends");
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}\n{}", text(&out.stderr));
    assert!(said.starts_with("Content-Length: "), "{said}");
    assert!(
        said.contains(r#""id":1"#) && said.contains("documentFormattingProvider"),
        "the initialize answer names the server's capabilities: {said}"
    );
    assert!(said.contains(r#""id":2"#), "shutdown is answered: {said}");
}

#[test]
fn without_a_terminal_term_says_so_and_exits_2() {
    let dir = tempfile::tempdir().expect("dir");
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .arg("term")
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("needs a terminal") && err.contains("lockwright --help"),
        "{err}"
    );
}

#[test]
fn in_tmux_a_lesson_is_opened_with_its_moves_counted_and_the_terminal_restored() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed (scripts/setup installs it)");
        return;
    }
    let home = tempfile::tempdir().expect("home");
    let h = home.path();
    let tmux = Tmux {
        socket: format!("lockwright-term-{}", std::process::id()),
    };
    let program = format!(
        "env HOME={home} XDG_DATA_HOME={home}/data XDG_CONFIG_HOME={home}/config TERM=xterm-256color {bin} term; echo TERM-ENDED; sleep 30",
        home = h.display(),
        bin = env!("CARGO_BIN_EXE_lockwright"),
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "term",
        "-x",
        "80",
        "-y",
        "24",
        &program,
    ]);
    let pane = tmux.wait_for("Lesson  1: Clear the Bolthole");
    assert!(pane.contains("Lessons and puzzles"), "{pane}");
    tmux.run(&["send-keys", "-t", "term", "Enter"]);
    let pane = tmux.wait_for("Moves: 0");
    assert!(pane.contains("Lockwright · Clear the Bolthole"), "{pane}");
    assert!(pane.contains("  . . . @ %"), "the lock's grid: {pane}");
    // hSW, then wSW: the lesson's solution, by the studio's default keys.
    tmux.run(&["send-keys", "-t", "term", "z"]);
    let pane = tmux.wait_for("Moves: 1");
    assert!(pane.contains("Moves: 1"), "{pane}");
    tmux.run(&["send-keys", "-t", "term", "n"]);
    let pane = tmux.wait_for("Opened in 2 moves!");
    assert!(pane.contains("Opened in 2 moves!"), "{pane}");
    assert!(pane.contains("Moves: 2"), "{pane}");
    let progress = Path::new(h).join("data/lockwright/tutorial.toml");
    let kept = std::fs::read_to_string(&progress).unwrap_or_default();
    assert!(
        kept.contains("01-clear-the-bolthole"),
        "the studio's progress file counts the lesson: {kept}"
    );
    // Ctrl-C quits and the shell's screen comes back: the client's screen is gone.
    tmux.run(&["send-keys", "-t", "term", "C-c"]);
    let pane = tmux.wait_for("TERM-ENDED");
    assert!(pane.contains("TERM-ENDED"), "{pane}");
    assert!(
        !pane.contains("Moves: 2"),
        "the alternate screen is left: {pane}"
    );
}

// `lockwright term` as a user runs it: in a real terminal (tmux, 80×24), keys sent and the
// pane read back; and without a terminal, where it says so and exits 2.

/// A tmux server of the test's own (its own socket), killed when the test ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        text(&out.stdout)
    }

    fn pane(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "term"])
    }

    /// Waits until the pane shows `what`; the pane as it was when it did (or at the end).
    fn wait_for(&self, what: &str) -> String {
        // A bound on waiting, not a measure of speed: the client draws within milliseconds.
        let end = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let pane = self.pane();
            if pane.contains(what) || std::time::Instant::now() > end {
                return pane;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}
