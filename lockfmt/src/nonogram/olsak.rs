//! Olšák's `.g` files, black on white: the format of Mirek and Petr Olšák's solver, which
//! webpbn exports (`fmt=olsak`) and Jan Wolter's survey of solvers keeps its puzzles in, and
//! which pbnsolve and nonogrid read.
//!
//! ```text
//! webpbn.org #1: Demo Puzzle from Front Page
//! Copyright 2004 by Jan Wolter
//! #d
//!    0:   #FFFFFF   white
//!    g:X  #000000   black
//! : rows
//! 2g
//! 2g 1g
//! : columns
//! 1g 1g
//! ```
//!
//! Lines before the first `#` or `:` line are the puzzle's words: the first its catalogue and
//! title (`SOURCE #N: TITLE`), one beginning `Copyright` its copyright and author. `#d` opens the
//! colours, one a line (`LETTER[:SYMBOL] #RRGGBB NAME`), `0` being the background; other `#` lines
//! are remarks. `: rows` and `: columns` each open their clues, one line a row or column: runs
//! of a number and the colour's letter (the letter may be left out), an empty line or `0` for a
//! line with no run — at the end of the file too (webpbn #22336 ends with two empty columns).
//! Only the read is here: the studio writes `.non` and webpbn XML.

use super::webpbn::{MAX_XML_BYTES, XmlError};
use engine::nonogram::{Clue, MAX_LINE, Puzzle, PuzzleInfo};

/// Which clues a line belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Words,
    Colours,
    Rows,
    Columns,
}

fn error(line: usize, column: usize, code: &'static str, message: impl Into<String>) -> XmlError {
    XmlError {
        line,
        column,
        code,
        message: message.into(),
    }
}

/// A colour of the `#d` section: its letter and name, and the line that defines it.
struct Colour {
    letter: char,
    name: String,
}

/// Reads a black-on-white `.g` file. The text is the file's (a byte-order mark and CRLF line
/// ends are read too).
pub fn import(text: &str) -> Result<Puzzle, XmlError> {
    if text.len() > MAX_XML_BYTES {
        return Err(error(
            1,
            1,
            "file-too-large",
            format!(
                "the file is {} bytes; an Olšák puzzle file is at most {MAX_XML_BYTES} bytes (4 MiB)",
                text.len()
            ),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    // The newline that ends the last line opens none; blank lines before it are columns.
    if lines.len() > 1 && lines.last() == Some(&"") {
        lines.pop();
    }
    let mut part = Part::Words;
    let mut words: Vec<&str> = Vec::new();
    let mut colours: Vec<Colour> = Vec::new();
    let mut rows: Vec<Clue> = Vec::new();
    let mut columns: Vec<Clue> = Vec::new();
    // The foreground colour the runs use, with the line of its first use.
    let mut used: Option<(char, usize)> = None;
    let mut seen_rows = false;
    let mut seen_columns = false;
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if let Some(name) = trimmed.strip_prefix(':') {
            part = match name.trim() {
                "rows" if !seen_rows => {
                    seen_rows = true;
                    Part::Rows
                }
                "columns" if !seen_columns => {
                    seen_columns = true;
                    Part::Columns
                }
                "rows" | "columns" => {
                    return Err(error(
                        number,
                        1,
                        "twice",
                        format!("a second `: {}` section: each comes once", name.trim()),
                    ));
                }
                other => {
                    return Err(error(
                        number,
                        1,
                        "unsupported-type",
                        format!(
                            "a section `: {other}`: a black-on-white puzzle has `: rows` and `: columns`"
                        ),
                    ));
                }
            };
            continue;
        }
        if trimmed.starts_with('#') {
            if part == Part::Words || part == Part::Colours {
                part = if trimmed == "#d" { Part::Colours } else { part };
            }
            continue;
        }
        match part {
            Part::Words => words.push(trimmed),
            Part::Colours => {
                if !trimmed.is_empty() {
                    colours.push(read_colour(trimmed, number, line)?);
                }
            }
            Part::Rows | Part::Columns => {
                let clue = read_clue(line, number, &colours, &mut used)?;
                let clues = if part == Part::Rows {
                    &mut rows
                } else {
                    &mut columns
                };
                if clues.len() == MAX_LINE {
                    return Err(error(
                        number,
                        1,
                        "too-large",
                        format!(
                            "more than {MAX_LINE} {}: a nonogram has at most {MAX_LINE} rows and {MAX_LINE} columns",
                            if part == Part::Rows {
                                "rows"
                            } else {
                                "columns"
                            }
                        ),
                    ));
                }
                clues.push(clue);
            }
        }
    }
    if !seen_rows || !seen_columns {
        return Err(error(
            lines.len().max(1),
            1,
            "no-clues",
            format!(
                "the file has no `: {}` section: an Olšák puzzle gives its rows' clues after `: rows` and its columns' after `: columns`",
                if seen_rows { "columns" } else { "rows" }
            ),
        ));
    }
    if rows.is_empty() || columns.is_empty() {
        return Err(error(
            lines.len().max(1),
            1,
            "no-clues",
            "the puzzle has no rows or no columns: a nonogram has at least one of each",
        ));
    }
    Ok(Puzzle {
        info: read_words(&words),
        width: columns.len(),
        height: rows.len(),
        rows,
        columns,
        goal: None,
    })
}

/// `g:X  #000000   black`: the letter and the name.
fn read_colour(trimmed: &str, number: usize, line: &str) -> Result<Colour, XmlError> {
    let column = line.len() - line.trim_start().len() + 1;
    let mut fields = trimmed.split_whitespace();
    let head = fields.next().unwrap_or("");
    let letter = head.chars().next().filter(|c| c.is_alphanumeric());
    let Some(letter) = letter else {
        return Err(error(
            number,
            column,
            "bad-colour",
            format!(
                "`{head}` names no colour: a colour line is a letter (`0` for the background), its symbol after `:`, `#RRGGBB` and a name"
            ),
        ));
    };
    let name = fields
        .filter(|f| !f.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Colour { letter, name })
}

/// One row's or column's runs: `2g 1g`, `2 1`, `0` or nothing.
fn read_clue(
    line: &str,
    number: usize,
    colours: &[Colour],
    used: &mut Option<(char, usize)>,
) -> Result<Clue, XmlError> {
    let mut clue = Clue::new();
    let mut at = 0;
    for token in line.split_whitespace() {
        // The token's place in the line, for the message.
        let start = line[at..].find(token).map_or(at, |p| at + p);
        at = start + token.len();
        let column = line[..start].chars().count() + 1;
        let digits = token.chars().take_while(char::is_ascii_digit).count();
        let (count, letter) = token.split_at(digits);
        let mut rest = letter.chars();
        let letter = rest.next();
        if digits == 0 || rest.next().is_some() {
            return Err(error(
                number,
                column,
                "bad-count",
                format!(
                    "`{token}` is not a run: a run is a number of cells, then the colour's letter (`3g`)"
                ),
            ));
        }
        let Ok(n) = count.parse::<u32>() else {
            return Err(error(
                number,
                column,
                "bad-count",
                format!(
                    "a run of {count} cells is longer than a line may be: at most {MAX_LINE} cells"
                ),
            ));
        };
        if n as usize > MAX_LINE {
            return Err(error(
                number,
                column,
                "bad-count",
                format!(
                    "a run of {n} cells is longer than a line may be: at most {MAX_LINE} cells"
                ),
            ));
        }
        if let Some(letter) = letter {
            if letter == '0' || !colours.is_empty() && !colours.iter().any(|c| c.letter == letter) {
                return Err(error(
                    number,
                    column + digits,
                    "bad-colour",
                    format!("`{letter}` is no colour of this puzzle's `#d` section"),
                ));
            }
            match *used {
                None => *used = Some((letter, number)),
                Some((first, _)) if first == letter => {}
                Some((first, _)) => {
                    let name = |l: char| {
                        colours
                            .iter()
                            .find(|c| c.letter == l)
                            .map_or_else(|| l.to_string(), |c| c.name.clone())
                    };
                    return Err(error(
                        number,
                        column + digits,
                        "multi-colour",
                        format!(
                            "a puzzle in more than one colour besides its background ({} and {}): Lockwright's nonograms are black on white",
                            name(first),
                            name(letter)
                        ),
                    ));
                }
            }
        }
        if n > 0 {
            clue.push(n);
        }
    }
    Ok(clue)
}

/// The words before the colours: `webpbn.org #1: Demo Puzzle` and `Copyright 2004 by Jan Wolter`.
fn read_words(words: &[&str]) -> PuzzleInfo {
    let mut info = PuzzleInfo::default();
    for &w in words.iter().filter(|w| !w.is_empty()) {
        if w.starts_with("Copyright") {
            info.by = w
                .split_once(" by ")
                .map(|(_, by)| by.trim().to_string())
                .filter(|by| !by.is_empty());
            info.copyright = Some(w.to_string());
        } else if info.title.is_none() && info.catalogue.is_none() {
            match w.split_once(": ") {
                Some((source, title)) if source.contains('#') => {
                    info.catalogue = Some(source.trim().to_string());
                    let title = title.trim();
                    info.title = (!title.is_empty()).then(|| title.to_string());
                }
                _ => info.title = Some(w.trim_end_matches(':').trim().to_string()),
            }
        }
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    const DANCER: &str = "webpbn.org #1: Demo Puzzle from Front Page\nCopyright 2004 by Jan Wolter\n#d\n   0:   #FFFFFF   white\n   g:X  #000000   black\n: rows\n2g\n2g 1g\n1g 1g\n3g\n1g 1g\n1g 1g\n2g\n1g 1g\n1g 2g\n2g\n: columns\n2g 1g\n2g 1g 3g\n7g\n1g 3g\n2g 1g\n";

    #[test]
    fn a_webpbn_export_reads_with_its_words() {
        let p = import(DANCER).expect("reads");
        assert_eq!((p.width, p.height), (5, 10));
        assert_eq!(p.rows[1], vec![2, 1]);
        assert_eq!(p.columns[2], vec![7]);
        assert_eq!(p.info.catalogue.as_deref(), Some("webpbn.org #1"));
        assert_eq!(p.info.title.as_deref(), Some("Demo Puzzle from Front Page"));
        assert_eq!(p.info.by.as_deref(), Some("Jan Wolter"));
        assert_eq!(
            p.info.copyright.as_deref(),
            Some("Copyright 2004 by Jan Wolter")
        );
    }

    #[test]
    fn crlf_a_byte_order_mark_and_no_final_newline_read_alike() {
        let crlf = format!("\u{feff}{}", DANCER.replace('\n', "\r\n"));
        assert_eq!(import(&crlf), import(DANCER));
        assert_eq!(import(DANCER.trim_end()), import(DANCER));
        // A blank line before the end is an empty column, as webpbn #22336 ends.
        let wider = import(&format!("{DANCER}\n\n")).expect("reads");
        assert_eq!(wider.width, 7);
        assert_eq!(wider.columns[5..], [Clue::new(), Clue::new()]);
    }

    #[test]
    fn an_empty_line_or_zero_is_a_line_without_runs_and_letters_may_be_left_out() {
        let p = import(": rows\n1 1\n\n0\n: columns\n1\n0\n1\n").expect("reads");
        assert_eq!(p.rows, vec![vec![1, 1], vec![], vec![]]);
        assert_eq!(p.columns, vec![vec![1], vec![], vec![1]]);
        assert_eq!(p.info, PuzzleInfo::default());
    }

    #[test]
    fn a_colour_puzzle_is_refused_where_its_second_colour_is_first_used() {
        let text = "#d\n 0: #FFFFFF white\n g:X #000000 black\n r:* #FF0000 red\n: rows\n1g\n1g 1r\n: columns\n1g\n1r\n";
        let e = import(text).expect_err("two colours");
        assert_eq!((e.code, e.line, e.column), ("multi-colour", 7, 5));
        assert!(e.message.contains("black and red"), "{}", e.message);
    }

    #[test]
    fn bad_runs_and_missing_sections_are_said_where_they_are() {
        let e = import(": rows\n2g x\n: columns\n1\n").expect_err("bad run");
        assert_eq!((e.code, e.line, e.column), ("bad-count", 2, 4));
        let e = import(": rows\n99999999999\n: columns\n1\n").expect_err("long run");
        assert_eq!(e.code, "bad-count");
        assert!(e.message.ends_with("at most 4096 cells"), "{}", e.message);
        let e = import("#d\n 0: #FFFFFF white\n g:X #000000 black\n: rows\n1q\n: columns\n1g\n")
            .expect_err("unknown colour");
        assert_eq!((e.code, e.line, e.column), ("bad-colour", 5, 2));
        let e = import("title\n: rows\n1\n").expect_err("no columns");
        assert_eq!(e.code, "no-clues");
        assert!(e.message.contains("`: columns`"), "{}", e.message);
        let e = import(": rows\n1\n: triddler\n").expect_err("a triddler");
        assert_eq!((e.code, e.line), ("unsupported-type", 3));
    }

    #[test]
    fn more_lines_than_a_nonogram_holds_are_refused() {
        let text = format!(": rows\n{}: columns\n1\n", "1\n".repeat(MAX_LINE + 1));
        let e = import(&text).expect_err("too tall");
        assert_eq!((e.code, e.line), ("too-large", MAX_LINE + 2));
    }
}
