//! The PostgreSQL backend's players' mail addresses and the queue of mail to send.

use super::*;
use crate::storage::MailStore;

impl MailStore for Postgres {
    fn set_mail(
        &mut self,
        player: PlayerId,
        address: &str,
        notify: Notify,
        code_hash: &str,
        code_expires_ms: i64,
    ) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "INSERT INTO mail_addresses (player_id, address, verified, code_hash, code_expires_ms,
                 notify_declared, notify_made_public, notify_challenged)
             VALUES ($1, $2, FALSE, $3, $4, $5, $6, $7)
             ON CONFLICT (player_id) DO UPDATE SET address = excluded.address, verified = FALSE,
                 code_hash = excluded.code_hash, code_expires_ms = excluded.code_expires_ms,
                 notify_declared = excluded.notify_declared,
                 notify_made_public = excluded.notify_made_public,
                 notify_challenged = excluded.notify_challenged",
            &[
                &player.0,
                &address,
                &code_hash,
                &code_expires_ms,
                &notify.declared,
                &notify.made_public,
                &notify.challenged,
            ],
        ))?;
        Ok(())
    }

    fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError> {
        Ok(wait(self.client()?.execute(
            "UPDATE mail_addresses SET notify_declared = $2, notify_made_public = $3,
                 notify_challenged = $4 WHERE player_id = $1",
            &[
                &player.0,
                &notify.declared,
                &notify.made_public,
                &notify.challenged,
            ],
        ))? > 0)
    }

    fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "UPDATE mail_addresses SET verified = TRUE, code_hash = NULL, code_expires_ms = NULL
             WHERE player_id = $1",
            &[&player.0],
        ))?;
        Ok(())
    }

    fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError> {
        Ok(wait(self.client()?.execute(
            "DELETE FROM mail_addresses WHERE player_id = $1",
            &[&player.0],
        ))? > 0)
    }

    fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT address, verified, notify_declared, notify_made_public, notify_challenged,
                 code_hash, code_expires_ms
             FROM mail_addresses WHERE player_id = $1",
            &[&player.0],
        ))?;
        let Some(r) = row else {
            return Ok(None);
        };
        Ok(Some(MailSettings {
            address: r.try_get(0)?,
            verified: r.try_get(1)?,
            notify: Notify {
                declared: r.try_get(2)?,
                made_public: r.try_get(3)?,
                challenged: r.try_get(4)?,
            },
            code_hash: r.try_get(5)?,
            code_expires_ms: r.try_get(6)?,
        }))
    }

    fn queue_mail(&mut self, address: &str, subject: &str, body: &str) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "INSERT INTO mail_queue (address, subject, body, next_at_ms, created_ms)
             VALUES ($1, $2, $3, $4, $4)",
            &[&address, &subject, &body, &now_ms()],
        ))?;
        Ok(())
    }

    fn claim_mail(
        &mut self,
        limit: usize,
        hold_until_ms: i64,
    ) -> Result<Vec<QueuedMail>, StorageError> {
        // Rows another server is claiming are skipped, not waited for: it holds them back.
        let rows = wait(self.client()?.query(
            "UPDATE mail_queue SET next_at_ms = $3 WHERE id IN (
                 SELECT id FROM mail_queue WHERE next_at_ms <= $1
                 ORDER BY next_at_ms, id LIMIT $2 FOR UPDATE SKIP LOCKED)
             RETURNING id, address, subject, body, attempts",
            &[&now_ms(), &(limit as i64), &hold_until_ms],
        ))?;
        let mut due = Vec::with_capacity(rows.len());
        for r in rows {
            due.push(QueuedMail {
                id: r.try_get(0)?,
                address: r.try_get(1)?,
                subject: r.try_get(2)?,
                body: r.try_get(3)?,
                attempts: r.try_get(4)?,
            });
        }
        due.sort_by_key(|m| m.id);
        Ok(due)
    }

    fn next_mail_at(&self) -> Result<Option<i64>, StorageError> {
        Ok(wait(
            self.client()?
                .query_one("SELECT min(next_at_ms) FROM mail_queue", &[]),
        )?
        .try_get(0)?)
    }

    fn mail_sent(&mut self, id: i64) -> Result<(), StorageError> {
        wait(
            self.client()?
                .execute("DELETE FROM mail_queue WHERE id = $1", &[&id]),
        )?;
        Ok(())
    }

    fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError> {
        wait(self.client()?.execute(
            "UPDATE mail_queue SET attempts = attempts + 1, next_at_ms = $2 WHERE id = $1",
            &[&id, &next_at_ms],
        ))?;
        Ok(())
    }

    fn queued_mail(&self) -> Result<i64, StorageError> {
        Ok(wait(
            self.client()?
                .query_one("SELECT count(*) FROM mail_queue", &[]),
        )?
        .try_get(0)?)
    }
}
