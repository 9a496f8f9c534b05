//! Players: registration, login tokens, bans and leaving the metagame.

use super::{PlayerId, StorageError, TokenRow};

/// What a backend stores of players: registration, login tokens, bans and leaving the metagame (see
/// [`super::Backend`]).
pub trait PlayerStore {
    /// A login token by its hash, as stored: how a server finds a token another issued.
    fn token(&self, hash: &str) -> Result<Option<TokenRow>, StorageError>;
    /// Registers a player.
    fn add_player(
        &mut self,
        codename: &str,
        password_hash: &str,
        metagame: bool,
    ) -> Result<PlayerId, StorageError>;
    /// Records a login token's hash for a player; beyond `cap` tokens, theirs least recently
    /// used are dropped in the same transaction. Returns the hashes dropped.
    fn add_token(
        &mut self,
        hash: &str,
        player: PlayerId,
        at_ms: i64,
        cap: usize,
    ) -> Result<Vec<String>, StorageError>;
    /// Forgets one token (logging out). Returns whether it was there.
    fn remove_token(&mut self, hash: &str) -> Result<bool, StorageError>;
    /// Forgets every token of a player. Returns how many.
    fn remove_tokens_of(&mut self, player: PlayerId) -> Result<usize, StorageError>;
    /// Records when tokens were last used, in one transaction.
    fn touch_tokens(&mut self, used: &[(String, i64)]) -> Result<(), StorageError>;
    /// Forgets tokens last used before `before_ms`. Returns how many.
    fn remove_tokens_unused_since(&mut self, before_ms: i64) -> Result<usize, StorageError>;
    /// Bans or unbans a player; a ban also drops their tokens, in the same transaction.
    fn set_banned(&mut self, player: PlayerId, banned: bool) -> Result<(), StorageError>;
    /// Marks a player as playing Death Matches only.
    fn leave_metagame(&mut self, player: PlayerId) -> Result<(), StorageError>;
}
