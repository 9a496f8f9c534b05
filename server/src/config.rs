//! The server's configuration: defaults, then a TOML file, then the environment, then flags —
//! each later source overriding the earlier. Every key of [`Config`] can be set in all three:
//! the file's key `rate_limit` is the variable `LOCKWRIGHT_RATE_LIMIT` and the flag
//! `--rate-limit`. Values are read once, then checked together by [`ServeArgs::resolve`].

use crate::storage::{Database, Durability};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

mod flags;
mod values;

pub use flags::ServeArgs;
pub use values::{LogFormat, Network, Period};

/// Everything the server can be told.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The data folder; with SQLite, the database is one file in it. It also holds the
    /// instance's lock file and admin token.
    pub data: PathBuf,
    /// Where the world is kept: `sqlite` (the default: a file in the data folder) or a
    /// PostgreSQL server's `postgres://user@host:port/dbname` URL.
    pub database: Database,
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The largest lock size accepted (Intricacy's "tight size constraints").
    pub max_lock_size: i32,
    /// The largest request body, in bytes. A lock file is a few KiB; 64 KiB leaves room.
    pub body_limit: usize,
    /// Requests per second each client address may make on average; 0 turns limiting off.
    pub rate_limit: f64,
    /// How many requests a client may make at once before the average applies.
    pub rate_burst: f64,
    /// How hard a commit waits for the disk.
    pub durability: Durability,
    /// Memory cost of password hashing, in KiB.
    pub password_memory_kib: u32,
    /// Password checks run at once (each holds `password_memory_kib`); 0: one per core.
    pub password_workers: usize,
    /// Password checks that may wait for a worker; beyond them, logins and registrations are
    /// refused with 429 at once.
    pub password_queue: usize,
    /// Failed logins a codename (or, four times as many, an address) may make before each
    /// further attempt must wait, longer after each failure; 0 turns the throttle off.
    pub login_free_failures: u32,
    /// How long a connection may take to send a request's headers, counted from when it
    /// opened or its previous response ended; then it is closed.
    pub header_timeout: Period,
    /// How long a connection may go without a byte moving either way; then it is closed.
    /// Event streams send a comment at least twice as often, so followers stay connected.
    pub idle_timeout: Period,
    /// How long a request may take, body included, before it is answered `408 timeout`
    /// (event streams excepted).
    pub request_timeout: Period,
    /// How long a login token lasts unused; each use starts it again.
    pub token_ttl: Period,
    /// Login tokens a player may hold at once; logging in beyond drops the least recently
    /// used.
    pub tokens_per_player: usize,
    /// How logs are written to standard error: `text` or `json` (one object per line).
    pub log_format: LogFormat,
    /// How many times faster than real time Death Match clocks run: 1 for play; more to
    /// practise or test a whole match quickly (every clock scales alike).
    pub match_speed: f64,
    /// The most lines a published lock's text may have; a longer text is refused before it
    /// is read.
    pub max_lock_lines: usize,
    /// Locks and solutions checked at once (reading a lock, replaying a solution); 0: one
    /// per core.
    pub check_workers: usize,
    /// Checks that may wait for a worker; beyond them, publishes and declarations are
    /// refused with 429 `busy` at once.
    pub check_queue: usize,
    /// Proxies (addresses or networks, e.g. `127.0.0.1` or `10.0.0.0/8`) whose
    /// `X-Forwarded-For` or `Forwarded` header names the client; from any other peer those
    /// headers are ignored and the peer is the client.
    pub trusted_proxies: Vec<Network>,
    /// Connections one client address may hold open at once (trusted proxies excepted).
    pub connections_per_address: usize,
    /// Event streams one player may hold open at once.
    pub streams_per_player: usize,
    /// Event streams one client address may hold open at once.
    pub streams_per_address: usize,
    /// Locks one player may publish in an hour.
    pub publishes_per_hour: u32,
    /// Death Match challenges one player may have waiting for an answer.
    pub open_challenges_per_player: usize,
    /// Pieces one round of a challenge's round file may offer.
    pub pieces_per_round: usize,
    /// Where `/metrics` is served: unset, on the API's own address; set, only on this one
    /// (e.g. `127.0.0.1:9100`, for a scraper on the same machine or network).
    pub metrics_bind: Option<SocketAddr>,
    /// Where the other servers on the same PostgreSQL database reach this one (e.g.
    /// `http://10.0.0.5:27001`), for the Death Match requests they pass to it while it hosts
    /// the matches; unset: `http://` and the address it listens on (127.0.0.1 when it listens
    /// on every address).
    pub instance_url: Option<String>,
    /// How often the running server backs its database up; unset: never (back up with
    /// `lockwright-server backup` instead).
    pub backup_every: Option<Period>,
    /// How many scheduled backups are kept: the oldest beyond are deleted.
    pub backup_keep: usize,
    /// Where scheduled backups go; unset: `backups` in the data folder.
    pub backup_folder: Option<PathBuf>,
    /// The SMTP server mail is sent through (`smtp://localhost:25`,
    /// `smtp://user:password@mail.example.org:587?tls=required`, `smtps://…:465`); unset,
    /// the server sends no mail and players cannot give an address.
    pub smtp_url: Option<String>,
    /// The sender of the server's mail.
    pub mail_from: String,
    /// How long a mail that could not be sent waits before it is tried again; doubled after
    /// each failure, up to six hours, twelve tries in all.
    pub mail_retry: Period,
}

/// The largest request body a server may be set to take: far above any lock, far below memory.
const MAX_BODY_LIMIT: usize = 16 << 20;

/// The most memory one password check may be set to hold, in KiB: 1 GiB (the default is 19 MiB).
const MAX_PASSWORD_MEMORY_KIB: u32 = 1 << 20;

impl Default for Config {
    fn default() -> Config {
        Config {
            data: PathBuf::from("lockwright-data"),
            database: Database::Sqlite,
            bind: crate::default_bind(),
            max_lock_size: 8,
            body_limit: 64 * 1024,
            rate_limit: 50.0,
            rate_burst: 200.0,
            durability: Durability::Normal,
            password_memory_kib: 19 * 1024,
            password_workers: 0,
            password_queue: 32,
            login_free_failures: 5,
            header_timeout: Period::secs(10),
            idle_timeout: Period::secs(60),
            request_timeout: Period::secs(30),
            token_ttl: Period::secs(30 * 24 * 3600),
            tokens_per_player: 10,
            log_format: LogFormat::Text,
            match_speed: 1.0,
            max_lock_lines: crate::verify::DEFAULT_MAX_LOCK_LINES,
            check_workers: 0,
            check_queue: 64,
            trusted_proxies: Vec::new(),
            connections_per_address: 64,
            streams_per_player: 8,
            streams_per_address: 32,
            publishes_per_hour: 60,
            open_challenges_per_player: 5,
            pieces_per_round: 60,
            metrics_bind: None,
            instance_url: None,
            backup_every: None,
            backup_keep: 7,
            backup_folder: None,
            smtp_url: None,
            mail_from: "Lockwright <lockwright@localhost>".into(),
            mail_retry: Period::secs(60),
        }
    }
}

impl Config {
    /// Where scheduled backups go.
    pub fn backup_folder(&self) -> PathBuf {
        self.backup_folder
            .clone()
            .unwrap_or_else(|| self.data.join("backups"))
    }

    /// The number of password workers: the configured one, or one per core.
    pub fn password_workers(&self) -> usize {
        match self.password_workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        }
    }
}

/// Why the configuration cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {path}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML for this configuration.
    #[error("{path}: {detail}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// Why, with the line.
        detail: Box<toml::de::Error>,
    },
    /// A value is out of its range.
    #[error("{key}: {why}")]
    Invalid {
        /// The key.
        key: &'static str,
        /// What is wrong.
        why: String,
    },
}

/// The most of a configuration file read: far more than any configuration.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads a regular file of at most [`MAX_CONFIG_BYTES`]: a named pipe or a device is refused
/// at once, never waited on.
fn read_bounded(path: &Path) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(Error::new(ErrorKind::IsADirectory, "it is a folder"));
    }
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "it is not a regular file (a named pipe, a socket or a device)",
        ));
    }
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(Error::new(
            ErrorKind::FileTooLarge,
            format!("it is over the limit of {MAX_CONFIG_BYTES} bytes"),
        ));
    }
    Ok(text)
}

impl Config {
    /// Reads a TOML configuration file over the defaults.
    pub fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = read_bounded(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        toml::from_str(&text).map_err(|e| ConfigError::Toml {
            path: path.to_path_buf(),
            detail: Box::new(e),
        })
    }

    /// Checks the values together; a server never starts with a value it cannot honour.
    pub fn check(&self) -> Result<(), ConfigError> {
        let invalid = |key, why: &str| {
            Err(ConfigError::Invalid {
                key,
                why: why.to_string(),
            })
        };
        if !(1024..=MAX_BODY_LIMIT).contains(&self.body_limit) {
            return invalid(
                "body_limit",
                "from 1024 bytes (a lock file needs room) to 16 MiB (16777216)",
            );
        }
        let sizes =
            engine::hexlock::model::frame::MIN_SIZE..=engine::hexlock::model::frame::MAX_SIZE;
        if !sizes.contains(&self.max_lock_size) {
            return invalid(
                "max_lock_size",
                &format!("a lock size from {} to {}", sizes.start(), sizes.end()),
            );
        }
        if !(8..=MAX_PASSWORD_MEMORY_KIB).contains(&self.password_memory_kib) {
            return invalid(
                "password_memory_kib",
                "from 8 KiB (argon2's minimum) to 1048576 KiB (1 GiB a check)",
            );
        }
        if !(self.rate_limit.is_finite() && self.rate_limit >= 0.0) {
            return invalid(
                "rate_limit",
                "requests a second, 0 or more (0 turns limiting off)",
            );
        }
        if !(self.rate_burst.is_finite() && self.rate_burst >= 0.0) {
            return invalid("rate_burst", "a number of requests, 0 or more");
        }
        if !(self.match_speed.is_finite() && (0.001..=100_000.0).contains(&self.match_speed)) {
            return invalid("match_speed", "a factor from 0.001 to 100000");
        }
        for (key, n) in [
            ("tokens_per_player", self.tokens_per_player),
            ("connections_per_address", self.connections_per_address),
            ("streams_per_player", self.streams_per_player),
            ("streams_per_address", self.streams_per_address),
            ("publishes_per_hour", self.publishes_per_hour as usize),
            ("backup_keep", self.backup_keep),
            (
                "open_challenges_per_player",
                self.open_challenges_per_player,
            ),
            ("pieces_per_round", self.pieces_per_round),
        ] {
            if n == 0 {
                return invalid(key, "at least 1");
            }
        }
        if !(40..=100_000).contains(&self.max_lock_lines) {
            return invalid(
                "max_lock_lines",
                "from 40 lines (a size-11 lock needs 32) to 100000",
            );
        }
        for (key, p) in [
            ("header_timeout", self.header_timeout),
            ("idle_timeout", self.idle_timeout),
            ("request_timeout", self.request_timeout),
            ("token_ttl", self.token_ttl),
            ("mail_retry", self.mail_retry),
        ] {
            if p.get() < std::time::Duration::from_millis(10) {
                return invalid(key, "at least 10ms");
            }
        }
        if let Some(url) = &self.smtp_url
            && let Err(why) = crate::mail::Mailer::new(url, &self.mail_from, self.mail_retry.get())
        {
            return Err(ConfigError::Invalid {
                key: "smtp_url",
                why,
            });
        }
        if self
            .backup_every
            .is_some_and(|p| p.get() < std::time::Duration::from_millis(100))
        {
            return invalid("backup_every", "at least 100ms (a backup takes a moment)");
        }
        if self.backup_every.is_some() && matches!(self.database, Database::Postgres(_)) {
            return invalid(
                "backup_every",
                "unset on PostgreSQL: scheduled backups copy SQLite's file; back PostgreSQL up \
                 with pg_dump or its own tools (docs/operating.md)",
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn the_database_is_sqlite_unless_a_postgres_url_is_named() {
        assert_eq!(Config::default().database, Database::Sqlite);
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(&path, "database = \"postgres://lw@127.0.0.1:5432/world\"\n")
            .expect("write");
        let from_file = ServeArgs {
            config: Some(path.clone()),
            ..ServeArgs::default()
        };
        assert_eq!(
            from_file.resolve().expect("config").database,
            Database::Postgres("postgres://lw@127.0.0.1:5432/world".into())
        );
        let flag = Cli::try_parse_from([
            "x",
            "--config",
            path.to_str().expect("path"),
            "--database",
            "sqlite",
        ])
        .expect("flags");
        assert_eq!(
            flag.serve.resolve().expect("config").database,
            Database::Sqlite
        );
        for wrong in ["mysql://x", "postgres://lw@host:notaport/db"] {
            assert!(
                Cli::try_parse_from(["x", "--database", wrong]).is_err(),
                "{wrong} accepted"
            );
        }
        std::fs::write(
            &path,
            "database = \"postgres://lw:secret@h/w\"\nbackup_every = \"1h\"\n",
        )
        .expect("write");
        let why = from_file
            .resolve()
            .expect_err("backups on PostgreSQL")
            .to_string();
        assert!(why.contains("backup_every"), "{why}");
        assert_eq!(
            Database::parse("postgres://lw:secret@h/w")
                .expect("url")
                .shown(),
            "postgres://lw:***@h/w"
        );
    }

    #[test]
    fn a_file_overrides_defaults_and_flags_override_the_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(
            &path,
            "bind = \"127.0.0.1:4000\"\nmax_lock_size = 6\ndurability = \"full\"\n\
             idle_timeout = \"2m\"\ntoken_ttl = 3600\n",
        )
        .expect("write");
        let args = ServeArgs {
            config: Some(path),
            max_lock_size: Some(7),
            ..ServeArgs::default()
        };
        let c = args.resolve().expect("config");
        assert_eq!(c.bind.port(), 4000);
        assert_eq!(c.max_lock_size, 7);
        assert_eq!(c.durability, Durability::Full);
        assert_eq!(c.idle_timeout, Period::secs(120));
        assert_eq!(c.token_ttl, Period::secs(3600));
    }

    /// Regression: `--rate-limit=-1`, `--max-lock-size=-3` and `--password-memory-kib
    /// 40000000` were taken; each is refused naming its key and the range it takes.
    #[test]
    fn nonsense_values_are_refused_with_their_key_and_range() {
        let refused = |args: ServeArgs, key: &str, range: &str| match args.resolve() {
            Err(ConfigError::Invalid { key: k, why }) => {
                assert_eq!(k, key);
                assert!(why.contains(range), "{why}");
            }
            other => panic!("{key}: {other:?}"),
        };
        refused(
            ServeArgs {
                rate_limit: Some(-1.0),
                ..ServeArgs::default()
            },
            "rate_limit",
            "0 or more",
        );
        refused(
            ServeArgs {
                max_lock_size: Some(-3),
                ..ServeArgs::default()
            },
            "max_lock_size",
            "from 3 to 11",
        );
        refused(
            ServeArgs {
                password_memory_kib: Some(40_000_000),
                ..ServeArgs::default()
            },
            "password_memory_kib",
            "1048576 KiB",
        );
        refused(
            ServeArgs {
                rate_burst: Some(f64::INFINITY),
                ..ServeArgs::default()
            },
            "rate_burst",
            "0 or more",
        );
        refused(
            ServeArgs {
                body_limit: Some(1 << 40),
                ..ServeArgs::default()
            },
            "body_limit",
            "16 MiB",
        );
        let fine = ServeArgs {
            rate_limit: Some(0.0),
            max_lock_size: Some(11),
            password_memory_kib: Some(8),
            ..ServeArgs::default()
        };
        assert!(fine.resolve().is_ok(), "the ends of each range are taken");
    }

    #[test]
    fn every_key_has_a_flag() {
        // The file's keys, from the defaults written out: each must be a flag too.
        let text = toml::to_string(&Config::default()).expect("toml");
        let table: toml::Table = text.parse().expect("table");
        let mut argv = vec!["x".to_string()];
        for (key, value) in &table {
            let value = match value {
                toml::Value::String(s) => s.clone(),
                // A list is one comma-separated flag; an empty one is the default.
                toml::Value::Array(items) if items.is_empty() => continue,
                toml::Value::Array(items) => items
                    .iter()
                    .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(","),
                other => other.to_string(),
            };
            argv.push(format!("--{}", key.replace('_', "-")));
            argv.push(value);
        }
        let cli = Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cli.serve.resolve().expect("config"), Config::default());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let cli = Cli::try_parse_from(["x", "--trusted-proxies", "127.0.0.1, 10.0.0.0/8,::1"])
            .unwrap_or_else(|e| panic!("{e}"));
        let c = cli.serve.resolve().expect("config");
        let nets: Vec<String> = c.trusted_proxies.iter().map(|n| n.to_string()).collect();
        assert_eq!(nets, ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]);
        assert!(c.trusted_proxies[1].contains("10.9.8.7".parse().expect("ip")));
        assert!(
            c.trusted_proxies[0].contains("::ffff:127.0.0.1".parse().expect("ip")),
            "an IPv4 address seen over IPv6 is the same address"
        );
        assert!(!c.trusted_proxies[0].contains("127.0.0.2".parse().expect("ip")));
        let file: Config = toml::from_str("trusted_proxies = [\"192.168.0.0/16\"]").expect("toml");
        assert_eq!(file.trusted_proxies[0].to_string(), "192.168.0.0/16");
        assert!(toml::from_str::<Config>("trusted_proxies = [\"proxy.example\"]").is_err());
    }

    #[test]
    fn periods_read_and_print() {
        for (text, ms) in [
            ("500ms", 500),
            ("10s", 10_000),
            ("1.5", 1500),
            ("5m", 300_000),
        ] {
            let p: Period = text.parse().expect(text);
            assert_eq!(p.get().as_millis(), ms, "{text}");
            assert_eq!(p.to_string().parse::<Period>(), Ok(p));
        }
        assert_eq!(Period::secs(30 * 86400).to_string(), "30d");
        assert!("ten".parse::<Period>().is_err());
        assert!("5y".parse::<Period>().is_err());
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_place() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(&path, "bindd = 1\n").expect("write");
        let err = Config::from_file(&path).expect_err("unknown key");
        assert!(err.to_string().contains("bindd"), "{err}");
    }

    #[test]
    fn values_out_of_range_are_refused() {
        let args = ServeArgs {
            tokens_per_player: Some(0),
            ..ServeArgs::default()
        };
        assert!(matches!(
            args.resolve(),
            Err(ConfigError::Invalid {
                key: "tokens_per_player",
                ..
            })
        ));
    }

    /// Regression: a named pipe given as the configuration was waited on for ever.
    #[cfg(unix)]
    #[test]
    fn a_configuration_that_is_not_a_regular_file_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("dir");
        let fifo = dir.path().join("server.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|m| m.success()), "mkfifo");
        let (done, answered) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let said = match Config::from_file(&fifo) {
                Err(ConfigError::Read { source, .. }) => source.to_string(),
                other => format!("not a read error: {other:?}"),
            };
            let _ = done.send(said);
        });
        let said = answered
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("answered within 10 s");
        assert!(said.contains("not a regular file"), "{said}");
        assert!(matches!(
            Config::from_file(dir.path()),
            Err(ConfigError::Read { .. })
        ));
    }
}
