//! Forces: a push in one of the six directions or a torque one way round, always of magnitude
//! one, and always on one piece.

use crate::hex::{Dir, Rotation};
use crate::hexlock::model::PieceRef;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A force, in the game's sense: a push along a hex direction or a torque one way round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Force {
    /// A push: the piece would move one cell in this direction.
    Push(Dir),
    /// A torque: the piece would turn 60° this way about its hub.
    Torque(Rotation),
}

impl fmt::Display for Force {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Force::Push(d) => write!(f, "push {d}"),
            Force::Torque(Rotation::Clockwise) => f.write_str("torque clockwise"),
            Force::Torque(Rotation::Anticlockwise) => f.write_str("torque anticlockwise"),
        }
    }
}

/// A force on a named piece: what traces and annotations speak about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ForceOn {
    /// The piece the force acts on.
    pub piece: PieceRef,
    /// The force.
    pub force: Force,
}

impl fmt::Display for ForceOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.force, self.piece)
    }
}
