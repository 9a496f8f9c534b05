//! The metagame in the terminal, against the studio's embedded server or a remote one: log in
//! (the tokens file the studio and the command line share), the players and the scores, a
//! player's three slots and what the player accesses, a lock picked there and its note declared
//! once it opens, the notes read, one's own locks published with their solutions, and the
//! server's live events as a news line.
//!
//! Requests are short and answered on a runtime of the client's own; the events arrive on a
//! thread of their own and wait in a channel until the client's loop takes them.

use super::death_match::{self, Followed, Turn};
use super::news;
pub use super::news::news_line;
use server::client::{Client, ClientError};
use server::death_match_host::view::MatchSummary;
use server::protocol::{LockView, NoteView, PlayerView, Scores};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// How many news lines are kept on screen.
pub(crate) const NEWS: usize = 3;

/// Where the metagame is played, and who plays.
pub struct Online {
    url: String,
    tokens: Option<PathBuf>,
    rt: tokio::runtime::Runtime,
    client: Option<Client>,
    me: Option<String>,
    pub view: View,
    news: VecDeque<String>,
    events: Option<mpsc::Receiver<String>>,
    /// What the last request came to, when it is worth saying.
    pub said: Option<String>,
    /// Where a Death Match lock is written to be built.
    folder: PathBuf,
}

/// What the metagame screen shows.
pub enum View {
    Login {
        codename: String,
        password: String,
        on_password: bool,
        register: bool,
    },
    Players {
        scores: Scores,
        chosen: usize,
    },
    Player {
        view: PlayerView,
        chosen: usize,
    },
    Notes {
        notes: Vec<NoteView>,
        chosen: usize,
    },
    Publish {
        files: Vec<PathBuf>,
        chosen: usize,
        slot: u8,
    },
    /// A lock of another player opened: which of one's own slots to secure the note behind.
    Declare {
        lock: i64,
        solution: String,
    },
    /// The Death Matches one is in.
    Matches {
        matches: Vec<MatchSummary>,
        chosen: usize,
    },
    /// A Death Match followed and played.
    Match(Box<Followed>),
}

/// What a key on the metagame screen asks of the client around it.
pub enum Reply {
    Nothing,
    /// Leave the metagame for the list.
    Back,
    /// Play this lock (another player's, from a slot).
    Play(LockView),
    /// Play a Death Match's sliding lock: the opponent's, or one's own to countersolve.
    PlayMatch {
        id: i64,
        text: String,
        own: bool,
    },
}

impl Online {
    /// The metagame on `url`; logged in at once when the tokens file has a login there.
    pub fn new(url: &str, tokens: Option<PathBuf>, folder: PathBuf) -> Result<Online, String> {
        if let Some(problem) = server::client::address_problem(url) {
            return Err(problem);
        }
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the network runtime: {e}"))?;
        let mut online = Online {
            url: url.trim().trim_end_matches('/').to_string(),
            tokens,
            rt,
            client: None,
            me: None,
            view: View::Login {
                codename: String::new(),
                password: String::new(),
                on_password: false,
                register: false,
            },
            news: VecDeque::new(),
            events: None,
            said: None,
            folder,
        };
        let login = online
            .tokens
            .as_deref()
            .and_then(|p| crate::tokens::load(p).ok())
            .and_then(|t| t.login(&online.url, None));
        if let Some((codename, token)) = login {
            online.logged_in(codename, Client::new(&online.url).with_token(token));
        }
        Ok(online)
    }

    /// The server's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Who is logged in.
    pub fn me(&self) -> Option<&str> {
        self.me.as_deref()
    }

    /// The news, newest last.
    pub fn news(&self) -> impl Iterator<Item = &String> {
        self.news.iter()
    }

    /// Takes the events that arrived since the last look, and reads a followed match again
    /// every second (its clocks and the opponent's turns).
    pub fn tick(&mut self) {
        if let View::Match(f) = &self.view
            && f.read_at.elapsed() >= std::time::Duration::from_secs(1)
        {
            let id = f.view.id;
            self.read_match(id);
        }
        let Some(rx) = &self.events else { return };
        while let Ok(line) = rx.try_recv() {
            self.news.push_back(line);
            while self.news.len() > NEWS {
                self.news.pop_front();
            }
        }
    }

    fn logged_in(&mut self, codename: String, client: Client) {
        self.me = Some(codename);
        self.follow(client.clone());
        self.client = Some(client);
        self.show_players();
    }

    /// Follows the server's events on a thread of their own ([`news::follow`]).
    fn follow(&mut self, client: Client) {
        match news::follow(&client) {
            Ok(rx) => self.events = Some(rx),
            Err(_) => self.said = Some("The live news could not be followed.".into()),
        }
    }

    fn failed(&mut self, e: &ClientError) {
        self.said = Some(match e {
            ClientError::Refused { body, .. } => body.message.clone(),
            other => other.to_string(),
        });
    }

    /// The players and scores, fetched again.
    pub fn show_players(&mut self) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.scores()) {
            Ok(scores) => {
                self.view = View::Players { scores, chosen: 0 };
            }
            Err(e) => self.failed(&e),
        }
    }

    fn show_player(&mut self, codename: &str) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.player(codename)) {
            Ok(view) => self.view = View::Player { view, chosen: 0 },
            Err(e) => self.failed(&e),
        }
    }

    fn show_matches(&mut self) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.matches()) {
            Ok(matches) => self.view = View::Matches { matches, chosen: 0 },
            Err(e) => self.failed(&e),
        }
    }

    /// Reads a match again; the digits typed towards a number are kept.
    fn read_match(&mut self, id: i64) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.death_match(id)) {
            Ok(view) => {
                let typed = match &mut self.view {
                    View::Match(f) => std::mem::take(&mut f.typed),
                    _ => String::new(),
                };
                let mut followed = Followed::new(view);
                followed.typed = typed;
                self.view = View::Match(Box::new(followed));
            }
            Err(e) => self.failed(&e),
        }
    }

    fn act(&mut self, id: i64, action: &rules::death_match::Action) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.act(id, action)) {
            Ok(_) => self.said = Some(format!("Done: {}.", action.name())),
            Err(e) => self.failed(&e),
        }
        self.read_match(id);
    }

    /// A Death Match lock picked on the sliding board: the moves go in, as a solution of the
    /// opponent's lock or as the countersolution of one's own.
    pub fn picked_in_match(&mut self, id: i64, moves: String, own: bool) {
        let action = if own {
            rules::death_match::Action::SubmitCountersolution(moves)
        } else {
            rules::death_match::Action::SubmitSolution(moves)
        };
        self.act(id, &action);
    }

    /// Back to the followed match after playing one of its locks.
    pub fn back_to_match(&mut self, id: i64) {
        self.read_match(id);
    }

    fn show_notes(&mut self) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.notes()) {
            Ok(notes) => self.view = View::Notes { notes, chosen: 0 },
            Err(e) => self.failed(&e),
        }
    }

    /// A lock opened: the note to declare, once the player says which slot it goes behind.
    pub fn opened(&mut self, lock: i64, solution: String) {
        self.said = Some(format!(
            "Lock {lock} opened. Secure your note behind one of your locks: press 1, 2 or 3 for its slot (Esc: not now)."
        ));
        self.view = View::Declare { lock, solution };
    }

    /// A key on the metagame screen, as the terminal names it (`a`, `enter`, `tab`…).
    pub fn key(&mut self, chord: &str, files: &[PathBuf]) -> Reply {
        match &mut self.view {
            View::Login {
                codename,
                password,
                on_password,
                register,
            } => {
                let field = if *on_password { password } else { codename };
                match chord {
                    "escape" => return Reply::Back,
                    "tab" | "arrowdown" | "arrowup" => *on_password = !*on_password,
                    "f2" => *register = !*register,
                    "backspace" => {
                        field.pop();
                    }
                    "enter" => self.submit_login(),
                    // Codenames have no lowercase letters: they are typed in capitals.
                    c if c.chars().count() == 1 && !*on_password => {
                        field.push_str(&c.to_uppercase());
                    }
                    c if c.chars().count() == 1 => field.push_str(c),
                    _ => {}
                }
            }
            View::Players { scores, chosen } => match chord {
                "escape" => return Reply::Back,
                "arrowdown" => *chosen = (*chosen + 1).min(scores.scores.len().saturating_sub(1)),
                "arrowup" => *chosen = chosen.saturating_sub(1),
                "enter" => {
                    if let Some(who) = scores.scores.get(*chosen).map(|s| s.codename.clone()) {
                        self.show_player(&who);
                    }
                }
                "n" => self.show_notes(),
                "m" => self.show_matches(),
                "c" => {
                    let Some(who) = scores.scores.get(*chosen).map(|s| s.codename.clone()) else {
                        return Reply::Nothing;
                    };
                    let Some(client) = &self.client else {
                        return Reply::Nothing;
                    };
                    let challenge = server::death_match_host::view::Challenge {
                        opponent: who.clone(),
                        ..Default::default()
                    };
                    match self.rt.block_on(client.challenge(&challenge)) {
                        Ok(m) => {
                            self.said = Some(format!(
                                "Called {who} to Death Match {}: it begins when they accept.",
                                m.id
                            ));
                            self.show_matches();
                        }
                        Err(e) => self.failed(&e),
                    }
                }
                "p" => {
                    self.view = View::Publish {
                        files: files.to_vec(),
                        chosen: 0,
                        slot: 1,
                    }
                }
                "r" => self.show_players(),
                _ => {}
            },
            View::Player { view, chosen } => match chord {
                "escape" => self.show_players(),
                "arrowdown" => *chosen = (*chosen + 1).min(view.slots.len().saturating_sub(1)),
                "arrowup" => *chosen = chosen.saturating_sub(1),
                "enter" => {
                    let Some(id) = view
                        .slots
                        .get(*chosen)
                        .and_then(|s| s.lock.as_ref())
                        .map(|l| l.id)
                    else {
                        self.said = Some("That slot is empty.".into());
                        return Reply::Nothing;
                    };
                    let Some(client) = &self.client else {
                        return Reply::Nothing;
                    };
                    match self.rt.block_on(client.lock(id)) {
                        Ok(lock) => {
                            self.said = None;
                            return Reply::Play(lock);
                        }
                        Err(e) => self.failed(&e),
                    }
                }
                _ => {}
            },
            View::Notes { notes, chosen } => match chord {
                "escape" => self.show_players(),
                "arrowdown" => *chosen = (*chosen + 1).min(notes.len().saturating_sub(1)),
                "arrowup" => *chosen = chosen.saturating_sub(1),
                _ => {}
            },
            View::Publish {
                files,
                chosen,
                slot,
            } => match chord {
                "escape" => self.show_players(),
                "arrowdown" => *chosen = (*chosen + 1).min(files.len().saturating_sub(1)),
                "arrowup" => *chosen = chosen.saturating_sub(1),
                "1" | "2" | "3" => *slot = chord.parse().unwrap_or(1),
                "enter" => {
                    if let Some(file) = files.get(*chosen).cloned() {
                        let slot = *slot;
                        self.publish(&file, slot);
                    }
                }
                _ => {}
            },
            View::Matches { matches, chosen } => match chord {
                "escape" => self.show_players(),
                "arrowdown" => *chosen = (*chosen + 1).min(matches.len().saturating_sub(1)),
                "arrowup" => *chosen = chosen.saturating_sub(1),
                "r" => self.show_matches(),
                "enter" | "a" | "d" => {
                    let Some(id) = matches.get(*chosen).map(|m| m.id) else {
                        return Reply::Nothing;
                    };
                    let Some(client) = &self.client else {
                        return Reply::Nothing;
                    };
                    match chord {
                        "a" => {
                            if let Err(e) = self.rt.block_on(client.accept(id)) {
                                self.failed(&e);
                                return Reply::Nothing;
                            }
                            self.said = Some(format!("Accepted match {id}."));
                        }
                        "d" => {
                            match self.rt.block_on(client.decline(id)) {
                                Ok(_) => self.said = Some(format!("Declined match {id}.")),
                                Err(e) => self.failed(&e),
                            }
                            self.show_matches();
                            return Reply::Nothing;
                        }
                        _ => {}
                    }
                    self.read_match(id);
                }
                _ => {}
            },
            View::Match(followed) => {
                let id = followed.view.id;
                match chord {
                    "escape" => self.show_matches(),
                    "r" => self.read_match(id),
                    _ => {
                        let mut said = None;
                        match death_match::key(followed, chord, &self.folder, &mut said) {
                            Turn::None => {}
                            Turn::Act(action) => self.act(id, &action),
                            Turn::Play { text, own } => {
                                return Reply::PlayMatch { id, text, own };
                            }
                        }
                        if said.is_some() {
                            self.said = said;
                        }
                    }
                }
            }
            View::Declare { lock, solution } => match chord {
                "escape" => {
                    self.said =
                        Some("Not declared: the lock stays open to you to declare later.".into());
                    self.show_players();
                }
                "1" | "2" | "3" => {
                    let (lock, solution) = (*lock, solution.clone());
                    let behind: u8 = chord.parse().unwrap_or(1);
                    self.declare(lock, behind, &solution);
                }
                _ => {}
            },
        }
        Reply::Nothing
    }

    fn submit_login(&mut self) {
        let View::Login {
            codename,
            password,
            register,
            ..
        } = &self.view
        else {
            return;
        };
        let (codename, password, register) =
            (codename.trim().to_string(), password.clone(), *register);
        if codename.is_empty() || password.is_empty() {
            self.said = Some(
                "Type your codename and your password (Tab goes from one to the other).".into(),
            );
            return;
        }
        let mut client = Client::new(&self.url);
        let answer = self.rt.block_on(async {
            if register {
                client.register(&codename, &password).await
            } else {
                client.login(&codename, &password).await
            }
        });
        match answer {
            Ok(session) => {
                if let Some(path) = &self.tokens
                    && let Err(e) =
                        crate::tokens::save(path, &self.url, &session.codename, &session.token)
                {
                    self.said = Some(format!("Logged in, but the login is not kept: {e:#}"));
                } else {
                    self.said = Some(format!(
                        "Logged in as {} on {}.",
                        session.codename, self.url
                    ));
                }
                let client = Client::new(&self.url).with_token(session.token);
                self.logged_in(session.codename, client);
            }
            Err(e) => self.failed(&e),
        }
    }

    fn publish(&mut self, file: &Path, slot: u8) {
        let Some(client) = &self.client else { return };
        let solution_file = file.with_extension("solution");
        let read = |p: &Path| {
            crate::files::read_bytes(p, crate::cli::MAX_READ_BYTES)
                .ok()
                .and_then(|b| String::from_utf8(b).ok())
        };
        let Some(lock) = read(file) else {
            self.said = Some(format!("{} cannot be read.", file.display()));
            return;
        };
        let Some(solution) = read(&solution_file) else {
            self.said = Some(format!(
                "{} has no solution beside it ({}): write it with `lockwright solve {} --write`, then publish.",
                file.display(),
                solution_file.display(),
                file.display()
            ));
            return;
        };
        match self.rt.block_on(client.publish(slot, &lock, &solution)) {
            Ok(done) => {
                self.said = Some(format!(
                    "Placed {} as lock {} in slot {}.",
                    file.display(),
                    done.lock,
                    done.slot
                ));
                self.show_players();
            }
            Err(e) => self.failed(&e),
        }
    }

    fn declare(&mut self, lock: i64, behind: u8, solution: &str) {
        let Some(client) = &self.client else { return };
        match self.rt.block_on(client.declare(lock, behind, solution)) {
            Ok(note) => {
                let said = format!(
                    "Declared note {} on lock {} ({}'s slot {}), secured behind your lock in slot {}.",
                    note.id, note.on.id, note.on.owner, note.on.slot, note.behind.slot
                );
                self.show_players();
                self.said = Some(said);
            }
            Err(e) => self.failed(&e),
        }
    }

    /// The screen's lines, plain: the view's own, for the client to draw.
    pub fn lines(&self) -> Vec<String> {
        match &self.view {
            View::Login {
                codename,
                password,
                on_password,
                register,
            } => {
                let mark = |on: bool| if on { "›" } else { " " };
                vec![
                    format!(
                        "{} on {}",
                        if *register { "Register" } else { "Log in" },
                        self.url
                    ),
                    String::new(),
                    format!("{} Codename: {codename}", mark(!*on_password)),
                    format!(
                        "{} Password: {}",
                        mark(*on_password),
                        "•".repeat(password.chars().count())
                    ),
                    String::new(),
                    "Tab: the other field · Enter: go · F2: log in or register · Esc: back".into(),
                ]
            }
            View::Players { scores, chosen } => {
                let mut lines = vec![
                    format!(
                        "{} on {} · score {}",
                        scores.me,
                        self.url,
                        signed(scores.total)
                    ),
                    String::new(),
                    "   player            locks  you access  access yours  score".into(),
                ];
                lines.extend(scores.scores.iter().enumerate().map(|(i, p)| {
                    format!(
                        "{} {:<17} {:>5}  {:>10}  {:>12}  {:>5}",
                        if i == *chosen { "›" } else { " " },
                        p.codename,
                        p.locks,
                        p.accessed,
                        p.accessed_by,
                        signed(p.score)
                    )
                }));
                if scores.scores.is_empty() {
                    lines.push("  No other player yet.".into());
                }
                lines.push(String::new());
                lines.push(
                    "Enter: their slots · n: your notes · p: publish a lock · r: again · Esc: back"
                        .into(),
                );
                lines.push("c: call them to a Death Match · m: your Death Matches".into());
                lines
            }
            View::Player { view, chosen } => {
                let mut lines = vec![
                    format!(
                        "{} · your score against them {}",
                        view.codename,
                        signed(view.score)
                    ),
                    String::new(),
                ];
                for (i, s) in view.slots.iter().enumerate() {
                    let what = match &s.lock {
                        None => "empty".to_string(),
                        Some(l) => format!(
                            "lock {} \"{}\", size {}{}{}",
                            l.id,
                            l.name,
                            l.size,
                            if s.accessed { " · you access it" } else { "" },
                            if l.notes.is_empty() {
                                String::new()
                            } else {
                                format!(
                                    " · notes by {}",
                                    l.notes
                                        .iter()
                                        .map(|n| n.author.as_str())
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                )
                            }
                        ),
                    };
                    lines.push(format!(
                        "{} Slot {}: {what}",
                        if i == *chosen { "›" } else { " " },
                        s.slot
                    ));
                }
                lines.push(String::new());
                lines.push("Enter: pick the lock · Esc: the players".into());
                lines
            }
            View::Notes { notes, chosen } => {
                let mut lines = vec!["The notes you have read".into(), String::new()];
                for (i, n) in notes.iter().enumerate() {
                    lines.push(format!(
                        "{} note {} by {} on {}'s slot {} (lock {}){}",
                        if i == *chosen { "›" } else { " " },
                        n.id,
                        n.author,
                        n.on.owner,
                        n.on.slot,
                        n.on.id,
                        n.solution
                            .as_deref()
                            .map(|s| format!(": {}", s.trim()))
                            .unwrap_or_default()
                    ));
                }
                if notes.is_empty() {
                    lines.push("  None yet: open locks, and read the notes behind them.".into());
                }
                lines.push(String::new());
                lines.push("Esc: the players".into());
                lines
            }
            View::Publish {
                files,
                chosen,
                slot,
            } => {
                let mut lines = vec![
                    format!(
                        "Publish one of your hex locks into slot {slot} (1, 2, 3 choose the slot)"
                    ),
                    String::new(),
                ];
                for (i, f) in files.iter().enumerate() {
                    lines.push(format!(
                        "{} {}",
                        if i == *chosen { "›" } else { " " },
                        f.display()
                    ));
                }
                if files.is_empty() {
                    lines.push("  No hex lock in the folder.".into());
                }
                lines.push(String::new());
                lines.push("Enter: publish it with its solution file · Esc: the players".into());
                lines
            }
            View::Matches { matches, chosen } => {
                let mut lines = vec!["Your Death Matches".into(), String::new()];
                lines.extend(matches.iter().enumerate().map(|(i, m)| {
                    format!(
                        "{} {}",
                        if i == *chosen { "›" } else { " " },
                        death_match::summary_line(m)
                    )
                }));
                if matches.is_empty() {
                    lines.push("  None: c on the players calls one.".into());
                }
                lines.push(String::new());
                lines.push(
                    "Enter: follow it · a: accept · d: decline · r: again · Esc: the players"
                        .into(),
                );
                lines
            }
            View::Match(followed) => death_match::lines(followed),
            View::Declare { lock, .. } => vec![
                format!("Lock {lock} is open."),
                String::new(),
                "1, 2 or 3: the slot of your own lock to secure the note behind · Esc: not now"
                    .into(),
            ],
        }
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
