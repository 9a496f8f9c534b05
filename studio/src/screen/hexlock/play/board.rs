//! The play board: which move a click asks for, and force arrows placed on the picture.

use crate::hexlock::picture::{self, P};
use engine::hexlock::physics::{Force, Move};
use engine::hexlock::{Lock, PieceRef};
use engine::{Dir, Hex, Rotation};

/// The move a click asks for: beside the hook's hub, push the hook that way; on the hook's arm,
/// turn it clockwise; beside the wrench, push the wrench that way.
pub fn move_for_click(lock: &Lock, cell: Hex) -> Option<Move> {
    if let Some(h) = lock.hook() {
        if cell == h.hub.neighbour(h.arm) {
            return Some(Move::HookTurn(Rotation::Clockwise));
        }
        if let Some(d) = Dir::ALL.into_iter().find(|&d| h.hub.neighbour(d) == cell) {
            return Some(Move::Hook(d));
        }
    }
    if let Some(w) = lock.wrench() {
        for &c in &w.cells {
            if let Some(d) = Dir::ALL
                .into_iter()
                .find(|&d| c.neighbour(d) == cell && !w.cells.contains(&cell))
            {
                return Some(Move::Wrench(d));
            }
        }
    }
    None
}

/// Arrows in lock space for forces on pieces: from the piece's first cell in the push's
/// direction, or round its hub for a torque.
pub fn arrows_in(lock: &Lock, forces: &[(PieceRef, Force, bool)]) -> Vec<(P, P, bool)> {
    let pieces = lock.pieces();
    forces
        .iter()
        .filter_map(|&(piece, force, blocked)| {
            let cells = &pieces.iter().find(|(p, _)| *p == piece)?.1;
            let from = *cells.first()?;
            let a = picture::centre(from);
            let (b_cell, scale) = match force {
                Force::Push(d) => (from.neighbour(d), 0.8),
                Force::Torque(r) => {
                    // Round the hub: from its first arm (or east) a sixth of a turn.
                    let arm = match piece {
                        PieceRef::Pivot(n) => lock.pivot(n).and_then(|p| p.arms.first().copied()),
                        PieceRef::Hook(_) => lock.hook().map(|h| h.arm),
                        _ => None,
                    }
                    .unwrap_or(Dir::E);
                    (from.neighbour(arm.rotate(r)), 0.8)
                }
            };
            let b = picture::centre(b_cell);
            Some((
                a,
                P(a.0 + (b.0 - a.0) * scale, a.1 + (b.1 - a.1) * scale),
                blocked,
            ))
        })
        .collect()
}
