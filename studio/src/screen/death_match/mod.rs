//! The Death Match screen: Lockmaker's two-player match played against the server the online
//! screen is logged in to. The lobby lists my matches (challenges to answer, matches being
//! played, matches over) and calls new ones; a match shows its phase and both clocks with the
//! reserve, the board and the offered pieces to draft, my lock to build in the sliding-lock
//! editor (started with exactly my drafted pieces), the lock to pick with my moves, the choice,
//! the countersolve, and the table after each round.
//!
//! The server's clock is the truth: the screen reads the match every quarter second while one
//! is open and counts down between reads. Every request runs in the background and its answer
//! carries the generation of the login it was asked under, so an answer for another server or
//! player is dropped.
//!
//! The seed forbids solvers during a match: [`DeathMatch::forbidden`] names the opponents'
//! locks of matches being played, and the studio turns its solver off for them.

mod pictures;
mod practice;
mod view;

pub use practice::{BOT, SPEEDS, bot_challenge};
pub use view::{MOVES_ID, OPPONENT_ID, SHAPES};

use crate::background::{self, Generation};
use crate::online::{Trouble, ask};
use iced::Task;
use rules::death_match::{Action, DraftOrder, serial};
use server::client::Client;
use server::death_match_host::view::{Acted, Challenge, MatchSummary, MatchView, Status};
use std::path::PathBuf;
use std::time::Instant;

/// Why the solver is off, in the studio's words.
pub const SOLVER_OFF: &str =
    "the solver is off for your opponent's lock: the seed forbids solvers during a Death Match";

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Open this lock file in the editor (it was just written, or kept from before).
    Open(PathBuf),
    /// Submit the editor's text as my lock: the studio answers with
    /// [`DeathMatch::submit_lock`].
    SubmitEditorLock,
    /// Submit the moves played on the board in the editor: the studio answers with
    /// [`DeathMatch::submit_moves`].
    SubmitBoardMoves,
    /// Show the Online screen, where the player logs in.
    GoOnline,
}

#[derive(Debug, Clone)]
pub enum Message {
    Refresh,
    /// Go to the Online screen to log in.
    GoOnline,
    OpponentInput(String),
    Challenge,
    Accept(i64),
    Decline(i64),
    Show(i64),
    BackToLobby,
    /// An action in the open match.
    Act(Action),
    Order(DraftOrder),
    MovesInput(String),
    /// Submit the typed moves: a solution, or a countersolution while countersolving.
    SubmitMoves,
    SubmitBoardMoves,
    OpenMyLock,
    OpenLockToPick,
    SubmitEditorLock,
    /// A bot of this strength (0 to 1) challenges me, and plays when I accept.
    Practise(f32),
    /// The speed practice matches are played at, from [`SPEEDS`].
    PracticeSpeed(u32),
    /// Time to read the open match again.
    Tick,
    Got(Generation, Reply),
    /// A picture of the board or of a lock, drawn.
    Pictured(pictures::Themed, Option<iced::widget::image::Handle>),
}

#[derive(Debug, Clone)]
pub enum Reply {
    List(Result<Vec<MatchSummary>, Trouble>),
    Summary(Result<MatchSummary, Trouble>),
    Match(Result<Box<MatchView>, Trouble>),
    Acted(Result<Acted, Trouble>),
    /// A lock file written (or found) for the editor.
    Written(Result<PathBuf, String>),
    /// The practice bot's challenge, or why it could not make one.
    BotChallenged(Result<i64, String>),
    /// The practice bot's match ended (or it stopped), when it is known which.
    BotDone(Option<i64>, Result<(), String>),
}

/// The screen's state.
#[derive(Default)]
pub struct DeathMatch {
    client: Option<Client>,
    codename: Option<String>,
    /// The server and player answers belong to.
    key: String,
    generation: Generation,
    /// Where lock files for the editor are written.
    folder: PathBuf,
    matches: Vec<MatchSummary>,
    open: Option<i64>,
    shown: Option<MatchView>,
    /// When `shown` was read: the countdown runs from there.
    read_at: Option<Instant>,
    /// A read of the open match is in flight.
    reading: bool,
    opponent_input: String,
    moves_input: String,
    status: String,
    /// Where the practice bot keeps its password, when it may play here.
    bot_home: Option<PathBuf>,
    /// How many times real time the next practice match runs (0, as never chosen, is 1).
    practice_speed: u32,
    /// The opponents' locks the solver must not look at, by match.
    forbidden: std::collections::BTreeMap<i64, Vec<u64>>,
    /// The open match's board and lock to pick, drawn.
    pictures: pictures::Pictures,
    /// The practice bots this studio runs, by match.
    bots: practice::Bots,
}

impl DeathMatch {
    /// Talks to `url` as `codename` with `token` (from the online screen's login), writing lock
    /// files under `folder`. A different server or player starts afresh.
    pub fn connect(
        &mut self,
        login: Option<(&str, &str)>,
        codename: Option<&str>,
        folder: PathBuf,
        bot_home: Option<PathBuf>,
    ) -> Task<Message> {
        self.folder = folder.join("death-match");
        self.bot_home = bot_home;
        let key = format!("{login:?}|{codename:?}");
        if key == self.key {
            return self.refresh();
        }
        self.key = key;
        self.generation.advance();
        self.client = login.map(|(url, token)| Client::new(url).with_token(token));
        self.codename = codename.map(str::to_string);
        self.matches.clear();
        self.forbidden.clear();
        self.pictures.clear();
        self.bots = practice::Bots::default();
        self.open = None;
        self.shown = None;
        self.status.clear();
        self.refresh()
    }

    /// The player logged in, if any.
    pub fn codename(&self) -> Option<&str> {
        self.codename.as_deref()
    }

    /// My matches, as last read.
    pub fn matches(&self) -> &[MatchSummary] {
        &self.matches
    }

    /// The open match, as last read.
    pub fn shown(&self) -> Option<&MatchView> {
        self.shown.as_ref()
    }

    /// Whether the open match's board, the pieces offered and its lock to pick once shown are
    /// drawn in the theme now.
    pub fn pictured(&self) -> bool {
        let Some(v) = &self.shown else {
            return false;
        };
        let board = v
            .setup
            .as_ref()
            .map(|s| pictures::Subject::Board(s.board.clone()));
        let lock = v.opponent_lock.clone().map(pictures::Subject::Lock);
        board.is_some()
            && board
                .into_iter()
                .chain(lock)
                .chain(offered(v))
                .all(|s| self.pictures.is_drawn(&s))
    }

    /// The last thing that happened, in a sentence.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Whether the open match is being played: the screen reads it again and again.
    pub fn is_live(&self) -> bool {
        self.shown
            .as_ref()
            .is_some_and(|v| v.status == Status::Playing)
    }

    /// The locks the solver must not look at: my opponents' locks, as shown to me so far, in
    /// every match being played that I have opened, by their digest.
    pub fn forbidden(&self) -> Vec<u64> {
        self.forbidden.values().flatten().copied().collect()
    }

    /// Whether the pictures are drawn in the dark theme's colours.
    pub fn is_dark(&self) -> bool {
        self.pictures.is_dark()
    }

    /// Draws the pictures in the dark theme's colours, or the light one's: the open match's are
    /// drawn again.
    pub fn set_dark(&mut self, dark: bool) -> Task<Message> {
        let changed = self.pictures.set_dark(dark);
        match self.shown.clone() {
            Some(v) if changed => self.draw(&v),
            _ => Task::none(),
        }
    }

    /// Draws the match's board, the pieces offered and the lock to pick, unless drawn already.
    fn draw(&mut self, v: &MatchView) -> Task<Message> {
        let subjects = v
            .setup
            .as_ref()
            .map(|s| pictures::Subject::Board(s.board.clone()))
            .into_iter()
            .chain(v.opponent_lock.clone().map(pictures::Subject::Lock))
            .chain(offered(v));
        let tasks: Vec<_> = subjects
            .map(|s| {
                self.pictures
                    .ask(s)
                    .map(|(subject, picture)| Message::Pictured(subject, picture))
            })
            .collect();
        Task::batch(tasks)
    }

    /// Notes the opponents' locks of a match just read, or forgets them once it is over.
    fn note_forbidden(&mut self, v: &MatchView) {
        match (v.status, v.you) {
            (Status::Playing, Some(me)) => {
                let digests = v
                    .opponent_lock
                    .iter()
                    .chain(v.rounds.iter().filter_map(|r| r.locks[me.other()].as_ref()))
                    .filter_map(|text| serial::lock::read(text).ok())
                    .map(|lock| lockfmt::sliding::solution::lock_digest(&lock));
                let known = self.forbidden.entry(v.id).or_default();
                for d in digests {
                    if !known.contains(&d) {
                        known.push(d);
                    }
                }
            }
            _ => {
                self.forbidden.remove(&v.id);
            }
        }
    }

    fn ask<T: Send + 'static>(
        &mut self,
        call: impl FnOnce(Client) -> std::pin::Pin<Box<dyn Future<Output = T> + Send>>,
        reply: impl FnOnce(T) -> Reply + Send + 'static,
    ) -> Task<Message> {
        let Some(client) = self.client.clone() else {
            // Logged out with no match open, the lobby itself says how to log in.
            if self.shown.is_some() {
                self.status = "log in on the Online screen to play Death Matches".into();
            }
            return Task::none();
        };
        let generation = self.generation;
        Task::perform(call(client), move |r| Message::Got(generation, reply(r)))
    }

    /// Reads my matches, and the open one.
    pub fn refresh(&mut self) -> Task<Message> {
        let list = self.ask(
            |c| Box::pin(async move { ask(c.matches()).await }),
            Reply::List,
        );
        Task::batch([list, self.read_open()])
    }

    fn read_open(&mut self) -> Task<Message> {
        let Some(id) = self.open else {
            return Task::none();
        };
        self.reading = true;
        self.ask(
            move |c| Box::pin(async move { ask(c.death_match(id)).await.map(Box::new) }),
            Reply::Match,
        )
    }

    fn act(&mut self, action: Action) -> Task<Message> {
        let Some(id) = self.open else {
            return Task::none();
        };
        self.ask(
            move |c| Box::pin(async move { ask(c.act(id, &action)).await }),
            Reply::Acted,
        )
    }

    /// Submits `text` (the editor's) as my lock in the open match.
    pub fn submit_lock(&mut self, text: &str) -> Task<Message> {
        match serial::lock::read(text) {
            Ok(lock) => self.act(Action::SubmitLock(lock)),
            Err(e) => {
                self.status = format!("the editor's lock does not read: {e}");
                Task::none()
            }
        }
    }

    /// Submits `moves` as a solution, or as a countersolution while I countersolve.
    pub fn submit_moves(&mut self, moves: String) -> Task<Message> {
        if moves.trim().is_empty() {
            self.status = "no moves to submit: play them on the board or type them".into();
            return Task::none();
        }
        let countersolving = self.shown.as_ref().is_some_and(|v| {
            matches!(
                (&v.phase, v.you),
                (Some(rules::death_match::Phase::Countersolve { stages }), Some(me))
                    if matches!(stages[me], rules::death_match::Stage::Solving { .. })
            )
        });
        self.act(if countersolving {
            Action::SubmitCountersolution(moves)
        } else {
            Action::SubmitSolution(moves)
        })
    }

    /// Writes a lock file for the editor (keeping one already there: it may hold my work) and
    /// asks the studio to open it.
    fn write_lock(&mut self, name: String, text: String, keep: bool) -> Task<Message> {
        let path = self.folder.join(name);
        let generation = self.generation;
        background::run(
            move || {
                if keep && path.exists() {
                    return Ok(path);
                }
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
                }
                crate::files::write_atomic(&path, &text)
                    .map_err(|e| format!("cannot write {}: {e:#}", path.display()))?;
                Ok(path)
            },
            move |r| Message::Got(generation, Reply::Written(r)),
        )
    }

    fn open_my_lock(&mut self) -> Task<Message> {
        let Some(v) = &self.shown else {
            return Task::none();
        };
        let (Some(me), Some(setup)) = (v.you, v.setup.as_ref()) else {
            return Task::none();
        };
        let lock = match &v.your_lock {
            Some(text) => serial::lock::read(text).ok(),
            None => rules::death_match::bot::first_fit(&setup.board, &v.drafted[me]),
        };
        let Some(lock) = lock else {
            self.status = "your drafted pieces do not fit on this board".into();
            return Task::none();
        };
        let name = format!("match-{}-round-{}-my-lock.slide", v.id, v.round);
        self.write_lock(name, serial::lock::write(&lock), true)
    }

    fn open_lock_to_pick(&mut self) -> Task<Message> {
        let Some(v) = &self.shown else {
            return Task::none();
        };
        let Some(text) = v.opponent_lock.clone() else {
            self.status = "the lock to pick is shown when solving begins".into();
            return Task::none();
        };
        let name = format!("match-{}-round-{}-to-pick.slide", v.id, v.round);
        self.write_lock(name, text, false)
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Refresh => self.refresh(),
            // Codenames have no lowercase letters (see the Online screen).
            Message::OpponentInput(s) => {
                self.opponent_input = s.to_ascii_uppercase();
                Task::none()
            }
            Message::Challenge => {
                let opponent = self.opponent_input.trim().to_string();
                if opponent.is_empty() {
                    self.status = "name the player to challenge".into();
                    return (Task::none(), None);
                }
                self.ask(
                    move |c| {
                        Box::pin(async move {
                            ask(c.challenge(&Challenge {
                                opponent,
                                ..Challenge::default()
                            }))
                            .await
                        })
                    },
                    Reply::Summary,
                )
            }
            // What was said belongs to the page it was said on.
            Message::Accept(id) => {
                self.status.clear();
                self.open = Some(id);
                self.ask(
                    move |c| Box::pin(async move { ask(c.accept(id)).await.map(Box::new) }),
                    Reply::Match,
                )
            }
            Message::Decline(id) => self.ask(
                move |c| Box::pin(async move { ask(c.decline(id)).await }),
                Reply::Summary,
            ),
            Message::Show(id) => {
                self.status.clear();
                self.open = Some(id);
                self.shown = None;
                self.read_open()
            }
            Message::GoOnline => return (Task::none(), Some(Event::GoOnline)),
            Message::BackToLobby => {
                self.status.clear();
                self.open = None;
                self.shown = None;
                self.refresh()
            }
            Message::Act(action) => self.act(action),
            Message::Order(order) => self.act(Action::ChooseDraftOrder(order)),
            Message::MovesInput(s) => {
                self.moves_input = s;
                Task::none()
            }
            Message::SubmitMoves => {
                let moves = self.moves_input.clone();
                self.submit_moves(moves)
            }
            Message::SubmitBoardMoves => return (Task::none(), Some(Event::SubmitBoardMoves)),
            Message::SubmitEditorLock => return (Task::none(), Some(Event::SubmitEditorLock)),
            Message::Practise(strength) => self.practise(strength),
            Message::PracticeSpeed(speed) => {
                self.choose_practice_speed(speed);
                Task::none()
            }
            Message::OpenMyLock => self.open_my_lock(),
            Message::OpenLockToPick => self.open_lock_to_pick(),
            Message::Tick => {
                if self.reading || !self.is_live() {
                    Task::none()
                } else {
                    self.read_open()
                }
            }
            Message::Pictured(subject, picture) => {
                self.pictures.drawn(subject, picture);
                Task::none()
            }
            Message::Got(asked, reply) => {
                if !self.generation.is_current(asked) {
                    return (Task::none(), None);
                }
                return self.got(reply);
            }
        };
        (task, None)
    }

    fn got(&mut self, reply: Reply) -> (Task<Message>, Option<Event>) {
        match reply {
            Reply::List(Ok(list)) => {
                self.matches = list;
                return (self.resume_bots(), None);
            }
            Reply::Summary(Ok(s)) => {
                self.status = match s.status {
                    Status::Declined => format!("match {} is off", s.id),
                    _ => format!(
                        "match {}: {} challenges {}",
                        s.id, s.challenger, s.challenged
                    ),
                };
                return (self.refresh(), None);
            }
            Reply::Match(Ok(v)) => {
                self.reading = false;
                self.note_forbidden(&v);
                if Some(v.id) == self.open {
                    let stage =
                        |m: &MatchView| (m.round, m.phase.as_ref().map(std::mem::discriminant));
                    if self
                        .shown
                        .as_ref()
                        .is_some_and(|old| stage(old) != stage(&v))
                    {
                        // What was said belongs to the phase it was said in.
                        self.status.clear();
                    }
                    let draw = self.draw(&v);
                    self.shown = Some(*v);
                    self.read_at = Some(Instant::now());
                    return (draw, None);
                }
            }
            Reply::Acted(Ok(acted)) => {
                // The first event is what the action did; those after it (the opponent's turn,
                // with its time on the match's clock) the page already shows.
                let shown = self.shown.as_ref();
                self.status = acted
                    .events
                    .first()
                    .map(|n| {
                        n.event.sentence_naming(|p| match shown {
                            Some(v) => v.name(p).to_string(),
                            None => format!("{p:?}"),
                        })
                    })
                    .unwrap_or_else(|| "done".into());
                self.moves_input.clear();
                return (self.read_open(), None);
            }
            Reply::Written(Ok(path)) => return (Task::none(), Some(Event::Open(path))),
            Reply::BotChallenged(Ok(id)) => {
                self.bots.challenged(Some(id));
                self.status = format!("BOT challenges you: match {id}. Accept it to play.");
                return (self.refresh(), None);
            }
            Reply::BotChallenged(Err(e)) => {
                self.bots.challenged(None);
                self.status = e;
            }
            Reply::BotDone(id, done) => {
                self.bots.done(id);
                if let Err(e) = done {
                    self.status = e;
                }
            }
            Reply::Written(Err(e)) => self.status = e,
            Reply::List(Err(t)) | Reply::Summary(Err(t)) | Reply::Acted(Err(t)) => {
                self.status = t.message()
            }
            Reply::Match(Err(t)) => {
                self.reading = false;
                self.status = t.message();
            }
        }
        (Task::none(), None)
    }

    /// The match time now, estimated from the last read and the server's speed.
    pub fn now_ms(&self) -> Option<u64> {
        let v = self.shown.as_ref()?;
        let since = self.read_at?.elapsed().as_secs_f64() * 1000.0;
        let run = if v.status == Status::Playing {
            since * v.speed
        } else {
            0.0
        };
        Some(v.now_ms + run as u64)
    }
}

/// The shapes of the pieces offered in the open match's round, each once.
fn offered(v: &MatchView) -> impl Iterator<Item = pictures::Subject> + use<> {
    let shapes: std::collections::BTreeSet<_> = v
        .setup
        .iter()
        .flat_map(|s| s.offered.iter().map(|p| p.shape))
        .collect();
    shapes.into_iter().map(pictures::Subject::Shape)
}
