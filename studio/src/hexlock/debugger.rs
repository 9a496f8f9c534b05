//! The debugger's view of a turn: its resolution as steps, phase by phase and group by group,
//! each with the arrows to draw.

use crate::hexlock::describe;
use engine::hexlock::physics::trace::GroupOutcome;
use engine::hexlock::physics::{Force, Trace};
use engine::hexlock::{Lock, PieceRef};

/// One step of a turn's resolution, for the debugger.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What happens, in words.
    pub text: String,
    /// The forces to draw at this step: piece, force, and whether it was blocked (orange).
    pub arrows: Vec<(PieceRef, Force, bool)>,
}

/// A turn's resolution as steps: phase by phase, the initial forces, each group as it
/// propagates force by force, clawing retries, inconsistencies and what they blocked, and the
/// forces applied.
pub fn steps(before: &Lock, trace: &Trace) -> Vec<Step> {
    let mut out = Vec::new();
    for phase in &trace.phases {
        let name = describe::phase_name(phase.kind);
        let initial: Vec<_> = phase
            .groups
            .iter()
            .map(|g| (g.initial.piece, g.initial.force, false))
            .collect();
        let list: Vec<String> = phase.groups.iter().map(|g| g.initial.to_string()).collect();
        out.push(Step {
            text: if list.is_empty() {
                format!("{name}: no forces")
            } else {
                format!("{name}: initial forces: {}", list.join("; "))
            },
            arrows: initial,
        });
        for (i, g) in phase.groups.iter().enumerate() {
            let mut arrows = Vec::new();
            for f in &g.forces {
                arrows.push((f.force.piece, f.force.force, false));
                out.push(Step {
                    text: format!("{name}, group {}: {}", i + 1, f.force),
                    arrows: arrows.clone(),
                });
            }
            for c in &g.claws {
                out.push(Step {
                    text: format!(
                        "{name}, group {}: claw — {}",
                        i + 1,
                        describe::trace_text_claw(before, c)
                    ),
                    arrows: vec![
                        (c.obvious.piece, c.obvious.force, true),
                        (c.clawing.piece, c.clawing.force, false),
                    ],
                });
            }
            match &g.outcome {
                GroupOutcome::Applied => {}
                GroupOutcome::Resisted(r) => out.push(Step {
                    text: format!(
                        "{name}, group {}: resisted — {}",
                        i + 1,
                        describe::resistance(before, r)
                    ),
                    arrows: vec![
                        (g.initial.piece, g.initial.force, true),
                        (r.force.piece, r.force.force, false),
                    ],
                }),
                GroupOutcome::Blocked(bs) => {
                    for b in bs {
                        out.push(Step {
                            text: format!(
                                "{name}, group {}: {}",
                                i + 1,
                                describe::blockage(before, b)
                            ),
                            arrows: vec![
                                (b.blocked.piece, b.blocked.force, true),
                                (b.blocking.piece, b.blocking.force, false),
                            ],
                        });
                    }
                }
            }
        }
        let applied: Vec<_> = phase
            .applied
            .iter()
            .map(|f| (f.piece, f.force, false))
            .collect();
        let list: Vec<String> = phase.applied.iter().map(ToString::to_string).collect();
        out.push(Step {
            text: if list.is_empty() {
                format!("{name}: nothing moves")
            } else {
                format!("{name}: applied: {}", list.join("; "))
            },
            arrows: applied,
        });
    }
    out
}
