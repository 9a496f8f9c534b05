//! The canonical printer: properties, then unknown lines, then the grids by number, then the
//! shapes in the seed's order; positions measured from the board's top-left dot.

use super::document::{Document, Line};
use engine::quadrillion::{Dot, GridPlacement, Placement};

/// Prints a document in canonical form.
pub fn print(doc: &Document) -> String {
    let ch = doc.challenge.normalised();
    let c = &doc.comments;
    let mut out = String::new();
    c.write_head(&mut out);
    let emit = |out: &mut String, line: Line, text: String| c.write_line(out, line, &text);
    let head = crate::lines::write_author_lines(&mut out, c, &doc.info, &doc.unknown);
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
    c.write_tail(&mut out);
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
