//! Scenarios for springs, in the lock text format: their forces, how they carry pushes, their
//! limits, and springs rooted in pivots.

mod physics_text;

use engine::Dir;
use engine::hexlock::model::PieceRef;
use engine::hexlock::physics::Force;
use engine::hexlock::physics::trace::{GroupOutcome, Origin, ResistReason};
use physics_text::{assert_lock_text, resisted, scenario, spring_length};

#[test]
fn compressed_spring_pushes_its_end_block_away_from_its_root() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
A B . . . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c2 natural 2
hook arm E
wrench momentum none
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
   @ - : :
  % . . . :
 . . . . . .
A ~ B . . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c3 natural 2
hook arm E
wrench momentum none
",
    );
    let group = &out.springs().groups[0];
    assert_eq!(group.origin, Origin::Spring(0));
    assert_eq!(group.initial.force, Force::Push(Dir::E));

    let out = scenario(before, ". . .");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
A ~ ~ B . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c4 natural 2
hook arm E
wrench momentum none
",
    );
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 2);
}

#[test]
fn extended_spring_pulls_its_end_block_towards_its_root() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
A ~ ~ ~ B . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c5 natural 2
hook arm E
wrench momentum none
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
   @ - : :
  % . . . :
 . . . . . .
A ~ ~ B . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c4 natural 2
hook arm E
wrench momentum none
",
    );
    assert_eq!(out.springs().groups[0].initial.force, Force::Push(Dir::W));

    let out = scenario(before, ". . .");
    assert_lock_text(
        &out.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
A ~ ~ B . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c4 natural 2
hook arm E
wrench momentum none
",
    );
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 2);
}

#[test]
fn spring_at_its_natural_length_gives_no_force() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
A ~ B . . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c3 natural 1
hook arm E
wrench momentum none
";
    let out = scenario(before, ".");
    assert_lock_text(&out.lock, before);
    assert!(out.springs().groups.is_empty());
}

/// A block on a relaxed spring, with the hook's arm against it from the east.
const HOOK_EAST_OF_SPRUNG_BLOCK: &str = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
A ~ B - @ . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c3 natural 1
hook arm W
wrench momentum none
";

#[test]
fn pushed_block_carries_its_spring_attachments() {
    let out = scenario(HOOK_EAST_OF_SPRUNG_BLOCK, "hW");
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
A B - @ . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c2 natural 1
hook arm W
wrench momentum none
",
    );
    let s = out.lock.springs[0];
    assert_eq!(s.root_cell, out.cell("r4c1"));
    assert_eq!(s.end_cell, out.cell("r4c2"));
}

#[test]
fn player_force_compresses_a_spring_without_transmitting() {
    let out = scenario(HOOK_EAST_OF_SPRUNG_BLOCK, "hW");
    // The spring, now compressed, pushes B back in the spring phase, but the hook is in the
    // way and resists: it is not getting that force from the player in this phase.
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
A B - @ . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c2 natural 1
hook arm W
wrench momentum none
",
    );
    assert_eq!(
        resisted(&out.springs().groups[0]).reason,
        ResistReason::HookNotPlayerForce
    );
}

#[test]
fn player_force_on_a_fully_compressed_spring_transmits_it() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
A B - @ . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c2 natural 1
hook arm W
wrench momentum none
";
    let out = scenario(before, "hW");
    assert_lock_text(&out.lock, before);
    let r = resisted(&out.player().groups[0]);
    assert_eq!(r.force.piece, PieceRef::Block('A'));
    assert_eq!(r.reason, ResistReason::StationaryBlock);
}

#[test]
fn player_force_extends_a_spring_until_it_is_fully_extended() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
A @ - B . . .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c4 natural 2
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE hE hE");
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
A ~ ~ @ - B .
 . . . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c6 natural 2
hook arm E
wrench momentum none
",
    );
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 4);
    assert!(matches!(
        out.player().groups[0].outcome,
        GroupOutcome::Resisted(_)
    ));
}

#[test]
fn spring_transmits_a_push_across_its_line() {
    // The hook's arm pushes B north-east, across the spring: the push is carried to A, which
    // is stationary, so the whole group is resisted.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
A ~ B . . . .
 @ - . . . .
  . . . . .
   . . . .

spring A r4c1 -> B r4c3 natural 1
hook arm E
wrench momentum none
";
    let out = scenario(before, "hNE");
    assert_lock_text(&out.lock, before);
    assert_eq!(
        resisted(&out.player().groups[0]).force.piece,
        PieceRef::Block('A')
    );
}

#[test]
fn spring_between_two_mobile_blocks_carries_a_sideways_push() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
X ~ A . . . .
 . . ~ . . .
  @ - B . .
   . . . .

spring A r4c3 -> B r6c3 natural 1
spring X r4c1 -> A r4c3 natural 1
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
X ~ ~ A . . .
 . . . ~ . .
  . @ - B .
   . . . .

spring A r4c4 -> B r6c4 natural 1
spring X r4c1 -> A r4c4 natural 1
hook arm E
wrench momentum none
",
    );
    assert_eq!(spring_length(&out.lock, 'X', 'A'), 2);
    assert_eq!(spring_length(&out.lock, 'A', 'B'), 1);
}

#[test]
fn spring_force_is_carried_rigidly_by_a_spring_at_its_natural_length() {
    // Y's compressed spring pushes A west; X's spring, at its natural length, carries that push
    // on to X, which is stationary: outside the player phase a relaxed spring is rigid.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
X ~ A ~ Y . .
 . . . . . .
  . . . . .
   . . . .

spring X r4c1 -> A r4c3 natural 1
spring Y r4c5 -> A r4c3 natural 2
hook arm E
wrench momentum none
";
    let out = scenario(before, ".");
    assert_lock_text(&out.lock, before);
    assert_eq!(
        resisted(&out.springs().groups[0]).force.piece,
        PieceRef::Block('X')
    );
}

#[test]
fn spring_force_compressing_an_extended_spring_is_not_transmitted() {
    // X's spring is stretched and Y's squeezed: both push A west, and neither carries the push
    // on, since each push eases the other spring.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
X ~ ~ A ~ Y .
 . . . . . .
  . . . . .
   . . . .

spring X r4c1 -> A r4c4 natural 1
spring Y r4c6 -> A r4c4 natural 2
hook arm E
wrench momentum none
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
   @ - : :
  % . . . :
 . . . . . .
X ~ A ~ ~ Y .
 . . . . . .
  . . . . .
   . . . .

spring X r4c1 -> A r4c3 natural 1
spring Y r4c6 -> A r4c3 natural 2
hook arm E
wrench momentum none
",
    );
    let groups = &out.springs().groups;
    assert_eq!(groups.len(), 2);
    assert!(groups.iter().all(|g| g.outcome == GroupOutcome::Applied));
    assert_eq!(out.springs().applied.len(), 1);
}

#[test]
fn spring_rooted_in_a_pivot_pushes_its_end_block() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
. . - 1 ~ B .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms W
spring 1 r4c4 -> B r4c6 natural 2
hook arm E
wrench momentum none
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
   @ - : :
  % . . . :
 . . . . . .
. . - 1 ~ ~ B
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms W
spring 1 r4c4 -> B r4c7 natural 2
hook arm E
wrench momentum none
",
    );
    assert_eq!(out.lock.springs[0].root_cell, out.cell("r4c4"));
}

#[test]
fn spring_rooted_in_a_pivot_stays_at_the_hub_as_the_pivot_turns() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 @ - \ . . .
. . . 1 ~ B .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms NW
spring 1 r4c4 -> B r4c6 natural 1
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
. . . 1 ~ B .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms NE
spring 1 r4c4 -> B r4c6 natural 1
hook arm E
wrench momentum none
",
    );
    assert_eq!(out.lock.pivot('1').unwrap().arms, vec![Dir::NE]);
    assert_eq!(out.lock.springs[0].root_cell, out.cell("r4c4"));
}

#[test]
fn sideways_push_on_the_end_of_a_spring_rooted_in_a_pivot_is_resisted() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . 1 ~ B .
 . . . @ - .
  . . . . .
   . . . .

pivot 1 arms
spring 1 r4c4 -> B r4c6 natural 1
hook arm E
wrench momentum none
";
    let out = scenario(before, "hNE");
    assert_lock_text(&out.lock, before);
    assert_eq!(
        resisted(&out.player().groups[0]).reason,
        ResistReason::PushOnPivot
    );
}

#[test]
fn player_compresses_a_spring_rooted_in_a_pivot() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . 1 ~ B /
 . . . . . @
  . . . . .
   . . . .

pivot 1 arms
spring 1 r4c4 -> B r4c6 natural 1
hook arm NE
wrench momentum none
";
    let compressed = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . . . . . .
. . . 1 B / .
 . . . . @ .
  . . . . .
   . . . .

pivot 1 arms
spring 1 r4c4 -> B r4c5 natural 1
hook arm NE
wrench momentum none
";
    let out = scenario(before, "hW");
    assert_lock_text(&out.lock, compressed);
    assert_eq!(spring_length(&out.lock, '1', 'B'), 0);
    // The hook turning away lets the spring push B back out.
    let out = scenario(compressed, "hCW");
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
. . . 1 ~ B .
 . . . . @ -
  . . . . .
   . . . .

pivot 1 arms
spring 1 r4c4 -> B r4c6 natural 1
hook arm E
wrench momentum none
",
    );
}

#[test]
fn pivot_arm_may_turn_into_the_run_of_its_own_spring() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 @ - o / . .
. . . 1 ~ B .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms NE
spring 1 r4c4 -> B r4c6 natural 1
hook arm E
wrench momentum none
";
    let after = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . @ - o . .
. . . 1 - B .
 . . . . . .
  . . . . .
   . . . .

pivot 1 arms E
spring 1 r4c4 -> B r4c6 natural 1
hook arm E
wrench momentum none
";
    let out = scenario(before, "hE");
    assert_lock_text(&out.lock, after);
    assert!(engine::hexlock::physics::problems(&out.lock).is_empty());
    // Play goes on from there.
    let next = scenario(after, ".");
    assert_lock_text(&next.lock, after);
}
