//! A sliding lock in the terminal: the board drawn as its file's picture (row numbers, column
//! letters, the same glyphs), a piece chosen with Tab and slid or turned with the arrows as in
//! the studio, moves counted as the seed counts them, and "picked" when the Key meets the
//! Keyhole.

use super::game::Game as SlidingGame;
use crate::keys::Action;
use crate::term::{Game, Look};
use engine::sliding::{Cell, Dir, Kind, Move, Turn};
use lockfmt::sliding::Document;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Opens a sliding lock's text as a game; a lock with errors is refused with its first one.
pub fn open(text: &str) -> Result<Box<dyn Game>, String> {
    let parsed = lockfmt::sliding::parse(text);
    let Some(doc) = parsed.valid() else {
        return Err(crate::term::refusal(
            "this sliding lock",
            &parsed.diagnostics,
            "it does not read as a sliding lock",
        ));
    };
    Ok(Box::new(SlidingLockGame::new(doc.clone())))
}

/// A sliding lock in play.
pub struct SlidingLockGame {
    doc: Document,
    game: SlidingGame,
    selected: Option<usize>,
    /// Why the last move was refused, or what the selection does.
    said: Option<String>,
}

impl SlidingLockGame {
    pub fn new(doc: Document) -> SlidingLockGame {
        let game = SlidingGame::new(doc.lock.clone());
        SlidingLockGame {
            doc,
            game,
            selected: None,
            said: None,
        }
    }

    /// Pieces that move or turn, in reading order (top row first, left to right), as Tab
    /// visits them in the studio.
    fn order(&self) -> Vec<usize> {
        let lock = self.game.now();
        let mut order: Vec<usize> = (0..lock.pieces.len())
            .filter(|&i| lock.pieces[i].kind != Kind::Keyhole)
            .collect();
        order.sort_by_key(|&i| {
            let p = lock.pieces[i];
            let top = p.cells().map(|c| c.row).max().unwrap_or(0);
            (std::cmp::Reverse(top), p.at.col)
        });
        order
    }

    fn select_next(&mut self) {
        let order = self.order();
        let next = match self
            .selected
            .and_then(|s| order.iter().position(|&i| i == s))
        {
            Some(k) => order.get(k + 1).or(order.first()),
            None => order.first(),
        };
        self.selected = next.copied();
        let lock = self.game.now();
        self.said = self.selected.map(|i| {
            let what = if lock.pieces[i].kind == Kind::Axis {
                "→ turns it clockwise, ← anticlockwise, ↑ or ↓ half a turn"
            } else {
                "the arrows slide it"
            };
            format!("{} selected: {what}", lock.name(i))
        });
    }

    fn arrow(&mut self, dir: Dir) {
        let Some(piece) = self.selected else {
            self.said = Some("Choose a piece first: Tab".into());
            return;
        };
        if self.game.is_picked() {
            return;
        }
        let lock = self.game.now();
        let mv = if lock.pieces[piece].kind == Kind::Axis {
            let turn = match dir {
                Dir::Right => Turn::Clockwise,
                Dir::Left => Turn::Anticlockwise,
                Dir::Up | Dir::Down => Turn::Half,
            };
            Move::Turn { axis: piece, turn }
        } else {
            Move::Slide {
                piece,
                dir,
                distance: 1,
            }
        };
        self.said = self.game.play(mv).err().map(|why| why.to_string());
    }
}

const HELP: &[(&str, &[Action])] = &[
    (
        "slide or turn",
        &[
            Action::CursorUp,
            Action::CursorDown,
            Action::CursorLeft,
            Action::CursorRight,
        ],
    ),
    ("undo", &[Action::Undo]),
    ("redo", &[Action::Redo]),
    ("restart", &[Action::Restart]),
];

impl Game for SlidingLockGame {
    fn title(&self) -> String {
        crate::term::title_or(self.doc.info.title.as_deref(), "Untitled sliding lock")
    }

    fn draw(&self, frame: &mut Frame, area: Rect, look: &Look) {
        let now = self.doc.with_lock(self.game.now().clone());
        let rows = lockfmt::sliding::print::grid(&now);
        let height = rows.len();
        let digits = height.to_string().len();
        let lock = &now.lock;
        let selected: Vec<Cell> = self
            .selected
            .and_then(|i| lock.pieces.get(i))
            .map(|p| p.cells().collect())
            .unwrap_or_default();
        let mut lines: Vec<Line> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let number = height - i;
                let mut spans = vec![Span::styled(
                    format!("{number:>digits$}"),
                    look.fg(Color::DarkGray),
                )];
                for (col, &glyph) in row.iter().enumerate() {
                    spans.push(Span::raw(" "));
                    let cell = Cell::new(col as u8, (number - 1) as u8);
                    let style = if selected.contains(&cell) {
                        look.marked(Color::Cyan)
                    } else {
                        style_of(glyph, look)
                    };
                    spans.push(Span::styled(glyph.to_string(), style));
                }
                Line::from(spans)
            })
            .collect();
        let footer: String = (0..lock.board.width())
            .flat_map(|col| [' ', Cell::column_letter(col)])
            .collect();
        lines.push(Line::styled(
            format!("{}{footer}", " ".repeat(digits)),
            look.fg(Color::DarkGray),
        ));
        lines.push(Line::raw(""));
        lines.extend(
            [
                "K the Key   @ the Keyhole   + an axis",
                "a-z pieces  * dark cell     . light",
            ]
            .iter()
            .map(|l| Line::styled(*l, look.fg(Color::Gray))),
        );
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn act(&mut self, action: Action) -> bool {
        match action {
            Action::CursorUp => self.arrow(Dir::Up),
            Action::CursorDown => self.arrow(Dir::Down),
            Action::CursorLeft => self.arrow(Dir::Left),
            Action::CursorRight => self.arrow(Dir::Right),
            Action::Undo => {
                self.game.undo();
            }
            Action::Redo => {
                self.game.redo();
            }
            Action::Restart => self.game.restart(),
            _ => return false,
        }
        true
    }

    fn chord(&mut self, chord: &str) -> bool {
        if chord == "tab" {
            self.select_next();
            return true;
        }
        false
    }

    fn click(&mut self, column: u16, row: u16) -> bool {
        let lock = self.game.now();
        let height = usize::from(lock.board.height());
        let digits = height.to_string().len();
        let (column, row) = (usize::from(column), usize::from(row));
        // Each cell is a space and a glyph after the row number: glyphs stand at odd offsets.
        if row >= height || column <= digits || (column - digits) % 2 == 0 {
            return false;
        }
        let col = (column - digits - 1) / 2;
        if col >= usize::from(lock.board.width()) {
            return false;
        }
        let cell = Cell::new(col as u8, (height - 1 - row) as u8);
        match lock.piece_at(cell) {
            Some(piece) if lock.pieces[piece].kind != Kind::Keyhole => {
                self.selected = Some(piece);
                self.said = Some(format!("{} selected: the arrows move it", lock.name(piece)));
                true
            }
            _ => false,
        }
    }

    fn moves(&self) -> usize {
        self.game.count()
    }

    fn done(&self) -> bool {
        self.game.is_picked()
    }

    fn status(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.game.count() > 0 {
            lines.push(format!("Moves made: {}", self.game.notation()));
        } else {
            lines.push("Bring the Key against the Keyhole, end on.".into());
        }
        if let Some(said) = &self.said {
            lines.push(said.clone());
        }
        if self.selected.is_none() {
            lines.push("Tab chooses a piece.".into());
        }
        lines
    }

    fn help(&self) -> &'static [(&'static str, &'static [Action])] {
        HELP
    }

    fn keys(&self) -> &'static str {
        "tab choose a piece"
    }

    fn verb(&self) -> &'static str {
        "Picked"
    }

    fn solution(&self) -> Option<String> {
        Some(self.game.notation())
    }

    fn now(&self) -> crate::progress::Now {
        let digest = lockfmt::sliding::solution::lock_digest(&self.doc.lock);
        crate::progress::Now {
            puzzle: format!("{digest:016x}"),
            play: crate::progress::Play::of(&super::progress::SlidingPlay {
                moves: self.game.notation(),
            }),
            finished: self.game.is_picked(),
        }
    }

    fn resume(&mut self, play: &crate::progress::Play) -> bool {
        let Some(super::progress::SlidingPlay { moves }) = play.as_() else {
            return false;
        };
        if self.game.load(&moves).is_err() {
            return false;
        }
        self.selected = None;
        self.said = None;
        true
    }
}

fn style_of(glyph: char, look: &Look) -> Style {
    match glyph {
        'K' => look.fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        '@' => look.fg(Color::Yellow).add_modifier(Modifier::BOLD),
        '+' => look.fg(Color::LightMagenta),
        '*' => look.fg(Color::DarkGray).add_modifier(Modifier::BOLD),
        '.' => look.fg(Color::DarkGray),
        _ => look.fg(Color::LightBlue),
    }
}
