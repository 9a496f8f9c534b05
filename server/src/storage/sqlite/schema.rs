//! The schema on SQLite, version by version, and the migration from any older one.

use super::*;

/// The schema. `one_lock_per_slot` makes the database itself refuse two locks in one slot,
/// and `UNIQUE(author_id, lock_id)` two declarations on one lock by one player, whatever a bug
/// above might try.
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id            INTEGER PRIMARY KEY,
    codename      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS locks (
    id         INTEGER PRIMARY KEY,
    owner_id   INTEGER NOT NULL REFERENCES players(id),
    slot       INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 3),
    text       TEXT NOT NULL,
    solution   TEXT NOT NULL,
    placed_at  INTEGER NOT NULL,
    retired_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS one_lock_per_slot ON locks(owner_id, slot)
    WHERE retired_at IS NULL;
CREATE TABLE IF NOT EXISTS notes (
    id        INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES players(id),
    lock_id   INTEGER NOT NULL REFERENCES locks(id),
    behind_id INTEGER NOT NULL REFERENCES locks(id),
    solution  TEXT NOT NULL,
    placed_at INTEGER NOT NULL,
    UNIQUE (author_id, lock_id)
);
";

/// What version 1 adds: tokens by their hash, and the row the readiness check rewrites.
const SCHEMA_V1: &str = "
CREATE TABLE tokens (
    hash          TEXT PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    created_at_ms INTEGER NOT NULL,
    used_at_ms    INTEGER NOT NULL
);
CREATE INDEX tokens_by_player ON tokens(player_id, used_at_ms);
CREATE TABLE ready_probe (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
";

/// What version 2 adds: the matches and their logs.
const SCHEMA_V2: &str = "
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

/// Brings the schema from `version` to [`SCHEMA_VERSION`] inside the caller's transaction.
pub(super) fn migrate_in(tx: &Connection, version: i64) -> Result<(), StorageError> {
    tx.execute_batch(SCHEMA)?;
    if version < 1 {
        tx.execute_batch("DROP TABLE IF EXISTS tokens;")?;
        tx.execute_batch(SCHEMA_V1)?;
    }
    if version < 2 {
        tx.execute_batch(SCHEMA_V2)?;
    }
    if version < 3 {
        // Everyone registered before played the metagame.
        tx.execute_batch(
            "ALTER TABLE players ADD COLUMN metagame INTEGER NOT NULL DEFAULT 1;
             ALTER TABLE players ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;
             CREATE INDEX IF NOT EXISTS notes_on_lock ON notes(lock_id);
             CREATE TABLE mail_addresses (
                 player_id          INTEGER PRIMARY KEY REFERENCES players(id),
                 address            TEXT NOT NULL,
                 verified           INTEGER NOT NULL DEFAULT 0,
                 code_hash          TEXT,
                 code_expires_ms    INTEGER,
                 notify_declared    INTEGER NOT NULL DEFAULT 0,
                 notify_made_public INTEGER NOT NULL DEFAULT 0,
                 notify_challenged  INTEGER NOT NULL DEFAULT 0
             );
             CREATE TABLE mail_queue (
                 id         INTEGER PRIMARY KEY,
                 address    TEXT NOT NULL,
                 subject    TEXT NOT NULL,
                 body       TEXT NOT NULL,
                 attempts   INTEGER NOT NULL DEFAULT 0,
                 next_at_ms INTEGER NOT NULL,
                 created_ms INTEGER NOT NULL
             );
             CREATE INDEX IF NOT EXISTS notes_behind_lock ON notes(behind_id);",
        )?;
    }
    if version < 4 {
        tx.execute_batch(journal::SCHEMA_V4)?;
    }
    if version < 5 {
        tx.execute_batch(limits::SCHEMA_V5)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    Ok(())
}
