//! The online screen: the studio as the metagame's client. Log in, see the players and my score
//! relative to each, look into anyone's three slots, publish and retire my own locks, pick
//! another player's lock, declare its solution, and replay the notes I have read.
//!
//! Every request runs in the background as a task; what the screen shows comes from the cache,
//! which each answer updates and which is saved per server and player, so it shows at once on
//! start and stays readable offline. A server that cannot be reached is one state, shown once
//! and probed every few seconds; background refreshes wait until it answers again.
//!
//! Each answer carries the generation of the connection it was asked on: switching servers,
//! logging in and logging out start a new one, and an answer of an older one is dropped, so
//! that a reply in flight never lands in another server's or player's cache.

mod replies;
mod requests;
mod view;

pub use view::{CODENAME_ID, PASSWORD_ID};

use crate::background::{self, Generation};
use crate::hexlock::solver::{self, Job, Running, Update};
use crate::online::cache::{self, Cache};
use crate::online::embedded::{self, Embedded};
use crate::online::live::Live;
use crate::online::{Trouble, ask};
use crate::settings::ServerChoice;
use crate::tokens;
use engine::hexlock::Move;
use engine::hexlock::search::Goal;
use iced::Task;
use iced::widget::image;
use server::client::Client;
use server::protocol::{LockView, NoteView, PlayerView, Published, RetiredView, Scores, Session};
use std::collections::HashMap;
use std::path::PathBuf;

/// Where the online screen keeps its files, and how the embedded server is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The user's data folder: the embedded server's database goes in `server/`, the cache in
    /// `cache/`. `None` keeps nothing on disk and runs no embedded server.
    pub data_dir: Option<PathBuf>,
    /// The login tokens file shared with the command line; `None` remembers no login.
    pub tokens_path: Option<PathBuf>,
    /// The embedded server's password hashing memory, in KiB.
    pub password_memory_kib: u32,
}

impl Setup {
    /// The real user's folders.
    pub fn for_user() -> Setup {
        Setup {
            data_dir: directories::ProjectDirs::from("", "", "lockwright")
                .map(|d| d.data_dir().to_path_buf()),
            tokens_path: tokens::default_path().ok(),
            password_memory_kib: server::config::Config::default().password_memory_kib,
        }
    }
}

/// How the studio stands with its server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    /// Nothing heard yet.
    Connecting,
    /// The last request was answered.
    Online,
    /// The server cannot be reached; the cache is shown and the server probed.
    Unreachable(String),
}

/// An action waiting for the player to confirm.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirm {
    /// Retire the lock in this slot.
    Retire(u8),
    /// Publish a lock with no saved solution, after the solver finds one.
    SolveAndPublish(Box<ToPublish>),
}

/// A lock to publish in one of my slots.
#[derive(Debug, Clone, PartialEq)]
pub struct ToPublish {
    /// The slot, 1 to 3.
    pub slot: u8,
    /// The lock, as the editor read it.
    pub lock: engine::hexlock::Lock,
    /// Its text, as published.
    pub text: String,
    /// Its solution in the move notation, when one is saved or found.
    pub solution: Option<String>,
}

/// A picked lock that was just opened: the declaration on offer.
#[derive(Debug, Clone, PartialEq)]
pub struct Declaring {
    pub lock: LockView,
    pub moves: Vec<Move>,
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play another player's lock.
    Pick(LockView),
    /// Play a lock with a note's solution loaded.
    PlayNote(LockView, Vec<Move>, String),
    /// Publish the editor's lock in this slot: the studio has the lock (see [`Online::publish`]).
    Publish(u8),
    /// Switch between the embedded and the remote server: the studio keeps the choice in the
    /// settings (see [`Online::switch`]).
    SwitchServer,
}

#[derive(Debug, Clone)]
pub enum Message {
    CodenameInput(String),
    /// Enter in the codename: on to the password.
    CodenameDone,
    PasswordInput(String),
    Register,
    LogIn,
    LogOut,
    SelectPlayer(String),
    Refresh,
    /// The probe of an unreachable server.
    Retry,
    WorkOffline(bool),
    SwitchServer,
    Pick(i64),
    PlayNote(i64),
    /// Publish the editor's lock in a slot.
    Publish(u8),
    /// Publish this lock: the studio's answer to [`Event::Publish`].
    PublishWith(Box<ToPublish>),
    ConfirmSolve(bool),
    Retire(u8),
    ConfirmRetire(bool),
    Declare(u8),
    DismissDeclare,
    Live(Live),
    /// An answer, asked in this generation of the connection.
    Got(Generation, Reply),
}

/// A request's answer.
#[derive(Debug, Clone)]
pub enum Reply {
    Session(Result<Session, Trouble>),
    Health(Result<(), Trouble>),
    Scores(Result<Scores, Trouble>),
    Player(Result<PlayerView, Trouble>),
    Lock(i64, Result<LockView, Trouble>),
    Notes(Result<Vec<NoteView>, Trouble>),
    Published(Result<Published, Trouble>),
    Retired(u8, Result<RetiredView, Trouble>),
    Declared(Result<NoteView, Trouble>),
    /// The remembered login and the cache of this server, read from disk.
    Restored(Option<(String, String)>, Box<Cache>),
    /// The cache of the player who just logged in, read from disk.
    CacheLoaded(Box<Cache>),
    /// A lock's thumbnail, drawn in the background.
    Thumbnail(i64, crate::family::Shade, Option<image::Handle>),
    /// The solver's news about a lock waiting to be published.
    Solver(Box<ToPublish>, Update),
    /// A write of the cache or the tokens file finished.
    Written(Result<(), String>),
}

/// The online screen.
pub struct Online {
    setup: Setup,
    choice: ServerChoice,
    embedded: Option<Embedded>,
    /// The server's base URL, when there is one.
    url: Option<String>,
    /// Why there is no server to talk to.
    no_server: Option<String>,
    /// The server's key in the tokens file and the cache folder.
    key: String,
    client: Option<Client>,
    codename: Option<String>,
    connection: Connection,
    /// Which connection answers belong to: server and player.
    generation: Generation,
    /// Cache only: no request leaves the studio.
    work_offline: bool,
    cache: Cache,
    /// Each save of the cache is numbered; the writes run in the background and may finish in
    /// any order, so the newest written is kept here and an older one is not written over it.
    cache_saves: u64,
    cache_written: std::sync::Arc<std::sync::Mutex<u64>>,
    thumbnails: HashMap<i64, image::Handle>,
    /// The theme's shade the thumbnails are drawn in.
    shade: crate::family::Shade,
    /// Whose slots are shown; mine when `None`.
    selected: Option<String>,
    codename_input: String,
    password_input: String,
    /// The last thing that happened, in a sentence.
    status: String,
    confirm: Option<Confirm>,
    declaring: Option<Declaring>,
    /// The solver looking for a solution to publish; dropping it calls it off.
    solving: Option<Running>,
    solver_runs: Generation,
}

impl Online {
    /// Connects to the chosen server: starts the embedded one, or names the remote one. The
    /// login remembered for that server and its cache are read in the background.
    pub fn new(
        setup: Setup,
        choice: ServerChoice,
        remote: Option<&str>,
    ) -> (Online, Task<Message>) {
        let mut o = Online {
            setup,
            choice,
            embedded: None,
            url: None,
            no_server: None,
            key: String::new(),
            client: None,
            codename: None,
            connection: Connection::Connecting,
            generation: Generation::default(),
            work_offline: false,
            cache: Cache::default(),
            cache_saves: 0,
            cache_written: Default::default(),
            thumbnails: HashMap::new(),
            shade: crate::family::Shade::Light,
            selected: None,
            codename_input: String::new(),
            password_input: String::new(),
            status: String::new(),
            confirm: None,
            declaring: None,
            solving: None,
            solver_runs: Generation::default(),
        };
        let task = o.connect(remote);
        (o, task)
    }

    fn connect(&mut self, remote: Option<&str>) -> Task<Message> {
        self.embedded = None;
        self.url = None;
        self.no_server = None;
        match self.choice {
            ServerChoice::Embedded => {
                self.key = tokens::EMBEDDED.into();
                match &self.setup.data_dir {
                    Some(dir) => {
                        let mut config = embedded::config(&dir.join("server"));
                        config.password_memory_kib = self.setup.password_memory_kib;
                        match Embedded::start(config) {
                            Ok(e) => {
                                self.url = Some(e.url());
                                self.embedded = Some(e);
                            }
                            Err(e) => self.no_server = Some(format!("{e:#}")),
                        }
                    }
                    None => {
                        self.no_server =
                            Some("there is no data folder for the embedded server".into())
                    }
                }
            }
            ServerChoice::Remote => match remote.map(str::trim).filter(|u| !u.is_empty()) {
                Some(url) => {
                    let url = url.trim_end_matches('/').to_string();
                    self.key = url.clone();
                    // An address no request could reach is said once, not probed forever.
                    match server::client::address_problem(&url) {
                        Some(problem) => self.no_server = Some(format!("{problem} in Settings")),
                        None => self.url = Some(url),
                    }
                }
                None => {
                    self.key = String::new();
                    self.no_server =
                        Some("no remote server is named: give its URL in Settings".into())
                }
            },
        }
        self.connection = Connection::Connecting;
        self.client = self.url.as_deref().map(Client::new);
        self.forget_player();
        // The login remembered for this server and its cache, read off the UI thread.
        let generation = self.generation;
        let tokens_path = self.setup.tokens_path.clone();
        let key = self.key.clone();
        let cache_dir = self.cache_dir();
        background::run(
            move || {
                let login = tokens_path
                    .as_deref()
                    .and_then(|p| tokens::load(p).ok())
                    .and_then(|t| t.login(&key, None));
                let cache = match (&login, &cache_dir) {
                    (Some((codename, _)), Some(dir)) => {
                        Cache::load(&cache::path(dir, &key, codename))
                    }
                    _ => Cache::default(),
                };
                Reply::Restored(login, Box::new(cache))
            },
            move |r| Message::Got(generation, r),
        )
    }

    /// Drops everything known of the player: a new generation begins, and answers asked
    /// before it are ignored.
    fn forget_player(&mut self) {
        self.generation.advance();
        self.codename = None;
        self.cache = Cache::default();
        self.thumbnails.clear();
        self.selected = None;
        self.declaring = None;
        self.confirm = None;
        self.solving = None;
    }

    /// Logs the player out here: a new generation, and a client with no token. The client
    /// they were logged in with is returned, for its token.
    fn logged_out(&mut self) -> Option<Client> {
        let was = self.client.take();
        self.forget_player();
        self.client = self.url.as_deref().map(Client::new);
        was
    }

    /// Logs in as a player with a token: a new generation, with the player's cache to read.
    fn logged_in_as(&mut self, codename: String, token: String) {
        self.forget_player();
        self.client = self
            .url
            .as_deref()
            .map(|u| Client::new(u).with_token(token));
        self.codename = Some(codename);
    }

    fn cache_dir(&self) -> Option<PathBuf> {
        Some(self.setup.data_dir.as_ref()?.join("cache"))
    }

    fn cache_path_for(&self, codename: &str) -> Option<PathBuf> {
        Some(cache::path(&self.cache_dir()?, &self.key, codename))
    }

    /// Switches between the embedded server and the remote one.
    pub fn switch(&mut self, choice: ServerChoice, remote: Option<&str>) -> Task<Message> {
        self.choice = choice;
        let task = self.connect(remote);
        self.status = format!("now on {}", self.server_label());
        Task::batch([task, self.refresh()])
    }

    /// The server in a few words, for the window's edge.
    pub fn server_label(&self) -> String {
        match (&self.choice, &self.url) {
            (ServerChoice::Embedded, Some(url)) => format!("the embedded server ({url})"),
            (ServerChoice::Remote, Some(url)) => url.clone(),
            // Without a server, what was asked for: "no server · no server" said nothing.
            (ServerChoice::Embedded, None) => "the embedded server".into(),
            (ServerChoice::Remote, None) if !self.key.is_empty() => self.key.clone(),
            (ServerChoice::Remote, None) => "no remote server named".into(),
        }
    }

    /// The one line the side panel shows: server, connection and player.
    pub fn summary(&self) -> String {
        let state = if self.no_server.is_some() {
            "no server"
        } else if self.work_offline {
            "offline (cache only)"
        } else {
            match self.connection {
                Connection::Connecting => "connecting",
                Connection::Online => "online",
                Connection::Unreachable(_) => "unreachable",
            }
        };
        let who = self
            .codename
            .as_deref()
            .map_or("not logged in".to_string(), |c| format!("as {c}"));
        format!("Server: {} · {state} · {who}", self.server_label())
    }

    /// Who is logged in.
    pub fn server_key(&self) -> &str {
        &self.key
    }

    pub fn codename(&self) -> Option<&str> {
        self.codename.as_deref()
    }

    /// How the studio stands with its server.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// What the screen last heard from the server.
    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    /// The last thing that happened, in a sentence.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The server's base URL, when there is one.
    pub fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// Which server the screen plays on.
    /// Where the practice bot keeps its password: only on the studio's own server, where a
    /// bot player harms no one.
    pub fn bot_home(&self) -> Option<PathBuf> {
        match self.choice {
            ServerChoice::Embedded if self.embedded.is_some() => {
                self.setup.data_dir.as_ref().map(|d| d.join("server"))
            }
            _ => None,
        }
    }

    /// The server chosen: the embedded one or a remote one.
    pub fn choice(&self) -> ServerChoice {
        self.choice
    }

    /// The declaration on offer after opening a picked lock.
    pub fn declaring(&self) -> Option<&Declaring> {
        self.declaring.as_ref()
    }

    /// An action waiting for the player to confirm.
    pub fn confirming(&self) -> Option<&Confirm> {
        self.confirm.as_ref()
    }

    /// Whether the player works from the cache only.
    pub fn is_offline(&self) -> bool {
        self.work_offline
    }

    /// A lock's thumbnail, once drawn.
    pub fn thumbnail(&self, id: i64) -> Option<&image::Handle> {
        self.thumbnails.get(&id)
    }

    /// My view of my own slots, from the cache.
    pub fn me(&self) -> Option<&PlayerView> {
        self.cache.players.get(self.codename.as_deref()?)
    }

    /// Whether each of my slots can secure a note, and why not.
    pub fn holders(&self) -> Vec<(u8, Result<String, String>)> {
        (1..=3u8)
            .map(|n| {
                let slot = self.me().and_then(|v| v.slots.iter().find(|s| s.slot == n));
                let why = match slot.and_then(|s| s.lock.as_ref()) {
                    None => Err(format!("slot {n} is empty")),
                    Some(l) if l.public => Err(format!(
                        "«{}» in slot {n} is public: its notes are open to all",
                        l.name
                    )),
                    Some(l) => Ok(format!("slot {n}: «{}»", l.name)),
                };
                (n, why)
            })
            .collect()
    }

    /// A picked lock was opened in play with these moves: offer the declaration.
    pub fn opened(&mut self, lock: LockView, moves: Vec<Move>) {
        self.declaring = Some(Declaring { lock, moves });
    }

    /// Takes back the declaration on offer (the player left the picked lock).
    pub fn stop_declaring(&mut self) {
        self.declaring = None;
    }

    /// Says why something the studio was asked for cannot be done.
    pub fn say(&mut self, status: impl Into<String>) {
        self.status = status.into();
    }

    /// Publishes a lock in one of my slots; with no solution, asks to let the solver find one.
    pub fn publish(&mut self, p: ToPublish) -> Task<Message> {
        if self.codename.is_none() {
            self.status = "log in to publish".into();
            return Task::none();
        }
        if self.work_offline {
            self.status = "working offline: publishing waits until you go online".into();
            return Task::none();
        }
        match p.solution.clone() {
            Some(solution) => {
                self.status = format!("publishing «{}» in slot {}…", p.lock.info.name, p.slot);
                let (slot, text) = (p.slot, p.text);
                self.task(
                    move |c| async move { c.publish(slot, &text, &solution).await },
                    Reply::Published,
                )
            }
            None => {
                self.confirm = Some(Confirm::SolveAndPublish(Box::new(p)));
                Task::none()
            }
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            // Codenames have no lowercase letters: what is typed is what the server accepts.
            Message::CodenameInput(s) => {
                self.codename_input = s.to_ascii_uppercase();
                Task::none()
            }
            Message::CodenameDone => iced::widget::operation::focus(PASSWORD_ID),
            Message::PasswordInput(s) => {
                self.password_input = s;
                Task::none()
            }
            Message::Register | Message::LogIn => {
                let Some(url) = self.url.clone() else {
                    self.status = self.no_server.clone().unwrap_or_default();
                    return (Task::none(), None);
                };
                if self.work_offline {
                    self.status = "working offline: go online to log in".into();
                    return (Task::none(), None);
                }
                let codename = self.codename_input.trim().to_string();
                let password = self.password_input.clone();
                let generation = self.generation;
                let register = matches!(message, Message::Register);
                self.status = if register {
                    format!("registering {codename}…")
                } else {
                    format!("logging in as {codename}…")
                };
                Task::perform(
                    async move {
                        let mut client = Client::new(&url);
                        if register {
                            ask(client.register(&codename, &password)).await
                        } else {
                            ask(client.login(&codename, &password)).await
                        }
                    },
                    move |r| Message::Got(generation, Reply::Session(r)),
                )
            }
            Message::LogOut => {
                let signed_in = self.logged_out().filter(|c| c.token().is_some());
                self.status = "logged out".into();
                let path = self.setup.tokens_path.clone();
                let key = self.key.clone();
                let generation = self.generation;
                let forget = background::run(
                    move || match path {
                        Some(p) => tokens::forget_current(&p, &key).map_err(|e| format!("{e:#}")),
                        None => Ok(()),
                    },
                    move |r| Message::Got(generation, Reply::Written(r)),
                );
                // The server revokes the token too, so that a copy of the tokens file cannot
                // use it; offline, it expires on its own.
                let revoke = match signed_in {
                    Some(mut client) => Task::future(async move {
                        let _ = client.logout(false).await;
                    })
                    .discard(),
                    None => Task::none(),
                };
                Task::batch([forget, revoke])
            }
            Message::SelectPlayer(c) => {
                let mine = self.codename.as_deref() == Some(c.as_str());
                self.selected = (!mine).then(|| c.clone());
                if self.may_ask() {
                    self.ask_player(c)
                } else {
                    Task::none()
                }
            }
            Message::Refresh => {
                if matches!(self.connection, Connection::Unreachable(_)) && !self.work_offline {
                    // The player asked: try now rather than wait for the probe.
                    self.connection = Connection::Connecting;
                }
                self.refresh()
            }
            Message::Retry => {
                if self.probing() {
                    self.task(|c| async move { c.health().await }, Reply::Health)
                } else {
                    Task::none()
                }
            }
            Message::WorkOffline(on) => {
                self.work_offline = on;
                if on {
                    self.status = "working offline: showing the cache".into();
                    Task::none()
                } else {
                    self.connection = Connection::Connecting;
                    self.status = "back online".into();
                    self.refresh()
                }
            }
            Message::Pick(id) => match self.cache.locks.get(&id) {
                Some(view) => return (Task::none(), Some(Event::Pick(view.clone()))),
                None => {
                    self.status = "that lock's text has not arrived yet".into();
                    Task::none()
                }
            },
            Message::PlayNote(id) => {
                let note = self.cache.notes.iter().find(|n| n.id == id);
                let lock = note.and_then(|n| self.cache.locks.get(&n.on.id));
                match (note, lock) {
                    (Some(n), Some(l)) => {
                        match n
                            .solution
                            .as_deref()
                            .map(lockfmt::hexlock::parse_solution)
                            .and_then(Result::ok)
                        {
                            Some(s) => {
                                return (
                                    Task::none(),
                                    Some(Event::PlayNote(l.clone(), s.moves, n.author.clone())),
                                );
                            }
                            None => {
                                self.status = "that note's solution cannot be read".into();
                            }
                        }
                    }
                    _ => self.status = "that note's lock has not arrived yet".into(),
                }
                Task::none()
            }
            // The studio answers these: publishing needs the editor's lock (see `publish`),
            // switching the settings (see `switch`).
            Message::Publish(slot) => return (Task::none(), Some(Event::Publish(slot))),
            Message::SwitchServer => return (Task::none(), Some(Event::SwitchServer)),
            Message::PublishWith(p) => self.publish(*p),
            Message::ConfirmSolve(yes) => match self.confirm.take() {
                Some(Confirm::SolveAndPublish(p)) if yes => {
                    self.status = format!(
                        "the solver is looking for a solution to «{}»…",
                        p.lock.info.name
                    );
                    let run = self.solver_runs.advance();
                    let (task, running) =
                        solver::start(run, Job::shortest(p.lock.clone(), Goal::Solution));
                    self.solving = Some(running);
                    let generation = self.generation;
                    task.map(move |(_, update)| {
                        Message::Got(generation, Reply::Solver(p.clone(), update))
                    })
                }
                _ => Task::none(),
            },
            Message::Retire(slot) => {
                self.confirm = Some(Confirm::Retire(slot));
                Task::none()
            }
            Message::ConfirmRetire(yes) => match self.confirm.take() {
                Some(Confirm::Retire(slot)) if yes => {
                    self.status = format!("retiring the lock in slot {slot}…");
                    self.task(
                        move |c| async move { c.retire(slot).await },
                        move |r| Reply::Retired(slot, r),
                    )
                }
                _ => Task::none(),
            },
            Message::Declare(behind) => match &self.declaring {
                Some(d) => {
                    let lock = d.lock.id;
                    let solution = lockfmt::hexlock::format_moves(&d.moves);
                    self.status = format!("declaring behind slot {behind}…");
                    self.task(
                        move |c| async move { c.declare(lock, behind, &solution).await },
                        Reply::Declared,
                    )
                }
                None => Task::none(),
            },
            Message::DismissDeclare => {
                self.declaring = None;
                Task::none()
            }
            Message::Live(Live::Connected) => Task::none(),
            Message::Live(Live::Event(_)) => self.refresh(),
            // The token refused: the login is let go (a stream of one let go already has
            // nothing more to say).
            Message::Live(Live::Lost(Trouble::NotLoggedIn)) => {
                if self.codename.is_some() {
                    self.trouble(Trouble::NotLoggedIn)
                } else {
                    Task::none()
                }
            }
            // Any other break is the one unreachable state: its probe, once answered, opens the
            // stream again (the same stream, left online, would never be followed again).
            Message::Live(Live::Lost(trouble)) => {
                let why = match trouble {
                    Trouble::Unreachable(why) => why,
                    other => other.message(),
                };
                self.lost(why);
                Task::none()
            }
            Message::Got(generation, reply) => {
                if !self.generation.is_current(generation) {
                    // Asked on another server or as another player: not ours any more.
                    return (Task::none(), None);
                }
                self.got(reply)
            }
        };
        (task, None)
    }
}
