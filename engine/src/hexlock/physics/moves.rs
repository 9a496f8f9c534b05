//! The player's move for one turn.

use crate::hex::{Dir, Rotation};
use serde::{Deserialize, Serialize};

/// What the player does in one turn: work one tool, or wait.
///
/// A moving wrench keeps its momentum whatever the move, so waiting is a real move: it lets the
/// wrench slide and the springs relax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// Push the hook one cell in a direction.
    Hook(Dir),
    /// Turn the hook 60° about its hub.
    HookTurn(Rotation),
    /// Push the wrench one cell in a direction; if it moves, it keeps moving that way.
    Wrench(Dir),
    /// Do nothing with the tools.
    Wait,
}

impl Move {
    /// Every move, in a fixed order: hook pushes, hook turns, wrench pushes, then waiting.
    pub const ALL: [Move; 15] = [
        Move::Hook(Dir::E),
        Move::Hook(Dir::NE),
        Move::Hook(Dir::NW),
        Move::Hook(Dir::W),
        Move::Hook(Dir::SW),
        Move::Hook(Dir::SE),
        Move::HookTurn(Rotation::Clockwise),
        Move::HookTurn(Rotation::Anticlockwise),
        Move::Wrench(Dir::E),
        Move::Wrench(Dir::NE),
        Move::Wrench(Dir::NW),
        Move::Wrench(Dir::W),
        Move::Wrench(Dir::SW),
        Move::Wrench(Dir::SE),
        Move::Wait,
    ];
}
