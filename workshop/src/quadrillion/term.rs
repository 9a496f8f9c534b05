//! A Quadrillion board in the terminal, with the seed's keys: the table drawn dot by dot (the
//! board's grids with their open and closed dots, the shapes by letter and colour, the held
//! ones bright), Tab to pick the next shape, W A S D to move what is held, ← → to turn it,
//! ↑ ↓ to flip it, Enter to lay it down, Esc to put it back, R to start again and H for a
//! hint; solved when every shape lies on the board.

use super::words;
use crate::keys::Action;
use crate::term::{Game, Look};
use engine::quadrillion::solve::{Hint, hint};
use engine::quadrillion::table::{Item, Table};
use engine::quadrillion::{Dot, ShapeId};
use engine::solving::{Cancel, Limits};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// How long a hint may look.
const HINT_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens a Quadrillion board's text as a game; a board with errors is refused with its first.
pub fn open(text: &str) -> Result<Box<dyn Game>, String> {
    let parsed = lockfmt::quadrillion::parse(text);
    let Some(doc) = parsed.valid() else {
        return Err(crate::term::refusal(
            "this board",
            &parsed.diagnostics,
            "it does not read as a Quadrillion board",
        ));
    };
    Ok(Box::new(QuadrillionGame {
        title: crate::term::title_or(doc.info.title.as_deref(), "Untitled board"),
        table: Table::new(&doc.challenge, true),
        said: None,
        moves: 0,
    }))
}

/// A board in play.
pub struct QuadrillionGame {
    title: String,
    table: Table,
    said: Option<String>,
    /// Shapes laid down: the move counter.
    moves: usize,
}

impl QuadrillionGame {
    /// Puts back what is held and picks the next shape the player may move, in the seed's
    /// order of shapes.
    fn pick_next(&mut self) {
        let held = self.table.picked().iter().find_map(|i| match i {
            Item::Shape(s) => Some(*s),
            Item::Grid(_) => None,
        });
        let _ = self.table.unpick();
        let start = held.map_or(0, |s| s.index() + 1);
        let next = (0..ShapeId::ALL.len())
            .map(|k| ShapeId::ALL[(start + k) % ShapeId::ALL.len()])
            .find(|s| !self.table.is_fixed(*s));
        self.said = match next {
            Some(s) => match self.table.pick(&[Item::Shape(s)]) {
                Ok(()) => Some(format!(
                    "Holding {}: W A S D move it, ← → turn it, ↑ ↓ flip it, Enter lays it down",
                    words::shape(s)
                )),
                Err(e) => Some(words::refusal(&e)),
            },
            None => Some("Every shape belongs to the challenge.".into()),
        };
    }

    fn refused(&mut self, result: Result<(), engine::quadrillion::table::RuleBroken>) {
        self.said = result.err().map(|e| words::refusal(&e));
    }

    fn hint(&mut self) {
        let ch = self.table.challenge();
        let mine = self.table.mine();
        let answer = hint(&ch, &mine, &Limits::time(HINT_TIME), Cancel::from(None))
            .unwrap_or(Hint::NoSolution);
        self.said = Some(match answer {
            Hint::Place(p) => {
                let _ = self.table.unpick();
                match self.table.place(p) {
                    Ok(()) => {
                        self.moves += 1;
                        format!("Hint: {} goes here.", words::shape(p.shape))
                    }
                    Err(e) => format!("Hint: {}: {}", words::shape(p.shape), words::refusal(&e)),
                }
            }
            Hint::Solved => "Solved: every shape lies on the board.".into(),
            Hint::Lift(shapes) => format!(
                "No solution keeps every shape where it is: lift {}.",
                words::shapes(&shapes)
            ),
            Hint::NoSolution => "This board has no solution.".into(),
            Hint::Stopped(stop) => format!("No hint: {}.", stop.stopped()),
        });
    }
}

impl Game for QuadrillionGame {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, look: &Look) {
        let (rows, cols) = self.table.size();
        let board = self.table.board();
        let held: Vec<Item> = self.table.picked().to_vec();
        let lines: Vec<Line> = (0..rows)
            .map(|r| {
                let spans: Vec<Span> = (0..cols)
                    .map(|c| {
                        let d = Dot::new(r, c);
                        let (text, style) = match self.table.visible(d) {
                            Some(Item::Shape(s)) => {
                                let style = if held.contains(&Item::Shape(s)) {
                                    look.marked(colour_of(s))
                                } else {
                                    look.fg(colour_of(s)).add_modifier(Modifier::BOLD)
                                };
                                (format!("{} ", s.letter()), style)
                            }
                            Some(Item::Grid(_)) if board.is_closed(d) => {
                                ("● ".to_string(), look.fg(Color::Gray))
                            }
                            Some(Item::Grid(_)) => ("· ".to_string(), look.fg(Color::White)),
                            None => ("  ".to_string(), Style::new()),
                        };
                        Span::styled(text, style)
                    })
                    .collect();
                Line::from(spans)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn act(&mut self, action: Action) -> bool {
        match action {
            Action::Undo | Action::Redo => {
                self.said = Some("Esc puts back what is held; R starts again.".into());
                true
            }
            _ => false,
        }
    }

    fn chord(&mut self, chord: &str) -> bool {
        let by = |row, col| Some(Dot::new(row, col));
        let moved = match chord {
            "w" => by(-1, 0),
            "a" => by(0, -1),
            "s" => by(1, 0),
            "d" => by(0, 1),
            _ => None,
        };
        if let Some(by) = moved {
            let r = self.table.move_by(by);
            self.refused(r);
            return true;
        }
        match chord {
            "tab" => self.pick_next(),
            "arrowleft" | "arrowright" => {
                let r = self.table.turn(chord == "arrowright");
                self.refused(r);
            }
            "arrowup" | "arrowdown" => {
                let r = self.table.flip();
                self.refused(r);
            }
            "enter" => {
                let r = self.table.release();
                if r.is_ok() {
                    self.moves += 1;
                }
                self.refused(r);
            }
            "escape" => {
                if self.table.unpick().is_err() {
                    return false;
                }
                self.said = Some("Put back.".into());
            }
            "r" => {
                self.table.reset();
                self.moves = 0;
                self.said = Some("Back to the start.".into());
            }
            "h" => self.hint(),
            _ => return false,
        }
        true
    }

    fn click(&mut self, column: u16, row: u16) -> bool {
        let d = Dot::new(i32::from(row), i32::from(column / 2));
        if self.table.picked().is_empty() {
            // A click picks what lies there, as the seed's click does.
            match self.table.pick_at(d) {
                Ok(item) => {
                    self.said = Some(format!(
                        "Holding {}: W A S D move it, ← → turn it, ↑ ↓ flip it, Enter or a click lays it down",
                        words::item(item)
                    ));
                }
                Err(e) => self.said = Some(words::refusal(&e)),
            }
        } else {
            // Held: the click takes it there, and lays it down.
            let moved = self.table.move_to(d);
            let r = moved.and_then(|()| self.table.release());
            if r.is_ok() {
                self.moves += 1;
            }
            self.refused(r);
        }
        true
    }

    fn moves(&self) -> usize {
        self.moves
    }

    fn done(&self) -> bool {
        self.table.is_solved()
    }

    fn status(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(said) = &self.said {
            lines.push(said.clone());
        }
        if self.table.picked().is_empty() && !self.done() {
            lines.push("Tab: pick a shape.".into());
            lines.push("H: a hint.".into());
            lines.push("· open dot, ● closed dot".into());
        }
        lines
    }

    fn help(&self) -> &'static [(&'static str, &'static [Action])] {
        &[]
    }

    fn keys(&self) -> &'static str {
        "tab pick · w a s d move · ← → turn · ↑ ↓ flip · enter lay down · esc put back · r reset · h hint"
    }

    fn verb(&self) -> &'static str {
        "Solved"
    }

    fn now(&self) -> crate::progress::Now {
        let challenge = lockfmt::quadrillion::print(&lockfmt::quadrillion::Document::new(
            self.table.challenge(),
        ));
        crate::progress::Now {
            puzzle: crate::progress::digest(&challenge),
            play: crate::progress::Play::of(&super::progress::QuadrillionPlay {
                placed: self.table.mine(),
            }),
            finished: self.table.is_solved(),
        }
    }

    fn resume(&mut self, play: &crate::progress::Play) -> bool {
        let Some(super::progress::QuadrillionPlay { placed }) = play.as_() else {
            return false;
        };
        let mut table = self.table.clone();
        table.reset();
        if placed.iter().any(|p| table.place(*p).is_err()) {
            return false;
        }
        self.moves = placed.len();
        self.table = table;
        true
    }

    fn size(&self) -> (u16, u16) {
        let (rows, cols) = self.table.size();
        ((cols * 2) as u16, rows as u16)
    }
}

/// A shape's colour, near its colour in the seed's set.
fn colour_of(s: ShapeId) -> Color {
    match s {
        ShapeId::Corner => Color::LightCyan,
        ShapeId::Skew => Color::Red,
        ShapeId::P => Color::LightGreen,
        ShapeId::U => Color::Green,
        ShapeId::T => Color::Rgb(0, 150, 0),
        ShapeId::V => Color::LightBlue,
        ShapeId::W => Color::Magenta,
        ShapeId::Z => Color::Blue,
        ShapeId::F => Color::Rgb(255, 140, 0),
        ShapeId::L => Color::LightRed,
        ShapeId::Y => Color::Yellow,
        ShapeId::N => Color::LightMagenta,
    }
}
