//! `lockwright fmt [--check] FILE...`

use super::read_lock;
use crate::files::write_atomic;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(files: &[PathBuf], check: bool) -> Result<ExitCode> {
    let mut failed = false;
    for path in files {
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
        let shown = path.display().to_string();
        let (text, parsed) = read_lock(path);
        let doc = match &parsed.document {
            Some(doc) if !parsed.has_errors() => doc,
            _ => {
                // A file with errors is left as it is: formatting must never lose anything.
                super::print_diagnostics(&shown, &text, &parsed.diagnostics);
                failed = true;
                continue;
            }
        };
        let canonical = lockfmt::hexlock::print_document(doc);
        if canonical == text {
            continue;
        }
        if check {
            crate::say!("{shown}: not in canonical form (run `lockwright fmt {shown}`)");
            failed = true;
        } else {
            write_atomic(path, &canonical)?;
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
