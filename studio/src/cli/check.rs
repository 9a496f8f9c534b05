//! `lockwright check FILE...`

use super::read_lock;
use anyhow::Result;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Serialize)]
struct FileReport<'a> {
    path: String,
    valid: bool,
    diagnostics: &'a [lockfmt::Diagnostic],
}

pub fn run(files: &[PathBuf], json: bool) -> Result<ExitCode> {
    let mut failed = false;
    let mut reports = Vec::new();
    for path in files {
        let each = if crate::nonogram::webpbn::is_webpbn(path) {
            super::nonogram::check_xml(path)
        } else {
            let (text, diagnostics) = read_any(path);
            vec![(path.display().to_string(), text, diagnostics)]
        };
        for (shown, text, diagnostics) in each {
            let valid = !diagnostics.iter().any(lockfmt::Diagnostic::is_error);
            failed |= !valid;
            if json {
                reports.push((shown, valid, diagnostics));
            } else {
                super::print_diagnostics(&shown, &text, &diagnostics);
            }
        }
    }
    if json {
        let out: Vec<FileReport> = reports
            .iter()
            .map(|(path, valid, diagnostics)| FileReport {
                path: path.clone(),
                valid: *valid,
                diagnostics,
            })
            .collect();
        crate::say!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A file of any family, read: its text and every diagnostic (a lock's with the warning for
/// one open before any move).
fn read_any(path: &std::path::Path) -> (String, Vec<lockfmt::Diagnostic>) {
    if super::quadrillion::owns(path) {
        let (text, parsed) = super::quadrillion::read(path);
        return (text, parsed.diagnostics);
    }
    if super::sliding::owns(path) {
        let (text, parsed) = super::sliding::read(path);
        return (text, parsed.diagnostics);
    }
    if crate::family::Family::of_path(path) == Some(crate::family::Family::Nonogram) {
        let (text, parsed) = super::nonogram::read(path);
        return (text, parsed.diagnostics);
    }
    let (text, mut parsed) = read_lock(path);
    if let Some(w) = open_before_any_move(&parsed) {
        parsed.diagnostics.push(w);
    }
    (text, parsed.diagnostics)
}

/// A warning for a valid lock that is open before any move (nothing in its bolthole): it is
/// solved by doing nothing, and the server refuses to publish it.
fn open_before_any_move(parsed: &lockfmt::hexlock::Parsed) -> Option<lockfmt::Diagnostic> {
    let lock = parsed.valid_lock()?;
    if !lock.is_open() {
        return None;
    }
    let span = lock
        .bolthole()
        .iter()
        .find_map(|c| parsed.source_map.cells.get(c).copied())
        .unwrap_or(lockfmt::Span::START);
    Some(lockfmt::Diagnostic::warning(
        span,
        "open-lock",
        "the lock is open before any move: nothing is in its bolthole, so doing nothing opens it",
    ))
}
