//! Copying a world in and out of PostgreSQL (see [`copy`](crate::storage::copy)): rows read
//! into the copy's values, and the import that writes them in one transaction.

use super::*;

pub(super) fn read_row(table: &Table, r: &Row) -> Result<crate::storage::copy::Row, StorageError> {
    let mut row = Vec::with_capacity(table.columns.len());
    for (i, c) in table.columns.iter().enumerate() {
        let v = match c.kind {
            Kind::Int => r.try_get::<_, Option<i64>>(i)?.map(Value::Int),
            Kind::Text => r.try_get::<_, Option<String>>(i)?.map(Value::Text),
            Kind::Bool => r.try_get::<_, Option<bool>>(i)?.map(Value::Bool),
        };
        row.push(v.unwrap_or(Value::Null));
    }
    Ok(row)
}

/// A value as a parameter for its column's kind.
fn parameter(
    table: &Table,
    column: usize,
    v: &Value,
) -> Result<Box<dyn ToSql + Sync + Send>, StorageError> {
    let kind = table.columns[column].kind;
    Ok(match (kind, v) {
        (Kind::Int, Value::Int(n)) => Box::new(Some(*n)),
        (Kind::Int, Value::Null) => Box::new(None::<i64>),
        (Kind::Text, Value::Text(t)) => Box::new(Some(t.clone())),
        (Kind::Text, Value::Null) => Box::new(None::<String>),
        (Kind::Bool, Value::Bool(b)) => Box::new(Some(*b)),
        (Kind::Bool, Value::Null) => Box::new(None::<bool>),
        (_, v) => {
            return Err(StorageError::Corrupt(format!(
                "{}.{} holds {v:?}",
                table.name, table.columns[column].name
            )));
        }
    })
}

/// A world being written into PostgreSQL, in a transaction begun with `BEGIN` on the
/// connection it holds (held throughout, so that nothing else runs on it meanwhile, and a
/// lost connection is never silently opened again mid-copy).
pub(super) struct PgImport<'a> {
    pub(super) client: MutexGuard<'a, Client>,
    /// Whether the transaction is still to be committed or rolled back.
    pub(super) open: bool,
}

impl Import for PgImport<'_> {
    fn count(&mut self, table: &'static Table) -> Result<i64, StorageError> {
        Ok(wait(
            self.client
                .query_one(&format!("SELECT count(*) FROM {}", table.name), &[]),
        )?
        .try_get(0)?)
    }

    fn insert(
        &mut self,
        table: &'static Table,
        rows: &[crate::storage::copy::Row],
    ) -> Result<(), StorageError> {
        let marks: Vec<String> = (1..=table.columns.len()).map(|i| format!("${i}")).collect();
        let client = &*self.client;
        let statement = wait(client.prepare(&format!(
            "INSERT INTO {} ({}) VALUES ({})",
            table.name,
            table.column_list(),
            marks.join(", ")
        )))?;
        let mut parameters = Vec::with_capacity(rows.len());
        for row in rows {
            let values = row
                .iter()
                .enumerate()
                .map(|(i, v)| parameter(table, i, v))
                .collect::<Result<Vec<_>, _>>()?;
            parameters.push(values);
        }
        // Polled together, the inserts are pipelined: one round trip for the batch.
        wait(futures::future::try_join_all(parameters.iter().map(
            |values| {
                let refs: Vec<&(dyn ToSql + Sync)> =
                    values.iter().map(|v| &**v as &(dyn ToSql + Sync)).collect();
                let statement = &statement;
                async move { client.execute(statement, &refs).await }
            },
        )))?;
        Ok(())
    }

    fn commit(mut self: Box<Self>) -> Result<(), StorageError> {
        for table in TABLES.iter().filter(|t| t.sequence) {
            // The next id is past every id copied, as if the rows had been written here.
            wait(self.client.execute(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{0}', 'id'),
                                   COALESCE(max(id), 0) + 1, false) FROM {0}",
                    table.name
                ),
                &[],
            ))?;
        }
        wait(self.client.batch_execute("COMMIT"))?;
        self.open = false;
        Ok(())
    }
}

impl Drop for PgImport<'_> {
    fn drop(&mut self) {
        if self.open {
            // When the connection is gone, so is the transaction: nothing was committed.
            let _ = wait(self.client.batch_execute("ROLLBACK"));
        }
    }
}
