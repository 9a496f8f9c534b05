//! The verbs on nonogram files (`.non`): reading, checking, formatting, drawing and making new
//! ones. Each verb of the command line chooses by the file's family; these are the nonogram's.

use super::MAX_READ_BYTES;
use crate::files::{write_atomic, write_atomic_bytes};
use crate::nonogram::picture::Palette;
use anyhow::{Context, Result, bail};
use engine::nonogram::{Answer, Cell, Grid, Limits, Puzzle, PuzzleInfo};
use lockfmt::Diagnostic;
use lockfmt::nonogram::Parsed;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

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

/// The picture to draw as the solution: the goal, when the file gives one, else the solver's
/// (one of them, when there are several).
fn solution_of(puzzle: &Puzzle) -> Option<Grid> {
    puzzle.goal.clone().or_else(|| {
        let report = engine::nonogram::solve(puzzle, &Limits::time(Duration::from_secs(10)));
        report.answer.solution().cloned()
    })
}

/// Exit code when a limit stopped the search (as for locks).
const STOPPED: u8 = 3;

/// `solve --json` for a nonogram: one object, as scripts expect.
#[derive(Serialize)]
struct JsonAnswer {
    path: String,
    title: Option<String>,
    /// "unique", "multiple", "none" or "stopped".
    status: &'static str,
    /// The rows as strings of `#` and `.`; for "multiple", one of the solutions; for
    /// "stopped", one found before the limit, if any.
    solution: Option<Vec<String>>,
    /// For "multiple", another solution that differs.
    second_solution: Option<Vec<String>>,
    /// For "none", what proves it; for "stopped", what stopped it.
    reason: Option<String>,
    /// Whether the line rule alone finishes the puzzle.
    line_solvable: bool,
    nodes: u64,
    probes: u64,
    seconds: f64,
}

/// `solve FILE.non`: unique, several, none or stopped; exit 0 when a solution exists, 1 when
/// none does, 3 when a limit stopped it, 2 when the file cannot be read.
pub fn solve(
    file: &Path,
    json: bool,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let (text, parsed) = read(file);
    if parsed.document.is_none() {
        super::print_diagnostics(&shown, &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    }
    let Some(puzzle) = parsed.valid_puzzle() else {
        // Problems the format sees (a clue longer than its line, totals that disagree) prove
        // there is no solution: said as the solver says it.
        super::print_diagnostics(&shown, &text, &parsed.diagnostics);
        return Ok(ExitCode::from(1));
    };
    let timeout = match timeout {
        Some(s) if !(s.is_finite() && s >= 0.0) => bail!("--timeout takes a number of seconds"),
        Some(s) => Some(Duration::from_secs_f64(s)),
        None => None,
    };
    let report = engine::nonogram::solve(puzzle, &Limits { timeout, max_nodes });
    let rows = |g: &Grid| g.to_rows();
    let (status, solution, second, reason, code) = match &report.answer {
        Answer::Unique(g) => ("unique", Some(rows(g)), None, None, ExitCode::SUCCESS),
        Answer::Several(a, b) => (
            "multiple",
            Some(rows(a)),
            Some(rows(b)),
            None,
            ExitCode::SUCCESS,
        ),
        Answer::None(why) => ("none", None, None, Some(why.to_string()), ExitCode::from(1)),
        Answer::Stopped { stop, found } => (
            "stopped",
            found.as_ref().map(rows),
            None,
            Some(format!("stopped by {stop}")),
            ExitCode::from(STOPPED),
        ),
    };
    let st = &report.stats;
    if json {
        let answer = JsonAnswer {
            path: shown,
            title: puzzle.info.title.clone(),
            status,
            solution,
            second_solution: second,
            reason,
            line_solvable: report.line_solvable,
            nodes: st.nodes,
            probes: st.probes,
            seconds: st.elapsed.as_secs_f64(),
        };
        crate::say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(code);
    }
    let name = puzzle.info.title.clone().unwrap_or_else(|| shown.clone());
    match status {
        "unique" => crate::say!(
            "{shown}: {name} has one solution{}",
            if report.line_solvable {
                ", which the line rule alone finds"
            } else {
                ""
            }
        ),
        "multiple" => crate::say!("{shown}: {name} has more than one solution; two of them:"),
        "none" => crate::say!(
            "{shown}: {name} has no solution: {}",
            reason.as_deref().unwrap_or_default()
        ),
        _ => crate::say!("{shown}: {}", reason.as_deref().unwrap_or_default()),
    }
    for grid in [&solution, &second].into_iter().flatten() {
        for r in grid {
            crate::say!("{r}");
        }
        crate::say!();
    }
    crate::say!(
        "{} search nodes, {} probes, {:.3} s",
        st.nodes,
        st.probes,
        st.elapsed.as_secs_f64()
    );
    Ok(code)
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
