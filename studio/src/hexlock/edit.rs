//! Edits a designer makes on the canvas, as pure functions on a lock. Each returns whether it
//! changed anything; the editor turns a change into new text and an undo step.

use engine::hexlock::model::{PieceRef, frame, validate::is_connected};
use engine::hexlock::{Anchor, Block, Hook, Lock, Pivot, Spring, Wrench};
use engine::{Dir, Hex};

/// The next unused block name, in the order A–Z then a–z.
pub fn next_block_name(lock: &Lock) -> Option<char> {
    ('A'..='Z')
        .chain('a'..='z')
        .find(|&c| Block::is_valid_name(c) && lock.block(c).is_none())
}

/// The next unused pivot name.
pub fn next_pivot_name(lock: &Lock) -> Option<char> {
    ('0'..='9').find(|&c| lock.pivot(c).is_none())
}

fn free(lock: &Lock, cell: Hex) -> bool {
    frame::in_area(lock.size, cell) && !lock.occupancy().contains_key(&cell)
}

/// Paints a cell into a block: into `name` if given (creating it if it does not exist), else
/// into a new block. Returns the block's name when the cell was free.
pub fn paint_block(lock: &mut Lock, cell: Hex, name: Option<char>) -> Option<char> {
    if !free(lock, cell) {
        return None;
    }
    let name = match name {
        Some(n) => n,
        None => next_block_name(lock)?,
    };
    match lock.blocks.iter_mut().find(|b| b.name == name) {
        Some(b) => b.cells.push(cell),
        None => lock.blocks.push(Block {
            name,
            cells: vec![cell],
        }),
    }
    lock.normalise();
    Some(name)
}

/// Removes whatever covers a cell: one cell of a block or the wrench, or a whole ball, pivot
/// or the hook. Springs attached to a removed piece go with it.
pub fn erase(lock: &mut Lock, cell: Hex) -> bool {
    let Some(piece) = lock.occupancy().get(&cell).copied() else {
        return false;
    };
    match piece {
        PieceRef::Block(n) => {
            if let Some(b) = lock.blocks.iter_mut().find(|b| b.name == n) {
                b.cells.retain(|&c| c != cell);
            }
            lock.springs
                .retain(|s| s.root_cell != cell && s.end_cell != cell);
            lock.blocks.retain(|b| !b.cells.is_empty());
            let names: Vec<char> = lock.blocks.iter().map(|b| b.name).collect();
            lock.springs.retain(|s| {
                names.contains(&s.end)
                    && (!matches!(s.root, Anchor::Block(r) if !names.contains(&r)))
            });
        }
        PieceRef::Wrench(i) => {
            if let Some(w) = lock.wrenches.get_mut(i) {
                w.cells.retain(|&c| c != cell);
            }
            lock.wrenches.retain(|w| !w.cells.is_empty());
        }
        other => return delete_piece(lock, other),
    }
    lock.normalise();
    true
}

/// Removes a whole piece, and the springs attached to it.
pub fn delete_piece(lock: &mut Lock, piece: PieceRef) -> bool {
    let before = lock.clone();
    match piece {
        PieceRef::Block(n) => {
            lock.blocks.retain(|b| b.name != n);
            lock.springs
                .retain(|s| s.end != n && s.root != Anchor::Block(n));
        }
        PieceRef::Pivot(n) => {
            lock.pivots.retain(|p| p.name != n);
            lock.springs.retain(|s| s.root != Anchor::Pivot(n));
        }
        PieceRef::Ball(i) => {
            if i < lock.balls.len() {
                lock.balls.remove(i);
            }
        }
        PieceRef::Hook(i) => {
            if i < lock.hooks.len() {
                lock.hooks.remove(i);
            }
        }
        PieceRef::Wrench(i) => {
            if i < lock.wrenches.len() {
                lock.wrenches.remove(i);
            }
        }
    }
    lock.normalise();
    *lock != before
}

/// Puts a ball on a free cell, or takes away the ball there.
pub fn toggle_ball(lock: &mut Lock, cell: Hex) -> bool {
    if let Some(i) = lock.balls.iter().position(|&b| b == cell) {
        lock.balls.remove(i);
        return true;
    }
    if !free(lock, cell) {
        return false;
    }
    lock.balls.push(cell);
    lock.normalise();
    true
}

/// Places a new pivot with no arms on a free cell; returns its name.
pub fn place_pivot(lock: &mut Lock, cell: Hex) -> Option<char> {
    if !free(lock, cell) {
        return None;
    }
    let name = next_pivot_name(lock)?;
    lock.pivots.push(Pivot {
        name,
        hub: cell,
        arms: Vec::new(),
    });
    lock.normalise();
    Some(name)
}

/// Adds or removes the arm of pivot `name` that points at `cell` (a neighbour of its hub).
pub fn toggle_arm(lock: &mut Lock, name: char, cell: Hex) -> bool {
    let occupied = lock.occupancy();
    let Some(p) = lock.pivots.iter_mut().find(|p| p.name == name) else {
        return false;
    };
    let Some(d) = Dir::ALL.into_iter().find(|&d| p.hub.neighbour(d) == cell) else {
        return false;
    };
    if let Some(i) = p.arms.iter().position(|&a| a == d) {
        p.arms.remove(i);
    } else if !occupied.contains_key(&cell) && frame::in_area(lock.size, cell) {
        p.arms.push(d);
        p.arms.sort();
    } else {
        return false;
    }
    true
}

/// Adds a spring from a cell of a block or a pivot's hub to a cell of another block on one hex
/// line, relaxed (natural length = its current length, at least 1).
pub fn add_spring(lock: &mut Lock, from: Hex, to: Hex) -> Result<(), &'static str> {
    let occupancy = lock.occupancy();
    let root = match occupancy.get(&from) {
        Some(PieceRef::Block(n)) => Anchor::Block(*n),
        Some(PieceRef::Pivot(n)) if lock.pivot(*n).is_some_and(|p| p.hub == from) => {
            Anchor::Pivot(*n)
        }
        _ => return Err("a spring is rooted in a block or at a pivot's hub"),
    };
    let Some(PieceRef::Block(end)) = occupancy.get(&to).copied() else {
        return Err("a spring ends at a block");
    };
    let Some((_, steps)) = from.line_to(to) else {
        return Err("a spring's two ends must lie on one hex line");
    };
    let spring = Spring {
        root,
        root_cell: from,
        end,
        end_cell: to,
        natural_length: (steps - 1).max(1),
    };
    let mut next = lock.clone();
    next.springs.push(spring);
    next.normalise();
    if let Some(p) = next.validate().into_iter().find(|p| p.spring.is_some()) {
        let _ = p;
        return Err("that spring would break a rule of springs (see the problems list)");
    }
    *lock = next;
    Ok(())
}

/// Changes a spring's natural length by `delta`, within 1 and the lock's maximum.
pub fn adjust_natural_length(lock: &mut Lock, index: usize, delta: i32) -> bool {
    let max = Spring::max_natural_length(lock.size);
    let Some(s) = lock.springs.get_mut(index) else {
        return false;
    };
    let n = (s.natural_length + delta).clamp(1, max);
    let changed = n != s.natural_length;
    s.natural_length = n;
    lock.normalise();
    changed
}

/// Places the hook's hub on a cell (keeping the arm's direction when its cell is free), or,
/// when the cell is beside the hub, turns the arm to point at it.
pub fn place_hook(lock: &mut Lock, cell: Hex) -> bool {
    let mut without = lock.clone();
    without.hooks.clear();
    let occupied = without.occupancy();
    let ok = |c: Hex| frame::in_area(lock.size, c) && !occupied.contains_key(&c);
    if let Some(h) = lock.hooks.first().copied()
        && let Some(d) = Dir::ALL.into_iter().find(|&d| h.hub.neighbour(d) == cell)
    {
        if ok(cell) {
            lock.hooks = vec![Hook { hub: h.hub, arm: d }];
            return true;
        }
        return false;
    }
    if !ok(cell) {
        return false;
    }
    let preferred = lock.hooks.first().map_or(Dir::E, |h| h.arm);
    let arm = std::iter::once(preferred)
        .chain(Dir::ALL)
        .find(|&d| ok(cell.neighbour(d)));
    let Some(arm) = arm else { return false };
    lock.hooks = vec![Hook { hub: cell, arm }];
    true
}

/// Adds a free cell to the wrench (creating it), or takes a cell of the wrench away.
pub fn toggle_wrench_cell(lock: &mut Lock, cell: Hex) -> bool {
    if let Some(w) = lock.wrenches.first_mut()
        && let Some(i) = w.cells.iter().position(|&c| c == cell)
    {
        w.cells.remove(i);
        lock.wrenches.retain(|w| !w.cells.is_empty());
        return true;
    }
    if !free(lock, cell) {
        return false;
    }
    match lock.wrenches.first_mut() {
        Some(w) => w.cells.push(cell),
        None => lock.wrenches.push(Wrench {
            cells: vec![cell],
            momentum: None,
        }),
    }
    lock.normalise();
    true
}

/// Moves a whole piece so that its cell `from` lands on `to`, springs attached with it, if every
/// cell it would cover is free (or its own) and inside the lock.
pub fn move_piece(lock: &mut Lock, from: Hex, to: Hex) -> bool {
    let Some(piece) = lock.occupancy().get(&from).copied() else {
        return false;
    };
    let offset = to - from;
    let mut next = lock.clone();
    let shift = |c: &mut Hex| *c = *c + offset;
    match piece {
        PieceRef::Block(n) => {
            if let Some(b) = next.blocks.iter_mut().find(|b| b.name == n) {
                b.cells.iter_mut().for_each(shift);
            }
            for s in &mut next.springs {
                if s.root == Anchor::Block(n) {
                    shift(&mut s.root_cell);
                }
                if s.end == n {
                    shift(&mut s.end_cell);
                }
            }
        }
        PieceRef::Pivot(n) => {
            if let Some(p) = next.pivots.iter_mut().find(|p| p.name == n) {
                shift(&mut p.hub);
            }
            for s in &mut next.springs {
                if s.root == Anchor::Pivot(n) {
                    shift(&mut s.root_cell);
                }
            }
        }
        PieceRef::Ball(i) => next.balls.get_mut(i).into_iter().for_each(shift),
        PieceRef::Hook(i) => next
            .hooks
            .get_mut(i)
            .into_iter()
            .for_each(|h| shift(&mut h.hub)),
        PieceRef::Wrench(i) => next
            .wrenches
            .get_mut(i)
            .into_iter()
            .for_each(|w| w.cells.iter_mut().for_each(shift)),
    }
    next.normalise();
    let overlaps_or_outside = next.validate().iter().any(|p| {
        matches!(
            p.kind,
            engine::hexlock::model::ProblemKind::Overlap
                | engine::hexlock::model::ProblemKind::OutsideLock
        )
    });
    let was_bad = lock.validate().iter().any(|p| {
        matches!(
            p.kind,
            engine::hexlock::model::ProblemKind::Overlap
                | engine::hexlock::model::ProblemKind::OutsideLock
        )
    });
    if offset == Hex::ORIGIN || (overlaps_or_outside && !was_bad) {
        return false;
    }
    *lock = next;
    true
}

/// Merges block `other` into block `into`: its cells and springs become `into`'s.
pub fn merge_blocks(lock: &mut Lock, into: char, other: char) -> bool {
    if into == other || lock.block(into).is_none() {
        return false;
    }
    let Some(i) = lock.blocks.iter().position(|b| b.name == other) else {
        return false;
    };
    let taken = lock.blocks.remove(i);
    if let Some(b) = lock.blocks.iter_mut().find(|b| b.name == into) {
        b.cells.extend(taken.cells);
    }
    for s in &mut lock.springs {
        if s.root == Anchor::Block(other) {
            s.root = Anchor::Block(into);
        }
        if s.end == other {
            s.end = into;
        }
    }
    // A spring between the two merged blocks would now join a block to itself.
    lock.springs.retain(|s| s.root != Anchor::Block(s.end));
    lock.normalise();
    true
}

/// Splits a block that is not connected into one block per connected part; the part holding
/// the first cell keeps the name. Returns the new names.
pub fn split_block(lock: &mut Lock, name: char) -> Vec<char> {
    let Some(block) = lock.block(name).cloned() else {
        return Vec::new();
    };
    if is_connected(&block.cells) {
        return Vec::new();
    }
    let mut parts: Vec<Vec<Hex>> = Vec::new();
    let mut left: Vec<Hex> = block.cells.clone();
    while let Some(start) = left.first().copied() {
        let mut part = vec![start];
        let mut stack = vec![start];
        left.retain(|&c| c != start);
        while let Some(c) = stack.pop() {
            for n in c.neighbours() {
                if let Some(i) = left.iter().position(|&x| x == n) {
                    left.remove(i);
                    part.push(n);
                    stack.push(n);
                }
            }
        }
        parts.push(part);
    }
    let mut names = Vec::new();
    if let Some(b) = lock.blocks.iter_mut().find(|b| b.name == name) {
        b.cells = parts[0].clone();
    }
    for part in parts.into_iter().skip(1) {
        let Some(n) = next_block_name(lock) else {
            break;
        };
        for s in &mut lock.springs {
            if s.root == Anchor::Block(name) && part.contains(&s.root_cell) {
                s.root = Anchor::Block(n);
            }
            if s.end == name && part.contains(&s.end_cell) {
                s.end = n;
            }
        }
        lock.blocks.push(Block {
            name: n,
            cells: part,
        });
        names.push(n);
    }
    lock.normalise();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lock() -> Lock {
        Lock::starter(4)
    }

    #[test]
    fn painting_makes_and_grows_blocks() {
        let mut l = lock();
        let a = paint_block(&mut l, Hex::ORIGIN, None).expect("painted");
        assert_eq!(a, 'A');
        assert_eq!(paint_block(&mut l, Hex::new(1, 0), Some('A')), Some('A'));
        assert_eq!(l.block('A').map(|b| b.cells.len()), Some(2));
        assert_eq!(
            paint_block(&mut l, Hex::ORIGIN, None),
            None,
            "an occupied cell"
        );
        assert!(l.validate().is_empty());
    }

    #[test]
    fn erasing_a_cell_and_splitting_the_rest() {
        let mut l = lock();
        for q in -1..=1 {
            paint_block(&mut l, Hex::new(q, 0), Some('A'));
        }
        assert!(erase(&mut l, Hex::ORIGIN));
        assert!(!l.validate().is_empty(), "A is now in two parts");
        assert_eq!(split_block(&mut l, 'A'), vec!['B']);
        assert!(l.validate().is_empty());
    }

    #[test]
    fn springs_are_added_relaxed_and_go_with_their_blocks() {
        let mut l = lock();
        paint_block(&mut l, Hex::new(-2, 0), Some('A'));
        paint_block(&mut l, Hex::new(1, 0), Some('B'));
        add_spring(&mut l, Hex::new(-2, 0), Hex::new(1, 0)).expect("a spring");
        assert_eq!(l.springs[0].natural_length, 2);
        assert!(move_piece(&mut l, Hex::new(1, 0), Hex::new(2, 0)));
        assert_eq!(l.springs[0].end_cell, Hex::new(2, 0));
        assert!(l.validate().is_empty());
        assert!(delete_piece(&mut l, PieceRef::Block('B')));
        assert!(l.springs.is_empty());
        assert!(add_spring(&mut l, Hex::new(-2, 0), Hex::new(0, 1)).is_err());
    }

    #[test]
    fn pivots_get_arms_and_the_hook_turns() {
        let mut l = lock();
        let p = place_pivot(&mut l, Hex::ORIGIN).expect("pivot");
        assert!(toggle_arm(&mut l, p, Hex::new(1, 0)));
        assert_eq!(l.pivot(p).map(|p| p.arms.clone()), Some(vec![Dir::E]));
        let hub = l.hooks[0].hub;
        assert!(place_hook(&mut l, hub.neighbour(Dir::NE)));
        assert_eq!(l.hooks[0].arm, Dir::NE);
        assert!(place_hook(&mut l, Hex::new(-1, -1)));
        assert_eq!(l.hooks[0].hub, Hex::new(-1, -1));
        assert!(l.validate().is_empty(), "{:?}", l.validate());
    }

    #[test]
    fn merging_blocks_moves_their_springs() {
        let mut l = lock();
        paint_block(&mut l, Hex::ORIGIN, Some('A'));
        paint_block(&mut l, Hex::new(1, 0), Some('B'));
        paint_block(&mut l, Hex::new(3, 0), Some('C'));
        add_spring(&mut l, Hex::new(1, 0), Hex::new(3, 0)).expect("spring");
        assert!(merge_blocks(&mut l, 'A', 'B'));
        assert_eq!(l.springs[0].root, Anchor::Block('A'));
        assert!(l.validate().is_empty());
    }

    #[test]
    fn balls_and_the_wrench_toggle() {
        let mut l = lock();
        assert!(toggle_ball(&mut l, Hex::ORIGIN));
        assert!(toggle_ball(&mut l, Hex::ORIGIN));
        assert!(l.balls.is_empty());
        let w = l.wrenches[0].cells[0];
        assert!(toggle_wrench_cell(&mut l, w.neighbour(Dir::E)));
        assert_eq!(l.wrenches[0].cells.len(), 2);
    }
}
