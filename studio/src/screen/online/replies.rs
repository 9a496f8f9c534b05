//! The online screen's answers: what each reply changes, and how trouble is sorted into the one
//! "unreachable" state or a sentence.

use super::{Connection, Message, Online, Reply, ToPublish};
use crate::background;
use crate::hexlock::solver::{self, Update};
use crate::online::Trouble;
use crate::online::cache::Cache;
use crate::tokens;
use iced::Task;

impl Online {
    /// The player's cache arrived from disk: show it, draw its thumbnails, then ask the
    /// server for what is new.
    pub(super) fn cache_loaded(&mut self, cache: Cache) -> Task<Message> {
        self.cache = cache;
        let ids: Vec<i64> = self.cache.locks.keys().copied().collect();
        Task::batch([self.draw_thumbnails(ids), self.refresh()])
    }

    pub(super) fn lost(&mut self, why: String) {
        if !matches!(self.connection, Connection::Unreachable(_)) {
            self.connection = Connection::Unreachable(why);
        }
    }

    /// Sorts a failed answer: connection trouble changes the one state; a refusal is said; a
    /// login the server no longer knows is let go.
    pub(super) fn trouble(&mut self, t: Trouble) -> Task<Message> {
        match t {
            Trouble::Unreachable(why) => self.lost(why),
            Trouble::NotLoggedIn if self.codename.is_some() => {
                self.connection = Connection::Online;
                return self.login_lost();
            }
            other => {
                self.status = other.message();
                self.connection = Connection::Online;
            }
        }
        Task::none()
    }

    /// The server refused the token it was given (revoked by a logout elsewhere, expired, or
    /// the server's data begun afresh): the player is logged out here too, with the login form
    /// ready for their codename, and the dead token leaves the tokens file (unless the file
    /// has a newer one by then, from the command line).
    fn login_lost(&mut self) -> Task<Message> {
        let Some(codename) = self.codename.clone() else {
            return Task::none();
        };
        let dead = self
            .logged_out()
            .and_then(|c| c.token().map(str::to_string));
        self.codename_input = codename.clone();
        self.status = format!(
            "the server no longer knows {codename}'s login (logged out elsewhere, or the \
             server's data was begun afresh): log in again"
        );
        let (Some(path), Some(token)) = (self.setup.tokens_path.clone(), dead) else {
            return self.refresh();
        };
        let key = self.key.clone();
        let generation = self.generation;
        let forget = background::run(
            move || {
                tokens::forget_token(&path, &key, &codename, &token).map_err(|e| format!("{e:#}"))
            },
            move |r| Message::Got(generation, Reply::Written(r)),
        );
        Task::batch([forget, self.refresh()])
    }

    pub(super) fn heard(&mut self) -> Task<Message> {
        let back = matches!(self.connection, Connection::Unreachable(_));
        self.connection = Connection::Online;
        self.cache.heard();
        if back {
            self.status = "the server answers again".into();
            return Task::batch([self.refresh(), self.save_cache()]);
        }
        self.save_cache()
    }

    pub(super) fn got(&mut self, reply: Reply) -> Task<Message> {
        match reply {
            Reply::Session(Ok(s)) => {
                self.status = format!("logged in as {}", s.codename);
                self.password_input.clear();
                self.logged_in_as(s.codename.clone(), s.token.clone());
                self.connection = Connection::Online;
                // Keep the login and read the player's cache, off the UI thread; the refresh
                // follows the cache, so that answers are not written under it.
                let generation = self.generation;
                let tokens_path = self.setup.tokens_path.clone();
                let key = self.key.clone();
                let cache_path = self.cache_path_for(&s.codename);
                background::run(
                    move || {
                        if let Some(p) = &tokens_path {
                            tokens::save(p, &key, &s.codename, &s.token).map_err(|e| {
                                format!("logged in, but the login cannot be kept: {e:#}")
                            })?;
                        }
                        Ok(cache_path.map_or_else(Cache::default, |p| Cache::load(&p)))
                    },
                    move |r: Result<Cache, String>| {
                        Message::Got(
                            generation,
                            match r {
                                Ok(cache) => Reply::CacheLoaded(Box::new(cache)),
                                Err(why) => Reply::Written(Err(why)),
                            },
                        )
                    },
                )
            }
            Reply::Restored(login, cache) => {
                if let Some((codename, token)) = login {
                    self.logged_in_as(codename, token);
                    return self.cache_loaded(*cache);
                }
                self.refresh()
            }
            Reply::CacheLoaded(cache) => self.cache_loaded(*cache),
            Reply::Thumbnail(id, shade, handle) => {
                // One drawn for the theme left since is dropped.
                if let Some(h) = handle.filter(|_| shade == self.shade) {
                    self.thumbnails.insert(id, h);
                }
                Task::none()
            }
            Reply::Health(Ok(())) => self.heard(),
            Reply::Scores(Ok(s)) => {
                self.cache.scores = Some(s);
                self.heard()
            }
            Reply::Player(Ok(v)) => {
                self.cache.players.insert(v.codename.clone(), v);
                Task::batch([self.heard(), self.ask_missing_locks()])
            }
            Reply::Lock(id, Ok(v)) => {
                self.cache.locks.insert(id, v);
                Task::batch([self.heard(), self.draw_thumbnails(vec![id])])
            }
            Reply::Notes(Ok(n)) => {
                self.cache.notes = n;
                Task::batch([self.heard(), self.ask_missing_locks()])
            }
            Reply::Published(Ok(p)) => {
                self.status = format!("published lock {} in slot {}", p.lock, p.slot);
                if let Some(r) = &p.retired {
                    self.status.push_str(&format!("; lock {} retired", r.lock));
                }
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Retired(slot, Ok(r)) => {
                self.status = format!(
                    "retired lock {} from slot {slot}; {} notes made public",
                    r.lock,
                    r.made_public.len()
                );
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Declared(Ok(n)) => {
                self.status = format!(
                    "declared: note {} on {}'s lock, behind your slot {}",
                    n.id, n.on.owner, n.behind.slot
                );
                self.declaring = None;
                Task::batch([self.heard(), self.refresh()])
            }
            Reply::Solver(_, Update::Progress(_)) => Task::none(),
            Reply::Solver(p, Update::Done(answer)) => {
                self.solving = None;
                match answer.and_then(|a| solver::solution_for_publishing(&a)) {
                    Ok(moves) => self.publish(ToPublish {
                        solution: Some(lockfmt::hexlock::format_moves(&moves)),
                        ..*p
                    }),
                    Err(why) => {
                        self.status = why;
                        Task::none()
                    }
                }
            }
            Reply::Written(Ok(())) => Task::none(),
            Reply::Written(Err(e)) => {
                self.status = e;
                Task::none()
            }
            Reply::Session(Err(t))
            | Reply::Health(Err(t))
            | Reply::Scores(Err(t))
            | Reply::Player(Err(t))
            | Reply::Lock(_, Err(t))
            | Reply::Notes(Err(t))
            | Reply::Published(Err(t))
            | Reply::Retired(_, Err(t))
            | Reply::Declared(Err(t)) => self.trouble(t),
        }
    }
}
