//! The author's edits on a sliding lock, as plain functions from one document to the next: each
//! either gives the edited document or says, in the game's words, why the edit cannot be made.
//!
//! Pieces keep their place in `lock.pieces` across an edit (a new piece goes last, an erased
//! one takes its letter with it), so that [`Document::with_lock`] keeps every other piece's
//! letter and the printed text changes only where the edit is.

use engine::sliding::{Board, Cell, Dir, Kind, Lock, MAX_SIDE, Orientation, Piece};
use lockfmt::sliding::Document;

/// The smallest side of a board: two cells hold the Key.
pub const MIN_SIDE: u8 = 2;

/// What a press on the canvas does while authoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Darken or lighten cells (a stroke paints what its first cell becomes).
    Darken,
    /// Draw a vertical or horizontal piece by dragging across cells, or stretch one from an end.
    Piece,
    /// Place the Key: a click lays it across, a drag from one cell to the next lays it that way.
    Key,
    /// Place the Keyhole on an unlabelled edge.
    Keyhole,
    /// Place an axis.
    Axis,
    /// Drag a piece elsewhere.
    Move,
    /// Erase pieces (and lighten dark cells).
    Erase,
}

impl Tool {
    /// Every tool, in the toolbar's order.
    pub const ALL: [Tool; 7] = [
        Tool::Darken,
        Tool::Piece,
        Tool::Key,
        Tool::Keyhole,
        Tool::Axis,
        Tool::Move,
        Tool::Erase,
    ];

    /// Its icon on the toolbar.
    pub fn icon(self) -> crate::screen::toolbar::Icon {
        use crate::screen::toolbar::Icon;
        match self {
            Tool::Darken => Icon::Square,
            Tool::Piece => Icon::Bar,
            Tool::Key => Icon::Key,
            Tool::Keyhole => Icon::Keyhole,
            Tool::Axis => Icon::Axis,
            Tool::Move => Icon::Move,
            Tool::Erase => Icon::Eraser,
        }
    }

    /// Its name on the toolbar.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Darken => "Darken",
            Tool::Piece => "Piece",
            Tool::Key => "Key",
            Tool::Keyhole => "Keyhole",
            Tool::Axis => "Axis",
            Tool::Move => "Move",
            Tool::Erase => "Erase",
        }
    }

    /// Its key (a plain letter, when the source pane does not hold the focus).
    pub fn key(self) -> char {
        match self {
            Tool::Darken => 'd',
            Tool::Piece => 'p',
            Tool::Key => 'k',
            Tool::Keyhole => 'h',
            Tool::Axis => 'a',
            Tool::Move => 'm',
            Tool::Erase => 'e',
        }
    }

    /// What it does, for the status line.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Darken => "click or drag over cells to darken them (or lighten dark ones)",
            Tool::Piece => {
                "drag across two or more cells in a row or column to draw a piece; drag a piece's end to stretch or shorten it"
            }
            Tool::Key => {
                "click a cell to lay the Key across from it, or drag to the next cell to lay it that way"
            }
            Tool::Keyhole => "click a cell of the top row or the rightmost column",
            Tool::Axis => {
                "click a cell to place an axis; a piece whose end touches it in line is attached"
            }
            Tool::Move => "drag a piece to another place",
            Tool::Erase => {
                "click or drag over pieces to erase them (and dark cells to lighten them)"
            }
        }
    }
}

/// The cells from `from` to `to` when they lie in one row or one column, in order from the
/// bottom or left.
pub fn line(from: Cell, to: Cell) -> Option<(Cell, Orientation, u8)> {
    if from.row == to.row {
        let first = Cell::new(from.col.min(to.col), from.row);
        Some((
            first,
            Orientation::Horizontal,
            from.col.abs_diff(to.col) + 1,
        ))
    } else if from.col == to.col {
        let first = Cell::new(from.col, from.row.min(to.row));
        Some((first, Orientation::Vertical, from.row.abs_diff(to.row) + 1))
    } else {
        None
    }
}

/// Why `cells` cannot take a piece: off the board, dark, or covered by a piece other than the
/// ones in `ignore`.
fn check_free(lock: &Lock, cells: &[Cell], ignore: &[usize]) -> Result<(), String> {
    for &c in cells {
        if !lock.board.contains(c) {
            return Err(format!("{c} is off the board"));
        }
        if lock.board.is_dark(c) {
            return Err(format!("{c} is dark: pieces lie only on light cells"));
        }
        if let Some(i) = lock.piece_at(c).filter(|i| !ignore.contains(i)) {
            return Err(format!("{c} is taken by {}", describe(lock, i)));
        }
    }
    Ok(())
}

/// A piece in words: "the Key", "the Keyhole", "the axis C4", "BC1".
pub fn describe(lock: &Lock, piece: usize) -> String {
    match lock.pieces.get(piece).map(|p| p.kind) {
        Some(Kind::Key) => "the Key".into(),
        Some(Kind::Keyhole) => "the Keyhole".into(),
        Some(Kind::Axis) => format!("the axis {}", lock.name(piece)),
        _ => lock.name(piece),
    }
}

fn cells_of(p: &Piece) -> Vec<Cell> {
    p.cells().collect()
}

/// Darkens (or lightens) a cell. A cell with a piece on it is not darkened.
pub fn set_dark(doc: &Document, cell: Cell, dark: bool) -> Result<Document, String> {
    let lock = &doc.lock;
    if !lock.board.contains(cell) {
        return Err(format!("{cell} is off the board"));
    }
    if dark && let Some(i) = lock.piece_at(cell) {
        return Err(format!(
            "{} lies on {cell}: erase or move it before darkening the cell",
            describe(lock, i)
        ));
    }
    let mut next = lock.clone();
    next.board.set_dark(cell, dark);
    Ok(doc.with_lock(next))
}

/// A new vertical or horizontal piece over the cells from `from` to `to`.
pub fn draw_piece(doc: &Document, from: Cell, to: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    let Some((first, orientation, length)) = line(from, to) else {
        return Err(
            "a piece is a straight line: drag along one row (horizontal) or one column (vertical)"
                .into(),
        );
    };
    if length < 2 {
        return Err(
            "drag across two or more cells to draw a piece (a one-cell piece is an axis)".into(),
        );
    }
    let piece = Piece::slider(first, orientation, length);
    check_free(lock, &cells_of(&piece), &[])?;
    let mut next = lock.clone();
    next.pieces.push(piece);
    Ok(doc.with_lock(next))
}

/// Stretches or shortens a vertical or horizontal piece: the end at `end` is dragged to `to`,
/// in the piece's line; the other end stays.
pub fn stretch(doc: &Document, piece: usize, end: Cell, to: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    let Some(p) = lock.pieces.get(piece).copied() else {
        return Err("no piece there".into());
    };
    if p.kind != Kind::Slider {
        return Err(format!(
            "{} keeps its size: only vertical and horizontal pieces stretch",
            describe(lock, piece)
        ));
    }
    let other = if end == p.at { p.last() } else { p.at };
    let in_line = match p.orientation {
        Orientation::Horizontal => to.row == p.at.row,
        Orientation::Vertical => to.col == p.at.col,
    };
    if !in_line {
        let ways = match p.orientation {
            Orientation::Horizontal => "along its row",
            Orientation::Vertical => "along its column",
        };
        return Err(format!(
            "{} stretches only {ways}: a piece keeps its direction",
            lock.name(piece)
        ));
    }
    let Some((first, orientation, length)) = line(other, to) else {
        return Err("a piece is a straight line".into());
    };
    if length < 2 {
        return Err(format!(
            "{} is at least two cells long: erase it to remove it",
            lock.name(piece)
        ));
    }
    let stretched = Piece::slider(first, orientation, length);
    check_free(lock, &cells_of(&stretched), &[piece])?;
    let mut next = lock.clone();
    next.pieces[piece] = stretched;
    Ok(doc.with_lock(next))
}

/// Places the Key (moving it if the lock has one): from `from` towards `to` when they are
/// neighbours, else across from `from` (or up when across does not fit).
pub fn place_key(doc: &Document, from: Cell, to: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    let key = lock.key();
    let ignore: Vec<usize> = key.into_iter().collect();
    let toward = Dir::ALL
        .into_iter()
        .find(|&d| from.step(d, 1) == Some(to) && from != to);
    let tries: Vec<Dir> = match toward {
        Some(d) => vec![d],
        None if from == to => vec![Dir::Right, Dir::Up, Dir::Left, Dir::Down],
        None => {
            return Err(
                "the Key is two cells: click a cell, or drag from it to the next cell".into(),
            );
        }
    };
    let mut why = String::new();
    for d in tries {
        let Some(other) = from.step(d, 1) else {
            why = format!("the Key cannot lie {} of {from}: the board ends", d.word());
            continue;
        };
        let (first, orientation, _) = line(from, other).unwrap_or((from, d.orientation(), 2));
        let piece = Piece::key(first, orientation);
        match check_free(lock, &cells_of(&piece), &ignore) {
            Ok(()) => {
                let mut next = lock.clone();
                match key {
                    Some(k) => next.pieces[k] = piece,
                    None => next.pieces.push(piece),
                }
                return Ok(doc.with_lock(next));
            }
            Err(e) => why = format!("the Key does not fit there: {e}"),
        }
    }
    Err(why)
}

/// Places the Keyhole on `cell` (moving it if the lock has one), on an unlabelled edge.
pub fn place_keyhole(doc: &Document, cell: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    if !lock.board.on_unlabelled_edge(cell) {
        return Err(format!(
            "{cell} is not on an unlabelled edge: the Keyhole goes in the top row or the rightmost column"
        ));
    }
    let hole = lock.keyhole();
    check_free(lock, &[cell], &hole.into_iter().collect::<Vec<_>>())?;
    let mut next = lock.clone();
    match hole {
        Some(h) => next.pieces[h] = Piece::keyhole(cell),
        None => next.pieces.push(Piece::keyhole(cell)),
    }
    Ok(doc.with_lock(next))
}

/// Places an axis on `cell`.
pub fn place_axis(doc: &Document, cell: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    check_free(lock, &[cell], &[])?;
    let mut next = lock.clone();
    next.pieces.push(Piece::axis(cell));
    Ok(doc.with_lock(next))
}

/// Moves a piece by whole cells (`cols` right, `rows` up), keeping its shape.
pub fn move_piece(doc: &Document, piece: usize, cols: i32, rows: i32) -> Result<Document, String> {
    let lock = &doc.lock;
    let Some(p) = lock.pieces.get(piece).copied() else {
        return Err("no piece there".into());
    };
    let (col, row) = (p.at.col as i32 + cols, p.at.row as i32 + rows);
    let side = MAX_SIDE as i32;
    if !(0..side).contains(&col) || !(0..side).contains(&row) {
        return Err(format!("{} would leave the board", describe(lock, piece)));
    }
    let mut moved = p;
    moved.at = Cell::new(col as u8, row as u8);
    let cells = cells_of(&moved);
    if cells.len() < p.length as usize {
        return Err(format!("{} would leave the board", describe(lock, piece)));
    }
    check_free(lock, &cells, &[piece])?;
    if p.kind == Kind::Keyhole && !lock.board.on_unlabelled_edge(moved.at) {
        return Err(format!(
            "{} is not on an unlabelled edge: the Keyhole goes in the top row or the rightmost column",
            moved.at
        ));
    }
    let mut next = lock.clone();
    next.pieces[piece] = moved;
    Ok(doc.with_lock(next))
}

/// Erases the piece on `cell`, or lightens it when it is dark.
pub fn erase(doc: &Document, cell: Cell) -> Result<Document, String> {
    let lock = &doc.lock;
    if let Some(i) = lock.piece_at(cell) {
        let mut next = doc.clone();
        next.lock.pieces.remove(i);
        if i < next.letters.len() {
            next.letters.remove(i);
        }
        return Ok(next);
    }
    if lock.board.is_dark(cell) {
        return set_dark(doc, cell, false);
    }
    Err(format!("nothing to erase on {cell}"))
}

/// The board made `width` × `height` (each 2–11): columns come and go at the right, rows at
/// the top. A Keyhole on the right edge or the top row stays on it; a piece that would be cut
/// off is not, and the resize says so.
pub fn resize(doc: &Document, width: u8, height: u8) -> Result<Document, String> {
    let lock = &doc.lock;
    let (w, h) = (
        width.clamp(MIN_SIDE, MAX_SIDE),
        height.clamp(MIN_SIDE, MAX_SIDE),
    );
    let (ow, oh) = (lock.board.width(), lock.board.height());
    if (w, h) == (ow, oh) {
        return Err(format!("the board is {w}×{h} already"));
    }
    let mut board = Board::new(w, h);
    for row in 0..h.min(oh) {
        for col in 0..w.min(ow) {
            let c = Cell::new(col, row);
            board.set_dark(c, lock.board.is_dark(c));
        }
    }
    let mut next = Lock::new(board, lock.pieces.clone());
    if let Some(hole) = lock.keyhole() {
        let at = lock.pieces[hole].at;
        let col = if at.col + 1 == ow { w - 1 } else { at.col };
        let row = if at.row + 1 == oh { h - 1 } else { at.row };
        let to = Cell::new(col, row);
        if to != at {
            if !next.board.contains(to) {
                return Err(format!(
                    "the Keyhole at {at} would be cut off: move it before making the board {w}×{h}"
                ));
            }
            if next.board.is_dark(to) {
                return Err(format!(
                    "the Keyhole would move to {to} on the new edge, which is dark"
                ));
            }
            if let Some(i) = lock.piece_at(to).filter(|&i| i != hole) {
                return Err(format!(
                    "the Keyhole would move to {to} on the new edge, where {} lies",
                    describe(lock, i)
                ));
            }
            next.pieces[hole].at = to;
        }
    }
    for (i, p) in next.pieces.iter().enumerate() {
        if let Some(c) = p.cells().find(|c| !next.board.contains(*c)) {
            return Err(format!(
                "{} lies on {c}, which a {w}×{h} board does not have: move or erase it first",
                describe(lock, i)
            ));
        }
    }
    Ok(doc.with_lock(next))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str =
        "title \"The seed's example\"\n\n4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n";

    fn seed() -> Document {
        lockfmt::sliding::parse(SEED).document.expect("reads")
    }

    fn print(doc: &Document) -> String {
        lockfmt::sliding::print(doc)
    }

    fn c(name: &str) -> Cell {
        Cell::parse(name).expect("a cell")
    }

    #[test]
    fn darkening_a_cell_changes_one_row_and_never_a_piece() {
        let doc = set_dark(&seed(), c("A1"), true).expect("darkens");
        assert!(print(&doc).contains("\n1 * b b .\n"), "{}", print(&doc));
        assert_eq!(
            set_dark(&seed(), c("B1"), true).unwrap_err(),
            "BC1 lies on B1: erase or move it before darkening the cell"
        );
    }

    #[test]
    fn a_drag_across_free_cells_draws_a_piece_with_a_new_letter() {
        let doc = draw_piece(&seed(), c("A2"), c("B2")).expect("draws");
        assert!(print(&doc).contains("\n2 c c . .\n"), "{}", print(&doc));
        let doc = draw_piece(&seed(), c("D2"), c("D1")).expect("draws");
        assert!(print(&doc).contains("\n2 . . . c\n1 . b b c\n"));
        assert!(draw_piece(&seed(), c("A2"), c("B1")).is_err());
        assert!(draw_piece(&seed(), c("A2"), c("A2")).is_err());
        assert_eq!(
            draw_piece(&seed(), c("A1"), c("C1")).unwrap_err(),
            "B1 is taken by BC1"
        );
    }

    #[test]
    fn stretching_keeps_the_far_end_and_the_letter() {
        let doc = seed();
        let b = doc.piece_by_letter('b').expect("b");
        let longer = stretch(&doc, b, c("C1"), c("D1")).expect("stretches");
        assert!(
            print(&longer).contains("\n1 . b b b\n"),
            "{}",
            print(&longer)
        );
        let shorter = stretch(&longer, b, c("D1"), c("C1")).expect("shortens");
        assert_eq!(print(&shorter), print(&doc));
        assert!(stretch(&doc, b, c("C1"), c("B1")).is_err(), "one cell");
        assert!(stretch(&doc, b, c("C1"), c("C2")).is_err(), "out of line");
    }

    #[test]
    fn the_key_and_keyhole_move_and_axes_are_placed() {
        let doc = place_key(&seed(), c("A2"), c("A2")).expect("moves the key");
        assert!(print(&doc).contains("\n3 . . a @\n2 K K . .\n"));
        let doc = place_key(&seed(), c("A1"), c("A2")).expect("upright");
        assert!(print(&doc).contains("\n2 K . . .\n1 K b b .\n"));
        let doc = place_keyhole(&seed(), c("D2")).expect("on the edge");
        assert!(print(&doc).contains("\n3 K K a .\n2 . . . @\n"));
        assert!(place_keyhole(&seed(), c("A2")).is_err());
        let doc = place_axis(&seed(), c("D1")).expect("axis");
        assert!(print(&doc).contains("\n1 . b b +\n"), "{}", print(&doc));
        assert!(
            print(&doc).contains("axis D1: b"),
            "attached: {}",
            print(&doc)
        );
    }

    #[test]
    fn erasing_keeps_the_other_letters() {
        let doc = draw_piece(&seed(), c("A2"), c("B2")).expect("c");
        let a = doc.piece_by_letter('a').expect("a");
        let cell = doc.lock.pieces[a].at;
        let doc = erase(&doc, cell).expect("erased");
        let text = print(&doc);
        assert!(text.contains("\n2 c c . .\n1 . b b .\n"), "{text}");
        assert!(text.contains("\n4 . . . .\n"), "{text}");
    }

    #[test]
    fn resizing_keeps_the_keyhole_on_its_edge_and_refuses_to_cut_a_piece() {
        let doc = resize(&seed(), 5, 4).expect("wider");
        let text = print(&doc);
        assert!(text.contains("\n3 K K a . @\n"), "{text}");
        let back = resize(&doc, 4, 4).expect("narrower");
        assert_eq!(print(&back), print(&seed()));
        assert_eq!(
            resize(&seed(), 3, 4).unwrap_err(),
            "the Keyhole would move to C3 on the new edge, where C34 lies"
        );
        assert!(resize(&seed(), 4, 3).is_err(), "C34 reaches row 4");
    }
}
