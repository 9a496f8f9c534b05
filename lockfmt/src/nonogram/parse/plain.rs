//! Files too large for the syntax tree, read line by line when they hold nothing but the puzzle.
//!
//! The syntax tree costs about 200 bytes a byte of clues, so files past
//! [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES) are not given to tree-sitter. The densest
//! 4096×4096 puzzle (every line `1,1,…,1`, 2,048 runs) is a 32 MiB file, and a puzzle that large
//! comes from a program, not an editor: it is read here, without a tree, when every line is
//! `width N`, `height N`, `rows`, `columns` or a clue (run lengths and commas, nothing else),
//! in that order, and the puzzle is valid. Anything else in so large a file (a comment, a
//! blank line, a title, a goal, a problem) is refused with the limit in words. On the files it
//! reads, it gives what the syntax tree's reading gives: the same document and the same source
//! map, and no diagnostics (`tests::the_plain_reading_is_the_syntax_trees_reading`).

use super::{Parsed, SourceMap};
use crate::diagnostic::Span;
use crate::nonogram::document::{Document, Item, empty_puzzle};
use engine::nonogram::{Clue, LineRef};

/// A clue line's runs and their columns (from 1), or `None` when it is not plainly a clue:
/// lengths without leading zeros, separated by single commas; `0` alone for an empty line.
fn clue(line: &str) -> Option<(Clue, Vec<(usize, usize)>)> {
    if line == "0" {
        return Some((Vec::new(), Vec::new()));
    }
    let mut runs = Vec::new();
    let mut at = Vec::new();
    let mut column = 1;
    for token in line.split(',') {
        let b = token.as_bytes();
        if b.is_empty() || b.len() > 9 || b[0] == b'0' || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        runs.push(token.parse().ok()?);
        at.push((column, token.len()));
        column += token.len() + 1;
    }
    Some((runs, at))
}

/// `key N` with N a plain number from 1, or `None`.
fn number(line: &str, key: &str) -> Option<usize> {
    let digits = line.strip_prefix(key)?.strip_prefix(' ')?;
    let b = digits.as_bytes();
    if b.is_empty() || b.len() > 9 || b[0] == b'0' || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    digits.parse().ok()
}

/// The file read line by line, or `None` when it holds anything but `width`, `height`, the
/// `rows` section and the `columns` section, in that order, or its puzzle is not valid.
pub(super) fn read(text: &str) -> Option<Parsed> {
    // Files written on Windows end their lines with CRLF; the carriage return is not the line's.
    let mut lines = text
        .strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line));
    let mut map = SourceMap::default();
    let whole = |n: usize, line: &str| Span::on_line(n, 1, line.len());
    let width_line = lines.next()?;
    let width = number(width_line, "width")?;
    map.items.insert(Item::Width, whole(1, width_line));
    let height_line = lines.next()?;
    let height = number(height_line, "height")?;
    map.items.insert(Item::Height, whole(2, height_line));
    let mut puzzle = empty_puzzle();
    puzzle.width = width;
    puzzle.height = height;
    let mut n = 2;
    for (header, count, line_ref, item) in [
        (
            "rows",
            height,
            LineRef::Row as fn(usize) -> LineRef,
            Item::RowClue as fn(usize) -> Item,
        ),
        ("columns", width, LineRef::Column, Item::ColumnClue),
    ] {
        n += 1;
        if lines.next()? != header {
            return None;
        }
        let header_item = if header == "rows" {
            Item::Rows
        } else {
            Item::Columns
        };
        map.items
            .insert(header_item, Span::on_line(n, 1, header.len()));
        let clues = if header == "rows" {
            &mut puzzle.rows
        } else {
            &mut puzzle.columns
        };
        clues.reserve_exact(count);
        for i in 0..count {
            n += 1;
            let line = lines.next()?;
            if line.len() > 8 * engine::nonogram::MAX_LINE {
                return None;
            }
            let (runs, at) = clue(line)?;
            let span = whole(n, line);
            let spans = at
                .into_iter()
                .map(|(column, len)| Span::on_line(n, column, len))
                .collect();
            map.items.insert(item(i), span);
            map.clues.insert(line_ref(i), span);
            map.runs.insert(line_ref(i), spans);
            clues.push(runs);
        }
    }
    if lines.next().is_some() || !puzzle.validate().is_empty() {
        return None;
    }
    Some(Parsed {
        document: Some(Document::new(puzzle)),
        diagnostics: Vec::new(),
        source_map: map,
        tree: None,
    })
}

#[cfg(test)]
mod tests {
    use super::read;
    use crate::nonogram::parse::parse;

    /// A picture of `w` × `h` cells from a simple generator, as the text of its puzzle.
    fn text(w: usize, h: usize, seed: u64) -> String {
        let mut s = seed | 1;
        let cells: Vec<bool> = (0..w * h)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % 5 < 2
            })
            .collect();
        let clue = |line: &mut dyn Iterator<Item = bool>| {
            let mut runs = Vec::new();
            let mut run = 0;
            for filled in line {
                if filled {
                    run += 1;
                } else if run > 0 {
                    runs.push(run.to_string());
                    run = 0;
                }
            }
            if run > 0 {
                runs.push(run.to_string());
            }
            if runs.is_empty() {
                "0".to_string()
            } else {
                runs.join(",")
            }
        };
        let mut out = format!("width {w}\nheight {h}\nrows\n");
        for y in 0..h {
            out += &clue(&mut (0..w).map(|x| cells[y * w + x]));
            out += "\n";
        }
        out += "columns\n";
        for x in 0..w {
            out += &clue(&mut (0..h).map(|y| cells[y * w + x]));
            out += "\n";
        }
        out
    }

    /// On the files it reads, the line-by-line reading gives the syntax tree's document and
    /// source map, with no diagnostics; the last line's newline may be missing, and lines may end
    /// with CRLF.
    #[test]
    fn the_plain_reading_is_the_syntax_trees_reading() {
        for (seed, (w, h)) in [(1, 1), (2, 1), (1, 3), (5, 5), (17, 9), (40, 33)]
            .into_iter()
            .enumerate()
        {
            let full = text(w, h, seed as u64 + 1);
            let crlf = full.replace('\n', "\r\n");
            for t in [full.as_str(), full.trim_end_matches('\n'), crlf.as_str()] {
                let tree = parse(t);
                assert!(tree.diagnostics.is_empty(), "{:?}", tree.diagnostics);
                let plain = read(t).expect("a plain file");
                assert_eq!(plain.document, tree.document, "{w}×{h}");
                assert_eq!(plain.source_map, tree.source_map, "{w}×{h}");
                assert!(plain.diagnostics.is_empty());
            }
        }
    }

    /// Anything but the plain lines, or a puzzle that is not valid, is left to the syntax tree.
    #[test]
    fn anything_else_is_not_read_plainly() {
        let good = "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n";
        assert!(read(good).is_some());
        for bad in [
            "# a comment\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n",
            "width 2\nheight 1\n\nrows\n2\ncolumns\n1\n1\n",
            "width 2\nheight 1\nrows\n2 \ncolumns\n1\n1\n",
            "width 2\nheight 1\nrows\n02\ncolumns\n1\n1\n",
            "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"11\"\n",
            "width 2\nheight 1\nrows\n2\ncolumns\n1\n0\n",
            "width 2\nheight 1\nrows\n1,,1\ncolumns\n1\n1\n",
            "height 1\nwidth 2\nrows\n2\ncolumns\n1\n1\n",
            "width 2\nheight 1\nrows\n2\ncolumns\n1\n",
        ] {
            assert!(read(bad).is_none(), "{bad:?}");
        }
    }
}
