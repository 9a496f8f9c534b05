//! The PostgreSQL backend: the same tables, constraints and schema versions as SQLite, on a
//! PostgreSQL server named by a `postgres://` URL.
//!
//! **Driver and waiting.** `tokio-postgres`, without TLS (the server reaches PostgreSQL on
//! loopback or a Unix socket). The game calls storage synchronously, one writer at a time
//! under its storage lock, mostly from `spawn_blocking` threads but also from async code at
//! start and in tests. So the connection's I/O runs on a thread of its own with a small
//! runtime, and each call waits for its answer with `futures::executor::block_on`, which
//! needs no runtime and may be called from any thread: a call blocks its caller as a SQLite
//! call does, and never the thread that drives the connection. One connection suffices while
//! one lock serialises every call; a pool would only wait behind that lock.
//!
//! **Schema.** Version 3, as SQLite's, created in one transaction on an empty database; the
//! version is kept in `schema_version`. Where SQLite relies on its implicit `rowid` (the order
//! tokens were issued in), the table `tokens` has a column `n`. Two servers starting at once
//! take an advisory lock, so one creates the schema and the other finds it.
//!
//! **Several servers per database.** Each server serves from its own copy of the world in
//! memory, kept the same as the others' through the change log ([`journal`]): every change
//! is checked and written under one advisory lock, against the world as the log has it, and
//! told to the other servers by `NOTIFY` ([`listen`]). A serving server holds the serving lock
//! in shared mode on its connection ([`Backend::claim`]), taken again when it connects
//! again; a copy into the database takes it alone, so that it waits for no server to run
//! there, and refuses after a moment.

// Every future here is run to completion by `block_on` on the calling thread, alone: holding
// the connection's lock across its awaits blocks no other task, and is what keeps one call on
// the connection at a time.
#![allow(clippy::await_holding_lock)]

use super::copy::{BATCH, Import, Kind, TABLES, Table, Value};
use super::journal::{self, Change, Logged, Record};
use super::limits;
use super::{
    Backend, LockRow, LockStore, MailSettings, NoteRow, Notify, PlayerRow, QueuedMail,
    SCHEMA_VERSION, Snapshot, StorageError, StoredEntry, StoredMatch, TokenRow, hide_password, now,
    now_ms, slot_of,
};
use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, MutexGuard};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, GenericClient, NoTls, Row};

mod change_log;
mod death_match;
mod import;
mod listening;
mod locks;
mod mail;
mod players;
mod schema;

use change_log::Log;
use import::{PgImport, read_row};
pub use listening::listen;
use schema::migrate_in;

/// The advisory lock every serving server holds, shared, on its connection for as long as it
/// runs; a copy into the database takes it alone.
const SERVING_LOCK: i64 = 0x4c6f_636b_7772_6975;

/// How long a server starting waits for the serving lock: long enough for one just stopped
/// (whose connection PostgreSQL ends a moment after it closes) to let go of it.
const SERVING_WAIT: &str = "10s";

/// Waits for a query without a runtime (see the module's doc).
fn wait<F: Future>(f: F) -> F::Output {
    futures::executor::block_on(f)
}

/// Whether a PostgreSQL error means the database cannot be written for now (the server gone,
/// the connection lost, out of disk, read-only, shutting down) rather than this change
/// refused.
pub fn is_unavailable(e: &tokio_postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    match e.code() {
        // No database error at all: the connection's I/O failed.
        None => e.as_db_error().is_none(),
        Some(code) => {
            let c = code.code();
            // 08: connection exception; 53: insufficient resources (disk full, out of
            // memory, too many connections); 57P: the server shutting down or restarting.
            c.starts_with("08")
                || c.starts_with("53")
                || c.starts_with("57P")
                || *code == SqlState::READ_ONLY_SQL_TRANSACTION
        }
    }
}

/// One connection to a PostgreSQL database, opened again when it was lost.
pub struct Postgres {
    /// The connection. Behind a lock only so that reads (`&self`) can replace a lost one;
    /// the game's storage lock already lets one call through at a time.
    client: Mutex<Client>,
    /// Where to connect again.
    url: String,
    /// Whether this connection holds the serving lock, to be taken again on a new connection.
    serving: bool,
    /// The last change of the log this connection has seen (see [`journal`]).
    seen: AtomicI64,
    /// Whether this connection holds the Death Match host's lock: only then does it write
    /// Death Matches. Cleared when the connection is lost (and the lock with it).
    hosting: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Postgres {
    /// Connects and brings the schema to [`SCHEMA_VERSION`], or refuses a newer one.
    pub fn open(url: &str) -> Result<Postgres, StorageError> {
        let mut pg = Postgres::connect(url)?;
        pg.migrate()?;
        Ok(pg)
    }

    /// Connects, touching nothing. The connection's I/O runs on a thread of its own, which
    /// ends when the connection closes (when this is dropped, or the server goes away).
    pub fn connect(url: &str) -> Result<Postgres, StorageError> {
        let shown = hide_password(url);
        let failed = |why: String| StorageError::Connect {
            url: shown.clone(),
            why,
        };
        let config: tokio_postgres::Config = url.parse().map_err(|e| failed(format!("{e}")))?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = tx.send(Err(format!("cannot start its runtime: {e}")));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match config.connect(NoTls).await {
                        Ok((client, connection)) => {
                            let _ = tx.send(Ok(client));
                            if let Err(e) = connection.await {
                                tracing::warn!(error = %e, "the connection to PostgreSQL ended");
                            }
                        }
                        Err(e) => {
                            let _ = tx.send(Err(e.to_string()));
                        }
                    }
                });
            })
            .map_err(|e| failed(format!("cannot start its thread: {e}")))?;
        let client = rx
            .recv()
            .map_err(|_| failed("its thread stopped".into()))?
            .map_err(failed)?;
        Ok(Postgres {
            client: Mutex::new(client),
            url: url.to_string(),
            serving: false,
            seen: AtomicI64::new(0),
            hosting: std::sync::Arc::default(),
        })
    }

    /// The connection, connecting again first when the last one was lost (PostgreSQL
    /// restarted, or an operator ended it): the call that found it lost failed, answered 503,
    /// and the next one goes through without restarting the server. A change whose connection
    /// was lost mid-way is never retried here: whether it committed is for the caller to
    /// read again.
    fn client(&self) -> Result<MutexGuard<'_, Client>, StorageError> {
        let mut client = self.client.lock().unwrap_or_else(|e| e.into_inner());
        if client.is_closed() {
            let fresh = Postgres::connect(&self.url)?;
            let fresh = fresh.client.into_inner().unwrap_or_else(|e| e.into_inner());
            // The lost connection's lock went with it. Until it is held again the old one
            // stays in place, closed: every call fails and the next one tries again.
            if self.serving {
                take_serving_lock(&fresh, &self.url)?;
            }
            // The host's lock went with the lost connection: another server may hold it now.
            if self.hosting.swap(false, Ordering::SeqCst) {
                tracing::warn!("no longer hosting the Death Matches: the connection was lost");
            }
            *client = fresh;
            tracing::info!(database = %hide_password(&self.url), "connected to PostgreSQL again");
        }
        Ok(client)
    }

    /// Brings the schema to [`SCHEMA_VERSION`] in one transaction, under an advisory lock so
    /// that two servers starting at once do not both create it.
    fn migrate(&mut self) -> Result<(), StorageError> {
        let mut guard = self.client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            migrate_in(&tx).await?;
            tx.commit().await?;
            Ok(())
        })
    }
}

/// Whether an error is a unique violation of one constraint.
fn violates(e: &tokio_postgres::Error, constraint: &str) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
        && e.as_db_error().and_then(|d| d.constraint()) == Some(constraint)
}

/// The advisory lock the server hosting the Death Matches holds on its connection, for as
/// long as that connection lives: the lease on every match's clock. Its writes to matches go
/// through that same connection, so that a server that lost it cannot write a match.
const HOST_LOCK: i64 = 0x4c6f_636b_7772_6968;

impl Postgres {
    /// The connection, for writing a Death Match: only while it holds the host's lock.
    fn host_client(&self) -> Result<MutexGuard<'_, Client>, StorageError> {
        let client = self.client()?;
        if !self.hosting.load(Ordering::SeqCst) {
            return Err(StorageError::NotHost);
        }
        Ok(client)
    }

    /// One statement and its row of the log, in one transaction. Returns the rows the
    /// statement changed.
    fn logged_write(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        record: Record,
    ) -> Result<u64, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (n, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let n = tx.execute(sql, params).await?;
            log.record(&tx, &record).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((n, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(n)
    }

    fn seen(&self) -> i64 {
        self.seen.load(Ordering::Relaxed)
    }

    fn saw(&self, seq: i64) {
        self.seen.fetch_max(seq, Ordering::Relaxed);
    }

    /// Reads a row the log names.
    fn named<T>(
        &self,
        sql: &str,
        id: i64,
        read: impl Fn(&Row) -> Result<T, StorageError>,
    ) -> Result<Option<T>, StorageError> {
        wait(self.client()?.query_opt(sql, &[&id]))?
            .map(|r| read(&r))
            .transpose()
    }
}

impl journal::Named for &Postgres {
    fn player(&mut self, id: i64) -> Result<Option<PlayerRow>, StorageError> {
        self.named(
            "SELECT id, codename, password_hash, metagame, banned FROM players WHERE id = $1",
            id,
            |r| Ok(player_row(r)?),
        )
    }

    fn lock(&mut self, id: i64) -> Result<Option<LockRow>, StorageError> {
        LockStore::lock(*self, LockId(id))
    }

    fn note(&mut self, id: i64) -> Result<Option<NoteRow>, StorageError> {
        self.named(
            "SELECT id, author_id, lock_id, behind_id, solution FROM notes WHERE id = $1",
            id,
            |r| {
                Ok(NoteRow {
                    id: NoteId(r.try_get(0)?),
                    author: PlayerId(r.try_get(1)?),
                    on: LockId(r.try_get(2)?),
                    behind: LockId(r.try_get(3)?),
                    solution: r.try_get(4)?,
                })
            },
        )
    }
}

/// Takes the serving lock on a connection, waiting [`SERVING_WAIT`] at most.
fn take_serving_lock(client: &Client, url: &str) -> Result<(), StorageError> {
    let taken = wait(async {
        client
            .batch_execute(&format!("SET lock_timeout = '{SERVING_WAIT}'"))
            .await?;
        let taken = client
            .execute("SELECT pg_advisory_lock_shared($1)", &[&SERVING_LOCK])
            .await;
        client.batch_execute("RESET lock_timeout").await?;
        Ok::<_, tokio_postgres::Error>(taken)
    })?;
    match taken {
        Ok(_) => Ok(()),
        Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) => {
            Err(StorageError::BeingCopied {
                url: hide_password(url),
            })
        }
        Err(e) => Err(e.into()),
    }
}

fn player_row(r: &Row) -> Result<PlayerRow, tokio_postgres::Error> {
    Ok(PlayerRow {
        id: PlayerId(r.try_get(0)?),
        codename: r.try_get(1)?,
        password_hash: r.try_get(2)?,
        metagame: r.try_get(3)?,
        banned: r.try_get(4)?,
    })
}

fn lock_row(
    id: i64,
    owner: i64,
    slot: i64,
    text: String,
    retired: bool,
) -> Result<LockRow, StorageError> {
    Ok(LockRow {
        id: LockId(id),
        owner: PlayerId(owner),
        slot: slot_of(slot)?,
        text,
        retired,
    })
}

fn slot_number(slot: Slot) -> i64 {
    i64::from(slot.number())
}

impl Backend for Postgres {
    fn kind(&self) -> &'static str {
        "PostgreSQL"
    }

    fn shared(&self) -> bool {
        true
    }

    fn host_death_matches(&mut self, url: &str) -> Result<bool, StorageError> {
        let client = self.client()?;
        if self.hosting.load(Ordering::SeqCst) {
            return Ok(true);
        }
        let taken: bool =
            wait(client.query_one("SELECT pg_try_advisory_lock($1)", &[&HOST_LOCK]))?.try_get(0)?;
        if taken {
            wait(client.execute(
                "INSERT INTO death_match_host (one, url, since_ms) VALUES (TRUE, $1, $2)
                 ON CONFLICT (one) DO UPDATE SET url = excluded.url, since_ms = excluded.since_ms",
                &[&url, &now_ms()],
            ))?;
        }
        // The flag is raised by the caller, once it has taken the matches up.
        Ok(taken)
    }

    fn hosting(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        self.hosting.clone()
    }

    fn login_failures(
        &mut self,
        keys: &[String],
        forget_before_ms: i64,
        rule: limits::LoginRule<'_>,
    ) -> Result<(), StorageError> {
        let mut client = self.client()?;
        wait(limits::postgres_login_failures(
            &mut client,
            keys,
            forget_before_ms,
            rule,
        ))
    }

    fn heartbeat(
        &mut self,
        instance: &str,
        now_ms: i64,
        alive_since_ms: i64,
    ) -> Result<usize, StorageError> {
        let client = self.client()?;
        wait(limits::postgres_heartbeat(
            &*client,
            instance,
            self.seen(),
            now_ms,
            alive_since_ms,
        ))
    }

    fn trim_changes(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        let n = wait(
            self.client()?
                .execute(limits::TRIM.1, &[&before_ms, &self.seen()]),
        )?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    fn leave(&mut self, instance: &str) -> Result<(), StorageError> {
        wait(self.client()?.execute(limits::LEAVE.1, &[&instance]))?;
        Ok(())
    }

    fn death_match_host(&self) -> Result<Option<String>, StorageError> {
        let row = wait(
            self.client()?
                .query_opt("SELECT url FROM death_match_host", &[]),
        )?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    fn seen_change(&self) -> i64 {
        self.seen()
    }

    fn latest_change(&self) -> Result<i64, StorageError> {
        Ok(wait(
            self.client()?
                .query_one("SELECT COALESCE(max(seq), 0) FROM world_changes", &[]),
        )?
        .try_get(0)?)
    }

    fn changes(&mut self) -> Result<Vec<Change>, StorageError> {
        let rows = wait(self.client()?.query(
            "SELECT seq, kind, player_id, lock_id, note_id, slot, flag, token_hash
             FROM world_changes WHERE seq > $1 ORDER BY seq",
            &[&self.seen()],
        ))?;
        let mut changes = Vec::with_capacity(rows.len());
        let mut named: &Postgres = self;
        for r in rows {
            let logged = Logged {
                seq: r.try_get(0)?,
                kind: r.try_get(1)?,
                player: r.try_get(2)?,
                lock: r.try_get(3)?,
                note: r.try_get(4)?,
                slot: r.try_get(5)?,
                flag: r.try_get(6)?,
                token: r.try_get(7)?,
            };
            let seq = logged.seq;
            if changes.is_empty() {
                limits::no_gap(named.seen(), seq)?;
            }
            changes.push(logged.change(&mut named)?);
            self.saw(seq);
        }
        Ok(changes)
    }

    fn schema_version(&self) -> Result<i64, StorageError> {
        wait(async {
            let exists: bool = self
                .client()?
                .query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])
                .await?
                .try_get(0)?;
            if !exists {
                return Ok(0);
            }
            let v: Option<i64> = self
                .client()?
                .query_opt("SELECT version FROM schema_version", &[])
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
            Ok(v.unwrap_or(0))
        })
    }

    fn claim(&mut self) -> Result<(), StorageError> {
        take_serving_lock(&*self.client()?, &self.url)?;
        self.serving = true;
        Ok(())
    }

    fn release(&mut self) -> Result<(), StorageError> {
        if std::mem::take(&mut self.serving) {
            let client = self.client.lock().unwrap_or_else(|e| e.into_inner());
            // A closed connection holds nothing.
            if !client.is_closed() {
                wait(client.execute("SELECT pg_advisory_unlock_shared($1)", &[&SERVING_LOCK]))?;
            }
        }
        Ok(())
    }

    fn probe_write(&mut self) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "INSERT INTO ready_probe (id, at_ms) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
            &[&now_ms()],
        ))?;
        Ok(())
    }

    fn backup_to(&self, _path: &Path) -> Result<(), StorageError> {
        Err(StorageError::SqliteOnly {
            what: "a backup by the server",
            instead: "back up with pg_dump (docs/operating.md)",
        })
    }

    fn size_bytes(&self) -> Result<Option<i64>, StorageError> {
        Ok(Some(
            wait(
                self.client()?
                    .query_one("SELECT pg_database_size(current_database())", &[]),
            )?
            .try_get(0)?,
        ))
    }

    fn counts(&self) -> Result<(i64, i64, i64), StorageError> {
        let r = wait(self.client()?.query_one(
            "SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM locks),
                    (SELECT count(*) FROM notes)",
            &[],
        ))?;
        Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))
    }

    fn set_auto_checkpoint(&self, _on: bool) -> Result<(), StorageError> {
        // PostgreSQL checkpoints by itself, off the path of every request.
        Ok(())
    }

    fn load(&self) -> Result<Snapshot, StorageError> {
        wait(async {
            // One snapshot of the whole database: a second server writing meanwhile cannot
            // make the rows disagree.
            let guard = self.client()?;
            let c = &*guard;
            c.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .await?;
            let loaded = async {
                let mut snap = Snapshot::default();
                for r in c
                    .query(
                        "SELECT id, codename, password_hash, metagame, banned FROM players
                         ORDER BY id",
                        &[],
                    )
                    .await?
                {
                    snap.players.push(player_row(&r)?);
                }
                for r in c
                    .query(
                        "SELECT hash, player_id, used_at_ms FROM tokens ORDER BY n",
                        &[],
                    )
                    .await?
                {
                    snap.tokens.push(TokenRow {
                        hash: r.try_get(0)?,
                        player: PlayerId(r.try_get(1)?),
                        used_at_ms: r.try_get(2)?,
                    });
                }
                // As on SQLite: locks in slots and locks named by a note, never a scan of
                // every retired lock.
                for r in c
                    .query(
                        "SELECT id, owner_id, slot, text, retired_at IS NOT NULL FROM locks
                         WHERE retired_at IS NULL
                         UNION
                         SELECT id, owner_id, slot, text, retired_at IS NOT NULL FROM locks
                         WHERE id IN (SELECT lock_id FROM notes UNION SELECT behind_id FROM notes)
                         ORDER BY id",
                        &[],
                    )
                    .await?
                {
                    snap.locks.push(lock_row(
                        r.try_get(0)?,
                        r.try_get(1)?,
                        r.try_get(2)?,
                        r.try_get(3)?,
                        r.try_get(4)?,
                    )?);
                }
                for r in c
                    .query(
                        "SELECT id, author_id, lock_id, behind_id, solution FROM notes ORDER BY id",
                        &[],
                    )
                    .await?
                {
                    snap.notes.push(NoteRow {
                        id: NoteId(r.try_get(0)?),
                        author: PlayerId(r.try_get(1)?),
                        on: LockId(r.try_get(2)?),
                        behind: LockId(r.try_get(3)?),
                        solution: r.try_get(4)?,
                    });
                }
                let seen: i64 = c
                    .query_one("SELECT COALESCE(max(seq), 0) FROM world_changes", &[])
                    .await?
                    .try_get(0)?;
                Ok::<_, StorageError>((snap, seen))
            }
            .await;
            // Read only: ending it either way changes nothing.
            c.batch_execute("COMMIT").await?;
            let (snap, seen) = loaded?;
            self.saw(seen);
            Ok(snap)
        })
    }

    fn checkpoint_all(&self) -> Result<(), StorageError> {
        Err(StorageError::SqliteOnly {
            what: "copying the log into the file",
            instead: "the server checkpoints by itself",
        })
    }

    fn check(&self) -> Result<Vec<String>, StorageError> {
        let mut problems = Vec::new();
        let version = self.schema_version()?;
        if version != SCHEMA_VERSION {
            problems.push(format!(
                "schema version {version}, where this server writes {SCHEMA_VERSION}"
            ));
        }
        // Keys and uniqueness hold as long as their indexes and constraints are valid; an
        // interrupted concurrent index build or a constraint added NOT VALID leaves them not.
        let rows = wait(self.client()?.query(
            "SELECT 'index ' || c.relname FROM pg_index i
                 JOIN pg_class c ON c.oid = i.indexrelid
                 JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = current_schema() AND NOT (i.indisvalid AND i.indisready)
             UNION ALL
             SELECT 'constraint ' || conname FROM pg_constraint
             WHERE connamespace = current_schema()::regnamespace AND NOT convalidated",
            &[],
        ))?;
        for r in rows {
            problems.push(format!("{} is not valid", r.try_get::<_, String>(0)?));
        }
        Ok(problems)
    }

    fn export_world(
        &self,
        each: &mut dyn FnMut(&'static Table, Vec<super::copy::Row>) -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        let mut guard = self.client()?;
        // One snapshot for every table: a server writing meanwhile cannot make them disagree.
        let tx = wait(
            guard
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start(),
        )?;
        for table in TABLES {
            let query = wait(tx.prepare(&format!(
                "SELECT {} FROM {} ORDER BY {}",
                table.column_list(),
                table.name,
                table.order.unwrap_or("n")
            )))?;
            // A portal hands the rows over a batch at a time; `each` runs between two waits,
            // never inside one, so that it may wait on a database of its own.
            let portal = wait(tx.bind(&query, &[]))?;
            loop {
                let rows = wait(tx.query_portal(&portal, BATCH as i32))?;
                let last = rows.len() < BATCH;
                if !rows.is_empty() {
                    let batch = rows
                        .iter()
                        .map(|r| read_row(table, r))
                        .collect::<Result<Vec<_>, _>>()?;
                    each(table, batch)?;
                }
                if last {
                    break;
                }
            }
        }
        // Read only: ending it either way changes nothing.
        wait(tx.commit())?;
        Ok(())
    }

    fn begin_import(&mut self) -> Result<Box<dyn Import + '_>, StorageError> {
        let client = self.client()?;
        wait(client.batch_execute("BEGIN"))?;
        // From here, dropping it rolls back.
        let import = PgImport { client, open: true };
        // A server running on the database would never see the world written behind it, and
        // its next ids would collide with the copied ones.
        // Waited for a moment, as a server starting does: one just stopped lets go of it
        // when PostgreSQL ends its connection.
        let free = wait(async {
            import
                .client
                .batch_execute(&format!("SET LOCAL lock_timeout = '{SERVING_WAIT}'"))
                .await?;
            Ok::<_, tokio_postgres::Error>(
                import
                    .client
                    .execute("SELECT pg_advisory_xact_lock($1)", &[&SERVING_LOCK])
                    .await,
            )
        })?;
        match free {
            Ok(_) => {}
            Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) => {
                return Err(StorageError::Served {
                    url: hide_password(&self.url),
                });
            }
            Err(e) => return Err(e.into()),
        }
        wait(migrate_in(&*import.client))?;
        Ok(Box::new(import))
    }
}
