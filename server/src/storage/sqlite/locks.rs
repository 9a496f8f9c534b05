//! The SQLite backend's locks and notes.

use super::*;
use crate::storage::LockStore;

impl LockStore for Sqlite {
    fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let at = now();
        tx.execute(
            "UPDATE locks SET retired_at = ?1
             WHERE owner_id = ?2 AND slot = ?3 AND retired_at IS NULL",
            params![at, owner.0, slot.number()],
        )?;
        tx.execute(
            "INSERT INTO locks (owner_id, slot, text, solution, placed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![owner.0, slot.number(), text, solution, at],
        )?;
        let id = LockId(tx.last_insert_rowid());
        log.record(&tx, &Record::placed(id, owner, slot))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        let lock: Option<i64> = tx
            .query_row(
                "SELECT id FROM locks WHERE owner_id = ?1 AND slot = ?2 AND retired_at IS NULL",
                params![owner.0, slot.number()],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = lock {
            tx.execute(
                "UPDATE locks SET retired_at = ?1 WHERE id = ?2",
                params![now(), id],
            )?;
            log.record(&tx, &Record::retired(owner, slot))?;
        }
        tx.commit()?;
        self.saw(log.last());
        Ok(lock.map(LockId))
    }

    fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut log = Log::begin(&tx, self.seen.load(Ordering::Relaxed))?;
        tx.execute(
            "INSERT INTO notes (author_id, lock_id, behind_id, solution, placed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![author.0, on.0, behind.0, solution, now()],
        )?;
        let id = NoteId(tx.last_insert_rowid());
        log.record(&tx, &Record::declared(id))?;
        tx.commit()?;
        self.saw(log.last());
        Ok(id)
    }

    fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError> {
        Ok(self
            .conn
            .query_row(
                "SELECT solution FROM locks WHERE id = ?1",
                params![lock.0],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError> {
        Ok(self.conn.execute(
            "DELETE FROM locks WHERE owner_id = ?1 AND retired_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.lock_id = locks.id)
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.behind_id = locks.id)",
            params![owner.0],
        )?)
    }

    fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError> {
        let row = self
            .conn
            .query_row(
                "SELECT owner_id, slot, text, retired_at IS NOT NULL FROM locks WHERE id = ?1",
                params![id.0],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, bool>(3)?,
                    ))
                },
            )
            .optional()?;
        row.map(|(owner, slot, text, retired)| {
            Ok(LockRow {
                id,
                owner: PlayerId(owner),
                slot: slot_of(slot)?,
                text,
                retired,
            })
        })
        .transpose()
    }
}
