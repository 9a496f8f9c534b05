//! The verbs on nonogram files (`.non`): reading, checking, formatting, drawing and making new
//! ones. Each verb of the command line chooses by the file's family; these are the nonogram's.

use super::MAX_READ_BYTES;
use crate::files::{write_atomic, write_atomic_bytes};
use crate::nonogram::picture::Palette;
use anyhow::{Context, Result, bail};
use engine::nonogram::{Cell, Grid, Puzzle, PuzzleInfo};
use lockfmt::Diagnostic;
use lockfmt::nonogram::Parsed;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Reads and parses a nonogram file, bounded; an unreadable file is a diagnostic at its start.
pub fn read(path: &Path) -> (String, Parsed) {
    match crate::files::read_bytes(path, MAX_READ_BYTES) {
        Ok(bytes) => {
            let parsed = lockfmt::nonogram::parse_bytes(&bytes);
            (String::from_utf8_lossy(&bytes).into_owned(), parsed)
        }
        Err(e) => (
            String::new(),
            Parsed {
                diagnostics: vec![Diagnostic::error(lockfmt::Span::START, "io", e.to_string())],
                ..Parsed::default()
            },
        ),
    }
}

/// `fmt` of one file: whether it failed (errors, or not canonical with `--check`).
pub fn fmt_file(path: &Path, check: bool) -> Result<bool> {
    let shown = path.display().to_string();
    let (text, parsed) = read(path);
    let doc = match &parsed.document {
        Some(doc) if !parsed.has_errors() => doc,
        _ => {
            // A file with errors is left as it is: formatting must never lose anything.
            super::print_diagnostics(&shown, &text, &parsed.diagnostics);
            return Ok(true);
        }
    };
    let canonical = lockfmt::nonogram::print_document(doc);
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

/// `render` of a nonogram: its clues and grid, with `--solution` its picture (the file's goal,
/// else the solver's solution).
pub fn render(file: &Path, out: &Path, width: u32, solution: bool, dark: bool) -> Result<ExitCode> {
    let (text, parsed) = read(file);
    let Some(puzzle) = parsed.valid_puzzle() else {
        super::print_diagnostics(&file.display().to_string(), &text, &parsed.diagnostics);
        return Ok(ExitCode::from(1));
    };
    let cells = if solution { solution_of(puzzle) } else { None };
    if solution && cells.is_none() {
        bail!(
            "{}: no goal in the file and no solution found, so there is no picture to draw",
            file.display()
        );
    }
    let palette = if dark { Palette::DARK } else { Palette::LIGHT };
    let bytes = crate::nonogram::render::png(puzzle, cells.as_ref(), width, &palette)?;
    write_atomic_bytes(out, &bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// The picture to draw as the solution: the goal, when the file gives one.
fn solution_of(puzzle: &Puzzle) -> Option<Grid> {
    puzzle.goal.clone()
}

/// `new NAME --kind nonogram --width W --height H`: an empty picture of that size.
pub fn new(name: &str, width: usize, height: usize, force: bool) -> Result<ExitCode> {
    const MAX_SIDE: usize = 200;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        bail!("a nonogram is from 1 to {MAX_SIDE} cells a side, not {width}×{height}");
    }
    let mut path = PathBuf::from(name);
    if path.extension().and_then(|e| e.to_str()) != Some("non") {
        path.set_extension("non");
    }
    let title = path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .context("the puzzle needs a name")?
        .to_string();
    if path.exists() && !force {
        bail!(
            "{} already exists (use --force to replace it)",
            path.display()
        );
    }
    let mut blank = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            blank.set(x, y, Cell::Empty);
        }
    }
    let puzzle = Puzzle::from_picture(
        blank,
        PuzzleInfo {
            title: Some(title),
            ..PuzzleInfo::default()
        },
    );
    write_atomic(&path, &lockfmt::nonogram::print(&puzzle))?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
