//! `lockwright play FILE MOVES`: plays moves on a lock and shows each state.

use super::read_lock;
use crate::hexlock::describe;
use anyhow::{Context, Result, bail};
use engine::hexlock::physics::{AnnotationMode, Mechanism, Move, Workspace, annotations};
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;

/// A solution file given among the moves (`play gate.lock gate.solution`) was read as a move
/// that is not one: it is named, with the flag that reads it.
pub fn moves_are_no_files(moves: &[String]) -> Result<()> {
    let file = moves.iter().find(|w| {
        let path = Path::new(w.as_str());
        path.is_file()
            || path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("solution"))
    });
    if let Some(file) = file {
        bail!(
            "`{file}` is a file, not a move: `--solution {file}` plays the moves of a solution file"
        );
    }
    Ok(())
}

/// What to show.
pub struct Options {
    pub final_only: bool,
    pub trace: bool,
    pub json: bool,
    pub annotations: AnnotationMode,
}

#[derive(Serialize)]
struct TurnReport {
    turn: usize,
    #[serde(rename = "move")]
    mv: String,
    open: bool,
    lock: String,
    annotations: Vec<engine::hexlock::physics::Annotation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<engine::hexlock::physics::Trace>,
}

/// Reads the moves: the words given, or a solution file.
pub fn moves_from(words: &[String], solution: Option<&Path>) -> Result<Vec<Move>> {
    let mut moves = Vec::new();
    if let Some(path) = solution {
        let text = super::read_text(path)?;
        super::verify::refuse_a_puzzle_as_solution(path, &text)?;
        match lockfmt::hexlock::parse_solution(&text) {
            Ok(s) => moves.extend(s.moves),
            Err(d) => {
                let shown = path.display().to_string();
                let rendered: String = d.iter().map(|d| d.render(&shown, &text)).collect();
                bail!("the solution file has errors:\n{rendered}");
            }
        }
    }
    let text = words.join(" ");
    moves.extend(
        lockfmt::hexlock::parse_moves(&text).map_err(|e| anyhow::anyhow!("in MOVES, {e}"))?,
    );
    Ok(moves)
}

pub fn run(file: &Path, moves: &[Move], opts: &Options) -> Result<ExitCode> {
    let (text, parsed) = read_lock(file);
    let shown = file.display().to_string();
    let lock = match parsed.valid_lock() {
        Some(lock) => lock.clone(),
        None => {
            return Ok(super::answer::unreadable(
                &shown,
                &text,
                &parsed.diagnostics,
                opts.json,
            ));
        }
    };
    let mech = Mechanism::new(&lock).context("the lock cannot be played")?;
    let mut ws = Workspace::new();
    let mut state = mech.initial_state();
    let mut reports = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let before = mech.to_lock(&state);
        let (next, trace) = mech.step_traced(&state, mv, &mut ws)?;
        state = next;
        let after = mech.to_lock(&state);
        let last = i + 1 == moves.len();
        if opts.final_only && !last {
            continue;
        }
        let notes = annotations(&trace, opts.annotations);
        let report = TurnReport {
            turn: i + 1,
            mv: lockfmt::hexlock::format_move(mv),
            open: mech.is_open(&state),
            lock: lockfmt::hexlock::print(&after),
            annotations: notes,
            trace: opts.trace.then_some(trace),
        };
        if opts.json {
            reports.push(report);
        } else {
            print_turn(&before, &report);
        }
    }
    if moves.is_empty() && !opts.json {
        crate::say_raw!("{}", lockfmt::hexlock::print(&lock));
    }
    if opts.json {
        super::answer::print(&reports);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_turn(before: &engine::hexlock::Lock, r: &TurnReport) {
    crate::say!(
        "# turn {}: {}{}",
        r.turn,
        r.mv,
        if r.open { " — the lock is open" } else { "" }
    );
    crate::say_raw!("{}", r.lock);
    if let Some(trace) = &r.trace {
        crate::say!("# resolution");
        for line in describe::trace_text(before, trace).lines() {
            crate::say!("#   {line}");
        }
    }
    let lines = describe::annotation_lines(&r.annotations);
    if !lines.is_empty() {
        crate::say!("# blockages");
        for line in lines {
            crate::say!("#   {line}");
        }
    }
    crate::say!();
}
