//! Reading the file line by line: text properties, the picture's rows and footer, and `axis`
//! lines, each into the reader's state with its diagnostics.

use super::*;

impl Reader {
    pub(super) fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    pub(super) fn warning(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::warning(span, code, message));
    }

    pub(super) fn line(&mut self, n: usize, text: &str) {
        let text = text.strip_suffix('\r').unwrap_or(text);
        // Rows and axis lines have no strings: a `"` there is a wrong glyph, not a quote.
        let plain = is_row(text) || text.split_whitespace().next() == Some("axis");
        let (words, raw_comment) = split(text, !plain);
        let comment = raw_comment.map(str::trim_end);
        let Some(first) = words.first().copied() else {
            self.comments.blank_or_comment(comment);
            return;
        };
        self.comments.started();
        let whole = Span::on_line(
            n,
            first.column,
            text.trim_end().chars().count() + 1 - first.column,
        );
        let line = if is_row(text) {
            Some(self.row(n, &words))
        } else if is_footer(&words) {
            Some(self.footer(n, &words))
        } else {
            match first.text {
                "title" | "by" | "source" | "license" | "note" => {
                    self.text_property(n, text, &words)
                }
                "axis" => self.axis(n, &words),
                _ => {
                    let kept = match raw_comment {
                        Some(c) => text[..text.len() - c.len()].trim().to_string(),
                        None => text.trim().to_string(),
                    };
                    self.warning(
                        first.span(n),
                        "unknown-property",
                        format!(
                            "`{}` is not part of the sliding lock format; the line is kept as written",
                            first.text
                        ),
                    );
                    self.unknown.push(kept);
                    Some(Line::Unknown(self.unknown.len() - 1))
                }
            }
        };
        if let Some(line) = line {
            self.lines.entry(line).or_insert(whole);
            self.comments.attach(line, comment);
        }
    }

    pub(super) fn text_property(&mut self, n: usize, text: &str, words: &[Word]) -> Option<Line> {
        match read_property(&mut self.info, n, text, words, "a lock") {
            Ok(property) => Some(Line::property(property)),
            Err(d) => {
                self.diagnostics.push(d);
                None
            }
        }
    }

    /// A row: its number, then one glyph per column.
    pub(super) fn row(&mut self, n: usize, words: &[Word]) -> Line {
        let first = words[0];
        let digits = first.text.bytes().take_while(u8::is_ascii_digit).count();
        let number_span = Span::on_line(n, first.column, digits);
        let number = first.text[..digits].parse::<u64>().ok();
        let mut glyphs = Vec::new();
        let mut glued = (first.text.len() > digits).then(|| {
            Span::on_line(
                n,
                first.column + digits,
                first.text[digits..].chars().count(),
            )
        });
        let rest = std::iter::once(Word {
            text: &first.text[digits..],
            column: first.column + digits,
        })
        .chain(words[1..].iter().copied());
        for w in rest {
            if w.text.chars().count() > 1 && glued.is_none() {
                glued = Some(w.span(n));
            }
            for (k, c) in w.text.chars().enumerate() {
                glyphs.push((c, w.column + k));
            }
        }
        // A glyph glued to the number, or two glyphs glued together.
        if let Some(span) = glued {
            self.warning(
                span,
                "spacing",
                "glyphs are separated by single spaces (fmt spaces them)",
            );
        }
        let line = Line::Row(self.height.saturating_sub(self.rows.len()));
        self.rows.push(Row {
            line: n,
            number: (number, number_span),
            glyphs,
        });
        line
    }

    pub(super) fn footer(&mut self, n: usize, words: &[Word]) -> Line {
        if self.footer.is_some() {
            self.warning(
                words[0].span(n),
                "footer",
                "a second footer: the picture has one line of column letters (fmt keeps one)",
            );
        } else {
            let letters = words
                .iter()
                .map(|w| (w.text.chars().next().unwrap_or('A'), w.column))
                .collect();
            if self.rows.is_empty() {
                self.warning(
                    words[0].span(n),
                    "footer",
                    "the footer of column letters belongs under the picture (fmt moves it there)",
                );
            }
            self.footer = Some((n, letters));
        }
        Line::Footer
    }

    /// `axis C3: a b`.
    pub(super) fn axis(&mut self, n: usize, words: &[Word]) -> Option<Line> {
        const EXAMPLE: &str = "axis C3: a b";
        let Some(cell_word) = words.get(1) else {
            self.error(
                words[0].span(n),
                "axis-line",
                format!("`axis` needs the axis's cell and the pieces attached to it: `{EXAMPLE}`"),
            );
            return None;
        };
        let (name, colon) = match cell_word.text.split_once(':') {
            Some((name, after)) => (name, Some(after)),
            None => (cell_word.text, None),
        };
        let cell_span = Span::on_line(n, cell_word.column, name.chars().count());
        let Some(cell) =
            Cell::parse(name).filter(|_| name.starts_with(|c: char| c.is_ascii_uppercase()))
        else {
            self.error(
                cell_span,
                "axis-line",
                format!("`{name}` is not a cell: an axis line reads `{EXAMPLE}`, the cell as a column letter and a row number"),
            );
            return None;
        };
        let mut rest: Vec<Word> = Vec::new();
        if let Some(after) = colon.filter(|a| !a.is_empty()) {
            rest.push(Word {
                text: after,
                column: cell_word.column + name.chars().count() + 1,
            });
        }
        let mut others = words[2..].iter().copied();
        if colon.is_none() {
            match others.next() {
                Some(w) if w.text == ":" => {}
                Some(w) if w.text.starts_with(':') => rest.push(Word {
                    text: &w.text[1..],
                    column: w.column + 1,
                }),
                Some(w) => {
                    self.error(
                        w.span(n),
                        "axis-line",
                        format!("a colon goes after the axis's cell: `{EXAMPLE}`"),
                    );
                    return None;
                }
                None => {}
            }
        }
        rest.extend(others);
        let mut letters = Vec::new();
        for w in rest {
            for (k, c) in w.text.chars().enumerate() {
                let span = Span::on_line(n, w.column + k, 1);
                if c == KEY || c.is_ascii_lowercase() {
                    letters.push((c, span));
                } else {
                    self.error(
                        span,
                        "axis-line",
                        format!("`{c}` is not a piece's letter: an axis line lists pieces by their letters (`K` for the Key), as in `{EXAMPLE}`"),
                    );
                    return None;
                }
            }
        }
        if self.axes.iter().any(|a| a.cell == cell) {
            self.error(
                cell_span,
                "axis-line",
                format!("the axis at {cell} has a second `axis` line; each axis has one"),
            );
            return None;
        }
        self.axes.push(AxisLine {
            cell,
            cell_span,
            letters,
        });
        Some(Line::Axis(cell))
    }
}
