//! The command line on the files a user hands it: line breaks and byte-order marks kept, links,
//! FIFOs, devices and read-only files, folders of puzzles, file modes, closed pipes, and
//! standard input as an editor pipes its buffer.

mod command;

use command::{lockwright, lockwright_with_stdin, lockwright_within_seconds, template, text};
use std::path::Path;
use std::process::{Command, Output};

/// `fmt` rewrote a file broken with `\r\n` with `\n` everywhere, so that every line of it
/// changed; it keeps the file's line breaks, for every family.
#[test]
fn fmt_keeps_a_files_crlf_line_breaks() {
    let dir = tempfile::tempdir().expect("dir");
    let crlf = |s: &str| s.replace('\n', "\r\n");
    let lock = std::fs::read_to_string(template("empty/size-3.lock")).expect("template");
    let messy_lock = lock.replace(
        "hook arm E\nwrench momentum none\n",
        "wrench momentum none\nhook arm E\n",
    );
    let files = [
        ("messy.lock", crlf(&messy_lock), crlf(&lock)),
        (
            "messy.non",
            crlf("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ntitle \"T\"\n"),
            crlf("title \"T\"\nwidth 2\nheight 1\n\nrows\n2\n\ncolumns\n1\n1\n"),
        ),
    ];
    for (name, messy, canonical) in &files {
        std::fs::write(dir.path().join(name), messy).expect("write");
        let out = lockwright(&["fmt", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read_to_string(dir.path().join(name)).expect("read");
        assert_eq!(&written, canonical, "{name}");
        let out = lockwright(&["fmt", "--check", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stdout));
    }
}

/// A file that begins with a byte-order mark (as Windows Notepad once wrote every file) checks
/// as the same file without it, in every family, and is canonical with its mark.
#[test]
fn check_reads_a_file_that_begins_with_a_byte_order_mark_in_every_family() {
    let dir = tempfile::tempdir().expect("dir");
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    for (name, from) in [
        ("marked.lock", "hexlock/starter/pivot-gate.lock"),
        ("marked.non", "nonogram/dancer.non"),
        ("marked.quad", "quadrillion/default.quad"),
        ("marked.slide", "sliding/seed-example.slide"),
    ] {
        let plain = std::fs::read_to_string(templates.join(from)).expect("template");
        std::fs::write(dir.path().join(name), format!("\u{feff}{plain}")).expect("write");
        let out = lockwright(&["check", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stdout));
        assert!(
            text(&out.stdout).is_empty() && text(&out.stderr).is_empty(),
            "{name}: {}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        // Formatting keeps the mark, as it keeps the file's line breaks.
        let out = lockwright(&["fmt", "--check", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stdout));
    }
}

#[cfg(unix)]
#[test]
fn fmt_through_a_symlink_rewrites_the_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().expect("dir");
    let source = std::fs::read_to_string(template("empty/size-3.lock")).expect("template");
    let messy = source.replace(
        "hook arm E\nwrench momentum none\n",
        "wrench momentum none\nhook arm E\n",
    );
    std::fs::create_dir(dir.path().join("real")).expect("mkdir");
    std::fs::write(dir.path().join("real/messy.lock"), &messy).expect("write");
    std::os::unix::fs::symlink("real/messy.lock", dir.path().join("link.lock")).expect("link");
    let out = lockwright(&["fmt", "link.lock"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let link = std::fs::symlink_metadata(dir.path().join("link.lock")).expect("link");
    assert!(link.file_type().is_symlink(), "the link is still a link");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("real/messy.lock")).expect("read"),
        source
    );
}

/// Makes a FIFO at `path`, as `mkfifo` does.
fn fifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[cfg(unix)]
#[test]
fn fmt_refuses_a_fifo_at_once_and_says_what_it_is() {
    let dir = tempfile::tempdir().expect("dir");
    fifo(&dir.path().join("pipe.lock"));
    let out = lockwright_within_seconds(&["fmt", "pipe.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("pipe.lock") && err.contains("FIFO"), "{err}");
}

/// Regression: `check` read a FIFO for ever and `/dev/zero` until memory ran out.
#[test]
fn every_verb_refuses_a_fifo_or_a_device_at_once() {
    let dir = tempfile::tempdir().expect("dir");
    fifo(&dir.path().join("pipe.lock"));
    // A FIFO whose name no family owns is not opened to see whether it holds a lock.
    fifo(&dir.path().join("pipe"));
    // And, as regressions too, a solution, a rounds file or a lock for a match that is a FIFO,
    // which were waited on for ever.
    let lock = template("starter/spring-pull.lock");
    let lock = lock.to_str().expect("a UTF-8 path");
    std::fs::write(dir.path().join("seed.slide"), "2 . . @\n1 K K .\n  A B C\n").expect("write");
    for args in [
        &["check", "pipe.lock"][..],
        &["check", "pipe"],
        &["solve", "pipe"],
        &["check", "/dev/zero"],
        &["play", "pipe.lock", "."],
        &["solve", "/dev/zero"],
        &["render", "pipe.lock", "-o", "x.png"],
        &["diff", "pipe.lock", "/dev/zero"],
        &["verify", lock, "pipe"],
        &["verify", "seed.slide", "pipe"],
        &["play", lock, "--solution", "pipe.lock"],
        &["solve", lock, "--analyse", "--author", "pipe.lock"],
        &["publish", lock, "--slot", "1", "--solution", "pipe.lock"],
        &["match", "lock", "1", "pipe.lock"],
        &["match", "challenge", "BOB", "--rounds", "pipe.lock"],
    ] {
        let out = lockwright_within_seconds(args, dir.path());
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let err = text(&out.stderr) + &text(&out.stdout);
        assert!(
            err.contains("FIFO") || err.contains("device"),
            "{args:?} says what the file is: {err}"
        );
    }
}

/// Regression: `render -o /dev/stdout` failed ("cannot create a temporary file in
/// /proc/self/fd"), and as root `-o /dev/null` would have put a regular file in place of the
/// device. A terminal, pipe or device is written into as it is.
#[cfg(unix)]
#[test]
fn render_writes_into_standard_output_through_dev_stdout() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/spring-pull.lock");
    let lock = lock.to_str().expect("a UTF-8 path");
    // `output` reads the picture as it comes (larger than a pipe holds); the thread bounds
    // the wait.
    let (tx, rx) = std::sync::mpsc::channel();
    let cwd = dir.path().to_path_buf();
    let args = [
        "render".to_string(),
        lock.to_string(),
        "-o".into(),
        "/dev/stdout".into(),
    ];
    std::thread::spawn(move || {
        let _ = tx.send(
            Command::new(env!("CARGO_BIN_EXE_lockwright"))
                .args(&args)
                .current_dir(cwd)
                .output(),
        );
    });
    let out = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("render ends within 20 seconds")
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        out.stdout.starts_with(b"\x89PNG\r\n\x1a\n"),
        "a PNG on standard output: {:?}",
        &out.stdout[..out.stdout.len().min(16)]
    );
}

/// A file the user marked read-only is not replaced by `fmt`, as a formatter writing in place
/// would not.
#[cfg(unix)]
#[test]
fn fmt_leaves_a_read_only_file_as_it_is_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("messy.lock");
    let messy = std::fs::read_to_string(template("starter/spring-pull.lock"))
        .expect("template")
        .replacen('\n', "\n\n\n", 1);
    std::fs::write(&path, &messy).expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = lockwright(&["fmt", "messy.lock"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("messy.lock is read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), messy);
}

#[test]
fn fmt_still_gives_the_line_and_column_of_text_that_is_not_utf8() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(
        dir.path().join("latin1.lock"),
        b"lockwright-lock 1\nname: caf\xe9\n",
    )
    .expect("write");
    let out = lockwright(&["fmt", "latin1.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("latin1.lock:2:10: error: the file is not UTF-8"),
        "{err}"
    );
}

#[test]
fn fmt_leaves_a_file_with_errors_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("bad.lock"), "lockwright-lock 1\nsize: 3\n").expect("write");
    let out = lockwright(&["fmt", "bad.lock"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.lock")).expect("read"),
        "lockwright-lock 1\nsize: 3\n"
    );
}

/// Runs the command line under a given umask, through the shell (setting a umask needs no
/// unsafe code there, and it applies to that process only).
#[cfg(unix)]
fn lockwright_with_umask(umask: &str, args: &[&str], dir: &Path) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_lockwright"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs")
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o7777
}

#[cfg(unix)]
#[test]
fn new_files_get_the_mode_the_umask_allows() {
    let dir = tempfile::tempdir().expect("dir");
    for (umask, expected) in [("027", "640"), ("002", "664")] {
        let name = format!("Mask{umask}");
        let out = lockwright_with_umask(umask, &["new", &name, "--size", "3"], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let path = dir.path().join(format!("{name}.lock"));
        assert_eq!(format!("{:o}", mode(&path)), expected, "umask {umask}");
    }
}

/// Regression: `diff`, `check` and `play` panicked (exit 101) when their reader closed the pipe.
#[test]
fn a_closed_pipe_ends_a_verb_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("dir");
    let a = template("starter/pivot-gate.lock");
    let a = a.to_str().expect("path");
    // Far more than a pipe holds, so that the writer meets the closed pipe.
    let mut play = vec!["play", "--trace", a];
    play.extend(std::iter::repeat_n(".", 400));
    let mut json = vec!["play", "--json", a];
    json.extend(std::iter::repeat_n(".", 400));
    for args in [&play[..], &json[..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright"))
            .args(args)
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut first = [0u8; 10];
        let mut out = child.stdout.take().expect("stdout");
        out.read_exact(&mut first).expect("ten bytes");
        // `| head -c 10`: the reader goes away.
        drop(out);
        let done = child.wait_with_output().expect("ends");
        let err = text(&done.stderr);
        assert!(!err.contains("panicked"), "{}: {err}", args[1]);
        assert_eq!(done.status.code(), Some(0), "{}: {err}", args[1]);
    }
}

/// `check` and `fmt` take folders: every puzzle file in them and their subfolders, as the
/// studio lists a folder (`check locks/` said "locks is a folder, not a regular file"). A folder
/// with no puzzle file is refused, not passed as checked.
#[test]
fn check_and_fmt_take_a_folder_of_puzzles() {
    let dir = tempfile::tempdir().expect("dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let collection = dir.path().join("collection");
    std::fs::create_dir_all(collection.join("sliding")).expect("folders");
    std::fs::create_dir_all(dir.path().join("empty")).expect("folder");
    std::fs::copy(
        root.join("templates/nonogram/spade.non"),
        collection.join("spade.non"),
    )
    .expect("copy");
    std::fs::copy(
        root.join("templates/sliding/seed-example.slide"),
        collection.join("sliding/example.slide"),
    )
    .expect("copy");
    std::fs::write(collection.join("notes.txt"), "not a puzzle").expect("write");

    let out = lockwright(&["check", "collection"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["check", "--json", "collection"], dir.path());
    // One JSON object a file, a line each.
    let report: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let paths: Vec<&str> = report.iter().filter_map(|r| r["path"].as_str()).collect();
    assert_eq!(
        paths,
        ["collection/sliding/example.slide", "collection/spade.non"],
        "every puzzle below the folder, nothing else"
    );

    // A problem in a subfolder is found, and `fmt --check` reads the same files.
    std::fs::write(
        collection.join("sliding/broken.slide"),
        "3 . . .\n2 K K @\n1 . . .\n  A B C\naxis Q9: z\n",
    )
    .expect("write");
    let out = lockwright(&["check", "collection"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("collection/sliding/broken.slide:"),
        "{}",
        text(&out.stderr)
    );
    let out = lockwright(&["fmt", "--check", "collection"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));

    for verb in ["check", "fmt"] {
        let out = lockwright(&[verb, "empty"], dir.path());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{verb}: {err}");
        assert!(err.contains("empty holds no puzzle file"), "{verb}: {err}");
    }
}

/// A template of each family with two spaces after every line: text `fmt` changes.
fn messy_of_every_family() -> Vec<(&'static str, &'static str, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    [
        ("lock", "hexlock/starter/spring-pull.lock"),
        ("nonogram", "nonogram/spade.non"),
        ("quadrillion", "quadrillion/challenge-49.quad"),
        ("sliding", "sliding/seed-example.slide"),
    ]
    .into_iter()
    .map(|(kind, path)| {
        let canonical = std::fs::read_to_string(root.join(path)).expect("template");
        let messy = canonical.lines().map(|l| format!("{l}  \n")).collect();
        let name = Path::new(path)
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name");
        (kind, name, messy)
    })
    .collect()
}

/// An editor formats its buffer through standard input: `fmt - --kind K` prints exactly what
/// `fmt FILE` would write, and `check - --kind K` says what `check FILE` says, naming `<stdin>`.
#[test]
fn fmt_and_check_read_standard_input_as_an_editors_formatter_pipes_it() {
    let dir = tempfile::tempdir().expect("dir");
    for (kind, name, messy) in messy_of_every_family() {
        std::fs::write(dir.path().join(name), &messy).expect("write");
        let out = lockwright(&["fmt", "--check", name], dir.path());
        assert_eq!(
            out.status.code(),
            Some(1),
            "{name} is not canonical as given"
        );
        let piped =
            lockwright_with_stdin(&["fmt", "-", "--kind", kind], dir.path(), messy.as_bytes());
        assert_eq!(
            piped.status.code(),
            Some(0),
            "{kind}: {}",
            text(&piped.stderr)
        );
        let out = lockwright(&["fmt", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read_to_string(dir.path().join(name)).expect("read");
        assert_eq!(
            text(&piped.stdout),
            written,
            "{kind}: the same canonical text"
        );
        let again = lockwright_with_stdin(
            &["fmt", "--check", "-", "--kind", kind],
            dir.path(),
            written.as_bytes(),
        );
        assert_eq!(again.status.code(), Some(0), "{kind}: canonical now");
        assert!(again.stdout.is_empty(), "--check prints no text");
        let checked = lockwright_with_stdin(
            &["check", "-", "--kind", kind],
            dir.path(),
            messy.as_bytes(),
        );
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{kind}: {}",
            text(&checked.stderr)
        );
    }
    // Text with errors: nothing on standard output (an editor keeps its buffer), the
    // diagnostics on standard error with their line and column, exit 1.
    for kind in ["lock", "nonogram", "quadrillion", "sliding"] {
        for verb in ["fmt", "check"] {
            let out = lockwright_with_stdin(&[verb, "-", "--kind", kind], dir.path(), b"junk\n");
            assert_eq!(out.status.code(), Some(1), "{verb} {kind}");
            assert!(
                out.stdout.is_empty(),
                "{verb} {kind}: {}",
                text(&out.stdout)
            );
            let err = text(&out.stderr);
            assert!(err.contains("<stdin>:1:1: error"), "{verb} {kind}: {err}");
        }
    }
}

#[test]
fn standard_input_needs_its_family_named_and_is_read_once() {
    let dir = tempfile::tempdir().expect("dir");
    let lock = template("starter/spring-pull.lock");
    let lock = lock.to_str().expect("utf-8 path");
    for (args, says) in [
        (
            &["fmt", "-"][..],
            "needs --kind lock|nonogram|quadrillion|sliding",
        ),
        (&["check", "-", lock], "needs --kind"),
        (
            &["fmt", lock, "--kind", "lock"],
            "--kind names the family of standard input",
        ),
        (
            &["check", "-", "-", "--kind", "lock"],
            "can be read only once",
        ),
    ] {
        let out = lockwright_with_stdin(args, dir.path(), b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let out = lockwright_with_stdin(&["check", "-", "--kind", "hex"], dir.path(), b"");
    assert_eq!(out.status.code(), Some(2), "clap refuses an unknown kind");
    assert!(
        text(&out.stderr).contains("possible values"),
        "{}",
        text(&out.stderr)
    );
}
