//! The nonogram editor's view: the tools, the verdict and the grid beside the source.

use super::*;
use crate::screen::look::Tone;
use iced::widget::{column, stack};

/// The height of the verdict's block: a verdict line with its buttons and a suggestion's line.
const VERDICT_ROOM: f32 = 64.0;

impl Editor {
    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let key = |b: iced::widget::Button<'static, Message>, a: Action| {
            crate::screen::toolbar::keyed(b, Some(Message::Rebind(a)))
        };
        let tools = row![
            key(
                button(text("▶ Play").size(13))
                    .on_press(Message::Play)
                    .style(button::success),
                Action::Play
            ),
            key(
                button(text("Undo").size(13))
                    .on_press_maybe(self.core.buffer.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            key(
                button(text("Redo").size(13))
                    .on_press_maybe(self.core.buffer.can_redo().then_some(Message::Redo)),
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
        let board: Element<'_, Message> = match self.puzzle() {
            Some(puzzle) if puzzle.width > 0 && puzzle.height > 0 => Element::from(
                canvas(NonogramCanvas {
                    puzzle,
                    layout: self.canvas_layout(puzzle),
                    grid: &self.shown,
                    marks: &self.marks,
                    palette,
                    grey_finished: false,
                    interactive: true,
                    layers: &self.layers,
                    keep_in_sight: self.marks.in_focus(),
                })
                .width(Fill)
                .height(Fill),
            )
            .map(Message::Canvas),
            _ => container(text(
                "Nothing to draw yet: the text has no width and height.",
            ))
            .center(Fill)
            .into(),
        };
        let board = crate::screen::canvas_region(board);
        let board = self.core.diff_or(board);
        let right = crate::screen::source_pane::view(
            &self.core.buffer,
            SOURCE_ID,
            &self.core.highlight,
            &self.core.diagnostics,
            Message::Source,
            Message::Buffer,
        );
        let shown = self.verdict();
        let verdict_block = match (&shown.analysis, shown.errors, &self.room) {
            // While the solver thinks, its line keeps the room the last verdict took (drawn
            // unseen beneath), so that the grid below does not jump at each stroke and back.
            (None, false, Some(room)) => stack![
                self.verdict_block(room, true),
                // Level with the verdict's words, which stand beside a button.
                container(self.verdict_block(&shown, false))
                    .height(Fill)
                    .align_y(iced::Center),
            ]
            .into(),
            _ => self.verdict_block(&shown, false),
        };
        // The verdict, its buttons and a suggestion's line keep one room whatever they say,
        // so that the grid does not move when a suggestion comes or goes.
        let verdict_block = container(verdict_block)
            .height(Length::Fixed(VERDICT_ROOM))
            .width(Fill)
            .align_y(iced::Center)
            .clip(true);
        column![
            tools,
            verdict_block,
            row![
                container(board).width(Length::FillPortion(3)).height(Fill),
                right
            ]
            .spacing(8)
            .height(Fill),
            text(self.core.buffer.file_line()).size(13),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }

    /// The solver's verdict, its buttons and the suggestion's line; `unseen`, laid out alike
    /// but drawn in no colour and pressing nothing (the room a thinking solver keeps).
    fn verdict_block(&self, shown: &Verdict, unseen: bool) -> Element<'_, Message> {
        let words = |said: String, size: u32| {
            let t = text(said).size(size);
            if unseen {
                t.color(iced::Color::TRANSPARENT)
            } else {
                t
            }
        };
        let press = |label: &str, message: Message| {
            let b = button(words(label.to_string(), 13));
            if unseen {
                b.style(|_, _| button::Style::default())
            } else {
                b.on_press(message)
            }
        };
        let verdict = match &shown.analysis {
            Some(a) => text(a.verdict.clone()).size(14).style(
                if a.unique {
                    Tone::Good
                } else if a.stopped {
                    // Not known is not wrong: caution, not the red of a puzzle that fails.
                    Tone::Caution
                } else {
                    Tone::Bad
                }
                .style(!unseen),
            ),
            None if shown.errors => words("Fix the problems to hear the solver.".into(), 14),
            None if shown.thinking_longer => {
                words("The solver is thinking, for about a minute…".into(), 14)
            }
            None => words("The solver is thinking…".into(), 14),
        };
        // The verdict and the suggestion take the width there is and wrap, their buttons
        // beside them: on one line they ran past a small window's edge.
        let mut verdict_row = row![verdict.width(Fill)].spacing(8).align_y(iced::Center);
        if shown.thinking_longer {
            verdict_row =
                verdict_row.push(press("Stop", Message::StopThinking).style(button::secondary));
        }
        let not_unique = shown
            .analysis
            .as_ref()
            .is_some_and(|a| !a.unique && !a.ambiguous.is_empty());
        let mut suggestion_row = None;
        if shown.suggesting {
            suggestion_row = Some(row![words("Looking for cells to change…".into(), 13)]);
        } else if let Some(found) = &shown.suggestion {
            suggestion_row = Some(match &found.changes {
                Some(cells) if cells.is_empty() => row![words("It is unique already.".into(), 13)],
                Some(cells) => row![
                    words(
                        if found.fewest {
                            format!(
                                "Change {} (outlined) to make it unique.",
                                cells_words(cells)
                            )
                        } else {
                            format!(
                                "Change {} (outlined) to make it unique: found one tinted \
                                 region at a time, so fewer may do.",
                                cells_words(cells)
                            )
                        },
                        13
                    )
                    .width(Fill),
                    press("Change them", Message::ApplySuggestion),
                ],
                None if found.regions > 1 && found.singles_done => row![
                    words(
                        format!(
                            "No change of one cell makes it unique, and changes near the tinted \
                             regions did not settle them all within {} s ({} pictures tried).",
                            super::SUGGEST_TIME.as_secs(),
                            found.tried
                        ),
                        13
                    )
                    .width(Fill)
                ],
                None => row![
                    words(
                        format!(
                            "No change of one or two cells near the tinted ones makes it unique \
                             ({} pictures tried).",
                            found.tried
                        ),
                        13
                    )
                    .width(Fill)
                ],
            });
        } else if shown.analysis.as_ref().is_some_and(|a| a.stopped) {
            verdict_row = verdict_row.push(press("Think longer", Message::ThinkLonger));
        } else if not_unique {
            verdict_row = verdict_row.push(press("Suggest", Message::Suggest));
        }
        // Clues with no picture found: a stroke would replace them all, so painting waits
        // for this.
        if shown.analysis.is_some() && self.clues_without_picture() {
            verdict_row =
                verdict_row.push(press("Start from a blank picture", Message::StartBlank));
        }
        column![verdict_row]
            .push(suggestion_row.map(|r| r.spacing(8).align_y(iced::Center)))
            .spacing(4)
            .into()
    }
}
