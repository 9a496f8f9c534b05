//! Parsing is linear in the input: a grid row ten times longer takes about ten times as long,
//! not a hundred (columns were once counted from the line's start for every cell).

use lockfmt::hexlock::parse;
use std::time::{Duration, Instant};

/// A lock whose grid has one very long row of `cells` cells, the row starting with `first`.
fn long_row(cells: usize, first: &str) -> String {
    let mut row = String::from(first);
    for _ in 0..cells {
        row.push_str(" .");
    }
    format!("lockwright-lock 1\nname: Long\nsize: 3\n\ngrid:\n{row}\n")
}

/// The fastest of three parses, to keep a busy machine's noise out.
fn time(text: &str) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let parsed = parse(text);
            let took = t.elapsed();
            assert!(
                !parsed.diagnostics.is_empty(),
                "a row that long is a problem"
            );
            took
        })
        .min()
        .unwrap_or_default()
}

fn assert_linear(first: &str) {
    let short = time(&long_row(40_000, first));
    let long = time(&long_row(400_000, first));
    let ratio = long.as_secs_f64() / short.as_secs_f64().max(1e-9);
    // Linear work gives about 10; the quadratic column count gave about 100.
    assert!(
        ratio < 30.0,
        "40k cells: {short:?}, 400k cells: {long:?}, ratio {ratio:.1}"
    );
}

#[test]
fn a_long_ascii_grid_row_parses_in_linear_time() {
    assert_linear(".");
}

#[test]
fn a_long_grid_row_with_a_non_ascii_glyph_parses_in_linear_time() {
    assert_linear("é");
}
