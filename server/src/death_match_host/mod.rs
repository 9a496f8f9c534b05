//! Hosting Death Matches: the server is the host and the clock. Each match is the rules'
//! [`Match`] driven by the server's time, its log stored as it grows, its events told to each
//! player as the rules let them see.
//!
//! **Time.** A match's clock is the server's monotonic clock times its own speed (a term of
//! the match, chosen with the challenge: 1 in real play, faster for practice) times the
//! server's speed factor (1 in play; tests and bot matches compress time with the same code
//! paths). Deadlines pass when the
//! clock task ([`Host::tick_all`]) or an action reaches them.
//!
//! **Storage.** The log holds the edition of the rules, every round given, every action
//! accepted and every moment deadlines passed, each with the match time it happened at. An
//! entry is committed before anyone is told of what it did ([`Host::record`]): the events it
//! adds to the match are read only through the host's lock, and streams are woken only after
//! the commit. So a restart, replaying the log through the rules, never takes back an event a
//! player has seen. The match's clock is recorded with each entry and about once a second;
//! a match resumes at its recorded clock, or its last entry's time if later: time does not run
//! for a match while its server is down (see docs/death-match.md#hosting).
//!
//! # Layout
//! - [`rounds`]: where rounds come from — the seeded generator or an organiser's round file.
//! - [`view`]: what a player reads of a match, and the API's bodies.
//! - [`settle`]: the solver's word on a lock whose impossible call stood.

mod hosted;
pub mod rounds;
pub mod settle;
pub mod view;

use crate::storage::{Storage, StorageError, StoredEntry, StoredMatch};
use engine::sliding::Lock;
use hosted::{Clock, Entry, Hosted};
use rounds::RoundSource;
use rules::death_match::{Action, Edition, Match, Ms, Pair, Player, Refusal};
use rules::metagame::PlayerId;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};
use view::{MatchSummary, MatchView, Numbered, Status, Terms};

/// A match's number.
pub type MatchId = i64;

/// How often the clocks of matches being played are recorded.
const RECORD_CLOCKS_EVERY: Duration = Duration::from_secs(1);

/// How long the clock task leaves a match whose deadlines the database refused before trying
/// again: the deadlines are told only once logged, and a failing disk is not to be hammered.
const RETRY_DEADLINES_AFTER: Duration = Duration::from_secs(1);

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
    /// The terms asked for cannot be played.
    #[error(transparent)]
    Terms(#[from] view::TermsError),
    /// The rules refuse the action.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
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
        Ok(Host {
            matches: Mutex::new(Host::replay(stored, name)?),
            storage,
            speed: AtomicU64::new(1f64.to_bits()),
            wake: Notify::new(),
            clocks_recorded: Mutex::new(Instant::now()),
        })
    }

    /// Takes every match up again from the database, as a restart does: what a server that
    /// becomes the host runs, since the host before it played them on (see
    /// docs/operating.md). Clocks resume where they were recorded.
    pub fn reload(
        &self,
        stored: Vec<StoredMatch>,
        name: impl Fn(PlayerId) -> String,
    ) -> Result<(), StorageError> {
        let matches = Host::replay(stored, name)?;
        *self.all() = matches;
        // The clocks run from now, at this server's speed.
        self.set_speed(self.speed());
        Ok(())
    }

    /// Every stored match, its log replayed through the rules.
    fn replay(
        stored: Vec<StoredMatch>,
        name: impl Fn(PlayerId) -> String,
    ) -> Result<BTreeMap<MatchId, Hosted>, StorageError> {
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
            // The rules say whether a match begun is over; the stored status speaks for the
            // others.
            if h.game.is_none() {
                h.status = status;
            }
            // Resume at the clock recorded, or the last entry's time if later. Deadlines up to
            // the recorded clock that the log does not hold were never told: the clock task
            // lets them pass and logs them, as it does any deadline.
            let clock = s.clock_ms.max(0) as Ms;
            h.clock.base_ms = h.game.as_ref().map_or(clock, |m| m.now().max(clock));
            matches.insert(s.id, h);
        }
        Ok(matches)
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

    /// Calls `challenged` to a match with `challenger`, on `terms`: logged with the
    /// challenge, in the same commit, as the log's first entry.
    pub fn challenge(
        &self,
        challenger: (PlayerId, String),
        challenged: (PlayerId, String),
        source: RoundSource,
        terms: Terms,
    ) -> Result<MatchSummary, HostError> {
        if challenger.0 == challenged.0 {
            return Err(HostError::Yourself);
        }
        let terms = terms.check()?;
        let json = serde_json::to_string(&source).map_err(|e| corrupt(0, e))?;
        let entry = Entry::Terms { terms };
        let first = StoredEntry {
            seq: 0,
            at_ms: 0,
            entry: serde_json::to_string(&entry).map_err(|e| corrupt(0, e))?,
        };
        let mut all = self.all();
        let id = self
            .db()
            .add_death_match(challenger.0, challenged.0, &json, &first)?;
        let mut h = Hosted::new(
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
        h.apply(0, &entry)?;
        h.seq = 1;
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
        let entries = vec![
            (
                0,
                Entry::Rules {
                    edition: Edition::LATEST,
                },
            ),
            (
                0,
                Entry::Round {
                    round: h.source.round(1),
                },
            ),
        ];
        let settle = self.record(h, entries)?;
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
        // Deadlines that have passed are logged on their own first: a refusal of the action
        // would otherwise tell of a phase the log does not hold ("not during solving"), and a
        // restart could take it back.
        let mut settle = Vec::new();
        if h.game
            .as_ref()
            .and_then(Match::deadline)
            .is_some_and(|d| d <= at)
        {
            settle = self.record(h, vec![(at, Entry::Deadlines)])?;
        }
        settle.extend(self.record(h, vec![(at, Entry::Act { player, action })])?);
        self.wake.notify_one();
        Ok((h.visible(Some(player), from), settle))
    }

    /// Applies entries, and the rounds that follow them, then stores them all; only then are
    /// streams woken to what they told. If the database refuses, the match is as it was, no
    /// one has been told anything, and the error is returned.
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
            h.edition,
            h.terms,
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
                h.news.send_replace(h.told.len());
                Ok(settle)
            }
            Err(e) => {
                let (game, told, latest, announced, scores_before, rounds, status, edition, terms) =
                    before;
                h.game = game;
                h.told.truncate(told);
                h.latest_lock = latest;
                h.announced = announced;
                h.scores_before = scores_before;
                h.rounds = rounds;
                h.status = status;
                h.edition = edition;
                h.terms = terms;
                Err(e)
            }
        }
    }

    /// Lets every deadline up to now pass in every match being played, logging them (and the
    /// rounds that follow) before they are told, and records the clocks about once a second.
    /// Returns the verdicts to work out.
    pub fn tick_all(&self) -> Result<Vec<ToSettle>, HostError> {
        let speed = self.speed();
        let mut all = self.all();
        let mut settle = Vec::new();
        let mut trouble = None;
        for h in all.values_mut().filter(|h| h.status == Status::Playing) {
            if h.stalled_until.is_some_and(|t| t > Instant::now()) {
                continue;
            }
            let now = h.now(speed);
            let Some(m) = &h.game else { continue };
            if m.deadline().is_none_or(|d| d > now) {
                continue;
            }
            match self.record(h, vec![(now, Entry::Deadlines)]) {
                Ok(more) => {
                    h.stalled_until = None;
                    settle.extend(more);
                }
                Err(e) => {
                    h.stalled_until = Some(Instant::now() + RETRY_DEADLINES_AFTER);
                    trouble = Some(e);
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
                let ms = due.saturating_sub(h.now(speed)) as f64 / h.speed(speed);
                let due_in = Duration::from_secs_f64(ms / 1000.0);
                let stalled = h.stalled_until.map_or(Duration::ZERO, |t| {
                    t.saturating_duration_since(Instant::now())
                });
                Some(due_in.max(stalled))
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
