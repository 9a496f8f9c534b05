//! Resolving one phase: each initial force propagated to a group, groups checked pairwise for
//! inconsistency, the dominated or clashing ones blocked, and every force of every unblocked
//! group applied.

use super::force::Force;
use super::mechanism::{EMPTY, Mechanism, Pos};
use super::propagate::{Builder, Entry, PhaseRules, Resisted};
use super::trace::{
    Blockage, GroupOutcome, GroupTrace, Inconsistency, Origin, PhaseKind, PhaseTrace,
    PropagatedForce,
};
use crate::hex::Hex;

/// Reusable scratch space for turns, so that the hot path allocates next to nothing.
///
/// One workspace serves any number of turns on any mechanism; keep one per thread.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    pub(crate) grid: Vec<u16>,
    pub(crate) builder: Builder,
    pub(crate) initial: Vec<(u16, Force, Origin)>,
    groups: Vec<Group>,
    flat: Vec<Entry>,
    mark_a: Vec<Option<Force>>,
    mark_b: Vec<Option<Force>>,
    claims_a: Vec<u16>,
    clashes: Vec<Clash>,
    /// Pieces moved by the phase, with where they were.
    moved: Vec<(u16, Pos)>,
    /// Whether `grid` matches the positions; a turn starts with it stale.
    pub(crate) grid_fresh: bool,
}

impl Workspace {
    /// An empty workspace; it grows to fit the first lock it meets.
    pub fn new() -> Workspace {
        Workspace::default()
    }
}

/// A group once propagated: where its forces lie in the flat buffer, or why it is empty.
#[derive(Clone, Copy, Debug)]
struct Group {
    origin: Origin,
    piece: u16,
    force: Force,
    start: usize,
    end: usize,
    resisted: Option<Resisted>,
    blocked: bool,
}

/// One inconsistency between two groups: group `a`'s force `fa` clashes with group `b`'s `fb`.
#[derive(Clone, Copy, Debug)]
struct Clash {
    a: usize,
    b: usize,
    fa: (u16, Force),
    fb: (u16, Force),
    kind: ClashKind,
}

#[derive(Clone, Copy, Debug)]
enum ClashKind {
    SamePiece,
    Overlap(Hex),
    Spring(u16),
}

/// Resolves one phase, updating `pos`; fills `trace` when given.
pub(crate) fn resolve_phase(
    rules_in: PhaseInputs,
    mech: &Mechanism,
    pos: &mut [Pos],
    ws: &mut Workspace,
    trace: Option<&mut PhaseTrace>,
) {
    if ws.initial.is_empty() {
        // Nothing pushes: most spring phases, and waiting with the wrench at rest.
        if let Some(t) = trace {
            t.kind = rules_in.kind;
        }
        return;
    }
    let cells = mech.blank.len();
    let pieces = mech.pieces.len();
    if !ws.grid_fresh {
        mech.fill_grid(pos, &mut ws.grid);
        ws.grid_fresh = true;
    }
    ws.builder.prepare(pieces, cells);
    ws.builder.tracing = trace.is_some();
    ws.groups.clear();
    ws.flat.clear();
    ws.clashes.clear();
    let mut claws = Vec::new();
    {
        let rules = PhaseRules {
            mech,
            pos,
            grid: &ws.grid,
            hook_force: rules_in.hook_force,
            momentum: rules_in.momentum,
            player_phase: rules_in.player_phase,
        };
        for &(piece, force, origin) in &ws.initial {
            let result = ws.builder.propagate(&rules, piece, force);
            let start = ws.flat.len();
            if result.is_ok() {
                ws.flat.extend_from_slice(&ws.builder.entries);
            }
            ws.groups.push(Group {
                origin,
                piece,
                force,
                start,
                end: ws.flat.len(),
                resisted: result.err(),
                blocked: false,
            });
            if trace.is_some() {
                claws.push(ws.builder.claw_trace(mech));
            }
            ws.builder.clear(&rules);
        }
    }
    find_clashes(mech, pos, ws);
    for i in 0..ws.clashes.len() {
        let c = ws.clashes[i];
        match (
            dominates(mech, &ws.groups[c.a], &ws.groups[c.b]),
            dominates(mech, &ws.groups[c.b], &ws.groups[c.a]),
        ) {
            (true, false) => ws.groups[c.b].blocked = true,
            (false, true) => ws.groups[c.a].blocked = true,
            _ => {
                ws.groups[c.a].blocked = true;
                ws.groups[c.b].blocked = true;
            }
        }
    }
    // Apply: unblocked groups are pairwise consistent, so each piece gets at most one force.
    ws.mark_a.clear();
    ws.mark_a.resize(pieces, None);
    let mut applied = Vec::new();
    for g in ws
        .groups
        .iter()
        .filter(|g| !g.blocked && g.resisted.is_none())
    {
        for e in &ws.flat[g.start..g.end] {
            let p = usize::from(e.piece);
            if ws.mark_a[p].is_none() {
                ws.mark_a[p] = Some(e.force);
                ws.moved.push((e.piece, pos[p]));
                pos[p] = pos[p].after(e.force);
                if trace.is_some() {
                    applied.push(mech.named(e.piece, e.force));
                }
            }
        }
    }
    ws.mark_a.iter_mut().for_each(|m| *m = None);
    // Keep the grid in step for the next phase: lift every moved piece, then put each down.
    for &(p, old) in &ws.moved {
        let grid = &mut ws.grid;
        mech.for_each_at(usize::from(p), old, |at| {
            if grid[at] == p {
                grid[at] = EMPTY;
            }
        });
    }
    for &(p, _) in &ws.moved {
        let grid = &mut ws.grid;
        mech.for_each_at(usize::from(p), pos[usize::from(p)], |at| grid[at] = p);
    }
    ws.moved.clear();
    #[cfg(debug_assertions)]
    {
        let mut fresh = Vec::new();
        mech.fill_grid(pos, &mut fresh);
        debug_assert!(
            fresh == ws.grid,
            "the grid kept in step matches a fresh one"
        );
    }
    if let Some(t) = trace {
        t.kind = rules_in.kind;
        t.applied = applied;
        t.groups = ws
            .groups
            .iter()
            .enumerate()
            .zip(claws)
            .map(|((i, g), claws)| group_trace(mech, ws, i, g, claws))
            .collect();
    }
}

/// The per-phase facts `resolve_phase` needs besides the positions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PhaseInputs {
    pub kind: PhaseKind,
    pub hook_force: Option<Force>,
    pub momentum: Option<crate::hex::Dir>,
    pub player_phase: bool,
}

fn group_trace(
    mech: &Mechanism,
    ws: &Workspace,
    i: usize,
    g: &Group,
    claws: Vec<super::trace::ClawRetry>,
) -> GroupTrace {
    let forces = ws.flat[g.start..g.end]
        .iter()
        .map(|e| PropagatedForce {
            force: mech.named(e.piece, e.force),
            cause: (e.cause != u16::MAX).then_some(usize::from(e.cause)),
            via: e.via,
        })
        .collect();
    let outcome = if let Some(r) = g.resisted {
        GroupOutcome::Resisted(r.named(mech))
    } else if g.blocked {
        let mut why = Vec::new();
        for c in &ws.clashes {
            let (mine, theirs, other) = if c.a == i {
                (c.fa, c.fb, c.b)
            } else if c.b == i {
                (c.fb, c.fa, c.a)
            } else {
                continue;
            };
            let they_dominate = dominates(mech, &ws.groups[other], g);
            let i_dominate = dominates(mech, g, &ws.groups[other]);
            if i_dominate && !they_dominate {
                // This clash blocked only the other group.
                continue;
            }
            why.push(Blockage {
                by_group: other,
                inconsistency: match c.kind {
                    ClashKind::SamePiece => Inconsistency::SamePiece,
                    ClashKind::Overlap(cell) => Inconsistency::Overlap { cell },
                    ClashKind::Spring(s) => Inconsistency::Spring {
                        spring: usize::from(s),
                    },
                },
                blocked: mech.named(mine.0, mine.1),
                blocking: mech.named(theirs.0, theirs.1),
                dominated: they_dominate && !i_dominate,
            });
        }
        GroupOutcome::Blocked(why)
    } else {
        GroupOutcome::Applied
    };
    GroupTrace {
        initial: mech.named(g.piece, g.force),
        origin: g.origin,
        forces,
        claws,
        outcome,
    }
}

/// A group dominates another when both start from springs and the first spring's root is an
/// ancestor of the second spring's root.
fn dominates(mech: &Mechanism, a: &Group, b: &Group) -> bool {
    match (a.origin, b.origin) {
        (Origin::Spring(sa), Origin::Spring(sb)) => {
            let ra = mech.springs[sa].root;
            let rb = mech.springs[sb].root;
            mech.is_ancestor(ra, rb)
        }
        _ => false,
    }
}

/// Records the first inconsistency of each pair of non-empty groups.
fn find_clashes(mech: &Mechanism, pos: &[Pos], ws: &mut Workspace) {
    let pieces = mech.pieces.len();
    let cells = mech.blank.len();
    if ws.mark_a.len() != pieces {
        ws.mark_a = vec![None; pieces];
        ws.mark_b = vec![None; pieces];
    }
    if ws.claims_a.len() != cells {
        ws.claims_a = vec![EMPTY; cells];
    }
    let n = ws.groups.len();
    if ws.groups.iter().filter(|g| g.start != g.end).count() < 2 {
        return;
    }
    for a in 0..n {
        let ga = ws.groups[a];
        if ga.start == ga.end {
            continue;
        }
        for e in &ws.flat[ga.start..ga.end] {
            ws.mark_a[usize::from(e.piece)] = Some(e.force);
            let after = pos[usize::from(e.piece)].after(e.force);
            let claims = &mut ws.claims_a;
            mech.for_each_at(usize::from(e.piece), after, |at| claims[at] = e.piece);
        }
        for b in a + 1..n {
            let gb = ws.groups[b];
            if gb.start == gb.end {
                continue;
            }
            let entries = &ws.flat[gb.start..gb.end];
            for e in entries {
                ws.mark_b[usize::from(e.piece)] = Some(e.force);
            }
            if let Some((fa, fb, kind)) = clash(mech, pos, ws, entries) {
                ws.clashes.push(Clash { a, b, fa, fb, kind });
            }
            for e in &ws.flat[gb.start..gb.end] {
                ws.mark_b[usize::from(e.piece)] = None;
            }
        }
        for e in &ws.flat[ga.start..ga.end] {
            ws.mark_a[usize::from(e.piece)] = None;
            let after = pos[usize::from(e.piece)].after(e.force);
            let claims = &mut ws.claims_a;
            mech.for_each_at(usize::from(e.piece), after, |at| claims[at] = EMPTY);
        }
    }
}

type Clashing = ((u16, Force), (u16, Force), ClashKind);

/// The first inconsistency between group `a` (marked in `mark_a`, `claims_a`) and the forces
/// `entries` of group `b` (marked in `mark_b`).
fn clash(mech: &Mechanism, pos: &[Pos], ws: &Workspace, entries: &[Entry]) -> Option<Clashing> {
    let of_a = |p: u16| ws.mark_a[usize::from(p)];
    // Same piece, different directions.
    for e in entries {
        if let Some(fa) = of_a(e.piece)
            && fa != e.force
        {
            return Some(((e.piece, fa), (e.piece, e.force), ClashKind::SamePiece));
        }
    }
    // Overlap once both are applied.
    for e in entries {
        if of_a(e.piece).is_some() {
            continue;
        }
        let mut hit = None;
        let after = pos[usize::from(e.piece)].after(e.force);
        mech.for_each_at(usize::from(e.piece), after, |at| {
            let q = ws.claims_a[at];
            if hit.is_none() && q != EMPTY && q != e.piece {
                hit = Some((q, mech.cell_of(at)));
            }
        });
        if let Some((q, cell)) = hit {
            let fa = of_a(q).unwrap_or(e.force);
            return Some(((q, fa), (e.piece, e.force), ClashKind::Overlap(cell)));
        }
    }
    // A spring between a piece of each group, stretched or squeezed past its limits.
    for e in entries {
        for &s in &mech.springs_at[usize::from(e.piece)] {
            let info = &mech.springs[usize::from(s)];
            let other = if info.root == e.piece {
                info.end
            } else {
                info.root
            };
            let Some(fa) = of_a(other) else { continue };
            let shift = |p: u16| {
                let f = ws.mark_b[usize::from(p)].or(of_a(p));
                let at = pos[usize::from(p)];
                f.map_or(at, |f| at.after(f)).shift()
            };
            match info.geometry(shift(info.root), shift(info.end)) {
                Some((_, len)) if info.allows(len) => {}
                _ => return Some(((other, fa), (e.piece, e.force), ClashKind::Spring(s))),
            }
        }
    }
    None
}
