//! A nonogram as a picture: the clues above and left of the grid, the cells, and marks over
//! them, as plain shapes in a space where one cell is one unit — drawn by the canvas on screen
//! and by the PNG exporter alike.

use crate::shape::{P, Rgba, Shape};
use engine::nonogram::{Cell, Grid, LineRef, Puzzle};
use std::ops::Range;

/// Below this many pixels a cell, its outline, its cross and the lines every five cells are
/// a blur: the cells are drawn in square blocks instead, each filled where most of its cells
/// are, so that a 4096×4096 picture shown whole is some ten thousand shapes, not fifty million.
pub const CELL_DETAIL_PIXELS: f32 = 3.0;

/// Below this many pixels a cell, a clue number cannot be read: none is drawn.
pub const CLUE_PIXELS: f32 = 4.0;

/// What a view shows of the picture: the grid's columns and rows in sight, and the pixels a
/// cell takes. Only what is in sight is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Sight {
    pub columns: Range<usize>,
    pub rows: Range<usize>,
    pub cell_pixels: f32,
}

impl Sight {
    /// The whole picture, each cell `cell_pixels` wide.
    pub fn whole(layout: &Layout, cell_pixels: f32) -> Sight {
        Sight {
            columns: 0..layout.width,
            rows: 0..layout.height,
            cell_pixels,
        }
    }

    /// The side, in cells, of the blocks cells are drawn in: the fewest that make a block
    /// [`CELL_DETAIL_PIXELS`] wide, or 1 where cells are drawn one by one.
    fn block(&self) -> usize {
        if self.cell_pixels < CELL_DETAIL_PIXELS {
            (CELL_DETAIL_PIXELS / self.cell_pixels.max(1e-3))
                .ceil()
                .max(1.0) as usize
        } else {
            1
        }
    }
}

/// Colours of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: Rgba,
    pub cell: Rgba,
    pub line: Rgba,
    pub thick_line: Rgba,
    pub filled: Rgba,
    pub cross: Rgba,
    pub clue: Rgba,
    /// A clue whose line is already as the clue says.
    pub clue_done: Rgba,
    /// Cells the solutions disagree on.
    pub ambiguous: Rgba,
    /// The player's cells that disagree with the solution, and lines with no fitting placement.
    pub mistake: Rgba,
    /// The line a hint or a deduction is about.
    pub focus: Rgba,
}

impl Palette {
    /// The palette of the studio's theme: dark or light.
    pub const fn of_theme(dark: bool) -> Palette {
        if dark { Palette::DARK } else { Palette::LIGHT }
    }

    /// The palette of a picture drawn for `shade`.
    pub fn of_shade(shade: crate::family::Shade) -> Palette {
        match shade {
            crate::family::Shade::Light => Palette::LIGHT,
            crate::family::Shade::Dark => Palette::DARK,
        }
    }

    /// The light theme's colours.
    pub const LIGHT: Palette = Palette {
        background: Rgba::rgb8(0xf4, 0xf1, 0xea),
        cell: Rgba::rgb8(0xfd, 0xfc, 0xf8),
        line: Rgba::rgb8(0xc8, 0xc0, 0xae),
        thick_line: Rgba::rgb8(0x6a, 0x62, 0x56),
        filled: Rgba::rgb8(0x2b, 0x2a, 0x33),
        cross: Rgba::rgb8(0x9a, 0x92, 0x84),
        clue: Rgba::rgb8(0x2b, 0x2a, 0x33),
        clue_done: Rgba::rgb8(0xb0, 0xa8, 0x98),
        ambiguous: Rgba(0.95, 0.66, 0.15, 0.45),
        mistake: Rgba::rgb8(0xe0, 0x1b, 0x24),
        focus: Rgba(0.24, 0.44, 0.69, 0.18),
    };

    /// The dark theme's colours.
    pub const DARK: Palette = Palette {
        background: Rgba::rgb8(0x1f, 0x22, 0x26),
        cell: Rgba::rgb8(0x2e, 0x32, 0x38),
        line: Rgba::rgb8(0x44, 0x4a, 0x52),
        thick_line: Rgba::rgb8(0x8a, 0x90, 0x98),
        filled: Rgba::rgb8(0xe6, 0xe2, 0xd8),
        cross: Rgba::rgb8(0x70, 0x76, 0x7e),
        clue: Rgba::rgb8(0xe6, 0xe2, 0xd8),
        clue_done: Rgba::rgb8(0x5c, 0x63, 0x6a),
        ..Palette::LIGHT
    };
}

/// Where things are: the grid starts after the row clues' columns and the column clues' rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The grid's width, in cells.
    pub width: usize,
    /// The grid's height, in cells.
    pub height: usize,
    /// Columns of clue numbers left of the grid (the most numbers any row clue has).
    pub clue_columns: usize,
    /// Rows of clue numbers above the grid (the most numbers any column clue has).
    pub clue_rows: usize,
}

impl Layout {
    /// The layout of a puzzle.
    pub fn of(puzzle: &Puzzle) -> Layout {
        let most = |clues: &[Vec<u32>]| clues.iter().map(|c| c.len().max(1)).max().unwrap_or(1);
        Layout {
            width: puzzle.width,
            height: puzzle.height,
            clue_columns: most(&puzzle.rows),
            clue_rows: most(&puzzle.columns),
        }
    }

    /// The picture's size in cells: clues and grid.
    pub fn extent(&self) -> (f32, f32) {
        (
            (self.clue_columns + self.width) as f32,
            (self.clue_rows + self.height) as f32,
        )
    }

    /// The top-left corner of the grid's cell (x, y).
    pub fn corner(&self, x: usize, y: usize) -> P {
        P((self.clue_columns + x) as f32, (self.clue_rows + y) as f32)
    }

    /// The grid cell under a point, if any.
    pub fn cell_at(&self, p: P) -> Option<(usize, usize)> {
        let x = p.0 - self.clue_columns as f32;
        let y = p.1 - self.clue_rows as f32;
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (x, y) = (x as usize, y as usize);
        (x < self.width && y < self.height).then_some((x, y))
    }
}

fn square(corner: P, inset: f32, fill: Rgba, stroke: Option<(Rgba, f32)>) -> Shape {
    let (x, y) = (corner.0 + inset, corner.1 + inset);
    let s = 1.0 - 2.0 * inset;
    Shape::Polygon {
        points: vec![P(x, y), P(x + s, y), P(x + s, y + s), P(x, y + s)],
        fill,
        stroke,
    }
}

/// The clue numbers, right-aligned against the grid; a line whose cells already read as its
/// clue (in `grid`) is greyed.
pub fn clues(
    puzzle: &Puzzle,
    layout: &Layout,
    grid: Option<&Grid>,
    palette: &Palette,
) -> Vec<Shape> {
    clues_in(
        puzzle,
        layout,
        grid,
        palette,
        &Sight::whole(layout, f32::INFINITY),
    )
}

/// [`clues`] of the rows and columns in `sight`; none where a cell takes fewer than
/// [`CLUE_PIXELS`], too few to read a number.
pub fn clues_in(
    puzzle: &Puzzle,
    layout: &Layout,
    grid: Option<&Grid>,
    palette: &Palette,
    sight: &Sight,
) -> Vec<Shape> {
    let mut out = Vec::new();
    if sight.cell_pixels < CLUE_PIXELS {
        return out;
    }
    let done = |line: LineRef| -> bool {
        grid.is_some_and(|g| {
            let cells = g.line(line);
            cells.iter().all(|c| c.is_known())
                && engine::nonogram::model::clue_of(&cells) == puzzle.clue(line)
        })
    };
    let number = |at: P, n: u32, colour: Rgba| Shape::Text {
        at,
        text: n.to_string(),
        size: if n >= 10 { 0.5 } else { 0.6 },
        colour,
    };
    let rows = puzzle.rows.iter().enumerate();
    for (y, clue) in rows.filter(|(y, _)| sight.rows.contains(y)) {
        let colour = if done(LineRef::Row(y)) {
            palette.clue_done
        } else {
            palette.clue
        };
        let shown: Vec<u32> = if clue.is_empty() {
            vec![0]
        } else {
            clue.clone()
        };
        // Right against the grid; a clue longer than the layout's strip (a layout held while a
        // stroke is painted) reaches out of sight on the left.
        let start = layout.clue_columns as f32 - shown.len() as f32;
        for (i, &n) in shown.iter().enumerate() {
            let c = P(start + i as f32 + 0.5, (layout.clue_rows + y) as f32 + 0.5);
            out.push(number(c, n, colour));
        }
    }
    let columns = puzzle.columns.iter().enumerate();
    for (x, clue) in columns.filter(|(x, _)| sight.columns.contains(x)) {
        let colour = if done(LineRef::Column(x)) {
            palette.clue_done
        } else {
            palette.clue
        };
        let shown: Vec<u32> = if clue.is_empty() {
            vec![0]
        } else {
            clue.clone()
        };
        let start = layout.clue_rows as f32 - shown.len() as f32;
        for (i, &n) in shown.iter().enumerate() {
            let c = P(
                (layout.clue_columns + x) as f32 + 0.5,
                start + i as f32 + 0.5,
            );
            out.push(number(c, n, colour));
        }
    }
    out
}

/// The cells in `sight`: each with its outline, filled or crossed, and the lines every five
/// cells, when a cell takes [`CELL_DETAIL_PIXELS`] or more; else square blocks of cells, each
/// filled where at least half its cells are, within the grid's border.
pub fn cells_in(layout: &Layout, grid: &Grid, palette: &Palette, sight: &Sight) -> Vec<Shape> {
    let columns = sight.columns.start.min(layout.width)..sight.columns.end.min(layout.width);
    let rows = sight.rows.start.min(layout.height)..sight.rows.end.min(layout.height);
    if columns.is_empty() || rows.is_empty() {
        return Vec::new();
    }
    if sight.block() > 1 {
        return blocks(layout, grid, palette, columns, rows, sight);
    }
    let mut out = Vec::new();
    for y in rows.clone() {
        for x in columns.clone() {
            let corner = layout.corner(x, y);
            out.push(square(
                corner,
                0.0,
                palette.cell,
                Some((palette.line, 0.03)),
            ));
            match grid.get(x, y) {
                Cell::Filled => out.push(square(corner, 0.06, palette.filled, None)),
                Cell::Empty => {
                    let (a, b) = (0.3, 0.7);
                    for (p, q) in [((a, a), (b, b)), ((b, a), (a, b))] {
                        out.push(Shape::Line {
                            points: vec![
                                P(corner.0 + p.0, corner.1 + p.1),
                                P(corner.0 + q.0, corner.1 + q.1),
                            ],
                            colour: palette.cross,
                            width: 0.06,
                        });
                    }
                }
                Cell::Unknown => {}
            }
        }
    }
    let top_left = layout.corner(columns.start, rows.start);
    let bottom_right = layout.corner(columns.end, rows.end);
    for x in (columns.start..=columns.end).filter(|x| x % 5 == 0 || *x == layout.width) {
        let at = layout.corner(x, 0).0;
        out.push(Shape::Line {
            points: vec![P(at, top_left.1), P(at, bottom_right.1)],
            colour: palette.thick_line,
            width: 0.06,
        });
    }
    for y in (rows.start..=rows.end).filter(|y| y % 5 == 0 || *y == layout.height) {
        let at = layout.corner(0, y).1;
        out.push(Shape::Line {
            points: vec![P(top_left.0, at), P(bottom_right.0, at)],
            colour: palette.thick_line,
            width: 0.06,
        });
    }
    out
}

/// Cells too small to draw one by one: blocks of `k`×`k` cells ([`Sight::block`]), over the
/// cells' colour, and the grid's border.
fn blocks(
    layout: &Layout,
    grid: &Grid,
    palette: &Palette,
    columns: Range<usize>,
    rows: Range<usize>,
    sight: &Sight,
) -> Vec<Shape> {
    let cell_pixels = sight.cell_pixels.max(1e-3);
    let k = sight.block();
    let mut out = vec![rectangle(
        layout,
        (columns.clone(), rows.clone()),
        palette.cell,
        None,
        0.0,
    )];
    // Blocks side by side meet inside a pixel, each covering part of it: each reaches half a
    // pixel into the next, so that no seam of the cells' colour shows between them.
    let overlap = 0.5 / cell_pixels;
    // Blocks start at multiples of `k`, wherever the sight starts, so that they stay put as the
    // picture is dragged and marks fall on them.
    for y0 in (rows.start - rows.start % k..rows.end).step_by(k) {
        let ys = y0.max(rows.start)..(y0 + k).min(rows.end);
        // A row of blocks as runs of one shade, each one rectangle.
        let mut run: Option<(usize, u8)> = None;
        let first = columns.start - columns.start % k;
        for x0 in (first..columns.end).step_by(k).chain([columns.end]) {
            let xs = x0.max(columns.start)..(x0 + k).min(columns.end);
            let shade = if xs.is_empty() {
                0
            } else {
                let count = ys
                    .clone()
                    .flat_map(|y| xs.clone().map(move |x| (x, y)))
                    .filter(|&(x, y)| grid.get(x, y) == Cell::Filled)
                    .count();
                block_shade(count, xs.len() * ys.len())
            };
            match run {
                Some((_, now)) if now == shade => {}
                _ => {
                    if let Some((from, now)) = run.take()
                        && now > 0
                    {
                        let reach = if ys.end < rows.end { overlap } else { 0.0 };
                        let fill = if now == SHADES {
                            palette.filled
                        } else {
                            mix(palette.cell, palette.filled, f32::from(now) / 8.0)
                        };
                        out.push(rectangle(layout, (from..x0, ys.clone()), fill, None, reach));
                    }
                    run = Some((xs.start, shade));
                }
            }
        }
    }
    let (a, b) = (
        layout.corner(0, 0),
        layout.corner(layout.width, layout.height),
    );
    out.push(Shape::Line {
        points: vec![
            P(a.0, a.1),
            P(b.0, a.1),
            P(b.0, b.1),
            P(a.0, b.1),
            P(a.0, a.1),
        ],
        colour: palette.thick_line,
        // At least a pixel, however small the cells.
        width: (1.0 / cell_pixels).max(0.06),
    });
    out
}

/// The shades of a block, from none of its cells filled (0) to at least half (`SHADES`).
const SHADES: u8 = 5;

/// A block's shade: the filled colour where at least half its cells are filled; below, a tint
/// toward it of an eighth for each eighth of its cells filled (at least one eighth), so that a
/// line a cell wide, drawn at a distance, shows in every block it crosses instead of in every
/// other one; none where no cell is.
fn block_shade(filled: usize, cells: usize) -> u8 {
    if filled == 0 {
        0
    } else if 2 * filled >= cells {
        SHADES
    } else {
        (8 * filled).div_ceil(cells).clamp(1, 4) as u8
    }
}

/// `a` taken a share `t` of the way toward `b`.
fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let m = |x: f32, y: f32| x + (y - x) * t;
    Rgba(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2), m(a.3, b.3))
}

/// The cells `columns` × `rows` as one rectangle of `fill`, outlined by `stroke`, reaching
/// `below` cells further down.
fn rectangle(
    layout: &Layout,
    (columns, rows): (Range<usize>, Range<usize>),
    fill: Rgba,
    stroke: Option<(Rgba, f32)>,
    below: f32,
) -> Shape {
    let a = layout.corner(columns.start, rows.start);
    let mut b = layout.corner(columns.end, rows.end);
    b.1 += below;
    Shape::Polygon {
        points: vec![P(a.0, a.1), P(b.0, a.1), P(b.0, b.1), P(a.0, b.1)],
        fill,
        stroke,
    }
}

/// What is drawn over the cells.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Cells the solutions disagree on (tinted).
    pub ambiguous: Vec<(usize, usize)>,
    /// Cells that are wrong (outlined).
    pub mistakes: Vec<(usize, usize)>,
    /// A line to bring forward (a hint's, a deduction's), and the cells it fixes.
    pub focus: Option<(LineRef, Vec<(usize, usize)>)>,
    /// Cells the author is advised to change (outlined in the focus colour).
    pub suggested: Vec<(usize, usize)>,
}

impl Marks {
    /// The cell the marks point the eye to, for a canvas brought near to bring into sight: the
    /// first cell of the line brought forward that it fixes (the keyboard cursor, a hint's or a
    /// step's cell), else that line's first cell (a line with no placement), else the first cell
    /// the author is advised to change.
    pub fn in_focus(&self) -> Option<(usize, usize)> {
        match &self.focus {
            Some((_, cells)) if !cells.is_empty() => Some(cells[0]),
            Some((LineRef::Row(y), _)) => Some((0, *y)),
            Some((LineRef::Column(x), _)) => Some((*x, 0)),
            None => self.suggested.first().copied(),
        }
    }
}

/// The marks over the cells.
pub fn marks(layout: &Layout, marks: &Marks, palette: &Palette) -> Vec<Shape> {
    marks_in(layout, marks, palette, &Sight::whole(layout, f32::INFINITY))
}

/// [`marks`] on the cells in `sight`; where cells are drawn in blocks, a block's cells marked
/// alike are one mark, the block's.
pub fn marks_in(layout: &Layout, marks: &Marks, palette: &Palette, sight: &Sight) -> Vec<Shape> {
    let k = sight.block();
    // The cells in sight, one a block.
    let in_sight = |cells: &[(usize, usize)]| -> Vec<(usize, usize)> {
        let mut kept: Vec<(usize, usize)> = cells
            .iter()
            .filter(|(x, y)| sight.columns.contains(x) && sight.rows.contains(y))
            .map(|&(x, y)| (x - x % k, y - y % k))
            .collect();
        if k > 1 {
            kept.sort_unstable();
            kept.dedup();
        }
        kept
    };
    let square = |(x, y): (usize, usize), inset: f32, fill: Rgba, stroke: Option<(Rgba, f32)>| {
        let corner = layout.corner(x, y);
        if k == 1 {
            return square(corner, inset, fill, stroke);
        }
        // A block, as far as the grid goes, outlined at least a pixel wide.
        let block = (x..(x + k).min(layout.width), y..(y + k).min(layout.height));
        let stroke = stroke.map(|(c, w)| (c, w.max(1.0 / sight.cell_pixels.max(1e-3))));
        rectangle(layout, block, fill, stroke, 0.0)
    };
    let mut out = Vec::new();
    if let Some((line, cells)) = &marks.focus {
        let (a, b) = match *line {
            LineRef::Row(y) => (layout.corner(0, y), layout.corner(layout.width, y + 1)),
            LineRef::Column(x) => (layout.corner(x, 0), layout.corner(x + 1, layout.height)),
        };
        out.push(Shape::Polygon {
            points: vec![a, P(b.0, a.1), b, P(a.0, b.1)],
            fill: palette.focus,
            stroke: Some((palette.thick_line, 0.08)),
        });
        for cell in in_sight(cells) {
            out.push(square(
                cell,
                0.12,
                Rgba(0.0, 0.0, 0.0, 0.0),
                Some((palette.thick_line, 0.1)),
            ));
        }
    }
    for cell in in_sight(&marks.ambiguous) {
        out.push(square(cell, 0.0, palette.ambiguous, None));
    }
    for cell in in_sight(&marks.suggested) {
        out.push(square(
            cell,
            0.08,
            Rgba(0.0, 0.0, 0.0, 0.0),
            Some((palette.thick_line, 0.16)),
        ));
    }
    for cell in in_sight(&marks.mistakes) {
        out.push(square(
            cell,
            0.08,
            Rgba(0.0, 0.0, 0.0, 0.0),
            Some((palette.mistake, 0.12)),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nonogram::PuzzleInfo;

    fn seed() -> Puzzle {
        let goal = Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("grid");
        Puzzle::from_picture(goal, PuzzleInfo::default())
    }

    #[test]
    fn the_grid_sits_after_the_longest_clues() {
        let layout = Layout::of(&seed());
        assert_eq!((layout.clue_columns, layout.clue_rows), (3, 2));
        assert_eq!(layout.extent(), (8.0, 7.0));
        assert_eq!(layout.cell_at(P(3.5, 2.5)), Some((0, 0)));
        assert_eq!(layout.cell_at(P(7.9, 6.9)), Some((4, 4)));
        assert_eq!(layout.cell_at(P(2.9, 2.5)), None, "a clue, not a cell");
        assert_eq!(layout.cell_at(P(8.1, 3.0)), None);
    }

    #[test]
    fn every_clue_number_is_drawn_and_a_finished_line_is_greyed() {
        let p = seed();
        let shapes = clues(&p, &Layout::of(&p), None, &Palette::LIGHT);
        let numbers = p.rows.iter().chain(&p.columns).map(Vec::len).sum::<usize>();
        assert_eq!(shapes.len(), numbers);
        let goal = p.goal.clone().expect("goal");
        let greyed = clues(&p, &Layout::of(&p), Some(&goal), &Palette::LIGHT)
            .into_iter()
            .filter(
                |s| matches!(s, Shape::Text { colour, .. } if *colour == Palette::LIGHT.clue_done),
            )
            .count();
        assert_eq!(
            greyed, numbers,
            "every line of the solution reads as its clue"
        );
    }

    #[test]
    fn the_cell_in_focus_is_the_focus_line_s_first_fixed_cell_else_its_first_else_a_suggestion() {
        let mut marks = Marks {
            suggested: vec![(4, 1), (2, 2)],
            ..Marks::default()
        };
        assert_eq!(marks.in_focus(), Some((4, 1)));
        marks.focus = Some((LineRef::Column(3), Vec::new()));
        assert_eq!(marks.in_focus(), Some((3, 0)));
        marks.focus = Some((LineRef::Row(2), Vec::new()));
        assert_eq!(marks.in_focus(), Some((0, 2)));
        marks.focus = Some((LineRef::Row(2), vec![(3, 2), (4, 2)]));
        assert_eq!(marks.in_focus(), Some((3, 2)));
        assert_eq!(Marks::default().in_focus(), None);
    }

    /// Where a shape lies: the corners of the box around its points.
    fn extent_of(shapes: &[Shape]) -> (P, P) {
        let mut points = shapes.iter().flat_map(|s| match s {
            Shape::Polygon { points, .. } | Shape::Line { points, .. } => points.clone(),
            Shape::Text { at, .. } => vec![*at],
            _ => vec![],
        });
        let first = points.next().expect("a shape");
        points.fold((first, first), |(a, b), p| {
            (P(a.0.min(p.0), a.1.min(p.1)), P(b.0.max(p.0), b.1.max(p.1)))
        })
    }

    /// A 4096×4096 picture shown whole, a cell a seventh of a pixel: blocks of 22×22 cells
    /// (some 17,500 shapes, where cell by cell it took fifty million and `render` 4 GB and a
    /// minute), and no clue numbers, which no one could read.
    #[test]
    fn a_picture_of_millions_of_cells_shown_whole_is_drawn_in_blocks_without_clues() {
        let n = 4096;
        let mut goal = Grid::new(n, n);
        for y in 0..n {
            for x in (0..n).filter(|x| (x / 64 + y / 64) % 2 == 0) {
                goal.set(x, y, Cell::Filled);
            }
        }
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let layout = Layout::of(&p);
        let sight = Sight::whole(&layout, 0.14);
        let shapes = cells_in(&layout, &goal, &Palette::LIGHT, &sight);
        let k = 22; // ⌈3 / 0.14⌉
        let blocks = n.div_ceil(k) * n.div_ceil(k);
        assert!(shapes.len() <= blocks + 2, "{} shapes", shapes.len());
        // Half the cells are filled, in squares of 64: about half the grid is drawn filled.
        let area: f32 = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { fill, .. } if *fill == Palette::LIGHT.filled))
            .map(|s| {
                let (a, b) = extent_of(std::slice::from_ref(s));
                (b.0 - a.0) * (b.1 - a.1)
            })
            .sum();
        let share = area / (n * n) as f32;
        assert!((0.4..0.6).contains(&share), "{share}");
        assert!(clues_in(&p, &layout, None, &Palette::LIGHT, &sight).is_empty());
        // Brought near enough to read, the same picture draws its clues again.
        let near = Sight {
            columns: 0..10,
            rows: 0..10,
            cell_pixels: CLUE_PIXELS,
        };
        let numbers = clues_in(&p, &layout, None, &Palette::LIGHT, &near);
        let expected: usize = p.rows[..10]
            .iter()
            .chain(&p.columns[..10])
            .map(|c| c.len().max(1))
            .sum();
        assert_eq!(numbers.len(), expected);
    }

    /// A block is filled where at least half its cells are; the rest shows the cells' colour.
    #[test]
    fn a_block_is_filled_where_at_least_half_its_cells_are() {
        let goal = Grid::from_rows(&["##..", "#...", "..#.", "...."]).expect("grid");
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let layout = Layout::of(&p);
        // 1.5 pixels a cell: blocks of 2×2.
        let shapes = cells_in(&layout, &goal, &Palette::LIGHT, &Sight::whole(&layout, 1.5));
        let filled: Vec<(P, P)> = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { fill, .. } if *fill == Palette::LIGHT.filled))
            .map(|s| extent_of(std::slice::from_ref(s)))
            .collect();
        let corner = |x, y| layout.corner(x, y);
        // Reaching a third of a cell (half a pixel) into the row of blocks below.
        let reach = P(corner(2, 2).0, corner(2, 2).1 + 0.5 / 1.5);
        assert_eq!(
            filled,
            vec![(corner(0, 0), reach)],
            "three of four, not one of four"
        );
        // One of four is a tint a quarter of the way to the filled colour, where it was the
        // cells' colour: a line a cell wide drawn at a distance showed in every other block.
        let tinted: Vec<(Rgba, (P, P))> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Polygon { fill, .. }
                    if *fill != Palette::LIGHT.filled && *fill != Palette::LIGHT.cell =>
                {
                    Some((*fill, extent_of(std::slice::from_ref(s))))
                }
                _ => None,
            })
            .collect();
        let quarter = mix(Palette::LIGHT.cell, Palette::LIGHT.filled, 0.25);
        assert_eq!(tinted, vec![(quarter, (corner(2, 2), corner(4, 4)))]);
    }

    /// A stroke a cell wide across a picture drawn in blocks shows in every block it crosses:
    /// a diagonal passes through some blocks by one cell only, which the rule of half alone
    /// left blank, so that a stroke painted at a distance looked dashed.
    #[test]
    fn a_thin_stroke_shows_in_every_block_it_crosses() {
        let n = 40;
        let mut goal = Grid::new(n, n);
        for i in 0..n - 1 {
            goal.set(i + 1, i, Cell::Filled);
        }
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let layout = Layout::of(&p);
        let sight = Sight::whole(&layout, 1.5);
        assert_eq!(sight.block(), 2);
        let shapes = cells_in(&layout, &goal, &Palette::LIGHT, &sight);
        let drawn: Vec<(P, P)> = shapes[1..]
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { fill, .. } if *fill != Palette::LIGHT.cell))
            .map(|s| extent_of(std::slice::from_ref(s)))
            .collect();
        for i in 0..n - 1 {
            let corner = layout.corner(i + 1, i);
            let centre = P(corner.0 + 0.5, corner.1 + 0.5);
            assert!(
                drawn.iter().any(
                    |(a, b)| (a.0..=b.0).contains(&centre.0) && (a.1..=b.1).contains(&centre.1)
                ),
                "cell {} {} is in a drawn block",
                i + 1,
                i
            );
        }
    }

    /// Only the cells, lines and clues of what is in sight are drawn, as cell by cell.
    #[test]
    fn only_what_is_in_sight_is_drawn() {
        let n = 300;
        let goal = Grid::new(n, n);
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let layout = Layout::of(&p);
        let sight = Sight {
            columns: 100..140,
            rows: 200..230,
            cell_pixels: 20.0,
        };
        let shapes = cells_in(&layout, &goal, &Palette::LIGHT, &sight);
        assert!(shapes.len() <= 40 * 30 * 3 + 41 + 31, "{}", shapes.len());
        let (a, b) = extent_of(&shapes);
        assert_eq!((a, b), (layout.corner(100, 200), layout.corner(140, 230)));
        let numbers = clues_in(&p, &layout, None, &Palette::LIGHT, &sight);
        assert_eq!(numbers.len(), 40 + 30, "one 0 for each line in sight");
        // The whole picture, cell by cell, is every cell.
        let whole = cells_in(
            &layout,
            &goal,
            &Palette::LIGHT,
            &Sight::whole(&layout, f32::INFINITY),
        );
        assert!(whole.len() >= n * n);
    }

    /// Marks follow the cells: only those in sight, and one a block where cells are drawn in
    /// blocks.
    #[test]
    fn marks_are_drawn_only_in_sight_and_one_a_block() {
        let layout = Layout {
            width: 4096,
            height: 4096,
            clue_columns: 10,
            clue_rows: 10,
        };
        let marks = Marks {
            mistakes: (0..4096)
                .flat_map(|y| (0..4096).step_by(3).map(move |x| (x, y)))
                .collect(),
            ..Marks::default()
        };
        let whole = marks_in(
            &layout,
            &marks,
            &Palette::LIGHT,
            &Sight::whole(&layout, 0.5),
        );
        // Blocks of 6×6 cells: ⌈4096 / 6⌉² of them at most.
        assert!(whole.len() <= 683 * 683, "{}", whole.len());
        let near = Sight {
            columns: 30..40,
            rows: 50..55,
            cell_pixels: 30.0,
        };
        let shown = marks_in(&layout, &marks, &Palette::LIGHT, &near);
        // Columns 30, 33, 36 and 39 of five rows.
        assert_eq!(shown.len(), 4 * 5);
    }

    /// Blocks start at multiples of their side wherever the sight starts, so that dragging the
    /// picture does not move them under the marks.
    #[test]
    fn blocks_stay_put_as_the_sight_moves() {
        let mut goal = Grid::new(40, 40);
        for y in 0..40 {
            for x in 0..40 {
                if (x / 3 + y / 3) % 2 == 0 {
                    goal.set(x, y, Cell::Filled);
                }
            }
        }
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let layout = Layout::of(&p);
        let filled = |columns, rows| -> Vec<(P, P)> {
            let sight = Sight {
                columns,
                rows,
                cell_pixels: 1.0,
            };
            cells_in(&layout, &goal, &Palette::LIGHT, &sight)
                .iter()
                .filter(
                    |s| matches!(s, Shape::Polygon { fill, .. } if *fill == Palette::LIGHT.filled),
                )
                .map(|s| extent_of(std::slice::from_ref(s)))
                .collect()
        };
        // Blocks of 3×3 cells: seen from column 4 on, the block of columns 3–5 is cut at 4.
        let whole = filled(0..40, 0..40);
        let moved = filled(4..40, 0..40);
        let cut = |(a, b): (P, P)| (P(a.0.max(layout.corner(4, 0).0), a.1), b);
        let expected: Vec<(P, P)> = whole
            .into_iter()
            .filter(|(_, b)| b.0 > layout.corner(4, 0).0)
            .map(cut)
            .collect();
        assert_eq!(moved, expected);
    }
}
