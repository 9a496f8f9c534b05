//! `lockwright verify FILE [SOLUTION]`: exit 0 exactly when the solution opens the lock.

use super::read_lock;
use crate::family::Family;
use anyhow::{Result, anyhow, bail};
use engine::hexlock::Mechanism;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `verify` takes the puzzle, then its solution: a solution given first, or a puzzle given as
/// the solution, is said so, where the one was read as a lock and the other as moves, with an
/// error on every line.
pub fn arguments_in_order(file: &Path, solution: &Path) -> Result<()> {
    let is_solution = |p: &Path| {
        p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("solution"))
    };
    if is_solution(file) && Family::of_path(solution).is_some() {
        bail!(
            "{} is a solution and {} a puzzle: the puzzle comes first, `lockwright verify {} {}`",
            file.display(),
            solution.display(),
            solution.display(),
            file.display()
        );
    }
    // Before the solution is read: by its name alone.
    refuse_a_puzzle_as_solution(solution, "")
}

/// The solution to verify: the one given, else the one saved beside the lock (`NAME.solution`,
/// where the studio's players save theirs), which must be there.
pub fn given_or_saved(file: &Path, given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(given) = given {
        return Ok(given);
    }
    let saved = crate::library::solution_beside(file);
    // A lock that cannot be read is said so by its reader first.
    if file.is_file() && !saved.is_file() {
        bail!(
            "no solution is given and none is saved beside {} ({}): `lockwright verify {} SOLUTION`",
            file.display(),
            saved.display(),
            file.display()
        );
    }
    Ok(saved)
}

/// A puzzle read where its solution was asked for (`verify`, `play --solution`, `solve
/// --author`): said in one sentence, where its lines were read as moves, an error each.
pub fn refuse_a_puzzle_as_solution(path: &Path, text: &str) -> Result<()> {
    if let Some(family) = Family::of_path(path) {
        bail!("{}", not_a_solution(path, family.info().name));
    }
    // A hex lock under another name (`gate.txt`) is a lock still.
    if crate::family::begins_as_a_hex_lock(text) {
        bail!("{}", not_a_solution(path, "hex lock"));
    }
    Ok(())
}

fn not_a_solution(path: &Path, what: &str) -> String {
    format!(
        "{} is a {what}, not a solution: `lockwright verify PUZZLE SOLUTION` takes its solution file, or a file of moves",
        path.display()
    )
}

/// `verify FILE.lock SOLUTION [--json]`: exit 0 exactly when the moves open the lock, 1 when
/// they do not, 2 when the lock or the solution cannot be read (or names another lock).
pub fn run(lock_path: &Path, solution_path: &Path, json: bool) -> Result<ExitCode> {
    let shown = lock_path.display().to_string();
    let (text, parsed) = read_lock(lock_path);
    let Some(lock) = parsed.valid_lock().cloned() else {
        return Ok(super::answer::unreadable(
            &shown,
            &text,
            &parsed.diagnostics,
            json,
        ));
    };
    let shown_solution = solution_path.display().to_string();
    let solution_text = super::read_text(solution_path)?;
    refuse_a_puzzle_as_solution(solution_path, &solution_text)?;
    let solution = match lockfmt::hexlock::parse_solution(&solution_text) {
        Ok(s) => s,
        Err(diagnostics) => {
            return Ok(super::answer::unreadable(
                &shown_solution,
                &solution_text,
                &diagnostics,
                json,
            ));
        }
    };
    if !solution.names(&lock) {
        bail!(
            "{shown_solution}: this solution names another lock (`{}`), not {shown} (`{}`)",
            solution.lock_name,
            lock.info.name
        );
    }
    let mech = Mechanism::new(&lock).map_err(|e| anyhow!("{shown}: {e}"))?;
    let replay = engine::hexlock::search::replay(&mech, &solution.moves)?;
    Ok(super::answer::verified(
        &super::answer::Verified {
            path: &shown,
            solution: &shown_solution,
            status: if replay.opened_after.is_some() {
                "opens"
            } else {
                "does-not-open"
            },
            moves: solution.moves.len(),
            opened_after: replay.opened_after,
            reason: None,
            opens: "opens",
        },
        json,
    ))
}
