//! A sliding lock file's content: the lock, the letter each piece is drawn with, what its
//! author says of it, its unknown lines and its comments.

use engine::sliding::{Board, Cell, Kind, Lock, MAX_SIDE, Orientation, Piece};

/// The glyph of the Key's cells.
pub const KEY: char = 'K';
/// The glyph of the Keyhole.
pub const KEYHOLE: char = '@';
/// The glyph of an axis.
pub const AXIS: char = '+';
/// The glyph of a light cell with no piece.
pub const LIGHT: char = '.';
/// The glyph of a dark cell.
pub const DARK: char = '*';
/// The glyph drawn for a vertical or horizontal piece that has no letter left (a lock holds at
/// most 26 of them); the reader refuses it.
pub const NO_LETTER: char = '?';

pub use crate::info::Info;

/// A line of a lock file that comments attach to, in canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Line {
    /// `title`.
    Title,
    /// `by`.
    By,
    /// `source`.
    Source,
    /// `license`.
    License,
    /// The n-th `note` (from 0).
    Note(usize),
    /// The n-th unknown line (from 0).
    Unknown(usize),
    /// A row of the picture, by its number (1 is the bottom row).
    Row(usize),
    /// The footer of column letters under the picture.
    Footer,
    /// The `axis` line of the axis at a cell.
    Axis(Cell),
}

/// Comments, each kept with the line it stands before or on.
pub type Comments = crate::lines::Comments<Line>;

impl crate::lines::AuthorLine for Line {
    fn property(p: crate::lines::Property) -> Line {
        use crate::lines::Property;
        match p {
            Property::Title => Line::Title,
            Property::By => Line::By,
            Property::Source => Line::Source,
            Property::License => Line::License,
            Property::Note(i) => Line::Note(i),
        }
    }

    fn unknown(n: usize) -> Line {
        Line::Unknown(n)
    }
}

/// A sliding lock file: the lock, its pieces' letters, and what the file says around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The board and the pieces.
    pub lock: Lock,
    /// The glyph of each piece, by its place in `lock.pieces`: `K` for the Key, `@` for the
    /// Keyhole, `+` for an axis, and the author's lowercase letter for a vertical or horizontal
    /// piece. Letters are kept as written, so that a one-piece edit changes few lines.
    pub letters: Vec<char>,
    /// Title, author, source, licence, notes.
    pub info: Info,
    /// Lines the format does not know, kept as written (without their end-of-line comment).
    pub unknown: Vec<String>,
    /// The comments.
    pub comments: Comments,
}

/// The glyph a piece of this kind is drawn with, for the kinds that have one glyph.
fn kind_glyph(kind: Kind) -> Option<char> {
    match kind {
        Kind::Key => Some(KEY),
        Kind::Keyhole => Some(KEYHOLE),
        Kind::Axis => Some(AXIS),
        Kind::Slider => None,
    }
}

/// Letters for `pieces`: each kind's glyph, the letter in `keep` for a vertical or horizontal
/// piece when it is a free lowercase letter, and the first free letter for the others.
fn assign(pieces: &[Piece], keep: impl Fn(usize) -> Option<char>) -> Vec<char> {
    let mut out: Vec<Option<char>> = pieces.iter().map(|p| kind_glyph(p.kind)).collect();
    let mut used = [false; 26];
    for (i, slot) in out.iter_mut().enumerate() {
        if slot.is_some() {
            continue;
        }
        if let Some(c) = keep(i).filter(char::is_ascii_lowercase) {
            let k = (c as u8 - b'a') as usize;
            if !used[k] {
                used[k] = true;
                *slot = Some(c);
            }
        }
    }
    out.into_iter()
        .map(|slot| {
            slot.unwrap_or_else(|| match used.iter().position(|u| !u) {
                Some(k) => {
                    used[k] = true;
                    (b'a' + k as u8) as char
                }
                None => NO_LETTER,
            })
        })
        .collect()
}

impl Document {
    /// A document of `lock` with nothing else said; its vertical and horizontal pieces are
    /// lettered `a`, `b`, `c`… in the order of `lock.pieces`.
    pub fn new(lock: Lock) -> Document {
        let letters = assign(&lock.pieces, |_| None);
        Document {
            lock,
            letters,
            info: Info::default(),
            unknown: Vec::new(),
            comments: Comments::default(),
        }
    }

    /// A board `width` × `height` (each clamped to 2–11) holding only the Key and the Keyhole,
    /// a start for `new --kind sliding` and the studio's blank boards that says what every
    /// lock needs and can be picked: the Key lies `K K` at the bottom left with the Keyhole at
    /// the right end of its row, one slide away; on a board three cells wide or narrower the
    /// Key stands in the first column with the Keyhole at its top. A board too small for
    /// either (both sides at most 3: the Key would touch the Keyhole from the start) keeps the
    /// Keyhole on the right edge in row 2, and cannot be picked.
    pub fn empty(width: u8, height: u8) -> Document {
        let (w, h) = (width.clamp(2, MAX_SIDE), height.clamp(2, MAX_SIDE));
        let (key, keyhole) = if w >= 4 {
            (
                Piece::key(Cell::new(0, 0), Orientation::Horizontal),
                Cell::new(w - 1, 0),
            )
        } else if h >= 4 {
            (
                Piece::key(Cell::new(0, 0), Orientation::Vertical),
                Cell::new(0, h - 1),
            )
        } else {
            (
                Piece::key(Cell::new(0, 0), Orientation::Horizontal),
                Cell::new(w - 1, 1),
            )
        };
        Document::new(Lock::new(
            Board::new(w, h),
            vec![key, Piece::keyhole(keyhole)],
        ))
    }

    /// This document with another lock (the same lock after an edit or a move): the title,
    /// notes, unknown lines and comments stay, and each vertical or horizontal piece keeps the
    /// letter of the piece at its place in `lock.pieces` (pieces keep their place across
    /// moves); a new piece gets the first free letter.
    pub fn with_lock(&self, lock: Lock) -> Document {
        let letters = assign(&lock.pieces, |i| {
            let old = self.lock.pieces.get(i)?;
            (old.kind == Kind::Slider)
                .then(|| self.letters.get(i).copied())
                .flatten()
        });
        Document {
            lock,
            letters,
            info: self.info.clone(),
            unknown: self.unknown.clone(),
            comments: self.comments.clone(),
        }
    }

    /// The glyph piece `piece` is drawn with: `K`, `@`, `+` or its letter (`?` for a vertical
    /// or horizontal piece without a letter of its own).
    pub fn letter(&self, piece: usize) -> char {
        self.glyphs().get(piece).copied().unwrap_or(NO_LETTER)
    }

    /// The vertical or horizontal piece drawn with `letter`, or the Key for `K`.
    pub fn piece_by_letter(&self, letter: char) -> Option<usize> {
        self.glyphs()
            .iter()
            .position(|&g| g == letter && (g == KEY || g.is_ascii_lowercase()))
    }

    /// Every piece's glyph as the printer draws it: [`Document::letters`] where they are
    /// usable (a lowercase letter, used once), the kind's glyph for the Key, Keyhole and
    /// axes, and the first free letter for the rest.
    pub(crate) fn glyphs(&self) -> Vec<char> {
        assign(&self.lock.pieces, |i| self.letters.get(i).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_letters_the_pieces_in_order_and_edits_keep_them() {
        let board = Board::new(4, 4);
        let lock = Lock::new(
            board.clone(),
            vec![
                Piece::key(Cell::new(0, 2), Orientation::Horizontal),
                Piece::slider(Cell::new(2, 2), Orientation::Vertical, 2),
                Piece::keyhole(Cell::new(3, 2)),
                Piece::slider(Cell::new(1, 0), Orientation::Horizontal, 2),
            ],
        );
        let doc = Document::new(lock.clone());
        assert_eq!(doc.letters, vec!['K', 'a', '@', 'b']);
        let mut moved = lock.clone();
        moved.pieces[1].at = Cell::new(2, 0);
        moved
            .pieces
            .push(Piece::slider(Cell::new(0, 3), Orientation::Horizontal, 2));
        let mut relettered = doc.clone();
        relettered.letters[1] = 'q';
        let next = relettered.with_lock(moved);
        assert_eq!(next.letters, vec!['K', 'q', '@', 'b', 'a']);
        assert_eq!(next.piece_by_letter('q'), Some(1));
        assert_eq!(next.letter(2), '@');
    }

    #[test]
    fn the_empty_lock_has_a_key_and_a_keyhole_on_the_right_edge() {
        let doc = Document::empty(5, 4);
        assert_eq!(doc.lock.board.width(), 5);
        assert_eq!(doc.lock.pieces[1].at, Cell::new(4, 0));
        assert!(doc.lock.problems().is_empty(), "{:?}", doc.lock.problems());
        assert!(Document::empty(0, 40).lock.problems().is_empty());
    }

    /// A new lock could never be picked (the Key in row 1, the Keyhole in row 2): the author
    /// began from a lock the solver called impossible. Every board with room for a slide now
    /// begins one slide from a pick, and none begins picked or illegal.
    #[test]
    fn an_empty_lock_is_one_slide_from_a_pick_wherever_there_is_room() {
        for w in 2..=MAX_SIDE {
            for h in 2..=MAX_SIDE {
                let lock = Document::empty(w, h).lock;
                assert!(lock.problems().is_empty(), "{w}×{h}: {:?}", lock.problems());
                assert!(!lock.is_picked(), "{w}×{h} begins picked");
                let picked_in_one = lock
                    .legal_moves()
                    .iter()
                    .any(|m| lock.apply(m).is_ok_and(|l| l.is_picked()));
                assert_eq!(picked_in_one, w >= 4 || h >= 4, "{w}×{h}");
            }
        }
    }
}
