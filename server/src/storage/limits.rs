//! What limits players across every server on one database (schema version 5): failed logins,
//! counted per codename and per address (`login_failures`), and the servers alive now
//! (`instances`), by which each server takes its share of the per-address request rate.
//!
//! Both are kept in the database rather than in one server's memory, so that a player who
//! fails a login through one server waits through every other, and a client cannot multiply
//! its rate by the number of servers behind the proxy. On SQLite (one server) the same tables
//! serve, so failures also outlive a restart.

use super::StorageError;
use rusqlite::{OptionalExtension, params};
use tokio_postgres::GenericClient;

/// The tables, the same on both backends.
pub(super) const SCHEMA_V5: &str = "
CREATE TABLE login_failures (
    key      TEXT PRIMARY KEY,
    count    BIGINT NOT NULL,
    last_ms  BIGINT NOT NULL,
    until_ms BIGINT NOT NULL
);
CREATE INDEX login_failures_by_last ON login_failures(last_ms);
CREATE TABLE instances (
    id      TEXT PRIMARY KEY,
    seen_ms BIGINT NOT NULL,
    applied BIGINT NOT NULL DEFAULT 0
);
";

/// Taken, on PostgreSQL, by every change to `login_failures`: the throttle reads a codename's
/// and an address's records and writes both back, and two servers must not interleave.
const LOGIN_LOCK: i64 = 0x4c6f_636b_6c6f_6769;

/// Failed logins under one key (a codename or an address), times in milliseconds since the
/// Unix epoch so that every server reads them alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoginFailures {
    /// Attempts counted as failed.
    pub count: u32,
    /// The last attempt.
    pub last_ms: i64,
    /// No attempt is let through before this.
    pub until_ms: i64,
}

/// How a throttle's rule changes the records of some keys, all at once: given each key's
/// record (`None` when it has none), it leaves what should be stored (`None` forgets it).
pub type LoginRule<'a> = &'a mut dyn FnMut(&mut [Option<LoginFailures>]);

fn count_of(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// SQLite: reads the keys' records, applies `rule`, writes them back, in one transaction,
/// forgetting records not touched since `forget_before_ms`.
pub(super) fn sqlite_login_failures(
    conn: &mut rusqlite::Connection,
    keys: &[String],
    forget_before_ms: i64,
    rule: LoginRule<'_>,
) -> Result<(), StorageError> {
    let tx = conn.transaction()?;
    tx.execute(
        "DELETE FROM login_failures WHERE last_ms < ?1",
        params![forget_before_ms],
    )?;
    let mut records = Vec::with_capacity(keys.len());
    for key in keys {
        let r = tx
            .query_row(
                "SELECT count, last_ms, until_ms FROM login_failures WHERE key = ?1",
                params![key],
                |r| {
                    Ok(LoginFailures {
                        count: count_of(r.get(0)?),
                        last_ms: r.get(1)?,
                        until_ms: r.get(2)?,
                    })
                },
            )
            .optional()?;
        records.push(r);
    }
    rule(&mut records);
    for (key, r) in keys.iter().zip(&records) {
        match r {
            Some(f) => tx.execute(
                "INSERT INTO login_failures (key, count, last_ms, until_ms)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO UPDATE SET count = excluded.count,
                     last_ms = excluded.last_ms, until_ms = excluded.until_ms",
                params![key, i64::from(f.count), f.last_ms, f.until_ms],
            )?,
            None => tx.execute("DELETE FROM login_failures WHERE key = ?1", params![key])?,
        };
    }
    tx.commit()?;
    Ok(())
}

/// PostgreSQL: as [`sqlite_login_failures`], under [`LOGIN_LOCK`] so that the servers of one
/// database take turns.
pub(super) async fn postgres_login_failures(
    client: &mut tokio_postgres::Client,
    keys: &[String],
    forget_before_ms: i64,
    rule: LoginRule<'_>,
) -> Result<(), StorageError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOGIN_LOCK])
        .await?;
    tx.execute(
        "DELETE FROM login_failures WHERE last_ms < $1",
        &[&forget_before_ms],
    )
    .await?;
    let mut records = Vec::with_capacity(keys.len());
    for key in keys {
        let r = tx
            .query_opt(
                "SELECT count, last_ms, until_ms FROM login_failures WHERE key = $1",
                &[key],
            )
            .await?;
        records.push(match r {
            Some(r) => Some(LoginFailures {
                count: count_of(r.try_get(0)?),
                last_ms: r.try_get(1)?,
                until_ms: r.try_get(2)?,
            }),
            None => None,
        });
    }
    rule(&mut records);
    for (key, r) in keys.iter().zip(&records) {
        match r {
            Some(f) => {
                tx.execute(
                    "INSERT INTO login_failures (key, count, last_ms, until_ms)
                     VALUES ($1, $2, $3, $4)
                     ON CONFLICT (key) DO UPDATE SET count = excluded.count,
                         last_ms = excluded.last_ms, until_ms = excluded.until_ms",
                    &[key, &i64::from(f.count), &f.last_ms, &f.until_ms],
                )
                .await?
            }
            None => {
                tx.execute("DELETE FROM login_failures WHERE key = $1", &[key])
                    .await?
            }
        };
    }
    tx.commit().await?;
    Ok(())
}

/// SQLite: records that `instance` is alive at `now_ms`, forgets instances not seen since
/// `alive_since_ms`, and counts those left.
pub(super) fn sqlite_heartbeat(
    conn: &rusqlite::Connection,
    instance: &str,
    applied: i64,
    now_ms: i64,
    alive_since_ms: i64,
) -> Result<usize, StorageError> {
    conn.execute(
        "INSERT INTO instances (id, seen_ms, applied) VALUES (?1, ?2, ?3)
         ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms, applied = excluded.applied",
        params![instance, now_ms, applied],
    )?;
    conn.execute(
        "DELETE FROM instances WHERE seen_ms < ?1",
        params![alive_since_ms],
    )?;
    let n: i64 = conn.query_row("SELECT count(*) FROM instances", [], |r| r.get(0))?;
    Ok(usize::try_from(n).unwrap_or(1).max(1))
}

/// PostgreSQL: as [`sqlite_heartbeat`].
pub(super) async fn postgres_heartbeat(
    client: &impl GenericClient,
    instance: &str,
    applied: i64,
    now_ms: i64,
    alive_since_ms: i64,
) -> Result<usize, StorageError> {
    client
        .execute(
            "INSERT INTO instances (id, seen_ms, applied) VALUES ($1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms,
                 applied = excluded.applied",
            &[&instance, &now_ms, &applied],
        )
        .await?;
    client
        .execute(
            "DELETE FROM instances WHERE seen_ms < $1",
            &[&alive_since_ms],
        )
        .await?;
    let n: i64 = client
        .query_one("SELECT count(*) FROM instances", &[])
        .await?
        .try_get(0)?;
    Ok(usize::try_from(n).unwrap_or(1).max(1))
}

/// Removes `instance` (it is stopping), on either backend's plain statement.
pub(super) const LEAVE: (&str, &str) = (
    "DELETE FROM instances WHERE id = ?1",
    "DELETE FROM instances WHERE id = $1",
);

/// Cuts the change log back (see [`Backend::trim_changes`](super::Backend::trim_changes)),
/// on either backend: `?1`/`$1` the time before which changes may go, `?2`/`$2` the last
/// change this server has applied. Every server alive must have applied a change (the table
/// `instances`, and this server, which may not have said so yet), and the last is kept.
pub(super) const TRIM: (&str, &str) = (
    "DELETE FROM world_changes WHERE at_ms < ?1 AND seq <= ?2
         AND seq < (SELECT max(seq) FROM world_changes)
         AND seq <= COALESCE((SELECT min(applied) FROM instances), ?2)",
    "DELETE FROM world_changes WHERE at_ms < $1 AND seq <= $2
         AND seq < (SELECT max(seq) FROM world_changes)
         AND seq <= COALESCE((SELECT min(applied) FROM instances), $2)",
);

/// Refuses a catch-up that would skip changes the log no longer holds: `first` is the first
/// change read beyond `seen`.
pub(super) fn no_gap(seen: i64, first: i64) -> Result<(), StorageError> {
    if first == seen + 1 {
        Ok(())
    } else {
        Err(StorageError::LogTrimmed { seen, first })
    }
}
