//! Reading the syntax tree's statements: grid rows, fields, pivots, springs and tools, each
//! with its place; syntax errors described in words.

use crate::diagnostic::{Diagnostic, Span};
use crate::hexlock::document::Item;
use crate::hexlock::grid;
use engine::Dir;
use engine::hexlock::Pivot;
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

/// A grid cell as read: its glyph, node kind and place.
pub(super) struct CellGlyph {
    pub(super) glyph: char,
    pub(super) kind: &'static str,
    pub(super) span: Span,
}

/// The grid's rows as read, each with its place.
pub(super) type GridRows = Vec<(Span, Vec<CellGlyph>)>;

/// A `spring` line as read: root name, root cell, end name, end cell (1-based row and cell),
/// natural length, and the places of the four parts.
pub(super) type SpringLine = (char, (usize, usize), char, (usize, usize), i32, [Span; 4]);

pub(super) struct Statement<T> {
    pub(super) value: T,
    pub(super) span: Span,
}

pub(super) struct Reader<'t> {
    pub(super) text: &'t str,
    pub(super) lines: Vec<&'t str>,
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) error_lines: BTreeSet<usize>,
    pub(super) items: Vec<(Item, Span)>,
    pub(super) comments: Vec<(Span, String, bool)>,
    pub(super) format_lines: Vec<(u32, Span)>,
    pub(super) fields: BTreeMap<&'static str, Vec<(String, Span)>>,
    pub(super) grid: Option<(Span, GridRows)>,
    pub(super) pivots: Vec<Statement<(char, Vec<Dir>)>>,
    pub(super) springs: Vec<Statement<SpringLine>>,
    pub(super) hooks: Vec<Statement<Dir>>,
    pub(super) wrenches: Vec<Statement<Option<Dir>>>,
    /// For each line that is not all ASCII, the number of characters before each byte, built
    /// on first use: columns are counted in characters, and counting from the line's start
    /// for every node made a long line quadratic.
    char_counts: Vec<std::cell::OnceCell<Vec<u32>>>,
    /// Whether each line is all ASCII (its columns are its bytes).
    ascii: Vec<bool>,
}

impl<'t> Reader<'t> {
    pub(super) fn new(text: &'t str) -> Reader<'t> {
        let lines: Vec<&str> = text.split('\n').collect();
        Reader {
            text,
            char_counts: lines.iter().map(|_| std::cell::OnceCell::new()).collect(),
            ascii: lines.iter().map(|l| l.is_ascii()).collect(),
            lines,
            diagnostics: Vec::new(),
            error_lines: BTreeSet::new(),
            items: Vec::new(),
            comments: Vec::new(),
            format_lines: Vec::new(),
            fields: BTreeMap::new(),
            grid: None,
            pivots: Vec::new(),
            springs: Vec::new(),
            hooks: Vec::new(),
            wrenches: Vec::new(),
        }
    }

    /// The 1-based character column of a byte offset in a line, in constant time.
    pub(super) fn column(&self, row: usize, byte: usize) -> usize {
        let line = self.lines.get(row).copied().unwrap_or("");
        let byte = byte.min(line.len());
        if self.ascii.get(row).copied().unwrap_or(true) {
            return byte + 1;
        }
        let counts = self.char_counts[row].get_or_init(|| {
            let mut counts = Vec::with_capacity(line.len() + 1);
            let mut chars = 0u32;
            for (i, _) in line.bytes().enumerate() {
                counts.push(chars);
                if line.is_char_boundary(i + 1) {
                    chars += 1;
                }
            }
            counts.push(chars);
            counts
        });
        counts.get(byte).map_or(byte, |&c| c as usize) + 1
    }

    pub(super) fn span(&self, node: Node) -> Span {
        let s = node.start_position();
        let e = node.end_position();
        let (end_line, end_column) = if e.row > s.row && e.column == 0 {
            // A node that ends with its newline ends at the end of its last line.
            let row = e.row - 1;
            (
                row + 1,
                self.column(row, self.lines.get(row).map_or(0, |l| l.len())),
            )
        } else {
            (e.row + 1, self.column(e.row, e.column))
        };
        let column = self.column(s.row, s.column);
        let end_column = if end_line == s.row + 1 {
            end_column.max(column + 1)
        } else {
            end_column
        };
        Span {
            line: s.row + 1,
            column,
            end_line,
            end_column,
        }
    }

    pub(super) fn node_text(&self, node: Node) -> &'t str {
        self.text.get(node.byte_range()).unwrap_or("")
    }

    pub(super) fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    /// Reports ERROR and MISSING nodes, one per line.
    pub(super) fn syntax_errors(&mut self, root: Node) {
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.is_error() || node.is_missing() {
                let span = self.span(node);
                if self.error_lines.insert(span.line) {
                    let message = if node.is_missing() {
                        format!("missing {} here", describe_kind(node.kind()))
                    } else {
                        self.describe_error(node)
                    };
                    let span = if node.is_missing() {
                        span
                    } else {
                        // Point at the first offending token, not the whole recovered region.
                        let first = first_leaf(node);
                        let s = self.span(first);
                        Span {
                            end_line: s.line,
                            end_column: s.end_column.max(s.column + 1),
                            ..s
                        }
                    };
                    self.error(span, "syntax", message);
                }
                if node.is_error() {
                    continue;
                }
            }
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            for child in children.into_iter().rev() {
                stack.push(child);
            }
        }
    }

    pub(super) fn describe_error(&self, node: Node) -> String {
        let leaf = first_leaf(node);
        let snippet = self.node_text(leaf).lines().next().unwrap_or("").trim();
        let shown: String = snippet.chars().take(24).collect();
        let parent_kind = node.parent().map(|p| p.kind()).unwrap_or("source_file");
        let statement = |kind: &str| match kind {
            "spring" => Some("a spring reads `spring ROOT rRcC -> END rRcC natural N`"),
            "pivot" => {
                Some("a pivot reads `pivot DIGIT arms DIR...` with directions E NE NW W SW SE")
            }
            "hook" => Some("the hook reads `hook arm DIR`"),
            "wrench" => Some("the wrench reads `wrench momentum DIR` or `wrench momentum none`"),
            _ => None,
        };
        // A statement that fails as a whole (`natural -1`: no number has a sign) is recovered
        // from its first word: "unexpected `spring`" said the one word that was right.
        if parent_kind == "source_file"
            && let Some(expected) = statement(snippet)
        {
            return format!("this {snippet} line does not read: {expected}");
        }
        let expected = match parent_kind {
            "format_line" => "the first line reads `lockwright-lock 1`",
            "grid" | "grid_row" => "a grid row holds cells separated by spaces",
            kind => statement(kind).unwrap_or(
                "a line is a field (`name: …`), `grid:`, a grid row, or a pivot, spring, hook or wrench line",
            ),
        };
        if shown.is_empty() {
            format!("unexpected end of line: {expected}")
        } else {
            format!("unexpected `{shown}`: {expected}")
        }
    }

    pub(super) fn read_items(&mut self, root: Node) {
        let mut cursor = root.walk();
        let children: Vec<Node> = root.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "format_line" => self.read_format_line(child),
                "field" => self.read_field(child),
                "grid" => self.read_grid(child),
                "pivot" => self.read_pivot(child),
                "spring" => self.read_spring(child),
                "hook" => self.read_hook(child),
                "wrench" => self.read_wrench(child),
                "unknown_statement" => {
                    let word = child
                        .child_by_field_name("word")
                        .map_or("", |w| self.node_text(w));
                    let span = child
                        .child_by_field_name("word")
                        .map_or(self.span(child), |w| self.span(w));
                    if self.error_lines.insert(span.line) {
                        self.error(
                            span,
                            "unknown-statement",
                            format!(
                                "unknown statement `{word}`: a line is a field (`name: …`), `grid:`, or a pivot, spring, hook or wrench line"
                            ),
                        );
                    }
                }
                _ => {}
            }
        }
        self.collect_comments(root);
    }

    pub(super) fn collect_comments(&mut self, root: Node) {
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.kind() == "comment" {
                let span = self.span(node);
                let line = self.lines.get(span.line - 1).copied().unwrap_or("");
                let before = line.get(..node.start_position().column).unwrap_or("");
                let trailing = !before.trim().is_empty();
                self.comments
                    .push((span, self.node_text(node).trim_end().to_string(), trailing));
                continue;
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
        self.comments.sort_by_key(|c| c.0);
    }

    pub(super) fn read_format_line(&mut self, node: Node) {
        let span = self.span(node);
        let version = node
            .child_by_field_name("version")
            .and_then(|v| self.node_text(v).parse::<u32>().ok())
            .unwrap_or(0);
        self.format_lines.push((version, span));
    }

    pub(super) fn read_field(&mut self, node: Node) {
        let Some(key_node) = node.child_by_field_name("key") else {
            return;
        };
        let key = self.node_text(key_node).trim_end_matches(':');
        let raw = node
            .child_by_field_name("value")
            .map_or("", |v| self.node_text(v));
        let span = self.span(node);
        let key_span = self.span(key_node);
        let (name, value): (&'static str, String) = match key {
            "name" => ("name", raw.trim().to_string()),
            "author" => ("author", raw.trim().to_string()),
            "size" => ("size", raw.trim().to_string()),
            // A note keeps its own leading spaces after the one that follows the colon.
            "note" => (
                "note",
                raw.strip_prefix(' ').unwrap_or(raw).trim_end().to_string(),
            ),
            other => {
                let hint = ["name", "author", "size", "note"]
                    .into_iter()
                    .find(|k| close(k, other))
                    .map(|k| format!(" (did you mean `{k}:`?)"))
                    .unwrap_or_default();
                self.error(
                    key_span,
                    "unknown-field",
                    format!(
                        "unknown field `{other}:`{hint}; the fields are name, author, size and note"
                    ),
                );
                return;
            }
        };
        let entries = self.fields.entry(name).or_default();
        if name != "note" && !entries.is_empty() {
            self.diagnostics.push(Diagnostic::error(
                key_span,
                "duplicate-field",
                format!("`{name}:` is given twice"),
            ));
            return;
        }
        let index = entries.len();
        entries.push((value, span));
        let item = match name {
            "name" => Item::Name,
            "author" => Item::Author,
            "size" => Item::Size,
            _ => Item::Note(index),
        };
        self.items.push((item, span));
    }

    pub(super) fn read_grid(&mut self, node: Node) {
        let span = self.span(node);
        let header = Span::on_line(span.line, span.column, 5);
        if let Some((first, _)) = &self.grid {
            let line = first.line;
            self.error(
                header,
                "duplicate-grid",
                format!("a second grid; the first is on line {line}"),
            );
            return;
        }
        let mut rows = Vec::new();
        let mut cursor = node.walk();
        for row in node
            .named_children(&mut cursor)
            .filter(|n| n.kind() == "grid_row")
        {
            let mut cells = Vec::new();
            let mut rc = row.walk();
            for cell in row.named_children(&mut rc) {
                if cell.kind() == "comment" || cell.is_error() {
                    continue;
                }
                let glyph = self.node_text(cell).chars().next().unwrap_or(' ');
                cells.push(CellGlyph {
                    glyph,
                    kind: cell_kind(cell.kind()),
                    span: self.span(cell),
                });
            }
            rows.push((self.span(row), cells));
        }
        self.items.push((Item::Grid, header));
        self.grid = Some((header, rows));
    }

    pub(super) fn read_pivot(&mut self, node: Node) {
        let span = self.span(node);
        let Some(name) = node.child_by_field_name("name").map(|n| self.node_text(n)) else {
            return;
        };
        let name = name.chars().next().unwrap_or('?');
        let mut cursor = node.walk();
        let arms: Vec<Dir> = node
            .children_by_field_name("arm", &mut cursor)
            .filter_map(|a| Dir::from_name(self.node_text(a)))
            .collect();
        if !Pivot::is_valid_name(name) {
            self.error(
                span,
                "bad-name",
                format!("`{name}` cannot name a pivot: a pivot is named by a digit"),
            );
            return;
        }
        if let Some(first) = self.pivots.iter().find(|p| p.value.0 == name) {
            let line = first.span.line;
            self.error(
                span,
                "duplicate-name",
                format!("pivot {name} is described twice; the first is on line {line}"),
            );
            return;
        }
        self.items.push((Item::Pivot(name), span));
        self.pivots.push(Statement {
            value: (name, arms),
            span,
        });
    }

    pub(super) fn read_spring(&mut self, node: Node) {
        let span = self.span(node);
        let get = |f: &str| node.child_by_field_name(f);
        let (Some(root), Some(rc), Some(end), Some(ec), Some(nat)) = (
            get("root"),
            get("root_cell"),
            get("end"),
            get("end_cell"),
            get("natural"),
        ) else {
            return;
        };
        if [root, rc, end, ec, nat].iter().any(|n| n.is_missing()) {
            return;
        }
        let root_name = self.node_text(root).chars().next().unwrap_or('?');
        let end_name = self.node_text(end).chars().next().unwrap_or('?');
        let cell = |n: Node| grid::parse_cell_ref(self.node_text(n)).unwrap_or((0, 0));
        let natural = match self.node_text(nat).parse::<i32>() {
            Ok(n) => n,
            Err(_) => {
                // Too many digits for a number: the lock's own check, which names the longest
                // length its size allows, never sees it, so the limit is said here.
                let s = self.span(nat);
                let size = engine::hexlock::model::frame::MAX_SIZE;
                self.error(
                    s,
                    "spring-too-long",
                    format!(
                        "a spring's natural length is at most {} (in a lock of size {size}, the largest); this one is {}",
                        engine::hexlock::Spring::max_natural_length(size),
                        self.node_text(nat)
                    ),
                );
                return;
            }
        };
        let spans = [
            self.span(root),
            self.span(rc),
            self.span(end),
            self.span(ec),
        ];
        self.springs.push(Statement {
            value: (root_name, cell(rc), end_name, cell(ec), natural, spans),
            span,
        });
    }

    pub(super) fn read_hook(&mut self, node: Node) {
        let span = self.span(node);
        if let Some(arm) = node
            .child_by_field_name("arm")
            .and_then(|a| Dir::from_name(self.node_text(a)))
        {
            self.hooks.push(Statement { value: arm, span });
        }
    }

    pub(super) fn read_wrench(&mut self, node: Node) {
        let span = self.span(node);
        if let Some(first) = self.wrenches.first() {
            let line = first.span.line;
            self.error(
                span,
                "duplicate-statement",
                format!("the wrench is described twice; the first is on line {line}"),
            );
            return;
        }
        let momentum = node
            .child_by_field_name("momentum")
            .and_then(|m| Dir::from_name(self.node_text(m)));
        self.items.push((Item::Wrench, span));
        self.wrenches.push(Statement {
            value: momentum,
            span,
        });
    }
}

pub(super) fn first_leaf(node: Node) -> Node {
    let mut n = node;
    while let Some(c) = n.child(0) {
        n = c;
    }
    n
}

pub(super) fn describe_kind(kind: &str) -> String {
    match kind {
        "integer" => "a number".into(),
        "direction" => "a direction (E NE NW W SW SE)".into(),
        "cell_ref" => "a cell reference like r2c3".into(),
        "piece_name" => "a piece name".into(),
        "\n" => "the end of the line".into(),
        other => format!("`{other}`"),
    }
}

pub(super) fn cell_kind(kind: &str) -> &'static str {
    match kind {
        "empty_cell" => "empty_cell",
        "bolthole_cell" => "bolthole_cell",
        "spring_cell" => "spring_cell",
        "ball" => "ball",
        "block_cell" => "block_cell",
        "pivot_hub" => "pivot_hub",
        "arm" => "arm",
        "hook_hub" => "hook_hub",
        "wrench_cell" => "wrench_cell",
        _ => "unknown_cell",
    }
}

pub(super) fn close(a: &str, b: &str) -> bool {
    // One edit apart, or a transposition: enough to catch `nmae`, `autor`, `sise`.
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 1 {
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
