//! What the online screen shows: the server and login, the players, anyone's slots, my notes,
//! and the bar above a picked lock in play.

use super::{Confirm, Connection, Message, Online};
use crate::progress::{Place, Progress, Standing};
use crate::screen::scroll;
use crate::settings::ServerChoice;
use iced::widget::{button, checkbox, column, container, image, row, text, text_input};
use iced::{Element, Fill, Length};
use server::protocol::{NoteView, SlotView};

impl Online {
    /// The bar above a picked lock in play: declare, or say why a slot cannot secure the note.
    pub fn declare_bar(&self) -> Option<Element<'_, Message>> {
        let d = self.declaring.as_ref()?;
        let mut choices = row![text("Declare behind:").size(13)].spacing(6);
        for (n, why) in self.holders() {
            choices = choices.push(match why {
                Ok(label) => button(text(label).size(12))
                    .on_press(Message::Declare(n))
                    .into(),
                Err(why) => Element::from(
                    column![
                        button(text(format!("slot {n}")).size(12)),
                        text(why).size(11),
                    ]
                    .spacing(2),
                ),
            });
        }
        choices = choices.push(
            button(text("Not now").size(12))
                .style(button::secondary)
                .on_press(Message::DismissDeclare),
        );
        Some(
            container(
                column![
                    text(format!(
                        "You opened {}'s «{}» in {}.",
                        d.lock.owner,
                        d.lock.name,
                        lockfmt::words::count(d.moves.len(), "move")
                    ))
                    .size(15),
                    choices,
                ]
                .spacing(6),
            )
            .padding(8)
            .style(container::rounded_box)
            .width(Fill)
            .into(),
        )
    }

    /// The screen; `games` says how far each lock picked here was played.
    pub fn view<'a>(
        &'a self,
        editor_lock: Option<&'a str>,
        games: &'a Progress,
    ) -> Element<'a, Message> {
        let switch = match self.choice {
            ServerChoice::Embedded => "Switch to the remote server",
            ServerChoice::Remote => "Switch to the embedded server",
        };
        let mut top = column![
            row![text("Online").size(20), text(self.summary()).size(13),]
                .spacing(12)
                .align_y(iced::Center),
            row![
                button(text(switch).size(12))
                    .on_press(Message::SwitchServer)
                    .style(button::secondary),
                checkbox(self.work_offline)
                    .label("Work offline (cache only)")
                    .on_toggle(Message::WorkOffline)
                    .text_size(12),
                button(text("Refresh").size(12)).on_press(Message::Refresh),
            ]
            .spacing(10)
            .align_y(iced::Center),
        ]
        .spacing(6);
        if let Some(why) = &self.no_server {
            top = top.push(text(why.clone()).size(13).style(crate::screen::look::bad));
        }
        if let Connection::Unreachable(why) = &self.connection
            && !self.work_offline
            && self.no_server.is_none()
        {
            top = top.push(
                container(
                    row![
                        text(format!(
                            "Cannot reach {}: {why}. Showing the cache{}; trying again every few seconds.",
                            self.server_label(),
                            self.heard_when()
                        ))
                        .size(13)
                        // Filling what is left after the button keeps the button whole.
                        .width(iced::Fill),
                        button(text("Try now").size(12)).on_press(Message::Refresh),
                    ]
                    .spacing(8)
                    .align_y(iced::Center),
                )
                .padding(6)
                .style(container::rounded_box),
            );
        }
        if self.work_offline {
            top = top.push(
                text(format!(
                    "Working offline: nothing is sent; this is the cache{}.",
                    self.heard_when()
                ))
                .size(13),
            );
        }
        let body: Element<'a, Message> = match &self.codename {
            None => self.login_view(),
            Some(me) => row![
                self.players_view(me).width(Length::FillPortion(2)),
                self.slots_view(me, editor_lock, games)
                    .width(Length::FillPortion(4)),
                self.notes_view().width(Length::FillPortion(3)),
            ]
            .spacing(12)
            .height(Fill)
            .into(),
        };
        let mut page = column![top, body].spacing(10).padding(12);
        if let Some(c) = &self.confirm {
            page = page.push(self.confirm_view(c));
        }
        if !self.status.is_empty() {
            page = page.push(text(self.status.clone()).size(13));
        }
        page.into()
    }

    fn heard_when(&self) -> String {
        match self.cache.heard_at {
            Some(t) => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(t, |d| d.as_secs());
                format!(" from {} ago", ago(now.saturating_sub(t)))
            }
            None => " (empty)".into(),
        }
    }

    fn login_view(&self) -> Element<'_, Message> {
        column![
            text("Log in, or register a new player").size(16),
            text("A codename is three characters: capital letters, digits or signs.").size(12),
            text_input("codename", &self.codename_input)
                .id(CODENAME_ID)
                .on_input(Message::CodenameInput)
                .on_submit(Message::CodenameDone)
                .size(14)
                .width(Length::Fixed(200.0)),
            text_input("password", &self.password_input)
                .id(PASSWORD_ID)
                .on_input(Message::PasswordInput)
                .on_submit(Message::LogIn)
                .secure(true)
                .size(14)
                .width(Length::Fixed(200.0)),
            row![
                button(text("Log in").size(13)).on_press(Message::LogIn),
                button(text("Register").size(13))
                    .on_press(Message::Register)
                    .style(button::secondary),
            ]
            .spacing(8),
        ]
        .spacing(8)
        .into()
    }

    fn players_view(&self, me: &str) -> iced::widget::Column<'_, Message> {
        let total = self.cache.scores.as_ref().map_or(0, |s| s.total);
        let mut list = column![
            text("Players").size(16),
            button(text(format!("You: {me} · total score {}", signed(total))).size(13))
                .style(if self.selected.is_none() {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::SelectPlayer(me.to_string())),
        ]
        .spacing(4);
        match &self.cache.scores {
            Some(s) if s.scores.is_empty() => {
                list = list.push(text("No other players yet.").size(12));
            }
            Some(s) => {
                for p in &s.scores {
                    let chosen = self.selected.as_deref() == Some(p.codename.as_str());
                    list = list.push(
                        button(
                            column![
                                text(format!("{} · score {}", p.codename, signed(p.score)))
                                    .size(13),
                                text(format!(
                                    "{}; you access {}, they access {} of yours",
                                    lockfmt::words::count(usize::from(p.locks), "lock"),
                                    p.accessed,
                                    p.accessed_by
                                ))
                                .size(11),
                            ]
                            .spacing(1),
                        )
                        .width(Fill)
                        .style(if chosen {
                            button::primary
                        } else {
                            button::text
                        })
                        .on_press(Message::SelectPlayer(p.codename.clone())),
                    );
                }
            }
            None => list = list.push(text("Not heard yet.").size(12)),
        }
        list = list.push(
            button(text("Log out").size(12))
                .style(button::secondary)
                .on_press(Message::LogOut),
        );
        list
    }

    fn slots_view<'a>(
        &'a self,
        me: &'a str,
        editor_lock: Option<&'a str>,
        games: &'a Progress,
    ) -> iced::widget::Column<'a, Message> {
        let whose = self.selected.as_deref().unwrap_or(me);
        let mine = whose == me;
        let title = if mine {
            "Your slots".to_string()
        } else {
            format!("{whose}'s slots")
        };
        let mut out = column![text(title).size(16)].spacing(8);
        let Some(view) = self.cache.players.get(whose) else {
            return out.push(text("Not heard yet.").size(12));
        };
        if !mine {
            out = out.push(
                text(format!(
                    "Your score relative to {whose}: {}",
                    signed(view.score)
                ))
                .size(12),
            );
        }
        for n in 1..=3u8 {
            let slot = view.slots.iter().find(|s| s.slot == n);
            let standing = slot.and_then(|s| s.lock.as_ref()).and_then(|l| {
                games.standing(&Place::ServerLock {
                    server: self.key.clone(),
                    id: l.id,
                    player: me.to_string(),
                })
            });
            out = out.push(self.slot_card(n, slot, mine, editor_lock, standing));
        }
        out
    }

    fn slot_card<'a>(
        &'a self,
        n: u8,
        slot: Option<&'a SlotView>,
        mine: bool,
        editor_lock: Option<&'a str>,
        standing: Option<Standing>,
    ) -> Element<'a, Message> {
        let lock = slot.and_then(|s| s.lock.as_ref());
        let picture: Element<'a, Message> = match lock.and_then(|l| self.thumbnails.get(&l.id)) {
            Some(h) => image(h.clone())
                .width(Length::Fixed(96.0))
                .height(Length::Fixed(84.0))
                .into(),
            None => container(text(if lock.is_some() { "…" } else { "empty" }).size(12))
                .center_x(Length::Fixed(96.0))
                .center_y(Length::Fixed(84.0))
                .into(),
        };
        let mut facts = column![].spacing(2);
        match lock {
            Some(l) => {
                facts = facts.push(
                    text(format!(
                        "Slot {n}: «{}» (lock {}, size {}){}",
                        l.name,
                        l.id,
                        l.size,
                        if l.public { " · public" } else { "" }
                    ))
                    .size(13),
                );
            }
            None => facts = facts.push(text(format!("Slot {n}: empty")).size(13)),
        }
        if let Some(s) = slot
            && !mine
        {
            facts = facts.push(
                text(if s.accessed {
                    "You access this slot."
                } else {
                    "Locked to you."
                })
                .size(12),
            );
        }
        if let Some(by) = slot.and_then(|s| s.accessed_by.as_ref()) {
            facts = facts.push(
                text(if by.is_empty() {
                    "Accessed by nobody else.".to_string()
                } else {
                    format!("Accessed by {}.", by.join(", "))
                })
                .size(12),
            );
        }
        if let Some(l) = lock {
            for note in &l.notes {
                facts = facts.push(
                    text(format!(
                        "note {} by {}, behind {}:{} · {}",
                        note.id,
                        note.author,
                        note.behind.owner,
                        note.behind.slot,
                        if note.read { "read" } else { "not read" }
                    ))
                    .size(11),
                );
            }
        }
        let mut actions = row![].spacing(6).align_y(iced::Center);
        if mine {
            let publish = match editor_lock {
                Some(name) => button(text(format!("Publish «{name}» here")).size(12))
                    .on_press(Message::Publish(n)),
                // The metagame takes hex locks only: say what would make the button work.
                None => button(text("Open a hex lock in the editor to publish it here").size(12)),
            };
            actions = actions.push(publish);
            if lock.is_some() {
                actions = actions.push(
                    button(text("Retire").size(12))
                        .style(button::danger)
                        .on_press(Message::Retire(n)),
                );
            }
        } else if let Some(l) = lock {
            actions = actions.push(button(text("Pick").size(12)).on_press(Message::Pick(l.id)));
            // How far I played it here: Pick takes the game up.
            if let Some(standing) = standing {
                actions = actions.push(match standing {
                    Standing::Started => text("in progress")
                        .size(11)
                        .style(crate::screen::look::under_way),
                    Standing::Finished => {
                        text("✓ opened").size(11).style(crate::screen::look::done)
                    }
                });
            }
        }
        container(
            row![
                picture,
                column![facts, actions.wrap().vertical_spacing(6)].spacing(6)
            ]
            .spacing(10),
        )
        .padding(6)
        .style(container::rounded_box)
        .width(Fill)
        .into()
    }

    fn notes_view(&self) -> iced::widget::Column<'_, Message> {
        let mut out = column![text("Notes you have read").size(16)].spacing(4);
        let read: Vec<&NoteView> = self.cache.notes.iter().filter(|n| n.read).collect();
        if read.is_empty() {
            return out.push(text("None yet: access a slot to read the notes behind it.").size(12));
        }
        let mut list = column![].spacing(4);
        for n in read {
            let name = self
                .cache
                .locks
                .get(&n.on.id)
                .map_or(format!("lock {}", n.on.id), |l| format!("«{}»", l.name));
            let moves = n
                .solution
                .as_deref()
                .and_then(|s| lockfmt::hexlock::parse_solution(s).ok())
                .map(|s| s.moves)
                .unwrap_or_default();
            list = list.push(
                row![
                    column![
                        text(format!(
                            "{}'s note on {}:{} {name}",
                            n.author, n.on.owner, n.on.slot
                        ))
                        .size(12),
                        text(format!(
                            "{}{}",
                            lockfmt::words::count(moves.len(), "move"),
                            if n.public { " · public" } else { "" }
                        ))
                        .size(11),
                        text(lockfmt::hexlock::format_moves(&moves))
                            .font(iced::Font::MONOSPACE)
                            .size(11),
                    ]
                    .width(Fill),
                    button(text("Play").size(12)).on_press(Message::PlayNote(n.id)),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        out = out.push(scroll(list).height(Fill));
        out
    }

    fn confirm_view(&self, c: &Confirm) -> Element<'_, Message> {
        let (question, yes, no, danger) = match c {
            Confirm::Retire(slot) => (
                format!("Retire the lock in slot {slot}? The notes behind it become public."),
                Message::ConfirmRetire(true),
                Message::ConfirmRetire(false),
                true,
            ),
            Confirm::SolveAndPublish(p) => (
                format!(
                    "«{}» has no saved solution. Let the solver find one and publish it in slot {}?",
                    p.lock.info.name, p.slot
                ),
                Message::ConfirmSolve(true),
                Message::ConfirmSolve(false),
                false,
            ),
        };
        let yes_label = if danger {
            "Retire"
        } else {
            "Solve and publish"
        };
        container(
            row![
                // The question wraps in the room the buttons leave: a long lock name never
                // pushes them out of the window.
                text(question).size(13).width(Fill),
                button(text(yes_label).size(12))
                    .style(if danger {
                        button::danger
                    } else {
                        button::primary
                    })
                    .on_press(yes),
                button(text("Cancel").size(12))
                    .style(button::secondary)
                    .on_press(no),
            ]
            .spacing(8)
            .align_y(iced::Center),
        )
        .padding(8)
        .style(container::rounded_box)
        .into()
    }
}

/// The login form's inputs, for tests.
pub const CODENAME_ID: &str = "online-codename";
pub const PASSWORD_ID: &str = "online-password";

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn ago(secs: u64) -> String {
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min", secs / 60),
        3600..86400 => format!("{} h", secs / 3600),
        _ => format!("{} days", secs / 86400),
    }
}
