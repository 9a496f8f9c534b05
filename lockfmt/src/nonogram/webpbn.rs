//! webpbn's XML format (Jan Wolter's "XML Format for Paint-by-Number Puzzles", the one
//! webpbn.com exports): import and export of black-on-white grid puzzles.
//!
//! A file is a `<puzzleset>` of `<puzzle type="grid">` elements. Each has optional `<source>`,
//! `<id>`, `<title>`, `<author>`, `<copyright>`, `<description>`, `<color name="…" char="…">`
//! declarations, `<clues type="rows">` and `<clues type="columns">` (one `<line>` per row or
//! column, each `<count>` a run, top to bottom and left to right), `<solution type="goal">`
//! with an `<image>` of rows between `|` bars, and `<note>`s. The puzzle's `backgroundcolor`
//! (default `white`) is the empty cell's colour; its `defaultcolor` (default `black`) is the
//! colour of a `<count>` that names none. A puzzle with two or more colours besides the
//! background is refused: Lockwright's nonograms are black on white. `docs/nonogram-format.md`
//! gives the mapping to the `.non` format's fields.

use super::entities;
use crate::diagnostic::{Diagnostic, Span};
use engine::nonogram::{Cell, Clue, Grid, MAX_LINE, Puzzle, PuzzleInfo};
use roxmltree::{Document, Node, ParsingOptions};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The largest XML file read: a 100×100 puzzle with its goal is about 60 KB.
pub const MAX_XML_BYTES: usize = 4 << 20;

/// Why an XML file could not be imported, and where (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct XmlError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// A short stable code: `xml`, `not-a-puzzle-set`, `no-puzzle`, `unsupported-type`,
    /// `multi-colour`, `bad-count`, `bad-image`, `no-clues`, `too-large`, `file-too-large`,
    /// `encoding`.
    pub code: &'static str,
    /// What, in words.
    pub message: String,
}

impl From<XmlError> for Diagnostic {
    fn from(e: XmlError) -> Diagnostic {
        Diagnostic::error(Span::on_line(e.line, e.column, 1), e.code, e.message)
    }
}

/// The text of an XML file's bytes, read in the encoding it is written in: UTF-8 (with or
/// without its byte-order mark), UTF-16 with its mark, or ISO-8859-1 or windows-1252 when its
/// XML declaration names one of them (older exports did). Bytes that are not text in that
/// encoding, or an encoding Lockwright does not read, are refused at their place: a
/// replacement character would change the puzzle's words without a word said.
pub fn decode(bytes: &[u8]) -> Result<String, XmlError> {
    let refused = |code: &'static str, message: String| XmlError {
        line: 1,
        column: 1,
        code,
        message,
    };
    if bytes.len() > MAX_XML_BYTES {
        return Err(refused(
            "file-too-large",
            format!(
                "the file is {} bytes; an XML puzzle file is at most {MAX_XML_BYTES} bytes (4 MiB)",
                bytes.len()
            ),
        ));
    }
    let utf16 = |units: Vec<u16>, order: &str| {
        String::from_utf16(&units).map_err(|_| {
            refused(
                "encoding",
                format!("the file begins as UTF-16 ({order}) but is not UTF-16 text throughout"),
            )
        })
    };
    let pairs = |rest: &[u8]| -> Result<Vec<[u8; 2]>, XmlError> {
        if rest.len() % 2 == 1 {
            return Err(refused(
                "encoding",
                "the file begins as UTF-16 but has an odd number of bytes".into(),
            ));
        }
        Ok(rest.chunks_exact(2).map(|c| [c[0], c[1]]).collect())
    };
    match bytes {
        [0xff, 0xfe, rest @ ..] => {
            return utf16(
                pairs(rest)?.into_iter().map(u16::from_le_bytes).collect(),
                "little-endian",
            );
        }
        [0xfe, 0xff, rest @ ..] => {
            return utf16(
                pairs(rest)?.into_iter().map(u16::from_be_bytes).collect(),
                "big-endian",
            );
        }
        _ => {}
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match declared_encoding(bytes).as_deref() {
        None | Some("utf-8" | "utf8") => {
            crate::source::text_of(bytes, MAX_XML_BYTES, "an XML puzzle file")
                .map(str::to_string)
                .map_err(|d| XmlError {
                    line: d.span.line,
                    column: d.span.column,
                    code: "encoding",
                    message: format!(
                        "{}, and its XML declaration names no other encoding",
                        d.message
                    ),
                })
        }
        Some("iso-8859-1" | "latin1" | "latin-1" | "us-ascii" | "ascii") => {
            Ok(bytes.iter().map(|&b| char::from(b)).collect())
        }
        Some("windows-1252" | "cp1252") => Ok(bytes.iter().map(|&b| windows_1252(b)).collect()),
        Some(other) => Err(refused(
            "encoding",
            format!(
                "the file is declared `{other}`: Lockwright reads XML in UTF-8, UTF-16, ISO-8859-1 and windows-1252"
            ),
        )),
    }
}

/// The encoding an XML declaration names (`<?xml version="1.0" encoding="…"?>`), lower case.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(200)];
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&head[..end]).ok()?;
    let decl = decl.trim_start().strip_prefix("<?xml")?;
    let at = decl.find("encoding")? + "encoding".len();
    let rest = decl[at..].trim_start().strip_prefix('=')?.trim_start();
    let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let name = &rest[1..];
    Some(name[..name.find(quote)?].to_ascii_lowercase())
}

/// A windows-1252 byte as its character: ISO-8859-1 but for 0x80–0x9F, where windows-1252
/// keeps its curly quotes, dashes and the euro sign.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// Imports the first puzzle of a webpbn XML file.
pub fn import(text: &str) -> Result<Puzzle, XmlError> {
    import_set(text)?
        .into_iter()
        .next()
        .ok_or_else(|| XmlError {
            line: 1,
            column: 1,
            code: "no-puzzle",
            message: "the puzzle set holds no puzzle".into(),
        })
}

/// Imports every puzzle of a webpbn XML file, in order.
pub fn import_set(text: &str) -> Result<Vec<Puzzle>, XmlError> {
    if text.len() > MAX_XML_BYTES {
        return Err(XmlError {
            line: 1,
            column: 1,
            code: "file-too-large",
            message: format!(
                "the file is {} bytes; an XML puzzle file is at most {MAX_XML_BYTES} bytes (4 MiB)",
                text.len()
            ),
        });
    }
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: 4 << 20,
    };
    // webpbn writes HTML's named references (`&copy;`), which XML knows only from a DTD that
    // is never fetched: on such an error, read them as the numeric references they stand for.
    let replaced;
    let doc = match Document::parse_with_options(text, options) {
        Ok(doc) => doc,
        Err(roxmltree::Error::UnknownEntityReference(..)) => {
            replaced = html_references_to_numeric(text);
            Document::parse_with_options(&replaced, options).map_err(xml_error)?
        }
        Err(e) => return Err(xml_error(e)),
    };
    let root = doc.root_element();
    let set_info = match root.tag_name().name() {
        "puzzleset" => read_info(root),
        "puzzle" => return Ok(vec![read_puzzle(&doc, root, &Info::default())?]),
        other => {
            return Err(at(
                &doc,
                root,
                "not-a-puzzle-set",
                format!("the file's root element is `<{other}>`; a webpbn file's is `<puzzleset>`"),
            ));
        }
    };
    root.children()
        .filter(|n| n.has_tag_name("puzzle"))
        .map(|p| read_puzzle(&doc, p, &set_info))
        .collect()
}

/// Exports a puzzle as a webpbn XML file holding it alone.
pub fn export(puzzle: &Puzzle) -> String {
    export_set(std::slice::from_ref(puzzle))
}

/// Exports puzzles as one webpbn XML file.
pub fn export_set(puzzles: &[Puzzle]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<puzzleset>\n");
    for p in puzzles {
        write_puzzle(&mut out, p);
    }
    out.push_str("</puzzleset>\n");
    out
}

/// The texts a puzzle, or a whole set, says of itself.
#[derive(Clone, Debug, Default)]
struct Info {
    source: Option<String>,
    id: Option<String>,
    title: Option<String>,
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
}

/// The prefix of a `<note>` that carries a puzzle's licence (the XML format has no element for
/// it).
const LICENSE_NOTE: &str = "license:";

fn read_info(node: Node) -> Info {
    let mut info = Info::default();
    for child in node.children().filter(Node::is_element) {
        let text = || Some(element_text(child));
        match child.tag_name().name() {
            "source" => info.source = text(),
            "id" => info.id = text(),
            "title" => info.title = text(),
            "author" => info.author = text(),
            "copyright" => info.copyright = text(),
            "note" => {
                let t = element_text(child);
                if let Some(l) = t.strip_prefix(LICENSE_NOTE) {
                    info.license = Some(l.trim().to_string());
                }
            }
            _ => {}
        }
    }
    info
}

/// An element's text, its own and its children's, trimmed.
fn element_text(node: Node) -> String {
    let mut s = String::new();
    for d in node.descendants().filter(Node::is_text) {
        s.push_str(d.text().unwrap_or(""));
    }
    s.trim().to_string()
}

fn read_puzzle(doc: &Document, node: Node, set: &Info) -> Result<Puzzle, XmlError> {
    if let Some(kind) = node.attribute("type").filter(|t| *t != "grid") {
        return Err(at(
            doc,
            node,
            "unsupported-type",
            format!("a `{kind}` puzzle: Lockwright reads grid puzzles only"),
        ));
    }
    let background = node.attribute("backgroundcolor").unwrap_or("white");
    // A `defaultcolor` naming the background (as some hand-written files have it) cannot be
    // meant for clues: read uncoloured counts as the usual foreground.
    let default = match node.attribute("defaultcolor").unwrap_or("black") {
        d if d == background => {
            if background == "black" {
                "white"
            } else {
                "black"
            }
        }
        d => d,
    };
    let mut chars: BTreeMap<char, String> =
        BTreeMap::from([('X', "black".to_string()), ('.', "white".to_string())]);
    for c in node.children().filter(|n| n.has_tag_name("color")) {
        if let (Some(name), Some(ch)) = (c.attribute("name"), c.attribute("char")) {
            chars.retain(|_, n| n != name);
            if let Some(ch) = ch.chars().next() {
                chars.insert(ch, name.to_string());
            }
        }
    }
    let own = read_info(node);
    let info = Info {
        source: own.source.or_else(|| set.source.clone()),
        id: own.id,
        title: own.title,
        author: own.author.or_else(|| set.author.clone()),
        copyright: own.copyright.or_else(|| set.copyright.clone()),
        license: own.license.or_else(|| set.license.clone()),
    };
    // Each foreground colour the puzzle uses, and where it is first used.
    let mut colours: BTreeMap<String, usize> = BTreeMap::new();
    let mut rows = None;
    let mut columns = None;
    let mut goal = None;
    for child in node.children().filter(Node::is_element) {
        match child.tag_name().name() {
            "clues" => {
                let clues = read_clues(doc, child, default, background, &mut colours)?;
                let kind = child.attribute("type").unwrap_or("");
                if matches!(kind, "rows" | "columns") && clues.len() > MAX_LINE {
                    return Err(at(
                        doc,
                        child,
                        "too-large",
                        format!(
                            "{} {kind}: a nonogram has at most {MAX_LINE} rows and {MAX_LINE} columns",
                            clues.len()
                        ),
                    ));
                }
                match child.attribute("type") {
                    Some("rows") => rows = Some(clues),
                    Some("columns") => columns = Some(clues),
                    other => {
                        return Err(at(
                            doc,
                            child,
                            "unsupported-type",
                            format!(
                                "clues of type `{}`: a grid puzzle has `rows` and `columns`",
                                other.unwrap_or("")
                            ),
                        ));
                    }
                }
            }
            "solution" if child.attribute("type").unwrap_or("goal") == "goal" => {
                if goal.is_none()
                    && let Some(image) = child.children().find(|n| n.has_tag_name("image"))
                {
                    goal = Some(read_image(doc, image, &chars, background, &mut colours)?);
                }
            }
            _ => {}
        }
    }
    if colours.len() > 1 {
        let names: Vec<&str> = colours.keys().map(String::as_str).collect();
        let second = colours
            .values()
            .copied()
            .max()
            .unwrap_or(node.range().start);
        return Err(at_byte(
            doc,
            second,
            "multi-colour",
            format!(
                "a puzzle in {} colours besides its background ({}): Lockwright's nonograms are black on white",
                names.len(),
                names.join(", ")
            ),
        ));
    }
    let catalogue = match (info.source, info.id) {
        (Some(s), Some(i)) => Some(format!("{s} {i}")),
        (s, i) => s.or(i),
    };
    let puzzle_info = PuzzleInfo {
        catalogue,
        title: info.title,
        by: info.author,
        copyright: info.copyright,
        license: info.license,
    };
    match (rows, columns, goal) {
        (Some(rows), Some(columns), goal) => Ok(Puzzle {
            info: puzzle_info,
            width: columns.len(),
            height: rows.len(),
            rows,
            columns,
            goal,
        }),
        (_, _, Some(goal)) => Ok(Puzzle::from_picture(goal, puzzle_info)),
        _ => Err(at(
            doc,
            node,
            "no-clues",
            "the puzzle has neither its row and column clues nor a goal to read them from",
        )),
    }
}

fn read_clues(
    doc: &Document,
    node: Node,
    default: &str,
    background: &str,
    colours: &mut BTreeMap<String, usize>,
) -> Result<Vec<Clue>, XmlError> {
    let mut out = Vec::new();
    for line in node.children().filter(|n| n.has_tag_name("line")) {
        let mut clue = Vec::new();
        // A line of `<count>0</count>` alone is read as empty, as `0` is in a `.non` file.
        let mut zero = None;
        for count in line.children().filter(|n| n.has_tag_name("count")) {
            let text = element_text(count);
            let n = match text.parse::<u32>() {
                Ok(n) if n as usize <= MAX_LINE => n,
                // All digits, but more than a line can hold (or than a number here can be).
                _ if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                    return Err(at(
                        doc,
                        count,
                        "too-large",
                        format!(
                            "a run of {text} cells is longer than a line may be: at most {MAX_LINE} cells"
                        ),
                    ));
                }
                _ => {
                    return Err(at(
                        doc,
                        count,
                        "bad-count",
                        format!("a `<count>` holds a run length, a whole number; not `{text}`"),
                    ));
                }
            };
            if n == 0 {
                zero.get_or_insert(count);
                continue;
            }
            let colour = count.attribute("color").unwrap_or(default);
            if colour == background {
                return Err(at(
                    doc,
                    count,
                    "bad-count",
                    format!(
                        "a run is of a colour other than the background's; this one is of the background colour `{colour}`"
                    ),
                ));
            }
            colours
                .entry(colour.to_string())
                .or_insert(count.range().start);
            clue.push(n);
        }
        if let (Some(zero), false) = (zero, clue.is_empty()) {
            return Err(at(
                doc,
                zero,
                "bad-count",
                "a run of 0 cells among other runs: an empty line is `<line></line>`",
            ));
        }
        out.push(clue);
    }
    Ok(out)
}

fn read_image(
    doc: &Document,
    node: Node,
    chars: &BTreeMap<char, String>,
    background: &str,
    colours: &mut BTreeMap<String, usize>,
) -> Result<Grid, XmlError> {
    let text = element_text(node);
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut current: Option<Vec<Cell>> = None;
    // The characters of a `[…]` list of a cell's possible colours, while in one.
    let mut options: Option<String> = None;
    let mut cell_of = |c: char| -> Result<Cell, XmlError> {
        let Some(name) = chars.get(&c) else {
            return Err(at(
                doc,
                node,
                "bad-image",
                format!("`{c}` in the goal is no declared colour's character"),
            ));
        };
        if name == background {
            Ok(Cell::Empty)
        } else {
            colours.entry(name.clone()).or_insert(node.range().start);
            Ok(Cell::Filled)
        }
    };
    for c in text.chars() {
        if let Some(list) = options.as_mut() {
            if c != ']' {
                if !c.is_whitespace() {
                    list.push(c);
                }
                continue;
            }
            let list = options.take().unwrap_or_default();
            let mut it = list.chars();
            let (Some(only), None) = (it.next(), it.next()) else {
                return Err(at(
                    doc,
                    node,
                    "bad-image",
                    format!(
                        "the goal gives a cell the choice `[{list}]`: a goal gives each cell one colour"
                    ),
                ));
            };
            let cell = cell_of(only)?;
            current.get_or_insert_with(Vec::new).push(cell);
            continue;
        }
        match (c, current.as_mut()) {
            ('|', None) => current = Some(Vec::new()),
            ('|', Some(_)) => rows.extend(current.take()),
            (c, _) if c.is_whitespace() => {}
            ('[', Some(_)) => options = Some(String::new()),
            (c, Some(row)) => row.push(cell_of(c)?),
            (c, None) => {
                return Err(at(
                    doc,
                    node,
                    "bad-image",
                    format!("`{c}` outside the goal's rows: each row stands between `|` bars"),
                ));
            }
        }
    }
    if options.is_some() {
        return Err(at(
            doc,
            node,
            "bad-image",
            "a `[` in the goal has no closing `]`",
        ));
    }
    if current.is_some() {
        return Err(at(
            doc,
            node,
            "bad-image",
            "the goal's last row has no closing `|`",
        ));
    }
    let width = rows.first().map_or(0, Vec::len);
    if width > MAX_LINE || rows.len() > MAX_LINE {
        return Err(at(
            doc,
            node,
            "too-large",
            format!(
                "the goal is {width}×{}: a nonogram has at most {MAX_LINE} rows and {MAX_LINE} columns",
                rows.len()
            ),
        ));
    }
    if let Some(i) = rows.iter().position(|r| r.len() != width) {
        return Err(at(
            doc,
            node,
            "bad-image",
            format!(
                "row {} of the goal has {} and row 1 has {width}",
                i + 1,
                crate::words::count(rows[i].len(), "cell")
            ),
        ));
    }
    let mut grid = Grid::new(width, rows.len());
    for (y, row) in rows.iter().enumerate() {
        for (x, &cell) in row.iter().enumerate() {
            grid.set(x, y, cell);
        }
    }
    Ok(grid)
}

fn at(doc: &Document, node: Node, code: &'static str, message: impl Into<String>) -> XmlError {
    at_byte(doc, node.range().start, code, message)
}

fn at_byte(
    doc: &Document,
    byte: usize,
    code: &'static str,
    message: impl Into<String>,
) -> XmlError {
    let pos = doc.text_pos_at(byte);
    XmlError {
        line: pos.row as usize,
        column: pos.col as usize,
        code,
        message: message.into(),
    }
}

fn xml_error(e: roxmltree::Error) -> XmlError {
    let pos = e.pos();
    XmlError {
        line: pos.row as usize,
        column: pos.col as usize,
        code: "xml",
        message: format!("the file is not well-formed XML: {e}"),
    }
}

/// The text with each HTML named reference that XML does not predefine (`&copy;`) written as
/// the numeric reference of its character (`&#169;`).
fn html_references_to_numeric(text: &str) -> String {
    const XML_NAMES: &[&str] = &["amp", "lt", "gt", "quot", "apos"];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let name_len = after
            .bytes()
            .take(33)
            .take_while(u8::is_ascii_alphanumeric)
            .count();
        let name = &after[..name_len];
        match (after[name_len..].starts_with(';'), entities::lookup(name)) {
            (true, Some(c)) if !XML_NAMES.contains(&name) => {
                let _ = write!(out, "&#{};", c as u32);
                rest = &after[name_len + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text escaped for an XML element: `&`, `<`, `>` as references, a carriage return as `&#13;`
/// (so that it survives line-end normalisation), and characters XML 1.0 cannot hold dropped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
    out
}

fn write_puzzle(out: &mut String, p: &Puzzle) {
    out.push_str("<puzzle type=\"grid\" defaultcolor=\"black\">\n");
    let info = &p.info;
    for (tag, value) in [
        ("source", &info.catalogue),
        ("title", &info.title),
        ("author", &info.by),
        ("copyright", &info.copyright),
    ] {
        if let Some(v) = value {
            let _ = writeln!(out, "<{tag}>{}</{tag}>", escape(v));
        }
    }
    out.push_str("<color name=\"white\" char=\".\">fff</color>\n");
    out.push_str("<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, clues) in [("columns", &p.columns), ("rows", &p.rows)] {
        let _ = writeln!(out, "<clues type=\"{kind}\">");
        for clue in clues.iter() {
            out.push_str("<line>");
            for n in clue {
                let _ = write!(out, "<count>{n}</count>");
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
    }
    if let Some(goal) = &p.goal {
        out.push_str("<solution type=\"goal\">\n<image>\n");
        for y in 0..goal.height() {
            out.push('|');
            out.extend(
                goal.row(y)
                    .iter()
                    .map(|&c| if c == Cell::Filled { 'X' } else { '.' }),
            );
            out.push_str("|\n");
        }
        out.push_str("</image>\n</solution>\n");
    }
    if let Some(l) = &info.license {
        let _ = writeln!(out, "<note>{LICENSE_NOTE} {}</note>", escape(l));
    }
    out.push_str("</puzzle>\n");
}
