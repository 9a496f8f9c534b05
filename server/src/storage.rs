//! Storage: every SQL statement of the server lives here. One SQLite file in the data folder,
//! in WAL mode; every change is one transaction, so a crash leaves either all of it or none.
//!
//! The database is the record; the server keeps a copy of the world in memory for reading
//! (see `game`), loaded from here at start. Nothing is acknowledged before its transaction
//! commits.

mod death_match;
mod mail;

pub use death_match::{StoredEntry, StoredMatch};
pub use mail::{MailSettings, Notify, QueuedMail};

use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The database file's name inside the data folder.
pub const FILE_NAME: &str = "lockwright.sqlite3";

/// The schema's version, kept in SQLite's `user_version`. Version 0 is the first schema, whose
/// tokens were stored as they were sent; version 1 keeps only their SHA-256, with when they
/// were last used; version 2 adds the Death Matches; version 3 tells metagame players from
/// accounts that only play Death Matches (practice bots), marks banned players, and adds
/// players' mail addresses and the queue of mail to send. [`Storage::open`] migrates older
/// databases and refuses newer ones.
pub const SCHEMA_VERSION: i64 = 3;

/// The schema. `one_lock_per_slot` makes the database itself refuse two locks in one slot,
/// and `UNIQUE(author_id, lock_id)` two declarations on one lock by one player, whatever a bug
/// above might try.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id            INTEGER PRIMARY KEY,
    codename      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS locks (
    id         INTEGER PRIMARY KEY,
    owner_id   INTEGER NOT NULL REFERENCES players(id),
    slot       INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 3),
    text       TEXT NOT NULL,
    solution   TEXT NOT NULL,
    placed_at  INTEGER NOT NULL,
    retired_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS one_lock_per_slot ON locks(owner_id, slot)
    WHERE retired_at IS NULL;
CREATE TABLE IF NOT EXISTS notes (
    id        INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES players(id),
    lock_id   INTEGER NOT NULL REFERENCES locks(id),
    behind_id INTEGER NOT NULL REFERENCES locks(id),
    solution  TEXT NOT NULL,
    placed_at INTEGER NOT NULL,
    UNIQUE (author_id, lock_id)
);
";

/// What version 1 adds: tokens by their hash, and the row the readiness check rewrites.
const SCHEMA_V1: &str = "
CREATE TABLE tokens (
    hash          TEXT PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    created_at_ms INTEGER NOT NULL,
    used_at_ms    INTEGER NOT NULL
);
CREATE INDEX tokens_by_player ON tokens(player_id, used_at_ms);
CREATE TABLE ready_probe (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
";

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
}

impl From<rusqlite::Error> for StorageError {
    fn from(e: rusqlite::Error) -> StorageError {
        StorageError::Sql(e)
    }
}

impl StorageError {
    /// Whether the database cannot be written for now (read-only, full, or failing disk),
    /// rather than refusing this change: the server answers 503 and tells its readiness check.
    pub fn is_unavailable(&self) -> bool {
        use rusqlite::ErrorCode::*;
        match self {
            StorageError::Sql(rusqlite::Error::SqliteFailure(e, _)) => matches!(
                e.code,
                ReadOnly | DiskFull | SystemIoFailure | CannotOpen | DatabaseBusy | DatabaseLocked
            ),
            _ => false,
        }
    }
}

/// A stored player.
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
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

/// The database connection.
pub struct Storage {
    conn: Connection,
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
    /// Opens (creating if needed) the database in a data folder.
    pub fn open(dir: &Path, durability: Durability) -> Result<Storage, StorageError> {
        std::fs::create_dir_all(dir).map_err(|source| StorageError::Folder {
            path: dir.to_path_buf(),
            source,
        })?;
        let conn = Connection::open(dir.join(FILE_NAME))?;
        Storage::setup(conn, durability)
    }

    /// An in-memory database, for tests.
    pub fn in_memory() -> Result<Storage, StorageError> {
        Storage::setup(Connection::open_in_memory()?, Durability::Normal)
    }

    fn setup(conn: Connection, durability: Durability) -> Result<Storage, StorageError> {
        // WAL: readers never block the writer, and a commit is one append.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(
            None,
            "synchronous",
            match durability {
                Durability::Normal => "NORMAL",
                Durability::Full => "FULL",
            },
        )?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // When the log starts over after a checkpoint, it is cut back to this size: a burst
        // does not leave a log of its own size on disk until the server stops.
        conn.pragma_update(None, "journal_size_limit", WAL_LIMIT_BYTES)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut storage = Storage { conn };
        storage.migrate()?;
        Ok(storage)
    }

    /// Opens an existing database file as it is, to check or copy it (`check`, `backup`):
    /// nothing is created or migrated, and it may be open in a running server meanwhile.
    pub fn open_existing(file: &Path) -> Result<Storage, StorageError> {
        let conn = Connection::open_with_flags(
            file,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Storage { conn })
    }

    /// The schema version the database holds.
    pub fn schema_version(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Brings the schema to [`SCHEMA_VERSION`], in one transaction. From version 0 the tokens
    /// stored in plain text are dropped, not hashed: they sat readable in the file and in any
    /// copy of it, so their players log in again.
    fn migrate(&mut self) -> Result<(), StorageError> {
        let version = self.schema_version()?;
        if version > SCHEMA_VERSION {
            return Err(StorageError::NewerSchema(version));
        }
        if version == SCHEMA_VERSION {
            return Ok(());
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(SCHEMA)?;
        if version < 1 {
            tx.execute_batch("DROP TABLE IF EXISTS tokens;")?;
            tx.execute_batch(SCHEMA_V1)?;
        }
        if version < 2 {
            tx.execute_batch(death_match::SCHEMA_V2)?;
        }
        if version < 3 {
            // Everyone registered before played the metagame.
            tx.execute_batch(
                "ALTER TABLE players ADD COLUMN metagame INTEGER NOT NULL DEFAULT 1;
                 ALTER TABLE players ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;
                 CREATE INDEX IF NOT EXISTS notes_on_lock ON notes(lock_id);
                 CREATE TABLE mail_addresses (
                     player_id          INTEGER PRIMARY KEY REFERENCES players(id),
                     address            TEXT NOT NULL,
                     verified           INTEGER NOT NULL DEFAULT 0,
                     code_hash          TEXT,
                     code_expires_ms    INTEGER,
                     notify_declared    INTEGER NOT NULL DEFAULT 0,
                     notify_made_public INTEGER NOT NULL DEFAULT 0,
                     notify_challenged  INTEGER NOT NULL DEFAULT 0
                 );
                 CREATE TABLE mail_queue (
                     id         INTEGER PRIMARY KEY,
                     address    TEXT NOT NULL,
                     subject    TEXT NOT NULL,
                     body       TEXT NOT NULL,
                     attempts   INTEGER NOT NULL DEFAULT 0,
                     next_at_ms INTEGER NOT NULL,
                     created_ms INTEGER NOT NULL
                 );
                 CREATE INDEX IF NOT EXISTS notes_behind_lock ON notes(behind_id);",
            )?;
        }
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        tx.commit()?;
        Ok(())
    }

    /// Writes one row and commits, waiting for the disk as every change does: whether the
    /// database can take writes now. The readiness check runs it.
    pub fn probe_write(&mut self) -> Result<(), StorageError> {
        self.conn.execute(
            "INSERT INTO ready_probe (id, at_ms) VALUES (1, ?1)
             ON CONFLICT(id) DO UPDATE SET at_ms = excluded.at_ms",
            params![now_ms()],
        )?;
        Ok(())
    }

    /// Copies the whole database, as of one moment, to `path` with SQLite's online backup,
    /// while the server goes on writing. The copy is written beside `path` and renamed into
    /// place once complete and checked, so `path` is never half a backup.
    pub fn backup_to(&self, path: &Path) -> Result<(), StorageError> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let _ = std::fs::remove_file(&partial);
        {
            let mut dst = Connection::open(&partial)?;
            let backup = rusqlite::backup::Backup::new(&self.conn, &mut dst)?;
            // One step copies every page under one read transaction: a consistent copy that
            // other writers cannot restart.
            backup.step(-1)?;
            drop(backup);
            dst.pragma_update(None, "journal_mode", "DELETE")?;
            let copy = Storage { conn: dst };
            let problems = copy.check()?;
            if !problems.is_empty() {
                return Err(StorageError::Corrupt(problems.join("; ")));
            }
        }
        std::fs::rename(&partial, path).map_err(|source| StorageError::File {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(())
    }

    /// How many players, locks and notes the database holds.
    pub fn counts(&self) -> Result<(i64, i64, i64), StorageError> {
        let count = |table: &str| -> Result<i64, StorageError> {
            Ok(self
                .conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)
        };
        Ok((count("players")?, count("locks")?, count("notes")?))
    }

    /// Stops (or restarts) the writer copying the log into the database file itself, which
    /// waits for the disk while every other change waits for it: the server leaves that to a
    /// [`Checkpointer`] on another connection. Without one, the log grows until the last
    /// connection closes.
    pub fn set_auto_checkpoint(&self, on: bool) -> Result<(), StorageError> {
        // SQLite's default: a checkpoint when the log reaches 1,000 pages.
        self.conn
            .pragma_update(None, "wal_autocheckpoint", if on { 1000 } else { 0 })?;
        Ok(())
    }

    /// Registers a player.
    pub fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let taken: bool = tx
            .query_row(
                "SELECT 1 FROM players WHERE codename = ?1",
                params![codename],
                |_| Ok(()),
            )
            .optional()?
            .is_some();
        if taken {
            return Err(StorageError::CodenameTaken);
        }
        tx.execute(
            "INSERT INTO players (codename, password_hash, created_at, metagame)
             VALUES (?1, ?2, ?3, ?4)",
            params![codename, password_hash, now(), metagame],
        )?;
        let id = PlayerId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// Records a login token's hash for a player; beyond `cap` tokens, theirs least recently
    /// used are dropped in the same transaction. Returns the hashes dropped.
    pub fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO tokens (hash, player_id, created_at_ms, used_at_ms) VALUES (?1, ?2, ?3, ?3)",
            params![hash, player.0, at_ms],
        )?;
        let mut dropped = Vec::new();
        {
            let mut q = tx.prepare(
                "SELECT hash FROM tokens WHERE player_id = ?1
                 ORDER BY used_at_ms DESC, rowid DESC LIMIT -1 OFFSET ?2",
            )?;
            for h in q.query_map(params![player.0, cap as i64], |r| r.get::<_, String>(0))? {
                dropped.push(h?);
            }
        }
        for h in &dropped {
            tx.execute("DELETE FROM tokens WHERE hash = ?1", params![h])?;
        }
        tx.commit()?;
        Ok(dropped)
    }

    /// Forgets one token (logging out). Returns whether it was there.
    pub fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError> {
        Ok(self
            .conn
            .execute("DELETE FROM tokens WHERE hash = ?1", params![hash])?
            > 0)
    }

    /// Forgets every token of a player. Returns how many.
    pub fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError> {
        Ok(self
            .conn
            .execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?)
    }

    /// Records when tokens were last used, in one transaction.
    pub fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError> {
        let tx = self.conn.transaction()?;
        {
            let mut q =
                tx.prepare("UPDATE tokens SET used_at_ms = max(used_at_ms, ?2) WHERE hash = ?1")?;
            for (hash, at) in used {
                q.execute(params![hash, at])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Forgets tokens last used before `before_ms`. Returns how many.
    pub fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM tokens WHERE used_at_ms < ?1",
            params![before_ms],
        )?)
    }

    /// Places a lock in a slot, retiring the lock there, in one transaction. Returns the new
    /// lock's number.
    pub fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let at = now();
        tx.execute(
            "UPDATE locks SET retired_at = ?1
             WHERE owner_id = ?2 AND slot = ?3 AND retired_at IS NULL",
            params![at, owner.0, slot.number()],
        )?;
        tx.execute(
            "INSERT INTO locks (owner_id, slot, text, solution, placed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![owner.0, slot.number(), text, solution, at],
        )?;
        let id = LockId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// Retires the lock in a slot, leaving it empty. Returns the lock retired, if any.
    pub fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let lock: Option<i64> = tx
            .query_row(
                "SELECT id FROM locks WHERE owner_id = ?1 AND slot = ?2 AND retired_at IS NULL",
                params![owner.0, slot.number()],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = lock {
            tx.execute(
                "UPDATE locks SET retired_at = ?1 WHERE id = ?2",
                params![now(), id],
            )?;
        }
        tx.commit()?;
        Ok(lock.map(LockId))
    }

    /// Secures a note.
    pub fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO notes (author_id, lock_id, behind_id, solution, placed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![author.0, on.0, behind.0, solution, now()],
        )?;
        let id = NoteId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// A lock's author's solution; only the server's own checks read it.
    pub fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT solution FROM locks WHERE id = ?1",
                params![lock.0],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Loads everything, in number order.
    pub fn load(&self) -> Result<Snapshot, StorageError> {
        let mut snap = Snapshot::default();
        let mut q = self.conn.prepare(
            "SELECT id, codename, password_hash, metagame, banned FROM players ORDER BY id",
        )?;
        for row in q.query_map([], |r| {
            Ok(PlayerRow {
                id: PlayerId(r.get(0)?),
                codename: r.get(1)?,
                password_hash: r.get(2)?,
                metagame: r.get(3)?,
                banned: r.get(4)?,
            })
        })? {
            snap.players.push(row?);
        }
        let mut q = self
            .conn
            .prepare("SELECT hash, player_id, used_at_ms FROM tokens ORDER BY rowid")?;
        for row in q.query_map([], |r| {
            Ok(TokenRow {
                hash: r.get(0)?,
                player: PlayerId(r.get(1)?),
                used_at_ms: r.get(2)?,
            })
        })? {
            snap.tokens.push(row?);
        }
        // A retired lock that no note names is out of every rule's reach: it stays here, read
        // when someone asks for it, and is not loaded, so that starting does not grow with
        // republishing.
        // Read through the index of locks in slots and through the notes, never by scanning
        // every lock: the cost is that of what is loaded.
        let mut q = self.conn.prepare(
            "SELECT id, owner_id, slot, text, retired_at IS NOT NULL FROM locks
             INDEXED BY one_lock_per_slot WHERE retired_at IS NULL
             UNION
             SELECT id, owner_id, slot, text, retired_at IS NOT NULL FROM locks
             WHERE id IN (SELECT lock_id FROM notes UNION SELECT behind_id FROM notes)
             ORDER BY id",
        )?;
        let rows = q.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, bool>(4)?,
            ))
        })?;
        for row in rows {
            let (id, owner, slot, text, retired) = row?;
            snap.locks.push(LockRow {
                id: LockId(id),
                owner: PlayerId(owner),
                slot: slot_of(slot)?,
                text,
                retired,
            });
        }
        let mut q = self
            .conn
            .prepare("SELECT id, author_id, lock_id, behind_id, solution FROM notes ORDER BY id")?;
        for row in q.query_map([], |r| {
            Ok(NoteRow {
                id: NoteId(r.get(0)?),
                author: PlayerId(r.get(1)?),
                on: LockId(r.get(2)?),
                behind: LockId(r.get(3)?),
                solution: r.get(4)?,
            })
        })? {
            snap.notes.push(row?);
        }
        Ok(snap)
    }

    /// Bans or unbans a player; a ban also drops their tokens, in the same transaction.
    pub fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "UPDATE players SET banned = ?2 WHERE id = ?1",
            params![player.0, banned],
        )?;
        if banned {
            tx.execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Marks a player as playing Death Matches only.
    pub fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE players SET metagame = 0 WHERE id = ?1",
            params![player.0],
        )?;
        Ok(())
    }

    /// Deletes a player's retired locks that no note names: their text is gone for good.
    /// Returns how many.
    pub fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM locks WHERE owner_id = ?1 AND retired_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.lock_id = locks.id)
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.behind_id = locks.id)",
            params![owner.0],
        )?)
    }

    /// Copies the whole log into the database file and empties it.
    pub fn checkpoint_all(&self) -> Result<(), StorageError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// Death Matches challenged or being played.
    pub fn matches_in_progress(&self) -> Result<i64, StorageError> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM death_matches WHERE status IN ('challenged', 'playing')",
            [],
            |r| r.get(0),
        )?)
    }

    /// One lock, retired or not, as stored; `None` when there is no such lock.
    pub fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError> {
        let row = self
            .conn
            .query_row(
                "SELECT owner_id, slot, text, retired_at IS NOT NULL FROM locks WHERE id = ?1",
                params![id.0],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, bool>(3)?,
                    ))
                },
            )
            .optional()?;
        row.map(|(owner, slot, text, retired)| {
            Ok(LockRow {
                id,
                owner: PlayerId(owner),
                slot: slot_of(slot)?,
                text,
                retired,
            })
        })
        .transpose()
    }

    /// Checks the database: SQLite's own integrity check and foreign keys. Returns the
    /// problems found; empty means consistent.
    pub fn check(&self) -> Result<Vec<String>, StorageError> {
        let mut problems = Vec::new();
        let mut q = self.conn.prepare("PRAGMA integrity_check")?;
        for row in q.query_map([], |r| r.get::<_, String>(0))? {
            let row = row?;
            if row != "ok" {
                problems.push(row);
            }
        }
        let mut q = self.conn.prepare("PRAGMA foreign_key_check")?;
        let mut rows = q.query([])?;
        while let Some(r) = rows.next()? {
            problems.push(format!("foreign key broken in {}", r.get::<_, String>(0)?));
        }
        Ok(problems)
    }
}

/// The size the write-ahead log is kept to: past it, a checkpoint cuts it back to nothing.
pub const WAL_LIMIT_BYTES: i64 = 4 << 20;

/// A second connection to the database that copies the log into the database file (a
/// checkpoint) without stopping the writer or the readers: the disk waits happen here, off the
/// path of every request.
pub struct Checkpointer {
    conn: Connection,
    wal: std::path::PathBuf,
}

impl Checkpointer {
    /// Opens a connection to the database in a data folder.
    pub fn open(dir: &Path) -> Result<Checkpointer, StorageError> {
        let conn = Connection::open(dir.join(FILE_NAME))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Checkpointer {
            conn,
            wal: dir.join(format!("{FILE_NAME}-wal")),
        })
    }

    /// Copies what it can of the log into the database file, waiting for no one; and when
    /// the log's file has grown past [`WAL_LIMIT_BYTES`] (a burst of writes outran the
    /// checkpoints), copies all of it and cuts the file to nothing, waiting a moment for the
    /// writer and the readers in flight. Returns the log's pages and how many of them are now
    /// in the database file.
    pub fn run(&self) -> Result<(i64, i64), StorageError> {
        let checkpoint = |how: &str| {
            self.conn
                .query_row(&format!("PRAGMA wal_checkpoint({how})"), [], |r| {
                    Ok((r.get(1)?, r.get(2)?))
                })
        };
        let done = checkpoint("PASSIVE")?;
        if self.wal_bytes() > WAL_LIMIT_BYTES as u64 {
            return Ok(checkpoint("TRUNCATE")?);
        }
        Ok(done)
    }

    /// The size of the log's file now.
    pub fn wal_bytes(&self) -> u64 {
        std::fs::metadata(&self.wal).map_or(0, |m| m.len())
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
        let c = Connection::open(dir.path().join(FILE_NAME)).expect("open");
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
