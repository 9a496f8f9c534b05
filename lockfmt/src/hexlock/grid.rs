//! The picture: how a lock's cells map to rows and columns of the text grid, and which glyph
//! draws what.
//!
//! Row `i` (from 0 at the top) of a size-`N` lock holds the cells with `r = i - N`, west to
//! east; it is indented by `|r|` spaces and its cells are separated by one space, so that the
//! rows interlock into a hexagon. Cell references in the text (`r3c4`) count rows and cells
//! within a row from 1.

use engine::hex::{self, Dir, Hex};

/// The number of rows of a size-`size` grid.
pub fn row_count(size: i32) -> usize {
    (2 * size + 1).max(0) as usize
}

/// The number of cells in row `row` (from 0).
pub fn row_width(size: i32, row: usize) -> usize {
    let r = row as i32 - size;
    (2 * size + 1 - r.abs()).max(0) as usize
}

/// The cell at row `row`, position `col` in the row (both from 0), if it exists.
pub fn cell_at(size: i32, row: usize, col: usize) -> Option<Hex> {
    if row >= row_count(size) || col >= row_width(size, row) {
        return None;
    }
    let r = row as i32 - size;
    let q_min = (-size).max(-size - r);
    Some(Hex::new(q_min + col as i32, r))
}

/// The row and position in the row (both from 0) of a cell, if it is in the area.
pub fn position_of(size: i32, cell: Hex) -> Option<(usize, usize)> {
    if cell.length() > size {
        return None;
    }
    let row = (cell.r + size) as usize;
    let q_min = (-size).max(-size - cell.r);
    Some((row, (cell.q - q_min) as usize))
}

/// The text of a cell reference: `r{row}c{col}`, both from 1.
pub fn cell_ref(size: i32, cell: Hex) -> String {
    match position_of(size, cell) {
        Some((row, col)) => format!("r{}c{}", row + 1, col + 1),
        // Outside the area: no reference exists; the lock is invalid anyway.
        None => format!("r0c0{{{},{}}}", cell.q, cell.r),
    }
}

/// Reads a cell reference `r{row}c{col}`, returning the 1-based pair.
pub fn parse_cell_ref(text: &str) -> Option<(usize, usize)> {
    let rest = text.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    Some((row.parse().ok()?, col.parse().ok()?))
}

/// The cells of a grid's rows, in order.
pub fn rows(size: i32) -> impl Iterator<Item = Vec<Hex>> {
    (-size..=size).map(move |r| hex::row_cells(size, r).collect())
}

/// Glyph for an empty cell.
pub const EMPTY: char = '.';
/// Glyph for an empty bolthole cell.
pub const BOLTHOLE: char = ':';
/// Glyph for an empty cell a spring runs through.
pub const SPRING: char = '~';
/// Glyph for a ball.
pub const BALL: char = 'o';
/// Glyph for the hook's hub.
pub const HOOK_HUB: char = '@';
/// Glyph for a cell of the wrench.
pub const WRENCH: char = '%';

/// The glyph that draws an arm pointing `dir` from its hub: it lies along the arm's line.
pub fn arm_glyph(dir: Dir) -> char {
    match dir {
        Dir::E | Dir::W => '-',
        Dir::NE | Dir::SW => '/',
        Dir::NW | Dir::SE => '\\',
    }
}

/// The two directions an arm glyph can point in from its hub.
pub fn arm_dirs(glyph: char) -> Option<[Dir; 2]> {
    match glyph {
        '-' => Some([Dir::E, Dir::W]),
        '/' => Some([Dir::NE, Dir::SW]),
        '\\' => Some([Dir::NW, Dir::SE]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_cover_the_hexagon_in_reading_order() {
        for size in 3..=11 {
            let all: Vec<Hex> = rows(size).flatten().collect();
            assert_eq!(all.len(), hex::hexagon(size).count());
            for (row, cells) in rows(size).enumerate() {
                assert_eq!(cells.len(), row_width(size, row));
                for (col, &c) in cells.iter().enumerate() {
                    assert_eq!(cell_at(size, row, col), Some(c));
                    assert_eq!(position_of(size, c), Some((row, col)));
                }
            }
        }
    }

    #[test]
    fn cell_refs_count_from_one() {
        assert_eq!(cell_ref(3, Hex::new(0, -3)), "r1c1");
        assert_eq!(cell_ref(3, Hex::new(-3, 0)), "r4c1");
        assert_eq!(parse_cell_ref("r4c1"), Some((4, 1)));
        assert_eq!(parse_cell_ref("r4"), None);
    }

    #[test]
    fn arm_glyphs_lie_along_their_line() {
        for d in Dir::ALL {
            let g = arm_glyph(d);
            assert!(arm_dirs(g).is_some_and(|ds| ds.contains(&d)));
            assert_eq!(arm_glyph(d.opposite()), g);
        }
    }
}
