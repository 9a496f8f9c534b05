//! Players and their logins: codenames, password hashes, registering, and tokens with their
//! lifetime and revocation.

use super::*;

impl Game {
    /// A player's number by codename.
    pub fn player_id(&self, codename: &str) -> Option<PlayerId> {
        self.read().by_codename.get(codename).copied()
    }

    /// A player's codename.
    pub fn codename(&self, id: PlayerId) -> Option<String> {
        self.read().players.get(&id).map(|p| p.codename.clone())
    }

    /// The password hash of a codename, for logging in.
    pub fn password_hash(&self, codename: &str) -> Option<(PlayerId, String)> {
        let st = self.read();
        let id = *st.by_codename.get(codename)?;
        st.players.get(&id).map(|p| (id, p.password_hash.clone()))
    }

    /// Whether an operator banned the player.
    pub fn is_banned(&self, id: PlayerId) -> bool {
        self.read().players.get(&id).is_some_and(|p| p.banned)
    }

    /// The player a bearer token belongs to, if it is known and has not expired; using it
    /// starts its time again.
    pub fn token_player(&self, token: &str) -> Option<PlayerId> {
        let hash = crate::auth::token_hash(token);
        let now = crate::storage::now_ms();
        let mut tokens = self.tokens();
        let ttl = tokens.ttl_ms;
        let entry = tokens.by_hash.get_mut(&hash)?;
        if now - entry.used_at_ms > ttl {
            // The database forgets it at the next upkeep.
            tokens.by_hash.remove(&hash);
            return None;
        }
        entry.used_at_ms = entry.used_at_ms.max(now);
        Some(entry.player)
    }

    /// The player of a token this server does not hold, as the database has it: one another
    /// server on the same database issued, or used since this one last saw it used. Kept in
    /// memory once found. `None` when unknown, expired or the database cannot say.
    pub fn stored_token_player(&self, token: &str) -> Option<PlayerId> {
        let hash = crate::auth::token_hash(token);
        let row = match self.db().token(&hash) {
            Ok(row) => row?,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look a token up");
                return None;
            }
        };
        if self.is_banned(row.player) {
            return None;
        }
        let now = crate::storage::now_ms();
        let mut tokens = self.tokens();
        if now - row.used_at_ms > tokens.ttl_ms {
            return None;
        }
        tokens.by_hash.insert(
            hash,
            TokenEntry {
                player: row.player,
                used_at_ms: now,
                stored_used_at_ms: row.used_at_ms,
            },
        );
        Some(row.player)
    }

    /// How long until a token (by its hash) expires unless used again; `None` when it is
    /// unknown, revoked or expired. Asking does not count as a use.
    pub fn token_expires_in(&self, hash: &str) -> Option<Duration> {
        let now = crate::storage::now_ms();
        let tokens = self.tokens();
        let entry = tokens.by_hash.get(hash)?;
        let left = entry.used_at_ms + tokens.ttl_ms - now;
        (left >= 0).then(|| Duration::from_millis(left as u64))
    }

    /// Changes each time tokens are revoked, so that event streams check theirs at once.
    pub fn revocations(&self) -> tokio::sync::watch::Receiver<u64> {
        self.revocations.subscribe()
    }

    pub(super) fn revoked(&self) {
        self.revocations.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Registers a player (the password already hashed): a metagame player, or, with
    /// `metagame` false, an account that only plays Death Matches (a practice bot), which
    /// never appears among the players, their scores or their accesses.
    pub fn register(
        &self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, GameError> {
        let mut db = self.db();
        let id = self.changing(&mut db, |_, db| {
            Ok(db.add_player(codename, password_hash, metagame)?)
        })?;
        let row = crate::storage::PlayerRow {
            id,
            codename: codename.to_string(),
            password_hash: password_hash.to_string(),
            metagame,
            banned: false,
        };
        self.apply(crate::storage::Change::Registered(row), None)?;
        drop(db);
        Ok(id)
    }

    /// Records a new bearer token (only its hash is kept); beyond the player's cap, their
    /// least recently used tokens are dropped.
    pub fn add_token(&self, token: &str, player: PlayerId) -> Result<(), GameError> {
        let hash = crate::auth::token_hash(token);
        let now = crate::storage::now_ms();
        let per_player = self.tokens().per_player;
        let mut db = self.db();
        // Uses not yet written count when choosing which tokens to drop.
        self.store_token_uses(&mut db)?;
        let dropped = self.changing(&mut db, |_, db| {
            Ok(db.add_token(&hash, player, now, per_player)?)
        })?;
        let mut tokens = self.tokens();
        for h in dropped {
            tokens.by_hash.remove(&h);
        }
        tokens.by_hash.insert(
            hash,
            TokenEntry {
                player,
                used_at_ms: now,
                stored_used_at_ms: now,
            },
        );
        Ok(())
    }

    /// Forgets a token: logging out. Returns whether it was known.
    pub fn revoke_token(&self, token: &str) -> Result<bool, GameError> {
        let hash = crate::auth::token_hash(token);
        let mut db = self.db();
        let stored = self.changing(&mut db, |_, db| Ok(db.remove_token(&hash)?))?;
        let known = self.tokens().by_hash.remove(&hash).is_some();
        self.revoked();
        Ok(stored || known)
    }

    /// Forgets every token of a player: logging out everywhere. Returns how many.
    pub fn revoke_tokens_of(&self, player: PlayerId) -> Result<usize, GameError> {
        let mut db = self.db();
        let n = self.changing(&mut db, |_, db| Ok(db.remove_tokens_of(player)?))?;
        self.tokens().by_hash.retain(|_, t| t.player != player);
        self.revoked();
        Ok(n)
    }

    /// Writes the uses of tokens not yet written (under the storage lock).
    pub(super) fn store_token_uses(&self, db: &mut Storage) -> Result<(), GameError> {
        let used: Vec<(String, i64)> = self
            .tokens()
            .by_hash
            .iter()
            .filter(|(_, t)| t.used_at_ms > t.stored_used_at_ms)
            .map(|(h, t)| (h.clone(), t.used_at_ms))
            .collect();
        if used.is_empty() {
            return Ok(());
        }
        db.touch_tokens(&used)?;
        let mut tokens = self.tokens();
        for (h, at) in used {
            if let Some(t) = tokens.by_hash.get_mut(&h) {
                t.stored_used_at_ms = t.stored_used_at_ms.max(at);
            }
        }
        Ok(())
    }

    /// Token upkeep, run every few seconds and at shutdown: writes when tokens were last used
    /// (a crash loses at most that much sliding) and forgets expired ones. Blocks on the disk.
    pub fn keep_tokens(&self) -> Result<(), GameError> {
        let now = crate::storage::now_ms();
        let mut db = self.db();
        self.store_token_uses(&mut db)?;
        let ttl = self.tokens().ttl_ms;
        db.remove_tokens_unused_since(now - ttl)?;
        self.tokens()
            .by_hash
            .retain(|_, t| now - t.used_at_ms <= ttl);
        Ok(())
    }
}
