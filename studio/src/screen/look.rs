//! The studio's own colours for words that tell a state ("✓ solved", "in progress"), chosen
//! for each theme so that they read on its backgrounds: iced's success green is one colour for
//! both themes, and on the dark one it read at 1.35:1.

use iced::widget::text;
use iced::{Color, Theme};

/// A finished game: solved, opened.
pub fn done(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(done_colour(theme.extended_palette().is_dark)),
    }
}

/// A game under way.
pub fn under_way(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(under_way_colour(theme.extended_palette().is_dark)),
    }
}

fn done_colour(dark: bool) -> Color {
    if dark {
        Color::from_rgb8(0x86, 0xdc, 0x9e)
    } else {
        Color::from_rgb8(0x17, 0x6b, 0x37)
    }
}

fn under_way_colour(dark: bool) -> Color {
    if dark {
        Color::from_rgb8(0xc4, 0xc7, 0xd0)
    } else {
        Color::from_rgb8(0x50, 0x55, 0x60)
    }
}

/// WCAG's contrast ratio of two opaque colours, from 1 to 21.
pub fn contrast(a: Color, b: Color) -> f32 {
    fn channel(c: f32) -> f32 {
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }
    fn luminance(c: Color) -> f32 {
        0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words on a panel (the theme's background) and on a card (its weak background) read at
    /// WCAG AA (4.5:1) in both themes.
    #[test]
    fn the_state_words_read_at_aa_contrast_in_both_themes() {
        for theme in [Theme::Light, Theme::Dark] {
            let p = theme.extended_palette();
            for back in [p.background.base.color, p.background.weak.color] {
                for (what, style) in [("done", done(&theme)), ("under way", under_way(&theme))] {
                    let colour = style.color.expect("a colour");
                    let ratio = contrast(colour, back);
                    assert!(
                        ratio >= 4.5,
                        "{what} in {theme:?}: {ratio:.2}:1 on {back:?}"
                    );
                }
            }
        }
    }

    /// The measure itself: black on white is 21:1, a colour on itself 1:1, and iced's own
    /// success green on its dark background is the 1.35:1 the words had.
    #[test]
    fn contrast_is_measured_as_wcag_measures_it() {
        assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color::WHITE, Color::WHITE) - 1.0).abs() < 0.001);
        let dark = Theme::Dark.extended_palette();
        let before = contrast(dark.success.base.color, dark.background.base.color);
        assert!(before < 2.0, "{before}");
    }
}
