//! Scenarios for the hook and the wrench as forces meet them: forces on a tool that are not the
//! player's, the wrench's momentum kept, replaced and resisted, in the lock text format. (Pushes,
//! torques, arms and clawing: `physics_tools.rs`.)

mod physics_text;

use engine::Dir;
use engine::hexlock::physics::Force;
use engine::hexlock::physics::trace::{Origin, ResistReason};
use physics_text::{assert_lock_text, resisted, scenario};

#[test]
fn force_on_hook_that_is_not_the_player_force_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% @ - . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum E
";
    let out = scenario(before, ".");
    // Nothing moves, and the wrench stops.
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% @ - . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
    assert_eq!(
        resisted(&out.player().groups[0]).reason,
        ResistReason::HookNotPlayerForce
    );
}

#[test]
fn moving_wrench_may_push_the_hook_the_way_the_player_pushes_it() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% @ - . . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum E
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
   . . : :
  . . . . :
 . . . . . .
. % @ - . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum E
",
    );
}

#[test]
fn force_on_wrench_that_is_not_along_its_momentum_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. @ - % . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, before);
    assert_eq!(
        resisted(&out.player().groups[0]).reason,
        ResistReason::WrenchNotMomentum
    );
}

#[test]
fn hook_may_push_a_moving_wrench_along_its_momentum() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. @ - % . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum E
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
   . . : :
  . . . . :
 . . . . . .
. . @ - % . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum E
",
    );
}

const WRENCH_AT_WEST: &str = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% . . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum none
";

#[test]
fn player_push_on_wrench_moves_it_and_sets_its_momentum() {
    let out = scenario(WRENCH_AT_WEST, "wE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. % . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
",
    );
    assert_eq!(out.trace.momentum_after, Some(Dir::E));
}

#[test]
fn moving_wrench_keeps_moving_while_the_player_waits() {
    let out = scenario(WRENCH_AT_WEST, "wE . .");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. . . % . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
",
    );
}

#[test]
fn moving_wrench_keeps_moving_while_the_player_works_the_hook() {
    let out = scenario(WRENCH_AT_WEST, "wE hNE hCW");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. . . % . . .
 . . . . . .
  . . @ . .
   . . \ .

hook arm SE
wrench momentum E
",
    );
}

#[test]
fn moving_wrench_stops_when_its_push_is_resisted() {
    let out = scenario(WRENCH_AT_WEST, "wE . . . . . .");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. . . . . . %
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum none
",
    );
    assert_eq!(out.trace.momentum_before, Some(Dir::E));
    assert_eq!(out.trace.momentum_after, None);
}

#[test]
fn player_push_on_wrench_replaces_its_momentum() {
    let out = scenario(WRENCH_AT_WEST, "wE wNE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . % . . . .
. . . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum NE
",
    );
}

#[test]
fn player_push_on_wrench_that_is_resisted_leaves_it_still() {
    let out = scenario(WRENCH_AT_WEST, "wW");
    assert_lock_text(&out.lock, WRENCH_AT_WEST);
}

#[test]
fn moving_wrench_pushes_a_ball_ahead_of_it() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% o . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
";
    let out = scenario(before, ".");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. % o . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
",
    );
}

#[test]
fn player_push_on_a_moving_wrench_is_its_only_initial_force() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% . . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum NE
";
    let out = scenario(before, "wE");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. % . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
",
    );
    let groups = &out.player().groups;
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].origin, Origin::Player);
    assert_eq!(groups[0].initial.force, Force::Push(Dir::E));
}

#[test]
fn moving_wrench_push_is_a_momentum_force() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
% . . . . . .
 . . . . . .
  . . . . .
   . @ - .

hook arm E
wrench momentum E
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
   . . : :
  . . . . :
 . . . . . .
. % . . . . .
 . . . . . .
  . . . . .
   . . @ -

hook arm E
wrench momentum E
",
    );
    let groups = &out.player().groups;
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[1].origin, Origin::Momentum);
}
