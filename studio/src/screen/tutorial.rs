//! The tutorial screen: a series of lessons for each family that has one (hex locks, sliding
//! locks), which lessons are done, the current lesson's intro; and the bar above a lesson in
//! play. Every lesson can be opened from the list: a series suggests an order and enforces none.

use crate::background;
use crate::screen::scroll;
use crate::tutorial::{Progress, Series};
use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Length, Task};
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Show a series' lessons.
    Show(Series),
    /// Play a lesson.
    Open(Series, usize),
    /// Load the lesson's solution, to be played move by move.
    ShowMe,
    /// Leave the tutorial screen.
    Close,
    /// After the hex lock series: to the online screen.
    GoOnline,
    /// After the sliding lock series: to the Death Match screen.
    GoDeathMatch,
    /// The progress was written.
    Saved(Result<(), String>),
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this hex lock lesson's lock.
    PlayHexLock(usize, Box<engine::hexlock::Lock>),
    /// Play this sliding lock lesson: its text.
    PlaySliding(usize, &'static str),
    /// Load this solution into the hex lock lesson in play.
    ShowHexLock(Vec<engine::hexlock::Move>),
    /// Load this move list into the sliding lock lesson in play.
    ShowSliding(String),
    /// Leave the tutorial screen.
    Close,
    /// On to the online screen.
    GoOnline,
    /// On to the Death Match screen.
    GoDeathMatch,
    /// Something went wrong, in a sentence.
    Problem(String),
}

/// The lesson in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playing {
    pub series: Series,
    pub index: usize,
    /// Whether it has been opened (hex locks) or picked (sliding locks).
    pub done: bool,
}

/// The series and the player's progress through them.
pub struct Tutorial {
    progress: Progress,
    path: Option<PathBuf>,
    /// Whether this is the first start's welcome.
    welcome: bool,
    /// The series the page shows.
    shown: Series,
    playing: Option<Playing>,
}

impl Tutorial {
    /// Loads the progress; on a first start (no progress yet, or only a start on a named file
    /// before) the series are offered.
    pub fn load(mut path: Option<PathBuf>) -> (Tutorial, Option<String>) {
        let (progress, first, problem) = match path.as_deref().map(Progress::load) {
            // Not offered yet: the first start opened a file instead.
            Some(Ok(Some(p))) => {
                let first = !p.offered && p.untouched();
                (p, first, None)
            }
            Some(Ok(None)) => (Progress::default(), true, None),
            // The progress starts afresh; the file that did not read is never written over.
            Some(Err(e)) => {
                let said = match path.as_deref().map(crate::files::set_aside) {
                    Some(Ok(aside)) => format!(
                        "{e:#}; the lessons start afresh and the file is kept as {}",
                        aside.display()
                    ),
                    Some(Err(why)) => {
                        path = None;
                        format!("{e:#}; {why}, so the lessons done are not kept this time")
                    }
                    None => format!("{e:#}"),
                };
                (Progress::default(), false, Some(said))
            }
            None => (Progress::default(), false, None),
        };
        let mut t = Tutorial {
            progress,
            path,
            welcome: first,
            shown: Series::HexLock,
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

    /// The series the page shows.
    pub fn shown(&self) -> Series {
        self.shown
    }

    /// The lesson in play.
    pub fn playing(&self) -> Option<Playing> {
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

    /// The lesson in play was opened or picked: it is marked, and its series moves on.
    pub fn done(&mut self) -> Task<Message> {
        if let Some(p) = &mut self.playing
            && !p.done
        {
            p.done = true;
            self.progress.track_mut(p.series).opened(p.series, p.index);
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
            Message::Show(series) => {
                self.shown = series;
                (Task::none(), None)
            }
            Message::Open(series, i) => {
                let Some(lesson) = series.lessons().get(i) else {
                    return (Task::none(), None);
                };
                let event = match series {
                    Series::HexLock => match crate::hexlock::tutorial::lock(i) {
                        Some(lock) => Event::PlayHexLock(i, Box::new(lock)),
                        None => return (Task::none(), None),
                    },
                    Series::Sliding => Event::PlaySliding(i, lesson.text),
                };
                self.progress.track_mut(series).current = Some(lesson.file.to_string());
                self.playing = Some(Playing {
                    series,
                    index: i,
                    done: false,
                });
                self.shown = series;
                self.welcome = false;
                (self.save(), Some(event))
            }
            Message::ShowMe => {
                let event = self.playing.and_then(|p| match p.series {
                    Series::HexLock => {
                        crate::hexlock::tutorial::solution(p.index).map(Event::ShowHexLock)
                    }
                    Series::Sliding => {
                        crate::sliding::tutorial::solution(p.index).map(Event::ShowSliding)
                    }
                });
                (Task::none(), event)
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
            Message::GoDeathMatch => {
                self.playing = None;
                self.welcome = false;
                (Task::none(), Some(Event::GoDeathMatch))
            }
            Message::Saved(Ok(())) => (Task::none(), None),
            Message::Saved(Err(why)) => (Task::none(), Some(Event::Problem(why))),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let series = self.shown;
        let lessons = series.lessons();
        let track = self.progress.track(series);
        let current = track.current_index(series);
        let mut page = column![].spacing(10).padding(12);
        if self.welcome {
            page = page.push(
                column![
                    text("Welcome to Lockwright").size(22),
                    text(format!(
                        "Learn the puzzles with a series of lessons for each: {}. Start with \
                         the first, or open any lesson from the list.",
                        Series::ALL
                            .iter()
                            .map(|s| format!("{} ({})", s.name().to_lowercase(), s.lessons().len()))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ))
                    .size(14),
                    text(format!(
                        "{} here too: New makes one from a template, and Play plays it.",
                        families_without_lessons()
                    ))
                    .size(14),
                ]
                .spacing(4),
            );
        } else {
            page = page.push(text("Tutorial").size(20));
        }
        let tabs = row(Series::ALL.iter().map(|&s| {
            let done = self.progress.track(s).done(s);
            button(text(format!("{} · {done}/{}", s.name(), s.lessons().len())).size(13))
                .style(if s == series {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Show(s))
                .into()
        }))
        .spacing(6);
        page = page.push(tabs).push(text(series.about()).size(13));
        page = page.push(
            text(format!(
                "{} of {} lessons {}",
                track.done(series),
                lessons.len(),
                done_word(series)
            ))
            .size(13),
        );
        if lessons.get(current).is_some() {
            page = page.push(
                container(
                    column![
                        text(format!("Lesson {}: {}", current + 1, series.title(current))).size(16),
                        text(series.intro(current)).size(13),
                        row![
                            button(text(format!("Play lesson {}", current + 1)).size(13))
                                .on_press(Message::Open(series, current)),
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
        if track.finished(series) {
            page = page.push(finished(series));
        }
        let list = column(lessons.iter().enumerate().map(|(i, l)| {
            let mark = if track.opened.contains(l.file) {
                "✓"
            } else {
                "·"
            };
            button(text(format!("{mark} {:>2}. {}", i + 1, series.title(i))).size(13))
                .width(Length::Fixed(360.0))
                .style(if i == current {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::Open(series, i))
                .into()
        }))
        .spacing(2);
        page.push(scroll(list).height(Fill)).into()
    }

    /// The bar above a lesson in play: its intro, then, once done, the way on. `moves` is the
    /// count of moves made, as the family counts them.
    pub fn bar(&self, moves: usize) -> Option<Element<'_, Message>> {
        let Playing {
            series,
            index,
            done,
        } = self.playing?;
        let lessons = series.lessons();
        lessons.get(index)?;
        let mut bar = column![
            text(format!(
                "Lesson {} of {}: {}",
                index + 1,
                lessons.len(),
                series.title(index)
            ))
            .size(16),
            text(series.intro(index)).size(13),
        ]
        .spacing(4);
        // What the lesson offers now — help while it is being played, then the praise and the
        // way on — takes one row of one height, so that the board below never moves when the
        // lock opens.
        let action: Element<'_, Message> = if !done {
            row![
                button(text("Stuck? Show me").size(12))
                    .style(button::secondary)
                    .on_press(Message::ShowMe)
            ]
            .into()
        } else {
            let made = lockfmt::words::count(moves, "move");
            let done = match series {
                Series::HexLock => "Opened",
                Series::Sliding => "Picked",
            };
            let praise = match series.shortest(index) {
                Some(fewest) if fewest >= moves => {
                    format!("{done} in {made}, the fewest possible!")
                }
                Some(fewest) => {
                    format!("{done} in {made}! The fewest take {fewest}: Restart to try for them.")
                }
                None => format!("{done} in {made}!"),
            };
            let on: Element<'_, Message> = match lessons.get(index + 1) {
                Some(_) => {
                    button(text(format!("Next lesson: {}", series.title(index + 1))).size(13))
                        .on_press(Message::Open(series, index + 1))
                        .into()
                }
                None => finished(series),
            };
            row![text(praise).size(14).width(Fill), on]
                .spacing(8)
                .align_y(iced::Center)
                .into()
        };
        bar = bar.push(
            container(action)
                .height(iced::Length::Fixed(ACTION_HEIGHT))
                .align_y(iced::Center)
                .clip(true),
        );
        Some(
            container(bar)
                .padding(8)
                .style(container::rounded_box)
                .width(Fill)
                .into(),
        )
    }
}

/// What finishing a lesson is called in a series.
fn done_word(series: Series) -> &'static str {
    match series {
        Series::HexLock => "opened",
        Series::Sliding => "picked",
    }
}

/// The way on after a whole series.
fn finished<'a>(series: Series) -> Element<'a, Message> {
    let (words, label, message) = match series {
        Series::HexLock => (
            "That is the whole series. Now pick other players' locks, and publish your own, \
             on the online screen.",
            "Go online",
            Message::GoOnline,
        ),
        Series::Sliding => (
            "That is the whole series. Now make sliding locks of your own (New, then a \
             sliding lock), and pit them against another player's in a Death Match.",
            "Go to Death Match",
            Message::GoDeathMatch,
        ),
    };
    row![
        text(words).size(13).width(Fill),
        button(text(label).size(13)).on_press(message),
    ]
    .spacing(8)
    .align_y(iced::Center)
    .into()
}

/// The height of a lesson's action row: two lines of words beside a button.
const ACTION_HEIGHT: f32 = 40.0;

/// The families no series teaches, as the welcome names them: "Nonograms and Quadrillion
/// boards are".
fn families_without_lessons() -> String {
    let taught: Vec<String> = Series::ALL
        .iter()
        .map(|s| s.name().to_lowercase())
        .collect();
    let untaught: Vec<&str> = crate::family::FAMILIES
        .iter()
        .map(|f| f.plural)
        .filter(|p| !taught.contains(&p.to_lowercase()))
        .collect();
    let said = match untaught.split_last() {
        None => return String::from("Every family has lessons: all are"),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    };
    let mut letters = said.chars();
    let first = letters.next().map(|c| c.to_uppercase().to_string());
    format!("{}{} are", first.unwrap_or_default(), letters.as_str())
}
