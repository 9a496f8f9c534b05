//! Building: 420 s to build a lock on the round's board with every drafted piece, the Key and
//! the Keyhole, horizontal and vertical pieces lying as drafted. Within the 420 s the latest
//! valid lock counts. A builder without a valid lock when they end goes into reserve, where the
//! first valid lock counts; one who has a valid lock by then is done.

use super::phase::{Build, BuildStatus, Phase};
use super::round::Shape;
use super::{BUILD_MS, Event, Match, Ms, Pair, Player, Refusal};
use engine::sliding::Lock;
use std::collections::BTreeMap;

/// Checks that `lock` is legal, on `board`'s round, and uses exactly `drafted` besides the Key
/// and the Keyhole.
pub fn check_lock(
    lock: &Lock,
    board: &engine::sliding::Board,
    drafted: &[super::OfferedPiece],
) -> Result<(), Refusal> {
    if &lock.board != board {
        return Err(Refusal::WrongBoard);
    }
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(Refusal::IllegalLock(
            problems.iter().map(|p| p.to_string()).collect(),
        ));
    }
    let mut count: BTreeMap<Shape, i32> = BTreeMap::new();
    for p in drafted {
        *count.entry(p.shape).or_default() += 1;
    }
    for p in &lock.pieces {
        if let Some(shape) = Shape::of(p) {
            *count.entry(shape).or_default() -= 1;
        }
    }
    let mut missing = Vec::new();
    let mut extra = Vec::new();
    for (shape, n) in count {
        let words = |n: i32| {
            if n == 1 {
                shape.to_string()
            } else {
                format!("{n} × {shape}")
            }
        };
        if n > 0 {
            missing.push(words(n));
        } else if n < 0 {
            extra.push(words(-n));
        }
    }
    let mut said = Vec::new();
    if !missing.is_empty() {
        said.push(format!("it lacks {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        said.push(format!("it has {} not drafted", extra.join(", ")));
    }
    if said.is_empty() {
        Ok(())
    } else {
        Err(Refusal::WrongPieces(said.join("; ")))
    }
}

impl Match {
    /// Building begins.
    pub(super) fn begin_build(&mut self, at: Ms, events: &mut Vec<Event>) {
        let ends = at + BUILD_MS;
        self.phase = Phase::Build(Build {
            ends,
            builders: Pair::both(BuildStatus::Building),
        });
        events.push(Event::BuildBegan { ends });
    }

    /// A builder submits a lock.
    pub(super) fn submit_lock(
        &mut self,
        at: Ms,
        player: Player,
        lock: Lock,
    ) -> Result<Vec<Event>, Refusal> {
        let Phase::Build(mut build) = self.phase.clone() else {
            return Err(Refusal::NotNow {
                action: "submit a lock",
                phase: self.phase.name(),
            });
        };
        let in_reserve = match build.builders[player] {
            BuildStatus::Done => return Err(Refusal::LockAlreadyIn),
            BuildStatus::Building => false,
            BuildStatus::InReserve(_) => true,
        };
        check_lock(&lock, &self.setup.board, &self.drafted[player])?;
        self.locks[player] = Some(lock);
        let mut events = vec![Event::LockAccepted { player, in_reserve }];
        if in_reserve {
            build.builders[player] = BuildStatus::Done;
            events.push(Event::LockFinal { player });
        }
        self.after_build_change(build, at, &mut events);
        Ok(events)
    }

    /// A builder with a valid lock in says they are done: the lock is final, and solving
    /// begins once both locks are.
    pub(super) fn done_building(&mut self, at: Ms, player: Player) -> Result<Vec<Event>, Refusal> {
        let Phase::Build(mut build) = self.phase.clone() else {
            return Err(Refusal::NotNow {
                action: "say you are done",
                phase: self.phase.name(),
            });
        };
        match build.builders[player] {
            BuildStatus::Done => return Err(Refusal::AlreadyDone),
            BuildStatus::InReserve(_) => return Err(Refusal::NoLockYet),
            BuildStatus::Building if self.locks[player].is_none() => {
                return Err(Refusal::NoLockYet);
            }
            BuildStatus::Building => {}
        }
        build.builders[player] = BuildStatus::Done;
        let mut events = vec![Event::Done { player }, Event::LockFinal { player }];
        self.after_build_change(build, at, &mut events);
        Ok(events)
    }

    /// The 420 s, or a reserve period, ran out.
    pub(super) fn build_due(&mut self, at: Ms, events: &mut Vec<Event>) {
        let Phase::Build(mut build) = self.phase.clone() else {
            return;
        };
        let mut out = Vec::new();
        for p in Player::BOTH {
            match build.builders[p] {
                BuildStatus::Building if self.locks[p].is_some() => {
                    build.builders[p] = BuildStatus::Done;
                    events.push(Event::LockFinal { player: p });
                }
                BuildStatus::Building => {
                    let mut clock = super::Clock::new(p, build.ends, 0);
                    if self.use_reserve(&mut clock, at, events) {
                        build.builders[p] = BuildStatus::InReserve(clock);
                    } else {
                        out.push(p);
                    }
                }
                BuildStatus::InReserve(mut clock) if clock.ends <= at => {
                    if self.use_reserve(&mut clock, at, events) {
                        build.builders[p] = BuildStatus::InReserve(clock);
                    } else {
                        out.push(p);
                    }
                }
                _ => {}
            }
        }
        if out.is_empty() {
            self.after_build_change(build, at, events);
        } else {
            self.out_of_reserve(&out, events);
        }
    }

    /// Solving begins once both locks are final.
    fn after_build_change(&mut self, build: Build, at: Ms, events: &mut Vec<Event>) {
        let done = |s: BuildStatus| matches!(s, BuildStatus::Done);
        if done(build.builders.challenger) && done(build.builders.challenged) {
            self.begin_solving(at, events);
        } else {
            self.phase = Phase::Build(build);
        }
    }
}
