//! Checkpoints: the write-ahead log copied into the database file on a connection of its own.

use super::*;

/// The size the write-ahead log is kept to: past it, a checkpoint cuts it back to nothing.
pub const WAL_LIMIT_BYTES: i64 = 4 << 20;

/// A second connection to the database that copies the log into the database file (a
/// checkpoint) without stopping the writer or the readers: the disk waits happen here, off the
/// path of every request.
pub struct Checkpointer {
    conn: Connection,
    wal: std::path::PathBuf,
}

impl Checkpointer {
    /// Opens a connection to the database in a data folder.
    pub fn open(dir: &Path) -> Result<Checkpointer, StorageError> {
        let conn = Connection::open(dir.join(FILE_NAME))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Checkpointer {
            conn,
            wal: dir.join(format!("{FILE_NAME}-wal")),
        })
    }

    /// Copies what it can of the log into the database file, waiting for no one; and when
    /// the log's file has grown past [`WAL_LIMIT_BYTES`] (a burst of writes outran the
    /// checkpoints), copies all of it and cuts the file to nothing, waiting a moment for the
    /// writer and the readers in flight. Returns the log's pages and how many of them are now
    /// in the database file.
    pub fn run(&self) -> Result<(i64, i64), StorageError> {
        let checkpoint = |how: &str| {
            self.conn
                .query_row(&format!("PRAGMA wal_checkpoint({how})"), [], |r| {
                    Ok((r.get(1)?, r.get(2)?))
                })
        };
        let done = checkpoint("PASSIVE")?;
        if self.wal_bytes() > WAL_LIMIT_BYTES as u64 {
            return Ok(checkpoint("TRUNCATE")?);
        }
        Ok(done)
    }

    /// The size of the log's file now.
    pub fn wal_bytes(&self) -> u64 {
        std::fs::metadata(&self.wal).map_or(0, |m| m.len())
    }
}
