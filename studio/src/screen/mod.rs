//! The studio's screens, each with its own state, messages, `update` and `view`.

pub mod buffer;
pub mod death_match;
pub mod document;
pub mod folder;
pub mod hexlock;
pub mod nonogram;
pub mod online;
pub mod quadrillion;
pub mod settings;
pub mod sliding;

use iced::widget::{Scrollable, column, row, scrollable, text};
use iced::{Color, Element, Font, Length};

/// A scrollable whose bar, when the content overflows, takes room of its own beside the content
/// instead of lying over its right edge (where the buttons of a list are).
pub fn scroll<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Scrollable<'a, M> {
    scrollable(content).spacing(SCROLLBAR_GAP)
}

/// The room between a scrollable's content and its bar.
pub const SCROLLBAR_GAP: f32 = 4.0;

/// A side-by-side line diff of two texts: removed lines red on the left, added lines green on
/// the right, unchanged lines on both sides.
pub fn diff_view<'a, M: 'a>(mine: &str, theirs: &str) -> Element<'a, M> {
    let mut left = column![text("mine").size(13)].spacing(1);
    let mut right = column![text("on disk").size(13)].spacing(1);
    let red = Color::from_rgb8(0xc0, 0x39, 0x2b);
    let green = Color::from_rgb8(0x27, 0xae, 0x60);
    for line in lockfmt::diff::line_diff(mine, theirs) {
        let t = |c: Option<Color>| {
            let w = text(line.text.clone()).font(Font::MONOSPACE).size(12);
            match c {
                Some(c) => w.color(c),
                None => w,
            }
        };
        match line.tag {
            "delete" => left = left.push(t(Some(red))),
            "insert" => right = right.push(t(Some(green))),
            _ => {
                left = left.push(t(None));
                right = right.push(t(None));
            }
        }
    }
    scroll(
        row![
            left.width(Length::FillPortion(1)),
            right.width(Length::FillPortion(1))
        ]
        .spacing(12),
    )
    .height(Length::Fixed(260.0))
    .into()
}
