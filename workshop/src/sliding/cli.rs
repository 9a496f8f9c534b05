//! The verbs on sliding locks (`.slide`): reading, checking, formatting, playing moves,
//! solving, verifying a solution, drawing, comparing and making new ones. Each verb of the
//! command line chooses by the file's family; these are the sliding lock's.

use crate::cli::MAX_READ_BYTES;
use crate::files::{write_atomic, write_atomic_bytes};
use crate::sliding::picture::Palette;
use anyhow::{Context, Result, bail};
use engine::sliding::{
    Answer, BYTES_A_STATE, Limits, Lock, Proof, Stop, Written, format_moves, parse_moves,
};
use lockfmt::Diagnostic;
use lockfmt::sliding::solution::{Solution, parse_solution, print_solution};
use lockfmt::sliding::{Document, Parsed};
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// The extension of sliding locks.
pub const EXTENSION: &str = "slide";

/// Reads and parses a sliding lock, bounded; an unreadable file is a diagnostic at its start.
pub fn read(path: &Path) -> (String, Parsed) {
    match crate::files::read_bytes(path, MAX_READ_BYTES) {
        Ok(bytes) => {
            let parsed = lockfmt::sliding::parse_bytes(&bytes);
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

/// Reads a lock that must be legal: the lock and its document, or the exit status
/// ([`crate::cli::answer::UNREADABLE`]) after saying why — in JSON with `json` — when it cannot be
/// read or breaks a rule.
fn read_legal(path: &Path, json: bool) -> std::result::Result<(Lock, Document), ExitCode> {
    let shown = path.display().to_string();
    let (text, parsed) = read(path);
    match (parsed.document.clone(), parsed.valid_lock()) {
        (Some(doc), Some(lock)) => Ok((lock.clone(), doc)),
        _ => Err(crate::cli::answer::unreadable(
            &shown,
            &text,
            &parsed.diagnostics,
            json,
        )),
    }
}

/// Moves from the command line's words and a solution file (its moves first).
fn moves_from(words: &[String], solution: Option<&Path>) -> Result<Vec<Written>> {
    let mut moves = Vec::new();
    if let Some(path) = solution {
        let bytes = crate::files::read_bytes(path, MAX_READ_BYTES)?;
        let text = String::from_utf8_lossy(&bytes);
        crate::cli::verify::refuse_a_puzzle_as_solution(path, &text)?;
        match parse_solution(&text) {
            Ok(s) => moves.extend(s.moves),
            Err(diagnostics) => {
                crate::cli::print_diagnostics(&path.display().to_string(), &text, &diagnostics);
                bail!("{}: the solution file does not read", path.display());
            }
        }
    }
    let joined = words.join(" ");
    moves.extend(parse_moves(&joined).map_err(|e| anyhow::anyhow!("{e}"))?);
    Ok(moves)
}

/// The board as text, rows from the top, as the file draws it (the pieces by their letters).
/// A board with nothing on it, as a lock file draws it: its rows with their numbers, dark
/// cells `*`, and the column letters under them.
pub fn board_picture(board: &engine::sliding::Board) -> Vec<String> {
    let lock = Lock::new(board.clone(), Vec::new());
    board_lines(&Document::new(lock.clone()), &lock)
}

fn board_lines(doc: &Document, lock: &Lock) -> Vec<String> {
    let shown = doc.with_lock(lock.clone());
    let text = lockfmt::sliding::print(&shown);
    // The picture is the block of lines that start with a row number, and the footer after.
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    match first {
        Some(i) => lines[i..=(i + lock.board.height() as usize).min(lines.len() - 1)]
            .iter()
            .map(|l| l.to_string())
            .collect(),
        None => Vec::new(),
    }
}

#[derive(Serialize)]
struct JsonStep {
    /// The move in the notation.
    r#move: String,
    /// The move in words.
    sentence: String,
    /// The board after it, rows from the top.
    board: Vec<String>,
    picked: bool,
}

#[derive(Serialize)]
struct JsonPlay {
    path: String,
    steps: Vec<JsonStep>,
    /// The first move refused, with its number (from 1) and why.
    refused: Option<JsonRefusal>,
    moves: usize,
    picked: bool,
}

#[derive(Serialize)]
struct JsonRefusal {
    number: usize,
    r#move: String,
    reason: String,
}

/// `play FILE MOVES`: the board after each move; a refused move ends the run with its reason
/// (exit 1). Exit 0 whether or not the moves pick the lock, as for hex locks.
pub fn play(
    file: &Path,
    words: &[String],
    solution: Option<&Path>,
    final_only: bool,
    json: bool,
) -> Result<ExitCode> {
    let (lock, doc) = match read_legal(file, json) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let moves = moves_from(words, solution)?;
    let mut now = lock.clone();
    let mut steps = Vec::new();
    let mut refused = None;
    for (n, w) in moves.iter().enumerate() {
        match now.resolve(w).and_then(|mv| now.apply(&mv)) {
            Ok(next) => {
                now = next;
                steps.push(JsonStep {
                    r#move: w.to_string(),
                    sentence: w.sentence(),
                    board: board_lines(&doc, &now),
                    picked: now.is_picked(),
                });
            }
            Err(reason) => {
                refused = Some(JsonRefusal {
                    number: n + 1,
                    r#move: w.to_string(),
                    reason: reason.to_string(),
                });
                break;
            }
        }
    }
    let code = if refused.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    if json {
        let out = JsonPlay {
            path: file.display().to_string(),
            moves: steps.len(),
            picked: now.is_picked(),
            steps,
            refused,
        };
        crate::say!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(code);
    }
    // With no move made, the last board is the start's, as for hex locks.
    if !final_only || steps.is_empty() {
        crate::say!("start");
        for l in board_lines(&doc, &lock) {
            crate::say!("  {l}");
        }
    }
    let last = steps.len();
    for (i, s) in steps.iter().enumerate() {
        if final_only && i + 1 != last {
            continue;
        }
        crate::say!("move {}: {} ({})", i + 1, s.r#move, s.sentence);
        for l in &s.board {
            crate::say!("  {l}");
        }
        if s.picked {
            crate::say!("picked after {}", lockfmt::words::count(i + 1, "move"));
        }
    }
    if let Some(r) = refused {
        eprintln!("move {} `{}` is refused: {}", r.number, r.r#move, r.reason);
    }
    Ok(code)
}

/// `solve --json` for a sliding lock: one object, as scripts expect.
#[derive(Serialize)]
struct JsonAnswer {
    path: String,
    title: Option<String>,
    /// "solved", "impossible" or "stopped".
    status: &'static str,
    /// The fewest moves, when solved.
    moves: Option<usize>,
    /// The solution in the notation, when solved.
    solution: Option<String>,
    /// Distinct states seen (for "impossible" after a search, every reachable state).
    states: u64,
    /// For "impossible", how it is known: `key-never-reaches-keyhole` (even with every other
    /// piece lifted), `piece-always-between` (a piece no axis turns lies between the Key and the
    /// Keyhole on their line) or `every-state-seen`.
    proof: Option<&'static str>,
    /// Pieces left where they are because they can never matter.
    idle_pieces: usize,
    /// For "stopped", what stopped it.
    reason: Option<String>,
    /// For "stopped": every way to pick the lock, if there is one, takes at least this many
    /// moves (every shorter way was searched).
    at_least: Option<u16>,
    seconds: f64,
}

/// `solve FILE.slide`: the fewest moves, or a proof that the lock cannot be picked; exit 0
/// when solved, 1 when impossible or illegal, 3 when a limit stopped it, 2 when the file
/// cannot be read.
pub fn solve(
    file: &Path,
    json: bool,
    timeout: Option<Duration>,
    max_states: Option<u64>,
    write_solution: Option<&Path>,
) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let (lock, doc) = match read_legal(file, json) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let mut limits = Limits {
        timeout,
        ..Limits::default()
    };
    if let Some(m) = max_states {
        limits.max_steps = Some(m);
    }
    let report =
        crate::cli::thinking::while_solving(&shown, || engine::sliding::solve(&lock, &limits))
            .map_err(|problems| anyhow::anyhow!("{shown}: {}", problems[0]))?;
    let title = doc.info.title.clone();
    let code = ExitCode::from(report.answer.outcome().exit_code());
    let (status, written, reason) = match &report.answer {
        Answer::Solved { moves } => ("solved", Some(lock.write_all(moves)), None),
        Answer::Impossible => ("impossible", None, None),
        Answer::Stopped(stop) => ("stopped", None, Some(stop.stopped())),
    };
    if let (Some(path), Some(w)) = (write_solution, &written) {
        let s = Solution::for_document(&doc, w.clone());
        write_atomic(path, &print_solution(&s))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if json {
        let answer = JsonAnswer {
            path: shown,
            title,
            status,
            moves: written.as_ref().map(Vec::len),
            solution: written.as_deref().map(format_moves),
            states: report.states,
            proof: report.proof.map(|p| match p {
                Proof::KeyNeverReachesKeyhole => "key-never-reaches-keyhole",
                Proof::PieceAlwaysBetween { .. } => "piece-always-between",
                Proof::EveryStateSeen => "every-state-seen",
            }),
            idle_pieces: report.idle,
            reason,
            at_least: report.at_least,
            seconds: report.elapsed.as_secs_f64(),
        };
        crate::cli::answer::print(&answer);
        return Ok(code);
    }
    let name = title.unwrap_or_else(|| shown.clone());
    let secs = report.elapsed.as_secs_f64();
    match (&report.answer, &written) {
        (Answer::Solved { .. }, Some(w)) => {
            crate::say!(
                "{name}: picked in {}: {}",
                lockfmt::words::count(w.len(), "move"),
                format_moves(w)
            );
            for (i, m) in w.iter().enumerate() {
                crate::say!("  {}. {}", i + 1, m.sentence());
            }
            crate::say!(
                "{} in {secs:.3} s",
                lockfmt::words::count(report.states as usize, "state")
            );
        }
        (Answer::Impossible, _) => match report.proof {
            Some(Proof::PieceAlwaysBetween { piece }) => crate::say!(
                "{name}: cannot be picked: {} ({} is that piece)",
                Proof::PieceAlwaysBetween { piece },
                lock.name(piece)
            ),
            Some(p @ Proof::KeyNeverReachesKeyhole) => crate::say!("{name}: cannot be picked: {p}"),
            _ => crate::say!(
                "{name}: cannot be picked: every one of the {} reachable states was seen ({secs:.3} s)",
                lockfmt::words::grouped(report.states)
            ),
        },
        _ => {
            let by_states = matches!(report.answer, Answer::Stopped(Stop::States { .. }));
            // A limit of states already says how many it held.
            let held = if by_states {
                String::new()
            } else {
                format!(
                    " ({})",
                    lockfmt::words::count(report.states as usize, "state")
                )
            };
            crate::say!(
                "{name}: {}{held}{}",
                reason.unwrap_or_default(),
                // A lock is never picked before a move: one move says nothing.
                report
                    .at_least
                    .filter(|&n| n > 1)
                    .map_or_else(String::new, |n| format!(
                        "; every way to pick it takes at least {n} moves"
                    ))
            );
            // The default limit is a guard for the machine, not a judgement of the lock: the
            // deepest random 11×11 locks need 28 and 44 million states.
            if by_states {
                crate::say!(
                    "  --max-states N lets it search further: about {BYTES_A_STATE} bytes of memory a state"
                );
            }
        }
    }
    Ok(code)
}

/// `verify FILE.slide SOLUTION [--json]`: exit 0 exactly when the moves pick the lock, 1 when
/// they do not (or one is refused), 2 when the lock or the solution cannot be read.
pub fn verify(file: &Path, solution_path: &Path, json: bool) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let (lock, doc) = match read_legal(file, json) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let shown_solution = solution_path.display().to_string();
    let bytes = crate::files::read_bytes(solution_path, MAX_READ_BYTES)?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    crate::cli::verify::refuse_a_puzzle_as_solution(solution_path, &text)?;
    let solution = match parse_solution(&text) {
        Ok(s) => s,
        Err(diagnostics) => {
            return Ok(crate::cli::answer::unreadable(
                &shown_solution,
                &text,
                &diagnostics,
                json,
            ));
        }
    };
    if !solution.names(&doc) {
        bail!(
            "{shown_solution}: this solution names another lock (`{}`), not {shown}",
            solution.lock_name
        );
    }
    let moves = solution.moves.len();
    let (opened_after, reason) = match lock.play(&solution.moves) {
        Ok(states) if states.last().is_some_and(Lock::is_picked) => (Some(states.len()), None),
        Ok(states) => (
            None,
            Some(format!(
                "the {} do not pick the lock",
                lockfmt::words::count(states.len(), "move")
            )),
        ),
        Err((n, why)) => (
            None,
            Some(format!(
                "move {n} `{}` is refused: {why}",
                solution.moves[n - 1]
            )),
        ),
    };
    Ok(crate::cli::answer::verified(
        &crate::cli::answer::Verified {
            path: &shown,
            solution: &shown_solution,
            status: if opened_after.is_some() {
                "opens"
            } else {
                "does-not-open"
            },
            moves,
            opened_after,
            reason,
            opens: "picked",
        },
        json,
    ))
}

/// `render` of a sliding lock.
pub fn render(file: &Path, out: &Path, width: u32, dark: bool) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let (text, parsed) = read(file);
    let Some(doc) = &parsed.document else {
        crate::cli::print_diagnostics(&shown, &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    };
    // A lock that breaks a rule is still drawn; a text with no picture of a board is not.
    if !crate::sliding::drawable(parsed.diagnostics.iter().filter(|d| d.is_error())) {
        crate::cli::print_diagnostics(&shown, &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    }
    if !(16..=crate::sliding::render::MAX_SIDE).contains(&width) {
        bail!(
            "--width {width} is out of range: from 16 to {} pixels",
            crate::sliding::render::MAX_SIDE
        );
    }
    let palette = Palette::of_theme(dark);
    let png = crate::sliding::render::png(&doc.lock, width, &palette)?;
    write_atomic_bytes(out, &png).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// `new NAME --kind sliding [--width W] [--height H]`: a board with the Key and the Keyhole,
/// titled after the file; with `--template T` a built-in lock (`--template list` names them).
pub fn new(name: &str, width: usize, height: usize, force: bool) -> Result<ExitCode> {
    let max = engine::sliding::MAX_SIDE as usize;
    if !(2..=max).contains(&width) || !(2..=max).contains(&height) {
        bail!("a sliding lock is 2 to {max} cells wide and tall, not {width}×{height}");
    }
    let (path, title) = crate::cli::new_file(name, crate::family::Family::Sliding)?;
    crate::cli::refuse_existing(&path, force)?;
    let mut doc = Document::empty(width as u8, height as u8);
    doc.info.title = Some(title);
    write_atomic(&path, &lockfmt::sliding::print(&doc))?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// How a sliding lock answers the command line's verbs.
pub const VERBS: crate::cli::verbs::Verbs = crate::cli::verbs::Verbs {
    solve_flags: &["--write-solution"],
    render_flags: &[],
    new: |args| {
        if args.size.is_some() {
            bail!("a sliding lock takes --width and --height, not --size");
        }
        new(
            args.name()?,
            args.width.unwrap_or(6),
            args.height.unwrap_or(6),
            args.force,
        )
    },
    solve: |args| {
        solve(
            &args.file,
            args.json,
            args.timeout,
            args.max_states,
            args.write_solution.as_deref(),
        )
    },
    animate: crate::sliding::animation::animate,
    render: |args| render(&args.file, &args.output, args.width, args.dark),
    play: Some(|args| {
        if args.trace || args.annotations != "blocking" {
            bail!("--trace and --annotations are for hex locks");
        }
        play(
            &args.file,
            &args.moves,
            args.solution.as_deref(),
            args.final_only,
            args.json,
        )
    }),
    verify: Some(verify),
    own: None,
};
