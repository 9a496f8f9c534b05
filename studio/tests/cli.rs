//! The command line, run as a user runs it: exit codes and output of the hex lock verbs, what
//! every verb says of a blank name or a server address, and the templates (play and verify are
//! in `cli_play.rs`, the terminal and the language server in `cli_terminal.rs`).

mod command;

use command::{lockwright, template, text};
use std::path::Path;
use std::process::Command;

/// Regression: a blank name (" ") made a file named " .quad" for a board, where an empty one
/// was refused; each family said it in its own words, or not at all.
#[test]
fn new_refuses_a_blank_name_for_every_family() {
    let dir = tempfile::tempdir().expect("dir");
    for (kind, what, extension) in [
        (None, "hex lock", "lock"),
        (Some("nonogram"), "nonogram", "non"),
        (Some("quadrillion"), "Quadrillion board", "quad"),
        (Some("sliding"), "sliding lock", "slide"),
    ] {
        // Only the family's own extension: another is refused for naming another family.
        let bare = format!("  .{extension}");
        for name in ["", " ", bare.as_str()] {
            let mut args = vec!["new", name];
            if let Some(kind) = kind {
                args.extend(["--kind", kind]);
            }
            if kind == Some("nonogram") || kind == Some("sliding") {
                args.extend(["--width", "4", "--height", "4"]);
            }
            let out = lockwright(&args, dir.path());
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = text(&out.stderr);
            assert!(
                err.contains(&format!("a new {what} needs a name")),
                "{args:?}: {err}"
            );
        }
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert!(left.is_empty(), "no file was made: {left:?}");
}

#[test]
fn check_prints_nothing_for_valid_files() {
    let dir = tempfile::tempdir().expect("dir");
    let a = template("starter/spring-pull.lock");
    let b = template("starter/ball-stop.lock");
    let out = lockwright(
        &[
            "check",
            a.to_str().expect("path"),
            b.to_str().expect("path"),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn check_prints_rustc_style_diagnostics_and_exits_1() {
    let dir = tempfile::tempdir().expect("dir");
    let source = std::fs::read_to_string(template("empty/size-3.lock")).expect("template");
    std::fs::write(
        dir.path().join("bad.lock"),
        source.replace(" . . . . . .\n. .", " . . $ . . .\n. ."),
    )
    .expect("write");
    let out = lockwright(&["check", "bad.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("bad.lock:9:6: error: unknown glyph `$`"),
        "{err}"
    );
    assert!(err.contains("9 |  . . $ . . ."), "{err}");
    assert!(err.contains("  |      ^"), "{err}");
}

#[test]
fn check_json_reports_each_file() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("bad.lock"), "lockwright-lock 1\nsize: 3\n").expect("write");
    let out = lockwright(&["check", "--json", "bad.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["path"], "bad.lock");
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["valid"], false);
    assert_eq!(v["diagnostics"][0]["code"], "missing-grid");
    assert_eq!(v["diagnostics"][0]["line"], 1);
}

#[test]
fn fmt_check_names_files_not_in_canonical_form_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let source = std::fs::read_to_string(template("empty/size-3.lock")).expect("template");
    let messy = source.replace(
        "hook arm E\nwrench momentum none\n",
        "wrench momentum none\nhook arm E\n",
    );
    std::fs::write(dir.path().join("messy.lock"), &messy).expect("write");
    let out = lockwright(&["fmt", "--check", "messy.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("messy.lock"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("messy.lock")).expect("read"),
        messy
    );

    let out = lockwright(&["fmt", "messy.lock"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("messy.lock")).expect("read"),
        source
    );
    let out = lockwright(&["fmt", "--check", "messy.lock"], dir.path());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn new_writes_a_valid_lock_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&["new", "Mine", "--size", "5"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dir.path().join("Mine.lock")).expect("written");
    assert!(written.contains("name: Mine\n") && written.contains("size: 5\n"));
    assert_eq!(
        lockwright(&["check", "Mine.lock"], dir.path())
            .status
            .code(),
        Some(0)
    );
    let again = lockwright(&["new", "Mine"], dir.path());
    assert_ne!(again.status.code(), Some(0));
    assert!(text(&again.stderr).contains("already exists"));
    let from = lockwright(&["new", "Gate", "--template", "pivot-gate"], dir.path());
    assert_eq!(from.status.code(), Some(0));
    let gate = std::fs::read_to_string(dir.path().join("Gate.lock")).expect("written");
    assert!(gate.contains("name: Gate\n") && gate.contains("pivot 1 arms E W"));
    let bad = lockwright(&["new", "Big", "--size", "12"], dir.path());
    assert!(text(&bad.stderr).contains("out of range"));
}

/// `new x --width 8` once said the width was a nonogram's, though a sliding lock takes one too.
#[test]
fn new_says_which_kinds_take_a_width_when_a_hex_lock_is_given_one() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&["new", "Wide", "--width", "8"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("a hex lock takes --size")
            && err.contains("--kind nonogram and --kind sliding"),
        "{err}"
    );
    assert!(!dir.path().join("Wide.lock").exists());
}

/// `new a.non` made a hex lock `a.lock`, and `new a.non --kind sliding` a sliding lock
/// `a.slide`, the extension typed replaced without a word.
#[test]
fn new_takes_the_family_from_the_extension_given_and_refuses_a_kind_that_differs() {
    let dir = tempfile::tempdir().expect("dir");
    for (name, family) in [
        ("a.non", "nonogram"),
        ("b.slide", "sliding"),
        ("c.quad", "quadrillion"),
    ] {
        let out = lockwright(&["new", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert!(
            dir.path().join(name).is_file(),
            "{name} is made as a {family}"
        );
        let out = lockwright(&["check", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stdout));
    }
    assert!(!dir.path().join("a.lock").exists());
    let out = lockwright(&["new", "d.non", "--kind", "sliding"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "d.non ends in .non, a nonogram's extension, but --kind sliding makes a sliding lock"
        ),
        "{err}"
    );
    assert!(!dir.path().join("d.slide").exists() && !dir.path().join("d.non").exists());
    // Without an extension or --kind, a hex lock, as before.
    let out = lockwright(&["new", "e"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.path().join("e.lock").is_file());
}

/// `render -o x.jpg` wrote PNG bytes into a file named as a JPEG.
#[test]
fn render_writes_png_and_refuses_a_name_of_another_picture_format() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let lock = lock.to_str().expect("path");
    let out = lockwright(&["render", lock, "-o", "gate.jpg"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "gate.jpg names a .jpg file, and render writes PNG pictures: name it gate.png"
        ),
        "{err}"
    );
    assert!(!dir.path().join("gate.jpg").exists());
    let out = lockwright(&["render", lock, "-o", "gate.PNG"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn check_warns_about_a_lock_that_is_open_before_any_move() {
    let dir = tempfile::tempdir().expect("dir");
    let empty = template("empty/size-3.lock");
    let out = lockwright(&["check", empty.to_str().expect("path")], dir.path());
    assert_eq!(out.status.code(), Some(0), "a warning, not an error");
    let err = text(&out.stderr);
    assert!(
        err.contains("warning: the lock is open before any move"),
        "{err}"
    );
    let closed = template("starter/ball-stop.lock");
    let out = lockwright(&["check", closed.to_str().expect("path")], dir.path());
    assert_eq!(text(&out.stderr), "", "a closed lock has nothing to say");
}

#[test]
fn solve_proves_a_lock_with_a_fixed_bolt_cannot_be_opened() {
    let dir = tempfile::tempdir().expect("dir");
    let source = std::fs::read_to_string(template("empty/size-3.lock")).expect("template");
    // A one-cell block in the bolthole's corner, not the end of any spring: it never moves.
    let stuck = source.replace("   . . : :\n", "   . . : B\n");
    std::fs::write(dir.path().join("stuck.lock"), stuck).expect("write");
    let out = lockwright(
        &["solve", "stuck.lock", "--max-states", "2000000"],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The counts a solve prints are said in words: "1 states visited" and "the limit of 1
/// states", before.
#[test]
fn solve_says_one_state_in_the_singular() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/pivot-gate.lock");
    let out = lockwright(
        &["solve", lock.to_str().expect("a path"), "--max-states", "1"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("stopped by the limit of 1 state\n"), "{said}");
    assert!(said.contains("1 state visited, "), "{said}");
}

/// Regression: `--timeout 1e300` panicked in every family's `solve` (a `Duration` cannot hold
/// it), `match --think 1e300` once the bots thought, and `--threads 100000` aborted. Each is
/// refused as the user typed it.
#[test]
fn numbers_too_large_for_a_clock_are_refused_not_a_panic() {
    let dir = tempfile::tempdir().expect("dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = [
        template("starter/pivot-gate.lock"),
        root.join("templates/nonogram/spade.non"),
        root.join("templates/quadrillion/default.quad"),
        root.join("templates/sliding/seed-example.slide"),
    ];
    for file in &files {
        let file = file.to_str().expect("a path");
        for (given, says) in [
            ("1e300", "1e300 seconds is longer than a clock can count"),
            ("inf", "`inf`: a number of seconds is 0 or more"),
            ("soon", "`soon` is not a number of seconds"),
        ] {
            let out = lockwright(&["solve", file, "--timeout", given], dir.path());
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{file} {given}: {err}");
            assert!(err.contains(says), "{file} {given}: {err}");
        }
        let out = lockwright(&["solve", file, "--timeout", "30"], dir.path());
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{file}: {}",
            text(&out.stderr)
        );
    }
    // 100,000 threads aborted the process (each is a real thread with its own stack).
    let lock = files[0].to_str().expect("a path");
    for threads in ["0", "100000"] {
        let out = lockwright(&["solve", lock, "--threads", threads], dir.path());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{threads}: {err}");
        assert!(
            err.contains(&format!("--threads is from 1 to 256, not {threads}")),
            "{err}"
        );
    }
    let out = lockwright(&["match", "--bot", "--bot", "--think", "1e300"], dir.path());
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a share of a player's time from 0 (at once) to 100"),
        "{err}"
    );
}

/// Regression: `solve` of a hex lock that could not be read (missing, a folder, not text) exited
/// 1, which says "cannot be opened", so a script took a typo in a file name for a proof. Every
/// family's `solve` exits 2 when there is no puzzle to solve, as the other three already did.
#[test]
fn solve_of_a_file_that_cannot_be_read_exits_2_in_every_family() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::create_dir(dir.path().join("folder.lock")).expect("folder");
    for ext in ["lock", "non", "quad", "slide"] {
        std::fs::write(
            dir.path().join(format!("binary.{ext}")),
            [0x8e, 0xff, 0x00, 0x12],
        )
        .expect("write");
        for file in [
            format!("missing.{ext}"),
            format!("binary.{ext}"),
            "folder.lock".to_string(),
        ] {
            for json in [false, true] {
                let mut args = vec!["solve", file.as_str()];
                if json {
                    args.push("--json");
                }
                let out = lockwright(&args, dir.path());
                let err = text(&out.stderr);
                assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
                if file == "folder.lock" {
                    // `solve` takes folders too: one with no puzzle file in it is said so.
                    let said = if json { text(&out.stdout) } else { err.clone() };
                    assert!(said.contains("holds no puzzle file"), "{args:?}: {said}");
                } else if json {
                    // The answer contract: one JSON object on standard output, whatever
                    // happens, with the diagnostics as `check --json` gives them.
                    let answer: serde_json::Value =
                        serde_json::from_slice(&out.stdout).expect("one JSON object");
                    assert_eq!(answer["status"], "error", "{answer}");
                    assert!(
                        answer["message"]
                            .as_str()
                            .is_some_and(|m| m.starts_with(&format!("{file}:1:1: "))),
                        "{answer}"
                    );
                    assert_eq!(answer["diagnostics"][0]["line"], 1, "{answer}");
                } else {
                    assert!(
                        err.contains(&format!("{file}:1:1: error")),
                        "{args:?}: {err}"
                    );
                }
            }
        }
    }
}

/// Regression: `--server localhost:27001` (no scheme) or a mistyped address was taken as given,
/// and each verb failed on it with "builder error" or, logged out, "not logged in on it". An
/// address no request can reach is refused before any request, with an example.
#[test]
fn a_server_address_that_is_no_url_is_refused_with_an_example() {
    let dir = tempfile::tempdir().expect("dir");
    for verb in [
        vec!["players"],
        vec!["register", "ABC", "--password", "pw"],
        vec!["match", "list"],
    ] {
        for (address, says) in [
            ("localhost:27001", "starts with http:// or https://"),
            ("ht!tp://:::x", "is not a server address"),
        ] {
            let mut args = verb.clone();
            args.extend(["--server", address]);
            let out = Command::new(env!("CARGO_BIN_EXE_lockwright"))
                .args(&args)
                .current_dir(dir.path())
                .env("HOME", dir.path())
                .env("XDG_CONFIG_HOME", dir.path())
                .env("XDG_DATA_HOME", dir.path())
                .output()
                .expect("runs");
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(says), "{args:?}: {err}");
            assert!(err.contains("http://example.org:27001"), "{args:?}: {err}");
        }
    }
}

/// Regression: `lockwright studio notes.txt` opened a text file as a hex lock, every line of it
/// an error, and Save wrote it back as typed; a name with no extension opened an empty lock
/// whose file no list showed.
#[test]
fn studio_refuses_a_file_no_family_owns_and_says_what_it_opens() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("notes.txt"), "hello\n").expect("write");
    let out = lockwright(&["studio", "notes.txt"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("notes.txt is no puzzle file: Lockwright's puzzles are .lock, .non, .quad and .slide files"),
        "{err}"
    );
    let out = lockwright(&["studio", "mine"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("mine is no puzzle file name") && err.contains("lockwright new NAME"),
        "{err}"
    );
    // A name written with a slash at its end is a folder to make, not a file name.
    let out = lockwright(&["studio", "my-locks/"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("needs a display"),
        "{}",
        text(&out.stderr)
    );
    // Nor do the other verbs read it as a hex lock with an error on every line.
    for verb in ["check", "solve"] {
        let out = lockwright(&[verb, "notes.txt"], dir.path());
        assert_ne!(out.status.code(), Some(0), "{verb}");
        let err = text(&out.stderr);
        assert!(
            err.contains("notes.txt is no puzzle file") && !err.contains("unknown statement"),
            "{verb}: {err}"
        );
    }
    // `diff` compares the lines of any two texts, saying that is all it does.
    std::fs::write(dir.path().join("other.txt"), "hullo\n").expect("write");
    let out = lockwright(&["diff", "notes.txt", "other.txt"], dir.path());
    assert_eq!(out.status.code(), Some(1), "they differ");
    let said = text(&out.stdout);
    assert!(
        said.contains("+hullo")
            && said.contains(
                "# neither notes.txt nor other.txt is a puzzle file: only their lines are compared"
            )
            && !said.contains("hex lock"),
        "{said}"
    );
    // A hex lock under another name is a lock: with no display, the studio says only that.
    std::fs::copy(
        template("starter/spring-pull.lock"),
        dir.path().join("lock.txt"),
    )
    .expect("copy");
    let out = lockwright(&["studio", "lock.txt"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("needs a display"),
        "{}",
        text(&out.stderr)
    );
}

/// Regression: `solve puzzle.non -o x.solution` wrote no file and said nothing, nor did a
/// Quadrillion board; `--analyse`, `--threads` and `--max-memory` did nothing there either.
/// Each family's solver refuses what it does not take, names what it does, and writes nothing.
#[test]
fn solve_refuses_the_flags_a_familys_solver_does_not_take() {
    let dir = tempfile::tempdir().expect("dir");
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let file = |path: &str| templates.join(path).to_string_lossy().into_owned();
    let nonogram = file("nonogram/spade.non");
    let board = file("quadrillion/challenge-49.quad");
    let sliding = file("sliding/seed-example.slide");
    let lock = file("hexlock/starter/pivot-gate.lock");
    for (args, says) in [
        (
            vec!["solve", &nonogram, "-o", "x.solution"],
            "--write-solution is not for a nonogram: its solver takes --json, --timeout, --max-states and --threads",
        ),
        (
            vec!["solve", &board, "--threads", "2", "--analyse"],
            "--analyse and --threads are not for a Quadrillion board",
        ),
        (
            vec!["solve", &sliding, "--max-memory", "1G"],
            "--max-memory is not for a sliding lock",
        ),
        (
            vec!["solve", &lock, "--count"],
            "--count is not for a hex lock",
        ),
    ] {
        let out = lockwright(&args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!dir.path().join("x.solution").exists(), "nothing written");
}

/// Regression: `render` took `--distinct` for a nonogram or a Quadrillion board and
/// `--solution` for a hex lock, drew as without them and said nothing.
#[test]
fn render_refuses_the_flags_a_familys_picture_does_not_take() {
    let dir = tempfile::tempdir().expect("dir");
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let file = |path: &str| templates.join(path).to_string_lossy().into_owned();
    for (path, flag, says) in [
        (
            "nonogram/spade.non",
            "--distinct",
            "--distinct is for hex locks",
        ),
        (
            "quadrillion/challenge-49.quad",
            "--distinct",
            "not for a Quadrillion board",
        ),
        (
            "sliding/seed-example.slide",
            "--distinct",
            "not for a sliding lock",
        ),
        (
            "hexlock/starter/pivot-gate.lock",
            "--solution",
            "--solution is for nonograms and Quadrillion boards, not for a hex lock",
        ),
        (
            "sliding/seed-example.slide",
            "--solution",
            "not for a sliding lock",
        ),
    ] {
        let out = lockwright(&["render", &file(path), "-o", "x.png", flag], dir.path());
        assert_eq!(out.status.code(), Some(2), "{path} {flag}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{path} {flag}: {err}");
    }
    assert!(!dir.path().join("x.png").exists(), "nothing drawn");
}

/// `new --template list` needs no NAME and lists every family's templates, each as the studio's
/// New picker names it; every one of them is made from the command line and reads cleanly.
#[test]
fn every_template_the_studio_offers_is_listed_and_made_from_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&["new", "--template", "list"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let listed = text(&out.stdout);
    let names: Vec<&str> = listed
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for family in ["Hex lock", "Nonogram", "Quadrillion", "Sliding lock"] {
        assert!(listed.contains(family), "{family} missing from\n{listed}");
    }
    assert!(names.contains(&"nonogram-dancer") && names.contains(&"sliding-seed-example"));
    for (i, name) in names.iter().enumerate() {
        let file = format!("t{i}");
        let out = lockwright(&["new", &file, "--template", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let made = text(&out.stdout).trim().to_string();
        let out = lockwright(&["check", &made], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
    }
    // A name may leave out its family's prefix; with --kind only that family's are listed.
    let out = lockwright(
        &["new", "d", "--kind", "nonogram", "--template", "dancer"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.path().join("d.non").exists());
    let out = lockwright(
        &["new", "--kind", "quadrillion", "--template", "list"],
        dir.path(),
    );
    assert!(
        text(&out.stdout)
            .lines()
            .all(|l| l.starts_with("quadrillion-"))
    );
    let out = lockwright(&["new", "g.non", "--template", "pivot-gate"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let out = lockwright(&["new"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("needs the puzzle's NAME"),
        "{}",
        text(&out.stderr)
    );
}

/// `render --animate` plays a solution as a GIF in every family (the solver's, or a solution
/// file's) and answers as `solve` does: 1 when none exists, 2 when the puzzle does not read, 3
/// when the solver's limit stops it first.
#[test]
fn render_animate_plays_the_solution_of_every_family_as_a_gif() {
    use image::AnimationDecoder as _;
    let dir = tempfile::tempdir().expect("dir");
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let file = |path: &str| templates.join(path).to_string_lossy().into_owned();
    let frames = |name: &str| {
        let bytes = std::fs::read(dir.path().join(name)).expect("written");
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("frames")
    };
    for (path, solution) in [
        ("hexlock/tutorial/02-push.lock", None),
        (
            "hexlock/tutorial/02-push.lock",
            Some("hexlock/tutorial/02-push.solution"),
        ),
        ("nonogram/dancer.non", None),
        ("quadrillion/challenge-57.quad", None),
        ("sliding/seed-example.slide", None),
        (
            "sliding/seed-example.slide",
            Some("sliding/seed-example.solution"),
        ),
    ] {
        let mut args = vec![
            "render".to_string(),
            file(path),
            "--animate".into(),
            "--width".into(),
            "180".into(),
            "-o".into(),
            "x.gif".into(),
            "--solution".into(),
        ];
        args.extend(solution.map(file));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = lockwright(&args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{path}: {}", text(&out.stderr));
        let frames = frames("x.gif");
        assert!(frames.len() >= 3, "{path}: {} frames", frames.len());
        assert_eq!(frames[0].buffer().width(), 180, "{path}");
        for pair in frames.windows(2) {
            assert_ne!(
                pair[0].buffer(),
                pair[1].buffer(),
                "{path}: a frame repeats"
            );
        }
        if let Some(solution) = solution {
            let moves = std::fs::read_to_string(file(solution))
                .expect("solution")
                .lines()
                .find_map(|l| l.strip_prefix("moves:").map(|m| m.split(',').count()))
                .expect("moves");
            assert!(frames.len() > moves, "{path}: the start and a frame a move");
        }
    }
    std::fs::write(
        dir.path().join("none.non"),
        "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n0\n0\n",
    )
    .expect("write");
    std::fs::write(dir.path().join("bad.lock"), "lockwright-lock 1\nnonsense\n").expect("write");
    let lock = file("hexlock/tutorial/02-push.lock");
    for (args, code, says) in [
        (
            vec!["render", "none.non", "--animate", "-o", "y.gif"],
            1,
            "no solution to animate",
        ),
        (
            vec!["render", "bad.lock", "--animate", "-o", "y.gif"],
            2,
            "bad.lock:",
        ),
        (
            vec![
                "render",
                &lock,
                "--animate",
                "--max-states",
                "1",
                "-o",
                "y.gif",
            ],
            3,
            "no solution to animate",
        ),
        (
            vec!["render", &lock, "--max-states", "1", "-o", "y.png"],
            2,
            "bound the solver of --animate",
        ),
        (
            vec!["render", &lock, "--animate", "-o", "y.png"],
            2,
            "render --animate writes GIF animations: name it y.gif",
        ),
        (
            vec![
                "render",
                &lock,
                "--animate",
                "--solution",
                "none.non",
                "-o",
                "y.gif",
            ],
            2,
            "is a nonogram, not a solution",
        ),
    ] {
        let out = lockwright(&args, dir.path());
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!dir.path().join("y.gif").exists() && !dir.path().join("y.png").exists());
}
