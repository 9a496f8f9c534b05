//! Reading the syntax tree's lines: properties, dimensions, section headers, clue lines, the
//! goal and unknown lines, each with its place; syntax errors described in words.

use super::lines::Lines;
use crate::diagnostic::{Diagnostic, Span};
use crate::nonogram::document::Item;
use crate::nonogram::text;
use engine::nonogram::MAX_LINE;
use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

/// The keys the format knows, for "did you mean" hints.
const KNOWN_KEYS: &[&str] = &[
    "catalogue",
    "title",
    "by",
    "copyright",
    "license",
    "width",
    "height",
    "rows",
    "columns",
    "goal",
];

/// What a clue line looks like, for syntax errors.
const CLUE_SHAPE: &str =
    "a clue reads like `3,1,2`: run lengths separated by commas, `0` for an empty line";

/// Where a clue line breaks the clue syntax (`N[letter]` runs separated by commas, then
/// blanks and an optional comment), and the token found there (empty at the line's end).
fn clue_syntax_error(line: &str) -> Option<(usize, &str)> {
    let bytes = line.as_bytes();
    let blank = |b: u8| matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r');
    let token_at = |i: usize| {
        let end = line[i..]
            .find(|c: char| super::lines::is_blank(c) || c == ',')
            .map_or(line.len(), |e| i + e.max(1));
        (i, &line[i..end])
    };
    let mut i = 0;
    loop {
        let expected_at = i;
        while i < bytes.len() && blank(bytes[i]) {
            i += 1;
        }
        // A run: digits, and perhaps a colour letter.
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Some(if i >= bytes.len() || bytes[i] == b'#' {
                (expected_at, "")
            } else {
                token_at(i)
            });
        }
        if i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < bytes.len() && blank(bytes[i]) {
            i += 1;
        }
        match bytes.get(i) {
            None | Some(b'#') => return None,
            Some(b',') => i += 1,
            Some(_) => return Some(token_at(i)),
        }
    }
}

/// The sentence for a width, height or run past [`MAX_LINE`]: the limit, then what was written.
fn too_long(what: &str, written: &str) -> String {
    format!("a {what} of at most {MAX_LINE} cells is read; this one is {written}")
}

/// A clue line as read.
pub(super) struct ClueRead {
    /// The run lengths as written (`0` alone is kept as `[0]` here).
    pub(super) runs: Vec<u32>,
    /// Each run's place.
    pub(super) run_spans: Vec<Span>,
    /// The line's place, without a trailing comment.
    pub(super) span: Span,
    /// Whether the line could not be read whole (a syntax error, a colour, a run too long):
    /// its error is reported, and the problems it would cause elsewhere are not.
    pub(super) broken: bool,
}

/// The goal as read: its cells as written and where the first one is.
pub(super) struct GoalRead {
    pub(super) cells: String,
    /// The place of the value as written (quotes included).
    pub(super) span: Span,
    /// Line (from 1) and column of the first cell.
    pub(super) first: (usize, usize),
    /// Whether the line has a syntax error.
    pub(super) broken: bool,
}

pub(super) struct Reader<'t> {
    pub(super) text: &'t str,
    pub(super) lines: Lines<'t>,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Lines (from 1) that already have an error, so that one mistake gives one error.
    pub(super) error_lines: BTreeSet<usize>,
    pub(super) items: Vec<(Item, Span)>,
    /// Each comment: place, text, and whether it ends a line that holds something else.
    pub(super) comments: Vec<(Span, String, bool)>,
    /// The text properties: `Item::Catalogue` to `Item::License`.
    pub(super) info: Vec<(Item, String)>,
    pub(super) width: Option<(usize, Span)>,
    pub(super) height: Option<(usize, Span)>,
    /// Whether a `width` or `height` line was there but its number could not be read (its
    /// error is reported; the size is then guessed from the clues).
    pub(super) bad_width: bool,
    pub(super) bad_height: bool,
    pub(super) unknown: Vec<String>,
    /// The `rows` and `columns` headers: line index (from 0) and place.
    pub(super) rows_header: Option<(usize, Span)>,
    pub(super) columns_header: Option<(usize, Span)>,
    /// The clue lines read, by line index (from 0).
    pub(super) clue_lines: HashMap<usize, ClueRead>,
    pub(super) goal: Option<GoalRead>,
    /// The goal line's place, when there is one.
    pub(super) goal_line: Option<Span>,
}

impl<'t> Reader<'t> {
    pub(super) fn new(text: &'t str) -> Reader<'t> {
        Reader {
            text,
            lines: Lines::new(text),
            diagnostics: Vec::new(),
            error_lines: BTreeSet::new(),
            items: Vec::new(),
            comments: Vec::new(),
            info: Vec::new(),
            width: None,
            height: None,
            bad_width: false,
            bad_height: false,
            unknown: Vec::new(),
            rows_header: None,
            columns_header: None,
            clue_lines: HashMap::new(),
            goal: None,
            goal_line: None,
        }
    }

    pub(super) fn node_text(&self, node: Node) -> &'t str {
        self.text.get(node.byte_range()).unwrap_or("")
    }

    pub(super) fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.error_lines.insert(span.line);
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    /// An error, unless its line already has one.
    pub(super) fn error_once(&mut self, span: Span, code: &str, message: impl Into<String>) {
        if !self.error_lines.contains(&span.line) {
            self.error(span, code, message);
        }
    }

    pub(super) fn warning(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::warning(span, code, message));
    }

    /// From the start of `first` to the end of `last`, on `first`'s line.
    fn join(&self, first: Node, last: Node) -> Span {
        let (a, b) = (self.lines.span(first), self.lines.span(last));
        Span {
            end_line: b.end_line,
            end_column: b.end_column,
            ..a
        }
    }

    /// Checks every line that starts with a digit as a clue line, from its text: how the
    /// syntax tree recovers from a broken clue varies, and the error should not.
    pub(super) fn clue_line_errors(&mut self) {
        for row in 0..self.lines.lines.len() {
            let line = self.lines.line(row);
            if !line
                .trim_start_matches(super::lines::is_blank)
                .starts_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
            if let Some((byte, token)) = clue_syntax_error(line) {
                let column = self.lines.column(row, byte);
                let len = token.chars().count();
                let what = if token.is_empty() {
                    "unexpected end of line".to_string()
                } else {
                    format!(
                        "unexpected `{}`",
                        token.chars().take(24).collect::<String>()
                    )
                };
                self.error(
                    Span::on_line(row + 1, column, len),
                    "syntax",
                    format!("{what}: {CLUE_SHAPE}"),
                );
            }
        }
    }

    /// Reports ERROR and MISSING nodes, one per line.
    pub(super) fn syntax_errors(&mut self, root: Node) {
        if !root.has_error() {
            return;
        }
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if !node.has_error() {
                continue;
            }
            if node.is_error() || node.is_missing() {
                let span = self.lines.span(node);
                if !self.error_lines.contains(&span.line) {
                    let (span, message) = if node.is_missing() {
                        (span, format!("missing {} here", describe_kind(node.kind())))
                    } else {
                        // Point at the first offending token, not the whole recovered region.
                        let s = self.lines.span(first_leaf(node));
                        let s = Span {
                            end_line: s.line,
                            end_column: if s.end_line == s.line {
                                s.end_column
                            } else {
                                s.column + 1
                            },
                            ..s
                        };
                        (s, self.describe_error(node))
                    };
                    self.error(span, "syntax", message);
                }
                if node.is_error() {
                    continue;
                }
            }
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }

    fn describe_error(&self, node: Node) -> String {
        let leaf = first_leaf(node);
        let snippet = self.node_text(leaf).lines().next().unwrap_or("").trim();
        let shown: String = snippet.chars().take(24).collect();
        let parent_kind = node.parent().map_or("source_file", |p| p.kind());
        let expected = expected_for(parent_kind);
        if shown.is_empty() {
            format!("unexpected end of line: {expected}")
        } else {
            format!("unexpected `{shown}`: {expected}")
        }
    }

    /// Reports what follows a line's value, when it is not a comment, and says whether there
    /// was any.
    fn extra(&mut self, node: Node) -> bool {
        let Some(extra) = node.child_by_field_name("extra") else {
            return false;
        };
        let written = self
            .node_text(extra)
            .trim_end_matches(super::lines::is_blank);
        let shown: String = written.chars().take(24).collect();
        let span = self.lines.span(extra);
        let span = Span {
            end_column: span.end_column.min(span.column + written.chars().count()),
            ..span
        };
        let message = format!("unexpected `{shown}`: {}", expected_for(node.kind()));
        self.error_once(span, "syntax", message);
        true
    }
}

/// What a line of a kind looks like, for syntax errors.
fn expected_for(kind: &str) -> &'static str {
    match kind {
        "clue_line" | "run" => CLUE_SHAPE,
        "dimension" => {
            "`width` and `height` take a whole number, e.g. `width 15` (`rows 10` is `height 10`)"
        }
        "goal" => {
            "the goal is one string of `0` (empty) and `1` (filled) cells, row by row, e.g. `goal \"0110\"`"
        }
        "text_property" => {
            "a property holds one string, quoted (`title \"Dancer\"`, a quote inside written `&quot;`) or bare to the end of the line"
        }
        "section_header" => {
            "`rows` and `columns` stand alone on their line, and their clues follow one per line"
        }
        _ => {
            "a line is a property (`title \"…\"`), `width N`, `height N`, `rows`, `columns`, a clue such as `3,1`, or `goal \"…\"`"
        }
    }
}

impl Reader<'_> {
    pub(super) fn read_lines(&mut self, root: Node) {
        let mut cursor = root.walk();
        let children: Vec<Node> = root.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "text_property" => self.read_text_property(child),
                "dimension" => self.read_dimension(child),
                "section_header" => self.read_section_header(child),
                "clue_line" => self.read_clue_line(child),
                "goal" => self.read_goal(child),
                "unknown_property" => self.read_unknown(child),
                _ => {}
            }
        }
        self.collect_comments(root);
    }

    /// The comments: lines of their own (the root's children) and the ends of lines (a line's
    /// children); no deeper node holds one.
    fn collect_comments(&mut self, root: Node) {
        let mut cursor = root.walk();
        let mut stack: Vec<Node> = Vec::new();
        for child in root.children(&mut cursor) {
            if child.kind() == "comment" {
                stack.push(child);
            } else if child.child_count() > 0 {
                let mut inner = child.walk();
                stack.extend(child.children(&mut inner).filter(|n| n.kind() == "comment"));
            }
        }
        for node in stack {
            {
                let span = self.lines.span(node);
                let line = self.lines.line(span.line - 1);
                let before = line.get(..node.start_position().column).unwrap_or("");
                let trailing = !before.trim().is_empty();
                self.comments
                    .push((span, self.node_text(node).trim_end().to_string(), trailing));
            }
        }
        self.comments.sort_by_key(|c| c.0);
    }

    /// A string value as written: quoted, bare or unterminated, its references read.
    fn string_value(&mut self, node: Node) -> String {
        let raw = self.node_text(node);
        let span = self.lines.span(node);
        let (inner, offset) = match node.kind() {
            "quoted_string" => (&raw[1..raw.len().saturating_sub(1).max(1)], 1),
            "unterminated_string" => {
                self.error_once(
                    span,
                    "unterminated-string",
                    "this string has no closing `\"`: a quoted string ends on its own line",
                );
                (&raw[1..], 1)
            }
            _ => (raw.trim_end_matches(super::lines::is_blank), 0),
        };
        let (value, bad) = text::decode(inner);
        for b in bad {
            let column = span.column + offset + b.column;
            self.warning(
                Span::on_line(span.line, column, b.len),
                "unknown-reference",
                b.message,
            );
        }
        value
    }

    fn read_text_property(&mut self, node: Node) {
        let Some(key) = node.child_by_field_name("key") else {
            return;
        };
        self.extra(node);
        let value = node.child_by_field_name("value");
        let span = self.join(key, value.unwrap_or(key));
        let item = match self.node_text(key) {
            "catalogue" => Item::Catalogue,
            "title" => Item::Title,
            "by" => Item::By,
            "copyright" => Item::Copyright,
            _ => Item::License,
        };
        let text = value.map(|v| self.string_value(v)).unwrap_or_default();
        if let Some(first) = self.items.iter().find(|(i, _)| *i == item) {
            let line = first.1.line;
            let name = self.node_text(key);
            self.error_once(
                self.lines.span(key),
                "duplicate-key",
                format!("`{name}` is given twice; the first is on line {line}"),
            );
            return;
        }
        self.items.push((item, span));
        self.info.push((item, text));
    }

    fn read_dimension(&mut self, node: Node) {
        let Some(key) = node.child_by_field_name("key") else {
            return;
        };
        let key_text = self.node_text(key);
        self.extra(node);
        let value = node.child_by_field_name("value");
        let span = self.join(key, value.unwrap_or(key));
        let (item, what) = match key_text {
            "width" | "columns" => (Item::Width, "width"),
            _ => (Item::Height, "height"),
        };
        if key.kind() == "shorthand_key"
            && let Some(v) = value.filter(|v| v.kind() == "invalid_value")
        {
            // `rows of clues`: a header with words after it, more likely than a size.
            let written = self.node_text(v).trim_end_matches(super::lines::is_blank);
            self.error_once(
                self.lines.span(v),
                "bad-number",
                format!(
                    "`{key_text}` alone starts the {key_text}' clues, and `{key_text} N` gives the {what}: `{written}` is not a whole number"
                ),
            );
            let row = node.start_position().row;
            self.header(key_text == "rows", row, self.lines.span(key));
            return;
        }
        if item == Item::Width {
            self.bad_width = true;
        } else {
            self.bad_height = true;
        }
        let Some(value) = value.filter(|v| !v.is_missing()) else {
            self.error_once(
                span,
                "missing-value",
                format!("`{key_text}` needs a number: the puzzle's {what}, e.g. `{key_text} 10`"),
            );
            return;
        };
        let written = self
            .node_text(value)
            .trim_end_matches(super::lines::is_blank);
        let n = match written.parse::<usize>() {
            Ok(n) if n > MAX_LINE => {
                // No line that long can be solved, and a size taken as written would size every
                // later step (the checks, the studio's canvas) by the number, not by the file.
                self.error_once(self.lines.span(value), "too-large", too_long(what, written));
                return;
            }
            Ok(n) => n,
            // All digits, yet not a number: too many digits for one, so past the limit too.
            Err(_) if value.kind() == "integer" => {
                self.error_once(self.lines.span(value), "too-large", too_long(what, written));
                return;
            }
            Err(_) => {
                self.error_once(
                    self.lines.span(value),
                    "bad-number",
                    format!(
                        "`{key_text}` takes the puzzle's {what}, a whole number; not `{written}`"
                    ),
                );
                return;
            }
        };
        let slot = if item == Item::Width {
            &self.width
        } else {
            &self.height
        };
        if let Some((_, first)) = slot {
            let line = first.line;
            let also = if key_text == what {
                String::new()
            } else {
                format!(" (`{key_text} N` is `{what} N`)")
            };
            self.error_once(
                span,
                "duplicate-key",
                format!("the {what} is given twice{also}; the first is on line {line}"),
            );
            return;
        }
        if item == Item::Width {
            self.width = Some((n, span));
            self.bad_width = false;
        } else {
            self.height = Some((n, span));
            self.bad_height = false;
        }
        self.items.push((item, span));
    }

    fn read_section_header(&mut self, node: Node) {
        let Some(key) = node.child_by_field_name("key") else {
            return;
        };
        let span = self.lines.span(key);
        let row = node.start_position().row;
        self.header(self.node_text(key) == "rows", row, span);
    }

    /// A section's header, `rows` or `columns`, at a line (from 0).
    fn header(&mut self, rows: bool, row: usize, span: Span) {
        let slot = if rows {
            &self.rows_header
        } else {
            &self.columns_header
        };
        if let Some((_, first)) = slot {
            let line = first.line;
            let name = if rows { "rows" } else { "columns" };
            self.error_once(
                span,
                "duplicate-section",
                format!("a second `{name}` section; the first starts on line {line}"),
            );
            return;
        }
        if rows {
            self.rows_header = Some((row, span));
            self.items.push((Item::Rows, span));
        } else {
            self.columns_header = Some((row, span));
            self.items.push((Item::Columns, span));
        }
    }

    fn read_clue_line(&mut self, node: Node) {
        let row = node.start_position().row;
        let mut cursor = node.walk();
        let run_nodes: Vec<Node> = node
            .named_children(&mut cursor)
            .filter(|n| n.kind() == "run")
            .collect();
        let span = match (run_nodes.first(), run_nodes.last()) {
            (Some(&a), Some(&b)) => self.join(a, b),
            _ => self.lines.line_span(row),
        };
        let mut broken = node.has_error();
        let mut runs = Vec::with_capacity(run_nodes.len());
        let mut run_spans = Vec::with_capacity(run_nodes.len());
        for run in run_nodes {
            let run_span = self.lines.span(run);
            if let Some(colour) = run.child_by_field_name("colour") {
                let letter = self.node_text(colour);
                self.error_once(
                    run_span,
                    "colour-clue",
                    format!(
                        "`{}` is a run of colour `{letter}`: multi-colour puzzles are not supported (Lockwright's nonograms are black on white)",
                        self.node_text(run)
                    ),
                );
                broken = true;
            }
            let length = run.child_by_field_name("length");
            match length.map(|l| self.node_text(l).parse::<u32>()) {
                Some(Ok(n)) => runs.push(n),
                Some(Err(_)) => {
                    let written = self.node_text(run);
                    self.error_once(run_span, "too-large", too_long("run", written));
                    broken = true;
                    runs.push(0);
                }
                None => broken = true,
            }
            run_spans.push(run_span);
        }
        self.clue_lines.insert(
            row,
            ClueRead {
                runs,
                run_spans,
                span,
                broken,
            },
        );
    }

    fn read_goal(&mut self, node: Node) {
        let key = node.child(0).unwrap_or(node);
        let extra = self.extra(node);
        let value = node.child_by_field_name("value");
        let span = self.join(key, value.unwrap_or(key));
        if let Some(first) = self.goal_line {
            let line = first.line;
            self.error_once(
                span,
                "duplicate-key",
                format!("`goal` is given twice; the first is on line {line}"),
            );
            return;
        }
        self.goal_line = Some(span);
        self.items.push((Item::Goal, span));
        let Some(value) = value else {
            self.error_once(
                span,
                "missing-value",
                "`goal` needs the picture: one `0` (empty) or `1` (filled) per cell, row by row, e.g. `goal \"0110\"`",
            );
            return;
        };
        let raw = self.node_text(value);
        let value_span = self.lines.span(value);
        let cells = match value.kind() {
            "quoted_string" => &raw[1..raw.len().saturating_sub(1).max(1)],
            "unterminated_string" => {
                self.error_once(
                    value_span,
                    "unterminated-string",
                    "this string has no closing `\"`: a quoted string ends on its own line",
                );
                &raw[1..]
            }
            _ => raw,
        };
        let offset = usize::from(value.kind() != "bare_goal");
        self.goal = Some(GoalRead {
            cells: cells.to_string(),
            span: value_span,
            first: (value_span.line, value_span.column + offset),
            broken: extra || node.has_error(),
        });
    }

    fn read_unknown(&mut self, node: Node) {
        let Some(key) = node.child_by_field_name("key") else {
            return;
        };
        // A piece of a broken line that the tree recovered as a line of its own.
        if self.error_lines.contains(&(node.start_position().row + 1)) {
            return;
        }
        let value = node.child_by_field_name("value");
        let last = value.unwrap_or(key);
        let span = self.join(key, last);
        let written = self
            .text
            .get(key.start_byte()..last.end_byte())
            .unwrap_or("")
            .trim_end_matches(super::lines::is_blank)
            .to_string();
        let word = if key.kind() == "key" {
            self.node_text(key)
        } else {
            ""
        };
        let key_span = self.lines.span(key);
        match word {
            "maxrule" => {
                self.warning(
                    key_span,
                    "obsolete",
                    "`maxrule` is obsolete and every reader ignores it: fmt drops the line",
                );
                // The line goes, but not a comment at its end: that moves to the next line.
                if let Some(at) = written.find(" #").or_else(|| written.find("\t#")) {
                    let row = key.start_position().row;
                    let start = key.start_position().column + at + 1;
                    let comment = written[at + 1..].to_string();
                    let span = Span::on_line(row + 1, self.lines.column(row, start), 1);
                    self.comments.push((span, comment, true));
                }
                return;
            }
            "color" => self.warning(
                key_span,
                "colour",
                "colours are not read (Lockwright's nonograms are black on white): the line is kept as written",
            ),
            "" => self.warning(
                key_span,
                "unknown-line",
                "a line the format does not know: it is kept as written, and ignored",
            ),
            word => {
                let lower = word.to_ascii_lowercase();
                let hint = KNOWN_KEYS
                    .iter()
                    .find(|k| **k == lower || close(k, word))
                    .map(|k| format!(" (did you mean `{k}`?)"))
                    .unwrap_or_default();
                self.warning(
                    key_span,
                    "unknown-property",
                    format!(
                        "unknown property `{word}`{hint}: it is kept as written, and ignored"
                    ),
                );
            }
        }
        self.items.push((Item::Unknown(self.unknown.len()), span));
        self.unknown.push(written);
    }
}

pub(super) fn first_leaf(node: Node) -> Node {
    let mut n = node;
    while let Some(c) = n.child(0) {
        n = c;
    }
    n
}

fn describe_kind(kind: &str) -> String {
    match kind {
        "integer" => "a number".into(),
        "run" => "a run length".into(),
        "\n" => "the end of the line".into(),
        other => format!("`{other}`"),
    }
}

/// One edit apart, or a transposition: enough to catch `titel`, `widht`, `colums`.
fn close(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 1 || b.len() > 16 {
        return false;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()] <= 1
}
