//! `lockwright check FILE...` (`-` with `--kind`: standard input)

use super::source::{Source, is_stdin};
use crate::family::Family;
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

pub fn run(files: &[PathBuf], json: bool, stdin: Option<Family>) -> Result<ExitCode> {
    let mut failed = false;
    let mut reports = Vec::new();
    for path in files {
        let each = if let (true, Some(family)) = (is_stdin(path), stdin) {
            let s = Source::of_stdin(family)?;
            vec![(s.shown, s.text, s.diagnostics)]
        } else if crate::nonogram::webpbn::is_webpbn(path) {
            crate::nonogram::cli::check_xml(path)
        } else {
            let s = Source::of_file(path);
            vec![(s.shown, s.text, s.diagnostics)]
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
