//! Storage: every SQL statement of the server lives here, behind one trait, [`Backend`], with
//! two backends beside each other: [`sqlite`] (the default: one file in the data folder) and
//! [`postgres`] (a PostgreSQL server named by a `postgres://` URL). Every change is one
//! transaction, so a crash leaves either all of it or none.
//!
//! The database is the record; the server keeps a copy of the world in memory for reading
//! (see `game`), loaded from here at start. Nothing is acknowledged before its transaction
//! commits.
//!
//! [`copy`] moves a whole world from one database to an empty one, on either backend.
//!
//! The calls are synchronous, as the game makes them: one writer at a time under the game's
//! storage lock, from blocking threads (`spawn_blocking`) or at start. The PostgreSQL backend
//! keeps that shape (see [`postgres`] for how it waits without needing a runtime).

pub mod copy;
mod death_match;
pub mod journal;
pub mod limits;
mod locks;
mod mail;
mod players;
pub mod postgres;
pub mod sqlite;

pub use death_match::{DeathMatchStore, StoredEntry, StoredMatch};
pub use journal::Change;
pub use locks::LockStore;
pub use mail::{MailSettings, MailStore, Notify, QueuedMail};
pub use players::PlayerStore;
pub use sqlite::{Checkpointer, FILE_NAME, WAL_LIMIT_BYTES};

use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The schema's version, the same on both backends (SQLite keeps it in `user_version`,
/// PostgreSQL in the table `schema_version`). Version 0 is the first schema, whose tokens were
/// stored as they were sent; version 1 keeps only their SHA-256, with when they were last
/// used; version 2 adds the Death Matches; version 3 tells metagame players from accounts
/// that only play Death Matches (practice bots), marks banned players, and adds players' mail
/// addresses and the queue of mail to send. Opening a database migrates an older one and
/// refuses a newer one. PostgreSQL databases start at version 3. Version 4 adds the change
/// log, `world_changes`, by which several servers on one database serve one world (see
/// [`journal`]). Version 5 keeps failed logins and the servers alive in the database (see
/// [`limits`]), so that the limits on players hold across every server.
pub const SCHEMA_VERSION: i64 = 5;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The codename is registered already.
    #[error("the codename is taken")]
    CodenameTaken,
    /// The data folder could not be created.
    #[error("cannot create the data folder {path}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// SQLite refused. (Its error is in the message, not a source, so that it is said once.)
    #[error("database: {0}")]
    Sql(rusqlite::Error),
    /// PostgreSQL refused, or the connection to it failed. (In the message, as for SQLite.)
    #[error("database: {0}")]
    Postgres(tokio_postgres::Error),
    /// The PostgreSQL server cannot be reached at all.
    #[error("cannot connect to PostgreSQL at {url}: {why}")]
    Connect {
        /// The URL, password hidden.
        url: String,
        /// Why.
        why: String,
    },
    /// A stored row holds something the server would never write.
    #[error("the database holds an impossible row: {0}")]
    Corrupt(String),
    /// The database was written by a newer server.
    #[error(
        "the database has schema version {0}; this server knows versions up to {SCHEMA_VERSION}: \
         run a newer server"
    )]
    NewerSchema(i64),
    /// A file beside the database could not be written.
    #[error("cannot write {path}")]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Another server changed the world since this one last read the change log: nothing was
    /// written, and the change is to be checked again on the world as it now stands.
    #[error("another server changed the world first")]
    Stale,
    /// The change log no longer holds changes this server has not applied (it was cut back
    /// while this server was cut off from the database): only loading the world afresh, at a
    /// restart, brings it up to date.
    #[error(
        "this server has applied the change log up to change {seen}, and the database keeps it only from change {first}: restart the server to load the world afresh"
    )]
    LogTrimmed {
        /// The last change this server applied.
        seen: i64,
        /// The first change the log holds beyond it.
        first: i64,
    },
    /// Another server hosts the Death Matches: this one may not write them.
    #[error("another server hosts the Death Matches")]
    NotHost,
    /// A copy stopped reading because its destination refused a row (the copy says why).
    #[error("the copy stopped")]
    Stopped,
    /// A server serves this PostgreSQL database, which a copy needs for itself.
    #[error(
        "a lockwright-server serves the database {url} (it holds the serving lock): stop \
         every server on it first"
    )]
    Served {
        /// The URL, password hidden.
        url: String,
    },
    /// A copy is writing into this PostgreSQL database: no server may serve it meanwhile.
    #[error("a copy is writing a world into the database {url}: start the server once it is done")]
    BeingCopied {
        /// The URL, password hidden.
        url: String,
    },
    /// What was asked exists only for SQLite's file.
    #[error("{what} is for SQLite's file; on PostgreSQL {instead}")]
    SqliteOnly {
        /// What was asked.
        what: &'static str,
        /// What to do instead.
        instead: &'static str,
    },
}

impl From<rusqlite::Error> for StorageError {
    fn from(e: rusqlite::Error) -> StorageError {
        StorageError::Sql(e)
    }
}

impl From<tokio_postgres::Error> for StorageError {
    fn from(e: tokio_postgres::Error) -> StorageError {
        StorageError::Postgres(e)
    }
}

impl StorageError {
    /// Whether the database cannot be written for now (read-only, full, failing disk, or a
    /// PostgreSQL server gone), rather than refusing this change: the server answers 503 and
    /// tells its readiness check.
    pub fn is_unavailable(&self) -> bool {
        use rusqlite::ErrorCode::*;
        match self {
            StorageError::Sql(rusqlite::Error::SqliteFailure(e, _)) => matches!(
                e.code,
                ReadOnly | DiskFull | SystemIoFailure | CannotOpen | DatabaseBusy | DatabaseLocked
            ),
            StorageError::Postgres(e) => postgres::is_unavailable(e),
            // A server that lost its connection and found the database served by another on
            // connecting again: no change goes through until it holds the database again.
            StorageError::Connect { .. }
            | StorageError::NotHost
            | StorageError::Served { .. }
            | StorageError::BeingCopied { .. }
            | StorageError::LogTrimmed { .. } => true,
            _ => false,
        }
    }
}

/// A stored player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Its number.
    pub id: PlayerId,
    /// Its codename.
    pub codename: String,
    /// Its password's argon2 hash (PHC string).
    pub password_hash: String,
    /// Whether it plays the metagame (a practice bot plays only Death Matches).
    pub metagame: bool,
    /// Whether an operator banned it: it cannot log in.
    pub banned: bool,
}

/// A stored lock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockRow {
    /// Its number.
    pub id: LockId,
    /// Its owner.
    pub owner: PlayerId,
    /// Its slot.
    pub slot: Slot,
    /// Its text, as published.
    pub text: String,
    /// Whether it has left its slot.
    pub retired: bool,
}

/// A stored note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteRow {
    /// Its number.
    pub id: NoteId,
    /// The declarer.
    pub author: PlayerId,
    /// The lock it solves.
    pub on: LockId,
    /// The lock it is secured behind.
    pub behind: LockId,
    /// The declared solution.
    pub solution: String,
}

/// A stored login token: only its hash is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// The SHA-256 of the token, in hex.
    pub hash: String,
    /// Whose.
    pub player: PlayerId,
    /// When it was last used, in milliseconds since 1970.
    pub used_at_ms: i64,
}

/// Everything the server loads at start.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// Players by number.
    pub players: Vec<PlayerRow>,
    /// Login tokens (their hashes) and their players.
    pub tokens: Vec<TokenRow>,
    /// Locks by number.
    pub locks: Vec<LockRow>,
    /// Notes by number.
    pub notes: Vec<NoteRow>,
}

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Durability {
    /// `synchronous=NORMAL`: a committed transaction survives the process being killed; a
    /// power cut may lose the last few, never consistency.
    #[default]
    Normal,
    /// `synchronous=FULL`: every commit reaches the disk before it is acknowledged.
    Full,
}

/// Which database the server keeps its world in.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Database {
    /// SQLite, in the data folder: the default.
    #[default]
    Sqlite,
    /// A PostgreSQL server, by its `postgres://` (or `postgresql://`) URL.
    Postgres(String),
}

impl Database {
    /// Reads `sqlite` or a `postgres://…` URL (checked by the driver's own parser, so that a
    /// wrong URL stops the server before it starts, not at its first write).
    pub fn parse(s: &str) -> Result<Database, String> {
        let s = s.trim();
        if s.is_empty() || s == "sqlite" {
            return Ok(Database::Sqlite);
        }
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return match s.parse::<tokio_postgres::Config>() {
                Ok(_) => Ok(Database::Postgres(s.to_string())),
                Err(e) => Err(format!(
                    "`{}` is not a PostgreSQL URL: {e}",
                    hide_password(s)
                )),
            };
        }
        Err(format!(
            "`{}` is not a database: `sqlite` (the data folder's file) or a postgres:// URL",
            hide_password(s)
        ))
    }

    /// How it is shown in logs and messages: the URL without its password.
    pub fn shown(&self) -> String {
        match self {
            Database::Sqlite => "sqlite".into(),
            Database::Postgres(url) => hide_password(url),
        }
    }
}

impl TryFrom<String> for Database {
    type Error = String;
    fn try_from(s: String) -> Result<Database, String> {
        Database::parse(&s)
    }
}

impl From<Database> for String {
    fn from(d: Database) -> String {
        match d {
            Database::Sqlite => "sqlite".into(),
            Database::Postgres(url) => url,
        }
    }
}

/// A URL with the password of its user part replaced by `***`, for logs.
pub fn hide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((user, host)) = rest.split_once('@') else {
        return url.to_string();
    };
    match user.split_once(':') {
        Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
        None => url.to_string(),
    }
}

/// What each backend does: every read and write the server makes. The game holds a
/// [`Storage`] and calls these through it.
pub trait Backend: PlayerStore + LockStore + DeathMatchStore + MailStore + Send {
    /// `SQLite` or `PostgreSQL`, for messages.
    fn kind(&self) -> &'static str;
    /// The schema version the database holds.
    fn schema_version(&self) -> Result<i64, StorageError>;
    /// Claims the database for serving, for as long as the server runs: on PostgreSQL an
    /// advisory lock, shared with the other servers on it, on its connection (taken again when
    /// it connects again), so that a copy into it waits for none to run; on SQLite nothing
    /// (the data folder's lock keeps a second server off the file).
    fn claim(&mut self) -> Result<(), StorageError>;
    /// Lets go of what [`Backend::claim`] took, when the server stops serving.
    fn release(&mut self) -> Result<(), StorageError>;
    /// Writes one row and commits, waiting for the disk as every change does: whether the
    /// database can take writes now. The readiness check runs it.
    fn probe_write(&mut self) -> Result<(), StorageError>;
    /// Copies the whole database, as of one moment, to `path` (SQLite only), while the
    /// server goes on writing; `path` is never half a backup.
    fn backup_to(&self, path: &Path) -> Result<(), StorageError>;
    /// The database's size on disk when the backend must be asked (PostgreSQL); `None` when
    /// it is a file the caller can measure itself (SQLite's, in the data folder).
    fn size_bytes(&self) -> Result<Option<i64>, StorageError>;
    /// How many players, locks and notes the database holds.
    fn counts(&self) -> Result<(i64, i64, i64), StorageError>;
    /// Stops (or restarts) SQLite's writer copying the log into the database file, which the
    /// server leaves to a [`Checkpointer`] on another connection. Nothing on PostgreSQL,
    /// whose server checkpoints itself.
    fn set_auto_checkpoint(&self, on: bool) -> Result<(), StorageError>;
    /// Whether other servers may write this database meanwhile (PostgreSQL), so that reads
    /// must look for their changes ([`Backend::latest_change`]); SQLite's file has one server.
    fn shared(&self) -> bool;
    /// Takes the lease on the Death Matches' clocks when no server holds it, recording `url`
    /// as where the others reach the host; returns whether this server holds it. On
    /// PostgreSQL an advisory lock on the connection Death Matches are written through, lost
    /// with it; SQLite's file has one server, which always hosts.
    fn host_death_matches(&mut self, url: &str) -> Result<bool, StorageError>;
    /// Whether this server hosts the Death Matches, as a flag the backend clears when it loses
    /// the lease; the caller raises it once it holds the lease and has taken the matches up.
    fn hosting(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool>;
    /// Where the server hosting the Death Matches is reached, as its last host recorded it.
    fn death_match_host(&self) -> Result<Option<String>, StorageError>;
    /// The number of the newest change in the log.
    fn latest_change(&self) -> Result<i64, StorageError>;
    /// The number of the last change this connection has seen.
    fn seen_change(&self) -> i64;
    /// The changes committed since the last this connection saw (by [`Backend::load`], by
    /// its own writes, or by an earlier call), in order; they count as seen once returned.
    fn changes(&mut self) -> Result<Vec<Change>, StorageError>;
    /// Changes the failed logins under `keys` by `rule`, in one transaction no other server
    /// interleaves with, first forgetting records untouched since `forget_before_ms` (see
    /// [`limits`]).
    fn login_failures(
        &mut self,
        keys: &[String],
        forget_before_ms: i64,
        rule: limits::LoginRule<'_>,
    ) -> Result<(), StorageError>;
    /// Records `instance` alive at `now_ms`, with the last change it has applied, forgets
    /// servers unseen since `alive_since_ms`, and says how many are alive (this one included).
    fn heartbeat(
        &mut self,
        instance: &str,
        now_ms: i64,
        alive_since_ms: i64,
    ) -> Result<usize, StorageError>;
    /// Cuts the change log back: removes the changes logged before `before_ms` that every
    /// server alive has applied, always keeping the last one (whose number the next change
    /// follows). Says how many were removed.
    fn trim_changes(&mut self, before_ms: i64) -> Result<usize, StorageError>;
    /// Removes `instance` from the servers alive (it is stopping).
    fn leave(&mut self, instance: &str) -> Result<(), StorageError>;
    /// Loads everything the rules can reach, in number order: players, tokens, locks in slots
    /// or named by a note, notes. A retired lock no note names stays in the database only.
    /// The changes of the log up to that moment count as seen.
    fn load(&self) -> Result<Snapshot, StorageError>;
    /// Copies SQLite's whole log into the database file and empties it (SQLite only).
    fn checkpoint_all(&self) -> Result<(), StorageError>;
    /// Checks the database; returns the problems found, empty meaning consistent. SQLite: its
    /// integrity check and foreign keys. PostgreSQL (which enforces keys as it writes): the
    /// schema version, and indexes or constraints left invalid.
    fn check(&self) -> Result<Vec<String>, StorageError>;
    /// Reads every table of [`copy::TABLES`] as of one moment (one read transaction), each
    /// in its order, handing its rows to `each` in batches of at most [`copy::BATCH`]; stops
    /// at the first error `each` returns.
    fn export_world(
        &self,
        each: &mut dyn FnMut(&'static copy::Table, Vec<copy::Row>) -> Result<(), StorageError>,
    ) -> Result<(), StorageError>;
    /// Begins writing a whole world in one transaction, creating the schema inside it when the
    /// database has none (so that a copy rolled back leaves it empty); on PostgreSQL under
    /// the migration's advisory lock, so that a server starting meanwhile waits.
    fn begin_import(&mut self) -> Result<Box<dyn copy::Import + '_>, StorageError>;
}

/// The database the server uses, whichever backend it is: every [`Backend`] call goes
/// through it.
pub struct Storage {
    backend: Box<dyn Backend>,
}

impl std::ops::Deref for Storage {
    type Target = dyn Backend;
    fn deref(&self) -> &(dyn Backend + 'static) {
        &*self.backend
    }
}

impl std::ops::DerefMut for Storage {
    fn deref_mut(&mut self) -> &mut (dyn Backend + 'static) {
        &mut *self.backend
    }
}

/// Milliseconds since 1970: when tokens were used.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn slot_of(n: i64) -> Result<Slot, StorageError> {
    Slot::new(n).ok_or_else(|| StorageError::Corrupt(format!("slot {n}")))
}

impl Storage {
    /// Opens (creating if needed) the SQLite database in a data folder, migrating it.
    pub fn open(dir: &Path, durability: Durability) -> Result<Storage, StorageError> {
        Ok(Storage::of(sqlite::Sqlite::open(dir, durability)?))
    }

    /// Opens the database the configuration names, migrating it: SQLite in the data folder,
    /// or the PostgreSQL server at its URL.
    pub fn open_database(
        database: &Database,
        dir: &Path,
        durability: Durability,
    ) -> Result<Storage, StorageError> {
        match database {
            Database::Sqlite => Storage::open(dir, durability),
            Database::Postgres(url) => Ok(Storage::of(postgres::Postgres::open(url)?)),
        }
    }

    /// An in-memory SQLite database, for tests.
    pub fn in_memory() -> Result<Storage, StorageError> {
        Ok(Storage::of(sqlite::Sqlite::in_memory()?))
    }

    /// Opens an existing SQLite file as it is, to check or copy it (`check`, `backup`):
    /// nothing is created or migrated, and it may be open in a running server meanwhile.
    pub fn open_existing(file: &Path) -> Result<Storage, StorageError> {
        Ok(Storage::of(sqlite::Sqlite::open_existing(file)?))
    }

    /// Connects to an existing PostgreSQL database as it is, to check it: nothing is created
    /// or migrated.
    pub fn connect_existing(url: &str) -> Result<Storage, StorageError> {
        Ok(Storage::of(postgres::Postgres::connect(url)?))
    }

    fn of(backend: impl Backend + 'static) -> Storage {
        Storage {
            backend: Box::new(backend),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(n: i64) -> Slot {
        Slot::new(n).expect("slot")
    }

    #[test]
    fn a_codename_is_registered_once() {
        let mut s = Storage::in_memory().expect("db");
        s.add_player("ABC", "h", true).expect("first");
        assert!(matches!(
            s.add_player("ABC", "h", true),
            Err(StorageError::CodenameTaken)
        ));
    }

    #[test]
    fn placing_retires_the_lock_in_the_slot() {
        let mut s = Storage::in_memory().expect("db");
        let a = s.add_player("AAA", "h", true).expect("player");
        let l1 = s.place_lock(a, slot(1), "one", "hCW").expect("place");
        let l2 = s.place_lock(a, slot(1), "two", "hCW").expect("replace");
        let snap = s.load().expect("load");
        let retired: Vec<(LockId, bool)> = snap.locks.iter().map(|l| (l.id, l.retired)).collect();
        assert_eq!(
            retired,
            vec![(l2, false)],
            "a retired lock no note names is not loaded"
        );
        let kept = s.lock(l1).expect("read").expect("still stored");
        assert!(kept.retired);
        assert_eq!(kept.text, "one");
        assert!(s.lock(LockId(99)).expect("read").is_none());
        assert_eq!(s.retire(a, slot(1)).expect("retire"), Some(l2));
        assert_eq!(s.retire(a, slot(1)).expect("retire"), None);
        assert_eq!(s.author_solution(l1).expect("read").as_deref(), Some("hCW"));
        assert!(s.check().expect("check").is_empty());
    }

    #[test]
    fn a_player_declares_once_per_lock() {
        let mut s = Storage::in_memory().expect("db");
        let a = s.add_player("AAA", "h", true).expect("player");
        let b = s.add_player("BBB", "h", true).expect("player");
        let la = s.place_lock(a, slot(1), "a", "x").expect("place");
        let lb = s.place_lock(b, slot(1), "b", "x").expect("place");
        s.add_note(a, lb, la, "hCW").expect("note");
        assert!(s.add_note(a, lb, la, "hCW").is_err());
        let snap = s.load().expect("load");
        assert_eq!(snap.notes.len(), 1);
        assert_eq!(snap.notes[0].solution, "hCW");
    }

    #[test]
    fn a_checkpoint_on_another_connection_copies_the_log() {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = Storage::open(dir.path(), Durability::Normal).expect("db");
        s.set_auto_checkpoint(false).expect("pragma");
        let a = s.add_player("AAA", "h", true).expect("player");
        s.place_lock(a, slot(1), "a", "x").expect("place");
        let c = Checkpointer::open(dir.path()).expect("second connection");
        let (log, copied) = c.run().expect("checkpoint");
        assert!(log > 0 && copied == log, "{log} pages, {copied} copied");
        drop(s);
        let s = Storage::open(dir.path(), Durability::Normal).expect("reopen");
        assert_eq!(s.load().expect("load").locks.len(), 1);
    }

    /// Regression: the log grew to 150 MB in a 20 s burst and kept that size until the
    /// server stopped. Checkpoints now cut it back once it passes its limit.
    #[test]
    fn a_burst_of_writes_leaves_the_log_cut_back_to_its_limit() {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = Storage::open(dir.path(), Durability::Normal).expect("db");
        s.set_auto_checkpoint(false).expect("pragma");
        let c = Checkpointer::open(dir.path()).expect("second connection");
        let a = s.add_player("AAA", "h", true).expect("player");
        let text = "#".repeat(16 * 1024);
        // 24 MB of locks, 6 MB between two checkpoints: more than the upkeep copies in a
        // second during a burst.
        for round in 0..4 {
            for i in 0..384 {
                s.place_lock(a, slot(1 + (i % 3)), &text, &format!("{round}"))
                    .expect("place");
            }
            c.run().expect("checkpoint");
            assert!(
                c.wal_bytes() <= WAL_LIMIT_BYTES as u64,
                "after a checkpoint the log is {} bytes",
                c.wal_bytes()
            );
        }
        drop(s);
        let s = Storage::open(dir.path(), Durability::Normal).expect("reopen");
        assert_eq!(s.counts().expect("count").1, 4 * 384);
    }

    #[test]
    fn a_restart_finds_what_was_written() {
        let dir = tempfile::tempdir().expect("dir");
        {
            let mut s = Storage::open(dir.path(), Durability::Normal).expect("db");
            let a = s.add_player("AAA", "h", true).expect("player");
            s.add_token("h4sh", a, 1, 10).expect("token");
            s.place_lock(a, slot(2), "a", "x").expect("place");
        }
        let s = Storage::open(dir.path(), Durability::Full).expect("reopen");
        let snap = s.load().expect("load");
        assert_eq!(snap.players.len(), 1);
        assert_eq!(snap.tokens.len(), 1);
        assert_eq!(snap.locks[0].slot, slot(2));
        assert_eq!(s.schema_version().expect("version"), SCHEMA_VERSION);
    }

    #[test]
    fn tokens_beyond_the_cap_drop_the_least_recently_used() {
        let mut s = Storage::in_memory().expect("db");
        let a = s.add_player("AAA", "h", true).expect("player");
        for (i, h) in ["t1", "t2", "t3"].iter().enumerate() {
            assert!(s.add_token(h, a, i as i64, 3).expect("token").is_empty());
        }
        s.touch_tokens(&[("t1".into(), 10)]).expect("touch");
        assert_eq!(s.add_token("t4", a, 11, 3).expect("token"), vec!["t2"]);
        let mut left: Vec<String> = s
            .load()
            .expect("load")
            .tokens
            .into_iter()
            .map(|t| t.hash)
            .collect();
        left.sort();
        assert_eq!(left, ["t1", "t3", "t4"]);
        assert_eq!(s.remove_tokens_unused_since(3).expect("purge"), 1);
        assert!(s.remove_token("t4").expect("remove"));
        assert_eq!(s.remove_tokens_of(a).expect("all"), 1);
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        drop(Storage::open(dir.path(), Durability::Normal).expect("db"));
        let c = rusqlite::Connection::open(dir.path().join(FILE_NAME)).expect("open");
        c.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .expect("bump");
        drop(c);
        assert!(matches!(
            Storage::open(dir.path(), Durability::Normal),
            Err(StorageError::NewerSchema(_))
        ));
    }

    #[test]
    fn a_backup_is_a_consistent_copy() {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = Storage::open(dir.path(), Durability::Normal).expect("db");
        let a = s.add_player("AAA", "h", true).expect("player");
        s.place_lock(a, slot(1), "a", "x").expect("place");
        let to = dir.path().join("copy.sqlite3");
        s.backup_to(&to).expect("backup");
        let copy = Storage::open_existing(&to).expect("open");
        assert_eq!(copy.counts().expect("counts"), (1, 1, 0));
    }
}
