//! A nonogram as a picture: the clues above and left of the grid, the cells, and marks over
//! them, as plain shapes in a space where one cell is one unit — drawn by the canvas on screen
//! and by the PNG exporter alike.

use crate::shape::{P, Rgba, Shape};
use engine::nonogram::{Cell, Grid, LineRef, Puzzle};

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
    let mut out = Vec::new();
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
    for (y, clue) in puzzle.rows.iter().enumerate() {
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
    for (x, clue) in puzzle.columns.iter().enumerate() {
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

/// The grid: each cell (filled, crossed or blank), thin lines between cells and a thick line
/// every five, as on paper.
pub fn cells(layout: &Layout, grid: &Grid, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    for y in 0..layout.height {
        for x in 0..layout.width {
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
    let top_left = layout.corner(0, 0);
    let bottom_right = layout.corner(layout.width, layout.height);
    for x in (0..=layout.width).filter(|x| x % 5 == 0 || *x == layout.width) {
        let at = top_left.0 + x as f32;
        out.push(Shape::Line {
            points: vec![P(at, top_left.1), P(at, bottom_right.1)],
            colour: palette.thick_line,
            width: 0.06,
        });
    }
    for y in (0..=layout.height).filter(|y| y % 5 == 0 || *y == layout.height) {
        let at = top_left.1 + y as f32;
        out.push(Shape::Line {
            points: vec![P(top_left.0, at), P(bottom_right.0, at)],
            colour: palette.thick_line,
            width: 0.06,
        });
    }
    out
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
        for &(x, y) in cells {
            out.push(square(
                layout.corner(x, y),
                0.12,
                Rgba(0.0, 0.0, 0.0, 0.0),
                Some((palette.thick_line, 0.1)),
            ));
        }
    }
    for &(x, y) in &marks.ambiguous {
        out.push(square(layout.corner(x, y), 0.0, palette.ambiguous, None));
    }
    for &(x, y) in &marks.suggested {
        out.push(square(
            layout.corner(x, y),
            0.08,
            Rgba(0.0, 0.0, 0.0, 0.0),
            Some((palette.thick_line, 0.16)),
        ));
    }
    for &(x, y) in &marks.mistakes {
        out.push(square(
            layout.corner(x, y),
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
}
