//! What an operator does to a player: ban and unban, revoke their tokens, retire or purge
//! their locks. Each is one change like any other (the database first, then memory, then the
//! live events), and each is written to the log as an audit line by the API that calls it.

use super::*;

/// What retiring a player's locks did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LocksRetired {
    /// The locks taken out of their slots.
    pub retired: Vec<i64>,
    /// Retired locks deleted for good (no note named them): their text is gone.
    pub purged: usize,
}

impl Game {
    /// A player's number by codename, metagame player or not.
    pub fn any_player(&self, codename: &str) -> Result<PlayerId, GameError> {
        self.player_id(codename)
            .ok_or_else(|| GameError::UnknownCodename(codename.to_string()))
    }

    /// Bans or unbans a player. A ban drops their tokens (their event streams end) and
    /// refuses their logins; their locks stay until retired or purged.
    pub fn set_banned(&self, player: PlayerId, banned: bool) -> Result<(), GameError> {
        let mut db = self.db();
        self.changing(&mut db, |_, db| Ok(db.set_banned(player, banned)?))?;
        self.apply(crate::storage::Change::Banned { player, banned }, None)?;
        Ok(())
    }

    /// Makes a player who never placed a lock nor declared a note an account that plays
    /// Death Matches only: gone from the players, scores and accesses (a practice bot
    /// registered before accounts could say so).
    pub fn leave_metagame(&self, player: PlayerId) -> Result<(), GameError> {
        let mut db = self.db();
        self.changing(&mut db, |game, db| {
            if !game.read().world.has_player(player) {
                return Ok(());
            }
            // The rules refuse first, so the database changes only when memory can.
            game.read().world.check_remove_player(player)?;
            Ok(db.leave_metagame(player)?)
        })?;
        self.apply(crate::storage::Change::LeftMetagame(player), None)?;
        Ok(())
    }

    /// Retires every lock of a player's slots; with `purge`, also deletes their retired
    /// locks that no note names, text and all.
    pub fn retire_locks_of(
        &self,
        player: PlayerId,
        purge: bool,
    ) -> Result<LocksRetired, GameError> {
        let mut done = LocksRetired::default();
        for slot in Slot::all() {
            if self.read().world.slot(player, slot).is_some() {
                done.retired.push(self.retire(player, slot)?.lock.0);
            }
        }
        if purge {
            done.purged = self.db().purge_unnamed_locks(player)?;
        }
        Ok(done)
    }
}
