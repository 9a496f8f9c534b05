//! The Quadrillion screen's view: tools, the verdict, the table beside the source.

use super::*;
use iced::widget::column;

impl Editor {
    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let playing = self.mode == Mode::Play;
        let key = |b: iced::widget::Button<'static, Message>, a: Action| {
            crate::screen::toolbar::keyed(b, Some(Message::Rebind(a)))
        };
        let mut tools = row![
            key(
                if playing {
                    button(text("✎ Author").size(13)).on_press(Message::SetMode(Mode::Author))
                } else {
                    button(text("▶ Play").size(13))
                        .on_press(Message::SetMode(Mode::Play))
                        .style(button::success)
                },
                Action::Play
            ),
            key(
                button(text("Undo").size(13))
                    .on_press_maybe(self.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            key(
                button(text("Redo").size(13))
                    .on_press_maybe(self.can_redo().then_some(Message::Redo)),
                Action::Redo
            ),
            key(
                button(text("Save").size(13)).on_press(Message::Save),
                Action::Save
            ),
            button(
                text(if self.core.diffing {
                    "Back"
                } else {
                    "Diff with disk"
                })
                .size(13)
            )
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4);
        let held = !self.table.picked().is_empty();
        let on_held = |label: &'static str, m: Message| {
            let b = button(text(label).size(13));
            if held { b.on_press(m) } else { b }
        };
        tools = tools
            .push(on_held(
                "↺",
                Message::Key(GameKey::Turn { clockwise: false }),
            ))
            .push(on_held(
                "↻",
                Message::Key(GameKey::Turn { clockwise: true }),
            ))
            .push(on_held("Flip", Message::Key(GameKey::Flip)))
            .push(on_held("Put back", Message::Key(GameKey::Unpick)));
        if playing {
            tools = tools
                .push(button(text("Hint (H)").size(13)).on_press(Message::Key(GameKey::Hint)))
                .push(button(text("Solve (F)").size(13)).on_press(Message::Key(GameKey::Solve)))
                .push(button(text("Reset (R)").size(13)).on_press(Message::Key(GameKey::Reset)));
        } else {
            let generate = |label: &'static str, keep_board: bool| {
                let b = button(text(label).size(13));
                if self.generating {
                    b
                } else {
                    b.on_press(Message::Generate { keep_board })
                }
            };
            tools = tools
                .push(generate("Generate challenge", false))
                .push(generate("Shapes for this board", true));
        }
        let verdict: Element<'_, Message> = if playing {
            text(if self.table.is_solved() {
                "Solved: every shape lies on the board."
            } else {
                "Place every shape on the open dots."
            })
            .size(14)
            .into()
        } else {
            match &self.counted {
                Some(c) => text(c.verdict())
                    .size(14)
                    .style(
                        match c.tone() {
                            Tone::Challenge => crate::screen::look::Tone::Good,
                            Tone::Impossible => crate::screen::look::Tone::Bad,
                            Tone::Unsettled => crate::screen::look::Tone::Caution,
                        }
                        .style(true),
                    )
                    .into(),
                None if self.core.diagnostics.iter().any(Diagnostic::is_error) => {
                    text("Fix the problems to hear the solver.").size(14).into()
                }
                None => text("The solver is counting…").size(14).into(),
            }
        };
        let board: Element<'_, Message> = crate::screen::canvas_region(
            Element::from(
                canvas(QuadrillionCanvas {
                    table: &self.table,
                    palette,
                    layers: &self.layers,
                    outlined: &self.outlined,
                })
                .width(Fill)
                .height(Fill),
            )
            .map(Message::Canvas),
        );
        // Until the text gives a board, there is none of its own to show (the table would be
        // the default board, as if it were the file's).
        let board = if self.laid.is_none() && self.is_read() {
            container(
                text(if self.board_held_back {
                    "The text has its four grids: the board is drawn once the problems \
                     listed beside it are fixed."
                } else {
                    "Nothing to draw yet: the text has no board. A board is four grids, \
                     one line each, as `grid 1 black at 0 0`."
                })
                .size(14),
            )
            .padding(12)
            .center(Fill)
            .into()
        } else {
            board
        };
        let board = self.core.diff_or(board);
        let main: Element<'_, Message> = if playing {
            container(board).width(Fill).height(Fill).into()
        } else {
            let right = crate::screen::source_pane::view(
                &self.core.buffer,
                SOURCE_ID,
                &self.core.highlight,
                &self.core.diagnostics,
                Message::Source,
                Message::Buffer,
            );
            row![
                container(board).width(Length::FillPortion(3)).height(Fill),
                right
            ]
            .spacing(8)
            .height(Fill)
            .into()
        };
        column![
            tools.wrap().vertical_spacing(4),
            verdict,
            main,
            text(self.core.buffer.file_line()).size(13)
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}
