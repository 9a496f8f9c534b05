//! Piece-by-piece differences between two hex locks, in the game's words.

use crate::words::count;
use engine::Hex;
use engine::hexlock::{Anchor, Lock, Spring};
use serde::Serialize;
use std::collections::BTreeMap;

/// One difference between two locks, in the game's words. Fields are named for what they
/// hold: `old` and `new` values, the `piece` or `spring` in words, `cells` it covers.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum Change {
    /// The size changed.
    Size { old: i32, new: i32 },
    /// Name, author or notes changed.
    Info { what: &'static str },
    /// A piece is only in the new lock.
    Added { piece: String, cells: Vec<Hex> },
    /// A piece is only in the old lock.
    Removed { piece: String, cells: Vec<Hex> },
    /// A piece kept its shape and moved.
    Moved { piece: String, by: Hex },
    /// A piece changed shape (or turned).
    Reshaped {
        piece: String,
        old: Vec<Hex>,
        new: Vec<Hex>,
    },
    /// A spring is only in the new lock.
    SpringAdded { spring: String },
    /// A spring is only in the old lock.
    SpringRemoved { spring: String },
    /// A spring's natural length changed.
    SpringNatural { spring: String, old: i32, new: i32 },
    /// The wrench's momentum changed.
    Momentum {
        old: Option<String>,
        new: Option<String>,
    },
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Change::Size { old, new } => write!(f, "size {old} -> {new}"),
            Change::Info { what } => write!(f, "{what} changed"),
            Change::Added { piece, cells } => {
                write!(f, "added {piece} ({})", count(cells.len(), "cell"))
            }
            Change::Removed { piece, cells } => {
                write!(f, "removed {piece} ({})", count(cells.len(), "cell"))
            }
            Change::Moved { piece, by } => write!(f, "moved {piece} by ({}, {})", by.q, by.r),
            Change::Reshaped { piece, old, new } => {
                write!(f, "reshaped {piece} ({} -> {} cells)", old.len(), new.len())
            }
            Change::SpringAdded { spring } => write!(f, "added {spring}"),
            Change::SpringRemoved { spring } => write!(f, "removed {spring}"),
            Change::SpringNatural { spring, old, new } => {
                write!(f, "{spring}: natural length {old} -> {new}")
            }
            Change::Momentum { old, new } => write!(
                f,
                "wrench momentum {} -> {}",
                old.as_deref().unwrap_or("none"),
                new.as_deref().unwrap_or("none")
            ),
        }
    }
}

fn shapes(lock: &Lock) -> BTreeMap<String, Vec<Hex>> {
    let mut out = BTreeMap::new();
    for b in &lock.blocks {
        out.insert(format!("block {}", b.name), b.cells.clone());
    }
    for p in &lock.pivots {
        out.insert(format!("pivot {}", p.name), p.cells());
    }
    for (i, h) in lock.hooks.iter().enumerate() {
        let name = if i == 0 {
            "the hook".to_string()
        } else {
            format!("hook {}", i + 1)
        };
        out.insert(name, h.cells().to_vec());
    }
    for (i, w) in lock.wrenches.iter().enumerate() {
        let name = if i == 0 {
            "the wrench".to_string()
        } else {
            format!("wrench {}", i + 1)
        };
        out.insert(name, w.cells.clone());
    }
    out
}

fn spring_name(s: &Spring) -> String {
    let root = match s.root {
        Anchor::Block(c) => format!("block {c}"),
        Anchor::Pivot(c) => format!("pivot {c}"),
    };
    format!("the spring {root} -> block {}", s.end)
}

/// The differences between two locks, piece by piece.
pub fn semantic(old: &Lock, new: &Lock) -> Vec<Change> {
    let mut out = Vec::new();
    if old.size != new.size {
        out.push(Change::Size {
            old: old.size,
            new: new.size,
        });
    }
    for (what, a, b) in [
        ("name", &old.info.name, &new.info.name),
        ("author", &old.info.author, &new.info.author),
    ] {
        if a != b {
            out.push(Change::Info { what });
        }
    }
    if old.info.notes != new.info.notes {
        out.push(Change::Info { what: "notes" });
    }
    let (a, b) = (shapes(old), shapes(new));
    for (piece, cells) in &a {
        match b.get(piece) {
            None => out.push(Change::Removed {
                piece: piece.clone(),
                cells: cells.clone(),
            }),
            Some(other) if other == cells => {}
            Some(other) => {
                let by = other[0] - cells[0];
                let moved = cells.len() == other.len()
                    && cells.iter().zip(other).all(|(&x, &y)| y - x == by);
                out.push(if moved {
                    Change::Moved {
                        piece: piece.clone(),
                        by,
                    }
                } else {
                    Change::Reshaped {
                        piece: piece.clone(),
                        old: cells.clone(),
                        new: other.clone(),
                    }
                });
            }
        }
    }
    for (piece, cells) in &b {
        if !a.contains_key(piece) {
            out.push(Change::Added {
                piece: piece.clone(),
                cells: cells.clone(),
            });
        }
    }
    // Balls have no names: compare them as sets of cells.
    for &c in old.balls.iter().filter(|c| !new.balls.contains(c)) {
        out.push(Change::Removed {
            piece: "a ball".into(),
            cells: vec![c],
        });
    }
    for &c in new.balls.iter().filter(|c| !old.balls.contains(c)) {
        out.push(Change::Added {
            piece: "a ball".into(),
            cells: vec![c],
        });
    }
    // Springs: matched by their root and end pieces.
    let key = |s: &Spring| (s.root, s.end);
    let mut unmatched: Vec<&Spring> = new.springs.iter().collect();
    for s in &old.springs {
        match unmatched.iter().position(|t| key(t) == key(s)) {
            Some(i) => {
                let t = unmatched.remove(i);
                if t.natural_length != s.natural_length {
                    out.push(Change::SpringNatural {
                        spring: spring_name(s),
                        old: s.natural_length,
                        new: t.natural_length,
                    });
                }
            }
            None => out.push(Change::SpringRemoved {
                spring: spring_name(s),
            }),
        }
    }
    for t in unmatched {
        out.push(Change::SpringAdded {
            spring: spring_name(t),
        });
    }
    let momentum = |l: &Lock| {
        l.wrenches
            .first()
            .and_then(|w| w.momentum)
            .map(|d| d.name().to_string())
    };
    if momentum(old) != momentum(new) {
        out.push(Change::Momentum {
            old: momentum(old),
            new: momentum(new),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Dir;
    use engine::hexlock::Block;

    #[test]
    fn semantic_diff_names_moves_additions_and_springs() {
        let mut a = Lock::starter(4);
        a.blocks.push(Block {
            name: 'A',
            cells: vec![Hex::new(0, 0), Hex::new(1, 0)],
        });
        a.blocks.push(Block {
            name: 'B',
            cells: vec![Hex::new(3, 0)],
        });
        a.springs.push(Spring {
            root: Anchor::Block('A'),
            root_cell: Hex::new(1, 0),
            end: 'B',
            end_cell: Hex::new(3, 0),
            natural_length: 1,
        });
        let mut b = a.clone();
        for c in &mut b.blocks[0].cells {
            *c = c.neighbour(Dir::NW);
        }
        b.springs[0].natural_length = 2;
        b.balls.push(Hex::new(-2, 0));
        let changes = semantic(&a, &b);
        let text: Vec<String> = changes.iter().map(ToString::to_string).collect();
        assert!(
            text.contains(&"moved block A by (0, -1)".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"added a ball (1 cell)".to_string()),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("natural length 1 -> 2")),
            "{text:?}"
        );
        assert!(semantic(&a, &a).is_empty());
    }
}
