//! `lockwright diff OLD NEW`

use super::MAX_READ_BYTES;
use anyhow::Result;
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;

#[derive(Serialize)]
struct Report {
    lines: Vec<lockfmt::diff::DiffLine>,
    changes: Vec<lockfmt::hexlock::diff::Change>,
}

/// Exit 0 when the two locks are the same text, 1 when they differ, as `diff` does; a file that
/// cannot be read is an error (exit 2), not an empty text.
pub fn run(old: &Path, new: &Path, json: bool) -> Result<ExitCode> {
    let read = |path: &Path| -> Result<(String, lockfmt::hexlock::Parsed)> {
        let bytes = crate::files::read_bytes(path, MAX_READ_BYTES)?;
        let parsed = lockfmt::hexlock::parse_bytes(&bytes);
        Ok((String::from_utf8_lossy(&bytes).into_owned(), parsed))
    };
    let (a_text, a) = read(old)?;
    let (b_text, b) = read(new)?;
    let changes = match (&a.document, &b.document) {
        (Some(x), Some(y)) => lockfmt::hexlock::diff::semantic(&x.lock, &y.lock),
        _ => Vec::new(),
    };
    if json {
        let lines = lockfmt::diff::line_diff(&a_text, &b_text);
        crate::say!(
            "{}",
            serde_json::to_string_pretty(&Report { lines, changes })?
        );
    } else {
        crate::say_raw!(
            "{}",
            lockfmt::diff::unified(
                &a_text,
                &b_text,
                &old.display().to_string(),
                &new.display().to_string()
            )
        );
        if !changes.is_empty() {
            crate::say!("# pieces:");
            for c in &changes {
                crate::say!("#   {c}");
            }
        }
        for (name, parsed) in [(old, &a), (new, &b)] {
            if parsed.document.is_none() {
                crate::say!(
                    "# {} does not parse, so its pieces cannot be compared",
                    name.display()
                );
            }
        }
    }
    Ok(if a_text == b_text {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
