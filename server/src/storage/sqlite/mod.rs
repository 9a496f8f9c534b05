//! The SQLite backend: one file in the data folder, in WAL mode; every change is one
//! transaction, so a crash leaves either all of it or none. The server's default, and the
//! studio's embedded server.

use super::copy::{BATCH, Import, Kind, Row, TABLES, Table, Value};
use super::journal::{self, Change, Logged, Named, Record};
use super::limits;
use super::{
    Backend, Durability, LockRow, LockStore, MailSettings, NoteRow, Notify, PlayerRow, QueuedMail,
    SCHEMA_VERSION, Snapshot, StorageError, StoredEntry, StoredMatch, TokenRow, now, now_ms,
    slot_of,
};
use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};

mod change_log;
mod checkpoint;
mod death_match;
mod import;
mod locks;
mod mail;
mod players;
mod schema;

use change_log::Log;
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
        LockStore::lock(*self, LockId(id))
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

    fn checkpoint_all(&self) -> Result<(), StorageError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
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
