//! What the Death Match screen shows: the lobby, and the open match phase by phase.

use super::pictures::{SHAPE_UNIT, Subject, WIDTH, cells};
use super::{DeathMatch, Message};
use crate::screen::scroll;
use iced::widget::image::Handle;
use iced::widget::{Column, button, column, container, image, row, text, text_input};
use iced::{Center, Element, Fill, Font, Length};

/// The room a drafted piece's name takes under its picture (a line of 12-point text and the
/// gap above it).
const DRAFTED_LABEL: f32 = 20.0;
use lockfmt::words::count;
use rules::death_match::{
    Action, Answer, BuildStatus, DraftOrder, Phase, Player, Shape, Stage, Timing,
};
use server::death_match_host::view::{MatchView, Status};

/// The id of the opponent's codename input.
pub const OPPONENT_ID: &str = "death-match-opponent";
/// The id of the moves input.
pub const MOVES_ID: &str = "death-match-moves";

fn secs(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

fn answer(a: Option<Answer>) -> String {
    match a {
        Some(Answer::Solution { moves, time, .. }) => {
            format!("{}, {}", count(moves, "move"), secs(time))
        }
        Some(Answer::Impossible) => "impossible".into(),
        Some(Answer::Nothing) => "no solution".into(),
        None => "—".into(),
    }
}

/// What the shapes offered in the draft are, in the notation the offer is written in.
pub use rules::death_match::NOTATION as SHAPES;

/// A drawn board or lock, at the size it was drawn.
fn picture_of<'a>(picture: &Handle) -> Element<'a, Message> {
    image(picture.clone()).width(WIDTH as f32).into()
}

impl DeathMatch {
    pub fn view(&self) -> Element<'_, Message> {
        let body = match &self.shown {
            Some(v) => self.match_view(v),
            None => self.lobby(),
        };
        let mut page = column![text("Death Match").size(22), body].spacing(10);
        if !self.status.is_empty() {
            page = page.push(text(&self.status).size(13));
        }
        scroll(page.padding(12)).width(Fill).into()
    }

    fn lobby(&self) -> Element<'_, Message> {
        let Some(me) = &self.codename else {
            let mut offer = column![text(
                "Log in on the Online screen to challenge players and play matches."
            )]
            .spacing(10);
            if self.bot_home.is_some() {
                offer = offer.push(
                    text(
                        "This is the studio's own server: a codename registered there stays on \
                         this computer, and once you are logged in a bot is here to practise \
                         against.",
                    )
                    .size(13),
                );
            }
            return offer
                .push(button(text("Go to Online").size(13)).on_press(Message::GoOnline))
                .into();
        };
        let mut list = Column::new().spacing(4);
        for s in &self.matches {
            let line = text(s.line()).size(13);
            let mut r = row![line].spacing(8).align_y(Center);
            if s.status == Status::Challenged && &s.challenged == me {
                r = r.push(button(text("Accept").size(13)).on_press(Message::Accept(s.id)));
                r = r.push(button(text("Decline").size(13)).on_press(Message::Decline(s.id)));
            } else if s.status == Status::Challenged {
                r = r.push(button(text("Withdraw").size(13)).on_press(Message::Decline(s.id)));
            }
            if matches!(s.status, Status::Playing | Status::Over) {
                r = r.push(button(text("Open").size(13)).on_press(Message::Show(s.id)));
            }
            list = list.push(r);
        }
        if self.matches.is_empty() {
            list = list.push(text("No matches yet.").size(13));
        }
        column![
            text(format!("Playing as {me}.")).size(13),
            row![
                text_input("codename", &self.opponent_input)
                    .id(OPPONENT_ID)
                    .on_input(Message::OpponentInput)
                    .on_submit(Message::Challenge)
                    .width(120),
                button(text("Challenge").size(13)).on_press(Message::Challenge),
                button(text("Refresh").size(13)).on_press(Message::Refresh),
            ]
            .spacing(6),
            if self.can_practise() {
                self.practice()
            } else {
                text("The practice bot plays on the studio's own server.")
                    .size(12)
                    .into()
            },
            list,
        ]
        .spacing(10)
        .into()
    }

    /// The practice offer: the speed first, then the bot to play.
    fn practice(&self) -> Element<'_, Message> {
        let chosen = self.practice_speed();
        let mut speeds = row![text("Speed:").size(13)].spacing(6).align_y(Center);
        for speed in super::SPEEDS {
            let b = button(text(format!("{speed}×")).size(13));
            // The speed chosen is not pressed again: it shows as chosen.
            speeds = speeds.push(if speed == chosen {
                b
            } else {
                b.on_press(Message::PracticeSpeed(speed))
            });
        }
        let pace = if chosen == 1 {
            "Practice matches run at real time, and each phase ends as soon as you and the bot \
             are done."
                .to_string()
        } else {
            format!(
                "Practice matches run at {chosen}× real time, and each phase ends as soon as you \
                 and the bot are done."
            )
        };
        column![
            speeds,
            text(pace).size(12),
            row![
                text("Practise:").size(13),
                button(text("an easy bot").size(13)).on_press(Message::Practise(0.3)),
                button(text("a strong bot").size(13)).on_press(Message::Practise(1.0)),
            ]
            .spacing(6)
            .align_y(Center),
        ]
        .spacing(4)
        .into()
    }

    /// In a match played at the players' pace: the button that says I am done with the phase,
    /// or, once pressed, that the phase waits on the opponent alone.
    fn done_button<'a>(&self, v: &'a MatchView, label: &'a str) -> Option<Element<'a, Message>> {
        if v.terms.timing != Timing::EndWhenBothDone {
            return None;
        }
        let me = v.you?;
        Some(if v.done {
            text(format!(
                "You are done: the phase ends as soon as {} is.",
                v.name(me.other())
            ))
            .size(12)
            .into()
        } else {
            button(text(label).size(13))
                .on_press(Message::Act(Action::Done))
                .into()
        })
    }

    fn clocks(&self, v: &MatchView) -> Element<'_, Message> {
        let now = self.now_ms().unwrap_or(v.now_ms);
        let left = v
            .deadline_ms
            .map(|d| format!(", {} left", secs(d.saturating_sub(now))))
            .unwrap_or_default();
        let phase = v.phase.as_ref().map_or("waiting", Phase::name);
        let reserve = match v.phase.as_ref() {
            Some(Phase::Draft(d)) if d.clock.in_reserve => {
                format!(" — {} is in reserve", v.name(d.clock.player))
            }
            Some(Phase::Build(b)) => Player::BOTH
                .into_iter()
                .filter(|&p| matches!(b.builders[p], BuildStatus::InReserve(_)))
                .map(|p| format!(" — {} is in reserve", v.name(p)))
                .collect(),
            _ => String::new(),
        };
        let pace = match (v.terms.speed, v.terms.timing) {
            (1, Timing::FullTime) => String::new(),
            (speed, Timing::FullTime) => format!("   (clock ×{speed})"),
            (1, Timing::EndWhenBothDone) => "   (phases end once both are done)".to_string(),
            (speed, Timing::EndWhenBothDone) => {
                format!("   (clock ×{speed}; phases end once both are done)")
            }
        };
        column![
            text(format!(
                "{} {} – {} {}   round {}",
                v.challenger, v.scores.challenger, v.scores.challenged, v.challenged, v.round
            ))
            .size(16),
            text(format!("Now: {phase}{left}{reserve}{pace}")).size(14),
            text(format!(
                "Reserve: {} {} × 30 s, {} {} × 30 s",
                v.challenger, v.reserve.challenger, v.challenged, v.reserve.challenged
            ))
            .size(12),
        ]
        .spacing(2)
        .into()
    }

    /// A piece's shape: its picture once drawn, `scale` times the size it was drawn, over
    /// `label`.
    fn shape_picture<'a>(&self, shape: Shape, label: String, scale: f32) -> Element<'a, Message> {
        let label = text(label).size(12);
        let (w, h) = cells(shape);
        let (w, h) = (f32::from(w), f32::from(h));
        let unit = SHAPE_UNIT * scale;
        match self.pictures.get(&Subject::Shape(shape)) {
            Some(picture) => column![
                image(picture.clone()).width(w * unit).height(h * unit),
                label
            ]
            .spacing(3)
            .align_x(Center)
            .into(),
            None => label.into(),
        }
    }

    fn board(&self, v: &MatchView) -> Element<'_, Message> {
        let Some(setup) = &v.setup else {
            return column![].into();
        };
        let b = &setup.board;
        let title = text(format!("Board {}×{}", b.width(), b.height())).size(13);
        if let Some(picture) = self.pictures.get(&Subject::Board(b.clone())) {
            return column![title, picture_of(picture)].spacing(2).into();
        }
        let mut lines = String::new();
        for row in (0..b.height()).rev() {
            lines.push_str(&format!("{:>2} ", row + 1));
            for col in 0..b.width() {
                let cell = engine::sliding::Cell::new(col, row);
                lines.push_str(if b.is_dark(cell) { "# " } else { ". " });
            }
            lines.push('\n');
        }
        lines.push_str("   ");
        for col in 0..b.width() {
            lines.push(engine::sliding::Cell::column_letter(col));
            lines.push(' ');
        }
        column![title, text(lines).font(Font::MONOSPACE).size(13)]
            .spacing(2)
            .into()
    }

    fn match_view<'a>(&'a self, v: &'a MatchView) -> Element<'a, Message> {
        let mut page = column![
            row![
                button(text("Lobby").size(13)).on_press(Message::BackToLobby),
                button(text("Refresh").size(13)).on_press(Message::Refresh),
            ]
            .spacing(6),
            self.clocks(v),
        ]
        .spacing(10);
        if let Some(w) = v.winner {
            page = page.push(
                text(format!(
                    "{} wins the Death Match, {}–{} ({})",
                    v.name(w.player),
                    v.scores[w.player],
                    v.scores[w.player.other()],
                    w.why.naming(v.name(w.player.other()))
                ))
                .size(16),
            );
        }
        if let (Some(me), Some(phase)) = (v.you, v.phase.as_ref()) {
            // Once the opponent's lock is there to pick, it shows the board; the empty board
            // above it would push the moves and their buttons out of the window.
            let picking = matches!(
                phase,
                Phase::Solve { .. } | Phase::Choose { .. } | Phase::Countersolve { .. }
            );
            if !(picking && v.opponent_lock.is_some()) {
                page = page.push(self.board(v));
            }
            page = page.push(self.phase_view(v, me, phase));
        }
        page = page.push(self.table(v));
        page.into()
    }

    fn phase_view<'a>(
        &'a self,
        v: &'a MatchView,
        me: Player,
        phase: &'a Phase,
    ) -> Element<'a, Message> {
        let mut c = Column::new().spacing(6);
        // Each player's drafted pieces, drawn as offered, smaller.
        let drafted = |p: Player| -> Element<'a, Message> {
            if v.drafted[p].is_empty() {
                return text("none").size(12).into();
            }
            row(v.drafted[p]
                .iter()
                .map(|d| self.shape_picture(d.shape, String::from(d.shape), 0.6)))
            .spacing(6)
            .align_y(iced::Alignment::End)
            .into()
        };
        let drafted_row = row![
            text("Drafted — you:").size(12),
            drafted(me),
            text(format!("{}:", v.name(me.other()))).size(12),
            drafted(me.other()),
        ]
        .spacing(8)
        .align_y(iced::Alignment::End);
        // The row keeps the height of the round's tallest piece from the start of the draft,
        // so that what is below it does not move down as pieces are drafted.
        let tallest = v.setup.as_ref().and_then(|r| {
            r.offered
                .iter()
                .map(|p| f32::from(cells(p.shape).1))
                .reduce(f32::max)
        });
        c = c.push(match tallest {
            Some(cells_high) => Element::from(
                container(drafted_row)
                    .height(Length::Fixed(cells_high * SHAPE_UNIT * 0.6 + DRAFTED_LABEL))
                    .align_y(iced::Alignment::End)
                    .clip(true),
            ),
            None => drafted_row.into(),
        });
        match phase {
            Phase::Assess { .. } => {
                if let Some(setup) = &v.setup {
                    let mut offered = row![text("Offered:").size(13)]
                        .spacing(10)
                        .align_y(iced::Alignment::End);
                    for p in &setup.offered {
                        offered = offered.push(self.shape_picture(
                            p.shape,
                            format!("{}: {}", p.id, String::from(p.shape)),
                            1.0,
                        ));
                    }
                    c = c.push(offered.wrap().vertical_spacing(6));
                    c = c.push(text(SHAPES).size(12));
                }
                // Round 1's choice holds in odd rounds; the other player leads in even ones.
                let first = v
                    .first_drafter
                    .map(|p| if v.round % 2 == 1 { p } else { p.other() });
                let order = match first {
                    Some(p) if p == me => "You draft first when the assessment ends.".to_string(),
                    Some(p) => format!("{} drafts first when the assessment ends.", v.name(p)),
                    None if me == Player::Challenged => {
                        "Choose whether you draft first or second (first, if you do not choose)."
                            .to_string()
                    }
                    None => format!("{} chooses who drafts first.", v.name(me.other())),
                };
                c = c.push(text(order).size(13));
                if v.round == 1 && me == Player::Challenged && v.first_drafter.is_none() {
                    c = c.push(
                        row![
                            button(text("Draft first").size(13))
                                .on_press(Message::Order(DraftOrder::First)),
                            button(text("Draft second").size(13))
                                .on_press(Message::Order(DraftOrder::Second)),
                        ]
                        .spacing(6),
                    );
                }
                if let Some(done) = self.done_button(v, "Ready to draft") {
                    c = c.push(done);
                }
            }
            Phase::Draft(d) => {
                let mine = d.clock.player == me && !d.stopped[me];
                // The turn and its buttons first: the pieces below may run past the window's
                // foot.
                let mut turn = row![
                    text(if mine {
                        "Your turn to draft.".to_string()
                    } else {
                        format!("{} drafts.", v.name(d.clock.player))
                    })
                    .size(13)
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center);
                if !d.stopped[me] {
                    turn = turn.push(
                        button(text("Stop drafting").size(13))
                            .on_press(Message::Act(Action::StopDrafting)),
                    );
                }
                if d.stopped[me.other()] {
                    turn = turn.push(
                        button(text("End the draft").size(13))
                            .on_press(Message::Act(Action::EndDraft)),
                    );
                }
                c = c.push(turn);
                // Every piece offered keeps its place for the whole draft: one drafted stays,
                // faded and pressing nothing, so that the others do not move under the cursor.
                let offered = v.setup.as_ref().map_or(&d.remaining, |r| &r.offered);
                let mut pieces = row![].spacing(4);
                for p in offered {
                    let left = d.remaining.iter().any(|r| r.id == p.id);
                    let b = button(self.shape_picture(
                        p.shape,
                        format!("Draft {}: {}", p.id, String::from(p.shape)),
                        1.0,
                    ));
                    pieces = pieces.push(if mine && left {
                        b.on_press(Message::Act(Action::Draft(p.id)))
                    } else if left {
                        b
                    } else {
                        b.style(button::secondary)
                    });
                }
                c = c.push(
                    pieces
                        .align_y(iced::Alignment::End)
                        .wrap()
                        .vertical_spacing(4),
                );
                c = c.push(text(SHAPES).size(12));
            }
            Phase::Build(b) => {
                let done = matches!(b.builders[me], BuildStatus::Done);
                c = c.push(
                    text(match (&v.your_lock, done) {
                        (_, true) => "Your lock is final.",
                        (Some(_), false) => "Your lock is in; a later valid one replaces it.",
                        (None, false) => {
                            "Build your lock with every drafted piece, the Key and the Keyhole."
                        }
                    })
                    .size(13),
                );
                if !done {
                    c = c.push(
                        row![
                            button(text("Open my lock in the editor").size(13))
                                .on_press(Message::OpenMyLock),
                            button(text("Submit the editor's lock").size(13))
                                .on_press(Message::SubmitEditorLock),
                        ]
                        .spacing(6),
                    );
                }
                // Done needs a lock in; once final, the line says the phase waits on the
                // opponent alone.
                if v.your_lock.is_some()
                    && let Some(done) = self.done_button(v, "My lock is final: done building")
                {
                    c = c.push(done);
                }
            }
            Phase::Solve { .. } | Phase::Choose { .. } | Phase::Countersolve { .. } => {
                c = c.push(self.picking(v, me, phase));
            }
            Phase::RoundOver { .. } | Phase::Over { .. } => {}
        }
        c.into()
    }

    fn moves_row(&self) -> Element<'_, Message> {
        row![
            text_input("moves, e.g. BC1 L1, Key R1", &self.moves_input)
                .id(MOVES_ID)
                .on_input(Message::MovesInput)
                .on_submit(Message::SubmitMoves)
                .width(280),
            button(text("Submit moves").size(13)).on_press(Message::SubmitMoves),
            button(text("Submit my moves on the board").size(13))
                .on_press(Message::SubmitBoardMoves),
        ]
        .spacing(6)
        .into()
    }

    fn picking<'a>(
        &'a self,
        v: &'a MatchView,
        me: Player,
        phase: &'a Phase,
    ) -> Element<'a, Message> {
        let mut c = Column::new().spacing(6);
        if let Some(lock) = &v.opponent_lock {
            c = c.push(text(format!("{}'s lock:", v.name(me.other()))).size(13));
            c = c.push(match self.pictures.get(&Subject::Lock(lock.clone())) {
                Some(picture) => picture_of(picture),
                None => text(lock.trim_end()).font(Font::MONOSPACE).size(12).into(),
            });
        }
        if let Some(sheet) = &v.your_sheet {
            for (i, s) in sheet.solutions.iter().enumerate() {
                let line = text(format!(
                    "Solution {}: {} at {} — {}",
                    i + 1,
                    count(s.moves, "move"),
                    secs(s.time),
                    s.written
                ))
                .size(12);
                let pending = matches!(phase, Phase::Choose { pending, .. } if pending[me]);
                c = c.push(if pending {
                    Element::from(
                        row![
                            line,
                            button(text("Choose").size(13))
                                .on_press(Message::Act(Action::Choose(i)))
                        ]
                        .spacing(6),
                    )
                } else {
                    line.into()
                });
            }
            if sheet.impossible {
                c = c.push(text("You declared this lock impossible.").size(12));
            }
        }
        match phase {
            Phase::Solve { .. } => {
                // Only what the rules would take is offered.
                let sheet = v.your_sheet.as_ref();
                let takes_call = sheet.is_none_or(|s| s.refuses_impossible_call().is_none());
                let takes_moves = sheet.is_none_or(|s| s.refuses_solutions().is_none());
                let mut actions = row![
                    button(text("Open the lock to pick").size(13))
                        .on_press(Message::OpenLockToPick)
                ]
                .spacing(6);
                if takes_call {
                    actions = actions.push(
                        button(text("Declare impossible").size(13))
                            .on_press(Message::Act(Action::DeclareImpossible)),
                    );
                }
                c = c.push(actions);
                if takes_moves {
                    c = c.push(self.moves_row());
                }
                if let Some(done) = self.done_button(v, "My answer is in: done solving") {
                    c = c.push(done);
                }
            }
            Phase::Countersolve { stages } => {
                c = c.push(
                    text(format!(
                        "Answers — you: {}   {}: {}",
                        answer(v.announced.map(|a| a[me])),
                        v.name(me.other()),
                        answer(v.announced.map(|a| a[me.other()]))
                    ))
                    .size(13),
                );
                match stages[me] {
                    Stage::Deciding { .. } => {
                        c = c.push(
                            row![
                                text("Countersolve your lock?").size(13),
                                button(text("Countersolve").size(13))
                                    .on_press(Message::Act(Action::Countersolve(true))),
                                button(text("Do not countersolve").size(13))
                                    .on_press(Message::Act(Action::Countersolve(false))),
                            ]
                            .spacing(6),
                        );
                    }
                    Stage::Solving { .. } => {
                        c = c.push(
                            row![
                                text("Pick your own lock:").size(13),
                                button(text("Open my lock in the editor").size(13))
                                    .on_press(Message::OpenMyLock),
                            ]
                            .spacing(6),
                        );
                        c = c.push(self.moves_row());
                        if let Some(done) = self.done_button(v, "Give up the countersolve") {
                            c = c.push(done);
                        }
                    }
                    Stage::Done => {}
                }
            }
            _ => {}
        }
        c.into()
    }

    fn table<'a>(&'a self, v: &'a MatchView) -> Element<'a, Message> {
        if v.rounds.is_empty() {
            return column![].into();
        }
        let mut t = column![
            text(format!(
                "{:<6}{:>8}{:>8}   score   answers",
                "round", v.challenger, v.challenged
            ))
            .font(Font::MONOSPACE)
            .size(12)
        ]
        .spacing(2);
        for r in &v.rounds {
            t = t.push(
                text(format!(
                    "{:<6}{:>+8}{:>+8}   {}–{}   {} / {}",
                    r.round,
                    r.points.challenger,
                    r.points.challenged,
                    r.scores.challenger,
                    r.scores.challenged,
                    answer(r.answers.challenger),
                    answer(r.answers.challenged)
                ))
                .font(Font::MONOSPACE)
                .size(12),
            );
            for p in Player::BOTH {
                if let Some(verdict) = &r.verdicts[p] {
                    t = t.push(text(format!("  {}'s lock: {verdict}", v.name(p))).size(11));
                }
            }
        }
        t.into()
    }
}
