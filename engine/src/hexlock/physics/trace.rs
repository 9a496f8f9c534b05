//! The record of one turn: for each phase, the initial forces, the force group each one
//! propagated to (with its clawing retries, or why it was resisted), which groups were blocked
//! and by what, and the forces applied.
//!
//! The trace is plain data so that a debugger can step through it and a command line can print
//! it as JSON. Pieces are named as in the lock the turn started from.

use super::force::{Force, ForceOn};
use crate::hex::{Dir, Hex};
use crate::hexlock::model::PieceRef;
use serde::{Deserialize, Serialize};

/// Everything that happened in one turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// The player phase, then the spring phase.
    pub phases: [PhaseTrace; 2],
    /// The wrench's momentum when the turn began.
    pub momentum_before: Option<Dir>,
    /// The wrench's momentum when the turn ended.
    pub momentum_after: Option<Dir>,
}

/// Which of the two phases of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PhaseKind {
    /// Forces from the player's move and the moving wrench.
    Player,
    /// Forces from springs away from their natural length.
    Springs,
}

/// One phase: its initial forces, their groups and what was applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseTrace {
    /// Which phase.
    pub kind: PhaseKind,
    /// One group per initial force, in the order the initial forces arose.
    pub groups: Vec<GroupTrace>,
    /// Every force applied, each once, in the order of the groups.
    pub applied: Vec<ForceOn>,
}

impl PhaseTrace {
    /// The initial force of each group.
    pub fn initial_forces(&self) -> impl Iterator<Item = ForceOn> + '_ {
        self.groups.iter().map(|g| g.initial)
    }
}

/// Where an initial force comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Origin {
    /// The player's move.
    Player,
    /// The wrench's momentum.
    Momentum,
    /// A spring not at its natural length, by index in the lock's springs.
    Spring(usize),
}

/// One initial force and the group it propagated to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupTrace {
    /// The initial force.
    pub initial: ForceOn,
    /// What gave rise to it.
    pub origin: Origin,
    /// The forces of the group, the initial force first, each with what propagated it. Empty
    /// when the group was resisted.
    pub forces: Vec<PropagatedForce>,
    /// Each time an arm's obvious push was resisted and a clawing push tried instead, in order.
    pub claws: Vec<ClawRetry>,
    /// What became of the group.
    pub outcome: GroupOutcome,
}

/// A force of a group and how it arose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropagatedForce {
    /// The force.
    pub force: ForceOn,
    /// The index in the group's forces of the force that propagated it; `None` for the
    /// initial force.
    pub cause: Option<usize>,
    /// How it was propagated.
    pub via: Via,
}

/// How one force gave rise to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Via {
    /// It is the group's initial force.
    Initial,
    /// Applying the cause would overlap this piece, so it is pushed (or, at an arm, twisted).
    Overlap,
    /// A turning arm meets this piece and pushes it the obvious way.
    Arm,
    /// A turning arm meets this piece; the obvious push was resisted, so the arm claws it round.
    Claw,
    /// A spring, by index in the lock's springs, carries the push from block to block.
    Spring(usize),
}

/// An arm's obvious push that was resisted, and the clawing push tried in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClawRetry {
    /// The torque whose arm meets the piece.
    pub torque: ForceOn,
    /// The obvious push, abandoned.
    pub obvious: ForceOn,
    /// Why the obvious push (or a force it propagated to) was resisted.
    pub resisted: Resistance,
    /// The clawing push tried instead.
    pub clawing: ForceOn,
}

/// A resisted force and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resistance {
    /// The force that was resisted.
    pub force: ForceOn,
    /// Why.
    pub reason: ResistReason,
}

/// Why a force is resisted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResistReason {
    /// A push on a block that is not the end of any spring.
    StationaryBlock,
    /// A push on a pivot.
    PushOnPivot,
    /// A torque on a block.
    TorqueOnBlock,
    /// A torque on a ball (never arises from the rules, but is refused all the same).
    TorqueOnBall,
    /// A force on the hook that is not the player's force on it this phase.
    HookNotPlayerForce,
    /// A force on the wrench that is not a push the way it is moving.
    WrenchNotMomentum,
    /// Applying the force would carry part of the piece into the frame.
    IntoFrame {
        /// The frame cell it would enter.
        cell: Hex,
    },
    /// The piece already gets another force in this group.
    Conflict {
        /// The force it already gets.
        with: Force,
    },
    /// Another piece moved by this group would end in the same cell.
    Crowded {
        /// That piece.
        with: PieceRef,
        /// The cell both would take.
        cell: Hex,
    },
    /// With the group's other forces, a spring would be stretched or squeezed past its limits.
    SpringLimit {
        /// The spring, by index in the lock's springs.
        spring: usize,
    },
}

/// What became of a force group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupOutcome {
    /// Its forces were applied.
    Applied,
    /// Propagation met a resisted force with no clawing left to try: the group is empty.
    Resisted(Resistance),
    /// It was inconsistent with other groups; each entry says with which and how.
    Blocked(Vec<Blockage>),
}

/// Why a group was blocked: one inconsistency with another group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blockage {
    /// The other group, by index in the phase's groups.
    pub by_group: usize,
    /// How the two groups are inconsistent.
    pub inconsistency: Inconsistency,
    /// The force of this group in the clash (drawn orange).
    pub blocked: ForceOn,
    /// The force of the other group in the clash (drawn purple).
    pub blocking: ForceOn,
    /// Whether the other group dominated this one (so only this one was blocked).
    pub dominated: bool,
}

/// The ways two forces can be inconsistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Inconsistency {
    /// They act on the same piece in different directions.
    SamePiece,
    /// Applying both at once would overlap two pieces in this cell.
    Overlap {
        /// Where the pieces would overlap.
        cell: Hex,
    },
    /// Applying both at once would stretch or squeeze a spring past its limits.
    Spring {
        /// The spring, by index in the lock's springs.
        spring: usize,
    },
}
