//! One turn: the player phase, then the spring phase, and the wrench's momentum between them.

use super::error::PhysicsError;
use super::force::Force;
use super::mechanism::{Mechanism, State};
use super::moves::Move;
use super::resolve::{PhaseInputs, Workspace, resolve_phase};
use super::trace::{Origin, PhaseKind, PhaseTrace, Trace};
use crate::hex::Dir;
use crate::hexlock::model::Lock;
use serde::{Deserialize, Serialize};

/// The result of playing one move on a lock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnOutcome {
    /// The lock after the turn, in canonical order.
    pub lock: Lock,
    /// How the turn was resolved.
    pub trace: Trace,
    /// Whether the lock is open after the turn.
    pub open: bool,
}

/// Plays one move on a lock; an invalid lock is refused with its problems.
///
/// To play many turns on one lock, compile it once with [`Mechanism::new`] and use
/// [`Mechanism::step`]: this function compiles the lock afresh each time.
pub fn turn(lock: &Lock, mv: Move) -> Result<TurnOutcome, PhysicsError> {
    let mech = Mechanism::new(lock)?;
    let mut ws = Workspace::new();
    let (state, trace) = mech.step_traced(&mech.initial_state(), mv, &mut ws)?;
    Ok(TurnOutcome {
        lock: mech.to_lock(&state),
        open: mech.is_open(&state),
        trace,
    })
}

impl Mechanism {
    /// Plays one move from a state, without a trace: the fast path for search.
    pub fn step(&self, state: &State, mv: Move, ws: &mut Workspace) -> Result<State, PhysicsError> {
        self.check_state(state)?;
        Ok(self.run(state, mv, ws, None))
    }

    /// Plays one move from a state and records how every force was resolved.
    pub fn step_traced(
        &self,
        state: &State,
        mv: Move,
        ws: &mut Workspace,
    ) -> Result<(State, Trace), PhysicsError> {
        self.check_state(state)?;
        let mut trace = Trace {
            phases: [
                empty_phase(PhaseKind::Player),
                empty_phase(PhaseKind::Springs),
            ],
            momentum_before: state.momentum,
            momentum_after: None,
        };
        let next = self.run(state, mv, ws, Some(&mut trace));
        trace.momentum_after = next.momentum;
        Ok((next, trace))
    }

    fn run(
        &self,
        state: &State,
        mv: Move,
        ws: &mut Workspace,
        mut trace: Option<&mut Trace>,
    ) -> State {
        let mut pos = state.pos.clone();
        ws.grid_fresh = false;
        // A player's push on the wrench sets it moving that way before anything is resolved,
        // so the push is "in the direction it is already moving" and not resisted.
        let momentum = match mv {
            Move::Wrench(d) => Some(d),
            _ => state.momentum,
        };
        let hook_force = match mv {
            Move::Hook(d) => Some(Force::Push(d)),
            Move::HookTurn(r) => Some(Force::Torque(r)),
            _ => None,
        };
        ws.initial.clear();
        if let Some(f) = hook_force {
            ws.initial.push((self.hook, f, Origin::Player));
        }
        if let Some(d) = momentum {
            let origin = if matches!(mv, Move::Wrench(_)) {
                Origin::Player
            } else {
                Origin::Momentum
            };
            ws.initial.push((self.wrench, Force::Push(d), origin));
        }
        let wrench_before = pos[usize::from(self.wrench)];
        let player = PhaseInputs {
            kind: PhaseKind::Player,
            hook_force,
            momentum,
            player_phase: true,
        };
        resolve_phase(
            player,
            self,
            &mut pos,
            ws,
            trace.as_deref_mut().map(|t| &mut t.phases[0]),
        );
        // The wrench keeps moving only while its push succeeds.
        let momentum = momentum.filter(|_| pos[usize::from(self.wrench)] != wrench_before);

        ws.initial.clear();
        for (i, s) in self.springs.iter().enumerate() {
            let shift = |p: u16| pos[usize::from(p)].shift();
            if let Some((line, len)) = s.geometry(shift(s.root), shift(s.end)) {
                let towards_natural: Option<Dir> = match len.cmp(&s.natural) {
                    std::cmp::Ordering::Less => Some(line),
                    std::cmp::Ordering::Greater => Some(line.opposite()),
                    std::cmp::Ordering::Equal => None,
                };
                if let Some(d) = towards_natural {
                    ws.initial.push((s.end, Force::Push(d), Origin::Spring(i)));
                }
            }
        }
        let springs = PhaseInputs {
            kind: PhaseKind::Springs,
            hook_force: None,
            momentum,
            player_phase: false,
        };
        resolve_phase(springs, self, &mut pos, ws, trace.map(|t| &mut t.phases[1]));
        State { pos, momentum }
    }
}

fn empty_phase(kind: PhaseKind) -> PhaseTrace {
    PhaseTrace {
        kind,
        groups: Vec::new(),
        applied: Vec::new(),
    }
}
