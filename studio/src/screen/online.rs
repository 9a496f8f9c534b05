//! The online screen: the studio as the metagame's client. Log in, see the players and my score
//! relative to each, look into anyone's three slots, publish and retire my own locks, pick
//! another player's lock, declare its solution, and replay the notes I have read.
//!
//! Every request runs in the background as a task; what the screen shows comes from the cache,
//! which each answer updates and which is saved per server and player, so it shows at once on
//! start and stays readable offline. A server that cannot be reached is one state, shown once
//! and probed every few seconds; background refreshes wait until it answers again.

use crate::hexlock::picture::Palette;
use crate::online::cache::{self, Cache};
use crate::online::embedded::{self, Embedded};
use crate::online::live::Live;
use crate::online::{Trouble, ask};
use crate::settings::ServerChoice;
use crate::tokens;
use engine::hexlock::Move;
use iced::widget::{button, checkbox, column, container, image, row, scrollable, text, text_input};
use iced::{Color, Element, Fill, Length, Task};
use server::client::Client;
use server::protocol::{
    LockView, NoteView, PlayerView, Published, RetiredView, Scores, Session, SlotView,
};
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
    SolveAndPublish {
        slot: u8,
        name: String,
        text: String,
    },
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
}

#[derive(Debug, Clone)]
pub enum Message {
    CodenameInput(String),
    PasswordInput(String),
    Register,
    LogIn,
    LogOut,
    SelectPlayer(String),
    Refresh,
    /// The probe of an unreachable server.
    Retry,
    WorkOffline(bool),
    /// Switch between the embedded and the remote server: the studio keeps the choice.
    SwitchServer,
    Pick(i64),
    PlayNote(i64),
    /// Publish the editor's lock in a slot: the studio fills in the lock.
    Publish(u8),
    ConfirmSolve(bool),
    Retire(u8),
    ConfirmRetire(bool),
    Declare(u8),
    DismissDeclare,
    Live(Live),
    Got(Reply),
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
    /// The solver's answer for a lock waiting to be published.
    Solved(u8, String, Result<Vec<Move>, String>),
    CacheSaved(Result<(), String>),
}

/// The online screen.
pub struct Online {
    setup: Setup,
    pub choice: ServerChoice,
    embedded: Option<Embedded>,
    /// The server's base URL, when there is one.
    pub url: Option<String>,
    /// Why there is no server to talk to.
    pub no_server: Option<String>,
    /// The server's key in the tokens file and the cache folder.
    key: String,
    client: Option<Client>,
    pub codename: Option<String>,
    pub connection: Connection,
    /// Cache only: no request leaves the studio.
    pub work_offline: bool,
    pub cache: Cache,
    /// Each save of the cache is numbered; the writes run in the background and may finish in
    /// any order, so the newest written is kept here and an older one is not written over it.
    cache_saves: u64,
    cache_written: std::sync::Arc<std::sync::Mutex<u64>>,
    thumbnails: HashMap<i64, image::Handle>,
    /// Whose slots are shown; mine when `None`.
    pub selected: Option<String>,
    pub codename_input: String,
    pub password_input: String,
    /// The last thing that happened, in a sentence.
    pub status: String,
    pub confirm: Option<Confirm>,
    pub declaring: Option<Declaring>,
}

impl Online {
    /// Connects to the chosen server: starts the embedded one, or names the remote one. The
    /// login remembered for that server and its cache are loaded at once.
    pub fn new(setup: Setup, choice: ServerChoice, remote: Option<&str>) -> Online {
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
            work_offline: false,
            cache: Cache::default(),
            cache_saves: 0,
            cache_written: Default::default(),
            thumbnails: HashMap::new(),
            selected: None,
            codename_input: String::new(),
            password_input: String::new(),
            status: String::new(),
            confirm: None,
            declaring: None,
        };
        o.connect(remote);
        o
    }

    fn connect(&mut self, remote: Option<&str>) {
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
                    self.url = Some(url);
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
        self.codename = None;
        self.cache = Cache::default();
        self.thumbnails.clear();
        self.selected = None;
        self.declaring = None;
        self.confirm = None;
        let login = self
            .setup
            .tokens_path
            .as_deref()
            .and_then(|p| tokens::load(p).ok())
            .and_then(|t| t.login(&self.key, None));
        if let Some((codename, token)) = login {
            self.logged_in_as(codename, token);
        }
    }

    fn logged_in_as(&mut self, codename: String, token: String) {
        self.client = self
            .url
            .as_deref()
            .map(|u| Client::new(u).with_token(token));
        self.cache = self
            .cache_path_for(&codename)
            .map_or_else(Cache::default, |p| Cache::load(&p));
        self.thumbnails.clear();
        let ids: Vec<i64> = self.cache.locks.keys().copied().collect();
        for id in ids {
            self.draw_thumbnail(id);
        }
        self.codename = Some(codename);
    }

    fn cache_path_for(&self, codename: &str) -> Option<PathBuf> {
        let dir = self.setup.data_dir.as_ref()?.join("cache");
        Some(cache::path(&dir, &self.key, codename))
    }

    /// Switches between the embedded server and the remote one.
    pub fn switch(&mut self, choice: ServerChoice, remote: Option<&str>) -> Task<Message> {
        self.choice = choice;
        self.connect(remote);
        self.status = format!("now on {}", self.server_label());
        self.refresh()
    }

    /// The server in a few words, for the window's edge.
    pub fn server_label(&self) -> String {
        match (&self.choice, &self.url) {
            (ServerChoice::Embedded, Some(url)) => format!("the embedded server ({url})"),
            (ServerChoice::Remote, Some(url)) => url.clone(),
            (_, None) => "no server".into(),
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

    /// Whether a background request may go out now.
    fn may_ask(&self) -> bool {
        self.client.is_some()
            && !self.work_offline
            && !matches!(self.connection, Connection::Unreachable(_))
    }

    /// The live events' subscription data, while they can flow.
    pub fn live(&self) -> Option<(String, String)> {
        if self.work_offline || self.connection != Connection::Online {
            return None;
        }
        let client = self.client.as_ref()?;
        Some((self.url.clone()?, client.token()?.to_string()))
    }

    /// Whether the probe of an unreachable server should run.
    pub fn probing(&self) -> bool {
        !self.work_offline
            && self.client.is_some()
            && matches!(self.connection, Connection::Unreachable(_))
    }

    fn task<T, F>(
        &self,
        call: impl FnOnce(Client) -> F,
        reply: impl Fn(Result<T, Trouble>) -> Reply + Send + 'static,
    ) -> Task<Message>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, server::client::ClientError>> + Send + 'static,
    {
        let Some(client) = self.client.clone() else {
            return Task::none();
        };
        Task::perform(ask(call(client)), move |r| Message::Got(reply(r)))
    }

    /// Asks the server for everything the screen shows.
    pub fn refresh(&self) -> Task<Message> {
        if !self.may_ask() {
            return Task::none();
        }
        if self.codename.is_none() {
            return self.task(|c| async move { c.health().await }, Reply::Health);
        }
        let mut tasks = vec![
            self.ask_scores(),
            self.ask_notes(),
            self.ask_player(self.codename.clone().unwrap_or_default()),
        ];
        if let Some(other) = &self.selected {
            tasks.push(self.ask_player(other.clone()));
        }
        Task::batch(tasks)
    }

    fn ask_scores(&self) -> Task<Message> {
        self.task(|c| async move { c.players().await }, Reply::Scores)
    }

    fn ask_notes(&self) -> Task<Message> {
        self.task(|c| async move { c.notes().await }, Reply::Notes)
    }

    fn ask_player(&self, codename: String) -> Task<Message> {
        self.task(
            move |c| async move { c.player_with_accessors(&codename).await },
            Reply::Player,
        )
    }

    fn ask_missing_locks(&self) -> Task<Message> {
        if !self.may_ask() {
            return Task::none();
        }
        Task::batch(self.cache.missing_locks().into_iter().map(|id| {
            self.task(
                move |c| async move { c.lock(id).await },
                move |r| Reply::Lock(id, r),
            )
        }))
    }

    fn save_cache(&mut self) -> Task<Message> {
        let Some(path) = self
            .codename
            .as_deref()
            .and_then(|c| self.cache_path_for(c))
        else {
            return Task::none();
        };
        self.cache_saves += 1;
        let number = self.cache_saves;
        let written = self.cache_written.clone();
        let cache = self.cache.clone();
        Task::perform(
            async move {
                let mut newest = written.lock().unwrap_or_else(|e| e.into_inner());
                if *newest > number {
                    return Ok(());
                }
                *newest = number;
                cache.save(&path).map_err(|e| format!("{e:#}"))
            },
            |r| Message::Got(Reply::CacheSaved(r)),
        )
    }

    fn draw_thumbnail(&mut self, id: i64) {
        let Some(view) = self.cache.locks.get(&id) else {
            return;
        };
        let Some(lock) = lockfmt::hexlock::parse(&view.text).document.map(|d| d.lock) else {
            return;
        };
        if let Ok(pm) = crate::hexlock::render::pixmap(
            &lock,
            96,
            crate::hexlock::picture::Colouring::ByKind,
            &Palette::LIGHT,
        ) {
            let handle = image::Handle::from_rgba(
                pm.width(),
                pm.height(),
                crate::hexlock::render::straight_rgba(&pm),
            );
            self.thumbnails.insert(id, handle);
        }
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

    /// Publishes a lock in one of my slots; with no solution, asks to let the solver find one.
    pub fn publish(
        &mut self,
        slot: u8,
        name: String,
        text: String,
        solution: Option<String>,
    ) -> Task<Message> {
        if self.codename.is_none() {
            self.status = "log in to publish".into();
            return Task::none();
        }
        if self.work_offline {
            self.status = "working offline: publishing waits until you go online".into();
            return Task::none();
        }
        match solution {
            Some(solution) => {
                self.status = format!("publishing «{name}» in slot {slot}…");
                self.task(
                    move |c| async move { c.publish(slot, &text, &solution).await },
                    Reply::Published,
                )
            }
            None => {
                self.confirm = Some(Confirm::SolveAndPublish { slot, name, text });
                Task::none()
            }
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::CodenameInput(s) => {
                self.codename_input = s;
                Task::none()
            }
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
                    |r| Message::Got(Reply::Session(r)),
                )
            }
            Message::LogOut => {
                if let Some(p) = &self.setup.tokens_path
                    && let Err(e) = tokens::forget_current(p, &self.key)
                {
                    self.status = format!("{e:#}");
                }
                self.codename = None;
                self.client = self.url.as_deref().map(Client::new);
                self.cache = Cache::default();
                self.thumbnails.clear();
                self.selected = None;
                self.declaring = None;
                Task::none()
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
            Message::Publish(_) | Message::SwitchServer => Task::none(),
            Message::ConfirmSolve(yes) => match self.confirm.take() {
                Some(Confirm::SolveAndPublish { slot, name, text }) if yes => {
                    self.status = format!("the solver is looking for a solution to «{name}»…");
                    let lock_text = text.clone();
                    Task::perform(
                        async move {
                            tokio::task::spawn_blocking(move || solve(&lock_text))
                                .await
                                .unwrap_or_else(|e| Err(format!("the solver failed: {e}")))
                        },
                        move |r| Message::Got(Reply::Solved(slot, text.clone(), r)),
                    )
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
            Message::Live(Live::Lost(why)) => {
                self.lost(why);
                Task::none()
            }
            Message::Got(reply) => self.got(reply),
        };
        (task, None)
    }

    fn lost(&mut self, why: String) {
        if !matches!(self.connection, Connection::Unreachable(_)) {
            self.connection = Connection::Unreachable(why);
        }
    }

    /// Sorts a failed answer: connection trouble changes the one state; a refusal is said.
    fn trouble(&mut self, t: Trouble) {
        match t {
            Trouble::Unreachable(why) => self.lost(why),
            Trouble::NotLoggedIn if self.codename.is_some() => {
                self.status = "the server no longer knows this login: log in again".into();
                self.connection = Connection::Online;
            }
            other => {
                self.status = other.message();
                self.connection = Connection::Online;
            }
        }
    }

    fn heard(&mut self) -> Task<Message> {
        let back = matches!(self.connection, Connection::Unreachable(_));
        self.connection = Connection::Online;
        self.cache.heard();
        if back {
            self.status = "the server answers again".into();
            return Task::batch([self.refresh(), self.save_cache()]);
        }
        self.save_cache()
    }

    fn got(&mut self, reply: Reply) -> Task<Message> {
        match reply {
            Reply::Session(Ok(s)) => {
                if let Some(p) = &self.setup.tokens_path
                    && let Err(e) = tokens::save(p, &self.key, &s.codename, &s.token)
                {
                    self.status = format!("logged in, but the login cannot be kept: {e:#}");
                } else {
                    self.status = format!("logged in as {}", s.codename);
                }
                self.password_input.clear();
                self.logged_in_as(s.codename, s.token);
                self.connection = Connection::Online;
                self.refresh()
            }
            Reply::Health(Ok(())) => self.heard(),
            Reply::Scores(Ok(s)) => {
                self.cache.scores = Some(s);
                self.heard()
            }
            Reply::Player(Ok(v)) => {
                self.cache.players.insert(v.codename.clone(), v);
                Task::batch([self.heard(), self.ask_missing_locks()])
            }
            Reply::Lock(id, Ok(v)) => {
                self.cache.locks.insert(id, v);
                self.draw_thumbnail(id);
                self.heard()
            }
            Reply::Notes(Ok(n)) => {
                self.cache.notes = n;
                Task::batch([self.heard(), self.ask_missing_locks()])
            }
            Reply::Published(Ok(p)) => {
                self.status = format!("published lock {} in slot {}", p.lock, p.slot);
                if let Some(r) = &p.retired {
                    self.status.push_str(&format!("; lock {} retired", r.lock));
                }
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Retired(slot, Ok(r)) => {
                self.status = format!(
                    "retired lock {} from slot {slot}; {} notes made public",
                    r.lock,
                    r.made_public.len()
                );
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Declared(Ok(n)) => {
                self.status = format!(
                    "declared: note {} on {}'s lock, behind your slot {}",
                    n.id, n.on.owner, n.behind.slot
                );
                self.declaring = None;
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Solved(slot, text, Ok(moves)) => {
                let name = lockfmt::hexlock::parse(&text)
                    .document
                    .map(|d| d.lock.info.name)
                    .unwrap_or_default();
                self.publish(
                    slot,
                    name,
                    text,
                    Some(lockfmt::hexlock::format_moves(&moves)),
                )
            }
            Reply::Solved(_, _, Err(why)) => {
                self.status = why;
                Task::none()
            }
            Reply::CacheSaved(Ok(())) => Task::none(),
            Reply::CacheSaved(Err(e)) => {
                self.status = format!("the cache cannot be saved: {e}");
                Task::none()
            }
            Reply::Session(Err(t))
            | Reply::Health(Err(t))
            | Reply::Scores(Err(t))
            | Reply::Player(Err(t))
            | Reply::Lock(_, Err(t))
            | Reply::Notes(Err(t))
            | Reply::Published(Err(t))
            | Reply::Retired(_, Err(t))
            | Reply::Declared(Err(t)) => {
                self.trouble(t);
                Task::none()
            }
        }
    }

    /// The bar above a picked lock in play: declare, or say why a slot cannot secure the note.
    pub fn declare_bar(&self) -> Option<Element<'_, Message>> {
        let d = self.declaring.as_ref()?;
        let mut choices = row![text("Declare behind:").size(13)].spacing(6);
        for (n, why) in self.holders() {
            choices = choices.push(match why {
                Ok(label) => button(text(label).size(12))
                    .on_press(Message::Declare(n))
                    .into(),
                Err(why) => Element::from(
                    column![
                        button(text(format!("slot {n}")).size(12)),
                        text(why).size(11),
                    ]
                    .spacing(2),
                ),
            });
        }
        choices = choices.push(
            button(text("Not now").size(12))
                .style(button::secondary)
                .on_press(Message::DismissDeclare),
        );
        Some(
            container(
                column![
                    text(format!(
                        "You opened {}'s «{}» in {} moves.",
                        d.lock.owner,
                        d.lock.name,
                        d.moves.len()
                    ))
                    .size(15),
                    choices,
                ]
                .spacing(6),
            )
            .padding(8)
            .style(container::rounded_box)
            .width(Fill)
            .into(),
        )
    }

    pub fn view<'a>(&'a self, editor_lock: Option<&'a str>) -> Element<'a, Message> {
        let switch = match self.choice {
            ServerChoice::Embedded => "Switch to the remote server",
            ServerChoice::Remote => "Switch to the embedded server",
        };
        let mut top = column![
            row![text("Online").size(20), text(self.summary()).size(13),]
                .spacing(12)
                .align_y(iced::Center),
            row![
                button(text(switch).size(12))
                    .on_press(Message::SwitchServer)
                    .style(button::secondary),
                checkbox(self.work_offline)
                    .label("Work offline (cache only)")
                    .on_toggle(Message::WorkOffline)
                    .text_size(12),
                button(text("Refresh").size(12)).on_press(Message::Refresh),
            ]
            .spacing(10)
            .align_y(iced::Center),
        ]
        .spacing(6);
        if let Some(why) = &self.no_server {
            top = top.push(text(why.clone()).size(13).color(RED));
        }
        if let Connection::Unreachable(why) = &self.connection
            && !self.work_offline
        {
            top = top.push(
                container(
                    row![
                        text(format!(
                            "Cannot reach {}: {why}. Showing the cache{}; trying again every few seconds.",
                            self.server_label(),
                            self.heard_when()
                        ))
                        .size(13),
                        button(text("Try now").size(12)).on_press(Message::Refresh),
                    ]
                    .spacing(8)
                    .align_y(iced::Center),
                )
                .padding(6)
                .style(container::rounded_box),
            );
        }
        if self.work_offline {
            top = top.push(
                text(format!(
                    "Working offline: nothing is sent; this is the cache{}.",
                    self.heard_when()
                ))
                .size(13),
            );
        }
        let body: Element<'a, Message> = match &self.codename {
            None => self.login_view(),
            Some(me) => row![
                self.players_view(me).width(Length::FillPortion(2)),
                self.slots_view(me, editor_lock)
                    .width(Length::FillPortion(4)),
                self.notes_view().width(Length::FillPortion(3)),
            ]
            .spacing(12)
            .height(Fill)
            .into(),
        };
        let mut page = column![top, body].spacing(10).padding(12);
        if let Some(c) = &self.confirm {
            page = page.push(self.confirm_view(c));
        }
        if !self.status.is_empty() {
            page = page.push(text(self.status.clone()).size(13));
        }
        page.into()
    }

    fn heard_when(&self) -> String {
        match self.cache.heard_at {
            Some(t) => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(t, |d| d.as_secs());
                format!(" from {} ago", ago(now.saturating_sub(t)))
            }
            None => " (empty)".into(),
        }
    }

    fn login_view(&self) -> Element<'_, Message> {
        column![
            text("Log in, or register a new player").size(16),
            text("A codename is three characters: capital letters, digits or signs.").size(12),
            text_input("codename", &self.codename_input)
                .id(CODENAME_ID)
                .on_input(Message::CodenameInput)
                .size(14)
                .width(Length::Fixed(200.0)),
            text_input("password", &self.password_input)
                .id(PASSWORD_ID)
                .on_input(Message::PasswordInput)
                .on_submit(Message::LogIn)
                .secure(true)
                .size(14)
                .width(Length::Fixed(200.0)),
            row![
                button(text("Log in").size(13)).on_press(Message::LogIn),
                button(text("Register").size(13))
                    .on_press(Message::Register)
                    .style(button::secondary),
            ]
            .spacing(8),
        ]
        .spacing(8)
        .into()
    }

    fn players_view(&self, me: &str) -> iced::widget::Column<'_, Message> {
        let total = self.cache.scores.as_ref().map_or(0, |s| s.total);
        let mut list = column![
            text("Players").size(16),
            button(text(format!("You: {me} · total score {}", signed(total))).size(13))
                .style(if self.selected.is_none() {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::SelectPlayer(me.to_string())),
        ]
        .spacing(4);
        match &self.cache.scores {
            Some(s) if s.scores.is_empty() => {
                list = list.push(text("No other players yet.").size(12));
            }
            Some(s) => {
                for p in &s.scores {
                    let chosen = self.selected.as_deref() == Some(p.codename.as_str());
                    list = list.push(
                        button(
                            column![
                                text(format!("{} · score {}", p.codename, signed(p.score)))
                                    .size(13),
                                text(format!(
                                    "{} locks; you access {}, they access {} of yours",
                                    p.locks, p.accessed, p.accessed_by
                                ))
                                .size(11),
                            ]
                            .spacing(1),
                        )
                        .width(Fill)
                        .style(if chosen {
                            button::primary
                        } else {
                            button::text
                        })
                        .on_press(Message::SelectPlayer(p.codename.clone())),
                    );
                }
            }
            None => list = list.push(text("Not heard yet.").size(12)),
        }
        list = list.push(
            button(text("Log out").size(12))
                .style(button::secondary)
                .on_press(Message::LogOut),
        );
        list
    }

    fn slots_view<'a>(
        &'a self,
        me: &'a str,
        editor_lock: Option<&'a str>,
    ) -> iced::widget::Column<'a, Message> {
        let whose = self.selected.as_deref().unwrap_or(me);
        let mine = whose == me;
        let title = if mine {
            "Your slots".to_string()
        } else {
            format!("{whose}'s slots")
        };
        let mut out = column![text(title).size(16)].spacing(8);
        let Some(view) = self.cache.players.get(whose) else {
            return out.push(text("Not heard yet.").size(12));
        };
        if !mine {
            out = out.push(
                text(format!(
                    "Your score relative to {whose}: {}",
                    signed(view.score)
                ))
                .size(12),
            );
        }
        for n in 1..=3u8 {
            let slot = view.slots.iter().find(|s| s.slot == n);
            out = out.push(self.slot_card(n, slot, mine, editor_lock));
        }
        out
    }

    fn slot_card<'a>(
        &'a self,
        n: u8,
        slot: Option<&'a SlotView>,
        mine: bool,
        editor_lock: Option<&'a str>,
    ) -> Element<'a, Message> {
        let lock = slot.and_then(|s| s.lock.as_ref());
        let picture: Element<'a, Message> = match lock.and_then(|l| self.thumbnails.get(&l.id)) {
            Some(h) => image(h.clone())
                .width(Length::Fixed(96.0))
                .height(Length::Fixed(84.0))
                .into(),
            None => container(text(if lock.is_some() { "…" } else { "empty" }).size(12))
                .center_x(Length::Fixed(96.0))
                .center_y(Length::Fixed(84.0))
                .into(),
        };
        let mut facts = column![].spacing(2);
        match lock {
            Some(l) => {
                facts = facts.push(
                    text(format!(
                        "Slot {n}: «{}» (lock {}, size {}){}",
                        l.name,
                        l.id,
                        l.size,
                        if l.public { " · public" } else { "" }
                    ))
                    .size(13),
                );
            }
            None => facts = facts.push(text(format!("Slot {n}: empty")).size(13)),
        }
        if let Some(s) = slot
            && !mine
        {
            facts = facts.push(
                text(if s.accessed {
                    "You access this slot."
                } else {
                    "Locked to you."
                })
                .size(12),
            );
        }
        if let Some(by) = slot.and_then(|s| s.accessed_by.as_ref()) {
            facts = facts.push(
                text(if by.is_empty() {
                    "Accessed by nobody else.".to_string()
                } else {
                    format!("Accessed by {}.", by.join(", "))
                })
                .size(12),
            );
        }
        if let Some(l) = lock {
            for note in &l.notes {
                facts = facts.push(
                    text(format!(
                        "note {} by {}, behind {}:{} · {}",
                        note.id,
                        note.author,
                        note.behind.owner,
                        note.behind.slot,
                        if note.read { "read" } else { "not read" }
                    ))
                    .size(11),
                );
            }
        }
        let mut actions = row![].spacing(6);
        if mine {
            let publish = match editor_lock {
                Some(name) => button(text(format!("Publish «{name}» here")).size(12))
                    .on_press(Message::Publish(n)),
                None => button(text("Publish the editor's lock here").size(12)),
            };
            actions = actions.push(publish);
            if lock.is_some() {
                actions = actions.push(
                    button(text("Retire").size(12))
                        .style(button::danger)
                        .on_press(Message::Retire(n)),
                );
            }
        } else if let Some(l) = lock {
            actions = actions.push(button(text("Pick").size(12)).on_press(Message::Pick(l.id)));
        }
        container(row![picture, column![facts, actions].spacing(6)].spacing(10))
            .padding(6)
            .style(container::rounded_box)
            .width(Fill)
            .into()
    }

    fn notes_view(&self) -> iced::widget::Column<'_, Message> {
        let mut out = column![text("Notes you have read").size(16)].spacing(4);
        let read: Vec<&NoteView> = self.cache.notes.iter().filter(|n| n.read).collect();
        if read.is_empty() {
            return out.push(text("None yet: access a slot to read the notes behind it.").size(12));
        }
        let mut list = column![].spacing(4);
        for n in read {
            let name = self
                .cache
                .locks
                .get(&n.on.id)
                .map_or(format!("lock {}", n.on.id), |l| format!("«{}»", l.name));
            let moves = n
                .solution
                .as_deref()
                .and_then(|s| lockfmt::hexlock::parse_solution(s).ok())
                .map(|s| s.moves)
                .unwrap_or_default();
            list = list.push(
                row![
                    column![
                        text(format!(
                            "{}'s note on {}:{} {name}",
                            n.author, n.on.owner, n.on.slot
                        ))
                        .size(12),
                        text(format!(
                            "{} moves{}",
                            moves.len(),
                            if n.public { " · public" } else { "" }
                        ))
                        .size(11),
                        text(lockfmt::hexlock::format_moves(&moves))
                            .font(iced::Font::MONOSPACE)
                            .size(11),
                    ]
                    .width(Fill),
                    button(text("Play").size(12)).on_press(Message::PlayNote(n.id)),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        out = out.push(scrollable(list).height(Fill));
        out
    }

    fn confirm_view(&self, c: &Confirm) -> Element<'_, Message> {
        let (question, yes, no, danger) = match c {
            Confirm::Retire(slot) => (
                format!("Retire the lock in slot {slot}? The notes behind it become public."),
                Message::ConfirmRetire(true),
                Message::ConfirmRetire(false),
                true,
            ),
            Confirm::SolveAndPublish { slot, name, .. } => (
                format!(
                    "«{name}» has no saved solution. Let the solver find one and publish it in slot {slot}?"
                ),
                Message::ConfirmSolve(true),
                Message::ConfirmSolve(false),
                false,
            ),
        };
        let yes_label = if danger {
            "Retire"
        } else {
            "Solve and publish"
        };
        container(
            row![
                text(question).size(13),
                button(text(yes_label).size(12))
                    .style(if danger {
                        button::danger
                    } else {
                        button::primary
                    })
                    .on_press(yes),
                button(text("Cancel").size(12))
                    .style(button::secondary)
                    .on_press(no),
            ]
            .spacing(8)
            .align_y(iced::Center),
        )
        .padding(8)
        .style(container::rounded_box)
        .into()
    }
}

/// The login form's inputs, for tests.
pub const CODENAME_ID: &str = "online-codename";
pub const PASSWORD_ID: &str = "online-password";

const RED: Color = Color::from_rgb(0.75, 0.22, 0.17);

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn ago(secs: u64) -> String {
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min", secs / 60),
        3600..86400 => format!("{} h", secs / 3600),
        _ => format!("{} days", secs / 86400),
    }
}

/// Finds a shortest solution for a lock about to be published.
fn solve(text: &str) -> Result<Vec<Move>, String> {
    let parsed = lockfmt::hexlock::parse(text);
    let lock = parsed
        .valid_lock()
        .ok_or("the lock has problems: fix them before publishing")?;
    let mech = engine::hexlock::Mechanism::new(lock).map_err(|e| e.to_string())?;
    let report =
        engine::hexlock::search::solve(&mech, &engine::hexlock::search::SearchOptions::default())
            .map_err(|e| e.to_string())?;
    report.solution.ok_or_else(|| match report.stopped_by {
        Some(limit) => format!("the solver stopped ({limit:?}) before finding a solution"),
        None => "the lock cannot be opened, so it cannot be published".into(),
    })
}
