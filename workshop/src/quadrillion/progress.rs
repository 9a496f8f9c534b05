//! A Quadrillion challenge's game as the progress file keeps it.

use serde::{Deserialize, Serialize};

/// A Quadrillion challenge's game: the shapes the player placed, latest last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuadrillionPlay {
    pub placed: Vec<engine::quadrillion::Placement>,
}

impl crate::progress::Played for QuadrillionPlay {
    const FAMILY: &'static str = "quadrillion";
    /// The board is cleared, as the seed's game says it.
    const AGAIN: &'static str = "Reset";

    fn is_fresh(&self) -> bool {
        self.placed.is_empty()
    }

    fn extent(&self) -> String {
        format!(
            "{} placed",
            lockfmt::words::count(self.placed.len(), "shape")
        )
    }
}
