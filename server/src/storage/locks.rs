//! Locks and notes: placing and retiring locks, securing notes, and what the server's own checks
//! read back.

use super::{LockId, LockRow, NoteId, PlayerId, Slot, StorageError};

/// What a backend stores of locks and notes: placing and retiring locks, securing notes, and what
/// the server's own checks read back (see [`super::Backend`]).
pub trait LockStore {
    /// Places a lock in a slot, retiring the lock there, in one transaction. Returns the new
    /// lock's number.
    fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError>;
    /// Retires the lock in a slot, leaving it empty. Returns the lock retired, if any.
    fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError>;
    /// Secures a note.
    fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError>;
    /// A lock's author's solution; only the server's own checks read it.
    fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError>;
    /// Deletes a player's retired locks that no note names: their text is gone for good.
    /// Returns how many.
    fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError>;
    /// One lock, retired or not, as stored; `None` when there is no such lock.
    fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError>;
}
