//! A sliding lock's solution file and the lock beside it: each found from the other, read
//! from the client when it is open and from disk when not.

use super::*;

impl Server<'_> {
    /// The solution file beside a puzzle: open in the editor, else as it is on disk.
    pub(super) fn solution_beside(&self, uri: &lsp::Uri) -> Option<(lsp::Uri, String)> {
        let solution_uri = solution_uri(uri)?;
        let text = match self.solutions.get(&solution_uri) {
            Some(text) => text.clone(),
            None => read_file(&solution_uri)?,
        };
        Some((solution_uri, text))
    }

    /// The sliding lock beside a solution file: open in the editor, else as it is on disk.
    pub(super) fn lock_beside(&self, solution: &lsp::Uri) -> Option<Beside> {
        let text = solution.as_str();
        let stem = text.strip_suffix(".solution")?;
        let uri: lsp::Uri = format!("{stem}.slide").parse().ok()?;
        let lock_text = match self.documents.get(&uri) {
            Some(d) => d.text.clone(),
            None => read_file(&uri)?,
        };
        let mut beside = Beside::of_puzzle(&uri, &lock_text)?;
        beside.encoding = self.encoding;
        Some(beside)
    }

    /// The piece name written at a place of a solution file, with the lock beside it.
    pub(super) fn solution_named_at(
        &self,
        uri: &lsp::Uri,
        solution: &str,
        position: lsp::Position,
    ) -> Option<(Beside, sliding_solution::Named)> {
        let beside = self.lock_beside(uri)?;
        let place = Lines::new(solution, self.encoding).place(position);
        let named = sliding_solution::named(solution, &beside.lock)
            .into_iter()
            .find(|n| place.within(&n.span))?;
        Some((beside, named))
    }

    pub(super) fn solution_hover(
        &self,
        uri: &lsp::Uri,
        solution: &str,
        position: lsp::Position,
    ) -> Option<lsp::Hover> {
        let (beside, named) = self.solution_named_at(uri, solution, position)?;
        let letter = beside.document.letter(named.piece);
        let file = beside
            .uri
            .as_str()
            .rsplit('/')
            .next()
            .unwrap_or("the lock")
            .to_string();
        let lines = Lines::new(solution, self.encoding);
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: sliding_solution::hover(&named, &beside.lock, letter, &file),
            }),
            range: Some(lines.range(&named.span)),
        })
    }
}

/// A sliding lock read from its file, for the solution file beside it.
pub(super) struct Beside {
    pub(super) uri: lsp::Uri,
    pub(super) text: String,
    pub(super) document: lockfmt::sliding::Document,
    pub(super) lock: engine::sliding::Lock,
    pub(super) source_map: lockfmt::sliding::SourceMap,
    pub(super) encoding: Encoding,
}

impl Beside {
    /// The sliding lock a puzzle file's text reads as, when it is one and valid.
    pub(super) fn of_puzzle(uri: &lsp::Uri, text: &str) -> Option<Beside> {
        if !uri.as_str().ends_with(".slide") {
            return None;
        }
        let parsed = lockfmt::sliding::parse(text);
        let document = parsed.valid()?.clone();
        Some(Beside {
            uri: uri.clone(),
            text: text.to_string(),
            lock: document.lock.clone(),
            document,
            source_map: parsed.source_map,
            encoding: Encoding::Utf16,
        })
    }

    /// Where a piece is drawn in the lock's picture: its first cell.
    pub(super) fn definition(&self, piece: usize) -> Option<lsp::Location> {
        let at = self.lock.pieces.get(piece)?.at;
        let span = self.source_map.cells.get(&at)?;
        let lines = Lines::new(&self.text, self.encoding);
        Some(lsp::Location::new(self.uri.clone(), lines.range(span)))
    }
}

/// A `file:` URI's text on disk, when it can be read (and is not too large to be a puzzle).
fn read_file(uri: &lsp::Uri) -> Option<String> {
    let path = uri.as_str().strip_prefix("file://")?;
    let path = percent_decoded(path)?;
    let meta = std::fs::metadata(&path).ok()?;
    if !meta.is_file() || meta.len() > 1 << 20 {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// A URI path with its `%XX` escapes decoded.
fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = path.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The solution file beside a puzzle: its name with `.solution` for its extension.
pub(super) fn solution_uri(uri: &lsp::Uri) -> Option<lsp::Uri> {
    let text = uri.as_str();
    let name_at = text.rfind('/').map_or(0, |i| i + 1);
    let stem_end = text[name_at..]
        .rfind('.')
        .map_or(text.len(), |i| name_at + i);
    format!("{}.solution", &text[..stem_end]).parse().ok()
}
