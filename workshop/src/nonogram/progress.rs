//! A nonogram's game as the progress file keeps it.

use serde::{Deserialize, Serialize};

/// A nonogram's game: the player's grid, a row a string (`#` filled, `.` crossed, `?`
/// unknown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NonogramPlay {
    pub rows: Vec<String>,
}

impl NonogramPlay {
    /// The cells marked, filled or crossed.
    fn marked(&self) -> usize {
        self.rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|&c| c != '?')
            .count()
    }
}

impl crate::progress::Played for NonogramPlay {
    const FAMILY: &'static str = "nonogram";

    fn is_fresh(&self) -> bool {
        self.marked() == 0
    }

    fn extent(&self) -> String {
        format!("{} marked", lockfmt::words::count(self.marked(), "cell"))
    }
}
