//! The SQLite backend's players' mail addresses and the queue of mail to send.

use super::*;
use crate::storage::MailStore;

impl MailStore for Sqlite {
    fn set_mail(
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

    fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError> {
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

    fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_addresses SET verified = 1, code_hash = NULL, code_expires_ms = NULL
             WHERE player_id = ?1",
            params![player.0],
        )?;
        Ok(())
    }

    fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM mail_addresses WHERE player_id = ?1",
            params![player.0],
        )? > 0)
    }

    fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError> {
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

    fn queue_mail(&mut self, address: &str, subject: &str, body: &str) -> Result<(), StorageError> {
        let now = now_ms();
        self.conn.execute(
            "INSERT INTO mail_queue (address, subject, body, next_at_ms, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![address, subject, body, now],
        )?;
        Ok(())
    }

    fn claim_mail(
        &mut self,
        limit: usize,
        hold_until_ms: i64,
    ) -> Result<Vec<QueuedMail>, StorageError> {
        let mut q = self.conn.prepare(
            "UPDATE mail_queue SET next_at_ms = ?3 WHERE id IN (
                 SELECT id FROM mail_queue WHERE next_at_ms <= ?1
                 ORDER BY next_at_ms, id LIMIT ?2)
             RETURNING id, address, subject, body, attempts",
        )?;
        let rows = q.query_map(params![now_ms(), limit as i64, hold_until_ms], |r| {
            Ok(QueuedMail {
                id: r.get(0)?,
                address: r.get(1)?,
                subject: r.get(2)?,
                body: r.get(3)?,
                attempts: r.get(4)?,
            })
        })?;
        let mut claimed: Vec<QueuedMail> = rows.collect::<Result<_, _>>()?;
        claimed.sort_by_key(|m| m.id);
        Ok(claimed)
    }

    fn next_mail_at(&self) -> Result<Option<i64>, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT min(next_at_ms) FROM mail_queue", [], |r| r.get(0))?)
    }

    fn mail_sent(&mut self, id: i64) -> Result<(), StorageError> {
        self.conn
            .execute("DELETE FROM mail_queue WHERE id = ?1", params![id])?;
        Ok(())
    }

    fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError> {
        self.conn.execute(
            "UPDATE mail_queue SET attempts = attempts + 1, next_at_ms = ?2 WHERE id = ?1",
            params![id, next_at_ms],
        )?;
        Ok(())
    }

    fn queued_mail(&self) -> Result<i64, StorageError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM mail_queue", [], |r| r.get(0))?)
    }
}
