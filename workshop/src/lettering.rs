//! Text in exported pictures, set in Fira Sans — the font the studio's canvas draws the same
//! labels with — as filled outlines, so that a PNG and the canvas read alike and tiny-skia
//! anti-aliases the letters as it does every other shape.
//!
//! The font is built in (`fonts/FiraSans-Regular.ttf`, under the SIL Open Font License in
//! `fonts/FiraSans-LICENSE.txt`): the same file iced bundles with its `fira-sans` feature.

use crate::shape::P;
use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use std::sync::OnceLock;
use tiny_skia::{Path, PathBuilder};

const FIRA_SANS: &[u8] = include_bytes!("../fonts/FiraSans-Regular.ttf");

/// The built-in font, read once; `None` only if the file built in were not a font, in which
/// case pictures go without text rather than fail.
fn fira_sans() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FIRA_SANS).ok())
        .as_ref()
}

/// The outline of `text` set `size` high (its em, as the canvas sizes text) and centred on
/// `at` both ways, as the canvas centres it: across by its advance, down by the font's line
/// (ascent to descent). Y grows downwards, as in the pictures. `None` for text with no ink.
pub fn outline(at: P, text: &str, size: f32) -> Option<Path> {
    let font = fira_sans()?;
    let per_unit = size / font.units_per_em()?;
    let glyphs: Vec<GlyphId> = text.chars().map(|c| font.glyph_id(c)).collect();
    let mut pens = Vec::with_capacity(glyphs.len());
    let mut pen = 0.0;
    for (i, &g) in glyphs.iter().enumerate() {
        if i > 0 {
            pen += font.kern_unscaled(glyphs[i - 1], g);
        }
        pens.push(pen);
        pen += font.h_advance_unscaled(g);
    }
    let left = at.0 - pen * per_unit / 2.0;
    let baseline = at.1 + (font.ascent_unscaled() + font.descent_unscaled()) * per_unit / 2.0;
    let mut pb = PathBuilder::new();
    for (&g, &x) in glyphs.iter().zip(&pens) {
        // A character the font lacks would be drawn as its missing-glyph box.
        if g.0 == 0 {
            continue;
        }
        let Some(glyph) = font.outline(g) else {
            continue;
        };
        // Font units, y up, to the picture's units, y down.
        let to = |p: ab_glyph::Point| (left + (x + p.x) * per_unit, baseline - p.y * per_unit);
        let mut last: Option<ab_glyph::Point> = None;
        for curve in &glyph.curves {
            let (start, end) = match *curve {
                OutlineCurve::Line(a, b) => (a, b),
                OutlineCurve::Quad(a, _, c) => (a, c),
                OutlineCurve::Cubic(a, _, _, d) => (a, d),
            };
            if last != Some(start) {
                if last.is_some() {
                    pb.close();
                }
                let (x0, y0) = to(start);
                pb.move_to(x0, y0);
            }
            match *curve {
                OutlineCurve::Line(_, b) => {
                    let (x1, y1) = to(b);
                    pb.line_to(x1, y1);
                }
                OutlineCurve::Quad(_, b, c) => {
                    let ((x1, y1), (x2, y2)) = (to(b), to(c));
                    pb.quad_to(x1, y1, x2, y2);
                }
                OutlineCurve::Cubic(_, b, c, d) => {
                    let ((x1, y1), (x2, y2), (x3, y3)) = (to(b), to(c), to(d));
                    pb.cubic_to(x1, y1, x2, y2, x3, y3);
                }
            }
            last = Some(end);
        }
        if last.is_some() {
            pb.close();
        }
    }
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_centred_on_its_point_and_as_tall_as_the_font_sets_it() {
        let path = outline(P(10.0, 20.0), "408", 2.0).expect("digits have ink");
        let b = path.bounds();
        let (cx, cy) = ((b.left() + b.right()) / 2.0, (b.top() + b.bottom()) / 2.0);
        assert!((cx - 10.0).abs() < 0.1, "centred across: {b:?}");
        assert!((cy - 20.0).abs() < 0.2, "centred down: {b:?}");
        // Fira Sans's figures stand about seven tenths of its em.
        assert!(b.height() > 1.2 && b.height() < 1.6, "{b:?}");
    }

    #[test]
    fn blank_and_unknown_characters_draw_nothing() {
        assert!(outline(P(0.0, 0.0), " ", 1.0).is_none());
        assert!(outline(P(0.0, 0.0), "", 1.0).is_none());
        assert!(outline(P(0.0, 0.0), "\u{E000}", 1.0).is_none());
    }
}
