//! The nonogram model: clues, puzzles and grids.
//!
//! A **clue** is the list of run lengths of a line, in order, left to right for a row and top to
//! bottom for a column; an empty clue is a line with no filled cell (written `0` in files). A
//! **puzzle** is a width, a height, a clue per row and per column, what its author says of it,
//! and optionally its goal (the intended picture). A **grid** holds one [`Cell`] per square,
//! row by row.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The run lengths of one line, in order; empty when the line has no filled cell.
pub type Clue = Vec<u32>;

/// What is known of a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// Not known yet.
    #[default]
    Unknown,
    /// Filled (black, `#`).
    Filled,
    /// Empty (white, `.`; a player's cross).
    Empty,
}

impl Cell {
    /// The glyph the studio and the command line use: `#` filled, `.` empty, `?` unknown.
    pub fn glyph(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Filled => '#',
            Cell::Empty => '.',
        }
    }

    /// Whether it is known (filled or empty).
    pub fn is_known(self) -> bool {
        self != Cell::Unknown
    }
}

/// A row or a column, by its index from 0 (top row, left column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LineRef {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
}

impl fmt::Display for LineRef {
    /// As a person counts them: `row 4`, `column 12`, from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineRef::Row(i) => write!(f, "row {}", i + 1),
            LineRef::Column(i) => write!(f, "column {}", i + 1),
        }
    }
}

/// A rectangle of cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Grid {
    /// A grid of unknown cells.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![Cell::Unknown; width * height],
        }
    }

    /// A grid from rows of glyphs (`#` filled, `.` empty, `?` unknown); `None` when the rows
    /// differ in length or hold another character.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Option<Grid> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut cells = Vec::with_capacity(width * height);
        for r in rows {
            let r = r.as_ref();
            if r.chars().count() != width {
                return None;
            }
            for c in r.chars() {
                cells.push(match c {
                    '#' => Cell::Filled,
                    '.' => Cell::Empty,
                    '?' => Cell::Unknown,
                    _ => return None,
                });
            }
        }
        Some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Its width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Its height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at column `x`, row `y` (from 0); unknown outside the grid.
    pub fn get(&self, x: usize, y: usize) -> Cell {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x]
        } else {
            Cell::Unknown
        }
    }

    /// Sets the cell at column `x`, row `y`; nothing outside the grid.
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x] = cell;
        }
    }

    /// Row `y`'s cells, left to right.
    pub fn row(&self, y: usize) -> &[Cell] {
        let start = (y * self.width).min(self.cells.len());
        let end = (start + self.width).min(self.cells.len());
        &self.cells[start..end]
    }

    /// Column `x`'s cells, top to bottom.
    pub fn column(&self, x: usize) -> Vec<Cell> {
        (0..self.height).map(|y| self.get(x, y)).collect()
    }

    /// A line's cells, in its own order.
    pub fn line(&self, line: LineRef) -> Vec<Cell> {
        match line {
            LineRef::Row(y) => self.row(y).to_vec(),
            LineRef::Column(x) => self.column(x),
        }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether every cell is known.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|c| c.is_known())
    }

    /// The rows as glyphs (`#`, `.`, `?`), top to bottom.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| self.row(y).iter().map(|c| c.glyph()).collect())
            .collect()
    }
}

/// The clue of a line of cells: its runs of filled cells (unknown cells count as empty).
pub fn clue_of(line: &[Cell]) -> Clue {
    let mut clue = Vec::new();
    let mut run = 0u32;
    for &c in line {
        if c == Cell::Filled {
            run += 1;
        } else if run > 0 {
            clue.push(run);
            run = 0;
        }
    }
    if run > 0 {
        clue.push(run);
    }
    clue
}

/// Every column's clue, read row by row: the cells are stored row by row, and reading each
/// column down its whole height strided over the picture (a fifth of painting a 1300×1300
/// picture in the studio went there).
fn column_clues(grid: &Grid) -> Vec<Clue> {
    let mut clues = vec![Vec::new(); grid.width()];
    let mut runs = vec![0u32; grid.width()];
    for y in 0..grid.height() {
        for ((&c, run), clue) in grid.row(y).iter().zip(&mut runs).zip(&mut clues) {
            if c == Cell::Filled {
                *run += 1;
            } else if *run > 0 {
                clue.push(*run);
                *run = 0;
            }
        }
    }
    for (run, clue) in runs.into_iter().zip(&mut clues) {
        if run > 0 {
            clue.push(run);
        }
    }
    clues
}

/// The fewest cells a clue needs: its runs with one empty cell between each two.
pub fn clue_length(clue: &[u32]) -> usize {
    let sum: usize = clue.iter().map(|&n| n as usize).sum();
    sum + clue.len().saturating_sub(1)
}

/// What the author says of a puzzle; each field as written in the file, when given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleInfo {
    /// Where it comes from in a collection, e.g. `"webpbn #1"`.
    pub catalogue: Option<String>,
    /// Its title.
    pub title: Option<String>,
    /// Its author.
    pub by: Option<String>,
    /// Its copyright notice.
    pub copyright: Option<String>,
    /// Its licence: an SPDX code or words.
    pub license: Option<String>,
}

/// A nonogram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// What the author says of it.
    pub info: PuzzleInfo,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// One clue per row, top to bottom.
    pub rows: Vec<Clue>,
    /// One clue per column, left to right.
    pub columns: Vec<Clue>,
    /// The intended picture, when the file gives it (every cell known).
    pub goal: Option<Grid>,
}

/// Why a puzzle is malformed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleProblem {
    /// No rows or no columns.
    Empty,
    /// The number of row clues is not the height, or of column clues not the width.
    ClueCount {
        /// Rows or columns.
        rows: bool,
        /// How many clues there are.
        clues: usize,
        /// How many there should be.
        lines: usize,
    },
    /// A clue has a run of length 0 beside other runs (a lone `0` is the empty clue).
    ZeroRun(LineRef),
    /// A clue needs more cells than its line has.
    TooLong {
        /// The line.
        line: LineRef,
        /// The cells it needs.
        needs: usize,
        /// The cells the line has.
        has: usize,
    },
    /// The rows fill a different number of cells than the columns.
    Totals {
        /// Cells the rows fill.
        rows: usize,
        /// Cells the columns fill.
        columns: usize,
    },
    /// The goal's size is not the puzzle's.
    GoalSize,
    /// The goal does not give this line's clue.
    GoalDisagrees(LineRef),
}

impl fmt::Display for PuzzleProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleProblem::Empty => write!(f, "a puzzle needs at least one row and one column"),
            PuzzleProblem::ClueCount { rows, clues, lines } => {
                let what = if *rows { "row" } else { "column" };
                let plural = |n: usize| if n == 1 { "" } else { "s" };
                write!(
                    f,
                    "{clues} {what} clue{} for {lines} {what}{}",
                    plural(*clues),
                    plural(*lines)
                )
            }
            PuzzleProblem::ZeroRun(line) => {
                write!(
                    f,
                    "{line}: a run of 0 beside other runs (an empty line is just `0`)"
                )
            }
            PuzzleProblem::TooLong { line, needs, has } => {
                write!(
                    f,
                    "{line}: the clue needs {needs} cells and the line has {has}"
                )
            }
            PuzzleProblem::Totals { rows, columns } => write!(
                f,
                "the rows fill {rows} cells and the columns {columns}: no picture gives both"
            ),
            PuzzleProblem::GoalSize => write!(f, "the goal is not the puzzle's size"),
            PuzzleProblem::GoalDisagrees(line) => {
                write!(f, "{line}: the goal does not give this line's clue")
            }
        }
    }
}

impl Puzzle {
    /// The puzzle whose picture is `goal`: its clues read off the picture.
    pub fn from_picture(goal: Grid, info: PuzzleInfo) -> Puzzle {
        let rows = (0..goal.height()).map(|y| clue_of(goal.row(y))).collect();
        let columns = column_clues(&goal);
        Puzzle {
            info,
            width: goal.width(),
            height: goal.height(),
            rows,
            columns,
            goal: Some(goal),
        }
    }

    /// The clue of a line.
    pub fn clue(&self, line: LineRef) -> &[u32] {
        match line {
            LineRef::Row(y) => self.rows.get(y).map_or(&[], Vec::as_slice),
            LineRef::Column(x) => self.columns.get(x).map_or(&[], Vec::as_slice),
        }
    }

    /// Every line, rows first.
    pub fn lines(&self) -> impl Iterator<Item = LineRef> {
        (0..self.height)
            .map(LineRef::Row)
            .chain((0..self.width).map(LineRef::Column))
    }

    /// The length of a line: the width for a row, the height for a column.
    pub fn line_length(&self, line: LineRef) -> usize {
        match line {
            LineRef::Row(_) => self.width,
            LineRef::Column(_) => self.height,
        }
    }

    /// Every problem that makes the puzzle malformed; empty when it is well formed. (A well
    /// formed puzzle may still have no solution: that is the solver's to say.)
    pub fn validate(&self) -> Vec<PuzzleProblem> {
        self.validate_counting(&mut 0)
    }

    /// As [`Puzzle::validate`], adding to `looked_at` each line whose clue or goal it reads: the
    /// tests hold that to the clues and the goal, never to a size's worth of lines.
    fn validate_counting(&self, looked_at: &mut usize) -> Vec<PuzzleProblem> {
        let mut out = Vec::new();
        if self.width == 0 || self.height == 0 {
            out.push(PuzzleProblem::Empty);
        }
        for (rows, clues, lines) in [
            (true, self.rows.len(), self.height),
            (false, self.columns.len(), self.width),
        ] {
            if clues != lines {
                out.push(PuzzleProblem::ClueCount { rows, clues, lines });
            }
        }
        // Only the lines that have a clue: a line without one has no run to be wrong, and the
        // size may be anything a caller wrote (the count of clues is checked above).
        let with_clues = (0..self.height.min(self.rows.len()))
            .map(LineRef::Row)
            .chain((0..self.width.min(self.columns.len())).map(LineRef::Column));
        for line in with_clues {
            *looked_at += 1;
            let clue = self.clue(line);
            if clue.len() > 1 && clue.contains(&0) {
                out.push(PuzzleProblem::ZeroRun(line));
            }
            let needs = clue_length(clue);
            let has = self.line_length(line);
            if needs > has {
                out.push(PuzzleProblem::TooLong { line, needs, has });
            }
        }
        let total = |clues: &[Clue]| -> usize { clues.iter().flatten().map(|&n| n as usize).sum() };
        let (rows, columns) = (total(&self.rows), total(&self.columns));
        if rows != columns {
            out.push(PuzzleProblem::Totals { rows, columns });
        }
        if let Some(goal) = &self.goal {
            if goal.width() != self.width || goal.height() != self.height {
                out.push(PuzzleProblem::GoalSize);
            } else {
                for line in self.lines() {
                    *looked_at += 1;
                    if clue_of(&goal.line(line)) != self.clue(line) {
                        out.push(PuzzleProblem::GoalDisagrees(line));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's example: a 5×5 picture and its clues.
    fn seed_example() -> Grid {
        Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("a grid")
    }

    /// Column clues read row by row are each column's cells read down it, on random
    /// pictures of every shape (unknown cells count as empty).
    #[test]
    fn column_clues_read_row_by_row_are_those_read_down_each_column() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            let (w, h) = (
                (crate::random::xorshift64(&mut s) % 12) as usize + 1,
                (crate::random::xorshift64(&mut s) % 12) as usize + 1,
            );
            let mut g = Grid::new(w, h);
            for y in 0..h {
                for x in 0..w {
                    let c = match crate::random::xorshift64(&mut s) % 3 {
                        0 => Cell::Filled,
                        1 => Cell::Empty,
                        _ => Cell::Unknown,
                    };
                    g.set(x, y, c);
                }
            }
            let down: Vec<Clue> = (0..w).map(|x| clue_of(&g.column(x))).collect();
            assert_eq!(column_clues(&g), down, "{:?}", g.to_rows());
        }
    }

    #[test]
    fn clues_are_read_off_a_picture_as_the_seed_shows() {
        let p = Puzzle::from_picture(seed_example(), PuzzleInfo::default());
        assert_eq!(
            p.rows,
            vec![vec![3], vec![1, 1, 1], vec![5], vec![3], vec![1, 1]]
        );
        assert_eq!(
            p.columns,
            vec![vec![2], vec![1, 3], vec![4], vec![1, 3], vec![2]]
        );
        assert!(p.validate().is_empty());
    }

    #[test]
    fn malformed_puzzles_say_what_is_wrong() {
        let mut p = Puzzle::from_picture(seed_example(), PuzzleInfo::default());
        p.rows[0] = vec![4, 2];
        p.columns.pop();
        let problems = p.validate();
        assert!(problems.contains(&PuzzleProblem::ClueCount {
            rows: false,
            clues: 4,
            lines: 5
        }));
        assert!(problems.contains(&PuzzleProblem::TooLong {
            line: LineRef::Row(0),
            needs: 7,
            has: 5
        }));
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, PuzzleProblem::Totals { .. }))
        );
        assert!(problems.contains(&PuzzleProblem::GoalDisagrees(LineRef::Row(0))));
        assert_eq!(LineRef::Row(3).to_string(), "row 4");
    }

    #[test]
    fn a_size_far_past_its_clues_is_a_clue_count_at_once() {
        // A reader's size before its clues are counted may be anything written; checking it
        // once walked every line of that size, clue or not.
        // Held to the lines read, not the clock: only the ten lines with a clue. A million
        // first, so that walking every line would fail here at once rather than run for hours.
        for width in [1 << 20, 1 << 40] {
            let mut p = Puzzle::from_picture(seed_example(), PuzzleInfo::default());
            p.width = width;
            p.goal = None;
            let mut looked_at = 0;
            let problems = p.validate_counting(&mut looked_at);
            assert_eq!(looked_at, 10, "width {width}");
            assert_eq!(
                problems,
                [PuzzleProblem::ClueCount {
                    rows: false,
                    clues: 5,
                    lines: width
                }]
            );
        }
    }

    #[test]
    fn an_empty_line_has_the_empty_clue() {
        assert_eq!(clue_of(&[Cell::Empty; 4]), Vec::<u32>::new());
        assert_eq!(clue_length(&[]), 0);
        assert_eq!(clue_length(&[2, 2]), 5);
    }
}
