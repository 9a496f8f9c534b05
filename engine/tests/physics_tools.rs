//! Scenarios for pushes, torques, arms, clawing and the two tools.

mod physics_support;

use engine::physics::trace::{GroupOutcome, ResistReason, Via};
use engine::physics::{Force, Move};
use engine::{Dir, Hex, Rotation};
use physics_support::{assert_picture, lock, play, play_all};

const EMPTY_WITH_HOOK: &str = "
       * . . .
      . . . . .
     . . . . . .
    . @ ~ . . . .
     . . . . . .
      . . . . .
       . . . .
";

#[test]
fn hook_push_moves_the_hook_into_empty_cells() {
    let out = play(&lock(EMPTY_WITH_HOOK).build(), Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    . . @ ~ . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
}

#[test]
fn hook_push_into_the_frame_is_resisted() {
    let before = lock(EMPTY_WITH_HOOK).build();
    let out = play_all(&before, &[Move::Hook(Dir::W), Move::Hook(Dir::W)]);
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    @ ~ . . . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("the second push should be resisted");
    };
    assert_eq!(
        r.reason,
        ResistReason::IntoFrame {
            cell: Hex::new(-4, 0)
        }
    );
}

#[test]
fn hook_turns_clockwise_about_its_hub() {
    let out = play(
        &lock(EMPTY_WITH_HOOK).build(),
        Move::HookTurn(Rotation::Clockwise),
    );
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    . @ . . . . .
     . ~ . . . .
      . . . . .
       . . . .
",
    );
}

#[test]
fn hook_turns_anticlockwise_about_its_hub() {
    let out = play(
        &lock(EMPTY_WITH_HOOK).build(),
        Move::HookTurn(Rotation::Anticlockwise),
    );
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . ~ . . . .
    . @ . . . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
}

#[test]
fn push_overlapping_a_ball_pushes_the_ball() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    @ ~ o o . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    . @ ~ o o . .
     . . . . . .
      . . . . .
       . . . .
",
    );
    let forces = &out.trace.phases[0].groups[0].forces;
    assert_eq!(forces.len(), 3);
    assert_eq!(forces[1].via, Via::Overlap);
    assert_eq!(forces[1].cause, Some(0));
}

#[test]
fn push_on_a_ball_into_the_frame_resists_the_whole_group() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . @ ~ o o
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(out.lock, before);
    assert!(out.trace.phases[0].applied.is_empty());
}

#[test]
fn push_on_block_not_end_of_spring_is_resisted() {
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
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.reason, ResistReason::StationaryBlock);
    assert_eq!(r.force.force, Force::Push(Dir::E));
}

#[test]
fn push_on_a_pivot_hub_is_resisted() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    @ ~ o 1 ~ . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.reason, ResistReason::PushOnPivot);
}

#[test]
fn push_along_a_pivot_arm_is_a_push_on_the_pivot_and_is_resisted() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    @ ~ o ~ 1 . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(out.lock, before);
}

#[test]
fn push_across_a_pivot_arm_twists_the_pivot() {
    let before = lock(
        "
       * . . .
      . . . . .
     @ ~ ~ . . .
    . . . 1 . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . @ ~ ~ . .
    . . . 1 . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
    let forces = &out.trace.phases[0].groups[0].forces;
    assert_eq!(forces[1].force.force, Force::Torque(Rotation::Clockwise));
}

#[test]
fn push_at_sixty_degrees_to_an_arm_twists_the_pivot() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . 1 ~ . .
     . . . o . .
      . . ~ . .
       . @ . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::NE));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . ~ . .
    . . . 1 o . .
     . . . ~ . .
      . . @ . .
       . . . .
",
    );
}

#[test]
fn turning_pivot_arm_pushes_a_ball_the_obvious_way() {
    let before = lock(
        "
       * . . .
      . . . . .
     @ ~ ~ . . .
    . . . 1 . . .
     . . o ~ . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . @ ~ ~ . .
    . . . 1 . . .
     . o ~ . . .
      . . . . .
       . . . .
",
    );
    assert!(out.trace.phases[0].groups[0].claws.is_empty());
}

#[test]
fn clawing_example_from_the_rules() {
    // `\ O #` with the pivot's hub below: twisted clockwise, the arm first pushes the ball
    // east into the stationary block, which resists; it then claws the ball south-east.
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . ~ o A .
     . . . 1 . .
      . . ~ . .
       . . ~ @
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::NW));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    . . . . ~ A .
     . . ~ 1 o .
      . . ~ @ .
       . . . .
",
    );
    let group = &out.trace.phases[0].groups[0];
    assert_eq!(group.claws.len(), 1);
    let claw = group.claws[0];
    assert_eq!(claw.obvious.force, Force::Push(Dir::E));
    assert_eq!(claw.resisted.reason, ResistReason::StationaryBlock);
    assert_eq!(claw.clawing.force, Force::Push(Dir::SE));
    assert!(group.forces.iter().any(|f| f.via == Via::Claw));
}

#[test]
fn hook_arm_claws_like_a_pivot_arm() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . ~ o A .
     . . . @ . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::HookTurn(Rotation::Clockwise));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . . . .
     . . . . . .
    . . . . ~ A .
     . . . @ o .
      . . . . .
       . . . .
",
    );
}

#[test]
fn clawing_push_that_is_resisted_resists_the_group() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . .
    . . . ~ o A .
     . . . @ A .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::HookTurn(Rotation::Clockwise));
    assert_eq!(out.lock, before);
    let group = &out.trace.phases[0].groups[0];
    assert_eq!(group.claws.len(), 1);
    assert!(matches!(group.outcome, GroupOutcome::Resisted(_)));
}

#[test]
fn hook_arm_turning_into_a_ball_pushes_it() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . o . .
    . . . @ ~ . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::HookTurn(Rotation::Anticlockwise));
    assert_picture(
        &out.lock,
        "
       * . . .
      . . o . .
     . . . ~ . .
    . . . @ . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
}

#[test]
fn hook_arm_turning_into_the_frame_is_resisted() {
    let before = lock(
        "
       * . . .
      . . . . .
     . . . . . ~
    . . . . . . @
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::HookTurn(Rotation::Clockwise));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert!(matches!(r.reason, ResistReason::IntoFrame { .. }));
}

#[test]
fn force_on_hook_that_is_not_the_player_force_is_resisted() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . . . . .
    * @ ~ . . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .momentum(Dir::E)
    .build();
    let out = play(&before, Move::Wait);
    assert_eq!(render_cells(&out.lock), render_cells(&before));
    assert_eq!(out.lock.wrench().unwrap().momentum, None);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.reason, ResistReason::HookNotPlayerForce);
}

#[test]
fn moving_wrench_may_push_the_hook_the_way_the_player_pushes_it() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . . . . .
    * @ ~ . . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .momentum(Dir::E)
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       . . . .
      . . . . .
     . . . . . .
    . * @ ~ . . .
     . . . . . .
      . . . . .
       . . . .
",
    );
    assert_eq!(out.lock.wrench().unwrap().momentum, Some(Dir::E));
}

#[test]
fn force_on_wrench_that_is_not_along_its_momentum_is_resisted() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . . . . .
    . @ ~ * . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_eq!(out.lock, before);
    let GroupOutcome::Resisted(r) = &out.trace.phases[0].groups[0].outcome else {
        panic!("resisted");
    };
    assert_eq!(r.reason, ResistReason::WrenchNotMomentum);
}

#[test]
fn hook_may_push_a_moving_wrench_along_its_momentum() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . . . . .
    . @ ~ * . . .
     . . . . . .
      . . . . .
       . . . .
",
    )
    .momentum(Dir::E)
    .build();
    let out = play(&before, Move::Hook(Dir::E));
    assert_picture(
        &out.lock,
        "
       . . . .
      . . . . .
     . . . . . .
    . . @ ~ * . .
     . . . . . .
      . . . . .
       . . . .
",
    );
}

const WRENCH_AT_WEST: &str = "
       . . . .
      . . . . .
     . . . . . .
    * . . . . . .
     . . . . . .
      . . . . .
       . @ ~ .
";

#[test]
fn player_push_on_wrench_moves_it_and_sets_its_momentum() {
    let out = play(&lock(WRENCH_AT_WEST).build(), Move::Wrench(Dir::E));
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(-2, 0)]);
    assert_eq!(out.lock.wrench().unwrap().momentum, Some(Dir::E));
    assert_eq!(out.trace.momentum_after, Some(Dir::E));
}

#[test]
fn moving_wrench_keeps_moving_while_the_player_waits() {
    let out = play_all(
        &lock(WRENCH_AT_WEST).build(),
        &[Move::Wrench(Dir::E), Move::Wait, Move::Wait],
    );
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(0, 0)]);
    assert_eq!(out.lock.wrench().unwrap().momentum, Some(Dir::E));
}

#[test]
fn moving_wrench_keeps_moving_while_the_player_works_the_hook() {
    let out = play_all(
        &lock(WRENCH_AT_WEST).build(),
        &[
            Move::Wrench(Dir::E),
            Move::Hook(Dir::NE),
            Move::HookTurn(Rotation::Clockwise),
        ],
    );
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(0, 0)]);
    assert_eq!(out.lock.hook().unwrap().hub, Hex::new(-1, 2));
}

#[test]
fn moving_wrench_stops_when_its_push_is_resisted() {
    let moves = [Move::Wrench(Dir::E)]
        .into_iter()
        .chain([Move::Wait; 6])
        .collect::<Vec<_>>();
    let out = play_all(&lock(WRENCH_AT_WEST).build(), &moves);
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(3, 0)]);
    assert_eq!(out.lock.wrench().unwrap().momentum, None);
    assert_eq!(out.trace.momentum_before, Some(Dir::E));
    assert_eq!(out.trace.momentum_after, None);
}

#[test]
fn player_push_on_wrench_replaces_its_momentum() {
    let out = play_all(
        &lock(WRENCH_AT_WEST).build(),
        &[Move::Wrench(Dir::E), Move::Wrench(Dir::NE)],
    );
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(-1, -1)]);
    assert_eq!(out.lock.wrench().unwrap().momentum, Some(Dir::NE));
}

#[test]
fn player_push_on_wrench_that_is_resisted_leaves_it_still() {
    let out = play(&lock(WRENCH_AT_WEST).build(), Move::Wrench(Dir::W));
    assert_eq!(out.lock.wrench().unwrap().cells, vec![Hex::new(-3, 0)]);
    assert_eq!(out.lock.wrench().unwrap().momentum, None);
}

#[test]
fn moving_wrench_pushes_a_ball_ahead_of_it() {
    let before = lock(
        "
       . . . .
      . . . . .
     . . . . . .
    * o . . . . .
     . . . . . .
      . . . . .
       . @ ~ .
",
    )
    .momentum(Dir::E)
    .build();
    let out = play(&before, Move::Wait);
    assert_picture(
        &out.lock,
        "
       . . . .
      . . . . .
     . . . . . .
    . * o . . . .
     . . . . . .
      . . . . .
       . @ ~ .
",
    );
}

/// The pieces' cells, without the wrench's momentum.
fn render_cells(l: &engine::Lock) -> String {
    physics_support::render(l)
}

#[test]
fn player_push_on_a_moving_wrench_is_its_only_initial_force() {
    let before = lock(WRENCH_AT_WEST).momentum(Dir::NE).build();
    let out = play(&before, Move::Wrench(Dir::E));
    let groups = &out.trace.phases[0].groups;
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].origin, engine::physics::trace::Origin::Player);
    assert_eq!(groups[0].initial.force, Force::Push(Dir::E));
}

#[test]
fn moving_wrench_push_is_a_momentum_force() {
    let before = lock(WRENCH_AT_WEST).momentum(Dir::E).build();
    let out = play(&before, Move::Hook(Dir::E));
    let groups = &out.trace.phases[0].groups;
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[1].origin, engine::physics::trace::Origin::Momentum);
}
