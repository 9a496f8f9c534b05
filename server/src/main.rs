//! `lockwright-server`: the metagame server. Flags, environment and a TOML file configure it
//! (see `--help`); it logs with `tracing` (set `RUST_LOG`, `--log-format`), and stops
//! gracefully on SIGINT or SIGTERM. `migrate`, `backup`, `restore`, `check`, `copy`, `admin` and `config` help
//! its operator.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use server::config::ServeArgs;
use server::storage::{Database, Storage};
use std::path::PathBuf;
use std::process::ExitCode;

/// The Lockwright metagame server. With no command, serves.
#[derive(Parser, Debug)]
#[command(
    name = "lockwright-server",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve (what the server does with no command).
    Serve(ServeArgs),
    /// Copy the database to FILE with SQLite's online backup: consistent, and safe while the
    /// server runs. Restore by stopping the server and putting FILE in the data folder as
    /// lockwright.sqlite3.
    Backup {
        /// Where to write the copy.
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Put a backup back as the database of the data folder: only while no server runs there,
    /// only a backup that checks out; the database it replaces is kept beside it as
    /// lockwright.sqlite3.before-restore-STAMP.
    Restore {
        /// The backup (a scheduled one, or one `backup` wrote).
        file: PathBuf,
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Check the database (SQLite's integrity check and foreign keys): exit 0 when it is
    /// consistent, 1 listing the problems, 2 when it cannot be read.
    Check {
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Act on a player of the server running on the data folder, with the admin token it
    /// wrote there: `ban`, `unban`, `revoke-tokens` (log them out everywhere),
    /// `retire-locks` (empty their slots), `purge-locks` (retire them and delete for good
    /// their retired locks no note names), `cancel-challenges` (their open Death Match
    /// challenges), `leave-metagame` (a player who never played becomes an account that
    /// plays Death Matches only). Each is written to the server's log.
    Admin {
        /// What to do.
        #[arg(value_parser = ["ban", "unban", "revoke-tokens", "retire-locks", "purge-locks", "cancel-challenges", "leave-metagame"])]
        action: String,
        /// The player's codename.
        codename: String,
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Bring the database (SQLite in the data folder, or PostgreSQL with --database) to the
    /// schema this server writes, as serving does at start, and stop: exit 0 when it is there,
    /// 2 when it cannot be (a newer schema is refused, never touched).
    Migrate {
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Copy a whole world — every player, password hash, token, lock (retired ones too),
    /// note, Death Match and its log, mail address and queued mail, ids kept — from one
    /// database into an empty one: `sqlite:PATH` (the file, or a data folder) or a
    /// postgres:// URL on either side. In one transaction on the destination: a copy that
    /// fails leaves nothing. Refuses a destination that holds a world, and a source at another
    /// schema version than this server's. Stop the servers on both first: a running source
    /// is copied as of one moment, and later changes stay behind. Exit 0 and the rows copied
    /// per table; 1 when the copy's check finds problems; 2 when nothing was copied.
    Copy {
        /// The database to copy: `sqlite:PATH` or `postgres://…`.
        #[arg(long, value_name = "DATABASE")]
        from: String,
        /// The empty database to copy it into: `sqlite:PATH` or `postgres://…`.
        #[arg(long, value_name = "DATABASE")]
        to: String,
    },
    /// Print the configuration the server would run with (defaults, file, environment and
    /// flags merged), as TOML.
    Config {
        #[command(flatten)]
        serve: ServeArgs,
    },
}

fn main() -> ExitCode {
    server::init_logging();
    match run(Args::parse()) {
        Ok(code) => code,
        Err(e) => {
            // Each error in the chain once: "cannot listen on ADDR: Address already in use".
            eprintln!("lockwright-server: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        None => serve(&args.serve),
        Some(Command::Serve(serve_args)) => serve(&serve_args),
        Some(Command::Backup { file, force, serve }) => {
            let config = serve.resolve()?;
            sqlite_only(&config, "backup")?;
            if file.exists() && !force {
                bail!("{} exists; give --force to replace it", file.display());
            }
            let storage = open_existing(&config.data)?;
            storage
                .backup_to(&file)
                .with_context(|| format!("cannot back up to {}", file.display()))?;
            let (players, locks, notes) = Storage::open_existing(&file)
                .and_then(|s| s.counts())
                .unwrap_or((0, 0, 0));
            println!(
                "Backed up {} to {}: {players} players, {locks} locks, {notes} notes.",
                config.data.display(),
                file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Restore { file, serve }) => {
            let config = serve.resolve()?;
            sqlite_only(&config, "restore")?;
            let before = server::backups::restore(&file, &config.data)
                .with_context(|| format!("cannot restore {}", file.display()))?;
            println!(
                "Restored {} into {}.{}",
                file.display(),
                config.data.display(),
                before
                    .map(|b| format!(" The database it replaced is kept as {}.", b.display()))
                    .unwrap_or_default()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Check { serve }) => {
            let config = serve.resolve()?;
            let (storage, place) = match &config.database {
                Database::Sqlite => (
                    open_existing(&config.data)?,
                    config.data.display().to_string(),
                ),
                Database::Postgres(url) => (
                    Storage::connect_existing(url)
                        .with_context(|| format!("cannot open {}", config.database.shown()))?,
                    config.database.shown(),
                ),
            };
            let problems = storage.check().context("cannot check the database")?;
            let version = storage.schema_version().unwrap_or(-1);
            if problems.is_empty() {
                let (players, locks, notes) = storage.counts().unwrap_or((0, 0, 0));
                println!(
                    "{place}: consistent (schema {version}; {players} players, {locks} locks, {notes} notes)."
                );
                Ok(ExitCode::SUCCESS)
            } else {
                println!("{place}: {} problems:", problems.len());
                for p in &problems {
                    println!("  {p}");
                }
                Ok(ExitCode::from(1))
            }
        }
        Some(Command::Admin {
            action,
            codename,
            serve,
        }) => {
            let config = serve.resolve()?;
            let addr = server::instance::address_of(&config.data).with_context(|| {
                format!(
                    "no server is running on {} (it says where it listens in {})",
                    config.data.display(),
                    server::instance::LOCK_FILE
                )
            })?;
            let token = server::api::admin::read_admin_token(&config.data).with_context(|| {
                format!("cannot read the admin token in {}", config.data.display())
            })?;
            let runtime = tokio::runtime::Runtime::new().context("cannot start the runtime")?;
            let client = server::client::Client::new(&format!("http://{addr}")).with_token(token);
            let done = runtime
                .block_on(client.admin(&codename, &action))
                .with_context(|| format!("cannot {action} {codename} on {addr}"))?;
            println!("{}: {}", done.codename, done.result);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Migrate { serve }) => {
            let config = serve.resolve()?;
            let storage = Storage::open_database(&config.database, &config.data, config.durability)
                .with_context(|| format!("cannot migrate {}", place(&config)))?;
            let version = storage
                .schema_version()
                .context("cannot read the schema version")?;
            println!(
                "{}: {} database at schema version {version}.",
                place(&config),
                storage.kind()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Copy { from, to }) => {
            use server::storage::copy::{Place, copy};
            let (from, to) = (Place::parse(&from)?, Place::parse(&to)?);
            let copied = copy(&from, &to)?;
            println!("Copied {from} to {to}: {copied}.");
            if copied.problems.is_empty() {
                println!("{to}: consistent.");
                Ok(ExitCode::SUCCESS)
            } else {
                println!("{to}: {} problems:", copied.problems.len());
                for p in &copied.problems {
                    println!("  {p}");
                }
                Ok(ExitCode::from(1))
            }
        }
        Some(Command::Config { serve }) => {
            let config = serve.resolve()?;
            print!("{}", toml::to_string(&config)?);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Where the database is, for messages: the data folder, or the URL without its password.
fn place(config: &server::config::Config) -> String {
    match &config.database {
        Database::Sqlite => config.data.display().to_string(),
        Database::Postgres(_) => config.database.shown(),
    }
}

/// Refuses a command that works on SQLite's file when the database is PostgreSQL.
fn sqlite_only(config: &server::config::Config, command: &str) -> Result<()> {
    if let Database::Postgres(_) = config.database {
        bail!(
            "`{command}` copies SQLite's file; the database is PostgreSQL ({}): use pg_dump and \
             pg_restore (docs/operating.md)",
            config.database.shown()
        );
    }
    Ok(())
}

fn open_existing(data: &std::path::Path) -> Result<Storage> {
    let file = data.join(server::storage::FILE_NAME);
    if !file.exists() {
        bail!("there is no database at {}", file.display());
    }
    Storage::open_existing(&file).with_context(|| format!("cannot open {}", file.display()))
}

fn serve(args: &ServeArgs) -> Result<ExitCode> {
    let config = args.resolve()?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the runtime")?;
    runtime.block_on(server::server::run(config))?;
    Ok(ExitCode::SUCCESS)
}
