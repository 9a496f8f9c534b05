//! `lockwright quadrillion hint FILE [--placed LINE]… [--json]`: the seed's "Help me!" on the
//! command line. The board as it stands is the file's shapes and the player's, given as the
//! file's own shape lines; the hint is one more shape where a solution keeping them all has it,
//! or which of the player's to lift when none does.

use super::read;
use crate::cli::answer::{self, NO_SOLUTION, SOLVED, STOPPED};
use engine::quadrillion::{Cancel, Challenge, Hint, Limits, Placement, ShapeId, hint};
use lockfmt::quadrillion::print::shape_lie;
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The hint as `--json` prints it.
#[derive(Serialize)]
struct Answer<'a> {
    path: &'a str,
    /// "place", "lift", "solved", "none" or "stopped".
    status: &'static str,
    /// For "place": the shape's line, in the file's own words and places, ready to be given
    /// back with `--placed`.
    place: Option<String>,
    /// For "place": the shape's letter; for "lift": the letters of the shapes to lift.
    shapes: Vec<String>,
    /// For "none": why; for "stopped": the limit.
    reason: Option<String>,
    seconds: f64,
}

fn line(p: &Placement) -> String {
    format!("shape {} {}", p.shape.letter(), shape_lie(p))
}

fn letters(shapes: &[ShapeId]) -> Vec<String> {
    shapes.iter().map(|s| s.letter().to_string()).collect()
}

/// The board's file with the player's shape lines after it: their places are read in the
/// file's frame, and a line the format refuses is a diagnostic at its own place.
fn as_played(text: &str, placed: &[String]) -> String {
    let mut played = text.to_string();
    if !played.is_empty() && !played.ends_with('\n') {
        played.push('\n');
    }
    for p in placed {
        played.push_str(p.trim());
        played.push('\n');
    }
    played
}

/// A `--placed` line the board refuses: the diagnostics on the player's lines are said against
/// those lines ("--placed:2:7" is the second shape given), the rest against the file.
fn refused_placed(
    shown: &str,
    text: &str,
    placed: &[String],
    mut diagnostics: Vec<lockfmt::Diagnostic>,
    json: bool,
) -> ExitCode {
    let file_lines = as_played(text, &[]).lines().count();
    let on_placed = diagnostics.iter().any(|d| d.span.line > file_lines);
    if !on_placed {
        return answer::unreadable(shown, text, &diagnostics, json);
    }
    diagnostics.retain(|d| d.span.line > file_lines);
    for d in &mut diagnostics {
        d.span.line -= file_lines;
        d.span.end_line = d.span.end_line.saturating_sub(file_lines).max(d.span.line);
    }
    let lines = as_played("", placed);
    answer::unreadable("--placed", &lines, &diagnostics, json)
}

/// Runs the verb.
pub fn run(file: &Path, placed: &[String], json: bool, timeout: Option<Duration>) -> ExitCode {
    let shown = file.display().to_string();
    let (text, parsed) = read(file);
    let Some(board) = parsed.valid_challenge().cloned() else {
        return answer::unreadable(&shown, &text, &parsed.diagnostics, json);
    };
    let played_text = as_played(&text, placed);
    let played = lockfmt::quadrillion::parse(&played_text);
    let Some(all) = played.valid_challenge() else {
        return refused_placed(&shown, &text, placed, played.diagnostics, json);
    };
    let mine: Vec<Placement> = all
        .placed
        .iter()
        .filter(|p| !board.placed.iter().any(|q| q.shape == p.shape))
        .copied()
        .collect();
    let limits = Limits {
        timeout: Some(timeout.unwrap_or(Duration::from_secs(10))),
        max_steps: None,
        max_memory: None,
    };
    let started = Instant::now();
    let asked = Challenge {
        board: board.board.clone(),
        placed: board.placed.clone(),
    };
    let given =
        crate::cli::thinking::while_solving(&shown, || hint(&asked, &mine, &limits, Cancel::NEVER));
    let seconds = started.elapsed().as_secs_f64();
    let (status, place, shapes, reason, code) = match given {
        Ok(Hint::Place(p)) => ("place", Some(line(&p)), letters(&[p.shape]), None, SOLVED),
        Ok(Hint::Lift(lift)) => ("lift", None, letters(&lift), None, SOLVED),
        Ok(Hint::Solved) => ("solved", None, Vec::new(), None, SOLVED),
        Ok(Hint::NoSolution) => (
            "none",
            None,
            Vec::new(),
            Some("no solution exists, even with none of the player's shapes".to_string()),
            NO_SOLUTION,
        ),
        Ok(Hint::Stopped(stop)) => ("stopped", None, Vec::new(), Some(stop.stopped()), STOPPED),
        Err(problems) => {
            let why = problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ");
            return answer::failed(&shown, &anyhow::anyhow!("{shown}: {why}"), json);
        }
    };
    if json {
        answer::print(&Answer {
            path: &shown,
            status,
            place,
            shapes,
            reason,
            seconds,
        });
    } else {
        let words = |s: &[String]| s.join(", ");
        match status {
            "place" => crate::say!(
                "{shown}: place {}: {}",
                words(&shapes),
                place.unwrap_or_default()
            ),
            "lift" => crate::say!(
                "{shown}: no solution keeps every shape where it is; lift {}",
                words(&shapes)
            ),
            "solved" => crate::say!("{shown}: solved: every shape lies on the board"),
            _ => crate::say!("{shown}: {}", reason.unwrap_or_default()),
        }
    }
    ExitCode::from(code)
}
