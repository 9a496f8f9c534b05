//! The tutorial screen: the series of lessons, which ones are opened, the current lesson's
//! intro; and the bar above a lesson in play. Every lesson can be opened from the list: the
//! series suggests an order and enforces none.

use crate::background;
use crate::hexlock::tutorial::{Progress, SERIES};
use crate::screen::scroll;
use engine::hexlock::{Lock, Move};
use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Length, Task};
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Play a lesson.
    Open(usize),
    /// Load the lesson's solution, to be played move by move.
    ShowMe,
    /// Leave the tutorial screen.
    Close,
    /// After the series: to the online screen.
    GoOnline,
    /// The progress was written.
    Saved(Result<(), String>),
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this lesson's lock.
    Play(usize, Box<Lock>),
    /// Load this solution into the lesson in play.
    ShowMe(Vec<Move>),
    /// Leave the tutorial screen.
    Close,
    /// On to the online screen.
    GoOnline,
    /// Something went wrong, in a sentence.
    Problem(String),
}

/// The series and the player's progress through it.
pub struct Tutorial {
    progress: Progress,
    path: Option<PathBuf>,
    /// Whether this is the first start's welcome.
    welcome: bool,
    /// The lesson in play, and whether it has been opened.
    playing: Option<(usize, bool)>,
}

impl Tutorial {
    /// Loads the progress; on a first start (no progress yet, or only a start on a named file
    /// before) the series is offered.
    pub fn load(path: Option<PathBuf>) -> (Tutorial, Option<String>) {
        let (progress, first, problem) = match path.as_deref().map(Progress::load) {
            // Not offered yet: the first start opened a file instead.
            Some(Ok(Some(p))) => {
                let first = !p.offered && p.opened.is_empty() && p.current.is_none();
                (p, first, None)
            }
            Some(Ok(None)) => (Progress::default(), true, None),
            Some(Err(e)) => (Progress::default(), false, Some(format!("{e:#}"))),
            None => (Progress::default(), false, None),
        };
        let mut t = Tutorial {
            progress,
            path,
            welcome: first,
            playing: None,
        };
        if first {
            t.progress.offered = true;
        }
        (t, problem)
    }

    /// Whether this is the first start's welcome.
    pub fn is_welcome(&self) -> bool {
        self.welcome
    }

    /// The studio starts on a file the user named: that file comes first, and the welcome
    /// waits for a start without one.
    pub fn defer_welcome(&mut self) {
        if self.welcome {
            self.welcome = false;
            self.progress.offered = false;
        }
    }

    /// The player's progress.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The lesson in play, and whether it has been opened.
    pub fn playing(&self) -> Option<(usize, bool)> {
        self.playing
    }

    /// Saves the progress in the background.
    pub fn save(&self) -> Task<Message> {
        let Some(path) = self.path.clone() else {
            return Task::none();
        };
        let progress = self.progress.clone();
        background::run(
            move || progress.save(&path).map_err(|e| format!("{e:#}")),
            Message::Saved,
        )
    }

    /// The lesson in play opened: it is marked, and the series moves on.
    pub fn opened(&mut self) -> Task<Message> {
        if let Some((index, done)) = &mut self.playing {
            *done = true;
            self.progress.opened(*index);
            return self.save();
        }
        Task::none()
    }

    /// The player left the lesson in play.
    pub fn stop(&mut self) {
        self.playing = None;
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Open(i) => {
                let Some(lock) = SERIES.get(i).and_then(|l| l.lock()) else {
                    return (Task::none(), None);
                };
                self.progress.current = SERIES.get(i).map(|l| l.file.to_string());
                self.playing = Some((i, false));
                self.welcome = false;
                (self.save(), Some(Event::Play(i, Box::new(lock))))
            }
            Message::ShowMe => {
                let lesson = self.playing.and_then(|(i, _)| SERIES.get(i));
                let moves = lesson.and_then(|l| lockfmt::hexlock::parse_solution(l.solution).ok());
                (Task::none(), moves.map(|s| Event::ShowMe(s.moves)))
            }
            Message::Close => {
                self.welcome = false;
                (Task::none(), Some(Event::Close))
            }
            Message::GoOnline => {
                self.playing = None;
                self.welcome = false;
                (Task::none(), Some(Event::GoOnline))
            }
            Message::Saved(Ok(())) => (Task::none(), None),
            Message::Saved(Err(why)) => (Task::none(), Some(Event::Problem(why))),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let current = self.progress.current_index();
        let mut page = column![].spacing(10).padding(12);
        if self.welcome {
            page = page.push(
                column![
                    text("Welcome to Lockwright").size(22),
                    text(format!(
                        "Learn to pick locks with a series of {} lessons, one mechanic each. \
                         Start with the first, or open any lesson from the list.",
                        SERIES.len()
                    ))
                    .size(14),
                ]
                .spacing(4),
            );
        } else {
            page = page.push(text("Tutorial").size(20));
        }
        let done = self.progress.opened.len().min(SERIES.len());
        page = page.push(text(format!("{done} of {} lessons opened", SERIES.len())).size(13));
        if let Some(lesson) = SERIES.get(current) {
            page = page.push(
                container(
                    column![
                        text(format!("Lesson {}: {}", current + 1, lesson.title())).size(16),
                        text(lesson.intro()).size(13),
                        row![
                            button(text(format!("Play lesson {}", current + 1)).size(13))
                                .on_press(Message::Open(current)),
                            button(text("Not now").size(13))
                                .style(button::secondary)
                                .on_press(Message::Close),
                        ]
                        .spacing(8),
                    ]
                    .spacing(6),
                )
                .padding(8)
                .style(container::rounded_box)
                .width(Fill),
            );
        }
        if self.progress.finished() {
            page = page.push(finished());
        }
        let list = column(SERIES.iter().enumerate().map(|(i, l)| {
            let mark = if self.progress.opened.contains(l.file) {
                "✓"
            } else {
                "·"
            };
            button(text(format!("{mark} {:>2}. {}", i + 1, l.title())).size(13))
                .width(Length::Fixed(360.0))
                .style(if i == current {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::Open(i))
                .into()
        }))
        .spacing(2);
        page.push(scroll(list).height(Fill)).into()
    }

    /// The bar above a lesson in play: its intro, then, once opened, the way on.
    pub fn bar(&self, moves: usize) -> Option<Element<'_, Message>> {
        let (index, opened) = self.playing?;
        let lesson = SERIES.get(index)?;
        let mut bar = column![
            text(format!(
                "Lesson {} of {}: {}",
                index + 1,
                SERIES.len(),
                lesson.title()
            ))
            .size(16),
            text(lesson.intro()).size(13),
        ]
        .spacing(4);
        if !opened {
            bar = bar.push(
                button(text("Stuck? Show me").size(12))
                    .style(button::secondary)
                    .on_press(Message::ShowMe),
            );
        }
        if opened {
            bar = bar.push(
                text(format!(
                    "Opened in {}!",
                    lockfmt::words::count(moves, "move")
                ))
                .size(14),
            );
            bar = bar.push(match SERIES.get(index + 1) {
                Some(next) => Element::from(
                    button(text(format!("Next lesson: {}", next.title())).size(13))
                        .on_press(Message::Open(index + 1)),
                ),
                None => finished(),
            });
        }
        Some(
            container(bar)
                .padding(8)
                .style(container::rounded_box)
                .width(Fill)
                .into(),
        )
    }
}

fn finished<'a>() -> Element<'a, Message> {
    column![
        text(
            "That is the whole series. Now pick other players' locks, and publish your own, \
             on the online screen."
        )
        .size(13),
        button(text("Go online").size(13)).on_press(Message::GoOnline),
    ]
    .spacing(4)
    .into()
}
