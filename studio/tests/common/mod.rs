//! The studio driven as a user drives it: clicks and typing through `iced_test`, and every task
//! the studio returns run for real (files are read and written, servers answer), each message
//! fed back, until nothing is left to run.

#![allow(dead_code)]

pub mod editing;
pub mod online;

use iced::{Rectangle, Task};
use iced_test::{Error, selector, simulator};
use std::path::Path;
use studio::app::{Message, Start, Studio};
use studio::screen::online::Setup;
use studio::settings::Settings;

/// Runs the studio's tasks on a real runtime and clicks through its window.
pub struct Driver {
    pub rt: tokio::runtime::Runtime,
}

impl Driver {
    pub fn new() -> Driver {
        Driver {
            rt: studio::testing::runtime(),
        }
    }

    /// Runs a task and every task its messages lead to.
    pub fn run(&self, s: &mut Studio, task: Task<Message>) {
        studio::testing::settle(&self.rt, s, task, |s, m| s.update(m));
    }

    /// Sends a message, then runs what follows.
    pub fn send(&self, s: &mut Studio, m: Message) {
        let t = s.update(m);
        self.run(s, t);
    }

    /// Presses a key with these modifiers held, as the window reports it.
    pub fn key(
        &self,
        s: &mut Studio,
        key: iced::keyboard::Key,
        modifiers: iced::keyboard::Modifiers,
    ) {
        self.send(s, Message::Key(key, modifiers));
    }

    /// Clicks a button by its text.
    pub fn click(&self, s: &mut Studio, label: &str) -> Result<(), Error> {
        let messages: Vec<Message> = {
            let mut ui = simulator(s.view());
            let _ = ui.click(label)?;
            ui.into_messages().collect()
        };
        for m in messages {
            self.send(s, m);
        }
        Ok(())
    }

    /// Right-clicks the widget with this text, as a user asks to rebind its key.
    pub fn right_click(&self, s: &mut Studio, label: &str) -> Result<(), Error> {
        use iced::mouse;
        let messages: Vec<Message> = {
            let mut ui = simulator(s.view());
            let at = ui.find(label)?.bounds().center();
            ui.point_at(at);
            let _ = ui.simulate([
                iced::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Right)),
                iced::Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Right)),
            ]);
            ui.into_messages().collect()
        };
        for m in messages {
            self.send(s, m);
        }
        Ok(())
    }

    /// Types into the text input with this id.
    pub fn type_into(&self, s: &mut Studio, id: &'static str, text: &str) -> Result<(), Error> {
        let messages: Vec<Message> = {
            let mut ui = simulator(s.view());
            let _ = ui.click(selector::id(id))?;
            let _ = ui.typewrite(text);
            ui.into_messages().collect()
        };
        for m in messages {
            self.send(s, m);
        }
        Ok(())
    }

    /// A studio with its own home (lock folder, data folder, tokens), started and settled.
    pub fn studio_at(&self, home: &Path, settings: Settings) -> Studio {
        let (mut s, first) = Studio::new(start_at(home, settings));
        self.run(&mut s, first);
        s
    }
}

/// Where a studio with its own home starts.
pub fn start_at(home: &Path, settings: Settings) -> Start {
    Start {
        folder: home.join("locks"),
        file: None,
        imported: None,
        settings,
        settings_path: Some(home.join("settings.toml")),
        online: Setup {
            data_dir: Some(home.join("data")),
            tokens_path: Some(home.join("tokens.toml")),
            password_memory_kib: 64,
        },
    }
}

/// Whether the window shows this text.
pub fn sees(s: &Studio, what: &str) -> bool {
    let mut ui = simulator(s.view());
    ui.find(what).is_ok()
}

/// The starter templates' folder.
pub fn starter(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates/hexlock/starter")
            .join(name),
    )
    .expect("a starter file")
}

/// The scrollables on the studio's page whose content overflows them while their bar lies over
/// the content's right edge, where it hides the ends of rows and the buttons there.
pub fn bars_over_content(s: &Studio) -> Vec<iced::Rectangle> {
    /// iced's default scrollbar width.
    const BAR: f32 = 10.0;
    let mut over = Vec::new();
    let mut ui = simulator(s.view());
    let _ = ui.find(|c: selector::Candidate<'_>| {
        if let selector::Candidate::Scrollable {
            bounds,
            content_bounds,
            ..
        } = c
            && content_bounds.height > bounds.height + 0.5
            && content_bounds.x + content_bounds.width > bounds.x + bounds.width - BAR + 0.5
        {
            over.push(bounds);
        }
        None::<()>
    });
    over
}

/// Where a text on the studio's page lies in a window of this size, and how much of it is in
/// sight: `None` when it is not on the page.
fn text_bounds(s: &Studio, size: iced::Size, what: &str) -> Option<(Rectangle, Option<Rectangle>)> {
    let mut ui = iced_test::Simulator::with_size(iced::Settings::default(), size, s.view());
    ui.find(what).ok().map(|t| (t.bounds(), t.visible_bounds()))
}

/// Whether a text on the studio's page shows whole in a window of this size: not cut off by the
/// window's edge.
pub fn shown_whole(s: &Studio, size: iced::Size, what: &str) -> bool {
    text_bounds(s, size, what).is_some_and(|(whole, seen)| {
        seen.is_some_and(|seen| {
            seen.width >= whole.width - 0.5 && seen.height >= whole.height - 0.5
        })
    })
}

/// Whether a short text (a button's words) shows on one line in a window of this size, whole:
/// a row that gives the rest of its width away squeezes it to a word a line, or to letters.
pub fn on_one_line(s: &Studio, size: iced::Size, what: &str) -> bool {
    /// Two lines of the studio's largest button text are taller than this.
    const ONE_LINE: f32 = 24.0;
    shown_whole(s, size, what)
        && text_bounds(s, size, what).is_some_and(|(whole, _)| whole.height < ONE_LINE)
}

/// A lock folder with a puzzle of each family: `ball-stop.lock`, `dancer.non` (with a long
/// title), `seed.slide` and `board.quad`.
pub fn every_family(home: &Path) {
    let locks = home.join("locks");
    std::fs::create_dir_all(&locks).expect("lock folder");
    let template = |path: &str| {
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../templates")
                .join(path),
        )
        .expect("a template")
    };
    std::fs::write(locks.join("ball-stop.lock"), starter("ball-stop.lock")).expect("lock");
    let dancer = template("nonogram/dancer.non").replace(
        "title \"Dancer\"",
        "title \"A dancer caught mid-step on a long summer evening\"",
    );
    std::fs::write(locks.join("dancer.non"), dancer).expect("nonogram");
    std::fs::write(
        locks.join("seed.slide"),
        template("sliding/seed-example.slide"),
    )
    .expect("slide");
    std::fs::write(
        locks.join("board.quad"),
        template("quadrillion/default.quad"),
    )
    .expect("quad");
}
