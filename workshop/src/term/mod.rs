//! The terminal client, `lockwright term`: the seed's Curses client for Lockwright. A list of
//! the tutorial's lessons and the folder's puzzles, and each puzzle played full screen by its
//! family's terminal game (`FamilyInfo::term`), with the studio's keys (from the same
//! settings file), a move counter, a help line and the "opened" moment; lessons opened here
//! count in the studio's tutorial and the other way round.
//!
//! The client is a plain state machine (`App::key`, `App::click`, `App::draw`) around a loop
//! that reads the terminal's events, so that its screens are tested in ratatui's test backend
//! and the whole program in a real terminal (tmux).

mod death_match;
mod game;
mod keys;
mod news;
pub mod online;

pub use game::{Game, Look, Open, help_line, refusal, title_or};

use crate::family::Family;
use crate::keys::Action;
use crate::settings::Settings;
use crate::tutorial::{Progress, Series};
use anyhow::{Context, Result};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyEvent, KeyEventKind, KeyModifiers, MouseButton};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the client starts with: where its files are, and what it remembers.
pub struct Start {
    /// A puzzle to open at once, or a folder to list (else the library folder).
    pub path: Option<PathBuf>,
    /// The key bindings and the rest of the studio's settings.
    pub settings: Settings,
    /// Where the tutorial's progress is kept (shared with the studio).
    pub tutorial: Option<PathBuf>,
    /// Where the games of puzzle files are kept, to be taken up where they were left (the
    /// studio's `progress.json`).
    pub games: Option<PathBuf>,
    /// The metagame's server (the settings' `server-url`, or `--server`).
    pub server: String,
    /// The login tokens shared with the studio and the command line.
    pub tokens: Option<PathBuf>,
    pub look: Look,
}

impl Start {
    /// The user's own: the studio's settings file, data folder and library, and `NO_COLOR`.
    pub fn from_environment(path: Option<PathBuf>, server: Option<String>) -> Start {
        let settings = Settings::default_path()
            .map(|p| {
                Settings::load(&p).unwrap_or_else(|e| Settings::in_place_of_unreadable(&p, &e))
            })
            .unwrap_or_default();
        let data = directories::ProjectDirs::from("", "", "lockwright")
            .map(|d| d.data_dir().to_path_buf());
        let server = server
            .or_else(|| settings.server_url.clone())
            .unwrap_or_else(|| crate::cli::DEFAULT_SERVER.to_string());
        Start {
            path,
            settings,
            tutorial: data.as_ref().map(|d| d.join("tutorial.toml")),
            games: data.as_ref().map(|d| d.join("progress.json")),
            server,
            tokens: crate::tokens::default_path().ok(),
            look: Look::from_environment(),
        }
    }
}

/// Runs the client in this process's terminal until the user quits. Without a terminal it says
/// so and exits 2.
pub fn run(path: Option<PathBuf>, server: Option<String>) -> Result<ExitCode> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!(
            "lockwright term needs a terminal: its standard input and output are not one. Run it in a terminal (over SSH: `ssh -t`), or use the command line's verbs (`lockwright --help`)."
        );
        return Ok(ExitCode::from(2));
    }
    if let Some(p) = &path
        && !p.exists()
    {
        anyhow::bail!("{} does not exist", p.display());
    }
    let mut app = App::new(Start::from_environment(path, server));
    // `init` puts the terminal in raw mode on the alternate screen and restores it on a panic
    // too; Ctrl-C reaches the client as a key in raw mode, and quits through the same restore.
    let mut terminal = ratatui::init();
    let _ = ratatui::crossterm::execute!(std::io::stdout(), event::EnableMouseCapture);
    let result = app.run(&mut terminal);
    let _ = ratatui::crossterm::execute!(std::io::stdout(), event::DisableMouseCapture);
    ratatui::restore();
    result.map(|()| ExitCode::SUCCESS)
}

/// One row of the list: a lesson or a file.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Lesson(Series, usize),
    File(PathBuf, Family),
    /// The metagame on the server.
    Online,
}

/// A game the metagame asked for: a lock in a slot (by its number), or a Death Match's lock.
#[derive(Clone, Copy, Debug)]
enum Online {
    Lock(i64),
    Match { id: i64, own: bool },
}

/// The screen shown.
enum Screen {
    List,
    /// The metagame (`App::online`).
    Online,
    Playing {
        game: Box<dyn Game>,
        /// Where the game came from, when it is the metagame's.
        online: Option<Online>,
        lesson: Option<(Series, usize)>,
        /// The file played, whose game is kept.
        file: Option<PathBuf>,
        /// Whether the opening was taken note of (progress saved, message shown).
        noted: bool,
    },
}

/// The terminal client's state.
pub struct App {
    start: Start,
    entries: Vec<Entry>,
    chosen: ListState,
    screen: Screen,
    progress: Progress,
    /// The games of puzzle files; `None` when their file could not be read (it is then not
    /// written over).
    games: Option<crate::progress::Progress>,
    /// The metagame, once opened: its login and news last while the client runs.
    online: Option<online::Online>,
    /// A sentence for the user: an error, or what just happened.
    said: Option<String>,
    /// Where the list was drawn last, for mouse clicks.
    list_area: std::cell::Cell<Rect>,
    /// Where the game's board was drawn last, for mouse clicks.
    board_area: std::cell::Cell<Rect>,
    quit: bool,
}

impl App {
    pub fn new(start: Start) -> App {
        let progress = start
            .tutorial
            .as_deref()
            .and_then(|p| Progress::load(p).ok().flatten())
            .unwrap_or_default();
        let (games, unread) = match start.games.as_deref().map(crate::progress::Progress::read) {
            None => (Some(crate::progress::Progress::default()), None),
            Some(Ok(games)) => (Some(games), None),
            Some(Err(why)) => (
                None,
                Some(format!(
                    "The games left unfinished could not be read ({why}): games are not kept."
                )),
            ),
        };
        let mut entries = Vec::new();
        for series in Series::ALL {
            if series.family().info().term.is_some() {
                entries.extend((0..series.lessons().len()).map(|i| Entry::Lesson(series, i)));
            }
        }
        entries.push(Entry::Online);
        let mut open_now = None;
        let mut said = unread;
        match &start.path {
            Some(p) if p.is_file() => {
                if let Some(f) = Family::of_path(p) {
                    entries.push(Entry::File(p.clone(), f));
                    open_now = Some(entries.len() - 1);
                } else {
                    said = Some(
                        crate::family::refusal(p)
                            .unwrap_or_else(|| format!("{} is no puzzle file", p.display())),
                    );
                }
            }
            folder => {
                let folder = folder.clone().or_else(crate::library::default_folder);
                if let Some(folder) = folder {
                    entries.extend(
                        crate::library::list(&folder)
                            .into_iter()
                            .filter(|l| l.family.info().term.is_some())
                            .map(|l| Entry::File(l.path, l.family)),
                    );
                }
            }
        }
        let mut chosen = ListState::default();
        let first_unopened = entries.iter().position(|e| match e {
            Entry::Lesson(series, i) => !progress
                .track(*series)
                .opened
                .contains(series.lessons()[*i].file),
            Entry::File(..) => true,
            Entry::Online => false,
        });
        chosen.select(first_unopened.or(Some(0)).filter(|_| !entries.is_empty()));
        let mut app = App {
            start,
            entries,
            chosen,
            screen: Screen::List,
            progress,
            games,
            online: None,
            said,
            list_area: std::cell::Cell::new(Rect::default()),
            board_area: std::cell::Cell::new(Rect::default()),
            quit: false,
        };
        if let Some(i) = open_now {
            app.chosen.select(Some(i));
            app.open_chosen();
        }
        app
    }

    /// Whether the user asked to quit.
    pub fn quits(&self) -> bool {
        self.quit
    }

    fn run(&mut self, terminal: &mut ratatui::DefaultTerminal) -> Result<()> {
        while !self.quit {
            terminal
                .draw(|frame| self.draw(frame))
                .context("cannot draw on the terminal")?;
            // Live news arrives between keys: the loop looks for it a few times a second.
            if !event::poll(std::time::Duration::from_millis(250))
                .context("cannot read the terminal's keys")?
            {
                self.tick();
                continue;
            }
            match event::read().context("cannot read the terminal's keys")? {
                Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
                Event::Mouse(mouse)
                    if mouse.kind == event::MouseEventKind::Down(MouseButton::Left) =>
                {
                    self.click(mouse.column, mouse.row);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Takes in what arrived in the background: the metagame's news.
    pub fn tick(&mut self) {
        if let Some(online) = &mut self.online {
            online.tick();
        }
    }

    /// A key pressed.
    pub fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, event::KeyCode::Char('c' | 'q')) {
            self.quit = true;
            return;
        }
        match &mut self.screen {
            Screen::List => self.list_key(key),
            Screen::Online => self.online_key(key),
            Screen::Playing { game, online, .. } => {
                if key.code == event::KeyCode::Esc && !game.chord("escape") {
                    self.screen = match *online {
                        Some(Online::Match { id, .. }) => {
                            if let Some(metagame) = &mut self.online {
                                metagame.back_to_match(id);
                            }
                            Screen::Online
                        }
                        Some(Online::Lock(_)) => Screen::Online,
                        None => Screen::List,
                    };
                    self.said = None;
                    return;
                }
                let chord = keys::chord_of(&key);
                let action = chord
                    .as_deref()
                    .and_then(|c| self.start.settings.action_for(c));
                let acted = action.is_some_and(|a| game.act(a));
                if !acted && let Some(chord) = chord {
                    game.chord(&chord);
                }
                self.note_opening();
                self.keep_game();
            }
        }
    }

    fn online_key(&mut self, key: KeyEvent) {
        let Some(online) = &mut self.online else {
            self.screen = Screen::List;
            return;
        };
        let Some(chord) = keys::chord_of(&key) else {
            return;
        };
        // Typed text keeps its case: the chord lowercases letters.
        let chord = match key.code {
            event::KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                c.to_string()
            }
            _ => chord,
        };
        // The metagame is Intricacy's, played with hex locks.
        let files: Vec<PathBuf> = self
            .entries
            .iter()
            .filter_map(|e| match e {
                Entry::File(path, Family::HexLock) => Some(path.clone()),
                _ => None,
            })
            .collect();
        match online.key(&chord, &files) {
            online::Reply::Nothing => {}
            online::Reply::Back => self.screen = Screen::List,
            online::Reply::PlayMatch { id, text, own } => {
                match Family::Sliding.info().term.map(|open| open(&text)) {
                    Some(Ok(game)) => {
                        self.said = Some(if own {
                            "Your own lock: pick it to countersolve; your moves go in when it is picked.".into()
                        } else {
                            "Their lock: pick it; your moves go in when it is picked.".into()
                        });
                        self.screen = Screen::Playing {
                            game,
                            online: Some(Online::Match { id, own }),
                            lesson: None,
                            file: None,
                            noted: false,
                        };
                    }
                    Some(Err(e)) => online.said = Some(e),
                    None => {}
                }
            }
            online::Reply::Play(lock) => {
                match Family::HexLock.info().term.map(|open| open(&lock.text)) {
                    Some(Ok(game)) => {
                        self.said = Some(format!(
                            "{}'s lock {} in slot {}: open it, and declare your note.",
                            lock.owner, lock.id, lock.slot
                        ));
                        self.screen = Screen::Playing {
                            game,
                            online: Some(Online::Lock(lock.id)),
                            lesson: None,
                            file: None,
                            noted: false,
                        };
                    }
                    Some(Err(e)) => online.said = Some(e),
                    None => {}
                }
            }
        }
    }

    fn list_key(&mut self, key: KeyEvent) {
        let chord = keys::chord_of(&key);
        let action = chord
            .as_deref()
            .and_then(|c| self.start.settings.action_for(c));
        match (key.code, action) {
            (event::KeyCode::Char('q') | event::KeyCode::Esc, _) => self.quit = true,
            (event::KeyCode::Enter, _) => self.open_chosen(),
            (event::KeyCode::Down, _) | (_, Some(Action::CursorDown)) => self.chosen.select_next(),
            (event::KeyCode::Up, _) | (_, Some(Action::CursorUp)) => self.chosen.select_previous(),
            (event::KeyCode::Home, _) => self.chosen.select_first(),
            (event::KeyCode::End, _) => self.chosen.select_last(),
            (event::KeyCode::PageDown, _) => self.chosen.scroll_down_by(10),
            (event::KeyCode::PageUp, _) => self.chosen.scroll_up_by(10),
            _ => {}
        }
    }

    /// A left click at a cell of the terminal: on the list, opens the row clicked.
    pub fn click(&mut self, column: u16, row: u16) {
        if let Screen::Playing { game, .. } = &mut self.screen {
            let board = self.board_area.get();
            if board.contains(ratatui::layout::Position::new(column, row)) {
                game.click(column - board.x, row - board.y);
                self.note_opening();
                self.keep_game();
            }
            return;
        }
        if !matches!(self.screen, Screen::List) {
            return;
        }
        let area = self.list_area.get();
        // The list is drawn inside a border: its first row is one below the area's top.
        if column < area.x || column >= area.right() || row <= area.y || row + 1 >= area.bottom() {
            return;
        }
        let index = self.chosen.offset() + usize::from(row - area.y - 1);
        if index < self.entries.len() {
            self.chosen.select(Some(index));
            self.open_chosen();
        }
    }

    fn open_chosen(&mut self) {
        let Some(entry) = self.chosen.selected().and_then(|i| self.entries.get(i)) else {
            return;
        };
        if matches!(entry, Entry::Online) {
            if self.online.is_none() {
                let folder = match &self.start.path {
                    Some(p) if p.is_dir() => p.clone(),
                    _ => std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
                };
                match online::Online::new(&self.start.server, self.start.tokens.clone(), folder) {
                    Ok(o) => self.online = Some(o),
                    Err(e) => {
                        self.said = Some(e);
                        return;
                    }
                }
            }
            self.said = None;
            self.screen = Screen::Online;
            return;
        }
        let (family, text, lesson, file) = match entry {
            Entry::Lesson(series, i) => (
                series.family(),
                series.lessons()[*i].text.to_string(),
                Some((*series, *i)),
                None,
            ),
            Entry::Online => return,
            Entry::File(path, family) => match read_puzzle(path) {
                Ok(text) => (*family, text, None, Some(path.clone())),
                Err(e) => {
                    self.said = Some(format!("{e:#}"));
                    return;
                }
            },
        };
        let Some(open) = family.info().term else {
            self.said = Some(format!(
                "{} are not played in the terminal yet: open it in the studio",
                family.info().plural
            ));
            return;
        };
        match open(&text) {
            Ok(mut game) => {
                self.said = None;
                // A game left on this file, by this client or the studio, is taken up.
                if let (Some(path), Some(games)) = (&file, &self.games) {
                    let now = game.now();
                    let place = crate::progress::Place::File(path.clone());
                    if let Some(left) = games.game(&place, &now.puzzle)
                        && now.play.is_fresh()
                        && game.resume(left)
                    {
                        self.said = Some(crate::progress::taken_up(left));
                    }
                }
                self.screen = Screen::Playing {
                    game,
                    online: None,
                    lesson,
                    file,
                    noted: false,
                };
            }
            Err(e) => self.said = Some(e),
        }
    }

    /// Keeps where the file's game stands, and writes the games when they changed.
    fn keep_game(&mut self) {
        let (
            Screen::Playing {
                game,
                file: Some(path),
                ..
            },
            Some(games),
        ) = (&self.screen, &mut self.games)
        else {
            return;
        };
        let now = game.now();
        let place = crate::progress::Place::File(path.clone());
        games.keep(&place, &now.puzzle, now.play, now.finished);
        if let (Some(write), Some(file)) = (games.to_write(), &self.start.games)
            && let Err(why) = crate::progress::Progress::write(file, &write)
        {
            self.said = Some(format!("Your game was not kept: {why}"));
        }
    }

    /// The moment a puzzle is done: said once, and a lesson counted in the shared progress.
    fn note_opening(&mut self) {
        let Screen::Playing {
            game,
            lesson,
            noted,
            online,
            ..
        } = &mut self.screen
        else {
            return;
        };
        if !game.done() {
            *noted = false;
            return;
        }
        if *noted {
            return;
        }
        *noted = true;
        if let (Some(from), Some(metagame)) = (*online, &mut self.online) {
            let Some(solution) = game.solution() else {
                self.said = Some("Done, but its moves cannot be written.".into());
                return;
            };
            match from {
                Online::Lock(lock) => metagame.opened(lock, solution),
                Online::Match { id, own } => metagame.picked_in_match(id, solution, own),
            }
            self.said = None;
            self.screen = Screen::Online;
            return;
        }
        let mut said = format!("{} in {} moves!", game.verb(), game.moves());
        if let Some((series, index)) = *lesson {
            if let Some(fewest) = series.shortest(index)
                && game.moves() > fewest
            {
                said.push_str(&format!(" (it can be done in {fewest})"));
            }
            self.progress.track_mut(series).opened(series, index);
            if let Some(path) = &self.start.tutorial
                && let Err(e) = save_progress(&self.progress, path)
            {
                said.push_str(&format!(" Your progress was not saved: {e:#}"));
            }
        }
        said.push_str(" Esc: back to the list.");
        self.said = Some(said);
    }

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame) {
        let [top, body, said, help] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(5),
            Constraint::Length(2),
            Constraint::Length(3),
        ])
        .areas(frame.area());
        let look = &self.start.look;
        let heading = match &self.screen {
            Screen::List => "Lockwright".to_string(),
            Screen::Online => "Lockwright · the metagame".to_string(),
            Screen::Playing { game, .. } => format!("Lockwright · {}", game.title()),
        };
        frame.render_widget(
            Paragraph::new(heading).style(Style::new().add_modifier(Modifier::BOLD)),
            top,
        );
        if let Some(s) = &self.said {
            frame.render_widget(
                Paragraph::new(s.as_str())
                    .style(look.fg(Color::LightGreen))
                    .wrap(Wrap { trim: true }),
                said,
            );
        }
        let help_text = match &self.screen {
            Screen::List => self.draw_list(frame, body),
            Screen::Online => {
                self.draw_online(frame, body);
                "ctrl+c quit".to_string()
            }
            Screen::Playing { game, lesson, .. } => {
                self.draw_game(frame, body, game.as_ref(), *lesson);
                let own = [
                    help_line(&self.start.settings, game.help()),
                    game.keys().into(),
                ];
                let own: Vec<&str> = own
                    .iter()
                    .map(String::as_str)
                    .filter(|s| !s.is_empty())
                    .collect();
                format!("{} · esc back · ctrl+c quit", own.join(" · "))
            }
        };
        frame.render_widget(
            Paragraph::new(help_text)
                .style(look.fg(Color::Gray))
                .wrap(Wrap { trim: true }),
            help,
        );
    }

    fn draw_list(&self, frame: &mut Frame, area: Rect) -> String {
        let look = &self.start.look;
        let items: Vec<ListItem> = self
            .entries
            .iter()
            .map(|e| match e {
                Entry::Lesson(series, i) => {
                    let opened = self
                        .progress
                        .track(*series)
                        .opened
                        .contains(series.lessons()[*i].file);
                    let mark = if opened { "✓" } else { " " };
                    ListItem::new(Line::from(vec![
                        Span::styled(format!("{mark} "), look.fg(Color::LightGreen)),
                        Span::raw(format!("Lesson {:>2}: {}", i + 1, series.title(*i))),
                        Span::styled(format!("  ({})", series.name()), look.fg(Color::Gray)),
                    ]))
                }
                Entry::Online => ListItem::new(Line::from(vec![
                    Span::raw("  "),
                    Span::raw("The metagame"),
                    Span::styled(format!("  ({})", self.start.server), look.fg(Color::Gray)),
                ])),
                Entry::File(path, family) => ListItem::new(Line::from(vec![
                    Span::raw("  "),
                    Span::raw(shown(path)),
                    Span::styled(format!("  ({})", family.info().name), look.fg(Color::Gray)),
                ])),
            })
            .collect();
        let list = List::new(items)
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(" Lessons and puzzles "),
            )
            .highlight_style(look.marked(Color::Cyan))
            .highlight_symbol("› ");
        let mut state = self.chosen.clone();
        frame.render_stateful_widget(list, area, &mut state);
        self.list_area.set(area);
        "↑↓ choose · enter play · click a row · q quit".to_string()
    }

    fn draw_online(&self, frame: &mut Frame, area: Rect) {
        let Some(online) = &self.online else { return };
        // The news: its border, its title and every line kept (the newest last, so that it
        // is never the one cut off).
        let [main, said, news] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(2),
            Constraint::Length(online::NEWS as u16 + 2),
        ])
        .areas(area);
        let look = &self.start.look;
        frame.render_widget(
            Paragraph::new(online.lines().join("\n")).wrap(Wrap { trim: false }),
            main,
        );
        if let Some(s) = &online.said {
            frame.render_widget(
                Paragraph::new(s.as_str())
                    .style(look.fg(Color::LightGreen))
                    .wrap(Wrap { trim: true }),
                said,
            );
        }
        let mut lines = vec![Line::styled(
            "News",
            Style::new().add_modifier(Modifier::BOLD),
        )];
        lines.extend(online.news().map(|n| Line::raw(n.clone())));
        frame.render_widget(
            Paragraph::new(lines).block(Block::default().borders(Borders::TOP)),
            news,
        );
    }

    fn draw_game(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &dyn Game,
        lesson: Option<(Series, usize)>,
    ) {
        // The board takes what it needs; the side panel the rest, 38 columns where it can.
        let wanted = game.size().0.max(20);
        let side_width = area.width.saturating_sub(wanted).clamp(24, 38);
        let [board, side] =
            Layout::horizontal([Constraint::Min(20), Constraint::Length(side_width)]).areas(area);
        game.draw(frame, board, &self.start.look);
        self.board_area.set(board);
        let mut lines = vec![
            Line::from(Span::styled(
                format!("Moves: {}", game.moves()),
                Style::new().add_modifier(Modifier::BOLD),
            )),
            Line::raw(""),
        ];
        if game.done() {
            lines.push(Line::from(Span::styled(
                format!(" {} ", game.verb().to_uppercase()),
                self.start.look.marked(Color::LightGreen),
            )));
            lines.push(Line::raw(""));
        }
        lines.extend(game.status().into_iter().map(Line::raw));
        if let Some((series, index)) = lesson
            && game.moves() == 0
        {
            lines.push(Line::raw(""));
            lines.push(Line::raw(format!(
                "Lesson {} of {}: {}",
                index + 1,
                series.lessons().len(),
                series.intro(index)
            )));
        }
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::LEFT)),
            side,
        );
    }
}

/// A path as the list shows it: the file name, or the whole path if it has none.
fn shown(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

fn read_puzzle(path: &Path) -> Result<String> {
    let bytes = crate::files::read_bytes(path, crate::cli::MAX_READ_BYTES)?;
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}

fn save_progress(progress: &Progress, path: &Path) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    }
    progress.save(path)
}
