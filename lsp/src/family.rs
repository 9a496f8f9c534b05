//! What the server asks of a family, over lockfmt's [`Format`]: the shared contract gives the
//! diagnostics, the canonical text and the highlights; [`Family`] adds the few things only the
//! family can say (what a thing under the cursor is, its keywords, its named pieces, its
//! solver's verdict), and [`Served`] erases the types so the server holds any family as one
//! `&dyn Served` from [`FAMILIES`].

use crate::position::Place;
use engine::solving::{Cancel, Limits};
use lockfmt::format::Checked;
use lockfmt::{Format, Parsed, Span};

/// The Markdown that hovers over a place, and the span it speaks of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// In the game's own words.
    pub markdown: String,
    /// What it describes, so that the editor can mark it.
    pub span: Span,
}

/// What a completion offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A word of the format: `spring`, `title`, `rows`.
    Keyword,
    /// A piece's name as the file uses it.
    Piece,
    /// A value a word takes: a direction, a side.
    Value,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The text inserted.
    pub label: String,
    /// What it is.
    pub detail: String,
    /// Which kind of word.
    pub offer: Offer,
}

impl Completion {
    /// A completion from static words.
    pub fn new(label: impl Into<String>, detail: impl Into<String>, offer: Offer) -> Completion {
        Completion {
            label: label.into(),
            detail: detail.into(),
            offer,
        }
    }
}

/// One place a named piece's name is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The name as written.
    pub name: String,
    /// Where.
    pub span: Span,
    /// Whether this place makes the piece (a cell of it in the picture) rather than naming it.
    pub defines: bool,
}

/// The solver's answer, in a line the editor shows above the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// "opens in 14 moves", "unique, line-solvable", "10,162 solutions", "cannot be picked".
    pub said: String,
    /// The solution file's text, for a family whose solutions are files beside the puzzle
    /// (`NAME.solution`), when the solver found one.
    pub solution: Option<String>,
}

impl Verdict {
    /// A verdict with no solution file to write.
    pub fn said(said: impl Into<String>) -> Verdict {
        Verdict {
            said: said.into(),
            solution: None,
        }
    }
}

/// The keywords and the values each family completes: the word and what it is.
pub type Words = &'static [(&'static str, &'static str)];

/// What a family's module adds to its format for the server.
pub trait Family: Format {
    /// The words that start a line, each with what it is.
    const KEYWORDS: Words;

    /// What the thing at `at` is, in the game's words.
    fn hover(
        text: &str,
        parsed: &Parsed<Self::Document, Self::SourceMap>,
        at: Place,
    ) -> Option<Said>;

    /// What may be written at `at`: by default the keywords, at the start of a line.
    fn completions(
        text: &str,
        _parsed: &Parsed<Self::Document, Self::SourceMap>,
        at: Place,
    ) -> Vec<Completion> {
        line_start_keywords::<Self>(text, at)
    }

    /// Every place a named piece's name is written; none for a family whose pieces have no
    /// names.
    fn occurrences(
        _text: &str,
        _parsed: &Parsed<Self::Document, Self::SourceMap>,
    ) -> Vec<Occurrence> {
        Vec::new()
    }

    /// Where something named at `at` that is not a piece's name is (a cell written as a
    /// reference, found in the picture).
    fn target(
        _text: &str,
        _parsed: &Parsed<Self::Document, Self::SourceMap>,
        _at: Place,
    ) -> Option<Span> {
        None
    }

    /// A named piece as the editor's outline lists it (`block A`, `pivot 1`): by default its
    /// name.
    fn symbol(name: &str) -> String {
        name.to_string()
    }

    /// Whether `new` may replace the name `old` (which the file uses, with `taken` the names
    /// it uses): the reason it may not otherwise, in the game's words.
    fn renamable(old: &str, new: &str, taken: &[String]) -> Result<(), String> {
        let _ = (old, new, taken);
        Err(format!("{} names no pieces", Self::A_FILE))
    }

    /// The solver's verdict on a valid document, within `limits`, stopping when `cancel` is
    /// set; `None` when the family has no solver to ask.
    fn verdict(document: &Self::Document, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict>;
}

/// The keywords whose start is what the line holds before `at`, when that is all the line
/// holds: the words that begin a line, offered where a line begins.
pub fn line_start_keywords<F: Family + ?Sized>(text: &str, at: Place) -> Vec<Completion> {
    let typed = typed_before(text, at);
    if typed.chars().any(char::is_whitespace) {
        return Vec::new();
    }
    F::KEYWORDS
        .iter()
        .filter(|(word, _)| word.starts_with(typed))
        .map(|&(word, what)| Completion::new(word, what, Offer::Keyword))
        .collect()
}

/// The text of `at`'s line before it, without the indentation.
pub fn typed_before(text: &str, at: Place) -> &str {
    let line = text
        .split('\n')
        .nth(at.line.saturating_sub(1))
        .unwrap_or("");
    let cut = line
        .char_indices()
        .nth(at.column.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    line[..cut].trim_start()
}

/// A family with its types erased: what the server holds.
pub trait Served: Sync {
    /// The word `--kind` takes.
    fn kind(&self) -> &'static str;
    /// The extension of its files, without the dot.
    fn extension(&self) -> &'static str;
    /// What `lockwright check` says of a text, and its canonical form.
    fn check(&self, text: &str) -> Checked;
    /// The highlight spans of each line.
    fn highlight(&self, text: &str) -> Vec<Vec<lockfmt::highlight::Span>>;
    /// What the thing at `at` is.
    fn hover(&self, text: &str, at: Place) -> Option<Said>;
    /// What may be written at `at`.
    fn completions(&self, text: &str, at: Place) -> Vec<Completion>;
    /// Every place a named piece's name is written.
    fn occurrences(&self, text: &str) -> Vec<Occurrence>;
    /// Where a reference at `at` that is not a name points.
    fn target(&self, text: &str, at: Place) -> Option<Span>;
    /// A named piece as the outline lists it.
    fn symbol(&self, name: &str) -> String;
    /// Whether `new` may replace the name `old`.
    fn renamable(&self, old: &str, new: &str, taken: &[String]) -> Result<(), String>;
    /// The solver's verdict on a text, when it is valid and the family has a solver.
    fn verdict(&self, text: &str, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict>;
}

impl<F: Family> Served for F {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn extension(&self) -> &'static str {
        F::EXTENSION
    }

    fn check(&self, text: &str) -> Checked {
        lockfmt::Text::check(self, text.as_bytes())
    }

    fn highlight(&self, text: &str) -> Vec<Vec<lockfmt::highlight::Span>> {
        <F as Format>::highlight(text, &F::parse(text))
    }

    fn hover(&self, text: &str, at: Place) -> Option<Said> {
        F::hover(text, &F::parse(text), at)
    }

    fn completions(&self, text: &str, at: Place) -> Vec<Completion> {
        F::completions(text, &F::parse(text), at)
    }

    fn occurrences(&self, text: &str) -> Vec<Occurrence> {
        F::occurrences(text, &F::parse(text))
    }

    fn target(&self, text: &str, at: Place) -> Option<Span> {
        F::target(text, &F::parse(text), at)
    }

    fn symbol(&self, name: &str) -> String {
        F::symbol(name)
    }

    fn renamable(&self, old: &str, new: &str, taken: &[String]) -> Result<(), String> {
        F::renamable(old, new, taken)
    }

    fn verdict(&self, text: &str, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict> {
        let parsed = F::parse(text);
        F::verdict(parsed.valid()?, limits, cancel)
    }
}

/// Every family the server serves, in lockfmt's order ([`lockfmt::FORMATS`]).
pub static FAMILIES: [&dyn Served; 4] = [
    &lockfmt::hexlock::HexLock,
    &lockfmt::nonogram::Nonogram,
    &lockfmt::quadrillion::Quadrillion,
    &lockfmt::sliding::Sliding,
];

/// Other tools' lock files, which share the hex lock's extension: an editor set to start the
/// server for `*.lock` opens them too, and each would read as a hex lock with an error on every
/// line.
pub const OTHER_TOOLS_LOCK_FILES: &[&str] = &[
    "Cargo.lock",
    "yarn.lock",
    "Gemfile.lock",
    "poetry.lock",
    "composer.lock",
    "flake.lock",
    "Pipfile.lock",
    "pdm.lock",
    "uv.lock",
    "bun.lock",
    "Podfile.lock",
    "mix.lock",
    "pubspec.lock",
    "packages.lock",
];

/// The family of a document: by its file's extension, or else by the language the client
/// names (`lock`, `lockwright-sliding`, …), for a buffer not yet saved; none for another
/// tool's lock file ([`OTHER_TOOLS_LOCK_FILES`]).
pub fn of_document(path: &str, language: Option<&str>) -> Option<&'static dyn Served> {
    let name = path.rsplit('/').next().unwrap_or(path);
    if OTHER_TOOLS_LOCK_FILES.contains(&name) {
        return None;
    }
    let extension = name.rsplit_once('.').map(|(_, ext)| ext);
    extension
        .and_then(|ext| {
            FAMILIES
                .iter()
                .copied()
                .find(|f| f.extension().eq_ignore_ascii_case(ext))
        })
        .or_else(|| {
            let language = language?;
            let word = language.strip_prefix("lockwright-").unwrap_or(language);
            FAMILIES
                .iter()
                .copied()
                .find(|f| f.kind() == word || f.extension() == word)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A family added to lockfmt must be added here too, or the server would not open its files.
    #[test]
    fn every_format_is_served_in_lockfmts_order() {
        let served: Vec<&str> = FAMILIES.iter().map(|f| f.kind()).collect();
        let formats: Vec<&str> = lockfmt::FORMATS.iter().map(|f| f.kind()).collect();
        assert_eq!(served, formats);
    }

    #[test]
    fn a_document_is_known_by_its_extension_or_its_language() {
        let kind = |p: &str, l: Option<&str>| of_document(p, l).map(|f| f.kind());
        assert_eq!(kind("file:///x/Mine.LOCK", None), Some("lock"));
        assert_eq!(kind("file:///x/a.b/dancer.non", None), Some("nonogram"));
        assert_eq!(
            kind("untitled:1", Some("lockwright-sliding")),
            Some("sliding")
        );
        assert_eq!(kind("untitled:1", Some("quad")), Some("quadrillion"));
        assert_eq!(kind("file:///x/notes.txt", Some("plaintext")), None);
        assert_eq!(kind("file:///x/Cargo.lock", Some("lockwright-lock")), None);
    }
}
