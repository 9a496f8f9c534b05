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
    Backend, LockRow, MailSettings, NoteRow, Notify, PlayerRow, QueuedMail, SCHEMA_VERSION,
    Snapshot, StorageError, StoredEntry, StoredMatch, TokenRow, hide_password, now, now_ms,
    slot_of,
};
use rules::metagame::{LockId, NoteId, PlayerId, Slot};
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, MutexGuard};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, GenericClient, NoTls, Row};

mod import;
mod listening;
mod schema;

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

/// The advisory lock every change to the world takes for its transaction: one writer at a
/// time across every server on the database, between its check of the log and its commit.
const WORLD_LOCK: i64 = 0x4c6f_636b_7772_6977;

/// The change log of one write transaction (see [`journal`]): under the world's lock, refuses
/// to begin when the log has moved past what the connection saw, then numbers each row it
/// records after it; the rows are told on [`journal::CHANNEL`] when the transaction commits.
struct Log {
    start: i64,
    next: i64,
}

impl Log {
    async fn begin(tx: &impl GenericClient, seen: i64) -> Result<Log, StorageError> {
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&WORLD_LOCK])
            .await?;
        // Read after the lock is held: every change committed before it is seen.
        let latest: i64 = tx
            .query_one("SELECT COALESCE(max(seq), 0) FROM world_changes", &[])
            .await?
            .try_get(0)?;
        if latest != seen {
            return Err(StorageError::Stale);
        }
        Ok(Log {
            start: seen + 1,
            next: seen + 1,
        })
    }

    async fn record(&mut self, tx: &impl GenericClient, r: &Record) -> Result<(), StorageError> {
        tx.execute(
            "INSERT INTO world_changes
                 (seq, kind, player_id, lock_id, note_id, slot, flag, token_hash, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            &[
                &self.next,
                &r.kind,
                &r.player,
                &r.lock,
                &r.note,
                &r.slot,
                &r.flag,
                &r.token,
                &now_ms(),
            ],
        )
        .await?;
        if self.next == self.start {
            // Delivered when the transaction commits, and only then.
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&journal::CHANNEL, &self.next.to_string()],
            )
            .await?;
        }
        self.next += 1;
        Ok(())
    }

    /// The last change recorded (or seen, when none was).
    fn last(&self) -> i64 {
        self.next - 1
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
        Backend::lock(*self, LockId(id))
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

    fn token(&self, hash: &str) -> Result<Option<TokenRow>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT hash, player_id, used_at_ms FROM tokens WHERE hash = $1",
            &[&hash],
        ))?;
        row.map(|r| {
            Ok(TokenRow {
                hash: r.try_get(0)?,
                player: PlayerId(r.try_get(1)?),
                used_at_ms: r.try_get(2)?,
            })
        })
        .transpose()
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

    fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let inserted = tx
                .query_one(
                    "INSERT INTO players (codename, password_hash, created_at, metagame)
                     VALUES ($1, $2, $3, $4) RETURNING id",
                    &[&codename, &password_hash, &now(), &metagame],
                )
                .await;
            let id = match inserted {
                Ok(r) => PlayerId(r.try_get(0)?),
                // The unique codename: whoever registered it first, through any server.
                Err(e) if violates(&e, "players_codename_key") => {
                    return Err(StorageError::CodenameTaken);
                }
                Err(e) => return Err(e.into()),
            };
            log.record(&tx, &Record::registered(id)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (dropped, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            tx.execute(
                "INSERT INTO tokens (hash, player_id, created_at_ms, used_at_ms)
                 VALUES ($1, $2, $3, $3)",
                &[&hash, &player.0, &at_ms],
            )
            .await?;
            let mut dropped = Vec::new();
            for r in tx
                .query(
                    "SELECT hash FROM tokens WHERE player_id = $1
                     ORDER BY used_at_ms DESC, n DESC OFFSET $2",
                    &[&player.0, &(cap as i64)],
                )
                .await?
            {
                dropped.push(r.try_get::<_, String>(0)?);
            }
            for h in &dropped {
                tx.execute("DELETE FROM tokens WHERE hash = $1", &[h])
                    .await?;
                log.record(&tx, &Record::logged_out(h)).await?;
            }
            tx.commit().await?;
            Ok::<_, StorageError>((dropped, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(dropped)
    }

    fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError> {
        let n = self.logged_write(
            "DELETE FROM tokens WHERE hash = $1",
            &[&hash],
            Record::logged_out(hash),
        )?;
        Ok(n > 0)
    }

    fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError> {
        let n = self.logged_write(
            "DELETE FROM tokens WHERE player_id = $1",
            &[&player.0],
            Record::logged_out_everywhere(player),
        )?;
        Ok(n as usize)
    }

    fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError> {
        let mut guard = self.client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            let q = tx
                .prepare("UPDATE tokens SET used_at_ms = GREATEST(used_at_ms, $2) WHERE hash = $1")
                .await?;
            for (hash, at) in used {
                tx.execute(&q, &[hash, at]).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(wait(
            self.client()?
                .execute("DELETE FROM tokens WHERE used_at_ms < $1", &[&before_ms]),
        )? as usize)
    }

    fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let at = now();
            let place = slot;
            let slot = slot_number(slot);
            tx.execute(
                "UPDATE locks SET retired_at = $1
                 WHERE owner_id = $2 AND slot = $3 AND retired_at IS NULL",
                &[&at, &owner.0, &slot],
            )
            .await?;
            let id: i64 = tx
                .query_one(
                    "INSERT INTO locks (owner_id, slot, text, solution, placed_at)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&owner.0, &slot, &text, &solution, &at],
                )
                .await?
                .try_get(0)?;
            let id = LockId(id);
            log.record(&tx, &Record::placed(id, owner, place)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (lock, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            // One statement: the row is found and retired at once.
            let row = tx
                .query_opt(
                    "UPDATE locks SET retired_at = $1
                     WHERE owner_id = $2 AND slot = $3 AND retired_at IS NULL RETURNING id",
                    &[&now(), &owner.0, &slot_number(slot)],
                )
                .await?;
            let lock = row.map(|r| r.try_get(0)).transpose()?.map(LockId);
            if lock.is_some() {
                log.record(&tx, &Record::retired(owner, slot)).await?;
            }
            tx.commit().await?;
            Ok::<_, StorageError>((lock, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(lock)
    }

    fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let r = tx
                .query_one(
                    "INSERT INTO notes (author_id, lock_id, behind_id, solution, placed_at)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&author.0, &on.0, &behind.0, &solution, &now()],
                )
                .await?;
            let id = NoteId(r.try_get(0)?);
            log.record(&tx, &Record::declared(id)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError> {
        let row = wait(
            self.client()?
                .query_opt("SELECT solution FROM locks WHERE id = $1", &[&lock.0]),
        )?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
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

    fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let last = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            tx.execute(
                "UPDATE players SET banned = $2 WHERE id = $1",
                &[&player.0, &banned],
            )
            .await?;
            if banned {
                tx.execute("DELETE FROM tokens WHERE player_id = $1", &[&player.0])
                    .await?;
            }
            log.record(&tx, &Record::banned(player, banned)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>(log.last())
        })?;
        drop(guard);
        self.saw(last);
        Ok(())
    }

    fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.logged_write(
            "UPDATE players SET metagame = FALSE WHERE id = $1",
            &[&player.0],
            Record::left_metagame(player),
        )?;
        Ok(())
    }

    fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError> {
        Ok(wait(self.client()?.execute(
            "DELETE FROM locks WHERE owner_id = $1 AND retired_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.lock_id = locks.id)
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.behind_id = locks.id)",
            &[&owner.0],
        ))? as usize)
    }

    fn checkpoint_all(&self) -> Result<(), StorageError> {
        Err(StorageError::SqliteOnly {
            what: "copying the log into the file",
            instead: "the server checkpoints by itself",
        })
    }

    fn matches_in_progress(&self) -> Result<i64, StorageError> {
        Ok(wait(self.client()?.query_one(
            "SELECT count(*) FROM death_matches WHERE status IN ('challenged', 'playing')",
            &[],
        ))?
        .try_get(0)?)
    }

    fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT owner_id, slot, text, retired_at IS NOT NULL FROM locks WHERE id = $1",
            &[&id.0],
        ))?;
        row.map(|r| {
            lock_row(
                id.0,
                r.try_get(0)?,
                r.try_get(1)?,
                r.try_get(2)?,
                r.try_get(3)?,
            )
        })
        .transpose()
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

    fn add_death_match(
        &mut self,
        challenger: PlayerId,
        challenged: PlayerId,
        rounds: &str,
        first: &StoredEntry,
    ) -> Result<i64, StorageError> {
        let mut guard = self.host_client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            let id: i64 = tx
                .query_one(
                    "INSERT INTO death_matches
                         (challenger_id, challenged_id, rounds, status, created_at_ms)
                     VALUES ($1, $2, $3, 'challenged', $4) RETURNING id",
                    &[&challenger.0, &challenged.0, &rounds, &now_ms()],
                )
                .await?
                .try_get(0)?;
            tx.execute(
                "INSERT INTO death_match_log (match_id, seq, at_ms, entry)
                 VALUES ($1, $2, $3, $4)",
                &[&id, &first.seq, &first.at_ms, &first.entry],
            )
            .await?;
            tx.commit().await?;
            Ok(id)
        })
    }

    fn set_death_match_status(&mut self, id: i64, status: &str) -> Result<(), StorageError> {
        wait(self.host_client()?.execute(
            "UPDATE death_matches SET status = $2 WHERE id = $1",
            &[&id, &status],
        ))?;
        Ok(())
    }

    fn log_death_match(
        &mut self,
        id: i64,
        entries: &[StoredEntry],
        status: &str,
        clock_ms: i64,
    ) -> Result<(), StorageError> {
        let mut guard = self.host_client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            for e in entries {
                tx.execute(
                    "INSERT INTO death_match_log (match_id, seq, at_ms, entry)
                     VALUES ($1, $2, $3, $4)",
                    &[&id, &e.seq, &e.at_ms, &e.entry],
                )
                .await?;
            }
            tx.execute(
                "UPDATE death_matches SET status = $2, clock_ms = GREATEST(clock_ms, $3)
                 WHERE id = $1",
                &[&id, &status, &clock_ms],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn set_death_match_clocks(&mut self, clocks: &[(i64, i64)]) -> Result<(), StorageError> {
        let mut guard = self.host_client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            for (id, clock_ms) in clocks {
                tx.execute(
                    "UPDATE death_matches SET clock_ms = GREATEST(clock_ms, $2) WHERE id = $1",
                    &[id, clock_ms],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn death_matches(&self) -> Result<Vec<StoredMatch>, StorageError> {
        wait(async {
            let mut matches = Vec::new();
            for r in self
                .client()?
                .query(
                    "SELECT id, challenger_id, challenged_id, rounds, status, created_at_ms,
                            clock_ms
                     FROM death_matches ORDER BY id",
                    &[],
                )
                .await?
            {
                matches.push(StoredMatch {
                    id: r.try_get(0)?,
                    challenger: PlayerId(r.try_get(1)?),
                    challenged: PlayerId(r.try_get(2)?),
                    rounds: r.try_get(3)?,
                    status: r.try_get(4)?,
                    created_at_ms: r.try_get(5)?,
                    clock_ms: r.try_get(6)?,
                    log: Vec::new(),
                });
            }
            for r in self
                .client()?
                .query(
                    "SELECT match_id, seq, at_ms, entry FROM death_match_log
                     ORDER BY match_id, seq",
                    &[],
                )
                .await?
            {
                let id: i64 = r.try_get(0)?;
                let entry = StoredEntry {
                    seq: r.try_get(1)?,
                    at_ms: r.try_get(2)?,
                    entry: r.try_get(3)?,
                };
                let m = matches
                    .iter_mut()
                    .find(|m| m.id == id)
                    .ok_or_else(|| StorageError::Corrupt(format!("log of unknown match {id}")))?;
                m.log.push(entry);
            }
            Ok(matches)
        })
    }

    fn set_mail(
        &mut self,
        player: PlayerId,
        address: &str,
        notify: Notify,
        code_hash: &str,
        code_expires_ms: i64,
    ) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "INSERT INTO mail_addresses (player_id, address, verified, code_hash, code_expires_ms,
                 notify_declared, notify_made_public, notify_challenged)
             VALUES ($1, $2, FALSE, $3, $4, $5, $6, $7)
             ON CONFLICT (player_id) DO UPDATE SET address = excluded.address, verified = FALSE,
                 code_hash = excluded.code_hash, code_expires_ms = excluded.code_expires_ms,
                 notify_declared = excluded.notify_declared,
                 notify_made_public = excluded.notify_made_public,
                 notify_challenged = excluded.notify_challenged",
            &[
                &player.0,
                &address,
                &code_hash,
                &code_expires_ms,
                &notify.declared,
                &notify.made_public,
                &notify.challenged,
            ],
        ))?;
        Ok(())
    }

    fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError> {
        Ok(wait(self.client()?.execute(
            "UPDATE mail_addresses SET notify_declared = $2, notify_made_public = $3,
                 notify_challenged = $4 WHERE player_id = $1",
            &[
                &player.0,
                &notify.declared,
                &notify.made_public,
                &notify.challenged,
            ],
        ))? > 0)
    }

    fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "UPDATE mail_addresses SET verified = TRUE, code_hash = NULL, code_expires_ms = NULL
             WHERE player_id = $1",
            &[&player.0],
        ))?;
        Ok(())
    }

    fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError> {
        Ok(wait(self.client()?.execute(
            "DELETE FROM mail_addresses WHERE player_id = $1",
            &[&player.0],
        ))? > 0)
    }

    fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT address, verified, notify_declared, notify_made_public, notify_challenged,
                 code_hash, code_expires_ms
             FROM mail_addresses WHERE player_id = $1",
            &[&player.0],
        ))?;
        let Some(r) = row else {
            return Ok(None);
        };
        Ok(Some(MailSettings {
            address: r.try_get(0)?,
            verified: r.try_get(1)?,
            notify: Notify {
                declared: r.try_get(2)?,
                made_public: r.try_get(3)?,
                challenged: r.try_get(4)?,
            },
            code_hash: r.try_get(5)?,
            code_expires_ms: r.try_get(6)?,
        }))
    }

    fn queue_mail(&mut self, address: &str, subject: &str, body: &str) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "INSERT INTO mail_queue (address, subject, body, next_at_ms, created_ms)
             VALUES ($1, $2, $3, $4, $4)",
            &[&address, &subject, &body, &now_ms()],
        ))?;
        Ok(())
    }

    fn claim_mail(
        &mut self,
        limit: usize,
        hold_until_ms: i64,
    ) -> Result<Vec<QueuedMail>, StorageError> {
        // Rows another server is claiming are skipped, not waited for: it holds them back.
        let rows = wait(self.client()?.query(
            "UPDATE mail_queue SET next_at_ms = $3 WHERE id IN (
                 SELECT id FROM mail_queue WHERE next_at_ms <= $1
                 ORDER BY next_at_ms, id LIMIT $2 FOR UPDATE SKIP LOCKED)
             RETURNING id, address, subject, body, attempts",
            &[&now_ms(), &(limit as i64), &hold_until_ms],
        ))?;
        let mut due = Vec::with_capacity(rows.len());
        for r in rows {
            due.push(QueuedMail {
                id: r.try_get(0)?,
                address: r.try_get(1)?,
                subject: r.try_get(2)?,
                body: r.try_get(3)?,
                attempts: r.try_get(4)?,
            });
        }
        due.sort_by_key(|m| m.id);
        Ok(due)
    }

    fn next_mail_at(&self) -> Result<Option<i64>, StorageError> {
        Ok(wait(
            self.client()?
                .query_one("SELECT min(next_at_ms) FROM mail_queue", &[]),
        )?
        .try_get(0)?)
    }

    fn mail_sent(&mut self, id: i64) -> Result<(), StorageError> {
        wait(
            self.client()?
                .execute("DELETE FROM mail_queue WHERE id = $1", &[&id]),
        )?;
        Ok(())
    }

    fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "UPDATE mail_queue SET attempts = attempts + 1, next_at_ms = $2 WHERE id = $1",
            &[&id, &next_at_ms],
        ))?;
        Ok(())
    }

    fn queued_mail(&self) -> Result<i64, StorageError> {
        Ok(wait(
            self.client()?
                .query_one("SELECT count(*) FROM mail_queue", &[]),
        )?
        .try_get(0)?)
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
