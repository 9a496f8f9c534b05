//! The PostgreSQL backend's change log, as one write transaction records it (see [`journal`]).

use super::*;

/// The advisory lock every change to the world takes for its transaction: one writer at a
/// time across every server on the database, between its check of the log and its commit.
const WORLD_LOCK: i64 = 0x4c6f_636b_7772_6977;

/// The change log of one write transaction (see [`journal`]): under the world's lock, refuses
/// to begin when the log has moved past what the connection saw, then numbers each row it
/// records after it; the rows are told on [`journal::CHANNEL`] when the transaction commits.
pub(super) struct Log {
    start: i64,
    next: i64,
}

impl Log {
    pub(super) async fn begin(tx: &impl GenericClient, seen: i64) -> Result<Log, StorageError> {
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

    pub(super) async fn record(
        &mut self,
        tx: &impl GenericClient,
        r: &Record,
    ) -> Result<(), StorageError> {
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
    pub(super) fn last(&self) -> i64 {
        self.next - 1
    }
}
