//! Where each piece could ever lie if no other moving piece stood in its way — the board, the
//! dark cells, the axes and the Keyhole still do, and so do the cells another piece covers
//! wherever it goes — and what follows from that before any search:
//!
//! - a piece three cells long on a row of four always covers the middle two, wherever it
//!   slides: those cells are walls for every other piece, which can shrink where the others
//!   go, which can pin more cells, and so on until nothing changes;
//! - when the Key could never lie beside the Keyhole even so, the lock cannot be picked;
//! - a piece whose places never meet the places of the Key, of the pieces that can meet the
//!   Key's, and so on, nor any axis those pieces can attach to, never matters: it can neither
//!   block nor carry anything that does, so the search leaves it where it is.
//!
//! Both follow because every real move is also a move here: a slide with fewer obstacles, a
//! turn about an axis the piece touches end-on (turns ignore what lies in the way anyway).

use super::cell::{Cell, Dir, Mask, Orientation, Turn};
use super::lock::{Kind, Lock, Piece};

/// Every place a piece could reach alone, and the cells they cover.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sweep {
    /// Every (first cell, orientation) it could lie at.
    pub places: Vec<(Cell, Orientation)>,
    /// Every cell it could cover.
    pub cells: Mask,
    /// The axes (by place in the lock) it could be attached to.
    pub axes: Vec<usize>,
}

/// The places `piece` could reach with every other moving piece lifted.
pub fn sweep(lock: &Lock, piece: usize) -> Sweep {
    sweep_within(lock, piece, 0)
}

/// The cells each piece covers wherever it goes, with every other moving piece lifted but for
/// the cells it covers wherever it goes in turn. Indexed like [`Lock::pieces`]; an axis or
/// the Keyhole covers its cell.
pub fn covers(lock: &Lock) -> Vec<Mask> {
    let n = lock.pieces.len();
    let mut cover: Vec<Mask> = lock
        .pieces
        .iter()
        .map(|p| if p.slides() { 0 } else { p.mask() })
        .collect();
    // Each round only adds cells (more walls, fewer places), so this ends: at the latest when
    // every piece is pinned.
    loop {
        let mut changed = false;
        let sweeps: Vec<Sweep> = (0..n)
            .map(|i| sweep_within(lock, i, others(lock, &cover, &[i])))
            .collect();
        let mut always: Vec<Mask> = (0..n)
            .map(|i| {
                let p = lock.pieces[i];
                if !p.slides() {
                    return cover[i];
                }
                sweeps[i].places.iter().fold(!0, |m, &(at, o)| {
                    m & Piece {
                        at,
                        orientation: o,
                        ..p
                    }
                    .mask()
                })
            })
            .collect();
        // Two pieces that never turn and can meet hold each other back: a piece resting on
        // another one's line covers more than it would alone.
        let sliding_only = |i: usize| lock.pieces[i].slides() && sweeps[i].axes.is_empty();
        let places: Vec<_> = (0..n)
            .map(|i| sliding_only(i).then(|| places(lock, i, &sweeps[i])))
            .collect();
        for i in 0..n {
            for j in i + 1..n {
                if let (Some(a), Some(b)) = (&places[i], &places[j])
                    && sweeps[i].cells & sweeps[j].cells != 0
                {
                    let (x, y) = pair_cover(a, b);
                    always[i] |= x;
                    always[j] |= y;
                }
            }
        }
        for i in 0..n {
            // Only ever add: a cell once known to be always covered stays so.
            let now = always[i] | cover[i];
            if now != cover[i] {
                cover[i] = now;
                changed = true;
            }
        }
        if !changed {
            return cover;
        }
    }
}

/// The cells every moving piece but those of `except` always covers.
fn others(lock: &Lock, cover: &[Mask], except: &[usize]) -> Mask {
    (0..lock.pieces.len())
        .filter(|j| !except.contains(j) && lock.pieces[*j].slides())
        .fold(0, |m, j| m | cover[j])
}

/// The cells each of two pieces covers wherever they go together, sliding only (neither can
/// turn), each within its places (see [`places`]; the first is where it lies now).
fn pair_cover(a: &[Place], b: &[Place]) -> (Mask, Mask) {
    let together = pair_places(a, b);
    (together.cover_a, together.cover_b)
}

/// What two pieces that only slide can do together.
struct Together {
    /// The cells each covers wherever they go together.
    cover_a: Mask,
    cover_b: Mask,
    /// Which of its places each can reach with the other on the board.
    reach_a: Vec<bool>,
    reach_b: Vec<bool>,
}

/// Every pair of places two sliding pieces reach together from where they lie.
fn pair_places(a: &[Place], b: &[Place]) -> Together {
    let n = b.len();
    let mut seen = vec![false; a.len() * n];
    let mut queue = vec![(0usize, 0usize)];
    seen[0] = true;
    let mut t = Together {
        cover_a: !0,
        cover_b: !0,
        reach_a: vec![false; a.len()],
        reach_b: vec![false; n],
    };
    while let Some((p, q)) = queue.pop() {
        t.cover_a &= a[p].0;
        t.cover_b &= b[q].0;
        t.reach_a[p] = true;
        t.reach_b[q] = true;
        let next = a[p].1.iter().flatten().map(|&p2| (p2, q));
        let next = next.chain(b[q].1.iter().flatten().map(|&q2| (p, q2)));
        for (p2, q2) in next {
            if a[p2].0 & b[q2].0 == 0 && !std::mem::replace(&mut seen[p2 * n + q2], true) {
                queue.push((p2, q2));
            }
        }
    }
    t
}

/// The places each piece could ever lie at: its sweep's places, less, for a piece that never
/// turns, those it cannot reach with some other such piece on the board. Two pieces on one
/// line keep their order on it, so a piece above another can never come down to the bottom
/// row, even in a relaxation where the other is lifted. Indexed like [`Lock::pieces`].
pub fn places_kept(lock: &Lock) -> Vec<Vec<(Cell, Orientation)>> {
    places_kept_with(lock, &sweeps(lock))
}

/// [`places_kept`] from the sweeps within [`covers`].
pub(crate) fn places_kept_with(lock: &Lock, sweeps: &[Sweep]) -> Vec<Vec<(Cell, Orientation)>> {
    let n = lock.pieces.len();
    let sliding_only = |i: usize| lock.pieces[i].slides() && sweeps[i].axes.is_empty();
    let places: Vec<_> = (0..n)
        .map(|i| sliding_only(i).then(|| places(lock, i, &sweeps[i])))
        .collect();
    let mut keep: Vec<Vec<bool>> = sweeps.iter().map(|s| vec![true; s.places.len()]).collect();
    for i in 0..n {
        for j in i + 1..n {
            if let (Some(a), Some(b)) = (&places[i], &places[j])
                && sweeps[i].cells & sweeps[j].cells != 0
            {
                let t = pair_places(a, b);
                for (k, r) in keep[i].iter_mut().zip(t.reach_a) {
                    *k &= r;
                }
                for (k, r) in keep[j].iter_mut().zip(t.reach_b) {
                    *k &= r;
                }
            }
        }
    }
    sweeps
        .iter()
        .zip(keep)
        .map(|(s, k)| {
            s.places
                .iter()
                .zip(k)
                .filter(|&(_, k)| k)
                .map(|(&p, _)| p)
                .collect()
        })
        .collect()
}

/// A place of a piece that only slides: its cells, and the places one step either way along
/// its line.
type Place = (Mask, [Option<usize>; 2]);

/// A sliding piece's places in its sweep: the cells of each, and the places one step either
/// way along its line.
fn places(lock: &Lock, i: usize, sweep: &Sweep) -> Vec<Place> {
    let mut index = [usize::MAX; 128];
    for (k, &(at, _)) in sweep.places.iter().enumerate() {
        index[at.index()] = k;
    }
    sweep
        .places
        .iter()
        .map(|&(at, o)| {
            let p = Piece {
                at,
                orientation: o,
                ..lock.pieces[i]
            };
            let step = |d| {
                at.step(d, 1)
                    .map(|c| index[c.index()])
                    .filter(|&k| k != usize::MAX)
            };
            let f = o.forward();
            (p.mask(), [step(f), step(f.opposite())])
        })
        .collect()
}

/// Every piece's sweep with the cells the others always cover as walls (see [`covers`]).
pub fn sweeps(lock: &Lock) -> Vec<Sweep> {
    sweeps_with(lock, &covers(lock))
}

pub(crate) fn sweeps_with(lock: &Lock, cover: &[Mask]) -> Vec<Sweep> {
    let n = lock.pieces.len();
    (0..n)
        .map(|i| {
            let walls = (0..n)
                .filter(|&j| j != i && lock.pieces[j].slides())
                .fold(0, |m, j| m | cover[j]);
            sweep_within(lock, i, walls)
        })
        .collect()
}

/// The places `piece` could reach with every other moving piece lifted, when no piece ever
/// enters `walls`.
fn sweep_within(lock: &Lock, piece: usize, walls: Mask) -> Sweep {
    let Some(&p) = lock.pieces.get(piece).filter(|p| p.slides()) else {
        return Sweep::default();
    };
    let axes: Vec<(usize, Cell)> = (0..lock.pieces.len())
        .filter(|&i| lock.pieces[i].kind == Kind::Axis)
        .map(|i| (i, lock.pieces[i].at))
        .collect();
    let fixed: Mask = lock
        .pieces
        .iter()
        .filter(|q| matches!(q.kind, Kind::Axis | Kind::Keyhole))
        .fold(0, |m, q| m | q.mask());
    let free = lock.board.light() & !fixed & !walls;
    let fits = |q: &Piece| q.cells().count() == q.length as usize && q.mask() & !free == 0;
    // Places are at most 121 cells × 2 orientations.
    let key = |at: Cell, o: Orientation| at.index() * 2 + usize::from(o == Orientation::Vertical);
    let mut seen = [false; 256];
    let mut queue = vec![(p.at, p.orientation)];
    seen[key(p.at, p.orientation)] = true;
    let mut out = Sweep::default();
    while let Some((at, o)) = queue.pop() {
        let here = Piece {
            at,
            orientation: o,
            ..p
        };
        out.places.push((at, o));
        out.cells |= here.mask();
        let mut next = Vec::new();
        for dir in [o.forward(), o.forward().opposite()] {
            if let Some(to) = at.step(dir, 1) {
                next.push(Piece { at: to, ..here });
            }
        }
        for &(x, a) in &axes {
            for d in Dir::ALL {
                if d.orientation() != o || a.step(d, 1) != Some(here.end(d.opposite())) {
                    continue;
                }
                if !out.axes.contains(&x) {
                    out.axes.push(x);
                }
                for t in Turn::ALL {
                    let to = d.turned(t);
                    let Some((at, orientation)) = Piece::beside_axis(a, to, p.length) else {
                        continue;
                    };
                    next.push(Piece {
                        at,
                        orientation,
                        ..here
                    });
                }
            }
        }
        for q in next {
            if fits(&q) && !seen[key(q.at, q.orientation)] {
                seen[key(q.at, q.orientation)] = true;
                queue.push((q.at, q.orientation));
            }
        }
    }
    out
}

/// Whether the Key, with every other moving piece lifted, could ever lie end-on beside the
/// Keyhole.
pub fn key_can_reach_keyhole(lock: &Lock) -> bool {
    let (Some(k), Some(h)) = (lock.key(), lock.keyhole()) else {
        return false;
    };
    let hole = lock.pieces[h].at;
    sweep(lock, k).places.iter().any(|&(at, o)| {
        let key = Piece::key(at, o);
        let f = o.forward();
        key.last().step(f, 1) == Some(hole) || at.step(f.opposite(), 1) == Some(hole)
    })
}

/// A piece that no axis can ever turn lying between the Key and the Keyhole on their line,
/// when the Key cannot leave that line either: pieces on one line that never leave it keep
/// their order on it, so the Key can never come beside the Keyhole.
pub fn piece_always_between(lock: &Lock) -> Option<usize> {
    always_between(lock, &sweeps(lock))
}

pub(crate) fn always_between(lock: &Lock, sweeps: &[Sweep]) -> Option<usize> {
    let k = lock.key()?;
    let h = lock.keyhole()?;
    let key = lock.pieces[k];
    let hole = lock.pieces[h].at;
    if !sweeps[k].axes.is_empty() {
        return None;
    }
    // Each cell's place along the Key's line, and which line it is on.
    let (kpos, kline) = along_line(key.orientation, key.at);
    let (hpos, hline) = along_line(key.orientation, hole);
    if kline != hline {
        return None;
    }
    (0..lock.pieces.len()).find(|&i| {
        let p = lock.pieces[i];
        if i == k || p.kind != Kind::Slider || p.orientation != key.orientation {
            return false;
        }
        let (ppos, pline) = along_line(p.orientation, p.at);
        pline == kline
            && sweeps[i].axes.is_empty()
            && ((kpos < ppos && ppos < hpos) || (hpos < ppos && ppos < kpos))
    })
}

fn along_line(o: Orientation, c: Cell) -> (u8, u8) {
    match o {
        Orientation::Horizontal => (c.col, c.row),
        Orientation::Vertical => (c.row, c.col),
    }
}

/// Which pieces can matter to picking the lock: the Key, every moving piece whose places meet
/// those of one that matters, every axis such a piece can attach to and every piece that can
/// attach to such an axis. Indexed like [`Lock::pieces`]; the Keyhole always matters.
pub fn relevant(lock: &Lock) -> Vec<bool> {
    let plain: Vec<Sweep> = (0..lock.pieces.len()).map(|i| sweep(lock, i)).collect();
    relevant_with(lock, &plain)
}

fn relevant_with(lock: &Lock, sweeps: &[Sweep]) -> Vec<bool> {
    let n = lock.pieces.len();
    let mut matters = vec![false; n];
    for (i, p) in lock.pieces.iter().enumerate() {
        matters[i] = matches!(p.kind, Kind::Key | Kind::Keyhole);
    }
    loop {
        let reach: Mask = (0..n)
            .filter(|&i| matters[i])
            .fold(0, |m, i| m | sweeps[i].cells);
        let axes: Vec<usize> = (0..n)
            .filter(|&i| matters[i])
            .flat_map(|i| sweeps[i].axes.iter().copied())
            .collect();
        let mut changed = false;
        for i in 0..n {
            if matters[i] {
                continue;
            }
            let now = match lock.pieces[i].kind {
                Kind::Axis => axes.contains(&i),
                Kind::Slider | Kind::Key => {
                    sweeps[i].cells & reach != 0 || sweeps[i].axes.iter().any(|a| axes.contains(a))
                }
                Kind::Keyhole => true,
            };
            if now {
                matters[i] = true;
                changed = true;
            }
        }
        if !changed {
            return matters;
        }
    }
}
