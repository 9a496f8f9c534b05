//! Differences between two versions of a lock: as lines of text, and as pieces.

use engine::{Anchor, Hex, Lock, Spring};
use serde::Serialize;
use similar::{ChangeTag, TextDiff};
use std::collections::BTreeMap;

/// One line of a line diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiffLine {
    /// `equal`, `delete` (only in the old text) or `insert` (only in the new).
    pub tag: &'static str,
    /// Its line number in the old text, from 1.
    pub old: Option<usize>,
    /// Its line number in the new text, from 1.
    pub new: Option<usize>,
    /// The line, without its newline.
    pub text: String,
}

/// The line diff of two texts.
pub fn line_diff(old: &str, new: &str) -> Vec<DiffLine> {
    TextDiff::from_lines(old, new)
        .iter_all_changes()
        .map(|c| DiffLine {
            tag: match c.tag() {
                ChangeTag::Equal => "equal",
                ChangeTag::Delete => "delete",
                ChangeTag::Insert => "insert",
            },
            old: c.old_index().map(|i| i + 1),
            new: c.new_index().map(|i| i + 1),
            text: c.value().trim_end_matches(['\n', '\r']).to_string(),
        })
        .collect()
}

/// A unified diff, as `diff -u` prints it.
pub fn unified(old: &str, new: &str, old_name: &str, new_name: &str) -> String {
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .to_string()
}

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
            Change::Added { piece, cells } => write!(f, "added {piece} ({} cells)", cells.len()),
            Change::Removed { piece, cells } => {
                write!(f, "removed {piece} ({} cells)", cells.len())
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
    use engine::{Block, Dir};

    #[test]
    fn line_diff_numbers_both_sides() {
        let d = line_diff("a\nb\nc\n", "a\nB\nc\n");
        let tags: Vec<_> = d.iter().map(|l| l.tag).collect();
        assert_eq!(tags, ["equal", "delete", "insert", "equal"]);
        assert_eq!((d[1].old, d[2].new), (Some(2), Some(2)));
    }

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
            text.contains(&"added a ball (1 cells)".to_string()),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("natural length 1 -> 2")),
            "{text:?}"
        );
        assert!(semantic(&a, &a).is_empty());
    }
}

/// Carries the change from `old` to `new` over to `text`, a version of `old` with its own
/// layout: each changed run of lines is replaced where `text` holds the same lines, so the lines
/// the change does not touch keep their layout and comments. `None` when a changed line of `old`
/// is not in `text` as it is (the caller then uses `new` whole).
pub fn carry_over(text: &str, old: &str, new: &str) -> Option<String> {
    if text == old {
        return Some(new.to_string());
    }
    let t: Vec<&str> = text.split_inclusive('\n').collect();
    let o: Vec<&str> = old.split_inclusive('\n').collect();
    let n: Vec<&str> = new.split_inclusive('\n').collect();
    // Where each line of `old` stands in `text`, when it stands there unchanged.
    let mut at: Vec<Option<usize>> = vec![None; o.len()];
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &o, &t) {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for k in 0..len {
                at[old_index + k] = Some(new_index + k);
            }
        }
    }
    // The edits, in `text`'s terms: replace text[a..b] with these lines.
    let mut edits: Vec<(usize, usize, Vec<&str>)> = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &o, &n) {
        let (oi, ol, ni, nl) = match op {
            similar::DiffOp::Equal { .. } => continue,
            similar::DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => (old_index, old_len, new_index, 0),
            similar::DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => (old_index, 0, new_index, new_len),
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (old_index, old_len, new_index, new_len),
        };
        let lines = n[ni..ni + nl].to_vec();
        if ol == 0 {
            // An insertion goes after the line before it, or before the line after it.
            let pos = match oi.checked_sub(1) {
                Some(p) => at[p].map(|x| x + 1),
                None => Some(0),
            }
            .or_else(|| at.get(oi).copied().flatten())?;
            edits.push((pos, pos, lines));
        } else {
            let spots: Vec<usize> = (oi..oi + ol).map(|i| at[i]).collect::<Option<_>>()?;
            let (a, b) = (spots[0], spots[spots.len() - 1] + 1);
            if b - a != ol {
                return None;
            }
            edits.push((a, b, lines));
        }
    }
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = String::new();
    let mut cur = 0;
    for (a, b, lines) in edits {
        if a < cur {
            return None;
        }
        out.extend(t[cur..a].iter().copied());
        out.extend(lines);
        cur = b;
    }
    out.extend(t[cur..].iter().copied());
    Some(out)
}

#[cfg(test)]
mod carry_over_tests {
    use super::carry_over;

    #[test]
    fn a_change_lands_on_the_same_line_in_another_layout() {
        let old = "a\nb\nc\nd\n";
        let new = "a\nB\nc\nd\n";
        // The text has an extra comment and its lines in another order.
        let text = "# mine\nd\na\nb\nc\n";
        assert_eq!(
            carry_over(text, old, new).as_deref(),
            Some("# mine\nd\na\nB\nc\n")
        );
    }

    #[test]
    fn insertions_and_deletions_follow_their_neighbours() {
        let old = "a\nb\nc\n";
        let new = "a\nb\nx\nc\n";
        assert_eq!(
            carry_over("a\n  # note\nb\nc\n", old, new).as_deref(),
            Some("a\n  # note\nb\nx\nc\n")
        );
        assert_eq!(
            carry_over("a\nb\n# c next\nc\n", "a\nb\nc\n", "a\nc\n").as_deref(),
            Some("a\n# c next\nc\n")
        );
    }

    #[test]
    fn a_changed_line_written_differently_gives_up() {
        assert_eq!(carry_over("a\n  b\nc\n", "a\nb\nc\n", "a\nB\nc\n"), None);
    }
}
