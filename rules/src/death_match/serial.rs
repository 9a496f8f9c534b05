//! How the match's values travel as JSON and sit in the database: a lock as the text of a
//! `.slide` file (what players write and read anyway), a board as its size and dark cells, a
//! piece's shape as a short word (`h3`, `v2`, `axis`).

use super::round::Shape;
use engine::sliding::{Board, Cell, Lock, MAX_SIDE, Orientation};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A lock as the text of its `.slide` file.
pub mod lock {
    use super::*;
    use lockfmt::sliding::{Document, parse, print};

    /// Writes the lock as a `.slide` file.
    pub fn serialize<S: Serializer>(lock: &Lock, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&print(&Document::new(lock.clone())))
    }

    /// Reads a `.slide` file: any error is refused, with its line and column.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lock, D::Error> {
        let text = String::deserialize(d)?;
        read(&text).map_err(serde::de::Error::custom)
    }

    /// The lock a `.slide` text holds, or every error in it, each with its place.
    pub fn read(text: &str) -> Result<Lock, String> {
        let parsed = parse(text);
        let errors: Vec<String> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| {
                format!(
                    "line {}, column {}: {}",
                    d.span.line, d.span.column, d.message
                )
            })
            .collect();
        match parsed.document {
            Some(doc) if errors.is_empty() => Ok(doc.lock),
            _ if errors.is_empty() => Err("the lock cannot be read".into()),
            _ => Err(errors.join("; ")),
        }
    }

    /// The `.slide` text of a lock.
    pub fn write(lock: &Lock) -> String {
        print(&Document::new(lock.clone()))
    }
}

/// A board as `{width, height, dark: ["a1", …]}`.
pub mod board {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Wire {
        width: u8,
        height: u8,
        #[serde(default)]
        dark: Vec<String>,
    }

    /// Writes the board.
    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        let dark = engine::sliding::cell::cells_of(board.dark())
            .map(|c| c.to_string())
            .collect();
        Wire {
            width: board.width(),
            height: board.height(),
            dark,
        }
        .serialize(s)
    }

    /// Reads a board; sizes are 2 to 11 and dark cells must lie on it.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let w = Wire::deserialize(d)?;
        build(w.width, w.height, &w.dark).map_err(serde::de::Error::custom)
    }

    /// A board of a size with these dark cells, or why not.
    pub fn build(width: u8, height: u8, dark: &[String]) -> Result<Board, String> {
        for (name, n) in [("width", width), ("height", height)] {
            if !(2..=MAX_SIDE).contains(&n) {
                return Err(format!(
                    "the board's {name} is {n}: it must be 2 to {MAX_SIDE}"
                ));
            }
        }
        let mut board = Board::new(width, height);
        for name in dark {
            let cell = Cell::parse(name)
                .filter(|&c| board.contains(c))
                .ok_or_else(|| {
                    format!("dark cell {name:?} is not a cell of a {width}×{height} board")
                })?;
            board.set_dark(cell, true);
        }
        Ok(board)
    }
}

impl From<Shape> for String {
    fn from(shape: Shape) -> String {
        match shape {
            Shape::Slider {
                orientation: Orientation::Horizontal,
                length,
            } => format!("h{length}"),
            Shape::Slider {
                orientation: Orientation::Vertical,
                length,
            } => format!("v{length}"),
            Shape::Axis => "axis".into(),
        }
    }
}

impl TryFrom<String> for Shape {
    type Error = String;

    fn try_from(word: String) -> Result<Shape, String> {
        let bad = || {
            format!(
                "{word:?} is not a piece: write h2…h{MAX_SIDE} (horizontal), v2…v{MAX_SIDE} \
                 (vertical) or axis"
            )
        };
        if word == "axis" {
            return Ok(Shape::Axis);
        }
        let (orientation, rest) = match word.split_at_checked(1) {
            Some(("h", rest)) => (Orientation::Horizontal, rest),
            Some(("v", rest)) => (Orientation::Vertical, rest),
            _ => return Err(bad()),
        };
        let length: u8 = rest.parse().map_err(|_| bad())?;
        if !(2..=MAX_SIDE).contains(&length) {
            return Err(bad());
        }
        Ok(Shape::Slider {
            orientation,
            length,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Event, OfferedPiece, Round};
    use super::*;

    #[test]
    fn shapes_are_short_words_both_ways() {
        for word in ["h2", "v11", "axis"] {
            let shape = Shape::try_from(word.to_string()).expect(word);
            assert_eq!(String::from(shape), word);
        }
        for bad in ["h1", "v12", "x3", "", "h", "axes"] {
            assert!(Shape::try_from(bad.to_string()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_round_travels_as_json_and_back() {
        let mut board = Board::new(6, 5);
        board.set_dark(Cell::new(0, 4), true);
        let round = Round {
            board,
            offered: vec![
                OfferedPiece {
                    id: 1,
                    shape: Shape::horizontal(3),
                },
                OfferedPiece {
                    id: 2,
                    shape: Shape::Axis,
                },
            ],
        };
        let json = serde_json::to_string(&round).expect("json");
        assert!(json.contains("\"A5\""), "{json}");
        assert!(json.contains("\"h3\""), "{json}");
        let back: Round = serde_json::from_str(&json).expect("back");
        assert_eq!(back, round);
    }

    #[test]
    fn a_board_off_the_grid_is_refused_with_where() {
        let e = board::build(4, 4, &["e1".into()]).expect_err("off the board");
        assert!(e.contains("e1"), "{e}");
        assert!(board::build(12, 4, &[]).is_err());
    }

    #[test]
    fn actions_and_events_read_back() {
        for action in [
            Action::Draft(3),
            Action::StopDrafting,
            Action::SubmitSolution("Key R1".into()),
            Action::Countersolve(true),
        ] {
            let json = serde_json::to_string(&action).expect("json");
            assert_eq!(serde_json::from_str::<Action>(&json).expect("back"), action);
        }
        let e = Event::StoppedDrafting {
            player: super::super::Player::Challenged,
        };
        let json = serde_json::to_string(&e).expect("json");
        assert_eq!(json, r#"{"type":"stopped-drafting","player":"challenged"}"#);
    }

    #[test]
    fn an_unreadable_lock_says_where() {
        let e = lock::read("this is not a lock").expect_err("refused");
        assert!(e.contains("line 1"), "{e}");
    }
}
