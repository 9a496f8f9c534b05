//! The PostgreSQL backend's Death Matches and their logs.

use super::*;
use crate::storage::DeathMatchStore;

impl DeathMatchStore for Postgres {
    fn matches_in_progress(&self) -> Result<i64, StorageError> {
        Ok(wait(self.client()?.query_one(
            "SELECT count(*) FROM death_matches WHERE status IN ('challenged', 'playing')",
            &[],
        ))?
        .try_get(0)?)
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
}
