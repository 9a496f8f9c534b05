//! What changed between two versions of a sliding lock, in words: the board, the pieces by
//! the seed's names (the cells they cover), and what the lock's author says of it.

use super::Document;
use engine::sliding::{Kind, Lock, Orientation, Piece};

/// The changes from `old` to `new`, one sentence each: what the author says, the board, the
/// Key and the Keyhole, then the pieces moved along their line, removed and added.
pub fn changes(old: &Document, new: &Document) -> Vec<String> {
    let mut out = old.info.changes(&new.info);
    out.extend(lock_changes(&old.lock, &new.lock));
    out
}

fn lock_changes(a: &Lock, b: &Lock) -> Vec<String> {
    let mut out = Vec::new();
    if (a.board.width(), a.board.height()) != (b.board.width(), b.board.height()) {
        out.push(format!(
            "the board is {}×{} (was {}×{})",
            b.board.width(),
            b.board.height(),
            a.board.width(),
            a.board.height()
        ));
    } else if a.board.dark() != b.board.dark() {
        out.push("the dark cells changed".into());
    }
    // The Key and the Keyhole keep their names wherever they lie: said by their cells.
    for (kind, word) in [(Kind::Key, "the Key"), (Kind::Keyhole, "the Keyhole")] {
        let at = |l: &Lock| l.pieces.iter().find(|p| p.kind == kind).copied();
        match (at(a), at(b)) {
            (Some(was), Some(now)) if was != now => out.push(format!(
                "{word} moved from {} to {}",
                was.cells_name(),
                now.cells_name()
            )),
            (Some(was), None) => {
                out.push(format!("{word} removed (it was on {})", was.cells_name()))
            }
            (None, Some(now)) => out.push(format!("{word} added on {}", now.cells_name())),
            _ => {}
        }
    }
    let others = |l: &Lock, other: &Lock| -> Vec<Piece> {
        l.pieces
            .iter()
            .filter(|p| matches!(p.kind, Kind::Slider | Kind::Axis) && !other.pieces.contains(p))
            .copied()
            .collect()
    };
    let mut gone = others(a, b);
    let mut new = others(b, a);
    // A piece gone from a line and one of its kind and length new on that line: it slid.
    gone.retain(|g| match new.iter().position(|n| slid(g, n)) {
        Some(i) => {
            let n = new.remove(i);
            out.push(format!("{} moved to {}", named(g), n.cells_name()));
            false
        }
        None => true,
    });
    out.extend(gone.iter().map(|g| format!("{} removed", named(g))));
    out.extend(new.iter().map(|n| format!("{} added", named(n))));
    out
}

/// Whether `to` is `from` slid along its line: the same kind, way and length, on the same row
/// (lying across) or column (upright); an axis, on the same row or column.
fn slid(from: &Piece, to: &Piece) -> bool {
    if (from.kind, from.orientation, from.length) != (to.kind, to.orientation, to.length) {
        return false;
    }
    let (row, col) = (from.at.row == to.at.row, from.at.col == to.at.col);
    match from.kind {
        Kind::Axis => row || col,
        _ if from.orientation == Orientation::Horizontal => row,
        _ => col,
    }
}

/// A piece as the changes name it: a piece by its cells, an axis as such.
fn named(p: &Piece) -> String {
    match p.kind {
        Kind::Axis => format!("the axis on {}", p.cells_name()),
        _ => p.cells_name(),
    }
}

#[cfg(test)]
mod tests {
    use super::changes;

    fn changes_between(a: &str, b: &str) -> Vec<String> {
        let read = |t: &str| super::super::parse(t).document.expect("a lock");
        changes(&read(a), &read(b))
    }

    const START: &str = "4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n";

    /// The Key and the Keyhole keep their names when they move, and a change of either was
    /// left out of the words (only the line diff showed it).
    #[test]
    fn the_key_and_the_keyhole_moved_are_said_with_their_cells() {
        let moved = "4 . . a @\n3 . K K a\n2 . . . .\n1 . b b .\n  A B C D\n";
        let said = changes_between(START, moved);
        assert!(
            said.contains(&"the Key moved from AB3 to BC3".to_string()),
            "{said:?}"
        );
        assert!(
            said.contains(&"the Keyhole moved from D3 to D4".to_string()),
            "{said:?}"
        );
    }

    /// A piece slid along its line was "removed or moved" and another "added or moved here".
    #[test]
    fn a_piece_slid_along_its_line_is_said_moved_and_others_removed_or_added() {
        let changed = "4 . . . .\n3 K K . @\n2 . . a .\n1 b b a .\n  A B C D\n";
        assert_eq!(
            changes_between(START, changed),
            ["C34 moved to C12", "BC1 moved to AB1"]
        );
        let turned = "4 . . . .\n3 K K . @\n2 . . . .\n1 . b b .\n  A B C D\n";
        assert_eq!(changes_between(START, turned), ["C34 removed"]);
        assert_eq!(changes_between(turned, START), ["C34 added"]);
    }
}
