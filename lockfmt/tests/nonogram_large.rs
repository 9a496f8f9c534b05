//! The largest nonograms: 4096×4096 files past the syntax tree's limit, read line by line
//! (`parse/plain.rs`), and one solved. Bounded by work (the solver's steps and line runs), never
//! by the clock.

use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Limits, LineRef, MAX_LINE, Puzzle, solve};
use lockfmt::nonogram::{MAX_FILE_BYTES, MAX_PLAIN_BYTES, parse, parse_bytes};

const N: usize = MAX_LINE;

/// A puzzle's text from its clues, written plainly.
fn text(rows: &[String], columns: &[String]) -> String {
    let mut out = format!("width {}\nheight {}\nrows\n", columns.len(), rows.len());
    for r in rows {
        out += r;
        out += "\n";
    }
    out += "columns\n";
    for c in columns {
        out += c;
        out += "\n";
    }
    out
}

/// The densest 4096×4096 file: a checkerboard, every row and column `1,1,…,1` (2,048 runs),
/// 32 MiB, eight times the syntax tree's limit: read whole, every run at its place.
#[test]
fn the_densest_4096_square_file_is_read() {
    let line = vec!["1"; N / 2].join(",");
    let t = text(&vec![line.clone(); N], &vec![line; N]);
    assert!(
        t.len() > 8 * MAX_FILE_BYTES && t.len() <= MAX_PLAIN_BYTES,
        "{}",
        t.len()
    );
    let parsed = parse_bytes(t.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert!(parsed.tree.is_none());
    let puzzle = &parsed.document.as_ref().expect("a document").puzzle;
    assert_eq!((puzzle.width, puzzle.height), (N, N));
    assert!(
        puzzle
            .rows
            .iter()
            .chain(&puzzle.columns)
            .all(|c| c.len() == N / 2)
    );
    let last = parsed.source_map.runs[&LineRef::Column(N - 1)][N / 2 - 1];
    assert_eq!((last.line, last.column), (2 * N + 4, N - 1));
}

/// A large file with anything but the puzzle's plain lines is refused, saying what it may hold.
#[test]
fn a_large_file_with_a_comment_is_refused_with_what_it_may_hold() {
    let line = vec!["1"; N / 2].join(",");
    let t = format!(
        "# a comment\n{}",
        text(&vec![line.clone(); N], &vec![line; N])
    );
    let parsed = parse(&t);
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].code, "file-too-large");
    assert!(parsed.diagnostics[0].message.contains("without comments"));
}

/// A line-solvable 4096×4096 puzzle whose rows hold 2,048 runs each (`2,1,1,…,1`, filling the
/// row exactly), read from its 16 MiB file and solved by the line rule alone: the root and no
/// guess, and at most three runs of the rule a line.
#[test]
fn a_line_solvable_4096_square_puzzle_is_read_and_solved() {
    let mut row = vec!["2"];
    row.extend(vec!["1"; N / 2 - 1]);
    let row = row.join(",");
    let columns: Vec<String> = (0..N)
        .map(|x| {
            if x < 2 || x % 2 == 1 {
                N.to_string()
            } else {
                "0".to_string()
            }
        })
        .collect();
    let t = text(&vec![row; N], &columns);
    assert!(t.len() > MAX_FILE_BYTES);
    let parsed = parse(&t);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let puzzle: &Puzzle = &parsed.document.as_ref().expect("a document").puzzle;
    let limits = Limits {
        timeout: None,
        max_steps: Some(1),
        max_memory: None,
    };
    let report = solve(puzzle, &limits);
    assert!(report.line_solvable);
    assert!(
        report.stats.line_runs <= 3 * 2 * N as u64,
        "{:?}",
        report.stats
    );
    let Answer::Unique(g) = &report.answer else {
        panic!("{:?}", report.stats)
    };
    for y in 0..N {
        assert_eq!(clue_of(g.row(y)), puzzle.rows[y], "row {y}");
    }
    for x in 0..N {
        assert_eq!(clue_of(&g.column(x)), puzzle.columns[x], "column {x}");
    }
}
