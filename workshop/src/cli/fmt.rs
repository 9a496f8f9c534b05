//! `lockwright fmt [--check] FILE...` (`-` with `--kind`: standard input to standard output,
//! as an editor's formatter)

use super::source::{STDIN_SHOWN, Source, is_stdin};
use crate::family::Family;
use crate::files::write_atomic;
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(files: &[PathBuf], check: bool, stdin: Option<Family>) -> Result<ExitCode> {
    let mut failed = false;
    for path in files {
        if let (true, Some(family)) = (is_stdin(path), stdin) {
            failed |= settle(&Source::of_stdin(family)?, check, None)?;
            continue;
        }
        if crate::nonogram::webpbn::is_webpbn(path) {
            eprintln!(
                "lockwright: {}",
                crate::nonogram::cli::webpbn_is_no_puzzle_file(path)
            );
            failed = true;
            continue;
        }
        failed |= settle(&Source::of_file(path), check, Some(path))?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `fmt` of one text of any family, once read: with errors it is left as it is — formatting
/// must never lose anything — and its diagnostics are printed. Otherwise its canonical form is
/// written over the file (`to`), or printed when it came from standard input (printed whole,
/// canonical or not, so that an editor can always take it). Returns whether it failed: errors,
/// or not canonical with `--check`.
fn settle(source: &Source, check: bool, to: Option<&Path>) -> Result<bool> {
    let Some(canonical) = &source.canonical else {
        super::print_diagnostics(&source.shown, &source.text, &source.diagnostics);
        return Ok(true);
    };
    // A text broken with \r\n keeps its line breaks: only the lines that change are rewritten.
    let canonical = lockfmt::newlines::like(canonical, &source.text);
    let shown = &source.shown;
    if check {
        if canonical == source.text {
            return Ok(false);
        }
        let again = if to.is_some() {
            format!("lockwright fmt {shown}")
        } else {
            "lockwright fmt - --kind …".to_string()
        };
        crate::say!("{shown}: not in canonical form (run `{again}`)");
        return Ok(true);
    }
    match to {
        Some(path) if canonical != source.text => write_atomic(path, &canonical)?,
        Some(_) => {}
        None => {
            debug_assert_eq!(shown, STDIN_SHOWN);
            crate::say_raw!("{canonical}");
        }
    }
    Ok(false)
}
