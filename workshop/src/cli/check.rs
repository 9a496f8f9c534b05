//! `lockwright check FILE...` (`-` with `--kind`: standard input)
//!
//! Check's answer about each file, in the answer contract's shape (`cli/answer.rs`): with
//! `--json`, one JSON object per puzzle on one line, `{"path", "status", "valid", "message",
//! "diagnostics"}`, its `status` one of check's answers — `valid` (no errors; warnings may be
//! there) or `invalid` (the text was read and has errors) — or `error` when the file could not
//! be read as a puzzle at all (missing, a folder, not UTF-8, too large, no family's). The exit
//! status is the worst: 0 every file valid, 1 errors found (as linters say it), 2 a file could
//! not be read.

use super::answer::{self, SOLVED, UNREADABLE};
use super::source::{Source, is_stdin};
use crate::family::Family;
use anyhow::Result;
use lockfmt::Diagnostic;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

/// Errors found: check's "no" (the contract's `NO_SOLUTION` code).
const INVALID: u8 = answer::NO_SOLUTION;

/// The codes of a problem that stopped the file from being read at all: what is said of it
/// then is not about its text.
const NEVER_READ: &[&str] = &[
    "io",
    "unreadable",
    "not-a-puzzle",
    "file-too-large",
    "invalid-utf8",
    "encoding",
];

#[derive(Serialize)]
struct FileReport<'a> {
    path: &'a str,
    status: &'static str,
    valid: bool,
    /// The first error, with its place; absent when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    diagnostics: &'a [Diagnostic],
}

pub fn run(files: &[PathBuf], json: bool, stdin: Option<Family>) -> Result<ExitCode> {
    let mut worst = SOLVED;
    for path in files {
        let each = if let (true, Some(family)) = (is_stdin(path), stdin) {
            match Source::of_stdin(family) {
                Ok(s) => vec![(s.shown, s.text, s.diagnostics)],
                Err(e) => {
                    answer::failed(super::source::STDIN_SHOWN, &e, json);
                    worst = UNREADABLE;
                    continue;
                }
            }
        } else if crate::nonogram::webpbn::is_webpbn(path) {
            crate::nonogram::cli::check_xml(path)
        } else {
            let s = Source::of_file(path);
            vec![(s.shown, s.text, s.diagnostics)]
        };
        for (shown, text, diagnostics) in each {
            let first = diagnostics.iter().find(|d| d.is_error());
            let (status, code) = match first {
                None => ("valid", SOLVED),
                Some(d) if NEVER_READ.contains(&d.code.as_str()) => ("error", UNREADABLE),
                Some(_) => ("invalid", INVALID),
            };
            worst = worst.max(code);
            if json {
                answer::print(&FileReport {
                    path: &shown,
                    status,
                    valid: first.is_none(),
                    message: first.map(|d| {
                        format!("{shown}:{}:{}: {}", d.span.line, d.span.column, d.message)
                    }),
                    diagnostics: &diagnostics,
                });
            } else {
                super::print_diagnostics(&shown, &text, &diagnostics);
            }
        }
    }
    Ok(ExitCode::from(worst))
}
