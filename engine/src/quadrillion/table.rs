//! The seed's controller: the table on which grids and shapes lie, in three layers — the ground,
//! the grids, the shapes — and the rules that keep them there.
//!
//! The player **picks** items, moves, turns and flips them while they are held, and **releases**
//! them; or **unpicks** them, which puts them back as they were when picked. The rules, each
//! refused with a [`RuleBroken`] that names it:
//!
//! - picking a grid requires picking the shapes over it;
//! - a grid may lie on the ground but never over a shape, nor over another grid;
//! - a shape lies wholly on the ground or wholly on open dots of grids, never over another shape;
//! - nothing is released off the table;
//! - a release that breaks a rule is refused and the items stay picked.
//!
//! Releasing checks the grids first, then the shapes over the grids as they now lie, as the seed
//! does. A challenge's own shapes are **fixed**: they cannot be picked, and so neither can the
//! grids under them (Lockwright's choice: a challenge is played around what it placed).

use super::board::{Board, Challenge, Placement};
use super::dot::{Dot, Orientation, bounds};
use super::grid::{GRID_SIZE, GridId, GridPlacement};
use super::shape::ShapeId;
use thiserror::Error;

/// A shape or a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    /// A shape.
    Shape(ShapeId),
    /// A grid.
    Grid(GridId),
}

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Item::Shape(s) => write!(f, "shape {s}"),
            Item::Grid(g) => write!(f, "grid {g}"),
        }
    }
}

/// A rule of the table that an action would break.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleBroken {
    /// Nothing is held.
    #[error("nothing is picked")]
    NothingPicked,
    /// Items are held already: release or unpick them first.
    #[error("items are picked already: release or unpick them first")]
    AlreadyPicked,
    /// Nothing was chosen to pick.
    #[error("nothing to pick there")]
    NothingThere,
    /// The challenge placed this shape.
    #[error("shape {0} belongs to the challenge and stays where it is")]
    FixedShape(ShapeId),
    /// A grid was picked without the shapes over it.
    #[error("picking grid {grid} requires picking the shapes over it: {}", letters(.shapes))]
    ShapesOnGrid {
        /// The grid.
        grid: GridId,
        /// The shapes over it that were not picked.
        shapes: Vec<ShapeId>,
    },
    /// An item would leave the table.
    #[error("{0} would leave the table")]
    OffTable(Item),
    /// Two grids would overlap.
    #[error("grids {0} and {1} would overlap")]
    GridsOverlap(GridId, GridId),
    /// A grid would lie over a shape.
    #[error("grid {0} would lie over shape {1}: a grid may lie on the ground, never over a shape")]
    GridOverShape(GridId, ShapeId),
    /// Two shapes would overlap.
    #[error("shapes {0} and {1} would overlap")]
    ShapesOverlap(ShapeId, ShapeId),
    /// A shape would lie partly on the ground and partly on grids.
    #[error(
        "shape {0} would lie partly on a grid: a shape lies wholly on the ground or wholly on grids"
    )]
    ShapePartlyOnGrid(ShapeId),
    /// A shape would cover a closed dot.
    #[error("shape {0} would cover a closed dot at row {row}, column {col}", row = .1.row, col = .1.col)]
    ShapeOnClosedDot(ShapeId, Dot),
}

fn letters(shapes: &[ShapeId]) -> String {
    shapes
        .iter()
        .map(|s| s.letter().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where every item lies.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    shapes: [Placement; 12],
    grids: [GridPlacement; 4],
    /// The shapes on grids in the order they were released there (latest last).
    order: Vec<ShapeId>,
}

/// The table: its size, where every item lies, what is held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    rows: i32,
    cols: i32,
    now: Layout,
    start: Layout,
    fixed: Vec<ShapeId>,
    picked: Vec<Item>,
    /// Where the picked items were when picked.
    snapshot: Option<Layout>,
}

/// The dots kept free around the board and between shapes on the ground.
const GAP: i32 = 1;

/// The table is at least this many dots wide, so that the shapes waiting on the ground lie in
/// two rows below the board.
const TRAY_WIDTH: i32 = 26;

impl Table {
    /// A table with `challenge`'s board near its top-left, the challenge's shapes on it (fixed
    /// when `fixed`), and every other shape on the ground below the board, unturned.
    pub fn new(challenge: &Challenge, fixed: bool) -> Table {
        let ch = challenge.normalised();
        let by = Dot::new(GAP, GAP);
        let board = ch.board.moved(by);
        let (h, w) = ch.board.size();
        let width = (w + 2 * GAP).max(TRAY_WIDTH);
        let mut grids = GridId::ALL.map(|g| GridPlacement {
            grid: g,
            side: Default::default(),
            turns: 0,
            at: Dot::new(0, 0),
        });
        // Grids missing from the board lie on the ground to its right.
        let mut spare = w + 2 * GAP;
        for (i, g) in GridId::ALL.into_iter().enumerate() {
            grids[i] = match board.grid(g) {
                Some(p) => *p,
                None => {
                    let p = GridPlacement {
                        at: Dot::new(GAP, spare),
                        ..grids[i]
                    };
                    spare += GRID_SIZE + GAP;
                    p
                }
            };
        }
        let width = width.max(spare);
        let mut shapes = ShapeId::ALL.map(|s| Placement {
            shape: s,
            orientation: Orientation::default(),
            at: Dot::new(0, 0),
        });
        let mut order = Vec::new();
        let (mut row, mut col, mut shelf) = (h + 2 * GAP, GAP, 0);
        for s in ShapeId::ALL {
            if let Some(p) = ch.placed.iter().find(|p| p.shape == s) {
                shapes[s.index()] = Placement {
                    at: p.at.offset(by),
                    ..*p
                };
                order.push(s);
                continue;
            }
            let dots = s.oriented(Orientation::default());
            let (sh, sw) = dots
                .iter()
                .fold((0, 0), |(a, b), d| (a.max(d.row + 1), b.max(d.col + 1)));
            if col + sw > width - GAP {
                row += shelf + GAP;
                col = GAP;
                shelf = 0;
            }
            shapes[s.index()].at = Dot::new(row, col);
            col += sw + GAP;
            shelf = shelf.max(sh);
        }
        let layout = Layout {
            shapes,
            grids,
            order,
        };
        Table {
            rows: row + shelf + GAP,
            cols: width,
            start: layout.clone(),
            now: layout,
            fixed: if fixed {
                ch.placed.iter().map(|p| p.shape).collect()
            } else {
                Vec::new()
            },
            picked: Vec::new(),
            snapshot: None,
        }
    }

    /// The table's size in dots: rows and columns.
    pub fn size(&self) -> (i32, i32) {
        (self.rows, self.cols)
    }

    /// Where a shape lies.
    pub fn shape(&self, s: ShapeId) -> Placement {
        self.now.shapes[s.index()]
    }

    /// Where a grid lies.
    pub fn grid(&self, g: GridId) -> GridPlacement {
        self.now.grids[g.index()]
    }

    /// What is held.
    pub fn picked(&self) -> &[Item] {
        &self.picked
    }

    /// Whether the challenge placed `s`.
    pub fn is_fixed(&self, s: ShapeId) -> bool {
        self.fixed.contains(&s)
    }

    /// The board the grids make (legal or not).
    pub fn board(&self) -> Board {
        Board {
            grids: self.now.grids.to_vec(),
        }
    }

    /// Whether `s` lies on grids (rather than on the ground), released.
    pub fn is_on_board(&self, s: ShapeId) -> bool {
        !self.picked.contains(&Item::Shape(s))
            && self.now.shapes[s.index()]
                .dots()
                .iter()
                .any(|d| self.grid_under(*d).is_some())
    }

    /// The challenge as the table now holds it: its fixed shapes only.
    pub fn challenge(&self) -> Challenge {
        Challenge {
            board: self.board(),
            placed: self.fixed.iter().map(|s| self.shape(*s)).collect(),
        }
    }

    /// The player's shapes on the board, in the order they were released there (latest last).
    pub fn mine(&self) -> Vec<Placement> {
        self.now
            .order
            .iter()
            .filter(|s| !self.is_fixed(**s) && self.is_on_board(**s))
            .map(|s| self.shape(*s))
            .collect()
    }

    /// The item seen at `d`: a released shape over it, else a grid under it.
    pub fn visible(&self, d: Dot) -> Option<Item> {
        ShapeId::ALL
            .into_iter()
            .find(|s| self.now.shapes[s.index()].dots().contains(&d))
            .map(Item::Shape)
            .or_else(|| self.grid_under(d).map(Item::Grid))
    }

    fn grid_under(&self, d: Dot) -> Option<GridId> {
        self.now.grids.iter().find(|g| g.spans(d)).map(|g| g.grid)
    }

    /// The released shapes lying over grid `g`.
    fn shapes_over(&self, g: GridId) -> Vec<ShapeId> {
        let grid = self.now.grids[g.index()];
        ShapeId::ALL
            .into_iter()
            .filter(|s| !self.picked.contains(&Item::Shape(*s)))
            .filter(|s| {
                self.now.shapes[s.index()]
                    .dots()
                    .iter()
                    .any(|d| grid.spans(*d))
            })
            .collect()
    }

    /// Picks `items`, as the seed's `pick`: shapes first, then grids, each grid only with the
    /// shapes over it.
    pub fn pick(&mut self, items: &[Item]) -> Result<(), RuleBroken> {
        if !self.picked.is_empty() {
            return Err(RuleBroken::AlreadyPicked);
        }
        if items.is_empty() {
            return Err(RuleBroken::NothingThere);
        }
        for item in items {
            if let Item::Shape(s) = item
                && self.is_fixed(*s)
            {
                return Err(RuleBroken::FixedShape(*s));
            }
        }
        for item in items {
            if let Item::Grid(g) = item {
                let left: Vec<ShapeId> = self
                    .shapes_over(*g)
                    .into_iter()
                    .filter(|s| !items.contains(&Item::Shape(*s)))
                    .collect();
                if let Some(s) = left.iter().find(|s| self.is_fixed(**s)) {
                    return Err(RuleBroken::FixedShape(*s));
                }
                if !left.is_empty() {
                    return Err(RuleBroken::ShapesOnGrid {
                        grid: *g,
                        shapes: left,
                    });
                }
            }
        }
        let mut picked = items.to_vec();
        picked.sort();
        picked.dedup();
        self.snapshot = Some(self.now.clone());
        self.picked = picked;
        Ok(())
    }

    /// Picks what is seen at `d`: a shape, or a grid together with the shapes over it.
    pub fn pick_at(&mut self, d: Dot) -> Result<Item, RuleBroken> {
        if !self.picked.is_empty() {
            return Err(RuleBroken::AlreadyPicked);
        }
        let item = self.visible(d).ok_or(RuleBroken::NothingThere)?;
        let mut items = vec![item];
        if let Item::Grid(g) = item {
            items.extend(self.shapes_over(g).into_iter().map(Item::Shape));
        }
        self.pick(&items)?;
        Ok(item)
    }

    fn held(&self) -> Result<(), RuleBroken> {
        if self.picked.is_empty() {
            Err(RuleBroken::NothingPicked)
        } else {
            Ok(())
        }
    }

    /// Every dot of the held items.
    fn held_dots(&self) -> Vec<Dot> {
        self.picked
            .iter()
            .flat_map(|item| match item {
                Item::Shape(s) => self.now.shapes[s.index()].dots(),
                Item::Grid(g) => self.now.grids[g.index()].dots().collect(),
            })
            .collect()
    }

    /// Moves the held items by `by`.
    pub fn move_by(&mut self, by: Dot) -> Result<(), RuleBroken> {
        self.held()?;
        for item in self.picked.clone() {
            match item {
                Item::Shape(s) => {
                    let p = &mut self.now.shapes[s.index()];
                    p.at = p.at.offset(by);
                }
                Item::Grid(g) => {
                    let p = &mut self.now.grids[g.index()];
                    p.at = p.at.offset(by);
                }
            }
        }
        Ok(())
    }

    /// Moves the held items so that their bounding box's top-left is at `to`.
    pub fn move_to(&mut self, to: Dot) -> Result<(), RuleBroken> {
        self.held()?;
        let Some((corner, _, _)) = bounds(&self.held_dots()) else {
            return Err(RuleBroken::NothingPicked);
        };
        self.move_by(Dot::new(to.row - corner.row, to.col - corner.col))
    }

    /// Turns the held items a quarter turn, together, within their bounding box.
    pub fn turn(&mut self, clockwise: bool) -> Result<(), RuleBroken> {
        let op = if clockwise {
            Orientation::new(false, 1)
        } else {
            Orientation::new(false, 3)
        };
        self.transform(op)
    }

    /// Flips the held items (rows reversed), together, within their bounding box. A grid turned
    /// over shows its other side.
    pub fn flip(&mut self) -> Result<(), RuleBroken> {
        self.transform(Orientation::new(true, 0))
    }

    fn transform(&mut self, op: Orientation) -> Result<(), RuleBroken> {
        self.held()?;
        let dots = self.held_dots();
        let Some((corner, _, _)) = bounds(&dots) else {
            return Err(RuleBroken::NothingPicked);
        };
        let moved: Vec<Dot> = dots.iter().map(|&d| op.apply(d)).collect();
        let Some((new_corner, _, _)) = bounds(&moved) else {
            return Err(RuleBroken::NothingPicked);
        };
        // The held items keep their bounding box's top-left.
        let place = |d: Dot| {
            let m = op.apply(d);
            Dot::new(
                m.row - new_corner.row + corner.row,
                m.col - new_corner.col + corner.col,
            )
        };
        for item in self.picked.clone() {
            match item {
                Item::Shape(s) => {
                    let p = self.now.shapes[s.index()];
                    let orientation = if op.flipped {
                        p.orientation.flipped()
                    } else {
                        Orientation::new(p.orientation.flipped, p.orientation.turns + op.turns)
                    };
                    let cells: Vec<Dot> = p.dots().into_iter().map(place).collect();
                    let at = bounds(&cells).map_or(p.at, |(c, _, _)| c);
                    self.now.shapes[s.index()] = Placement {
                        orientation,
                        at,
                        ..p
                    };
                }
                Item::Grid(g) => {
                    let p = self.now.grids[g.index()];
                    let cells: Vec<Dot> = p.dots().map(place).collect();
                    let at = bounds(&cells).map_or(p.at, |(c, _, _)| c);
                    self.now.grids[g.index()] = if op.flipped {
                        GridPlacement {
                            side: p.side.other(),
                            at,
                            ..p
                        }
                    } else {
                        GridPlacement {
                            turns: (p.turns + op.turns) % 4,
                            at,
                            ..p
                        }
                    };
                }
            }
        }
        Ok(())
    }

    fn on_table(&self, d: Dot) -> bool {
        (0..self.rows).contains(&d.row) && (0..self.cols).contains(&d.col)
    }

    /// Releases the held items where they are, if no rule is broken; otherwise they stay held.
    pub fn release(&mut self) -> Result<(), RuleBroken> {
        self.held()?;
        self.check_release()?;
        for item in &self.picked {
            if let Item::Shape(s) = item {
                self.now.order.retain(|o| o != s);
                self.now.order.push(*s);
            }
        }
        self.picked.clear();
        self.snapshot = None;
        Ok(())
    }

    fn check_release(&self) -> Result<(), RuleBroken> {
        let held_grids: Vec<GridId> = self
            .picked
            .iter()
            .filter_map(|i| match i {
                Item::Grid(g) => Some(*g),
                Item::Shape(_) => None,
            })
            .collect();
        let held_shapes: Vec<ShapeId> = self
            .picked
            .iter()
            .filter_map(|i| match i {
                Item::Shape(s) => Some(*s),
                Item::Grid(_) => None,
            })
            .collect();
        for &g in &held_grids {
            let grid = self.now.grids[g.index()];
            if !grid.dots().all(|d| self.on_table(d)) {
                return Err(RuleBroken::OffTable(Item::Grid(g)));
            }
            for other in GridId::ALL.into_iter().filter(|o| *o != g) {
                let o = self.now.grids[other.index()];
                if grid.dots().any(|d| o.spans(d)) {
                    return Err(RuleBroken::GridsOverlap(g, other));
                }
            }
            for s in ShapeId::ALL
                .into_iter()
                .filter(|s| !held_shapes.contains(s))
            {
                if self.now.shapes[s.index()]
                    .dots()
                    .iter()
                    .any(|d| grid.spans(*d))
                {
                    return Err(RuleBroken::GridOverShape(g, s));
                }
            }
        }
        for &s in &held_shapes {
            let dots = self.now.shapes[s.index()].dots();
            if !dots.iter().all(|d| self.on_table(*d)) {
                return Err(RuleBroken::OffTable(Item::Shape(s)));
            }
            for other in ShapeId::ALL.into_iter().filter(|o| *o != s) {
                let o = self.now.shapes[other.index()].dots();
                if dots.iter().any(|d| o.contains(d)) {
                    return Err(RuleBroken::ShapesOverlap(s, other));
                }
            }
            let on_grids = dots
                .iter()
                .filter(|d| self.grid_under(**d).is_some())
                .count();
            if on_grids != 0 && on_grids != dots.len() {
                return Err(RuleBroken::ShapePartlyOnGrid(s));
            }
            if on_grids != 0 {
                let board = self.board();
                if let Some(d) = dots.iter().find(|d| board.is_closed(**d)) {
                    return Err(RuleBroken::ShapeOnClosedDot(s, *d));
                }
            }
        }
        Ok(())
    }

    /// Puts the held items back as they were when picked.
    pub fn unpick(&mut self) -> Result<(), RuleBroken> {
        self.held()?;
        if let Some(before) = self.snapshot.take() {
            self.now = before;
        }
        self.picked.clear();
        Ok(())
    }

    /// Puts every item back where the table started.
    pub fn reset(&mut self) {
        self.now = self.start.clone();
        self.picked.clear();
        self.snapshot = None;
    }

    /// Moves shape `s` to `to` by the rules: picked, moved, released — or, when a rule refuses
    /// it, left where it was.
    pub fn place(&mut self, to: Placement) -> Result<(), RuleBroken> {
        self.pick(&[Item::Shape(to.shape)])?;
        self.now.shapes[to.shape.index()] = to;
        self.release().inspect_err(|_| {
            let _ = self.unpick();
        })
    }

    /// Lifts shape `s` off the board onto a free spot of the ground, by the rules.
    pub fn lift(&mut self, s: ShapeId) -> Result<(), RuleBroken> {
        let start = self.start.shapes[s.index()];
        // Its starting spot on the ground, or the first free spot the shape fits.
        let mut spots = vec![start.at];
        for r in 0..self.rows {
            for c in 0..self.cols {
                spots.push(Dot::new(r, c));
            }
        }
        for at in spots {
            let to = Placement {
                orientation: self.now.shapes[s.index()].orientation,
                at,
                ..start
            };
            if to.dots().iter().any(|d| self.grid_under(*d).is_some()) {
                continue;
            }
            if self.place(to).is_ok() {
                return Ok(());
            }
        }
        Err(RuleBroken::OffTable(Item::Shape(s)))
    }

    /// Whether every shape lies on the board: the challenge is solved (the rules keep shapes
    /// on open dots, apart).
    pub fn is_solved(&self) -> bool {
        self.picked.is_empty() && ShapeId::ALL.into_iter().all(|s| self.is_on_board(s))
    }
}
