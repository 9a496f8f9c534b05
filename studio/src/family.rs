//! The registry of puzzle families: which files each owns (by extension), what the folder panel
//! calls them, and how a file of each is pictured. Adding a family is adding an entry here (and
//! its screens); the folder panel, the file watcher and opening files follow the registry.

use crate::hexlock::picture::{Colouring, Palette};
use std::path::Path;

/// A puzzle family the studio knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Intricacy's hex locks (`.lock`).
    HexLock,
    /// Nonograms, Picross (`.non`).
    Nonogram,
    /// Quadrillion boards (`.quad`).
    Quadrillion,
    /// Lockmaker's sliding locks (`.slide`).
    Sliding,
}

/// What the studio knows of a family.
#[derive(Debug)]
pub struct FamilyInfo {
    /// The family.
    pub family: Family,
    /// Its name in the game's words, e.g. "hex lock".
    pub name: &'static str,
    /// The extension of its files, without the dot.
    pub extension: &'static str,
}

/// Every family, in the order the studio lists them.
pub const FAMILIES: &[FamilyInfo] = &[
    FamilyInfo {
        family: Family::HexLock,
        name: "hex lock",
        extension: "lock",
    },
    FamilyInfo {
        family: Family::Nonogram,
        name: "nonogram",
        extension: "non",
    },
    FamilyInfo {
        family: Family::Quadrillion,
        name: "Quadrillion board",
        extension: "quad",
    },
    FamilyInfo {
        family: Family::Sliding,
        name: "sliding lock",
        extension: "slide",
    },
];

/// How long a thumbnail may look for the picture of a nonogram written as clues only.
const THUMBNAIL_SOLVE: engine::nonogram::Limits = engine::nonogram::Limits {
    timeout: Some(std::time::Duration::from_millis(50)),
    max_nodes: None,
};

/// A small picture of a file, as straight RGBA pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thumbnail {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// Straight (not premultiplied) RGBA, row by row.
    pub rgba: Vec<u8>,
}

impl Family {
    /// The family of a file, by its extension.
    pub fn of_path(path: &Path) -> Option<Family> {
        let ext = path.extension()?.to_str()?;
        FAMILIES
            .iter()
            .find(|f| f.extension.eq_ignore_ascii_case(ext))
            .map(|f| f.family)
    }

    /// What the studio knows of this family.
    pub fn info(self) -> &'static FamilyInfo {
        FAMILIES
            .iter()
            .find(|f| f.family == self)
            .unwrap_or(&FAMILIES[0])
    }

    /// A picture of a file of this family `width` pixels wide; `None` when the text does not
    /// describe a puzzle that can be drawn. Slow work: call it off the UI thread.
    pub fn thumbnail(self, text: &str, width: u32) -> Option<Thumbnail> {
        match self {
            Family::HexLock => {
                let lock = lockfmt::hexlock::parse(text).document?.lock;
                let pm = crate::hexlock::render::pixmap(
                    &lock,
                    width,
                    Colouring::ByKind,
                    &Palette::LIGHT,
                )
                .ok()?;
                Some(Thumbnail {
                    width: pm.width(),
                    height: pm.height(),
                    rgba: crate::hexlock::render::straight_rgba(&pm),
                })
            }
            Family::Nonogram => {
                let mut puzzle = lockfmt::nonogram::parse(text).document?.puzzle;
                if puzzle.width == 0 || puzzle.height == 0 {
                    return None;
                }
                // A puzzle written as clues only shows its picture when the solver finds
                // the one quickly (most published puzzles: milliseconds); else the empty grid.
                if puzzle.goal.is_none()
                    && let engine::nonogram::Answer::Unique(picture) =
                        engine::nonogram::solve(&puzzle, &THUMBNAIL_SOLVE).answer
                {
                    puzzle.goal = Some(picture);
                }
                let pm = crate::nonogram::render::thumbnail(&puzzle, width)?;
                Some(Thumbnail {
                    width: pm.width(),
                    height: pm.height(),
                    rgba: crate::shape::straight_rgba(&pm),
                })
            }
            Family::Quadrillion => {
                let ch = lockfmt::quadrillion::parse(text).document?.challenge;
                if ch.board.grids.is_empty() {
                    return None;
                }
                let pm = crate::quadrillion::render::pixmap(
                    &ch.board,
                    &ch.placed,
                    width.clamp(16, 1024),
                    &crate::quadrillion::picture::Palette::LIGHT,
                )
                .ok()?;
                Some(Thumbnail {
                    width: pm.width(),
                    height: pm.height(),
                    rgba: crate::shape::straight_rgba(&pm),
                })
            }
            Family::Sliding => {
                let parsed = lockfmt::sliding::parse(text);
                if !crate::sliding::drawable(parsed.diagnostics.iter().filter(|d| d.is_error())) {
                    return None;
                }
                let lock = parsed.document?.lock;
                let pm = crate::sliding::render::pixmap(
                    &lock,
                    width.clamp(16, 1024),
                    &crate::sliding::picture::Palette::LIGHT,
                )
                .ok()?;
                Some(Thumbnail {
                    width: pm.width(),
                    height: pm.height(),
                    rgba: crate::shape::straight_rgba(&pm),
                })
            }
        }
    }

    /// What changed from `old` to `new` (two versions of a file of this family), one sentence
    /// each in the family's words: pieces, clues, grids and shapes. `Err` lists which of the two
    /// (0 for `old`, 1 for `new`) does not read cleanly.
    pub fn changes(self, old: &[u8], new: &[u8]) -> Result<Vec<String>, Vec<usize>> {
        let texts = [old, new];
        match self {
            Family::HexLock => compare(
                texts,
                |t| lockfmt::hexlock::parse_bytes(t).document.map(|d| d.lock),
                |a, b| {
                    lockfmt::hexlock::diff::semantic(a, b)
                        .iter()
                        .map(ToString::to_string)
                        .collect()
                },
            ),
            Family::Nonogram => compare(
                texts,
                |t| {
                    let p = lockfmt::nonogram::parse_bytes(t);
                    let clean = !p.has_errors();
                    p.document.filter(|_| clean).map(|d| d.puzzle)
                },
                lockfmt::nonogram::diff::changes,
            ),
            Family::Quadrillion => compare(
                texts,
                |t| {
                    let p = lockfmt::quadrillion::parse_bytes(t);
                    let clean = !p.has_errors();
                    p.document.filter(|_| clean)
                },
                lockfmt::quadrillion::diff::changes,
            ),
            Family::Sliding => compare(
                texts,
                |t| lockfmt::sliding::parse_bytes(t).document,
                lockfmt::sliding::diff::changes,
            ),
        }
    }
}

/// Reads both texts with `read` and names their changes with `changes`; `Err` lists which of
/// the two (0 or 1) do not read.
pub(crate) fn compare<D, C>(
    texts: [&[u8]; 2],
    read: impl Fn(&[u8]) -> Option<D>,
    changes: impl Fn(&D, &D) -> Vec<C>,
) -> Result<Vec<C>, Vec<usize>> {
    match texts.map(read) {
        [Some(a), Some(b)] => Ok(changes(&a, &b)),
        [a, b] => Err([a.is_none(), b.is_none()]
            .into_iter()
            .enumerate()
            .filter_map(|(i, bad)| bad.then_some(i))
            .collect()),
    }
}

/// Why `file`, which no family's extension names, is no puzzle file — or nothing, when it is
/// webpbn XML (read as the nonogram it holds) or a hex lock under another name (its text
/// begins with the lock format's first line; comments and blank lines may come before). A
/// file there is but that cannot be read is left to the reader, which says why.
pub fn refusal(file: &Path) -> Option<String> {
    use std::io::Read;
    if Family::of_path(file).is_some() || crate::nonogram::webpbn::is_webpbn(file) {
        return None;
    }
    let mut head = Vec::new();
    // Only a regular file is opened here: opening a FIFO waits for a writer, and the readers
    // refuse FIFOs and devices at once, saying what they are.
    if std::fs::metadata(file).is_ok_and(|m| !m.is_file()) {
        return None;
    }
    match std::fs::File::open(file) {
        Ok(f) => {
            if f.take(4096).read_to_end(&mut head).is_err() {
                return None;
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Some(format!(
                "{} is no puzzle file name: {PUZZLE_FILES}; to make one, give its name with \
                 its family's extension, or run `lockwright new NAME`",
                file.display()
            ));
        }
        Err(_) => return None,
    }
    refusal_of_text(file, &head)
}

/// Whether a text's first line that is neither blank nor a comment is a hex lock's format
/// line (`lockwright-lock 1`): a lock, whatever its file is called.
pub fn begins_as_a_hex_lock(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(lockfmt::hexlock::print::FORMAT_LINE))
}

/// Why `file`, read (its first bytes at least) as `text`, is no puzzle file: nothing when its
/// extension names a family, or when the text begins as a hex lock does.
pub fn refusal_of_text(file: &Path, text: &[u8]) -> Option<String> {
    if Family::of_path(file).is_some() || crate::nonogram::webpbn::is_webpbn(file) {
        return None;
    }
    let text = String::from_utf8_lossy(&text[..text.len().min(4096)]);
    if begins_as_a_hex_lock(&text) {
        return None;
    }
    Some(format!(
        "{} is no puzzle file: {PUZZLE_FILES}, and webpbn .xml files hold nonograms (a hex \
         lock under another name begins with the line `{}`)",
        file.display(),
        lockfmt::hexlock::print::FORMAT_LINE
    ))
}

/// Which files are puzzles, in the words a refusal says it.
const PUZZLE_FILES: &str = "Lockwright's puzzles are .lock, .non, .quad and .slide files";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_belong_to_families_by_extension() {
        assert_eq!(
            Family::of_path(Path::new("a/b.lock")),
            Some(Family::HexLock)
        );
        assert_eq!(Family::of_path(Path::new("b.LOCK")), Some(Family::HexLock));
        assert_eq!(Family::of_path(Path::new("b.solution")), None);
        assert_eq!(
            Family::of_path(Path::new("dancer.non")),
            Some(Family::Nonogram)
        );
        assert_eq!(
            Family::of_path(Path::new("challenge-49.quad")),
            Some(Family::Quadrillion)
        );
        assert_eq!(
            Family::of_path(Path::new("seed-example.slide")),
            Some(Family::Sliding)
        );
        assert_eq!(Family::of_path(Path::new("lock")), None);
    }

    #[test]
    fn a_starter_lock_has_a_thumbnail_and_garbage_has_none() {
        let text = crate::hexlock::templates::find("ball-stop").map(|t| t.text);
        let thumb = Family::HexLock.thumbnail(text.unwrap_or_default(), 72);
        let thumb = thumb.expect("a picture");
        assert_eq!(thumb.width, 72);
        assert_eq!(thumb.rgba.len(), (thumb.width * thumb.height * 4) as usize);
        assert_eq!(Family::HexLock.thumbnail("not a lock", 72), None);
        let non = "width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n\ngoal \"111100\"\n";
        let thumb = Family::Nonogram
            .thumbnail(non, 72)
            .expect("a nonogram's picture");
        assert_eq!((thumb.width, thumb.height), (72, 48));
        // The same puzzle written as clues only: the solver finds its one picture.
        let clues_only = non.replace("\ngoal \"111100\"\n", "\n");
        assert_eq!(Family::Nonogram.thumbnail(&clues_only, 72), Some(thumb));
    }

    /// Regression: garbage in a `.non` file drew an empty picture, and in a `.slide` file a
    /// blank 2×2 board, where a hex lock's garbage shows it has no picture.
    #[test]
    fn garbage_of_every_family_has_no_thumbnail() {
        for info in FAMILIES {
            assert!(
                info.family.thumbnail("garbage\n", 72).is_none(),
                "{}",
                info.name
            );
        }
    }
}
