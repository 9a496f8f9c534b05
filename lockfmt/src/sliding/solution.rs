//! Solution files for sliding locks: the lock they solve (by title and by a digest of its
//! mechanism) and the moves in the seed's notation, each piece named by its cells where it lies
//! before its move (`BC1 L1, C34 D2, Key R1`; see `engine::sliding::notation`).
//!
//! ```text
//! lockwright-solution 1
//! lock: The seed's example
//! lock-digest: 0123456789abcdef
//! moves: BC1 L1, C34 D2, Key R1
//! ```
//!
//! A bare move list with no header reads as a solution too.

use super::document::Document;
use super::parse::MAX_FILE_BYTES;
use crate::diagnostic::{Diagnostic, Span};
use engine::sliding::{Lock, Written, format_moves, parse_moves};
use std::fmt::Write as _;

/// The first line of a solution file.
pub const SOLUTION_FORMAT_LINE: &str = "lockwright-solution 1";

/// How many moves a `moves:` line holds when printed.
const MOVES_PER_LINE: usize = 12;

/// A solution file: the lock it solves (by title and by a digest of its mechanism) and the
/// moves as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The title of the lock it solves (empty when the lock has none or the file names none).
    pub lock_name: String,
    /// [`lock_digest`] of the lock it solves, when recorded.
    pub lock_digest: Option<u64>,
    /// The moves, each piece named where it lies before its move.
    pub moves: Vec<Written>,
}

impl Solution {
    /// A solution of a document's lock, recording its title and digest.
    pub fn for_document(doc: &Document, moves: Vec<Written>) -> Solution {
        Solution {
            lock_name: doc.info.title.clone().unwrap_or_default(),
            lock_digest: Some(lock_digest(&doc.lock)),
            moves,
        }
    }

    /// Whether this solution was written for this document's lock: the same mechanism (the
    /// digest), or, when no digest is recorded, the same title. A bare move list names no lock,
    /// so it is taken for whichever lock it is given with.
    pub fn names(&self, doc: &Document) -> bool {
        match self.lock_digest {
            Some(d) => d == lock_digest(&doc.lock),
            None => {
                self.lock_name.is_empty()
                    || Some(self.lock_name.as_str()) == doc.info.title.as_deref()
            }
        }
    }
}

/// A digest of a lock's mechanism: FNV-1a (64 bits) of the canonical text of the lock alone —
/// no title, author, source, licence, notes, unknown lines or comments — with its pieces put in
/// one order and lettered `a`, `b`, `c`… in it, so that neither the words nor the letters an
/// author chose orphan a solution. An identity check, not a secret.
pub fn lock_digest(lock: &Lock) -> u64 {
    let mut bare = lock.clone();
    bare.pieces.sort();
    super::print(&Document::new(bare))
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
    for chunk in s.moves.chunks(MOVES_PER_LINE) {
        let _ = writeln!(out, "moves: {}", format_moves(chunk));
    }
    out
}

/// The words of a move list with their byte offsets, split as the notation splits them.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let sep = c.is_whitespace() || c == ',' || c == ';';
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// Where in `value` the word a move list fails at is: the byte offset of the word the notation
/// names, found by reading ever longer beginnings of the list until it fails the same way.
fn failing_word(value: &str, word: &str, message: &str) -> Option<usize> {
    let tokens = tokens(value);
    if tokens.len() <= 256 {
        for k in 1..=tokens.len() {
            let (at, t) = tokens[k - 1];
            if let Err(e) = parse_moves(&value[..at + t.len()])
                && e.word == word
                && e.message == message
            {
                return tokens[..k]
                    .iter()
                    .rev()
                    .find(|(_, t)| *t == word)
                    .map(|&(at, _)| at);
            }
        }
    }
    tokens.iter().find(|(_, t)| *t == word).map(|&(at, _)| at)
}

/// Reads a solution file. A bare move list (no header) is accepted too, so that a solution
/// copied out of the studio can be saved as it is. Each move is written on one line.
pub fn parse_solution(text: &str) -> Result<Solution, Vec<Diagnostic>> {
    let read = crate::lines::without_mark(text);
    let text: &str = &read;
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![Diagnostic::error(
            Span::START,
            "file-too-large",
            format!(
                "the file is {} bytes; a solution file is at most {MAX_FILE_BYTES} bytes (64 KiB)",
                text.len()
            ),
        )]);
    }
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
        let column_of = |byte: usize| raw[..byte].chars().count() + 1;
        match key {
            "lock" => solution.lock_name = value.trim().to_string(),
            "lock-digest" => match u64::from_str_radix(value.trim(), 16) {
                Ok(d) => solution.lock_digest = Some(d),
                Err(_) => diagnostics.push(Diagnostic::error(
                    Span::on_line(line_no, column_of(value_at), value.chars().count()),
                    "solution",
                    "`lock-digest:` takes 16 hexadecimal digits",
                )),
            },
            "moves" => match parse_moves(value) {
                Ok(ms) => solution.moves.extend(ms),
                Err(e) => {
                    let at = failing_word(value, &e.word, &e.message).unwrap_or(0);
                    diagnostics.push(Diagnostic::error(
                        Span::on_line(line_no, column_of(value_at + at), e.word.chars().count()),
                        "bad-move",
                        e.message,
                    ));
                }
            },
            other => diagnostics.push(Diagnostic::error(
                Span::on_line(line_no, 1, other.chars().count()),
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
