//! Checking what players send: a lock's text (valid, within the size cap) and a solution
//! (replayed move by move with the engine until the lock opens).

use engine::hexlock::physics::Workspace;
use engine::hexlock::{Lock, Mechanism, Move};
use lockfmt::Diagnostic;

/// The most moves a solution may have: replaying is cheap, but not free, and a bound keeps one
/// request from holding a core for long.
pub const MAX_SOLUTION_MOVES: usize = 10_000;

/// Why a lock or a solution is refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum VerifyError {
    /// The text is not a valid lock; the diagnostics say where (line and column).
    #[error("the lock is not valid: {}", first(.0))]
    MalformedLock(Vec<Diagnostic>),
    /// The lock is larger than the server accepts.
    #[error("the lock has size {size}; this server accepts locks up to size {max}")]
    TooLarge {
        /// The lock's size.
        size: i32,
        /// The server's cap.
        max: i32,
    },
    /// The lock's text has more lines than the server reads: refused before it is parsed, so
    /// that a flood of empty lines costs nothing.
    #[error("the lock has {lines} lines; this server reads locks of up to {max} lines")]
    TooManyLines {
        /// The text's lines.
        lines: usize,
        /// The server's cap.
        max: usize,
    },
    /// The lock is open before any move: nothing stands in its bolthole, so any move would
    /// "solve" it.
    #[error(
        "the lock is open before any move: nothing stands in its bolthole, so it keeps no one out"
    )]
    AlreadyOpen,
    /// The lock cannot be played (the physics refused it).
    #[error("the lock cannot be played: {0}")]
    Unplayable(String),
    /// The solution text does not parse; the diagnostics say where.
    #[error("the solution is not readable: {}", first(.0))]
    MalformedSolution(Vec<Diagnostic>),
    /// The solution file names a different lock (its digest does not match).
    #[error("the solution was written for another lock (its lock-digest does not match)")]
    OtherLock,
    /// Too many moves.
    #[error("the solution has {0} moves; at most {MAX_SOLUTION_MOVES} are accepted")]
    TooLong(usize),
    /// The moves were replayed and the lock stayed shut.
    #[error(
        "the solution does not open the lock: after its {0} moves the bolthole is still blocked"
    )]
    DoesNotOpen(usize),
}

fn first(d: &[Diagnostic]) -> String {
    match d.iter().find(|d| d.is_error()) {
        Some(d) => format!("{}:{}: {}", d.span.line, d.span.column, d.message),
        None => "unknown problem".into(),
    }
}

/// The most lines a lock's text may have by default: a size-11 lock is 32 lines, so this
/// leaves room for any number of pieces and comments a person writes.
pub const DEFAULT_MAX_LOCK_LINES: usize = 1_000;

/// Parses a lock's text and checks it is valid and within the size cap; a text of more than
/// `max_lines` lines is refused before it is read.
pub fn lock(text: &str, max_size: i32, max_lines: usize) -> Result<Lock, VerifyError> {
    let lines = text.bytes().filter(|&b| b == b'\n').count()
        + usize::from(!text.is_empty() && !text.ends_with('\n'));
    if lines > max_lines {
        return Err(VerifyError::TooManyLines {
            lines,
            max: max_lines,
        });
    }
    let parsed = lockfmt::hexlock::parse_bytes(text.as_bytes());
    let Some(lock) = parsed.valid_lock() else {
        let mut errors: Vec<Diagnostic> = parsed
            .diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
        if errors.is_empty() {
            errors.push(Diagnostic::error(
                lockfmt::Span::START,
                "syntax",
                "the text is not a lock",
            ));
        }
        return Err(VerifyError::MalformedLock(errors));
    };
    if lock.size > max_size {
        return Err(VerifyError::TooLarge {
            size: lock.size,
            max: max_size,
        });
    }
    Ok(lock.clone())
}

/// Compiles a valid lock for replaying solutions.
pub fn mechanism(lock: &Lock) -> Result<Mechanism, VerifyError> {
    Mechanism::new(lock).map_err(|e| VerifyError::Unplayable(e.to_string()))
}

/// Refuses a lock that is open before any move (an empty bolthole): validation does not, and
/// a published lock must keep players out until they solve it.
pub fn shut(lock: &Lock) -> Result<(), VerifyError> {
    if lock.is_open() {
        return Err(VerifyError::AlreadyOpen);
    }
    Ok(())
}

/// Reads a solution: a solution file or a bare list of moves. A file that records the digest
/// of another lock is refused.
pub fn solution_moves(text: &str, lock: &Lock) -> Result<Vec<Move>, VerifyError> {
    let solution =
        lockfmt::hexlock::parse_solution(text).map_err(VerifyError::MalformedSolution)?;
    if solution.lock_digest.is_some() && !solution.names(lock) {
        return Err(VerifyError::OtherLock);
    }
    if solution.moves.len() > MAX_SOLUTION_MOVES {
        return Err(VerifyError::TooLong(solution.moves.len()));
    }
    Ok(solution.moves)
}

/// Replays moves from the lock's starting state; the solution holds when the lock is open
/// after some move (moves after it opens are not played), so an empty solution fails. A lock
/// open before any move would open after any one move: publishing refuses such locks
/// ([`shut`]); validation alone does not.
pub fn opens(mechanism: &Mechanism, moves: &[Move]) -> Result<(), VerifyError> {
    let mut ws = Workspace::default();
    let mut state = mechanism.initial_state();
    for &mv in moves {
        state = mechanism
            .step(&state, mv, &mut ws)
            .map_err(|e| VerifyError::Unplayable(e.to_string()))?;
        if mechanism.is_open(&state) {
            return Ok(());
        }
    }
    Err(VerifyError::DoesNotOpen(moves.len()))
}

/// Checks a solution's text against a compiled lock.
pub fn solution(text: &str, mechanism: &Mechanism) -> Result<(), VerifyError> {
    let moves = solution_moves(text, mechanism.lock())?;
    opens(mechanism, &moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPRING_PULL: &str = include_str!("../../templates/hexlock/starter/spring-pull.lock");
    const SPRING_PULL_SOLUTION: &str =
        include_str!("../../templates/hexlock/starter/spring-pull.solution");

    #[test]
    fn a_starter_lock_and_its_solution_verify() {
        let lock = lock(SPRING_PULL, 8, DEFAULT_MAX_LOCK_LINES).expect("valid");
        let m = mechanism(&lock).expect("playable");
        solution(SPRING_PULL_SOLUTION, &m).expect("opens");
        solution("hCW", &m).expect("a bare move list");
    }

    #[test]
    fn a_wrong_solution_does_not_open() {
        let lock = lock(SPRING_PULL, 8, DEFAULT_MAX_LOCK_LINES).expect("valid");
        let m = mechanism(&lock).expect("playable");
        assert_eq!(solution("hCCW", &m), Err(VerifyError::DoesNotOpen(1)));
        assert_eq!(solution("", &m), Err(VerifyError::DoesNotOpen(0)));
        assert!(matches!(
            solution("hQ", &m),
            Err(VerifyError::MalformedSolution(_))
        ));
    }

    #[test]
    fn a_lock_open_before_any_move_is_refused() {
        let empty = include_str!("../../templates/hexlock/empty/size-4.lock");
        let open = lock(empty, 8, DEFAULT_MAX_LOCK_LINES)
            .expect("valid: validation allows an empty bolthole");
        assert_eq!(shut(&open), Err(VerifyError::AlreadyOpen));
        assert_eq!(
            shut(&lock(SPRING_PULL, 8, DEFAULT_MAX_LOCK_LINES).expect("valid")),
            Ok(())
        );
    }

    #[test]
    fn the_size_cap_holds() {
        assert_eq!(
            lock(SPRING_PULL, 3, DEFAULT_MAX_LOCK_LINES).err(),
            Some(VerifyError::TooLarge { size: 4, max: 3 })
        );
    }

    /// A flood of empty lines is refused by counting, before any parse: 32,000 of them once
    /// cost 60 ms and megabytes each.
    #[test]
    fn a_lock_of_too_many_lines_is_refused_before_it_is_read() {
        let flood = "\n".repeat(32_000);
        assert_eq!(
            lock(&flood, 8, DEFAULT_MAX_LOCK_LINES).err(),
            Some(VerifyError::TooManyLines {
                lines: 32_000,
                max: DEFAULT_MAX_LOCK_LINES
            })
        );
        let lines = SPRING_PULL.lines().count();
        assert!(lock(SPRING_PULL, 8, lines).is_ok(), "exactly at the cap");
        assert!(matches!(
            lock(SPRING_PULL, 8, lines - 1),
            Err(VerifyError::TooManyLines { .. })
        ));
    }

    #[test]
    fn a_malformed_lock_is_refused_with_line_and_column() {
        let broken = SPRING_PULL.replace("size: 4", "size: four");
        match lock(&broken, 8, DEFAULT_MAX_LOCK_LINES) {
            Err(VerifyError::MalformedLock(d)) => {
                assert!(d.iter().all(|d| d.span.line >= 1 && d.span.column >= 1));
                assert!(!d.is_empty());
            }
            other => panic!("expected a malformed lock, got {other:?}"),
        }
    }
}
