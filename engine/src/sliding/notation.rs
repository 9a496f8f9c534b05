//! The seed's names for pieces and the move notation.
//!
//! Pieces are named by the cells they cover, as the seed does: a horizontal piece by its
//! columns' letters and its row (`BC1`), a vertical piece by its column's letter and its rows
//! (`C34`), an axis by its cell (`D4`); the Key is `Key` and the Keyhole `Keyhole`. A name
//! belongs to a place, so a piece's name changes when it moves.
//!
//! A move is the piece's name and what it does: a slide as a direction letter and a distance
//! (`BC1 L1`, `C34 D2`, `Key R1`), a turn as `CW`, `CCW` or `180` (`D4 CW`). Moves are separated
//! by commas, semicolons, newlines or spaces; words may be in any case, the direction may be a
//! word (`left 1`, `down 2`) and a missing distance is 1. `#` starts a comment.

use super::cell::{Cell, Dir, Orientation, Turn};
use super::lock::{Kind, Lock, Piece};
use super::rules::{Move, Refusal};
use std::fmt;

/// What a written move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Slide `distance` cells in `dir`.
    Slide {
        /// Which way.
        dir: Dir,
        /// How far.
        distance: u8,
    },
    /// Turn an axis.
    Turn(Turn),
}

/// A move as written: the piece by its name at the time of the move, and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Written {
    /// The piece's name (`BC1`, `Key`, `D4`).
    pub piece: String,
    /// What it does.
    pub action: Action,
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Action::Slide { dir, distance } => {
                write!(f, "{} {}{}", self.piece, dir.letter(), distance)
            }
            Action::Turn(t) => write!(f, "{} {}", self.piece, t.word()),
        }
    }
}

impl Written {
    /// The move in a sentence, as the seed words it: "slide BC1 1 space to the left".
    pub fn sentence(&self) -> String {
        match self.action {
            Action::Slide { dir, distance } => {
                let spaces = if distance == 1 { "space" } else { "spaces" };
                let way = match dir {
                    Dir::Up => "upward".to_string(),
                    Dir::Down => "downward".to_string(),
                    d => format!("to the {}", d.word()),
                };
                format!("slide {} {distance} {spaces} {way}", self.piece)
            }
            Action::Turn(Turn::Half) => format!("turn the axis {} 180°", self.piece),
            Action::Turn(Turn::Clockwise) => format!("turn the axis {} 90° clockwise", self.piece),
            Action::Turn(Turn::Anticlockwise) => {
                format!("turn the axis {} 90° anticlockwise", self.piece)
            }
        }
    }
}

/// A move list that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {message}")]
pub struct NotationError {
    /// The move's number in the list, from 1.
    pub number: usize,
    /// The word that does not read.
    pub word: String,
    /// What is wrong.
    pub message: String,
}

/// Reads a move list.
pub fn parse_moves(text: &str) -> Result<Vec<Written>, NotationError> {
    let words: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == ',' || c == ';'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let number = out.len() + 1;
        let err = |word: &str, message: String| NotationError {
            number,
            word: word.to_string(),
            message,
        };
        let piece = words[i];
        if !is_name(piece) {
            return Err(err(
                piece,
                format!(
                    "`{piece}` is not a piece's name (a piece is named by its cells, as `BC1`, `C34`, `D4` or `Key`)"
                ),
            ));
        }
        let Some(&what) = words.get(i + 1) else {
            return Err(err(
                piece,
                format!(
                    "`{piece}` is not followed by a direction and distance (`L1`) or a turn (`CW`, `CCW`, `180`)"
                ),
            ));
        };
        i += 2;
        let action = if let Some(turn) = read_turn(what) {
            Action::Turn(turn)
        } else if let Some((dir, attached)) = read_direction(what) {
            // The distance as typed, joined to the direction (`R2`) or the next word (`R 2`).
            let (distance, written) = match attached {
                Some(d) => (d, what.to_string()),
                None => match words
                    .get(i)
                    .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
                {
                    Some(w) => {
                        i += 1;
                        (whole_number(w), format!("{what} {w}"))
                    }
                    None => (1, what.to_string()),
                },
            };
            let distance = match u8::try_from(distance) {
                Ok(d) if (1..=10).contains(&d) => d,
                // Said as typed: a number past what the reader holds is as wrong as 11.
                _ => {
                    return Err(err(
                        what,
                        format!("`{piece} {written}`: a slide is 1 to 10 cells"),
                    ));
                }
            };
            Action::Slide { dir, distance }
        } else {
            return Err(err(
                what,
                format!(
                    "`{what}` is neither a direction with a distance (`L1`, `down 2`) nor a turn (`CW`, `CCW`, `180`)"
                ),
            ));
        };
        out.push(Written {
            piece: canonical_name(piece),
            action,
        });
    }
    Ok(out)
}

/// A move list in the canonical notation, moves separated by `, `.
pub fn format_moves(moves: &[Written]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_name(word: &str) -> bool {
    if word.eq_ignore_ascii_case("key") || word.eq_ignore_ascii_case("keyhole") {
        return true;
    }
    let letters = word.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    letters >= 1 && letters < word.len() && word.bytes().skip(letters).all(|b| b.is_ascii_digit())
}

fn canonical_name(word: &str) -> String {
    if word.eq_ignore_ascii_case("key") {
        "Key".into()
    } else if word.eq_ignore_ascii_case("keyhole") {
        "Keyhole".into()
    } else {
        word.to_ascii_uppercase()
    }
}

fn read_turn(word: &str) -> Option<Turn> {
    match word.to_ascii_lowercase().as_str() {
        "cw" | "90" => Some(Turn::Clockwise),
        "ccw" | "acw" | "-90" => Some(Turn::Anticlockwise),
        "180" => Some(Turn::Half),
        _ => None,
    }
}

/// A run of digits as a number, past `u64` as `u64::MAX` (too far all the same).
fn whole_number(digits: &str) -> u64 {
    digits.parse().unwrap_or(u64::MAX)
}

fn read_direction(word: &str) -> Option<(Dir, Option<u64>)> {
    let lower = word.to_ascii_lowercase();
    let split = lower
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (head, digits) = lower.split_at(split);
    let dir = match head {
        "l" | "left" => Dir::Left,
        "r" | "right" => Dir::Right,
        "u" | "up" => Dir::Up,
        "d" | "down" => Dir::Down,
        _ => return None,
    };
    if digits.is_empty() {
        return Some((dir, None));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((dir, Some(whole_number(digits))))
}

impl Piece {
    /// The cells the piece covers, named as the seed names pieces: `BC1` (columns B and C of
    /// row 1), `C34` (rows 3 and 4 of column C), `D4` (one cell).
    pub fn cells_name(&self) -> String {
        let cells: Vec<Cell> = self.cells().collect();
        match (self.length, self.orientation) {
            (0 | 1, _) => self.at.to_string(),
            (_, Orientation::Horizontal) => {
                let letters: String = cells.iter().map(|c| Cell::column_letter(c.col)).collect();
                format!("{letters}{}", self.at.row + 1)
            }
            (_, Orientation::Vertical) => {
                let rows: String = cells.iter().map(|c| (c.row + 1).to_string()).collect();
                format!("{}{rows}", Cell::column_letter(self.at.col))
            }
        }
    }
}

impl Lock {
    /// A piece's name where it lies now: `BC1`, `C34`, `D4`, `Key`, `Keyhole`.
    pub fn name(&self, piece: usize) -> String {
        let Some(p) = self.pieces.get(piece) else {
            return format!("#{piece}");
        };
        match p.kind {
            Kind::Key => "Key".into(),
            Kind::Keyhole => "Keyhole".into(),
            Kind::Axis | Kind::Slider => p.cells_name(),
        }
    }

    /// The piece called `name` here (any case). The Key and the Keyhole answer to their cells
    /// too (`AB3`), as every other piece is called by its cells.
    pub fn find(&self, name: &str) -> Option<usize> {
        (0..self.pieces.len())
            .find(|&i| self.name(i).eq_ignore_ascii_case(name))
            .or_else(|| {
                self.pieces.iter().position(|p| {
                    matches!(p.kind, Kind::Key | Kind::Keyhole)
                        && p.cells_name().eq_ignore_ascii_case(name)
                })
            })
    }

    /// A written move as a move on this lock, or why no piece answers to its name.
    pub fn resolve(&self, written: &Written) -> Result<Move, Refusal> {
        let piece = self
            .find(&written.piece)
            .ok_or_else(|| Refusal::NoSuchPiece {
                name: written.piece.clone(),
            })?;
        Ok(match written.action {
            Action::Slide { dir, distance } => Move::Slide {
                piece,
                dir,
                distance,
            },
            Action::Turn(turn) => Move::Turn { axis: piece, turn },
        })
    }

    /// A move on this lock as written, its piece named where it lies now.
    pub fn write(&self, mv: &Move) -> Written {
        match *mv {
            Move::Slide {
                piece,
                dir,
                distance,
            } => Written {
                piece: self.name(piece),
                action: Action::Slide { dir, distance },
            },
            Move::Turn { axis, turn } => Written {
                piece: self.name(axis),
                action: Action::Turn(turn),
            },
        }
    }

    /// Plays written moves one after another: the lock after each, or the number (from 1) of
    /// the first move the rules refuse and why.
    pub fn play(&self, moves: &[Written]) -> Result<Vec<Lock>, (usize, Refusal)> {
        let mut out: Vec<Lock> = Vec::with_capacity(moves.len());
        for (n, w) in moves.iter().enumerate() {
            let now = out.last().unwrap_or(self);
            let next = now
                .resolve(w)
                .and_then(|mv| now.apply(&mv))
                .map_err(|r| (n + 1, r))?;
            out.push(next);
        }
        Ok(out)
    }

    /// Writes a list of moves played from here, each piece named where it lies before its move.
    pub fn write_all(&self, moves: &[Move]) -> Vec<Written> {
        let mut now = self.clone();
        let mut out = Vec::new();
        for mv in moves {
            out.push(now.write(mv));
            match now.apply(mv) {
                Ok(next) => now = next,
                Err(_) => break,
            }
        }
        out
    }
}
