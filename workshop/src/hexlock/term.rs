//! A hex lock in the terminal, as the seed's Curses client plays it: the lock drawn as the
//! interlocking rows of its file's grid, pieces told apart by glyph and colour, the hook and
//! wrench moved by the studio's keys, and after a blocked turn the blocked and blocking pieces
//! marked on the grid with the reasons beside it.

use super::describe;
use super::session::Session;
use crate::keys::Action;
use crate::term::{Game, Look};
use engine::hex::{Dir, Rotation};
use engine::hexlock::physics::{Annotation, AnnotationKind, AnnotationMode, Move, annotations};
use engine::hexlock::{Lock, PieceRef};
use lockfmt::hexlock::grid;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use std::collections::BTreeMap;

/// Opens a lock's text as a game; a lock with errors is refused with its first one.
pub fn open(text: &str) -> Result<Box<dyn Game>, String> {
    let parsed = lockfmt::hexlock::parse(text);
    let Some(lock) = parsed.valid_lock() else {
        return Err(crate::term::refusal(
            "this lock",
            &parsed.diagnostics,
            "it does not read as a lock",
        ));
    };
    HexLockGame::new(lock.clone())
        .map(|g| Box::new(g) as Box<dyn Game>)
        .ok_or_else(|| "this lock cannot be played: its pieces do not make a mechanism".into())
}

/// A lock in play.
pub struct HexLockGame {
    title: String,
    session: Session,
    designed: Lock,
    /// The lock's digest, as its game is kept under (the studio's).
    digest: String,
}

impl HexLockGame {
    pub fn new(lock: Lock) -> Option<HexLockGame> {
        let title = crate::term::title_or(Some(&lock.info.name), "Untitled lock");
        let session = Session::new(&lock)?;
        let digest = lockfmt::hexlock::moves::lock_digest(session.mechanism().lock());
        Some(HexLockGame {
            title,
            session,
            designed: lock,
            digest: format!("{digest:016x}"),
        })
    }

    /// The moves played, in the solution files' notation.
    pub fn played(&self) -> &[Move] {
        self.session.played()
    }

    /// The last turn's blockages: what was blocked and what blocked it.
    fn annotations(&self) -> Vec<Annotation> {
        self.session
            .last_trace()
            .map(|t| annotations(t, AnnotationMode::Blocking))
            .unwrap_or_default()
    }
}

/// What the help line lists: the hook's pushes in the keyboard's own hexagon (north-west,
/// north-east, west, east, south-west, south-east), then its turns, the wrench's pushes alike.
const HELP: &[(&str, &[Action])] = &[
    (
        "hook",
        &[
            Action::HookNw,
            Action::HookNe,
            Action::HookW,
            Action::HookE,
            Action::HookSw,
            Action::HookSe,
        ],
    ),
    ("turn", &[Action::HookCcw, Action::HookCw]),
    (
        "wrench",
        &[
            Action::WrenchNw,
            Action::WrenchNe,
            Action::WrenchW,
            Action::WrenchE,
            Action::WrenchSw,
            Action::WrenchSe,
        ],
    ),
    ("wait", &[Action::Wait]),
    ("undo", &[Action::Undo]),
    ("redo", &[Action::Redo]),
    ("restart", &[Action::Restart]),
    ("mark", &[Action::Mark]),
    ("to mark", &[Action::BackToMark]),
];

fn move_of(action: Action) -> Option<Move> {
    Some(match action {
        Action::HookNw => Move::Hook(Dir::NW),
        Action::HookNe => Move::Hook(Dir::NE),
        Action::HookW => Move::Hook(Dir::W),
        Action::HookE => Move::Hook(Dir::E),
        Action::HookSw => Move::Hook(Dir::SW),
        Action::HookSe => Move::Hook(Dir::SE),
        Action::HookCcw => Move::HookTurn(Rotation::Anticlockwise),
        Action::HookCw => Move::HookTurn(Rotation::Clockwise),
        Action::WrenchNw => Move::Wrench(Dir::NW),
        Action::WrenchNe => Move::Wrench(Dir::NE),
        Action::WrenchW => Move::Wrench(Dir::W),
        Action::WrenchE => Move::Wrench(Dir::E),
        Action::WrenchSw => Move::Wrench(Dir::SW),
        Action::WrenchSe => Move::Wrench(Dir::SE),
        Action::Wait => Move::Wait,
        _ => return None,
    })
}

impl Game for HexLockGame {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, look: &Look) {
        let lock = self.session.lock();
        let mut lines = grid_lines(&lock, &self.annotations(), look);
        lines.push(Line::raw(""));
        lines.extend(
            LEGEND
                .iter()
                .map(|l| Line::styled(*l, look.fg(Color::Gray))),
        );
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn act(&mut self, action: Action) -> bool {
        if let Some(mv) = move_of(action) {
            // An open lock is done: moves after the opening would only muddle the count.
            if !self.session.is_open() {
                self.session.play(mv);
            }
            return true;
        }
        match action {
            Action::Undo => self.session.undo(),
            Action::Redo => self.session.redo(),
            Action::Restart => self.session.restart(),
            Action::Mark => self.session.mark(),
            Action::BackToMark => self.session.back_to_mark(),
            _ => return false,
        }
        true
    }

    fn moves(&self) -> usize {
        self.session.played().len()
    }

    fn done(&self) -> bool {
        self.session.is_open()
    }

    fn status(&self) -> Vec<String> {
        let Some(last) = self.session.played().last() else {
            return vec!["Clear the bolthole (the : cells) to open the lock.".into()];
        };
        let mut lines = vec![format!(
            "Last move: {}",
            lockfmt::hexlock::format_move(*last)
        )];
        let annotations = self.annotations();
        if annotations.is_empty() {
            return lines;
        }
        lines.push("Blocked (marked on the grid):".into());
        lines.extend(describe::annotation_lines(&annotations));
        lines
    }

    fn help(&self) -> &'static [(&'static str, &'static [Action])] {
        HELP
    }

    fn solution(&self) -> Option<String> {
        Some(lockfmt::hexlock::format_moves(self.session.played()))
    }

    fn now(&self) -> crate::progress::Now {
        crate::progress::Now {
            puzzle: self.digest.clone(),
            play: crate::progress::Play::of(&super::progress::HexLockPlay {
                moves: lockfmt::hexlock::format_moves(self.session.all_moves()),
                at: self.session.at,
            }),
            finished: self.session.is_open(),
        }
    }

    fn resume(&mut self, play: &crate::progress::Play) -> bool {
        let Some(super::progress::HexLockPlay { moves, at }) = play.as_() else {
            return false;
        };
        let Ok(solution) = lockfmt::hexlock::parse_solution(&moves) else {
            return false;
        };
        let Some(mut session) = Session::new(&self.designed) else {
            return false;
        };
        session.load(&solution.moves);
        if session.all_moves().len() != solution.moves.len() {
            return false;
        }
        session.jump(at);
        self.session = session;
        true
    }
}

/// The glyphs, as the lock file writes them.
const LEGEND: &[&str] = &[
    "@ hook (its arm - / \\)   % wrench",
    "A-Z blocks   0-9 pivots   o ball",
    "~ spring     : bolthole   . empty",
];

/// What a cell holds, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    Piece(PieceRef),
    Spring,
    Bolthole,
    Empty,
}

/// The lock's grid as coloured lines: the same glyphs, in the same places, as its file's
/// `grid:` section, so that what the player sees is what the author wrote.
fn grid_lines(lock: &Lock, annotations: &[Annotation], look: &Look) -> Vec<Line<'static>> {
    let rows = lockfmt::hexlock::print::grid_rows(lock);
    let occupancy = lock.occupancy();
    let springs: std::collections::BTreeSet<_> =
        lock.springs.iter().flat_map(|s| s.run()).collect();
    let marked: BTreeMap<PieceRef, AnnotationKind> =
        annotations.iter().map(|a| (a.piece, a.kind)).collect();
    grid::rows(lock.size)
        .zip(rows)
        .map(|(cells, text)| {
            let indent = text.len() - text.trim_start().len();
            let glyphs: Vec<char> = text.trim_start().chars().step_by(2).collect();
            let mut spans = vec![Span::raw(" ".repeat(indent))];
            for (i, (cell, glyph)) in cells.iter().zip(glyphs).enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                let holds = match occupancy.get(cell) {
                    Some(piece) => Holds::Piece(*piece),
                    None if springs.contains(cell) => Holds::Spring,
                    None if engine::hexlock::model::frame::in_bolthole(lock.size, *cell) => {
                        Holds::Bolthole
                    }
                    None => Holds::Empty,
                };
                let style = match holds {
                    Holds::Piece(piece) => match marked.get(&piece) {
                        Some(AnnotationKind::Blocked) => look.marked(Color::Rgb(255, 140, 0)),
                        Some(AnnotationKind::Blocking) => look.marked(Color::Magenta),
                        None => style_of(piece, look),
                    },
                    Holds::Spring => look.fg(Color::Gray),
                    Holds::Bolthole => look.fg(Color::Yellow).add_modifier(Modifier::BOLD),
                    Holds::Empty => look.fg(Color::DarkGray),
                };
                spans.push(Span::styled(glyph.to_string(), style));
            }
            Line::from(spans)
        })
        .collect()
}

/// A piece's colour: each kind its own, blocks by name so neighbours differ.
fn style_of(piece: PieceRef, look: &Look) -> Style {
    const BLOCKS: [Color; 5] = [
        Color::Blue,
        Color::Cyan,
        Color::Green,
        Color::LightBlue,
        Color::LightGreen,
    ];
    let colour = match piece {
        PieceRef::Block(name) => BLOCKS[(name as usize) % BLOCKS.len()],
        PieceRef::Pivot(_) => Color::LightMagenta,
        PieceRef::Ball(_) => Color::White,
        PieceRef::Hook(_) => Color::LightRed,
        PieceRef::Wrench(_) => Color::LightYellow,
    };
    let style = look.fg(colour);
    match piece {
        PieceRef::Hook(_) | PieceRef::Wrench(_) => style.add_modifier(Modifier::BOLD),
        _ => style,
    }
}
