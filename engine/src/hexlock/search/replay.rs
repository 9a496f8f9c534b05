//! Playing a move list through the physics, to check a solution.

use super::error::SearchError;
use crate::hexlock::physics::{Mechanism, Move, Workspace};
use serde::{Deserialize, Serialize};

/// What playing a move list did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The number of moves after which the lock was first open (0 when it was open before any
    /// move); `None` when it never opened.
    pub opened_after: Option<usize>,
    /// The number of moves in the list.
    pub moves: usize,
}

impl Replay {
    /// Whether the moves open the lock. Play ends when the lock opens, so moves after that are
    /// never played and do not count against it.
    pub fn opens(&self) -> bool {
        self.opened_after.is_some()
    }
}

/// Plays a move list from the lock's initial state and says whether, and when, it opens.
pub fn replay(mech: &Mechanism, moves: &[Move]) -> Result<Replay, SearchError> {
    let mut ws = Workspace::new();
    let mut state = mech.initial_state();
    let mut opened_after = mech.is_open(&state).then_some(0);
    for (i, &mv) in moves.iter().enumerate() {
        if opened_after.is_some() {
            break;
        }
        state = mech.step(&state, mv, &mut ws)?;
        if mech.is_open(&state) {
            opened_after = Some(i + 1);
        }
    }
    Ok(Replay {
        opened_after,
        moves: moves.len(),
    })
}
