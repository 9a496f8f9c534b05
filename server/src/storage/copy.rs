//! Moving a world between databases (`lockwright-server copy`): every table the world is kept
//! in, every row and every column, ids kept, from one database to an empty one, SQLite or
//! PostgreSQL on either side.
//!
//! The tables are listed once here, [`TABLES`], with their columns' kinds, in an order where
//! every row's foreign keys point at rows copied before it. Each backend reads them as of one
//! moment ([`Backend::export_world`](super::Backend::export_world)) and writes them in one transaction
//! ([`Backend::begin_import`](super::Backend::begin_import)), so that a copy that fails anywhere — a row the destination
//! refuses, a lost connection — leaves the destination as it was. The rows pass in batches:
//! the copy holds one batch in memory, not the world.
//!
//! `ready_probe` is not copied: it is the readiness check's scratch row, not the world. Nor is
//! the change log, `world_changes`: it tells the servers of one database what the others
//! changed, and a world copied into an empty database starts its log afresh; nor is where the
//! Death Matches' host is reached (`death_match_host`), which its next host records; nor the
//! failed logins and the servers alive (`login_failures`, `instances`), which limit players
//! on one database and are not the world.

use super::{SCHEMA_VERSION, Storage, StorageError, hide_password, sqlite};
use std::fmt;
use std::path::{Path, PathBuf};

/// What a column holds, the same on both backends (SQLite keeps booleans as 0 and 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A 64-bit integer.
    Int,
    /// Text.
    Text,
    /// A boolean.
    Bool,
}

/// One column of a table.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    /// Its name.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
}

/// One table of the world.
#[derive(Debug)]
pub struct Table {
    /// Its name, the same on both backends.
    pub name: &'static str,
    /// The columns copied, in order.
    pub columns: &'static [Column],
    /// The columns its rows are read in order of. `None`: in the order they were written
    /// (SQLite's `rowid`, PostgreSQL's `n`), which the tokens keep because the oldest of a
    /// player's tokens beyond the cap is the one dropped.
    pub order: Option<&'static str>,
    /// Whether its `id` comes from a sequence on PostgreSQL, to be moved past the ids copied.
    pub sequence: bool,
}

impl Table {
    /// The column names, comma-separated, for SQL.
    pub fn column_list(&self) -> String {
        self.columns
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

const fn int(name: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Int,
    }
}

const fn text(name: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Text,
    }
}

const fn boolean(name: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Bool,
    }
}

/// Every table of the world at schema version 3, parents before children.
pub const TABLES: &[Table] = &[
    Table {
        name: "players",
        columns: &[
            int("id"),
            text("codename"),
            text("password_hash"),
            int("created_at"),
            boolean("metagame"),
            boolean("banned"),
        ],
        order: Some("id"),
        sequence: true,
    },
    Table {
        name: "locks",
        columns: &[
            int("id"),
            int("owner_id"),
            int("slot"),
            text("text"),
            text("solution"),
            int("placed_at"),
            int("retired_at"),
        ],
        order: Some("id"),
        sequence: true,
    },
    Table {
        name: "notes",
        columns: &[
            int("id"),
            int("author_id"),
            int("lock_id"),
            int("behind_id"),
            text("solution"),
            int("placed_at"),
        ],
        order: Some("id"),
        sequence: true,
    },
    Table {
        name: "tokens",
        columns: &[
            text("hash"),
            int("player_id"),
            int("created_at_ms"),
            int("used_at_ms"),
        ],
        order: None,
        sequence: false,
    },
    Table {
        name: "death_matches",
        columns: &[
            int("id"),
            int("challenger_id"),
            int("challenged_id"),
            text("rounds"),
            text("status"),
            int("created_at_ms"),
            int("clock_ms"),
        ],
        order: Some("id"),
        sequence: true,
    },
    Table {
        name: "death_match_log",
        columns: &[int("match_id"), int("seq"), int("at_ms"), text("entry")],
        order: Some("match_id, seq"),
        sequence: false,
    },
    Table {
        name: "mail_addresses",
        columns: &[
            int("player_id"),
            text("address"),
            boolean("verified"),
            text("code_hash"),
            int("code_expires_ms"),
            boolean("notify_declared"),
            boolean("notify_made_public"),
            boolean("notify_challenged"),
        ],
        order: Some("player_id"),
        sequence: false,
    },
    Table {
        name: "mail_queue",
        columns: &[
            int("id"),
            text("address"),
            text("subject"),
            text("body"),
            int("attempts"),
            int("next_at_ms"),
            int("created_ms"),
        ],
        order: Some("id"),
        sequence: true,
    },
];

/// One stored value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// No value (`retired_at` of a lock in its slot, a verified address's code).
    Null,
    /// An integer.
    Int(i64),
    /// Text.
    Text(String),
    /// A boolean.
    Bool(bool),
}

/// One row: its values in the table's column order.
pub type Row = Vec<Value>;

/// How many rows a batch holds at most, on its way from one database to the other.
pub const BATCH: usize = 500;

/// Writing a world into a database, inside one transaction that [`Import::commit`] commits;
/// dropped before that, it is rolled back and the database is as it was.
pub trait Import {
    /// How many rows a table holds now, in this transaction.
    fn count(&mut self, table: &'static Table) -> Result<i64, StorageError>;
    /// Inserts rows, ids and all.
    fn insert(&mut self, table: &'static Table, rows: &[Row]) -> Result<(), StorageError>;
    /// Moves PostgreSQL's sequences past the ids copied, and commits.
    fn commit(self: Box<Self>) -> Result<(), StorageError>;
}

/// A database named on `copy`'s command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// SQLite's file.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its URL.
    Postgres(String),
}

impl Place {
    /// Reads `sqlite:PATH` (the database file, or a data folder, meaning its
    /// `lockwright.sqlite3`) or a `postgres://` (`postgresql://`) URL.
    pub fn parse(s: &str) -> Result<Place, CopyError> {
        let bad = |why: String| CopyError::BadPlace {
            given: hide_password(s),
            why,
        };
        if let Some(path) = s.strip_prefix("sqlite:") {
            if path.is_empty() {
                return Err(bad(
                    "`sqlite:` needs the path of the file or the data folder".into(),
                ));
            }
            let path = PathBuf::from(path);
            return Ok(Place::Sqlite(if path.is_dir() {
                path.join(sqlite::FILE_NAME)
            } else {
                path
            }));
        }
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return match s.parse::<tokio_postgres::Config>() {
                Ok(_) => Ok(Place::Postgres(s.to_string())),
                Err(e) => Err(bad(format!("not a PostgreSQL URL: {e}"))),
            };
        }
        Err(bad(
            "a database is `sqlite:PATH` (the file, or the data folder) or a postgres:// URL"
                .into(),
        ))
    }
}

impl fmt::Display for Place {
    /// As given, a URL's password shown as `***`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            Place::Postgres(url) => f.write_str(&hide_password(url)),
        }
    }
}

/// Why a copy was refused or failed. Whatever it is, the destination is as it was.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// A database named wrongly on the command line.
    #[error("`{given}` is not a database: {why}")]
    BadPlace {
        /// What was given, password hidden.
        given: String,
        /// What is wrong with it.
        why: String,
    },
    /// The source is the destination.
    #[error("{0} is both the source and the destination")]
    SamePlace(Place),
    /// There is no SQLite file where the source was named.
    #[error("there is no database at {0}")]
    NoSource(PathBuf),
    /// The destination's folder does not exist.
    #[error("cannot create {file}: there is no folder {folder}")]
    NoFolder {
        /// The file asked for.
        file: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The source is not at the schema this server knows.
    #[error(
        "the source {place} has schema version {found}; this server copies version \
         {SCHEMA_VERSION} only: {what}"
    )]
    SourceSchema {
        /// The source.
        place: Place,
        /// Its version (0: no world at all).
        found: i64,
        /// What to do.
        what: &'static str,
    },
    /// The destination holds a schema other than this server's, or rows of its own.
    #[error(
        "the destination {place} has schema version {found}; a copy goes into an empty \
         database or one at version {SCHEMA_VERSION} holding no world"
    )]
    DestinationSchema {
        /// The destination.
        place: Place,
        /// Its version.
        found: i64,
    },
    /// The destination holds a world already; nothing was written.
    #[error(
        "the destination {place} already holds a world ({rows}): a copy never overwrites \
         one; copy into a new, empty database"
    )]
    DestinationHoldsWorld {
        /// The destination.
        place: Place,
        /// What it holds, e.g. `players 2, locks 3`.
        rows: String,
    },
    /// A server is running on the destination.
    #[error(
        "a lockwright-server is running on the destination {0}: stop it first (it would not \
         see the copied world, and its new ids would collide with the copied ones)"
    )]
    DestinationServed(Place),
    /// Reading the source failed.
    #[error("cannot read the source {place}: {source}")]
    Source {
        /// The source.
        place: Place,
        /// Why.
        source: StorageError,
    },
    /// Writing the destination failed; its transaction was rolled back.
    #[error("cannot write the destination {place} (nothing was written): {source}")]
    Destination {
        /// The destination.
        place: Place,
        /// Why.
        source: StorageError,
    },
    /// The destination, before committing, did not hold what was read.
    #[error(
        "the destination {place} holds {found} rows of {table} where {copied} were copied \
         (nothing was written)"
    )]
    Mismatch {
        /// The destination.
        place: Place,
        /// The table.
        table: &'static str,
        /// Rows read and written.
        copied: i64,
        /// Rows the destination counted.
        found: i64,
    },
}

/// What a copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Rows copied, per table, in [`TABLES`]' order.
    pub tables: Vec<(&'static str, i64)>,
    /// What the destination's check found after the copy: empty when it is consistent.
    pub problems: Vec<String>,
}

impl fmt::Display for Copied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .tables
            .iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect();
        f.write_str(&rows.join(", "))
    }
}

/// Opens a place to read, as it is: nothing created or migrated.
fn open_source(place: &Place) -> Result<Storage, CopyError> {
    let failed = |source| CopyError::Source {
        place: place.clone(),
        source,
    };
    match place {
        Place::Sqlite(path) => {
            if !path.is_file() {
                return Err(CopyError::NoSource(path.clone()));
            }
            Storage::open_existing(path).map_err(failed)
        }
        Place::Postgres(url) => Storage::connect_existing(url).map_err(failed),
    }
}

/// Opens (creating an SQLite file if needed) a place to write into; nothing is migrated:
/// the schema is created inside the copy's transaction. Says whether the file is new.
fn open_destination(place: &Place) -> Result<(Storage, bool), CopyError> {
    let failed = |source| CopyError::Destination {
        place: place.clone(),
        source,
    };
    match place {
        Place::Sqlite(path) => {
            let folder = match path.parent() {
                Some(p) if p.as_os_str().is_empty() => Path::new("."),
                Some(p) => p,
                None => Path::new("/"),
            };
            if !folder.is_dir() {
                return Err(CopyError::NoFolder {
                    file: path.clone(),
                    folder: folder.to_path_buf(),
                });
            }
            let new = !path.exists();
            Ok((
                Storage::of(sqlite::Sqlite::open_unmigrated(path).map_err(failed)?),
                new,
            ))
        }
        Place::Postgres(url) => Ok((Storage::connect_existing(url).map_err(failed)?, false)),
    }
}

/// Whether two places are one database, as far as can be told from their names.
fn same(a: &Place, b: &Place) -> bool {
    match (a, b) {
        (Place::Sqlite(a), Place::Sqlite(b)) => {
            a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
        }
        (Place::Postgres(a), Place::Postgres(b)) => {
            match (
                a.parse::<tokio_postgres::Config>(),
                b.parse::<tokio_postgres::Config>(),
            ) {
                (Ok(a), Ok(b)) => {
                    a.get_hosts() == b.get_hosts()
                        && a.get_ports() == b.get_ports()
                        && a.get_dbname() == b.get_dbname()
                }
                _ => a == b,
            }
        }
        _ => false,
    }
}

/// Copies the world at `from` into `to`, which must hold none: every table of [`TABLES`], as of
/// one moment of the source, in one transaction on the destination. Then checks the
/// destination as `lockwright-server check` does.
pub fn copy(from: &Place, to: &Place) -> Result<Copied, CopyError> {
    if same(from, to) {
        return Err(CopyError::SamePlace(to.clone()));
    }
    let source = open_source(from)?;
    let read_failed = |source| CopyError::Source {
        place: from.clone(),
        source,
    };
    let found = source.schema_version().map_err(read_failed)?;
    if found != SCHEMA_VERSION {
        return Err(CopyError::SourceSchema {
            place: from.clone(),
            found,
            what: if found == 0 {
                "it holds no world"
            } else if found < SCHEMA_VERSION {
                "run `lockwright-server migrate` on it first"
            } else {
                "run a newer server"
            },
        });
    }
    let (mut destination, new_file) = open_destination(to)?;
    let copied = copy_into(&source, from, &mut destination, to);
    if copied.is_err() && new_file {
        // The file was made for this copy: nothing of it is left behind.
        drop(destination);
        if let Place::Sqlite(path) = to {
            for end in ["", "-wal", "-shm"] {
                let mut p = path.as_os_str().to_owned();
                p.push(end);
                let _ = std::fs::remove_file(PathBuf::from(p));
            }
        }
    }
    copied
}

fn copy_into(
    source: &Storage,
    from: &Place,
    destination: &mut Storage,
    to: &Place,
) -> Result<Copied, CopyError> {
    let write_failed = |source| CopyError::Destination {
        place: to.clone(),
        source,
    };
    let found = destination.schema_version().map_err(write_failed)?;
    if found != 0 && found != SCHEMA_VERSION {
        return Err(CopyError::DestinationSchema {
            place: to.clone(),
            found,
        });
    }
    let mut import = destination.begin_import().map_err(|e| match e {
        StorageError::Served { .. } => CopyError::DestinationServed(to.clone()),
        e => write_failed(e),
    })?;
    let mut held = Vec::new();
    for table in TABLES {
        let n = import.count(table).map_err(write_failed)?;
        if n > 0 {
            held.push(format!("{} {n}", table.name));
        }
    }
    if !held.is_empty() {
        return Err(CopyError::DestinationHoldsWorld {
            place: to.clone(),
            rows: held.join(", "),
        });
    }
    let mut tables: Vec<(&'static str, i64)> = TABLES.iter().map(|t| (t.name, 0)).collect();
    // The callback's failures are the destination's; the export stops on `Stopped` and this
    // keeps why.
    let mut refused: Option<StorageError> = None;
    let exported = source.export_world(&mut |table, rows| {
        if let Err(e) = import.insert(table, &rows) {
            refused = Some(e);
            return Err(StorageError::Stopped);
        }
        if let Some(t) = tables.iter_mut().find(|(name, _)| *name == table.name) {
            t.1 += rows.len() as i64;
        }
        Ok(())
    });
    if let Some(e) = refused {
        return Err(write_failed(e));
    }
    exported.map_err(|source| CopyError::Source {
        place: from.clone(),
        source,
    })?;
    for (table, &(_, copied)) in TABLES.iter().zip(&tables) {
        let found = import.count(table).map_err(write_failed)?;
        if found != copied {
            return Err(CopyError::Mismatch {
                place: to.clone(),
                table: table.name,
                copied,
                found,
            });
        }
    }
    import.commit().map_err(write_failed)?;
    let problems = destination.check().map_err(write_failed)?;
    Ok(Copied { tables, problems })
}

/// Every row of every table of a database, in [`TABLES`]' order, for comparing two worlds.
pub fn world_rows(storage: &Storage) -> Result<Vec<(&'static str, Vec<Row>)>, StorageError> {
    let mut all: Vec<(&'static str, Vec<Row>)> = TABLES.iter().map(|t| (t.name, vec![])).collect();
    storage.export_world(&mut |table, rows| {
        if let Some(t) = all.iter_mut().find(|(name, _)| *name == table.name) {
            t.1.extend(rows);
        }
        Ok(())
    })?;
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_read_or_refused_saying_what_and_why() {
        assert_eq!(
            Place::parse("sqlite:/nowhere/w.sqlite3").expect("sqlite"),
            Place::Sqlite("/nowhere/w.sqlite3".into())
        );
        let dir = tempfile::tempdir().expect("dir");
        assert_eq!(
            Place::parse(&format!("sqlite:{}", dir.path().display())).expect("folder"),
            Place::Sqlite(dir.path().join(sqlite::FILE_NAME)),
            "a data folder means its database file"
        );
        let url = "postgres://u:secret@127.0.0.1:5432/w";
        assert_eq!(Place::parse(url).expect("url"), Place::Postgres(url.into()));
        assert_eq!(
            Place::parse(url).expect("url").to_string(),
            "postgres://u:***@127.0.0.1:5432/w"
        );
        for (given, said) in [
            ("sqlite:", "needs the path"),
            ("/var/lib/x", "`sqlite:PATH`"),
            ("mysql://h/db", "`sqlite:PATH`"),
            ("postgres://u:secret@h:notaport/db", "not a PostgreSQL URL"),
        ] {
            let e = Place::parse(given).expect_err(given).to_string();
            assert!(e.contains(said), "{given}: {e}");
            assert!(!e.contains("secret"), "the password is hidden: {e}");
        }
    }
}
