//! A parsed nonogram file: the puzzle, the lines the format does not know, and the comments that
//! travel with its lines.

use engine::nonogram::{Puzzle, PuzzleInfo};
use std::collections::BTreeMap;

/// One line-sized item of a nonogram file, in canonical order. Comments attach to items.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// `catalogue`.
    Catalogue,
    /// `title`.
    Title,
    /// `by`.
    By,
    /// `copyright`.
    Copyright,
    /// `license`.
    License,
    /// The n-th line the format does not know, from 0 (kept as written).
    Unknown(usize),
    /// `width`.
    Width,
    /// `height`.
    Height,
    /// The `rows` header.
    Rows,
    /// A row's clue, from 0 at the top.
    RowClue(usize),
    /// The `columns` header.
    Columns,
    /// A column's clue, from 0 at the left.
    ColumnClue(usize),
    /// `goal`.
    Goal,
}

/// Comments kept from a file, so that formatting never loses them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comments {
    /// Whole-line comments before the file's first item: the file's header, which stays at
    /// the top whatever line comes first in canonical order.
    pub head: Vec<String>,
    /// Whole-line comments standing before an item, in order, each with its `#`.
    pub leading: BTreeMap<Item, Vec<String>>,
    /// A comment at the end of an item's line, with its `#`.
    pub trailing: BTreeMap<Item, String>,
    /// Whole-line comments after the last item.
    pub tail: Vec<String>,
}

/// A puzzle with the rest of the file it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Lines the format does not know (the community format says to ignore them; Lockwright
    /// keeps them), each as written without its trailing comment, in file order.
    pub unknown: Vec<String>,
    /// Its file's comments.
    pub comments: Comments,
}

impl Document {
    /// A document with no comments and no unknown lines.
    pub fn new(puzzle: Puzzle) -> Document {
        Document {
            puzzle,
            unknown: Vec::new(),
            comments: Comments::default(),
        }
    }
}

/// An empty puzzle of no size, the start of a document being read.
pub(crate) fn empty_puzzle() -> Puzzle {
    Puzzle {
        info: PuzzleInfo::default(),
        width: 0,
        height: 0,
        rows: Vec::new(),
        columns: Vec::new(),
        goal: None,
    }
}
