//! A match in memory: its log applied through the rules (the same path live and in
//! replay), the events it told, its rounds' records, and what each viewer may see of it.

use super::rounds::RoundSource;
use super::view::{MatchSummary, MatchView, Numbered, RoundRecord, Status, Terms, Winner};
use super::{HostError, MatchId, ToSettle};
use engine::sliding::Lock;
use rules::death_match::{
    Action, Answer, Call, Edition, Event, Match, Ms, Pair, Phase, Player, Refusal,
};
use rules::metagame::PlayerId;
use serde::{Deserialize, Serialize};
use std::time::Instant;
use tokio::sync::watch;

/// One entry of a match's log.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "kebab-case")]
pub(super) enum Entry {
    /// The terms the match is played on, logged with the challenge. A log without them is
    /// played on the default terms (real time, full time).
    Terms { terms: Terms },
    /// The edition of the rules the match is played under, logged before its first round. A
    /// log without one was begun under the first edition, and is replayed under it.
    Rules { edition: Edition },
    /// The host gave a round.
    Round { round: rules::death_match::Round },
    /// The match's clock reached the entry's time: every deadline up to it passed (turns and
    /// reserve periods ended, phases changed). Logged before any of it is told, so that a
    /// restart replays what players were told of the clock, never less.
    Deadlines,
    /// A player's action, accepted.
    Act { player: Player, action: Action },
    /// The solver's word on a lock whose impossible call stood.
    Verdict {
        round: u8,
        builder: Player,
        verdict: String,
    },
}

/// A match's clock: match time `base_ms` at the instant `base`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    pub(super) base_ms: Ms,
    pub(super) base: Instant,
}

/// A match in memory.
pub(super) struct Hosted {
    pub(super) id: MatchId,
    pub(super) players: Pair<PlayerId>,
    pub(super) names: Pair<String>,
    pub(super) source: RoundSource,
    pub(super) status: Status,
    /// The edition of the rules the match is played under, once its log says.
    pub(super) edition: Edition,
    /// The terms it is played on, once its log says.
    pub(super) terms: Terms,
    pub(super) game: Option<Match>,
    pub(super) told: Vec<Event>,
    pub(super) clock: Clock,
    /// The next log entry's number.
    pub(super) seq: i64,
    /// Each builder's latest valid lock this round.
    pub(super) latest_lock: Pair<Option<Lock>>,
    /// The answers announced this round.
    pub(super) announced: Option<Pair<Answer>>,
    /// The scores when this round began, for the round's points.
    pub(super) scores_before: Pair<u32>,
    pub(super) rounds: Vec<RoundRecord>,
    /// The number of events told: streams wait on it. Sent only once what is told is in the
    /// database.
    pub(super) news: watch::Sender<usize>,
    /// When the clock task may try again to log this match's deadlines, after the database
    /// refused them.
    pub(super) stalled_until: Option<Instant>,
}

impl Hosted {
    /// A match not begun, its clock at 0.
    pub(super) fn new(
        id: MatchId,
        players: Pair<PlayerId>,
        names: Pair<String>,
        source: RoundSource,
        status: Status,
    ) -> Hosted {
        Hosted {
            id,
            players,
            names,
            source,
            status,
            edition: Edition::First,
            terms: Terms::default(),
            game: None,
            told: Vec::new(),
            clock: Clock {
                base_ms: 0,
                base: Instant::now(),
            },
            seq: 0,
            latest_lock: Pair::default(),
            announced: None,
            scores_before: Pair::default(),
            rounds: Vec::new(),
            news: watch::channel(0).0,
            stalled_until: None,
        }
    }

    /// How many times faster than real time the match's clock runs on a server whose own
    /// factor is `server`: its terms' speed times that.
    pub(super) fn speed(&self, server: f64) -> f64 {
        server * f64::from(self.terms.speed)
    }

    /// The match's time now, on a server whose own speed factor is `server`.
    pub(super) fn now(&self, server: f64) -> Ms {
        let run = self.clock.base.elapsed().as_secs_f64() * 1000.0 * self.speed(server);
        self.clock.base_ms.saturating_add(run as Ms)
    }

    pub(super) fn player(&self, me: PlayerId) -> Option<Player> {
        Player::BOTH.into_iter().find(|&p| self.players[p] == me)
    }

    /// Applies one log entry at `at`: the same path live and in replay. The events are told
    /// (kept in `told`) but nobody is woken: that is for the host, once they are stored.
    pub(super) fn apply(&mut self, at: Ms, entry: &Entry) -> Result<Vec<ToSettle>, HostError> {
        let events = match entry {
            Entry::Terms { terms } => {
                if self.game.is_some() {
                    return Err(HostError::Wrong {
                        id: self.id,
                        status: self.status.word(),
                        what: "its terms are fixed when it begins",
                    });
                }
                self.terms = terms.check()?;
                Vec::new()
            }
            Entry::Rules { edition } => {
                if self.game.is_some() {
                    return Err(HostError::Wrong {
                        id: self.id,
                        status: self.status.word(),
                        what: "its edition of the rules is fixed when it begins",
                    });
                }
                self.edition = *edition;
                Vec::new()
            }
            Entry::Deadlines => match &mut self.game {
                Some(m) => m.tick(at),
                None => Vec::new(),
            },
            Entry::Round { round } => match &mut self.game {
                None => {
                    let (m, events) = Match::timed(self.edition, self.terms.timing, round.clone())
                        .map_err(Refusal::from)?;
                    self.game = Some(m);
                    self.status = Status::Playing;
                    events
                }
                Some(m) => {
                    // The deadlines that ended the last round are taken in before the next
                    // one clears the match's state: its record reads the locks and answers
                    // from the match. Live, the clock's tick has done so already; in replay,
                    // nothing stands between the round's last act and this entry.
                    let ended = m.tick(at);
                    let mut settle = self.absorb(ended);
                    let m = self.game.as_mut().ok_or(HostError::Wrong {
                        id: self.id,
                        status: self.status.word(),
                        what: "it has not begun",
                    })?;
                    let events = m.begin_round(at, round.clone())?;
                    settle.extend(self.absorb(events));
                    return Ok(settle);
                }
            },
            Entry::Act { player, action } => {
                let m = self.game.as_mut().ok_or(HostError::Wrong {
                    id: self.id,
                    status: self.status.word(),
                    what: "it has not begun",
                })?;
                let events = m.act(at, *player, action.clone())?;
                if let Action::SubmitLock(lock) = action
                    && events
                        .iter()
                        .any(|e| matches!(e, Event::LockAccepted { player: p, .. } if p == player))
                {
                    self.latest_lock[*player] = Some(lock.clone());
                }
                events
            }
            Entry::Verdict {
                round,
                builder,
                verdict,
            } => {
                if let Some(r) = self.rounds.iter_mut().find(|r| r.round == *round) {
                    r.verdicts[*builder] = Some(verdict.clone());
                }
                Vec::new()
            }
        };
        Ok(self.absorb(events))
    }

    /// Takes in events: notes what the views need, and tells them.
    pub(super) fn absorb(&mut self, events: Vec<Event>) -> Vec<ToSettle> {
        let mut settle = Vec::new();
        for e in events {
            match &e {
                Event::RoundBegan { .. } => {
                    self.latest_lock = Pair::default();
                    self.announced = None;
                    if let Some(m) = &self.game {
                        self.scores_before = m.scores();
                    }
                }
                Event::Announced { answers } => self.announced = Some(*answers),
                Event::RoundEnded { round, scores } => {
                    let m = self.game.as_ref();
                    let lock = |p| {
                        m.and_then(|m| m.lock(p))
                            .map(rules::death_match::serial::lock::write)
                    };
                    let answer = |p| m.and_then(|m| m.answer(p));
                    for builder in Player::BOTH {
                        // The call stood even when its +5 was void (both calls stood): the
                        // record says what the lock was all the same.
                        let stood = m.is_some_and(|m| m.call_on(builder) == Call::Stood);
                        if let (true, Some(lock)) = (stood, m.and_then(|m| m.lock(builder))) {
                            settle.push(ToSettle {
                                id: self.id,
                                round: *round,
                                builder,
                                lock: lock.clone(),
                            });
                        }
                    }
                    self.rounds.push(RoundRecord {
                        round: *round,
                        locks: Pair {
                            challenger: lock(Player::Challenger),
                            challenged: lock(Player::Challenged),
                        },
                        answers: Pair {
                            challenger: answer(Player::Challenger),
                            challenged: answer(Player::Challenged),
                        },
                        points: Pair {
                            challenger: scores.challenger - self.scores_before.challenger,
                            challenged: scores.challenged - self.scores_before.challenged,
                        },
                        scores: *scores,
                        verdicts: Pair::default(),
                    });
                }
                Event::MatchOver { .. } => self.status = Status::Over,
                _ => {}
            }
            self.told.push(e);
        }
        settle
    }

    /// The entries the host adds on its own after `at`: the next round, once one is over.
    pub(super) fn next_round(&self, at: Ms) -> Option<(Ms, Entry)> {
        match self.game.as_ref()?.phase() {
            Phase::RoundOver { next } => Some((
                at,
                Entry::Round {
                    round: self.source.round(*next),
                },
            )),
            _ => None,
        }
    }

    pub(super) fn summary(&self) -> MatchSummary {
        let m = self.game.as_ref();
        MatchSummary {
            id: self.id,
            challenger: self.names.challenger.clone(),
            challenged: self.names.challenged.clone(),
            status: self.status,
            round: m.map_or(0, Match::round),
            scores: m.map_or_else(Pair::default, Match::scores),
            winner: m.and_then(Match::winner).map(|(p, _)| p),
            terms: self.terms,
        }
    }

    /// The events `viewer` may see, numbered, from `from`.
    pub(super) fn visible(&self, viewer: Option<Player>, from: usize) -> Vec<Numbered> {
        self.told
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(_, e)| may_see(viewer, e))
            .map(|(id, e)| Numbered {
                id,
                event: e.clone(),
            })
            .collect()
    }

    /// The match as `viewer` may see it, on a server whose own speed factor is `server`.
    pub(super) fn view(&self, viewer: Option<Player>, server: f64) -> MatchView {
        let m = self.game.as_ref();
        let phase = m.map(|m| m.phase().clone());
        let lockpicking = matches!(
            phase,
            Some(Phase::Solve { .. } | Phase::Choose { .. } | Phase::Countersolve { .. })
        );
        // Who has still to choose says who found two solutions: each player sees their own
        // flag only, and a spectator neither, until the answers are announced.
        let phase = phase.map(|phase| match phase {
            Phase::Choose { ends, pending } => Phase::Choose {
                ends,
                pending: Pair {
                    challenger: viewer == Some(Player::Challenger) && pending.challenger,
                    challenged: viewer == Some(Player::Challenged) && pending.challenged,
                },
            },
            other => other,
        });
        let write = rules::death_match::serial::lock::write;
        MatchView {
            id: self.id,
            challenger: self.names.challenger.clone(),
            challenged: self.names.challenged.clone(),
            you: viewer,
            status: self.status,
            speed: self.speed(server),
            terms: self.terms,
            done: viewer.zip(m).is_some_and(|(p, m)| m.done(p)),
            now_ms: if self.status == Status::Playing {
                self.now(server)
            } else {
                m.map_or(0, Match::now)
            },
            round: m.map_or(0, Match::round),
            deadline_ms: m.and_then(Match::deadline),
            first_drafter: m.and_then(Match::first_drafter_of_match),
            phase,
            scores: m.map_or_else(Pair::default, Match::scores),
            reserve: m.map_or_else(
                || Pair::both(rules::death_match::RESERVE_PERIODS),
                |m| Pair {
                    challenger: m.reserve(Player::Challenger),
                    challenged: m.reserve(Player::Challenged),
                },
            ),
            setup: m.map(|m| rules::death_match::Round {
                board: m.board().clone(),
                offered: m.offered().to_vec(),
            }),
            drafted: m.map_or_else(Pair::default, |m| Pair {
                challenger: m.drafted(Player::Challenger).to_vec(),
                challenged: m.drafted(Player::Challenged).to_vec(),
            }),
            your_lock: viewer.and_then(|p| {
                self.latest_lock[p]
                    .as_ref()
                    .or_else(|| m.and_then(|m| m.lock(p)))
                    .map(write)
            }),
            opponent_lock: viewer
                .filter(|_| lockpicking)
                .and_then(|p| m.and_then(|m| m.lock(p.other())))
                .map(write),
            your_sheet: viewer
                .filter(|_| lockpicking)
                .and_then(|p| m.map(|m| m.sheet(p).clone())),
            your_answer: viewer
                .filter(|_| lockpicking)
                .and_then(|p| m.and_then(|m| m.answer(p))),
            announced: self.announced,
            rounds: self.rounds.clone(),
            winner: m
                .and_then(Match::winner)
                .map(|(player, why)| Winner { player, why }),
            events: self.told.len(),
        }
    }
}

/// Whether a viewer (a player, or `None` for a spectator) may see an event.
fn may_see(viewer: Option<Player>, e: &Event) -> bool {
    match e.audience() {
        rules::death_match::Audience::Everyone => true,
        rules::death_match::Audience::Only(p) => viewer == Some(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::metagame::PlayerId;

    fn hosted() -> Hosted {
        Hosted::new(
            1,
            Pair {
                challenger: PlayerId(1),
                challenged: PlayerId(2),
            },
            Pair::both(String::new()),
            RoundSource::Seeded { seed: 7 },
            Status::Challenged,
        )
    }

    /// A match logged before editions were logged is replayed under the first edition, as it
    /// was played; a match whose log names its edition, under that one.
    #[test]
    fn a_log_without_an_edition_replays_under_the_first() {
        let round = Entry::Round {
            round: rules::death_match::generate::round(7, 1),
        };
        let mut old = hosted();
        old.apply(0, &round).expect("the first round");
        assert_eq!(old.game.as_ref().map(Match::edition), Some(Edition::First));

        let mut new = hosted();
        new.apply(
            0,
            &Entry::Rules {
                edition: Edition::LATEST,
            },
        )
        .expect("the edition");
        new.apply(0, &round).expect("the first round");
        assert_eq!(new.game.as_ref().map(Match::edition), Some(Edition::LATEST));
        assert!(
            new.apply(
                0,
                &Entry::Rules {
                    edition: Edition::First
                }
            )
            .is_err(),
            "the edition is fixed once the match has begun"
        );
    }

    /// A match's terms come from its log: a log without them plays at real time and full
    /// time; a log with them at their speed and timing; none may change once it has begun,
    /// and terms no challenge could ask for are refused.
    #[test]
    fn the_terms_are_read_from_the_log_and_fixed_once_the_match_begins() {
        let round = Entry::Round {
            round: rules::death_match::generate::round(7, 1),
        };
        let mut old = hosted();
        old.apply(0, &round).expect("the first round");
        assert_eq!(old.terms, Terms::default());
        assert_eq!(old.speed(1.0), 1.0);

        let terms = Terms {
            speed: 10,
            timing: rules::death_match::Timing::EndWhenBothDone,
        };
        let mut new = hosted();
        assert!(
            new.apply(
                0,
                &Entry::Terms {
                    terms: Terms { speed: 0, ..terms }
                }
            )
            .is_err(),
            "a speed no challenge could ask for"
        );
        new.apply(0, &Entry::Terms { terms }).expect("the terms");
        new.apply(0, &round).expect("the first round");
        assert_eq!(new.speed(2.0), 20.0, "the server's factor multiplies");
        assert_eq!(
            new.game.as_ref().map(Match::timing),
            Some(rules::death_match::Timing::EndWhenBothDone)
        );
        assert!(
            new.apply(
                0,
                &Entry::Terms {
                    terms: Terms::default()
                }
            )
            .is_err(),
            "the terms are fixed once the match has begun"
        );
    }
}
