//! The command line on nonogram files: every verb chooses by the file's family.

mod command;

use command::{lockwright, text};

/// The seed's worked example, as a file.
const SEED: &str = "title \"Seed\"\nwidth 5\nheight 5\n\nrows\n3\n1,1,1\n5\n3\n1,1\n\ncolumns\n2\n1,3\n4\n1,3\n2\n\ngoal \"0111010101111110111001010\"\n";

#[test]
fn new_makes_an_empty_nonogram_that_checks_clean() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(
        &[
            "new", "Blank", "--kind", "nonogram", "--width", "6", "--height", "4",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dir.path().join("Blank.non")).expect("written");
    assert!(
        written.contains("width 6") && written.contains("height 4"),
        "{written}"
    );
    let out = lockwright(&["check", "Blank.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(
        &["new", "X", "--kind", "nonogram", "--size", "4"],
        dir.path(),
    );
    assert_ne!(out.status.code(), Some(0), "a nonogram has no --size");
}

#[test]
fn check_names_a_bad_clue_at_its_line_and_column() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = SEED.replace("\n1,3\n4\n", "\n1,3\n9\n");
    std::fs::write(dir.path().join("bad.non"), bad).expect("write");
    let out = lockwright(&["check", "bad.non"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.lines()
            .any(|l| l.starts_with("bad.non:15:") && l.contains("column 3")),
        "{err}"
    );
    let out = lockwright(&["check", "--json", "bad.non"], dir.path());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["valid"], false);
}

#[test]
fn fmt_writes_the_canonical_form_and_keeps_comments() {
    let dir = tempfile::tempdir().expect("dir");
    let messy = SEED
        .replace("title \"Seed\"\n", "# the seed's example\ntitle Seed\n")
        .replace("\n3\n1,1\n\ncolumns", "\n3\n1, 1\n\ncolumns");
    std::fs::write(dir.path().join("seed.non"), &messy).expect("write");
    let out = lockwright(&["fmt", "--check", "seed.non"], dir.path());
    assert_eq!(out.status.code(), Some(1), "not canonical yet");
    let out = lockwright(&["fmt", "seed.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let formatted = std::fs::read_to_string(dir.path().join("seed.non")).expect("read");
    assert!(formatted.contains("# the seed's example"), "{formatted}");
    assert!(formatted.contains("\n1,1\n"), "{formatted}");
    let out = lockwright(&["fmt", "--check", "seed.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "canonical now");
}

#[test]
fn render_draws_the_clues_and_with_solution_the_picture() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("seed.non"), SEED).expect("write");
    for (args, name) in [
        (
            &["render", "seed.non", "-o", "clues.png", "--width", "300"][..],
            "clues.png",
        ),
        (
            &[
                "render",
                "seed.non",
                "-o",
                "solved.png",
                "--width",
                "300",
                "--solution",
            ],
            "solved.png",
        ),
    ] {
        let out = lockwright(args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let img = image::open(dir.path().join(name))
            .expect("a png")
            .to_rgba8();
        assert_eq!(img.width(), 300);
    }
    let a = std::fs::read(dir.path().join("clues.png")).expect("read");
    let b = std::fs::read(dir.path().join("solved.png")).expect("read");
    assert_ne!(a, b, "the solution is drawn");
}

/// A picture too large for its clues to be read at the width asked: drawn in blocks of cells,
/// its clues left out with a warning that says the width that draws them. Cell by cell, a
/// 4096×4096 puzzle took `render` a minute and 4 GB for a picture 800 pixels wide.
#[test]
fn render_of_a_picture_too_large_to_read_leaves_its_clues_out_and_says_so() {
    let n = 600;
    let goal = |x: usize, y: usize| (x / 7 + y / 5).is_multiple_of(3);
    let mut file = format!("width {n}\nheight {n}\ngoal \"");
    for y in 0..n {
        for x in 0..n {
            file.push(if goal(x, y) { '1' } else { '0' });
        }
    }
    file += "\"\nrows\n";
    let clue = |cells: Vec<bool>| {
        let mut runs = Vec::new();
        let mut run = 0;
        for c in cells.into_iter().chain([false]) {
            if c {
                run += 1;
            } else if run > 0 {
                runs.push(run.to_string());
                run = 0;
            }
        }
        if runs.is_empty() {
            "0".to_string()
        } else {
            runs.join(",")
        }
    };
    for y in 0..n {
        file += &clue((0..n).map(|x| goal(x, y)).collect());
        file += "\n";
    }
    file += "columns\n";
    for x in 0..n {
        file += &clue((0..n).map(|y| goal(x, y)).collect());
        file += "\n";
    }
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("large.non"), &file).expect("write");
    let out = lockwright(
        &[
            "render",
            "large.non",
            "-o",
            "large.png",
            "--width",
            "400",
            "--solution",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains("too few to read its clues, which are left out"),
        "{said}"
    );
    let wider: u32 = said
        .split("`--width ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .and_then(|w| w.parse().ok())
        .expect("the width that draws them");
    let img = image::open(dir.path().join("large.png"))
        .expect("a png")
        .to_rgba8();
    assert_eq!(img.width(), 400);
    // At the width it names, the clues are drawn, and no warning is given.
    let out = lockwright(
        &[
            "render",
            "large.non",
            "-o",
            "wide.png",
            "--width",
            &wider.to_string(),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("warning"),
        "{}",
        text(&out.stderr)
    );
}

/// Clues that give two pictures were drawn as one of them without a word, and clues that give
/// none were said to have "no solution found", as if the solver had only run out of time.
#[test]
fn render_says_when_the_picture_drawn_is_one_of_several_or_none_exists() {
    let dir = tempfile::tempdir().expect("dir");
    let two = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    std::fs::write(dir.path().join("two.non"), two).expect("write");
    let out = lockwright(
        &["render", "two.non", "-o", "two.png", "--solution"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("the clues give more than one picture"),
        "{}",
        text(&out.stderr)
    );
    let none = "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n2\n0\n";
    std::fs::write(dir.path().join("none.non"), none).expect("write");
    let out = lockwright(
        &["render", "none.non", "-o", "none.png", "--solution"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("none.non: no picture gives these clues"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path().join("none.png").exists());
}

#[test]
fn solve_json_says_unique_multiple_or_none_with_its_exit_code() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("seed.non"), SEED).expect("write");
    let out = lockwright(&["solve", "seed.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["status"], "unique");
    assert_eq!(v["line_solvable"], true);
    assert_eq!(v["solution"][0], ".###.");
    assert!(v["seconds"].is_f64());
    // Two pictures share these clues: a 2×2 diagonal.
    let two = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    std::fs::write(dir.path().join("two.non"), two).expect("write");
    let out = lockwright(&["solve", "two.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["status"], "multiple");
    assert_ne!(v["solution"], v["second_solution"]);
    // No picture: a row of 2 and a column that says 0 through it.
    let none = "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n0\n2\n";
    std::fs::write(dir.path().join("none.non"), none).expect("write");
    let out = lockwright(&["solve", "none.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    // A file that cannot be read at all.
    let out = lockwright(&["solve", "missing.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_races_searches_on_the_threads_asked_and_answers_alike() {
    let dir = tempfile::tempdir().expect("dir");
    // Two pictures share these clues and only a search tells them apart.
    let two = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    std::fs::write(dir.path().join("two.non"), two).expect("write");
    for threads in ["1", "2", "3"] {
        let out = lockwright(
            &["solve", "two.non", "--json", "--threads", threads],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(v["status"], "multiple", "--threads {threads}");
        assert_eq!(v["threads"].to_string(), threads);
        // On a picture of up to 2,048 cells one thread of two or more is the SAT solver's.
        assert_eq!(
            v["sat_solver_thread"],
            threads != "1",
            "--threads {threads}"
        );
        assert_ne!(v["solution"], v["second_solution"]);
    }
    let says = |threads: &str, file: &str| {
        let out = lockwright(&["solve", file, "--threads", threads], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let one = says("1", "two.non");
    assert!(!one.contains("at once") && !one.contains("SAT"), "{one}");
    let two_threads = says("2", "two.non");
    assert!(
        two_threads.contains("(one search and the SAT solver beside it)"),
        "{two_threads}"
    );
    let three = says("3", "two.non");
    assert!(
        three.contains("(2 searches at once, and the SAT solver beside the first)"),
        "{three}"
    );
    // The same two pictures in the corner of a blank 50×50 picture: past 2,048 cells every
    // thread searches.
    let mut wide = String::from("width 50\nheight 50\n\nrows\n1\n1\n");
    wide.push_str(&"0\n".repeat(48));
    wide.push_str("\ncolumns\n1\n1\n");
    wide.push_str(&"0\n".repeat(48));
    std::fs::write(dir.path().join("wide.non"), wide).expect("write");
    let raced = says("2", "wide.non");
    assert!(raced.contains("(2 searches at once)"), "{raced}");
    let out = lockwright(
        &["solve", "wide.non", "--json", "--threads", "2"],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["sat_solver_thread"], false);
    let out = lockwright(&["solve", "two.non", "--threads", "0"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--threads is from 1 to 256, not 0"));
}

#[test]
fn from_image_thresholds_a_picture_into_a_puzzle_and_says_if_it_is_unique() {
    let dir = tempfile::tempdir().expect("dir");
    // A black plus on white, 50×50 pixels: a 5×5 puzzle.
    let img = image::GrayImage::from_fn(50, 50, |x, y| {
        let on = (20..30).contains(&x) || (20..30).contains(&y);
        image::Luma([if on { 0 } else { 255 }])
    });
    img.save(dir.path().join("plus.png")).expect("png");
    let out = lockwright(
        &["nonogram", "from-image", "plus.png", "--width", "5"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("5×5 cells, unique"), "{said}");
    let written = std::fs::read_to_string(dir.path().join("plus.non")).expect("written");
    assert!(
        written.contains("goal \"0010000100111110010000100\""),
        "{written}"
    );
    let out = lockwright(&["check", "plus.non"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let out = lockwright(
        &["nonogram", "from-image", "plus.png", "--width", "5"],
        dir.path(),
    );
    assert_ne!(
        out.status.code(),
        Some(0),
        "an existing file is not replaced"
    );
    // Regression: a picture narrower than --width gave a puzzle a cell a pixel without a word.
    let out = lockwright(
        &[
            "nonogram",
            "from-image",
            "plus.png",
            "--width",
            "80",
            "-o",
            "wide.non",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("50×50 cells (the picture is 50 pixels wide, fewer than --width 80)"),
        "{said}"
    );
}

/// A black plus drawn on a transparent background came out with the background filled and the
/// plus empty: the transparent pixels were read as their colour (black), alpha dropped.
#[test]
fn from_image_reads_a_transparent_background_as_white() {
    let dir = tempfile::tempdir().expect("dir");
    let img = image::RgbaImage::from_fn(50, 50, |x, y| {
        let on = (20..30).contains(&x) || (20..30).contains(&y);
        image::Rgba(if on { [0, 0, 0, 255] } else { [0, 0, 0, 0] })
    });
    img.save(dir.path().join("plus.png")).expect("png");
    let out = lockwright(
        &["nonogram", "from-image", "plus.png", "--width", "5"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dir.path().join("plus.non")).expect("written");
    assert!(
        written.contains("goal \"0010000100111110010000100\""),
        "{written}"
    );
}

/// A PNG of 100,000 × 100,000 pixels in 68 bytes: its header and a few bytes of data.
const HUGE_PNG: [u8; 68] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0, 0x08, 0x00, 0x00, 0x00, 0x00, 0x8d, 0x39, 0x54,
    0x14, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x80, 0x01, 0x00,
    0x00, 0x0a, 0x00, 0x01, 0x7f, 0x80, 0x74, 0x5e, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
];

/// Regression: a picture too large to read was called "not a picture this build reads (PNG):
/// Memory limit exceeded".
#[test]
fn from_image_says_a_picture_is_too_large_with_its_size() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("huge.png"), HUGE_PNG).expect("write");
    let out = lockwright(
        &["nonogram", "from-image", "huge.png", "--width", "20"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("huge.png is 100000×100000 pixels, too large a picture to read"),
        "{err}"
    );
    assert!(!dir.path().join("huge.non").exists());
}

#[test]
fn diff_names_the_clues_that_changed_and_a_file_it_cannot_read() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("old.non"), SEED).expect("write");
    // The top-left cell filled: row 1 and column 1 change, and the goal in one cell.
    let new = SEED
        .replace("rows\n3\n", "rows\n4\n")
        .replace("columns\n2\n", "columns\n3\n")
        .replace("goal \"0111", "goal \"1111");
    std::fs::write(dir.path().join("new.non"), &new).expect("write");
    let out = lockwright(&["diff", "old.non", "new.non"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    for line in [
        "-3\n+4\n",
        "#   row 1: 4 (was 3)",
        "#   column 1: 3 (was 2)",
        "#   the goal differs in 1 cell",
    ] {
        assert!(said.contains(line), "{line} in {said}");
    }
    assert!(!said.contains("pieces"), "{said}");

    std::fs::write(dir.path().join("bad.non"), "width 2\nheight x\n").expect("write");
    let out = lockwright(&["diff", "old.non", "bad.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["changes"], serde_json::json!([]));
    let out = lockwright(&["diff", "old.non", "bad.non"], dir.path());
    assert!(
        text(&out.stdout).contains("# bad.non does not read as a nonogram"),
        "{}",
        text(&out.stdout)
    );
    // Regression: a puzzle of another family was said not to read as a nonogram, with
    // `lockwright check` to say why, though it is a good puzzle of its own family.
    std::fs::write(
        dir.path().join("lock.slide"),
        "title \"s\"\n\n2 . . @\n1 K K .\n  A B C\n",
    )
    .expect("write");
    let out = lockwright(&["check", "lock.slide"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = lockwright(&["diff", "old.non", "lock.slide"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    assert!(
        said.contains(
            "# old.non is a nonogram and lock.slide is a sliding lock: only their lines are compared"
        ),
        "{said}"
    );
    assert!(!said.contains("does not read"), "{said}");
}

/// Regression: `play` and `verify` read a nonogram as a hex lock ("a lock file starts with the
/// line `lockwright-lock 1`").
#[test]
fn play_verify_and_publish_say_what_a_nonogram_is_not() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("seed.non"), SEED).expect("write");
    std::fs::write(dir.path().join("seed.solution"), "hE\n").expect("write");
    for args in [
        &["play", "seed.non", "hE"][..],
        &["verify", "seed.non", "seed.solution"][..],
    ] {
        let out = lockwright(args, dir.path());
        assert_eq!(out.status.code(), Some(2));
        let said = text(&out.stderr);
        assert!(
            said.contains("seed.non is a nonogram, which has no moves"),
            "{said}"
        );
        assert!(!said.contains("lockwright-lock"), "{said}");
    }
    let out = lockwright(
        &[
            "publish",
            "seed.non",
            "--slot",
            "1",
            "--solution",
            "seed.solution",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("seed.non is a nonogram: the server's metagame is played with hex locks"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn export_and_import_carry_a_nonogram_through_webpbn_xml() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("seed.non"), SEED).expect("write");
    let out = lockwright(&["nonogram", "export", "seed.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let xml = std::fs::read_to_string(dir.path().join("seed.xml")).expect("the XML");
    assert!(xml.contains("<puzzleset>"), "{xml}");

    let out = lockwright(
        &["nonogram", "import", "seed.xml", "-o", "back.non"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let back = std::fs::read_to_string(dir.path().join("back.non")).expect("imported");
    assert_eq!(back, SEED, "the round trip gives the file back");
    let again = lockwright(
        &["nonogram", "import", "seed.xml", "-o", "back.non"],
        dir.path(),
    );
    assert_eq!(again.status.code(), Some(2), "an existing file is kept");

    // A set of two puzzles: one file each.
    let start = xml.find("<puzzle ").expect("a puzzle");
    let end = xml.find("</puzzle>").expect("its end") + "</puzzle>".len();
    let set = format!("{}{}{}", &xml[..end], &xml[start..end], &xml[end..]);
    std::fs::write(dir.path().join("set.xml"), set).expect("write");
    let out = lockwright(&["nonogram", "import", "set.xml"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for name in ["set-1.non", "set-2.non"] {
        assert_eq!(
            std::fs::read_to_string(dir.path().join(name))
                .ok()
                .as_deref(),
            Some(SEED)
        );
    }

    std::fs::write(
        dir.path().join("bad.xml"),
        "<puzzleset>\n<puzzle type=\"grid\"><oops",
    )
    .expect("write");
    let out = lockwright(&["nonogram", "import", "bad.xml"], dir.path());
    assert_eq!(out.status.code(), Some(2), "cannot be read");
    assert!(
        text(&out.stderr).contains("bad.xml:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn an_imported_puzzle_whose_clues_cannot_be_given_is_written_with_its_problems_listed() {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(
        dir.path().join("long.xml"),
        "<puzzleset><puzzle>\
         <clues type=\"rows\"><line><count>3</count></line></clues>\
         <clues type=\"columns\"><line><count>1</count></line></clues>\
         </puzzle></puzzleset>",
    )
    .expect("write");
    let out = lockwright(&["nonogram", "import", "long.xml"], dir.path());
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("long.non:5:1: error: row 1: the clue needs 3 cells and the line has 1"),
        "{err}"
    );
    let written = std::fs::read_to_string(dir.path().join("long.non")).expect("written still");
    assert!(written.contains("rows\n3\n"), "{written}");
    let check = lockwright(&["check", "long.non"], dir.path());
    assert_eq!(check.status.code(), Some(1), "check says the same");
}

/// A webpbn XML file given where a puzzle file is expected: `check` checks it as the nonograms
/// it imports as, and the other verbs say what it is and how to import it (they read it as a
/// hex lock, with a page of errors).
#[test]
fn webpbn_xml_is_checked_as_its_nonograms_and_named_by_the_other_verbs() {
    let dir = tempfile::tempdir().expect("dir");
    let put = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("write");
    put(
        "good.xml",
        "<puzzleset><puzzle><solution><image>|X.|</image></solution></puzzle></puzzleset>",
    );
    put(
        "broken.xml",
        "<puzzleset>\n<puzzle type=\"triddler\"/></puzzleset>",
    );
    put(
        "long.xml",
        "<puzzleset><puzzle><clues type=\"rows\"><line><count>3</count></line></clues>\
         <clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>",
    );
    let out = lockwright(&["check", "good.xml"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");

    // A set without a puzzle was "checked" silently and "imported" as nothing, exit 0.
    put("none.xml", "<puzzleset>\n</puzzleset>");
    // `check` exits 1 for the problems it finds; `import` 2, for what it cannot read.
    for (verb, code) in [
        (vec!["check", "none.xml"], 1),
        (vec!["nonogram", "import", "none.xml"], 2),
    ] {
        let out = lockwright(&verb, dir.path());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{verb:?}: {err}");
        assert!(
            err.contains("none.xml:1:1: error: the puzzle set holds no puzzle"),
            "{verb:?}: {err}"
        );
    }

    let out = lockwright(&["check", "broken.xml", "long.xml"], dir.path());
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "broken.xml:2:1: error: a `triddler` puzzle: Lockwright reads grid puzzles only"
        ),
        "{err}"
    );
    assert!(
        err.contains("long.xml (puzzle 1 as .non):5:1: error: row 1: the clue needs 3 cells and the line has 1"),
        "{err}"
    );

    for verb in [
        vec!["solve", "good.xml"],
        vec!["render", "good.xml", "-o", "x.png"],
        vec!["play", "good.xml"],
        vec!["diff", "good.xml", "long.xml"],
        vec!["fmt", "good.xml"],
    ] {
        let out = lockwright(&verb, dir.path());
        let err = text(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{verb:?}: {err}");
        assert!(
            err.contains("good.xml is webpbn XML, not a puzzle file: `lockwright nonogram import good.xml` makes a nonogram (.non) of it"),
            "{verb:?}: {err}"
        );
    }
}

/// Olšák's `.g` files (webpbn's other export, and the format of Jan Wolter's survey of solvers)
/// are imported, checked and named by the other verbs as webpbn's XML is; a colour puzzle is
/// refused where its second colour is first used.
#[test]
fn an_olsak_g_file_is_imported_checked_and_named_by_the_other_verbs() {
    let dir = tempfile::tempdir().expect("dir");
    let put = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("write");
    put(
        "dancer.g",
        "webpbn.org #1: Demo Puzzle from Front Page\r\nCopyright 2004 by Jan Wolter\r\n#d\r\n   0:   #FFFFFF   white\r\n   g:X  #000000   black\r\n: rows\r\n2g\r\n2g 1g\r\n1g 1g\r\n3g\r\n1g 1g\r\n1g 1g\r\n2g\r\n1g 1g\r\n1g 2g\r\n2g\r\n: columns\r\n2g 1g\r\n2g 1g 3g\r\n7g\r\n1g 3g\r\n2g 1g",
    );
    let out = lockwright(&["nonogram", "import", "dancer.g"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let non = std::fs::read_to_string(dir.path().join("dancer.non")).expect("imported");
    assert!(
        non.contains("catalogue \"webpbn.org #1\"") && non.contains("width 5\nheight 10"),
        "{non}"
    );
    let out = lockwright(&["solve", "dancer.non", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\"unique\""),
        "{}",
        text(&out.stdout)
    );

    let out = lockwright(&["check", "dancer.g"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = lockwright(&["solve", "dancer.g"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(
            "dancer.g is Olšák's .g format, not a puzzle file: `lockwright nonogram import dancer.g`"
        ),
        "{}",
        text(&out.stderr)
    );

    put(
        "onions.g",
        "#d\n 0: #FFFFFF white\n g:X #000000 black\n r:* #FF0000 red\n: rows\n1g\n1g 1r\n: columns\n1g\n1r\n",
    );
    let out = lockwright(&["nonogram", "import", "onions.g"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("onions.g:7:5: error: a puzzle in more than one colour"),
        "{}",
        text(&out.stderr)
    );
}

/// A line-solvable 4096×4096 puzzle whose rows hold 2,048 runs each (`2,1,1,…,1`): 16.0 MiB
/// written plainly, which the nonogram reader reads and solves. The command line read at most
/// 16 MiB of any file and refused it (exit 2) before the reader saw it; now every path that
/// reads files for the readers reads as much as the largest family does.
#[test]
fn solve_reads_a_4096_square_nonogram_past_16_mib() {
    const N: usize = 4096;
    let mut row = vec!["2"];
    row.extend(vec!["1"; N / 2 - 1]);
    let row = row.join(",");
    let mut file = format!("width {N}\nheight {N}\nrows\n");
    for _ in 0..N {
        file += &row;
        file += "\n";
    }
    file += "columns\n";
    for x in 0..N {
        file += if x < 2 || x % 2 == 1 { "4096\n" } else { "0\n" };
    }
    assert!(file.len() > 16 << 20, "{} bytes", file.len());
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("large.non"), &file).expect("write");
    let out = lockwright(&["check", "large.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = lockwright(&["solve", "--json", "large.non"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["status"], "unique", "{}", v["message"]);
    assert_eq!(v["line_solvable"], true);
    assert_eq!(v["nodes"], 0);
}
