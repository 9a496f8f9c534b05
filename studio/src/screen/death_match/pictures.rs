//! Pictures of the open match: the round's board and the lock to pick, drawn as the sliding-lock
//! editor draws them, off the UI thread, once per board or lock.

use crate::background;
use crate::sliding::picture::Palette;
use engine::sliding::{Board, Lock};
use iced::Task;
use iced::widget::image::Handle;
use server::death_match::serial;
use std::collections::{HashMap, HashSet};

/// How wide the board and the lock are drawn, in pixels.
pub const WIDTH: u32 = 300;

/// What a picture is of: a round's bare board, or a lock as its `.slide` text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Board(Board),
    Lock(String),
}

/// The pictures drawn so far, by what they show.
#[derive(Default)]
pub struct Pictures {
    drawn: HashMap<Subject, Option<Handle>>,
    asked: HashSet<Subject>,
}

impl Pictures {
    /// The picture of `subject`, once drawn (`None` while drawing, or when it cannot be).
    pub fn get(&self, subject: &Subject) -> Option<&Handle> {
        self.drawn.get(subject)?.as_ref()
    }

    /// Draws `subject` in the background unless it is drawn or being drawn.
    pub fn ask(&mut self, subject: Subject) -> Task<(Subject, Option<Handle>)> {
        if self.drawn.contains_key(&subject) || !self.asked.insert(subject.clone()) {
            return Task::none();
        }
        background::run(
            move || {
                let picture = draw(&subject);
                (subject, picture)
            },
            |drawn| drawn,
        )
    }

    /// A picture came back.
    pub fn drawn(&mut self, subject: Subject, picture: Option<Handle>) {
        self.asked.remove(&subject);
        self.drawn.insert(subject, picture);
    }

    /// Forgets every picture (another server or player).
    pub fn clear(&mut self) {
        self.drawn.clear();
        self.asked.clear();
    }
}

/// Draws a picture. Blocking.
fn draw(subject: &Subject) -> Option<Handle> {
    let lock = match subject {
        Subject::Board(board) => Lock {
            board: board.clone(),
            pieces: Vec::new(),
        },
        Subject::Lock(text) => serial::lock::read(text).ok()?,
    };
    let pm = crate::sliding::render::pixmap(&lock, WIDTH, &Palette::LIGHT).ok()?;
    Some(Handle::from_rgba(
        pm.width(),
        pm.height(),
        crate::shape::straight_rgba(&pm),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_and_a_lock_are_drawn_and_a_broken_lock_is_not() {
        let text = include_str!("../../../../templates/sliding/seed-example.slide");
        let lock = serial::lock::read(text).expect("the seed's example reads");
        assert!(draw(&Subject::Lock(text.to_string())).is_some());
        assert!(draw(&Subject::Board(lock.board)).is_some());
        assert!(draw(&Subject::Lock("garbage".into())).is_none());
    }
}
