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
        let (text, parsed) = read_lock(path);
        let valid = !parsed.has_errors();
        failed |= !valid;
        let shown = path.display().to_string();
        if json {
            reports.push((shown, valid, parsed.diagnostics));
        } else {
            super::print_diagnostics(&shown, &text, &parsed.diagnostics);
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
        println!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
