//! The states the solver searches and the moves between them, shared by the search of the lock
//! itself and by its relaxations ([`super::pattern`]).
//!
//! A state is one byte per piece that moves (the Key and the vertical and horizontal pieces of
//! the search): its first cell's number and its orientation. Axes, the Keyhole and pieces left
//! where they are never move and are not in it.
//!
//! A relaxed space lifts some moving pieces off the board and forgets the rule that an axis
//! keeps a piece attached for every axis a lifted piece could be attached to (where the count
//! of attached pieces it sees may be short). Every real move then projects onto a relaxed move
//! or onto none (a lifted piece moving), which is why a relaxation can prove a lock impossible
//! and why its distances never overstate the real ones.

use super::cell::{Cell, Dir, MAX_SIDE, Mask, Orientation, Turn};
use super::lock::{Kind, Lock, Piece};
use super::rules::Move;

pub(crate) const STRIDE: usize = MAX_SIDE as usize;

pub(crate) fn encode(at: Cell, o: Orientation) -> u8 {
    (at.index() * 2 + usize::from(o == Orientation::Vertical)) as u8
}

pub(crate) fn decode(byte: u8) -> (Cell, Orientation) {
    let o = if byte & 1 == 1 {
        Orientation::Vertical
    } else {
        Orientation::Horizontal
    };
    (Cell::from_index(byte as usize / 2), o)
}

/// The pieces that move in a space and everything else that stays still.
pub(crate) struct Space {
    /// The pieces that move: their place in the lock and their length.
    pub(crate) movers: Vec<(usize, u8)>,
    /// The axes: their place in the lock and cell.
    pub(crate) axes: Vec<(usize, Cell)>,
    /// Cells where a moving piece may lie: light, and not covered by anything that stays.
    free: Mask,
    /// The turning axes' cells.
    axis_cells: Mask,
    /// Index of the Key among the movers.
    pub(crate) key: usize,
    /// The Keyhole's cell.
    hole: Cell,
    /// The cells of mover `i` at place `byte`: `masks[i * 256 + byte]`.
    masks: Vec<Mask>,
    /// For each axis, whether the rule that it keeps a piece attached holds here: forgotten
    /// where a piece that could be attached to it is lifted.
    kept: Vec<bool>,
}

/// Buffers reused from one expansion to the next.
#[derive(Default)]
pub(crate) struct Scratch {
    child: Vec<u8>,
    counts: Vec<u8>,
    attached: Vec<(usize, usize, Dir)>,
    carried: Vec<(usize, Dir)>,
    /// For checking a turned state's axes without losing the state's own attachments.
    check: Vec<(usize, usize, Dir)>,
    check_counts: Vec<u8>,
}

impl Space {
    /// The space where `movers` (places in the lock: the Key and sliding pieces) move and every
    /// cell of `walls` stays covered. Axes and the Keyhole are walls too; only the axes in
    /// `turning` turn. Sliding pieces that are neither movers nor in `walls` are lifted. Only
    /// the turning axes in `kept` keep the rule that every axis keeps a piece attached: every
    /// piece that could ever be attached to one of them must be a mover.
    pub(crate) fn new(
        lock: &Lock,
        movers: &[usize],
        turning: &[usize],
        walls: Mask,
        kept: &[usize],
    ) -> Space {
        let mut fixed = walls;
        let mut axes = Vec::new();
        let mut hole = Cell::new(0, 0);
        for (i, p) in lock.pieces.iter().enumerate() {
            match p.kind {
                Kind::Axis => {
                    if turning.contains(&i) {
                        axes.push((i, p.at));
                    }
                    fixed |= p.mask();
                }
                Kind::Keyhole => {
                    hole = p.at;
                    fixed |= p.mask();
                }
                Kind::Key | Kind::Slider => {}
            }
        }
        let movers: Vec<(usize, u8)> = movers.iter().map(|&i| (i, lock.pieces[i].length)).collect();
        let key = movers
            .iter()
            .position(|&(i, _)| lock.pieces[i].kind == Kind::Key)
            .unwrap_or(0);
        let mut masks = vec![0; movers.len() * 256];
        for (m, &(_, length)) in movers.iter().enumerate() {
            for byte in 0..(STRIDE * STRIDE * 2) {
                let (at, orientation) = decode(byte as u8);
                let p = Piece::slider(at, orientation, length);
                if p.cells().count() == length as usize {
                    masks[m * 256 + byte] = p.mask();
                }
            }
        }
        Space {
            movers,
            axis_cells: axes.iter().fold(0, |m, &(_, a)| m | a.bit()),
            free: lock.board.light() & !fixed,
            key,
            hole,
            masks,
            kept: axes.iter().map(|(i, _)| kept.contains(i)).collect(),
            axes,
        }
    }

    pub(crate) fn width(&self) -> usize {
        self.movers.len()
    }

    /// The movers' places in `lock`.
    pub(crate) fn start(&self, lock: &Lock) -> Vec<u8> {
        self.movers
            .iter()
            .map(|&(i, _)| {
                let p = lock.pieces[i];
                encode(p.at, p.orientation)
            })
            .collect()
    }

    pub(crate) fn mask(&self, m: usize, byte: u8) -> Mask {
        self.masks[m * 256 + byte as usize]
    }

    pub(crate) fn occupied(&self, state: &[u8]) -> Mask {
        state
            .iter()
            .enumerate()
            .fold(0, |m, (i, &b)| m | self.mask(i, b))
    }

    /// Whether the Key lies end-on beside the Keyhole.
    pub(crate) fn picked(&self, state: &[u8]) -> bool {
        let (at, o) = decode(state[self.key]);
        let forward = o.forward();
        let last = at.step(forward, 1);
        last.and_then(|c| c.step(forward, 1)) == Some(self.hole)
            || at.step(forward.opposite(), 1) == Some(self.hole)
    }

    /// The pieces attached to axes in `state`, as (mover, axis by its place in the lock).
    pub(crate) fn attached_to(&self, state: &[u8]) -> Vec<(usize, usize)> {
        let (mut attached, mut counts) = (Vec::new(), Vec::new());
        self.attach(state, &mut attached, &mut counts);
        attached
            .iter()
            .map(|&(m, x, _)| (m, self.axes[x].0))
            .collect()
    }

    /// The pieces attached to each axis, as (mover, axis, direction from the axis), axis by
    /// axis, and how many each axis has: a piece is attached when its end lies beside the axis
    /// in its line.
    fn attach(&self, state: &[u8], attached: &mut Vec<(usize, usize, Dir)>, counts: &mut Vec<u8>) {
        attached.clear();
        counts.clear();
        counts.resize(self.axes.len(), 0);
        if self.axes.is_empty() {
            return;
        }
        let axis_at = |c: Option<Cell>| {
            let c = c?;
            (self.axis_cells & c.bit() != 0)
                .then(|| self.axes.iter().position(|&(_, a)| a == c))
                .flatten()
        };
        // Each piece looks beyond its two ends, rather than each axis at its four sides for
        // every piece: a state has many more pieces than axes.
        for (m, &b) in state.iter().enumerate() {
            let (at, o) = decode(b);
            let forward = o.forward();
            if let Some(x) = axis_at(at.step(forward.opposite(), 1)) {
                attached.push((m, x, forward));
                counts[x] += 1;
            }
            let last = at.step(forward, self.movers[m].1 - 1).unwrap_or(at);
            if let Some(x) = axis_at(last.step(forward, 1)) {
                attached.push((m, x, forward.opposite()));
                counts[x] += 1;
            }
        }
        attached.sort_unstable_by_key(|&(_, x, d)| (x, Dir::ALL.iter().position(|&e| e == d)));
    }

    /// Calls `visit` with every state one move from `state` and the move, but for slides of
    /// mover `skip`, until it returns true; whether it did.
    pub(crate) fn expand(
        &self,
        state: &[u8],
        skip: usize,
        scratch: &mut Scratch,
        mut visit: impl FnMut(&[u8], Move) -> bool,
    ) -> bool {
        let Scratch {
            child,
            counts,
            attached,
            carried,
            check,
            check_counts,
        } = scratch;
        let occupied = self.occupied(state);
        attached.clear();
        counts.clear();
        if !self.axes.is_empty() {
            self.attach(state, attached, counts);
        }
        // One copy of the state, changed for each move and put back after.
        child.clear();
        child.extend_from_slice(state);
        // Slides. A piece that is some axis's only one cannot slide, since sliding detaches it.
        for m in 0..self.width() {
            if m == skip {
                continue;
            }
            if attached
                .iter()
                .any(|&(p, x, _)| p == m && counts[x] == 1 && self.kept[x])
            {
                continue;
            }
            let (at, o) = decode(state[m]);
            let length = self.movers[m].1;
            for dir in [o.forward(), o.forward().opposite()] {
                let mut front = if dir == o.forward() {
                    match at.step(o.forward(), length - 1) {
                        Some(c) => c,
                        None => continue,
                    }
                } else {
                    at
                };
                let mut origin = at;
                let mut distance = 0u8;
                while let Some(c) = front.step(dir, 1) {
                    let bit = c.bit();
                    if self.free & bit == 0 || occupied & bit != 0 {
                        break;
                    }
                    distance += 1;
                    front = c;
                    origin = match origin.step(dir, 1) {
                        Some(c) => c,
                        None => break,
                    };
                    child[m] = encode(origin, o);
                    let mv = Move::Slide {
                        piece: self.movers[m].0,
                        dir,
                        distance,
                    };
                    if visit(child, mv) {
                        return true;
                    }
                }
            }
            child[m] = state[m];
        }
        // Turns: the pieces attached to an axis turn together and ignore what lies between.
        for x in 0..self.axes.len() {
            let (axis, a) = self.axes[x];
            carried.clear();
            carried.extend(
                attached
                    .iter()
                    .filter(|&&(_, y, _)| y == x)
                    .map(|&(m, _, d)| (m, d)),
            );
            if carried.is_empty() {
                continue;
            }
            let carried_mask = carried
                .iter()
                .fold(0, |acc, &(m, _)| acc | self.mask(m, state[m]));
            let others = occupied & !carried_mask;
            'turn: for turn in Turn::ALL {
                for &(m, _) in carried.iter() {
                    child[m] = state[m];
                }
                for &(m, d) in carried.iter() {
                    let to = d.turned(turn);
                    let length = self.movers[m].1;
                    let (Some(far), Some(near)) = (a.step(to, length), a.step(to, 1)) else {
                        continue 'turn;
                    };
                    let origin = if (far.row, far.col) < (near.row, near.col) {
                        far
                    } else {
                        near
                    };
                    let byte = encode(origin, to.orientation());
                    let mask = self.mask(m, byte);
                    if mask & !self.free != 0 || mask & others != 0 {
                        continue 'turn;
                    }
                    child[m] = byte;
                }
                if self.kept.contains(&true) {
                    // Every axis keeps a piece attached, turns included.
                    self.attach(child, check, check_counts);
                    if check_counts
                        .iter()
                        .zip(&self.kept)
                        .any(|(&c, &k)| k && c == 0)
                    {
                        continue;
                    }
                }
                if visit(child, Move::Turn { axis, turn }) {
                    return true;
                }
            }
            for &(m, _) in carried.iter() {
                child[m] = state[m];
            }
        }
        false
    }
}
