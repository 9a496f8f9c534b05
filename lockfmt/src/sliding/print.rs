//! The canonical printer: head comments; the text properties, notes and unknown lines; a blank
//! line; the picture, top row first, row numbers right-aligned, and the footer of column
//! letters; a blank line and one `axis` line per axis, in the picture's reading order.

use super::document::{DARK, Document, LIGHT, Line};
use engine::sliding::{Cell, Kind};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The picture's rows, top row first, each as its glyphs.
pub fn grid(doc: &Document) -> Vec<Vec<char>> {
    let lock = &doc.lock;
    let glyphs = doc.glyphs();
    let (w, h) = (lock.board.width(), lock.board.height());
    let mut rows = vec![vec![LIGHT; w as usize]; h as usize];
    let mut put = |cell: Cell, g: char| {
        if lock.board.contains(cell) {
            rows[(h - 1 - cell.row) as usize][cell.col as usize] = g;
        }
    };
    for r in 0..h {
        for c in 0..w {
            if lock.board.is_dark(Cell::new(c, r)) {
                put(Cell::new(c, r), DARK);
            }
        }
    }
    for (i, p) in lock.pieces.iter().enumerate() {
        for cell in p.cells() {
            put(cell, glyphs[i]);
        }
    }
    rows
}

/// Prints a document in canonical form.
pub fn print(doc: &Document) -> String {
    let lock = &doc.lock;
    let glyphs = doc.glyphs();
    let c = &doc.comments;
    let mut out = String::new();
    c.write_head(&mut out);
    let emit = |out: &mut String, line: Line, text: String| c.write_line(out, line, &text);
    let head = crate::lines::write_author_lines(&mut out, c, &doc.info, &doc.unknown);
    let info = &doc.info;
    if head {
        out.push('\n');
    }

    let rows = grid(doc);
    let height = rows.len();
    // The axes in the picture's reading order: top row first, left to right.
    let mut axes: Vec<(usize, Cell)> = lock
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == Kind::Axis && lock.board.contains(p.at))
        .map(|(i, p)| (i, p.at))
        .collect();
    axes.sort_by_key(|&(i, c)| (std::cmp::Reverse(c.row), c.col, i));
    axes.dedup_by_key(|a| a.1);
    // Comments of lines this document no longer has (a row or an axis an edit removed) stand
    // before the picture rather than being lost.
    let printed = |line: &Line| match *line {
        Line::Row(n) => (1..=height).contains(&n),
        Line::Axis(cell) => axes.iter().any(|&(_, a)| a == cell),
        Line::Note(i) => i < info.notes.len(),
        Line::Unknown(i) => i < doc.unknown.len(),
        Line::Title => info.title.is_some(),
        Line::By => info.by.is_some(),
        Line::Source => info.source.is_some(),
        Line::License => info.license.is_some(),
        Line::Footer => true,
    };
    let orphans: BTreeSet<Line> = c
        .leading
        .keys()
        .chain(c.trailing.keys())
        .filter(|l| !printed(l))
        .copied()
        .collect();
    for line in orphans {
        for l in c.leading.get(&line).into_iter().flatten() {
            let _ = writeln!(out, "{l}");
        }
        if let Some(t) = c.trailing.get(&line) {
            let _ = writeln!(out, "{t}");
        }
    }

    let digits = height.to_string().len();
    for (i, row) in rows.iter().enumerate() {
        let number = height - i;
        let cells: String = row.iter().flat_map(|&g| [' ', g]).collect();
        emit(
            &mut out,
            Line::Row(number),
            format!("{number:>digits$}{cells}"),
        );
    }
    let footer: String = (0..lock.board.width())
        .flat_map(|col| [' ', Cell::column_letter(col)])
        .collect();
    emit(
        &mut out,
        Line::Footer,
        format!("{}{footer}", " ".repeat(digits)),
    );

    if !axes.is_empty() {
        out.push('\n');
    }
    for &(axis, cell) in &axes {
        let mut letters: Vec<char> = lock
            .attached(axis)
            .iter()
            .map(|&(i, _)| glyphs[i])
            .collect();
        letters.sort_unstable();
        letters.dedup();
        let list: String = letters.iter().flat_map(|&l| [' ', l]).collect();
        emit(&mut out, Line::Axis(cell), format!("axis {cell}:{list}"));
    }
    c.write_tail(&mut out);
    out
}
