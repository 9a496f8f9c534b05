//! `lockwright fmt [--check] FILE...`

use super::read_lock_bounded;
use crate::files::write_atomic;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

/// The largest file `fmt` reads. The parser refuses files over 1 MiB with a diagnostic of its
/// own; this bound only keeps an enormous file from being read whole into memory first.
const MAX_READ_BYTES: u64 = 16 << 20;

pub fn run(files: &[PathBuf], check: bool) -> Result<ExitCode> {
    let mut failed = false;
    for path in files {
        let shown = path.display().to_string();
        let (text, parsed) = read_lock_bounded(path, MAX_READ_BYTES);
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
            println!("{shown}: not in canonical form (run `lockwright fmt {shown}`)");
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
