//! The command line as a process: what it loads and links at start, the studio's program it
//! hands the window to, and what it says when there is no display to open one on.

mod command;

use command::{lockwright, text};
use std::path::Path;
use std::process::Command;

#[test]
fn no_arguments_without_a_display_says_so_and_exits_1() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&[], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("needs a display") && err.contains("lockwright --help"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one plain sentence: {err}");
}

/// The libraries a run of `lockwright` loads, as the system's dynamic loader lists them
/// (`LD_DEBUG=files`: those it links and those opened later alike).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn libraries_loaded_by(args: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("dir");
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(args)
        .current_dir(dir.path())
        .env("LD_DEBUG", "files")
        .output()
        .expect("runs");
    let mut libraries: Vec<String> = text(&out.stderr)
        .lines()
        .filter_map(|l| l.split_once("file=").map(|(_, rest)| rest.to_string()))
        .filter_map(|rest| rest.split_whitespace().next().map(str::to_string))
        .collect();
    libraries.sort();
    libraries.dedup();
    libraries
}

/// Regression: every run of `lockwright`, even `--version`, loaded the windowing system's
/// libraries (X11 and XCB, through a static initialiser of a library the window links), most
/// of a small verb's time. The command line now never loads them; the studio is a program of
/// its own (`lockwright-studio`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_command_line_never_loads_the_windowing_system() {
    let lock =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter/ball-stop.lock");
    let lock = lock.to_str().expect("a UTF-8 path");
    for args in [
        &["--version"][..],
        &["check", lock],
        &["solve", "--json", lock],
        &["lsp"],
        &["term"],
    ] {
        let loaded = libraries_loaded_by(args);
        assert!(
            loaded.iter().any(|l| l.contains("libc.so")),
            "the loader's list is read ({args:?}): {loaded:?}"
        );
        let windowing: Vec<&String> = loaded
            .iter()
            .filter(|l| {
                [
                    "libX11",
                    "libxcb",
                    "libwayland",
                    "libEGL",
                    "libGL",
                    "libvulkan",
                    "libxkbcommon",
                ]
                .iter()
                .any(|w| l.contains(w))
            })
            .collect();
        assert!(
            windowing.is_empty(),
            "lockwright {args:?} loaded {windowing:?}"
        );
    }
}

/// The command-line program links no server: the connected verbs are handed over to
/// `lockwright-connected`, so that the loader does not relocate the server, its HTTP stack and
/// its databases at every start. SQLite's header string is in every program that links it.
#[test]
fn the_command_line_links_no_server_and_hands_the_connected_verbs_over() {
    let sqlite = b"SQLite format 3";
    let links = |program: &str| {
        let bytes = std::fs::read(program).expect("the program is built");
        bytes.windows(sqlite.len()).any(|w| w == sqlite)
    };
    assert!(!links(env!("CARGO_BIN_EXE_lockwright")));
    assert!(links(env!("CARGO_BIN_EXE_lockwright-connected")));
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(["serve", "--help"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--database"));
}

/// The command line finds the studio's program beside it; where it is missing, opening the
/// studio says what to build, and the verbs still work.
#[test]
fn without_the_studio_program_beside_it_the_command_line_says_what_to_build() {
    let dir = tempfile::tempdir().expect("dir");
    let alone = dir.path().join("lockwright");
    let program = env!("CARGO_BIN_EXE_lockwright");
    std::fs::hard_link(program, &alone)
        .or_else(|_| std::fs::copy(program, &alone).map(drop))
        .expect("the program, alone in a folder");
    let out = Command::new(&alone)
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("lockwright-studio")
            && err.contains("cargo build --release -p lockwright-studio"),
        "{err}"
    );
    let out = Command::new(&alone)
        .arg("--version")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Regression: a display named in the environment that cannot be reached (a stale `DISPLAY`
/// over ssh, a display server that has stopped) made the windowing library panic, with a
/// backtrace, instead of saying so.
#[test]
fn a_display_that_cannot_be_reached_is_said_plainly_and_exits_1() {
    let dir = tempfile::tempdir().expect("dir");
    let home = tempfile::tempdir().expect("home");
    let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .arg("studio")
        .arg(dir.path())
        .current_dir(dir.path())
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("DISPLAY", ":9917")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("runs");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("could not open a window on the display :9917")
            && err.contains("lockwright --help"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one plain sentence: {err}");
}
