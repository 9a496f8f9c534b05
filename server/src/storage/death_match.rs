//! The Death Matches: each match's players, where its rounds come from and where it stands,
//! and its log — every round given and every action accepted, in order, with the match time it
//! happened at. Replaying the log through the rules gives the match back, clocks included
//! (see `death_match_host`). The SQL is in each backend.

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
