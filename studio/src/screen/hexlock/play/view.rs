//! What the play screen shows: the controls, the board with its arrows, the move pad, the move
//! list, the debugger and the solver panel.

use super::{Message, Play, SolverState};
use crate::hexlock::canvas::HexCanvas;
use crate::hexlock::picture::{Colouring, Palette};
use crate::keys::Action;
use crate::screen::scroll;
use crate::screen::toolbar::keyed;
use engine::hexlock::physics::{AnnotationMode, Move};
use engine::{Dir, Rotation};
use iced::widget::{button, canvas, column, row, text, text_input};
use iced::{Element, Fill, Length};

/// What the arrows on the board mean, beside the buttons that show them; its room is kept
/// while they are hidden, so that nothing moves when they are turned back on.
fn arrow_legend<'a>(shown: bool) -> Element<'a, Message> {
    use crate::hexlock::picture::{BLOCKED_ARROW, BLOCKING_ARROW};
    let swatch = |c: workshop::shape::Rgba| {
        let colour = iced::Color::from_rgba(c.0, c.1, c.2, if shown { c.3 } else { 0.0 });
        iced::widget::container(iced::widget::space())
            .width(Length::Fixed(18.0))
            .height(Length::Fixed(5.0))
            .style(move |_| iced::widget::container::Style::default().background(colour))
    };
    let words = |w: &'static str| {
        let t = text(w).size(12);
        if shown {
            t
        } else {
            t.color(iced::Color::TRANSPARENT)
        }
    };
    row![
        swatch(BLOCKED_ARROW),
        words("a blocked force"),
        swatch(BLOCKING_ARROW),
        words("the force that blocks it"),
    ]
    .spacing(4)
    .align_y(iced::Center)
    .into()
}

impl Play {
    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let board = HexCanvas {
            lock: &self.lock,
            camera: self.camera,
            colouring: Colouring::ByKind,
            palette,
            overlay: &self.overlay,
            labels: true,
            interactive: true,
            layers: &self.layers,
        };
        let counter = if self.session.is_open() {
            text(format!(
                "Move {} — OPEN! The bolthole is empty.",
                self.session.at
            ))
            .size(18)
            .style(crate::screen::look::good)
        } else {
            text(format!("Move {}", self.session.at)).size(18)
        };
        // A move's button rebinds the key that makes the move.
        let pad = |label: &'static str, m: Move| {
            let action = Action::ALL
                .iter()
                .copied()
                .find(|&a| matches!(Play::message_for(a), Some(Message::Move(x)) if x == m));
            keyed(
                button(text(label).size(13)).on_press(Message::Move(m)),
                action.map(Message::Rebind),
            )
        };
        let key = |b: iced::widget::Button<'static, Message>, a: Action| {
            keyed(b, Some(Message::Rebind(a)))
        };
        let hook = column![
            text("Hook").size(13),
            row![
                pad("NW", Move::Hook(Dir::NW)),
                pad("NE", Move::Hook(Dir::NE))
            ]
            .spacing(2),
            row![pad("W", Move::Hook(Dir::W)), pad("E", Move::Hook(Dir::E))].spacing(2),
            row![
                pad("SW", Move::Hook(Dir::SW)),
                pad("SE", Move::Hook(Dir::SE))
            ]
            .spacing(2),
            row![
                pad("⟲", Move::HookTurn(Rotation::Anticlockwise)),
                pad("⟳", Move::HookTurn(Rotation::Clockwise))
            ]
            .spacing(2),
        ]
        .spacing(2);
        let wrench = column![
            text("Wrench").size(13),
            row![
                pad("NW", Move::Wrench(Dir::NW)),
                pad("NE", Move::Wrench(Dir::NE))
            ]
            .spacing(2),
            row![
                pad("W", Move::Wrench(Dir::W)),
                pad("E", Move::Wrench(Dir::E))
            ]
            .spacing(2),
            row![
                pad("SW", Move::Wrench(Dir::SW)),
                pad("SE", Move::Wrench(Dir::SE))
            ]
            .spacing(2),
            pad("Wait", Move::Wait),
        ]
        .spacing(2);
        let mode = |label: &'static str, m: AnnotationMode| {
            let b = button(text(label).size(12)).on_press(Message::Annotations(m));
            if self.mode == m {
                b.style(button::primary)
            } else {
                b.style(button::secondary)
            }
        };
        let controls = row![
            button(text(self.back).size(13)).on_press(Message::Back),
            key(
                button(text("Undo").size(13))
                    .on_press_maybe(self.session.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            key(
                button(text("Redo").size(13))
                    .on_press_maybe(self.session.can_redo().then_some(Message::Redo)),
                Action::Redo
            ),
            key(
                button(text("Restart").size(13))
                    .on_press_maybe(self.session.can_undo().then_some(Message::Restart)),
                Action::Restart
            ),
            key(
                button(text("Mark").size(13)).on_press(Message::Mark),
                Action::Mark
            ),
            key(
                button(text("Back to mark").size(13)).on_press_maybe(
                    (!self.session.marks.is_empty()).then_some(Message::BackToMark)
                ),
                Action::BackToMark
            ),
            text("Blockages:").size(13),
            mode("blocking", AnnotationMode::Blocking),
            mode("all", AnnotationMode::All),
            mode("none", AnnotationMode::None),
            arrow_legend(self.mode != AnnotationMode::None),
        ]
        .spacing(4)
        .align_y(iced::Center)
        .wrap()
        .vertical_spacing(4);
        let timeline = row(std::iter::once(
            button(text("start").size(12))
                .on_press(Message::Jump(0))
                .into(),
        )
        .chain(self.session.all_moves().iter().enumerate().map(|(i, &m)| {
            let b = button(text(lockfmt::hexlock::format_move(m)).size(12))
                .on_press(Message::Jump(i + 1));
            (if i + 1 == self.session.at {
                b.style(button::primary)
            } else if i < self.session.at {
                b.style(button::secondary)
            } else {
                b.style(button::text)
            })
            .into()
        })))
        .spacing(2)
        .wrap();
        // An empty field would replay no moves: the game back at its start, its moves gone.
        let replay = (!self.moves_text.trim().is_empty()).then_some(Message::LoadMoves);
        let moves = column![
            text("Moves").size(14),
            timeline,
            text_input("moves, e.g. hE hCW . wSW", &self.moves_text)
                .on_input(Message::MovesEdited)
                .on_submit_maybe(replay.clone())
                .size(13),
            row![
                button(text("Replay these").size(12)).on_press_maybe(replay),
                button(text("Copy").size(12))
                    .on_press_maybe(self.session.can_undo().then_some(Message::Copy)),
                // A solution file holds moves that open the lock, and may replace one that does.
                button(text("Save solution").size(12))
                    .on_press_maybe(self.session.is_open().then_some(Message::SaveSolution)),
            ]
            .spacing(4),
        ]
        .spacing(4);
        let debugger: Element<'_, Message> = match self.debugging {
            None => column![
                text("Debugger").size(14),
                button(text("Step into the last turn").size(12))
                    .on_press_maybe(self.session.last_trace().map(|_| Message::StepInto)),
            ]
            .spacing(4)
            .into(),
            Some(i) => {
                let steps = self.current_steps();
                let list = column(steps.iter().enumerate().map(|(k, s)| {
                    let t = text(s.text.clone()).size(12);
                    (if k == i {
                        t.color(iced::Color::from_rgb8(0xd0, 0x8a, 0x1c))
                    } else {
                        t
                    })
                    .into()
                }))
                .spacing(2);
                column![
                    text(format!("Debugger: step {} of {}", i + 1, steps.len())).size(14),
                    row![
                        button(text("Step back").size(12)).on_press(Message::StepBack),
                        button(text("Step").size(12)).on_press(Message::StepForward),
                        button(text("Done").size(12)).on_press(Message::StopDebugging),
                    ]
                    .spacing(4),
                    scroll(list).height(Length::Fixed(180.0)),
                ]
                .spacing(4)
                .into()
            }
        };
        let solver: Element<'_, Message> = {
            let mut c = column![text("Solver").size(14)].spacing(4);
            match &self.solver {
                None if self.solver_off.is_some() => {
                    c = c.push(text(self.solver_off.as_deref().unwrap_or_default()).size(12));
                }
                None => c = c.push(button(text("Solve").size(12)).on_press(Message::Solve)),
                Some(SolverState::Running(s)) => {
                    c = c.push(text(s.words()).size(12));
                    c = c.push(button(text("Cancel").size(12)).on_press(Message::CancelSolve));
                }
                Some(SolverState::Cancelled) => {
                    c = c.push(text("cancelled").size(12));
                    c = c.push(button(text("Solve").size(12)).on_press(Message::Solve));
                }
                Some(SolverState::Failed(e)) => {
                    c = c.push(text(e.clone()).size(12));
                    c = c.push(button(text("Solve").size(12)).on_press(Message::Solve));
                }
                Some(SolverState::Finished(r)) => {
                    c = c.push(text(r.verdict.clone()).size(12));
                    if let Some(s) = &r.solution {
                        c = c.push(
                            text(format!(
                                "shortest: {}: {}",
                                lockfmt::words::count(s.len(), "move"),
                                lockfmt::hexlock::format_moves(s)
                            ))
                            .size(12),
                        );
                        if let Some(u) = r.unique {
                            c = c.push(
                                text(if u {
                                    "the shortest solution is unique"
                                } else {
                                    "there is more than one shortest solution"
                                })
                                .size(12),
                            );
                        }
                        if let Some((found, saved)) = r.shortcut {
                            c = c.push(
                                text(format!(
                                    "shortcut! {}, the saved solution takes {saved}",
                                    lockfmt::words::count(found, "move")
                                ))
                                .size(12)
                                .style(crate::screen::look::bad),
                            );
                        }
                        c = c
                            .push(button(text("Play it").size(12)).on_press(Message::PlaySolution));
                    }
                    c = c.push(
                        text(format!(
                            "{} explored",
                            lockfmt::words::count(r.visited as usize, "state")
                        ))
                        .size(12),
                    );
                    c = c.push(button(text("Solve again").size(12)).on_press(Message::Solve));
                }
            }
            c.into()
        };
        let side = column![
            counter,
            row![hook, wrench].spacing(12),
            moves,
            debugger,
            solver,
            text(self.status.clone()).size(12)
        ]
        .spacing(10)
        .width(Length::Fixed(380.0));
        column![
            controls,
            row![
                crate::screen::canvas_region(
                    Element::from(canvas(board).width(Fill).height(Fill)).map(Message::Canvas)
                ),
                scroll(side),
            ]
            .spacing(8)
            .height(Fill),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}
