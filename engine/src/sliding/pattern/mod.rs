//! Relaxations of the lock small enough to search whole: the Key and a few pieces move, every
//! other moving piece is lifted off the board (but for the cells it covers wherever it goes,
//! see [`super::relax::covers`]), and the rule that an axis keeps a piece attached is forgotten
//! for every axis a lifted piece could be attached to (see [`super::space`]): it holds for the
//! others, since all the pieces that could keep them company move here as in the lock.
//!
//! Every real move is a relaxed move or none, so:
//! - when no relaxed state reachable from the start is picked, the lock cannot be picked;
//! - the fewest relaxed moves from a state's projection to a pick never overstate the real
//!   ones, and differ by at most one across a real move: a lower bound that lets the solver
//!   search best-first (A*) and still answer in the fewest moves, and that marks as dead every
//!   state whose projection can never be picked.
//!
//! Several relaxations add up when no real move is counted by two of them: the first counts
//! every move of its pieces, the Key's and every turn; each later one counts only the slides
//! of its own pieces, those no earlier one keeps (its Key slides, turns and pieces it borrows
//! from earlier ones move for free). So the first says how far the Key and the pieces nearest
//! its way must go, the next how many of the pieces behind those must still slide aside, and
//! so on.
//!
//! When the Key never turns, it must pass every cell between it and the Keyhole on its line,
//! so each piece lying across that way in the lock must leave its cell first. A relaxation
//! that aims at that instead of a pick ([`Goal::Clear`]) keeps the piece (borrowed when the
//! first relaxation has it) and the pieces in its way: the moves they take to let it out add
//! to the first relaxation's, which lifts them. A state whose Key has passed the cell needs
//! none of them.
//!
//! The pieces kept are chosen the way a relaxation fails: follow a cheapest relaxed solution
//! from the start and keep the first lifted piece that lies in its way, then search again, as
//! long as the relaxation stays small. Then the pieces in its way are held the same way (see
//! [`Held`]): home or aside, two states each where a kept piece brings all its places.

mod goal;
mod table;

use super::cell::{Cell, Mask, Orientation};
use super::lock::{Lock, Piece};
use super::relax::Sweep;
use super::rules::Move;
use super::space::{Scratch, Space, decode, encode};
use super::store::Store;
use goal::{Goal, clearings};
use std::collections::VecDeque;
use table::Table;

/// The distance of a state from which the relaxation can never be picked.
pub(crate) const DEAD: u8 = u8::MAX;

/// At most this many relaxations add up.
const MOST_PATTERNS: usize = 8;

/// The whole relaxed space over some of the solver's movers, with each state's cheapest way to
/// a pick.
struct Pattern {
    space: Space,
    /// For each relaxed mover, its place among the solver's movers.
    pick: Vec<usize>,
    /// Which moves count.
    counting: Counting,
    /// What its states aim at.
    goal: Goal,
    store: Store,
    dist: Vec<u8>,
    /// For each state, the next state on a cheapest way to a pick.
    toward: Vec<u32>,
    /// The distances by place, when they fit in a small array.
    table: Option<Table>,
    /// Pieces that stand where they lie until they step aside (see [`Held`]); a state holds
    /// one byte for each after the movers' places: 0 standing, 1 aside.
    held: Vec<Held>,
}

/// A piece of a relaxation that stands where it lies in the lock, a wall, until it steps
/// aside, which costs a move; aside, it is lifted like the pieces the relaxation does not
/// keep, and it may step back, another move, when its cells are free. A real state has it
/// standing exactly when it lies where it lies in the lock, and every real move of it is one
/// of these steps or none, so the relaxation's distances still never overstate. Only a piece
/// that can never be attached to an axis is held: a turn would carry it, and a turn that
/// carried it home would be two relaxed moves for one real one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Held {
    /// Its place among the solver's movers.
    mover: usize,
    /// Its place in the lock.
    home: u8,
    /// Its cells there.
    cells: Mask,
}

/// Which moves a relaxation counts: the first counts every move of its pieces and every turn;
/// a later one only the slides of the pieces it keeps first (its own), so that no real move is
/// counted twice. The Key and the pieces it borrows from earlier relaxations move for free.
#[derive(Clone, Debug)]
struct Counting {
    /// For each of the solver's movers, whether its slides count.
    slides: Vec<bool>,
    /// Whether turns count.
    turns: bool,
}

impl Counting {
    fn cost(&self, real: &Space, mv: Move) -> u8 {
        match mv {
            Move::Slide { piece, .. } => {
                u8::from(real.mover_of(piece).is_some_and(|m| self.slides[m]))
            }
            Move::Turn { .. } => u8::from(self.turns),
        }
    }
}

/// Relaxations whose bounds add up: or two such sets, whose larger sum is the bound.
pub(crate) struct Bounds {
    patterns: Vec<Pattern>,
    /// For each piece of the lock, the relaxations that keep it, one bit each.
    keepers: Vec<u32>,
    /// The relaxations before this one add up, and so do this one and those after; the bound
    /// is the larger sum. The number of relaxations when there is one set.
    split: usize,
}

const EVERY: u32 = u32::MAX;

/// What relaxing the lock showed.
pub(crate) enum Relaxation {
    /// No relaxed state reachable from the start is picked; how many there are.
    Impossible {
        /// The relaxed states reachable from the start.
        states: usize,
    },
    /// The relaxations that stayed small, as a lower bound.
    Bound(Bounds),
}

impl Pattern {
    fn bound(&self, real: &[u8], buf: &mut Vec<u8>) -> u8 {
        if let Goal::Clear { key, reached, .. } = &self.goal
            && reached[usize::from(real[*key])]
        {
            return 0;
        }
        // Every real state reachable from the start projects onto a relaxed state reachable
        // from the start's projection, so a miss cannot happen; 0 stays a safe bound anyway.
        if let Some(t) = &self.table {
            return t.index(self.project(real)).map_or(0, |i| t.dist[i]);
        }
        buf.clear();
        buf.extend(self.project(real));
        self.store.find(buf).map_or(0, |n| self.dist[n as usize])
    }

    /// The relaxed state of `real`: its movers' places, then each held piece home (0) or
    /// aside (1).
    fn project<'a>(&'a self, real: &'a [u8]) -> impl Iterator<Item = u8> + 'a {
        let held = self.held.iter().map(|h| u8::from(real[h.mover] != h.home));
        self.pick.iter().map(|&m| real[m]).chain(held)
    }
}

impl Bounds {
    /// The fewest moves from `real` to a pick that the relaxations allow, [`DEAD`] when one
    /// of them is never picked from there.
    pub(crate) fn bound(&self, real: &[u8], buf: &mut Vec<u8>) -> u8 {
        let mut parts = Vec::new();
        self.parts(real, buf, &mut parts);
        self.total(&parts)
    }

    /// The bound from each relaxation's.
    fn total(&self, parts: &[u8]) -> u8 {
        let (a, b) = parts.split_at(self.split.min(parts.len()));
        let (a, b) = (total(a), total(b));
        if a == DEAD || b == DEAD {
            DEAD
        } else {
            a.max(b)
        }
    }

    /// The larger of these bounds and `other`'s: never overstating either, it never overstates,
    /// and changes by at most one across a move as each does.
    pub(crate) fn max_with(mut self, other: Bounds) -> Bounds {
        let n = self.patterns.len();
        // Each is one set that adds up, and the bits of both fit.
        let single = |b: &Bounds| b.split == b.patterns.len();
        if n == 0 || n + other.patterns.len() > 32 || !single(&self) || !single(&other) {
            return self;
        }
        for (k, o) in self.keepers.iter_mut().zip(&other.keepers) {
            *k = if *k == EVERY || *o == EVERY {
                EVERY
            } else {
                *k | o << n
            };
        }
        self.patterns.extend(other.patterns);
        self.split = n;
        self
    }

    /// Whether some relaxation keeps `piece` (by its place in the lock): a slide of a piece
    /// none keeps leaves the bound as it was, [`Bounds::total`] of the parts.
    pub(crate) fn keeps(&self, piece: usize) -> bool {
        self.keepers.get(piece).is_none_or(|&k| k != 0)
    }

    /// The bound from each relaxation's, [`Bounds::parts`].
    pub(crate) fn of_parts(&self, parts: &[u8]) -> u8 {
        self.total(parts)
    }

    /// Each relaxation's bound for `real`.
    pub(crate) fn parts(&self, real: &[u8], buf: &mut Vec<u8>, parts: &mut Vec<u8>) {
        parts.clear();
        parts.extend(self.patterns.iter().map(|p| p.bound(real, buf)));
    }

    /// [`Bounds::bound`] for `child`, one move `mv` from a state whose [`Bounds::parts`] are
    /// `parts`: a slide changes only the relaxations that keep the piece.
    pub(crate) fn after(
        &self,
        parts: &[u8],
        child: &[u8],
        mv: Move,
        buf: &mut Vec<u8>,
        out: &mut Vec<u8>,
    ) -> u8 {
        let keepers = match mv {
            Move::Slide { piece, .. } => self.keepers.get(piece).copied().unwrap_or(EVERY),
            Move::Turn { .. } => EVERY,
        };
        match keepers {
            0 => self.total(parts),
            EVERY => {
                self.parts(child, buf, out);
                self.total(out)
            }
            bits => {
                out.clear();
                out.extend_from_slice(parts);
                for (k, p) in self.patterns.iter().enumerate() {
                    if bits & 1 << k != 0 {
                        out[k] = p.bound(child, buf);
                    }
                }
                self.total(out)
            }
        }
    }
}

fn total(parts: &[u8]) -> u8 {
    let mut sum = 0u8;
    for &b in parts {
        if b == DEAD {
            return DEAD;
        }
        sum = sum.saturating_add(b).min(DEAD - 1);
    }
    sum
}

/// Relaxes the lock searched in `ctx.real`, each relaxation within `ctx.cap` states. Gives
/// up, with the relaxations built so far, once `ctx.go_on` says so.
pub(crate) fn relax(ctx: &Context) -> Option<Relaxation> {
    let (lock, real) = (ctx.lock, ctx.real);
    let w = real.width();
    let mut patterns: Vec<Pattern> = Vec::new();
    let mut used = vec![false; w];
    let keep = |p: Pattern, patterns: &mut Vec<Pattern>, used: &mut Vec<bool>| {
        for &m in p.pick.iter().chain(p.held.iter().map(|h| &h.mover)) {
            used[m] = true;
        }
        patterns.push(p);
    };
    let every = Counting {
        slides: vec![true; w],
        turns: true,
    };
    let first = build(ctx, real.key, Goal::Picked, &every, &used, false)?;
    if first.dist[0] == DEAD {
        return Some(Relaxation::Impossible {
            states: first.store.len(),
        });
    }
    keep(first, &mut patterns, &mut used);
    // The later relaxations count only the slides of the pieces no earlier one keeps.
    let own = |used: &[bool]| Counting {
        slides: (0..w).map(|m| m != real.key && !used[m]).collect(),
        turns: false,
    };
    for goal in clearings(ctx) {
        if patterns.len() == MOST_PATTERNS {
            break;
        }
        let Goal::Clear { piece, .. } = goal else {
            continue;
        };
        let Some(p) = build(ctx, piece, goal, &own(&used), &used, true) else {
            continue;
        };
        if p.dist[0] == DEAD {
            return Some(Relaxation::Impossible {
                states: p.store.len(),
            });
        }
        if p.dist[0] > 0 {
            keep(p, &mut patterns, &mut used);
        }
    }
    while patterns.len() < MOST_PATTERNS {
        let Some(p) = build(ctx, real.key, Goal::Picked, &own(&used), &used, false) else {
            break;
        };
        if p.dist[0] == DEAD {
            return Some(Relaxation::Impossible {
                states: p.store.len(),
            });
        }
        if p.dist[0] == 0 {
            break;
        }
        keep(p, &mut patterns, &mut used);
    }
    for p in &mut patterns {
        p.table = Table::new(&p.store, &p.dist, p.pick.len() + p.held.len());
    }
    let mut keepers = vec![0u32; lock.pieces.len()];
    for (k, p) in patterns.iter().enumerate() {
        for &m in p.pick.iter().chain(p.held.iter().map(|h| &h.mover)) {
            keepers[real.movers[m].0] |= 1 << k;
        }
    }
    // The Key's slides change what the relaxations that clear its way aim at.
    if let Some(k) = real.movers.get(real.key) {
        keepers[k.0] = EVERY;
    }
    let split = patterns.len();
    Some(Relaxation::Bound(Bounds {
        patterns,
        keepers,
        split,
    }))
}

/// One relaxation toward `goal`, from the solver's mover `first` on: then each piece in the
/// way of a cheapest relaxed solution is kept, then held (see [`hold`]), as long as it stays
/// within the cap. A piece `used` by an earlier relaxation is passed over, or with `borrow`
/// kept too, moving for free as `counting` says. `None` when not even `first` alone fits.
fn build(
    ctx: &Context,
    first: usize,
    goal: Goal,
    counting: &Counting,
    used: &[bool],
    borrow: bool,
) -> Option<Pattern> {
    let offered = if borrow {
        vec![false; ctx.real.width()]
    } else {
        used.to_vec()
    };
    let mut pick = vec![first];
    let mut best = None;
    while let Some(p) = explore(ctx, &pick, &[], counting, &goal) {
        if p.dist[0] == DEAD {
            return Some(p);
        }
        let next = in_the_way(ctx, &p, &offered);
        // Borrowed pieces move for free: a relaxation that has grown large and still counts
        // nothing from the start seldom comes to count something before its limit.
        let idle = borrow && p.dist[0] == 0 && p.store.len() > ctx.cap / IDLE_SHARE;
        best = Some(p);
        if idle {
            break;
        }
        match next {
            Some(m) => pick.push(m),
            None => break,
        }
    }
    Some(hold(ctx, best?, used))
}

/// A relaxation that borrows stops growing once it holds more than this share of its limit
/// and still counts nothing from the start: on seed 99 of the bench, a third of the relaxed
/// states built, with the same bounds.
const IDLE_SHARE: usize = 16;

/// What every relaxation of one lock is built from, those of the bounds and those of the proof
/// from standing pieces ([`super::standing`]) alike.
pub(crate) struct Context<'a> {
    pub(crate) lock: &'a Lock,
    /// The solver's space.
    pub(crate) real: &'a Space,
    /// [`super::relax::covers`].
    pub(crate) cover: &'a [Mask],
    /// Every piece's sweep within `cover`: the axes it could ever be attached to.
    pub(crate) sweeps: &'a [Sweep],
    /// Every piece's places ([`super::relax::places_kept`]).
    pub(crate) places_kept: &'a [Vec<(Cell, Orientation)>],
    /// The pieces the solver leaves where they are.
    pub(crate) walls: Mask,
    /// The most states a relaxation may hold.
    pub(crate) cap: usize,
    pub(crate) go_on: &'a dyn Fn() -> bool,
}

impl Context<'_> {
    /// Whether some piece that could ever be attached to `axis` (by its place in the lock)
    /// is not among `movers`, so that the rule that the axis keeps a piece attached cannot be
    /// kept.
    fn axis_lifted(&self, axis: usize, movers: &[usize]) -> bool {
        !self.real.axis_company_moves(self.sweeps, axis, movers)
    }
}

/// The whole relaxed space over `pick` (places among `real`'s movers) and `held`, unless it
/// holds more than `cap` states or `go_on` says to stop.
fn explore(
    ctx: &Context,
    pick: &[usize],
    held: &[Held],
    counting: &Counting,
    goal: &Goal,
) -> Option<Pattern> {
    let Context {
        lock,
        real,
        cover,
        walls,
        cap,
        go_on,
        ..
    } = *ctx;
    let movers: Vec<usize> = pick.iter().map(|&m| real.movers[m].0).collect();
    let lifted = real
        .movers
        .iter()
        .filter(|(i, _)| !movers.contains(i))
        .fold(walls, |w, &(i, _)| w | cover[i]);
    let turning: Vec<usize> = real.axes.iter().map(|&(x, _)| x).collect();
    let kept: Vec<usize> = turning
        .iter()
        .copied()
        .filter(|&x| !ctx.axis_lifted(x, &movers))
        .collect();
    let space = Space::new(lock, &movers, &turning, lifted, &kept).within(ctx.places_kept);
    let width = pick.len() + held.len();
    let mut store = Store::new(width);
    let mut start = space.start(lock);
    start.resize(width, 0);
    store.insert(&start);
    let mut moves = Moves::default();
    let mut state = Vec::with_capacity(width);
    let mut goals = Vec::new();
    // Each state's neighbours, the move's cost in the top bit, kept for the search back from
    // the picks, which then neither expands a state again nor looks one up.
    let mut edges: Vec<u32> = Vec::new();
    let mut first: Vec<u32> = Vec::new();
    let mut next = 0u32;
    while (next as usize) < store.len() {
        state.clear();
        state.extend_from_slice(store.get(next));
        if goal.reached(&space, &state) {
            goals.push(next);
        }
        first.push(edges.len() as u32);
        let full = moves.each(&space, held, &state, |child, mv| {
            // A held piece's step is a move of a piece other than the Key.
            let cost = mv.map_or(1, |mv| counting.cost(real, mv));
            edges.push(store.insert(child).0 | u32::from(cost) << 31);
            store.len() > cap
        });
        if full || (next % 1024 == 1023 && !go_on()) {
            return None;
        }
        next += 1;
    }
    first.push(edges.len() as u32);
    let mut p = Pattern {
        dist: vec![DEAD; store.len()],
        toward: vec![u32::MAX; store.len()],
        space,
        pick: pick.to_vec(),
        counting: counting.clone(),
        goal: goal.clone(),
        store,
        table: None,
        held: held.to_vec(),
    };
    // Relaxed moves can all be undone at the same cost (a slide back, the opposite turn
    // carrying the same pieces, a held piece's step back), so the cheapest ways to a pick come
    // from one search outwards from every pick, free moves first.
    let mut queue: VecDeque<u32> = VecDeque::new();
    for &g in &goals {
        p.dist[g as usize] = 0;
        queue.push_back(g);
    }
    let mut done = vec![false; p.store.len()];
    while let Some(n) = queue.pop_front() {
        if std::mem::replace(&mut done[n as usize], true) {
            continue;
        }
        let d = p.dist[n as usize];
        let (from, to) = (first[n as usize] as usize, first[n as usize + 1] as usize);
        for &e in &edges[from..to] {
            let (c, cost) = ((e & !(1 << 31)) as usize, (e >> 31) as u8);
            let to = d.saturating_add(cost).min(DEAD - 1);
            if to < p.dist[c] {
                p.dist[c] = to;
                p.toward[c] = n;
                if cost == 0 {
                    queue.push_front(c as u32);
                } else {
                    queue.push_back(c as u32);
                }
            }
        }
    }
    Some(p)
}

/// The moves of a relaxation with held pieces, and the buffers they reuse.
#[derive(Default)]
struct Moves {
    scratch: Scratch,
    child: Vec<u8>,
}

impl Moves {
    /// Calls `visit` with every state one relaxed move from `state`, and the move (`None` for
    /// a held piece's step), until it returns true; whether it did.
    fn each(
        &mut self,
        space: &Space,
        held: &[Held],
        state: &[u8],
        mut visit: impl FnMut(&[u8], Option<Move>) -> bool,
    ) -> bool {
        let w = space.width();
        if held.is_empty() {
            return space.expand(state, 0, &mut self.scratch, |c, mv| visit(c, Some(mv)));
        }
        let (places, steps) = state.split_at(w);
        let standing = held
            .iter()
            .zip(steps)
            .filter(|&(_, &aside)| aside == 0)
            .fold(0, |m, (h, _)| m | h.cells);
        let Moves { scratch, child } = self;
        child.clear();
        child.extend_from_slice(state);
        let stop = space.expand_among(places, standing, 0, scratch, |c, mv| {
            child[..w].copy_from_slice(c);
            visit(child, Some(mv))
        });
        if stop {
            return true;
        }
        child[..w].copy_from_slice(places);
        let occupied = space.occupied(places);
        for (i, h) in held.iter().enumerate() {
            let aside = steps[i];
            // Back home only onto free cells; aside at any time.
            if aside == 1 && h.cells & occupied != 0 {
                continue;
            }
            child[w + i] = 1 - aside;
            if visit(child, None) {
                return true;
            }
            child[w + i] = aside;
        }
        false
    }
}

/// `p` with pieces held (see [`Held`]) as long as it stays within `ctx.cap` states: the
/// first lifted piece in the way of a cheapest relaxed solution (as for the pieces kept),
/// passed over when it could ever be attached to an axis. A held piece costs the relaxation
/// little (it is home or aside), where keeping it would multiply its states by its places.
fn hold(ctx: &Context, p: Pattern, used: &[bool]) -> Pattern {
    // `in_the_way` never offers a kept piece, and each piece it offers is passed once.
    let mut passed = used.to_vec();
    let mut best = p;
    while best.dist[0] != DEAD {
        let Some(m) = in_the_way(ctx, &best, &passed) else {
            break;
        };
        passed[m] = true;
        let i = ctx.real.movers[m].0;
        if !ctx.sweeps[i].axes.is_empty() {
            continue;
        }
        // Each held piece made the relaxations of the bench's locks at least a fifth larger:
        // past this, an attempt would only pass the limit and be thrown away.
        if best.store.len() * 6 > ctx.cap * 5 {
            break;
        }
        let piece = ctx.lock.pieces[i];
        let mut held = best.held.clone();
        held.push(Held {
            mover: m,
            home: encode(piece.at, piece.orientation),
            cells: piece.mask(),
        });
        match explore(ctx, &best.pick, &held, &best.counting, &best.goal) {
            Some(next) => best = next,
            None => break,
        }
    }
    best
}

/// The first lifted piece not `used` by another relaxation that, at its place in the lock, a
/// cheapest relaxed solution from the start slides or turns a piece into, that a turn in it
/// would carry, or that could stay attached to an axis a slide in it leaves bare: once every
/// piece that could be attached to that axis is kept, its rule holds in the relaxation.
fn in_the_way(ctx: &Context, p: &Pattern, used: &[bool]) -> Option<usize> {
    let (lock, real) = (ctx.lock, ctx.real);
    let movers: Vec<usize> = p.pick.iter().map(|&m| real.movers[m].0).collect();
    let lifted: Vec<(usize, Mask)> = (0..real.width())
        .filter(|&m| !p.pick.contains(&m) && !used[m])
        .map(|m| (m, lock.pieces[real.movers[m].0].mask()))
        .collect();
    let mut scratch = Scratch::default();
    let mut n = 0u32;
    let mut state = p.store.get(n).to_vec();
    let w = p.space.width();
    while p.dist[n as usize] != DEAD && !p.goal.reached(&p.space, &state) {
        let c = p.toward[n as usize];
        if c == u32::MAX {
            return None;
        }
        let to = &p.store.get(c)[..w];
        // A held piece's step moves none of the relaxation's movers: nothing to look at.
        if state[..w] != *to {
            let mv = p.space.move_between(&state[..w], to, &mut scratch)?;
            let cells = swept(&p.space, &state[..w], to, mv);
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
            if let Move::Slide { piece, .. } = mv
                && let Some(m) = left_bare(ctx, p, &state[..w], piece, &movers)
                    .and_then(|axis| {
                        lifted
                            .iter()
                            .find(|&&(m, _)| ctx.sweeps[real.movers[m].0].axes.contains(&axis))
                    })
                    .map(|&(m, _)| m)
            {
                return Some(m);
            }
        }
        n = c;
        state.clear();
        state.extend_from_slice(p.store.get(c));
    }
    None
}

/// The axis whose rule `p` cannot keep that a slide of `piece` from `state` would leave with
/// no relaxed piece attached, if any: in the lock, a lifted piece would have to be attached
/// there first.
fn left_bare(
    ctx: &Context,
    p: &Pattern,
    state: &[u8],
    piece: usize,
    movers: &[usize],
) -> Option<usize> {
    let attached = p.space.attached_to(state);
    let k = movers.iter().position(|&i| i == piece)?;
    attached
        .iter()
        .filter(|&&(m, x)| m == k && ctx.axis_lifted(x, movers))
        .map(|&(_, x)| x)
        .find(|&x| attached.iter().filter(|&&(_, y)| y == x).count() == 1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::cell::Cell;
    use crate::sliding::lock::Board;

    /// A 5×3 board, rows from the top: `K K . a @` / `. . . a .` / `. . . . .`. The Key
    /// needs two moves: `a` down one, then the Key right two.
    fn blocked_once() -> Lock {
        let mut key = Piece::key(Cell::new(0, 2), Orientation::Horizontal);
        key.length = 2;
        Lock::new(
            Board::new(5, 3),
            vec![
                key,
                Piece::slider(Cell::new(3, 1), Orientation::Vertical, 2),
                Piece::keyhole(Cell::new(4, 2)),
            ],
        )
    }

    /// A held piece stands where it lies until it steps aside, and the step counts: with `a`
    /// lifted the Key alone needs one move, with `a` held two, as in the lock; and a real
    /// state with `a` away from home reads as `a` aside.
    #[test]
    fn a_held_piece_counts_the_move_that_takes_it_out_of_the_way() {
        let lock = blocked_once();
        let cover = super::super::relax::covers(&lock);
        let sweeps = super::super::relax::sweeps_with(&lock, &cover);
        let places_kept = super::super::relax::places_kept_with(&lock, &sweeps);
        let real = Space::new(&lock, &[0, 1], &[], 0, &[]);
        let go_on = || true;
        let ctx = Context {
            lock: &lock,
            real: &real,
            cover: &cover,
            sweeps: &sweeps,
            places_kept: &places_kept,
            walls: 0,
            cap: 1000,
            go_on: &go_on,
        };
        let (key, a) = (real.key, 1 - real.key);
        let all = Counting {
            slides: vec![true; real.width()],
            turns: true,
        };
        let lifted = explore(&ctx, &[key], &[], &all, &Goal::Picked).expect("small");
        assert_eq!(lifted.dist[0], 1);
        let piece = lock.pieces[real.movers[a].0];
        let home = encode(piece.at, piece.orientation);
        let held = [Held {
            mover: a,
            home,
            cells: piece.mask(),
        }];
        let p = explore(&ctx, &[key], &held, &all, &Goal::Picked).expect("small");
        assert_eq!(p.dist[0], 2);
        let mut buf = Vec::new();
        let start = real.start(&lock);
        assert_eq!(p.bound(&start, &mut buf), 2);
        // `a` slid down one: aside, and the Key one move from the Keyhole.
        let mut moved = start.clone();
        moved[a] = encode(Cell::new(3, 0), Orientation::Vertical);
        assert_eq!(p.bound(&moved, &mut buf), 1);
    }
}
