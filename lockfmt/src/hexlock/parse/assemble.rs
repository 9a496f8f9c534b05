//! The statements read made into a lock: the grid into pieces, springs and arms attached, and
//! every validation problem mapped back to its line and column.

use crate::diagnostic::{Diagnostic, Span};
use crate::hexlock::document::{Comments, Document, Item};
use crate::hexlock::grid;
use engine::hexlock::model::{PieceRef, Problem, ProblemKind, frame};
use engine::hexlock::{Anchor, Block, Hook, Lock, Pivot, Spring, Wrench};
use engine::{Dir, Hex};
use std::collections::{BTreeMap, BTreeSet};

use super::reader::*;
use super::{FORMAT_VERSION, Parsed, SourceMap};

impl Reader<'_> {
    pub(super) fn finish(mut self) -> Parsed {
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
                        "row {} of the grid has {}; in a size {size} lock it has {}",
                        i + 1,
                        crate::words::count(row.len(), "cell"),
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

    pub(super) fn problem_span(
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

    pub(super) fn attach_comments(&self, items: &[(Item, Span)]) -> Comments {
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

    pub(super) fn done(mut self, document: Option<Document>, source_map: SourceMap) -> Parsed {
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
