//! The fewest-moves solver: breadth-first search over the pieces' places, where one move is one
//! slide of any length or one turn of an axis, so the first picked state found is reached in
//! the fewest moves the seed counts. When every reachable state has been seen and none is
//! picked, the lock cannot be picked: the search itself is the proof.
//!
//! A state is one byte per piece that moves (the Key and the vertical and horizontal pieces):
//! its first cell's number and its orientation. Axes and the Keyhole never move and are not in
//! it. States live one after another in one arena; a hash table of their numbers finds a state
//! already seen.

use super::cell::{Cell, Dir, MAX_SIDE, Mask, Orientation, Turn};
use super::lock::{Kind, Lock, Piece, Problem};
use super::rules::Move;
use hashbrown::HashTable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many distinct states.
    pub max_states: u64,
    /// Stop after this long.
    pub timeout: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: 20_000_000,
            timeout: None,
        }
    }
}

/// Why a search stopped before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The limit on states.
    States {
        /// The limit.
        max: u64,
    },
    /// The time limit.
    Time {
        /// The limit.
        after: Duration,
    },
    /// Cancelled from outside.
    Cancelled,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::States { max } => write!(f, "stopped after {max} states"),
            Stop::Time { after } => write!(f, "stopped after {:.3} s", after.as_secs_f64()),
            Stop::Cancelled => f.write_str("cancelled"),
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution in the fewest moves.
    Solved {
        /// The moves, from the lock as given.
        moves: Vec<Move>,
    },
    /// The lock cannot be picked; [`Report::proof`] says how that is known.
    Impossible,
    /// A limit stopped the search first.
    Stopped(Stop),
}

/// Why a lock cannot be picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Even with every other moving piece lifted, the Key never lies end-on beside the
    /// Keyhole.
    KeyNeverReachesKeyhole,
    /// A piece that no axis can ever turn lies between the Key and the Keyhole on their line,
    /// and the Key cannot leave that line either: the piece is always in the way.
    PieceAlwaysBetween {
        /// The piece, by its place in the lock.
        piece: usize,
    },
    /// Every state reachable from the start was seen, and none is picked.
    EveryStateSeen,
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Proof::KeyNeverReachesKeyhole => {
                "even with every other piece lifted, the Key never lies end-on beside the Keyhole"
            }
            Proof::PieceAlwaysBetween { .. } => {
                "a piece that no axis can turn lies between the Key and the Keyhole on their line, and neither can ever leave it"
            }
            Proof::EveryStateSeen => "every reachable state was seen and none is picked",
        })
    }
}

/// The search's answer and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Distinct states seen.
    pub states: u64,
    /// For [`Answer::Impossible`], how that is known.
    pub proof: Option<Proof>,
    /// Pieces left where they are because they can never matter (see [`super::relax`]).
    pub idle: usize,
    /// How long it took.
    pub elapsed: Duration,
}

/// Searches for the fewest moves that pick `lock`. An illegal lock is refused with its
/// problems.
pub fn solve(lock: &Lock, limits: &Limits) -> Result<Report, Vec<Problem>> {
    solve_cancellable(lock, limits, &AtomicBool::new(false))
}

/// As [`solve`], stopping soon after `cancel` is set.
pub fn solve_cancellable(
    lock: &Lock,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Report, Vec<Problem>> {
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let started = Instant::now();
    if !super::relax::key_can_reach_keyhole(lock) {
        return Ok(Report {
            answer: Answer::Impossible,
            proof: Some(Proof::KeyNeverReachesKeyhole),
            states: 0,
            idle: 0,
            elapsed: started.elapsed(),
        });
    }
    if let Some(piece) = super::relax::piece_always_between(lock) {
        return Ok(Report {
            answer: Answer::Impossible,
            proof: Some(Proof::PieceAlwaysBetween { piece }),
            states: 0,
            idle: 0,
            elapsed: started.elapsed(),
        });
    }
    let matters = super::relax::relevant(lock);
    let idle = lock
        .pieces
        .iter()
        .zip(&matters)
        .filter(|(p, m)| p.slides() && !**m)
        .count();
    let mut search = Search::new(lock, &matters);
    let answer = search.run(limits, cancel, started);
    Ok(Report {
        proof: (answer == Answer::Impossible).then_some(Proof::EveryStateSeen),
        answer,
        states: search.count() as u64,
        idle,
        elapsed: started.elapsed(),
    })
}

const NONE: u8 = u8::MAX;
const STRIDE: usize = MAX_SIDE as usize;

fn encode(p: &Piece) -> u8 {
    (p.at.index() * 2 + usize::from(p.orientation == Orientation::Vertical)) as u8
}

fn decode(byte: u8) -> (Cell, Orientation) {
    let o = if byte & 1 == 1 {
        Orientation::Vertical
    } else {
        Orientation::Horizontal
    };
    (Cell::from_index(byte as usize / 2), o)
}

struct Search {
    /// The pieces that move: their place in the lock and their length.
    movers: Vec<(usize, u8)>,
    /// The axes: their place in the lock and cell.
    axes: Vec<(usize, Cell)>,
    /// Cells where a piece may lie.
    light: Mask,
    /// Cells the axes and the Keyhole cover.
    fixed: Mask,
    /// Index of the Key among the movers.
    key: usize,
    /// The Keyhole's cell.
    hole: Cell,
    /// The cells of mover `i` at place `byte`: `masks[i * 256 + byte]`.
    masks: Vec<Mask>,
    /// Every state seen, one after another.
    arena: Vec<u8>,
    /// For each state, the state it was reached from and the move.
    parent: Vec<(u32, Move)>,
    table: HashTable<u32>,
}

fn hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    h
}

impl Search {
    /// A search over the pieces that matter; the others stay where they are, as walls.
    fn new(lock: &Lock, matters: &[bool]) -> Search {
        let mut movers = Vec::new();
        let mut axes = Vec::new();
        let mut fixed = 0;
        let mut key = 0;
        let mut hole = Cell::new(0, 0);
        for (i, p) in lock.pieces.iter().enumerate() {
            let matters = matters.get(i).copied().unwrap_or(true);
            match p.kind {
                Kind::Key | Kind::Slider if !matters => fixed |= p.mask(),
                Kind::Axis if !matters => fixed |= p.mask(),
                Kind::Key | Kind::Slider => {
                    if p.kind == Kind::Key {
                        key = movers.len();
                    }
                    movers.push((i, p.length));
                }
                Kind::Axis => {
                    axes.push((i, p.at));
                    fixed |= p.mask();
                }
                Kind::Keyhole => {
                    hole = p.at;
                    fixed |= p.mask();
                }
            }
        }
        let light = lock.board.light();
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
        let mut s = Search {
            movers,
            axes,
            light,
            fixed,
            key,
            hole,
            masks,
            arena: Vec::new(),
            parent: Vec::new(),
            table: HashTable::new(),
        };
        let start: Vec<u8> = s
            .movers
            .iter()
            .map(|&(i, _)| encode(&lock.pieces[i]))
            .collect();
        s.insert(
            &start,
            (
                u32::MAX,
                Move::Turn {
                    axis: 0,
                    turn: Turn::Half,
                },
            ),
        );
        s
    }

    fn width(&self) -> usize {
        self.movers.len()
    }

    fn count(&self) -> usize {
        self.parent.len()
    }

    fn state(&self, n: usize) -> &[u8] {
        &self.arena[n * self.width()..(n + 1) * self.width()]
    }

    /// Adds a state unless seen; its number when new.
    fn insert(&mut self, state: &[u8], from: (u32, Move)) -> Option<u32> {
        let h = hash(state);
        let w = self.width();
        let arena = &self.arena;
        if self
            .table
            .find(h, |&n| {
                &arena[n as usize * w..(n as usize + 1) * w] == state
            })
            .is_some()
        {
            return None;
        }
        let n = self.parent.len() as u32;
        self.arena.extend_from_slice(state);
        self.parent.push(from);
        let arena = &self.arena;
        self.table.insert_unique(h, n, |&m| {
            hash(&arena[m as usize * w..(m as usize + 1) * w])
        });
        Some(n)
    }

    fn mask(&self, m: usize, byte: u8) -> Mask {
        self.masks[m * 256 + byte as usize]
    }

    fn picked(&self, key_byte: u8) -> bool {
        let (at, o) = decode(key_byte);
        let forward = o.forward();
        let last = at.step(forward, 1);
        last.and_then(|c| c.step(forward, 1)) == Some(self.hole)
            || at.step(forward.opposite(), 1) == Some(self.hole)
    }

    /// The mover attached to the axis at `axis` from direction `dir`, given who covers what.
    fn attached_from(
        &self,
        state: &[u8],
        owner: &[u8; 121],
        axis: Cell,
        dir: Dir,
    ) -> Option<usize> {
        let n = axis.step(dir, 1)?;
        let m = owner[n.index()];
        if m == NONE {
            return None;
        }
        let m = m as usize;
        let (at, o) = decode(state[m]);
        if o != dir.orientation() {
            return None;
        }
        let end = if dir == o.forward() {
            at
        } else {
            at.step(o.forward(), self.movers[m].1 - 1)?
        };
        (end == n).then_some(m)
    }

    fn owners(&self, state: &[u8]) -> [u8; 121] {
        let mut owner = [NONE; 121];
        for (m, &b) in state.iter().enumerate() {
            let mut mask = self.mask(m, b);
            while mask != 0 {
                owner[mask.trailing_zeros() as usize] = m as u8;
                mask &= mask - 1;
            }
        }
        owner
    }

    fn no_bare_axis(&self, state: &[u8]) -> bool {
        if self.axes.is_empty() {
            return true;
        }
        let owner = self.owners(state);
        self.axes.iter().all(|&(_, a)| {
            Dir::ALL
                .iter()
                .any(|&d| self.attached_from(state, &owner, a, d).is_some())
        })
    }

    fn run(&mut self, limits: &Limits, cancel: &AtomicBool, started: Instant) -> Answer {
        if self.picked(self.state(0)[self.key]) {
            return Answer::Solved { moves: Vec::new() };
        }
        let mut next = 0usize;
        let mut state = Vec::with_capacity(self.width());
        let mut child = Vec::with_capacity(self.width());
        let mut counts = vec![0u8; self.axes.len()];
        let mut attached: Vec<(usize, usize, Dir)> = Vec::new();
        let mut ends: Vec<(Cell, Cell, Orientation)> = Vec::with_capacity(self.width());
        while next < self.count() {
            if next.is_multiple_of(1024) {
                if cancel.load(Ordering::Relaxed) {
                    return Answer::Stopped(Stop::Cancelled);
                }
                if let Some(t) = limits.timeout
                    && started.elapsed() >= t
                {
                    return Answer::Stopped(Stop::Time { after: t });
                }
            }
            state.clear();
            state.extend_from_slice(self.state(next));
            let from = next as u32;
            next += 1;
            let occupied = state
                .iter()
                .enumerate()
                .fold(self.fixed, |m, (i, &b)| m | self.mask(i, b));
            // The pieces attached to each axis: a piece whose end lies beside the axis in its
            // line. A piece that is some axis's only one cannot slide, since sliding detaches it.
            attached.clear();
            if !self.axes.is_empty() {
                ends.clear();
                for (m, &b) in state.iter().enumerate() {
                    let (at, o) = decode(b);
                    let last = at.step(o.forward(), self.movers[m].1 - 1).unwrap_or(at);
                    ends.push((at, last, o));
                }
                for (x, &(_, a)) in self.axes.iter().enumerate() {
                    counts[x] = 0;
                    for d in Dir::ALL {
                        let Some(n) = a.step(d, 1) else { continue };
                        let o = d.orientation();
                        let forward = d == o.forward();
                        if let Some(m) = ends.iter().position(|&(lo, hi, po)| {
                            po == o && if forward { lo == n } else { hi == n }
                        }) {
                            attached.push((m, x, d));
                            counts[x] += 1;
                        }
                    }
                }
            }
            // Slides.
            for m in 0..self.width() {
                if attached.iter().any(|&(p, x, _)| p == m && counts[x] == 1) {
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
                        if self.light & bit == 0 || occupied & bit != 0 {
                            break;
                        }
                        distance += 1;
                        front = c;
                        origin = match origin.step(dir, 1) {
                            Some(c) => c,
                            None => break,
                        };
                        child.clear();
                        child.extend_from_slice(&state);
                        child[m] = encode(&Piece::slider(origin, o, length));
                        let mv = Move::Slide {
                            piece: self.movers[m].0,
                            dir,
                            distance,
                        };
                        if self.insert(&child, (from, mv)).is_some() {
                            if m == self.key && self.picked(child[m]) {
                                return Answer::Solved {
                                    moves: self.path(self.count() - 1),
                                };
                            }
                            if self.count() as u64 >= limits.max_states {
                                return Answer::Stopped(Stop::States {
                                    max: limits.max_states,
                                });
                            }
                        }
                    }
                }
            }
            // Turns.
            for x in 0..self.axes.len() {
                let (axis, a) = self.axes[x];
                let carried: Vec<(usize, Dir)> = attached
                    .iter()
                    .filter(|&&(_, y, _)| y == x)
                    .map(|&(m, _, d)| (m, d))
                    .collect();
                let carried_mask = carried
                    .iter()
                    .fold(0, |acc, &(m, _)| acc | self.mask(m, state[m]));
                let others = occupied & !carried_mask;
                'turn: for turn in Turn::ALL {
                    child.clear();
                    child.extend_from_slice(&state);
                    for &(m, d) in &carried {
                        let to = d.turned(turn);
                        let length = self.movers[m].1;
                        let Some(far) = a.step(to, length) else {
                            continue 'turn;
                        };
                        let Some(near) = a.step(to, 1) else {
                            continue 'turn;
                        };
                        let origin = if (far.row, far.col) < (near.row, near.col) {
                            far
                        } else {
                            near
                        };
                        let p = Piece::slider(origin, to.orientation(), length);
                        let mask = p.mask();
                        if mask & !self.light != 0 || mask & others != 0 {
                            continue 'turn;
                        }
                        child[m] = encode(&p);
                    }
                    if !self.no_bare_axis(&child) {
                        continue;
                    }
                    let mv = Move::Turn { axis, turn };
                    if self.insert(&child, (from, mv)).is_some() {
                        if self.picked(child[self.key]) {
                            return Answer::Solved {
                                moves: self.path(self.count() - 1),
                            };
                        }
                        if self.count() as u64 >= limits.max_states {
                            return Answer::Stopped(Stop::States {
                                max: limits.max_states,
                            });
                        }
                    }
                }
            }
        }
        Answer::Impossible
    }

    fn path(&self, mut n: usize) -> Vec<Move> {
        let mut out = Vec::new();
        while let Some(&(from, mv)) = self.parent.get(n) {
            if from == u32::MAX {
                break;
            }
            out.push(mv);
            n = from as usize;
        }
        out.reverse();
        out
    }
}
