//! Scenarios for pushes, torques, arms, clawing and the hook, in the lock text format. (The
//! wrench's momentum and forces on the tools: `physics_wrench.rs`.)

mod physics_text;

use engine::hexlock::physics::trace::{GroupOutcome, ResistReason, Via};
use engine::hexlock::physics::{AnnotationMode, Force};
use engine::{Dir, Rotation};
use physics_text::{assert_lock_text, resisted, scenario};

const EMPTY_WITH_HOOK: &str = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. @ - . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";

#[test]
fn hook_push_moves_the_hook_into_empty_cells() {
    let out = scenario(EMPTY_WITH_HOOK, "hE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . @ - . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
}

#[test]
fn hook_push_into_the_frame_is_resisted() {
    let out = scenario(EMPTY_WITH_HOOK, "hW hW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
@ - . . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
    let r = resisted(&out.player().groups[0]);
    assert_eq!(
        r.reason,
        ResistReason::IntoFrame {
            cell: out.cell("r4c1").neighbour(Dir::W)
        }
    );
}

#[test]
fn hook_turns_clockwise_about_its_hub() {
    let out = scenario(EMPTY_WITH_HOOK, "hCW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. @ . . . . .
 . \ . . . .
  . . . . .
   . . . .

hook arm SE
wrench momentum none
",
    );
}

#[test]
fn hook_turns_anticlockwise_about_its_hub() {
    let out = scenario(EMPTY_WITH_HOOK, "hCCW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . / . . . .
. @ . . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm NE
wrench momentum none
",
    );
}

#[test]
fn push_overlapping_a_ball_pushes_the_ball() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
@ - o o . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. @ - o o . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
    let forces = &out.player().groups[0].forces;
    assert_eq!(forces.len(), 3);
    assert_eq!(forces[1].via, Via::Overlap);
    assert_eq!(forces[1].cause, Some(0));
}

#[test]
fn push_on_a_ball_into_the_frame_resists_the_whole_group() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . @ - o o
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, before);
    assert!(out.player().applied.is_empty());
}

/// The default blockage mode says why a player's push did nothing: the push (orange) and the
/// force that met the fixed piece (purple).
#[test]
fn rule_default_annotations_show_why_a_player_push_did_nothing() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. @ - A . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "player: blocked push E on hook",
            "player: blocking push E on block A",
        ]
    );
    // Straight into the frame, the push is its own blocker: one arrow.
    let out = scenario(EMPTY_WITH_HOOK, "hW hW");
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        ["player: blocked push W on hook"]
    );
}

#[test]
fn push_on_block_not_end_of_spring_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. @ - A . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, before);
    let r = resisted(&out.player().groups[0]);
    assert_eq!(r.reason, ResistReason::StationaryBlock);
    assert_eq!(r.force.force, Force::Push(Dir::E));
}

#[test]
fn push_on_a_pivot_hub_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
@ - o 1 - . .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms E
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, before);
    assert_eq!(
        resisted(&out.player().groups[0]).reason,
        ResistReason::PushOnPivot
    );
}

#[test]
fn push_along_a_pivot_arm_is_a_push_on_the_pivot_and_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
@ - o - 1 . .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms W
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, before);
}

#[test]
fn push_across_a_pivot_arm_twists_the_pivot() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 @ - \ . . .
. . . 1 . . .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms NW
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . @ - / . .
. . . 1 . . .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms NE
hook arm E
wrench momentum none
",
    );
    let forces = &out.player().groups[0].forces;
    assert_eq!(forces[1].force.force, Force::Torque(Rotation::Clockwise));
}

#[test]
fn push_at_sixty_degrees_to_an_arm_twists_the_pivot() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . 1 - . .
 . . . o . .
  . . / . .
   . @ . .

pivot 1 arms E
hook arm NE
wrench momentum none
";
    let out = scenario(before, "hNE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . / . .
. . . 1 o . .
 . . . / . .
  . . @ . .
   . . . .

pivot 1 arms NE
hook arm NE
wrench momentum none
",
    );
}

#[test]
fn turning_pivot_arm_pushes_a_ball_the_obvious_way() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 @ - \ . . .
. . . 1 . . .
 . . o \ . .
  . . . . .
   . . . .

pivot 1 arms NW SE
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . @ - / . .
. . . 1 . . .
 . o / . . .
  . . . . .
   . . . .

pivot 1 arms NE SW
hook arm E
wrench momentum none
",
    );
    assert!(out.player().groups[0].claws.is_empty());
}

#[test]
fn clawing_example_from_the_rules() {
    // `\ o A` in row 4, with the pivot's hub below: twisted clockwise, the arm first pushes the
    // ball east into the stationary block, which resists; it then claws the ball south-east.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . \ o A .
 . . . 1 . .
  . . / . .
   . . - @

pivot 1 arms NW SW
hook arm W
wrench momentum none
";
    let out = scenario(before, "hNW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . . / A .
 . . - 1 o .
  . . - @ .
   . . . .

pivot 1 arms NE W
hook arm W
wrench momentum none
",
    );
    let group = &out.player().groups[0];
    assert_eq!(group.claws.len(), 1);
    let claw = group.claws[0];
    assert_eq!(claw.obvious.force, Force::Push(Dir::E));
    assert_eq!(claw.resisted.reason, ResistReason::StationaryBlock);
    assert_eq!(claw.clawing.force, Force::Push(Dir::SE));
    assert!(group.forces.iter().any(|f| f.via == Via::Claw));
}

#[test]
fn hook_arm_claws_like_a_pivot_arm() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . \ o A .
 . . . @ . .
  . . . . .
   . . . .

hook arm NW
wrench momentum none
";
    let out = scenario(before, "hCW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . . / A .
 . . . @ o .
  . . . . .
   . . . .

hook arm NE
wrench momentum none
",
    );
}

#[test]
fn clawing_push_that_is_resisted_resists_the_group() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . \ o A .
 . . . @ A .
  . . . . .
   . . . .

hook arm NW
wrench momentum none
";
    let out = scenario(before, "hCW");
    assert_lock_text(&out.lock, before);
    let group = &out.player().groups[0];
    assert_eq!(group.claws.len(), 1);
    assert!(matches!(group.outcome, GroupOutcome::Resisted(_)));
}

#[test]
fn hook_arm_turning_into_a_ball_pushes_it() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . o . .
. . . @ - . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hCCW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . o . :
 . . . / . .
. . . @ . . .
 . . . . . .
  . . . . .
   . . . .

hook arm NE
wrench momentum none
",
    );
}

#[test]
fn hook_arm_turning_into_the_frame_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . \
. . . . . . @
 . . . . . .
  . . . . .
   . . . .

hook arm NW
wrench momentum none
";
    let out = scenario(before, "hCW");
    assert_lock_text(&out.lock, before);
    assert!(matches!(
        resisted(&out.player().groups[0]).reason,
        ResistReason::IntoFrame { .. }
    ));
}
