//! A hex lock's game as the progress file keeps it.

use serde::{Deserialize, Serialize};

/// A hex lock's game: every move made, in the solution notation, of which the first `at` are
/// played (the rest were taken back and can be made again).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexLockPlay {
    pub moves: String,
    pub at: usize,
}

impl crate::progress::Played for HexLockPlay {
    const FAMILY: &'static str = "hex-lock";

    fn is_fresh(&self) -> bool {
        self.moves.trim().is_empty()
    }

    fn extent(&self) -> String {
        lockfmt::words::count(self.at, "move")
    }
}
