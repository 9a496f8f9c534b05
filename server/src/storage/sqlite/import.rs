//! Copying a world in and out of SQLite (see [`copy`](crate::storage::copy)): rows read into
//! the copy's values, and the import that writes them in one transaction.

use super::*;

pub(super) fn read_row(table: &Table, r: &rusqlite::Row<'_>) -> Result<Row, StorageError> {
    let mut row = Vec::with_capacity(table.columns.len());
    for (i, c) in table.columns.iter().enumerate() {
        let v = match c.kind {
            Kind::Int => r.get::<_, Option<i64>>(i)?.map(Value::Int),
            Kind::Text => r.get::<_, Option<String>>(i)?.map(Value::Text),
            Kind::Bool => r.get::<_, Option<bool>>(i)?.map(Value::Bool),
        };
        row.push(v.unwrap_or(Value::Null));
    }
    Ok(row)
}

fn sql_value(v: &Value) -> rusqlite::types::Value {
    use rusqlite::types::Value as V;
    match v {
        Value::Null => V::Null,
        Value::Int(n) => V::Integer(*n),
        Value::Text(t) => V::Text(t.clone()),
        Value::Bool(b) => V::Integer(i64::from(*b)),
    }
}

/// A world being written into SQLite: dropping the transaction uncommitted rolls it back.
pub(super) struct SqliteImport<'a> {
    pub(super) tx: rusqlite::Transaction<'a>,
}

impl Import for SqliteImport<'_> {
    fn count(&mut self, table: &'static Table) -> Result<i64, StorageError> {
        Ok(self
            .tx
            .query_row(&format!("SELECT count(*) FROM {}", table.name), [], |r| {
                r.get(0)
            })?)
    }

    fn insert(&mut self, table: &'static Table, rows: &[Row]) -> Result<(), StorageError> {
        let marks: Vec<String> = (1..=table.columns.len()).map(|i| format!("?{i}")).collect();
        let mut q = self.tx.prepare_cached(&format!(
            "INSERT INTO {} ({}) VALUES ({})",
            table.name,
            table.column_list(),
            marks.join(", ")
        ))?;
        for row in rows {
            q.execute(rusqlite::params_from_iter(row.iter().map(sql_value)))?;
        }
        Ok(())
    }

    fn commit(self: Box<Self>) -> Result<(), StorageError> {
        // SQLite's ids are the next past the largest: nothing to move.
        self.tx.commit()?;
        Ok(())
    }
}
