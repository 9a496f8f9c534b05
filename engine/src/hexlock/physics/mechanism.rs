//! A lock compiled for play: what never changes while it is picked (the shapes of the pieces,
//! the springs and who is whose ancestor), kept apart from [`State`], the few bytes that do.
//!
//! Pieces are numbered in [`Lock::pieces`] order. A state holds, per piece, how far it has moved
//! from where the lock placed it and how many sixths it has turned, so the hot path never
//! touches a map and a state is cheap to copy, hash and compare.

use super::error::PhysicsError;
use super::force::{Force, ForceOn};
use crate::hex::{Dir, Hex, Rotation};
use crate::hexlock::model::{Anchor, Lock, PieceRef, Problem};
use serde::{Deserialize, Serialize};

/// The grid value of a cell nothing covers.
pub(crate) const EMPTY: u16 = u16::MAX;
/// The grid value of a frame cell (and of anything beyond it).
pub(crate) const FRAME: u16 = u16::MAX - 1;
/// The most pieces a mechanism numbers; the two values above are reserved.
pub(crate) const MAX_PIECES: usize = (u16::MAX - 2) as usize;

/// Where one piece is, relative to where the lock placed it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub(crate) struct Pos {
    /// Steps moved along `q`.
    pub dq: i8,
    /// Steps moved along `r`.
    pub dr: i8,
    /// Sixths turned clockwise, `0..6`.
    pub turn: u8,
}

impl Pos {
    pub(crate) fn shift(self) -> Hex {
        Hex::new(i32::from(self.dq), i32::from(self.dr))
    }

    /// Where the piece is once a force is applied to it.
    pub(crate) fn after(self, force: Force) -> Pos {
        match force {
            Force::Push(d) => {
                let o = d.offset();
                // A piece never leaves a lock of size 11, so a shift stays within ±22.
                Pos {
                    dq: self.dq.wrapping_add(o.q as i8),
                    dr: self.dr.wrapping_add(o.r as i8),
                    turn: self.turn,
                }
            }
            Force::Torque(Rotation::Clockwise) => Pos {
                turn: (self.turn + 1) % 6,
                ..self
            },
            Force::Torque(Rotation::Anticlockwise) => Pos {
                turn: (self.turn + 5) % 6,
                ..self
            },
        }
    }
}

/// A direction turned clockwise by `turn` sixths.
pub(crate) fn turned(d: Dir, turn: u8) -> Dir {
    Dir::from_index(d.index() + 6 - usize::from(turn % 6))
}

/// The positions of every piece, and the wrench's momentum: all that changes as a lock is picked.
///
/// A state means something only with the [`Mechanism`] it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct State {
    pub(crate) pos: Vec<Pos>,
    pub(crate) momentum: Option<Dir>,
}

impl State {
    /// The direction the wrench is moving in, if it is moving.
    pub fn momentum(&self) -> Option<Dir> {
        self.momentum
    }
}

/// What kind of piece, as far as forces care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A block; `mobile` when it is the end of some spring.
    Block { mobile: bool },
    /// A fixed pivot.
    Pivot,
    /// A ball.
    Ball,
    /// The hook.
    Hook,
    /// The wrench.
    Wrench,
}

/// The unchanging facts about one piece.
#[derive(Clone, Debug)]
pub(crate) struct PieceInfo {
    pub id: PieceRef,
    pub kind: Kind,
    /// For pieces that only translate: their cells as placed. Empty for pivots and the hook.
    pub cells: Vec<Hex>,
    /// For pivots and the hook: the hub as placed.
    pub hub: Hex,
    /// For pivots and the hook: the arms as placed.
    pub arms: Vec<Dir>,
    /// `cells` as grid indices, so the hot path adds one offset per cell.
    pub at: Vec<isize>,
    /// `hub` as a grid index.
    pub hub_at: isize,
}

/// The unchanging facts about one spring.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpringInfo {
    pub root: u16,
    pub end: u16,
    /// Attachment cells as placed; they move with their pieces (a pivot's hub never moves).
    pub root_cell: Hex,
    pub end_cell: Hex,
    pub natural: i32,
}

impl SpringInfo {
    /// The direction from root to end and the length, given each attachment's shift; `None`
    /// when the two are off a line or coincide.
    pub(crate) fn geometry(&self, root_shift: Hex, end_shift: Hex) -> Option<(Dir, i32)> {
        (self.root_cell + root_shift)
            .line_to(self.end_cell + end_shift)
            .map(|(d, steps)| (d, steps - 1))
    }

    /// Whether a length is within this spring's limits.
    pub(crate) fn allows(&self, length: i32) -> bool {
        (0..=2 * self.natural).contains(&length)
    }
}

/// A lock compiled for play: the pieces' shapes, the springs and their ancestry.
#[derive(Clone, Debug)]
pub struct Mechanism {
    pub(crate) lock: Lock,
    /// Half the side of the square grid: the frame's distance from the centre.
    pub(crate) span: i32,
    pub(crate) width: usize,
    pub(crate) pieces: Vec<PieceInfo>,
    pub(crate) springs: Vec<SpringInfo>,
    /// For each piece, the springs rooted or ending in it.
    pub(crate) springs_at: Vec<Vec<u16>>,
    /// For each piece, the pieces that are its ancestors (roots of springs ending at it, and
    /// their ancestors), sorted.
    pub(crate) ancestors: Vec<Vec<u16>>,
    /// The grid with only the frame drawn in.
    pub(crate) blank: Vec<u16>,
    pub(crate) hook: u16,
    pub(crate) wrench: u16,
    pub(crate) bolthole: [Hex; 3],
    /// The grid-index offset of one step in each direction.
    pub(crate) steps: [isize; 6],
}

impl Mechanism {
    /// Compiles a valid lock; an invalid one is refused with every problem validation found.
    pub fn new(lock: &Lock) -> Result<Mechanism, PhysicsError> {
        let problems = problems(lock);
        if !problems.is_empty() {
            return Err(PhysicsError::InvalidLock { problems });
        }
        let placed = lock.pieces();
        if placed.len() > MAX_PIECES {
            return Err(PhysicsError::TooManyPieces {
                count: placed.len(),
                max: MAX_PIECES,
            });
        }
        let mobile = |name: char| lock.springs.iter().any(|s| s.end == name);
        let mut pieces = Vec::with_capacity(placed.len());
        for (id, cells) in placed {
            let info = match id {
                PieceRef::Block(name) => PieceInfo {
                    id,
                    kind: Kind::Block {
                        mobile: mobile(name),
                    },
                    cells,
                    hub: Hex::ORIGIN,
                    arms: Vec::new(),
                    at: Vec::new(),
                    hub_at: 0,
                },
                PieceRef::Pivot(name) => {
                    let p = lock.pivot(name).ok_or_else(|| missing(lock))?;
                    PieceInfo {
                        id,
                        kind: Kind::Pivot,
                        cells: Vec::new(),
                        hub: p.hub,
                        arms: p.arms.clone(),
                        at: Vec::new(),
                        hub_at: 0,
                    }
                }
                PieceRef::Ball(_) => PieceInfo {
                    id,
                    kind: Kind::Ball,
                    cells,
                    hub: Hex::ORIGIN,
                    arms: Vec::new(),
                    at: Vec::new(),
                    hub_at: 0,
                },
                PieceRef::Hook(i) => {
                    let h = lock.hooks.get(i).ok_or_else(|| missing(lock))?;
                    PieceInfo {
                        id,
                        kind: Kind::Hook,
                        cells: Vec::new(),
                        hub: h.hub,
                        arms: vec![h.arm],
                        at: Vec::new(),
                        hub_at: 0,
                    }
                }
                PieceRef::Wrench(_) => PieceInfo {
                    id,
                    kind: Kind::Wrench,
                    cells,
                    hub: Hex::ORIGIN,
                    arms: Vec::new(),
                    at: Vec::new(),
                    hub_at: 0,
                },
            };
            pieces.push(info);
        }
        let index_of = |id: PieceRef| pieces.iter().position(|p| p.id == id).map(|i| i as u16);
        let mut springs = Vec::with_capacity(lock.springs.len());
        for s in &lock.springs {
            let root = match s.root {
                Anchor::Block(n) => index_of(PieceRef::Block(n)),
                Anchor::Pivot(n) => index_of(PieceRef::Pivot(n)),
            };
            let end = index_of(PieceRef::Block(s.end));
            let (Some(root), Some(end)) = (root, end) else {
                return Err(missing(lock));
            };
            springs.push(SpringInfo {
                root,
                end,
                root_cell: s.root_cell,
                end_cell: s.end_cell,
                natural: s.natural_length,
            });
        }
        let mut springs_at = vec![Vec::new(); pieces.len()];
        for (i, s) in springs.iter().enumerate() {
            springs_at[usize::from(s.root)].push(i as u16);
            if s.end != s.root {
                springs_at[usize::from(s.end)].push(i as u16);
            }
        }
        let ancestors = ancestry(pieces.len(), &springs);
        let hook = pieces.iter().position(|p| p.kind == Kind::Hook);
        let wrench = pieces.iter().position(|p| p.kind == Kind::Wrench);
        let (Some(hook), Some(wrench)) = (hook, wrench) else {
            return Err(missing(lock));
        };
        let span = lock.size + 1;
        let width = (2 * span + 1) as usize;
        let mut blank = vec![FRAME; width * width];
        for cell in crate::hex::hexagon(lock.size) {
            blank[cell_index(span, width, cell)] = EMPTY;
        }
        for info in &mut pieces {
            info.at = info
                .cells
                .iter()
                .map(|&c| cell_index(span, width, c) as isize)
                .collect();
            info.hub_at = cell_index(span, width, info.hub) as isize;
        }
        let steps = Dir::ALL.map(|d| {
            let o = d.offset();
            o.r as isize * width as isize + o.q as isize
        });
        Ok(Mechanism {
            lock: lock.clone(),
            span,
            width,
            pieces,
            springs,
            springs_at,
            ancestors,
            blank,
            hook: hook as u16,
            wrench: wrench as u16,
            bolthole: lock.bolthole(),
            steps,
        })
    }

    /// The state of the lock this mechanism was compiled from.
    pub fn initial_state(&self) -> State {
        State {
            pos: vec![Pos::default(); self.pieces.len()],
            momentum: self.lock.wrench().and_then(|w| w.momentum),
        }
    }

    /// The lock this mechanism was compiled from.
    pub fn lock(&self) -> &Lock {
        &self.lock
    }

    /// Checks that a state has one position per piece of this mechanism.
    pub fn check_state(&self, state: &State) -> Result<(), PhysicsError> {
        if state.pos.len() == self.pieces.len() {
            Ok(())
        } else {
            Err(PhysicsError::ForeignState {
                expected: self.pieces.len(),
                found: state.pos.len(),
            })
        }
    }

    /// The lock as it stands in a state, in canonical order.
    pub fn to_lock(&self, state: &State) -> Lock {
        let mut lock = self.lock.clone();
        let pos = |i: usize| state.pos.get(i).copied().unwrap_or_default();
        let mut ball = 0;
        let mut hook = 0;
        let mut wrench = 0;
        let mut block = 0;
        let mut pivot = 0;
        for (i, info) in self.pieces.iter().enumerate() {
            let p = pos(i);
            let shift = p.shift();
            match info.kind {
                Kind::Block { .. } => {
                    if let Some(b) = lock.blocks.get_mut(block) {
                        b.cells = info.cells.iter().map(|&c| c + shift).collect();
                    }
                    block += 1;
                }
                Kind::Pivot => {
                    if let Some(v) = lock.pivots.get_mut(pivot) {
                        v.arms = info.arms.iter().map(|&a| turned(a, p.turn)).collect();
                    }
                    pivot += 1;
                }
                Kind::Ball => {
                    if let (Some(b), Some(&c)) = (lock.balls.get_mut(ball), info.cells.first()) {
                        *b = c + shift;
                    }
                    ball += 1;
                }
                Kind::Hook => {
                    if let (Some(h), Some(&a)) = (lock.hooks.get_mut(hook), info.arms.first()) {
                        h.hub = info.hub + shift;
                        h.arm = turned(a, p.turn);
                    }
                    hook += 1;
                }
                Kind::Wrench => {
                    if let Some(w) = lock.wrenches.get_mut(wrench) {
                        w.cells = info.cells.iter().map(|&c| c + shift).collect();
                        w.momentum = state.momentum;
                    }
                    wrench += 1;
                }
            }
        }
        for (s, info) in lock.springs.iter_mut().zip(&self.springs) {
            s.root_cell = info.root_cell + pos(usize::from(info.root)).shift();
            s.end_cell = info.end_cell + pos(usize::from(info.end)).shift();
        }
        lock.normalise();
        lock
    }

    /// Whether the lock is open in a state: no piece covers a bolthole cell.
    pub fn is_open(&self, state: &State) -> bool {
        let mut open = true;
        for (i, p) in state.pos.iter().enumerate() {
            self.for_each_cell(i, *p, |c| {
                if self.bolthole.contains(&c) {
                    open = false;
                }
            });
        }
        open
    }

    /// The number of pieces.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// The piece a number stands for.
    pub(crate) fn piece_ref(&self, p: u16) -> PieceRef {
        self.pieces[usize::from(p)].id
    }

    pub(crate) fn named(&self, p: u16, force: Force) -> ForceOn {
        ForceOn {
            piece: self.piece_ref(p),
            force,
        }
    }

    /// Calls `f` with every cell a piece covers at a position.
    #[inline]
    pub(crate) fn for_each_cell(&self, p: usize, pos: Pos, mut f: impl FnMut(Hex)) {
        let info = &self.pieces[p];
        match info.kind {
            Kind::Pivot | Kind::Hook => {
                let hub = info.hub + pos.shift();
                f(hub);
                for &a in &info.arms {
                    f(hub.neighbour(turned(a, pos.turn)));
                }
            }
            _ => {
                let shift = pos.shift();
                for &c in &info.cells {
                    f(c + shift);
                }
            }
        }
    }

    /// Calls `f` with the grid index of every cell a piece covers at a position.
    #[inline]
    pub(crate) fn for_each_at(&self, p: usize, pos: Pos, mut f: impl FnMut(usize)) {
        let info = &self.pieces[p];
        let shift = isize::from(pos.dr) * self.width as isize + isize::from(pos.dq);
        let len = self.blank.len();
        // Only a state from another lock can stray off the grid; it then reads as frame.
        let clamp = |i: isize| usize::try_from(i).ok().filter(|&u| u < len).unwrap_or(0);
        match info.kind {
            Kind::Pivot | Kind::Hook => {
                let hub = info.hub_at + shift;
                f(clamp(hub));
                for &a in &info.arms {
                    f(clamp(hub + self.steps[turned(a, pos.turn).index()]));
                }
            }
            _ => {
                for &c in &info.at {
                    f(clamp(c + shift));
                }
            }
        }
    }

    /// The cell at a grid index.
    pub(crate) fn cell_of(&self, at: usize) -> Hex {
        let w = self.width as i32;
        let i = at as i32;
        Hex::new(i % w - self.span, i / w - self.span)
    }

    /// The grid index of a cell; cells beyond the frame map to a frame cell.
    #[inline]
    pub(crate) fn index(&self, cell: Hex) -> usize {
        if cell.q.abs() > self.span || cell.r.abs() > self.span {
            // The corner of the square grid lies beyond the frame.
            return 0;
        }
        cell_index(self.span, self.width, cell)
    }

    /// Fills `grid` with which piece covers each cell in a state.
    pub(crate) fn fill_grid(&self, pos: &[Pos], grid: &mut Vec<u16>) {
        grid.clear();
        grid.extend_from_slice(&self.blank);
        for (i, &p) in pos.iter().enumerate() {
            self.for_each_at(i, p, |at| grid[at] = i as u16);
        }
    }

    /// Whether `ancestor` is an ancestor of `piece` through springs.
    pub(crate) fn is_ancestor(&self, ancestor: u16, piece: u16) -> bool {
        self.ancestors[usize::from(piece)]
            .binary_search(&ancestor)
            .is_ok()
    }
}

/// The problems that stop a lock being played: exactly its validation problems.
pub fn problems(lock: &Lock) -> Vec<Problem> {
    lock.validate()
}

fn cell_index(span: i32, width: usize, cell: Hex) -> usize {
    (cell.r + span) as usize * width + (cell.q + span) as usize
}

/// A validated lock always names its pieces; this is only reached if validation and the model
/// disagree, and then the lock is reported invalid with whatever validation says.
fn missing(lock: &Lock) -> PhysicsError {
    PhysicsError::InvalidLock {
        problems: lock.validate(),
    }
}

/// For each piece, its ancestors: roots of springs ending at it, and their ancestors.
fn ancestry(count: usize, springs: &[SpringInfo]) -> Vec<Vec<u16>> {
    let mut out = vec![Vec::new(); count];
    for (p, found) in out.iter_mut().enumerate() {
        let mut stack = vec![p as u16];
        while let Some(x) = stack.pop() {
            for s in springs.iter().filter(|s| s.end == x) {
                if !found.contains(&s.root) {
                    found.push(s.root);
                    stack.push(s.root);
                }
            }
        }
        found.sort_unstable();
    }
    out
}
