//! What the load benchmark measures: one server on SQLite, one on PostgreSQL, two on one
//! PostgreSQL database; each started here and seeded through the storage API.

use crate::{Args, Seeded, Starters, pg, seed_storage};
use anyhow::{Result, bail};
use server::config::Config;
use server::server::Running;
use server::storage::{Database, Durability, Storage};

/// A setup measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Setup {
    Sqlite,
    Postgres,
    #[value(name = "postgres-2")]
    PostgresTwo,
}

impl Setup {
    pub fn name(self) -> &'static str {
        match self {
            Setup::Sqlite => "SQLite, one server",
            Setup::Postgres => "PostgreSQL, one server",
            Setup::PostgresTwo => "PostgreSQL, two servers",
        }
    }
}

/// The servers of a setup started here, seeded; their URLs.
pub fn start_setup(
    setup: Setup,
    args: &Args,
    st: &Starters,
    server_rt: &tokio::runtime::Runtime,
    folders: &mut Vec<tempfile::TempDir>,
    running: &mut Vec<Running>,
) -> Result<(Vec<String>, Vec<Seeded>)> {
    let database = match setup {
        Setup::Sqlite => Database::Sqlite,
        Setup::Postgres | Setup::PostgresTwo => {
            if let Some(why) = pg::skip() {
                bail!("PostgreSQL cannot be started here: {why}");
            }
            Database::Postgres(postgres().database())
        }
    };
    let first = tempfile::tempdir()?;
    let db = Storage::open_database(&database, first.path(), Durability::Normal)?;
    let seeded = seed_storage(db, args.players, st)?;
    folders.push(first);
    if setup == Setup::PostgresTwo {
        folders.push(tempfile::tempdir()?);
    }
    let mut urls = Vec::new();
    for dir in folders.iter() {
        let config = Config {
            data: dir.path().to_path_buf(),
            bind: "127.0.0.1:0".parse()?,
            database: database.clone(),
            // Every request comes from one address: the per-client limits are off.
            rate_limit: 0.0,
            connections_per_address: 1_000_000,
            streams_per_player: 1_000_000,
            streams_per_address: 1_000_000,
            publishes_per_hour: u32::MAX,
            ..Config::default()
        };
        let r = server_rt.block_on(Running::start(config))?;
        urls.push(r.url());
        running.push(r);
    }
    Ok((urls, seeded))
}

/// The PostgreSQL cluster the setups share, started on first use with its default settings
/// (its commits are flushed to disk, as a deployment's are).
fn postgres() -> &'static pg::Cluster {
    static CLUSTER: std::sync::OnceLock<pg::Cluster> = std::sync::OnceLock::new();
    CLUSTER.get_or_init(|| pg::Cluster::start_with(""))
}
