//! A nonogram in the terminal: the clues above and beside the grid, a cursor moved by the
//! arrows, fill and cross as in the studio (pressed again: back to unknown), undo, redo,
//! restart, a check for mistakes against the solution and a hint in words (the line rule's
//! next deduction from the cells as they are), and "solved" when every line reads as its clue.

use crate::keys::Action;
use crate::term::{Game, Look};
use engine::nonogram::deduce::{self, Hint};
use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Cell, Grid, Limits, LineRef, Puzzle};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// How long opening a puzzle without a goal may look for its unique solution, which the
/// mistakes check compares with.
const SOLVE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens a nonogram's text as a game; a puzzle with errors is refused with its first one.
pub fn open(text: &str) -> Result<Box<dyn Game>, String> {
    let parsed = lockfmt::nonogram::parse(text);
    let Some(doc) = parsed.valid() else {
        return Err(crate::term::refusal(
            "this nonogram",
            &parsed.diagnostics,
            "it does not read as a nonogram",
        ));
    };
    let puzzle = doc.puzzle.clone();
    let solution = puzzle.goal.clone().or_else(|| {
        match engine::nonogram::solve(&puzzle, &Limits::time(SOLVE_TIME)).answer {
            Answer::Unique(grid) => Some(grid),
            _ => None,
        }
    });
    Ok(Box::new(NonogramGame::new(puzzle, solution)))
}

/// A nonogram in play.
pub struct NonogramGame {
    puzzle: Puzzle,
    solution: Option<Grid>,
    grid: Grid,
    undo: Vec<Grid>,
    redo: Vec<Grid>,
    cursor: (usize, usize),
    /// Cells the mistakes check found wrong, until the cells change.
    mistakes: Vec<(usize, usize)>,
    /// The line a hint is about, and the cells it fixes.
    focus: Option<(LineRef, Vec<(usize, usize)>)>,
    said: Option<String>,
    /// Fills and crosses made: the move counter.
    strokes: usize,
}

impl NonogramGame {
    pub fn new(puzzle: Puzzle, solution: Option<Grid>) -> NonogramGame {
        NonogramGame {
            grid: Grid::new(puzzle.width, puzzle.height),
            puzzle,
            solution,
            undo: Vec::new(),
            redo: Vec::new(),
            cursor: (0, 0),
            mistakes: Vec::new(),
            focus: None,
            said: None,
            strokes: 0,
        }
    }

    fn solved(&self) -> bool {
        self.puzzle
            .lines()
            .all(|line| clue_of(&self.grid.line(line)) == self.puzzle.clue(line))
    }

    fn changed(&mut self) {
        self.mistakes.clear();
        self.focus = None;
        self.said = None;
    }

    fn paint(&mut self, fill: bool) {
        let (x, y) = self.cursor;
        let wanted = if fill { Cell::Filled } else { Cell::Empty };
        let now = self.grid.get(x, y);
        self.undo.push(self.grid.clone());
        self.redo.clear();
        self.grid
            .set(x, y, if now == wanted { Cell::Unknown } else { wanted });
        self.strokes += 1;
        self.changed();
    }

    fn step(&mut self, dx: i64, dy: i64) {
        let by =
            |v: usize, d: i64, n: usize| (v as i64 + d).clamp(0, (n as i64 - 1).max(0)) as usize;
        self.cursor = (
            by(self.cursor.0, dx, self.puzzle.width),
            by(self.cursor.1, dy, self.puzzle.height),
        );
    }

    fn check_mistakes(&mut self) {
        let Some(solution) = &self.solution else {
            self.said = Some("There is no known solution to check against.".into());
            return;
        };
        self.mistakes = (0..self.puzzle.height)
            .flat_map(|y| (0..self.puzzle.width).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let mine = self.grid.get(x, y);
                let right = if solution.get(x, y) == Cell::Filled {
                    Cell::Filled
                } else {
                    Cell::Empty
                };
                mine.is_known() && mine != right
            })
            .collect();
        self.said = Some(match self.mistakes.len() {
            0 => "No mistakes so far.".into(),
            1 => "1 cell is wrong: it is marked.".into(),
            n => format!("{n} cells are wrong: they are marked."),
        });
    }

    fn hint(&mut self) {
        self.focus = None;
        self.said = Some(match deduce::next_deduction(&self.puzzle, &self.grid) {
            Hint::Deduce(d) => {
                let cells = d.cells().into_iter().map(|(x, y, _)| (x, y)).collect();
                self.focus = Some((d.line, cells));
                format!("Hint: {}.", d.sentence)
            }
            Hint::Contradiction(c) => {
                self.focus = Some((c.line, Vec::new()));
                format!("Hint: {c}: a cell of this line is wrong.")
            }
            Hint::Probe(p) => {
                self.focus = Some((p.contradiction.line, vec![p.cell]));
                format!(
                    "Hint: the line rule fixes nothing more, so look ahead: {}.",
                    p.sentence()
                )
            }
            Hint::Solved => "Every cell is known and every line reads as its clue.".into(),
            Hint::Stuck => "The line rule fixes nothing more, and no cell tried either way \
                            leads to a line that cannot be filled: the rest needs a guess."
                .into(),
            Hint::Malformed(problems) => format!(
                "The puzzle is malformed: {}",
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        });
    }
}

const HELP: &[(&str, &[Action])] = &[
    (
        "cursor",
        &[
            Action::CursorUp,
            Action::CursorDown,
            Action::CursorLeft,
            Action::CursorRight,
        ],
    ),
    ("fill", &[Action::Fill]),
    ("cross", &[Action::Cross]),
    ("hint", &[Action::Hint]),
    ("mistakes", &[Action::CheckMistakes]),
    ("undo", &[Action::Undo]),
    ("redo", &[Action::Redo]),
    ("restart", &[Action::Restart]),
];

impl Game for NonogramGame {
    fn title(&self) -> String {
        crate::term::title_or(self.puzzle.info.title.as_deref(), "Untitled nonogram")
    }

    fn draw(&self, frame: &mut Frame, area: Rect, look: &Look) {
        let lines = board_lines(self, look);
        let needed_height = lines.len() as u16;
        let needed_width = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
        if needed_height > area.height || needed_width > area.width {
            frame.render_widget(
                Paragraph::new(format!(
                    "This {}×{} nonogram needs {needed_width}×{needed_height} cells of the \
                     terminal for its clues and grid; this one gives {}×{}. Make the terminal \
                     larger, or play it in the studio.",
                    self.puzzle.width, self.puzzle.height, area.width, area.height
                ))
                .wrap(ratatui::widgets::Wrap { trim: true }),
                area,
            );
            return;
        }
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn act(&mut self, action: Action) -> bool {
        let solved = self.solved();
        match action {
            Action::CursorUp => self.step(0, -1),
            Action::CursorDown => self.step(0, 1),
            Action::CursorLeft => self.step(-1, 0),
            Action::CursorRight => self.step(1, 0),
            Action::Fill if !solved => self.paint(true),
            Action::Cross if !solved => self.paint(false),
            Action::Hint => self.hint(),
            Action::CheckMistakes => self.check_mistakes(),
            Action::Undo => {
                if let Some(g) = self.undo.pop() {
                    self.redo.push(std::mem::replace(&mut self.grid, g));
                    self.changed();
                }
            }
            Action::Redo => {
                if let Some(g) = self.redo.pop() {
                    self.undo.push(std::mem::replace(&mut self.grid, g));
                    self.changed();
                }
            }
            Action::Restart => {
                self.undo.push(self.grid.clone());
                self.grid = Grid::new(self.puzzle.width, self.puzzle.height);
                self.changed();
            }
            _ => return false,
        }
        true
    }

    fn click(&mut self, column: u16, row: u16) -> bool {
        let (clue_width, clue_height, cell_width) = layout(&self.puzzle);
        let (column, row) = (usize::from(column), usize::from(row));
        if column < clue_width || row < clue_height {
            return false;
        }
        let (x, y) = ((column - clue_width) / cell_width, row - clue_height);
        if x >= self.puzzle.width || y >= self.puzzle.height || self.solved() {
            return false;
        }
        self.cursor = (x, y);
        self.paint(true);
        true
    }

    fn moves(&self) -> usize {
        self.strokes
    }

    fn done(&self) -> bool {
        self.solved()
    }

    fn status(&self) -> Vec<String> {
        let (x, y) = self.cursor;
        let clue = |c: &[u32]| {
            if c.is_empty() {
                return "0".to_string();
            }
            c.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut lines = vec![format!(
            "Row {} (clue {}), column {} (clue {})",
            y + 1,
            clue(&self.puzzle.rows[y]),
            x + 1,
            clue(&self.puzzle.columns[x]),
        )];
        if let Some(said) = &self.said {
            lines.push(said.clone());
        }
        lines
    }

    fn help(&self) -> &'static [(&'static str, &'static [Action])] {
        HELP
    }

    fn verb(&self) -> &'static str {
        "Solved"
    }

    fn now(&self) -> crate::progress::Now {
        crate::progress::Now {
            puzzle: crate::progress::nonogram_digest(&self.puzzle),
            play: crate::progress::Play::of(&super::progress::NonogramPlay {
                rows: self.grid.to_rows(),
            }),
            finished: self.solved(),
        }
    }

    fn resume(&mut self, play: &crate::progress::Play) -> bool {
        let Some(super::progress::NonogramPlay { rows }) = play.as_() else {
            return false;
        };
        let Some(grid) = Grid::from_rows(&rows) else {
            return false;
        };
        if (grid.width(), grid.height()) != (self.puzzle.width, self.puzzle.height) {
            return false;
        }
        self.grid = grid;
        self.undo.clear();
        self.redo.clear();
        self.changed();
        true
    }
}

/// The clues and the grid as lines: column clues stacked above their columns, row clues to
/// the left of their rows, each cell two characters wide (three when a clue has two digits).
/// A row's clue as drawn beside it.
fn row_clue(p: &Puzzle, y: usize) -> String {
    p.rows[y]
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where the grid stands: the row clues' width, the column clues' height, and each cell's
/// width (two characters, three when a clue has two digits).
fn layout(p: &Puzzle) -> (usize, usize, usize) {
    let widest = p
        .rows
        .iter()
        .chain(&p.columns)
        .flatten()
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1);
    let clue_width = (0..p.height)
        .map(|y| row_clue(p, y).len())
        .max()
        .unwrap_or(0);
    let clue_height = p.columns.iter().map(Vec::len).max().unwrap_or(0);
    (clue_width, clue_height, widest + 1)
}

fn board_lines(game: &NonogramGame, look: &Look) -> Vec<Line<'static>> {
    let p = &game.puzzle;
    let (clue_width, clue_height, cell_width) = layout(p);
    let row_clue = |y: usize| row_clue(p, y);
    let clue_style = look.fg(Color::Gray);
    let focus_line = game.focus.as_ref().map(|(line, _)| *line);
    let mut lines = Vec::new();
    for k in 0..clue_height {
        let mut spans = vec![Span::raw(" ".repeat(clue_width))];
        for (x, clue) in p.columns.iter().enumerate() {
            let skip = clue_height - clue.len();
            let text = if k >= skip {
                format!("{:>cell_width$}", clue[k - skip])
            } else {
                " ".repeat(cell_width)
            };
            let style = if focus_line == Some(LineRef::Column(x)) {
                look.marked(Color::Yellow)
            } else {
                clue_style
            };
            spans.push(Span::styled(text, style));
        }
        lines.push(Line::from(spans));
    }
    for y in 0..p.height {
        let style = if focus_line == Some(LineRef::Row(y)) {
            look.marked(Color::Yellow)
        } else {
            clue_style
        };
        let mut spans = vec![Span::styled(format!("{:>clue_width$}", row_clue(y)), style)];
        for x in 0..p.width {
            let glyph = match game.grid.get(x, y) {
                Cell::Filled if look.colour => "█".repeat(cell_width - 1),
                Cell::Filled => "#".repeat(cell_width - 1),
                Cell::Empty => "×".to_string() + &" ".repeat(cell_width - 2),
                Cell::Unknown => "·".to_string() + &" ".repeat(cell_width - 2),
            };
            let fixed = game
                .focus
                .as_ref()
                .is_some_and(|(_, cells)| cells.contains(&(x, y)));
            let style = if (x, y) == game.cursor {
                look.marked(Color::Cyan)
            } else if game.mistakes.contains(&(x, y)) {
                look.marked(Color::Red)
            } else if fixed {
                look.marked(Color::Yellow)
            } else if game.grid.get(x, y) == Cell::Filled {
                look.fg(Color::White)
            } else {
                look.fg(Color::DarkGray)
            };
            spans.push(Span::raw(" "));
            spans.push(Span::styled(glyph, style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    let filled = if look.colour { '█' } else { '#' };
    lines.push(Line::styled(
        format!("{filled} filled   × crossed   · unknown"),
        look.fg(Color::Gray),
    ));
    lines
}
