//! `lockwright diff OLD NEW`: the line diff of two puzzle files, and what changed in the
//! family's own words (pieces, clues, grids and shapes).

use super::MAX_READ_BYTES;
use crate::family::Family;
use anyhow::Result;
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;

#[derive(Serialize)]
struct Report<C> {
    lines: Vec<lockfmt::diff::DiffLine>,
    changes: Vec<C>,
}

/// The changes of two files read as one family, or which of the two (0, 1) it cannot read.
type Compared<C> = std::result::Result<Vec<C>, Vec<usize>>;

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
        let across: Compared<String> = Ok(Vec::new());
        let code = report(paths, texts, json, fa, across)?;
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
    if let (Some(_), Some(_)) = (crate::family::refusal(old), crate::family::refusal(new)) {
        let code = report(
            paths,
            texts,
            json,
            Family::HexLock,
            Ok(Vec::<String>::new()),
        )?;
        if !json {
            crate::say!(
                "# neither {} nor {} is a puzzle file: only their lines are compared",
                old.display(),
                new.display()
            );
        }
        return Ok(code);
    }
    let family = Family::of_path(old)
        .or(Family::of_path(new))
        .unwrap_or(Family::HexLock);
    if family == Family::HexLock {
        // A hex lock's changes keep their fields in the JSON, for tools.
        let compared = crate::family::compare(
            texts,
            |t| lockfmt::hexlock::parse_bytes(t).document.map(|d| d.lock),
            lockfmt::hexlock::diff::semantic,
        );
        return report(paths, texts, json, family, compared);
    }
    report(paths, texts, json, family, family.changes(&a, &b))
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

fn report<C: Serialize + std::fmt::Display>(
    paths: [&Path; 2],
    texts: [&[u8]; 2],
    json: bool,
    family: Family,
    compared: Compared<C>,
) -> Result<ExitCode> {
    let [a_text, b_text] = texts.map(|t| String::from_utf8_lossy(t).into_owned());
    let (changes, unreadable) = match compared {
        Ok(changes) => (changes, Vec::new()),
        Err(which) => (Vec::new(), which),
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
                &paths[0].display().to_string(),
                &paths[1].display().to_string()
            )
        );
        if !changes.is_empty() {
            crate::say!("# changes:");
            for c in &changes {
                crate::say!("#   {c}");
            }
        }
        for i in unreadable {
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
