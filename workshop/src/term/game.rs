//! What a puzzle family gives the terminal client: a game that draws itself into a part of the
//! screen and answers the studio's key actions. A family's registry entry names how to open
//! one (`FamilyInfo::term`); the client around it (lists, help line, lessons, quitting) is the
//! same for every family.

use crate::keys::Action;
use crate::settings::Settings;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// How a family opens a puzzle's text as a terminal game; `Err` says why it cannot be played.
pub type Open = fn(text: &str) -> Result<Box<dyn Game>, String>;

/// A puzzle being played in the terminal.
pub trait Game {
    /// The puzzle's title.
    fn title(&self) -> String;
    /// Draws the puzzle into `area`.
    fn draw(&self, frame: &mut Frame, area: Rect, look: &Look);
    /// Runs a key's action; `false` when the game has no use for it.
    fn act(&mut self, action: Action) -> bool;
    /// A key that runs no action of the settings (Tab, say), for a game that has its own; `false`
    /// when it has no use for it.
    fn chord(&mut self, _chord: &str) -> bool {
        false
    }
    /// The game's own keys (those it reads by `chord`), as the help line shows them.
    fn keys(&self) -> &'static str {
        ""
    }
    /// The columns and rows its drawing needs, where it needs more than a small part of the
    /// screen; the side panel takes the rest.
    fn size(&self) -> (u16, u16) {
        (0, 0)
    }
    /// Where its game stands, as the progress file keeps it (the studio's own format, so that a
    /// game left in one client is taken up in the other).
    fn now(&self) -> crate::progress::Now;
    /// Takes up a game left earlier; false, and nothing changes, when it does not play here.
    fn resume(&mut self, play: &crate::progress::Play) -> bool;
    /// The moves played, as a solution file's `moves:` line, for a game whose solution can be
    /// declared (a hex lock of the metagame).
    fn solution(&self) -> Option<String> {
        None
    }
    /// The word for the moment the puzzle is done: "Opened", "Picked", "Solved".
    fn verb(&self) -> &'static str {
        "Opened"
    }
    /// A left click at `column`, `row` of the area the game was drawn in; `false` when it
    /// means nothing there.
    fn click(&mut self, _column: u16, _row: u16) -> bool {
        false
    }
    /// The moves played so far (the move counter).
    fn moves(&self) -> usize;
    /// Whether the puzzle is done: the lock opened, the picture complete.
    fn done(&self) -> bool;
    /// What the game says under the board: the last move's result, in words.
    fn status(&self) -> Vec<String>;
    /// The help line: groups of actions, each group named once and followed by its keys
    /// (`hook w e a d z x`), in the order a player reaches for them.
    fn help(&self) -> &'static [(&'static str, &'static [Action])];
}

/// Colours, or none: `NO_COLOR` set means monochrome, where pieces are told apart by glyph and
/// emphasis alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub colour: bool,
}

impl Look {
    /// The look the environment asks for (<https://no-color.org>: any non-empty `NO_COLOR`).
    pub fn from_environment() -> Look {
        Look {
            colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    /// A style in this colour, or plain in monochrome.
    pub fn fg(&self, colour: Color) -> Style {
        if self.colour {
            Style::new().fg(colour)
        } else {
            Style::new()
        }
    }

    /// A style that stands out: coloured, or bold and reversed in monochrome.
    pub fn marked(&self, colour: Color) -> Style {
        if self.colour {
            Style::new().fg(Color::Black).bg(colour)
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        }
    }
}

/// The help line's text for a game's groups of actions under these settings: each group's
/// name and its actions' keys as the settings bind them (`hook w e a d z x · undo ctrl+z`); an
/// action without a key is left out, and so is a group with none.
pub fn help_line(settings: &Settings, groups: &[(&'static str, &'static [Action])]) -> String {
    groups
        .iter()
        .filter_map(|(name, actions)| {
            let keys: Vec<String> = actions
                .iter()
                .filter_map(|a| settings.keys.chord(*a).map(|c| shown(&c.to_string())))
                .collect();
            (!keys.is_empty()).then(|| format!("{name} {}", keys.join(" ")))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A chord as the help line shows it: arrows as arrows.
fn shown(chord: &str) -> String {
    chord
        .replace("arrowup", "↑")
        .replace("arrowdown", "↓")
        .replace("arrowleft", "←")
        .replace("arrowright", "→")
}

/// Why a puzzle cannot be played: its first error, where it is (`this lock cannot be played:
/// line 3, column 2: …`), or `otherwise` when no diagnostic is an error.
pub fn refusal(what: &str, diagnostics: &[lockfmt::Diagnostic], otherwise: &str) -> String {
    let first = diagnostics
        .iter()
        .find(|d| d.is_error())
        .map(|d| {
            format!(
                "line {}, column {}: {}",
                d.span.line, d.span.column, d.message
            )
        })
        .unwrap_or_else(|| otherwise.to_string());
    format!("{what} cannot be played: {first}")
}

/// A puzzle's title, or `untitled` when it has none (or only spaces).
pub fn title_or(title: Option<&str>, untitled: &str) -> String {
    title
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(untitled)
        .to_string()
}
