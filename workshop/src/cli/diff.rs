//! `lockwright diff OLD NEW`: the line diff of two puzzle files, and what changed in the
//! family's own words (pieces, clues, grids and shapes).

use super::MAX_READ_BYTES;
use crate::family::Family;
use anyhow::Result;
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;

#[derive(Serialize)]
struct Report {
    lines: Vec<lockfmt::diff::DiffLine>,
    /// Each change as its family gives it to tools (a hex lock's with its fields).
    changes: Vec<serde_json::Value>,
}

/// The changes of two files read as one family, or which of the two (0, 1) it cannot read.
type Compared = std::result::Result<lockfmt::format::Changes, Vec<usize>>;

/// No changes to name.
fn no_changes() -> lockfmt::format::Changes {
    lockfmt::format::Changes {
        said: Vec::new(),
        json: Vec::new(),
    }
}

/// Two files compared by their lines alone.
fn lines_only() -> Compared {
    Ok(no_changes())
}

/// Exit 0 when the two files are the same text, 1 when they differ, as `diff` does; a file that
/// cannot be read is an error (exit 2), not an empty text. The family is the first file's, or
/// the second's when the first has an extension no family owns.
pub fn run(old: &Path, new: &Path, json: bool) -> Result<ExitCode> {
    let a = crate::files::read_bytes(old, MAX_READ_BYTES)?;
    let b = crate::files::read_bytes(new, MAX_READ_BYTES)?;
    let texts = [a.as_slice(), b.as_slice()];
    let paths = [old, new];
    if let (Some(fa), Some(fb)) = (Family::of_path(old), Family::of_path(new))
        && fa != fb
    {
        // Puzzles of two families share no pieces, clues or shapes to name: lines only.
        let code = report(paths, texts, json, Some(fa), lines_only())?;
        if !json {
            crate::say!(
                "# {} is {} and {} is {}: only their lines are compared",
                old.display(),
                a_name(fa),
                new.display(),
                a_name(fb)
            );
        }
        return Ok(code);
    }
    // Two texts of no family (and no hex lock under another name): their lines alone.
    let family = crate::family::of_file_text(old, &a).or(crate::family::of_file_text(new, &b));
    let Some(family) = family else {
        let code = report(paths, texts, json, None, lines_only())?;
        if !json {
            crate::say!(
                "# neither {} nor {} is a puzzle file: only their lines are compared",
                old.display(),
                new.display()
            );
        }
        return Ok(code);
    };
    let compared = family.info().format.changes(&a, &b);
    report(paths, texts, json, Some(family), compared)
}

/// A family's name with its article: "a nonogram", "a hex lock".
fn a_name(family: Family) -> String {
    let name = family.info().name;
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// Prints the line diff and the changes named; `family` is the one the files were read as
/// (none when neither is a puzzle file).
fn report(
    paths: [&Path; 2],
    texts: [&[u8]; 2],
    json: bool,
    family: Option<Family>,
    compared: Compared,
) -> Result<ExitCode> {
    let [a_text, b_text] = texts.map(|t| String::from_utf8_lossy(t).into_owned());
    let (changes, unreadable) = match compared {
        Ok(changes) => (changes, Vec::new()),
        Err(which) => (no_changes(), which),
    };
    if json {
        let lines = lockfmt::diff::line_diff(&a_text, &b_text);
        crate::say!(
            "{}",
            serde_json::to_string_pretty(&Report {
                lines,
                changes: changes.json
            })?
        );
    } else {
        crate::say_raw!(
            "{}",
            lockfmt::diff::unified(
                &a_text,
                &b_text,
                &paths[0].display().to_string(),
                &paths[1].display().to_string()
            )
        );
        if !changes.said.is_empty() {
            crate::say!("# changes:");
            for c in &changes.said {
                crate::say!("#   {c}");
            }
        }
        for i in unreadable {
            let Some(family) = family else { break };
            crate::say!(
                "# {} does not read as a {} (`lockwright check` says why), so its changes cannot be named",
                paths[i].display(),
                family.info().name
            );
        }
    }
    Ok(if a_text == b_text {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
