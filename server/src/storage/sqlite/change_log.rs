//! The SQLite backend's change log, as one write transaction records it (see [`journal`]).

use super::*;

/// The change log of one write transaction: refuses to begin when the log has moved past what
/// the connection saw, then numbers each row it records after it (see [`journal`]).
pub(super) struct Log {
    next: i64,
}

impl Log {
    pub(super) fn begin(tx: &Connection, seen: i64) -> Result<Log, StorageError> {
        let latest: i64 =
            tx.query_row("SELECT COALESCE(max(seq), 0) FROM world_changes", [], |r| {
                r.get(0)
            })?;
        if latest != seen {
            return Err(StorageError::Stale);
        }
        Ok(Log { next: seen + 1 })
    }

    pub(super) fn record(&mut self, tx: &Connection, r: &Record) -> Result<(), StorageError> {
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
    pub(super) fn last(&self) -> i64 {
        self.next - 1
    }
}
