//! What the editor shows: the toolbar, the solver's word on the lock, the canvas (or the buffer
//! against another text), the highlighted source with its problems, and a conflict with the
//! disk when there is one.

use super::verdict::Saved;
use super::{Compared, Editor, Message, SOURCE_ID, Tool, Verdict};
use crate::hexlock::canvas::{Camera, HexCanvas, Layers};
use crate::hexlock::picture::{Overlay, Palette};
use crate::keys::Action;
use crate::screen::editor::Editing as _;
use crate::screen::look::Tone;
use engine::hexlock::{Lock, PieceRef};
use iced::widget::{button, canvas, column, container, row, stack, text};
use iced::{Color, Element, Fill, Font, Length};

/// The solver's verdict as the line says it, with what it says of the saved solution;
/// `unseen`, laid out alike but drawn in no colour (the room kept while the solver looks).
fn verdict_line<'a>(verdict: &Verdict, saved: Option<Saved>, unseen: bool) -> Element<'a, Message> {
    let headline = match verdict {
        Verdict::Opens(_) => Tone::Good,
        Verdict::Never { .. } | Verdict::Failed(_) => Tone::Bad,
        Verdict::NotYet { .. } => Tone::Caution,
    };
    let mut detail = text(verdict.detail()).size(14).font(Font::MONOSPACE);
    if unseen {
        detail = detail.color(Color::TRANSPARENT);
    }
    let mut line = row![
        text(verdict.headline())
            .size(14)
            .style(headline.style(!unseen)),
        detail,
    ]
    .spacing(10);
    if let Some(warning) = saved.and_then(|s| s.warning(verdict.fewest(), "opens")) {
        line = line.push(text(warning).size(14).style(Tone::Caution.style(!unseen)));
    }
    line.wrap().into()
}

impl Editor {
    /// What the canvas draws over the lock: problems with their messages, the selection.
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    pub(super) fn compute_overlay(&self) -> Overlay {
        let mut problems = Vec::new();
        let mut notes = Vec::new();
        for d in self.core.diagnostics.iter().filter(|d| d.is_error()) {
            for (cell, span) in &self.source_map.cells {
                if span.line == d.span.line && span.column == d.span.column {
                    problems.push(*cell);
                    notes.push((*cell, d.message.clone()));
                }
            }
        }
        let mut selected = Vec::new();
        if let (Some(lock), Some(piece)) = (self.lock(), self.selected)
            && let Some((_, cells)) = lock.pieces().into_iter().find(|(p, _)| *p == piece)
        {
            selected = cells;
        }
        Overlay {
            problems,
            selected,
            arrows: Vec::new(),
            notes,
        }
    }

    /// The buffer against another text: both pictures with the cells that changed outlined,
    /// what changed in words, and the line diff.
    fn diff_view<'a>(&'a self, other: &'a Compared, palette: Palette) -> Element<'a, Message> {
        let (Some(theirs), Some(mine)) = (other.lock.as_ref(), self.lock()) else {
            return column![
                text(format!(
                    "{} or the buffer does not parse; the line diff:",
                    other.name
                ))
                .size(13),
                crate::screen::small_diff_view(&other.name, &other.text, &self.text()),
            ]
            .into();
        };
        let changes = lockfmt::hexlock::diff::semantic(theirs, mine);
        let picture =
            |lock: &'a Lock, title: &'a str, layers: &'a Layers| -> Element<'a, Message> {
                let program = HexCanvas {
                    lock,
                    camera: Camera::default(),
                    colouring: self.colouring,
                    palette,
                    overlay: &self.compared_overlay,
                    labels: true,
                    interactive: false,
                    layers,
                };
                column![
                    text(title).size(13),
                    Element::from(canvas(program).width(Fill).height(Fill)).map(Message::Canvas)
                ]
                .width(Fill)
                .into()
            };
        let summary: Vec<Element<'a, Message>> = if changes.is_empty() {
            vec![text("No pieces changed.").size(13).into()]
        } else {
            changes
                .iter()
                .map(|c| text(c.to_string()).size(13).into())
                .collect()
        };
        column![
            row![
                picture(theirs, &other.name, &self.compared_layers[0]),
                picture(mine, "this buffer", &self.compared_layers[1])
            ]
            .spacing(8)
            .height(Length::FillPortion(3)),
            column(summary).spacing(2),
            container(crate::screen::small_diff_view(
                &other.name,
                &other.text,
                &self.text()
            ))
            .height(Length::FillPortion(2)),
        ]
        .spacing(6)
        .into()
    }

    /// The line that says what the solver found: the fewest moves and one way, or why none.
    fn verdict_view(&self) -> Element<'_, Message> {
        let small = |said: &str| text(said.to_string()).size(13);
        if self
            .core
            .diagnostics
            .iter()
            .any(lockfmt::Diagnostic::is_error)
        {
            return small("Fix the problems to hear the solver.").into();
        }
        if let Some(verdict) = self.solver.verdict() {
            return verdict_line(verdict, self.solver.saved(), false);
        }
        if !self.solver.is_looking() {
            return small("").into();
        }
        // The last verdict keeps its room, unseen, so that the canvas below does not jump at
        // each edit and back at each answer.
        match self.solver.last_said() {
            Some((verdict, saved)) => stack![
                verdict_line(verdict, saved, true),
                small("The solver is looking…")
            ]
            .into(),
            None => small("The solver is looking…").into(),
        }
    }

    /// The editor's view.
    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let play = button(container(text("▶ Play").size(13)).center_y(Fill))
            .height(Length::Fixed(crate::screen::toolbar::TILE.height))
            .on_press(Message::Play)
            .style(button::success);
        let tools = row(std::iter::once(crate::screen::toolbar::keyed(
            play,
            Some(Message::Rebind(Action::Play)),
        ))
        .chain(Tool::ALL.iter().map(|&t| {
            crate::screen::toolbar::tool(
                t.icon(),
                t.label(),
                t.tip().to_string(),
                t == self.tool,
                Message::Tool(t),
                t.action().map(Message::Rebind),
            )
        })))
        .spacing(4)
        .wrap();
        let keyed = |b: iced::widget::Button<'static, Message>, a: Action| {
            crate::screen::toolbar::keyed(b, Some(Message::Rebind(a)))
        };
        let actions = row![
            keyed(
                button(text("Undo").size(13))
                    .on_press_maybe(self.core.buffer.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            keyed(
                button(text("Redo").size(13))
                    .on_press_maybe(self.core.buffer.can_redo().then_some(Message::Redo)),
                Action::Redo
            ),
            keyed(
                button(text("Delete").size(13))
                    .on_press_maybe(self.selected.is_some().then_some(Message::DeleteSelection)),
                Action::Delete
            ),
            button(text("Split").size(13)).on_press_maybe(
                matches!(self.selected, Some(PieceRef::Block(_)))
                    .then_some(Message::SplitSelection)
            ),
            button(text("Spring −").size(13))
                .on_press_maybe(self.springable().then_some(Message::NaturalLength(-1))),
            button(text("Spring +").size(13))
                .on_press_maybe(self.springable().then_some(Message::NaturalLength(1))),
            keyed(
                button(text("Colours").size(13)).on_press(Message::ToggleColouring),
                Action::Colours
            ),
            keyed(
                button(text("Save").size(13)).on_press(Message::Save),
                Action::Save
            ),
            button(
                text(if self.compared.is_some() {
                    "Back"
                } else {
                    "Diff with disk"
                })
                .size(13)
            )
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4)
        .wrap();
        let canvas_view: Element<'_, Message> = match self.lock() {
            Some(lock) => {
                let program = HexCanvas {
                    lock,
                    camera: self.camera,
                    colouring: self.colouring,
                    palette,
                    overlay: &self.overlay,
                    labels: true,
                    interactive: true,
                    layers: &self.layers,
                };
                crate::screen::canvas_region(
                    Element::from(canvas(program).width(Fill).height(Fill)).map(Message::Canvas),
                )
            }
            None => container(text(
                "Nothing to draw yet: the text has no usable grid and size.",
            ))
            .center(Fill)
            .into(),
        };
        let canvas_view = match &self.compared {
            Some(other) => self.diff_view(other, palette),
            None => canvas_view,
        };
        // A conflict being compared comes first: the prompt beside it is about that.
        let canvas_view = self.core.diff_or(canvas_view);
        let right = crate::screen::source_pane::view(
            &self.core.buffer,
            SOURCE_ID,
            &self.core.highlight,
            &self.core.diagnostics,
            Message::Source,
            Message::Buffer,
        );
        let status = text(self.core.buffer.file_line()).size(13);
        column![
            tools,
            actions,
            crate::screen::verdict_region(self.verdict_view()),
            row![
                container(canvas_view)
                    .width(Length::FillPortion(3))
                    .height(Fill),
                right
            ]
            .spacing(8)
            .height(Fill),
            status,
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}
