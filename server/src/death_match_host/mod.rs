//! Hosting Death Matches: the server is the host and the clock. Each match is the rules'
//! [`Match`] driven by the server's time, its log stored as it grows, its events told to each
//! player as the rules let them see.
//!
//! **Time.** A match's clock is the server's monotonic clock times a speed factor (1 in play;
//! tests and bot matches compress time with the same code paths). Deadlines pass when the
//! clock task ([`Host::tick_all`]) or an action reaches them.
//!
//! **Storage.** The log holds every round given and every action accepted, each with the match
//! time it happened at; the match's clock is recorded with each entry and about once a second.
//! At start, each match is replayed through the rules and resumes at its recorded clock: time
//! does not run for a match while its server is down (see docs/death-match.md#hosting).
//!
//! # Layout
//! - [`rounds`]: where rounds come from — the seeded generator or an organiser's round file.
//! - [`view`]: what a player reads of a match, and the API's bodies.
//! - [`settle`]: the solver's word on a lock whose impossible call stood.

pub mod rounds;
pub mod settle;
pub mod view;

use crate::death_match::{Action, Answer, Event, Match, Ms, Pair, Phase, Player, Refusal};
use crate::rules::PlayerId;
use crate::storage::{Storage, StorageError, StoredEntry, StoredMatch};
use engine::sliding::Lock;
use rounds::RoundSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};
use view::{MatchSummary, MatchView, Numbered, RoundRecord, Status, Winner};

/// A match's number.
pub type MatchId = i64;

/// How often the clocks of matches being played are recorded.
const RECORD_CLOCKS_EVERY: Duration = Duration::from_secs(1);

/// Why a request about a match fails.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// No match has that number.
    #[error("there is no match {0}")]
    NoSuchMatch(MatchId),
    /// The caller does not play in it.
    #[error("you do not play in match {0}")]
    NotYourMatch(MatchId),
    /// Only the challenged player accepts or declines; only a player withdraws.
    #[error("{0}")]
    NotYours(&'static str),
    /// The match is not in the state the request needs.
    #[error("match {id} is {status}: {what}")]
    Wrong {
        /// The match.
        id: MatchId,
        /// Where it stands.
        status: &'static str,
        /// What cannot be done.
        what: &'static str,
    },
    /// A player cannot challenge themself.
    #[error("you cannot challenge yourself")]
    Yourself,
    /// The rounds asked for cannot be played.
    #[error(transparent)]
    Rounds(#[from] rounds::RoundFileError),
    /// The rules refuse the action.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// One entry of a match's log.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "kebab-case")]
enum Entry {
    /// The host gave a round.
    Round { round: crate::death_match::Round },
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
struct Clock {
    base_ms: Ms,
    base: Instant,
}

/// A match in memory.
struct Hosted {
    id: MatchId,
    players: Pair<PlayerId>,
    names: Pair<String>,
    source: RoundSource,
    status: Status,
    game: Option<Match>,
    told: Vec<Event>,
    clock: Clock,
    /// The next log entry's number.
    seq: i64,
    /// Each builder's latest valid lock this round.
    latest_lock: Pair<Option<Lock>>,
    /// The answers announced this round.
    announced: Option<Pair<Answer>>,
    /// The scores when this round began, for the round's points.
    scores_before: Pair<u32>,
    rounds: Vec<RoundRecord>,
    /// The number of events told: streams wait on it.
    news: watch::Sender<usize>,
}

/// Every match, with the database and the clock's speed.
pub struct Host {
    matches: Mutex<BTreeMap<MatchId, Hosted>>,
    storage: Arc<Mutex<Storage>>,
    /// The speed factor's bits (an `f64`).
    speed: AtomicU64,
    /// Rung when a deadline may have moved: the clock task sleeps again.
    wake: Notify,
    clocks_recorded: Mutex<Instant>,
}

/// A verdict to work out: the lock of `builder` in `round` of match `id`.
pub struct ToSettle {
    /// The match.
    pub id: MatchId,
    /// The round.
    pub round: u8,
    /// Whose lock.
    pub builder: Player,
    /// The lock.
    pub lock: Lock,
}

impl Hosted {
    /// A match not begun, its clock at 0.
    fn new(
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
        }
    }

    fn now(&self, speed: f64) -> Ms {
        let run = self.clock.base.elapsed().as_secs_f64() * 1000.0 * speed;
        self.clock.base_ms.saturating_add(run as Ms)
    }

    fn player(&self, me: PlayerId) -> Option<Player> {
        Player::BOTH.into_iter().find(|&p| self.players[p] == me)
    }

    /// Applies one log entry at `at`: the same path live and in replay.
    fn apply(&mut self, at: Ms, entry: &Entry) -> Result<Vec<ToSettle>, HostError> {
        let events = match entry {
            Entry::Round { round } => match &mut self.game {
                None => {
                    let (m, events) = Match::new(round.clone()).map_err(Refusal::from)?;
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
    fn absorb(&mut self, events: Vec<Event>) -> Vec<ToSettle> {
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
                            .map(crate::death_match::serial::lock::write)
                    };
                    let answer = |p| m.and_then(|m| m.answer(p));
                    for builder in Player::BOTH {
                        let stood = self.told.iter().rev().take_while(|e| !matches!(e, Event::RoundBegan { .. })).any(|e| {
                            matches!(e, Event::Points { player, award: crate::death_match::Award::ImpossibleStands, .. } if *player == builder.other())
                        });
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
        self.news.send_replace(self.told.len());
        settle
    }

    /// The entries the host adds on its own after `at`: the next round, once one is over.
    fn next_round(&self, at: Ms) -> Option<(Ms, Entry)> {
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

    fn summary(&self) -> MatchSummary {
        let m = self.game.as_ref();
        MatchSummary {
            id: self.id,
            challenger: self.names.challenger.clone(),
            challenged: self.names.challenged.clone(),
            status: self.status,
            round: m.map_or(0, Match::round),
            scores: m.map_or_else(Pair::default, Match::scores),
            winner: m.and_then(Match::winner).map(|(p, _)| p),
        }
    }

    /// The events `viewer` may see, numbered, from `from`.
    fn visible(&self, viewer: Option<Player>, from: usize) -> Vec<Numbered> {
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

    fn view(&self, viewer: Option<Player>, speed: f64) -> MatchView {
        let m = self.game.as_ref();
        let phase = m.map(|m| m.phase().clone());
        let lockpicking = matches!(
            phase,
            Some(Phase::Solve { .. } | Phase::Choose { .. } | Phase::Countersolve { .. })
        );
        let write = crate::death_match::serial::lock::write;
        MatchView {
            id: self.id,
            challenger: self.names.challenger.clone(),
            challenged: self.names.challenged.clone(),
            you: viewer,
            status: self.status,
            speed,
            now_ms: if self.status == Status::Playing {
                self.now(speed)
            } else {
                m.map_or(0, Match::now)
            },
            round: m.map_or(0, Match::round),
            deadline_ms: m.and_then(Match::deadline),
            first_drafter: m.and_then(Match::first_drafter_of_match),
            phase,
            scores: m.map_or_else(Pair::default, Match::scores),
            reserve: m.map_or_else(
                || Pair::both(crate::death_match::RESERVE_PERIODS),
                |m| Pair {
                    challenger: m.reserve(Player::Challenger),
                    challenged: m.reserve(Player::Challenged),
                },
            ),
            setup: m.map(|m| crate::death_match::Round {
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
        crate::death_match::Audience::Everyone => true,
        crate::death_match::Audience::Only(p) => viewer == Some(p),
    }
}

fn corrupt(id: MatchId, what: impl std::fmt::Display) -> StorageError {
    StorageError::Corrupt(format!("death match {id}: {what}"))
}

impl Host {
    /// Loads every stored match, replaying each log through the rules. `name` gives a
    /// player's codename.
    pub fn load(
        storage: Arc<Mutex<Storage>>,
        stored: Vec<StoredMatch>,
        name: impl Fn(PlayerId) -> String,
    ) -> Result<Host, StorageError> {
        let mut matches = BTreeMap::new();
        for s in stored {
            let source: RoundSource =
                serde_json::from_str(&s.rounds).map_err(|e| corrupt(s.id, e))?;
            let status = Status::from_word(&s.status)
                .ok_or_else(|| corrupt(s.id, format!("status {:?}", s.status)))?;
            let mut h = Hosted::new(
                s.id,
                Pair {
                    challenger: s.challenger,
                    challenged: s.challenged,
                },
                Pair {
                    challenger: name(s.challenger),
                    challenged: name(s.challenged),
                },
                source,
                status,
            );
            for e in &s.log {
                let entry: Entry = serde_json::from_str(&e.entry).map_err(|x| corrupt(s.id, x))?;
                h.apply(e.at_ms.max(0) as Ms, &entry)
                    .map_err(|x| corrupt(s.id, format!("entry {}: {x}", e.seq)))?;
                h.seq = e.seq + 1;
            }
            // The rules say whether a match begun is over (a deadline may have ended it after
            // its status was last written); the stored status speaks for the others.
            if h.game.is_none() {
                h.status = status;
            }
            let clock = s.clock_ms.max(0) as Ms;
            if let Some(m) = &mut h.game {
                let events = m.tick(clock);
                h.clock.base_ms = m.now();
                h.absorb(events);
            }
            matches.insert(s.id, h);
        }
        Ok(Host {
            matches: Mutex::new(matches),
            storage,
            speed: AtomicU64::new(1f64.to_bits()),
            wake: Notify::new(),
            clocks_recorded: Mutex::new(Instant::now()),
        })
    }

    fn all(&self) -> MutexGuard<'_, BTreeMap<MatchId, Hosted>> {
        self.matches.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn db(&self) -> MutexGuard<'_, Storage> {
        self.storage.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many times faster than real time match clocks run.
    pub fn speed(&self) -> f64 {
        f64::from_bits(self.speed.load(Ordering::Relaxed))
    }

    /// Sets the speed factor (positive; 1 is real time). Every match's clock goes on from
    /// where it is.
    pub fn set_speed(&self, speed: f64) {
        let speed = if speed.is_finite() && speed > 0.0 {
            speed
        } else {
            1.0
        };
        let old = self.speed();
        let mut all = self.all();
        for h in all.values_mut() {
            h.clock = Clock {
                base_ms: h.now(old),
                base: Instant::now(),
            };
        }
        self.speed.store(speed.to_bits(), Ordering::Relaxed);
        self.wake.notify_one();
    }

    /// Calls `challenged` to a match with `challenger`.
    pub fn challenge(
        &self,
        challenger: (PlayerId, String),
        challenged: (PlayerId, String),
        source: RoundSource,
    ) -> Result<MatchSummary, HostError> {
        if challenger.0 == challenged.0 {
            return Err(HostError::Yourself);
        }
        let json = serde_json::to_string(&source).map_err(|e| corrupt(0, e))?;
        let mut all = self.all();
        let id = self
            .db()
            .add_death_match(challenger.0, challenged.0, &json)?;
        let h = Hosted::new(
            id,
            Pair {
                challenger: challenger.0,
                challenged: challenged.0,
            },
            Pair {
                challenger: challenger.1,
                challenged: challenged.1,
            },
            source,
            Status::Challenged,
        );
        let summary = h.summary();
        all.insert(id, h);
        Ok(summary)
    }

    /// The challenged player accepts: the match begins, its clock at 0.
    pub fn accept(&self, id: MatchId, me: PlayerId) -> Result<MatchView, HostError> {
        let speed = self.speed();
        let mut all = self.all();
        let h = all.get_mut(&id).ok_or(HostError::NoSuchMatch(id))?;
        if h.players.challenged != me {
            return Err(HostError::NotYours(
                "only the challenged player accepts a challenge",
            ));
        }
        if h.status != Status::Challenged {
            return Err(HostError::Wrong {
                id,
                status: h.status.word(),
                what: "only a challenge is accepted",
            });
        }
        h.clock = Clock {
            base_ms: 0,
            base: Instant::now(),
        };
        let entry = Entry::Round {
            round: h.source.round(1),
        };
        let settle = self.record(h, vec![(0, entry)])?;
        debug_assert!(settle.is_empty());
        self.wake.notify_one();
        Ok(h.view(Some(Player::Challenged), speed))
    }

    /// The challenged player declines, or the challenger withdraws, before the match begins.
    pub fn decline(&self, id: MatchId, me: PlayerId) -> Result<MatchSummary, HostError> {
        let mut all = self.all();
        let h = all.get_mut(&id).ok_or(HostError::NoSuchMatch(id))?;
        if h.player(me).is_none() {
            return Err(HostError::NotYourMatch(id));
        }
        if h.status != Status::Challenged {
            return Err(HostError::Wrong {
                id,
                status: h.status.word(),
                what: "only a challenge is declined or withdrawn",
            });
        }
        self.db()
            .set_death_match_status(id, Status::Declined.word())?;
        h.status = Status::Declined;
        h.news.send_replace(h.told.len());
        Ok(h.summary())
    }

    /// A player acts now. Returns the events the actor may see, and the verdicts to work out.
    pub fn act(
        &self,
        id: MatchId,
        me: PlayerId,
        action: Action,
    ) -> Result<(Vec<Numbered>, Vec<ToSettle>), HostError> {
        let speed = self.speed();
        let mut all = self.all();
        let h = all.get_mut(&id).ok_or(HostError::NoSuchMatch(id))?;
        let player = h.player(me).ok_or(HostError::NotYourMatch(id))?;
        if h.status != Status::Playing {
            return Err(HostError::Wrong {
                id,
                status: h.status.word(),
                what: "no one acts in it",
            });
        }
        let from = h.told.len();
        let at = h.now(speed);
        let settle = self.record(h, vec![(at, Entry::Act { player, action })])?;
        self.wake.notify_one();
        Ok((h.visible(Some(player), from), settle))
    }

    /// Applies entries, and the rounds that follow them, then stores them all; if the
    /// database refuses, the match is as it was and the error is returned.
    fn record(
        &self,
        h: &mut Hosted,
        mut entries: Vec<(Ms, Entry)>,
    ) -> Result<Vec<ToSettle>, HostError> {
        let before = (
            h.game.clone(),
            h.told.len(),
            h.latest_lock.clone(),
            h.announced,
            h.scores_before,
            h.rounds.clone(),
            h.status,
        );
        let mut settle = Vec::new();
        let mut stored = Vec::new();
        let mut i = 0;
        let outcome = loop {
            let Some((at, entry)) = entries.get(i).cloned() else {
                break Ok(());
            };
            i += 1;
            match h.apply(at, &entry) {
                Ok(more) => settle.extend(more),
                Err(e) => break Err(e),
            }
            match serde_json::to_string(&entry) {
                Ok(json) => stored.push(StoredEntry {
                    seq: h.seq + stored.len() as i64,
                    at_ms: at as i64,
                    entry: json,
                }),
                Err(e) => break Err(corrupt(h.id, e).into()),
            }
            let now = h.game.as_ref().map_or(at, Match::now);
            if let Some(next) = h.next_round(now) {
                entries.push(next);
            }
        };
        let clock = h.game.as_ref().map_or(0, Match::now);
        let outcome = outcome.and_then(|()| {
            self.db()
                .log_death_match(h.id, &stored, h.status.word(), clock as i64)
                .map_err(HostError::from)
        });
        match outcome {
            Ok(()) => {
                h.seq += stored.len() as i64;
                Ok(settle)
            }
            Err(e) => {
                let (game, told, latest, announced, scores_before, rounds, status) = before;
                h.game = game;
                h.told.truncate(told);
                h.latest_lock = latest;
                h.announced = announced;
                h.scores_before = scores_before;
                h.rounds = rounds;
                h.status = status;
                h.news.send_replace(h.told.len());
                Err(e)
            }
        }
    }

    /// Lets every deadline up to now pass in every match being played, begins the rounds that
    /// follow, and records the clocks about once a second. Returns the verdicts to work out.
    pub fn tick_all(&self) -> Result<Vec<ToSettle>, HostError> {
        let speed = self.speed();
        let mut all = self.all();
        let mut settle = Vec::new();
        let mut trouble = None;
        for h in all.values_mut().filter(|h| h.status == Status::Playing) {
            let now = h.now(speed);
            let Some(m) = &mut h.game else { continue };
            if m.deadline().is_none_or(|d| d > now) {
                continue;
            }
            let events = m.tick(now);
            settle.extend(h.absorb(events));
            if let Some(next) = h.next_round(now) {
                match self.record(h, vec![next]) {
                    Ok(more) => settle.extend(more),
                    Err(e) => trouble = Some(e),
                }
            } else if h.status == Status::Over {
                // Ended by a deadline: the status and the clock that ended it, so that a
                // restart replays the match to its end.
                let clock = h.game.as_ref().map_or(now, Match::now) as i64;
                if let Err(e) = self
                    .db()
                    .log_death_match(h.id, &[], Status::Over.word(), clock)
                {
                    trouble = Some(e.into());
                }
            }
        }
        let mut recorded = self
            .clocks_recorded
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if recorded.elapsed() >= RECORD_CLOCKS_EVERY {
            *recorded = Instant::now();
            let clocks: Vec<(i64, i64)> = all
                .values()
                .filter(|h| h.status == Status::Playing)
                .map(|h| (h.id, h.now(speed) as i64))
                .collect();
            if !clocks.is_empty()
                && let Err(e) = self.db().set_death_match_clocks(&clocks)
            {
                trouble = Some(e.into());
            }
        }
        match trouble {
            Some(e) => Err(e),
            None => Ok(settle),
        }
    }

    /// Records the solver's verdict on a lock whose impossible call stood.
    pub fn settle(&self, job: &ToSettle, verdict: String) -> Result<(), HostError> {
        let mut all = self.all();
        let h = all.get_mut(&job.id).ok_or(HostError::NoSuchMatch(job.id))?;
        let at = h.game.as_ref().map_or(0, Match::now);
        let entry = Entry::Verdict {
            round: job.round,
            builder: job.builder,
            verdict,
        };
        self.record(h, vec![(at, entry)])?;
        h.news.send_replace(h.told.len());
        Ok(())
    }

    /// How long until the next deadline of any match being played, in real time.
    pub fn next_deadline_in(&self) -> Option<Duration> {
        let speed = self.speed();
        self.all()
            .values()
            .filter(|h| h.status == Status::Playing)
            .filter_map(|h| {
                let due = h.game.as_ref()?.deadline()?;
                let ms = due.saturating_sub(h.now(speed)) as f64 / speed;
                Some(Duration::from_secs_f64(ms / 1000.0))
            })
            .min()
    }

    /// Waits until something may have moved a deadline.
    pub async fn changed(&self) {
        self.wake.notified().await
    }

    /// The matches a player plays in, newest first.
    pub fn list(&self, me: PlayerId) -> Vec<MatchSummary> {
        self.all()
            .values()
            .rev()
            .filter(|h| h.player(me).is_some())
            .map(Hosted::summary)
            .collect()
    }

    /// A match as `me` may see it (any player may watch; only its players see their own).
    pub fn view(&self, id: MatchId, me: PlayerId) -> Result<MatchView, HostError> {
        let speed = self.speed();
        let all = self.all();
        let h = all.get(&id).ok_or(HostError::NoSuchMatch(id))?;
        Ok(h.view(h.player(me), speed))
    }

    /// The events `me` may see from number `from`.
    pub fn events(&self, id: MatchId, me: PlayerId, from: usize) -> Result<Told, HostError> {
        let all = self.all();
        let h = all.get(&id).ok_or(HostError::NoSuchMatch(id))?;
        Ok(Told {
            events: h.visible(h.player(me), from),
            next: h.told.len().max(from),
            more: matches!(h.status, Status::Challenged | Status::Playing),
            news: h.news.subscribe(),
        })
    }
}

/// Events of a match, as one player may see them.
pub struct Told {
    /// The events from the number asked.
    pub events: Vec<Numbered>,
    /// The number to ask from next.
    pub next: usize,
    /// Whether more may come.
    pub more: bool,
    /// Changes when more come.
    pub news: watch::Receiver<usize>,
}
