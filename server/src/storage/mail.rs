//! Players' mail addresses, what they asked to be told, and the queue of mail to send.

use super::{Storage, StorageError, now_ms};
use rules::metagame::PlayerId;
use rusqlite::{OptionalExtension, params};

/// What a player asked to be mailed about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notify {
    /// Someone declared a note on one of their locks.
    #[serde(default)]
    pub declared: bool,
    /// One of their locks was made public (three of its notes became public).
    #[serde(default)]
    pub made_public: bool,
    /// Someone challenged them to a Death Match.
    #[serde(default)]
    pub challenged: bool,
}

/// A player's mail address and settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    /// The address.
    pub address: String,
    /// Whether its owner proved it is theirs with the mailed code.
    pub verified: bool,
    /// What they asked to be told.
    pub notify: Notify,
    /// The hash of the code mailed to verify it, while unverified.
    pub code_hash: Option<String>,
    /// When that code expires.
    pub code_expires_ms: Option<i64>,
}

/// A mail waiting to be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    /// Its number in the queue.
    pub id: i64,
    /// To whom.
    pub address: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// Tries so far.
    pub attempts: i64,
}

impl Storage {
    /// Sets a player's address (unverified, with the hash of the code mailed to them) and
    /// what they want to be told, replacing any earlier address.
    pub fn set_mail(
        &mut self,
        player: PlayerId,
        address: &str,
        notify: Notify,
        code_hash: &str,
        code_expires_ms: i64,
    ) -> Result<(), StorageError> {
        self.conn.execute(
            "INSERT INTO mail_addresses (player_id, address, verified, code_hash, code_expires_ms,
                 notify_declared, notify_made_public, notify_challenged)
             VALUES (?1, ?2, 0, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(player_id) DO UPDATE SET address = excluded.address, verified = 0,
                 code_hash = excluded.code_hash, code_expires_ms = excluded.code_expires_ms,
                 notify_declared = excluded.notify_declared,
                 notify_made_public = excluded.notify_made_public,
                 notify_challenged = excluded.notify_challenged",
            params![
                player.0,
                address,
                code_hash,
                code_expires_ms,
                notify.declared,
                notify.made_public,
                notify.challenged
            ],
        )?;
        Ok(())
    }

    /// Changes only what a player wants to be told.
    pub fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError> {
        Ok(self.conn.execute(
            "UPDATE mail_addresses SET notify_declared = ?2, notify_made_public = ?3,
                 notify_challenged = ?4 WHERE player_id = ?1",
            params![
                player.0,
                notify.declared,
                notify.made_public,
                notify.challenged
            ],
        )? > 0)
    }

    /// Marks a player's address as theirs.
    pub fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_addresses SET verified = 1, code_hash = NULL, code_expires_ms = NULL
             WHERE player_id = ?1",
            params![player.0],
        )?;
        Ok(())
    }

    /// Forgets a player's address.
    pub fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM mail_addresses WHERE player_id = ?1",
            params![player.0],
        )? > 0)
    }

    /// A player's address and settings.
    pub fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT address, verified, notify_declared, notify_made_public, notify_challenged,
                     code_hash, code_expires_ms
                 FROM mail_addresses WHERE player_id = ?1",
                params![player.0],
                |r| {
                    Ok(MailSettings {
                        address: r.get(0)?,
                        verified: r.get(1)?,
                        notify: Notify {
                            declared: r.get(2)?,
                            made_public: r.get(3)?,
                            challenged: r.get(4)?,
                        },
                        code_hash: r.get(5)?,
                        code_expires_ms: r.get(6)?,
                    })
                },
            )
            .optional()?)
    }

    /// Queues a mail, to be sent at once.
    pub fn queue_mail(
        &mut self,
        address: &str,
        subject: &str,
        body: &str,
    ) -> Result<(), StorageError> {
        let now = now_ms();
        self.conn.execute(
            "INSERT INTO mail_queue (address, subject, body, next_at_ms, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![address, subject, body, now],
        )?;
        Ok(())
    }

    /// The mail due now, oldest first, at most `limit`.
    pub fn due_mail(&self, limit: usize) -> Result<Vec<QueuedMail>, StorageError> {
        let mut q = self.conn.prepare(
            "SELECT id, address, subject, body, attempts FROM mail_queue
             WHERE next_at_ms <= ?1 ORDER BY next_at_ms, id LIMIT ?2",
        )?;
        let rows = q.query_map(params![now_ms(), limit as i64], |r| {
            Ok(QueuedMail {
                id: r.get(0)?,
                address: r.get(1)?,
                subject: r.get(2)?,
                body: r.get(3)?,
                attempts: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// When the next queued mail is due, if any is queued.
    pub fn next_mail_at(&self) -> Result<Option<i64>, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT min(next_at_ms) FROM mail_queue", [], |r| r.get(0))?)
    }

    /// A mail was sent: it leaves the queue.
    pub fn mail_sent(&mut self, id: i64) -> Result<(), StorageError> {
        self.conn
            .execute("DELETE FROM mail_queue WHERE id = ?1", params![id])?;
        Ok(())
    }

    /// A try failed: it waits until `next_at_ms`.
    pub fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_queue SET attempts = attempts + 1, next_at_ms = ?2 WHERE id = ?1",
            params![id, next_at_ms],
        )?;
        Ok(())
    }

    /// Mail waiting in the queue.
    pub fn queued_mail(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM mail_queue", [], |r| r.get(0))?)
    }
}
