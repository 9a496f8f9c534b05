//! A sliding lock's game as the progress file keeps it.

use serde::{Deserialize, Serialize};

/// A sliding lock's game: the moves made, in the seed's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlidingPlay {
    pub moves: String,
}

impl crate::progress::Played for SlidingPlay {
    const FAMILY: &'static str = "sliding";

    fn is_fresh(&self) -> bool {
        self.moves.trim().is_empty()
    }

    fn extent(&self) -> String {
        let n = engine::sliding::parse_moves(&self.moves).map_or(0, |m| m.len());
        lockfmt::words::count(n, "move")
    }
}
