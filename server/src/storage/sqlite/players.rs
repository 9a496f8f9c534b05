//! The SQLite backend's players: registration, login tokens, bans and leaving the metagame.

use super::*;
use crate::storage::PlayerStore;

impl PlayerStore for Sqlite {
    fn token(&self, hash: &str) -> Result<Option<TokenRow>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT hash, player_id, used_at_ms FROM tokens WHERE hash = ?1",
                params![hash],
                |r| {
                    Ok(TokenRow {
                        hash: r.get(0)?,
                        player: PlayerId(r.get(1)?),
                        used_at_ms: r.get(2)?,
                    })
                },
            )
            .optional()?)
    }

    fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let taken: bool = tx
            .query_row(
                "SELECT 1 FROM players WHERE codename = ?1",
                params![codename],
                |_| Ok(()),
            )
            .optional()?
            .is_some();
        if taken {
            return Err(StorageError::CodenameTaken);
        }
        tx.execute(
            "INSERT INTO players (codename, password_hash, created_at, metagame)
             VALUES (?1, ?2, ?3, ?4)",
            params![codename, password_hash, now(), metagame],
        )?;
        let id = PlayerId(tx.last_insert_rowid());
        log.record(&tx, &Record::registered(id))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "INSERT INTO tokens (hash, player_id, created_at_ms, used_at_ms) VALUES (?1, ?2, ?3, ?3)",
            params![hash, player.0, at_ms],
        )?;
        let mut dropped = Vec::new();
        {
            let mut q = tx.prepare(
                "SELECT hash FROM tokens WHERE player_id = ?1
                 ORDER BY used_at_ms DESC, rowid DESC LIMIT -1 OFFSET ?2",
            )?;
            for h in q.query_map(params![player.0, cap as i64], |r| r.get::<_, String>(0))? {
                dropped.push(h?);
            }
        }
        for h in &dropped {
            tx.execute("DELETE FROM tokens WHERE hash = ?1", params![h])?;
            log.record(&tx, &Record::logged_out(h))?;
        }
        tx.commit()?;
        self.saw(log.last());
        Ok(dropped)
    }

    fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let removed = tx.execute("DELETE FROM tokens WHERE hash = ?1", params![hash])? > 0;
        log.record(&tx, &Record::logged_out(hash))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(removed)
    }

    fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let n = tx.execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?;
        log.record(&tx, &Record::logged_out_everywhere(player))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(n)
    }

    fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError> {
        let tx = self.conn.transaction()?;
        {
            let mut q =
                tx.prepare("UPDATE tokens SET used_at_ms = max(used_at_ms, ?2) WHERE hash = ?1")?;
            for (hash, at) in used {
                q.execute(params![hash, at])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM tokens WHERE used_at_ms < ?1",
            params![before_ms],
        )?)
    }

    fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "UPDATE players SET banned = ?2 WHERE id = ?1",
            params![player.0, banned],
        )?;
        if banned {
            tx.execute("DELETE FROM tokens WHERE player_id = ?1", params![player.0])?;
        }
        log.record(&tx, &Record::banned(player, banned))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(())
    }

    fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "UPDATE players SET metagame = 0 WHERE id = ?1",
            params![player.0],
        )?;
        log.record(&tx, &Record::left_metagame(player))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(())
    }
}
