//! Applying a change to the world in memory, whichever server made it: this one, just after
//! its commit, or another on the same database, read back from the change log (see
//! `storage::journal`). Both take the same path, so that every server's world and every
//! follower's events are the same whoever made the change.

use super::*;
use crate::storage::{Change, LockRow, StorageError};

/// How many times a change is checked again after other servers' changes went first, before
/// the caller is told to try later: each time means another server committed, so only a
/// storm of writes reaches it.
const TRIES: usize = 64;

impl Game {
    /// Runs `write` against the database; when another server changed the world first,
    /// applies its changes and runs `write` again, so that the rules checked inside `write`
    /// see the world the change will land in. Called with the storage lock held.
    pub(super) fn changing<T>(
        &self,
        db: &mut Storage,
        mut write: impl FnMut(&Self, &mut Storage) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        for _ in 0..TRIES {
            match write(self, db) {
                Err(GameError::Storage(StorageError::Stale)) => {
                    self.catch_up_in(db)?;
                }
                r => return r,
            }
        }
        Err(StorageError::Stale.into())
    }

    /// Applies the changes other servers committed since this one last looked, telling this
    /// server's followers of each. Returns how many there were.
    pub fn catch_up(&self) -> Result<usize, GameError> {
        let mut db = self.db();
        self.catch_up_in(&mut db)
    }

    /// Catches up when the database holds changes this server has not applied: what a read
    /// runs first on a shared database, so that what another server committed before the
    /// request is seen. Nothing on SQLite, whose file has this server alone.
    ///
    /// Reads arriving together share one check: a read needs a check begun after it arrived,
    /// and the checks run one at a time under the storage lock, so the reads queued behind one
    /// check are all served by the next, and a burst of reads costs the database a query or
    /// two, not one each.
    pub fn fresh(&self) -> Result<(), GameError> {
        if !self.shared {
            return Ok(());
        }
        let f = &self.freshness;
        let arrived = f.begun.load(Ordering::SeqCst);
        let mut db = self.db();
        if f.done.load(Ordering::SeqCst) > arrived {
            return Ok(());
        }
        let number = f.begun.fetch_add(1, Ordering::SeqCst) + 1;
        if db.latest_change()? > db.seen_change() {
            self.catch_up_in(&mut db)?;
        }
        f.done.store(number, Ordering::SeqCst);
        Ok(())
    }

    /// How many checks of the change log reads have made (see [`Game::fresh`]).
    pub fn freshness_checks(&self) -> u64 {
        self.freshness.begun.load(Ordering::SeqCst)
    }

    pub(super) fn catch_up_in(&self, db: &mut Storage) -> Result<usize, GameError> {
        let changes = db.changes().inspect_err(|e| {
            if matches!(e, StorageError::LogTrimmed { .. }) {
                self.freshness.missed.store(true, Ordering::SeqCst);
            }
        })?;
        let n = changes.len();
        for change in changes {
            if let Err(e) = self.apply(change.clone(), None) {
                // The database took it, so memory must: a refusal here is a bug, said loudly
                // rather than stopping every later change.
                tracing::error!(?change, error = %e, "a committed change does not apply");
            }
        }
        Ok(n)
    }

    /// Applies a committed change to memory and announces it. `info` is what the server
    /// that published a lock already worked out of its text.
    pub(super) fn apply(
        &self,
        change: Change,
        info: Option<LockInfo>,
    ) -> Result<Option<rules::metagame::Retired>, GameError> {
        let mut st = self.write();
        st.version += 1;
        let (events, reach, retired) = match change {
            Change::Registered(p) => {
                if p.metagame {
                    st.world.add_player(p.id)?;
                }
                st.by_codename.insert(p.codename.clone(), p.id);
                st.players.insert(
                    p.id,
                    PlayerInfo {
                        codename: p.codename.clone(),
                        password_hash: p.password_hash,
                        banned: p.banned,
                    },
                );
                let events = match p.metagame {
                    true => vec![Event::Registered {
                        codename: p.codename,
                    }],
                    false => Vec::new(),
                };
                (events, Reach::No, None)
            }
            Change::Placed(LockRow {
                id,
                owner,
                slot,
                text,
                ..
            }) => {
                let retired = st.world.place(owner, slot, id)?;
                if let Some(r) = &retired {
                    forget_retired(&mut st, r.lock);
                }
                let info = info.unwrap_or_else(|| lock_info(&text, self.max_size, false));
                st.locks.insert(id, info);
                let codename = codename_of(&st, owner);
                let mut events = Vec::new();
                if let Some(r) = &retired {
                    events.push(Event::Retired {
                        owner: codename.clone(),
                        slot: slot.number(),
                        lock: r.lock.0,
                        made_public: r.made_public.iter().map(|n| n.0).collect(),
                    });
                }
                events.push(Event::Placed {
                    owner: codename,
                    slot: slot.number(),
                    lock: id.0,
                });
                let reach = match &retired {
                    Some(r) => Reach::MadePublic(r.made_public.clone()),
                    None => Reach::No,
                };
                (events, reach, retired)
            }
            Change::Retired { owner, slot } => {
                let retired = st.world.retire(owner, slot)?;
                forget_retired(&mut st, retired.lock);
                let events = vec![Event::Retired {
                    owner: codename_of(&st, owner),
                    slot: slot.number(),
                    lock: retired.lock.0,
                    made_public: retired.made_public.iter().map(|n| n.0).collect(),
                }];
                let reach = Reach::MadePublic(retired.made_public.clone());
                (events, reach, Some(retired))
            }
            Change::Declared(n) => {
                let behind = st
                    .world
                    .lock(n.behind)
                    .map(|r| r.slot)
                    .ok_or(RuleError::UnknownLock)?;
                st.world.declare(n.id, n.author, n.on, behind)?;
                st.solutions.insert(n.id, n.solution.into());
                let events = vec![Event::Declared {
                    note: n.id.0,
                    author: codename_of(&st, n.author),
                    lock: lock_ref(&st, n.on),
                    behind: lock_ref(&st, n.behind),
                }];
                let reach = Reach::Declared {
                    author: n.author,
                    holder: n.behind,
                };
                (events, reach, None)
            }
            Change::Banned { player, banned } => {
                if let Some(p) = st.players.get_mut(&player) {
                    p.banned = banned;
                }
                drop(st);
                if banned {
                    self.tokens().by_hash.retain(|_, t| t.player != player);
                    self.revoked();
                }
                return Ok(None);
            }
            Change::LeftMetagame(player) => {
                if st.world.has_player(player) {
                    st.world.remove_player(player)?;
                }
                return Ok(None);
            }
            Change::LoggedOut(hash) => {
                drop(st);
                self.tokens().by_hash.remove(&hash);
                self.revoked();
                return Ok(None);
            }
            Change::LoggedOutEverywhere(player) => {
                drop(st);
                self.tokens().by_hash.retain(|_, t| t.player != player);
                self.revoked();
                return Ok(None);
            }
        };
        drop(st);
        self.announce(events, reach);
        Ok(retired)
    }
}

/// The reads' checks of the change log (see [`Game::fresh`]): how many have begun, and the
/// number of the last one done. Both move only under the storage lock.
#[derive(Debug, Default)]
pub struct Freshness {
    begun: AtomicU64,
    done: AtomicU64,
    /// The log no longer holds changes this server has not applied: it cannot catch up, and
    /// says it is not ready until restarted.
    missed: std::sync::atomic::AtomicBool,
}

impl Game {
    /// Why this server cannot catch up with the others, if it cannot (see
    /// [`StorageError::LogTrimmed`]).
    pub fn missed_changes(&self) -> bool {
        self.freshness.missed.load(Ordering::SeqCst)
    }

    /// Cuts the change log back to what every server alive has applied and is younger than
    /// `before_ms` (see [`Backend::trim_changes`](crate::storage::Backend::trim_changes)).
    pub fn trim_changes(&self, before_ms: i64) -> Result<usize, GameError> {
        Ok(self.db().trim_changes(before_ms)?)
    }
}
