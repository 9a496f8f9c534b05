//! The studio's own look: its two themes (palette, and the text on every background the
//! widgets draw), the words that tell a state in colour ("✓ solved", "Opens in 11 moves"),
//! the type scale and the spacing. Every text/background pair reads at WCAG AA (4.5:1) or
//! better in both themes; the tests below measure each one. iced's built-in themes did not:
//! their success green read at 1.35:1 on the dark background.

use iced::theme::palette::{self, Extended, Pair};
use iced::widget::text;
use iced::{Color, Theme};
use std::sync::LazyLock;

/// The type scale: every text in the studio takes one of these sizes.
pub mod size {
    /// Small print: status lines, captions under a tool's icon.
    pub const SMALL: f32 = 11.0;
    /// Buttons, lists, the body of a panel.
    pub const BODY: f32 = 13.0;
    /// A verdict, a line that leads a panel.
    pub const LEAD: f32 = 14.0;
    /// A panel's title.
    pub const TITLE: f32 = 18.0;
    /// A screen's title.
    pub const HEADING: f32 = 24.0;
}

/// The spacing: gaps between things, from things that belong together to sections.
pub mod space {
    /// Between buttons of one group.
    pub const TIGHT: f32 = 4.0;
    /// Between groups of a bar.
    pub const NEAR: f32 = 8.0;
    /// Between sections of a panel.
    pub const APART: f32 = 12.0;
}

/// The light palette: warm paper like the hex canvas's board, ink, a deep blue for what is
/// chosen.
const LIGHT: palette::Palette = palette::Palette {
    background: Color::from_rgb8(0xf5, 0xf5, 0xf2),
    text: Color::from_rgb8(0x1d, 0x20, 0x24),
    primary: Color::from_rgb8(0x2b, 0x5c, 0x8a),
    success: Color::from_rgb8(0x1f, 0x7a, 0x45),
    warning: Color::from_rgb8(0x8a, 0x5a, 0x00),
    danger: Color::from_rgb8(0xb3, 0x26, 0x1e),
};

/// The dark palette: the same hues, lifted to read on a near-black slate.
const DARK: palette::Palette = palette::Palette {
    background: Color::from_rgb8(0x18, 0x1a, 0x1e),
    text: Color::from_rgb8(0xe8, 0xe6, 0xe1),
    primary: Color::from_rgb8(0x7c, 0xaa, 0xdb),
    success: Color::from_rgb8(0x5c, 0xc0, 0x8a),
    warning: Color::from_rgb8(0xe0, 0xb0, 0x50),
    danger: Color::from_rgb8(0xf0, 0x7a, 0x6e),
};

static LIGHT_THEME: LazyLock<Theme> =
    LazyLock::new(|| Theme::custom_with_fn("Lockwright light", LIGHT, readable));
static DARK_THEME: LazyLock<Theme> =
    LazyLock::new(|| Theme::custom_with_fn("Lockwright dark", DARK, readable));

/// The studio's theme, light or dark.
pub fn theme(dark: bool) -> Theme {
    if dark {
        DARK_THEME.clone()
    } else {
        LIGHT_THEME.clone()
    }
}

/// The least contrast text may have on its background: WCAG AA for body text.
pub const AA: f32 = 4.5;

/// iced's shades of the palette, with each shade's text chosen to read on it: the palette's
/// own ink or paper where that reaches AA, else black or white, whichever reads better (one
/// of the two always reaches 4.5:1).
fn readable(p: palette::Palette) -> Extended {
    let mut e = Extended::generate(p);
    // iced shades the paper by turning its hue, which turned our grey paper khaki: the studio
    // shades it toward the ink instead, so panels, cards and quiet buttons stay neutral.
    let toward_ink = |amount: f32| Pair::new(mix(p.background, p.text, amount), p.text);
    let b = &mut e.background;
    b.weakest = toward_ink(0.03);
    b.weaker = toward_ink(0.06);
    b.weak = toward_ink(0.09);
    b.neutral = toward_ink(0.12);
    b.strong = toward_ink(0.16);
    b.stronger = toward_ink(0.2);
    b.strongest = toward_ink(0.25);
    e.secondary.weak = toward_ink(0.1);
    e.secondary.base = toward_ink(0.16);
    e.secondary.strong = toward_ink(0.24);
    let fix = |pair: &mut Pair| {
        let best = [p.text, p.background, Color::BLACK, Color::WHITE]
            .into_iter()
            .find(|&t| contrast(t, pair.color) >= AA)
            .unwrap_or(Color::BLACK);
        pair.text = best;
    };
    let b = &mut e.background;
    for pair in [
        &mut b.base,
        &mut b.weakest,
        &mut b.weaker,
        &mut b.weak,
        &mut b.neutral,
        &mut b.strong,
        &mut b.stronger,
        &mut b.strongest,
    ] {
        fix(pair);
    }
    for set in [
        [
            &mut e.primary.base,
            &mut e.primary.weak,
            &mut e.primary.strong,
        ],
        [
            &mut e.secondary.base,
            &mut e.secondary.weak,
            &mut e.secondary.strong,
        ],
        [
            &mut e.success.base,
            &mut e.success.weak,
            &mut e.success.strong,
        ],
        [
            &mut e.warning.base,
            &mut e.warning.weak,
            &mut e.warning.strong,
        ],
        [&mut e.danger.base, &mut e.danger.weak, &mut e.danger.strong],
    ] {
        for pair in set {
            fix(pair);
        }
    }
    e
}

/// `a` moved `amount` of the way to `b`.
fn mix(a: Color, b: Color, amount: f32) -> Color {
    let at = |x: f32, y: f32| x + (y - x) * amount;
    Color::from_rgb(at(a.r, b.r), at(a.g, b.g), at(a.b, b.b))
}

/// What a coloured word says of the thing it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// It opens, it is solved, it has one answer.
    Good,
    /// It never opens, it is wrong, it failed.
    Bad,
    /// Not yet, not known, worth a look.
    Caution,
}

impl Tone {
    /// Its colour on a theme's backgrounds.
    pub fn colour(self, theme: &Theme) -> Color {
        let dark = theme.extended_palette().is_dark;
        match (self, dark) {
            (Tone::Good, false) => Color::from_rgb8(0x13, 0x5c, 0x2f),
            (Tone::Good, true) => Color::from_rgb8(0x86, 0xdc, 0x9e),
            (Tone::Bad, false) => Color::from_rgb8(0x9a, 0x24, 0x19),
            (Tone::Bad, true) => Color::from_rgb8(0xff, 0x9a, 0x8f),
            (Tone::Caution, false) => Color::from_rgb8(0x6e, 0x49, 0x00),
            (Tone::Caution, true) => Color::from_rgb8(0xe9, 0xc4, 0x6a),
        }
    }

    /// A text style in this tone, or kept invisible (the room held while a verdict is
    /// awaited) when `shown` is false.
    pub fn style(self, shown: bool) -> impl Fn(&Theme) -> text::Style {
        move |theme| text::Style {
            color: Some(if shown {
                self.colour(theme)
            } else {
                Color::TRANSPARENT
            }),
        }
    }
}

/// Words that stand back (line numbers, counts, captions): the theme's ink mixed a quarter of
/// the way into its paper, which still reads at AA.
pub fn quiet(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(quiet_colour(theme)),
    }
}

fn quiet_colour(theme: &Theme) -> Color {
    let p = theme.palette();
    mix(p.text, p.background, 0.25)
}

/// Good news in words.
pub fn good(theme: &Theme) -> text::Style {
    Tone::Good.style(true)(theme)
}

/// Bad news in words.
pub fn bad(theme: &Theme) -> text::Style {
    Tone::Bad.style(true)(theme)
}

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
    let theme = theme(dark);
    Tone::Good.colour(&theme)
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
        for theme in [theme(false), theme(true)] {
            let p = theme.extended_palette();
            for back in [p.background.base.color, p.background.weak.color] {
                for (what, style) in [("done", done(&theme)), ("under way", under_way(&theme))] {
                    let colour = style.color.expect("a colour");
                    let ratio = contrast(colour, back);
                    assert!(
                        ratio >= 4.5,
                        "{what} (dark {}): {ratio:.2}:1 on {back:?}",
                        p.is_dark
                    );
                }
            }
        }
    }

    /// Every pair of the themes' palettes (a background and the text drawn on it: panels,
    /// cards, buttons of every kind, chosen rows) reads at AA in both themes.
    #[test]
    fn every_text_on_its_background_reads_at_aa_in_both_themes() {
        for dark in [false, true] {
            let theme = theme(dark);
            let e = theme.extended_palette();
            let b = &e.background;
            let pairs = [
                ("background", b.base),
                ("background weakest", b.weakest),
                ("background weaker", b.weaker),
                ("background weak", b.weak),
                ("background neutral", b.neutral),
                ("background strong", b.strong),
                ("background stronger", b.stronger),
                ("background strongest", b.strongest),
                ("primary", e.primary.base),
                ("primary weak", e.primary.weak),
                ("primary strong", e.primary.strong),
                ("secondary", e.secondary.base),
                ("secondary weak", e.secondary.weak),
                ("secondary strong", e.secondary.strong),
                ("success", e.success.base),
                ("success weak", e.success.weak),
                ("success strong", e.success.strong),
                ("warning", e.warning.base),
                ("warning weak", e.warning.weak),
                ("warning strong", e.warning.strong),
                ("danger", e.danger.base),
                ("danger weak", e.danger.weak),
                ("danger strong", e.danger.strong),
            ];
            for (what, pair) in pairs {
                let ratio = contrast(pair.text, pair.color);
                assert!(ratio >= AA, "{what} (dark {dark}): {ratio:.2}:1");
            }
            assert_eq!(e.is_dark, dark);
        }
    }

    /// The tones of verdicts and states read at AA on the panels they are written on.
    #[test]
    fn the_tones_read_at_aa_on_the_panels_in_both_themes() {
        for dark in [false, true] {
            let theme = theme(dark);
            let e = theme.extended_palette();
            for back in [
                e.background.base.color,
                e.background.weakest.color,
                e.background.weak.color,
            ] {
                for tone in [Tone::Good, Tone::Bad, Tone::Caution] {
                    let ratio = contrast(tone.colour(&theme), back);
                    assert!(
                        ratio >= AA,
                        "{tone:?} (dark {dark}): {ratio:.2}:1 on {back:?}"
                    );
                }
                let ratio = contrast(quiet_colour(&theme), back);
                assert!(ratio >= AA, "quiet (dark {dark}): {ratio:.2}:1 on {back:?}");
            }
        }
    }

    /// The source pane's syntax colours read at AA on the theme's paper, in both themes.
    #[test]
    fn the_source_panes_syntax_colours_read_at_aa_in_both_themes() {
        for dark in [false, true] {
            let theme = theme(dark);
            let back = theme.extended_palette().background.base.color;
            for &(capture, _, _) in crate::highlight::CAPTURE_COLOURS {
                let colour = crate::highlight::capture_colour(capture, dark).expect("a colour");
                let ratio = contrast(colour, back);
                assert!(ratio >= AA, "{capture} (dark {dark}): {ratio:.2}:1");
            }
            let sub = crate::highlight::capture_colour("string.special", dark);
            assert_eq!(sub, crate::highlight::capture_colour("string", dark));
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
