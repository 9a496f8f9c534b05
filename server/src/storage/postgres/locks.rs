//! The PostgreSQL backend's locks and notes.

use super::*;
use crate::storage::LockStore;

impl LockStore for Postgres {
    fn place_lock(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<LockId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let at = now();
            let place = slot;
            let slot = slot_number(slot);
            tx.execute(
                "UPDATE locks SET retired_at = $1
                 WHERE owner_id = $2 AND slot = $3 AND retired_at IS NULL",
                &[&at, &owner.0, &slot],
            )
            .await?;
            let id: i64 = tx
                .query_one(
                    "INSERT INTO locks (owner_id, slot, text, solution, placed_at)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&owner.0, &slot, &text, &solution, &at],
                )
                .await?
                .try_get(0)?;
            let id = LockId(id);
            log.record(&tx, &Record::placed(id, owner, place)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Option<LockId>, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (lock, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            // One statement: the row is found and retired at once.
            let row = tx
                .query_opt(
                    "UPDATE locks SET retired_at = $1
                     WHERE owner_id = $2 AND slot = $3 AND retired_at IS NULL RETURNING id",
                    &[&now(), &owner.0, &slot_number(slot)],
                )
                .await?;
            let lock = row.map(|r| r.try_get(0)).transpose()?.map(LockId);
            if lock.is_some() {
                log.record(&tx, &Record::retired(owner, slot)).await?;
            }
            tx.commit().await?;
            Ok::<_, StorageError>((lock, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(lock)
    }

    fn add_note(
        &mut self,
        author: PlayerId,
        on: LockId,
        behind: LockId,
        solution: &str,
    ) -> Result<NoteId, StorageError> {
        let seen = self.seen();
        let mut guard = self.client()?;
        let client = &mut *guard;
        let (id, last) = wait(async move {
            let tx = client.transaction().await?;
            let mut log = Log::begin(&tx, seen).await?;
            let r = tx
                .query_one(
                    "INSERT INTO notes (author_id, lock_id, behind_id, solution, placed_at)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&author.0, &on.0, &behind.0, &solution, &now()],
                )
                .await?;
            let id = NoteId(r.try_get(0)?);
            log.record(&tx, &Record::declared(id)).await?;
            tx.commit().await?;
            Ok::<_, StorageError>((id, log.last()))
        })?;
        drop(guard);
        self.saw(last);
        Ok(id)
    }

    fn author_solution(&self, lock: LockId) -> Result<Option<String>, StorageError> {
        let row = wait(
            self.client()?
                .query_opt("SELECT solution FROM locks WHERE id = $1", &[&lock.0]),
        )?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    fn purge_unnamed_locks(&mut self, owner: PlayerId) -> Result<usize, StorageError> {
        Ok(wait(self.client()?.execute(
            "DELETE FROM locks WHERE owner_id = $1 AND retired_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.lock_id = locks.id)
                AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.behind_id = locks.id)",
            &[&owner.0],
        ))? as usize)
    }

    fn lock(&self, id: LockId) -> Result<Option<LockRow>, StorageError> {
        let row = wait(self.client()?.query_opt(
            "SELECT owner_id, slot, text, retired_at IS NOT NULL FROM locks WHERE id = $1",
            &[&id.0],
        ))?;
        row.map(|r| {
            lock_row(
                id.0,
                r.try_get(0)?,
                r.try_get(1)?,
                r.try_get(2)?,
                r.try_get(3)?,
            )
        })
        .transpose()
    }
}
