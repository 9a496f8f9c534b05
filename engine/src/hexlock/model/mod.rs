//! The hex lock: its size, frame and bolthole, and its pieces.
//!
//! Pieces are blocks (fixed unless they hang on a spring), pivots with arms, balls, and the two
//! tools the player moves: the hook (a mobile one-armed pivot) and the wrench (a mobile block
//! with momentum). Springs join a root (a block or a pivot) to an end block.
//!
//! The model keeps a canonical order — blocks and pivots by name, balls by cell, springs by
//! their fields — so that two locks with the same pieces compare equal; [`Lock::normalise`]
//! restores it after an edit.

pub mod frame;
mod piece;
pub mod validate;

pub use piece::{Anchor, Block, Hook, PieceRef, Pivot, Spring, Wrench};
pub use validate::{Problem, ProblemKind};

use crate::hex::{Dir, Hex};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the author says about a lock: its name, its author's codename and free-text notes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockInfo {
    /// The lock's title.
    pub name: String,
    /// Who designed it (a codename or any name).
    pub author: String,
    /// Free text: an intro, hints, design notes; one entry per line.
    pub notes: Vec<String>,
}

/// A whole lock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lock {
    /// Name, author and notes.
    pub info: LockInfo,
    /// The hex radius of the playing area.
    pub size: i32,
    /// Blocks, by name.
    pub blocks: Vec<Block>,
    /// Fixed pivots, by name.
    pub pivots: Vec<Pivot>,
    /// Balls, by cell.
    pub balls: Vec<Hex>,
    /// Springs, in canonical order.
    pub springs: Vec<Spring>,
    /// Hooks; a valid lock has exactly one.
    pub hooks: Vec<Hook>,
    /// Wrenches; a valid lock has exactly one.
    pub wrenches: Vec<Wrench>,
}

impl Lock {
    /// An empty lock of a size, with no pieces and no tools.
    pub fn empty(size: i32) -> Lock {
        Lock {
            size,
            ..Lock::default()
        }
    }

    /// A new lock of a size with nothing but the tools at their starting places: the wrench in
    /// the south-west corner and the hook just north-east of it with its arm pointing east —
    /// the corner farthest from the bolthole, so that a fresh design starts with the tools out
    /// of the way.
    pub fn starter(size: i32) -> Lock {
        let corner = Dir::SW.offset() * size;
        let hub = corner.neighbour(Dir::NE);
        Lock {
            size,
            hooks: vec![Hook { hub, arm: Dir::E }],
            wrenches: vec![Wrench {
                cells: vec![corner],
                momentum: None,
            }],
            ..Lock::default()
        }
    }

    /// Restores the canonical order of every list (and of each piece's cells).
    pub fn normalise(&mut self) {
        for b in &mut self.blocks {
            b.cells.sort();
            b.cells.dedup();
        }
        for w in &mut self.wrenches {
            w.cells.sort();
            w.cells.dedup();
        }
        for p in &mut self.pivots {
            p.arms.sort();
        }
        self.blocks.sort_by_key(|b| b.name);
        self.pivots.sort_by_key(|p| p.name);
        self.hooks.sort_by_key(|h| (h.hub, h.arm));
        self.balls.sort();
        self.springs.sort();
    }

    /// The single hook, when there is exactly one.
    pub fn hook(&self) -> Option<&Hook> {
        match self.hooks.as_slice() {
            [h] => Some(h),
            _ => None,
        }
    }

    /// The single wrench, when there is exactly one.
    pub fn wrench(&self) -> Option<&Wrench> {
        match self.wrenches.as_slice() {
            [w] => Some(w),
            _ => None,
        }
    }

    /// The block with a name.
    pub fn block(&self, name: char) -> Option<&Block> {
        self.blocks.iter().find(|b| b.name == name)
    }

    /// The pivot with a name.
    pub fn pivot(&self, name: char) -> Option<&Pivot> {
        self.pivots.iter().find(|p| p.name == name)
    }

    /// Every piece with the cells it covers, in a fixed order: blocks, pivots, balls, hooks,
    /// wrenches.
    pub fn pieces(&self) -> Vec<(PieceRef, Vec<Hex>)> {
        let mut out = Vec::new();
        for b in &self.blocks {
            out.push((PieceRef::Block(b.name), b.cells.clone()));
        }
        for p in &self.pivots {
            out.push((PieceRef::Pivot(p.name), p.cells()));
        }
        for (i, &c) in self.balls.iter().enumerate() {
            out.push((PieceRef::Ball(i), vec![c]));
        }
        for (i, h) in self.hooks.iter().enumerate() {
            out.push((PieceRef::Hook(i), h.cells().to_vec()));
        }
        for (i, w) in self.wrenches.iter().enumerate() {
            out.push((PieceRef::Wrench(i), w.cells.clone()));
        }
        out
    }

    /// Which piece covers each cell. Where pieces overlap (an invalid lock), the first in
    /// [`Lock::pieces`] order wins.
    pub fn occupancy(&self) -> BTreeMap<Hex, PieceRef> {
        let mut map = BTreeMap::new();
        for (piece, cells) in self.pieces() {
            for c in cells {
                map.entry(c).or_insert(piece);
            }
        }
        map
    }

    /// The bolthole cells of this lock.
    pub fn bolthole(&self) -> [Hex; 3] {
        frame::bolthole(self.size)
    }

    /// Whether the bolthole is empty: no piece covers any of its cells.
    pub fn is_open(&self) -> bool {
        let occupied = self.occupancy();
        self.bolthole().iter().all(|c| !occupied.contains_key(c))
    }

    /// Every problem that makes this lock invalid; empty when it is valid.
    pub fn validate(&self) -> Vec<Problem> {
        validate::validate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_lock_is_valid_with_tools_in_the_south_west_corner() {
        for size in frame::MIN_SIZE..=frame::MAX_SIZE {
            let lock = Lock::starter(size);
            assert_eq!(lock.validate(), vec![], "size {size}");
            let wrench = lock.wrench().expect("one wrench");
            assert_eq!(wrench.cells, vec![Hex::new(-size, size)]);
            let hook = lock.hook().expect("one hook");
            assert_eq!(hook.hub, Hex::new(-size + 1, size - 1));
        }
    }

    #[test]
    fn an_empty_bolthole_means_open() {
        let mut lock = Lock::starter(3);
        assert!(lock.is_open());
        lock.balls.push(Hex::new(3, -3));
        assert!(!lock.is_open());
    }
}
