//! The seed's keys for the game, read from a key press.

use engine::quadrillion::Dot;
use iced::keyboard::{Key, key::Named};

/// A key of the seed's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKey {
    /// W A S D: move the held items a dot.
    Move(Dot),
    /// ← →: turn anticlockwise or clockwise.
    Turn { clockwise: bool },
    /// ↑ ↓: flip.
    Flip,
    /// Enter.
    Release,
    /// Escape.
    Unpick,
    /// R.
    Reset,
    /// F.
    Solve,
    /// H.
    Hint,
}

impl GameKey {
    /// The seed's key for a press without ctrl, alt or the logo key.
    pub fn of(key: &Key) -> Option<GameKey> {
        Some(match key {
            Key::Named(Named::ArrowLeft) => GameKey::Turn { clockwise: false },
            Key::Named(Named::ArrowRight) => GameKey::Turn { clockwise: true },
            Key::Named(Named::ArrowUp | Named::ArrowDown) => GameKey::Flip,
            Key::Named(Named::Enter) => GameKey::Release,
            Key::Named(Named::Escape) => GameKey::Unpick,
            Key::Character(c) => match c.to_lowercase().as_str() {
                "w" => GameKey::Move(Dot::new(-1, 0)),
                "a" => GameKey::Move(Dot::new(0, -1)),
                "s" => GameKey::Move(Dot::new(1, 0)),
                "d" => GameKey::Move(Dot::new(0, 1)),
                "r" => GameKey::Reset,
                "f" => GameKey::Solve,
                "h" => GameKey::Hint,
                _ => return None,
            },
            _ => return None,
        })
    }
}
