//! Text → syntax tree → lock, with every problem reported at its line and column.

use super::document::{Comments, Document, Item};
use super::grid;
use crate::diagnostic::{Diagnostic, Span};
use engine::hexlock::model::{PieceRef, Problem, ProblemKind, frame};
use engine::hexlock::{Anchor, Block, Hook, Lock, Pivot, Spring, Wrench};
use engine::{Dir, Hex};
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::{Node, Parser};

/// The largest lock file read: a size-11 lock is a few kilobytes, so anything near this is not
/// a lock.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The supported format version.
pub const FORMAT_VERSION: u32 = 1;

/// Where things are in the source, for pictures and editors that mark problems at their place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// The glyph of each grid cell.
    pub cells: BTreeMap<Hex, Span>,
    /// Each item's line.
    pub items: BTreeMap<Item, Span>,
}

/// What parsing a lock file gives: the document (when the file has a usable grid and size,
/// even if it has errors), every diagnostic, and where things are.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The lock and its comments; `None` when the file is too broken to draw.
    pub document: Option<Document>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where each cell and item is in the text.
    pub source_map: SourceMap,
    /// The syntax tree, kept so that highlighting reuses this parse; `None` when the text was
    /// never parsed (too large, not UTF-8).
    pub tree: Option<tree_sitter::Tree>,
}

impl Parsed {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The lock, when the file is valid (no errors).
    pub fn valid_lock(&self) -> Option<&Lock> {
        if self.has_errors() {
            None
        } else {
            self.document.as_ref().map(|d| &d.lock)
        }
    }

    fn fail(diagnostic: Diagnostic) -> Parsed {
        Parsed {
            diagnostics: vec![diagnostic],
            ..Parsed::default()
        }
    }
}

/// Parses a lock file from raw bytes: rejects files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    if bytes.len() > MAX_FILE_BYTES {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "file-too-large",
            format!(
                "the file is {} bytes; a lock file is at most {} bytes (1 MiB)",
                bytes.len(),
                MAX_FILE_BYTES
            ),
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            // The prefix is valid UTF-8 by construction.
            let column =
                std::str::from_utf8(&good[line_start..]).map_or(1, |s| s.chars().count() + 1);
            Parsed::fail(Diagnostic::error(
                Span::on_line(line, column, 1),
                "invalid-utf8",
                format!(
                    "the file is not UTF-8 text: byte 0x{:02x} at offset {} cannot start a character",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

/// Parses lock text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    let mut parser = Parser::new();
    if parser.set_language(&super::language::language()).is_err() {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "internal",
            "the lock grammar does not match this build's tree-sitter runtime",
        ));
    }
    let Some(tree) = parser.parse(text, None) else {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "internal",
            "the parser gave up on this file",
        ));
    };
    let mut reader = Reader::new(text);
    reader.syntax_errors(tree.root_node());
    reader.read_items(tree.root_node());
    let mut parsed = reader.finish();
    parsed.tree = Some(tree);
    parsed
}

/// A grid cell as read: its glyph, node kind and place.
struct CellGlyph {
    glyph: char,
    kind: &'static str,
    span: Span,
}

/// The grid's rows as read, each with its place.
type GridRows = Vec<(Span, Vec<CellGlyph>)>;

/// A `spring` line as read: root name, root cell, end name, end cell (1-based row and cell),
/// natural length, and the places of the four parts.
type SpringLine = (char, (usize, usize), char, (usize, usize), i32, [Span; 4]);

struct Statement<T> {
    value: T,
    span: Span,
}

struct Reader<'t> {
    text: &'t str,
    lines: Vec<&'t str>,
    diagnostics: Vec<Diagnostic>,
    error_lines: BTreeSet<usize>,
    items: Vec<(Item, Span)>,
    comments: Vec<(Span, String, bool)>,
    format_lines: Vec<(u32, Span)>,
    fields: BTreeMap<&'static str, Vec<(String, Span)>>,
    grid: Option<(Span, GridRows)>,
    pivots: Vec<Statement<(char, Vec<Dir>)>>,
    springs: Vec<Statement<SpringLine>>,
    hooks: Vec<Statement<Dir>>,
    wrenches: Vec<Statement<Option<Dir>>>,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        Reader {
            text,
            lines: text.split('\n').collect(),
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

    fn column(&self, row: usize, byte: usize) -> usize {
        let line = self.lines.get(row).copied().unwrap_or("");
        let byte = byte.min(line.len());
        line.get(..byte).map_or(byte, |s| s.chars().count()) + 1
    }

    fn span(&self, node: Node) -> Span {
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

    fn node_text(&self, node: Node) -> &'t str {
        self.text.get(node.byte_range()).unwrap_or("")
    }

    fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    /// Reports ERROR and MISSING nodes, one per line.
    fn syntax_errors(&mut self, root: Node) {
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

    fn describe_error(&self, node: Node) -> String {
        let leaf = first_leaf(node);
        let snippet = self.node_text(leaf).lines().next().unwrap_or("").trim();
        let shown: String = snippet.chars().take(24).collect();
        let parent_kind = node.parent().map(|p| p.kind()).unwrap_or("source_file");
        let expected = match parent_kind {
            "spring" => "a spring reads `spring ROOT rRcC -> END rRcC natural N`",
            "pivot" => "a pivot reads `pivot DIGIT arms DIR...` with directions E NE NW W SW SE",
            "hook" => "the hook reads `hook arm DIR`",
            "wrench" => "the wrench reads `wrench momentum DIR` or `wrench momentum none`",
            "format_line" => "the first line reads `lockwright-lock 1`",
            "grid" | "grid_row" => "a grid row holds cells separated by spaces",
            _ => {
                "a line is a field (`name: …`), `grid:`, a grid row, or a pivot, spring, hook or wrench line"
            }
        };
        if shown.is_empty() {
            format!("unexpected end of line: {expected}")
        } else {
            format!("unexpected `{shown}`: {expected}")
        }
    }

    fn read_items(&mut self, root: Node) {
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

    fn collect_comments(&mut self, root: Node) {
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

    fn read_format_line(&mut self, node: Node) {
        let span = self.span(node);
        let version = node
            .child_by_field_name("version")
            .and_then(|v| self.node_text(v).parse::<u32>().ok())
            .unwrap_or(0);
        self.format_lines.push((version, span));
    }

    fn read_field(&mut self, node: Node) {
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

    fn read_grid(&mut self, node: Node) {
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

    fn read_pivot(&mut self, node: Node) {
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

    fn read_spring(&mut self, node: Node) {
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
                let s = self.span(nat);
                self.error(
                    s,
                    "spring-too-long",
                    "a spring's natural length this large cannot be",
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

    fn read_hook(&mut self, node: Node) {
        let span = self.span(node);
        if let Some(arm) = node
            .child_by_field_name("arm")
            .and_then(|a| Dir::from_name(self.node_text(a)))
        {
            self.hooks.push(Statement { value: arm, span });
        }
    }

    fn read_wrench(&mut self, node: Node) {
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

    fn finish(mut self) -> Parsed {
        let mut source_map = SourceMap::default();
        // The format line.
        match self.format_lines.clone().as_slice() {
            [] => self.diagnostics.push(Diagnostic::error(
                Span::START,
                "format-line",
                "a lock file starts with the line `lockwright-lock 1`",
            )),
            [(v, span), rest @ ..] => {
                let span = *span;
                if *v != FORMAT_VERSION {
                    self.error(
                        span,
                        "format-version",
                        format!("format version {v} is not one this Lockwright reads; it reads version {FORMAT_VERSION}"),
                    );
                }
                self.items.push((Item::Format, span));
                for &(_, s) in rest {
                    self.error(s, "duplicate-statement", "a second `lockwright-lock` line");
                }
            }
        }
        let field = |f: &BTreeMap<&str, Vec<(String, Span)>>, k: &str| {
            f.get(k).and_then(|v| v.first()).cloned()
        };
        let name = field(&self.fields, "name").map(|f| f.0).unwrap_or_default();
        let author = field(&self.fields, "author")
            .map(|f| f.0)
            .unwrap_or_default();
        let notes: Vec<String> = self
            .fields
            .get("note")
            .map(|v| v.iter().map(|f| f.0.clone()).collect())
            .unwrap_or_default();
        let size_field = field(&self.fields, "size");
        let grid = self.grid.take();
        let row_guess = grid.as_ref().map(|(_, rows)| rows.len());
        let size = match &size_field {
            Some((text, span)) => match text.parse::<i32>() {
                Ok(n) if (0..=64).contains(&n) => Some(n),
                Ok(n) => {
                    self.error(
                        *span,
                        "size-out-of-range",
                        format!(
                            "size {n} is out of range: a lock's size is from {} to {}",
                            frame::MIN_SIZE,
                            frame::MAX_SIZE
                        ),
                    );
                    None
                }
                Err(_) => {
                    self.error(
                        *span,
                        "size",
                        format!(
                            "`size:` takes a whole number from {} to {}, not `{text}`",
                            frame::MIN_SIZE,
                            frame::MAX_SIZE
                        ),
                    );
                    None
                }
            },
            None => {
                let span = grid.as_ref().map_or(Span::START, |g| g.0);
                self.error(span, "missing-size", "the lock has no `size:` field");
                None
            }
        };
        // Without a size, read the grid at the size its row count suggests so that its other
        // problems still show.
        let size = size.or_else(|| row_guess.filter(|n| n % 2 == 1).map(|n| (n as i32 - 1) / 2));
        let Some((grid_span, rows)) = grid else {
            self.error(
                Span::START,
                "missing-grid",
                "the lock has no `grid:`, so it has no picture",
            );
            return self.done(None, source_map);
        };
        let Some(size) = size else {
            return self.done(None, source_map);
        };

        // The grid's shape.
        if rows.len() != grid::row_count(size) {
            self.error(
                grid_span,
                "grid-rows",
                format!(
                    "the grid has {} rows; a size {size} lock has {}",
                    rows.len(),
                    grid::row_count(size)
                ),
            );
        }
        let mut cells: BTreeMap<Hex, (char, &'static str)> = BTreeMap::new();
        for (i, (row_span, row)) in rows.iter().enumerate() {
            self.items.push((Item::GridRow(i), *row_span));
            if i < grid::row_count(size) && row.len() != grid::row_width(size, i) {
                self.error(
                    *row_span,
                    "grid-row-width",
                    format!(
                        "row {} of the grid has {} cells; in a size {size} lock it has {}",
                        i + 1,
                        row.len(),
                        grid::row_width(size, i)
                    ),
                );
            }
            for (j, c) in row.iter().enumerate() {
                if let Some(hex) = grid::cell_at(size, i, j) {
                    cells.insert(hex, (c.glyph, c.kind));
                    source_map.cells.insert(hex, c.span);
                }
            }
        }

        let mut lock = Lock::empty(size);
        lock.info = engine::hexlock::LockInfo {
            name,
            author,
            notes,
        };
        let mut blocks: BTreeMap<char, Vec<Hex>> = BTreeMap::new();
        let mut hubs: Vec<(char, Hex)> = Vec::new();
        let mut hook_hubs: Vec<Hex> = Vec::new();
        let mut arm_cells: BTreeMap<Hex, char> = BTreeMap::new();
        let mut spring_marks: Vec<Hex> = Vec::new();
        let mut wrench_cells: Vec<Hex> = Vec::new();
        for (&hex, &(glyph, kind)) in &cells {
            let span = source_map.cells.get(&hex).copied().unwrap_or(grid_span);
            match kind {
                "empty_cell" => {}
                "bolthole_cell" => {
                    if !frame::in_bolthole(size, hex) {
                        self.diagnostics.push(Diagnostic::warning(
                            span,
                            "bolthole-glyph",
                            "`:` marks the bolthole, but this cell is not in it (the bolthole is the top-right corner)",
                        ));
                    }
                }
                "spring_cell" => spring_marks.push(hex),
                "ball" => lock.balls.push(hex),
                "block_cell" if glyph == 'O' => self.error(
                    span,
                    "bad-name",
                    "`O` cannot name a block (it reads like a ball): use another letter, or `o` for a ball",
                ),
                "block_cell" => blocks.entry(glyph).or_default().push(hex),
                "pivot_hub" => hubs.push((glyph, hex)),
                "arm" => {
                    arm_cells.insert(hex, glyph);
                }
                "hook_hub" => hook_hubs.push(hex),
                "wrench_cell" => wrench_cells.push(hex),
                _ => self.error(
                    span,
                    "unknown-glyph",
                    format!(
                        "unknown glyph `{glyph}`: a cell is `.` (empty), `:` (bolthole), `~` (spring), `o` (ball), `@` (hook), `%` (wrench), `-` `/` `\\` (arm), a letter (block) or a digit (pivot)"
                    ),
                ),
            }
        }
        hook_hubs.sort_by_key(|h| (h.r, h.q));
        lock.blocks = blocks
            .into_iter()
            .map(|(name, cells)| Block { name, cells })
            .collect();

        // Arms: the statements say which way each points; the picture must agree.
        let claims = arm_claims(
            &arm_cells,
            hubs.iter().map(|h| h.1).chain(hook_hubs.iter().copied()),
        );
        let mut expected_arms: BTreeMap<Hex, (char, String, Span)> = BTreeMap::new();
        let pivot_lines: BTreeMap<char, (Vec<Dir>, Span)> = self
            .pivots
            .iter()
            .map(|s| (s.value.0, (s.value.1.clone(), s.span)))
            .collect();
        let hub_names: BTreeSet<char> = hubs.iter().map(|h| h.0).collect();
        for (name, (_, span)) in &pivot_lines {
            if !hub_names.contains(name) {
                self.error(
                    *span,
                    "unknown-piece",
                    format!("pivot {name} has no hub in the grid: draw `{name}` where it turns"),
                );
            }
        }
        for &(name, hub) in &hubs {
            let hub_span = source_map.cells.get(&hub).copied().unwrap_or(grid_span);
            let arms = match pivot_lines.get(&name) {
                Some((arms, _)) => arms.clone(),
                None => {
                    let (arms, ambiguous) = infer_arms(hub, &arm_cells, &claims);
                    if ambiguous {
                        self.error(
                            hub_span,
                            "ambiguous-arm",
                            format!("pivot {name} has no `pivot {name} arms …` line, and an arm next to it could belong to another hub: add the line"),
                        );
                    }
                    arms
                }
            };
            let span = pivot_lines.get(&name).map_or(hub_span, |p| p.1);
            for &d in &arms {
                expected_arms.insert(
                    hub.neighbour(d),
                    (grid::arm_glyph(d), format!("pivot {name}'s arm {d}"), span),
                );
            }
            lock.pivots.push(Pivot { name, hub, arms });
        }
        if self.hooks.len() > hook_hubs.len() {
            for s in &self.hooks[hook_hubs.len()..] {
                let span = s.span;
                self.diagnostics.push(Diagnostic::error(
                    span,
                    "unknown-piece",
                    "a `hook` line, but no `@` in the grid for it",
                ));
            }
        }
        for (k, &hub) in hook_hubs.iter().enumerate() {
            let hub_span = source_map.cells.get(&hub).copied().unwrap_or(grid_span);
            let arm = match self.hooks.get(k) {
                Some(s) => {
                    self.items.push((Item::Hook(k), s.span));
                    Some(s.value)
                }
                None => {
                    let (arms, ambiguous) = infer_arms(hub, &arm_cells, &claims);
                    match (arms.as_slice(), ambiguous) {
                        ([d], false) => Some(*d),
                        ([], _) => {
                            self.error(
                                hub_span,
                                "hook-arm",
                                "the hook has no arm: draw one beside `@`, or add `hook arm DIR`",
                            );
                            None
                        }
                        _ => {
                            self.error(
                                hub_span,
                                "hook-arm",
                                "the hook's arm is unclear from the picture: add `hook arm DIR`",
                            );
                            None
                        }
                    }
                }
            };
            if let Some(arm) = arm {
                let span = self.hooks.get(k).map_or(hub_span, |s| s.span);
                expected_arms.insert(
                    hub.neighbour(arm),
                    (grid::arm_glyph(arm), format!("the hook's arm {arm}"), span),
                );
                lock.hooks.push(Hook { hub, arm });
            }
        }
        for (&cell, &glyph) in &arm_cells {
            let span = source_map.cells.get(&cell).copied().unwrap_or(grid_span);
            match expected_arms.get(&cell) {
                Some((want, what, _)) if *want != glyph => {
                    self.error(span, "arm-glyph", format!("{what} lies along its line: draw it as `{want}`"));
                }
                Some(_) => {}
                None => self.error(
                    span,
                    "stray-arm",
                    "this arm belongs to no pivot or hook: an arm sits beside its hub, in line with its glyph, and is listed on its `pivot` line",
                ),
            }
        }
        for (cell, (_, what, span)) in &expected_arms {
            let shown = cells.get(cell).map(|c| c.1);
            if matches!(shown, Some("empty_cell" | "bolthole_cell" | "spring_cell")) {
                let place = source_map.cells.get(cell).copied().unwrap_or(*span);
                self.error(
                    place,
                    "missing-arm",
                    format!("{what} should be here, but the grid shows no arm"),
                );
            }
        }

        // Springs.
        let mut spring_spans: BTreeMap<Spring, Span> = BTreeMap::new();
        for s in std::mem::take(&mut self.springs) {
            let (root_name, root_pos, end_name, end_pos, natural, spans) = s.value;
            let root = if Block::is_valid_name(root_name) {
                Anchor::Block(root_name)
            } else if Pivot::is_valid_name(root_name) {
                Anchor::Pivot(root_name)
            } else {
                self.error(spans[0], "bad-name", format!("`{root_name}` names no piece a spring can be rooted in: a block is a letter, a pivot a digit"));
                continue;
            };
            if !Block::is_valid_name(end_name) {
                self.error(
                    spans[2],
                    "bad-name",
                    format!("a spring ends at a block, named by a letter; `{end_name}` is not one"),
                );
                continue;
            }
            let mut cell = |pos: (usize, usize), span: Span| {
                let hex = pos
                    .0
                    .checked_sub(1)
                    .zip(pos.1.checked_sub(1))
                    .and_then(|(r, c)| grid::cell_at(size, r, c));
                if hex.is_none() {
                    self.diagnostics.push(Diagnostic::error(
                        span,
                        "bad-cell",
                        format!("r{}c{} is not a cell of a size {size} lock: rows count 1 to {} from the top, cells 1 onwards from the left", pos.0, pos.1, grid::row_count(size)),
                    ));
                }
                hex
            };
            let (Some(root_cell), Some(end_cell)) =
                (cell(root_pos, spans[1]), cell(end_pos, spans[3]))
            else {
                continue;
            };
            let spring = Spring {
                root,
                root_cell,
                end: end_name,
                end_cell,
                natural_length: natural,
            };
            spring_spans.insert(spring, s.span);
            self.items.push((Item::Spring(spring), s.span));
            lock.springs.push(spring);
        }
        let runs: BTreeSet<Hex> = lock.springs.iter().flat_map(|s| s.run()).collect();
        for cell in spring_marks {
            if !runs.contains(&cell) {
                let span = source_map.cells.get(&cell).copied().unwrap_or(grid_span);
                self.diagnostics.push(Diagnostic::warning(
                    span,
                    "spring-glyph",
                    "`~` marks a spring, but no spring runs through this cell",
                ));
            }
        }

        // The wrench.
        let momentum = self.wrenches.first().and_then(|w| w.value);
        if !wrench_cells.is_empty() {
            lock.wrenches.push(Wrench {
                cells: wrench_cells,
                momentum,
            });
        } else if let Some(w) = self.wrenches.first() {
            let span = w.span;
            self.error(
                span,
                "unknown-piece",
                "a `wrench` line, but no `%` in the grid for it",
            );
        }

        lock.normalise();
        let problems = lock.validate();
        for problem in problems {
            let span = self.problem_span(
                &problem,
                &lock,
                &spring_spans,
                &source_map,
                grid_span,
                size_field.as_ref().map(|f| f.1),
            );
            self.diagnostics.push(Diagnostic::error(
                span,
                problem_code(problem.kind),
                problem.message,
            ));
        }
        let items = std::mem::take(&mut self.items);
        let comments = self.attach_comments(&items);
        for (item, span) in items {
            source_map.items.entry(item).or_insert(span);
        }
        self.done(Some(Document { lock, comments }), source_map)
    }

    fn problem_span(
        &self,
        problem: &Problem,
        lock: &Lock,
        spring_spans: &BTreeMap<Spring, Span>,
        source_map: &SourceMap,
        grid_span: Span,
        size_span: Option<Span>,
    ) -> Span {
        if let Some(span) = problem
            .spring
            .and_then(|i| lock.springs.get(i))
            .and_then(|s| spring_spans.get(s))
        {
            return *span;
        }
        if let Some(span) = problem.cells.iter().find_map(|c| source_map.cells.get(c)) {
            return *span;
        }
        match problem.kind {
            ProblemKind::SizeOutOfRange => size_span.unwrap_or(Span::START),
            _ => match problem.pieces.first() {
                Some(PieceRef::Pivot(name)) => self
                    .pivots
                    .iter()
                    .find(|p| p.value.0 == *name)
                    .map_or(grid_span, |p| p.span),
                _ => grid_span,
            },
        }
    }

    fn attach_comments(&self, items: &[(Item, Span)]) -> Comments {
        let mut comments = Comments::default();
        let mut by_line: Vec<(usize, &Item)> = items.iter().map(|(i, s)| (s.line, i)).collect();
        by_line.sort_by_key(|x| x.0);
        for (span, text, trailing) in &self.comments {
            if *trailing && let Some((_, item)) = by_line.iter().find(|(l, _)| *l == span.line) {
                comments.trailing.insert((*item).clone(), text.clone());
                continue;
            }
            match by_line.iter().find(|(l, _)| *l > span.line) {
                Some((_, item)) => comments
                    .leading
                    .entry((*item).clone())
                    .or_default()
                    .push(text.clone()),
                None => comments.tail.push(text.clone()),
            }
        }
        comments
    }

    fn done(mut self, document: Option<Document>, source_map: SourceMap) -> Parsed {
        self.diagnostics
            .sort_by_key(|d| (d.span.line, d.span.column));
        self.diagnostics.dedup();
        Parsed {
            document,
            diagnostics: self.diagnostics,
            source_map,
            tree: None,
        }
    }
}

fn first_leaf(node: Node) -> Node {
    let mut n = node;
    while let Some(c) = n.child(0) {
        n = c;
    }
    n
}

fn describe_kind(kind: &str) -> String {
    match kind {
        "integer" => "a number".into(),
        "direction" => "a direction (E NE NW W SW SE)".into(),
        "cell_ref" => "a cell reference like r2c3".into(),
        "piece_name" => "a piece name".into(),
        "\n" => "the end of the line".into(),
        other => format!("`{other}`"),
    }
}

fn cell_kind(kind: &str) -> &'static str {
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

/// For each arm glyph, the hubs it could belong to: those beside it along its line.
fn arm_claims(arms: &BTreeMap<Hex, char>, hubs: impl Iterator<Item = Hex>) -> BTreeMap<Hex, usize> {
    let hubs: BTreeSet<Hex> = hubs.collect();
    arms.iter()
        .map(|(&cell, &glyph)| {
            let n = grid::arm_dirs(glyph).map_or(0, |ds| {
                ds.iter()
                    .filter(|d| hubs.contains(&cell.neighbour(d.opposite())))
                    .count()
            });
            (cell, n)
        })
        .collect()
}

/// The arms of a hub read off the picture, and whether any of them could belong to another hub.
fn infer_arms(
    hub: Hex,
    arms: &BTreeMap<Hex, char>,
    claims: &BTreeMap<Hex, usize>,
) -> (Vec<Dir>, bool) {
    let mut out = Vec::new();
    let mut ambiguous = false;
    for d in Dir::ALL {
        let cell = hub.neighbour(d);
        if let Some(&g) = arms.get(&cell)
            && grid::arm_dirs(g).is_some_and(|ds| ds.contains(&d))
        {
            out.push(d);
            ambiguous |= claims.get(&cell).copied().unwrap_or(0) > 1;
        }
    }
    (out, ambiguous)
}

fn close(a: &str, b: &str) -> bool {
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

/// The stable code of a validation problem.
pub fn problem_code(kind: ProblemKind) -> &'static str {
    match kind {
        ProblemKind::SizeOutOfRange => "size-out-of-range",
        ProblemKind::BadName => "bad-name",
        ProblemKind::DuplicateName => "duplicate-name",
        ProblemKind::EmptyPiece => "empty-piece",
        ProblemKind::DisconnectedPiece => "disconnected-piece",
        ProblemKind::DuplicateArm => "duplicate-arm",
        ProblemKind::OutsideLock => "outside-lock",
        ProblemKind::Overlap => "overlap",
        ProblemKind::MissingTool => "missing-tool",
        ProblemKind::ExtraTool => "extra-tool",
        ProblemKind::UnknownPiece => "unknown-piece",
        ProblemKind::SpringNotAttached => "spring-not-attached",
        ProblemKind::SpringToItself => "spring-to-itself",
        ProblemKind::SpringOffLine => "spring-off-line",
        ProblemKind::SpringThroughPiece => "spring-through-piece",
        ProblemKind::SpringTooLong => "spring-too-long",
        ProblemKind::SpringTooShort => "spring-too-short",
        ProblemKind::CyclicSprings => "cyclic-springs",
    }
}
