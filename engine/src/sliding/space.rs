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
use super::relax::Sweep;
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
    /// Index of the Key among the movers.
    pub(crate) key: usize,
    /// The Keyhole's cell.
    hole: Cell,
    /// The cells of a piece of length `l` at place `byte`: `masks[l * 256 + byte]`.
    masks: Vec<Mask>,
    /// For each axis, whether the rule that it keeps a piece attached holds here: forgotten
    /// where a piece that could be attached to it is lifted.
    kept: Vec<bool>,
    /// Whether any axis keeps that rule.
    any_kept: bool,
    /// One step of a slide, looked up rather than worked out on every move: for a piece of
    /// length `l` at place `byte` going forward (`k` = 0) or back (1),
    /// `steps[(l * 256 + byte) * 2 + k]` is its place one cell on and the cell it then newly
    /// covers, [`OFF`] off the board.
    steps: Vec<(u8, u8)>,
    /// For each piece of the lock, its place among the movers, if it is one.
    mover_of: Vec<Option<u8>>,
    /// For a piece of length `l` at place `byte`, `ends[l * 256 + byte]`: the axes (by their
    /// place among the axes) beside its first cell and beside its last in its line,
    /// [`NO_AXIS`] for none.
    ends: Vec<[u8; 2]>,
    /// For each mover, the places it may lie at, one bit per place byte: every place in the
    /// lock's own space, fewer in a relaxation (see [`Space::within`]).
    allowed: Vec<[u64; 4]>,
}

const NO_AXIS: u8 = u8::MAX;

/// A set of movers, bit `m` for mover `m`: every slider is at least two cells long, so an
/// 11×11 board holds at most 60.
pub(crate) type Movers = u128;

/// No cell: a step that would leave the board.
const OFF: u8 = u8::MAX;

/// Buffers reused from one expansion to the next.
#[derive(Default)]
pub(crate) struct Scratch {
    child: Vec<u8>,
    counts: Vec<u8>,
    attached: Vec<(usize, usize, Dir)>,
    carried: Vec<(usize, Dir)>,
    /// The attached pieces each axis would have after a turn.
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
        // The tables depend only on a piece's length: one block of 256 places per length.
        let lengths = movers
            .iter()
            .map(|&(_, l)| usize::from(l))
            .max()
            .unwrap_or(0)
            + 1;
        let mut masks = vec![0; lengths * 256];
        let mut steps = vec![(0, OFF); lengths * 512];
        let mut ends = vec![[NO_AXIS; 2]; lengths * 256];
        let axis_at = |c: Option<Cell>| {
            c.and_then(|c| axes.iter().position(|&(_, a)| a == c))
                .map_or(NO_AXIS, |x| x as u8)
        };
        let mut done = vec![false; lengths];
        for &(_, length) in &movers {
            let l = usize::from(length);
            if std::mem::replace(&mut done[l], true) {
                continue;
            }
            for byte in 0..(STRIDE * STRIDE * 2) {
                let (at, orientation) = decode(byte as u8);
                let p = Piece::slider(at, orientation, length);
                if p.cells().count() != l {
                    continue;
                }
                let slot = l * 256 + byte;
                masks[slot] = p.mask();
                let forward = orientation.forward();
                // Forward, the cell past the far end; back, the cell before the first.
                if let (Some(front), Some(next)) = (at.step(forward, length), at.step(forward, 1)) {
                    steps[slot * 2] = (encode(next, orientation), front.index() as u8);
                }
                if let Some(back) = at.step(forward.opposite(), 1) {
                    steps[slot * 2 + 1] = (encode(back, orientation), back.index() as u8);
                }
                let last = at.step(forward, length - 1);
                ends[slot] = [
                    axis_at(at.step(forward.opposite(), 1)),
                    axis_at(last.and_then(|c| c.step(forward, 1))),
                ];
            }
        }
        let mut mover_of = vec![None; lock.pieces.len()];
        for (m, &(i, _)) in movers.iter().enumerate() {
            mover_of[i] = Some(m as u8);
        }
        let kept: Vec<bool> = axes.iter().map(|(i, _)| kept.contains(i)).collect();
        let width = movers.len();
        Space {
            movers,
            free: lock.board.light() & !fixed,
            key,
            hole,
            masks,
            any_kept: kept.contains(&true),
            kept,
            steps,
            allowed: vec![[!0; 4]; width],
            mover_of,
            ends,
            axes,
        }
    }

    /// This space with each mover kept to the places `places` gives it (indexed like the
    /// lock's pieces; see [`super::relax::places_kept`]): every real state lies within them,
    /// so a relaxation that keeps to them still allows every real move.
    pub(crate) fn within(mut self, places: &[Vec<(Cell, Orientation)>]) -> Space {
        for (m, &(i, _)) in self.movers.iter().enumerate() {
            let mut bits = [0u64; 4];
            for &(at, o) in &places[i] {
                let b = usize::from(encode(at, o));
                bits[b / 64] |= 1 << (b % 64);
            }
            self.allowed[m] = bits;
        }
        self
    }

    fn allows(&self, m: usize, byte: u8) -> bool {
        self.allowed[m][usize::from(byte / 64)] >> (byte % 64) & 1 == 1
    }

    /// The place among the movers of `piece` (by its place in the lock), if it moves here.
    pub(crate) fn mover_of(&self, piece: usize) -> Option<usize> {
        self.mover_of.get(piece).copied().flatten().map(usize::from)
    }

    /// Whether every mover here that could ever be attached to `axis` (by its place in the
    /// lock; `sweeps` says where each piece could go) is among `movers` (places in the lock):
    /// only then can a relaxation that moves just `movers` keep the rule that the axis keeps a
    /// piece attached.
    pub(crate) fn axis_company_moves(
        &self,
        sweeps: &[Sweep],
        axis: usize,
        movers: &[usize],
    ) -> bool {
        self.movers
            .iter()
            .all(|&(i, _)| movers.contains(&i) || !sweeps[i].axes.contains(&axis))
    }

    /// Cells where a moving piece may lie.
    pub(crate) fn free(&self) -> Mask {
        self.free
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

    /// Where mover `m` at place `byte` is in the tables.
    fn slot(&self, m: usize, byte: u8) -> usize {
        usize::from(self.movers[m].1) * 256 + usize::from(byte)
    }

    pub(crate) fn mask(&self, m: usize, byte: u8) -> Mask {
        self.masks[self.slot(m, byte)]
    }

    pub(crate) fn occupied(&self, state: &[u8]) -> Mask {
        state
            .iter()
            .enumerate()
            .fold(0, |m, (i, &b)| m | self.mask(i, b))
    }

    /// The cells where a mover may lie that no mover covers in `state`.
    pub(crate) fn open(&self, state: &[u8]) -> Mask {
        self.free & !self.occupied(state)
    }

    /// Whether mover `m` could slide a cell from `state`, where `open` cells are free: the
    /// rule that an axis keeps a piece attached is not checked, so a slide may still be
    /// refused.
    pub(crate) fn may_slide(&self, state: &[u8], m: usize, open: Mask) -> bool {
        (0..2).any(|k| {
            let (next, cell) = self.steps[self.slot(m, state[m]) * 2 + k];
            cell != OFF && open & (1 << cell) != 0 && self.allows(m, next)
        })
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
        // Each piece looks beyond its two ends, rather than each axis at its four sides for
        // every piece: a state has many more pieces than axes.
        for (m, &b) in state.iter().enumerate() {
            self.ends_at_axes(m, b, |x, d| {
                attached.push((m, x, d));
                counts[x] += 1;
            });
        }
    }

    /// Calls `found` with each axis (by its place among the axes) that mover `m` at place `b`
    /// is attached to, and the direction from the axis to the piece.
    fn ends_at_axes(&self, m: usize, b: u8, mut found: impl FnMut(usize, Dir)) {
        let [back, front] = self.ends[self.slot(m, b)];
        if back != NO_AXIS || front != NO_AXIS {
            let forward = decode(b).1.forward();
            if back != NO_AXIS {
                found(usize::from(back), forward);
            }
            if front != NO_AXIS {
                found(usize::from(front), forward.opposite());
            }
        }
    }

    /// The move that takes `from` to `to`, if one does.
    pub(crate) fn move_between(
        &self,
        from: &[u8],
        to: &[u8],
        scratch: &mut Scratch,
    ) -> Option<Move> {
        let mut step = None;
        self.expand(from, 0, scratch, |child, mv| {
            if child == to {
                step = Some(mv);
            }
            step.is_some()
        });
        step
    }

    /// Calls `visit` with every state one move from `state` and the move, but for slides of
    /// the movers in `skip` (bit `m` for mover `m`; see [`Movers`]), until it returns true;
    /// whether it did.
    pub(crate) fn expand(
        &self,
        state: &[u8],
        skip: Movers,
        scratch: &mut Scratch,
        visit: impl FnMut(&[u8], Move) -> bool,
    ) -> bool {
        self.expand_among(state, 0, skip, scratch, visit)
    }

    /// As [`Space::expand`], with the cells of `standing` covered too, by pieces that neither
    /// move here nor turn with any axis.
    #[inline(always)]
    pub(crate) fn expand_among(
        &self,
        state: &[u8],
        standing: Mask,
        skip: Movers,
        scratch: &mut Scratch,
        mut visit: impl FnMut(&[u8], Move) -> bool,
    ) -> bool {
        let Scratch {
            child,
            counts,
            attached,
            carried,
            check_counts,
        } = scratch;
        let occupied = self.occupied(state) | standing;
        let open: Mask = self.free & !occupied;
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
            if skip >> m & 1 == 1 {
                continue;
            }
            if attached
                .iter()
                .any(|&(p, x, _)| p == m && counts[x] == 1 && self.kept[x])
            {
                continue;
            }
            let o = decode(state[m]).1;
            for (k, dir) in [o.forward(), o.forward().opposite()]
                .into_iter()
                .enumerate()
            {
                let mut at = state[m];
                let mut distance = 0u8;
                loop {
                    let (next, cell) = self.steps[self.slot(m, at) * 2 + k];
                    if cell == OFF || open & (1 << cell) == 0 || !self.allows(m, next) {
                        break;
                    }
                    distance += 1;
                    at = next;
                    child[m] = at;
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
                    let Some((origin, o)) = Piece::beside_axis(a, to, length) else {
                        continue 'turn;
                    };
                    let byte = encode(origin, o);
                    let mask = self.mask(m, byte);
                    if mask & !self.free != 0 || mask & others != 0 || !self.allows(m, byte) {
                        continue 'turn;
                    }
                    child[m] = byte;
                }
                if self.any_kept {
                    // Every axis keeps a piece attached, turns included. Only the turned
                    // pieces' attachments change: those they leave and those they make.
                    check_counts.clear();
                    check_counts.extend_from_slice(counts);
                    for &(m, y, _) in attached.iter() {
                        if carried.iter().any(|&(c, _)| c == m) {
                            check_counts[y] -= 1;
                        }
                    }
                    for &(m, _) in carried.iter() {
                        self.ends_at_axes(m, child[m], |y, _| check_counts[y] += 1);
                    }
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
