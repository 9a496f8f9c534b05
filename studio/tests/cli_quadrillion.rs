//! The command line on Quadrillion boards (`.quad`): every verb chooses by the file's extension.

mod command;

use command::{json, lockwright, text};
use std::path::PathBuf;

fn template(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../templates/quadrillion")
        .join(name)
}

#[test]
fn new_makes_the_default_board_which_counts_10162_solutions() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&["new", "Start", "--kind", "quadrillion"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["check", "Start.quad"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["solve", "Start.quad", "--json", "--count"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solutions"], 10_162);
    assert_eq!(v["unique"], false);
    assert_eq!(v["title"], "Start");
    let out = lockwright(
        &["new", "X", "--kind", "quadrillion", "--size", "4"],
        dir.path(),
    );
    assert_ne!(out.status.code(), Some(0), "a board has no --size");
}

#[test]
fn solve_prints_one_object_with_the_solution_drawn() {
    let dir = tempfile::tempdir().expect("dir");
    let file = template("challenge-49.quad");
    let out = lockwright(&["solve", file.to_str().unwrap(), "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "solved");
    let rows: Vec<String> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    // The seed's own solution of its game 49.
    assert_eq!(
        rows,
        [
            "x//x99UUULLLLbbb",
            "//999FUTULCxxZbb",
            "/22<FFxTTTCx1ZZZ",
            "22<<xFFTCCC1111Z"
        ]
    );
    assert_eq!(v["placements"].as_array().unwrap().len(), 11);
    assert!(v.get("solutions").is_none(), "only with --count");
    let out = lockwright(
        &["solve", file.to_str().unwrap(), "--json", "--count"],
        dir.path(),
    );
    let v = json(&out);
    assert_eq!(
        (v["solutions"].as_u64(), v["unique"].as_bool()),
        (Some(1), Some(true))
    );
}

#[test]
fn solve_says_none_stopped_and_unreadable_with_their_exit_codes() {
    let dir = tempfile::tempdir().expect("dir");
    // The corner tromino cuts off the dot at row 0, column 0 (grid 1's closed dot is beside it).
    let none = "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white at 4 4\n\nshape < at 1 0\n";
    std::fs::write(dir.path().join("none.quad"), none).unwrap();
    let out = lockwright(&["solve", "none.quad", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(json(&out)["status"], "none");
    let out = lockwright(
        &[
            "solve",
            template("default.quad").to_str().unwrap(),
            "--json",
            "--count",
            "--max-nodes",
            "1000",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(json(&out)["status"], "stopped");
    std::fs::write(dir.path().join("bin.quad"), b"\xff\xfe").unwrap();
    let out = lockwright(&["solve", "bin.quad"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let out = lockwright(&["solve", "missing.quad"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn check_and_fmt_name_a_bad_line_and_leave_the_file_alone() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white turn 7 at 4 4\n";
    std::fs::write(dir.path().join("bad.quad"), bad).unwrap();
    let out = lockwright(&["check", "bad.quad"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("bad.quad:4:19:"),
        "{}",
        text(&out.stderr)
    );
    let out = lockwright(&["fmt", "bad.quad"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.quad")).unwrap(),
        bad
    );
    let messy = "grid 4 white at 4 4 # last\ngrid 3 white at 4 0\ngrid 2 white at 0 4\ngrid 1 white at 0 0\n";
    std::fs::write(dir.path().join("messy.quad"), messy).unwrap();
    let out = lockwright(&["fmt", "--check", "messy.quad"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let out = lockwright(&["fmt", "messy.quad"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("messy.quad")).unwrap(),
        "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white at 4 4 # last\n"
    );
}

#[test]
fn challenge_generates_a_unique_board_again_from_its_seed() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(
        &[
            "quadrillion",
            "challenge",
            "--seed",
            "11",
            "-o",
            "c11",
            "--json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert!(v["difficulty"].as_f64().unwrap() > 0.0);
    let first = std::fs::read_to_string(dir.path().join("c11.quad")).unwrap();
    let out = lockwright(&["solve", "c11.quad", "--count", "--json"], dir.path());
    assert_eq!(json(&out)["unique"], true);
    let out = lockwright(&["quadrillion", "challenge", "--seed", "11"], dir.path());
    assert_eq!(
        text(&out.stdout).trim_end(),
        first.trim_end(),
        "the same seed, the same challenge"
    );
    let out = lockwright(
        &["quadrillion", "challenge", "--seed", "11", "-o", "c11"],
        dir.path(),
    );
    assert_ne!(
        out.status.code(),
        Some(0),
        "an existing file is kept without --force"
    );
    // On a given board, only the shapes are chosen.
    let board = template("default.quad");
    let out = lockwright(
        &[
            "quadrillion",
            "challenge",
            "--seed",
            "2",
            "--board",
            board.to_str().unwrap(),
            "-o",
            "on-default",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dir.path().join("on-default.quad")).unwrap();
    assert!(
        written.contains("grid 1 white at 0 0\ngrid 2 white at 0 4\n"),
        "{written}"
    );
    // The shapes placed are counted in words: "1 shape", "3 shapes", never "shape(s)".
    let said = text(&out.stdout);
    // And the file written is named: `-o on-default` wrote on-default.quad without a word.
    assert!(
        said.starts_with("on-default.quad: seed 2, one solution, "),
        "{said}"
    );
    assert!(
        !said.contains("(s)") && !written.contains("(s)"),
        "{said}{written}"
    );
    assert!(
        said.contains(" shape placed") || said.contains(" shapes placed"),
        "{said}"
    );
}

/// Regression: `--board` given a nonogram listed four "grid N is missing" errors about it, and
/// `--force` without `--output` was let pass, doing nothing.
#[test]
fn challenge_refuses_a_board_of_another_family_and_force_without_output() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(
        dir.path().join("x.non"),
        "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
    )
    .expect("write");
    for (args, says) in [
        (
            &["quadrillion", "challenge", "--board", "x.non"][..],
            "--board takes a Quadrillion board (.quad); x.non is a nonogram",
        ),
        (
            &["quadrillion", "challenge", "--force"][..],
            "--force replaces the --output file",
        ),
    ] {
        let out = lockwright(args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: no challenge printed");
    }
}

#[test]
fn render_draws_the_board_and_with_solution_every_shape() {
    let dir = tempfile::tempdir().expect("dir");
    let file = template("challenge-57.quad");
    for (out_name, extra) in [("a.png", None), ("b.png", Some("--solution"))] {
        let mut args = vec![
            "render",
            file.to_str().unwrap(),
            "-o",
            out_name,
            "--width",
            "320",
        ];
        args.extend(extra);
        let out = lockwright(&args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let png = std::fs::read(dir.path().join(out_name)).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
    let a = std::fs::read(dir.path().join("a.png")).unwrap();
    let b = std::fs::read(dir.path().join("b.png")).unwrap();
    assert_ne!(a, b, "the solution adds the shapes");
    assert!(
        !text(
            &lockwright(
                &[
                    "render",
                    file.to_str().unwrap(),
                    "-o",
                    "c.png",
                    "--solution"
                ],
                dir.path()
            )
            .stderr
        )
        .contains("warning"),
        "a challenge has one solution"
    );
    // The default board's 10,162 ways to place every shape were drawn as one without a word.
    let board = template("default.quad");
    let out = lockwright(
        &[
            "render",
            board.to_str().unwrap(),
            "-o",
            "d.png",
            "--solution",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("can be placed in more than one way: this is one of them"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn diff_names_each_shape_that_lies_otherwise() {
    let dir = tempfile::tempdir().expect("dir");
    let old = std::fs::read_to_string(template("challenge-49.quad")).expect("template");
    let new = old.replace("shape T turn 3 at 1 7", "shape T turn 2 at 1 7");
    std::fs::write(dir.path().join("old.quad"), &old).expect("write");
    std::fs::write(dir.path().join("new.quad"), &new).expect("write");
    let out = lockwright(&["diff", "old.quad", "new.quad", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        json(&out)["changes"],
        serde_json::json!(["shape T lies turn 2 at 1 7 (was turn 3 at 1 7)"])
    );
    let out = lockwright(&["diff", "old.quad", "old.quad"], dir.path());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn play_says_a_quadrillion_board_has_no_moves() {
    let dir = tempfile::tempdir().expect("dir");
    let board = template("challenge-49.quad");
    let out = lockwright(&["play", &board.display().to_string(), "hE"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is a Quadrillion board, which has no moves"),
        "{}",
        text(&out.stderr)
    );
}

/// The seed's "Help me!": each hint, given back as a placed shape, leads to the one solution;
/// the board then holds all twelve shapes and `check` reads it with every shape placed.
#[test]
fn hint_places_one_shape_at_a_time_until_the_board_is_solved() {
    let dir = tempfile::tempdir().expect("dir");
    let file = template("challenge-49.quad");
    let file = file.to_str().expect("path");
    let mut placed: Vec<String> = Vec::new();
    for _ in 0..12 {
        let mut args = vec!["quadrillion", "hint", file, "--json"];
        for p in &placed {
            args.push("--placed");
            args.push(p);
        }
        let out = lockwright(&args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v = json(&out);
        if v["status"] == "solved" {
            break;
        }
        assert_eq!(v["status"], "place", "{v}");
        placed.push(v["place"].as_str().expect("a shape's line").to_string());
    }
    assert_eq!(
        placed.len(),
        11,
        "the file places one shape, the hints the other eleven"
    );
    // Replayed through the rules: the board with every hinted shape is read as legal and full.
    let mut board = std::fs::read_to_string(file).expect("board");
    for p in &placed {
        board.push_str(p);
        board.push('\n');
    }
    std::fs::write(dir.path().join("full.quad"), &board).expect("write");
    let out = lockwright(&["check", "full.quad"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["solve", "full.quad", "--json"], dir.path());
    assert_eq!(json(&out)["status"], "solved");
}

#[test]
fn hint_says_which_shape_to_lift_and_a_board_without_solution_exits_1() {
    let dir = tempfile::tempdir().expect("dir");
    let file = template("challenge-49.quad");
    let file = file.to_str().expect("path");
    let wrong = "shape U turn 1 at 0 1";
    let out = lockwright(
        &["quadrillion", "hint", file, "--placed", wrong, "--json"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "lift", "{v}");
    assert_eq!(v["shapes"], serde_json::json!(["U"]));
    let out = lockwright(
        &["quadrillion", "hint", file, "--placed", wrong],
        dir.path(),
    );
    assert!(
        text(&out.stdout).contains("lift U"),
        "{}",
        text(&out.stdout)
    );
    // The same shape fixed by the board's own file: nothing of the player's to lift.
    let mut board = std::fs::read_to_string(file).expect("board");
    board.push_str(wrong);
    board.push('\n');
    std::fs::write(dir.path().join("stuck.quad"), &board).expect("write");
    let out = lockwright(&["quadrillion", "hint", "stuck.quad", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert_eq!(json(&out)["status"], "none");
    // A placed line the board refuses is said at its own place, exit 2.
    let out = lockwright(
        &["quadrillion", "hint", file, "--placed", "shape / at 0 0"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--placed:1:7: error: shape / covers a closed dot"),
        "{}",
        text(&out.stderr)
    );
}
