//! Backups on a schedule, with retention, and restoring one.
//!
//! With `backup_every` set, the running server copies its database every so often with
//! SQLite's online backup (consistent, the server writing meanwhile) into `backup_folder`
//! (default: `backups` in the data folder), as `lockwright-YYYYMMDD-HHMMSS.sqlite3` (UTC),
//! and keeps the newest `backup_keep`. `lockwright-server restore FILE` puts one back: only
//! while no server runs on the folder, only a backup that checks out, and the database it
//! replaces is kept beside it, never deleted.

use crate::storage::{FILE_NAME, Storage, StorageError};
use std::path::{Path, PathBuf};

/// The prefix and suffix of a scheduled backup's file name.
const PREFIX: &str = "lockwright-";
const SUFFIX: &str = ".sqlite3";

/// Why a backup or a restore failed.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// A file or folder cannot be read or written.
    #[error("{path}: {source}")]
    File {
        /// Which.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The backup to restore is not a sound database.
    #[error("{path} is not a sound backup: {problems}")]
    Unsound {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problems: String,
    },
}

fn file_error(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::File {
        path: path.to_path_buf(),
        source,
    }
}

/// `YYYYMMDD-HHMMSS` in UTC for seconds since 1970 (the civil calendar from days, after
/// Howard Hinnant's `civil_from_days`).
pub fn stamp(unix_seconds: i64) -> String {
    let days = unix_seconds.div_euclid(86_400);
    let secs = unix_seconds.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// The scheduled backups in `folder`, oldest first.
pub fn listed(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        })
        .collect();
    files.sort();
    files
}

/// Backs the database in `data` up into `folder` now and keeps the newest `keep` backups
/// there. Returns the new backup's path.
pub fn back_up(data: &Path, folder: &Path, keep: usize) -> Result<PathBuf, BackupError> {
    std::fs::create_dir_all(folder).map_err(file_error(folder))?;
    let now = crate::storage::now_ms() / 1000;
    let mut path = folder.join(format!("{PREFIX}{}{SUFFIX}", stamp(now)));
    // Two in one second (a short schedule): the later one takes a suffix.
    let mut n = 1;
    while path.exists() {
        path = folder.join(format!("{PREFIX}{}-{n}{SUFFIX}", stamp(now)));
        n += 1;
    }
    let storage = Storage::open_existing(&data.join(FILE_NAME))?;
    storage.backup_to(&path)?;
    let all = listed(folder);
    for old in all.iter().take(all.len().saturating_sub(keep.max(1))) {
        std::fs::remove_file(old).map_err(file_error(old))?;
    }
    Ok(path)
}

/// Puts `backup` back as the database of `data`: refused while a server runs there (the
/// folder is taken for the time), refused unless the backup checks out. The database it
/// replaces, if any, is renamed `lockwright.sqlite3.before-restore-STAMP`. Returns that
/// name, if there was one.
pub fn restore(backup: &Path, data: &Path) -> Result<Option<PathBuf>, crate::server::ServerError> {
    std::fs::create_dir_all(data).map_err(|source| crate::instance::InstanceError::Io {
        path: data.to_path_buf(),
        source,
    })?;
    let _held = crate::instance::Instance::take(data)?;
    let copy = || -> Result<Option<PathBuf>, BackupError> {
        let problems = Storage::open_existing(backup)?.check()?;
        if !problems.is_empty() {
            return Err(BackupError::Unsound {
                path: backup.to_path_buf(),
                problems: problems.join("; "),
            });
        }
        let db = data.join(FILE_NAME);
        let before = if db.exists() {
            // Anything still in the log goes into the file first, so the kept copy is whole.
            Storage::open_existing(&db)?.checkpoint_all()?;
            let aside = data.join(format!(
                "{FILE_NAME}.before-restore-{}",
                stamp(crate::storage::now_ms() / 1000)
            ));
            std::fs::rename(&db, &aside).map_err(file_error(&db))?;
            Some(aside)
        } else {
            None
        };
        for leftover in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(data.join(format!("{FILE_NAME}{leftover}")));
        }
        let partial = data.join(format!("{FILE_NAME}.restoring"));
        std::fs::copy(backup, &partial).map_err(file_error(backup))?;
        std::fs::rename(&partial, &db).map_err(file_error(&db))?;
        Ok(before)
    };
    Ok(copy()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_calendar_times() {
        assert_eq!(stamp(0), "19700101-000000");
        assert_eq!(stamp(951_782_400), "20000229-000000", "a leap day");
        assert_eq!(stamp(1_796_428_799), "20261204-235959");
    }
}
