//! The PostgreSQL backend's players: registration, login tokens, bans and leaving the metagame.

use super::*;
use crate::storage::PlayerStore;

impl PlayerStore for Postgres {
    fn token(&self, hash: &str) -> Result<Option<TokenRow>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT hash, player_id, used_at_ms FROM tokens WHERE hash = $1",
            &[&hash],
        ))?;
        row.map(|r| {
            Ok(TokenRow {
                hash: r.try_get(0)?,
                player: PlayerId(r.try_get(1)?),
                used_at_ms: r.try_get(2)?,
            })
        })
        .transpose()
    }

    fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let inserted = tx
                .query_one(
                    "INSERT INTO players (codename, password_hash, created_at, metagame)
                     VALUES ($1, $2, $3, $4) RETURNING id",
                    &[&codename, &password_hash, &now(), &metagame],
                )
                .await;
            let id = match inserted {
                Ok(r) => PlayerId(r.try_get(0)?),
                // The unique codename: whoever registered it first, through any server.
                Err(e) if violates(&e, "players_codename_key") => {
                    return Err(StorageError::CodenameTaken);
                }
                Err(e) => return Err(e.into()),
            };
            log.record(&tx, &Record::registered(id)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (dropped, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            tx.execute(
                "INSERT INTO tokens (hash, player_id, created_at_ms, used_at_ms)
                 VALUES ($1, $2, $3, $3)",
                &[&hash, &player.0, &at_ms],
            )
            .await?;
            let mut dropped = Vec::new();
            for r in tx
                .query(
                    "SELECT hash FROM tokens WHERE player_id = $1
                     ORDER BY used_at_ms DESC, n DESC OFFSET $2",
                    &[&player.0, &(cap as i64)],
                )
                .await?
            {
                dropped.push(r.try_get::<_, String>(0)?);
            }
            for h in &dropped {
                tx.execute("DELETE FROM tokens WHERE hash = $1", &[h])
                    .await?;
                log.record(&tx, &Record::logged_out(h)).await?;
            }
            tx.commit().await?;
            Ok::<_, StorageError>((dropped, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(dropped)
    }

    fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError> {
        let n = self.logged_write(
            "DELETE FROM tokens WHERE hash = $1",
            &[&hash],
            Record::logged_out(hash),
        )?;
        Ok(n > 0)
    }

    fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError> {
        let n = self.logged_write(
            "DELETE FROM tokens WHERE player_id = $1",
            &[&player.0],
            Record::logged_out_everywhere(player),
        )?;
        Ok(n as usize)
    }

    fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError> {
        let mut guard = self.client()?;
        let client = &mut *guard;
        wait(async move {
            let tx = client.transaction().await?;
            let q = tx
                .prepare("UPDATE tokens SET used_at_ms = GREATEST(used_at_ms, $2) WHERE hash = $1")
                .await?;
            for (hash, at) in used {
                tx.execute(&q, &[hash, at]).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError> {
        Ok(wait(
            self.client()?
                .execute("DELETE FROM tokens WHERE used_at_ms < $1", &[&before_ms]),
        )? as usize)
    }

    fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let last = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            tx.execute(
                "UPDATE players SET banned = $2 WHERE id = $1",
                &[&player.0, &banned],
            )
            .await?;
            if banned {
                tx.execute("DELETE FROM tokens WHERE player_id = $1", &[&player.0])
                    .await?;
            }
            log.record(&tx, &Record::banned(player, banned)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>(log.last())
        })?;
        drop(guard);
        self.saw(last);
        Ok(())
    }

    fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError> {
        self.logged_write(
            "UPDATE players SET metagame = FALSE WHERE id = $1",
            &[&player.0],
            Record::left_metagame(player),
        )?;
        Ok(())
    }
}
