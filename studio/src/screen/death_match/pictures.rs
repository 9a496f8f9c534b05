//! Pictures of the open match: the round's board and the lock to pick, drawn as the sliding-lock
//! editor draws them, in the studio's theme, off the UI thread, once per board or lock and theme.

use crate::background;
use crate::sliding::picture::Palette;
use engine::sliding::{Board, Lock};
use iced::Task;
use iced::widget::image::Handle;
use rules::death_match::{Shape, serial};
use std::collections::{HashMap, HashSet};

/// How wide the board and the lock are drawn, in pixels.
pub const WIDTH: u32 = 300;

/// What a picture is of: a round's bare board, a lock as its `.slide` text, or a piece offered
/// in the draft.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Board(Board),
    Lock(String),
    Shape(Shape),
}

/// How many pixels a cell of an offered piece takes on its button.
pub const SHAPE_UNIT: f32 = 15.0;

/// A subject in a theme (`true`: dark).
pub type Themed = (Subject, bool);

/// The pictures drawn so far, by what they show and in which theme.
#[derive(Default)]
pub struct Pictures {
    /// The theme pictures are drawn in now.
    dark: bool,
    drawn: HashMap<Themed, Option<Handle>>,
    asked: HashSet<Themed>,
}

impl Pictures {
    /// The picture of `subject` in the theme now, once drawn; while it is being drawn, the one
    /// in the other theme if there is one (`None` while drawing, or when it cannot be drawn).
    pub fn get(&self, subject: &Subject) -> Option<&Handle> {
        let in_theme = |dark| self.drawn.get(&(subject.clone(), dark))?.as_ref();
        in_theme(self.dark).or_else(|| in_theme(!self.dark))
    }

    /// Whether `subject` is drawn in the theme now.
    pub fn is_drawn(&self, subject: &Subject) -> bool {
        self.drawn
            .get(&(subject.clone(), self.dark))
            .is_some_and(Option::is_some)
    }

    /// Whether pictures are drawn in the dark theme's colours.
    pub fn is_dark(&self) -> bool {
        self.dark
    }

    /// The theme to draw in; whether it changed.
    pub fn set_dark(&mut self, dark: bool) -> bool {
        std::mem::replace(&mut self.dark, dark) != dark
    }

    /// Draws `subject` in the theme now, in the background, unless it is drawn or being drawn.
    pub fn ask(&mut self, subject: Subject) -> Task<(Themed, Option<Handle>)> {
        let themed = (subject, self.dark);
        if self.drawn.contains_key(&themed) || !self.asked.insert(themed.clone()) {
            return Task::none();
        }
        background::run(
            move || {
                let picture = draw(&themed.0, themed.1);
                (themed, picture)
            },
            |drawn| drawn,
        )
    }

    /// A picture came back.
    pub fn drawn(&mut self, themed: Themed, picture: Option<Handle>) {
        self.asked.remove(&themed);
        self.drawn.insert(themed, picture);
    }

    /// Forgets every picture (another server or player).
    pub fn clear(&mut self) {
        self.drawn.clear();
        self.asked.clear();
    }
}

/// Draws a picture, in the dark theme's colours or the light one's. Blocking.
fn draw(subject: &Subject, dark: bool) -> Option<Handle> {
    let palette = Palette::of_theme(dark);
    let lock = match subject {
        Subject::Board(board) => Lock {
            board: board.clone(),
            pieces: Vec::new(),
        },
        Subject::Lock(text) => serial::lock::read(text).ok()?,
        Subject::Shape(shape) => {
            let pm =
                crate::sliding::render::pieces_pixmap(&alone(*shape), SHAPE_UNIT, &palette).ok()?;
            return Some(Handle::from_rgba(
                pm.width(),
                pm.height(),
                crate::shape::straight_rgba(&pm),
            ));
        }
    };
    let pm = crate::sliding::render::pixmap(&lock, WIDTH, &palette).ok()?;
    Some(Handle::from_rgba(
        pm.width(),
        pm.height(),
        crate::shape::straight_rgba(&pm),
    ))
}

/// A board just large enough for one piece of `shape`, holding it.
fn alone(shape: Shape) -> Lock {
    let piece = shape.piece_at(engine::sliding::Cell::new(0, 0));
    let (width, height) = cells(shape);
    Lock::new(Board::new(width, height), vec![piece])
}

/// How many cells wide and high a piece of `shape` is.
pub fn cells(shape: Shape) -> (u8, u8) {
    let end = shape.piece_at(engine::sliding::Cell::new(0, 0)).last();
    (end.col + 1, end.row + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_and_a_lock_are_drawn_and_a_broken_lock_is_not() {
        let text = include_str!("../../../../templates/sliding/seed-example.slide");
        let lock = serial::lock::read(text).expect("the seed's example reads");
        assert!(draw(&Subject::Lock(text.to_string()), false).is_some());
        assert!(draw(&Subject::Board(lock.board), false).is_some());
        assert!(draw(&Subject::Lock("garbage".into()), false).is_none());
    }

    /// An offered piece is drawn alone, as long as it is, on a light cell's colour.
    #[test]
    fn an_offered_piece_is_drawn_its_own_length() {
        let size = |shape| match draw(&Subject::Shape(shape), false) {
            Some(Handle::Rgba { width, height, .. }) => (width, height),
            _ => panic!("drawn as pixels"),
        };
        let unit = SHAPE_UNIT as u32;
        assert_eq!(size(Shape::horizontal(3)), (3 * unit, unit));
        assert_eq!(size(Shape::vertical(5)), (unit, 5 * unit));
        assert_eq!(size(Shape::Axis), (unit, unit));
        // The dark theme's light cells: a grey ground, opaque.
        match draw(&Subject::Shape(Shape::Axis), true) {
            Some(Handle::Rgba { pixels, .. }) => {
                assert_eq!(pixels[3], 255, "an opaque corner");
                let brightness: u32 = pixels[..3].iter().map(|&b| u32::from(b)).sum();
                assert!((150..600).contains(&brightness), "{brightness}");
            }
            _ => panic!("drawn as pixels"),
        }
    }

    /// The top left pixel's brightness (0–765), the picture's background.
    fn corner(picture: &Handle) -> u32 {
        match picture {
            Handle::Rgba { pixels, .. } => pixels[..3].iter().map(|&b| u32::from(b)).sum(),
            _ => panic!("drawn as pixels"),
        }
    }

    /// In the dark theme the pictures were drawn in the light theme's colours: a white page in
    /// a dark window.
    #[test]
    fn pictures_are_drawn_in_the_theme_and_drawn_again_when_it_changes() {
        let text = include_str!("../../../../templates/sliding/seed-example.slide");
        let subject = Subject::Lock(text.to_string());
        let light = draw(&subject, false).expect("light");
        let dark = draw(&subject, true).expect("dark");
        assert!(
            corner(&light) > 600,
            "a light background: {}",
            corner(&light)
        );
        assert!(corner(&dark) < 200, "a dark background: {}", corner(&dark));

        let mut pictures = Pictures::default();
        pictures.drawn((subject.clone(), false), Some(light.clone()));
        assert!(pictures.is_drawn(&subject));
        assert!(pictures.set_dark(true), "the theme changed");
        assert!(!pictures.set_dark(true), "and not again");
        assert!(
            !pictures.is_drawn(&subject),
            "not drawn in the dark theme yet"
        );
        assert_eq!(
            pictures.get(&subject),
            Some(&light),
            "the other theme's meanwhile"
        );
        pictures.drawn((subject.clone(), true), Some(dark.clone()));
        assert_eq!(pictures.get(&subject), Some(&dark));
        assert!(pictures.is_drawn(&subject));
    }
}
