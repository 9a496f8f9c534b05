//! Relaxations that aim at clearing the Key's way rather than at a pick (see the module above).

use super::super::cell::{Cell, Mask, Orientation};
use super::super::space::{Space, encode};
use super::Context;

/// What a relaxation's states aim at.
#[derive(Clone, Debug)]
pub(super) enum Goal {
    /// The Key end-on beside the Keyhole.
    Picked,
    /// A piece off a cell that the Key, which never turns, must pass on its way along its
    /// line: a state whose Key has reached that cell needs nothing more.
    Clear {
        /// The piece, among the solver's movers; it is the relaxation's first mover.
        piece: usize,
        /// The cell.
        cell: Mask,
        /// The solver's mover that is the Key.
        key: usize,
        /// For each place of the Key, whether it covers the cell or lies beyond it.
        reached: Vec<bool>,
    },
}

impl Goal {
    /// Whether the relaxed `state` of `space` (whose first mover is the piece to clear) is
    /// there.
    pub(super) fn reached(&self, space: &Space, state: &[u8]) -> bool {
        match self {
            Goal::Picked => space.picked(state),
            Goal::Clear { cell, .. } => space.mask(0, state[0]) & cell == 0,
        }
    }
}

/// For each cell between the Key and the Keyhole on their line, when the Key can never turn,
/// the piece lying on it in the lock (the nearest cell of each such piece): the Key can only
/// pass once that piece has left, so the moves that takes add to the Key's own.
pub(super) fn clearings(ctx: &Context) -> Vec<Goal> {
    let (lock, real) = (ctx.lock, ctx.real);
    let (Some(k), Some(h)) = (lock.key(), lock.keyhole()) else {
        return Vec::new();
    };
    if !ctx.sweeps[k].axes.is_empty() || real.movers.get(real.key).map(|m| m.0) != Some(k) {
        return Vec::new();
    }
    let key = lock.pieces[k];
    let o = key.orientation;
    let along = |c: Cell| match o {
        Orientation::Horizontal => (c.col, c.row),
        Orientation::Vertical => (c.row, c.col),
    };
    let (first, line) = along(key.at);
    let last = first + key.length.saturating_sub(1);
    let (hole, hole_line) = along(lock.pieces[h].at);
    if hole_line != line {
        return Vec::new();
    }
    let ahead = hole > last;
    let way: Vec<u8> = if ahead {
        (last + 1..hole).collect()
    } else {
        (hole + 1..first).rev().collect()
    };
    let mut goals: Vec<Goal> = Vec::new();
    for pos in way {
        let cell = match o {
            Orientation::Horizontal => Cell::new(pos, line),
            Orientation::Vertical => Cell::new(line, pos),
        };
        let Some(piece) = (0..real.width())
            .find(|&m| m != real.key && lock.pieces[real.movers[m].0].mask() & cell.bit() != 0)
        else {
            continue;
        };
        if goals
            .iter()
            .any(|g| matches!(g, Goal::Clear { piece: p, .. } if *p == piece))
        {
            continue;
        }
        let mut reached = vec![false; 256];
        for &(at, ko) in &ctx.places_kept[k] {
            let (a, _) = along(at);
            let b = a + key.length.saturating_sub(1);
            reached[usize::from(encode(at, ko))] =
                ko == o && if ahead { b >= pos } else { a <= pos };
        }
        goals.push(Goal::Clear {
            piece,
            cell: cell.bit(),
            key: real.key,
            reached,
        });
    }
    goals
}
