//! Validation: each rule a lock must keep, with the problem it reports and where.

use engine::hexlock::model::{PieceRef, ProblemKind};
use engine::hexlock::{Anchor, Block, Hook, Lock, Pivot, Spring, Wrench};
use engine::{Dir, Hex};

fn base() -> Lock {
    Lock::starter(4)
}

fn block(name: char, cells: &[(i32, i32)]) -> Block {
    Block {
        name,
        cells: cells.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
    }
}

fn kinds(lock: &Lock) -> Vec<ProblemKind> {
    lock.validate().into_iter().map(|p| p.kind).collect()
}

#[test]
fn starter_lock_has_no_problems() {
    assert_eq!(kinds(&base()), vec![]);
}

#[test]
fn size_out_of_range_is_a_problem() {
    for size in [0, 2, 12, 40] {
        let mut lock = Lock::starter(4);
        lock.size = size;
        assert!(
            kinds(&lock).contains(&ProblemKind::SizeOutOfRange),
            "size {size}"
        );
    }
}

#[test]
fn overlapping_pieces_are_reported_at_the_shared_cell() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0), (1, 0)]));
    lock.balls.push(Hex::new(1, 0));
    let problems = lock.validate();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].kind, ProblemKind::Overlap);
    assert_eq!(problems[0].cells, vec![Hex::new(1, 0)]);
    assert!(problems[0].pieces.contains(&PieceRef::Block('A')));
}

#[test]
fn a_pivot_arm_over_a_block_overlaps() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(1, 0)]));
    lock.pivots.push(Pivot {
        name: '1',
        hub: Hex::ORIGIN,
        arms: vec![Dir::E],
    });
    assert_eq!(kinds(&lock), vec![ProblemKind::Overlap]);
}

#[test]
fn disconnected_block_is_a_problem() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0), (2, 0)]));
    assert_eq!(kinds(&lock), vec![ProblemKind::DisconnectedPiece]);
}

#[test]
fn cyclic_springs_are_a_problem() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.blocks.push(block('B', &[(2, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(0, 0),
        end: 'B',
        end_cell: Hex::new(2, 0),
        natural_length: 1,
    });
    lock.springs.push(Spring {
        root: Anchor::Block('B'),
        root_cell: Hex::new(2, 0),
        end: 'A',
        end_cell: Hex::new(0, 0),
        natural_length: 1,
    });
    let problems = lock.validate();
    assert_eq!(kinds(&lock), vec![ProblemKind::CyclicSprings]);
    assert!(
        problems[0].message.contains("A -> B -> A"),
        "{}",
        problems[0].message
    );
}

#[test]
fn a_spring_from_a_pivot_is_never_part_of_a_cycle() {
    let mut lock = base();
    lock.pivots.push(Pivot {
        name: '1',
        hub: Hex::new(-2, 0),
        arms: vec![],
    });
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Pivot('1'),
        root_cell: Hex::new(-2, 0),
        end: 'A',
        end_cell: Hex::new(0, 0),
        natural_length: 1,
    });
    assert_eq!(kinds(&lock), vec![]);
}

#[test]
fn spring_with_ends_off_one_hex_line_is_a_problem() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.blocks.push(block('B', &[(2, 1)]));
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(0, 0),
        end: 'B',
        end_cell: Hex::new(2, 1),
        natural_length: 2,
    });
    assert_eq!(kinds(&lock), vec![ProblemKind::SpringOffLine]);
}

#[test]
fn spring_stretched_past_twice_its_natural_length_is_too_long() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(-3, 0)]));
    lock.blocks.push(block('B', &[(1, 0)]));
    // Three cells between the ends: natural length 1 allows at most 2.
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(-3, 0),
        end: 'B',
        end_cell: Hex::new(1, 0),
        natural_length: 1,
    });
    assert_eq!(kinds(&lock), vec![ProblemKind::SpringTooLong]);
    lock.springs[0].natural_length = 2;
    assert_eq!(kinds(&lock), vec![]);
}

#[test]
fn spring_natural_length_has_bounds() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.blocks.push(block('B', &[(1, 0)]));
    let mut s = Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(0, 0),
        end: 'B',
        end_cell: Hex::new(1, 0),
        natural_length: 0,
    };
    lock.springs.push(s);
    assert_eq!(kinds(&lock), vec![ProblemKind::SpringTooShort]);
    s.natural_length = 9; // a size-4 lock allows at most 8
    lock.springs = vec![s];
    assert_eq!(kinds(&lock), vec![ProblemKind::SpringTooLong]);
}

#[test]
fn spring_through_its_own_block_is_a_problem() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0), (1, 0)]));
    lock.blocks.push(block('B', &[(3, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(0, 0),
        end: 'B',
        end_cell: Hex::new(3, 0),
        natural_length: 2,
    });
    assert_eq!(kinds(&lock), vec![ProblemKind::SpringThroughPiece]);
}

#[test]
fn spring_attachments_must_be_on_their_pieces() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.blocks.push(block('B', &[(2, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(-1, 0),
        end: 'B',
        end_cell: Hex::new(2, 0),
        natural_length: 2,
    });
    assert!(kinds(&lock).contains(&ProblemKind::SpringNotAttached));
}

#[test]
fn spring_rooted_in_a_pivot_is_attached_at_its_hub() {
    let mut lock = base();
    lock.pivots.push(Pivot {
        name: '1',
        hub: Hex::new(-2, 0),
        arms: vec![Dir::E],
    });
    lock.blocks.push(block('B', &[(1, 0)]));
    // Attached at the arm rather than the hub.
    lock.springs.push(Spring {
        root: Anchor::Pivot('1'),
        root_cell: Hex::new(-1, 0),
        end: 'B',
        end_cell: Hex::new(1, 0),
        natural_length: 1,
    });
    assert!(kinds(&lock).contains(&ProblemKind::SpringNotAttached));
}

#[test]
fn spring_to_a_missing_block_names_it() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Block('A'),
        root_cell: Hex::new(0, 0),
        end: 'Z',
        end_cell: Hex::new(2, 0),
        natural_length: 1,
    });
    let p = lock.validate();
    assert_eq!(p[0].kind, ProblemKind::UnknownPiece);
    assert!(p[0].message.contains("block Z"), "{}", p[0].message);
}

#[test]
fn piece_outside_the_lock_is_a_problem() {
    let mut lock = base();
    lock.balls.push(Hex::new(0, 5));
    lock.pivots.push(Pivot {
        name: '1',
        hub: Hex::new(4, 0),
        arms: vec![Dir::E],
    });
    assert_eq!(
        kinds(&lock),
        vec![ProblemKind::OutsideLock, ProblemKind::OutsideLock]
    );
}

#[test]
fn missing_tools_are_problems() {
    let mut lock = base();
    lock.hooks.clear();
    lock.wrenches.clear();
    assert_eq!(
        kinds(&lock),
        vec![ProblemKind::MissingTool, ProblemKind::MissingTool]
    );
}

#[test]
fn extra_tools_are_problems() {
    let mut lock = base();
    lock.hooks.push(Hook {
        hub: Hex::ORIGIN,
        arm: Dir::E,
    });
    lock.wrenches.push(Wrench {
        cells: vec![Hex::new(0, 2)],
        momentum: None,
    });
    assert_eq!(
        kinds(&lock),
        vec![ProblemKind::ExtraTool, ProblemKind::ExtraTool]
    );
}

#[test]
fn duplicate_and_bad_names_are_problems() {
    let mut lock = base();
    lock.blocks.push(block('A', &[(0, 0)]));
    lock.blocks.push(block('A', &[(2, 0)]));
    lock.blocks.push(block('o', &[(0, 2)]));
    lock.pivots.push(Pivot {
        name: 'x',
        hub: Hex::new(-2, 0),
        arms: vec![Dir::W, Dir::W],
    });
    let k = kinds(&lock);
    assert!(k.contains(&ProblemKind::DuplicateName));
    assert!(k.contains(&ProblemKind::DuplicateArm));
    assert_eq!(k.iter().filter(|&&x| x == ProblemKind::BadName).count(), 2);
}

#[test]
fn every_problem_is_reported_not_just_the_first() {
    let mut lock = base();
    lock.size = 12;
    lock.hooks.clear();
    lock.blocks.push(block('A', &[(0, 0), (2, 0)]));
    lock.balls.push(Hex::new(2, 0));
    assert!(kinds(&lock).len() >= 4, "{:?}", kinds(&lock));
}

#[test]
fn a_pivot_arm_lying_along_its_own_spring_is_allowed() {
    // Turning a pivot leaves its springs at the hub, so an arm may come to lie along one.
    let mut lock = base();
    lock.pivots.push(Pivot {
        name: '1',
        hub: Hex::new(-2, 0),
        arms: vec![Dir::E],
    });
    lock.blocks.push(block('B', &[(1, 0)]));
    lock.springs.push(Spring {
        root: Anchor::Pivot('1'),
        root_cell: Hex::new(-2, 0),
        end: 'B',
        end_cell: Hex::new(1, 0),
        natural_length: 2,
    });
    assert_eq!(kinds(&lock), vec![]);
}
