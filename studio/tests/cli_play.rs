//! `lockwright play`, `verify` and `solve` on hex locks, run as a user runs them: each state
//! printed, the last one alone, blockages and the trace, JSON a turn, solution files and bare
//! move lists, and which argument is the puzzle and which the solution.

mod command;

use command::{lockwright, template, text};
use std::path::Path;

#[test]
fn play_prints_each_state_and_says_when_the_lock_opens() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let out = lockwright(
        &["play", lock.to_str().expect("path"), ".", "hW"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("# turn 1: .\n") && s.contains("# turn 2: hW — the lock is open"),
        "{s}"
    );
    assert_eq!(s.matches("lockwright-lock 1").count(), 2);
}

#[test]
fn play_final_prints_only_the_last_state_and_it_parses() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/spring-pull.lock");
    let out = lockwright(
        &["play", "--final", lock.to_str().expect("path"), "hCW"],
        dir.path(),
    );
    let s = text(&out.stdout);
    assert_eq!(s.matches("lockwright-lock 1").count(), 1);
    let parsed = lockfmt::hexlock::parse(&s);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    assert!(parsed.valid_lock().expect("lock").is_open());
}

#[test]
fn play_shows_blockages_and_the_trace() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let out = lockwright(
        &[
            "play",
            "--trace",
            "--annotations",
            "all",
            lock.to_str().expect("path"),
            ".",
        ],
        dir.path(),
    );
    let s = text(&out.stdout);
    assert!(
        s.contains("# resolution") && s.contains("spring phase:"),
        "{s}"
    );
    assert!(s.contains("resisted: push E on the hook"), "{s}");
    assert!(s.contains("blocked (orange)"), "{s}");
}

#[test]
fn play_json_has_one_entry_per_turn() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/ball-stop.lock");
    let out = lockwright(
        &[
            "play",
            "--json",
            "--trace",
            lock.to_str().expect("path"),
            ".",
            "hNW",
        ],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v.as_array().map(Vec::len), Some(2));
    assert_eq!(v[1]["move"], "hNW");
    assert_eq!(v[1]["open"], true);
    assert!(v[0]["trace"]["phases"].is_array());
}

#[test]
fn play_names_the_position_of_an_unknown_move() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/ball-stop.lock");
    let out = lockwright(
        &["play", lock.to_str().expect("path"), "hE", "wNE", "jump"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("move 3 `jump` is not a move"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_reads_a_solution_file() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/ball-stop.lock");
    let solution = template("starter/ball-stop.solution");
    let out = lockwright(
        &[
            "play",
            "--final",
            lock.to_str().expect("path"),
            "--solution",
            solution.to_str().expect("path"),
        ],
        dir.path(),
    );
    assert!(
        text(&out.stdout).contains("the lock is open"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn solve_finds_a_solution_that_verify_accepts() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let lock = lock.to_str().expect("path");
    let out = lockwright(
        &["solve", lock, "--write-solution", "found.solution"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("hW"), "{}", text(&out.stdout));
    assert_eq!(
        lockwright(&["verify", lock, "found.solution"], dir.path())
            .status
            .code(),
        Some(0)
    );
    // Without a solution named, the one saved beside the lock.
    std::fs::copy(lock, dir.path().join("gate.lock")).expect("copy");
    std::fs::rename(
        dir.path().join("found.solution"),
        dir.path().join("gate.solution"),
    )
    .expect("rename");
    let out = lockwright(&["verify", "gate.lock"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn verify_exits_1_when_the_moves_do_not_open_the_lock() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("wait.solution"), ". . .\n").expect("write");
    let lock = template("starter/pivot-gate.lock");
    let out = lockwright(
        &["verify", lock.to_str().expect("path"), "wait.solution"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let solution = template("starter/pivot-gate.solution");
    let out = lockwright(
        &[
            "verify",
            lock.to_str().expect("path"),
            solution.to_str().expect("path"),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Regression: `solve --json` showed Rust's insides (`{"Hook":"W"}`, `{"secs":…,"nanos":…}`).
#[test]
fn solve_json_speaks_the_move_notation_and_plain_numbers() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let out = lockwright(
        &["solve", lock.to_str().expect("path"), "--json", "--analyse"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let raw = text(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(&raw).expect("json");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], "hW");
    assert_eq!(v["moves"], 1);
    assert!(v["stats"]["seconds"].is_f64(), "{raw}");
    assert!(v["analysis"]["reachable"].is_u64(), "{raw}");
    for inside in ["Hook", "nanos", "secs", "Solved"] {
        assert!(!raw.contains(inside), "`{inside}` in {raw}");
    }
}

/// A lock given as the solution was read as moves, with an error on every line ("`name:` is
/// not a move" …), and a solution given first was said to be "no puzzle file".
#[test]
fn verify_and_play_say_which_argument_is_the_puzzle_and_which_the_solution() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let lock = lock.to_str().expect("path");
    let solution = template("starter/pivot-gate.solution");
    let solution = solution.to_str().expect("path");
    let out = lockwright(&["verify", lock, lock], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("pivot-gate.lock is a hex lock, not a solution"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "one sentence: {said}");
    let out = lockwright(&["verify", solution, lock], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(said.contains("the puzzle comes first"), "{said}");
    // A lock under another name is a lock still.
    std::fs::copy(lock, dir.path().join("gate.txt")).expect("copy");
    let out = lockwright(&["verify", lock, "gate.txt"], dir.path());
    assert!(text(&out.stderr).contains("gate.txt is a hex lock, not a solution"));
    // So for a sliding lock's solution: it was read as moves, an error a line.
    let slide =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/sliding/seed-example.slide");
    let out = lockwright(
        &["verify", slide.to_str().expect("path"), "gate.txt"],
        dir.path(),
    );
    assert!(text(&out.stderr).contains("gate.txt is a hex lock, not a solution"));
    let out = lockwright(&["verify", lock, solution], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // `play` likewise: a solution file among the moves was "move 1 … is not a move".
    let out = lockwright(&["play", lock, solution], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("pivot-gate.solution` is a file, not a move: `--solution"),
        "{said}"
    );
    let out = lockwright(
        &["play", lock, "--solution", solution, "--final"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The lock given where its solution is read, by a flag.
    for args in [
        &["play", lock, "--solution", lock][..],
        &["solve", lock, "--analyse", "--author", lock],
    ] {
        let out = lockwright(args, dir.path());
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let said = text(&out.stderr);
        assert!(
            said.contains("is a hex lock, not a solution"),
            "{args:?}: {said}"
        );
        assert_eq!(said.lines().count(), 1, "one sentence: {said}");
    }
}

/// Regression: a bare move list, which the docs allow, was refused as "another lock's".
#[test]
fn verify_and_solve_author_take_a_bare_move_list() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("moves.txt"), ". hW\n").expect("write");
    let lock = template("starter/pivot-gate.lock");
    let lock = lock.to_str().expect("path");
    let out = lockwright(&["verify", lock, "moves.txt"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(
        &["solve", lock, "--analyse", "--author", "moves.txt"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("author's solution: opens the lock after 2 moves"),
        "{}",
        text(&out.stdout)
    );
}
