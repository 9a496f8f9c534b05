//! Scenarios for force groups, in the lock text format: inconsistency, domination, resisted
//! groups, opening the lock, errors, the trace and blockage annotations.

mod physics_text;

use engine::Dir;
use engine::hexlock::model::PieceRef;
use engine::hexlock::physics::trace::{GroupOutcome, Inconsistency, Origin, PhaseKind};
use engine::hexlock::physics::{AnnotationMode, Force, Mechanism, Move, PhysicsError, Workspace};
use physics_text::{assert_lock_text, blockages, lock_text, parse_lock, scenario};

/// The hook pushes the ball east while the moving wrench pushes it north-east.
const SAME_PIECE: &str = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. @ - o . . .
 . . % . . .
  . . . . .
   . . . .

hook arm E
wrench momentum NE
";

/// The hook pushes the ball east into the cell the moving wrench is entering from the south-east.
const OVERLAP: &str = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. @ - o . . .
 . . . . % .
  . . . . .
   . . . .

hook arm E
wrench momentum NW
";

#[test]
fn groups_pushing_one_piece_different_ways_are_both_blocked() {
    let out = scenario(SAME_PIECE, "hE");
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
. @ - o . . .
 . . % . . .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
    let groups = &out.player().groups;
    assert_eq!(groups.len(), 2);
    for (i, g) in groups.iter().enumerate() {
        let b = blockages(g);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].inconsistency, Inconsistency::SamePiece);
        assert_eq!(b[0].by_group, 1 - i);
        assert!(!b[0].dominated);
    }
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "player: blocked push E on ball r4c4",
            "player: blocking push NE on ball r4c4",
            "player: blocked push NE on ball r4c4",
            "player: blocking push E on ball r4c4",
        ]
    );
}

#[test]
fn groups_that_overlap_once_both_are_applied_are_both_blocked() {
    let out = scenario(OVERLAP, "hE");
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
. @ - o . . .
 . . . . % .
  . . . . .
   . . . .

hook arm E
wrench momentum none
",
    );
    let b = blockages(&out.player().groups[0]);
    assert_eq!(
        b[0].inconsistency,
        Inconsistency::Overlap {
            cell: out.cell("r4c5")
        }
    );
    assert_eq!(b[0].blocked.piece, PieceRef::Ball(0));
    assert_eq!(b[0].blocking.piece, PieceRef::Wrench(0));
    assert_eq!(b[0].blocking.force, Force::Push(Dir::NW));
}

#[test]
fn groups_that_together_overextend_a_spring_are_both_blocked() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . % C . .
X ~ B ~ C . .
 . . B - @ .
  . . . . .
   . . . .

spring B r4c3 -> C r4c5 natural 1
spring X r4c1 -> B r4c3 natural 1
hook arm W
wrench momentum E
";
    let out = scenario(before, "hW");
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
 . . % C . .
X ~ B ~ C . .
 . . B - @ .
  . . . . .
   . . . .

spring B r4c3 -> C r4c5 natural 1
spring X r4c1 -> B r4c3 natural 1
hook arm W
wrench momentum none
",
    );
    for g in &out.player().groups {
        assert!(matches!(
            blockages(g)[0].inconsistency,
            Inconsistency::Spring { .. }
        ));
    }
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "player: blocked push W on block B",
            "player: blocking push E on block C",
            "player: blocked push E on block C",
            "player: blocking push W on block B",
        ]
    );
    // Each alone would have been fine.
    let alone = scenario(before, ".");
    assert_lock_text(
        &alone.lock,
        r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . % C .
X ~ B ~ ~ C .
 . . B - @ .
  . . . . .
   . . . .

spring B r4c3 -> C r4c6 natural 1
spring X r4c1 -> B r4c3 natural 1
hook arm W
wrench momentum E
",
    );
}

#[test]
fn springs_pushing_two_blocks_into_one_cell_are_both_blocked() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
X ~ A . . . .
 . . . B . .
  . . . ~ .
   . . . Y

spring X r4c1 -> A r4c3 natural 2
spring Y r7c4 -> B r5c4 natural 2
hook arm E
wrench momentum none
";
    let out = scenario(before, ".");
    assert_lock_text(&out.lock, before);
    let groups = &out.springs().groups;
    assert_eq!(groups.len(), 2);
    for g in groups {
        let b = blockages(g);
        assert_eq!(
            b[0].inconsistency,
            Inconsistency::Overlap {
                cell: out.cell("r4c4")
            }
        );
        assert!(!b[0].dominated);
    }
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "springs: blocked push E on block A",
            "springs: blocking push NW on block B",
            "springs: blocked push NW on block B",
            "springs: blocking push E on block A",
        ]
    );
}

#[test]
fn resisted_group_is_empty_and_blocks_no_other_group() {
    // A's push also runs into the hook, a fixed piece in the spring phase: its group is
    // resisted, so it does not block B's.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   % . : :
  . . . . :
 . A - @ . .
X ~ A . . . .
 . . . B . .
  . . . ~ .
   . . . Y

spring X r4c1 -> A r4c3 natural 2
spring Y r7c4 -> B r5c4 natural 2
hook arm W
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
   % . : :
  . . . . :
 . A - @ . .
X ~ A B . . .
 . . . ~ . .
  . . . ~ .
   . . . Y

spring X r4c1 -> A r4c3 natural 2
spring Y r7c4 -> B r4c4 natural 2
hook arm W
wrench momentum none
",
    );
    let groups = &out.springs().groups;
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
    assert!(out.annotations(AnnotationMode::Blocking).is_empty());
    assert_eq!(
        out.annotations(AnnotationMode::All),
        [
            "springs: blocked push E on block A",
            "springs: blocking push E on hook",
        ]
    );
}

#[test]
fn group_dominated_by_spring_ancestry_is_blocked_and_the_other_applied() {
    // X's spring pushes A east, and A's spring carries the push on to B; A's own spring pushes
    // B south-east. X is A's ancestor, so X's group rules.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
X ~ A . . . .
 . . ~ . . .
  . . B . .
   . . . .

spring A r4c3 -> B r6c3 natural 2
spring X r4c1 -> A r4c3 natural 2
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
X ~ ~ A . . .
 . . . ~ . .
  . . . B .
   . . . .

spring A r4c4 -> B r6c4 natural 2
spring X r4c1 -> A r4c4 natural 2
hook arm E
wrench momentum none
",
    );
    let groups = &out.springs().groups;
    let dominated = groups
        .iter()
        .position(|g| g.initial.piece == PieceRef::Block('B'))
        .unwrap();
    let ruling = 1 - dominated;
    let b = blockages(&groups[dominated]);
    assert_eq!(b.len(), 1);
    assert!(b[0].dominated);
    assert_eq!(b[0].by_group, ruling);
    assert_eq!(b[0].inconsistency, Inconsistency::SamePiece);
    assert_eq!(groups[ruling].outcome, GroupOutcome::Applied);
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "springs: blocked push SE on block B",
            "springs: blocking push E on block B",
        ]
    );
}

#[test]
fn spring_rooted_in_a_pivot_counts_as_an_ancestor() {
    // The lock of the test above, with the pivot 1 in the place of the block X.
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   @ - : :
  % . . . :
 . . . . . .
1 ~ A . . . .
 . . ~ . . .
  . . B . .
   . . . .

pivot 1 arms
spring A r4c3 -> B r6c3 natural 2
spring 1 r4c1 -> A r4c3 natural 2
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
1 ~ ~ A . . .
 . . . ~ . .
  . . . B .
   . . . .

pivot 1 arms
spring A r4c4 -> B r6c4 natural 2
spring 1 r4c1 -> A r4c4 natural 2
hook arm E
wrench momentum none
",
    );
}

#[test]
fn lock_opens_when_no_piece_covers_the_bolthole() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . A ~ ~ B
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   % @ - .

spring A r2c2 -> B r2c5 natural 1
hook arm E
wrench momentum none
";
    assert!(!parse_lock(before).is_open());
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
  . A ~ B :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   % @ - .

spring A r2c2 -> B r2c4 natural 1
hook arm E
wrench momentum none
",
    );
    assert!(out.open);
    assert!(out.lock.is_open());
}

#[test]
fn lock_with_a_piece_in_the_bolthole_is_not_open() {
    let before = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . o :
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   % @ - .

hook arm E
wrench momentum none
";
    let out = scenario(before, ".");
    assert_lock_text(&out.lock, before);
    assert!(!out.open);
}

#[test]
fn turn_on_an_invalid_lock_is_an_error() {
    // A lock without its tools parses, with errors, and cannot be played.
    let text = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   . . . .
";
    let parsed = lockfmt::hexlock::parse(lock_text(text));
    assert!(parsed.diagnostics.iter().any(|d| d.code == "missing-tool"));
    let lock = parsed.document.expect("a lock").lock;
    let err = engine::hexlock::turn(&lock, Move::Wait).unwrap_err();
    let PhysicsError::InvalidLock { problems } = &err else {
        panic!("{err}")
    };
    assert!(!problems.is_empty());
    assert!(err.to_string().contains("not valid"));
}

#[test]
fn step_with_a_state_of_another_lock_is_an_error() {
    let other = r"
lockwright-lock 1
name:
author:
size: 3

grid:
   . . : :
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   % @ - .

hook arm E
wrench momentum none
";
    let a = Mechanism::new(&parse_lock(OVERLAP)).unwrap();
    let b = Mechanism::new(&parse_lock(other)).unwrap();
    let err = a
        .step(&b.initial_state(), Move::Wait, &mut Workspace::new())
        .unwrap_err();
    assert!(matches!(err, PhysicsError::ForeignState { .. }));
}

#[test]
fn trace_lists_initial_forces_groups_and_applied_forces() {
    let out = scenario(SAME_PIECE, "hNW");
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
 @ - . o . .
. . . % . . .
 . . . . . .
  . . . . .
   . . . .

hook arm E
wrench momentum NE
",
    );
    let phase = out.player();
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
    assert_eq!(out.springs().kind, PhaseKind::Springs);
}

#[test]
fn annotations_in_mode_none_are_empty() {
    let out = scenario(OVERLAP, "hE");
    assert!(out.annotations(AnnotationMode::None).is_empty());
}

#[test]
fn blocking_annotations_show_each_blocked_force_and_what_blocked_it() {
    let out = scenario(OVERLAP, "hE");
    // The hook's push did not clash: only the ball's and the wrench's forces are drawn.
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        [
            "player: blocked push E on ball r4c4",
            "player: blocking push NW on wrench",
            "player: blocked push NW on wrench",
            "player: blocking push E on ball r4c4",
        ]
    );
    // Every force of a blocked group, the hook's push too.
    assert_eq!(
        out.annotations(AnnotationMode::All),
        [
            "player: blocked push E on ball r4c4",
            "player: blocking push NW on wrench",
            "player: blocked push E on hook",
            "player: blocked push NW on wrench",
            "player: blocking push E on ball r4c4",
        ]
    );
}

#[test]
fn all_annotations_include_resisted_forces() {
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
    assert_eq!(
        out.annotations(AnnotationMode::All),
        [
            "player: blocked push E on hook",
            "player: blocking push E on block A"
        ]
    );
    // The player's push did nothing, so the default mode shows the same arrows.
    assert_eq!(
        out.annotations(AnnotationMode::Blocking),
        out.annotations(AnnotationMode::All)
    );
}
