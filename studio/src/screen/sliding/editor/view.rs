//! The screen's view: the toolbar, the canvas with its overlay, the source pane and problems
//! while authoring, the moves and the solver's panel while playing.

use super::*;
use crate::screen::look::Tone;

/// `b`, whose key a right-click rebinds.
fn key<'a>(b: iced::widget::Button<'a, Message>, a: Action) -> Element<'a, Message> {
    crate::screen::toolbar::keyed(b, Some(Message::Rebind(a)))
}
use crate::screen::scroll;
use iced::widget::{button, canvas, column, container, row, space, stack, text, text_input};
use iced::{Color, Element, Fill, Font, Length};

impl Editor {
    /// What the canvas draws over the pieces now: problems at their cells, a piece being drawn
    /// or dragged, the selection, the picked lock.
    pub fn overlay_now(&self) -> Overlay {
        self.lock().map(|l| self.overlay(l)).unwrap_or_default()
    }

    pub(super) fn overlay(&self, lock: &Lock) -> Overlay {
        let mut o = Overlay::default();
        match self.mode {
            Mode::Author => {
                if self.synced == Some(self.core.buffer.revision()) {
                    let mut cells: Vec<Cell> = Vec::new();
                    for p in lock.problems() {
                        if p.cells.is_empty() {
                            cells.extend(p.pieces.iter().flat_map(|&i| lock.pieces[i].cells()));
                        } else {
                            cells.extend(p.cells.iter().copied());
                        }
                    }
                    // Problems the text has at a cell's glyph (an axis line names its axis).
                    for d in self.core.diagnostics.iter().filter(|d| d.is_error()) {
                        for (c, s) in &self.cells {
                            if (s.line, s.column) == (d.span.line, d.span.column) {
                                cells.push(*c);
                            }
                        }
                    }
                    cells.sort();
                    cells.dedup();
                    o.problems = cells;
                }
                if let Some(g) = &self.gesture
                    && let Some(result) = self.gesture_result(g)
                {
                    let board = &lock.board;
                    let cells: Vec<Cell> = match *g {
                        Gesture::Draw { from, to } => author::line(from, to.clamped(board))
                            .map_or(vec![from], |(a, o, n)| {
                                Piece::slider(a, o, n).cells().collect()
                            }),
                        Gesture::Stretch { piece: p, end, to } => {
                            let other = if end == p.at { p.last() } else { p.at };
                            author::line(other, to.clamped(board)).map_or_else(
                                || p.cells().collect(),
                                |(a, o, n)| Piece::slider(a, o, n).cells().collect(),
                            )
                        }
                        Gesture::Key { from, to } => {
                            let to = to.clamped(board);
                            match author::line(from, to) {
                                Some((a, o, 2)) => Piece::key(a, o).cells().collect(),
                                _ => vec![from, from.step(Dir::Right, 1).unwrap_or(from)],
                            }
                        }
                        Gesture::Move { piece: p, from, to } => {
                            let (c, r) = (
                                p.at.col as i32 + to.col - from.col,
                                p.at.row as i32 + to.row - from.row,
                            );
                            if c >= 0 && r >= 0 {
                                let mut moved = p;
                                moved.at = Cell::new(c as u8, r as u8);
                                moved.cells().collect()
                            } else {
                                Vec::new()
                            }
                        }
                        _ => Vec::new(),
                    };
                    o.preview = Some((cells, result.is_ok()));
                }
            }
            Mode::Play => {
                o.selected = self.selected;
                o.picked = lock.is_picked();
                if let Some(Gesture::Slide { piece, from, to }) = self.gesture
                    && let Some(Ok(Move::Slide { dir, distance, .. })) =
                        Editor::slide_for(lock, piece, from, to)
                    && let Some(&ghost) = lock.pieces.get(piece)
                {
                    let mut ghost = ghost;
                    if let Some(at) = ghost.at.step(dir, distance) {
                        ghost.at = at;
                        o.ghost = Some(ghost);
                    }
                }
            }
        }
        o
    }

    pub(super) fn canvas_view(&self, palette: Palette) -> Element<'_, Message> {
        let Some(lock) = self.lock() else {
            let words = if self.is_read() {
                "The text has no picture of a board yet: type one, as `2 K K @`."
            } else {
                "Reading…"
            };
            return container(text(words).size(14)).center(Fill).into();
        };
        let overlay = self.overlay(lock);
        crate::screen::canvas_region(
            Element::from(
                canvas(SlidingCanvas {
                    lock,
                    overlay,
                    palette,
                    layers: &self.layers,
                })
                .width(Fill)
                .height(Fill),
            )
            .map(Message::Canvas),
        )
    }

    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        match self.mode {
            Mode::Author => self.author_view(palette),
            Mode::Play => self.play_view(palette),
        }
    }

    pub(super) fn author_view(&self, palette: Palette) -> Element<'_, Message> {
        let small = |label: &str| text(label.to_string()).size(13);
        let play = if self.playable && self.is_read() {
            button(small("▶ Play"))
                .on_press(Message::SetMode(Mode::Play))
                .style(button::success)
        } else {
            button(small("▶ Play")).style(button::success)
        };
        let files = row![
            key(play, Action::Play),
            key(
                button(small("Undo"))
                    .on_press_maybe(self.core.buffer.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            key(
                button(small("Redo"))
                    .on_press_maybe(self.core.buffer.can_redo().then_some(Message::Redo)),
                Action::Redo
            ),
            key(button(small("Save")).on_press(Message::Save), Action::Save),
            button(small(if self.core.diffing {
                "Back"
            } else {
                "Diff with disk"
            }))
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4);
        let mut tools = row![small("Tool:")]
            .spacing(4)
            .align_y(iced::Alignment::Center);
        for t in Tool::ALL {
            tools = tools.push(crate::screen::toolbar::tool(
                t.icon(),
                t.label(),
                format!(
                    "{}: {} (key {})",
                    t.label(),
                    t.hint(),
                    t.key().to_ascii_uppercase()
                ),
                t == self.tool,
                Message::SetTool(t),
                None,
            ));
        }
        let board = self.board();
        let (w, h) = (board.width(), board.height());
        let size_button = |label: &'static str, width: u8, height: u8| {
            let ok = (author::MIN_SIDE..=engine::sliding::MAX_SIDE).contains(&width)
                && (author::MIN_SIDE..=engine::sliding::MAX_SIDE).contains(&height)
                && self.document.is_some();
            let b = button(text(label).size(13)).style(button::secondary);
            if ok {
                b.on_press(Message::Resize { width, height })
            } else {
                b
            }
        };
        let size = row![
            small(&if self.document.is_some() {
                format!("Board {w}×{h}")
            } else {
                "No board yet".to_string()
            }),
            size_button("− column", w.wrapping_sub(1), h),
            size_button("+ column", w + 1, h),
            size_button("− row", w, h.wrapping_sub(1)),
            size_button("+ row", w, h + 1),
        ]
        .spacing(4)
        .align_y(iced::Alignment::Center);
        let toolbar = row![files, space().width(12), tools, space().width(12), size]
            .spacing(4)
            .align_y(iced::Alignment::Center)
            .wrap();
        let verdict: Element<'_, Message> = match self.shown() {
            Shown::Said(verdict) => self.verdict_view(&verdict, false),
            Shown::Looking { longer, room } => {
                let looking: Element<'_, Message> = if longer {
                    row![
                        small("The solver is looking, for up to a minute…"),
                        button(small("Stop")).on_press(Message::StopSolver),
                    ]
                    .spacing(10)
                    .align_y(iced::Alignment::Center)
                    .into()
                } else {
                    small("The solver is looking…").into()
                };
                match room {
                    Some(room) => stack![self.verdict_view(&room, true), looking].into(),
                    None => looking,
                }
            }
            Shown::FixProblems => small("Fix the problems to hear the solver.").into(),
            Shown::Nothing => small("").into(),
        };
        let stale = self.is_read() && self.synced != Some(self.core.buffer.revision());
        let mut left = column![].spacing(4).width(Length::FillPortion(3));
        if stale && self.document.is_some() {
            left = left.push(
                small("The picture does not read: the canvas shows the last one that did.")
                    .style(crate::screen::look::bad),
            );
        }
        let canvas = self.core.diff_or(self.canvas_view(palette));
        left = left.push(canvas);
        let right = crate::screen::source_pane::view(
            &self.core.buffer,
            SOURCE_ID,
            &self.core.highlight,
            &self.core.diagnostics,
            Message::Source,
            Message::Buffer,
        );
        column![
            toolbar,
            verdict,
            row![left.height(Fill), right].spacing(8).height(Fill),
            small(&self.core.buffer.file_line()),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }

    /// What the line above the authoring canvas says now: while a stroke is painted, what it
    /// said when the stroke began.
    pub(super) fn shown(&self) -> Shown {
        if let Some(Gesture::Stroke { verdict, .. }) = &self.gesture {
            return verdict.clone();
        }
        let said = self
            .said
            .as_ref()
            .filter(|s| self.document.as_ref().is_some_and(|d| d.lock == s.lock));
        match (said, self.playable) {
            (Some(said), true) => Shown::Said(said.verdict.clone()),
            (_, true) if self.running.is_some() => Shown::Looking {
                longer: self.searching_longer,
                room: self.said_last.clone(),
            },
            _ if self.core.diagnostics.iter().any(Diagnostic::is_error) => Shown::FixProblems,
            _ => Shown::Nothing,
        }
    }

    /// The solver's verdict as the line above the canvas says it; `unseen`, laid out alike but
    /// drawn in no colour and pressing nothing (the room a search keeps while it looks).
    pub(super) fn verdict_view<'a>(&self, verdict: &Verdict, unseen: bool) -> Element<'a, Message> {
        let tone = match verdict {
            Verdict::Shortest { .. } => Tone::Good,
            Verdict::Impossible { .. } | Verdict::Illegal(_) => Tone::Bad,
            Verdict::Stopped { .. } => Tone::Caution,
        };
        let mut detail = text(verdict.detail()).size(14).font(Font::MONOSPACE);
        if unseen {
            detail = detail.color(Color::TRANSPARENT);
        }
        let mut line = row![
            text(verdict.headline()).size(14).style(tone.style(!unseen)),
            detail
        ]
        .spacing(10);
        if let Some(warning) = self
            .saved_solution()
            .and_then(|s| s.warning(verdict.shortest(), "picks"))
        {
            line = line.push(text(warning).size(14).style(Tone::Caution.style(!unseen)));
        }
        if matches!(verdict, Verdict::Stopped { .. }) && self.solver_forbidden().is_none() {
            let label = text("Search longer").size(13);
            line = line.push(if unseen {
                button(label.color(Color::TRANSPARENT)).style(|_, _| button::Style::default())
            } else {
                button(label).on_press(Message::SearchLonger)
            });
        }
        line.align_y(iced::Alignment::Center).wrap().into()
    }

    pub(super) fn play_view(&self, palette: Palette) -> Element<'_, Message> {
        let small = |label: &str| text(label.to_string()).size(13);
        let Some(game) = &self.game else {
            return small("").into();
        };
        let lock = game.now();
        let axis = self
            .selected
            .filter(|&i| lock.pieces.get(i).is_some_and(|p| p.kind == Kind::Axis));
        let turn = |label: &'static str, t: Turn| {
            let b = button(text(label).size(13)).style(button::secondary);
            if axis.is_some() && !game.is_picked() {
                b.on_press(Message::Turn(t))
            } else {
                b
            }
        };
        let leave = if self.lesson {
            button(small("← Lessons")).on_press(Message::Leave)
        } else {
            button(small("✎ Author")).on_press(Message::SetMode(Mode::Author))
        };
        let toolbar = row![
            leave,
            key(
                button(small("Undo")).on_press_maybe(game.can_undo().then_some(Message::Undo)),
                Action::Undo
            ),
            key(
                button(small("Redo")).on_press_maybe(game.can_redo().then_some(Message::Redo)),
                Action::Redo
            ),
            key(
                button(small("Restart"))
                    .on_press_maybe(game.can_undo().then_some(Message::Restart)),
                Action::Restart
            ),
            space().width(12),
            turn("↻ Turn clockwise", Turn::Clockwise),
            turn("↺ Turn anticlockwise", Turn::Anticlockwise),
            turn("Turn 180°", Turn::Half),
        ]
        .spacing(4)
        .align_y(iced::Alignment::Center)
        .wrap();

        let n = game.count();
        let mut panel = column![text(format!("Moves: {n}")).size(22),].spacing(8);
        if game.is_picked() {
            let shortest = self
                .said
                .as_ref()
                .filter(|s| &s.lock == game.start())
                .and_then(|s| s.verdict.shortest());
            let compared = match shortest {
                Some(best) if best == n => "That is the fewest possible.".to_string(),
                Some(best) => format!("The fewest take {best}."),
                None => String::new(),
            };
            let mut picked = column![
                text("Picked!").size(30),
                text(format!(
                    "The Key touches the Keyhole after {}. {compared}",
                    lockfmt::words::count(n, "move")
                ))
                .size(14),
            ]
            .spacing(4);
            if !self.lesson {
                picked = picked.push(
                    button(small("Save solution"))
                        .style(button::secondary)
                        .on_press(Message::SaveSolution),
                );
            }
            panel = panel.push(
                container(picked)
                    .padding(10)
                    .width(Fill)
                    .style(container::success),
            );
        }
        if let Some(why) = &self.refusal {
            panel = panel.push(
                container(text(why.clone()).size(14))
                    .padding(8)
                    .width(Fill)
                    .style(container::danger),
            );
        }
        // An empty field would load no moves: the game back at its start, with no undo.
        let load = (!self.moves_text.trim().is_empty()).then_some(Message::LoadMoves);
        let notation = game.notation();
        panel = panel
            .push(small("Moves played"))
            .push(
                text(if notation.is_empty() {
                    "none yet".to_string()
                } else {
                    notation
                })
                .font(Font::MONOSPACE)
                .size(14),
            )
            // The moves' field has a line of its own: beside the buttons it was a few letters
            // wide in a small window.
            .push(
                text_input("BC1 L1, C34 D2, Key R1", &self.moves_text)
                    .id(MOVES_ID)
                    .size(13)
                    .on_input(Message::MovesInput)
                    .on_submit_maybe(load.clone()),
            )
            .push(
                row![
                    button(small("Copy moves"))
                        .on_press_maybe(game.can_undo().then_some(Message::CopyMoves)),
                    button(small("Load moves")).on_press_maybe(load),
                ]
                .spacing(4),
            );

        let mut solver = column![text("Solver").size(16)].spacing(6);
        let solve_row = if let Some(why) = self.solver_forbidden() {
            row![small(why)]
        } else if self.running.is_some() {
            row![
                small("Solving…"),
                button(small("Stop")).on_press(Message::StopSolver)
            ]
        } else {
            row![
                button(small("Solve from here"))
                    .on_press_maybe((!game.is_picked()).then_some(Message::Solve))
            ]
        };
        solver = solver.push(solve_row.spacing(6).align_y(iced::Alignment::Center));
        if let Some(said) = &self.said {
            let tone = match said.verdict.as_ref() {
                Verdict::Shortest { .. } => Tone::Good,
                Verdict::Stopped { .. } => Tone::Caution,
                _ => Tone::Bad,
            };
            let from = if &said.lock == game.start() {
                "from the start"
            } else if &said.lock == lock {
                "from here"
            } else {
                "from an earlier position"
            };
            solver = solver
                .push(
                    row![
                        text(said.verdict.headline())
                            .size(15)
                            .style(tone.style(true)),
                        small(from)
                    ]
                    .spacing(8)
                    .align_y(iced::Alignment::Center),
                )
                .push(text(said.verdict.detail()).font(Font::MONOSPACE).size(14));
            if let Verdict::Shortest { .. } = said.verdict.as_ref() {
                let next = self.next_solution_move();
                solver = solver.push(
                    row![
                        button(small("Next move"))
                            .on_press_maybe(next.is_some().then_some(Message::Step)),
                        button(small(if self.playing_back {
                            "Pause"
                        } else {
                            "Play all"
                        }))
                        .on_press_maybe(
                            (next.is_some() || self.playing_back).then_some(Message::PlayAll)
                        ),
                    ]
                    .spacing(6),
                );
            }
        }
        panel = panel.push(
            container(solver)
                .padding(8)
                .width(Fill)
                .style(container::rounded_box),
        );
        panel = panel.push(
            small(
                "Drag a piece along its line. Click an axis to turn it clockwise, right-click anticlockwise, Shift+click 180°. \
                 Keys: Tab selects, arrows slide (or turn an axis), Esc lets go, F solves, N plays the solver's next move, \
                 Ctrl+Z / Ctrl+Y undo and redo, Home restarts.",
            )
            .color(Color::from_rgb8(0x80, 0x80, 0x80)),
        );
        column![
            toolbar,
            row![
                container(self.canvas_view(palette))
                    .width(Length::FillPortion(3))
                    .height(Fill),
                scroll(panel).width(Length::FillPortion(2)).height(Fill),
            ]
            .spacing(8)
            .height(Fill),
            small(&self.core.buffer.file_line()),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}
