//! The SQLite backend's Death Matches and their logs.

use super::*;
use crate::storage::DeathMatchStore;

impl DeathMatchStore for Sqlite {
    fn matches_in_progress(&self) -> Result<i64, StorageError> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM death_matches WHERE status IN ('challenged', 'playing')",
            [],
            |r| r.get(0),
        )?)
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
}
