//! The player's moves, for Undo and Redo while playing: the table at rest (nothing held) before
//! each change, and the tables undone since. The text's own undo is the author's, and playing
//! never changes the file.

use engine::quadrillion::Table;

/// The most moves kept to undo: a table is a few hundred bytes.
const MOST: usize = 1_000;

#[derive(Debug, Default)]
pub(super) struct Played {
    /// The tables before each move, the latest last.
    before: Vec<Table>,
    /// The tables undone, the latest undone last.
    undone: Vec<Table>,
    /// The table as the last move left it.
    at_rest: Option<Table>,
}

impl Played {
    /// A new game on this table: nothing to undo or redo.
    pub(super) fn begin(&mut self, table: &Table) {
        self.before.clear();
        self.undone.clear();
        self.at_rest = Some(table.clone());
    }

    /// The table changed: a move when it is at rest and differs from the last rest (a pick is
    /// not a move until the release, and a pick put back is none).
    pub(super) fn changed(&mut self, table: &Table) {
        if !table.picked().is_empty() {
            return;
        }
        match self.at_rest.replace(table.clone()) {
            Some(rest) if rest != *table => {
                if self.before.len() == MOST {
                    self.before.remove(0);
                }
                self.before.push(rest);
                self.undone.clear();
            }
            _ => {}
        }
    }

    pub(super) fn can_undo(&self) -> bool {
        !self.before.is_empty()
    }

    pub(super) fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The table before the last move (`back`), or of the last move undone; what is held goes
    /// back with it.
    pub(super) fn step(&mut self, back: bool, table: &Table) -> Option<Table> {
        let (from, to) = if back {
            (&mut self.before, &mut self.undone)
        } else {
            (&mut self.undone, &mut self.before)
        };
        let then = from.pop()?;
        to.push(self.at_rest.take().unwrap_or_else(|| table.clone()));
        self.at_rest = Some(then.clone());
        Some(then)
    }
}
