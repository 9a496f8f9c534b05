//! The answer contract of the verbs that answer about a puzzle — `solve`, `verify` and `play`,
//! and `check` about a file (`cli/check.rs`) — the same in every family, so that a script can
//! trust it:
//!
//! - with `--json`, exactly one JSON object per puzzle on standard output, on one line,
//!   whatever happens: the family's answer (`status` one of its answers), or
//!   `{"path", "status": "error", "message", "diagnostics"}` when the puzzle cannot be read
//!   or breaks the family's rules, with the diagnostics as `check --json` gives them;
//! - the exit status: [`SOLVED`], [`NO_SOLUTION`] (a clue set that contradicts itself is a
//!   puzzle with no solution, said with the reason), [`UNREADABLE`] (cannot be read, or is
//!   illegal), [`STOPPED`] (a limit stopped the search). With several puzzles, the highest.

use serde::Serialize;
use std::process::ExitCode;

/// Solved (a nonogram: a solution exists; a sliding lock: picked; `verify`: it opens).
pub const SOLVED: u8 = 0;
/// No solution exists (`verify`: the moves do not open it).
pub const NO_SOLUTION: u8 = 1;
/// The puzzle cannot be read, or breaks its family's rules.
pub const UNREADABLE: u8 = 2;
/// A limit stopped the search before it knew.
pub const STOPPED: u8 = 3;

/// The answer of a puzzle that cannot be read or is illegal.
#[derive(Serialize)]
struct Refused<'a> {
    path: &'a str,
    status: &'static str,
    message: String,
    diagnostics: &'a [lockfmt::Diagnostic],
}

/// Prints a JSON answer on one line.
pub fn print(answer: &impl Serialize) {
    match serde_json::to_string(answer) {
        Ok(line) => crate::say!("{line}"),
        Err(e) => eprintln!("lockwright: cannot write the answer as JSON: {e}"),
    }
}

/// A puzzle that cannot be read or breaks its family's rules: with `json`, the error object
/// (the first error its message, every diagnostic with it); else the diagnostics on standard
/// error, against the text. Exit [`UNREADABLE`].
pub fn unreadable(
    shown: &str,
    text: &str,
    diagnostics: &[lockfmt::Diagnostic],
    json: bool,
) -> ExitCode {
    if json {
        let message = diagnostics.iter().find(|d| d.is_error()).map_or_else(
            || format!("{shown} cannot be read"),
            |d| format!("{shown}:{}:{}: {}", d.span.line, d.span.column, d.message),
        );
        print(&Refused {
            path: shown,
            status: "error",
            message,
            diagnostics,
        });
    } else {
        super::print_diagnostics(shown, text, diagnostics);
    }
    ExitCode::from(UNREADABLE)
}

/// A verb that failed before it could answer (a file that is not there, a flag refused): with
/// `json`, the error object with the reason and no diagnostics; else the reason on standard
/// error. Exit [`UNREADABLE`].
pub fn failed(shown: &str, error: &anyhow::Error, json: bool) -> ExitCode {
    if json {
        print(&Refused {
            path: shown,
            status: "error",
            message: format!("{error:#}"),
            diagnostics: &[],
        });
    } else {
        eprintln!("lockwright: error: {error:#}");
    }
    ExitCode::from(UNREADABLE)
}

/// The number of an exit status the verbs give (0 to 3; anything else counts as 2).
pub fn code_of(code: ExitCode) -> u8 {
    [SOLVED, NO_SOLUTION, STOPPED]
        .into_iter()
        .find(|&c| code == ExitCode::from(c))
        .unwrap_or(UNREADABLE)
}

/// The highest of several exit statuses: the answer of a batch is its worst.
pub fn worst(codes: impl IntoIterator<Item = u8>) -> ExitCode {
    ExitCode::from(codes.into_iter().max().unwrap_or(SOLVED))
}

/// `verify --json`: whether the moves open (pick) the lock.
#[derive(Serialize)]
pub struct Verified<'a> {
    /// The lock file.
    pub path: &'a str,
    /// The solution file.
    pub solution: &'a str,
    /// "opens" or "does-not-open".
    pub status: &'static str,
    /// The moves in the solution.
    pub moves: usize,
    /// After how many moves the lock opened, if it did.
    pub opened_after: Option<usize>,
    /// Why it does not open: a refused move, or the moves running out.
    pub reason: Option<String>,
    /// What opening is called in the family's own words ("opens", "picked"), for the line.
    #[serde(skip)]
    pub opens: &'static str,
}

/// Says whether a solution opens a lock: JSON with `json`, else a line. Exit [`SOLVED`] when
/// it opens, [`NO_SOLUTION`] when not.
pub fn verified(answer: &Verified, json: bool) -> ExitCode {
    // Not opening is an answer, not a failure: it goes to standard output like opening.
    if json {
        print(answer);
    } else {
        let opens = answer.opens;
        match (answer.opened_after, &answer.reason) {
            (Some(k), _) if k == answer.moves => crate::say!(
                "{}: {opens} after {}",
                answer.path,
                lockfmt::words::count(k, "move")
            ),
            (Some(k), _) => crate::say!(
                "{}: {opens} after {k} of the {} moves; the rest are never played",
                answer.path,
                answer.moves
            ),
            (None, Some(why)) => crate::say!("{}: {why}", answer.path),
            (None, None) => crate::say!(
                "{}: not open after {}",
                answer.path,
                lockfmt::words::count(answer.moves, "move")
            ),
        }
    }
    ExitCode::from(if answer.opened_after.is_some() {
        SOLVED
    } else {
        NO_SOLUTION
    })
}
