//! From the rows read to the lock: the picture's shape, its glyphs into the board and pieces,
//! the lock's own problems at their glyphs, and the `axis` lines against the picture.

use super::*;

impl Reader {
    /// The picture's size, the rows' widths and numbers, and the footer: problems of shape.
    /// Returns the board's width and height (clamped to 11).
    pub(super) fn check_shape(&mut self) -> (u8, u8) {
        let height = self.rows.len();
        let Some(first) = self.rows.first() else {
            self.error(
                Span::START,
                "no-picture",
                "the file has no picture of the board: one line per row from the top, each starting with its row number, as `3 K K . @`",
            );
            return (0, 0);
        };
        let first_span = first.number.1;
        // The width most rows have (the first row's when as many have another).
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        for r in &self.rows {
            *counts.entry(r.glyphs.len()).or_default() += 1;
        }
        let best = counts.values().copied().max().unwrap_or(0);
        let width = if counts.get(&first.glyphs.len()) == Some(&best) {
            first.glyphs.len()
        } else {
            counts
                .iter()
                .find(|&(_, &c)| c == best)
                .map_or(0, |(&w, _)| w)
        };
        let side = MAX_SIDE as usize;
        if height > side {
            let span = self.rows[side].number.1;
            self.error(
                span,
                "board-size",
                format!("the picture has {height} rows: a board is at most {side}×{side}"),
            );
        } else if height < 2 {
            self.error(
                first_span,
                "board-size",
                format!("the picture has {height} row: a board is at least 2×2, to hold the Key"),
            );
        }
        if width > side {
            let (line, column) = self
                .rows
                .iter()
                .find(|r| r.glyphs.len() == width)
                .map_or((1, 1), |r| (r.line, r.glyphs[side].1));
            self.error(
                Span::on_line(line, column, 1),
                "board-size",
                format!("the rows are {width} cells wide: a board is at most {side}×{side}"),
            );
        } else if width < 2 {
            self.error(
                first_span,
                "board-size",
                format!(
                    "the rows are {} wide: a board is at least 2×2, to hold the Key",
                    crate::words::count(width, "cell")
                ),
            );
        }
        let mut problems = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            let label = height - i;
            let len = r.glyphs.len();
            if len > width {
                let column = r.glyphs[width].1;
                let end = r.glyphs[len - 1].1 + 1;
                problems.push(Diagnostic::error(
                    Span::on_line(r.line, column, end - column),
                    "row-width",
                    format!("row {label} has {len} cells; the board is {width} wide"),
                ));
            } else if len < width {
                let column = r.glyphs.last().map_or(r.number.1.end_column, |g| g.1 + 1);
                problems.push(Diagnostic::error(
                    Span::on_line(r.line, column, 1),
                    "row-width",
                    format!(
                        "row {label} has {}; the board is {width} wide",
                        crate::words::count(len, "cell")
                    ),
                ));
            }
            if r.number.0 != Some(label as u64) {
                problems.push(Diagnostic::warning(
                    r.number.1,
                    "row-number",
                    format!(
                        "this is row {label}: rows count down to 1 at the bottom (fmt renumbers them)"
                    ),
                ));
            }
        }
        self.diagnostics.extend(problems);
        let width = width.min(side);
        if let Some((line, letters)) = &self.footer {
            let wanted: Vec<char> = (0..width as u8).map(Cell::column_letter).collect();
            let written: Vec<char> = letters.iter().map(|l| l.0).collect();
            if written != wanted {
                let at = written
                    .iter()
                    .zip(&wanted)
                    .position(|(a, b)| a != b)
                    .unwrap_or(written.len().min(wanted.len()));
                let column = match letters.get(at) {
                    Some(l) => l.1,
                    None => letters.last().map_or(1, |l| l.1 + 2),
                };
                let spaced =
                    |cs: &[char]| cs.iter().map(char::to_string).collect::<Vec<_>>().join(" ");
                let message = format!(
                    "the footer reads `{}`; the board's columns are `{}` (fmt writes them)",
                    spaced(&written),
                    spaced(&wanted)
                );
                self.warning(Span::on_line(*line, column, 1), "footer", message);
            }
        }
        (width as u8, height.min(side) as u8)
    }

    /// The board and its pieces from the picture, and whether every glyph and piece could be
    /// read (when not, the lock lacks what could not).
    pub(super) fn picture(&mut self, width: u8, height: u8) -> (Picture, bool) {
        let mut board = Board::new(width.max(1), height.max(1));
        let mut groups: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
        let mut singles: Vec<(char, Cell)> = Vec::new();
        let mut ok = true;
        let mut bad = Vec::new();
        for (i, r) in self.rows.iter().enumerate().take(height as usize) {
            let row = height - 1 - i as u8;
            for (col, &(g, column)) in r.glyphs.iter().enumerate().take(width as usize) {
                let cell = Cell::new(col as u8, row);
                let span = Span::on_line(r.line, column, 1);
                self.cells.insert(cell, span);
                match g {
                    LIGHT => {}
                    DARK => board.set_dark(cell, true),
                    KEYHOLE | AXIS => singles.push((g, cell)),
                    KEY | 'a'..='z' => groups.entry(g).or_default().push(cell),
                    _ => {
                        bad.push(Diagnostic::error(
                            span,
                            "glyph",
                            format!("`{g}` is not a glyph of the picture: {GLYPHS}"),
                        ));
                    }
                }
            }
        }
        ok &= bad.is_empty();
        self.diagnostics.extend(bad);
        let mut pieces = Vec::new();
        let mut letters = Vec::new();
        let mut sliders = Vec::new();
        // The Key first, then the Keyhole, the axes, and the lettered pieces by letter.
        for (&g, cells) in &groups {
            let line = straight(cells);
            let at = self.first_in_text(cells);
            match (g, line) {
                (KEY, Some((first, orientation))) => {
                    let mut key = Piece::key(first, orientation);
                    key.length = cells.len() as u8;
                    pieces.push(key);
                    letters.push(KEY);
                }
                (_, Some((first, orientation))) if cells.len() >= 2 => {
                    sliders.push((g, Piece::slider(first, orientation, cells.len() as u8)));
                }
                (_, Some(_)) => {
                    ok = false;
                    self.error(
                        at,
                        "piece-shape",
                        format!("the piece `{g}` is one cell, {}: a vertical or horizontal piece is at least two cells long (a one-cell piece is an axis, `+`)", cells[0]),
                    );
                }
                (_, None) => {
                    ok = false;
                    let what = if g == KEY {
                        "the Key's cells (`K`)".to_string()
                    } else {
                        format!("the cells marked `{g}`")
                    };
                    self.error(
                        at,
                        "piece-shape",
                        format!(
                            "{what}, {}, are not one straight line of touching cells: each letter marks one piece",
                            engine::sliding::lock::list(cells)
                        ),
                    );
                }
            }
        }
        singles.sort_by_key(|&(g, c)| (g != KEYHOLE, c));
        for (g, cell) in singles {
            pieces.push(if g == KEYHOLE {
                Piece::keyhole(cell)
            } else {
                Piece::axis(cell)
            });
            letters.push(g);
        }
        for (g, p) in sliders {
            pieces.push(p);
            letters.push(g);
        }
        (
            Picture {
                lock: Lock::new(board, pieces),
                letters,
            },
            ok,
        )
    }

    /// The glyph of the cell, among `cells`, that comes first in the text.
    pub(super) fn first_in_text(&self, cells: &[Cell]) -> Span {
        cells
            .iter()
            .filter_map(|c| self.cells.get(c))
            .min()
            .copied()
            .unwrap_or(Span::START)
    }

    /// The lock's own problems, each at the glyph of the first cell it names.
    pub(super) fn check_lock(&mut self, picture: &Picture) {
        let lock = &picture.lock;
        let start = self.rows.first().map_or(Span::START, |r| r.number.1);
        for problem in lock.problems() {
            let cell = problem
                .cells
                .first()
                .copied()
                .or_else(|| problem.pieces.first().map(|&i| lock.pieces[i].at));
            let span = cell
                .and_then(|c| self.cells.get(&c).copied())
                .unwrap_or(start);
            let code = match problem.kind {
                ProblemKind::BoardTooSmall => "board-size",
                ProblemKind::NoKey => "no-key",
                ProblemKind::SecondKey => "second-key",
                ProblemKind::NoKeyhole => "no-keyhole",
                ProblemKind::SecondKeyhole => "second-keyhole",
                ProblemKind::KeyLength => "key-length",
                ProblemKind::SliderTooShort => "piece-shape",
                ProblemKind::OffBoard => "off-board",
                ProblemKind::OnDarkCell => "dark-cell",
                ProblemKind::Overlap => "overlap",
                ProblemKind::KeyholeNotOnUnlabelledEdge => "keyhole-edge",
                ProblemKind::BareAxis => "bare-axis",
                ProblemKind::AlreadyPicked => "picked",
            };
            let message = match problem.kind {
                ProblemKind::KeyLength => {
                    let n = problem.pieces.first().map_or(0, |&i| lock.pieces[i].length);
                    format!(
                        "the Key covers {}: it is two cells in line, `K K` across or down",
                        crate::words::count(usize::from(n), "cell")
                    )
                }
                _ => problem.message.clone(),
            };
            self.error(span, code, message);
        }
    }

    /// Each `axis` line against the picture: the pieces it lists are the pieces attached.
    pub(super) fn check_axes(&mut self, picture: &Picture) {
        let lock = &picture.lock;
        let mut problems = Vec::new();
        for line in &self.axes {
            let cell = line.cell;
            let axis = lock
                .pieces
                .iter()
                .position(|p| p.kind == Kind::Axis && p.at == cell);
            let Some(axis) = axis else {
                problems.push(Diagnostic::error(
                    line.cell_span,
                    "axis-line",
                    format!("there is no axis at {cell}: the picture marks axes with `+`"),
                ));
                continue;
            };
            let attached: BTreeSet<char> = lock
                .attached(axis)
                .iter()
                .map(|&(i, _)| picture.letters[i])
                .collect();
            let mut listed = BTreeSet::new();
            for &(letter, span) in &line.letters {
                let name = if letter == KEY {
                    "the Key".to_string()
                } else {
                    format!("`{letter}`")
                };
                if !listed.insert(letter) {
                    problems.push(Diagnostic::warning(
                        span,
                        "axis-line",
                        format!("{name} is listed twice (fmt lists it once)"),
                    ));
                } else if !picture.letters.contains(&letter) {
                    problems.push(Diagnostic::error(
                        span,
                        "axis-line",
                        format!("no piece is marked `{letter}` in the picture"),
                    ));
                } else if !attached.contains(&letter) {
                    problems.push(Diagnostic::error(
                        span,
                        "axis-line",
                        format!("{name} is not attached to the axis at {cell}: neither of its ends touches the axis in line"),
                    ));
                }
            }
            for letter in attached.difference(&listed) {
                let name = if *letter == KEY {
                    "the Key".to_string()
                } else {
                    format!("`{letter}`")
                };
                problems.push(Diagnostic::error(
                    line.cell_span,
                    "axis-line",
                    format!("{name} is attached to the axis at {cell} (an end touches it in line) but the line does not list it"),
                ));
            }
        }
        self.diagnostics.extend(problems);
    }
}

/// The first cell and orientation of `cells` when they are one straight line of touching cells.
pub(super) fn straight(cells: &[Cell]) -> Option<(Cell, Orientation)> {
    let mut sorted = cells.to_vec();
    sorted.sort_by_key(|c| (c.row, c.col));
    let first = *sorted.first()?;
    let along = |f: fn(&Cell) -> u8, g: fn(&Cell) -> u8| {
        sorted
            .iter()
            .enumerate()
            .all(|(k, c)| f(c) == f(&first) && g(c) as usize == g(&first) as usize + k)
    };
    if along(|c| c.row, |c| c.col) {
        Some((first, Orientation::Horizontal))
    } else if along(|c| c.col, |c| c.row) {
        Some((first, Orientation::Vertical))
    } else {
        None
    }
}
