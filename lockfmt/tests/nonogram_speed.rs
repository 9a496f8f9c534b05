//! Parsing a nonogram file is linear in its size: ten times the text takes about ten times as
//! long, not a hundred, for a long goal (ASCII or not), a long clue line, many clue lines and a
//! long string full of references.

use lockfmt::nonogram::parse;
use std::time::{Duration, Instant};

/// The fastest of five parses, to keep a busy machine's noise out.
fn time(text: &str) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            let parsed = parse(text);
            let took = t.elapsed();
            assert!(parsed.document.is_some());
            took
        })
        .min()
        .unwrap_or_default()
}

fn assert_linear(make: impl Fn(usize) -> String) {
    let short = time(&make(10_000));
    let long = time(&make(100_000));
    let ratio = long.as_secs_f64() / short.as_secs_f64().max(1e-9);
    // Linear work gives about 10; quadratic would give about 100.
    assert!(
        ratio < 30.0,
        "10k: {short:?}, 100k: {long:?}, ratio {ratio:.1}"
    );
}

/// A valid k×k puzzle of about `n` cells, every cell filled, its goal starting with `first`.
fn full_square(n: usize, first: &str) -> String {
    let k = (n as f64).sqrt() as usize;
    let clues = format!("{k}\n").repeat(k);
    let goal = format!("{first}{}", "1".repeat(k * k - 1));
    format!("width {k}\nheight {k}\nrows\n{clues}columns\n{clues}goal \"{goal}\"\n")
}

#[test]
fn a_long_goal_parses_in_linear_time() {
    assert_linear(|n| full_square(n, "1"));
}

#[test]
fn a_long_goal_with_non_ascii_cells_parses_in_linear_time() {
    // `é` reads as filled (with a warning), and makes the line's columns count characters.
    assert_linear(|n| full_square(n, "é"));
}

#[test]
fn many_clue_lines_parse_in_linear_time() {
    assert_linear(|n| {
        format!(
            "width {n}\nheight 1\nrows\n{n}\ncolumns\n{}",
            "1\n".repeat(n)
        )
    });
}

#[test]
fn a_long_clue_line_parses_in_linear_time() {
    assert_linear(|n| {
        format!(
            "width {}\nheight 1\nrows\n{}1\ncolumns\n",
            2 * n,
            "1,".repeat(n)
        )
    });
}

#[test]
fn a_long_string_of_references_parses_in_linear_time() {
    assert_linear(|n| {
        format!(
            "title \"{}\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
            "&eacute;é".repeat(n / 2)
        )
    });
}
