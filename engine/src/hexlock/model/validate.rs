//! Validation: every reason a lock is not a lock, each with its place.

use super::Lock;
use super::frame;
use super::piece::{Anchor, Block, PieceRef, Pivot, Spring};
use crate::hex::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What kind of problem a lock has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ProblemKind {
    /// The size is outside 3..=11.
    SizeOutOfRange,
    /// A piece's name is not one its kind may have.
    BadName,
    /// Two pieces of one kind share a name.
    DuplicateName,
    /// A block or the wrench covers no cell.
    EmptyPiece,
    /// A block or the wrench is not one connected shape.
    DisconnectedPiece,
    /// A pivot names one arm direction twice.
    DuplicateArm,
    /// A piece covers a cell outside the playing area.
    OutsideLock,
    /// Two pieces cover one cell.
    Overlap,
    /// The lock has no hook or no wrench.
    MissingTool,
    /// The lock has more than one hook or more than one wrench.
    ExtraTool,
    /// A spring names a root or end piece the lock does not have.
    UnknownPiece,
    /// A spring's attachment cell is not a cell of its piece.
    SpringNotAttached,
    /// A spring's root and end are the same block.
    SpringToItself,
    /// A spring's two ends are not on one hex line.
    SpringOffLine,
    /// A spring runs through its own root or end piece.
    SpringThroughPiece,
    /// A spring's natural length is out of range, or it is stretched past its limit.
    SpringTooLong,
    /// A spring's natural length is below 1.
    SpringTooShort,
    /// The springs between blocks form a cycle.
    CyclicSprings,
}

/// One problem: its kind, a sentence in the game's words, and the cells it concerns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// What kind of problem.
    pub kind: ProblemKind,
    /// What is wrong, in the game's words.
    pub message: String,
    /// The pieces it concerns.
    pub pieces: Vec<PieceRef>,
    /// The cells it concerns (may be empty, e.g. for a bad size).
    pub cells: Vec<Hex>,
    /// The index of the spring it concerns, if any.
    pub spring: Option<usize>,
}

impl Problem {
    fn new(kind: ProblemKind, message: impl Into<String>) -> Problem {
        Problem {
            kind,
            message: message.into(),
            pieces: Vec::new(),
            cells: Vec::new(),
            spring: None,
        }
    }

    fn at(mut self, cells: impl IntoIterator<Item = Hex>) -> Problem {
        self.cells.extend(cells);
        self
    }

    fn on(mut self, piece: PieceRef) -> Problem {
        self.pieces.push(piece);
        self
    }

    fn spring(mut self, index: usize) -> Problem {
        self.spring = Some(index);
        self
    }
}

/// Every problem with a lock, in a stable order; empty when it is valid.
pub fn validate(lock: &Lock) -> Vec<Problem> {
    let mut out = Vec::new();
    check_size(lock, &mut out);
    check_names(lock, &mut out);
    check_shapes(lock, &mut out);
    check_placement(lock, &mut out);
    check_tools(lock, &mut out);
    check_springs(lock, &mut out);
    check_spring_cycles(lock, &mut out);
    out
}

fn check_size(lock: &Lock, out: &mut Vec<Problem>) {
    if !frame::size_in_range(lock.size) {
        out.push(Problem::new(
            ProblemKind::SizeOutOfRange,
            format!(
                "size {} is out of range: a lock's size is from {} to {}",
                lock.size,
                frame::MIN_SIZE,
                frame::MAX_SIZE
            ),
        ));
    }
}

fn check_names(lock: &Lock, out: &mut Vec<Problem>) {
    let mut seen = BTreeSet::new();
    for b in &lock.blocks {
        if !Block::is_valid_name(b.name) {
            out.push(
                Problem::new(
                    ProblemKind::BadName,
                    format!(
                        "{:?} cannot name a block: use a letter other than o and O",
                        b.name
                    ),
                )
                .on(PieceRef::Block(b.name))
                .at(b.cells.iter().copied()),
            );
        }
        if !seen.insert(b.name) {
            out.push(
                Problem::new(
                    ProblemKind::DuplicateName,
                    format!("two blocks are named {}", b.name),
                )
                .on(PieceRef::Block(b.name))
                .at(b.cells.iter().copied()),
            );
        }
    }
    let mut seen = BTreeSet::new();
    for p in &lock.pivots {
        if !Pivot::is_valid_name(p.name) {
            out.push(
                Problem::new(
                    ProblemKind::BadName,
                    format!("{:?} cannot name a pivot: use a digit", p.name),
                )
                .on(PieceRef::Pivot(p.name))
                .at([p.hub]),
            );
        }
        if !seen.insert(p.name) {
            out.push(
                Problem::new(
                    ProblemKind::DuplicateName,
                    format!("two pivots are named {}", p.name),
                )
                .on(PieceRef::Pivot(p.name))
                .at([p.hub]),
            );
        }
        let arms: BTreeSet<_> = p.arms.iter().collect();
        if arms.len() != p.arms.len() {
            out.push(
                Problem::new(
                    ProblemKind::DuplicateArm,
                    format!("pivot {} has two arms pointing the same way", p.name),
                )
                .on(PieceRef::Pivot(p.name))
                .at([p.hub]),
            );
        }
    }
}

fn check_shapes(lock: &Lock, out: &mut Vec<Problem>) {
    let shapes = lock
        .blocks
        .iter()
        .map(|b| (PieceRef::Block(b.name), &b.cells))
        .chain(
            lock.wrenches
                .iter()
                .enumerate()
                .map(|(i, w)| (PieceRef::Wrench(i), &w.cells)),
        );
    for (piece, cells) in shapes {
        if cells.is_empty() {
            out.push(
                Problem::new(ProblemKind::EmptyPiece, format!("{piece} covers no cell")).on(piece),
            );
        } else if !is_connected(cells) {
            out.push(
                Problem::new(
                    ProblemKind::DisconnectedPiece,
                    format!("{piece} is not connected: its cells form more than one shape"),
                )
                .on(piece)
                .at(cells.iter().copied()),
            );
        }
    }
}

/// Whether a set of cells is one connected shape (edge-adjacent steps).
pub fn is_connected(cells: &[Hex]) -> bool {
    let set: BTreeSet<Hex> = cells.iter().copied().collect();
    let Some(&start) = set.iter().next() else {
        return true;
    };
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for n in c.neighbours() {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

fn check_placement(lock: &Lock, out: &mut Vec<Problem>) {
    let mut owner: BTreeMap<Hex, PieceRef> = BTreeMap::new();
    for (piece, cells) in lock.pieces() {
        let outside: Vec<Hex> = cells
            .iter()
            .copied()
            .filter(|&c| !frame::in_area(lock.size, c))
            .collect();
        if !outside.is_empty() && frame::size_in_range(lock.size) {
            out.push(
                Problem::new(
                    ProblemKind::OutsideLock,
                    format!(
                        "{piece} lies outside the lock (beyond its size {})",
                        lock.size
                    ),
                )
                .on(piece)
                .at(outside),
            );
        }
        for c in cells {
            match owner.get(&c) {
                Some(&other) if other != piece => out.push(
                    Problem::new(ProblemKind::Overlap, format!("{piece} overlaps {other}"))
                        .on(other)
                        .on(piece)
                        .at([c]),
                ),
                _ => {
                    owner.insert(c, piece);
                }
            }
        }
    }
}

fn check_tools(lock: &Lock, out: &mut Vec<Problem>) {
    let counts = [("hook", lock.hooks.len()), ("wrench", lock.wrenches.len())];
    for (tool, n) in counts {
        if n == 0 {
            out.push(Problem::new(
                ProblemKind::MissingTool,
                format!("the lock has no {tool}"),
            ));
        } else if n > 1 {
            let cells: Vec<Hex> = if tool == "hook" {
                lock.hooks.iter().map(|h| h.hub).collect()
            } else {
                lock.wrenches
                    .iter()
                    .flat_map(|w| w.cells.iter().copied())
                    .collect()
            };
            out.push(
                Problem::new(
                    ProblemKind::ExtraTool,
                    format!("the lock has {n} {tool}es; it must have exactly one")
                        .replace("hookes", "hooks"),
                )
                .at(cells),
            );
        }
    }
}

fn anchor_cells(lock: &Lock, anchor: Anchor) -> Option<(PieceRef, Vec<Hex>)> {
    match anchor {
        Anchor::Block(n) => lock.block(n).map(|b| (PieceRef::Block(n), b.cells.clone())),
        Anchor::Pivot(n) => lock.pivot(n).map(|p| (PieceRef::Pivot(n), p.cells())),
    }
}

fn check_springs(lock: &Lock, out: &mut Vec<Problem>) {
    for (i, s) in lock.springs.iter().enumerate() {
        let ends = [s.root_cell, s.end_cell];
        let root = anchor_cells(lock, s.root);
        let end = lock.block(s.end);
        let root_desc = match s.root {
            Anchor::Block(n) => format!("block {n}"),
            Anchor::Pivot(n) => format!("pivot {n}"),
        };
        if root.is_none() {
            out.push(
                Problem::new(
                    ProblemKind::UnknownPiece,
                    format!("a spring is rooted in {root_desc}, which the lock does not have"),
                )
                .spring(i)
                .at(ends),
            );
        }
        if end.is_none() {
            out.push(
                Problem::new(
                    ProblemKind::UnknownPiece,
                    format!(
                        "a spring ends at block {}, which the lock does not have",
                        s.end
                    ),
                )
                .spring(i)
                .at(ends),
            );
        }
        if s.root == Anchor::Block(s.end) {
            out.push(
                Problem::new(
                    ProblemKind::SpringToItself,
                    format!("a spring from block {} ends at the same block", s.end),
                )
                .spring(i)
                .at(ends),
            );
        }
        if let Some((piece, _)) = &root {
            let attached = match s.root {
                Anchor::Pivot(n) => lock.pivot(n).is_some_and(|p| p.hub == s.root_cell),
                Anchor::Block(n) => lock
                    .block(n)
                    .is_some_and(|b| b.cells.contains(&s.root_cell)),
            };
            if !attached {
                let place = if matches!(s.root, Anchor::Pivot(_)) {
                    "the hub of"
                } else {
                    "a cell of"
                };
                out.push(
                    Problem::new(
                        ProblemKind::SpringNotAttached,
                        format!("a spring's root is not attached at {place} {piece}"),
                    )
                    .spring(i)
                    .on(*piece)
                    .at([s.root_cell]),
                );
            }
        }
        if let Some(b) = end
            && !b.cells.contains(&s.end_cell)
        {
            out.push(
                Problem::new(
                    ProblemKind::SpringNotAttached,
                    format!(
                        "a spring's end is not attached at a cell of block {}",
                        b.name
                    ),
                )
                .spring(i)
                .on(PieceRef::Block(b.name))
                .at([s.end_cell]),
            );
        }
        if s.natural_length < 1 {
            out.push(
                Problem::new(
                    ProblemKind::SpringTooShort,
                    format!(
                        "a spring's natural length is {}; it must be at least 1",
                        s.natural_length
                    ),
                )
                .spring(i)
                .at(ends),
            );
        } else if s.natural_length > Spring::max_natural_length(lock.size) {
            out.push(
                Problem::new(
                    ProblemKind::SpringTooLong,
                    format!(
                        "a spring's natural length is {}; in a size {} lock it may be at most {}",
                        s.natural_length,
                        lock.size,
                        Spring::max_natural_length(lock.size)
                    ),
                )
                .spring(i)
                .at(ends),
            );
        }
        match s.line() {
            None => out.push(
                Problem::new(
                    ProblemKind::SpringOffLine,
                    "a spring's two ends are not on one hex line",
                )
                .spring(i)
                .at(ends),
            ),
            Some((_, len)) => {
                if s.natural_length >= 1 && len > s.max_length() {
                    out.push(
                        Problem::new(
                            ProblemKind::SpringTooLong,
                            format!(
                                "a spring of natural length {} is stretched to {}; it may stretch to at most {}",
                                s.natural_length,
                                len,
                                s.max_length()
                            ),
                        )
                        .spring(i)
                        .at(ends),
                    );
                }
                // A pivot's arms turn while its springs stay put at the hub, so only the hub
                // counts as the root's own cell.
                let mut own: Vec<Hex> = match s.root {
                    Anchor::Pivot(_) => vec![s.root_cell],
                    Anchor::Block(_) => root.map(|(_, c)| c).unwrap_or_default(),
                };
                own.extend(end.map(|b| b.cells.clone()).unwrap_or_default());
                let crossed: Vec<Hex> = s.run().into_iter().filter(|c| own.contains(c)).collect();
                if !crossed.is_empty() {
                    out.push(
                        Problem::new(
                            ProblemKind::SpringThroughPiece,
                            "a spring runs through its own root or end piece",
                        )
                        .spring(i)
                        .at(crossed),
                    );
                }
            }
        }
    }
}

fn check_spring_cycles(lock: &Lock, out: &mut Vec<Problem>) {
    // Edges between blocks only: a pivot root can never be on a cycle, since no spring ends at
    // a pivot.
    let mut edges: BTreeMap<char, Vec<char>> = BTreeMap::new();
    for s in &lock.springs {
        if let Anchor::Block(root) = s.root {
            edges.entry(root).or_default().push(s.end);
        }
    }
    // Depth-first search with colours; each cycle is reported once, at its first block.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    let mut marks: BTreeMap<char, Mark> = BTreeMap::new();
    let mut reported = BTreeSet::new();
    fn visit(
        node: char,
        edges: &BTreeMap<char, Vec<char>>,
        marks: &mut BTreeMap<char, Mark>,
        path: &mut Vec<char>,
        cycles: &mut Vec<Vec<char>>,
    ) {
        marks.insert(node, Mark::Open);
        path.push(node);
        for &next in edges.get(&node).map(Vec::as_slice).unwrap_or(&[]) {
            match marks.get(&next) {
                Some(Mark::Open) => {
                    let start = path.iter().position(|&c| c == next).unwrap_or(0);
                    cycles.push(path[start..].to_vec());
                }
                Some(Mark::Done) => {}
                None => visit(next, edges, marks, path, cycles),
            }
        }
        path.pop();
        marks.insert(node, Mark::Done);
    }
    let mut cycles = Vec::new();
    let nodes: Vec<char> = edges.keys().copied().collect();
    for n in nodes {
        if !marks.contains_key(&n) {
            visit(n, &edges, &mut marks, &mut Vec::new(), &mut cycles);
        }
    }
    for cycle in cycles {
        let mut key = cycle.clone();
        key.sort();
        if !reported.insert(key) {
            continue;
        }
        let names: Vec<String> = cycle.iter().map(|c| c.to_string()).collect();
        let mut p = Problem::new(
            ProblemKind::CyclicSprings,
            format!(
                "springs form a cycle: {} -> {}; the springs between blocks must not loop",
                names.join(" -> "),
                names[0]
            ),
        );
        for &c in &cycle {
            p = p.on(PieceRef::Block(c));
            if let Some(b) = lock.block(c) {
                p = p.at(b.cells.iter().copied());
            }
        }
        out.push(p);
    }
}
