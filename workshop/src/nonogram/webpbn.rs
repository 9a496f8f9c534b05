//! webpbn's exports read for the command line and the studio — its XML and Olšák's `.g`
//! format (which Jan Wolter's survey of solvers keeps its puzzles in): `nonogram import`,
//! `check`, and such a file named where a puzzle file is expected, opened as the nonogram it
//! holds instead of as a hex lock full of errors.

use engine::nonogram::Puzzle;
use lockfmt::nonogram::webpbn::{self, XmlError};
use std::path::{Path, PathBuf};

/// Whether the file is one of webpbn's exports, XML or Olšák's `.g`, by its extension.
pub fn is_webpbn(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("xml") || is_olsak_extension(e))
}

fn is_olsak_extension(e: &str) -> bool {
    e.eq_ignore_ascii_case("g")
}

/// Whether the file is in Olšák's `.g` format, by its extension.
fn is_olsak(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(is_olsak_extension)
}

/// The format's name as the studio says it.
pub fn format_name(path: &Path) -> &'static str {
    if is_olsak(path) {
        "Olšák's .g format"
    } else {
        "webpbn XML"
    }
}

/// The first puzzle of an XML file, as the `.non` text the studio opens unsaved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The XML file.
    pub xml: PathBuf,
    /// Where the puzzle is written when saved: beside the XML, under a name no file has.
    pub path: PathBuf,
    /// The puzzle's `.non` text.
    pub text: String,
    /// How many puzzles the XML holds (the first is opened).
    pub puzzles: usize,
}

impl Imported {
    /// What the studio says once the puzzle is open.
    pub fn notice(&self) -> String {
        let mut said = format!(
            "imported from {} ({}): {} is written when you save",
            self.xml.display(),
            format_name(&self.xml),
            self.path.display()
        );
        if self.puzzles > 1 {
            said.push_str(&format!(
                "; this is the first of its {} puzzles, and `lockwright nonogram import {}` writes every one",
                self.puzzles,
                self.xml.display()
            ));
        }
        said
    }
}

/// Why an XML file could not be imported.
#[derive(Debug)]
pub enum Refused {
    /// The file could not be read.
    Read(crate::files::ReadError),
    /// It read, but holds no puzzle the `.non` format keeps: the text and the problem's place.
    Xml(String, XmlError),
}

/// Reads every puzzle of an XML file (at least one), in the encoding it is written in, or the
/// one puzzle of a `.g` file.
pub fn read(xml: &Path) -> Result<Vec<Puzzle>, Refused> {
    let bytes =
        crate::files::read_bytes(xml, webpbn::MAX_XML_BYTES as u64).map_err(Refused::Read)?;
    let text = webpbn::decode(&bytes)
        .map_err(|e| Refused::Xml(String::from_utf8_lossy(&bytes).into_owned(), e))?;
    if is_olsak(xml) {
        return match lockfmt::nonogram::olsak::import(&text) {
            Ok(puzzle) => Ok(vec![puzzle]),
            Err(e) => Err(Refused::Xml(text, e)),
        };
    }
    match webpbn::import_set(&text) {
        Ok(puzzles) if puzzles.is_empty() => Err(Refused::Xml(text, no_puzzle())),
        Ok(puzzles) => Ok(puzzles),
        Err(e) => Err(Refused::Xml(text, e)),
    }
}

/// A set without a puzzle: nothing to open or write, which is said rather than done quietly.
fn no_puzzle() -> XmlError {
    XmlError {
        line: 1,
        column: 1,
        code: "no-puzzle",
        message: "the puzzle set holds no puzzle".into(),
    }
}

/// Reads an XML file's first puzzle for the studio.
pub fn import(xml: &Path) -> Result<Imported, Refused> {
    let puzzles = read(xml)?;
    let Some(first) = puzzles.first() else {
        return Err(Refused::Xml(String::new(), no_puzzle()));
    };
    Ok(Imported {
        xml: xml.to_path_buf(),
        path: free_name(xml),
        text: lockfmt::nonogram::print(first),
        puzzles: puzzles.len(),
    })
}

/// `NAME.non` beside `NAME.xml`, or `NAME-2.non`, `NAME-3.non`… when it is taken: opening a
/// file never puts another's text in line to be saved over it.
fn free_name(xml: &Path) -> PathBuf {
    let first = xml.with_extension("non");
    let stem = xml
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "imported".into());
    std::iter::once(first)
        .chain((2..).map(|i| xml.with_file_name(format!("{stem}-{i}.non"))))
        .find(|p| !p.exists())
        .unwrap_or_else(|| xml.with_extension("non"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_xml_file_opens_under_a_name_no_file_has() {
        let dir = tempfile::tempdir().expect("dir");
        let xml = dir.path().join("dancer.xml");
        std::fs::write(
            &xml,
            "<puzzleset><puzzle><solution><image>|X.|</image></solution></puzzle>\
             <puzzle><solution><image>|.X|</image></solution></puzzle></puzzleset>",
        )
        .expect("write");
        let i = import(&xml).expect("imports");
        assert_eq!(i.path, dir.path().join("dancer.non"));
        assert_eq!(i.puzzles, 2);
        assert!(
            i.text.contains("goal \"10\""),
            "the first puzzle: {}",
            i.text
        );
        assert!(
            i.notice().contains("the first of its 2 puzzles"),
            "{}",
            i.notice()
        );

        std::fs::write(dir.path().join("dancer.non"), "kept").expect("write");
        std::fs::write(dir.path().join("dancer-2.non"), "kept").expect("write");
        assert_eq!(
            import(&xml).expect("imports").path,
            dir.path().join("dancer-3.non")
        );
    }

    #[test]
    fn an_xml_file_without_a_puzzle_is_refused_at_its_place() {
        let dir = tempfile::tempdir().expect("dir");
        let xml = dir.path().join("empty.xml");
        std::fs::write(&xml, "<puzzleset>\n<puzzle type=\"triddler\"/></puzzleset>").expect("w");
        match import(&xml) {
            Err(Refused::Xml(_, e)) => assert_eq!((e.code, e.line), ("unsupported-type", 2)),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            import(&dir.path().join("missing.xml")),
            Err(Refused::Read(_))
        ));
    }
}
