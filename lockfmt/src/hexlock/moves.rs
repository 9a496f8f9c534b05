//! The move notation: one player move per turn, and solution files.
//!
//! | move | notation |
//! |---|---|
//! | push the hook east, north-east, … | `hE` `hNE` `hNW` `hW` `hSW` `hSE` |
//! | turn the hook clockwise / anticlockwise | `hCW` `hCCW` |
//! | push the wrench | `wE` `wNE` `wNW` `wW` `wSW` `wSE` |
//! | wait | `.` |
//!
//! Moves are separated by spaces, commas or newlines; letters may be in any case.

use crate::diagnostic::{Diagnostic, Span};
use engine::hexlock::{Lock, Move};
use engine::{Dir, Rotation};
use std::fmt::Write as _;

/// A move written in the notation.
pub fn format_move(m: Move) -> String {
    match m {
        Move::Hook(d) => format!("h{d}"),
        Move::HookTurn(Rotation::Clockwise) => "hCW".into(),
        Move::HookTurn(Rotation::Anticlockwise) => "hCCW".into(),
        Move::Wrench(d) => format!("w{d}"),
        Move::Wait => ".".into(),
    }
}

/// Moves written in the notation, separated by single spaces.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| format_move(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one move.
pub fn parse_move(token: &str) -> Option<Move> {
    if token == "." {
        return Some(Move::Wait);
    }
    let (tool, rest) = token.split_at_checked(1)?;
    match tool {
        "h" | "H" => match rest.to_ascii_uppercase().as_str() {
            "CW" => Some(Move::HookTurn(Rotation::Clockwise)),
            "CCW" => Some(Move::HookTurn(Rotation::Anticlockwise)),
            d => Dir::from_name(d).map(Move::Hook),
        },
        "w" | "W" => Dir::from_name(rest).map(Move::Wrench),
        _ => None,
    }
}

/// A word of a move list the notation does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "move {index} `{token}` is not a move: moves are hE hNE hNW hW hSW hSE, hCW hCCW, wE … wSE, or `.` to wait"
)]
pub struct BadMove {
    /// Its position in the list, from 1.
    pub index: usize,
    /// What was written.
    pub token: String,
    /// Its byte offset in the text.
    pub offset: usize,
}

/// Reads a list of moves.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, BadMove> {
    let mut out = Vec::new();
    for (i, (offset, token)) in tokens(text).enumerate() {
        match parse_move(token) {
            Some(m) => out.push(m),
            None => {
                return Err(BadMove {
                    index: i + 1,
                    token: token.into(),
                    offset,
                });
            }
        }
    }
    Ok(out)
}

fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut base = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !(c.is_whitespace() || c == ','))?;
        let len = rest[start..]
            .find(|c: char| c.is_whitespace() || c == ',')
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + len];
        let at = base + start;
        base += start + len;
        rest = &rest[start + len..];
        Some((at, token))
    })
}

/// The first line of a solution file.
pub const SOLUTION_FORMAT_LINE: &str = "lockwright-solution 1";

/// A solution file: the lock it solves (by name and by a digest of its pieces) and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The name of the lock it solves.
    pub lock_name: String,
    /// [`lock_digest`] of the lock it solves, when recorded.
    pub lock_digest: Option<u64>,
    /// The moves, one per turn.
    pub moves: Vec<Move>,
}

impl Solution {
    /// A solution of a lock, recording its name and digest.
    pub fn for_lock(lock: &Lock, moves: Vec<Move>) -> Solution {
        Solution {
            lock_name: lock.info.name.clone(),
            lock_digest: Some(lock_digest(lock)),
            moves,
        }
    }

    /// Whether this solution was written for this lock: same pieces (the digest), or, when no
    /// digest is recorded, the same name. A bare move list names no lock, so it is taken for
    /// whichever lock it is given with.
    pub fn names(&self, lock: &Lock) -> bool {
        match self.lock_digest {
            Some(d) => d == lock_digest(lock),
            None => self.lock_name.is_empty() || self.lock_name == lock.info.name,
        }
    }
}

/// A digest of a lock's mechanism: the canonical text of its pieces, without its name, author
/// or notes, so that editing the words does not orphan its solutions. FNV-1a, 64 bits: an
/// identity check, not a secret.
pub fn lock_digest(lock: &Lock) -> u64 {
    let mut bare = lock.clone();
    bare.info = engine::hexlock::LockInfo::default();
    super::print(&bare)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// Prints a solution file, twelve moves a line.
pub fn print_solution(s: &Solution) -> String {
    let mut out = format!("{SOLUTION_FORMAT_LINE}\nlock: {}\n", s.lock_name);
    if let Some(d) = s.lock_digest {
        let _ = writeln!(out, "lock-digest: {d:016x}");
    }
    if s.moves.is_empty() {
        out.push_str("moves:\n");
    }
    for chunk in s.moves.chunks(12) {
        let _ = writeln!(out, "moves: {}", format_moves(chunk));
    }
    out
}

/// Reads a solution file. A bare move list (no header) is accepted too, so that a solution
/// copied out of the studio can be saved as it is.
pub fn parse_solution(text: &str) -> Result<Solution, Vec<Diagnostic>> {
    let read = crate::lines::without_mark(text);
    let text: &str = &read;
    let mut diagnostics = Vec::new();
    let mut solution = Solution {
        lock_name: String::new(),
        lock_digest: None,
        moves: Vec::new(),
    };
    let has_header = text.lines().any(|l| l.trim() == SOLUTION_FORMAT_LINE);
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() || line.trim() == SOLUTION_FORMAT_LINE {
            continue;
        }
        let (key, value, value_at) = match line.split_once(':') {
            Some((k, v)) if has_header => (k.trim(), v, k.len() + 1),
            _ => ("moves", line, 0),
        };
        match key {
            "lock" => solution.lock_name = value.trim().to_string(),
            "lock-digest" => match u64::from_str_radix(value.trim(), 16) {
                Ok(d) => solution.lock_digest = Some(d),
                Err(_) => diagnostics.push(Diagnostic::error(
                    Span::on_line(line_no, value_at + 1, value.len()),
                    "solution",
                    "`lock-digest:` takes 16 hexadecimal digits",
                )),
            },
            "moves" => match parse_moves(value) {
                Ok(ms) => solution.moves.extend(ms),
                Err(bad) => {
                    let column = raw[..value_at + bad.offset].chars().count() + 1;
                    diagnostics.push(Diagnostic::error(
                        Span::on_line(line_no, column, bad.token.chars().count()),
                        "bad-move",
                        format!(
                            "`{}` is not a move: moves are hE hNE hNW hW hSW hSE, hCW hCCW, wE … wSE, or `.` to wait",
                            bad.token
                        ),
                    ));
                }
            },
            other => diagnostics.push(Diagnostic::error(
                Span::on_line(line_no, 1, other.len()),
                "unknown-field",
                format!(
                    "unknown field `{other}:`; a solution file has lock, lock-digest and moves"
                ),
            )),
        }
    }
    if diagnostics.is_empty() {
        Ok(solution)
    } else {
        Err(diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_round_trips_through_the_notation() {
        for m in Move::ALL {
            assert_eq!(parse_move(&format_move(m)), Some(m));
        }
        assert_eq!(format_moves(&Move::ALL).split(' ').count(), 15);
    }

    #[test]
    fn notation_ignores_case_and_accepts_commas() {
        assert_eq!(
            parse_moves("hne, HCW\nwsw ."),
            Ok(vec![
                Move::Hook(Dir::NE),
                Move::HookTurn(Rotation::Clockwise),
                Move::Wrench(Dir::SW),
                Move::Wait
            ])
        );
    }

    #[test]
    fn an_unknown_move_is_named_with_its_position() {
        let err = parse_moves("hE hE hX wE").expect_err("hX is no move");
        assert_eq!((err.index, err.token.as_str(), err.offset), (3, "hX", 6));
        assert!(err.to_string().starts_with("move 3 `hX` is not a move"));
    }

    #[test]
    fn solution_files_round_trip_and_name_their_lock() {
        let lock = Lock::starter(3);
        let moves: Vec<Move> = Move::ALL.iter().copied().cycle().take(30).collect();
        let s = Solution::for_lock(&lock, moves);
        let text = print_solution(&s);
        assert!(text.starts_with("lockwright-solution 1\n"));
        let back = parse_solution(&text).expect("parses");
        assert_eq!(back, s);
        assert!(back.names(&lock));
        let mut other = lock.clone();
        other.balls.push(engine::Hex::ORIGIN);
        assert!(!back.names(&other));
        let mut renamed = lock.clone();
        renamed.info.notes.push("a new note".into());
        assert!(back.names(&renamed), "editing notes keeps the digest");
    }

    #[test]
    fn bad_moves_in_a_solution_file_are_placed() {
        let text = "lockwright-solution 1\nlock: X\nmoves: hE hQ\n";
        let d = parse_solution(text).expect_err("hQ");
        assert_eq!((d[0].span.line, d[0].span.column), (3, 11));
    }

    #[test]
    fn a_bare_move_list_is_a_solution() {
        assert_eq!(parse_solution("hE hCW .").expect("parses").moves.len(), 3);
    }
}
