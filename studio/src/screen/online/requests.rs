//! The online screen's requests: each runs in the background on the current connection, and
//! its answer carries the connection's generation.

use super::{Connection, Message, Online, Reply};
use crate::background;
use crate::online::{Trouble, ask};
use iced::Task;
use iced::widget::image;
use server::client::Client;

impl Online {
    /// Whether a background request may go out now.
    pub(super) fn may_ask(&self) -> bool {
        self.client.is_some()
            && !self.work_offline
            && !matches!(self.connection, Connection::Unreachable(_))
    }

    /// The live events' subscription data, while they can flow.
    pub fn live(&self) -> Option<(String, String)> {
        if self.work_offline || self.connection != Connection::Online {
            return None;
        }
        let client = self.client.as_ref()?;
        Some((self.url.clone()?, client.token()?.to_string()))
    }

    /// Whether the probe of an unreachable server should run.
    pub fn probing(&self) -> bool {
        !self.work_offline
            && self.client.is_some()
            && matches!(self.connection, Connection::Unreachable(_))
    }

    /// A request on the current connection; its answer carries the connection's generation.
    pub(super) fn task<T, F>(
        &self,
        call: impl FnOnce(Client) -> F,
        reply: impl Fn(Result<T, Trouble>) -> Reply + Send + 'static,
    ) -> Task<Message>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, server::client::ClientError>> + Send + 'static,
    {
        let Some(client) = self.client.clone() else {
            return Task::none();
        };
        let generation = self.generation;
        Task::perform(ask(call(client)), move |r| {
            Message::Got(generation, reply(r))
        })
    }

    /// Asks the server for everything the screen shows.
    pub fn refresh(&self) -> Task<Message> {
        if !self.may_ask() {
            return Task::none();
        }
        if self.codename.is_none() {
            return self.task(|c| async move { c.health().await }, Reply::Health);
        }
        let mut tasks = vec![
            self.ask_scores(),
            self.ask_notes(),
            self.ask_player(self.codename.clone().unwrap_or_default()),
        ];
        if let Some(other) = &self.selected {
            tasks.push(self.ask_player(other.clone()));
        }
        Task::batch(tasks)
    }

    pub(super) fn ask_scores(&self) -> Task<Message> {
        self.task(|c| async move { c.players().await }, Reply::Scores)
    }

    pub(super) fn ask_notes(&self) -> Task<Message> {
        self.task(|c| async move { c.notes().await }, Reply::Notes)
    }

    pub(super) fn ask_player(&self, codename: String) -> Task<Message> {
        self.task(
            move |c| async move { c.player_with_accessors(&codename).await },
            Reply::Player,
        )
    }

    pub(super) fn ask_missing_locks(&self) -> Task<Message> {
        if !self.may_ask() {
            return Task::none();
        }
        Task::batch(self.cache.missing_locks().into_iter().map(|id| {
            self.task(
                move |c| async move { c.lock(id).await },
                move |r| Reply::Lock(id, r),
            )
        }))
    }

    pub(super) fn save_cache(&mut self) -> Task<Message> {
        let Some(path) = self
            .codename
            .as_deref()
            .and_then(|c| self.cache_path_for(c))
        else {
            return Task::none();
        };
        self.cache_saves += 1;
        let number = self.cache_saves;
        let written = self.cache_written.clone();
        let cache = self.cache.clone();
        let generation = self.generation;
        background::run(
            move || {
                let mut newest = written.lock().unwrap_or_else(|e| e.into_inner());
                if *newest > number {
                    return Ok(());
                }
                *newest = number;
                cache
                    .save(&path)
                    .map_err(|e| format!("the cache cannot be saved: {e:#}"))
            },
            move |r| Message::Got(generation, Reply::Written(r)),
        )
    }

    /// Draws the thumbnails again in the theme's `shade`.
    pub fn set_shade(&mut self, shade: crate::family::Shade) -> Task<Message> {
        if shade == self.shade {
            return Task::none();
        }
        self.shade = shade;
        let ids: Vec<i64> = self.thumbnails.drain().map(|(id, _)| id).collect();
        self.draw_thumbnails(ids)
    }

    /// The theme's shade the thumbnails are drawn in.
    pub fn shade(&self) -> crate::family::Shade {
        self.shade
    }

    /// Draws the thumbnails of these locks in the background.
    pub(super) fn draw_thumbnails(&self, ids: Vec<i64>) -> Task<Message> {
        let texts: Vec<(i64, String)> = ids
            .into_iter()
            .filter(|id| !self.thumbnails.contains_key(id))
            .filter_map(|id| Some((id, self.cache.locks.get(&id)?.text.clone())))
            .collect();
        if texts.is_empty() {
            return Task::none();
        }
        let generation = self.generation;
        let shade = self.shade;
        iced_runtime::task::blocking(move |mut out| {
            for (id, text) in texts {
                let handle = crate::family::Family::HexLock
                    .thumbnail(&text, 96, shade)
                    .map(|t| image::Handle::from_rgba(t.width, t.height, t.rgba));
                if iced::futures::executor::block_on(iced::futures::SinkExt::send(
                    &mut out,
                    Reply::Thumbnail(id, shade, handle),
                ))
                .is_err()
                {
                    break;
                }
            }
        })
        .map(move |r| Message::Got(generation, r))
    }
}
