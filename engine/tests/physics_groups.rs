//! Scenarios for force groups: inconsistency, domination, resisted groups, opening the lock,
//! errors, the trace and blockage annotations.

mod physics_support;

use engine::lock::PieceRef;
use engine::physics::trace::{GroupOutcome, Inconsistency, Origin, PhaseKind};
use engine::physics::{
    Annotation, AnnotationKind, AnnotationMode, Force, Mechanism, Move, PhysicsError, Workspace,
    annotations, turn,
};
use engine::{Dir, Hex, Lock};
use physics_support::{block_cells, lock, play};

fn blockages(outcome: &GroupOutcome) -> &[engine::physics::trace::Blockage] {
    match outcome {
        GroupOutcome::Blocked(b) => b,
        other => panic!("expected a blocked group, got {other:?}"),
    }
}

fn same_piece_lock() -> Lock {
    lock(
        "
       . . . .
      . . . . .
     . . . . . .
    . @ ~ o . . .
     . . * . . .
      . . . . .
       . . . .
",
    )
    .momentum(Dir::NE)
    .build()
}

fn overlap_lock() -> Lock {
    lock(
        "
       . . . .
      . . . . .
     . . . . . .
    . @ ~ o . . .
     . . . . * .
      . . . . .
       . . . .
",
    )
    .momentum(Dir::NW)
    .build()
}

#[test]
fn groups_pushing_one_piece_different_ways_are_both_blocked() {
    let before = same_piece_lock();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(
        physics_support::render(&out.lock),
        physics_support::render(&before)
    );
    let groups = &out.trace.phases[0].groups;
    assert_eq!(groups.len(), 2);
    for (i, g) in groups.iter().enumerate() {
        let b = blockages(&g.outcome);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].inconsistency, Inconsistency::SamePiece);
        assert_eq!(b[0].by_group, 1 - i);
        assert!(!b[0].dominated);
    }
    assert_eq!(out.lock.wrench().unwrap().momentum, None);
}

#[test]
fn groups_that_overlap_once_both_are_applied_are_both_blocked() {
    let before = overlap_lock();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(
        physics_support::render(&out.lock),
        physics_support::render(&before)
    );
    let b = blockages(&out.trace.phases[0].groups[0].outcome);
    assert_eq!(
        b[0].inconsistency,
        Inconsistency::Overlap {
            cell: Hex::new(1, 0)
        }
    );
    assert_eq!(b[0].blocked.piece, PieceRef::Ball(0));
    assert_eq!(b[0].blocking.piece, PieceRef::Wrench(0));
    assert_eq!(b[0].blocking.force, Force::Push(Dir::NW));
}

#[test]
fn groups_that_together_overextend_a_spring_are_both_blocked() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . * C . .
    X . B . C . .
     . . B ~ @ .
      . . . . .
       . . . .
",
    )
    .spring('X', 'B', 1)
    .spring('B', 'C', 1)
    .momentum(Dir::E)
    .build();
    let out = play(&before, Move::Hook(Dir::W));
    assert_eq!(
        physics_support::render(&out.lock),
        physics_support::render(&before)
    );
    let groups = &out.trace.phases[0].groups;
    for g in groups {
        assert!(matches!(
            blockages(&g.outcome)[0].inconsistency,
            Inconsistency::Spring { .. }
        ));
    }
    // Each alone would have been fine.
    let alone = play(&before.clone(), Move::Wait);
    assert_eq!(
        block_cells(&alone.lock, 'C'),
        vec![Hex::new(2, -1), Hex::new(2, 0)]
    );
}

#[test]
fn springs_pushing_two_blocks_into_one_cell_are_both_blocked() {
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    X . A . . . .
     . . . B . .
      . . . . .
       . . . Y
",
    )
    .spring('X', 'A', 2)
    .spring('Y', 'B', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(out.lock, before);
    let groups = &out.trace.phases[1].groups;
    assert_eq!(groups.len(), 2);
    for g in groups {
        let b = blockages(&g.outcome);
        assert_eq!(
            b[0].inconsistency,
            Inconsistency::Overlap {
                cell: Hex::new(0, 0)
            }
        );
        assert!(!b[0].dominated);
    }
}

#[test]
fn resisted_group_is_empty_and_blocks_no_other_group() {
    // A's push also runs into the hook, a fixed piece in the spring phase: its group is
    // resisted, so it does not block B's.
    let before = lock(
        "
       * . . .
      . . . . .
     . A ~ @ . .
    X . A . . . .
     . . . B . .
      . . . . .
       . . . Y
",
    )
    .spring('X', 'A', 2)
    .spring('Y', 'B', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(0, 0)]);
    assert_eq!(
        block_cells(&out.lock, 'A'),
        vec![Hex::new(-1, -1), Hex::new(-1, 0)]
    );
    let groups = &out.trace.phases[1].groups;
    assert!(
        groups
            .iter()
            .any(|g| matches!(g.outcome, GroupOutcome::Resisted(_)))
    );
    assert!(groups.iter().any(|g| g.outcome == GroupOutcome::Applied));
    assert!(
        groups
            .iter()
            .all(|g| g.outcome == GroupOutcome::Applied || g.forces.is_empty())
    );
}

const ANCESTRY: &str = "
       @ ~ . .
      * . . . .
     . . . . . .
    X . A . . . .
     . . . . . .
      . . B . .
       . . . .
";

#[test]
fn group_dominated_by_spring_ancestry_is_blocked_and_the_other_applied() {
    let before = lock(ANCESTRY)
        .spring('X', 'A', 2)
        .spring('A', 'B', 2)
        .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'A'), vec![Hex::new(0, 0)]);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(0, 2)]);
    let groups = &out.trace.phases[1].groups;
    let dominated = groups
        .iter()
        .position(|g| g.initial.piece == PieceRef::Block('B'))
        .unwrap();
    let ruling = 1 - dominated;
    let b = blockages(&groups[dominated].outcome);
    assert_eq!(b.len(), 1);
    assert!(b[0].dominated);
    assert_eq!(b[0].by_group, ruling);
    assert_eq!(b[0].inconsistency, Inconsistency::SamePiece);
    assert_eq!(groups[ruling].outcome, GroupOutcome::Applied);
}

#[test]
fn spring_rooted_in_a_pivot_counts_as_an_ancestor() {
    let picture = ANCESTRY.replace('X', "1");
    let before = lock(&picture)
        .spring('1', 'A', 2)
        .spring('A', 'B', 2)
        .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'A'), vec![Hex::new(0, 0)]);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(0, 2)]);
}

#[test]
fn lock_opens_when_no_piece_covers_the_bolthole() {
    let before = lock(
        "
       . . . .
      . A . . B
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       * @ ~ .
",
    )
    .spring('A', 'B', 1)
    .build();
    assert!(!before.is_open());
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(2, -2)]);
    assert!(out.open);
    assert!(out.lock.is_open());
}

#[test]
fn lock_with_a_piece_in_the_bolthole_is_not_open() {
    let before = lock(
        "
       . . o .
      . . . . .
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       * @ ~ .
",
    )
    .build();
    let out = play(&before, Move::Wait);
    assert!(!out.open);
}

#[test]
fn turn_on_an_invalid_lock_is_an_error() {
    let err = turn(&Lock::empty(3), Move::Wait).unwrap_err();
    let PhysicsError::InvalidLock { problems } = &err else {
        panic!("{err}")
    };
    assert!(!problems.is_empty());
    assert!(err.to_string().contains("not valid"));
}

#[test]
fn step_with_a_state_of_another_lock_is_an_error() {
    let a = Mechanism::new(&overlap_lock()).unwrap();
    let b = Mechanism::new(&lock(physics_support_simple()).build()).unwrap();
    let err = a
        .step(&b.initial_state(), Move::Wait, &mut Workspace::new())
        .unwrap_err();
    assert!(matches!(err, PhysicsError::ForeignState { .. }));
}

fn physics_support_simple() -> &'static str {
    "
       . . . .
      . . . . .
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       * @ ~ .
"
}

#[test]
fn trace_lists_initial_forces_groups_and_applied_forces() {
    let out = play(&same_piece_lock(), Move::Hook(Dir::NW));
    let phase = &out.trace.phases[0];
    assert_eq!(phase.kind, PhaseKind::Player);
    let initial: Vec<_> = phase.initial_forces().collect();
    assert_eq!(initial.len(), 2);
    assert_eq!(initial[0].piece, PieceRef::Hook(0));
    assert_eq!(initial[1].piece, PieceRef::Wrench(0));
    assert_eq!(phase.groups[0].origin, Origin::Player);
    assert_eq!(phase.groups[1].origin, Origin::Momentum);
    // The wrench pushes the ball; the hook goes its own way.
    assert_eq!(phase.groups[1].forces.len(), 2);
    assert_eq!(phase.applied.len(), 3);
    assert_eq!(out.trace.phases[1].kind, PhaseKind::Springs);
}

#[test]
fn trace_serialises_to_json() {
    let out = play(&overlap_lock(), Move::Hook(Dir::E));
    let json = serde_json::to_string(&out.trace).unwrap();
    assert!(json.contains("\"Blocked\""));
    assert!(json.contains("\"Overlap\""));
    let back: engine::physics::Trace = serde_json::from_str(&json).unwrap();
    assert_eq!(back, out.trace);
}

#[test]
fn annotations_in_mode_none_are_empty() {
    let out = play(&overlap_lock(), Move::Hook(Dir::E));
    assert!(annotations(&out.trace, AnnotationMode::None).is_empty());
}

#[test]
fn blocking_annotations_show_each_blocked_force_and_what_blocked_it() {
    let out = play(&overlap_lock(), Move::Hook(Dir::E));
    let a = annotations(&out.trace, AnnotationMode::Blocking);
    let ball = Annotation {
        phase: PhaseKind::Player,
        piece: PieceRef::Ball(0),
        force: Force::Push(Dir::E),
        kind: AnnotationKind::Blocked,
    };
    let wrench = Annotation {
        phase: PhaseKind::Player,
        piece: PieceRef::Wrench(0),
        force: Force::Push(Dir::NW),
        kind: AnnotationKind::Blocking,
    };
    assert!(a.contains(&ball));
    assert!(a.contains(&wrench));
    assert!(
        !a.iter().any(|x| x.piece == PieceRef::Hook(0)),
        "the hook's push did not clash"
    );
    let all = annotations(&out.trace, AnnotationMode::All);
    assert!(
        all.iter()
            .any(|x| x.piece == PieceRef::Hook(0) && x.kind == AnnotationKind::Blocked)
    );
}

#[test]
fn all_annotations_include_resisted_forces() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . @ ~ A . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert!(annotations(&out.trace, AnnotationMode::Blocking).is_empty());
    let all = annotations(&out.trace, AnnotationMode::All);
    assert_eq!(
        all,
        vec![
            Annotation {
                phase: PhaseKind::Player,
                piece: PieceRef::Hook(0),
                force: Force::Push(Dir::E),
                kind: AnnotationKind::Blocked,
            },
            Annotation {
                phase: PhaseKind::Player,
                piece: PieceRef::Block('A'),
                force: Force::Push(Dir::E),
                kind: AnnotationKind::Blocking,
            },
        ]
    );
}
