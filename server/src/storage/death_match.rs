//! The Death Matches: each match's players, where its rounds come from and where it stands,
//! and its log — every round given and every action accepted, in order, with the match time it
//! happened at. Replaying the log through the rules gives the match back, clocks included
//! (see `death_match_host`).

use super::{Storage, StorageError, now_ms};
use rules::metagame::PlayerId;
use rusqlite::{TransactionBehavior, params};

/// What version 2 adds: the matches and their logs.
pub(super) const SCHEMA_V2: &str = "
CREATE TABLE death_matches (
    id            INTEGER PRIMARY KEY,
    challenger_id INTEGER NOT NULL REFERENCES players(id),
    challenged_id INTEGER NOT NULL REFERENCES players(id),
    rounds        TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('challenged', 'declined', 'playing', 'over')),
    created_at_ms INTEGER NOT NULL,
    clock_ms      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE death_match_log (
    match_id INTEGER NOT NULL REFERENCES death_matches(id),
    seq      INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,
    entry    TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
";

/// A stored match.
#[derive(Clone, Debug)]
pub struct StoredMatch {
    /// Its number.
    pub id: i64,
    /// Who called it.
    pub challenger: PlayerId,
    /// Who was called.
    pub challenged: PlayerId,
    /// Where its rounds come from, as JSON.
    pub rounds: String,
    /// `challenged`, `declined`, `playing` or `over`.
    pub status: String,
    /// When it was called (ms since 1970).
    pub created_at_ms: i64,
    /// The match time last recorded.
    pub clock_ms: i64,
    /// Its log, in order.
    pub log: Vec<StoredEntry>,
}

/// One entry of a match's log.
#[derive(Clone, Debug)]
pub struct StoredEntry {
    /// Its place in the log, from 0.
    pub seq: i64,
    /// The match time it happened at.
    pub at_ms: i64,
    /// What happened, as JSON.
    pub entry: String,
}

impl Storage {
    /// Records a challenge; returns the match's number.
    pub fn add_death_match(
        &mut self,
        challenger: PlayerId,
        challenged: PlayerId,
        rounds: &str,
    ) -> Result<i64, StorageError> {
        self.conn.execute(
            "INSERT INTO death_matches (challenger_id, challenged_id, rounds, status, created_at_ms)
             VALUES (?1, ?2, ?3, 'challenged', ?4)",
            params![challenger.0, challenged.0, rounds, now_ms()],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Sets a match's status.
    pub fn set_death_match_status(&mut self, id: i64, status: &str) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE death_matches SET status = ?2 WHERE id = ?1",
            params![id, status],
        )?;
        Ok(())
    }

    /// Appends entries to a match's log, sets its status and its clock, in one transaction.
    pub fn log_death_match(
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

    /// Records the match time of matches being played, so that a restart resumes them there.
    pub fn set_death_match_clocks(&mut self, clocks: &[(i64, i64)]) -> Result<(), StorageError> {
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

    /// Every match with its log.
    pub fn death_matches(&self) -> Result<Vec<StoredMatch>, StorageError> {
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
