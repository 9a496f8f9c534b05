//! Scenarios for springs: their forces, how they carry pushes, their limits, and springs
//! rooted in pivots.

mod physics_support;

use engine::physics::trace::{GroupOutcome, Origin, ResistReason};
use engine::physics::{Force, Move};
use engine::{Dir, Hex, Rotation};
use physics_support::{assert_picture, block_cells, lock, play, play_all, spring_length};

#[test]
fn compressed_spring_pushes_its_end_block_away_from_its_root() {
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    A B . . . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(-1, 0)]);
    let group = &out.trace.phases[1].groups[0];
    assert_eq!(group.origin, Origin::Spring(0));
    assert_eq!(group.initial.force, Force::Push(Dir::E));
    let out = play_all(&before, &[Move::Wait; 3]);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(0, 0)]);
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 2);
}

#[test]
fn extended_spring_pulls_its_end_block_towards_its_root() {
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    A . . . B . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(
        out.trace.phases[1].groups[0].initial.force,
        Force::Push(Dir::W)
    );
    let out = play_all(&before, &[Move::Wait, Move::Wait, Move::Wait]);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(0, 0)]);
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 2);
}

#[test]
fn spring_at_its_natural_length_gives_no_force() {
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    A . B . . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 1)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(out.lock, before);
    assert!(out.trace.phases[1].groups.is_empty());
}

#[test]
fn pushed_block_carries_its_spring_attachments() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    A . B ~ @ . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::W));
    let s = out.lock.springs[0];
    assert_eq!(s.root_cell, Hex::new(-3, 0));
    assert_eq!(s.end_cell, Hex::new(-2, 0));
}

#[test]
fn player_force_compresses_a_spring_without_transmitting() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    A . B ~ @ . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::W));
    // The spring, now compressed, pushes B back in the spring phase, but the hook is in the
    // way and resists: it is not getting that force from the player in this phase.
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    A B ~ @ . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
    let GroupOutcome::Resisted(r) = &out.trace.phases[1].groups[0].outcome else {
        panic!("the spring's push on the hook is resisted");
    };
    assert_eq!(r.reason, ResistReason::HookNotPlayerForce);
}

#[test]
fn player_force_on_a_fully_compressed_spring_transmits_it() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    A B ~ @ . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::W));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("the push reaches the stationary root");
    };
    assert_eq!(r.force.piece, engine::lock::PieceRef::Block('A'));
    assert_eq!(r.reason, ResistReason::StationaryBlock);
}

#[test]
fn player_force_extends_a_spring_until_it_is_fully_extended() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    A @ ~ B . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 2)
    .build();
    let out = play_all(&before, &[Move::Hook(Dir::E); 3]);
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    A . . @ ~ B .
     . . . . . .
      . . . . .
       . . . .
",
    );
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 4);
    assert!(matches!(
        out.trace.phases[0].groups[0].outcome,
        GroupOutcome::Resisted(_)
    ));
}

#[test]
fn spring_transmits_a_push_across_its_line() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    A . B . . . .
     @ ~ . . . .
      . . . . .
       . . . .
",
    )
    .spring('A', 'B', 1)
    .build();
    // The hook's arm pushes B north-east, across the spring: the push is carried to A, which
    // is stationary, so the whole group is resisted.
    let out = play(&before, Move::Hook(Dir::NE));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.force.piece, engine::lock::PieceRef::Block('A'));
}

#[test]
fn spring_between_two_mobile_blocks_carries_a_sideways_push() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    X . A . . . .
     . . . . . .
      @ ~ B . .
       . . . .
",
    )
    .spring('X', 'A', 1)
    .spring('A', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    X . . A . . .
     . . . . . .
      . @ ~ B .
       . . . .
",
    );
    assert_eq!(spring_length(&out.lock, 'X', 'A'), 2);
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 1);
}

#[test]
fn spring_force_is_carried_rigidly_by_a_spring_at_its_natural_length() {
    // Y's compressed spring pushes A west; X's spring, at its natural length, carries that push
    // on to X, which is stationary: outside the player phase a relaxed spring is rigid.
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    X . A . Y . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('X', 'A', 1)
    .spring('Y', 'A', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(out.lock, before);
    let group = &out.trace.phases[1].groups[0];
    let GroupOutcome::Resisted(r) = &group.outcome else {
        panic!("resisted")
    };
    assert_eq!(r.force.piece, engine::lock::PieceRef::Block('X'));
}

#[test]
fn spring_force_compressing_an_extended_spring_is_not_transmitted() {
    // X's spring is stretched and Y's squeezed: both push A west, and neither carries the push
    // on, since each push eases the other spring.
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    X . . A . Y .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('X', 'A', 1)
    .spring('Y', 'A', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'A'), vec![Hex::new(-1, 0)]);
    let groups = &out.trace.phases[1].groups;
    assert_eq!(groups.len(), 2);
    assert!(groups.iter().all(|g| g.outcome == GroupOutcome::Applied));
    assert_eq!(out.trace.phases[1].applied.len(), 1);
}

#[test]
fn spring_rooted_in_a_pivot_pushes_its_end_block() {
    let before = lock(
        "
       @ ~ . .
      * . . . .
     . . . . . .
    . . ~ 1 . B .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('1', 'B', 2)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(3, 0)]);
    assert_eq!(out.lock.springs[0].root_cell, Hex::new(0, 0));
}

#[test]
fn spring_rooted_in_a_pivot_stays_at_the_hub_as_the_pivot_turns() {
    let before = lock(
        "
       * . . .
      . . . . .
     @ ~ ~ . . .
    . . . 1 . B .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('1', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(out.lock.pivot('1').unwrap().arms, vec![Dir::NE]);
    assert_eq!(out.lock.springs[0].root_cell, Hex::new(0, 0));
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(2, 0)]);
}

#[test]
fn sideways_push_on_the_end_of_a_spring_rooted_in_a_pivot_is_resisted() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . 1 . B .
     . . . @ ~ .
      . . . . .
       . . . .
",
    )
    .spring('1', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::NE));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.reason, ResistReason::PushOnPivot);
}

#[test]
fn player_compresses_a_spring_rooted_in_a_pivot() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . 1 . B ~
     . . . . . @
      . . . . .
       . . . .
",
    )
    .spring('1', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::W));
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(1, 0)]);
    assert_eq!(spring_length(&out.lock, '1', 'B'), 0);
    // The hook turning away lets the spring push B back out.
    let out = play(&out.lock, Move::HookTurn(Rotation::Clockwise));
    assert_eq!(block_cells(&out.lock, 'B'), vec![Hex::new(2, 0)]);
}

#[test]
fn pivot_arm_may_turn_into_the_run_of_its_own_spring() {
    let before = lock(
        "
       * . . .
      . . . . .
     @ ~ o ~ . .
    . . . 1 . B .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .spring('1', 'B', 1)
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . @ ~ o . .
    . . . 1 ~ B .
     . . . . . .
      . . . . .
       . . . .
",
    );
    assert!(engine::physics::problems(&out.lock).is_empty());
    // Play goes on from there.
    let next = play(&out.lock, Move::Wait);
    assert_eq!(next.lock, out.lock);
}
