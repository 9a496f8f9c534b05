//! The change log (`world_changes`): one row per change to the world, numbered in the order the
//! changes committed, so that several servers on one PostgreSQL database serve one world.
//!
//! Each server keeps the world in memory and remembers the last change it has applied. Every
//! change it makes is written in one transaction with its row, and only when the log ends where
//! the server's memory does: otherwise the write is refused as [`StorageError::Stale`] before
//! anything is written, the server reads the changes it missed ([`Backend::changes`]), applies
//! them, checks the rules again on the world as it now stands, and tries again. On PostgreSQL
//! the check and the write run under one advisory lock, so that no two servers both accept
//! conflicting changes; SQLite's file has one server, and its writes are serialised by the file.
//!
//! A row says what changed and names its rows (the player, the lock, the note); what it names
//! is read back from their tables, whose columns read here never change once written. A lock
//! since purged is read as empty text: a later row of the log retires it.
//!
//! [`Backend::changes`]: super::Backend::changes

use super::{LockRow, NoteRow, PlayerRow, StorageError};
use rules::metagame::{LockId, NoteId, PlayerId, Slot};

/// The change log's table, the same on both backends (schema version 4), and where the server
/// hosting the Death Matches is reached.
pub(super) const SCHEMA_V4: &str = "
CREATE TABLE world_changes (
    seq        BIGINT PRIMARY KEY,
    kind       TEXT NOT NULL,
    player_id  BIGINT,
    lock_id    BIGINT,
    note_id    BIGINT,
    slot       BIGINT,
    flag       BOOLEAN,
    token_hash TEXT,
    at_ms      BIGINT NOT NULL
);
CREATE TABLE death_match_host (
    one      BOOLEAN PRIMARY KEY CHECK (one),
    url      TEXT NOT NULL,
    since_ms BIGINT NOT NULL
);
";

/// The channel PostgreSQL tells every listening server on, once a change commits.
pub const CHANNEL: &str = "lockwright_world";

/// A change to the world as another server (or this one) committed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A player registered.
    Registered(PlayerRow),
    /// A lock was placed in its slot (retiring the lock there).
    Placed(LockRow),
    /// The lock in a slot was retired, leaving it empty.
    Retired {
        /// The slot's owner.
        owner: PlayerId,
        /// The slot.
        slot: Slot,
    },
    /// A note was secured.
    Declared(NoteRow),
    /// A player was banned or unbanned (a ban ends their logins).
    Banned {
        /// Who.
        player: PlayerId,
        /// Banned, or let back in.
        banned: bool,
    },
    /// A player left the metagame (a Death-Match-only account).
    LeftMetagame(PlayerId),
    /// A login token was revoked or dropped, by its hash.
    LoggedOut(String),
    /// Every token of a player was revoked.
    LoggedOutEverywhere(PlayerId),
}

/// A row of the log as written: the kind of change and what it names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Record {
    pub kind: &'static str,
    pub player: Option<i64>,
    pub lock: Option<i64>,
    pub note: Option<i64>,
    pub slot: Option<i64>,
    pub flag: Option<bool>,
    pub token: Option<String>,
}

impl Record {
    pub fn registered(player: PlayerId) -> Record {
        Record {
            kind: "registered",
            player: Some(player.0),
            ..Record::default()
        }
    }
    pub fn placed(lock: LockId, owner: PlayerId, slot: Slot) -> Record {
        Record {
            kind: "placed",
            lock: Some(lock.0),
            player: Some(owner.0),
            slot: Some(i64::from(slot.number())),
            ..Record::default()
        }
    }
    pub fn retired(owner: PlayerId, slot: Slot) -> Record {
        Record {
            kind: "retired",
            player: Some(owner.0),
            slot: Some(i64::from(slot.number())),
            ..Record::default()
        }
    }
    pub fn declared(note: NoteId) -> Record {
        Record {
            kind: "declared",
            note: Some(note.0),
            ..Record::default()
        }
    }
    pub fn banned(player: PlayerId, banned: bool) -> Record {
        Record {
            kind: "banned",
            player: Some(player.0),
            flag: Some(banned),
            ..Record::default()
        }
    }
    pub fn left_metagame(player: PlayerId) -> Record {
        Record {
            kind: "left-metagame",
            player: Some(player.0),
            ..Record::default()
        }
    }
    pub fn logged_out(hash: &str) -> Record {
        Record {
            kind: "logged-out",
            token: Some(hash.to_string()),
            ..Record::default()
        }
    }
    pub fn logged_out_everywhere(player: PlayerId) -> Record {
        Record {
            kind: "logged-out-everywhere",
            player: Some(player.0),
            ..Record::default()
        }
    }
}

/// A row of the log as read back, before what it names is read.
#[derive(Clone, Debug)]
pub(super) struct Logged {
    pub seq: i64,
    pub kind: String,
    pub player: Option<i64>,
    pub lock: Option<i64>,
    pub note: Option<i64>,
    pub slot: Option<i64>,
    pub flag: Option<bool>,
    pub token: Option<String>,
}

/// How a backend reads the rows a log entry names.
pub(super) trait Named {
    fn player(&mut self, id: i64) -> Result<Option<PlayerRow>, StorageError>;
    fn lock(&mut self, id: i64) -> Result<Option<LockRow>, StorageError>;
    fn note(&mut self, id: i64) -> Result<Option<NoteRow>, StorageError>;
}

impl Logged {
    /// The change this row records, reading what it names.
    pub fn change(self, named: &mut dyn Named) -> Result<Change, StorageError> {
        let seq = self.seq;
        let corrupt = |what: &str| StorageError::Corrupt(format!("change {seq}: {what}"));
        let need = |v: Option<i64>, what: &str| v.ok_or_else(|| corrupt(what));
        Ok(match self.kind.as_str() {
            "registered" => {
                let id = need(self.player, "no player")?;
                Change::Registered(
                    named
                        .player(id)?
                        .ok_or_else(|| corrupt("its player is gone"))?,
                )
            }
            "placed" => {
                let id = need(self.lock, "no lock")?;
                let owner = PlayerId(need(self.player, "no owner")?);
                let slot = super::slot_of(need(self.slot, "no slot")?)?;
                // Purged since: a later row retires it, and no one reads its text.
                let lock = named.lock(id)?.unwrap_or_else(|| LockRow {
                    id: LockId(id),
                    owner,
                    slot,
                    text: String::new(),
                    retired: false,
                });
                // Retired since, by a later row of this log: placed here as it was then.
                Change::Placed(LockRow {
                    retired: false,
                    ..lock
                })
            }
            "retired" => Change::Retired {
                owner: PlayerId(need(self.player, "no owner")?),
                slot: super::slot_of(need(self.slot, "no slot")?)?,
            },
            "declared" => {
                let id = need(self.note, "no note")?;
                Change::Declared(named.note(id)?.ok_or_else(|| corrupt("its note is gone"))?)
            }
            "banned" => Change::Banned {
                player: PlayerId(need(self.player, "no player")?),
                banned: self.flag.ok_or_else(|| corrupt("no flag"))?,
            },
            "left-metagame" => Change::LeftMetagame(PlayerId(need(self.player, "no player")?)),
            "logged-out" => Change::LoggedOut(self.token.ok_or_else(|| corrupt("no token"))?),
            "logged-out-everywhere" => {
                Change::LoggedOutEverywhere(PlayerId(need(self.player, "no player")?))
            }
            other => return Err(corrupt(&format!("an unknown kind `{other}`"))),
        })
    }
}
