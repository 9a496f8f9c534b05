//! Countersolving. Once the final answers are announced, each builder whose lock was picked has
//! 30 s to decide whether to countersolve; saying yes starts their clock at once, with as long as
//! the solver took. Failing gives the solver +3; succeeding gives the countersolver +1 if their
//! solution has fewer moves than the solver's, else the solver +2. A builder whose lock was
//! declared impossible countersolves at once, with 5 minutes: failing gives the caller +5 and
//! the call stands, voiding the points the builder's held under its cap (see [`super::score`]);
//! succeeding gives the builder +1 and those points. A builder whose lock nobody picked or
//! called impossible has nothing to do. The earliest valid countersolution counts.

use super::phase::{Answer, Phase, Stage};
use super::score::{Award, Call, solving_awards};
use super::{DECIDE_MS, Event, IMPOSSIBLE_COUNTERSOLVE_MS, Match, Ms, Pair, Player, Refusal};

impl Match {
    /// The final answers are announced and the Solving points counted; countersolving begins.
    pub(super) fn announce(&mut self, at: Ms, events: &mut Vec<Event>) {
        let answers = Pair {
            challenger: self.answers.challenger.unwrap_or(Answer::Nothing),
            challenged: self.answers.challenged.unwrap_or(Answer::Nothing),
        };
        events.push(Event::Announced { answers });
        for builder in Player::BOTH {
            self.calls[builder] = match answers[builder.other()] {
                Answer::Impossible => Call::Waiting,
                Answer::Solution { .. } | Answer::Nothing => Call::NotMade,
            };
        }
        let earned: Vec<(Player, Award)> = Player::BOTH
            .into_iter()
            .flat_map(|p| solving_awards(p, &answers).into_iter().map(move |a| (p, a)))
            .collect();
        self.earn(at, &earned, events);
        let mut stages = Pair::both(Stage::Done);
        for builder in Player::BOTH {
            stages[builder] = match answers[builder.other()] {
                Answer::Solution { .. } => {
                    let ends = at + DECIDE_MS;
                    events.push(Event::CountersolveOffered {
                        player: builder,
                        ends,
                    });
                    Stage::Deciding { ends }
                }
                Answer::Impossible => {
                    let ends = at + IMPOSSIBLE_COUNTERSOLVE_MS;
                    events.push(Event::CountersolveBegan {
                        player: builder,
                        ends,
                        called_impossible: true,
                    });
                    Stage::Solving {
                        started: at,
                        ends,
                        called_impossible: true,
                    }
                }
                Answer::Nothing => Stage::Done,
            };
        }
        self.settle(stages, events);
    }

    /// A builder decides whether to countersolve.
    pub(super) fn decide_countersolve(
        &mut self,
        at: Ms,
        player: Player,
        yes: bool,
    ) -> Result<Vec<Event>, Refusal> {
        let mut stages = self.stages()?;
        let Stage::Deciding { .. } = stages[player] else {
            return Err(Refusal::NoCountersolve);
        };
        let mut events = vec![Event::CountersolveDecided {
            player,
            yes,
            by_default: false,
        }];
        stages[player] = Stage::Done;
        if yes && let Some(Answer::Solution { time, .. }) = self.answers[player.other()] {
            let ends = at + time;
            events.push(Event::CountersolveBegan {
                player,
                ends,
                called_impossible: false,
            });
            stages[player] = Stage::Solving {
                started: at,
                ends,
                called_impossible: false,
            };
        }
        self.settle(stages, &mut events);
        Ok(events)
    }

    /// A countersolver submits moves picking their own lock: the first valid one counts.
    pub(super) fn countersolve(
        &mut self,
        at: Ms,
        player: Player,
        text: &str,
    ) -> Result<Vec<Event>, Refusal> {
        let (mut stages, called_impossible) = self.countersolving(player)?;
        let lock = self.locks[player]
            .as_ref()
            .ok_or(Refusal::NotCountersolving)?;
        let (moves, _) = super::pick::replay(lock, text)?;
        let mut events = vec![Event::CountersolveEnded {
            player,
            moves: Some(moves),
        }];
        let solver = player.other();
        let earned: Vec<(Player, Award)> = if called_impossible {
            self.calls[player] = Call::Failed;
            let held = std::mem::take(&mut self.held[player]);
            std::iter::once((player, Award::SolvedOwnImpossible))
                .chain(held.into_iter().map(|a| (player, a)))
                .collect()
        } else {
            match self.answers[solver] {
                Some(Answer::Solution { moves: m, .. }) if moves < m => {
                    vec![(player, Award::CountersolveShorter)]
                }
                _ => vec![(solver, Award::CountersolveNotShorter)],
            }
        };
        self.earn(at, &earned, &mut events);
        stages[player] = Stage::Done;
        self.settle(stages, &mut events);
        Ok(events)
    }

    /// Decisions and countersolves whose time ran out at `at`.
    pub(super) fn countersolve_due(&mut self, at: Ms, events: &mut Vec<Event>) {
        let Ok(mut stages) = self.stages() else {
            return;
        };
        // Every countersolve ending now is settled before its points are: two calls standing
        // at the same moment each cap the other's caller.
        let mut earned = Vec::new();
        for p in Player::BOTH {
            if stages[p].ends().is_none_or(|e| e > at) {
                continue;
            }
            match stages[p] {
                Stage::Deciding { .. } => events.push(Event::CountersolveDecided {
                    player: p,
                    yes: false,
                    by_default: true,
                }),
                Stage::Solving {
                    called_impossible, ..
                } => self.countersolve_failed(p, called_impossible, events, &mut earned),
                Stage::Done => {}
            }
            stages[p] = Stage::Done;
        }
        self.earn(at, &earned, events);
        self.settle(stages, events);
    }

    /// A countersolver gives up, in a match played at the players' pace: their countersolve
    /// ends as if its time ran out.
    pub(super) fn give_up_countersolve(
        &mut self,
        at: Ms,
        player: Player,
    ) -> Result<Vec<Event>, Refusal> {
        let (mut stages, called_impossible) = self.countersolving(player)?;
        let mut events = vec![Event::Done { player }];
        let mut earned = Vec::new();
        self.countersolve_failed(player, called_impossible, &mut events, &mut earned);
        stages[player] = Stage::Done;
        self.earn(at, &earned, &mut events);
        self.settle(stages, &mut events);
        Ok(events)
    }

    /// `p`'s countersolve ended without a countersolution: the call on their lock stands
    /// (voiding their held points), or the solver earns the failed countersolve's points.
    fn countersolve_failed(
        &mut self,
        p: Player,
        called_impossible: bool,
        events: &mut Vec<Event>,
        earned: &mut Vec<(Player, Award)>,
    ) {
        events.push(Event::CountersolveEnded {
            player: p,
            moves: None,
        });
        if called_impossible {
            self.calls[p] = Call::Stood;
            let held = std::mem::take(&mut self.held[p]);
            if !held.is_empty() {
                events.push(Event::PointsVoided {
                    player: p,
                    awards: held,
                });
            }
            earned.push((p.other(), Award::ImpossibleStands));
        } else {
            earned.push((p.other(), Award::CountersolveFailed));
        }
    }

    /// The stages and whether `player` called their own lock impossible, while `player` is
    /// still countersolving.
    fn countersolving(&self, player: Player) -> Result<(Pair<Stage>, bool), Refusal> {
        let stages = self.stages()?;
        match stages[player] {
            Stage::Solving {
                called_impossible, ..
            } => Ok((stages, called_impossible)),
            _ => Err(Refusal::NotCountersolving),
        }
    }

    fn stages(&self) -> Result<Pair<Stage>, Refusal> {
        match self.phase {
            Phase::Countersolve { stages } => Ok(stages),
            _ => Err(Refusal::NotNow {
                action: "countersolve",
                phase: self.phase.name(),
            }),
        }
    }

    /// Keeps the stages, or ends the round when both are done.
    fn settle(&mut self, stages: Pair<Stage>, events: &mut Vec<Event>) {
        if stages.challenger == Stage::Done && stages.challenged == Stage::Done {
            self.end_round(events);
        } else {
            self.phase = Phase::Countersolve { stages };
        }
    }
}
