//! A very long grid row is read whole, its last cell placed at its column (columns were once
//! counted from the line's start for every cell, which made such a row quadratic). How long it
//! takes, and that it grows linearly with the row, is measured by the benchmark
//! `benches/parse_scaling.rs`: tests do not read the clock.

use lockfmt::hexlock::parse;

/// A lock whose grid has one very long row of `cells` cells, the row starting with `first`,
/// and a last cell `?`.
fn long_row(cells: usize, first: &str) -> String {
    format!(
        "lockwright-lock 1\nname: Long\nsize: 3\n\ngrid:\n{first}{} ?\n",
        " .".repeat(cells)
    )
}

fn assert_last_cell_placed(first: &str) {
    let cells = 100_000;
    let parsed = parse(&long_row(cells, first));
    let row = parsed
        .diagnostics
        .iter()
        .find(|d| d.code == "grid-row-width")
        .unwrap_or_else(|| panic!("the row's width is named: {:#?}", parsed.diagnostics));
    // `first`, then `cells` times " .", then " ?": the row ends after character 2 × cells + 3,
    // counted in characters whatever `first` is.
    assert_eq!(
        (row.span.line, row.span.column, row.span.end_column),
        (6, 1, 2 * cells + 4)
    );
}

#[test]
fn a_long_ascii_grid_row_places_its_last_cell_at_its_column() {
    assert_last_cell_placed(".");
}

#[test]
fn a_long_grid_row_with_a_non_ascii_glyph_places_its_last_cell_at_its_column() {
    assert_last_cell_placed("é");
}
