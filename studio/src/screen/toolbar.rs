//! The editors' tool palettes: a tile per tool, its icon drawn above its name, the chosen tool
//! filled with the theme's primary colour and framed, the others quiet; a tooltip says what the
//! tool does and its key. Every tile has one size, so picking a tool moves nothing.
//!
//! The icons are drawn, not taken from a font: they look alike on every machine and follow the
//! theme's ink.

use crate::screen::look::size;
use iced::widget::canvas::{self, Frame, Path, Stroke};
use iced::widget::{button, canvas as canvas_widget, column, container, mouse_area, text, tooltip};
use iced::{Center, Color, Element, Length, Point, Rectangle, Renderer, Size, Theme};

/// A tile's size.
pub const TILE: Size = Size::new(58.0, 46.0);

/// An icon's side.
const ICON: f32 = 18.0;

/// What a tool's icon shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// An arrow pointer: pick a piece.
    Pointer,
    /// A filled hexagon: a block of cells.
    Hexagon,
    /// An outlined hexagon crossed out: take away.
    Eraser,
    /// A disc: a ball.
    Disc,
    /// A hub with two arms: a pivot.
    Pivot,
    /// A zigzag: a spring.
    Spring,
    /// A hub with a bent arm: the hook.
    Hook,
    /// Three cells in a row: the wrench.
    Wrench,
    /// Four arrows: move.
    Move,
    /// Two overlapping hexagons: merge.
    Merge,
    /// A filled square: a dark cell.
    Square,
    /// A long rounded bar: a piece.
    Bar,
    /// A bar with a notch: the Key.
    Key,
    /// A frame open on one side: the Keyhole.
    Keyhole,
    /// A ringed dot: an axis.
    Axis,
}

/// `content` whose key a right-click rebinds, as in Intricacy's own client: `rebind` is the
/// screen's message asking for the next key pressed (none for a button without a key).
pub fn keyed<'a, M: Clone + 'a>(
    content: impl Into<Element<'a, M>>,
    rebind: Option<M>,
) -> Element<'a, M> {
    match rebind {
        Some(m) => mouse_area(content).on_right_press(m).into(),
        None => content.into(),
    }
}

/// A tool's tile: `active` when it is the chosen one; `rebind` as for [`keyed`].
pub fn tool<'a, M: Clone + 'a>(
    icon: Icon,
    label: &'a str,
    tip: String,
    active: bool,
    on_press: M,
    rebind: Option<M>,
) -> Element<'a, M> {
    let face = column![
        canvas_widget(Glyph { icon, active })
            .width(Length::Fixed(ICON))
            .height(Length::Fixed(ICON)),
        text(label).size(size::SMALL),
    ]
    .spacing(3)
    .align_x(Center)
    .width(Length::Fill);
    let tile = button(container(face).center(Length::Fill))
        .width(Length::Fixed(TILE.width))
        .height(Length::Fixed(TILE.height))
        .padding(2)
        .style(move |theme: &Theme, status| tile_style(theme, status, active))
        .on_press(on_press);
    tooltip(
        keyed(tile, rebind),
        container(text(tip).size(size::SMALL))
            .padding([4, 8])
            .style(container::rounded_box),
        tooltip::Position::Bottom,
    )
    .gap(4)
    .into()
}

/// The chosen tile filled and framed; the others flat until hovered.
fn tile_style(theme: &Theme, status: button::Status, active: bool) -> button::Style {
    let p = theme.extended_palette();
    let (back, ink, edge) = if active {
        (
            p.primary.base.color,
            p.primary.base.text,
            p.primary.strong.color,
        )
    } else {
        match status {
            button::Status::Hovered | button::Status::Pressed => (
                p.background.strong.color,
                p.background.strong.text,
                p.background.strongest.color,
            ),
            _ => (
                p.background.weaker.color,
                p.background.weaker.text,
                p.background.strong.color,
            ),
        }
    };
    button::Style {
        background: Some(back.into()),
        text_color: ink,
        border: iced::Border {
            color: edge,
            width: if active { 2.0 } else { 1.0 },
            radius: 6.0.into(),
        },
        ..button::Style::default()
    }
}

/// An icon, drawn in the tile's ink.
struct Glyph {
    icon: Icon,
    active: bool,
}

impl<M> canvas::Program<M> for Glyph {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: iced::mouse::Cursor,
    ) -> Vec<canvas::Geometry> {
        let p = theme.extended_palette();
        let ink = if self.active {
            p.primary.base.text
        } else {
            p.background.weaker.text
        };
        let mut frame = Frame::new(renderer, bounds.size());
        draw(&mut frame, self.icon, bounds.size().width, ink);
        vec![frame.into_geometry()]
    }
}

fn hexagon(centre: Point, r: f32) -> Path {
    Path::new(|b| {
        for k in 0..6 {
            let a = std::f32::consts::FRAC_PI_3 * k as f32 + std::f32::consts::FRAC_PI_6;
            let at = Point::new(centre.x + r * a.cos(), centre.y + r * a.sin());
            if k == 0 {
                b.move_to(at);
            } else {
                b.line_to(at);
            }
        }
        b.close();
    })
}

fn arrow(from: Point, to: Point) -> Path {
    Path::new(|b| {
        b.move_to(from);
        b.line_to(to);
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let len = (dx * dx + dy * dy).sqrt().max(0.001);
        let (ux, uy) = (dx / len, dy / len);
        let head = 3.0;
        b.move_to(Point::new(to.x - head * (ux - uy), to.y - head * (uy + ux)));
        b.line_to(to);
        b.line_to(Point::new(to.x - head * (ux + uy), to.y - head * (uy - ux)));
    })
}

fn draw(frame: &mut Frame, icon: Icon, side: f32, ink: Color) {
    let s = side;
    let c = Point::new(s / 2.0, s / 2.0);
    let line = Stroke::default().with_width(1.6).with_color(ink);
    match icon {
        Icon::Pointer => frame.fill(
            &Path::new(|b| {
                b.move_to(Point::new(s * 0.25, s * 0.1));
                b.line_to(Point::new(s * 0.25, s * 0.85));
                b.line_to(Point::new(s * 0.45, s * 0.65));
                b.line_to(Point::new(s * 0.6, s * 0.92));
                b.line_to(Point::new(s * 0.72, s * 0.86));
                b.line_to(Point::new(s * 0.58, s * 0.6));
                b.line_to(Point::new(s * 0.82, s * 0.58));
                b.close();
            }),
            ink,
        ),
        Icon::Hexagon => frame.fill(&hexagon(c, s * 0.45), ink),
        Icon::Eraser => {
            frame.stroke(&hexagon(c, s * 0.42), line);
            frame.stroke(
                &Path::new(|b| {
                    b.move_to(Point::new(s * 0.32, s * 0.32));
                    b.line_to(Point::new(s * 0.68, s * 0.68));
                    b.move_to(Point::new(s * 0.68, s * 0.32));
                    b.line_to(Point::new(s * 0.32, s * 0.68));
                }),
                line,
            );
        }
        Icon::Disc => frame.fill(&Path::circle(c, s * 0.36), ink),
        Icon::Pivot => {
            frame.stroke(
                &Path::line(Point::new(s * 0.05, c.y), Point::new(s * 0.95, c.y)),
                line.with_width(3.0),
            );
            frame.fill(&Path::circle(c, s * 0.22), ink);
        }
        Icon::Spring => frame.stroke(
            &Path::new(|b| {
                b.move_to(Point::new(s * 0.05, c.y));
                for k in 0..6 {
                    let x = s * (0.15 + 0.13 * k as f32);
                    let y = if k % 2 == 0 { s * 0.2 } else { s * 0.8 };
                    b.line_to(Point::new(x, y));
                }
                b.line_to(Point::new(s * 0.95, c.y));
            }),
            line,
        ),
        Icon::Hook => {
            frame.fill(&Path::circle(Point::new(s * 0.3, s * 0.7), s * 0.2), ink);
            frame.stroke(
                &Path::new(|b| {
                    b.move_to(Point::new(s * 0.3, s * 0.7));
                    b.line_to(Point::new(s * 0.8, s * 0.7));
                    b.line_to(Point::new(s * 0.9, s * 0.25));
                }),
                line.with_width(3.0),
            );
        }
        Icon::Wrench => {
            for k in 0..3 {
                let x = s * (0.2 + 0.3 * k as f32);
                frame.fill(&hexagon(Point::new(x, c.y), s * 0.17), ink);
            }
        }
        Icon::Move => {
            for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
                frame.stroke(
                    &arrow(c, Point::new(c.x + dx * s * 0.45, c.y + dy * s * 0.45)),
                    line,
                );
            }
        }
        Icon::Merge => {
            frame.fill(&hexagon(Point::new(s * 0.35, c.y), s * 0.3), ink);
            frame.stroke(&hexagon(Point::new(s * 0.65, c.y), s * 0.3), line);
        }
        Icon::Square => frame.fill_rectangle(
            Point::new(s * 0.15, s * 0.15),
            Size::new(s * 0.7, s * 0.7),
            ink,
        ),
        Icon::Bar => frame.fill(
            &Path::rounded_rectangle(
                Point::new(s * 0.05, s * 0.32),
                Size::new(s * 0.9, s * 0.36),
                (s * 0.12).into(),
            ),
            ink,
        ),
        Icon::Key => {
            frame.fill(
                &Path::rounded_rectangle(
                    Point::new(s * 0.05, s * 0.32),
                    Size::new(s * 0.6, s * 0.36),
                    (s * 0.12).into(),
                ),
                ink,
            );
            frame.stroke(
                &arrow(Point::new(s * 0.55, c.y), Point::new(s * 0.98, c.y)),
                line,
            );
        }
        Icon::Keyhole => frame.stroke(
            &Path::new(|b| {
                b.move_to(Point::new(s * 0.9, s * 0.35));
                b.line_to(Point::new(s * 0.9, s * 0.1));
                b.line_to(Point::new(s * 0.1, s * 0.1));
                b.line_to(Point::new(s * 0.1, s * 0.9));
                b.line_to(Point::new(s * 0.9, s * 0.9));
                b.line_to(Point::new(s * 0.9, s * 0.65));
            }),
            line.with_width(2.0),
        ),
        Icon::Axis => {
            frame.stroke(&Path::circle(c, s * 0.38), line);
            frame.fill(&Path::circle(c, s * 0.14), ink);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_test::simulator;

    #[derive(Clone, Debug, PartialEq)]
    struct Picked(&'static str);

    /// Every tile has one size, chosen or not, so that picking a tool moves none of the
    /// names; the name under the icon is what a click finds.
    #[test]
    fn picking_a_tool_moves_no_tile_and_a_click_on_a_name_picks_it() {
        let icons = [
            (Icon::Pointer, "Select"),
            (Icon::Hexagon, "Block"),
            (Icon::Keyhole, "Keyhole"),
        ];
        let mut seen: Vec<Vec<iced::Rectangle>> = Vec::new();
        for chosen in 0..icons.len() {
            let bar: Element<'_, Picked> =
                iced::widget::row(icons.iter().enumerate().map(|(i, &(icon, label))| {
                    tool(
                        icon,
                        label,
                        format!("{label} tool"),
                        i == chosen,
                        Picked(label),
                        None,
                    )
                }))
                .into();
            let mut ui = simulator(bar);
            seen.push(
                icons
                    .iter()
                    .map(|&(_, label)| ui.find(label).expect("the tile's name").bounds())
                    .collect(),
            );
            let _ = ui.click("Keyhole").expect("a click");
            let picked: Vec<Picked> = ui.into_messages().collect();
            assert_eq!(picked, vec![Picked("Keyhole")]);
        }
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
    }
}
