//! Blockage annotations: arrows that say why a piece refused to move, drawn from a trace.
//!
//! A blocked force is drawn orange and the force that blocked it purple, as in Intricacy.

use super::force::{Force, ForceOn};
use super::trace::{GroupOutcome, Origin, PhaseKind, Trace};
use crate::hexlock::model::PieceRef;
use serde::{Deserialize, Serialize};

/// How much to annotate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnnotationMode {
    /// No annotations.
    None,
    /// The forces that clashed between groups — in each blockage, the blocked force and the
    /// force that blocked it — and the player's own push or turn that did nothing: its force
    /// (blocked) and the force that met the frame or a fixed piece (blocking).
    #[default]
    Blocking,
    /// Also every force of a blocked group, and for each resisted group its initial force
    /// (blocked) and the force that met resistance (blocking).
    All,
}

/// Which colour of arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AnnotationKind {
    /// A force that was blocked (orange).
    Blocked,
    /// A force that blocked another (purple).
    Blocking,
}

/// One arrow on one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Annotation {
    /// The phase the force belongs to.
    pub phase: PhaseKind,
    /// The piece the arrow is drawn on.
    pub piece: PieceRef,
    /// The force it shows.
    pub force: Force,
    /// Its colour.
    pub kind: AnnotationKind,
}

/// The annotations of a turn in a mode, each at most once, in the order of the trace.
pub fn annotations(trace: &Trace, mode: AnnotationMode) -> Vec<Annotation> {
    let mut out: Vec<Annotation> = Vec::new();
    if mode == AnnotationMode::None {
        return out;
    }
    let mut put = |phase, f: ForceOn, kind| {
        let a = Annotation {
            phase,
            piece: f.piece,
            force: f.force,
            kind,
        };
        if !out.contains(&a) {
            out.push(a);
        }
    };
    for phase in &trace.phases {
        for group in &phase.groups {
            match &group.outcome {
                GroupOutcome::Applied => {}
                GroupOutcome::Blocked(why) => {
                    for b in why {
                        put(phase.kind, b.blocked, AnnotationKind::Blocked);
                        put(phase.kind, b.blocking, AnnotationKind::Blocking);
                    }
                    if mode == AnnotationMode::All {
                        for f in &group.forces {
                            put(phase.kind, f.force, AnnotationKind::Blocked);
                        }
                    }
                }
                GroupOutcome::Resisted(r) => {
                    // A move of the player's that did nothing is the commonest puzzle of a
                    // newcomer: say why by default. Springs and momentum resisted are routine,
                    // shown only in mode All.
                    if mode == AnnotationMode::All || group.origin == Origin::Player {
                        put(phase.kind, group.initial, AnnotationKind::Blocked);
                        if r.force != group.initial {
                            put(phase.kind, r.force, AnnotationKind::Blocking);
                        }
                    }
                }
            }
        }
    }
    out
}
