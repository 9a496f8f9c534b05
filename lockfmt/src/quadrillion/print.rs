//! The canonical printer: properties, then unknown lines, then the grids by number, then the
//! shapes in the seed's order; positions measured from the board's top-left dot.

use super::document::{Document, Line};
use engine::quadrillion::{Dot, GridPlacement, Placement};
use std::fmt::Write as _;

fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "&quot;"))
}

/// Prints a document in canonical form.
pub fn print(doc: &Document) -> String {
    let ch = doc.challenge.normalised();
    let c = &doc.comments;
    let mut out = String::new();
    for h in &c.head {
        let _ = writeln!(out, "{h}");
    }
    if !c.head.is_empty() {
        out.push('\n');
    }
    let emit = |out: &mut String, line: Line, text: String| {
        for l in c.leading.get(&line).into_iter().flatten() {
            let _ = writeln!(out, "{l}");
        }
        match c.trailing.get(&line) {
            Some(t) => {
                let _ = writeln!(out, "{text} {t}");
            }
            None => {
                let _ = writeln!(out, "{text}");
            }
        }
    };
    let info = &doc.info;
    let mut head = false;
    for (line, key, value) in [
        (Line::Title, "title", &info.title),
        (Line::By, "by", &info.by),
        (Line::Source, "source", &info.source),
        (Line::License, "license", &info.license),
    ] {
        if let Some(v) = value {
            emit(&mut out, line, format!("{key} {}", quoted(v)));
            head = true;
        }
    }
    for (i, n) in info.notes.iter().enumerate() {
        emit(&mut out, Line::Note(i), format!("note {}", quoted(n)));
        head = true;
    }
    for (i, u) in doc.unknown.iter().enumerate() {
        emit(&mut out, Line::Unknown(i), u.clone());
        head = true;
    }
    // Normalised: the grids by number, the shapes in the seed's order.
    let grids = &ch.board.grids;
    if head && !grids.is_empty() {
        out.push('\n');
    }
    for g in grids {
        emit(
            &mut out,
            Line::Grid(g.grid),
            format!("grid {} {}", g.grid.number(), grid_lie(g)),
        );
    }
    let shapes = &ch.placed;
    if (head || !grids.is_empty()) && !shapes.is_empty() {
        out.push('\n');
    }
    for p in shapes {
        emit(
            &mut out,
            Line::Shape(p.shape),
            format!("shape {} {}", p.shape.letter(), shape_lie(p)),
        );
    }
    if !c.tail.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        for t in &c.tail {
            let _ = writeln!(out, "{t}");
        }
    }
    out
}

fn at(d: Dot) -> String {
    format!("at {} {}", d.row, d.col)
}

/// How a grid lies, as its line says it after the grid's number: "black turn 1 at 0 12".
pub fn grid_lie(g: &GridPlacement) -> String {
    let turn = if g.turns == 0 {
        String::new()
    } else {
        format!(" turn {}", g.turns)
    };
    format!("{}{turn} {}", g.side.name(), at(g.at))
}

/// How a shape lies, as its line says it after the shape's letter: "flipped turn 3 at 1 7".
pub fn shape_lie(p: &Placement) -> String {
    let mut words = Vec::new();
    if p.orientation.flipped {
        words.push("flipped".to_string());
    }
    if p.orientation.turns != 0 {
        words.push(format!("turn {}", p.orientation.turns));
    }
    words.push(at(p.at));
    words.join(" ")
}
