//! Propagating an initial force to a force group.
//!
//! A force is added to the group, checked for resistance, and then the forces it gives rise to
//! are added in turn, depth first: pieces it would overlap are pushed (an arm is twisted when
//! that makes sense), springs carry pushes between blocks, and a turning arm pushes what it
//! meets — backing up to a clawing push when the obvious one ends in resistance. Any other
//! resistance empties the whole group.
//!
//! Two safeguards go beyond the seed's words, because applying a group must never break the
//! lock: a piece that would get two different forces in one group, two pieces of one group
//! ending in one cell, and a spring pushed past its limits by the group's own forces all count
//! as resistance (see `docs/physics.md`).

use super::force::Force;
use super::mechanism::{EMPTY, FRAME, Kind, Mechanism, Pos};
use super::trace::{ClawRetry, ResistReason, Resistance, Via};
use crate::hex::{Dir, Hex, Rotation};

/// A force of a group under construction, with what gave rise to it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub piece: u16,
    pub force: Force,
    /// Index of the cause in the group; `u16::MAX` for the initial force.
    pub cause: u16,
    pub via: Via,
}

/// A resisted force, before its piece is named for the trace.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Resisted {
    pub piece: u16,
    pub force: Force,
    pub reason: Reason,
}

/// Why a force is resisted, with pieces still numbered.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Reason {
    StationaryBlock,
    PushOnPivot,
    TorqueOnBlock,
    TorqueOnBall,
    HookNotPlayerForce,
    WrenchNotMomentum,
    IntoFrame(Hex),
    Conflict(Force),
    Crowded(u16, Hex),
    SpringLimit(u16),
}

impl Resisted {
    pub(crate) fn named(&self, mech: &Mechanism) -> Resistance {
        let reason = match self.reason {
            Reason::StationaryBlock => ResistReason::StationaryBlock,
            Reason::PushOnPivot => ResistReason::PushOnPivot,
            Reason::TorqueOnBlock => ResistReason::TorqueOnBlock,
            Reason::TorqueOnBall => ResistReason::TorqueOnBall,
            Reason::HookNotPlayerForce => ResistReason::HookNotPlayerForce,
            Reason::WrenchNotMomentum => ResistReason::WrenchNotMomentum,
            Reason::IntoFrame(cell) => ResistReason::IntoFrame { cell },
            Reason::Conflict(with) => ResistReason::Conflict { with },
            Reason::Crowded(p, cell) => ResistReason::Crowded {
                with: mech.piece_ref(p),
                cell,
            },
            Reason::SpringLimit(s) => ResistReason::SpringLimit {
                spring: usize::from(s),
            },
        };
        Resistance {
            force: mech.named(self.piece, self.force),
            reason,
        }
    }
}

/// What a phase knows while its groups propagate.
pub(crate) struct PhaseRules<'a> {
    pub mech: &'a Mechanism,
    /// Positions at the start of the phase.
    pub pos: &'a [Pos],
    /// Which piece covers each cell at the start of the phase.
    pub grid: &'a [u16],
    /// The player's force on the hook this phase, if any.
    pub hook_force: Option<Force>,
    /// The way the wrench is moving this phase, if it is.
    pub momentum: Option<Dir>,
    /// Whether this is the player phase, whose forces are player forces.
    pub player_phase: bool,
}

/// The scratch space of one group being built; cleared between groups.
#[derive(Clone, Debug, Default)]
pub(crate) struct Builder {
    /// The force each piece gets in this group.
    pub assigned: Vec<Option<Force>>,
    /// Which piece of this group will cover each cell once the group is applied.
    pub claims: Vec<u16>,
    /// The group's forces in the order they were added.
    pub entries: Vec<Entry>,
    /// Clawing retries, recorded only when tracing.
    pub claws: Vec<(Entry, Entry, Resisted, Entry)>,
    pub tracing: bool,
}

impl Builder {
    pub(crate) fn prepare(&mut self, pieces: usize, cells: usize) {
        if self.assigned.len() != pieces {
            self.assigned = vec![None; pieces];
        }
        if self.claims.len() != cells {
            self.claims = vec![EMPTY; cells];
        }
    }

    /// Forgets the current group, leaving the scratch space clean.
    pub(crate) fn clear(&mut self, rules: &PhaseRules<'_>) {
        self.rollback(rules, 0);
        self.claws.clear();
    }

    /// Propagates an initial force; on success the group is in `entries`.
    pub(crate) fn propagate(
        &mut self,
        rules: &PhaseRules<'_>,
        piece: u16,
        force: Force,
    ) -> Result<(), Resisted> {
        self.add(rules, piece, force, u16::MAX, Via::Initial)
    }

    fn rollback(&mut self, rules: &PhaseRules<'_>, len: usize) {
        while self.entries.len() > len {
            let Some(e) = self.entries.pop() else { break };
            self.assigned[usize::from(e.piece)] = None;
            let after = rules.pos[usize::from(e.piece)].after(e.force);
            let claims = &mut self.claims;
            rules.mech.for_each_at(usize::from(e.piece), after, |at| {
                if claims[at] == e.piece {
                    claims[at] = EMPTY;
                }
            });
        }
    }

    fn add(
        &mut self,
        rules: &PhaseRules<'_>,
        piece: u16,
        force: Force,
        cause: u16,
        via: Via,
    ) -> Result<(), Resisted> {
        let p = usize::from(piece);
        let resisted = |reason| Resisted {
            piece,
            force,
            reason,
        };
        if let Some(existing) = self.assigned[p] {
            return if existing == force {
                Ok(())
            } else {
                Err(resisted(Reason::Conflict(existing)))
            };
        }
        if let Some(reason) = resistance(rules, piece, force) {
            return Err(resisted(reason));
        }
        let mech = rules.mech;
        let after = rules.pos[p].after(force);
        let mut clash = None;
        mech.for_each_at(p, after, |at| {
            if clash.is_some() {
                return;
            }
            if rules.grid[at] == FRAME {
                clash = Some(Reason::IntoFrame(mech.cell_of(at)));
            } else if self.claims[at] != EMPTY && self.claims[at] != piece {
                clash = Some(Reason::Crowded(self.claims[at], mech.cell_of(at)));
            }
        });
        if let Some(reason) = clash {
            return Err(resisted(reason));
        }
        self.assigned[p] = Some(force);
        let claims = &mut self.claims;
        mech.for_each_at(p, after, |at| claims[at] = piece);
        let me = self.entries.len() as u16;
        self.entries.push(Entry {
            piece,
            force,
            cause,
            via,
        });
        match force {
            Force::Push(d) => self.push_consequences(rules, piece, d, me)?,
            Force::Torque(r) => self.torque_consequences(rules, piece, r, me)?,
        }
        // Checked last, so that what the push runs into is reported first; a spring's other
        // piece that gets its force later checks the spring again then.
        self.check_springs(rules, piece, force)
    }

    /// Whether the group's forces so far keep every spring of `piece` within its limits.
    fn check_springs(
        &self,
        rules: &PhaseRules<'_>,
        piece: u16,
        force: Force,
    ) -> Result<(), Resisted> {
        let mech = rules.mech;
        for &s in &mech.springs_at[usize::from(piece)] {
            let info = &mech.springs[usize::from(s)];
            let shift_of = |q: u16| {
                let at = rules.pos[usize::from(q)];
                self.assigned[usize::from(q)]
                    .map_or(at, |f| at.after(f))
                    .shift()
            };
            match info.geometry(shift_of(info.root), shift_of(info.end)) {
                Some((_, len)) if info.allows(len) => {}
                _ => {
                    return Err(Resisted {
                        piece,
                        force,
                        reason: Reason::SpringLimit(s),
                    });
                }
            }
        }
        Ok(())
    }

    /// A push overlaps whatever lies in the cells it moves into, and springs may carry it on.
    fn push_consequences(
        &mut self,
        rules: &PhaseRules<'_>,
        piece: u16,
        d: Dir,
        me: u16,
    ) -> Result<(), Resisted> {
        let mech = rules.mech;
        let p = usize::from(piece);
        let after = rules.pos[p].after(Force::Push(d));
        let mut hit = [(EMPTY, Hex::ORIGIN); 8];
        let mut n_hit = 0;
        let mut many: Vec<(u16, Hex)> = Vec::new();
        mech.for_each_at(p, after, |at| {
            let occupant = rules.grid[at];
            if occupant != EMPTY && occupant != piece {
                let c = mech.cell_of(at);
                if n_hit < hit.len() {
                    hit[n_hit] = (occupant, c);
                    n_hit += 1;
                } else {
                    many.push((occupant, c));
                }
            }
        });
        for &(occupant, cell) in hit[..n_hit].iter().chain(many.iter()) {
            let (q, f) = push_at(rules, occupant, cell, d);
            self.add(rules, q, f, me, Via::Overlap)?;
        }
        for &s in &mech.springs_at[p] {
            if let Some(other) = transmits(rules, s, piece, d) {
                self.add(
                    rules,
                    other,
                    Force::Push(d),
                    me,
                    Via::Spring(usize::from(s)),
                )?;
            }
        }
        Ok(())
    }

    /// Each arm that turns into a piece pushes it the obvious way, or claws it round if the
    /// obvious push ends in resistance.
    fn torque_consequences(
        &mut self,
        rules: &PhaseRules<'_>,
        piece: u16,
        rotation: Rotation,
        me: u16,
    ) -> Result<(), Resisted> {
        let mech = rules.mech;
        let p = usize::from(piece);
        let info = &mech.pieces[p];
        let at = rules.pos[p];
        let hub = info.hub + at.shift();
        for &arm in &info.arms {
            let from = super::mechanism::turned(arm, at.turn);
            let to = from.rotate(rotation);
            let cell = hub.neighbour(to);
            let occupant = rules.grid[mech.index(cell)];
            if occupant == EMPTY || occupant == piece {
                continue;
            }
            // The arm cell moves from hub+from to hub+to: that step is 120° round from `from`.
            let obvious = to.rotate(rotation);
            let clawing = obvious.rotate(rotation);
            let mark = self.entries.len();
            let (q, f) = push_at(rules, occupant, cell, obvious);
            let Err(why) = self.add(rules, q, f, me, Via::Arm) else {
                continue;
            };
            self.rollback(rules, mark);
            let (cq, cf) = push_at(rules, occupant, cell, clawing);
            if self.tracing {
                let torque = Entry {
                    piece,
                    force: Force::Torque(rotation),
                    cause: me,
                    via: Via::Arm,
                };
                let tried = Entry {
                    piece: q,
                    force: f,
                    cause: me,
                    via: Via::Arm,
                };
                let claw = Entry {
                    piece: cq,
                    force: cf,
                    cause: me,
                    via: Via::Claw,
                };
                self.claws.push((torque, tried, why, claw));
            }
            self.add(rules, cq, cf, me, Via::Claw)?;
        }
        Ok(())
    }

    /// The clawing retries, named for the trace.
    pub(crate) fn claw_trace(&self, mech: &Mechanism) -> Vec<ClawRetry> {
        self.claws
            .iter()
            .map(|(t, o, why, c)| ClawRetry {
                torque: mech.named(t.piece, t.force),
                obvious: mech.named(o.piece, o.force),
                resisted: why.named(mech),
                clawing: mech.named(c.piece, c.force),
            })
            .collect()
    }
}

/// The force on `piece` when something pushes its `cell` in direction `d`: a push, unless the
/// cell is an arm and the push is across it, which twists the pivot (or hook) instead.
pub(crate) fn push_at(rules: &PhaseRules<'_>, piece: u16, cell: Hex, d: Dir) -> (u16, Force) {
    let p = usize::from(piece);
    let info = &rules.mech.pieces[p];
    if matches!(info.kind, Kind::Pivot | Kind::Hook) {
        let hub = info.hub + rules.pos[p].shift();
        if let Some((arm, 1)) = hub.line_to(cell) {
            return (piece, twist(arm, d).map_or(Force::Push(d), Force::Torque));
        }
    }
    (piece, Force::Push(d))
}

/// The way a push `d` on an arm pointing `arm` twists its pivot; `None` when the push is along
/// the arm, which cannot turn it.
pub(crate) fn twist(arm: Dir, d: Dir) -> Option<Rotation> {
    match (d.index() + 6 - arm.index()) % 6 {
        1 | 2 => Some(Rotation::Anticlockwise),
        4 | 5 => Some(Rotation::Clockwise),
        _ => None,
    }
}

/// Why a force is resisted by the kind of piece it is on, if it is.
fn resistance(rules: &PhaseRules<'_>, piece: u16, force: Force) -> Option<Reason> {
    match (rules.mech.pieces[usize::from(piece)].kind, force) {
        (Kind::Block { mobile: false }, Force::Push(_)) => Some(Reason::StationaryBlock),
        (Kind::Block { .. }, Force::Torque(_)) => Some(Reason::TorqueOnBlock),
        (Kind::Pivot, Force::Push(_)) => Some(Reason::PushOnPivot),
        (Kind::Ball, Force::Torque(_)) => Some(Reason::TorqueOnBall),
        (Kind::Hook, f) if rules.hook_force != Some(f) => Some(Reason::HookNotPlayerForce),
        (Kind::Wrench, f) if rules.momentum.map(Force::Push) != Some(f) => {
            Some(Reason::WrenchNotMomentum)
        }
        _ => None,
    }
}

/// Whether spring `s` carries a push `d` on `piece` (its root or its end) to its other piece,
/// and which piece that is.
///
/// It does unless the push tends to compress (resp. extend) the spring and the spring is
/// extended (resp. compressed), or the push is a player force and the spring is not yet fully
/// compressed (resp. extended). A push across the spring always carries.
fn transmits(rules: &PhaseRules<'_>, s: u16, piece: u16, d: Dir) -> Option<u16> {
    let info = &rules.mech.springs[usize::from(s)];
    let shift = |q: u16| rules.pos[usize::from(q)].shift();
    let (line, len) = info.geometry(shift(info.root), shift(info.end))?;
    let (other, towards_other) = if piece == info.root {
        (info.end, line)
    } else {
        (info.root, line.opposite())
    };
    let compress = d == towards_other;
    let extend = d == towards_other.opposite();
    let n = info.natural;
    let carries = if compress {
        !(len > n || (rules.player_phase && len > 0))
    } else if extend {
        !(len < n || (rules.player_phase && len < 2 * n))
    } else {
        true
    };
    carries.then_some(other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexlock::model::{Block, Hook, Lock, Wrench};

    #[test]
    fn push_across_an_arm_twists_it_and_along_it_does_not() {
        use Rotation::{Anticlockwise as Acw, Clockwise as Cw};
        for arm in Dir::ALL {
            let at = |k: usize| Dir::from_index(arm.index() + k);
            assert_eq!(twist(arm, at(0)), None, "along the arm");
            assert_eq!(twist(arm, at(3)), None, "along the arm, towards the hub");
            assert_eq!(twist(arm, at(1)), Some(Acw));
            assert_eq!(twist(arm, at(2)), Some(Acw));
            assert_eq!(twist(arm, at(4)), Some(Cw));
            assert_eq!(twist(arm, at(5)), Some(Cw));
        }
    }

    #[test]
    fn torque_on_a_block_or_a_ball_is_resisted() {
        let mut lock = Lock::empty(3);
        lock.blocks.push(Block {
            name: 'A',
            cells: vec![Hex::new(0, 0)],
        });
        lock.balls.push(Hex::new(1, 0));
        lock.hooks.push(Hook {
            hub: Hex::new(-2, 0),
            arm: Dir::E,
        });
        lock.wrenches.push(Wrench {
            cells: vec![Hex::new(0, 2)],
            momentum: None,
        });
        let mech = Mechanism::new(&lock).unwrap();
        let pos = vec![Pos::default(); mech.pieces.len()];
        let mut grid = Vec::new();
        mech.fill_grid(&pos, &mut grid);
        let rules = PhaseRules {
            mech: &mech,
            pos: &pos,
            grid: &grid,
            hook_force: None,
            momentum: None,
            player_phase: true,
        };
        let torque = Force::Torque(Rotation::Clockwise);
        assert!(matches!(
            resistance(&rules, 0, torque),
            Some(Reason::TorqueOnBlock)
        ));
        assert!(matches!(
            resistance(&rules, 1, torque),
            Some(Reason::TorqueOnBall)
        ));
        assert!(resistance(&rules, 1, Force::Push(Dir::E)).is_none());
        assert!(matches!(
            resistance(&rules, 2, torque),
            Some(Reason::HookNotPlayerForce)
        ));
        assert!(matches!(
            resistance(&rules, 3, Force::Push(Dir::E)),
            Some(Reason::WrenchNotMomentum)
        ));
    }
}
