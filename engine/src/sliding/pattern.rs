//! A relaxation of the lock small enough to search whole: the Key and a few pieces around it
//! move, every other moving piece is lifted off the board (but for the cells it covers wherever
//! it goes, see [`super::relax::covers`]), and the rule that every axis keeps a piece attached
//! is forgotten (see [`super::space`]).
//!
//! Every real move is a relaxed move or none, so:
//! - when no relaxed state reachable from the start is picked, the lock cannot be picked;
//! - the fewest relaxed moves from a state's projection to a pick never overstate the real
//!   ones, and differ by at most one across a real move: a lower bound that lets the solver
//!   search best-first (A*) and still answer in the fewest moves, and that marks as dead every
//!   state whose projection can never be picked.
//!
//! The pieces kept are chosen the way the relaxation fails: follow a fewest-moves relaxed
//! solution from the start and keep the first lifted piece that lies in its way, then search
//! again, as long as the relaxation stays small.

use super::cell::{Mask, Orientation};
use super::lock::{Lock, Piece};
use super::rules::Move;
use super::space::{Scratch, Space, decode};
use super::store::Store;

/// The distance of a state from which the relaxation can never be picked.
pub(crate) const DEAD: u8 = u8::MAX;

/// The whole relaxed space over some of the solver's movers, with each state's fewest moves to
/// a pick.
pub(crate) struct Pattern {
    space: Space,
    /// For each relaxed mover, its place among the solver's movers.
    pick: Vec<usize>,
    store: Store,
    dist: Vec<u8>,
}

/// What relaxing the lock showed.
pub(crate) enum Relaxation {
    /// No relaxed state reachable from the start is picked; how many there are.
    Impossible {
        /// The relaxed states reachable from the start.
        states: usize,
    },
    /// The largest relaxation that stayed small, as a lower bound.
    Bound(Box<Pattern>),
}

impl Pattern {
    /// The fewest relaxed moves from `real`'s projection to a pick, [`DEAD`] when none.
    pub(crate) fn bound(&self, real: &[u8], buf: &mut Vec<u8>) -> u8 {
        buf.clear();
        buf.extend(self.pick.iter().map(|&m| real[m]));
        // Every real state reachable from the start projects onto a relaxed state reachable
        // from the start's projection, so a miss cannot happen; 0 stays a safe bound anyway.
        self.store.find(buf).map_or(0, |n| self.dist[n as usize])
    }

    /// How many relaxed states it holds.
    pub(crate) fn len(&self) -> usize {
        self.store.len()
    }
}

/// Relaxes the lock searched in `real`, growing the pieces kept while the relaxed space stays
/// within `cap` states. `cover` is [`super::relax::covers`]; `walls` the cells of the pieces
/// the solver leaves where they are.
pub(crate) fn relax(
    lock: &Lock,
    real: &Space,
    cover: &[Mask],
    walls: Mask,
    cap: usize,
) -> Option<Relaxation> {
    let mut pick = vec![real.key];
    let mut best = None;
    while let Some(p) = explore(lock, real, &pick, cover, walls, cap) {
        if p.dist[0] == DEAD {
            return Some(Relaxation::Impossible { states: p.len() });
        }
        let next = in_the_way(lock, real, &p);
        best = Some(p);
        match next {
            Some(m) => pick.push(m),
            None => break,
        }
    }
    best.map(|p| Relaxation::Bound(Box::new(p)))
}

/// The whole relaxed space over `pick` (places among `real`'s movers), unless it holds more
/// than `cap` states.
fn explore(
    lock: &Lock,
    real: &Space,
    pick: &[usize],
    cover: &[Mask],
    walls: Mask,
    cap: usize,
) -> Option<Pattern> {
    let movers: Vec<usize> = pick.iter().map(|&m| real.movers[m].0).collect();
    let lifted = real
        .movers
        .iter()
        .filter(|(i, _)| !movers.contains(i))
        .fold(walls, |w, &(i, _)| w | cover[i]);
    let turning: Vec<usize> = real.axes.iter().map(|&(x, _)| x).collect();
    let space = Space::new(lock, &movers, &turning, lifted, true);
    let mut store = Store::new(pick.len());
    store.insert(&space.start(lock));
    let mut scratch = Scratch::default();
    let mut state = Vec::with_capacity(pick.len());
    let mut goals = Vec::new();
    let mut next = 0u32;
    while (next as usize) < store.len() {
        state.clear();
        state.extend_from_slice(store.get(next));
        if space.picked(&state) {
            goals.push(next);
        }
        let full = space.expand(&state, &mut scratch, |child, _| {
            store.insert(child);
            store.len() > cap
        });
        if full {
            return None;
        }
        next += 1;
    }
    // Relaxed moves can all be undone (a slide back, the opposite turn carrying the same
    // pieces), so the distances to a pick come from one search outwards from every pick.
    let mut dist = vec![DEAD; store.len()];
    for &g in &goals {
        dist[g as usize] = 0;
    }
    let mut queue = goals;
    let mut head = 0;
    while let Some(&n) = queue.get(head) {
        head += 1;
        state.clear();
        state.extend_from_slice(store.get(n));
        let d = dist[n as usize].saturating_add(1).min(DEAD - 1);
        space.expand(&state, &mut scratch, |child, _| {
            if let Some(c) = store.find(child)
                && dist[c as usize] == DEAD
            {
                dist[c as usize] = d;
                queue.push(c);
            }
            false
        });
    }
    Some(Pattern {
        space,
        pick: pick.to_vec(),
        store,
        dist,
    })
}

/// The first lifted piece, at its place in the lock, that a fewest-moves relaxed solution
/// from the start slides or turns a piece into, or that a turn in it would carry.
fn in_the_way(lock: &Lock, real: &Space, p: &Pattern) -> Option<usize> {
    let lifted: Vec<(usize, Mask)> = (0..real.width())
        .filter(|m| !p.pick.contains(m))
        .map(|m| (m, lock.pieces[real.movers[m].0].mask()))
        .collect();
    let mut scratch = Scratch::default();
    let mut state = p.store.get(0).to_vec();
    let mut n = 0u32;
    while p.dist[n as usize] > 0 && p.dist[n as usize] != DEAD {
        let want = p.dist[n as usize] - 1;
        let mut step = None;
        p.space.expand(&state, &mut scratch, |child, mv| {
            match p.store.find(child) {
                Some(c) if p.dist[c as usize] == want => {
                    step = Some((c, mv, swept(&p.space, &state, child, mv)));
                    true
                }
                _ => false,
            }
        });
        let (c, mv, cells) = step?;
        if let Move::Turn { axis, .. } = mv {
            let carried = lock.attached(axis);
            if let Some(&(m, _)) = lifted
                .iter()
                .find(|&&(m, _)| carried.iter().any(|&(i, _)| i == real.movers[m].0))
            {
                return Some(m);
            }
        }
        if let Some(&(m, _)) = lifted.iter().find(|&&(_, mask)| mask & cells != 0) {
            return Some(m);
        }
        n = c;
        state.clear();
        state.extend_from_slice(p.store.get(c));
    }
    None
}

/// The cells a move passes over: a slid piece's every place on the way, or where turned pieces
/// end.
fn swept(space: &Space, state: &[u8], child: &[u8], mv: Move) -> Mask {
    let changed = (0..state.len()).filter(|&m| state[m] != child[m]);
    match mv {
        Move::Slide { dir, distance, .. } => changed
            .map(|m| {
                let (at, o): (_, Orientation) = decode(state[m]);
                let length = space.movers[m].1;
                (0..=distance)
                    .filter_map(|k| at.step(dir, k))
                    .fold(0, |acc, c| acc | Piece::slider(c, o, length).mask())
            })
            .fold(0, |a, b| a | b),
        Move::Turn { .. } => changed.fold(0, |acc, m| acc | space.mask(m, child[m])),
    }
}
