//! Turns and forces in words, for the command line and the studio's panels alike.

use engine::Hex;
use engine::hexlock::Lock;
use engine::hexlock::physics::trace::{
    Blockage, ClawRetry, GroupOutcome, Inconsistency, Origin, PhaseKind, ResistReason, Resistance,
    Via,
};
use engine::hexlock::physics::{Annotation, AnnotationKind, ForceOn, Trace};
use lockfmt::hexlock::grid::cell_ref;
use std::fmt::Write as _;

/// Names a phase as players know it.
pub fn phase_name(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Player => "player phase",
        PhaseKind::Springs => "spring phase",
    }
}

fn cell(lock: &Lock, c: Hex) -> String {
    cell_ref(lock.size, c)
}

fn spring(lock: &Lock, i: usize) -> String {
    match lock.springs.get(i) {
        Some(s) => format!("the spring {} -> {}", s.root.name(), s.end),
        None => format!("spring #{i}"),
    }
}

/// Why a force was resisted, in words.
pub fn resistance(lock: &Lock, r: &Resistance) -> String {
    let why = match r.reason {
        ResistReason::StationaryBlock => "the block is not the end of any spring".to_string(),
        ResistReason::PushOnPivot => "a pivot cannot be pushed".into(),
        ResistReason::TorqueOnBlock => "a block cannot be turned".into(),
        ResistReason::TorqueOnBall => "a ball cannot be turned".into(),
        ResistReason::HookNotPlayerForce => "the hook moves only as the player moves it".into(),
        ResistReason::WrenchNotMomentum => "the wrench is not moving that way".into(),
        ResistReason::IntoFrame { cell: c } => {
            format!("it would go into the frame at {}", cell(lock, c))
        }
        ResistReason::Conflict { with } => format!("the same piece already gets a {with}"),
        ResistReason::Crowded { with, cell: c } => {
            format!("{with} would take {} too", cell(lock, c))
        }
        ResistReason::SpringLimit { spring: s } => {
            format!("{} would go past its limits", spring(lock, s))
        }
    };
    format!("{} is resisted: {why}", r.force)
}

fn inconsistency(lock: &Lock, i: &Inconsistency) -> String {
    match i {
        Inconsistency::SamePiece => "they act on one piece in different directions".into(),
        Inconsistency::Overlap { cell: c } => {
            format!("both would put a piece at {}", cell(lock, *c))
        }
        Inconsistency::Spring { spring: s } => format!(
            "together they would take {} past its limits",
            spring(lock, *s)
        ),
    }
}

/// One blockage, in words.
pub fn blockage(lock: &Lock, b: &Blockage) -> String {
    let how = if b.dominated {
        "dominated by"
    } else {
        "blocked by"
    };
    format!(
        "{} was {how} {} (group {}): {}",
        b.blocked,
        b.blocking,
        b.by_group + 1,
        inconsistency(lock, &b.inconsistency)
    )
}

/// The annotations of a turn as lines: orange (blocked) and purple (blocking) arrows.
pub fn annotation_lines(annotations: &[Annotation]) -> Vec<String> {
    annotations
        .iter()
        .map(|a| {
            let colour = match a.kind {
                AnnotationKind::Blocked => "blocked (orange)",
                AnnotationKind::Blocking => "blocking (purple)",
            };
            format!(
                "{}: {colour}: {}",
                phase_name(a.phase),
                ForceOn {
                    piece: a.piece,
                    force: a.force
                }
            )
        })
        .collect()
}

fn origin(lock: &Lock, o: Origin) -> String {
    match o {
        Origin::Player => "the player's move".into(),
        Origin::Momentum => "the wrench's momentum".into(),
        Origin::Spring(i) => spring(lock, i),
    }
}

fn via(lock: &Lock, v: Via) -> String {
    match v {
        Via::Initial => "initial".into(),
        Via::Overlap => "pushed out of the way".into(),
        Via::Arm => "met by a turning arm".into(),
        Via::Claw => "clawed round by an arm".into(),
        Via::Spring(i) => format!("carried by {}", spring(lock, i)),
    }
}

/// A clawing retry, in words.
pub fn trace_text_claw(lock: &Lock, c: &ClawRetry) -> String {
    format!(
        "{}: the obvious {} failed ({}); clawing with {}",
        c.torque,
        c.obvious,
        resistance(lock, &c.resisted),
        c.clawing
    )
}

/// The whole resolution of a turn, phase by phase. `lock` is the lock before the turn.
pub fn trace_text(lock: &Lock, trace: &Trace) -> String {
    let mut out = String::new();
    for phase in &trace.phases {
        let _ = writeln!(out, "{}:", phase_name(phase.kind));
        if phase.groups.is_empty() {
            let _ = writeln!(out, "  no forces");
            continue;
        }
        for (i, g) in phase.groups.iter().enumerate() {
            let _ = writeln!(
                out,
                "  group {}: {} (from {})",
                i + 1,
                g.initial,
                origin(lock, g.origin)
            );
            for f in g.forces.iter().skip(1) {
                let _ = writeln!(out, "    {} ({})", f.force, via(lock, f.via));
            }
            for c in &g.claws {
                let _ = writeln!(out, "    claw: {}", trace_text_claw(lock, c));
            }
            match &g.outcome {
                GroupOutcome::Applied => {
                    let _ = writeln!(out, "    applied");
                }
                GroupOutcome::Resisted(r) => {
                    let _ = writeln!(out, "    resisted: {}", resistance(lock, r));
                }
                GroupOutcome::Blocked(bs) => {
                    for b in bs {
                        let _ = writeln!(out, "    blocked: {}", blockage(lock, b));
                    }
                }
            }
        }
        if !phase.applied.is_empty() {
            let applied: Vec<String> = phase.applied.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "  applied: {}", applied.join("; "));
        }
    }
    out
}
