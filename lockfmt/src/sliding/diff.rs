//! What changed between two versions of a sliding lock, in words: the board, the pieces by
//! the seed's names (the cells they cover), and what the lock's author says of it.

use super::Document;
use engine::sliding::Lock;

/// The changes from `old` to `new`, one sentence each: what the author says, the board, then
/// the pieces gone from where they were and those now where none was.
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
    let names = |l: &Lock| -> Vec<String> { (0..l.pieces.len()).map(|i| l.name(i)).collect() };
    let (na, nb) = (names(a), names(b));
    for n in &na {
        if !nb.contains(n) {
            out.push(format!("{n} removed or moved"));
        }
    }
    for n in &nb {
        if !na.contains(n) {
            out.push(format!("{n} added or moved here"));
        }
    }
    out
}
