//! A puzzle's text as `check` and `fmt` take it — a file, known by its extension, or standard
//! input (`-`) with its family named, as an editor pipes its buffer — and what the family's
//! parser makes of it: its diagnostics and, when it has no errors, its canonical form.

use super::MAX_READ_BYTES;
use crate::family::Family;
use anyhow::{Result, bail};
use lockfmt::{Diagnostic, Span};
use std::io::{IsTerminal, Read as _};
use std::path::Path;

/// The name that stands for standard input among the files.
pub const STDIN: &str = "-";

/// How diagnostics name standard input.
pub const STDIN_SHOWN: &str = "<stdin>";

/// Whether a file named on the command line is standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// The family of standard input when `-` is among `files`, after checking that `--kind` is
/// given exactly when it is there (and `-` at most once: standard input reads once).
pub fn stdin_family(files: &[std::path::PathBuf], kind: Option<&str>) -> Result<Option<Family>> {
    let stdin = files.iter().filter(|p| is_stdin(p)).count();
    match (stdin, kind) {
        (0, None) => Ok(None),
        (0, Some(_)) => bail!(
            "--kind names the family of standard input (`-`); a file's family is told by its extension ({})",
            crate::family::FAMILIES
                .iter()
                .map(|f| format!(".{}", f.extension))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        (1, Some(kind)) => Ok(Family::of_kind(kind)),
        (1, None) => bail!(
            "reading standard input (`-`) needs --kind {}: no file name tells its family",
            crate::family::KINDS.join("|")
        ),
        _ => bail!("standard input (`-`) can be read only once"),
    }
}

/// A puzzle's text, read and parsed.
pub struct Source {
    /// How diagnostics name it: its path, or `<stdin>`.
    pub shown: String,
    /// Its text (bytes that are not UTF-8 replaced, for showing diagnostics).
    pub text: String,
    /// Everything the parser and the family's rules say of it.
    pub diagnostics: Vec<Diagnostic>,
    /// Its canonical form, when it has no errors.
    pub canonical: Option<String>,
}

impl Source {
    /// A file of the family its extension names (or a hex lock under another name, by its
    /// first line): a regular file of at most [`MAX_READ_BYTES`]; one that cannot be read is an
    /// error at its start.
    pub fn of_file(path: &Path) -> Source {
        let shown = path.display().to_string();
        match crate::files::read_bytes(path, MAX_READ_BYTES) {
            // A text no family owns is said to be none, rather than read as a hex lock with
            // an error on every line.
            Ok(bytes) => match crate::family::of_file_text(path, &bytes) {
                Some(family) => Source::parse(shown, family, &bytes),
                None => Source {
                    shown,
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                    diagnostics: vec![Diagnostic::error(
                        Span::START,
                        "not-a-puzzle",
                        crate::family::refusal_of_text(path, &bytes)
                            .unwrap_or_else(|| format!("{} is no puzzle file", path.display())),
                    )],
                    canonical: None,
                },
            },
            Err(e) => Source {
                shown,
                text: String::new(),
                diagnostics: vec![Diagnostic::error(Span::START, "io", e.to_string())],
                canonical: None,
            },
        }
    }

    /// Standard input, to its end, as a puzzle of `family`; more than [`MAX_READ_BYTES`] is
    /// refused rather than held.
    pub fn of_stdin(family: Family) -> Result<Source> {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            eprintln!(
                "lockwright: reading a {} from standard input; end it with Ctrl-D",
                family.info().name
            );
        }
        let mut bytes = Vec::new();
        stdin
            .lock()
            .take(MAX_READ_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_READ_BYTES {
            bail!(
                "standard input holds more than {} MiB, more than the largest puzzle file any family reads",
                MAX_READ_BYTES >> 20
            );
        }
        Ok(Source::parse(STDIN_SHOWN.to_string(), family, &bytes))
    }

    /// The bytes parsed as they are, so that text that is not UTF-8 still gets the parser's
    /// diagnostic with its line and column.
    fn parse(shown: String, family: Family, bytes: &[u8]) -> Source {
        let checked = family.info().format.check(bytes);
        Source {
            shown,
            text: String::from_utf8_lossy(bytes).into_owned(),
            diagnostics: checked.diagnostics,
            canonical: checked.canonical,
        }
    }
}
