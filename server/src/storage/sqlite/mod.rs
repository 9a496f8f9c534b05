//! The SQLite backend: one file in the data folder, in WAL mode; every change is one
//! transaction, so a crash leaves either all of it or none. The server's default, and the
//! studio's embedded server.

use super::copy::{BATCH, Import, Kind, Row, TABLES, Table, Value};
use super::journal::{self, Change, Logged, Named, Record};
use super::limits;
use super::{
    Backend, Durability, LockRow, MailSettings, NoteRow, Notify, PlayerRow, QueuedMail,
    SCHEMA_VERSION, Snapshot, StorageError, StoredEntry, StoredMatch, TokenRow, now, now_ms,
    slot_of,
};
use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};

mod checkpoint;
mod import;
mod schema;

pub use checkpoint::{Checkpointer, WAL_LIMIT_BYTES};
use import::{SqliteImport, read_row};
use schema::migrate_in;

/// The database file's name inside the data folder.
pub const FILE_NAME: &str = "lockwright.sqlite3";

/// A connection to the SQLite file.
pub struct Sqlite {
    conn: Connection,
    /// The last change of the log this connection has seen (see [`journal`]).
    seen: AtomicI64,
}

impl Sqlite {
    /// Opens (creating if needed) the database in a data folder.
    pub fn open(dir: &Path, durability: Durability) -> Result<Sqlite, StorageError> {
        std::fs::create_dir_all(dir).map_err(|source| StorageError::Folder {
            path: dir.to_path_buf(),
            source,
        })?;
        let conn = Connection::open(dir.join(FILE_NAME))?;
        Sqlite::setup(conn, durability)
    }

    /// An in-memory database, for tests.
    pub fn in_memory() -> Result<Sqlite, StorageError> {
        Sqlite::setup(Connection::open_in_memory()?, Durability::Normal)
    }

    fn setup(conn: Connection, durability: Durability) -> Result<Sqlite, StorageError> {
        let mut storage = Sqlite::configure(conn, durability)?;
        storage.migrate()?;
        Ok(storage)
    }

    /// Opens (creating if needed) a database file without migrating it, for a copy to write
    /// a whole world into (see [`copy`](super::copy)): the schema is made inside the copy's
    /// transaction. Every commit waits for the disk: a copy commits once.
    pub fn open_unmigrated(file: &Path) -> Result<Sqlite, StorageError> {
        Sqlite::configure(Connection::open(file)?, Durability::Full)
    }

    fn configure(conn: Connection, durability: Durability) -> Result<Sqlite, StorageError> {
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
        Ok(Sqlite::of(conn))
    }

    fn of(conn: Connection) -> Sqlite {
        Sqlite {
            conn,
            seen: AtomicI64::new(0),
        }
    }

    fn seen(&self) -> i64 {
        self.seen.load(Ordering::Relaxed)
    }

    fn saw(&self, seq: i64) {
        self.seen.fetch_max(seq, Ordering::Relaxed);
    }

    /// Opens an existing database file as it is, to check or copy it (`check`, `backup`):
    /// nothing is created or migrated, and it may be open in a running server meanwhile.
    pub fn open_existing(file: &Path) -> Result<Sqlite, StorageError> {
        let conn = Connection::open_with_flags(
            file,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Sqlite::of(conn))
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
        migrate_in(&tx, version)?;
        tx.commit()?;
        Ok(())
    }
}

/// The change log of one write transaction: refuses to begin when the log has moved past what
/// the connection saw, then numbers each row it records after it (see [`journal`]).
struct Log {
    next: i64,
}

impl Log {
    fn begin(tx: &Connection, seen: i64) -> Result<Log, StorageError> {
        let latest: i64 =
            tx.query_row("SELECT COALESCE(max(seq), 0) FROM world_changes", [], |r| {
                r.get(0)
            })?;
        if latest != seen {
            return Err(StorageError::Stale);
        }
        Ok(Log { next: seen + 1 })
    }

    fn record(&mut self, tx: &Connection, r: &Record) -> Result<(), StorageError> {
        tx.execute(
            "INSERT INTO world_changes
                 (seq, kind, player_id, lock_id, note_id, slot, flag, token_hash, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                self.next,
                r.kind,
                r.player,
                r.lock,
                r.note,
                r.slot,
                r.flag,
                r.token,
                now_ms()
            ],
        )?;
        self.next += 1;
        Ok(())
    }

    /// The last change recorded (or seen, when none was).
    fn last(&self) -> i64 {
        self.next - 1
    }
}

impl Named for &Sqlite {
    fn player(&mut self, id: i64) -> Result<Option<PlayerRow>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, codename, password_hash, metagame, banned FROM players WHERE id = ?1",
                params![id],
                |r| {
                    Ok(PlayerRow {
                        id: PlayerId(r.get(0)?),
                        codename: r.get(1)?,
                        password_hash: r.get(2)?,
                        metagame: r.get(3)?,
                        banned: r.get(4)?,
                    })
                },
            )
            .optional()?)
    }

    fn lock(&mut self, id: i64) -> Result<Option<LockRow>, StorageError> {
        Backend::lock(*self, LockId(id))
    }

    fn note(&mut self, id: i64) -> Result<Option<NoteRow>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, author_id, lock_id, behind_id, solution FROM notes WHERE id = ?1",
                params![id],
                |r| {
                    Ok(NoteRow {
                        id: NoteId(r.get(0)?),
                        author: PlayerId(r.get(1)?),
                        on: LockId(r.get(2)?),
                        behind: LockId(r.get(3)?),
                        solution: r.get(4)?,
                    })
                },
            )
            .optional()?)
    }
}

impl Backend for Sqlite {
    fn shared(&self) -> bool {
        false
    }

    fn host_death_matches(&mut self, _url: &str) -> Result<bool, StorageError> {
        Ok(true)
    }

    fn hosting(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true))
    }

    fn death_match_host(&self) -> Result<Option<String>, StorageError> {
        Ok(None)
    }

    fn seen_change(&self) -> i64 {
        self.seen()
    }

    fn login_failures(
        &mut self,
        keys: &[String],
        forget_before_ms: i64,
        rule: limits::LoginRule<'_>,
    ) -> Result<(), StorageError> {
        limits::sqlite_login_failures(&mut self.conn, keys, forget_before_ms, rule)
    }

    fn heartbeat(
        &mut self,
        instance: &str,
        now_ms: i64,
        alive_since_ms: i64,
    ) -> Result<usize, StorageError> {
        limits::sqlite_heartbeat(&self.conn, instance, self.seen(), now_ms, alive_since_ms)
    }

    fn trim_changes(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(self
            .conn
            .execute(limits::TRIM.0, params![before_ms, self.seen()])?)
    }

    fn leave(&mut self, instance: &str) -> Result<(), StorageError> {
        self.conn.execute(limits::LEAVE.0, params![instance])?;
        Ok(())
    }

    fn latest_change(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT COALESCE(max(seq), 0) FROM world_changes", [], |r| {
                r.get(0)
            })?)
    }

    fn changes(&mut self) -> Result<Vec<Change>, StorageError> {
        let logged = {
            let mut q = self.conn.prepare(
                "SELECT seq, kind, player_id, lock_id, note_id, slot, flag, token_hash
                 FROM world_changes WHERE seq > ?1 ORDER BY seq",
            )?;
            q.query_map(params![self.seen()], |r| {
                Ok(Logged {
                    seq: r.get(0)?,
                    kind: r.get(1)?,
                    player: r.get(2)?,
                    lock: r.get(3)?,
                    note: r.get(4)?,
                    slot: r.get(5)?,
                    flag: r.get(6)?,
                    token: r.get(7)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?
        };
        let mut changes = Vec::with_capacity(logged.len());
        let mut named: &Sqlite = self;
        for l in logged {
            let seq = l.seq;
            if changes.is_empty() {
                limits::no_gap(named.seen(), seq)?;
            }
            changes.push(l.change(&mut named)?);
            self.saw(seq);
        }
        Ok(changes)
    }

    fn token(&self, hash: &str) -> Result<Option<TokenRow>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT hash, player_id, used_at_ms FROM tokens WHERE hash = ?1",
                params![hash],
                |r| {
                    Ok(TokenRow {
                        hash: r.get(0)?,
                        player: PlayerId(r.get(1)?),
                        used_at_ms: r.get(2)?,
                    })
                },
            )
            .optional()?)
    }

    fn kind(&self) -> &'static str {
        "SQLite"
    }
    fn schema_version(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }
    fn claim(&mut self) -> Result<(), StorageError> {
        // The file is the data folder's, which its own lock keeps to one server.
        Ok(())
    }
    fn release(&mut self) -> Result<(), StorageError> {
        Ok(())
    }
    fn probe_write(&mut self) -> Result<(), StorageError> {
        self.conn.execute(
            "INSERT INTO ready_probe (id, at_ms) VALUES (1, ?1)
             ON CONFLICT(id) DO UPDATE SET at_ms = excluded.at_ms",
            params![now_ms()],
        )?;
        Ok(())
    }

    fn backup_to(&self, path: &Path) -> Result<(), StorageError> {
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
            let copy = Sqlite::of(dst);
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

    fn size_bytes(&self) -> Result<Option<i64>, StorageError> {
        Ok(None)
    }

    fn counts(&self) -> Result<(i64, i64, i64), StorageError> {
        let count = |table: &str| -> Result<i64, StorageError> {
            Ok(self
                .conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)
        };
        Ok((count("players")?, count("locks")?, count("notes")?))
    }

    fn set_auto_checkpoint(&self, on: bool) -> Result<(), StorageError> {
        // SQLite's default: a checkpoint when the log reaches 1,000 pages.
        self.conn
            .pragma_update(None, "wal_autocheckpoint", if on { 1000 } else { 0 })?;
        Ok(())
    }

    fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
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
        log.record(&tx, &Record::registered(id))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
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
            log.record(&tx, &Record::logged_out(h))?;
        }
        tx.commit()?;
        self.saw(log.last());
        Ok(dropped)
    }

    fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let removed = tx.execute("DELETE FROM tokens WHERE hash = ?1", params![hash])? > 0;
        log.record(&tx, &Record::logged_out(hash))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(removed)
    }

    fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let n = tx.execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?;
        log.record(&tx, &Record::logged_out_everywhere(player))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(n)
    }

    fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError> {
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

    fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM tokens WHERE used_at_ms < ?1",
            params![before_ms],
        )?)
    }

    fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
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
        log.record(&tx, &Record::placed(id, owner, slot))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
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
            log.record(&tx, &Record::retired(owner, slot))?;
        }
        tx.commit()?;
        self.saw(log.last());
        Ok(lock.map(LockId))
    }

    fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "INSERT INTO notes (author_id, lock_id, behind_id, solution, placed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![author.0, on.0, behind.0, solution, now()],
        )?;
        let id = NoteId(tx.last_insert_rowid());
        log.record(&tx, &Record::declared(id))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT solution FROM locks WHERE id = ?1",
                params![lock.0],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn load(&self) -> Result<Snapshot, StorageError> {
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
        self.saw(self.latest_change()?);
        Ok(snap)
    }

    fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "UPDATE players SET banned = ?2 WHERE id = ?1",
            params![player.0, banned],
        )?;
        if banned {
            tx.execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?;
        }
        log.record(&tx, &Record::banned(player, banned))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(())
    }

    fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "UPDATE players SET metagame = 0 WHERE id = ?1",
            params![player.0],
        )?;
        log.record(&tx, &Record::left_metagame(player))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(())
    }

    fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM locks WHERE owner_id = ?1 AND retired_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.lock_id = locks.id)
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.behind_id = locks.id)",
            params![owner.0],
        )?)
    }

    fn checkpoint_all(&self) -> Result<(), StorageError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    fn matches_in_progress(&self) -> Result<i64, StorageError> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM death_matches WHERE status IN ('challenged', 'playing')",
            [],
            |r| r.get(0),
        )?)
    }

    fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError> {
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

    fn check(&self) -> Result<Vec<String>, StorageError> {
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
    fn add_death_match(
        &mut self,
        challenger: PlayerId,
        challenged: PlayerId,
        rounds: &str,
        first: &StoredEntry,
    ) -> Result<i64, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO death_matches (challenger_id, challenged_id, rounds, status, created_at_ms)
             VALUES (?1, ?2, ?3, 'challenged', ?4)",
            params![challenger.0, challenged.0, rounds, now_ms()],
        )?;
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO death_match_log (match_id, seq, at_ms, entry) VALUES (?1, ?2, ?3, ?4)",
            params![id, first.seq, first.at_ms, first.entry],
        )?;
        tx.commit()?;
        Ok(id)
    }

    fn set_death_match_status(&mut self, id: i64, status: &str) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE death_matches SET status = ?2 WHERE id = ?1",
            params![id, status],
        )?;
        Ok(())
    }

    fn log_death_match(
        &mut self,
        id: i64,
        entries: &[StoredEntry],
        status: &str,
        clock_ms: i64,
    ) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for e in entries {
            tx.execute(
                "INSERT INTO death_match_log (match_id, seq, at_ms, entry) VALUES (?1, ?2, ?3, ?4)",
                params![id, e.seq, e.at_ms, e.entry],
            )?;
        }
        tx.execute(
            "UPDATE death_matches SET status = ?2, clock_ms = MAX(clock_ms, ?3) WHERE id = ?1",
            params![id, status, clock_ms],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn set_death_match_clocks(&mut self, clocks: &[(i64, i64)]) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for &(id, clock_ms) in clocks {
            tx.execute(
                "UPDATE death_matches SET clock_ms = MAX(clock_ms, ?2) WHERE id = ?1",
                params![id, clock_ms],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn death_matches(&self) -> Result<Vec<StoredMatch>, StorageError> {
        let mut matches: Vec<StoredMatch> = self
            .conn
            .prepare(
                "SELECT id, challenger_id, challenged_id, rounds, status, created_at_ms, clock_ms
                 FROM death_matches ORDER BY id",
            )?
            .query_map([], |r| {
                Ok(StoredMatch {
                    id: r.get(0)?,
                    challenger: PlayerId(r.get(1)?),
                    challenged: PlayerId(r.get(2)?),
                    rounds: r.get(3)?,
                    status: r.get(4)?,
                    created_at_ms: r.get(5)?,
                    clock_ms: r.get(6)?,
                    log: Vec::new(),
                })
            })?
            .collect::<Result<_, _>>()?;
        let mut stmt = self.conn.prepare(
            "SELECT match_id, seq, at_ms, entry FROM death_match_log ORDER BY match_id, seq",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                StoredEntry {
                    seq: r.get(1)?,
                    at_ms: r.get(2)?,
                    entry: r.get(3)?,
                },
            ))
        })?;
        for row in rows {
            let (id, entry) = row?;
            let m = matches
                .iter_mut()
                .find(|m| m.id == id)
                .ok_or_else(|| StorageError::Corrupt(format!("log of unknown match {id}")))?;
            m.log.push(entry);
        }
        Ok(matches)
    }
    fn set_mail(
        &mut self,
        player: PlayerId,
        address: &str,
        notify: Notify,
        code_hash: &str,
        code_expires_ms: i64,
    ) -> Result<(), StorageError> {
        self.conn.execute(
            "INSERT INTO mail_addresses (player_id, address, verified, code_hash, code_expires_ms,
                 notify_declared, notify_made_public, notify_challenged)
             VALUES (?1, ?2, 0, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(player_id) DO UPDATE SET address = excluded.address, verified = 0,
                 code_hash = excluded.code_hash, code_expires_ms = excluded.code_expires_ms,
                 notify_declared = excluded.notify_declared,
                 notify_made_public = excluded.notify_made_public,
                 notify_challenged = excluded.notify_challenged",
            params![
                player.0,
                address,
                code_hash,
                code_expires_ms,
                notify.declared,
                notify.made_public,
                notify.challenged
            ],
        )?;
        Ok(())
    }

    fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError> {
        Ok(self.conn.execute(
            "UPDATE mail_addresses SET notify_declared = ?2, notify_made_public = ?3,
                 notify_challenged = ?4 WHERE player_id = ?1",
            params![
                player.0,
                notify.declared,
                notify.made_public,
                notify.challenged
            ],
        )? > 0)
    }

    fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_addresses SET verified = 1, code_hash = NULL, code_expires_ms = NULL
             WHERE player_id = ?1",
            params![player.0],
        )?;
        Ok(())
    }

    fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM mail_addresses WHERE player_id = ?1",
            params![player.0],
        )? > 0)
    }

    fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT address, verified, notify_declared, notify_made_public, notify_challenged,
                     code_hash, code_expires_ms
                 FROM mail_addresses WHERE player_id = ?1",
                params![player.0],
                |r| {
                    Ok(MailSettings {
                        address: r.get(0)?,
                        verified: r.get(1)?,
                        notify: Notify {
                            declared: r.get(2)?,
                            made_public: r.get(3)?,
                            challenged: r.get(4)?,
                        },
                        code_hash: r.get(5)?,
                        code_expires_ms: r.get(6)?,
                    })
                },
            )
            .optional()?)
    }

    fn queue_mail(&mut self, address: &str, subject: &str, body: &str) -> Result<(), StorageError> {
        let now = now_ms();
        self.conn.execute(
            "INSERT INTO mail_queue (address, subject, body, next_at_ms, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![address, subject, body, now],
        )?;
        Ok(())
    }

    fn claim_mail(
        &mut self,
        limit: usize,
        hold_until_ms: i64,
    ) -> Result<Vec<QueuedMail>, StorageError> {
        let mut q = self.conn.prepare(
            "UPDATE mail_queue SET next_at_ms = ?3 WHERE id IN (
                 SELECT id FROM mail_queue WHERE next_at_ms <= ?1
                 ORDER BY next_at_ms, id LIMIT ?2)
             RETURNING id, address, subject, body, attempts",
        )?;
        let rows = q.query_map(params![now_ms(), limit as i64, hold_until_ms], |r| {
            Ok(QueuedMail {
                id: r.get(0)?,
                address: r.get(1)?,
                subject: r.get(2)?,
                body: r.get(3)?,
                attempts: r.get(4)?,
            })
        })?;
        let mut claimed: Vec<QueuedMail> = rows.collect::<Result<_, _>>()?;
        claimed.sort_by_key(|m| m.id);
        Ok(claimed)
    }

    fn next_mail_at(&self) -> Result<Option<i64>, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT min(next_at_ms) FROM mail_queue", [], |r| r.get(0))?)
    }

    fn mail_sent(&mut self, id: i64) -> Result<(), StorageError> {
        self.conn
            .execute("DELETE FROM mail_queue WHERE id = ?1", params![id])?;
        Ok(())
    }

    fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_queue SET attempts = attempts + 1, next_at_ms = ?2 WHERE id = ?1",
            params![id, next_at_ms],
        )?;
        Ok(())
    }

    fn queued_mail(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM mail_queue", [], |r| r.get(0))?)
    }

    fn export_world(
        &self,
        each: &mut dyn FnMut(&'static Table, Vec<Row>) -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        // One read transaction: in WAL mode its first read fixes what every later one sees,
        // while a server may go on writing.
        let tx = self.conn.unchecked_transaction()?;
        for table in TABLES {
            let mut q = tx.prepare(&format!(
                "SELECT {} FROM {} ORDER BY {}",
                table.column_list(),
                table.name,
                table.order.unwrap_or("rowid")
            ))?;
            let mut rows = q.query([])?;
            let mut batch = Vec::with_capacity(BATCH);
            while let Some(r) = rows.next()? {
                batch.push(read_row(table, r)?);
                if batch.len() == BATCH {
                    each(
                        table,
                        std::mem::replace(&mut batch, Vec::with_capacity(BATCH)),
                    )?;
                }
            }
            if !batch.is_empty() {
                each(table, batch)?;
            }
        }
        Ok(())
    }

    fn begin_import(&mut self) -> Result<Box<dyn Import + '_>, StorageError> {
        let version = self.schema_version()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        if version < SCHEMA_VERSION {
            migrate_in(&tx, version)?;
        }
        Ok(Box::new(SqliteImport { tx }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table or a column added to the schema and not to the copy's list would be left
    /// behind by every copy.
    #[test]
    fn the_copy_lists_every_table_and_column_but_the_probe_and_the_change_log() {
        let s = Sqlite::in_memory().expect("db");
        let mut tables: Vec<String> = s
            .conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .expect("query")
            .query_map([], |r| r.get(0))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("names");
        tables.retain(|t| {
            ![
                "ready_probe",
                "world_changes",
                "death_match_host",
                "login_failures",
                "instances",
            ]
            .contains(&t.as_str())
        });
        let mut listed: Vec<&str> = TABLES.iter().map(|t| t.name).collect();
        listed.sort();
        assert_eq!(tables, listed);
        for table in TABLES {
            let mut columns: Vec<String> = s
                .conn
                .prepare(&format!(
                    "SELECT name FROM pragma_table_info('{}')",
                    table.name
                ))
                .expect("query")
                .query_map([], |r| r.get(0))
                .expect("rows")
                .collect::<Result<_, _>>()
                .expect("names");
            columns.sort();
            let mut listed: Vec<&str> = table.columns.iter().map(|c| c.name).collect();
            listed.sort();
            assert_eq!(columns, listed, "{}", table.name);
        }
    }
}
