//! A board file's content: the challenge, what its author says of it, its unknown lines and its
//! comments.

use engine::quadrillion::{Board, Challenge, GridId, ShapeId};

pub use crate::info::Info;

/// A line of a board file that comments attach to, in canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Line {
    /// `title`.
    Title,
    /// `by`.
    By,
    /// `source`.
    Source,
    /// `license`.
    License,
    /// The n-th `note` (from 0).
    Note(usize),
    /// The n-th unknown line (from 0).
    Unknown(usize),
    /// A grid.
    Grid(GridId),
    /// A shape.
    Shape(ShapeId),
}

/// Comments, each kept with the line it stands before or on.
pub type Comments = crate::lines::Comments<Line>;

impl crate::lines::AuthorLine for Line {
    fn property(p: crate::lines::Property) -> Line {
        use crate::lines::Property;
        match p {
            Property::Title => Line::Title,
            Property::By => Line::By,
            Property::Source => Line::Source,
            Property::License => Line::License,
            Property::Note(i) => Line::Note(i),
        }
    }

    fn unknown(n: usize) -> Line {
        Line::Unknown(n)
    }
}

/// A board file: a challenge and what the file says around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The board and the shapes already placed.
    pub challenge: Challenge,
    /// Title, author, source, licence, notes.
    pub info: Info,
    /// Lines the format does not know, kept as written (without their end-of-line comment).
    pub unknown: Vec<String>,
    /// The comments.
    pub comments: Comments,
}

impl Document {
    /// A document of `challenge` with nothing else said.
    pub fn new(challenge: Challenge) -> Document {
        Document {
            challenge,
            info: Info::default(),
            unknown: Vec::new(),
            comments: Comments::default(),
        }
    }

    /// The seed's default board, titled, for `new --kind quadrillion`.
    pub fn default_board() -> Document {
        let mut d = Document::new(Challenge::empty(Board::default_board()));
        d.info.title = Some("Default board".into());
        d
    }
}
