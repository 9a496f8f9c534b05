//! The command line on sliding locks (`.slide`): every verb chooses by the file's extension.

mod command;

use command::{json, lockwright, text};
use std::path::Path;

const SEED_EXAMPLE: &str = "title \"The seed's example\"

4 . . a .
3 K K a @
2 . . . .
1 . b b .
  A B C D
";

const IMPOSSIBLE: &str = "title \"No way\"

3 . . . @
2 . . . .
1 K K . .
  A B C D
";

/// b always covers C1, so a never leaves C4 and the Key never moves.
const STUCK: &str = "title \"Stuck\"

4 K K a @
3 . . a .
2 . . a .
1 b b b .
  A B C D
";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write");
}

#[test]
fn solve_json_gives_the_fewest_moves_in_the_seeds_notation() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "seed.slide", SEED_EXAMPLE);
    let out = lockwright(&["solve", "seed.slide", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["moves"], 3);
    assert_eq!(v["solution"], "BC1 L1, C34 D2, Key R1");
    assert!(v["states"].as_u64().unwrap_or(0) > 3);
    assert!(v["seconds"].is_number());
    let out = lockwright(&["solve", "seed.slide"], dir.path());
    assert!(
        text(&out.stdout).contains("slide C34 2 spaces downward"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn an_impossible_lock_is_proved_so_and_exits_1() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "no.slide", IMPOSSIBLE);
    let out = lockwright(&["solve", "no.slide", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "impossible");
    assert!(v["solution"].is_null());
    assert_eq!(v["proof"], "key-never-reaches-keyhole");
    let out = lockwright(&["solve", "no.slide"], dir.path());
    assert!(text(&out.stdout).contains("cannot be picked"));
    write(dir.path(), "stuck.slide", STUCK);
    let out = lockwright(&["solve", "stuck.slide", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "impossible");
    assert_eq!(v["proof"], "every-state-seen");
    assert_eq!(v["states"], 2);
}

#[test]
fn a_limit_stops_the_search_with_exit_3_and_an_unreadable_file_exits_2() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "seed.slide", SEED_EXAMPLE);
    let out = lockwright(
        &["solve", "seed.slide", "--json", "--max-states", "2"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let v = json(&out);
    assert_eq!(v["status"], "stopped");
    // The seed's example takes 3 moves; stopped early, the search knows fewer.
    let at_least = v["at_least"].as_u64();
    assert!(at_least.is_some_and(|n| (1..=3).contains(&n)), "{v}");
    let out = lockwright(&["solve", "seed.slide", "--max-states", "5"], dir.path());
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("every way to pick it takes at least 2 moves"),
        "{}",
        text(&out.stdout)
    );
    // Stopped by the states it may hold, it says how to let it hold more.
    assert!(
        text(&out.stdout).contains("--max-states N lets it search further"),
        "{}",
        text(&out.stdout)
    );

    // Stopped at a limit of one state, it counts in words ("1 states", before), and once
    // ("stopped at its limit of 1 state (1 state)", before).
    let out = lockwright(&["solve", "seed.slide", "--max-states", "1"], dir.path());
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("stopped at its limit of 1 state"), "{said}");
    assert!(!said.contains("(1 state)"), "{said}");
    // Stopped by the clock, it says how many states it held.
    let out = lockwright(&["solve", "seed.slide", "--timeout", "0"], dir.path());
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("stopped after") && said.contains(" state"),
        "{said}"
    );
    let out = lockwright(&["solve", "missing.slide", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    write(dir.path(), "bare.slide", "2 . +\n1 K K\n  A B\n");
    let out = lockwright(&["solve", "bare.slide"], dir.path());
    // An illegal lock cannot be answered about: exit 2, as a file that cannot be read
    // (docs/cli.md, "Answers"); 1 is kept for "no way to pick it".
    assert_eq!(out.status.code(), Some(2), "an illegal lock is refused");
}

#[test]
fn solve_writes_a_solution_that_verify_accepts_and_a_wrong_one_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "seed.slide", SEED_EXAMPLE);
    let out = lockwright(
        &["solve", "seed.slide", "--write-solution", "seed.solution"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["verify", "seed.slide", "seed.solution"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("picked after 3 moves"));
    // Without a solution named, the one saved beside the lock, where the studio saves it.
    let out = lockwright(&["verify", "seed.slide"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("picked after 3 moves"));
    std::fs::remove_file(dir.path().join("seed.solution")).expect("removed");
    let out = lockwright(&["verify", "seed.slide"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("no solution is given and none is saved beside seed.slide (seed.solution)"),
        "{}",
        text(&out.stderr)
    );
    write(dir.path(), "bare.txt", "BC1 L1, C34 D2");
    let out = lockwright(&["verify", "seed.slide", "bare.txt"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("do not pick"),
        "{}",
        text(&out.stdout)
    );
    write(dir.path(), "wrong.txt", "C34 D2");
    let out = lockwright(&["verify", "seed.slide", "wrong.txt"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("BC1 stops it after 1"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn play_prints_the_board_after_each_move_and_a_refusal_with_its_reason() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "seed.slide", SEED_EXAMPLE);
    let out = lockwright(
        &["play", "seed.slide", "BC1", "L1", "C34", "D2", "Key", "R1"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("move 2: C34 D2"), "{s}");
    assert!(s.contains("picked after 3 moves"), "{s}");
    assert!(
        s.contains("1 b b a ."),
        "the board after move 2 is drawn:\n{s}"
    );
    let out = lockwright(&["play", "seed.slide", "BC1 U1", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["refused"]["number"], 1);
    assert!(
        v["refused"]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("slides only left and right"),
        "{v}"
    );
    let out = lockwright(&["play", "seed.slide", "BC1 sideways"], dir.path());
    assert_ne!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("sideways"));
    // Regression: `--final` with no move made (none given, or the first refused) printed
    // nothing; the last board is the start's.
    for moves in [&[][..], &["C34 D2"][..]] {
        let mut args = vec!["play", "seed.slide", "--final"];
        args.extend(moves);
        let out = lockwright(&args, dir.path());
        let shown = text(&out.stdout);
        assert!(
            shown.starts_with("start\n  4 . . a .\n"),
            "{moves:?}: {shown}"
        );
    }
}

#[test]
fn new_check_fmt_render_and_diff_work_on_sliding_locks() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(
        &[
            "new", "Mine", "--kind", "sliding", "--width", "5", "--height", "4",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let made = std::fs::read_to_string(dir.path().join("Mine.slide")).expect("written");
    assert!(made.contains("title \"Mine\""), "{made}");
    let out = lockwright(&["check", "Mine.slide"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(
        &["new", "Big", "--kind", "sliding", "--width", "12"],
        dir.path(),
    );
    assert_ne!(out.status.code(), Some(0));
    // Regression: a width given with a template was let pass and did nothing.
    let out = lockwright(
        &[
            "new",
            "Ex",
            "--kind",
            "sliding",
            "--template",
            "seed-example",
            "--width",
            "9",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("give either --template or a size (--size, --width, --height), not both"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path().join("Ex.slide").exists());
    let out = lockwright(
        &[
            "new",
            "Ex",
            "--kind",
            "sliding",
            "--template",
            "seed-example",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["solve", "Ex.slide", "--json"], dir.path());
    assert_eq!(json(&out)["solution"], "BC1 L1, C34 D2, Key R1");
    let out = lockwright(
        &["new", "x", "--kind", "sliding", "--template", "list"],
        dir.path(),
    );
    assert!(text(&out.stdout).contains("08-key-on-an-axis"));

    write(
        dir.path(),
        "messy.slide",
        "title \"The seed's example\"\n4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n",
    );
    let out = lockwright(&["fmt", "--check", "messy.slide"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let out = lockwright(&["fmt", "messy.slide"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let formatted = std::fs::read_to_string(dir.path().join("messy.slide")).expect("read");
    assert_eq!(formatted, SEED_EXAMPLE);

    write(
        dir.path(),
        "bad.slide",
        "4 . . a .\n3 K K a .\n2 . + . .\n1 . b b .\n",
    );
    let out = lockwright(&["check", "bad.slide", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    let codes: Vec<String> = v["diagnostics"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| d["code"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default();
    assert!(codes.contains(&"no-keyhole".to_string()), "{codes:?}");

    let out = lockwright(
        &["render", "messy.slide", "-o", "seed.png", "--width", "300"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let png = std::fs::read(dir.path().join("seed.png")).expect("png");
    assert_eq!(&png[1..4], b"PNG");

    write(
        dir.path(),
        "moved.slide",
        &SEED_EXAMPLE.replace("1 . b b .", "1 b b . ."),
    );
    let out = lockwright(
        &["diff", "messy.slide", "moved.slide", "--json"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    let changes = v["changes"].to_string();
    assert!(
        changes.contains("BC1") && changes.contains("AB1"),
        "{changes}"
    );
    let out = lockwright(&["diff", "messy.slide", "messy.slide"], dir.path());
    assert_eq!(out.status.code(), Some(0));
}

/// Regression: a text with no picture of a board was rendered, as a blank 2×2 board, exit 0.
#[test]
fn render_refuses_a_text_with_no_board() {
    let dir = tempfile::tempdir().expect("dir");
    write(dir.path(), "garbage.slide", "garbage\n");
    let out = lockwright(&["render", "garbage.slide", "-o", "g.png"], dir.path());
    assert_eq!(out.status.code(), Some(2), "cannot be read");
    assert!(
        text(&out.stderr).contains("no picture of the board"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path().join("g.png").exists());
}
