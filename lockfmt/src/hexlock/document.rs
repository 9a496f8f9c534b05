//! A parsed lock file: the lock, and the comments that travel with its lines.

use engine::hexlock::{Lock, Spring};
use std::collections::BTreeMap;

/// One line-sized item of a lock file, in canonical order. Comments attach to items.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// `lockwright-lock 1`.
    Format,
    /// `name:`.
    Name,
    /// `author:`.
    Author,
    /// `size:`.
    Size,
    /// The n-th `note:` line, from 0.
    Note(usize),
    /// The `grid:` line.
    Grid,
    /// A row of the grid, from 0.
    GridRow(usize),
    /// A `pivot` line, by name.
    Pivot(char),
    /// A `spring` line, by what it says.
    Spring(Spring),
    /// The n-th `hook` line, from 0.
    Hook(usize),
    /// The `wrench` line.
    Wrench,
}

/// Comments kept from a file, so that formatting never loses them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comments {
    /// Whole-line comments standing before an item, in order, each with its `#`.
    pub leading: BTreeMap<Item, Vec<String>>,
    /// A comment at the end of an item's line, with its `#`.
    pub trailing: BTreeMap<Item, String>,
    /// Whole-line comments after the last item.
    pub tail: Vec<String>,
}

/// A lock with the comments of the file it came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    /// The lock.
    pub lock: Lock,
    /// Its file's comments.
    pub comments: Comments,
}

impl Document {
    /// A document with no comments.
    pub fn new(lock: Lock) -> Document {
        Document {
            lock,
            comments: Comments::default(),
        }
    }
}
