//! The Death Matches: each match's players, where its rounds come from and where it stands,
//! and its log — every round given and every action accepted, in order, with the match time it
//! happened at. Replaying the log through the rules gives the match back, clocks included
//! (see `death_match_host`). The SQL is in each backend.

use super::StorageError;
use rules::metagame::PlayerId;

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

/// What a backend stores of Death Matches: each match and its log (see [`super::Backend`]).
pub trait DeathMatchStore {
    /// Death Matches challenged or being played.
    fn matches_in_progress(&self) -> Result<i64, StorageError>;
    /// Records a challenge with the first entry of its log (its terms), in one transaction;
    /// returns the match's number.
    fn add_death_match(
        &mut self,
        challenger: PlayerId,
        challenged: PlayerId,
        rounds: &str,
        first: &StoredEntry,
    ) -> Result<i64, StorageError>;
    /// Sets a match's status.
    fn set_death_match_status(&mut self, id: i64, status: &str) -> Result<(), StorageError>;
    /// Appends entries to a match's log, sets its status and its clock, in one transaction.
    fn log_death_match(
        &mut self,
        id: i64,
        entries: &[StoredEntry],
        status: &str,
        clock_ms: i64,
    ) -> Result<(), StorageError>;
    /// Records the match time of matches being played, so that a restart resumes them there.
    fn set_death_match_clocks(&mut self, clocks: &[(i64, i64)]) -> Result<(), StorageError>;
    /// Every match with its log.
    fn death_matches(&self) -> Result<Vec<StoredMatch>, StorageError>;
}
