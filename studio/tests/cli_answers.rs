//! The answer contract, the same in every family (docs/cli.md#answers): `solve`, `verify` and
//! `play` with `--json` print exactly one JSON object per puzzle on one line, whatever happens;
//! exit 0 solved, 1 no solution, 2 cannot be read or illegal, 3 stopped by a limit.

mod command;

use command::{lockwright, text};
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write");
}

fn repo(path: &str) -> String {
    format!("{}/../templates/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Every line of standard output is one JSON object; returns them.
fn objects(out: &std::process::Output) -> Vec<serde_json::Value> {
    let stdout = text(&out.stdout);
    stdout
        .lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{e}: a line that is not JSON: {l}\n{stdout}"))
        })
        .collect()
}

/// One JSON object on one line, and the exit status.
fn answer(args: &[&str], dir: &Path) -> (i32, serde_json::Value) {
    let out = lockwright(args, dir);
    let all = objects(&out);
    assert_eq!(
        all.len(),
        1,
        "{args:?}: exactly one object\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), all[0].clone())
}

/// Regression: a truncated `.non`, `.slide` or `.quad` exited 1 (the "no solution" code) and
/// printed no JSON, where a truncated `.lock` exited 2. Each is "cannot be read": 2, with the
/// error object and its diagnostics.
#[test]
fn a_truncated_file_exits_2_with_the_error_object_in_every_family() {
    let dir = tempfile::tempdir().expect("dir");
    let cut = |path: &str| {
        let t = std::fs::read_to_string(repo(path)).expect("template");
        t[..t.len() * 2 / 3].to_string()
    };
    for (name, from) in [
        ("cut.lock", "hexlock/starter/spring-pull.lock"),
        ("cut.non", "nonogram/spade.non"),
        ("cut.quad", "quadrillion/challenge-49.quad"),
        ("cut.slide", "sliding/seed-example.slide"),
    ] {
        write(dir.path(), name, &cut(from));
        let (code, v) = answer(&["solve", name, "--json"], dir.path());
        assert_eq!(code, 2, "{name}: {v}");
        assert_eq!(v["status"], "error", "{name}: {v}");
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&format!("{name}:"))),
            "{name}: {v}"
        );
        assert!(
            v["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty() && d[0]["line"].is_number()),
            "{name}: the diagnostics as check --json gives them: {v}"
        );
        let out = lockwright(&["solve", name], dir.path());
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(
            out.stdout.is_empty(),
            "{name}: diagnostics go to standard error"
        );
        // Regression: `render` of a file it cannot read exited 1, the "no solution" code.
        for animate in [false, true] {
            let picture = if animate { "cut.gif" } else { "cut.png" };
            let mut args = vec!["render", name, "-o", picture];
            if animate {
                args.push("--animate");
            }
            let out = lockwright(&args, dir.path());
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(!dir.path().join(picture).exists(), "{args:?}");
        }
    }
}

/// Regression: for a nonogram whose row and column totals disagree, `solve --json` printed
/// diagnostics on standard error and nothing on standard output. Clues that contradict
/// themselves are "no solution", with the reason.
#[test]
fn a_nonogram_whose_clues_contradict_themselves_has_no_solution_with_the_reason() {
    let dir = tempfile::tempdir().expect("dir");
    write(
        dir.path(),
        "totals.non",
        "width 2\nheight 2\n\nrows\n2\n2\n\ncolumns\n1\n1\n",
    );
    let (code, v) = answer(&["solve", "totals.non", "--json"], dir.path());
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["status"], "none", "{v}");
    assert!(v["reason"].as_str().is_some_and(|r| !r.is_empty()), "{v}");
    let out = lockwright(&["solve", "totals.non"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("no solution"),
        "{}",
        text(&out.stdout)
    );
}

/// An illegal Quadrillion board or sliding lock (it reads, but breaks a rule) is "cannot be
/// read or illegal": 2, with the error object.
#[test]
fn an_illegal_board_or_lock_exits_2_with_the_error_object() {
    let dir = tempfile::tempdir().expect("dir");
    // Two Keys on one sliding lock.
    write(
        dir.path(),
        "two.slide",
        "3 K K . @\n2 . . . .\n1 K K . .\n  A B C D\n",
    );
    let (code, v) = answer(&["solve", "two.slide", "--json"], dir.path());
    assert_eq!((code, v["status"].as_str()), (2, Some("error")), "{v}");
    // A shape placed twice on a Quadrillion board.
    let board = std::fs::read_to_string(repo("quadrillion/default.quad")).expect("board");
    write(
        dir.path(),
        "twice.quad",
        &format!("{board}\nshape < at 1 0\nshape < at 2 2\n"),
    );
    let (code, v) = answer(&["solve", "twice.quad", "--json"], dir.path());
    assert_eq!((code, v["status"].as_str()), (2, Some("error")), "{v}");
}

/// `solve` takes many files and folders in one process: one object a line with `--json`, and
/// the highest exit status of them all.
#[test]
fn solve_answers_many_files_and_folders_one_object_a_line() {
    let dir = tempfile::tempdir().expect("dir");
    let puzzles = dir.path().join("puzzles");
    std::fs::create_dir(&puzzles).expect("folder");
    std::fs::copy(repo("nonogram/spade.non"), puzzles.join("spade.non")).expect("copy");
    std::fs::copy(
        repo("sliding/seed-example.slide"),
        puzzles.join("seed.slide"),
    )
    .expect("copy");
    write(&puzzles, "broken.quad", "grid 1 nowhere\n");
    let out = lockwright(
        &[
            "solve",
            "puzzles",
            "missing.lock",
            "--json",
            "--timeout",
            "30",
        ],
        dir.path(),
    );
    let all = objects(&out);
    assert_eq!(all.len(), 4, "{all:?}");
    let status = |path: &str| {
        all.iter()
            .find(|v| v["path"].as_str().is_some_and(|p| p.ends_with(path)))
            .map(|v| v["status"].as_str().unwrap_or_default().to_string())
            .unwrap_or_else(|| panic!("no answer for {path}: {all:?}"))
    };
    assert_eq!(status("spade.non"), "unique");
    assert_eq!(status("seed.slide"), "solved");
    assert_eq!(status("broken.quad"), "error");
    assert_eq!(status("missing.lock"), "error");
    assert_eq!(out.status.code(), Some(2), "the highest of 0, 0, 2 and 2");
    let out = lockwright(
        &["solve", "puzzles/spade.non", "puzzles/seed.slide"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
}

/// `verify --json` in both families with moves: 0 it opens, 1 it does not, 2 cannot be read.
#[test]
fn verify_answers_in_json_with_the_same_codes_in_both_families() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = repo("hexlock/starter/spring-pull.lock");
    let solution = repo("hexlock/starter/spring-pull.solution");
    let (code, v) = answer(&["verify", &lock, &solution, "--json"], dir.path());
    assert_eq!((code, v["status"].as_str()), (0, Some("opens")), "{v}");
    write(dir.path(), "wrong.txt", "hCCW\n");
    let (code, v) = answer(&["verify", &lock, "wrong.txt", "--json"], dir.path());
    assert_eq!(
        (code, v["status"].as_str()),
        (1, Some("does-not-open")),
        "{v}"
    );
    write(dir.path(), "garbage.txt", "this is no move\n");
    let (code, v) = answer(&["verify", &lock, "garbage.txt", "--json"], dir.path());
    assert_eq!((code, v["status"].as_str()), (2, Some("error")), "{v}");
    let (code, v) = answer(
        &["verify", "missing.lock", "wrong.txt", "--json"],
        dir.path(),
    );
    assert_eq!((code, v["status"].as_str()), (2, Some("error")), "{v}");

    let slide = repo("sliding/seed-example.slide");
    let picked = repo("sliding/seed-example.solution");
    let (code, v) = answer(&["verify", &slide, &picked, "--json"], dir.path());
    assert_eq!((code, v["status"].as_str()), (0, Some("opens")), "{v}");
    write(dir.path(), "short.solution", "BC1 L1\n");
    let (code, v) = answer(&["verify", &slide, "short.solution", "--json"], dir.path());
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["status"], "does-not-open", "{v}");
}

/// `check --json` answers in the contract's shape too: one JSON object per file on one line,
/// whatever happens, its `status` `valid`, `invalid` (read, with errors) or `error` (not read
/// at all); exit 0 every file valid, 1 errors found, 2 a file that could not be read — the
/// worst of them. Regression: it printed one pretty-printed array, and a file it could not
/// read exited 1 as a file with errors does; a folder of no puzzles printed no JSON.
#[test]
fn check_answers_each_file_in_the_contracts_shape_in_every_family() {
    let dir = tempfile::tempdir().expect("dir");
    for (ext, from) in [
        ("lock", "hexlock/starter/spring-pull.lock"),
        ("non", "nonogram/spade.non"),
        ("quad", "quadrillion/challenge-49.quad"),
        ("slide", "sliding/seed-example.slide"),
    ] {
        let good = std::fs::read_to_string(repo(from)).expect("template");
        let (ok, bad, unread) = (
            format!("ok.{ext}"),
            format!("bad.{ext}"),
            format!("unread.{ext}"),
        );
        write(dir.path(), &ok, &good);
        write(dir.path(), &bad, &good[..good.len() * 2 / 3]);
        std::fs::write(dir.path().join(&unread), b"\xff\xfe\x00bytes").expect("write");

        let (code, v) = answer(&["check", "--json", &ok], dir.path());
        assert_eq!(
            (code, &v["status"], &v["valid"]),
            (0, &"valid".into(), &true.into()),
            "{v}"
        );
        assert!(v["message"].is_null(), "{v}");

        let (code, v) = answer(&["check", "--json", &bad], dir.path());
        assert_eq!((code, &v["status"]), (1, &"invalid".into()), "{v}");
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&format!("{bad}:"))),
            "{v}"
        );
        assert!(
            v["diagnostics"].as_array().is_some_and(|d| !d.is_empty()),
            "{v}"
        );

        let (code, v) = answer(&["check", "--json", &unread], dir.path());
        assert_eq!((code, &v["status"]), (2, &"error".into()), "{v}");

        // Several files: one line each, in order, and the worst status.
        let out = lockwright(&["check", "--json", &ok, &bad, &unread], dir.path());
        let statuses: Vec<_> = objects(&out).iter().map(|v| v["status"].clone()).collect();
        assert_eq!(statuses, ["valid", "invalid", "error"], "{ext}");
        assert_eq!(out.status.code(), Some(2), "{ext}");
        let out = lockwright(&["check", &ok, &bad], dir.path());
        assert_eq!(out.status.code(), Some(1), "{ext}");
        assert!(out.stdout.is_empty(), "diagnostics go to standard error");
    }
    let (code, v) = answer(&["check", "--json", "missing.non"], dir.path());
    assert_eq!((code, &v["status"]), (2, &"error".into()), "{v}");
    std::fs::create_dir(dir.path().join("empty")).expect("a folder");
    let (code, v) = answer(&["check", "--json", "empty"], dir.path());
    assert_eq!((code, &v["status"]), (2, &"error".into()), "{v}");
    assert!(
        v["message"]
            .as_str()
            .is_some_and(|m| m.contains("holds no puzzle file")),
        "{v}"
    );
}

/// Arguments refused before any puzzle is read (a flag unknown or out of range, no file) are
/// said on standard error as clap says them and exit 2; with `--json`, the error object is on
/// standard output too. Regression: a script asking for JSON read nothing.
#[test]
fn refused_arguments_give_the_error_object_when_json_is_asked() {
    let dir = tempfile::tempdir().expect("dir");
    for (args, said) in [
        (
            &["solve", "--json", "--timeout", "soon", "x.non"][..],
            "invalid value 'soon'",
        ),
        (
            &["solve", "--json"][..],
            "the following required arguments were not provided: <FILE>...",
        ),
        (
            &["check", "--json", "--kind", "nope", "-"][..],
            "invalid value 'nope' for '--kind <KIND>'",
        ),
        (
            &["verify", "--json", "--bogus", "x.slide"][..],
            "unexpected argument '--bogus' found",
        ),
    ] {
        let (code, v) = answer(args, dir.path());
        assert_eq!((code, &v["status"]), (2, &"error".into()), "{args:?}: {v}");
        assert!(
            v["message"].as_str().is_some_and(|m| m.starts_with(said)),
            "{args:?}: {v}"
        );
        let err = text(&lockwright(args, dir.path()).stderr);
        assert!(
            err.starts_with("error: ") && err.contains("--help"),
            "{args:?}: the mistake on standard error, as ever: {err}"
        );
    }
    // Without --json, standard output stays empty; help is no mistake.
    let out = lockwright(&["solve", "--timeout", "soon", "x.non"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = lockwright(&["solve", "--json", "--help"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("Search a lock"));
}
