//! `lockwright fmt [--check] FILE...`

use super::read_lock;
use crate::files::write_atomic;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(files: &[PathBuf], check: bool) -> Result<ExitCode> {
    let mut failed = false;
    for path in files {
        if crate::nonogram::webpbn::is_webpbn(path) {
            eprintln!(
                "lockwright: {}",
                super::nonogram::webpbn_is_no_puzzle_file(path)
            );
            failed = true;
            continue;
        }
        if super::quadrillion::owns(path) {
            failed |= super::quadrillion::fmt_file(path, check)?;
            continue;
        }
        if super::sliding::owns(path) {
            failed |= super::sliding::fmt_file(path, check)?;
            continue;
        }
        if crate::family::Family::of_path(path) == Some(crate::family::Family::Nonogram) {
            failed |= super::nonogram::fmt_file(path, check)?;
            continue;
        }
        let (text, parsed) = read_lock(path);
        let canonical = parsed
            .document
            .as_ref()
            .filter(|_| !parsed.has_errors())
            .map(lockfmt::hexlock::print_document);
        failed |= settle(path, check, &text, canonical, &parsed.diagnostics)?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `fmt` of one file of any family, once read: `canonical` is its canonical text, or `None`
/// when it has errors (then the file is left as it is — formatting must never lose anything —
/// and its diagnostics are printed). Returns whether it failed: errors, or not canonical with
/// `--check`.
pub fn settle(
    path: &std::path::Path,
    check: bool,
    text: &str,
    canonical: Option<String>,
    diagnostics: &[lockfmt::Diagnostic],
) -> Result<bool> {
    let shown = path.display().to_string();
    let Some(canonical) = canonical else {
        super::print_diagnostics(&shown, text, diagnostics);
        return Ok(true);
    };
    // A file broken with \r\n keeps its line breaks: only the lines that change are rewritten.
    let canonical = lockfmt::newlines::like(&canonical, text);
    if canonical == text {
        return Ok(false);
    }
    if check {
        crate::say!("{shown}: not in canonical form (run `lockwright fmt {shown}`)");
        return Ok(true);
    }
    write_atomic(path, &canonical)?;
    Ok(false)
}
