//! Where a match's rounds come from: the seeded generator, or a round file an organiser
//! writes.
//!
//! A round file is TOML, one `[[round]]` table a round, each a board drawn row by row (top row
//! first, so the last line is row 1; `.` a light cell, `#` a dark one) and the pieces offered,
//! numbered from 1 in the order written:
//!
//! ```toml
//! [[round]]
//! board = """
//! . . . . . .
//! . . # . . .
//! . . . . . .
//! . . . . . .
//! """
//! pieces = ["h2", "h3", "v2", "v3", "axis"]
//! ```
//!
//! A match with fewer rounds in its file than it plays starts the file again.

use engine::sliding::{Board, Cell, MAX_SIDE};
use rules::death_match::{OfferedPiece, Round, Shape, generate};
use serde::{Deserialize, Serialize};

/// Where a match's rounds come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum RoundSource {
    /// The generator, from a seed.
    Seeded {
        /// The seed.
        seed: u64,
    },
    /// An organiser's rounds, in order.
    Written {
        /// The rounds.
        rounds: Vec<Round>,
    },
}

impl RoundSource {
    /// Round `number` (from 1).
    pub fn round(&self, number: u8) -> Round {
        match self {
            RoundSource::Seeded { seed } => generate::round(*seed, number),
            RoundSource::Written { rounds } => {
                let i = usize::from(number.max(1) - 1) % rounds.len().max(1);
                rounds
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| generate::round(0, number))
            }
        }
    }
}

/// Why a round file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundFileError {
    /// Not TOML of the round file's shape.
    #[error("the round file does not read: {0}")]
    Syntax(String),
    /// No round in it.
    #[error("the round file has no [[round]]")]
    Empty,
    /// A round's board or pieces are wrong.
    #[error("round {round}: {what}")]
    Round {
        /// The round, from 1.
        round: usize,
        /// What is wrong, and where.
        what: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    round: Vec<RoundText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundText {
    board: String,
    pieces: Vec<String>,
}

/// Reads a round file.
pub fn read_round_file(text: &str) -> Result<Vec<Round>, RoundFileError> {
    let file: File = toml::from_str(text).map_err(|e| RoundFileError::Syntax(e.to_string()))?;
    if file.round.is_empty() {
        return Err(RoundFileError::Empty);
    }
    file.round
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let fail = |what: String| RoundFileError::Round { round: i + 1, what };
            let board = read_board(&r.board).map_err(fail)?;
            let offered = r
                .pieces
                .iter()
                .enumerate()
                .map(|(k, word)| {
                    Shape::try_from(word.clone())
                        .map(|shape| OfferedPiece {
                            id: k as u32 + 1,
                            shape,
                        })
                        .map_err(|e| fail(format!("piece {}: {e}", k + 1)))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let round = Round { board, offered };
            round.check().map_err(|e| fail(e.to_string()))?;
            Ok(round)
        })
        .collect()
}

/// A board drawn row by row, top row first: `.` light, `#` dark, or `*` dark as a lock file
/// draws it (a picture copied from one reads the same).
fn read_board(picture: &str) -> Result<Board, String> {
    let rows: Vec<Vec<char>> = picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if !(2..=usize::from(MAX_SIDE)).contains(&height)
        || !(2..=usize::from(MAX_SIDE)).contains(&width)
    {
        return Err(format!(
            "the board is {width}×{height}: boards are 2×2 to {MAX_SIDE}×{MAX_SIDE}"
        ));
    }
    let mut board = Board::new(width as u8, height as u8);
    for (k, row) in rows.iter().enumerate() {
        let number = height - k;
        if row.len() != width {
            return Err(format!(
                "board row {number} has {} cells, the top row {width}",
                row.len()
            ));
        }
        for (col, &c) in row.iter().enumerate() {
            let cell = Cell::new(col as u8, (number - 1) as u8);
            match c {
                '.' => {}
                '#' | '*' => board.set_dark(cell, true),
                other => {
                    return Err(format!(
                        "cell {cell} is {other:?}: draw light cells with . and dark ones with # (or *)"
                    ));
                }
            }
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"
[[round]]
board = """
. . . #
. . . .
. . . .
"""
pieces = ["h2", "v3", "axis"]
"#;

    #[test]
    fn a_round_file_gives_boards_and_numbered_pieces() {
        let rounds = read_round_file(FILE).expect("reads");
        assert_eq!(rounds.len(), 1);
        let r = &rounds[0];
        assert_eq!((r.board.width(), r.board.height()), (4, 3));
        assert!(
            r.board.is_dark(Cell::new(3, 2)),
            "d3 is dark: the top row is row 3"
        );
        assert_eq!(r.offered[2].id, 3);
        assert_eq!(r.offered[2].shape, Shape::Axis);
        // A board copied from a lock file's picture, its dark cells `*`, reads the same.
        let copied = read_round_file(&FILE.replace(". . . #", ". . . *")).expect("reads");
        assert_eq!(copied, rounds);
    }

    #[test]
    fn a_wrong_round_file_says_which_round_and_what() {
        let bad = FILE.replace("\"axis\"", "\"axle\"");
        let e = read_round_file(&bad).expect_err("refused").to_string();
        assert!(e.contains("round 1") && e.contains("piece 3"), "{e}");
        let ragged = FILE.replace(". . . #", ". . #");
        let e = read_round_file(&ragged).expect_err("refused").to_string();
        assert!(e.contains("row 3"), "{e}");
        assert_eq!(read_round_file(""), Err(RoundFileError::Empty));
        assert!(matches!(
            read_round_file("[[round]]\nboard = 3"),
            Err(RoundFileError::Syntax(_))
        ));
    }

    #[test]
    fn written_rounds_start_again_when_the_match_outlasts_them() {
        let rounds = read_round_file(FILE).expect("reads");
        let source = RoundSource::Written {
            rounds: rounds.clone(),
        };
        assert_eq!(source.round(3), rounds[0]);
    }
}
