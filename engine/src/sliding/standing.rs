//! A proof that a lock cannot be picked from a relaxation that keeps the board crowded: the Key
//! and a few pieces move, and every other piece **stands** where it lies, a wall, until some
//! reachable state lets it move at all. From then on it is **gone**: lifted off the board but
//! for the cells it covers wherever it goes ([`super::relax::covers`]), as in
//! [`super::pattern`].
//!
//! Why this holds every real state: a piece gone is less in the way than a piece anywhere, so
//! the relaxation with the final set of gone pieces, each gone from the start, allows every real
//! move of the moving pieces; and a piece that stands in the end can move from no reachable
//! state, so in the lock it never moves either. When none of the reachable states is picked,
//! the lock cannot be picked.
//!
//! Lifting pieces outright, as the bounds do, empties the board; on a crowded board the few
//! pieces that matter then roam, and their relaxation outgrows any limit before it keeps them
//! all. Standing pieces keep them hemmed in.

use super::cell::{Cell, Mask, Turn};
use super::lock::Piece;
use super::pattern::Context;
use super::space::{Scratch, Space, decode, encode};
use super::store::Store;

/// The states of a relaxation that shows the lock cannot be picked, if one is found with each
/// relaxation within `g.cap` states and all of them within `budget`.
pub(crate) fn prove_impossible(g: &Context, budget: usize) -> Option<usize> {
    let real = g.real;
    let mut moving = vec![real.key];
    let mut spent = 0usize;
    while moving.len() < real.width() {
        let mut gone = vec![false; real.width()];
        let picked = loop {
            let space = relaxed(g, &moving, &gone);
            let (store, parent, picked) = reach(g, &space)?;
            spent += store.len();
            if spent > budget || !(g.go_on)() {
                return None;
            }
            if let Some(p) = picked {
                break (space, store, parent, p);
            }
            let mut standing: Vec<(usize, Leaving)> = (0..real.width())
                .filter(|&m| !moving.contains(&m) && !gone[m])
                .map(|m| (m, Leaving::new(g, &space, &moving, &gone, m)))
                .collect();
            let before = standing.len();
            for n in 0..store.len() {
                if standing.is_empty() {
                    break;
                }
                let state = store.get(n as u32);
                let occupied = space.occupied(state);
                standing.retain(|(m, leaving)| {
                    let leaves = leaving.can_leave(&space, state, occupied);
                    gone[*m] |= leaves;
                    !leaves
                });
            }
            if standing.len() == before {
                return Some(store.len());
            }
        };
        moving.push(in_the_way(g, &moving, &gone, picked)?);
    }
    None
}

/// The relaxation where `moving` (places among the solver's movers) move, the pieces `gone`
/// are lifted and every other piece stands.
fn relaxed(g: &Context, moving: &[usize], gone: &[bool]) -> Space {
    let real = g.real;
    let lock_movers: Vec<usize> = moving.iter().map(|&m| real.movers[m].0).collect();
    let mut walls = g.walls;
    for (m, &(i, _)) in real.movers.iter().enumerate() {
        if moving.contains(&m) {
            continue;
        }
        walls |= if gone[m] {
            g.cover[i]
        } else {
            g.lock.pieces[i].mask()
        };
    }
    let turning: Vec<usize> = real.axes.iter().map(|&(x, _)| x).collect();
    // A standing piece is a wall, and its company is not counted.
    let kept: Vec<usize> = turning
        .iter()
        .copied()
        .filter(|&x| real.axis_company_moves(g.sweeps, x, &lock_movers))
        .collect();
    Space::new(g.lock, &lock_movers, &turning, walls, &kept).within(g.places_kept)
}

type Reached = (Store, Vec<u32>, Option<u32>);

/// Every state reachable in `space`, each with the state it was first reached from, and a
/// picked one if any; none past the cap.
fn reach(g: &Context, space: &Space) -> Option<Reached> {
    let mut store = Store::new(space.width());
    let mut parent = vec![u32::MAX];
    let start = space.start(g.lock);
    store.insert(&start);
    if space.picked(&start) {
        return Some((store, parent, Some(0)));
    }
    let mut scratch = Scratch::default();
    let mut state = Vec::with_capacity(space.width());
    let mut next = 0u32;
    while (next as usize) < store.len() {
        state.clear();
        state.extend_from_slice(store.get(next));
        let mut picked = None;
        let full = space.expand(&state, 0, &mut scratch, |child, _| {
            let (c, new) = store.insert(child);
            if new {
                parent.push(next);
                if space.picked(child) {
                    picked = Some(c);
                    return true;
                }
            }
            store.len() > g.cap
        });
        if picked.is_some() {
            return Some((store, parent, picked));
        }
        if full || (next % 1024 == 1023 && !(g.go_on)()) {
            return None;
        }
        next += 1;
    }
    Some((store, parent, None))
}

/// What decides whether a standing piece can move, worked out once per relaxation: the cells
/// it could slide into, and for each axis it is attached to, where each turn would put it.
struct Leaving {
    /// Cells closed to it whatever the moving pieces do: off the light cells, axes, the
    /// Keyhole, the walls and every other standing or gone piece.
    closed: Mask,
    /// The cells beside its two ends in its line.
    beyond: Mask,
    /// For each axis it is attached to: the axis (by its place in the lock), the standing
    /// pieces turning with it, and the cells it would cover after each turn that stays on the
    /// board.
    turns: Vec<(usize, Mask, Vec<Mask>)>,
}

impl Leaving {
    /// For standing piece `m` (a place among the solver's movers) in the relaxation `space`.
    fn new(g: &Context, space: &Space, moving: &[usize], gone: &[bool], m: usize) -> Leaving {
        let (lock, real) = (g.lock, g.real);
        let piece: Piece = lock.pieces[real.movers[m].0];
        // The relaxation walls the piece itself too.
        let closed = !space.free() & !piece.mask();
        let standing = |k: usize| !moving.contains(&k) && !gone[k];
        let forward = piece.orientation.forward();
        let beyond = [
            piece.at.step(forward, piece.length),
            piece.at.step(forward.opposite(), 1),
        ]
        .into_iter()
        .flatten()
        .fold(0, |acc, c| acc | c.bit());
        let mut turns = Vec::new();
        for &(x, a) in &real.axes {
            let attached = lock.attached(x);
            let Some(&(_, d)) = attached.iter().find(|&&(i, _)| i == real.movers[m].0) else {
                continue;
            };
            let company = attached
                .iter()
                .filter(|&&(i, _)| real.mover_of(i).is_some_and(standing))
                .fold(0, |acc, &(i, _)| acc | lock.pieces[i].mask());
            let mut ends = Vec::new();
            for turn in Turn::ALL {
                let to = d.turned(turn);
                let Some((at, o)) = Piece::beside_axis(a, to, piece.length) else {
                    continue;
                };
                let turned = Piece::slider(at, o, piece.length);
                if turned.cells().count() == usize::from(piece.length) {
                    ends.push(turned.mask());
                }
            }
            turns.push((x, company, ends));
        }
        Leaving {
            closed,
            beyond,
            turns,
        }
    }

    /// Whether the piece can move in `state` of `space`: slide a cell either way, or turn with
    /// an axis it is attached to. The other pieces that would turn with it are not checked,
    /// which only lets it go sooner.
    fn can_leave(&self, space: &Space, state: &[u8], occupied: Mask) -> bool {
        if self.beyond & !(self.closed | occupied) != 0 {
            return true;
        }
        for (x, company, ends) in &self.turns {
            let mut carried = *company;
            for (k, y) in space.attached_to(state) {
                if y == *x {
                    carried |= space.mask(k, state[k]);
                }
            }
            let blocked = (self.closed & !carried) | (occupied & !carried);
            if ends.iter().any(|&e| e & blocked == 0) {
                return true;
            }
        }
        false
    }
}

/// The piece to move next, from a way to a pick in the relaxation (see the comment inside).
fn in_the_way(
    g: &Context,
    moving: &[usize],
    gone: &[bool],
    (space, store, parent, picked): (Space, Store, Vec<u32>, u32),
) -> Option<usize> {
    let real = g.real;
    let mut chain = vec![picked];
    let mut n = picked;
    while n != 0 {
        n = parent[n as usize];
        chain.push(n);
    }
    chain.reverse();
    let not_moving = |m: &usize| !moving.contains(m);
    let axes = |m: usize| &g.sweeps[real.movers[m].0].axes;
    // An axis whose rule is forgotten lets a moving piece slide off it alone, which no other
    // relaxed move can stand in for: first, a piece that could keep such an axis company where
    // a slide on the way leaves it bare; else the first gone piece whose cells a move on the
    // way passes over; else the first gone piece that could reach the way. One at a time:
    // several at once grew seed 143's relaxations past a million states.
    for step in chain.windows(2) {
        let (from, to) = (store.get(step[0]), store.get(step[1]));
        let changed: Vec<usize> = (0..from.len()).filter(|&k| from[k] != to[k]).collect();
        let [k] = changed[..] else {
            continue;
        };
        if decode(from[k]).1 != decode(to[k]).1 {
            continue;
        }
        let attached = space.attached_to(from);
        for &(_, x) in attached.iter().filter(|&&(j, _)| j == k) {
            let alone = attached.iter().filter(|&&(_, y)| y == x).count() == 1;
            if alone
                && let Some(m) = (0..real.width())
                    .filter(not_moving)
                    .find(|&m| axes(m).contains(&x))
            {
                return Some(m);
            }
        }
    }
    for step in chain.windows(2) {
        let step_swept = store_swept(&space, &store, step);
        if let Some(m) = (0..real.width())
            .filter(not_moving)
            .find(|&m| gone[m] && g.lock.pieces[real.movers[m].0].mask() & step_swept != 0)
        {
            return Some(m);
        }
    }
    let swept = store_swept(&space, &store, &chain);
    (0..real.width())
        .filter(not_moving)
        .find(|&m| gone[m] && g.sweeps[real.movers[m].0].cells & swept != 0)
}

/// Every cell the moves along `chain` pass over.
fn store_swept(space: &Space, store: &Store, chain: &[u32]) -> Mask {
    let mut swept = 0;
    for step in chain.windows(2) {
        let (from, to) = (store.get(step[0]), store.get(step[1]));
        for k in 0..from.len() {
            if from[k] != to[k] {
                swept |= span(space, k, from[k], to[k]);
            }
        }
    }
    swept
}

/// The cells mover `k` covers going from place `a` to place `b`: every place between on a
/// slide, both ends of a turn.
fn span(space: &Space, k: usize, a: u8, b: u8) -> Mask {
    let (from, o1) = decode(a);
    let (to, o2) = decode(b);
    let ends = space.mask(k, a) | space.mask(k, b);
    if o1 != o2 || (from.row != to.row && from.col != to.col) {
        return ends;
    }
    let (r0, r1) = (from.row.min(to.row), from.row.max(to.row));
    let (c0, c1) = (from.col.min(to.col), from.col.max(to.col));
    let mut cells = ends;
    for r in r0..=r1 {
        for c in c0..=c1 {
            cells |= space.mask(k, encode(Cell::new(c, r), o1));
        }
    }
    cells
}
